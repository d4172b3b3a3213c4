//! Scenario files: a game position written by hand — ships' sectors, crew and gear, money,
//! goods, jobs, reputations, Warrants, the Cruiser and Cutter, stacked deck tops and scripted
//! die rolls — that the engine loads, validates and plays on from. Rules questions, bug
//! reports and the rule tests are written as scenarios.
//!
//! ```toml
//! dice = [6, 3]                     # the next die rolls, in order
//! cutter = "border-1"
//! [[player]]
//! leader = "malcolm"
//! ship = "serenity"
//! sector = "persephone"
//! money = 2000
//! fuel = 4
//! crew = [{ card = "kaylee", gear = ["pistol"] }]
//! hand = ["badger-try-one-of-the-border-planets"]
//! [decks]
//! nav-border = ["the-big-black"]    # next Nav cards, top first
//! ```
//!
//! The story is the game's (`Options::story`). Cards named by a scenario are taken out of their
//! decks, so every card stays in exactly one place. The position starts at the beginning of
//! `current`'s turn, with no action taken. Every field is checked on load (a drive core is a
//! Drive Core, gear is Gear, counters stay within bounds, every invariant holds and the player
//! to act has a decision), and a problem is refused naming its field.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use tabletop_core::Seat;

use crate::content::*;
use crate::cutter_places::CutterPlaces;
use crate::event::Event;
use crate::state::*;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Scenario {
    /// Free text: what the scenario is about.
    #[serde(default)]
    pub title: String,
    /// The expansions played with (`["blue-sun", "kalidasa"]`), added to the game's options.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expansions: Vec<Expansion>,
    /// Whose turn it is (default 0).
    #[serde(default)]
    pub current: Seat,
    /// Rounds already played.
    #[serde(default)]
    pub round: u16,
    /// Sector ids of the Alliance Cruiser and Reaver Cutter (default: their set-up sectors).
    #[serde(default)]
    pub cruiser: Option<String>,
    #[serde(default)]
    pub cutter: Option<String>,
    /// Several Reaver Cutters (Blue Sun), instead of `cutter`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cutters: Vec<String>,
    /// The Operative's Corvette's sector (Kalidasa; default: Cortex Relay 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corvette: Option<String>,
    /// Alert tokens on the board (FF-BS-9, FF-KAL-10).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alerts: Vec<ScenarioAlerts>,
    /// Scripted d6 results, used before the seeded RNG.
    #[serde(default)]
    pub dice: Vec<u8>,
    pub player: Vec<ScenarioPlayer>,
    #[serde(default)]
    pub decks: ScenarioDecks,
    /// Pirates & Bounty Hunters: the Bounty cards face up, by id (FF-PBH-1; default: as dealt).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub most_wanted: Option<Vec<String>>,
    /// Pirates & Bounty Hunters: Bound Fugitives (FF-PBH-10).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bound: Vec<ScenarioBound>,
}

/// A fugitive Bound by Law beside a captain's ship, under its Bounty card.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ScenarioBound {
    pub seat: Seat,
    /// The Bounty card's id.
    pub bounty: String,
    /// The fugitive's crew card id.
    pub fugitive: String,
}

