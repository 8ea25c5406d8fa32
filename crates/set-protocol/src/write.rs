//! A client's frames written without serde, by the room page (where serde
//! would cost the download more than this) and by every other client
//! ([`ClientMsg::to_text`]): one writer, which the contract test holds to
//! the serde derive the server reads with. Numbers are written with integer
//! formatting only, so that the page links none of the standard library's
//! float formatting (BENCHMARKS.md, decisions).

use crate::VERSION;
use crate::client::ClientMsg;

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

/// A frame being written: `{"t":…` then each field, then `}`. Fields are
/// pushed one by one rather than formatted in one go, which keeps the
/// page's download small (one small function a kind of value, not a
/// formatting of its own for each message).
struct Frame(String);

impl Frame {
    fn new(kind: &str) -> Frame {
        let mut out = String::with_capacity(64);
        out.push_str(r#"{"t":""#);
        out.push_str(kind);
        out.push('"');
        Frame(out)
    }

    fn key(&mut self, name: &str) -> &mut String {
        self.0.push_str(",\"");
        self.0.push_str(name);
        self.0.push_str("\":");
        &mut self.0
    }

    fn text(mut self, name: &str, text: &str) -> Frame {
        let quoted = quoted(text);
        self.key(name).push_str(&quoted);
        self
    }

    fn text_or_null(self, name: &str, text: Option<&str>) -> Frame {
        match text {
            Some(text) => self.text(name, text),
            None => self.raw(name, "null"),
        }
    }

    fn raw(mut self, name: &str, raw: &str) -> Frame {
        self.key(name).push_str(raw);
        self
    }

    fn number(self, name: &str, n: u64) -> Frame {
        self.raw(name, &n.to_string())
    }

    fn number_or_null(self, name: &str, n: Option<u32>) -> Frame {
        match n {
            Some(n) => self.number(name, u64::from(n)),
            None => self.raw(name, "null"),
        }
    }

    fn flag(self, name: &str, flag: bool) -> Frame {
        self.raw(name, if flag { "true" } else { "false" })
    }

    fn texts(self, name: &str, items: &[String]) -> Frame {
        let quoted: Vec<String> = items.iter().map(|item| quoted(item)).collect();
        self.raw(name, &format!("[{}]", quoted.join(",")))
    }

    fn end(mut self) -> String {
        self.0.push('}');
        self.0
    }
}

impl ClientMsg {
    /// The frame's text. A ping's clock is written to a tenth of a ms.
    pub fn write(&self) -> String {
        let frame = Frame::new(self.kind().name());
        match self {
            ClientMsg::Hello { v, token } => frame.number("v", u64::from(*v)).text_or_null("token", token.as_deref()),
            ClientMsg::Create { mode, hints, name, public, bots, dealing } => frame
                .text("mode", mode)
                .flag("hints", *hints)
                .text("name", name)
                .flag("public", *public)
                .texts("bots", bots)
                .text("dealing", dealing.name()),
            ClientMsg::Join { room, name, since } => {
                frame.text("room", room).text_or_null("name", name.as_deref()).number_or_null("since", *since)
            }
            ClientMsg::Claim { id, cards, seen } => {
                let ids: Vec<String> = cards.iter().map(i64::to_string).collect();
                frame
                    .number("id", u64::from(*id))
                    .raw("cards", &format!("[{}]", ids.join(",")))
                    .number("seen", u64::from(*seen))
            }
            ClientMsg::Flip { slot, seen } => frame.number("slot", u64::from(*slot)).number("seen", u64::from(*seen)),
            ClientMsg::Hint { id } => frame.number("id", u64::from(*id)),
            ClientMsg::CallNoSet { id, seen } => frame.number("id", u64::from(*id)).number("seen", u64::from(*seen)),
            ClientMsg::Ping { c, rtt } => frame.raw("c", &tenths(*c)).number_or_null("rtt", *rtt),
            ClientMsg::Chat { text } => frame.text("text", text),
            ClientMsg::Lobby { name } => frame.text_or_null("name", name.as_deref()),
            ClientMsg::QuickPlay { mode, name } => frame.text("mode", mode).text("name", name),
            ClientMsg::Remove { seat } => frame.number("seat", u64::from(*seat)),
            ClientMsg::Bots { bots } => frame.texts("bots", bots),
            ClientMsg::Redeem { code } => frame.text("code", code),
            ClientMsg::Report { player, why } => frame.text("player", player).text("why", why),
            ClientMsg::Start | ClientMsg::Rematch | ClientMsg::TransferCode | ClientMsg::SignOutElsewhere => frame,
        }
        .end()
    }
}

/// The first message on a connection: the protocol's version and who this is.
pub fn hello(token: Option<&str>) -> ClientMsg {
    ClientMsg::Hello { v: VERSION, token: token.map(str::to_owned) }
}
