//! Odds shared by every Firefly bot of a thread: a crew's chance to get through the story's
//! next test goal, by skill bonus, and its chance to pass a Misbehave card; and what each card
//! of a Supply deck's draw pile would gain a captain (`pile_gains`).
//!
//! The odds are pure functions of what [`chance_key`](super::story::chance_key) hashes (the crew
//! and their gear, ship, Solid Contacts, Warrants, and money and goods as far as anything asks),
//! and both are dear to work out (every Misbehave card's every option). The bot asks for them
//! for every Supply card it values, and a search bot's rollouts start fresh policies at every
//! iteration, so a memo per bot was emptied hundreds of times a decision for the same few
//! crews; one table per thread keeps them. A value is the same whichever bot worked it out, so
//! no bot's decision depends on what other bots asked before (checked by the routes test
//! `the_memos_give_what_a_fresh_look_gives`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};

use tabletop_firefly::content::{Ability, Content, Effect, Item, Requirement, StoryId, Zone};
use tabletop_firefly::crew::all_crew;
use tabletop_firefly::state::Player;
use tabletop_firefly::Firefly;

use super::keys::Prehashed;
use super::odds::MisbehaveOdds;
use super::routes::PileGains;

/// Skill bonuses in `-BONUS..=BONUS` per skill are remembered (others are clamped).
pub(super) const BONUS: i32 = 4;
const SPAN: i32 = 2 * BONUS + 1;
/// Goal chances a row keeps (by bonus). A crew is asked about a few bonuses only (the skills
/// of the cards valued, less those of a crew member lost: 16 at most in the digest's games),
/// so a row keeps them in a small open table rather than one cell for every bonus (729 cells,
/// ~3 KB a row, nearly all never read); one asked past a full table is worked out again, and
/// gives the same (`ChanceRow::goal`).
const GOAL_SLOTS: usize = 32;
/// Crews remembered before the table starts afresh. Few: a table of thousands of rows (and
/// their Misbehave odds) spread over megabytes, each new row in memory no cache held, for
/// few hits (the 4 captains of a digest game seldom meet an old crew again; a search's
/// rollouts start from the same few). 2048 rows and 4096 piles ran ~3 % slower (N=20).
const MAX_ROWS: usize = 256;

/// One crew's odds. Atomics only so that a bot (which holds its current row) may move to
/// another thread; a row is written by one thread at a time.
pub(super) struct ChanceRow {
    /// The next test goal's chance, by bonus: each slot the bonus's index plus one (high 32
    /// bits; 0: empty) and the chance (`f32` bits), placed by open addressing from the index.
    goal: [AtomicU64; GOAL_SLOTS],
    /// The whole crew's chance to pass a Misbehave card, no bonus (`f64` bits).
    misbehave: AtomicU64,
    /// What the whole crew brings to the Misbehave deck, bonus aside: the goal chances of
    /// every bonus read it.
    misbehave_odds: OnceLock<MisbehaveOdds>,
}

impl ChanceRow {
    fn new() -> Self {
        ChanceRow {
            goal: std::array::from_fn(|_| AtomicU64::new(0)),
            misbehave: AtomicU64::new(f64::NAN.to_bits()),
            misbehave_odds: OnceLock::new(),
        }
    }

    /// What the whole crew of `p` (the crew of this row) brings to the Misbehave deck.
    pub(super) fn misbehave_odds(&self, g: &Firefly, p: &Player) -> &MisbehaveOdds {
        self.misbehave_odds
            .get_or_init(|| MisbehaveOdds::of(g, p, all_crew(p)))
    }

    /// The remembered goal chance with `bonus` (clamped), or work it out with `f`.
    pub(super) fn goal(&self, bonus: [i32; 3], f: impl FnOnce([i32; 3]) -> f64) -> f64 {
        let b = bonus.map(|x| x.clamp(-BONUS, BONUS));
        let idx = ((b[0] + BONUS) * SPAN * SPAN + (b[1] + BONUS) * SPAN + b[2] + BONUS) as u64;
        let tag = (idx + 1) << 32;
        // The no-bonus index (364) and its neighbours land on different slots.
        let start = (idx as usize).wrapping_mul(7) % GOAL_SLOTS;
        let mut free = None;
        for i in 0..GOAL_SLOTS {
            let cell = &self.goal[(start + i) % GOAL_SLOTS];
            let v = cell.load(Relaxed);
            if v >> 32 == idx + 1 {
                return f32::from_bits(v as u32) as f64;
            }
            if v == 0 {
                free = Some(cell);
                break;
            }
        }
        // Kept as an `f32`, and given as kept even the first time: an answer must not depend
        // on whether some bot asked before (seeded games replay on any thread).
        let v = f(b) as f32;
        if let Some(cell) = free {
            cell.store(tag | v.to_bits() as u64, Relaxed);
        }
        v as f64
    }

