//! The Rim expansions' ships and tokens (spec §19, §20, FF-MISC-14..16, read with the
//! corrections at the top of §19): Blue Sun's three Reaver Cutters, Reaver Space and Reaver
//! Alert tokens; Kalidasa's Operative's Corvette and Alliance Alert tokens; resolving Alert
//! tokens when a ship enters their sector.
//!
//! With neither expansion nothing here happens: one Cutter, no Corvette, no tokens.

use serde::{Deserialize, Serialize};
use smallvec::{smallvec, SmallVec};
use tabletop_core::Seat;

use crate::content::*;
use crate::event::Event;
use crate::resolve::{Origin, Pending};
use crate::state::*;

/// The Corvette Contact event card (FF-BS-15), in Kalidasa's content.
pub const CORVETTE_CONTACT: &str = "corvette-contact";

/// The Alert tokens on one sector (only sectors holding some are listed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Alerts {
    pub sector: SectorId,
    pub alliance: u8,
    pub reaver: u8,
}

impl Alerts {
    pub fn of(&self, kind: AlertKind) -> u8 {
        match kind {
            AlertKind::Alliance => self.alliance,
            AlertKind::Reaver => self.reaver,
        }
    }
    fn of_mut(&mut self, kind: AlertKind) -> &mut u8 {
        match kind {
            AlertKind::Alliance => &mut self.alliance,
            AlertKind::Reaver => &mut self.reaver,
        }
    }
}

/// A non-player ship: what the player to the right picks when Alert tokens call a ship
/// (FF-BS-11, FF-KAL-12), or which Cutter a card moves (FF-KAL-15).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NpcShip {
    Cruiser,
    Corvette,
    /// A Reaver Cutter, by index into `Firefly::cutters`.
    Cutter(u8),
}

/// What the flying ship does once the Alert tokens of the sector it entered are resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum AfterAlerts {
    /// A Full Burn: draw the sector's Nav card (FF-BS-10), unless the Fly action ended.
    DrawNav,
    /// A Mosey or an Evade: nothing more for this sector.
    Nothing,
}

impl Firefly {
    // -----------------------------------------------------------------------------------------
    // Reaver Cutters (FF-KAL-5, -6, -9, -10, -14, -15, -17)
    // -----------------------------------------------------------------------------------------

    /// The Reaver Cutter in sector `s`, if any (FF-KAL-5: at most one).
    pub fn cutter_in(&self, s: SectorId) -> Option<u8> {
        self.cutters.iter().position(|&c| c == s).map(|i| i as u8)
    }

    /// Whether a Reaver Cutter is in sector `s` (a bit per sector: `CutterPlaces`).
    #[inline]
    pub fn has_cutter(&self, s: SectorId) -> bool {
        self.cutters.has(s)
    }

    /// FF-KAL-9 (Blue Sun): one Cutter in each Reaver Space sector; otherwise the one Cutter at
    /// the Firefly logo (FF-SETUP-6).
    pub(crate) fn starting_cutters(content: &Content, set: ExpansionSet) -> SectorList {
        if set.has(Expansion::BlueSun) {
            let board = content.board(set);
            let reaver: SectorList = (0..content.sectors.len() as SectorId)
                .filter(|&s| board.in_play(s) && content.sectors[s as usize].reaver_space)
                .collect();
            if !reaver.is_empty() {
                return reaver;
            }
        }
        smallvec![content.cutter_start]
    }

    /// FF-KAL-16/17: the Reaver starting sectors: Reaver Space with Blue Sun (FF-KAL-9),
    /// otherwise the one Cutter's start, the Firefly logo (FF-SETUP-6; judged for Kalidasa
    /// alone, which has no Reaver Space).
    pub fn reaver_starting_sectors(&self) -> SectorList {
        Firefly::starting_cutters(self.content, self.expansions())
    }

    /// Where a Cutter meeting the Corvette in sector `at` is driven off to (FF-KAL-17): the free
    /// Reaver starting sector nearest it, ties to the first on the board; `None` when every one
    /// holds a Cutter or the Corvette.
    fn refuge_from(&self, at: SectorId) -> Option<SectorId> {
        let board = self.board();
        self.reaver_starting_sectors()
            .into_iter()
            .filter(|&s| !self.has_cutter(s) && s != at && self.corvette != Some(s))
            .min_by_key(|&s| board.distance(at, s).unwrap_or(Board::FAR))
    }

