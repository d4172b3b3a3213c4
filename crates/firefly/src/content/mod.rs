//! Firefly's static content: the board, the decks, the leaders, ships and stories.
//!
//! Content lives in TOML files under `crates/firefly/content/<pack>/` (one pack per published
//! product; `base` first). The files are embedded in the binary, so a fresh clone runs without
//! set-up, and can also be loaded from a directory (for modding and for tests of bad input).
//! [`Content::load`] validates everything — every reference, every count the rules fix — and
//! names the file, the entry and the field of the first problem.

pub mod bounty;
pub mod cards;
pub mod load;
pub mod options;
pub mod piracy;
pub mod render;
mod room;
pub mod vocab;

pub use bounty::{BountyCard, BountyId};
pub use cards::*;
pub use load::{ContentError, ContentFiles};
pub use options::*;
pub use piracy::{Loot, Piracy, PiracyTarget};
pub use vocab::*;

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Dense indices into [`Content`] tables.
pub type SectorId = u16;
/// A list of sectors kept inline: every sector of the published boards fits (152 with both Rim
/// boxes), so listing where a ship may go allocates nothing; a larger custom board spills to
/// the heap.
pub type SectorList = smallvec::SmallVec<[SectorId; 160]>;
/// One physical Supply card (a copy), index into [`Content::supply_cards`].
pub type SupplyCardId = u16;
/// One physical Job card, index into [`Content::jobs`].
pub type JobId = u16;
/// One physical Nav card (a copy), index into [`Content::nav_cards`].
pub type NavCardId = u16;
/// One physical Misbehave card (a copy), index into [`Content::misbehave_cards`].
pub type MisbehaveCardId = u16;
pub type CrewDefId = u16;
pub type GearDefId = u16;
pub type UpgradeDefId = u16;
pub type ShipId = u8;
pub type DeckId = u8;

/// What the legal actions ask about a sector at every step (`Content::sector_facts`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SectorFacts {
    /// The Contact dealt with there (the first by [`ContactName::index`] if several: the
    /// reverse of `Content::contact_sector`), with the product its card comes from.
    pub contact: Option<(ContactName, Source)>,
    /// The Supply deck sold there (FF-BUY-1; the first listed if several).
    pub supply: Option<DeckId>,
    /// A sector with a planet (the Space Bazaar and the Cortex Relays count, FF-MISC-17).
    pub planetary: bool,
}

/// Where a story goal is attempted with a Work action (FF-WIN-2): at a sector, at the
/// captain's own Haven (FF-PBH-38..41), or nowhere (a standing goal, met without a Work action,
/// FF-WIN-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalPlace {
    At(SectorId),
    Haven,
    Nowhere,
}

/// What the legal actions ask of every job a captain holds at every step of the Actions phase
/// (`Content::job_facts`, issue 11): one flat record per job, read instead of the job's card,
/// its steps and its sectors' lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JobFacts {
    /// Each step's printed sector (a job has one or two steps).
    pub step_sectors: [SectorId; 2],
    /// A bit per step worked wherever the Alliance Cruiser is (`JobStep::at_cruiser`),
    pub at_cruiser: u8,
    /// and a bit per step in the Uroboros Belt (`JobStep::uroboros_belt`).
    pub uroboros_belt: u8,
    /// Never worked on its own at a planet: a Big Damn Challenge (FF-BS-24) or a Piracy job.
    pub not_at_a_planet: bool,
    /// A Piracy job (`crate::piracy`).
    pub piracy: bool,
    /// Some Opportunity Bonus is a Bonus Drop-Off (`Content::bonus_sectors`).
    pub bonus_drop_off: bool,
    /// Fuel a Full Burn costs more while the job is Active (`Job::heavy_load`).
    pub heavy_load: u8,
}

impl JobFacts {
    pub fn of(job: &Job, sectors: &[SectorId], bonus: &[Option<SectorId>]) -> JobFacts {
        let mut f = JobFacts {
            not_at_a_planet: job.challenge.is_some() || job.piracy.is_some(),
            piracy: job.piracy.is_some(),
            bonus_drop_off: bonus.iter().any(Option::is_some),
            heavy_load: job.heavy_load,
            ..JobFacts::default()
        };
        for (i, st) in job.steps.iter().enumerate().take(2) {
            // A Big Damn Challenge has no sector (it is attached to a job, FF-BS-24).
            f.step_sectors[i] = sectors.get(i).copied().unwrap_or(SectorId::MAX);
            f.at_cruiser |= (st.at_cruiser as u8) << i;
            f.uroboros_belt |= (st.uroboros_belt as u8) << i;
        }
        f
    }
}

