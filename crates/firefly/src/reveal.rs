//! Which steps cannot be taken back (undo, Board Game Arena's policy): those that resolved
//! chance or brought a face-down card into someone's sight. Implements
//! [`tabletop_core::Game::revealed`].
//!
//! What is hidden in Firefly: the order of every face-down pile and the dice to come (the
//! random stream), each captain's hand of inactive jobs (FF-DEAL-6) and the cards a captain is
//! considering. A captain's own hand and considered cards are known to that captain, so only two
//! things can tell a captain something new: the random stream (every die roll — skill tests
//! FF-SKILL-4, Gifted, Medic checks — and every shuffle, FF-FLY-25) and a card leaving a
//! face-down pile (a Nav card drawn on a Full Burn, FF-FLY-3/4; a Misbehave card, FF-MISB-2;
//! a card drawn face down to consider, FF-BUY-3 and FF-DEAL-2; starting jobs dealt,
//! FF-SETUP-16). Both are checked on the state, not only on the events, so a draw that no event
//! reports still counts.

use crate::deal::ALL_CONTACTS;
use crate::event::Event;
use crate::state::Firefly;

const NAV_DECKS: [&str; 3] = ["Alliance", "Border", "Rim"];

impl Firefly {
    /// Why the step from `before` to `self` cannot be taken back, or `None`.
    pub fn undo_barrier(&self, before: &Firefly, events: &[Event]) -> Option<String> {
        // Name the die roll or the card when an event says which.
        for e in events {
            let why = match e {
                Event::Rolled { .. } | Event::SetupRoll { .. } => "dice were rolled",
                Event::Gifted { .. } => "River Tam's Gifted die was rolled",
                Event::MedicCheck { .. } => "a Medic's die was rolled",
                Event::ClearSkiesRolled { .. } => "a die was rolled for clear skies",
                Event::CardDie { .. } | Event::ArmorRoll { .. } => "a die was rolled for a card",
                Event::NavDrawn { .. } => "a Nav card was drawn",
                Event::NavReshuffled { .. } => "a Nav deck was reshuffled",
                Event::MisbehaveDrawn { .. } => "a Misbehave card was drawn",
                Event::SuitRevealed { .. } | Event::MisbehaveRevealed { .. } => {
                    "a Misbehave card was revealed"
                }
                // Settling unfinished jobs names every captain's hidden hand (FF-DEAL-6).
                Event::JobsSettled { .. } => "unfinished jobs were shown at settlement",
                _ => continue,
            };
            return Some(why.into());
        }
        let (d, b) = (&self.decks, &before.decks);
        for (i, (now, was)) in d.supply.iter().zip(&b.supply).enumerate() {
            if now.draw_len() < was.draw_len() {
                return Some(format!(
                    "a card was drawn face down from the {} deck",
                    self.content.supply_decks[i].def.name
                ));
            }
        }
        for &k in &ALL_CONTACTS {
            if d.contacts[k.index()].draw_len() < b.contacts[k.index()].draw_len() {
                return Some(format!(
                    "a job was drawn face down from {}'s deck",
                    k.name()
                ));
            }
        }
        for (i, deck) in NAV_DECKS.iter().enumerate() {
            if d.nav[i].draw_len() < b.nav[i].draw_len() {
                return Some(format!("a card was drawn from the {deck} Nav deck"));
            }
        }
        if d.misbehave.draw_len() < b.misbehave.draw_len() {
            return Some("a Misbehave card was drawn".into());
        }
        // Anything else taken from the random stream: a shuffle, a random pick.
        if self.chance != before.chance {
            return Some("chance was used (a shuffle or a die)".into());
        }
        None
    }
}