    /// Cutters a card may move in the way `how` says (those with somewhere to go).
    pub fn movable_cutters(&self, how: ShipMove, drawer: Seat) -> SmallVec<[u8; 8]> {
        (0..self.cutters.len() as u8)
            .filter(|&i| !self.cutter_destinations_of(i, how, drawer).is_empty())
            .collect()
    }

    /// FF-FLY-24, FF-KAL-5: where Cutter `i` may be moved: out of Alliance Space, never into a
    /// sector that holds another Cutter. "To you" is the drawer's sector, unless a Cutter is
    /// already there (FF-KAL-14: no other Cutter comes; the card is resolved with it).
    pub fn cutter_destinations_of(&self, i: u8, how: ShipMove, drawer: Seat) -> SectorList {
        let from = self.cutters[i as usize];
        if how == ShipMove::ToYou {
            let s = self.players[drawer as usize].sector;
            return if self.has_cutter(s) {
                SectorList::new()
            } else {
                smallvec![s]
            };
        }
        let mut v = self.patrol_destinations_from(from, |z| z != Zone::Alliance, how, drawer);
        v.retain(|s| !self.has_cutter(*s) && !self.cutter_stuck_at(*s));
        v
    }

    /// Whether a Cutter moved to `s` would meet the Corvette there with nowhere to be driven off
    /// to (FF-KAL-17): such a move is not made (judged; it cannot happen with Reaver Space).
    fn cutter_stuck_at(&self, s: SectorId) -> bool {
        self.corvette == Some(s) && self.refuge_from(s).is_none()
    }

    /// Move Cutter `i` (FF-FLY-22/23: nothing happens until a turn starts in its sector). With
    /// Blue Sun it leaves a Reaver Alert token behind (FF-KAL-10); meeting the Corvette, it is
    /// driven off to a Reaver starting sector (FF-KAL-17).
    pub fn move_cutter_to(&mut self, i: u8, sector: SectorId, events: &mut Vec<Event>) {
        let from = self.cutters[i as usize];
        if from == sector {
            return;
        }
        self.cutters.set(i as usize, sector);
        events.push(Event::CutterMoved { sector });
        if self.uses(Expansion::BlueSun) {
            self.place_alert(from, AlertKind::Reaver, events);
        }
        if self.corvette == Some(sector) {
            self.drive_off_cutter(i, events);
        }
        // Xunsu Whisper X1: ships in the sector the Cutter entered may roll to Evade it.
        if self.cutters[i as usize] == sector {
            for s in 0..self.num_players() {
                if self.ships.at(s) == sector {
                    self.offer_evade_arrival(s, NpcShip::Cutter(i));
                }
            }
        }
    }

    /// FF-KAL-17: the Corvette and a Cutter share a sector: the Cutter goes to the free Reaver
    /// starting sector nearest it (judged: the rules name nobody to choose; ties go to the one
    /// listed first on the board). With no free one it stays.
    fn drive_off_cutter(&mut self, i: u8, events: &mut Vec<Event>) {
        let at = self.cutters[i as usize];
        if let Some(s) = self.refuge_from(at) {
            events.push(Event::CutterDrivenOff { sector: at });
            self.move_cutter_to(i, s, events);
        }
    }

    // -----------------------------------------------------------------------------------------
    // The Operative's Corvette (FF-BS-3, -8, -9, -15, -16, -31, FF-KAL-16, -17)
    // -----------------------------------------------------------------------------------------

    /// FF-BS-8, FF-BS-31: where the Corvette may be moved: any sector of the board (Alliance,
    /// Border or Rim Space) except the Reaver starting sectors.
    pub fn corvette_destinations(&self, how: ShipMove, drawer: Seat) -> SectorList {
        let Some(from) = self.corvette else {
            return SectorList::new();
        };
        let c = self.content;
        if how == ShipMove::ToYou {
            let s = self.players[drawer as usize].sector;
            return if c.sectors[s as usize].reaver_space || s == from || self.corvette_stuck_at(s) {
                SectorList::new()
            } else {
                smallvec![s]
            };
        }
        let mut v = self.patrol_destinations_from(from, |_| true, how, drawer);
        v.retain(|s| !c.sectors[*s as usize].reaver_space && !self.corvette_stuck_at(*s));
        v
    }

    /// Whether the Corvette moved to `s` would meet a Cutter with nowhere to be driven off to
    /// (FF-KAL-17): such a move is not made (judged).
    fn corvette_stuck_at(&self, s: SectorId) -> bool {
        self.has_cutter(s) && self.refuge_from(s).is_none()
    }

