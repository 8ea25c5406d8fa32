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

/// `n` and the noun that agrees with it: "1 game", "0 games", "2 games".
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Appends `n`, a number below 1000 (a card id of any deck, a slot, a
/// count), in decimal; a larger one is written as 999.
pub fn push_small(text: &mut String, n: usize) {
    let n = n.min(999) as u16;
    if n >= 100 {
        text.push((b'0' + (n / 100) as u8) as char);
    }
    if n >= 10 {
        text.push((b'0' + (n / 10 % 10) as u8) as char);
    }
    text.push((b'0' + (n % 10) as u8) as char);
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
        if let Some((piece, after)) = split_once_at(current, separator) {
            rest = Some(after);
            Some(piece)
        } else {
            rest = None;
            Some(current)
        }
    })
}

/// A number written with ASCII digits only: `parse` alone would also take "+5".
pub fn digits(text: &str) -> Option<u64> {
    if text.is_empty() {
        return None;
    }
    text.bytes().try_fold(0u64, |n, b| {
        let digit = b.checked_sub(b'0').filter(|&d| d < 10)?;
        n.checked_mul(10)?.checked_add(u64::from(digit))
    })
}

/// At most 20 characters of untrusted text, for an error message.
pub fn short(text: &str) -> String {
    text.chars().take(20).collect()
}

/// Why a first line is not the header of the format asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadHeader {
    /// It does not start with the format's name: another text altogether.
    NotThisFormat,
    /// Its version is not `MAJOR` or `MAJOR.MINOR` in ASCII digits, with
    /// MAJOR 1 or more (at most 20 characters of it, for the message).
    UnknownVersion(String),
}

/// The version of a versioned text's first line, `NAME MAJOR` or
/// `NAME MAJOR.MINOR` (no minor means 0): the one reader of the save's and
/// the record's headers, so that both refuse the same things (`+5`, `1.`).
pub fn read_version(line: &str, name: &str) -> Result<(u32, u32), BadHeader> {
    let version = line.strip_prefix(name).ok_or(BadHeader::NotThisFormat)?.trim_ascii();
    let (major, minor) = split_once_at(version, b'.').unwrap_or((version, "0"));
    let number = |part: &str| digits(part).and_then(|n| u32::try_from(n).ok());
    match (number(major), number(minor)) {
        (Some(major), Some(minor)) if major >= 1 => Ok((major, minor)),
        _ => Err(BadHeader::UnknownVersion(short(version))),
    }
}

/// The `key=value` pairs of a query string (`location.search`, with or
/// without its `?`, or a request's query): empty pairs skipped, a key with
/// no `=` paired with "". The one query reader of the page, the parts and
/// the server; values stay as written (see [`percent_decode`]).
pub fn query_pairs(search: &str) -> impl Iterator<Item = (&str, &str)> {
    split_at_each(search.strip_prefix('?').unwrap_or(search), b'&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| split_once_at(pair, b'=').unwrap_or((pair, "")))
}

/// The value of the first `key` in a query string, as written.
pub fn query_value<'a>(search: &'a str, key: &str) -> Option<&'a str> {
    query_pairs(search).find(|&(k, _)| k == key).map(|(_, value)| value)
}

/// Why a percent-encoded text cannot be decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadEscape {
    /// A `%` not followed by two hex digits.
    Malformed,
    /// The decoded bytes are not UTF-8.
    NotUtf8,
}

/// Where a percent-encoded text comes from: a query's `+` is a space, a
/// path's is a plus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoded {
    /// From a query string: `+` is a space.
    Query,
    /// From a path: `+` is a plus.
    Path,
}

/// `%XX` escapes undone (and a query's `+` as a space): the one decoder of
/// the page's addresses and the server's paths.
pub fn percent_decode(text: &str, from: Encoded) -> Result<String, BadEscape> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        let hex = |at: usize| bytes.get(at).and_then(|&b| (b as char).to_digit(16));
        match byte {
            b'%' => {
                let (Some(high), Some(low)) = (hex(at + 1), hex(at + 2)) else {
                    return Err(BadEscape::Malformed);
                };
                out.push((high * 16 + low) as u8);
                at += 3;
                continue;
            }
            b'+' if from == Encoded::Query => out.push(b' '),
            byte => out.push(byte),
        }
        at += 1;
    }
    String::from_utf8(out).map_err(|_| BadEscape::NotUtf8)
}

