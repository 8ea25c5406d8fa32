//! Every way to take `k` of `n` things: the one walk over hands that the
//! chain ways' link search and the rules' exhaustive tests share. (The
//! GhostSet finder walks its own: it carries running sums down the walk and
//! cuts a branch early, which a plain walk cannot.)

/// Calls `visit` with every `k` of the indices `0..n`, each ascending, in
/// lexicographic order; nothing when `k > n`, one empty hand when `k == 0`.
pub fn each_hand(n: usize, k: usize, visit: &mut impl FnMut(&[usize])) {
    fn walk(n: usize, k: usize, from: usize, hand: &mut Vec<usize>, visit: &mut impl FnMut(&[usize])) {
        if hand.len() == k {
            return visit(hand);
        }
        // Leave room for the cards still to take (k <= n, so no underflow).
        let remaining = k - hand.len();
        for i in from..=n - remaining {
            hand.push(i);
            walk(n, k, i + 1, hand, visit);
            hand.pop();
        }
    }
    if k <= n {
        walk(n, k, 0, &mut Vec::with_capacity(k), visit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(n: usize, k: usize) -> Vec<Vec<usize>> {
        let mut hands = Vec::new();
        each_hand(n, k, &mut |hand| hands.push(hand.to_vec()));
        hands
    }

    #[test]
    fn every_hand_once_ascending_in_lexicographic_order() {
        assert_eq!(all(4, 2), [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
        assert_eq!(all(3, 3), [[0, 1, 2]]);
        assert_eq!(all(2, 3), Vec::<Vec<usize>>::new());
        assert_eq!(all(5, 0), [Vec::<usize>::new()]);
        // n choose k, by the plain formula, for every small n and k.
        for n in 0..9 {
            for k in 0..=n {
                let choose = (0..k).fold(1usize, |c, i| c * (n - i) / (i + 1));
                let hands = all(n, k);
                assert_eq!(hands.len(), choose, "{n} choose {k}");
                assert!(hands.windows(2).all(|w| w[0] < w[1]), "in order, each once");
                assert!(hands.iter().all(|h| h.windows(2).all(|p| p[0] < p[1]) && h.iter().all(|&i| i < n)));
            }
        }
    }
}
