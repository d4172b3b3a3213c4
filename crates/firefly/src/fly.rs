//! Fly (FF-FLY): Full Burn, Mosey, Nav cards, Evade, the Alliance Cruiser and the Reaver
//! Cutter, and the Alliance and Reaver Contact events.

use tabletop_core::Seat;

use crate::content::*;
use crate::event::Event;
use crate::resolve::{Origin, Resolution};
use crate::state::*;

pub const ALLIANCE_CONTACT: &str = "alliance-contact";
pub const REAVER_CONTACT: &str = "reaver-contact";

impl Firefly {
    /// FF-FLY-6, FF-FLY-12: sectors a ship may move into from `from`.
    pub fn enterable(&self, from: SectorId) -> impl Iterator<Item = SectorId> + '_ {
        self.content.neighbours[from as usize]
            .iter()
            .copied()
            .filter(move |&s| s != self.cutter)
    }

    pub fn can_full_burn(&self, p: &Player) -> bool {
        p.item(Item::Fuel) >= self.burn_fuel(p) && self.enterable(p.sector).next().is_some()
    }

    /// FF-FLY-2: start a Full Burn, spending its Fuel.
    pub fn start_full_burn(&mut self, events: &mut Vec<Event>) {
        let seat = self.current;
        let fuel = self.burn_fuel(self.player(seat));
        self.unload(seat, Item::Fuel, fuel as u32, events);
        let range = self.burn_range(self.player(seat));
        self.activity = Activity::Flying { entered: 0, range };
        self.phase = Phase::FullBurn { entered: 0, range };
    }

    /// FF-FLY-3/4: enter the next sector and draw its Nav card.
    pub fn burn_into(&mut self, sector: SectorId, events: &mut Vec<Event>) {
        let seat = self.current;
        let Phase::FullBurn { entered, range } = self.phase else {
            unreachable!()
        };
        self.activity = Activity::Flying {
            entered: entered + 1,
            range,
        };
        self.move_ship(seat, sector, events);
        self.phase = Phase::Resolving;
        self.draw_nav(seat, events);
    }

    /// FF-FLY-5: Mosey one sector (no Fuel, no Nav card).
    pub fn mosey_into(&mut self, sector: SectorId, events: &mut Vec<Event>) {
        let seat = self.current;
        let Phase::Mosey { moved, range } = self.phase else {
            unreachable!()
        };
        self.move_ship(seat, sector, events);
        if moved + 1 < range && self.resolution.is_empty() {
            self.phase = Phase::Mosey {
                moved: moved + 1,
                range,
            };
        } else {
            self.end_fly();
        }
    }

    pub fn end_fly(&mut self) {
        self.activity = Activity::None;
        if self.resolution.is_empty() {
            self.phase = Phase::Actions;
        } else {
            self.phase = Phase::Resolving;
        }
    }

    /// Move a Firefly; entering the Cruiser's sector starts Alliance Contact (FF-FLY-15).
    pub fn move_ship(&mut self, seat: Seat, sector: SectorId, events: &mut Vec<Event>) {
        self.players[seat as usize].sector = sector;
        events.push(Event::Moved { seat, sector });
        if sector == self.cruiser {
            self.alliance_contact_effect(seat, events);
        }
    }

    fn nav_deck_of(&self, sector: SectorId) -> usize {
        match self.content.sectors[sector as usize].zone {
            Zone::Alliance => 0,
            Zone::Border => 1,
            Zone::Rim => 2,
        }
    }

    /// FF-FLY-3, FF-FLY-25: draw the sector's Nav card (reshuffling an exhausted deck).
    fn draw_nav(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let d = self.nav_deck_of(self.players[seat as usize].sector);
        let deck = &mut self.decks.nav[d];
        if deck.draw_len() == 0 {
            deck.reshuffle(&mut self.chance);
            self.decks.nav_reshuffled[d] = true;
            events.push(Event::NavReshuffled { deck: d as u8 });
        }
        let Some(card) = self.decks.nav[d].draw() else {
            // An empty deck and discard pile: nothing can happen; the flight goes on.
            self.after_nav(seat, None, Some(Ending::KeepFlying), events);
            return;
        };
        events.push(Event::NavDrawn { seat, card });
        let def = self.content.nav_def(card);
        self.begin_resolution(Origin::Nav(card), seat, &def.options, events);
    }

    /// A Nav card is resolved: discard it, reshuffle if it says so, and go on flying.
    pub fn after_nav(
        &mut self,
        seat: Seat,
        card: Option<NavCardId>,
        ending: Option<Ending>,
        events: &mut Vec<Event>,
    ) {
        if let Some(card) = card {
            let def = self.content.nav_def(card);
            let d = match def.deck {
                NavDeckName::Alliance => 0,
                NavDeckName::Border => 1,
                NavDeckName::Rim => 2,
            };
            // FF-FLY-28: resolved Nav cards go to the discard pile.
            self.decks.nav[d].discard(card);
            // FF-FLY-26: after the first reshuffle, a resolved RESHUFFLE card reshuffles the
            // deck with its discard pile.
            if def.reshuffle && self.decks.nav_reshuffled[d] {
                self.decks.nav[d].reshuffle(&mut self.chance);
                events.push(Event::NavReshuffled { deck: d as u8 });
            }
        }
        let _ = seat;
        match (ending, self.activity) {
            (Some(Ending::KeepFlying), Activity::Flying { entered, range }) if entered < range => {
                // FF-FLY-8: may move again, or stop.
                self.phase = Phase::FullBurn { entered, range };
            }
            _ => self.end_fly(),
        }
    }

    // -----------------------------------------------------------------------------------------
    // The Alliance Cruiser and the Reaver Cutter
    // -----------------------------------------------------------------------------------------

    /// FF-FLY-19: where the Cruiser may be moved.
    pub fn cruiser_destinations(&self, how: ShipMove) -> Vec<SectorId> {
        let c = self.content;
        let alliance = |s: SectorId| c.sectors[s as usize].zone == Zone::Alliance;
        let occupied = |s: SectorId| self.players.iter().any(|p| p.placed && p.sector == s);
        match how {
            ShipMove::ToYou => vec![],
            ShipMove::OneSectorByRightPlayer => c.neighbours[self.cruiser as usize]
                .iter()
                .copied()
                .filter(|&s| alliance(s))
                .collect(),
            ShipMove::AnywhereEmpty => (0..c.sectors.len() as SectorId)
                .filter(|&s| alliance(s) && !occupied(s) && s != self.cruiser)
                .collect(),
            ShipMove::ToAnOutlawShip => {
                let mut v: Vec<SectorId> = self
                    .players
                    .iter()
                    .filter(|p| self.is_outlaw(p))
                    .map(|p| p.sector)
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            }
        }
    }

    /// FF-FLY-24: where the Cutter may be moved.
    pub fn cutter_destinations(&self, how: ShipMove) -> Vec<SectorId> {
        let c = self.content;
        let border = |s: SectorId| c.sectors[s as usize].zone != Zone::Alliance;
        let occupied = |s: SectorId| self.players.iter().any(|p| p.placed && p.sector == s);
        match how {
            ShipMove::ToYou => vec![],
            ShipMove::OneSectorByRightPlayer => c.neighbours[self.cutter as usize]
                .iter()
                .copied()
                .filter(|&s| border(s))
                .collect(),
            ShipMove::AnywhereEmpty => (0..c.sectors.len() as SectorId)
                .filter(|&s| border(s) && !occupied(s) && s != self.cutter)
                .collect(),
            ShipMove::ToAnOutlawShip => {
                let mut v: Vec<SectorId> = self
                    .players
                    .iter()
                    .filter(|p| self.is_outlaw(p))
                    .map(|p| p.sector)
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            }
        }
    }

    /// FF-FLY-15: the Cruiser arrives; every Firefly there resolves Alliance Contact.
    pub fn move_cruiser(&mut self, sector: SectorId, events: &mut Vec<Event>) {
        self.cruiser = sector;
        events.push(Event::CruiserMoved { sector });
        // Resolve for each ship there, the current player first, then in turn order. Pushed in
        // reverse so that the first is on top of the stack.
        let n = self.num_players();
        let seats: Vec<Seat> = (0..n)
            .map(|k| (self.current + k) % n)
            .filter(|&s| {
                self.players[s as usize].placed && self.players[s as usize].sector == sector
            })
            .collect();
        for s in seats.into_iter().rev() {
            self.alliance_contact_effect(s, events);
        }
    }

    /// FF-FLY-22/23: the Cutter moves; nothing happens until a turn starts in its sector.
    pub fn move_cutter(&mut self, sector: SectorId, events: &mut Vec<Event>) {
        self.cutter = sector;
        events.push(Event::CutterMoved { sector });
    }

    /// FF-FLY-10: sectors to Evade into.
    pub fn evade_destinations(&self, seat: Seat) -> Vec<SectorId> {
        self.enterable(self.players[seat as usize].sector).collect()
    }

    fn event_index(&self, id: &str) -> Option<u8> {
        self.content
            .events
            .iter()
            .position(|e| e.id == id)
            .map(|i| i as u8)
    }

    /// FF-FLY-15..17: resolve the Alliance Contact event card for `seat`. Only Outlaw Ships have
    /// anything to fear from it, so a law-abiding ship resolves nothing.
    pub fn alliance_contact_effect(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if !self.is_outlaw(&self.players[seat as usize]) {
            return;
        }
        let Some(e) = self.event_index(ALLIANCE_CONTACT) else {
            return;
        };
        events.push(Event::AllianceContact { seat });
        let options = &self.content.events[e as usize].options;
        self.begin_resolution(Origin::Event(e), seat, options, events);
    }

    /// FF-TURN-2, FF-FLY-20: a turn that starts in the Cutter's sector begins with Reaver Contact.
    pub fn reaver_contact(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let Some(e) = self.event_index(REAVER_CONTACT) else {
            return;
        };
        events.push(Event::ReaverContact { seat });
        let options = &self.content.events[e as usize].options;
        self.begin_resolution(Origin::Event(e), seat, options, events);
    }

    /// Whether a resolution on the stack is a given origin kind (used by tests and views).
    pub fn resolving(&self) -> Option<&Resolution> {
        self.resolution.last()
    }
}