    /// The remembered Misbehave pass, or work it out with `f`.
    pub(super) fn misbehave(&self, f: impl FnOnce() -> f64) -> f64 {
        let known = f64::from_bits(self.misbehave.load(Relaxed));
        if !known.is_nan() {
            return known;
        }
        let v = f();
        self.misbehave.store(v.to_bits(), Relaxed);
        v
    }
}

thread_local! {
    static ROWS: RefCell<HashMap<u64, Arc<ChanceRow>, Prehashed>> = RefCell::default();
    static PILES: RefCell<HashMap<u64, Arc<PileGains>, Prehashed>> = RefCell::default();
}

/// Draw piles remembered before the table starts afresh (under 1 KB each; few, as rows).
const MAX_PILES: usize = 512;

/// The gains of the draw pile with this `blind_key` (`routes::blind_key`: everything they
/// read), or work them out with `f`. A search bot's rollouts start fresh bots, round after
/// round, from determinized copies of one position: a deck's draw pile has the same cards in
/// another order there, and the captains the same crews, so most rollouts begin with values
/// another rollout has worked out.
pub(super) fn pile_gains(key: u64, f: impl FnOnce() -> PileGains) -> Arc<PileGains> {
    if let Some(v) = PILES.with(|t| t.borrow().get(&key).cloned()) {
        return v;
    }
    let v = Arc::new(f());
    PILES.with(|t| {
        let mut t = t.borrow_mut();
        if t.len() >= MAX_PILES {
            t.clear();
        }
        t.insert(key, Arc::clone(&v));
    });
    v
}

/// The row of the crew with this key.
pub(super) fn row(key: u64) -> Arc<ChanceRow> {
    ROWS.with(|rows| {
        let mut rows = rows.borrow_mut();
        if let Some(r) = rows.get(&key) {
            return Arc::clone(r);
        }
        if rows.len() >= MAX_ROWS {
            rows.clear();
        }
        let r = Arc::new(ChanceRow::new());
        rows.insert(key, Arc::clone(&r));
        r
    })
}

/// A bot's current row (the crew it last asked about), so that most questions skip the table.
#[derive(Default)]
pub(super) struct Memo(RefCell<Option<(u64, Arc<ChanceRow>)>>);

impl Memo {
    pub(super) fn get(&self, key: u64) -> Arc<ChanceRow> {
        let mut cur = self.0.borrow_mut();
        match &*cur {
            Some((k, r)) if *k == key => Arc::clone(r),
            _ => {
                let r = row(key);
                *cur = Some((key, Arc::clone(&r)));
                r
            }
        }
    }
}

/// What of money and goods the odds can tell apart: the most of each good any Misbehave card or
/// goal of the story being played asks to have or to spend (`has`), or to have room for
/// (`room`), and every amount of money they ask for (with $1,500, from which `misbehave_pass`
/// counts on bribes). Only the story being played: the odds read its goals and no other's, and
/// every amount of money marked makes a captain's odds worked out anew each time their money
/// crosses it.
struct Marks {
    has: [u8; 6],
    room: [u8; 6],
    money: Vec<u32>,
    /// Zones an option asks the ship to be in, or in which a skill counts.
    zones: Vec<Zone>,
    /// The zones an option asks the ship to be in (the rest of `zones` count only for a crew
    /// with the skill).
    asked_zones: Vec<Zone>,
}

/// The marks of each story of each content (the content by address).
type MarksCache = Vec<((usize, StoryId), Arc<Marks>)>;

