//! Fly (FF-FLY): Full Burn, Mosey, Nav cards, Evade, the Alliance Cruiser and the Reaver
//! Cutter, and the Alliance and Reaver Contact events.

use serde::Serialize;
use tabletop_core::Seat;

use crate::action::Action;
use crate::content::*;
use crate::event::Event;
use crate::resolve::{Origin, Pending, Resolution, Stage};
use crate::state::*;

pub const ALLIANCE_CONTACT: &str = "alliance-contact";
pub const REAVER_CONTACT: &str = "reaver-contact";
/// The "Reaver Cutter" Nav cards (the Border deck's and the Rim decks'): ids start with this.
pub const REAVER_CUTTER_CARD: &str = "reaver-cutter";
/// The Nav card Harken's "Your Papers are in Order" lets a Solid player ignore.
pub const CUSTOMS_INSPECTION: &str = "customs-inspection";

/// FF-MISC-13 (Kalidasa): a Nav deck of this many cards or more is a "60-card deck": its
/// RESHUFFLE card is shuffled into it at set-up, and every time it is drawn and resolved the
/// deck is reshuffled.
pub const BIG_NAV_DECK: usize = 60;

/// A card the player *may* ignore, asked before the card is resolved (`Pending::Exemption`).
/// Answered with `Action::UseExemption(true)` (ignore it) or `(false)` (resolve it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Exemption {
    /// Harken's "Your Papers are in Order": while Solid with Harken, Customs Inspection Nav
    /// cards may be ignored.
    PapersInOrder,
    /// The Cry Baby ship upgrade (`Ability::EvadeCruiser`): discard it to ignore the Alliance
    /// Cruiser's effects and move the Cruiser 1 sector within Alliance Space.
    CryBaby(SupplyCardId),
    /// A Hull-Mounted Flak Gun (`Ability::EvadeCutter`, Blue Sun): discard it to ignore the
    /// Reaver Cutter in the ship's sector and move that Cutter 1 sector within Border or Rim
    /// Space.
    FlakGun(SupplyCardId),
    /// The Electronic Defense Suite (`Ability::FuelToEvadeReavers`, P&BH): spend 1 Fuel to
    /// Evade, ignoring the "Reaver Cutter" Nav card or Reaver Contact.
    ElectronicDefense(SupplyCardId),
}

