//! The parts of a Set Up card (FF-BS-5, FF-KAL-24, FF-SETUP-22) that go beyond one set-up step,
//! and Havens (FF-PBH-39..41):
//!
//! - Starting jobs from each expansion Contact, or drawn from one deck each captain chooses
//!   (`Phase::StartingDeck`, `Action::DrawStartingJobs`).
//! - Game length tokens: the first player discards one at the start of each of their turns;
//!   the round in which the last goes is the last, and the most credits win.
//! - Where a Haven may go.
//!
//! The simpler steps are where they happen: the Contact decks and RESHUFFLE cards in
//! `Firefly::setup`, the Alert tokens in `crate::rim`, the Full Burn roll in `crate::fly`.
//! With no Set Up card nothing here changes the game.

use tabletop_core::{Outcome, Seat};

use crate::action::Action;
use crate::content::*;
use crate::deal::ALL_CONTACTS;
use crate::event::Event;
use crate::state::*;

impl Firefly {
    /// The Contacts of the expansions in play (Lord Harrow with Blue Sun; Magistrate Higgins
    /// and Fanty & Mingo with Kalidasa), in content order: those with a Contact card (Mr.
    /// Universe deals Challenges, in no source, and has none).
    pub fn expansion_contacts(content: &Content, set: ExpansionSet) -> Vec<ContactName> {
        content
            .contacts
            .iter()
            .filter(|k| k.source != Source::Base && set.includes(k.source))
            .map(|k| k.contact)
            .collect()
    }

    // -----------------------------------------------------------------------------------------
    // Starting jobs drawn from a deck of the captain's choice
    // -----------------------------------------------------------------------------------------

    /// How many starting jobs each captain draws from a deck of their choice: the Set Up
    /// card's number, unless the story or the first-game variant deals them its own way (the
    /// Story Card wins over the Set Up card, FF-SETUP-22). 0: dealt as usual.
    pub(crate) fn chosen_deck_draw(&self) -> u8 {
        if self.rules.first_game || self.story_def().setup.starting_jobs_from.is_some() {
            return 0;
        }
        self.setup_card_def()
            .map_or(0, |c| c.starting_jobs_from_chosen_deck)
    }

    /// The Contact decks a captain may draw starting jobs from: a Contact of a product in
    /// play, not closed by the story, with cards in its deck.
    fn starting_decks(&self) -> impl Iterator<Item = ContactName> + '_ {
        let closed = &self.story_def().setup.closed_contacts;
        ALL_CONTACTS.into_iter().filter(move |&k| {
            self.content
                .contact(k)
                .is_some_and(|d| self.expansions().includes(d.source))
                && !closed.contains(&k)
                && self.decks.contacts[k.index()].draw_len() > 0
        })
    }

    /// `Phase::StartingDeck`: each Contact deck the actor may draw from.
    pub(crate) fn starting_deck_actions(&self, out: &mut Vec<Action>) {
        out.extend(self.starting_decks().map(Action::DrawStartingJobs));
    }

    /// Once the ships are placed: the captains choose their decks, in picking order, if the
    /// Set Up card says so (and some deck has cards). Whether they do.
    pub(crate) fn begin_starting_decks(&mut self) -> bool {
        if self.chosen_deck_draw() == 0 || self.starting_decks().next().is_none() {
            return false;
        }
        self.actor = self.pick_order[0];
        self.phase = Phase::StartingDeck;
        true
    }

    /// `Action::DrawStartingJobs`: the actor draws the card's number of jobs from the deck; the
    /// next captain in picking order chooses, and after the last, starting jobs may be
    /// discarded as usual (`Phase::StartingJobs`, FF-SETUP-16).
    pub(crate) fn draw_starting_jobs(
        &mut self,
        seat: Seat,
        contact: ContactName,
        events: &mut Vec<Event>,
    ) {
        let mut drawn = 0;
        for _ in 0..self.chosen_deck_draw() {
            if let Some(j) = self.decks.contacts[contact.index()].draw() {
                self.players[seat as usize].hand.push(j);
                drawn += 1;
            }
        }
        events.push(Event::StartingJobsDrawn {
            seat,
            contact,
            count: drawn,
        });
        let k = self.pick_order.iter().position(|&s| s == seat).unwrap();
        match self.pick_order.get(k + 1) {
            Some(&next) if self.starting_decks().next().is_some() => self.actor = next,
            _ => {
                self.actor = self.pick_order[0];
                self.phase = Phase::StartingJobs;
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Game length tokens
    // -----------------------------------------------------------------------------------------

    /// At the start of the first player's turn: discard one game length token.
    pub(crate) fn spend_game_length_token(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.game_length_tokens > 0 && seat == self.pick_order[0] {
            self.game_length_tokens -= 1;
            events.push(Event::GameLengthToken {
                left: self.game_length_tokens,
            });
        }
    }

    /// At the end of a round: if the last game length token has been discarded, time has run
    /// out. The story was not completed (that would have ended the game), so the most credits
    /// win; tied captains share the win, as at Last Call. Whether it did.
    pub(crate) fn time_ran_out(&mut self, events: &mut Vec<Event>) -> bool {
        let Some(card) = self.setup_card_def() else {
            return false;
        };
        if card.game_length_tokens == 0 || self.game_length_tokens > 0 {
            return false;
        }
        let best = self.players.iter().map(|p| p.money).max().unwrap_or(0);
        let winners: Vec<Seat> = self
            .players
            .iter()
            .filter(|p| p.money == best)
            .map(|p| p.seat)
            .collect();
        for &seat in &winners {
            events.push(Event::Won { seat });
        }
        let reason = format!(
            "time ran out ({}): the most credits win ({})",
            card.name,
            render::money(best)
        );
        events.push(Event::GameOver {
            reason: reason.clone(),
        });
        self.outcome = Some(Outcome { winners, reason });
        self.phase = Phase::Over;
        true
    }

    // -----------------------------------------------------------------------------------------
    // Havens (FF-PBH-39..41)
    // -----------------------------------------------------------------------------------------

    /// Whether a captain may put their Haven in sector `s`: a sector with a planet, but no
    /// Supply planet and no Contact of the products in play (FF-PBH-39). Another captain's
    /// Haven is never free: ships start on their Havens, and no ship is placed where another
    /// stands (FF-PBH-40, FF-SETUP-11).
    pub fn haven_allowed(&self, s: SectorId) -> bool {
        let zone = self.story_def().setup.haven_zone;
        zone.is_none_or(|z| self.content.sectors[s as usize].zone == z)
            && self.planetary(s)
            && !self
                .content
                .supply_decks
                .iter()
                .any(|d| d.sector == s && self.board().in_play(d.sector))
            && self.contact_at(s).is_none()
    }

    /// "Haven Sanctuary" (a story's rule): the captain in `seat` is at their own Haven, where
    /// nobody may board them.
    pub fn in_sanctuary(&self, seat: tabletop_core::Seat) -> bool {
        let p = &self.players[seat as usize];
        self.story_def().setup.haven_sanctuary && p.haven == Some(p.sector)
    }
}
