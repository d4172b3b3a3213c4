//! Set Up cards (FF-BS-5, FF-KAL-24, FF-SETUP-22) and Havens (FF-PBH-39..41): the parts of
//! set-up and play a Set Up card or a story changes. Each card is data
//! ([`crate::content::SetUpCard`]); this module is the engine for its fields:
//!
//! - Nav Decks: RESHUFFLE cards in the decks whatever the player count (`Firefly::setup`).
//! - Alert tokens: one on every planetary sector once the ships are placed, or none all game.
//! - Contact decks of the expansions' jobs only (`Firefly::setup`), refused when a deck of an
//!   expansion Contact would be empty.
//! - Starting Jobs: from a list of Contacts, from each expansion Contact, or drawn from one deck
//!   each captain chooses (`Action::DrawStartingJobs`).
//! - A Full Burn's free sectors, rolled at its start.
//! - Game length tokens: the first player discards one at the start of each of their turns;
//!   when the last goes, that round is the last and the most credits win.
//!
//! With no Set Up card nothing here changes the game.

use tabletop_core::{Outcome, Seat};

use crate::action::Action;
use crate::content::*;
use crate::deal::ALL_CONTACTS;
use crate::event::Event;
use crate::state::*;
use crate::turn::SetupError;

impl Firefly {
    /// The Set Up card an options value names: `None` for the standard set-up (no value,
    /// or "standard"). Its product must be in play, as a story's (FF-BS-5: the card comes in
    /// the expansion's box).
    pub(crate) fn chosen_setup_card(
        content: &Content,
        options: &Options,
    ) -> Result<Option<SetUpCardId>, SetupError> {
        let Some(name) = options.setup_card.as_deref().map(str::trim) else {
            return Ok(None);
        };
        if name.is_empty() || name.eq_ignore_ascii_case(STANDARD_SET_UP) {
            return Ok(None);
        }
        let id = content
            .setup_card(name)
            .ok_or_else(|| SetupError::SetUpCard(name.to_string()))?;
        let card = &content.setup_cards[id as usize];
        let set = options.expansion_set();
        if let Some(e) = Expansion::ALL
            .into_iter()
            .find(|e| e.source() == card.source && !set.has(*e))
        {
            return Err(SetupError::SetUpCardNeedsExpansion {
                card: card.title.clone(),
                expansion: e.name(),
                id: e.id(),
            });
        }
        Ok(Some(id))
    }