    /// The Corvette moves: it clears the Reaver Alert tokens of the sector it enters (FF-KAL-16),
    /// drives off a Cutter there (FF-KAL-17), leaves no token behind (FF-BS-9), and every Outlaw
    /// Ship there resolves Corvette Contact (FF-BS-15), the current player first.
    pub fn move_corvette(&mut self, sector: SectorId, events: &mut Vec<Event>) {
        self.corvette = Some(sector);
        events.push(Event::CorvetteMoved { sector });
        self.clear_alerts(sector, AlertKind::Reaver, events);
        if let Some(i) = self.cutter_in(sector) {
            self.drive_off_cutter(i, events);
        }
        let n = self.num_players();
        let seats: smallvec::SmallVec<[Seat; 8]> = (0..n)
            .map(|k| self.seat_after(self.current, k))
            .filter(|&s| self.ships.at(s) == sector)
            .collect();
        for s in seats.into_iter().rev() {
            if !self.offer_evade_arrival(s, NpcShip::Corvette) {
                self.corvette_contact(s, events);
            }
        }
    }

    /// FF-BS-15: resolve the Corvette Contact card for `seat`, an Outlaw Ship (non-Outlaw ships
    /// do not trigger it).
    pub fn corvette_contact(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if !self.is_outlaw(&self.players[seat as usize]) {
            return;
        }
        let Some(e) = self
            .content
            .events
            .iter()
            .position(|e| e.id == CORVETTE_CONTACT)
        else {
            return;
        };
        events.push(Event::CorvetteContact { seat });
        let options = &self.content.events[e].options;
        self.begin_resolution(Origin::Event(e as u8), seat, options, events);
    }

    // -----------------------------------------------------------------------------------------
    // Alert tokens (FF-BS-9..14, FF-KAL-4, -10..13, -16, FF-MISC-16)
    // -----------------------------------------------------------------------------------------

    /// The Alert tokens on sector `s`.
    pub fn alerts_at(&self, s: SectorId) -> Alerts {
        self.alerts
            .iter()
            .find(|a| a.sector == s)
            .copied()
            .unwrap_or(Alerts {
                sector: s,
                alliance: 0,
                reaver: 0,
            })
    }

    /// FF-KAL-4: a Reaver Space sector's printed, permanent Reaver Alert (Blue Sun), counted as
    /// one Reaver Alert token that is never removed (judged in the spec).
    pub fn printed_reaver_alert(&self, s: SectorId) -> bool {
        self.uses(Expansion::BlueSun) && self.content.sectors[s as usize].reaver_space
    }

    /// How many Alert tokens of a kind count when resolving sector `s` (the printed Reaver Alert
    /// included).
    pub fn alert_count(&self, s: SectorId, kind: AlertKind) -> u8 {
        let printed = kind == AlertKind::Reaver && self.printed_reaver_alert(s);
        self.alerts_at(s).of(kind) + printed as u8
    }

    /// Put one Alert token on a sector (FF-BS-9, FF-KAL-10: a sector may hold several).
    pub fn place_alert(&mut self, s: SectorId, kind: AlertKind, events: &mut Vec<Event>) {
        // A Set Up card may leave Alert tokens out of the game ("Clearer Skies", FF-BS-5).
        if self.setup_card_def().is_some_and(|c| c.no_alert_tokens) {
            return;
        }
        let i = match self.alerts.iter().position(|a| a.sector == s) {
            Some(i) => i,
            None => {
                let at = self.alerts.partition_point(|a| a.sector < s);
                self.alerts.insert(
                    at,
                    Alerts {
                        sector: s,
                        alliance: 0,
                        reaver: 0,
                    },
                );
                at
            }
        };
        *self.alerts[i].of_mut(kind) = self.alerts[i].of(kind).saturating_add(1);
        events.push(Event::AlertPlaced { sector: s, kind });
    }

    /// FF-BS-5 ("Awful Crowded in My Sky"): once the ships are placed, an Alert token on every
    /// planetary sector of the board in play where no Firefly starts: Alliance Alerts in
    /// Alliance Space, Reaver Alerts in Border and Rim Space.
    pub fn setup_card_alerts(&mut self, events: &mut Vec<Event>) {
        if !self
            .setup_card_def()
            .is_some_and(|c| c.alerts_on_planetary_sectors)
        {
            return;
        }
        let board = self.board();
        for s in 0..self.content.sectors.len() as SectorId {
            let taken = self.players.iter().any(|p| p.sector == s);
            if !board.in_play(s) || !self.planetary(s) || taken {
                continue;
            }
            let kind = match self.content.sectors[s as usize].zone {
                Zone::Alliance => AlertKind::Alliance,
                _ => AlertKind::Reaver,
            };
            self.place_alert(s, kind, events);
        }
    }