/// Alert tokens on one sector.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ScenarioAlerts {
    pub sector: String,
    #[serde(default)]
    pub alliance: u8,
    #[serde(default)]
    pub reaver: u8,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ScenarioPlayer {
    pub leader: String,
    pub ship: String,
    pub sector: String,
    #[serde(default = "default_money")]
    pub money: u32,
    #[serde(default = "default_fuel")]
    pub fuel: u8,
    #[serde(default = "default_parts")]
    pub parts: u8,
    #[serde(default)]
    pub cargo: u8,
    #[serde(default)]
    pub contraband: u8,
    #[serde(default)]
    pub passengers: u8,
    #[serde(default)]
    pub fugitives: u8,
    #[serde(default)]
    pub warrants: u8,
    #[serde(default)]
    pub goals: u8,
    /// The captain's Haven (a story with Havens, FF-PBH-39..41).
    #[serde(default)]
    pub haven: Option<String>,
    #[serde(default)]
    pub solid: Vec<ContactName>,
    /// Gear the Leader carries.
    #[serde(default)]
    pub leader_gear: Vec<String>,
    #[serde(default)]
    pub leader_disgruntled: bool,
    #[serde(default)]
    pub crew: Vec<ScenarioCrew>,
    #[serde(default)]
    pub spare_gear: Vec<String>,
    #[serde(default)]
    pub upgrades: Vec<String>,
    /// A bought drive core replacing the ship's starting one.
    #[serde(default)]
    pub drive_core: Option<String>,
    #[serde(default)]
    pub hand: Vec<String>,
    #[serde(default)]
    pub active: Vec<ScenarioJob>,
    /// Completed jobs under the ship (they do not make the player Solid by themselves: list
    /// Solid contacts in `solid`).
    #[serde(default)]
    pub completed: Vec<String>,
}

fn default_money() -> u32 {
    3000
}
fn default_fuel() -> u8 {
    6
}
fn default_parts() -> u8 {
    2
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ScenarioCrew {
    pub card: String,
    #[serde(default)]
    pub gear: Vec<String>,
    #[serde(default)]
    pub disgruntled: bool,
    #[serde(default)]
    pub wanted_token: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ScenarioJob {
    pub job: String,
    #[serde(default)]
    pub steps_done: u8,
    /// FF-MISC-11: names of the job's Opportunity Bonuses already earned.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opportunities_earned: Vec<String>,
    /// FF-BS-24: the Big Damn Challenge attached under the job.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub challenge: Option<String>,
}

/// Deck tops (next cards, top first) and discard piles (bottom first), by card id.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ScenarioDecks {
    #[serde(default)]
    pub nav_alliance: Vec<String>,
    #[serde(default)]
    pub nav_border: Vec<String>,
    /// The Rim Space Nav deck (Blue Sun, Kalidasa).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nav_rim: Vec<String>,
    #[serde(default)]
    pub misbehave: Vec<String>,
    /// Supply deck id → next cards (crew, gear or upgrade ids).
    #[serde(default)]
    pub supply: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub supply_discard: BTreeMap<String, Vec<String>>,
    /// Contact → next job ids.
    #[serde(default)]
    pub contact: BTreeMap<ContactName, Vec<String>>,
    #[serde(default)]
    pub contact_discard: BTreeMap<ContactName, Vec<String>>,
    /// Whether each Nav deck has already been reshuffled once (FF-FLY-26).
    #[serde(default)]
    pub nav_reshuffled: bool,
}

/// At most this many Alert tokens of a kind on one sector in a scenario.
const MAX_ALERTS: u8 = 20;

/// A scenario problem, naming the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("scenario: {field}: {message}")]
pub struct ScenarioError {
    pub field: String,
    pub message: String,
}

/// Bounds on a scenario's counters: far above anything a game reaches, and low enough that no
/// sum the engine makes from them can overflow.
pub const MAX_MONEY: u32 = 1_000_000;
pub const MAX_ROUND: u16 = 1_000;
pub const MAX_WARRANTS: u8 = 99;

fn err<T>(field: impl Into<String>, message: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError {
        field: field.into(),
        message: message.into(),
    })
}

/// Put `x` on a list of the table: a scenario that lists more than the table holds (far more
/// than the rules allow, which the checks below refuse with the rule) is refused naming the field.
fn push_within<A: tinyvec::Array>(
    list: &mut tinyvec::ArrayVec<A>,
    x: A::Item,
    field: String,
) -> Result<(), ScenarioError> {
    match list.try_push(x) {
        None => Ok(()),
        Some(_) => err(field, format!("more than {} here", list.capacity())),
    }
}