fn marks(c: &'static Content, story: StoryId) -> Arc<Marks> {
    static CACHE: Mutex<MarksCache> = Mutex::new(Vec::new());
    let key = (c as *const Content as usize, story);
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, v)) = cache.iter().find(|(k, _)| *k == key) {
        return Arc::clone(v);
    }
    let mut caps = Marks {
        has: [0; 6],
        room: [0; 6],
        money: vec![1500],
        zones: Vec::new(),
        asked_zones: Vec::new(),
    };
    let requirement = |r: &Requirement, caps: &mut Marks| match *r {
        Requirement::Has { item, amount } => {
            caps.has[item.index()] = caps.has[item.index()].max(amount)
        }
        Requirement::Room { item, amount } => {
            caps.room[item.index()] = caps.room[item.index()].max(amount)
        }
        Requirement::Money { amount } => caps.money.push(amount),
        Requirement::InZone { zone } => caps.zones.push(zone),
        _ => {}
    };
    let spend = |e: &Effect, caps: &mut Marks| {
        if let Effect::Spend { item, amount } = *e {
            caps.has[item.index()] = caps.has[item.index()].max(amount);
        }
    };
    let choices = c
        .misbehave_defs
        .iter()
        .flat_map(|d| d.options.iter())
        .chain(
            c.stories[story as usize]
                .goals
                .iter()
                .flat_map(|g| g.choices.iter()),
        );
    for ch in choices {
        ch.requires.iter().for_each(|r| requirement(r, &mut caps));
        ch.effects.iter().for_each(|e| spend(e, &mut caps));
        let tests = ch.test.iter().chain(ch.then.iter());
        let tests = tests.flat_map(|t| {
            std::iter::once(t).chain(t.outcomes.iter().flat_map(|o| o.nested.iter()))
        });
        for o in tests.flat_map(|t| t.outcomes.iter()) {
            o.effects.iter().for_each(|e| spend(e, &mut caps));
            for b in &o.choose {
                b.requires.iter().for_each(|r| requirement(r, &mut caps));
                b.effects.iter().for_each(|e| spend(e, &mut caps));
            }
        }
    }
    caps.asked_zones = caps.zones.clone();
    // Skills that count only in a zone (Sheriff Bourne: "+2 Fight while in Border Space").
    let abilities = c.crew.iter().flat_map(|d| d.abilities.iter());
    let abilities = abilities
        .chain(c.gear.iter().flat_map(|d| d.abilities.iter()))
        .chain(c.upgrades.iter().flat_map(|d| d.abilities.iter()));
    for a in abilities {
        if let Ability::SkillInZone { zone, .. } = *a {
            caps.zones.push(zone);
        }
    }
    caps.money.sort_unstable();
    caps.money.dedup();
    let v = Arc::new(caps);
    cache.push((key, Arc::clone(&v)));
    v
}

/// Whether a crew member of `p`, the gear they carry or the ship (drive core, upgrades, the
/// ship card) have a skill that counts only in `zone` (`Ability::SkillInZone`).
fn skill_in_zone(g: &Firefly, p: &Player, zone: Zone) -> bool {
    let in_zone = |a: &Ability| matches!(*a, Ability::SkillInZone { zone: z, .. } if z == zone);
    p.crew.iter().any(|m| {
        g.crew_def(m).abilities.iter().any(in_zone)
            || m.gear
                .iter()
                .any(|&x| g.gear_def(x).abilities.iter().any(in_zone))
    }) || g.ship_abilities(p).any(in_zone)
}

/// Our money and goods as far as the odds can tell them apart: how many of the amounts asked
/// for we have, each good's count up to the most anything asks for, and the room for it up to
/// the most anything asks room for; and the zone the ship is in, when an option asks for it or
/// one of our crew has a skill there (a flight across the 'Verse does not make every crew's
/// odds stale: only Sheriff Bourne's, in and out of Border Space). Fuel burnt on a flight does
/// not make the odds worked out before it stale.
pub(super) fn odds_class(g: &Firefly, p: &Player) -> [u8; 14] {
    let caps = marks(g.content, g.story);
    let mut out = [0u8; 14];
    let zone = g.content.sectors[p.sector as usize].zone;
    if caps.asked_zones.contains(&zone) || skill_in_zone(g, p, zone) {
        out[13] = caps
            .zones
            .iter()
            .position(|&z| z == zone)
            .map_or(0, |i| i as u8 + 1);
    }
    out[12] = caps
        .money
        .iter()
        .filter(|&&m| p.money >= m)
        .count()
        .min(255) as u8;
    for item in Item::ALL {
        let i = item.index();
        out[i] = p.item(item).min(caps.has[i]);
        if caps.room[i] > 0 {
            out[6 + i] = g.room_for(p, item).min(caps.room[i] as u32) as u8;
        }
    }
    out
}
