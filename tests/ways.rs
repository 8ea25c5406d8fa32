//! The API's answers for every way to play (`attributes`, `check(ids,
//! mode)`, `sets(ids, mode)`), in headless Chromium (wasm-bindgen-test),
//! held to plain references written here from the rules' words: a card's
//! values are its id's digits in the way's base, and each claim rule is
//! stated value by value. Run with `cargo test --target
//! wasm32-unknown-unknown --test ways`; natively this file compiles to nothing.

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Uint8Array};
use set_api::{attributes, check, sets};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Each way's name, its base, its traits (how many), its cards' ids.
struct Way {
    mode: &'static str,
    base: u32,
    traits: usize,
    ids: Vec<u32>,
}

fn ways() -> Vec<Way> {
    let classic: Vec<u32> = (0..81).collect();
    let junior: Vec<u32> = (0..81).filter(|id| id / 3 % 3 == 2).collect();
    let mut all = Vec::new();
    for mode in
        ["classic", "chain", "ultra", "ultrachain", "ultra9", "ghost", "puzzle", "ultra9puzzle", "shuffle", "memory"]
    {
        all.push(Way { mode, base: 3, traits: 4, ids: classic.clone() });
    }
    all.push(Way { mode: "junior", base: 3, traits: 3, ids: junior });
    all.push(Way { mode: "mega", base: 3, traits: 5, ids: (0..243).collect() });
    all.push(Way { mode: "4set", base: 4, traits: 4, ids: (0..256).collect() });
    for mode in ["4setjr", "4setjrchain", "4setjrpuzzle"] {
        all.push(Way { mode, base: 4, traits: 3, ids: (0..64).collect() });
    }
    all
}

/// A card's values by the words: its id's digits in the way's base, most
/// significant first; Junior's fill (always solid) left out.
fn values(way: &Way, id: u32) -> Vec<u32> {
    if way.mode == "junior" {
        return vec![id / 27, id / 9 % 3, id % 3];
    }
    (0..way.traits).rev().map(|place| id / way.base.pow(place as u32) % way.base).collect()
}

fn numbers(value: &JsValue) -> Vec<u32> {
    Array::from(value).iter().map(|v| v.as_f64().unwrap() as u32).collect()
}

fn message(err: impl Into<JsValue>) -> String {
    js_sys::Error::from(err.into()).message().into()
}

fn ids(list: &[u32]) -> JsValue {
    list.iter().map(|&id| JsValue::from(id)).collect::<Array>().into()
}

fn check_ids(list: &[u32], mode: &str) -> Result<bool, String> {
    check(ids(list), mode.into(), JsValue::UNDEFINED, JsValue::UNDEFINED, JsValue::UNDEFINED).map_err(message)
}

/// The claim rule of a way, in its words, on the cards' values.
fn plain_claim(way: &Way, hand: &[u32]) -> bool {
    let v: Vec<Vec<u32>> = hand.iter().map(|&id| values(way, id)).collect();
    let per_trait = |keep: &dyn Fn(&[u32]) -> bool| {
        (0..v[0].len()).all(|t| keep(&v.iter().map(|card| card[t]).collect::<Vec<u32>>()))
    };
    let same_or_different =
        |x: &[u32]| (x[0] == x[1] && x[1] == x[2]) || (x[0] != x[1] && x[1] != x[2] && x[0] != x[2]);
    let third = |a: &[u32], b: &[u32]| -> Vec<u32> {
        a.iter().zip(b).map(|(&x, &y)| if x == y { x } else { 3 - x - y }).collect()
    };
    match way.mode {
        _ if way.base == 4 => {
            hand.len() == 4
                && per_trait(&|x| {
                    let mut counts = [0; 4];
                    for &value in x {
                        counts[value as usize] += 1;
                    }
                    let mut kinds: Vec<u32> = counts.into_iter().filter(|&n| n > 0).collect();
                    kinds.sort_unstable();
                    matches!(kinds[..], [4] | [1, 1, 1, 1] | [2, 2])
                })
        }
        "ultra" | "ultrachain" | "ultra9" | "ultra9puzzle" => {
            hand.len() == 4
                && [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2]]
                    .iter()
                    .any(|&[a, b, c, d]| third(&v[a], &v[b]) == third(&v[c], &v[d]))
        }
        "ghost" => hand.len() == 6 && per_trait(&|x| x.iter().sum::<u32>() % 3 == 0),
        _ => hand.len() == 3 && per_trait(&|x| same_or_different(x)),
    }
}

