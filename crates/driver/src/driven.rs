//! What the driver needs to know about a game: [`Driven`] (content fingerprint, readable log
//! lines, what a viewer may see of an action) and [`Viewer`].

use tabletop_core::{NewGame, Seat};

/// Who reads a log line: everything (replays, bot-only games), one seat, or only what is public
/// (bots' moves watched by several hot-seat players).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    All,
    Seat(Seat),
    Public,
}

impl Viewer {
    /// Whether this viewer may see `seat`'s hidden cards.
    pub fn sees(self, seat: Seat) -> bool {
        match self {
            Viewer::All => true,
            Viewer::Seat(s) => s == seat,
            Viewer::Public => false,
        }
    }
}

/// A game the driver can run: the engine traits plus a content fingerprint and readable logs.
pub trait Driven: NewGame {
    /// The fingerprint of the content, recorded in saves and checked on load.
    fn fingerprint(content: &Self::Content) -> String;

    /// One short readable line for an event as `viewer` may see it; `None` to leave it out.
    fn event_line(&self, event: &Self::Event, viewer: Viewer) -> Option<String> {
        let _ = viewer;
        Some(format!("{event:?}"))
    }

    /// How a seat is called in text ("captain 2").
    fn seat_name(seat: Seat) -> String {
        format!("seat {}", u16::from(seat) + 1)
    }

    /// The content catalog: every id a view or an action can hold, with its name, kind and
    /// rendered text, so a client never needs the content files (`{"cmd":"content"}`).
    fn catalog(content: &Self::Content) -> serde_json::Value;

    /// [`Game::describe_action`] as `viewer` may see it (hide the name of a job accepted from
    /// cards drawn face down, …).
    fn public_description(&self, action: Self::Action, viewer: Viewer) -> String {
        let _ = viewer;
        self.describe_action(action)
    }
}
