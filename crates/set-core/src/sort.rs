//! The one sort the core and the pages use for their short lists (four
//! indices, a few seats, a game's missed sets, the history's times): a
//! stable insertion sort. The standard library's sorts are faster on long
//! lists but bring their generic code into every wasm download that uses
//! them; what this saves is measured in BENCHMARKS.md ("What stays bent
//! for bytes"). Every list sorted with it is short by construction.

/// Sorts `items` by `key`, keeping the order of equal keys (as
/// `slice::sort_by_key` does).
pub fn sort_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(&items[j - 1]) > key(&items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_sorts_as_the_standard_stable_sort_does() {
        let mut state = 11u64;
        let mut next = move || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            state >> 33
        };
        for len in 0..40 {
            let items: Vec<(u64, usize)> = (0..len).map(|i| (next() % 5, i)).collect();
            let (mut ours, mut standard) = (items.clone(), items);
            sort_by_key(&mut ours, |&(key, _)| key);
            standard.sort_by_key(|&(key, _)| key);
            assert_eq!(ours, standard, "{len} items");
        }
    }
}