impl Firefly {
    /// FF-FLY-6, FF-FLY-12: sectors `p`'s ship may move into from `from` by Full Burn or Evade
    /// (never a Reaver Cutter's, but with a Reaver-Flage).
    pub fn enterable(&self, p: &Player, from: SectorId) -> impl Iterator<Item = SectorId> + '_ {
        let flage = self.enters_cutter_sectors(p);
        self.neighbours(from)
            .iter()
            .copied()
            .filter(move |&s| flage || !self.has_cutter(s))
    }

    /// Sectors a ship may Mosey into from `from`: with Blue Sun also a Reaver Cutter's
    /// (FF-KAL-6, "desperate times"); otherwise as [`Firefly::enterable`].
    pub fn mosey_enterable(&self, from: SectorId) -> impl Iterator<Item = SectorId> + '_ {
        let desperate = self.uses(Expansion::BlueSun);
        self.neighbours(from)
            .iter()
            .copied()
            .filter(move |&s| desperate || !self.has_cutter(s))
    }

    #[inline(always)]
    pub fn can_full_burn(&self, p: &Player) -> bool {
        p.item(Item::Fuel) >= self.full_burn_fuel(p) && self.enterable(p, p.sector).next().is_some()
    }

    /// FF-FLY-2: the Fuel a Full Burn costs: the Drive Core's (1, or none for a core that needs
    /// no Fuel), plus one more for each Active "Heavy Load" job (`Job::heavy_load`: "while this
    /// job is Active, each Full Burn costs 1 more Fuel"). Judged: the Heavy Load's Fuel is owed
    /// even with a Drive Core that needs no Fuel, and two Heavy Loads add up.
    #[inline]
    pub fn full_burn_fuel(&self, p: &Player) -> u8 {
        let heavy: u8 = p
            .active
            .iter()
            .map(|a| self.content.job_facts[a.job as usize].heavy_load)
            .sum();
        // The Tri-Capissen 28HD is immune to the Heavy Load penalty.
        let heavy = if heavy > 0 && p.card_powers.ignores_heavy_load {
            0
        } else {
            heavy
        };
        self.burn_fuel(p) + heavy
    }

    /// FF-FLY-2: start a Full Burn, spending its Fuel.
    pub fn start_full_burn(&mut self, events: &mut Vec<Event>) {
        let seat = self.current;
        let fuel = self.full_burn_fuel(self.player(seat));
        self.unload(seat, Item::Fuel, fuel as u32, events);
        let range = self.burn_range(self.player(seat));
        self.activity = Activity::Flying { entered: 0, range };
        self.phase = Phase::FullBurn { entered: 0, range };
        // "Clearer Skies" (a Set Up card, FF-BS-5): a die roll, not a Test, says how many
        // sectors go by before Nav cards are drawn.
        self.clear_sectors = 0;
        self.nav_run = 0;
        if self.setup_card_def().is_some_and(|c| c.clear_skies_roll) {
            let roll = self.chance.d6();
            self.clear_sectors = roll;
            events.push(Event::ClearSkiesRolled { seat, roll });
        }
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
        let before = self.resolution.len();
        self.move_ship(seat, sector, events);
        self.phase = Phase::Resolving;
        // FF-FLY-15: entering the Cruiser's sector, an Outlaw Ship resolves Alliance Contact at
        // once ("in qualsiasi momento"), before the sector's Nav card. Judged (the rules do not
        // order the two): Alliance Contact ends in a Full Stop, so the flight ends there and no
        // Nav card is drawn for the sector; if the Cruiser is ignored (Cry Baby) the ship flies
        // on and the Nav card is drawn then (`after_event`). The Corvette likewise (FF-BS-15).
        // FF-BS-10: Alert tokens are resolved before the Nav card, which is drawn after them
        // (`after_alerts`).
        if self.resolution.len() == before
            && !self.enter_alerts(seat, crate::rim::AfterAlerts::DrawNav, events)
        {
            self.draw_nav(seat, events);
        }
    }

    /// FF-FLY-5: Mosey one sector (no Fuel, no Nav card).
    pub fn mosey_into(&mut self, sector: SectorId, events: &mut Vec<Event>) {
        let seat = self.current;
        let Phase::Mosey { moved, range } = self.phase else {
            unreachable!()
        };
        self.move_ship(seat, sector, events);
        // FF-BS-10: Alert tokens are resolved on a Mosey too; the Mosey then goes on
        // (`resume_after_interrupt`) unless an Alliance ship ended it (FF-BS-14).
        if self.resolution.is_empty()
            && self.enter_alerts(seat, crate::rim::AfterAlerts::Nothing, events)
        {
            self.activity = Activity::Moseying {
                moved: moved + 1,
                range,
            };
            self.phase = Phase::Resolving;
            return;
        }
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

    /// Move a Firefly; entering the Cruiser's sector starts Alliance Contact (FF-FLY-15), the
    /// Corvette's Corvette Contact (FF-BS-15).
    pub fn move_ship(&mut self, seat: Seat, sector: SectorId, events: &mut Vec<Event>) {
        self.put_ship(seat, sector);
        events.push(Event::Moved { seat, sector });
        // "Fuel Coupling Failure": 1 Fuel for each further sector moved into this turn.
        if self.fuel_leak
            && seat == self.current
            && self.players[seat as usize].item(Item::Fuel) > 0
        {
            self.unload(seat, Item::Fuel, 1, events);
            events.push(Event::FuelLeaked { seat });
        }
        if sector == self.cruiser {
            self.alliance_contact_effect(seat, events);
        }
        if self.corvette == Some(sector) {
            self.corvette_contact(seat, events);
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
    pub fn draw_nav(&mut self, seat: Seat, events: &mut Vec<Event>) {
        // "Clearer Skies" (a Set Up card, FF-BS-5): the first sectors of a Full Burn, as many as
        // were rolled, draw no Nav card; the flight goes on as after Keep Flying.
        if self.clear_sectors > 0 {
            self.clear_sectors -= 1;
            self.after_nav(seat, None, Some(Ending::KeepFlying), true, events);
            return;
        }
        let d = self.nav_deck_of(self.players[seat as usize].sector);
        let deck = &mut self.decks.nav[d];
        if deck.draw_len() == 0 {
            self.decks.nav_reshuffled[d] = true;
            self.reshuffle_nav(d, events);
        }
        let Some(card) = self.decks.nav[d].draw() else {
            // An empty deck and discard pile: nothing can happen; the flight goes on.
            self.after_nav(seat, None, Some(Ending::KeepFlying), true, events);
            return;
        };
        events.push(Event::NavDrawn { seat, card });
        if matches!(self.activity, Activity::Flying { .. }) {
            self.count_nav_run(seat, card);
        }
        let def = self.content.nav_def(card);
        // FF-PBH-3: each "Alliance Cruiser" card drawn updates the Most Wanted list.
        if def.name == crate::bounty::ALLIANCE_CRUISER_CARD {
            self.update_most_wanted(events);
        }
        let p = &self.players[seat as usize];
        // FF-BS-16: the Corvette protects a ship moving into its sector from the "Reaver Cutter"
        // card: it is not resolved, so as a RESHUFFLE card put in the discard pile unresolved it
        // reshuffles its deck once the action has finished (FF-BS-18, FF-FLY-27).
        if self.corvette == Some(p.sector) && def.id.starts_with(REAVER_CUTTER_CARD) {
            events.push(Event::CorvetteProtects { seat });
            events.push(Event::Ended {
                seat,
                ending: Ending::KeepFlying,
            });
            self.after_nav(seat, Some(card), Some(Ending::KeepFlying), false, events);
            return;
        }
        // Drive cores that "Ignore all Breakdowns": a Breakdown card (one with a `breakdown`
        // option) is not resolved at all; the ship flies on as after Keep Flying. Ignoring never
        // costs the player anything (they may still stop, FF-FLY-8), so it is not asked.
        if self.ignores_breakdowns(p) && def.options.iter().any(|o| o.breakdown) {
            events.push(Event::Ended {
                seat,
                ending: Ending::KeepFlying,
            });
            self.after_nav(seat, Some(card), Some(Ending::KeepFlying), false, events);
            return;
        }
        // The Electronic Defense Suite: 1 Fuel to Evade the "Reaver Cutter" card, asked first.
        if def.id.starts_with(REAVER_CUTTER_CARD) {
            if let Some(eds) = self.fuel_to_evade_reavers(seat) {
                let mut r = Resolution::new(Origin::Nav(card), seat, &def.options);
                r.pending = Some(Pending::Exemption(Exemption::ElectronicDefense(eds)));
                self.resolution.push(r);
                return;
            }
        }
        // Harken's "Your Papers are in Order": a player Solid with Harken may ignore Customs
        // Inspection cards; they are asked first.
        if def.id == CUSTOMS_INSPECTION && self.papers_in_order(p) {
            let mut r = Resolution::new(Origin::Nav(card), seat, &def.options);
            r.pending = Some(Pending::Exemption(Exemption::PapersInOrder));
            self.resolution.push(r);
            return;
        }
        self.begin_resolution(Origin::Nav(card), seat, &def.options, events);
    }

    /// Harken's Special Rule "Your Papers are in Order" applies: Solid with Harken (or counting
    /// as Solid, e.g. with an Alliance Ident Card).
    fn papers_in_order(&self, p: &Player) -> bool {
        let harken = ContactName::Harken;
        let rule = self
            .content
            .contact(harken)
            .is_some_and(|k| k.special_rule == ContactRule::PapersInOrder);
        rule && self.counts_as_solid(p, harken)
    }

    /// The Electronic Defense Suite of a player with Fuel to spend on it, if one is fitted.
    fn fuel_to_evade_reavers(&self, seat: Seat) -> Option<SupplyCardId> {
        let card = self.upgrade_with(seat, &Ability::FuelToEvadeReavers)?;
        (self.players[seat as usize].item(Item::Fuel) > 0).then_some(card)
    }

    /// The Cry Baby upgrade of a player, if one is fitted.
    fn cry_baby(&self, seat: Seat) -> Option<SupplyCardId> {
        self.upgrade_with(seat, &Ability::EvadeCruiser)
    }

    /// A ship upgrade of `seat`'s with this ability, if one is fitted.
    fn upgrade_with(&self, seat: Seat, ability: &Ability) -> Option<SupplyCardId> {
        let c = self.content;
        self.players[seat as usize]
            .upgrades
            .iter()
            .copied()
            .find(|&u| match c.supply_cards[u as usize].kind {
                SupplyKind::Upgrade(d) => c.upgrades[d as usize].abilities.contains(ability),
                _ => false,
            })
    }

    /// The decisions of a `Pending::Exemption`: ignore the card, or resolve it.
    pub fn exemption_actions(&self, out: &mut Vec<Action>) {
        out.push(Action::UseExemption(true));
        out.push(Action::UseExemption(false));
    }

    /// Answer the `Pending::Exemption` of the top resolution.
    pub fn apply_exemption(&mut self, ignore: bool, events: &mut Vec<Event>) {
        let r = self.resolution.last().unwrap();
        let Some(Pending::Exemption(x)) = r.pending else {
            unreachable!("no exemption pending")
        };
        let (origin, seat, options) = (r.origin, r.seat, r.options);
        // The Flak Gun declined, the Electronic Defense Suite is offered next.
        if !ignore && matches!(x, Exemption::FlakGun(_)) {
            if let Some(eds) = self.fuel_to_evade_reavers(seat) {
                self.resolution.last_mut().unwrap().pending =
                    Some(Pending::Exemption(Exemption::ElectronicDefense(eds)));
                return;
            }
        }
        if !ignore {
            // Resolve the card as usual, from the start.
            self.resolution.pop();
            self.begin_resolution(origin, seat, options, events);
            return;
        }
        let r = self.resolution.last_mut().unwrap();
        r.pending = None;
        r.stage = Stage::Finished;
        match x {
            Exemption::PapersInOrder => {
                // The card goes to the discard pile unresolved and the ship flies on.
                r.ending = Some(Ending::KeepFlying);
                events.push(Event::Ended {
                    seat,
                    ending: Ending::KeepFlying,
                });
            }
            Exemption::FlakGun(card) => {
                // No Reaver Contact: the Flak Gun is discarded and its owner moves the Cutter of
                // the sector 1 sector within Border or Rim Space.
                r.ending = None;
                self.discard_upgrade(seat, card);
                let here = self.players[seat as usize].sector;
                if let Some(i) = self.cutters.iter().position(|&s| s == here) {
                    let how = ShipMove::OneSectorByRightPlayer;
                    if !self.cutter_destinations_of(i as u8, how, seat).is_empty() {
                        self.resolution.last_mut().unwrap().pending = Some(Pending::MoveCutter {
                            how,
                            mover: seat,
                            cutter: Some(i as u8),
                        });
                    }
                }
            }
            Exemption::ElectronicDefense(_) => {
                // 1 Fuel, and the ship Evades (FF-FLY-10) where the card or event would have
                // made its Evade: the Reavers have no effect at all.
                r.ending = Some(Ending::Evade);
                events.push(Event::Ended {
                    seat,
                    ending: Ending::Evade,
                });
                self.unload(seat, Item::Fuel, 1, events);
                if self.can_evade(seat) {
                    self.resolution.last_mut().unwrap().pending = Some(Pending::Evade);
                }
            }
            Exemption::CryBaby(card) => {
                // No Alliance Contact: the Cry Baby is discarded and its owner moves the Cruiser
                // 1 sector within Alliance Space (ships there then meet it, FF-FLY-15).
                r.ending = None;
                self.discard_upgrade(seat, card);
                let how = ShipMove::OneSectorByRightPlayer;
                if !self.cruiser_destinations(how, seat).is_empty() {
                    self.resolution.last_mut().unwrap().pending =
                        Some(Pending::MoveCruiser { how, mover: seat });
                }
            }
        }
    }

    /// What `Action::UseExemption` means now.
    pub fn describe_exemption(&self, ignore: bool) -> String {
        match (self.resolution.last().and_then(|r| r.pending), ignore) {
            (Some(Pending::Exemption(Exemption::PapersInOrder)), true) => {
                "Your Papers are in Order (Solid with Harken): ignore Customs Inspection".into()
            }
            (Some(Pending::Exemption(Exemption::PapersInOrder)), false) => {
                "Resolve Customs Inspection".into()
            }
            (Some(Pending::Exemption(Exemption::CryBaby(card))), true) => format!(
                "Discard {} to ignore the Alliance Cruiser and move it 1 sector",
                self.content.supply_name(card)
            ),
            (Some(Pending::Exemption(Exemption::CryBaby(_))), false) => {
                "Resolve Alliance Contact".into()
            }
            (Some(Pending::Exemption(Exemption::FlakGun(card))), true) => format!(
                "Discard {} to ignore the Reaver Cutter and move it 1 sector",
                self.content.supply_name(card)
            ),
            (Some(Pending::Exemption(Exemption::FlakGun(_))), false) => {
                "Resolve Reaver Contact".into()
            }
            (Some(Pending::Exemption(Exemption::ElectronicDefense(card))), true) => format!(
                "Spend 1 Fuel ({}) to Evade the Reavers and ignore them",
                self.content.supply_name(card)
            ),
            (Some(Pending::Exemption(Exemption::ElectronicDefense(_))), false) => {
                match self.resolution.last().map(|r| r.origin) {
                    Some(Origin::Nav(_)) => "Resolve the Reaver Cutter card".into(),
                    _ => "Resolve Reaver Contact".into(),
                }
            }
            (_, ignore) => format!("Use an exemption: {ignore}"),
        }
    }

    /// A Nav card is resolved (or ignored, `resolved = false`): discard it, reshuffle if it says
    /// so, and go on flying.
    pub fn after_nav(
        &mut self,
        seat: Seat,
        card: Option<NavCardId>,
        ending: Option<Ending>,
        resolved: bool,
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
            if def.reshuffle && !resolved {
                // FF-FLY-27: a RESHUFFLE card put on the discard pile without being resolved
                // reshuffles its deck once the current action has finished.
                self.decks.nav_reshuffle_due[d] = true;
            } else if def.reshuffle && (self.decks.nav_reshuffled[d] || self.big_nav_deck(d)) {
                // FF-FLY-26: after the first reshuffle, a RESHUFFLE card drawn and resolved
                // reshuffles the deck with its discard pile; FF-MISC-13: in a 60-card deck,
                // every time.
                self.reshuffle_nav(d, events);
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

    /// FF-MISC-13: whether Nav deck `d` is a 60-card deck (every card is in its draw or
    /// discard pile between two draws).
    fn big_nav_deck(&self, d: usize) -> bool {
        let deck = &self.decks.nav[d];
        deck.draw_len() + deck.discard_len() >= BIG_NAV_DECK
    }

    // -----------------------------------------------------------------------------------------
    // The Alliance Cruiser and the Reaver Cutter
    // -----------------------------------------------------------------------------------------

    /// FF-FLY-19: where the Cruiser may be moved (it stays in Alliance Space); `drawer` is the
    /// player whose card moves it.
    pub fn cruiser_destinations(&self, how: ShipMove, drawer: Seat) -> SectorList {
        self.patrol_destinations_from(self.cruiser, |z| z == Zone::Alliance, how, drawer)
    }

    /// Where a non-player ship at `from`, confined to sectors whose zone passes `space`, may be
    /// moved in the way `how` says, by a card `drawer` drew.
    pub(crate) fn patrol_destinations_from(
        &self,
        from: SectorId,
        space: fn(Zone) -> bool,
        how: ShipMove,
        drawer: Seat,
    ) -> SectorList {
        let c = self.content;
        let board = self.board();
        let inside = |s: SectorId| board.in_play(s) && space(c.sectors[s as usize].zone);
        let occupied = |s: SectorId| self.ships.taken(s);
        match how {
            ShipMove::ToYou => SectorList::new(),
            ShipMove::NextToYouByRightPlayer => self
                .neighbours(self.players[drawer as usize].sector)
                .iter()
                .copied()
                .filter(|&s| inside(s) && !occupied(s) && s != from)
                .collect(),
            ShipMove::PlanetaryEmptyByRightPlayer => (0..c.sectors.len() as SectorId)
                .filter(|&s| inside(s) && self.planetary(s) && !occupied(s) && s != from)
                .collect(),
            ShipMove::UpToTwoSectorsByRightPlayer => {
                let mut v = SectorList::new();
                for &a in self.neighbours(from) {
                    if inside(a) {
                        v.push(a);
                        for &b in self.neighbours(a) {
                            if inside(b) && b != from {
                                v.push(b);
                            }
                        }
                    }
                }
                v.sort_unstable();
                v.dedup();
                v
            }
            ShipMove::OneSectorByRightPlayer => self
                .neighbours(from)
                .iter()
                .copied()
                .filter(|&s| inside(s))
                .collect(),
            ShipMove::AnywhereEmpty => (0..c.sectors.len() as SectorId)
                .filter(|&s| inside(s) && !occupied(s) && s != from)
                .collect(),
            ShipMove::ToAnOutlawShip => {
                let mut v: SectorList = self
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
        let seats: smallvec::SmallVec<[Seat; 8]> = (0..n)
            .map(|k| self.seat_after(self.current, k))
            .filter(|&s| self.ships.at(s) == sector)
            .collect();
        for s in seats.into_iter().rev() {
            if !self.offer_evade_arrival(s, crate::rim::NpcShip::Cruiser) {
                self.alliance_contact_effect(s, events);
            }
        }
    }

    /// FF-FLY-10: sectors to Evade into.
    pub fn evade_destinations(&self, seat: Seat) -> SectorList {
        let p = &self.players[seat as usize];
        self.enterable(p, p.sector).collect()
    }

    /// Whether `seat`'s ship has somewhere to Evade to (FF-FLY-10): an Evade with nowhere to go
    /// is not offered.
    pub fn can_evade(&self, seat: Seat) -> bool {
        let p = &self.players[seat as usize];
        self.enterable(p, p.sector).next().is_some()
    }

    fn event_index(&self, id: &str) -> Option<u8> {
        self.content
            .events
            .iter()
            .position(|e| e.id == id)
            .map(|i| i as u8)
    }

    /// FF-FLY-15..17: resolve the Alliance Contact event card for `seat`. Only Outlaw Ships have
    /// anything to fear from it, so a law-abiding ship resolves nothing. A ship with a Cry Baby
    /// is first asked whether to discard it and ignore the Cruiser.
    pub fn alliance_contact_effect(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if !self.is_outlaw(&self.players[seat as usize]) {
            return;
        }
        let Some(e) = self.event_index(ALLIANCE_CONTACT) else {
            return;
        };
        events.push(Event::AllianceContact { seat });
        let options = &self.content.events[e as usize].options;
        if let Some(card) = self.cry_baby(seat) {
            let mut r = Resolution::new(Origin::Event(e), seat, options);
            r.pending = Some(Pending::Exemption(Exemption::CryBaby(card)));
            self.resolution.push(r);
            return;
        }
        self.begin_resolution(Origin::Event(e), seat, options, events);
    }

    /// An event card finished. Alliance Contact met by the ship that is flying (FF-FLY-15):
    /// its Full Stop ends the Fly action (FF-FLY-9); if the Cruiser was ignored instead (Cry
    /// Baby) on entering its sector, the Nav card of the sector is drawn now (FF-FLY-3).
    pub fn after_event(
        &mut self,
        e: u8,
        seat: Seat,
        ending: Option<Ending>,
        events: &mut Vec<Event>,
    ) {
        let id = &self.content.events[e as usize].id;
        if (id != ALLIANCE_CONTACT && id != crate::rim::CORVETTE_CONTACT) || seat != self.current {
            return;
        }
        let Activity::Flying { .. } = self.activity else {
            return;
        };
        match ending {
            Some(Ending::FullStop) => self.activity = Activity::None,
            None if !self
                .resolution
                .iter()
                .any(|r| matches!(r.origin, Origin::Nav(_))) =>
            {
                self.phase = Phase::Resolving;
                self.draw_nav(seat, events);
            }
            _ => {}
        }
    }

    /// Shuffle Nav deck `d` with its discard pile; nobody knows its top any more.
    pub fn reshuffle_nav(&mut self, d: usize, events: &mut Vec<Event>) {
        self.decks.nav[d].reshuffle(&mut self.chance);
        self.seen_top[d] = [0; 5];
        events.push(Event::NavReshuffled { deck: d as u8 });
    }

    /// FF-FLY-27: once an action has finished, reshuffle the Nav decks whose RESHUFFLE card was
    /// discarded unresolved during it.
    /// (Asked after every action: the rare reshuffle is out of line.)
    #[inline]
    pub fn reshuffle_due_nav_decks(&mut self, events: &mut Vec<Event>) {
        if self.decks.nav_reshuffle_due.contains(&true) {
            self.reshuffle_nav_decks_now(events);
        }
    }

    #[inline(never)]
    fn reshuffle_nav_decks_now(&mut self, events: &mut Vec<Event>) {
        for d in 0..3 {
            if self.decks.nav_reshuffle_due[d] {
                self.decks.nav_reshuffle_due[d] = false;
                self.reshuffle_nav(d, events);
            }
        }
    }

    /// Salvage Op bonuses: when an option marked Salvage Op succeeds — it salvaged something
    /// (loaded goods, took money or a Ship Upgrade) — every crew, gear and ship ability "after a
    /// Salvage Op" pays out: `SalvageBonus` loads its items (as storage allows, FF-MISC-3) and
    /// `SalvageCash` takes its money. A failed Salvage Op (a Kill result, nothing found) earns
    /// nothing. (FF-MISC-10 names jobs of the Salvage Op type; the base game has none.)
    pub fn salvage_bonuses(&mut self, done: &Resolution, events: &mut Vec<Event>) {
        let Some(choice) = done.choice() else { return };
        if !choice.salvage_op {
            return;
        }
        let gains = |effects: &[Effect]| {
            effects.iter().any(|e| {
                matches!(
                    e,
                    Effect::Load { .. }
                        | Effect::LoadUpTo { .. }
                        | Effect::LoadGoods { .. }
                        | Effect::LoadPerCrewOnJob { .. }
                        | Effect::LoadPerCrewWithoutGear { .. }
                        | Effect::TakeMoney { .. }
                        | Effect::TakeShipUpgradeFromDiscard { .. }
                        | Effect::TakeCrewFromDiscard { .. }
                )
            })
        };
        let outcome = done.outcome();
        let succeeded = gains(&choice.effects)
            || outcome.is_some_and(|o| {
                gains(&o.effects)
                    || done
                        .branch
                        .is_some_and(|b| gains(&o.choose[b as usize].effects))
            });
        if !succeeded {
            return;
        }
        self.pay_salvage_bonuses(done.seat, events);
    }

    /// Every "after a Salvage Op" ability of the crew and ship pays out (FF-MISC-10).
    pub fn pay_salvage_bonuses(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let p = &self.players[seat as usize];
        let bonuses: smallvec::SmallVec<[Ability; 4]> = self
            .crew_abilities(p)
            .chain(self.ship_abilities(p))
            .filter(|a| {
                matches!(
                    a,
                    Ability::SalvageBonus { .. } | Ability::SalvageCash { .. }
                )
            })
            .cloned()
            .collect();
        for a in bonuses {
            match a {
                Ability::SalvageBonus { item, amount } => {
                    self.load(seat, item, amount as u32, events)
                }
                Ability::SalvageCash { amount } => self.earn(seat, amount, events),
                _ => {}
            }
        }
    }

    /// FF-TURN-2, FF-FLY-20: a turn that starts in the Cutter's sector begins with Reaver Contact.
    pub fn reaver_contact(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let Some(e) = self.event_index(REAVER_CONTACT) else {
            return;
        };
        events.push(Event::ReaverContact { seat });
        let options = &self.content.events[e as usize].options;
        // A Hull-Mounted Flak Gun may be discarded to ignore the Cutter instead, or 1 Fuel
        // spent on an Electronic Defense Suite to Evade it.
        let exemption = match self.upgrade_with(seat, &Ability::EvadeCutter) {
            Some(card) => Some(Exemption::FlakGun(card)),
            None => self
                .fuel_to_evade_reavers(seat)
                .map(Exemption::ElectronicDefense),
        };
        if let Some(x) = exemption {
            let mut r = Resolution::new(Origin::Event(e), seat, options);
            r.pending = Some(Pending::Exemption(x));
            self.resolution.push(r);
            return;
        }
        self.begin_resolution(Origin::Event(e), seat, options, events);
    }

    /// Whether a resolution on the stack is a given origin kind (used by tests and views).
    pub fn resolving(&self) -> Option<&Resolution> {
        self.resolution.last()
    }
}
