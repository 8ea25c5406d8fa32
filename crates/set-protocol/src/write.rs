//! A client's frames written without serde, by the room page (where serde
//! would cost the download more than this) and by every other client
//! ([`ClientMsg::to_text`]): one writer, which the contract test holds to
//! the serde derive the server reads with. Numbers are written with integer
//! formatting only, so that the page links none of the standard library's
//! float formatting (BENCHMARKS.md, decisions).

use crate::VERSION;
use crate::client::ClientMsg;

/// How every `join` frame begins, to find one among frames queued to send.
pub const JOIN_START: &str = r#"{"t":"join","#;

/// A JSON string literal.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[(c as usize) >> 4] as char);
                out.push(HEX[(c as usize) & 15] as char);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A number to one decimal place, written with integer formatting only.
pub fn tenths(x: f64) -> String {
    let tenths = (x * 10.0).round() as i64;
    let sign = if tenths < 0 { "-" } else { "" };
    format!("{sign}{}.{}", tenths.unsigned_abs() / 10, tenths.unsigned_abs() % 10)
}

fn text_or_null(text: Option<&str>) -> String {
    text.map_or_else(|| "null".to_owned(), quoted)
}

fn number_or_null(n: Option<u32>) -> String {
    n.map_or_else(|| "null".to_owned(), |n| n.to_string())
}

fn texts(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|item| quoted(item)).collect();
    format!("[{}]", quoted.join(","))
}

impl ClientMsg {
    /// The frame's text. A ping's clock is written to a tenth of a ms.
    pub fn write(&self) -> String {
        match self {
            ClientMsg::Hello { v, token } => {
                format!(r#"{{"t":"hello","v":{v},"token":{}}}"#, text_or_null(token.as_deref()))
            }
            ClientMsg::Create { mode, hints, name, public, bots } => format!(
                r#"{{"t":"create","mode":{},"hints":{hints},"name":{},"public":{public},"bots":{}}}"#,
                quoted(mode),
                quoted(name),
                texts(bots)
            ),
            ClientMsg::Join { room, name, since } => format!(
                r#"{JOIN_START}"room":{},"name":{},"since":{}}}"#,
                quoted(room),
                text_or_null(name.as_deref()),
                number_or_null(*since)
            ),
            ClientMsg::Start => r#"{"t":"start"}"#.to_owned(),
            ClientMsg::Claim { id, cards, seen } => {
                let ids: Vec<String> = cards.iter().map(i64::to_string).collect();
                format!(r#"{{"t":"claim","id":{id},"cards":[{}],"seen":{seen}}}"#, ids.join(","))
            }
            ClientMsg::Hint { id } => format!(r#"{{"t":"hint","id":{id}}}"#),
            ClientMsg::Ping { c, rtt } => {
                format!(r#"{{"t":"ping","c":{},"rtt":{}}}"#, tenths(*c), number_or_null(*rtt))
            }
            ClientMsg::Rematch => r#"{"t":"rematch"}"#.to_owned(),
            ClientMsg::Chat { text } => format!(r#"{{"t":"chat","text":{}}}"#, quoted(text)),
            ClientMsg::Lobby { name } => format!(r#"{{"t":"lobby","name":{}}}"#, text_or_null(name.as_deref())),
            ClientMsg::QuickPlay { mode, name } => {
                format!(r#"{{"t":"quick_play","mode":{},"name":{}}}"#, quoted(mode), quoted(name))
            }
            ClientMsg::Remove { seat } => format!(r#"{{"t":"remove","seat":{seat}}}"#),
            ClientMsg::Bots { bots } => format!(r#"{{"t":"bots","bots":{}}}"#, texts(bots)),
            ClientMsg::TransferCode => r#"{"t":"transfer_code"}"#.to_owned(),
            ClientMsg::Redeem { code } => format!(r#"{{"t":"redeem","code":{}}}"#, quoted(code)),
        }
    }
}

/// The first message on a connection: the protocol's version and who this is.
pub fn hello(token: Option<&str>) -> ClientMsg {
    ClientMsg::Hello { v: VERSION, token: token.map(str::to_owned) }
}