    /// Remove every token of a kind from a sector (never the printed Reaver Alert).
    pub fn clear_alerts(&mut self, s: SectorId, kind: AlertKind, events: &mut Vec<Event>) {
        let Some(i) = self.alerts.iter().position(|a| a.sector == s) else {
            return;
        };
        if self.alerts[i].of(kind) == 0 {
            return;
        }
        *self.alerts[i].of_mut(kind) = 0;
        if self.alerts[i].alliance == 0 && self.alerts[i].reaver == 0 {
            self.alerts.remove(i);
        }
        events.push(Event::AlertsRemoved { sector: s, kind });
    }

    /// FF-BS-10, FF-KAL-12 (1): `seat`, flying, has entered its sector; if Alert tokens lie
    /// there they are resolved now, before the sector's Nav card (a Full Burn), whether it
    /// entered by Full Burn, Mosey or Evade. Returns whether a resolution was started.
    pub fn enter_alerts(&mut self, seat: Seat, then: AfterAlerts, events: &mut Vec<Event>) -> bool {
        let s = self.players[seat as usize].sector;
        if self.alert_count(s, AlertKind::Alliance) == 0
            && self.alert_count(s, AlertKind::Reaver) == 0
        {
            return false;
        }
        self.begin_resolution(
            Origin::Alerts { sector: s, then },
            seat,
            alert_choice(),
            events,
        );
        true
    }

    /// FF-BS-17: the sectors whose Alert tokens `seat` may resolve now with a Long-Range Scanner
    /// Array: adjacent ones holding tokens, during its Fly action.
    pub fn scannable(&self, seat: Seat) -> SmallVec<[SectorId; 8]> {
        let p = &self.players[seat as usize];
        if !p.card_powers.long_range_scanner || seat != self.current {
            return SmallVec::new();
        }
        self.neighbours(p.sector)
            .iter()
            .copied()
            .filter(|&s| {
                self.alert_count(s, AlertKind::Alliance) + self.alert_count(s, AlertKind::Reaver)
                    > 0
            })
            .collect()
    }

    /// FF-BS-17: resolve an adjacent sector's Alert tokens; a ship they call goes to that sector.
    /// The Fly action goes on afterwards (a Mosey in progress included).
    pub fn scan(&mut self, seat: Seat, s: SectorId, events: &mut Vec<Event>) {
        if let Phase::Mosey { moved, range } = self.phase {
            self.activity = Activity::Moseying { moved, range };
        }
        events.push(Event::Scanned { seat, sector: s });
        self.begin_resolution(
            Origin::Alerts {
                sector: s,
                then: AfterAlerts::Nothing,
            },
            seat,
            alert_choice(),
            events,
        );
        self.phase = Phase::Resolving;
    }

    /// The sector whose Alert tokens the top resolution resolves (the ship's own, or a scanned
    /// one, FF-BS-17).
    fn alert_sector(&self, seat: Seat) -> SectorId {
        match self.resolution.last().map(|r| r.origin) {
            Some(Origin::Alerts { sector, .. }) => sector,
            _ => self.players[seat as usize].sector,
        }
    }

    /// One kind of Alert tokens in the flying ship's sector (FF-KAL-12 (2)..(5)): roll one die,
    /// unmodified (it is no Test, FF-BS-11: no skill, bribe or re-roll); on a roll up to the
    /// number of tokens the player on the right picks a ship of that kind to come; whatever the
    /// roll, the tokens of that kind are removed (not the printed Reaver Alert, FF-KAL-4).
    pub fn resolve_alerts(&mut self, seat: Seat, kind: AlertKind, events: &mut Vec<Event>) {
        let s = self.alert_sector(seat);
        let tokens = self.alert_count(s, kind);
        if tokens == 0 {
            return;
        }
        let roll = self.chance.d6();
        events.push(Event::AlertsRolled {
            seat,
            sector: s,
            kind,
            tokens,
            roll,
        });
        self.clear_alerts(s, kind, events);
        if roll > tokens {
            return;
        }
        let ships = self.alert_candidates(s, kind);
        let mover = self.right_of(seat);
        match ships.as_slice() {
            [] => {}
            [one] => self.call_ship(seat, s, *one, events),
            _ => {
                self.resolution.last_mut().unwrap().pending =
                    Some(Pending::CallShip { kind, mover })
            }
        }
    }

