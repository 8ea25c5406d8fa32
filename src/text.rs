//! Small pieces of text written without the formatter, where they are
//! written often: each `format!` call site costs the download its own code
//! (BENCHMARKS.md, "Design decisions, measured once").

/// Appends `n`, a number below 100 (a card id, a slot, a count), in decimal.
pub fn push_small(text: &mut String, n: usize) {
    let n = n.min(99) as u8;
    if n >= 10 {
        text.push((b'0' + n / 10) as char);
    }
    text.push((b'0' + n % 10) as char);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_numbers_are_written_as_the_formatter_writes_them() {
        for n in 0..100 {
            let mut text = String::from("x");
            push_small(&mut text, n);
            assert_eq!(text, format!("x{n}"));
        }
    }
}
