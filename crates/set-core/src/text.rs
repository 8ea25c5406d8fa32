//! Text helpers kept light for the download (BENCHMARKS.md, "Design
//! decisions, measured once"): small numbers written without the formatter,
//! where they are written often (each `format!` call site costs its own
//! code), and the game's own formats split at ASCII bytes rather than
//! through the standard library's `char` searcher.

/// Text made safe to put in HTML markup (a player's name, what storage or
/// a file held): `<`, `>`, `&` and `"` as entities.
pub fn escape_html(text: &str) -> String {
    let mut safe = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => safe.push_str("&lt;"),
            '>' => safe.push_str("&gt;"),
            '&' => safe.push_str("&amp;"),
            '"' => safe.push_str("&quot;"),
            c => safe.push(c),
        }
    }
    safe
}

/// Appends `n`, a number below 100 (a card id, a slot, a count), in decimal.
pub fn push_small(text: &mut String, n: usize) {
    let n = n.min(99) as u8;
    if n >= 10 {
        text.push((b'0' + n / 10) as char);
    }
    text.push((b'0' + n % 10) as char);
}

/// `text` split at the first `separator`, an ASCII byte: `str::split_once`
/// for the game's own formats (saves, settings, addresses, ids), without
/// the `char` searcher that `split_once(char)` brings into the download.
pub fn split_once_at(text: &str, separator: u8) -> Option<(&str, &str)> {
    debug_assert!(separator.is_ascii());
    let at = text.bytes().position(|byte| byte == separator)?;
    // An ASCII byte is always a boundary between characters, so these never fail.
    Some((text.get(..at)?, text.get(at + 1..)?))
}

/// `text` split at every `separator`, an ASCII byte: `str::split` as
/// [`split_once_at`] is `split_once`, empty pieces included.
pub fn split_at_each(text: &str, separator: u8) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let current = rest?;
        match split_once_at(current, separator) {
            Some((piece, after)) => {
                rest = Some(after);
                Some(piece)
            }
            None => {
                rest = None;
                Some(current)
            }
        }
    })
}

/// A number written with ASCII digits only: `parse` alone would also take "+5".
#[inline(never)]
pub fn digits(text: &str) -> Option<u64> {
    if text.is_empty() {
        return None;
    }
    text.bytes().try_fold(0u64, |n, b| {
        let digit = b.checked_sub(b'0').filter(|&d| d < 10)?;
        n.checked_mul(10)?.checked_add(digit as u64)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_splits_agree_with_the_standard_library() {
        let texts = ["", "a", "-", "a-b", "a--b-", "-a-b", "card-12", "é-ü-", "x=1&y=&&z", "SET save 2.1\nseed 5\r\n"];
        for text in texts {
            for separator in [b'-', b'=', b'&', b'\n', b'.', b' '] {
                let expected: Vec<&str> = text.split(separator as char).collect();
                assert_eq!(split_at_each(text, separator).collect::<Vec<_>>(), expected, "{text:?} at {separator}");
                assert_eq!(
                    split_once_at(text, separator),
                    text.split_once(separator as char),
                    "{text:?} at {separator}"
                );
            }
        }
    }

    #[test]
    fn small_numbers_are_written_as_the_formatter_writes_them() {
        for n in 0..100 {
            let mut text = String::from("x");
            push_small(&mut text, n);
            assert_eq!(text, format!("x{n}"));
        }
    }

    #[test]
    fn markup_is_escaped_and_everything_else_kept() {
        assert_eq!(escape_html(r#"<b>Ann & "Åsa"</b>"#), "&lt;b&gt;Ann &amp; &quot;Åsa&quot;&lt;/b&gt;");
        assert_eq!(escape_html("Ben Lee"), "Ben Lee");
    }
}