/// Put card `x` in a set of cards: a card is in play once.
fn insert_once<const W: usize>(
    set: &mut tabletop_core::IdSet<W>,
    x: u16,
    field: String,
) -> Result<(), ScenarioError> {
    match set.insert(x) {
        true => Ok(()),
        false => err(field, "the same card is listed twice"),
    }
}

impl Scenario {
    /// Parse a scenario file's text.
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        toml::from_str(text).map_err(|e| ScenarioError {
            field: "(file)".into(),
            message: e.to_string().trim_end().replace('\n', " | "),
        })
    }
}

/// Where a physical card can be taken from.
struct Taker<'a> {
    g: &'a mut Firefly,
}

impl Taker<'_> {
    /// Take a physical Supply card of this definition id out of any Supply deck.
    fn supply(&mut self, field: &str, id: &str) -> Result<SupplyCardId, ScenarioError> {
        self.supply_from(field, id, None)
    }

    /// Take a physical Supply card of this definition id, from deck `prefer` if it has a copy
    /// there (stacking a deck needs that deck's own copy of a card sold at several planets).
    fn supply_from(
        &mut self,
        field: &str,
        id: &str,
        prefer: Option<usize>,
    ) -> Result<SupplyCardId, ScenarioError> {
        let c = self.g.content;
        let matches = |k: SupplyKind| match k {
            SupplyKind::Crew(d) => c.crew[d as usize].id == id,
            SupplyKind::Gear(d) => c.gear[d as usize].id == id,
            SupplyKind::Upgrade(d) => c.upgrades[d as usize].id == id,
        };
        if !c.supply_cards.iter().any(|s| matches(s.kind)) {
            return err(field, format!("no Supply card \"{id}\""));
        }
        let order: Vec<usize> = prefer
            .into_iter()
            .chain(0..self.g.decks.supply.len())
            .collect();
        for di in order {
            let deck = &mut self.g.decks.supply[di];
            let found = deck
                .all_cards()
                .find(|&x| matches(c.supply_cards[x as usize].kind));
            if let Some(x) = found {
                if !deck.take_from_draw(x) {
                    deck.take_from_discard(x);
                }
                return Ok(x);
            }
        }
        err(
            field,
            format!("every copy of \"{id}\" is already placed elsewhere in the scenario"),
        )
    }

    /// Take a Gear card (`leader-gear`, `crew[k].gear`, `spare-gear`).
    fn gear(&mut self, field: &str, id: &str) -> Result<SupplyCardId, ScenarioError> {
        let x = self.supply(field, id)?;
        match self.g.content.supply_cards[x as usize].kind {
            SupplyKind::Gear(_) => Ok(x),
            _ => err(field, format!("\"{id}\" is not a Gear card")),
        }
    }

    /// Take a Ship Upgrade card: a drive core when `core`, else an upgrade that is not one.
    fn upgrade(
        &mut self,
        field: &str,
        id: &str,
        core: bool,
    ) -> Result<SupplyCardId, ScenarioError> {
        let c = self.g.content;
        let x = self.supply(field, id)?;
        match c.supply_cards[x as usize].kind {
            SupplyKind::Upgrade(u) if c.upgrades[u as usize].drive_core.is_some() == core => Ok(x),
            SupplyKind::Upgrade(_) if core => err(
                field,
                format!("\"{id}\" is a Ship Upgrade, not a Drive Core"),
            ),
            SupplyKind::Upgrade(_) => err(
                field,
                format!("\"{id}\" is a Drive Core: put it in `drive-core`, not among the upgrades"),
            ),
            _ if core => err(field, format!("\"{id}\" is not a Drive Core")),
            _ => err(field, format!("\"{id}\" is not a Ship Upgrade")),
        }
    }

    fn job(&mut self, field: &str, id: &str) -> Result<JobId, ScenarioError> {
        let c = self.g.content;
        let Some(j) = c.jobs.iter().position(|j| j.id == id) else {
            return err(field, format!("no job \"{id}\""));
        };
        let j = j as JobId;
        if !c.job_in_play(j, self.g.expansions()) {
            return err(
                field,
                format!(
                    "job \"{id}\" is not in this game: its expansion, or a sector it goes to, is \
                     not in play"
                ),
            );
        }
        match c.jobs[j as usize].contact {
            Some(k) => {
                let deck = &mut self.g.decks.contacts[k.index()];
                if deck.take_from_draw(j) || deck.take_from_discard(j) {
                    Ok(j)
                } else {
                    err(
                        field,
                        format!("job \"{id}\" is already placed elsewhere in the scenario"),
                    )
                }
            }
            None => Ok(j),
        }
    }
}