/// What the rules of carrying Gear (FF-CREW-17..21, `Firefly::can_carry`) read of a Gear card
/// (`Content::gear_carry`), one flat record per definition worked out on load: the Equip
/// actions ask it for every Gear card set aside and every crew member at every step of the
/// Actions phase (issue 11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GearCarry {
    /// It counts toward its carrier's gear limit (no `Ability::NoGearLimit`).
    pub counts: bool,
    pub keywords: KeywordSet,
    /// The skill its carrier must have, by `Skill as usize` (`Ability::RequiresSkillToCarry`;
    /// 0: none).
    pub needs: [u8; 3],
}

impl GearCarry {
    pub fn of(g: &Gear) -> GearCarry {
        let mut c = GearCarry {
            counts: true,
            ..GearCarry::default()
        };
        for &k in &g.keywords {
            c.keywords.insert(k);
        }
        for a in &g.abilities {
            match *a {
                Ability::NoGearLimit => c.counts = false,
                Ability::RequiresSkillToCarry { skill, amount } => {
                    c.needs[skill as usize] = c.needs[skill as usize].max(amount)
                }
                _ => {}
            }
        }
        c
    }

    /// FF-CREW-17..21: whether a crew member with these facts, carrying `counted` Gear cards
    /// that count toward the limit, may take this Gear card up (`Firefly::can_carry`; the bots
    /// ask it too).
    pub fn carried_by(&self, crew: &CrewCarry, counted: usize) -> bool {
        let full = self.counts && counted >= crew.capacity as usize;
        // The Specialist carries no Gear at all, counted toward the limit or not.
        !(full || crew.no_gear)
            && crew.may_not_carry.0 & self.keywords.0 == 0
            && (0..3).all(|s| crew.skills[s] >= self.needs[s])
    }
}

/// What the same rules read of a crew card (`Content::crew_carry`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CrewCarry {
    /// Gear cards it may carry that count toward the limit (`Ability::GearCapacity`, else 1).
    pub capacity: u8,
    /// The Specialist: no Gear at all (`Ability::MayNotCarryGear`).
    pub no_gear: bool,
    /// Keywords of Gear it may not carry (`Ability::MayNotCarry`).
    pub may_not_carry: KeywordSet,
    /// Its printed skills, by `Skill as usize`.
    pub skills: [u8; 3],
}

impl CrewCarry {
    pub fn of(m: &Crew) -> CrewCarry {
        let mut c = CrewCarry {
            capacity: 1,
            skills: Skill::ALL.map(|s| m.skills.get(s)),
            ..CrewCarry::default()
        };
        // The first capacity printed counts (as `Firefly::gear_capacity` finds it).
        if let Some(cards) = m.abilities.iter().find_map(|a| match a {
            Ability::GearCapacity { cards } => Some(*cards),
            _ => None,
        }) {
            c.capacity = cards;
        }
        for a in &m.abilities {
            match *a {
                Ability::MayNotCarryGear => c.no_gear = true,
                Ability::MayNotCarry { keyword } => c.may_not_carry.insert(keyword),
                _ => {}
            }
        }
        c
    }
}

pub type StoryId = u8;

/// What a physical Supply card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum SupplyKind {
    Crew(CrewDefId),
    Gear(GearDefId),
    Upgrade(UpgradeDefId),
}

/// FF-PBH-37: a numbered Destination token: goal `goal` (from 0) is at `sector`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Destination {
    pub goal: u8,
    pub sector: SectorId,
}

/// One physical Supply card: what it is and which deck it belongs to (its discard pile is where
/// it goes when discarded, FF-CREW-5, FF-MISC-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SupplyCard {
    pub kind: SupplyKind,
    pub deck: DeckId,
    pub source: Source,
}

impl SupplyCard {
    /// The crew definition of a crew card.
    pub fn crew(&self) -> Option<CrewDefId> {
        match self.kind {
            SupplyKind::Crew(d) => Some(d),
            _ => None,
        }
    }
}

/// A Supply deck with its sector and its physical cards.
#[derive(Clone, Debug)]
pub struct SupplyDeckInfo {
    pub def: SupplyDeck,
    pub sector: SectorId,
    pub cards: Vec<SupplyCardId>,
}

