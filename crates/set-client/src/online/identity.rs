//! Who this page's player is: their id and token as the server gave them,
//! the name they go by (kept in the page's storage) and the one the server
//! gave them, a one-time code to move to another browser, whether they
//! signed every other browser out, and whom they reported.

use super::Command;
use crate::storage::{NAME_KEY, TOKEN_KEY};

/// This page's player.
#[derive(Clone, Debug, PartialEq)]
pub struct Identity {
    /// This player's id, as the server said it.
    pub player: Option<String>,
    /// This identity's token, kept in the page's storage.
    pub token: Option<String>,
    /// The name the player goes by: the last they gave, or the one the
    /// server gave them when they had none.
    pub name: String,
    /// The name the server's welcome said this player goes by online.
    pub given_name: String,
    /// The last one-time code the server gave for this identity.
    pub transfer_code: Option<String>,
    /// This identity was signed out of every other browser, from here.
    pub signed_out_elsewhere: bool,
    /// The players this page reported (by id), to say so beside them.
    pub reported: Vec<String>,
}

impl Identity {
    /// The player as the page's storage has them.
    pub(super) fn new(token: Option<String>, name: String) -> Identity {
        Identity {
            player: None,
            token,
            name,
            given_name: String::new(),
            transfer_code: None,
            signed_out_elsewhere: false,
            reported: Vec::new(),
        }
    }

    /// Goes by `name` from now on, kept in storage.
    pub(super) fn remember_name(&mut self, name: &str, out: &mut Vec<Command>) {
        self.name = name.trim().to_owned();
        out.push(Command::Store { key: NAME_KEY, value: Some(self.name.clone()) });
    }

    /// The name a form gave, or when it gave none the one the player goes by.
    pub(super) fn name_or_mine(&self, name: String) -> String {
        if name.trim().is_empty() { self.name.clone() } else { name }
    }

    /// Keeps the token a welcome gave, in storage too.
    pub(super) fn keep_token(&mut self, token: String, out: &mut Vec<Command>) {
        out.push(Command::Store { key: TOKEN_KEY, value: Some(token.clone()) });
        self.token = Some(token);
    }

    /// Forgets a token this server does not know (a new server key): the
    /// next welcome is a new player's.
    pub(super) fn forget_token(&mut self, out: &mut Vec<Command>) {
        self.token = None;
        out.push(Command::Store { key: TOKEN_KEY, value: None });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name is kept trimmed, in storage too; an empty form's name is the
    /// one the player goes by; a forgotten token is gone from storage.
    #[test]
    fn a_name_is_kept_trimmed_and_a_forgotten_token_leaves_storage() {
        let mut me = Identity::new(Some("t1".into()), String::new());
        let mut out = Vec::new();
        me.remember_name("  Ann ", &mut out);
        assert_eq!(me.name, "Ann");
        assert_eq!(me.name_or_mine(" ".into()), "Ann");
        assert_eq!(me.name_or_mine("Bo".into()), "Bo");
        me.forget_token(&mut out);
        assert_eq!(me.token, None);
        assert_eq!(
            out,
            [
                Command::Store { key: NAME_KEY, value: Some("Ann".into()) },
                Command::Store { key: TOKEN_KEY, value: None }
            ]
        );
    }
}