#[wasm_bindgen_test]
fn attributes_are_the_ids_digits_in_each_ways_base_and_other_ids_throw() {
    for way in ways() {
        for &id in &way.ids {
            assert_eq!(
                numbers(&attributes(id.into(), way.mode.into()).unwrap().into()),
                values(&way, id),
                "{}",
                way.mode
            );
        }
        let past = *way.ids.last().unwrap() + 1;
        let text = message(attributes(past.into(), way.mode.into()).unwrap_err());
        assert!(text.contains(&format!("card id {past}")), "{}: {text}", way.mode);
    }
    assert_eq!(numbers(&attributes(34.into(), JsValue::UNDEFINED).unwrap().into()), vec![1, 0, 2, 1]);
    assert!(message(attributes(0.into(), "junior".into()).unwrap_err()).contains("27 solid cards"));
    assert!(message(attributes(0.into(), "speed".into()).unwrap_err()).contains("mode \"speed\" is not one of"));
}

#[wasm_bindgen_test]
fn check_with_a_mode_is_that_ways_claim_rule() {
    let mut seed = 7u32;
    for way in ways() {
        let size = match way.mode {
            "ghost" => 6,
            _ if way.base == 4 || way.mode.starts_with("ultra") => 4,
            _ => 3,
        };
        let (mut claims, mut tried) = (0, 0);
        for _ in 0..400 {
            let mut hand: Vec<u32> = Vec::new();
            while hand.len() < size {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                let id = way.ids[(seed >> 8) as usize % way.ids.len()];
                if !hand.contains(&id) {
                    hand.push(id);
                }
            }
            let answer = check_ids(&hand, way.mode).unwrap();
            assert_eq!(answer, plain_claim(&way, &hand), "{} {hand:?}", way.mode);
            claims += usize::from(answer);
            tried += 1;
        }
        assert_eq!(tried, 400);
        // Random hands of 3 or 4 hold claims now and then; so do ones made to be claims.
        assert!(claims > 0 || way.mode == "mega" || way.mode == "ghost", "{}", way.mode);
        assert!(!check_ids(&way.ids[..size - 1], way.mode).unwrap(), "{}: too few cards are no claim", way.mode);
    }
    assert!(check_ids(&[0, 1, 2, 3], "4set").unwrap(), "0, 1, 2, 3 XOR to 0");
    assert!(check_ids(&[43, 77, 26, 54, 22, 45], "ghost").unwrap());
    assert!(!check_ids(&[43, 77, 26, 54, 22, 46], "ghost").unwrap());
    assert!(check_ids(&[0, 40 * 3 + 1, 80 * 3 + 2], "mega").unwrap());
    assert!(check_ids(&[1, 1, 2], "classic").unwrap_err().contains("card id 1 is repeated"));
    assert!(check_ids(&[0, 1, 243], "mega").unwrap_err().contains("card id 243 is out of range 0..=242"));
    assert!(check_ids(&[0, 1, 2], "chess").unwrap_err().contains("mode \"chess\" is not one of"));
}

#[wasm_bindgen_test]
fn sets_with_a_mode_lists_every_claim_once_as_a_plain_loop_finds_them() {
    for way in ways() {
        let size = match way.mode {
            "ghost" => 6,
            _ if way.base == 4 || way.mode.starts_with("ultra") => 4,
            _ => 3,
        };
        // A scrambled table of 14 cards of the deck.
        let table: Vec<u32> = (0..14u32).map(|i| way.ids[((i * 37 + 11) as usize) % way.ids.len()]).collect();
        let mut table = table;
        table.dedup();
        let found: Vec<Vec<u32>> =
            Array::from(&sets(ids(&table), way.mode.into()).unwrap()).iter().map(|c| numbers(&c)).collect();
        let mut expected = Vec::new();
        let n = table.len();
        let mut hand: Vec<usize> = (0..size).collect();
        loop {
            let cards: Vec<u32> = hand.iter().map(|&i| table[i]).collect();
            if plain_claim(&way, &cards) {
                expected.push(hand.iter().map(|&i| i as u32).collect::<Vec<u32>>());
            }
            let Some(i) = (0..size).rev().find(|&i| hand[i] < n - size + i) else { break };
            hand[i] += 1;
            for j in i + 1..size {
                hand[j] = hand[j - 1] + 1;
            }
        }
        assert_eq!(found, expected, "{}: {table:?}", way.mode);
        // The same from a Uint8Array.
        let bytes: Vec<u8> = table.iter().map(|&id| id as u8).collect();
        let typed = sets(Uint8Array::from(&bytes[..]).into(), way.mode.into()).unwrap();
        assert_eq!(Array::from(&typed).length() as usize, found.len(), "{}", way.mode);
        assert!(typed.dyn_ref::<Uint8Array>().is_none(), "claims of a mode are arrays of indices");
    }
    let four_junior: Vec<u32> = (0..64).collect();
    assert_eq!(Array::from(&sets(ids(&four_junior), "4setjr".into()).unwrap()).length(), 64 * 63 * 62 / 24);
    let many: Vec<u32> = (0..33).collect();
    let text = message(sets(ids(&many), "ghost".into()).unwrap_err());
    assert!(text.contains("at most 32 cards, not 33"), "{text}");
    assert!(message(sets(ids(&[0, 0]), "4set".into()).unwrap_err()).contains("repeated"));
}