/// A physical Nav card and its definition.
#[derive(Clone, Copy, Debug)]
pub struct NavCopy {
    pub def: u16,
}

/// The board of one set of expansions (FF-BS-1, FF-KAL-1): which sectors are on the table (those
/// of the products in play) and how they link.
#[derive(Debug, Default)]
pub struct Board {
    pub on_table: Vec<bool>,
    /// The sectors on this board, in id order (placing a ship lists them: FF-SETUP-11).
    pub sectors: Vec<SectorId>,
    /// `neighbours[s]`: the sectors adjacent to `s` on this board (empty when `s` is not on it).
    pub neighbours: Vec<Vec<SectorId>>,
    /// `distances[a * n + b]`: the fewest sector-to-sector moves from `a` to `b` on this board,
    /// [`Board::FAR`] when there is no way (worked out on load: the engine asks it while
    /// listing legal actions, which must not allocate).
    pub distances: Vec<u16>,
}

impl Board {
    /// No way between two sectors.
    pub const FAR: u16 = u16::MAX;

    pub fn in_play(&self, s: SectorId) -> bool {
        self.on_table.get(s as usize).copied().unwrap_or(false)
    }

    /// Moves from `a` to `b` on this board, `None` when there is no way.
    pub fn distance(&self, a: SectorId, b: SectorId) -> Option<u16> {
        let n = self.neighbours.len();
        let d = self.distances[a as usize * n + b as usize];
        (d != Self::FAR).then_some(d)
    }

    /// Breadth-first distances from every sector.
    pub(crate) fn distances_of(neighbours: &[Vec<SectorId>]) -> Vec<u16> {
        let n = neighbours.len();
        let mut d = vec![Self::FAR; n * n];
        let mut queue = std::collections::VecDeque::new();
        for from in 0..n {
            let row = &mut d[from * n..(from + 1) * n];
            row[from] = 0;
            queue.clear();
            queue.push_back(from);
            while let Some(s) = queue.pop_front() {
                for &next in &neighbours[s] {
                    if row[next as usize] == Self::FAR {
                        row[next as usize] = row[s] + 1;
                        queue.push_back(next as usize);
                    }
                }
            }
        }
        d
    }
}

/// A story's standing goals: goals with no place to be worked at, completed as soon as they
/// hold (FF-WIN-3), so checked for every captain after every step. Their conditions are folded
/// on load into one flat record per goal ([`StandingCheck`]), read against the captain's own
/// fields without walking the story's lists (issue 11).
#[derive(Debug, Default)]
pub struct StandingGoals {
    /// A bit per goal index.
    pub mask: u64,
    /// By goal index (the entries of goals that are not standing are never read).
    pub checks: Vec<StandingCheck>,
}

/// The conditions of one standing goal, folded (every one must hold, `GoalCondition`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StandingCheck {
    /// Solid with each of these Contacts, a bit per `ContactName::index`.
    pub solid_with: u16,
    /// Solid with at least this many Contacts.
    pub solid_count: u8,
    /// At least this much money.
    pub money: u32,
    pub no_warrants: bool,
    /// At least this many Warrants.
    pub warrants: u8,
    /// Some condition counts completed jobs: the goal's list is read for those.
    pub completed_jobs: bool,
}

impl StandingCheck {
    pub fn of(requires: &[GoalCondition]) -> StandingCheck {
        requires.iter().fold(StandingCheck::default(), |mut c, r| {
            match r {
                GoalCondition::SolidWith { contacts } => {
                    c.solid_with |= contacts.iter().fold(0u16, |m, k| m | 1 << k.index())
                }
                GoalCondition::SolidCount { count } => c.solid_count = c.solid_count.max(*count),
                GoalCondition::Money { amount } => c.money = c.money.max(*amount),
                GoalCondition::NoWarrants => c.no_warrants = true,
                GoalCondition::Warrants { count } => c.warrants = c.warrants.max(*count),
                GoalCondition::CompletedJobs { .. } => c.completed_jobs = true,
            }
            c
        })
    }
}