    /// FF-BS-12, FF-KAL-12 (3): the ships that can answer Alert tokens of a kind in sector `s`.
    /// Alliance: in Alliance Space the Cruiser or the Corvette, elsewhere only the Corvette
    /// (Kalidasa). With Blue Sun alone only the Cruiser exists, so outside Alliance Space nothing
    /// answers (judged; no source says). Reaver: any Cutter (FF-KAL-5: none if one is there).
    pub fn alert_candidates(&self, s: SectorId, kind: AlertKind) -> SmallVec<[NpcShip; 8]> {
        let c = self.content;
        match kind {
            AlertKind::Alliance => {
                let mut v = SmallVec::new();
                if c.sectors[s as usize].zone == Zone::Alliance && self.cruiser != s {
                    v.push(NpcShip::Cruiser);
                }
                if self.corvette.is_some_and(|k| k != s)
                    && !c.sectors[s as usize].reaver_space
                    && !self.corvette_stuck_at(s)
                {
                    v.push(NpcShip::Corvette);
                }
                v
            }
            AlertKind::Reaver => {
                if self.has_cutter(s) || self.cutter_stuck_at(s) {
                    return SmallVec::new();
                }
                (0..self.cutters.len() as u8).map(NpcShip::Cutter).collect()
            }
        }
    }

    /// A ship answers Alert tokens: it moves into their sector `s` (the flying ship's, or one it
    /// scanned). All normal contact
    /// rules apply (FF-BS-13): the Cruiser's arrival starts Alliance Contact, the Corvette's
    /// Corvette Contact; a Cutter's waits for a turn to start there (FF-KAL-13). An Outlaw Ship
    /// to which an Alliance ship comes ends its Fly action at once (FF-BS-14).
    pub fn call_ship(&mut self, seat: Seat, s: SectorId, ship: NpcShip, events: &mut Vec<Event>) {
        let alliance = matches!(ship, NpcShip::Cruiser | NpcShip::Corvette);
        let here = self.players[seat as usize].sector == s;
        if alliance && here && self.is_outlaw(&self.players[seat as usize]) && seat == self.current
        {
            self.stop_flying();
        }
        match ship {
            NpcShip::Cruiser => self.move_cruiser(s, events),
            NpcShip::Corvette => self.move_corvette(s, events),
            NpcShip::Cutter(i) => self.move_cutter_to(i, s, events),
        }
    }

    /// The Fly action under way ends (no more sectors, no Nav card for this one).
    pub(crate) fn stop_flying(&mut self) {
        if matches!(
            self.activity,
            Activity::Flying { .. } | Activity::Moseying { .. }
        ) {
            self.activity = Activity::None;
        }
    }

    /// An Alert resolution finished: a Full Burn draws the sector's Nav card now, unless its
    /// Fly action has ended (FF-BS-14).
    pub fn after_alerts(&mut self, seat: Seat, then: AfterAlerts, events: &mut Vec<Event>) {
        if then == AfterAlerts::DrawNav
            && seat == self.current
            && matches!(self.activity, Activity::Flying { .. })
        {
            self.phase = Phase::Resolving;
            self.draw_nav(seat, events);
        }
    }

    /// Describe a pick of a non-player ship.
    pub fn npc_label(&self, ship: NpcShip) -> String {
        let c = self.content;
        match ship {
            NpcShip::Cruiser => {
                format!("the Alliance Cruiser (at {})", c.sector_label(self.cruiser))
            }
            NpcShip::Corvette => match self.corvette {
                Some(s) => format!("the Operative's Corvette (at {})", c.sector_label(s)),
                None => "the Operative's Corvette".into(),
            },
            NpcShip::Cutter(i) => match self.cutters.get(i as usize) {
                Some(&s) => format!("the Reaver Cutter at {}", c.sector_label(s)),
                None => format!("unknown Reaver Cutter #{i}"),
            },
        }
    }
}

/// The Alert resolution's one option: the Alliance tokens first, then the Reaver tokens
/// (FF-MISC-16).
pub fn alert_choice() -> &'static [Choice] {
    static C: std::sync::OnceLock<Vec<Choice>> = std::sync::OnceLock::new();
    C.get_or_init(|| {
        vec![Choice {
            name: "Resolve the Alert tokens".into(),
            requires: vec![],
            effects: vec![
                Effect::ResolveAlerts {
                    alert: AlertKind::Alliance,
                },
                Effect::ResolveAlerts {
                    alert: AlertKind::Reaver,
                },
            ],
            test: None,
            then: vec![],
            ends: None,
            salvage_op: false,
            breakdown: false,
        }]
    })
}