/// A sector of the board on the table (a sector of an expansion not in play is not on it).
fn sector(g: &Firefly, field: &str, id: &str) -> Result<SectorId, ScenarioError> {
    match g.content.sector(id) {
        Some(s) if g.board().in_play(s) => Ok(s),
        Some(_) => err(
            field,
            format!("\"{id}\" is not on the board (its expansion is not in play)"),
        ),
        None => err(field, format!("no sector \"{id}\"")),
    }
}

impl Firefly {
    /// Build the position a scenario describes.
    pub fn from_scenario(
        content: &'static Content,
        options: &Options,
        seed: u64,
        s: &Scenario,
    ) -> Result<Firefly, ScenarioError> {
        let mut plain = options.clone();
        plain.scenario = None;
        plain.players = s.player.len() as u8;
        for &e in &s.expansions {
            if !plain.expansions.contains(&e) {
                plain.expansions.push(e);
            }
        }
        let mut g = Firefly::setup(content, &plain, seed).map_err(|e| ScenarioError {
            field: "player".into(),
            message: e.to_string(),
        })?;
        let c = content;
        // Put RESHUFFLE cards back in the decks: scenarios stack decks explicitly.
        if s.current as usize >= s.player.len() {
            return err(
                "current",
                format!("there are only {} players", s.player.len()),
            );
        }
        if let Some(x) = &s.cruiser {
            g.cruiser = sector(&g, "cruiser", x)?;
        }
        if let Some(x) = &s.cutter {
            g.cutters = CutterPlaces::new([sector(&g, "cutter", x)?]);
        }
        if !s.cutters.is_empty() {
            if s.cutter.is_some() {
                return err("cutters", "give either `cutter` or `cutters`");
            }
            let mut v = Vec::new();
            for (k, x) in s.cutters.iter().enumerate() {
                let at = sector(&g, &format!("cutters[{k}]"), x)?;
                if v.contains(&at) {
                    return err(
                        format!("cutters[{k}]"),
                        "only one Reaver Cutter may be in a sector (FF-KAL-5)",
                    );
                }
                v.push(at);
            }
            g.cutters = CutterPlaces::new(v);
        }
        if let Some(x) = &s.corvette {
            if g.corvette.is_none() {
                return err("corvette", "the Operative's Corvette comes with Kalidasa");
            }
            g.corvette = Some(sector(&g, "corvette", x)?);
        }
        for (k, a) in s.alerts.iter().enumerate() {
            let at = sector(&g, &format!("alerts[{k}].sector"), &a.sector)?;
            if a.alliance > MAX_ALERTS || a.reaver > MAX_ALERTS {
                return err(
                    format!("alerts[{k}]"),
                    format!("at most {MAX_ALERTS} tokens of a kind"),
                );
            }
            for _ in 0..a.alliance {
                g.place_alert(at, AlertKind::Alliance, &mut Vec::new());
            }
            for _ in 0..a.reaver {
                g.place_alert(at, AlertKind::Reaver, &mut Vec::new());
            }
        }
        for (n, f) in s.dice.iter().enumerate() {
            if !(1..=6).contains(f) {
                return err(format!("dice[{n}]"), format!("{f} is not a die face"));
            }
        }
        g.chance.script_d6(s.dice.iter().copied());
        if s.round > MAX_ROUND {
            return err("round", format!("at most {MAX_ROUND}"));
        }
        let mut leaders_used = Vec::new();
        let mut ships_used = Vec::new();
        for (i, sp) in s.player.iter().enumerate() {
            let f = |x: &str| format!("player[{i}].{x}");
            let Some(l) = c.crew.iter().position(|x| x.id == sp.leader && x.leader) else {
                return err(f("leader"), format!("no Leader \"{}\"", sp.leader));
            };
            let Some(ship) = c.ships.iter().position(|x| x.id == sp.ship) else {
                return err(f("ship"), format!("no ship \"{}\"", sp.ship));
            };
            if leaders_used.contains(&l) {
                return err(f("leader"), "two captains have the same Leader");
            }
            if ships_used.contains(&ship) {
                return err(f("ship"), "two captains have the same ship");
            }
            leaders_used.push(l);
            ships_used.push(ship);
            if sp.money > MAX_MONEY {
                return err(f("money"), format!("at most ${MAX_MONEY}"));
            }
            if sp.warrants > MAX_WARRANTS {
                return err(f("warrants"), format!("at most {MAX_WARRANTS}"));
            }
            let story_goals = g.story_def().goals.len();
            if sp.goals as usize >= story_goals {
                return err(
                    f("goals"),
                    format!(
                        "the story has {story_goals} goals: a captain who completed them all \
                         has won (FF-WIN-1)"
                    ),
                );
            }
            let sec = sector(&g, &f("sector"), &sp.sector)?;
            let haven = match &sp.haven {
                Some(h) => Some(sector(&g, &f("haven"), h)?),
                None => None,
            };
            let mut t = Taker { g: &mut g };
            let mut crew = CrewList::new();
            crew.push(CrewMember {
                card: CrewCard::Leader(l as CrewDefId),
                def: l as CrewDefId,
                gear: Default::default(),
                disgruntled: sp.leader_disgruntled,
                wanted_token: false,
            });
            for (k, gid) in sp.leader_gear.iter().enumerate() {
                let field = f(&format!("leader-gear[{k}]"));
                let card = t.gear(&field, gid)?;
                push_within(&mut crew[0].gear, card, field)?;
            }
            for (k, m) in sp.crew.iter().enumerate() {
                let field = f(&format!("crew[{k}].card"));
                let card = t.supply(&field, &m.card)?;
                let SupplyKind::Crew(d) = c.supply_cards[card as usize].kind else {
                    return err(field, format!("\"{}\" is not a crew card", m.card));
                };
                let mut gear = GearList::new();
                for (q, gid) in m.gear.iter().enumerate() {
                    let field = f(&format!("crew[{k}].gear[{q}]"));
                    let card = t.gear(&field, gid)?;
                    push_within(&mut gear, card, field)?;
                }
                let member = CrewMember {
                    card: CrewCard::Hired(card),
                    def: d,
                    gear,
                    disgruntled: m.disgruntled,
                    wanted_token: m.wanted_token,
                };
                push_within(&mut crew, member, f(&format!("crew[{k}]")))?;
            }
            let mut spare = SupplySet::new();
            for (k, gid) in sp.spare_gear.iter().enumerate() {
                let field = f(&format!("spare-gear[{k}]"));
                let card = t.gear(&field, gid)?;
                insert_once(&mut spare, card, field)?;
            }
            let mut upgrades = UpgradeList::new();
            for (k, u) in sp.upgrades.iter().enumerate() {
                let field = f(&format!("upgrades[{k}]"));
                let card = t.upgrade(&field, u, false)?;
                push_within(&mut upgrades, card, field)?;
            }
            let drive_core = match &sp.drive_core {
                Some(d) => DriveCoreCard::Card(t.upgrade(&f("drive-core"), d, true)?),
                None => DriveCoreCard::Starting(c.ship_cores[ship]),
            };
            let mut hand = Hand::new();
            for (k, j) in sp.hand.iter().enumerate() {
                let field = f(&format!("hand[{k}]"));
                let job = t.job(&field, j)?;
                push_within(&mut hand, job, field)?;
            }
            let mut active = ActiveJobs::new();
            for (k, a) in sp.active.iter().enumerate() {
                let job = t.job(&f(&format!("active[{k}].job")), &a.job)?;
                if c.jobs[job as usize].challenge.is_some() {
                    return err(
                        f(&format!("active[{k}].job")),
                        "a Big Damn Challenge is never worked on its own (FF-BS-24)",
                    );
                }
                // A Piracy job has no steps: Active until its Showdown is won (FF-PBH-25).
                let steps = c.jobs[job as usize].steps.len();
                if c.jobs[job as usize].piracy.is_none() && a.steps_done as usize >= steps {
                    return err(
                        f(&format!("active[{k}].steps-done")),
                        "a job with every step done is complete, not active",
                    );
                }
                let mut earned = 0u8;
                for (n, name) in a.opportunities_earned.iter().enumerate() {
                    let Some(i) = c.jobs[job as usize]
                        .opportunities
                        .iter()
                        .position(|o| &o.name == name)
                    else {
                        return err(
                            f(&format!("active[{k}].opportunities-earned[{n}]")),
                            format!("the job has no Opportunity Bonus \"{name}\""),
                        );
                    };
                    earned |= 1 << i;
                }
                let challenge = match &a.challenge {
                    Some(x) => {
                        let ch = t.job(&f(&format!("active[{k}].challenge")), x)?;
                        let (card, on) = (&c.jobs[ch as usize], &c.jobs[job as usize]);
                        if card.challenge.is_none() {
                            return err(
                                f(&format!("active[{k}].challenge")),
                                format!("\"{x}\" is a job, not a Big Damn Challenge"),
                            );
                        }
                        if card.illegal != on.illegal || on.challenge.is_some() {
                            return err(
                                f(&format!("active[{k}].challenge")),
                                "Legal Challenges go on Legal jobs, Illegal ones on Illegal \
                                 jobs (FF-BS-24)",
                            );
                        }
                        Some(ch)
                    }
                    None => None,
                };
                let job = ActiveJob {
                    job,
                    steps_done: a.steps_done,
                    opportunities_earned: earned,
                    challenge,
                };
                push_within(&mut active, job, f(&format!("active[{k}]")))?;
            }
            let mut completed = JobSet::new();
            for (k, j) in sp.completed.iter().enumerate() {
                let field = f(&format!("completed[{k}]"));
                let job = t.job(&field, j)?;
                insert_once(&mut completed, job, field)?;
            }
            let mut solid = 0u16;
            for k in &sp.solid {
                solid |= 1 << k.index();
            }
            let p = Player {
                seat: i as Seat,
                leader: l as CrewDefId,
                ship: ship as ShipId,
                sector: sec,
                placed: true,
                drive_core,
                upgrades,
                crew,
                spare_gear: spare,
                money: sp.money,
                items: [
                    sp.cargo,
                    sp.contraband,
                    sp.fuel,
                    sp.parts,
                    sp.passengers,
                    sp.fugitives,
                ],
                hand,
                active,
                completed,
                solid,
                warrants: sp.warrants,
                goals: sp.goals,
                haven,
                card_solid: 0,
                card_powers: Default::default(),
            };
            g.players[i] = p;
            g.players[i].refresh_cards(c);
            g.ships = crate::ship_places::ShipPlaces::of(&g.players);
            let p = &g.players[i];
            if p.crew.len() > g.max_crew(p) {
                return err(
                    f("crew"),
                    format!("{} crew on a ship for {}", p.crew.len(), g.max_crew(p)),
                );
            }
            if p.upgrades.len() > g.upgrade_slots(p) {
                return err(
                    f("upgrades"),
                    format!(
                        "{} upgrades in {} slots",
                        p.upgrades.len(),
                        g.upgrade_slots(p)
                    ),
                );
            }
            let (h, st) = g.storage_boxes(p);
            if Firefly::storage_used_half(p) > 2 * (h + st) {
                return err(f("cargo"), "more goods than the Hold and Stash can carry");
            }
            if p.hand.len() > g.hand_limit(p) {
                return err(
                    f("hand"),
                    format!(
                        "more than {} cards in hand (FF-DEAL-5, FF-BS-29)",
                        g.hand_limit(p)
                    ),
                );
            }
            if p.active.len() > g.active_limit(p) {
                return err(
                    f("active"),
                    "more active jobs than the limit (FF-DEAL-7, FF-KAL-20)",
                );
            }
            for m in &p.crew {
                if g.gear_carried_counted(m) > g.gear_capacity(m) {
                    return err(
                        f("crew"),
                        format!(
                            "{} carries more gear than allowed (FF-CREW-17)",
                            g.crew_def(m).name
                        ),
                    );
                }
            }
        }
        g.ships_chosen = (1u16 << s.player.len()).wrapping_sub(1) as u8;
        // Stacked deck tops and discard piles.
        let d = &s.decks;
        for (deck, list, name) in [
            (0usize, &d.nav_alliance, "nav-alliance"),
            (1, &d.nav_border, "nav-border"),
            (2, &d.nav_rim, "nav-rim"),
        ] {
            let mut cards = Vec::new();
            for (k, id) in list.iter().enumerate() {
                let field = format!("decks.{name}[{k}]");
                let found = g.decks.nav[deck]
                    .all_cards()
                    .find(|&x| c.nav_def(x).id == *id && !cards.contains(&x));
                let Some(x) = found else {
                    return err(field, format!("no (more) Nav card \"{id}\" in that deck"));
                };
                if !g.decks.nav[deck].take_from_draw(x) {
                    g.decks.nav[deck].take_from_discard(x);
                }
                cards.push(x);
            }
            g.decks.nav[deck].stack_top(&cards);
            g.decks.nav_reshuffled[deck] = d.nav_reshuffled;
        }
        let mut cards = Vec::new();
        for (k, id) in d.misbehave.iter().enumerate() {
            let field = format!("decks.misbehave[{k}]");
            let found = g
                .decks
                .misbehave
                .all_cards()
                .find(|&x| c.misbehave_def(x).id == *id && !cards.contains(&x));
            let Some(x) = found else {
                return err(field, format!("no (more) Misbehave card \"{id}\""));
            };
            if !g.decks.misbehave.take_from_draw(x) {
                g.decks.misbehave.take_from_discard(x);
            }
            cards.push(x);
        }
        g.decks.misbehave.stack_top(&cards);
        for (top, map, name) in [
            (true, &d.supply, "supply"),
            (false, &d.supply_discard, "supply-discard"),
        ] {
            for (deck_id, list) in map {
                let Some(di) = c.supply_decks.iter().position(|x| &x.def.id == deck_id) else {
                    return err(
                        format!("decks.{name}"),
                        format!("no Supply deck \"{deck_id}\""),
                    );
                };
                let mut cards = Vec::new();
                for (k, id) in list.iter().enumerate() {
                    let field = format!("decks.{name}.{deck_id}[{k}]");
                    let x = Taker { g: &mut g }.supply_from(&field, id, Some(di))?;
                    if c.supply_cards[x as usize].deck as usize != di {
                        return err(field, format!("\"{id}\" is not a card of {deck_id}"));
                    }
                    cards.push(x);
                }
                if top {
                    g.decks.supply[di].stack_top(&cards);
                } else {
                    for x in cards {
                        g.decks.supply[di].discard(x);
                    }
                }
            }
        }
        for (top, map, name) in [
            (true, &d.contact, "contact"),
            (false, &d.contact_discard, "contact-discard"),
        ] {
            for (k, list) in map {
                let mut cards = Vec::new();
                for (n, id) in list.iter().enumerate() {
                    let field = format!("decks.{name}.{k:?}[{n}]");
                    let j = Taker { g: &mut g }.job(&field, id)?;
                    if c.jobs[j as usize].contact != Some(*k) {
                        return err(field, format!("\"{id}\" is not a {} job", k.name()));
                    }
                    cards.push(j);
                }
                if top {
                    g.decks.contacts[k.index()].stack_top(&cards);
                } else {
                    for j in cards {
                        g.decks.contacts[k.index()].discard(j);
                    }
                }
            }
        }
        g.set_scenario_bounties(s)?;
        g.round = s.round;
        g.pick_order = (0..s.player.len() as Seat).collect();
        let mut events: Vec<Event> = Vec::new();
        g.begin_turn(s.current, &mut events);
        // What the checks above cannot see (every card in one place, every capacity), and a
        // position where the player to act has a decision.
        if let Err(e) = crate::invariants::check(&g) {
            return err("(position)", e);
        }
        let mut legal = Vec::new();
        g.actions(&mut legal);
        if legal.is_empty() && g.phase != Phase::Over {
            return err("(position)", "the player to act has no legal action");
        }
        Ok(g)
    }
}