/// The loaded, validated content of one game.
#[derive(Debug)]
pub struct Content {
    /// A short stable fingerprint of the files (saves record it, FF replays check it).
    pub fingerprint: String,
    pub sectors: Vec<Sector>,
    /// `neighbours[s]`: sectors adjacent to `s` on the base game's board (the board of a game
    /// without expansions; see [`Content::board`] for the others).
    pub neighbours: Vec<Vec<SectorId>>,
    /// The board of each set of expansions, indexed by [`ExpansionSet::board_index`].
    pub boards: [Board; 4],
    /// FF-KAL-2: Nav cards that leave their decks when an expansion is in play.
    pub nav_removals: Vec<NavRemoval>,
    /// FF-KAL-3: sector tiles, with the sector each lies on.
    pub tiles: Vec<(SectorId, SectorTile)>,
    /// Sector id string → index.
    pub sector_ids: HashMap<String, SectorId>,
    /// Sector of each Contact that can be dealt with on the map.
    pub contact_sector: [Option<SectorId>; ContactName::COUNT],
    /// What the legal actions ask about the sector a ship is in at every step, by sector: one
    /// small record each, rather than walks of the Contacts and Supply decks (issue 11).
    pub sector_facts: Vec<SectorFacts>,
    /// For each story, its standing goals (no place to be worked at, checked after every
    /// step).
    pub standing_goals: Vec<StandingGoals>,
    /// What each card definition adds to its holder's powers and reputation (`crate::card_powers`).
    pub card_parts: crate::card_powers::CardParts,
    pub contacts: Vec<Contact>,
    pub crew: Vec<Crew>,
    pub gear: Vec<Gear>,
    pub upgrades: Vec<ShipUpgrade>,
    pub ships: Vec<Ship>,
    /// The starting drive core of each ship, as an upgrade definition.
    pub ship_cores: Vec<UpgradeDefId>,
    pub supply_decks: Vec<SupplyDeckInfo>,
    pub supply_cards: Vec<SupplyCard>,
    /// Leader crew definitions (Set Up cards, FF-COMP-5).
    pub leaders: Vec<CrewDefId>,
    pub jobs: Vec<Job>,
    /// For each job, its steps' sectors.
    pub job_sectors: Vec<Vec<SectorId>>,
    /// For each job, each Opportunity Bonus as the two options offered when it can be earned
    /// (FF-MISC-11): `[earn it, pass it up]`. Built by the loader from `Job::opportunities`.
    pub opportunity_options: Vec<Vec<Vec<Choice>>>,
    /// For each job, the sector of each of its Opportunity Bonuses that is a Bonus Drop-Off
    /// (`Opportunity::at`), else `None`.
    pub bonus_sectors: Vec<Vec<Option<SectorId>>>,
    /// For each job, what the legal actions ask of it (built from the three lists above).
    pub job_facts: Vec<JobFacts>,
    /// For each Supply card, what the rules of buying read of it.
    pub supply_rules: Vec<crate::buy::SupplyRules>,
    /// For each Gear and crew definition, what the rules of carrying Gear read of it.
    pub gear_carry: Vec<GearCarry>,
    pub crew_carry: Vec<CrewCarry>,
    /// For each job with a `gamble`, its options once paid: `[decline, name each suit]`; empty
    /// for other jobs. Built by the loader.
    pub gamble_options: Vec<Vec<Choice>>,
    /// For each job with an `any_mix` drop-off, the instruction that delivers it: one option,
    /// a `DeliverUpTo` per item; empty for other jobs. Built by the loader.
    pub delivery_options: Vec<Vec<Choice>>,
    pub nav_defs: Vec<NavCard>,
    /// Physical Nav cards: index into `nav_defs`.
    pub nav_cards: Vec<u16>,
    pub events: Vec<EventCard>,
    pub misbehave_defs: Vec<MisbehaveCard>,
    /// Physical Misbehave cards: index into `misbehave_defs`.
    pub misbehave_cards: Vec<u16>,
    pub stories: Vec<Story>,
    /// FF-BS-5, FF-SETUP-22: the Set Up cards a table may play with instead of the standard
    /// set-up.
    pub setup_cards: Vec<SetupCard>,
    /// For each story, each goal's sector (if it has one).
    pub goal_sectors: Vec<Vec<Option<SectorId>>>,
    /// For each story, where each goal is attempted: `goal_sectors` and `Goal::at_haven` as one
    /// flat list (asked at every step of the Actions phase, `Firefly::can_work_goal`).
    pub goal_places: Vec<Vec<GoalPlace>>,
    /// For each story, its Destination tokens (FF-PBH-37; `load::destinations`): a table made on
    /// load, since every view shows them and they never change.
    pub destinations: Vec<Vec<Destination>>,
    /// Londinium's sector (FF-SETUP-5) and the Firefly-logo sector (FF-SETUP-6).
    pub cruiser_start: SectorId,
    pub cutter_start: SectorId,
    /// Cortex Relay 2, the Operative's Corvette's start (FF-BS-3), if the content has it.
    pub corvette_start: Option<SectorId>,
    /// Pirates & Bounty Hunters' Bounty cards (FF-PBH-1), by [`BountyId`].
    pub bounties: Vec<BountyCard>,
    /// What the loader derives from them (fugitives, drop-offs, the Showdown lost).
    pub bounty: bounty::BountyTables,
    /// FF-PBH-21: the Boarding Test's two options (Tech or Negotiate).
    pub boarding_test: Vec<Choice>,
    /// For each job, a lost Piracy Showdown as one option (FF-PBH-25); empty for other jobs.
    pub piracy_lose: Vec<Vec<Choice>>,
}

