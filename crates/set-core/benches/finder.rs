//! Native timings of the set finder against the two triple loops and the
//! 81 × 81-table reference (both of those into a reused buffer), on fixed
//! seeded tables of 12, 15, 21 and 81 cards. `scripts/bench.sh` reads the
//! medians criterion stores under target/criterion/. The wasm timings of the
//! same functions are in the page crate's tests/wasm_bench.rs.

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{BenchmarkId, Criterion, criterion_group};
    use set_core::rules::finder::reference::{TableFinder, seeded_cards, sets_by_attribute_rule, sets_by_digit_sum};
    use set_core::rules::finder::{find_sets, find_sets_into};
    use std::hint::black_box;
    use std::time::Duration;

    fn finder(c: &mut Criterion) {
        let mut group = c.benchmark_group("sets");
        group.warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2)).sample_size(60);
        for n in [12, 15, 21, 81] {
            let cards = seeded_cards(2026, n);
            let expected = find_sets(&cards).unwrap();
            assert_eq!(sets_by_attribute_rule(&cards), expected);
            assert_eq!(sets_by_digit_sum(&cards), expected);
            group.bench_with_input(BenchmarkId::new("attribute_rule_triple_loop", n), &cards, |b, cards| {
                b.iter(|| sets_by_attribute_rule(black_box(cards)));
            });
            group.bench_with_input(BenchmarkId::new("digit_sum_triple_loop", n), &cards, |b, cards| {
                b.iter(|| sets_by_digit_sum(black_box(cards)));
            });
            group.bench_with_input(BenchmarkId::new("pair_third_card", n), &cards, |b, cards| {
                b.iter(|| find_sets(black_box(cards)));
            });
            // The finder and the reference it is held to, both into a reused buffer.
            let mut buffer = Vec::new();
            group.bench_with_input(BenchmarkId::new("finder_into", n), &cards, |b, cards| {
                b.iter(|| find_sets_into(black_box(cards), &mut buffer).unwrap());
            });
            let table = TableFinder::default();
            group.bench_with_input(BenchmarkId::new("reference_table_into", n), &cards, |b, cards| {
                b.iter(|| table.sets_into(black_box(cards), &mut buffer));
            });
        }
        group.finish();
    }

    criterion_group!(benches, finder);
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(native::benches);

/// Criterion does not build for wasm32; there this bench is empty.
#[cfg(target_arch = "wasm32")]
fn main() {}