impl Firefly {
    /// A scenario's Most Wanted list and Bound Fugitives: the cards named are taken out of the
    /// Bounty deck (and the crew cards out of their Supply decks).
    fn set_scenario_bounties(&mut self, s: &Scenario) -> Result<(), ScenarioError> {
        let c = self.content;
        if (s.most_wanted.is_some() || !s.bound.is_empty())
            && !self.uses(Expansion::PiratesAndBountyHunters)
        {
            return err(
                "most-wanted",
                "Bounty cards come with pirates-and-bounty-hunters",
            );
        }
        let take_bounty = |g: &mut Firefly, field: &str, id: &str| {
            let Some(b) = c.bounties.iter().position(|x| x.id == id) else {
                return err(field, format!("no Bounty card \"{id}\""));
            };
            let b = b as BountyId;
            if let Some(i) = g.bounties.most_wanted.iter().position(|&x| x == b) {
                g.bounties.most_wanted.remove(i);
            } else if !g.bounties.deck.take_from_draw(b) {
                // Held already (a Cortex Alert's second fugitive), or not in this game.
                if !g.bounties.bound.iter().any(|x| x.bounty == b) {
                    return err(field, format!("Bounty card \"{id}\" is not in this game"));
                }
            }
            Ok(b)
        };
        if let Some(list) = &s.most_wanted {
            if list.len() > 3 {
                return err("most-wanted", "at most 3 Bounty cards face up (FF-PBH-1)");
            }
            for b in std::mem::take(&mut self.bounties.most_wanted) {
                self.bounties.deck.put_bottom(b);
            }
            let mut face_up = Vec::new();
            for (k, id) in list.iter().enumerate() {
                face_up.push(take_bounty(self, &format!("most-wanted[{k}]"), id)?);
            }
            self.bounties.most_wanted = face_up.into_iter().collect();
        }
        for (k, x) in s.bound.iter().enumerate() {
            let f = |n: &str| format!("bound[{k}].{n}");
            if x.seat as usize >= self.players.len() {
                return err(f("seat"), "no such captain");
            }
            let b = take_bounty(self, &f("bounty"), &x.bounty)?;
            let card = Taker { g: self }.supply(&f("fugitive"), &x.fugitive)?;
            let d = c.supply_cards[card as usize].crew();
            if !d.is_some_and(|d| c.bounty.fugitives[b as usize].contains(&d)) {
                return err(f("fugitive"), format!("not a fugitive of \"{}\"", x.bounty));
            }
            self.bounties.bound.push(crate::bounty::Bound {
                seat: x.seat,
                bounty: b,
                fugitive: card,
            });
        }
        Ok(())
    }
}