impl Content {
    /// The content shipped with the game (embedded at build time), loaded once.
    pub fn builtin() -> &'static Content {
        static BUILTIN: OnceLock<Content> = OnceLock::new();
        BUILTIN.get_or_init(|| {
            Content::load(&ContentFiles::builtin())
                .unwrap_or_else(|e| panic!("the built-in Firefly content is invalid: {e}"))
        })
    }

    /// Load and validate content files.
    pub fn load(files: &ContentFiles) -> Result<Content, ContentError> {
        load::load(files)
    }

    /// Leak a loaded content so that game states can share it by `&'static` reference.
    pub fn leak(self) -> &'static Content {
        Box::leak(Box::new(self))
    }

    /// The links of a sector on the whole board (both Rim sections on the table).
    pub fn neighbours_anywhere(&self, s: SectorId) -> &[SectorId] {
        &self.boards[3].neighbours[s as usize]
    }

    /// Whether Job card `j` is in a game played with these expansions: a card of a product in
    /// play, set on the board on the table (FF-KAL-19: Higgins' jobs to Blue Sun planets stay in
    /// the box without Blue Sun).
    pub fn job_in_play(&self, j: JobId, set: ExpansionSet) -> bool {
        let board = self.board(set);
        set.includes(self.jobs[j as usize].source)
            && self.job_sectors[j as usize]
                .iter()
                .all(|&s| board.in_play(s))
    }

    /// The board of a game played with these expansions.
    pub fn board(&self, set: ExpansionSet) -> &Board {
        &self.boards[set.board_index()]
    }

    /// The physical Nav cards in the decks of a game played with these expansions: every card
    /// of a product in play, less the cards an expansion in play removes (FF-KAL-2) and, with
    /// both Rim decks combined, the second "Reaver Cutter" RESHUFFLE card (FF-MISC-14/15: one
    /// RESHUFFLE card per deck).
    /// The Supply deck with this id (`SupplyDeck::id`); content ids are checked on load.
    pub fn supply_deck_id(&self, id: &str) -> DeckId {
        self.supply_decks
            .iter()
            .position(|d| d.def.id == id)
            .expect("a Supply deck id checked on load") as DeckId
    }

    pub fn nav_deck_cards(&self, set: ExpansionSet) -> Vec<NavCardId> {
        let mut removed: Vec<(u16, u8)> = Vec::new();
        for r in self.nav_removals.iter().filter(|r| set.includes(r.source)) {
            if let Some(d) = self.nav_defs.iter().position(|d| d.id == r.nav) {
                removed.push((d as u16, r.copies));
            }
        }
        let mut rim_reshuffles = 0;
        let mut out = Vec::new();
        for (i, &def) in self.nav_cards.iter().enumerate() {
            let d = &self.nav_defs[def as usize];
            if !set.includes(d.source) {
                continue;
            }
            if let Some(r) = removed.iter_mut().find(|r| r.0 == def && r.1 > 0) {
                r.1 -= 1;
                continue;
            }
            if d.deck == NavDeckName::Rim && d.reshuffle {
                rim_reshuffles += 1;
                if rim_reshuffles > 1 {
                    continue;
                }
            }
            out.push(i as NavCardId);
        }
        out
    }

    pub fn sector(&self, id: &str) -> Option<SectorId> {
        self.sector_ids.get(id).copied()
    }

    pub fn sector_name(&self, s: SectorId) -> &str {
        &self.sectors[s as usize].name
    }

    /// A shortest route over the board's links (FF-FLY-6) from `from` to `to`: the sectors
    /// entered in order, `to` last (empty when `from == to`); `None` when `to` cannot be
    /// reached. Ties go to the neighbour listed first.
    pub fn shortest_route(&self, from: SectorId, to: SectorId) -> Option<Vec<SectorId>> {
        self.shortest_route_on(ExpansionSet::default(), from, to)
    }

    /// [`Content::shortest_route`] on the board of a game played with these expansions.
    pub fn shortest_route_on(
        &self,
        set: ExpansionSet,
        from: SectorId,
        to: SectorId,
    ) -> Option<Vec<SectorId>> {
        let links = &self.board(set).neighbours;
        let n = self.sectors.len();
        let mut came_from: Vec<Option<SectorId>> = vec![None; n];
        let mut queue = std::collections::VecDeque::from([from]);
        came_from[from as usize] = Some(from);
        while let Some(s) = queue.pop_front() {
            if s == to {
                let mut route = Vec::new();
                let mut at = to;
                while at != from {
                    route.push(at);
                    at = came_from[at as usize]?;
                }
                route.reverse();
                return Some(route);
            }
            for &next in &links[s as usize] {
                if came_from[next as usize].is_none() {
                    came_from[next as usize] = Some(s);
                    queue.push_back(next);
                }
            }
        }
        None
    }

    pub fn supply_name(&self, c: SupplyCardId) -> &str {
        match self.supply_cards[c as usize].kind {
            SupplyKind::Crew(d) => &self.crew[d as usize].name,
            SupplyKind::Gear(d) => &self.gear[d as usize].name,
            SupplyKind::Upgrade(d) => &self.upgrades[d as usize].name,
        }
    }

    // The labels below are looked up with a check, for ids that come from outside the state
    // (an action from a script or a save): an id that does not exist is "unknown … #id", so an
    // action naming it is described, then refused, never a panic.

    pub fn sector_label(&self, s: SectorId) -> Cow<'_, str> {
        match self.sectors.get(s as usize) {
            Some(x) => Cow::Borrowed(&x.name),
            None => Cow::Owned(format!("unknown sector #{s}")),
        }
    }

    pub fn supply_label(&self, c: SupplyCardId) -> Cow<'_, str> {
        match self.supply_cards.get(c as usize) {
            Some(_) => Cow::Borrowed(self.supply_name(c)),
            None => Cow::Owned(format!("unknown Supply card #{c}")),
        }
    }

    /// A crew definition's name (a Leader's, or a hired crew member's card).
    pub fn crew_label(&self, d: CrewDefId) -> Cow<'_, str> {
        match self.crew.get(d as usize) {
            Some(x) => Cow::Borrowed(&x.name),
            None => Cow::Owned(format!("unknown crew #{d}")),
        }
    }

    pub fn ship_label(&self, s: ShipId) -> Cow<'_, str> {
        match self.ships.get(s as usize) {
            Some(x) => Cow::Borrowed(&x.name),
            None => Cow::Owned(format!("unknown ship #{s}")),
        }
    }

    /// `"Name" (Contact)`, or `"Name" (story)` for a story's job.
    pub fn job_label(&self, j: JobId) -> String {
        match self.jobs.get(j as usize) {
            Some(jd) => format!(
                "\"{}\" ({})",
                jd.name,
                jd.contact.map_or("story", |k| k.name())
            ),
            None => format!("unknown job #{j}"),
        }
    }

    pub fn nav_def(&self, c: NavCardId) -> &NavCard {
        &self.nav_defs[self.nav_cards[c as usize] as usize]
    }

    pub fn misbehave_def(&self, c: MisbehaveCardId) -> &MisbehaveCard {
        &self.misbehave_defs[self.misbehave_cards[c as usize] as usize]
    }

    pub fn contact(&self, name: ContactName) -> Option<&Contact> {
        self.contacts.iter().find(|c| c.contact == name)
    }

    pub fn story(&self, title_or_id: &str) -> Option<StoryId> {
        let want = title_or_id.to_lowercase();
        self.stories
            .iter()
            .position(|s| s.id == want || s.title.to_lowercase() == want)
            .map(|i| i as StoryId)
    }
}
