//! The name a connection goes by, for the endpoints that seat or list it
//! (the lobby and the room's door): a name no one else online has one too
//! like, a new one within the connection's rename credit, and the refusal
//! that offers a free one.

use super::Connection;
use super::budget::{Credit, RENAMES_REFUSED};
use crate::lobby::LobbyError;
use crate::proto::{ClientKind, ErrorCode, ServerMsg};

/// The frame that refuses a name: with a free one to offer when someone has it.
fn name_refused(to: Option<ClientKind>, err: LobbyError) -> ServerMsg {
    match err {
        LobbyError::Taken { why, suggestion } => ServerMsg::name_taken(to, why, suggestion),
        err => ServerMsg::refusal(to, None, ErrorCode::BadName, err.to_string()),
    }
}

impl Connection {
    /// `name`, or when it is empty the name `player` goes by online (the
    /// one given them at welcome, if they never gave their own).
    pub(super) fn name_or_given(&self, player: &str, name: String) -> String {
        if !name.trim().is_empty() {
            return name;
        }
        self.state.lobby.name_of(player).unwrap_or(name)
    }

    /// Whether `player` may go by `name`: no one else online has one too
    /// like it. If not, the client is told why and nothing changes.
    pub(super) fn may_go_by(&mut self, player: &str, name: &str) -> bool {
        if !self.may_rename(name) {
            return false;
        }
        match self.state.lobby.take_name(player, name) {
            Ok(()) => {
                self.named = Some(name.trim().to_owned());
                true
            }
            Err(err) => {
                self.refuse_name(err);
                false
            }
        }
    }

    /// Whether this connection may give `name`: the one it last gave, or a
    /// new one within its credit. If not, the client is told why.
    pub(super) fn may_rename(&mut self, name: &str) -> bool {
        let name = name.trim();
        if name.is_empty() || self.named.as_deref() == Some(name) || self.budget.take(Credit::Renames) {
            return true;
        }
        !self.throttled(None, Credit::Renames.limit(), RENAMES_REFUSED)
    }

    /// Refuses the name asked for, with a free one to offer when someone has it.
    pub(super) fn refuse_name(&self, err: LobbyError) {
        self.send(&name_refused(self.answering, err));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_someone_has_is_refused_with_a_free_one_and_a_bad_name_plainly() {
        let taken = LobbyError::Taken { why: "Ann is online".into(), suggestion: Some("Ann 2".into()) };
        assert_eq!(
            name_refused(Some(ClientKind::QuickPlay), taken),
            ServerMsg::Error {
                id: None,
                to: Some(ClientKind::QuickPlay),
                code: ErrorCode::BadName,
                message: "Ann is online".into(),
                suggestion: Some("Ann 2".into())
            }
        );
        assert_eq!(
            name_refused(Some(ClientKind::Lobby), LobbyError::BadName("a name of letters".into())),
            ServerMsg::Error {
                id: None,
                to: Some(ClientKind::Lobby),
                code: ErrorCode::BadName,
                message: "a name of letters".into(),
                suggestion: None
            }
        );
    }
}
