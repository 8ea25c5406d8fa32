//! Timings inside wasm, in headless Chromium, for `scripts/bench.sh`:
//! - the set finder, the two triple loops and the 81 × 81-table reference
//!   (the last into a reused buffer, beside the finder's own `_into`) on the same seeded tables as
//!   benches/finder.rs, each timed as a loop of calls inside the module, so
//!   the JavaScript boundary is not what is measured;
//! - a full redraw of a 21-card table on a HiDPI (2×) canvas: the draw calls
//!   alone, and again with a one-pixel read-back that forces rasterisation.
//!
//! Each figure is the median of 21 batches after a 200 ms warm-up, a batch being long enough (5 ms
//! or more) for the browser's coarse clock. Results are printed as lines
//! `BENCH {json}`. It also checks that the three finders agree, but it is
//! not part of the test suite (it needs `--release` and time):
//! `cargo test --release --target wasm32-unknown-unknown --test wasm_bench -- --nocapture`

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should
#![cfg(target_arch = "wasm32")]

use set_canvas::{self as render, CardLook};
use set_client::page::layout::Layout;
use set_core::rules::card::Card;
use set_core::rules::finder::reference::{TableFinder, seeded_cards, sets_by_attribute_rule, sets_by_digit_sum};
use set_core::rules::finder::{find_sets, find_sets_into};
use std::hint::black_box;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

wasm_bindgen_test_configure!(run_in_browser);

fn now() -> f64 {
    web_sys::window().unwrap().performance().unwrap().now()
}

/// Median time of one call of `f`, in nanoseconds.
fn median_ns(mut f: impl FnMut()) -> f64 {
    // Warm up for 200 ms, so V8 has tiered the code up to its optimising
    // compiler before anything is measured.
    let warm_until = now() + 200.0;
    while now() < warm_until {
        for _ in 0..100 {
            f();
        }
    }
    // Calibrate: double the batch until it takes at least 5 ms.
    let mut iterations = 1u32;
    loop {
        let start = now();
        for _ in 0..iterations {
            f();
        }
        if now() - start >= 5.0 {
            break;
        }
        iterations *= 2;
    }
    let mut samples: Vec<f64> = (0..21)
        .map(|_| {
            let start = now();
            for _ in 0..iterations {
                f();
            }
            (now() - start) * 1e6 / f64::from(iterations)
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Medians of one call of `a` and of `b`, and the median of their ratio
/// a ÷ b, from batches taken in turn (a, b, a, b, …) so that the machine's
/// drift between one block of batches and the next falls on both alike.
fn interleaved(mut a: impl FnMut(), mut b: impl FnMut()) -> (f64, f64, f64) {
    let iterations = {
        // Warm both up, then size a batch to at least 5 ms for the slower one.
        let warm_until = now() + 300.0;
        while now() < warm_until {
            for _ in 0..100 {
                a();
                b();
            }
        }
        let mut n = 1u32;
        loop {
            let start = now();
            for _ in 0..n {
                a();
                b();
            }
            if now() - start >= 10.0 {
                break n;
            }
            n *= 2;
        }
    };
    let batch = |f: &mut dyn FnMut()| {
        let start = now();
        for _ in 0..iterations {
            f();
        }
        (now() - start) * 1e6 / f64::from(iterations)
    };
    let mut rounds: Vec<(f64, f64)> = (0..31).map(|_| (batch(&mut a), batch(&mut b))).collect();
    let median = |mut xs: Vec<f64>| {
        xs.sort_by(f64::total_cmp);
        xs[xs.len() / 2]
    };
    let ratio = median(rounds.iter().map(|(x, y)| x / y).collect());
    rounds.sort_by(|x, y| x.0.total_cmp(&y.0));
    let a_median = rounds[rounds.len() / 2].0;
    (a_median, median(rounds.iter().map(|r| r.1).collect()), ratio)
}

fn report(what: &str, method: &str, cards: usize, ns: f64) {
    console_log!(
        "BENCH {{\"layer\":\"wasm\",\"what\":\"{what}\",\"method\":\"{method}\",\"cards\":{cards},\"median_ns\":{ns:.1}}}"
    );
}

#[wasm_bindgen_test]
fn finder_inside_wasm() {
    for n in [12, 15, 21, 81] {
        let cards = seeded_cards(2026, n);
        let expected = find_sets(&cards).unwrap();
        assert_eq!(sets_by_attribute_rule(&cards), expected);
        assert_eq!(sets_by_digit_sum(&cards), expected);
        let rule = median_ns(|| drop(black_box(sets_by_attribute_rule(black_box(&cards)))));
        let sums = median_ns(|| drop(black_box(sets_by_digit_sum(black_box(&cards)))));
        let finder = median_ns(|| drop(black_box(find_sets(black_box(&cards)))));
        report("sets", "attribute_rule_triple_loop", n, rule);
        report("sets", "digit_sum_triple_loop", n, sums);
        report("sets", "pair_third_card", n, finder);
        // The finder and the reference it is held to, both into a reused buffer.
        let table = TableFinder::default();
        let mut buffer = Vec::new();
        table.sets_into(&cards, &mut buffer);
        assert_eq!(buffer, expected);
        let mut other = Vec::new();
        let (finder_into, reference, ratio) = interleaved(
            || find_sets_into(black_box(&cards), &mut buffer).unwrap(),
            || table.sets_into(black_box(&cards), &mut other),
        );
        report("sets", "finder_into", n, finder_into);
        report("sets", "reference_table_into", n, reference);
        console_log!(
            "BENCH {{\"layer\":\"wasm\",\"what\":\"finder_vs_reference\",\"cards\":{n},\"median_ratio\":{ratio:.3}}}"
        );
    }
}

#[wasm_bindgen_test]
fn full_redraw_of_21_cards() {
    let document = web_sys::window().unwrap().document().unwrap();
    let canvas: HtmlCanvasElement = document.create_element("canvas").unwrap().dyn_into().unwrap();
    let (width, height, ratio) = (1280.0, 800.0, 2.0);
    canvas.set_width((width * ratio) as u32);
    canvas.set_height((height * ratio) as u32);
    document.body().unwrap().append_child(&canvas).unwrap();
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d").unwrap().unwrap().dyn_into().unwrap();
    let cards: Vec<Card> = seeded_cards(7, 21);
    let layout = Layout::new(width, height, cards.len());
    let draw = || {
        ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0).unwrap();
        render::clear(&ctx, width, height, true);
        // One card selected and one hinted, as in play.
        for (slot, &card) in cards.iter().enumerate() {
            let look = CardLook { selected: slot == 3, hinted: slot == 7, dark: true, ..CardLook::default() };
            render::draw_card(&ctx, card, layout.slot_rect(slot).unwrap(), look);
        }
    };
    draw();
    // What the page's main thread spends on a frame: the draw calls.
    report("redraw", "draw_calls", cards.len(), median_ns(draw));
    // The same, then a one-pixel read-back that forces the canvas to be
    // rasterised (in software here: headless, no GPU) before the clock stops.
    let draw_and_raster = || {
        draw();
        black_box(ctx.get_image_data(0.0, 0.0, 1.0, 1.0).unwrap());
    };
    report("redraw", "draw_and_raster", cards.len(), median_ns(draw_and_raster));
    // The frame was really drawn: the middle of the first card is not the table colour.
    let rect = layout.slot_rect(0).unwrap();
    let pixel = ctx.get_image_data((rect.x + 4.0) * ratio, (rect.y + rect.h / 2.0) * ratio, 1.0, 1.0).unwrap().data();
    assert_eq!(&pixel[..3], &[255, 255, 255]);
}