/// Every byte but ASCII letters, digits and `-._~` as `%XX`:
/// [`percent_decode`] undoes it.
pub fn percent_encode(text: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(text.len());
    for &byte in text.as_bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push('%');
            out.push(HEX[usize::from(byte >> 4)] as char);
            out.push(HEX[usize::from(byte & 15)] as char);
        }
    }
    out
}

/// Bytes in lowercase hex, two digits each (a digest, a token's MAC).
pub fn hex(bytes: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &byte in bytes {
        out.push(HEX[usize::from(byte >> 4)] as char);
        out.push(HEX[usize::from(byte & 15)] as char);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_agrees_with_its_noun() {
        assert_eq!(counted(1, "game", "games"), "1 game");
        assert_eq!(counted(0, "game", "games"), "0 games");
        assert_eq!(counted(2, "set", "sets"), "2 sets");
    }

    #[test]
    fn bytes_are_written_in_lowercase_hex_two_digits_each() {
        assert_eq!(hex(&[0x00, 0x0f, 0xa5, 0xff]), "000fa5ff");
        assert_eq!(hex(&[]), "");
    }

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
        for n in 0..1000 {
            let mut text = String::from("x");
            push_small(&mut text, n);
            assert_eq!(text, format!("x{n}"));
        }
        let mut text = String::new();
        push_small(&mut text, 1000);
        assert_eq!(text, "999");
    }

    #[test]
    fn markup_is_escaped_and_everything_else_kept() {
        assert_eq!(escape_html(r#"<b>Ann & "Åsa"</b>"#), "&lt;b&gt;Ann &amp; &quot;Åsa&quot;&lt;/b&gt;");
        assert_eq!(escape_html("Ben Lee"), "Ben Lee");
    }

    #[test]
    fn a_version_is_digits_and_nothing_else() {
        assert_eq!(read_version("SET save 2", "SET save"), Ok((2, 0)));
        assert_eq!(read_version("SET save 2.11 ", "SET save"), Ok((2, 11)));
        assert_eq!(read_version("SET stats 1", "SET save"), Err(BadHeader::NotThisFormat));
        for bad in ["+5", "0", "1.", ".1", "1.+2", "x", "", "99999999999", "1.2.3"] {
            assert_eq!(
                read_version(&format!("SET save {bad}"), "SET save"),
                Err(BadHeader::UnknownVersion(bad.to_owned())),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn query_pairs_are_read_as_written() {
        let pairs: Vec<_> = query_pairs("?seed=5&&mode=&gallery&seed=6&x=a=b").collect();
        assert_eq!(pairs, [("seed", "5"), ("mode", ""), ("gallery", ""), ("seed", "6"), ("x", "a=b")]);
        assert_eq!(query_value("room=abc&x=1", "room"), Some("abc"));
        assert_eq!(query_value("?rooms=abc", "room"), None);
        assert_eq!(query_pairs("").count() + query_pairs("?").count(), 0);
    }

    #[test]
    fn percent_escapes_round_trip_and_bad_ones_are_errors() {
        for text in ["Ann", "Åsa Öberg", "a+b c", "%", "日本", "~._-"] {
            let encoded = percent_encode(text);
            assert!(encoded.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~%".contains(&b)), "{encoded}");
            assert_eq!(percent_decode(&encoded, Encoded::Query).as_deref(), Ok(text));
        }
        assert_eq!(percent_decode("a+b%2B", Encoded::Query).as_deref(), Ok("a b+"));
        assert_eq!(percent_decode("a+b%2B", Encoded::Path).as_deref(), Ok("a+b+"));
        assert_eq!(percent_decode("%2e%2E/", Encoded::Path).as_deref(), Ok("../"));
        assert_eq!(percent_decode("%zz", Encoded::Query), Err(BadEscape::Malformed));
        assert_eq!(percent_decode("%4", Encoded::Path), Err(BadEscape::Malformed));
        assert_eq!(percent_decode("%C3%28", Encoded::Path), Err(BadEscape::NotUtf8));
    }
}
