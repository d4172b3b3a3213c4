//! Which steps cannot be taken back (undo, Board Game Arena's policy): those that resolved
//! chance or let someone see what was hidden. Implements [`tabletop_core::Game::revealed`].
//!
//! What is hidden in the Mandalorian Adventures: the order of the ability decks (MA-SETUP-20),
//! the planning deck and the event deck (MA-INFO-5: only the top card's back is seen), the
//! reinforcement pile (MA-EVENT-14), the disturbance pool (MA-DISTURB-2: a random token), the
//! identity of face-down threats (MA-THREAT-1), and each player's hand (MA-INFO-1). A step
//! tells someone something new when
//!
//! * it draws from one of those piles: ability cards in the draw phase (MA-TURN-7), planning
//!   cards (MA-PLAN-1), an event card (MA-EVENT-12), a reinforcement (MA-EVENT-14);
//! * a face-down threat is turned up (moving into its square, MA-MOVE-8; an attack,
//!   MA-ATTACK-6) or looked at secretly (Spy, MA-SPY-2);
//! * it uses the random stream (a random disturbance token, MA-DISTURB-2; any shuffle,
//!   MA-EVENT-16, MA-EVENT-38, MA-DISTURB-6).
//!
//! A card put back on top of the planning deck (MA-PLAN-6) hides a card and reveals nothing, so
//! only piles that shrink count. The checks read the state, not only the events, so a draw that
//! no event reports still counts.

use crate::state::{Happened, Mandalorian};

impl Mandalorian {
    /// Why the step from `before` to `self` cannot be taken back, or `None`.
    pub fn undo_barrier(&self, before: &Mandalorian, events: &[Happened]) -> Option<String> {
        for e in events {
            let why = match e {
                Happened::EventDrawn { .. } => "an event card was drawn".to_string(),
                Happened::Spawned { .. } => "a reinforcement was drawn".to_string(),
                Happened::Revealed { token } => {
                    format!("a threat was revealed: {}", self.token_def(*token).name)
                }
                Happened::Disturbed { .. } => "a random disturbance token was drawn".to_string(),
                _ => continue,
            };
            return Some(why);
        }
        if self
            .decks
            .iter()
            .zip(&before.decks)
            .any(|(now, was)| now.draw_len() < was.draw_len())
        {
            return Some("ability cards were drawn".into());
        }
        if self.t.planning.draw_len() < before.planning.draw_len() {
            return Some("planning cards were drawn".into());
        }
        if self.t.events.draw_len() < before.events.draw_len() {
            return Some("an event card was drawn".into());
        }
        if self.t.reinforcements.len() < before.reinforcements.len() {
            return Some("a reinforcement was drawn".into());
        }
        if self.t.dist_pool.len() < before.dist_pool.len() {
            return Some("a disturbance token was drawn from the pool".into());
        }
        for (now, was) in self.t.threats.iter().zip(&before.threats) {
            if now.face_up && !was.face_up {
                return Some("a threat was turned face up".into());
            }
            if now.seen & !was.seen != 0 {
                return Some("a face-down threat was looked at".into());
            }
        }
        if self.chance != before.chance {
            return Some("chance was used (a shuffle or a random draw)".into());
        }
        None
    }
}
