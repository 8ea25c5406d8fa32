//! The end screen's order of a game's players, and its title: one rule for
//! race.html and the online room page alike.
//!
//! Best first: the higher score, then the fewer wrong claims, then the
//! earlier seat. Everyone with the best score shares the win: one is
//! "Ann wins" (the player alone against bots, named "You": "You win"),
//! more are "A tie: Ann and Ben" ("A tie: Ann, Ben and Cy").

use crate::players::seats::SOLO_NAME;
use crate::sort::sort_by_key;
use std::cmp::Reverse;

/// What a player is ranked by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Higher is better: sets, less what penalties cost where they cost.
    pub score: i64,
    /// Wrong claims (and time-outs): fewer is better at an equal score.
    pub wrong: u32,
}

/// The players' indices, best first.
pub fn order(tallies: &[Tally]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..tallies.len()).collect();
    sort_by_key(&mut order, |&seat| (Reverse(tallies[seat].score), tallies[seat].wrong));
    order
}

/// The end screen's title for players ranked by [`order`]; `names` by seat.
pub fn title<S: AsRef<str>>(tallies: &[Tally], order: &[usize], names: &[S]) -> String {
    let Some(&first) = order.first() else {
        return "Game over".to_owned();
    };
    let best = tallies[first].score;
    let winners: Vec<&str> =
        order.iter().filter(|&&seat| tallies[seat].score == best).map(|&seat| names[seat].as_ref()).collect();
    match winners[..] {
        [one] if one == SOLO_NAME => format!("{one} win"),
        [one] => format!("{one} wins"),
        _ => format!("A tie: {}", and_list(&winners)),
    }
}

/// "Ann", "Ann and Ben", "Ann, Ben and Cy".
pub fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn results(scores: &[(i64, u32)]) -> Vec<Tally> {
        scores.iter().map(|&(score, wrong)| Tally { score, wrong }).collect()
    }

    #[test]
    fn best_score_first_then_fewer_wrong_then_the_earlier_seat() {
        let all = results(&[(3, 2), (5, 4), (3, 0), (5, 4), (-1, 0)]);
        assert_eq!(order(&all), [1, 3, 2, 0, 4]);
        assert_eq!(order(&[]), Vec::<usize>::new());
    }

    #[test]
    fn the_title_names_the_winner_or_every_tied_player() {
        let names = ["Ann", "Ben", "Cy", "Di"];
        let one = results(&[(2, 0), (4, 9), (1, 0), (0, 0)]);
        assert_eq!(title(&one, &order(&one), &names), "Ben wins");
        // A tie counts scores only: fewer wrong claims orders, it does not win.
        let two = results(&[(4, 0), (4, 3), (1, 0), (0, 0)]);
        assert_eq!(title(&two, &order(&two), &names), "A tie: Ann and Ben");
        let three = results(&[(2, 0), (2, 0), (2, 0), (0, 0)]);
        assert_eq!(title(&three, &order(&three), &names), "A tie: Ann, Ben and Cy");
        assert_eq!(title::<&str>(&[], &[], &[]), "Game over");
        // The person playing alone against bots is "You", and the verb agrees.
        let against_bots = ["You", "Easy bot"];
        let won = results(&[(5, 0), (3, 0)]);
        assert_eq!(title(&won, &order(&won), &against_bots), "You win");
        let lost = results(&[(3, 0), (5, 0)]);
        assert_eq!(title(&lost, &order(&lost), &against_bots), "Easy bot wins");
    }
}