    /// The Set Up card played with, if any.
    pub fn setup_card_def(&self) -> Option<&'static SetUpCard> {
        let c: &'static Content = self.content;
        self.setup_card.map(|i| &c.setup_cards[i as usize])
    }

    /// The Contacts of the expansions in play (Lord Harrow with Blue Sun; Magistrate Higgins
    /// and Fanty & Mingo with Kalidasa), in content order.
    pub(crate) fn expansion_contacts(content: &Content, set: ExpansionSet) -> Vec<ContactName> {
        content
            .contacts
            .iter()
            .filter(|k| k.source != Source::Base && set.includes(k.source))
            .map(|k| k.contact)
            .collect()
    }

    /// FF-SETUP-16 and the Set Up cards' Starting Jobs, read in order of precedence: the
    /// story's own list (the Story Card wins over the Set Up card, judged), the Set Up card's,
    /// the first-game variant (FF-SETUP-17), the standard five.
    pub(crate) fn starting_jobs_rule(&self) -> StartingJobs {
        let sd = self.story_def();
        if let Some(list) = &sd.setup.starting_jobs_from {
            return StartingJobs::OneFromEach {
                contacts: list.clone(),
            };
        }
        if let Some(card) = self.setup_card_def() {
            if !card.starting_jobs.is_standard() {
                return card.starting_jobs.clone();
            }
        }
        if self.options.first_game {
            return StartingJobs::OneFromEach {
                contacts: vec![
                    ContactName::Harken,
                    ContactName::AmnonDuul,
                    ContactName::Patience,
                ],
            };
        }
        StartingJobs::Standard
    }

    // -----------------------------------------------------------------------------------------
    // Starting Jobs drawn from a deck of the captain's choice
    // -----------------------------------------------------------------------------------------

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

    /// After the ships are placed: start choosing decks if the Set Up card says so (and some
    /// deck has cards); whether it did.
    pub(crate) fn begin_starting_decks(&mut self) -> bool {
        if !matches!(
            self.starting_jobs_rule(),
            StartingJobs::FromOneChosenDeck { .. }
        ) || self.starting_decks().next().is_none()
        {
            return false;
        }
        self.actor = self.pick_order[0];
        self.phase = Phase::StartingDeck;
        true
    }

    /// `Action::DrawStartingJobs`: the actor draws the card's number of jobs from the deck; the
    /// next captain in picking order chooses, and after the last, starting jobs may be
    /// discarded as usual (`Phase::StartingJobs`).
    pub(crate) fn draw_starting_jobs(
        &mut self,
        seat: Seat,
        contact: ContactName,
        events: &mut Vec<Event>,
    ) {
        let StartingJobs::FromOneChosenDeck { count } = self.starting_jobs_rule() else {
            unreachable!("no Set Up card draws starting jobs from a chosen deck")
        };
        let mut drawn = 0;
        for _ in 0..count {
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
    // Alert tokens
    // -----------------------------------------------------------------------------------------

    /// Whether Alert tokens are in use: not with a Set Up card that plays without them.
    pub fn alert_tokens_in_use(&self) -> bool {
        self.setup_card_def()
            .is_none_or(|c| c.alert_tokens != AlertSetUp::None)
    }

    /// Once the ships are placed: a Set Up card's Alert token on every planetary sector
    /// (FF-SETUP-22: a sector with a named planet, the Space Bazaar and Cortex Relays
    /// included), Alliance Alert in Alliance Space, Reaver Alert in Border and Rim Space, none
    /// where a captain's ship starts.
    pub(crate) fn place_setup_alerts(&mut self, events: &mut Vec<Event>) {
        if self
            .setup_card_def()
            .is_none_or(|c| c.alert_tokens != AlertSetUp::EveryPlanetarySector)
        {
            return;
        }
        for s in 0..self.content.sectors.len() as SectorId {
            if !self.board().in_play(s)
                || !self.planetary(s)
                || self.players.iter().any(|p| p.sector == s)
            {
                continue;
            }
            let kind = match self.content.sectors[s as usize].zone {
                Zone::Alliance => AlertKind::Alliance,
                Zone::Border | Zone::Rim => AlertKind::Reaver,
            };
            self.place_alert(s, kind, events);
        }
    }

    // -----------------------------------------------------------------------------------------
    // A Full Burn's free sectors
    // -----------------------------------------------------------------------------------------

    /// At the start of a Full Burn: with a Set Up card that says so, roll one die; that many
    /// sectors may be entered before Nav cards are drawn. The roll is not a Test (nothing
    /// modifies it; judged, as FF-BS-11's Alert roll) and the Drive Core's range still limits
    /// the move.
    pub(crate) fn roll_clear_sectors(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.clear_sectors = 0;
        if self.setup_card_def().is_some_and(|c| c.clear_sectors_roll) {
            self.clear_sectors = self.chance.d6();
            events.push(Event::ClearSectorsRolled {
                seat,
                sectors: self.clear_sectors,
            });
        }
    }

    /// Whether the sector just entered on a Full Burn is one of its free sectors: no Nav card.
    pub(crate) fn in_clear_sectors(&self) -> bool {
        matches!(self.activity, Activity::Flying { entered, .. } if entered <= self.clear_sectors)
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
            card.title,
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
    /// Supply planet and no Contact (FF-PBH-39); never another captain's Haven (FF-PBH-40: the
    /// ships start on their Havens, so the free-sector rule of placing ships covers it).
    pub fn haven_allowed(&self, s: SectorId) -> bool {
        self.planetary(s)
            && !self
                .content
                .supply_decks
                .iter()
                .any(|d| d.sector == s && self.board().in_play(d.sector))
            && self.contact_at(s).is_none()
    }
}
