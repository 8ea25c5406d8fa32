use super::*;

fn cards(ids: &[u8]) -> Vec<Card> {
    ids.iter().map(|&id| Card::new(i64::from(id)).unwrap()).collect()
}

#[test]
fn audit_passes_real_games_and_catches_broken_ones() {
    let game = Game::classic(9);
    assert_eq!(game.audit(), Ok(()));

    let mut twice = game.clone();
    twice.table[0] = twice.table[1];
    assert_eq!(twice.audit(), Err(AuditError::CardInTwoPlaces(twice.table[1].id())));

    let mut lost = game.clone();
    lost.table.truncate(9);
    assert_eq!(lost.audit(), Err(AuditError::CardCount(78)));

    let mut not_a_set = game.clone();
    let t = not_a_set.table.clone();
    let n = t.len();
    let triple = (0..n)
        .flat_map(|a| (a + 1..n).flat_map(move |b| (b + 1..n).map(move |c| [a, b, c])))
        .find(|&[a, b, c]| !is_set(t[a], t[b], t[c]))
        .unwrap();
    not_a_set.found.push(claim_of(&triple.map(|s| t[s])));
    for slot in triple {
        not_a_set.table[slot] = not_a_set.draw().unwrap();
    }
    assert_eq!(not_a_set.audit(), Err(AuditError::FoundNotValid(triple.map(|s| t[s].id()).to_vec())));

    let mut crowded = game.clone();
    for _ in 0..12 {
        let card = crowded.draw().unwrap();
        crowded.table.push(card);
    }
    assert_eq!(crowded.audit(), Err(AuditError::TableSize(24)));

    // The last three cards dealt go back to the deck: 9 cards out.
    assert_eq!(game.table.len(), 12);
    let mut short = game.clone();
    short.table.truncate(9);
    short.dealt -= 3;
    assert_eq!(short.audit(), Err(AuditError::TableNeedsCards(9)));

    let mut foreign = Game::new(Variant::Junior, 9);
    foreign.table[0] = Card::new(0).unwrap();
    assert_eq!(foreign.audit(), Err(AuditError::NotInDeck(0)));
}

#[test]
fn claims_of_cards_not_in_play_repeated_or_of_the_wrong_size_are_refused_and_change_nothing() {
    let mut game = Game::classic(5);
    let t = game.table().to_vec();
    let off_table = *game.deck().first().unwrap();
    let before = game.clone();
    let cases = [
        (claim_of(&[t[0], t[1], off_table]), GameError::NotInPlay { card: off_table }),
        (claim_of(&[t[0], t[1], t[0]]), GameError::RepeatedCard { card: t[0] }),
        (claim_of(&[t[0], t[1], t[2], t[3]]), GameError::ClaimSize { expected: 3, got: 4 }),
    ];
    for (claim, error) in cases {
        assert_eq!(game.claim(claim, 10), Err(error));
        assert_eq!(game, before);
    }
    assert_eq!(game.claim_at(&[0, 1]), Err(GameError::ClaimSize { expected: 3, got: 2 }));
    assert_eq!(game.claim_at(&[0, 1, 1]), Err(GameError::RepeatedSlot { slot: 1 }));
    assert_eq!(game.claim_at(&[0, 1, 40]), Err(GameError::EmptySlot { slot: 40, table_len: t.len() }));
    assert_eq!(Claim::new(&cards(&[1, 2])), None);
}

#[test]
fn moves_keep_their_times_and_replay_rebuilds_the_game() {
    let mut game = Game::classic(77);
    game.hint(1200).unwrap();
    let claim = game.hint_claim().unwrap();
    game.claim(claim, 4500).unwrap();
    let times: Vec<u64> = game.moves().iter().map(|m| m.at_ms).collect();
    assert_eq!(times, vec![1200, 4500]);
    assert_eq!(Game::replay(Variant::Classic, 77, game.moves()), Ok(game));
}

#[test]
fn ultra_claims_are_four_cards_split_into_pairs_needing_the_same_third() {
    // 0001, 0002, 1202, 2101 as digits: ids 1, 2, 47, 64.
    let [a, b, c, d] = [1, 2, 47, 64].map(|id| Card::new(id).unwrap());
    let split = ultra_split([a, b, c, d]).unwrap();
    assert_eq!(split.pairs, [[0, 1], [2, 3]]);
    assert_eq!(split.third, Card::new(0).unwrap());
    assert!(ultra_split([a, b, c, Card::new(65).unwrap()]).is_none());
}
