//! The lobby as this page shows it, while it watches it (outside a room):
//! the rooms and the people in it as the server last said, the name the
//! lobby knows this player by, a new name on its way, what the lobby's
//! form refused last, and the tab shown on a narrow screen. It knows
//! nothing of a room: the page leaves the lobby when it enters one.

use super::{FormError, LobbyTab};
use crate::connection;
use set_protocol::{LobbyChatMsg, LobbyMsg, LobbyRoomMsg, OnlineMsg};

/// The lobby, as the page shows it.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Lobby {
    /// The lobby, while this page watches it (outside a room).
    pub shown: Option<LobbyMsg>,
    /// The lobby was asked for under the player's name (else without one).
    pub named: bool,
    /// The name the lobby knows this page by, once it has said so.
    pub name: Option<String>,
    /// A new name given in the lobby, not yet taken or refused.
    pub renaming: bool,
    /// The name fields are to show the player's name again (a new name was
    /// refused); the view clears it once it has.
    pub refill_names: bool,
    /// What the lobby's form refused last, shown beside its cause.
    pub form_error: Option<FormError>,
    /// The lobby's tab shown on a narrow screen.
    pub tab: LobbyTab,
}

impl Lobby {
    /// Whether the lobby knows this player by a name (so they may chat there).
    pub fn named_in(&self) -> bool {
        self.shown.is_some() && self.named
    }

    /// The whole lobby, as the server sent it when asked (`name`: the one
    /// the page asked under): a new name on its way is taken, and its
    /// error gone. Its chat, for the page's chat.
    pub(super) fn show(&mut self, mut lobby: LobbyMsg, name: &str) -> Vec<LobbyChatMsg> {
        if self.renaming {
            self.form_error = None;
        }
        self.renaming = false;
        self.name = Some(name.to_owned()).filter(|_| self.named);
        let chat = std::mem::take(&mut lobby.chat);
        self.shown = Some(lobby);
        chat
    }

    /// What changed in the lobby since: rooms that came or changed and
    /// those gone, names given and no longer given. Nothing while the page
    /// does not watch it (false).
    pub(super) fn change(
        &mut self,
        rooms: Vec<LobbyRoomMsg>,
        gone: &[String],
        came: Vec<String>,
        went: &[String],
    ) -> bool {
        let Some(lobby) = &mut self.shown else { return false };
        connection::merge_lobby_changes(lobby, rooms, gone);
        connection::merge_lobby_people(&mut lobby.people, came, went);
        true
    }

    /// How many are online, and whether this server is out of touch with the others.
    pub(super) fn online(&mut self, online: OnlineMsg) {
        if let Some(lobby) = &mut self.shown {
            lobby.online = online;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Changes reach only a lobby shown; a lobby shown under a name takes
    /// a new name on its way and clears its error.
    #[test]
    fn changes_reach_only_a_lobby_shown_and_showing_it_takes_a_new_name() {
        let mut lobby = Lobby::default();
        assert!(!lobby.change(Vec::new(), &[], vec!["Ann".into()], &[]));
        assert_eq!(lobby, Lobby::default(), "nothing changes outside the lobby");
        lobby.named = true;
        lobby.renaming = true;
        lobby.form_error = Some(FormError::Form("busy".into()));
        let online = OnlineMsg { online: 1, out_of_date: false };
        let whole = LobbyMsg { rooms: vec![], online, people: vec!["Bo".into()], chat: vec![] };
        assert!(lobby.show(whole, "Ivy").is_empty());
        assert_eq!((lobby.name.as_deref(), lobby.renaming, lobby.form_error.as_ref()), (Some("Ivy"), false, None));
        assert!(lobby.named_in());
        assert!(lobby.change(Vec::new(), &[], vec!["Ann".into()], &["Bo".into()]));
        assert_eq!(lobby.shown.as_ref().map(|l| l.people.clone()), Some(vec!["Ann".to_owned()]));
    }
}
