//! The heuristic Firefly bot: a captain that takes jobs it can do, crews and equips its ship
//! for its jobs and for the story's goals, keeps Fuel for its Full Burns, steers clear of the
//! Reavers (and of the Alliance when it is an Outlaw Ship), and goes for the story's goals once
//! its crew gives it a fair chance. In a story that ends with Last Call it calls it when that
//! wins (or when waiting loses), plays its last turn for credits in hand, and near the end takes
//! no job it could not finish before unfinished jobs are settled.
//!
//! The bot reads the game state directly but only what its seat may know: its own hand, the
//! public board and the face-up discard piles, never a face-down pile or another player's hand.
//! It never clones the state. Every choice is a scored heuristic; ties are broken by the bot's
//! own seeded [`Rng`], so a game with seeded bots replays exactly.
//!
//! Money is the common unit of every score ("worth about $N to me").

use tabletop_core::{Rng, Seat};
use tabletop_firefly::content::*;
use tabletop_firefly::crew::{all_crew, CrewMask};
use tabletop_firefly::deal::{ACTIVE_LIMIT, ALL_CONTACTS};
use tabletop_firefly::fly::Exemption;
use tabletop_firefly::resolve::{Origin, Pending, Resolution, Stage};
use tabletop_firefly::state::*;
use tabletop_firefly::trade::{Bundle, Offer, TradeAction};
use tabletop_firefly::{Action, Firefly};

use crate::Bot;

use std::sync::{Arc, Mutex};

/// All-pairs shortest-path lengths of a board (`n * n`), computed once per content and set of
/// expansions (the board on the table).
fn board_distances(c: &'static Content, board: &'static Board) -> Arc<Vec<u8>> {
    static CACHE: Mutex<Vec<(usize, Arc<Vec<u8>>)>> = Mutex::new(Vec::new());
    let key = board as *const Board as usize;
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, d)) = cache.iter().find(|(k, _)| *k == key) {
        return d.clone();
    }
    let n = c.sectors.len();
    let mut dist = vec![u8::MAX; n * n];
    let mut queue = Vec::with_capacity(n);
    for s in 0..n {
        let row = &mut dist[s * n..(s + 1) * n];
        row[s] = 0;
        queue.clear();
        queue.push(s as SectorId);
        let mut head = 0;
        while head < queue.len() {
            let x = queue[head];
            head += 1;
            let d = row[x as usize];
            for &y in &board.neighbours[x as usize] {
                if row[y as usize] == u8::MAX {
                    row[y as usize] = d + 1;
                    queue.push(y);
                }
            }
        }
    }
    let d = Arc::new(dist);
    cache.push((key, d.clone()));
    d
}

/// Rough worth of completing a story goal, in $ (it is what the game is about).
const GOAL_WORTH: f64 = 20_000.0;

/// The heuristic Firefly captain.
pub struct FireflyBot {
    rng: Rng,
    /// All-pairs sector distances of the board (ignoring the Cutter), `n * n`.
    dist: Arc<Vec<u8>>,
    n: usize,
    /// The board `dist` is of (its address).
    board: usize,
    /// Runaway guard: decisions taken in the current turn.
    guard_key: (u16, Seat),
    guard_count: u32,
    /// Turns in which the runaway guard had to end the turn (should stay 0).
    guard_trips: u32,
    /// `goal_chance_with` memo: key and chances by bonus.
    chance_memo: std::cell::RefCell<(u64, Vec<f32>)>,
    /// `misbehave_pass` of the whole crew: key and value.
    misb_memo: std::cell::Cell<(u64, f64)>,
    /// The target of the flight under way: (round, seat, actions taken, sector).
    flight: Option<(u16, Seat, u8, SectorId)>,
    /// Round of the last Deal with each Contact that gave us nothing.
    fruitless: [u16; ContactName::COUNT],
}

impl FireflyBot {
    pub fn new(seed: u64) -> Self {
        FireflyBot {
            rng: Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15),
            dist: Arc::new(Vec::new()),
            n: 0,
            board: 0,
            guard_key: (u16::MAX, 0),
            guard_count: 0,
            guard_trips: 0,
            chance_memo: std::cell::RefCell::new((0, Vec::new())),
            fruitless: [u16::MAX; ContactName::COUNT],
            misb_memo: std::cell::Cell::new((u64::MAX, 0.0)),
            flight: None,
        }
    }

    fn ensure_dist(&mut self, g: &Firefly) {
        let n = g.content.sectors.len();
        let board = g.board();
        if self.n == n && !self.dist.is_empty() && self.board == board as *const Board as usize {
            return;
        }
        self.n = n;
        self.board = board as *const Board as usize;
        self.dist = board_distances(g.content, board);
    }

    fn d(&self, a: SectorId, b: SectorId) -> u32 {
        self.dist[a as usize * self.n + b as usize] as u32
    }
}

impl Bot<Firefly> for FireflyBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        self.ensure_dist(g);
        // Runaway guard: a turn never needs hundreds of decisions.
        let key = (g.round, g.current);
        if key == self.guard_key {
            self.guard_count += 1;
        } else {
            self.guard_key = key;
            self.guard_count = 0;
        }
        if self.guard_count > 400 {
            if self.guard_count == 401 {
                self.guard_trips += 1;
            }
            if legal.contains(&Action::EndTurn) {
                return Action::EndTurn;
            }
            if legal.contains(&Action::Done) {
                return Action::Done;
            }
            return legal[self.rng.index(legal.len())];
        }
        let a = self.decide(g, seat, legal);
        if legal.contains(&a) {
            a
        } else {
            debug_assert!(false, "bot chose illegal {a:?} in {:?}", g.phase);
            legal[0]
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Dice
// ---------------------------------------------------------------------------------------------

/// P(an exploding d6 (FF-SKILL-8) totals at least `need`).
pub fn p_at_least(need: i32) -> f64 {
    let mut n = need;
    let mut scale = 1.0;
    loop {
        if n <= 1 {
            return scale;
        }
        if n <= 6 {
            return scale * (7 - n) as f64 / 6.0;
        }
        scale /= 6.0;
        n -= 6;
    }
}

/// P(the total of a test lands in each band), for a roll plus `base`.
fn band_probs(t: &Test, base: i32, out: &mut Vec<f64>) {
    out.clear();
    let k = t.outcomes.len();
    for i in 0..k {
        let lo = if i == 0 {
            1.0
        } else {
            p_at_least(t.outcomes[i].min - base)
        };
        let hi = if i + 1 < k {
            p_at_least(t.outcomes[i + 1].min - base)
        } else {
            0.0
        };
        out.push((lo - hi).max(0.0));
    }
}

// ---------------------------------------------------------------------------------------------
// What the story asks of us
// ---------------------------------------------------------------------------------------------

/// What the remaining story goals need.
#[derive(Clone, Debug, Default)]
struct StoryNeeds {
    /// Skill points wanted (Fight, Tech, Negotiate), crew and carried gear.
    desired: [i32; 3],
    /// Contacts we must still become Solid with (bits by contact index).
    solid_with: u16,
    /// How many more Solid contacts we need.
    solid_more: u32,
    /// Money to have in hand for the next goals.
    money: u32,
    /// That money simply pays for a goal (no test of the crew to prepare for first).
    money_only: bool,
}

fn skill_index(s: Skill) -> usize {
    match s {
        Skill::Fight => 0,
        Skill::Tech => 1,
        Skill::Negotiate => 2,
    }
}

/// The lowest total of a test that can lead to Proceed, and the money that band asks for.
fn proceed_band(t: &Test) -> Option<(i32, u32)> {
    for o in &t.outcomes {
        if o.choose.is_empty() {
            if o.ends == Some(Ending::Proceed) {
                return Some((o.min, 0));
            }
        } else {
            for b in &o.choose {
                if b.ends == Ending::Proceed {
                    let money = b
                        .requires
                        .iter()
                        .map(|r| match r {
                            Requirement::Money { amount } => *amount,
                            _ => 0,
                        })
                        .max()
                        .unwrap_or(0);
                    return Some((o.min, money));
                }
            }
        }
    }
    None
}

fn story_needs(g: &Firefly, p: &Player) -> StoryNeeds {
    let story = g.story_def();
    let mut n = StoryNeeds {
        // Misbehaving wants a bit of everything.
        desired: [3, 3, 3],
        ..Default::default()
    };
    // The Skill Needs of the jobs we hold (FF-WORK-9).
    for &j in p.hand.iter().chain(p.active.iter().map(|a| &a.job)) {
        let job = &g.content.jobs[j as usize];
        for sk in Skill::ALL {
            let s = skill_index(sk);
            n.desired[s] = n.desired[s].max(job.needs.get(sk) as i32);
        }
    }
    for (i, goal) in story.goals.iter().enumerate().skip(p.goals as usize) {
        let current = i == p.goals as usize;
        for r in &goal.requires {
            match r {
                // The engine's own reputation query (carried gear such as the Alliance Ident
                // Card counts as Solid for goals too).
                GoalCondition::SolidWith { contacts } => {
                    for &c in contacts {
                        if !g.counts_as_solid(p, c) {
                            n.solid_with |= 1 << c.index();
                        }
                    }
                }
                GoalCondition::SolidCount { count } => {
                    n.solid_more = n
                        .solid_more
                        .max((*count as u32).saturating_sub(g.counts_as_solid_count(p)));
                }
                GoalCondition::Money { amount } => n.money = n.money.max(*amount),
                _ => {}
            }
        }
        for ch in &goal.choices {
            for r in &ch.requires {
                if let Requirement::Money { amount } = r {
                    n.money = n.money.max(*amount);
                    if ch.test.is_none() {
                        n.money_only = true;
                    }
                }
            }
            if let Some(t) = &ch.test {
                if let Some((min, money)) = proceed_band(t) {
                    let s = skill_index(t.skill);
                    n.desired[s] = n.desired[s].max(min - 3);
                    if current || i == p.goals as usize + 1 {
                        n.money = n.money.max(money);
                    }
                }
            }
        }
    }
    n
}

// ---------------------------------------------------------------------------------------------
// Helpers on the state
// ---------------------------------------------------------------------------------------------

fn skills_of(g: &Firefly, p: &Player, mask: CrewMask) -> [i32; 3] {
    [
        g.mask_skill(p, mask, Skill::Fight, false) as i32,
        g.mask_skill(p, mask, Skill::Tech, false) as i32,
        g.mask_skill(p, mask, Skill::Negotiate, false) as i32,
    ]
}

fn has_profession(g: &Firefly, p: &Player, prof: Profession) -> bool {
    p.crew.iter().any(|m| g.has_profession(m, prof))
}

fn gear_skills(d: &Gear) -> [i32; 3] {
    [
        d.skills.fight as i32,
        d.skills.tech as i32,
        d.skills.negotiate as i32,
    ]
}

fn crew_skills(d: &Crew) -> [i32; 3] {
    [
        d.skills.fight as i32,
        d.skills.tech as i32,
        d.skills.negotiate as i32,
    ]
}

/// Skill points of one test (crew in `mask` and their gear, plus modifiers), as the engine
/// counts them (FF-SKILL-4/6).
fn test_base(g: &Firefly, p: &Player, mask: CrewMask, t: &Test) -> i32 {
    let mut points = g.mask_skill(p, mask, t.skill, t.kosherized) as i32;
    for m in &t.modifiers {
        match m {
            TestModifier::PerWarrant { amount } => points += *amount as i32 * p.warrants as i32,
            TestModifier::KeywordAdds { keyword, amount } => {
                if g.mask_has_keyword(p, mask, *keyword) {
                    points += *amount as i32;
                }
            }
            TestModifier::SingleCrew => {}
        }
    }
    points
}

/// The crew and skill points of the test being resolved, as the engine counts them (the
/// tester, River's Gifted roll, Stitch's Fight for Negotiate), optionally for another skill.
fn live_test_base(g: &Firefly, r: &Resolution, skill: Option<Skill>) -> (CrewMask, i32) {
    let t = r.test().unwrap();
    let p = g.player(r.seat);
    let mask = g.test_mask();
    let skill = skill.or(r.skill()).unwrap_or(t.skill);
    let mut points = g.mask_skill(p, mask, skill, t.kosherized) as i32;
    for m in &t.modifiers {
        match m {
            TestModifier::PerWarrant { amount } => points += *amount as i32 * p.warrants as i32,
            TestModifier::KeywordAdds { keyword, amount } => {
                if g.mask_has_keyword(p, mask, *keyword) {
                    points += *amount as i32;
                }
            }
            TestModifier::SingleCrew => {}
        }
    }
    points += match (r.gifted, skill) {
        (Some(6), _) => 3,
        (Some(3), Skill::Fight) | (Some(4), Skill::Tech) | (Some(5), Skill::Negotiate) => 2,
        _ => 0,
    };
    (mask, points)
}

/// Whether crew member `m` may carry gear card `gear` at all (`Firefly::can_carry` without the
/// count of cards already carried).
fn may_carry(g: &Firefly, m: &CrewMember, gear: SupplyCardId) -> bool {
    let def = g.gear_def(gear);
    let cd = g.crew_def(m);
    let forbidden = cd
        .abilities
        .iter()
        .any(|a| matches!(a, Ability::MayNotCarry { keyword } if def.keywords.contains(keyword)));
    let unable = def.abilities.iter().any(|a| {
        matches!(a, Ability::RequiresSkillToCarry { skill, amount } if cd.skills.get(*skill) < *amount)
    });
    !forbidden && !unable
}

/// The best single tester's mask for a single-crew test.
fn best_single(g: &Firefly, p: &Player, mask: CrewMask, t: &Test) -> (CrewMask, i32) {
    let mut best = (mask, i32::MIN);
    for i in 0..p.crew.len() {
        if mask & (1 << i) == 0 {
            continue;
        }
        let m = 1 << i;
        let b = test_base(g, p, m, t);
        if b > best.1 {
            best = (m, b);
        }
    }
    if best.1 == i32::MIN {
        best.1 = 0;
    }
    best
}

fn is_single(t: &Test) -> bool {
    t.modifiers
        .iter()
        .any(|m| matches!(m, TestModifier::SingleCrew))
}

fn requirement_met_mask(g: &Firefly, p: &Player, mask: CrewMask, r: &Requirement) -> bool {
    g.requirement_met_by(p, mask, r)
}

fn choice_available_mask(g: &Firefly, p: &Player, mask: CrewMask, c: &Choice) -> bool {
    c.requires
        .iter()
        .all(|r| requirement_met_mask(g, p, mask, r))
        && c.effects.iter().all(|e| match e {
            Effect::Spend { item, amount } => p.item(*item) >= *amount,
            _ => true,
        })
}

fn has_ace(g: &Firefly, p: &Player, mask: CrewMask, ace: &Option<Ace>) -> bool {
    match ace {
        None => false,
        Some(Ace::Keyword { keyword }) => g.mask_has_keyword(p, mask, *keyword),
        Some(Ace::Profession { profession }) => g.mask_has_profession(p, mask, *profession),
        Some(Ace::Crew { crew }) => p
            .crew
            .iter()
            .enumerate()
            .any(|(i, m)| mask & (1 << i) != 0 && &g.crew_def(m).id == crew),
        Some(Ace::Gear { gear }) => p.crew.iter().enumerate().any(|(i, m)| {
            mask & (1 << i) != 0 && m.gear.iter().any(|&x| &g.gear_def(x).id == gear)
        }),
    }
}

/// P(a test ends in Proceed), with the best bribe worth paying ignored (bribes are a bonus).
fn p_proceed(t: &Test, base: i32, probs: &mut Vec<f64>) -> f64 {
    band_probs(t, base, probs);
    t.outcomes
        .iter()
        .zip(probs.iter())
        .filter(|(o, _)| {
            o.ends == Some(Ending::Proceed) || o.choose.iter().any(|b| b.ends == Ending::Proceed)
        })
        .map(|(_, p)| *p)
        .sum()
}

/// The tests of an option, in order (FF-MISB-15: every step must end in Proceed).
fn steps(ch: &Choice) -> impl Iterator<Item = &Test> {
    ch.test.iter().chain(ch.then.iter())
}

/// Chance that choosing `ch` ends in Proceed, given each step's chance: an option without a
/// test proceeds only if it ends so; with tests, every step must proceed, in order.
fn choice_chance(ch: &Choice, step: impl FnMut(&Test) -> f64) -> f64 {
    match &ch.test {
        None if ch.ends == Some(Ending::Proceed) => 1.0,
        None => 0.0,
        Some(_) => steps(ch).map(step).product(),
    }
}

/// What the crew in a mask brings to a test, computed once for many cards.
struct CrewStats {
    /// Skill points by [kosherized][skill].
    points: [[i32; 3]; 2],
    /// The best single crew member's points by [kosherized][skill].
    single: [[i32; 3]; 2],
    /// Keywords present (bit by `Keyword as u8`).
    keywords: u16,
}

impl CrewStats {
    fn of(g: &Firefly, p: &Player, mask: CrewMask) -> CrewStats {
        let mut st = CrewStats {
            points: [[0; 3]; 2],
            single: [[0; 3]; 2],
            keywords: 0,
        };
        for (k, kosher) in [false, true].into_iter().enumerate() {
            for sk in Skill::ALL {
                let s = skill_index(sk);
                st.points[k][s] = g.mask_skill(p, mask, sk, kosher) as i32;
                st.single[k][s] = (0..p.crew.len())
                    .filter(|&i| mask & (1 << i) != 0)
                    .map(|i| g.mask_skill(p, 1 << i, sk, kosher) as i32)
                    .max()
                    .unwrap_or(0);
            }
        }
        for kw in ALL_KEYWORDS {
            if g.mask_has_keyword(p, mask, kw) {
                st.keywords |= 1 << kw as u16;
            }
        }
        st
    }

    fn base(&self, p: &Player, t: &Test) -> i32 {
        let k = t.kosherized as usize;
        let s = skill_index(t.skill);
        let mut points = if is_single(t) {
            self.single[k][s]
        } else {
            self.points[k][s]
        };
        for m in &t.modifiers {
            match m {
                TestModifier::PerWarrant { amount } => points += *amount as i32 * p.warrants as i32,
                TestModifier::KeywordAdds { keyword, amount } => {
                    if self.keywords & (1 << *keyword as u16) != 0 {
                        points += *amount as i32;
                    }
                }
                TestModifier::SingleCrew => {}
            }
        }
        points
    }
}

/// Average chance of getting through one Misbehave card with the crew in `mask`
/// (FF-MISB-4..8): the best option of each card, Aces counted; `bonus` adds skill points.
fn misbehave_pass(g: &Firefly, p: &Player, mask: CrewMask, bonus: [i32; 3]) -> f64 {
    let c = g.content;
    let stats = CrewStats::of(g, p, mask);
    let mut probs = Vec::new();
    let mut total = 0.0;
    let mut weight = 0.0;
    for (def, d) in c.misbehave_defs.iter().enumerate() {
        let copies = c
            .misbehave_cards
            .iter()
            .filter(|&&x| x as usize == def)
            .count() as f64;
        if copies == 0.0 {
            continue;
        }
        weight += copies;
        if has_ace(g, p, mask, &d.ace) {
            total += copies;
            continue;
        }
        let mut best: f64 = 0.0;
        for ch in &d.options {
            if !choice_available_mask(g, p, mask, ch) {
                continue;
            }
            // Every step must end in Proceed, in order (FF-MISB-15).
            let pr = choice_chance(ch, |t| {
                let base = stats.base(p, t);
                // Bribes: count a couple of $100s as available.
                let bribe = if t.bribes && p.money >= 1500 { 2 } else { 0 };
                p_proceed(t, base + bribe + bonus[skill_index(t.skill)], &mut probs)
            });
            best = best.max(pr);
        }
        total += best * copies;
    }
    if weight == 0.0 {
        1.0
    } else {
        total / weight
    }
}

/// Turns to fly `d` sectors with a Full Burn range of `range` (a Mosey covers 1).
fn turns_for(d: u32, range: u32) -> u32 {
    if d <= 1 {
        d
    } else {
        d.div_ceil(range.max(1))
    }
}

// ---------------------------------------------------------------------------------------------
// The bot's view of one decision
// ---------------------------------------------------------------------------------------------

/// Information shared by the scoring functions of one decision.
struct Ctx<'a> {
    g: &'a Firefly,
    seat: Seat,
    p: &'a Player,
    needs: StoryNeeds,
    skills: [i32; 3],
    /// Keywords of the whole crew and their gear (bit by `Keyword as u16`).
    keywords: u16,
    range: u32,
    misb: std::cell::Cell<Option<f64>>,
    /// How many held jobs are worth doing (see `deal_value`).
    good_jobs: std::cell::Cell<Option<usize>>,
}

impl<'a> Ctx<'a> {
    fn new(g: &'a Firefly, seat: Seat) -> Self {
        let p = g.player(seat);
        let needs = story_needs(g, p);
        let skills = skills_of(g, p, all_crew(p));
        let range = g.burn_range(p).max(1) as u32;
        let mask = all_crew(p);
        let mut keywords = 0u16;
        for kw in ALL_KEYWORDS {
            if g.mask_has_keyword(p, mask, kw) {
                keywords |= 1 << kw as u16;
            }
        }
        Ctx {
            g,
            seat,
            p,
            needs,
            skills,
            keywords,
            range,
            misb: std::cell::Cell::new(None),
            good_jobs: std::cell::Cell::new(None),
        }
    }

    fn cuts(&self) -> u32 {
        self.p
            .crew
            .iter()
            .skip(1)
            .map(|m| self.g.crew_def(m).cost)
            .sum()
    }

    /// Money that must stay in hand (fuel, and savings for a goal that costs money).
    fn reserve(&self, bot: &FireflyBot) -> u32 {
        let mut r = 400;
        if self.needs.money > 0 && (self.needs.money_only || self.skill_ready(bot)) {
            r = r.max(self.needs.money + 300);
        }
        // In a Last Call story credits are the score: once a captain can call it, a card
        // bought now has too few turns left to pay for itself.
        if last_call_near(self.g) {
            r = r.max(self.p.money);
        }
        r
    }

    /// Whether the crew is about as good as the story asks (money aside).
    fn skill_ready(&self, bot: &FireflyBot) -> bool {
        let slack = bot.slack(self.g);
        (0..3).all(|s| self.skills[s] + slack >= self.needs.desired[s])
    }
}

impl FireflyBot {
    /// How far below the wanted skills we accept to be, growing as the game drags on.
    fn slack(&self, g: &Firefly) -> i32 {
        (g.round as i32 / 12).min(4)
    }

    fn decide(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        match &g.phase {
            Phase::ChooseLeader => self.choose_leader(g, legal),
            Phase::ChooseShip => legal[self.rng.index(legal.len())],
            Phase::PlaceShip => self.place_ship(g, seat, legal),
            Phase::StartingDeck => self.starting_deck(g, seat, legal),
            Phase::StartingJobs => self.starting_jobs(g, seat, legal),
            Phase::Actions => self.turn(g, seat, legal),
            Phase::FullBurn { .. } | Phase::Mosey { .. } => self.fly_step(g, seat, legal),
            Phase::Considering {
                market,
                considered,
                max,
            } => self.considering(g, seat, legal, *market, considered, *max),
            Phase::Purchasing { .. } => self.purchasing(g, seat, legal),
            Phase::BuyingGoods { .. } => self.buying_goods(g, seat, legal),
            Phase::Accepting { .. } => self.accepting(g, seat, legal),
            Phase::Selling { .. } => self.selling(g, seat, legal),
            Phase::DiscardJobs => self.discard_jobs(g, seat, legal),
            Phase::ChooseCrew { .. } => self.choose_crew(g, seat, legal),
            // FF-BS-24: the Challenge's Needs are met (only such are offered) and its reward
            // and Mr. Universe's reputation are worth its hurdles: attach the first one.
            Phase::AttachChallenge { .. } => legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::AttachChallenge(_)))
                .unwrap_or(Action::Done),
            Phase::PayCuts { .. } => self.pay_cuts(g, seat, legal),
            Phase::Resolving => self.resolving(g, seat, legal),
            Phase::Over => legal[0],
            Phase::Trading(_) => {
                // The bot opens no offers; drop one if it ever finds itself building one.
                let cancel = Action::Trade(TradeAction::Cancel);
                if legal.contains(&cancel) {
                    cancel
                } else {
                    legal[0]
                }
            }
            Phase::TradeAnswer(offer) => self.answer_trade(g, seat, offer, legal),
            // FF-TRADE-3: the trade window on another captain's turn. The bot opens no offers
            // (as on its own turn): it has no model of what a rival would accept, and a
            // refused offer only costs decisions. It still answers offers on their value.
            Phase::TradeWindow { .. } => {
                let pass = Action::Trade(TradeAction::Pass);
                if legal.contains(&pass) {
                    pass
                } else {
                    legal[0]
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Valuing things
// ---------------------------------------------------------------------------------------------

/// How a job looks to us.
#[derive(Clone, Copy, Debug)]
struct JobEval {
    /// Expected worth per turn spent on it.
    score: f64,
    /// Expected worth (pay, story value, less risk) when done.
    worth: f64,
    /// The crew meets its Skill Needs now (FF-WORK-9) and the drop-off goods are aboard.
    feasible: bool,
    /// Where the next step is worked.
    next: SectorId,
}

impl FireflyBot {
    /// Goods a drop-off of an active, picked-up job still needs.
    fn needed_items(&self, g: &Firefly, p: &Player, item: Item) -> u32 {
        let mut n = 0u32;
        for a in &p.active {
            let job = &g.content.jobs[a.job as usize];
            let step = a.steps_done as usize;
            if step == 0 || step >= job.steps.len() {
                continue;
            }
            let st = &job.steps[step];
            if st.kind == StepKind::DropOff {
                for it in &st.items {
                    if it.item == item {
                        n += if it.amount == 0 {
                            p.item(item) as u32
                        } else {
                            it.amount as u32
                        };
                    }
                }
            }
        }
        n
    }

    /// What it is worth to us that a job for `c` gets done (the story's Solid goals).
    fn story_worth_of_contact(&self, ctx: &Ctx, c: ContactName) -> f64 {
        // FF-REP-9: no Solid with Harken through a job while we have a Warrant.
        if c == ContactName::Harken && ctx.p.warrants > 0 {
            return 0.0;
        }
        self.solid_story_worth(ctx, c)
    }

    /// What counting as Solid with `c` is worth to the story's Solid goals (FF-WIN-3): nothing
    /// once we already count as Solid with them.
    fn solid_story_worth(&self, ctx: &Ctx, c: ContactName) -> f64 {
        if ctx.g.counts_as_solid(ctx.p, c) {
            return 0.0;
        }
        if ctx.needs.solid_with & (1 << c.index()) != 0 {
            6000.0
        } else if ctx.needs.solid_more > 0 {
            3500.0
        } else {
            0.0
        }
    }

    /// A Big Damn Challenge (FF-BS-23..28) is never worked itself: it is worth its reward and
    /// Mr. Universe's reputation when a job in hand of the same legality could take it.
    fn challenge_eval(&self, ctx: &Ctx, card: &Job, reward: u32) -> JobEval {
        let g = ctx.g;
        let fits = ctx.p.hand.iter().any(|&h| {
            let job = &g.content.jobs[h as usize];
            job.challenge.is_none() && job.illegal == card.illegal
        });
        let solid = card.contact.map_or(0.0, |k| self.solid_story_worth(ctx, k));
        let worth = (reward as f64 + solid) * if fits { 1.0 } else { 0.3 };
        JobEval {
            score: 0.0,
            worth,
            feasible: false,
            next: ctx.p.sector,
        }
    }

    /// Value a job whose next step is `step`, starting from `from`.
    fn job_eval(&self, ctx: &Ctx, j: JobId, step: u8, from: SectorId) -> JobEval {
        let g = ctx.g;
        let p = ctx.p;
        let c = g.content;
        let job = &c.jobs[j as usize];
        if let Some(ch) = &job.challenge {
            return self.challenge_eval(ctx, job, ch.reward);
        }
        let sectors = &c.job_sectors[j as usize];
        let step = step as usize;
        let next = sectors[step.min(sectors.len() - 1)];
        // FF-WORK-9, as `Firefly::needs_met` with the whole crew, from the Ctx's totals.
        let mut feasible = Skill::ALL
            .iter()
            .all(|&sk| ctx.skills[skill_index(sk)] >= job.needs.get(sk) as i32)
            && job
                .needs_keywords
                .iter()
                .all(|&k| ctx.keywords & (1 << k as u16) != 0)
            && job
                .needs_all
                .iter()
                .all(|r| g.requirement_met_by(p, all_crew(p), r))
            && (job.needs_one_of.is_empty()
                || job
                    .needs_one_of
                    .iter()
                    .any(|r| g.requirement_met_by(p, all_crew(p), r)));
        if step < job.steps.len() && job.steps[step].kind != StepKind::PickUp {
            for it in &job.steps[step].items {
                let have = p.item(it.item);
                if have == 0 || (it.amount > 0 && have < it.amount) {
                    feasible = false;
                }
            }
        }
        // Time: each step needs a turn at least; travel by Full Burns.
        let mut turns = 0u32;
        let mut at = from;
        let mut misbehave = 0u32;
        let mut tests = 0;
        for (k, st) in job.steps.iter().enumerate().skip(step) {
            let s = sectors[k];
            let t = turns_for(self.d(at, s), ctx.range);
            turns += if k == step { t } else { t.max(1) };
            at = s;
            misbehave += st.misbehave as u32;
            if st.choices.iter().any(|ch| ch.test.is_some()) {
                tests += 1;
            }
        }
        // Pay.
        let mut pay = job.pay.unwrap_or(0) as f64;
        if let Some(pp) = job.pay_per {
            let mut n = 0u32;
            for st in &job.steps {
                for it in &st.items {
                    if it.item == pp.item {
                        n = n.max(if it.amount == 0 {
                            g.room_for(p, it.item).min(6) + p.item(it.item) as u32
                        } else {
                            it.amount as u32
                        });
                    }
                }
            }
            pay += pp.amount as f64 * n as f64;
        }
        if job.pay.is_none() && job.pay_per.is_none() {
            pay += 600.0;
        }
        // A story's rule (Desperadoes): Illegal jobs pay more.
        if job.illegal {
            pay += g.story_def().setup.illegal_job_bonus as f64;
        }
        if let Some(b) = job.bonus {
            let earned = b.profession.is_some_and(|pr| has_profession(g, p, pr))
                || b.keyword
                    .is_some_and(|k| g.mask_has_keyword(p, all_crew(p), k));
            if earned {
                pay += b.amount as f64 + 300.0 * b.parts as f64;
            }
        }
        for a in g.crew_abilities(p) {
            if let Ability::JobCompletionBonus { jobs, amount } = a {
                if tabletop_firefly::work::job_matches(job, *jobs) {
                    pay += *amount as f64;
                }
            }
        }
        let mut cost = ctx.cuts() as f64 * 0.5;
        if job.immoral {
            cost += 200.0 * p.crew.iter().filter(|m| g.crew_def(m).moral).count() as f64;
        }
        if job.steps.iter().any(|st| {
            st.items
                .iter()
                .any(|it| matches!(it.item, Item::Contraband | Item::Fugitives))
        }) {
            cost += 250.0;
        }
        let pm = if misbehave > 0 {
            self.misb(ctx).powi(misbehave as i32)
        } else {
            1.0
        };
        let pt = 0.8f64.powi(tests);
        let psucc = pm * pt;
        let mut story = job
            .contact
            .map_or(0.0, |k| self.story_worth_of_contact(ctx, k));
        // Near the end of a story that settles unfinished jobs, finishing one also saves the
        // Pay value it would cost at the end.
        if g.story_def().settle_jobs && last_call_near(g) {
            story += job.pay.unwrap_or(0) as f64;
        }
        let worth = psucc * (pay - cost + story) - (1.0 - psucc) * 900.0;
        let score = if feasible {
            worth / (turns as f64 + 1.0)
        } else {
            0.0
        };
        JobEval {
            score,
            worth,
            feasible,
            next,
        }
    }

    /// How much a job in hand is worth keeping: its score if we can do it, a little of its
    /// worth if we could after hiring.
    fn hand_value(&self, ctx: &Ctx, j: JobId, from: SectorId) -> f64 {
        let e = self.job_eval(ctx, j, 0, from);
        if e.feasible {
            e.score
        } else {
            e.worth * 0.04
        }
    }

    /// Chance of one Misbehave card passed by the whole crew (cached per decision).
    fn misb(&self, ctx: &Ctx) -> f64 {
        if let Some(v) = ctx.misb.get() {
            return v;
        }
        let key = chance_key(ctx.g, ctx.p);
        let (k, cached) = self.misb_memo.get();
        let v = if k == key {
            cached
        } else {
            let v = misbehave_pass(ctx.g, ctx.p, all_crew(ctx.p), [0; 3]);
            self.misb_memo.set((key, v));
            v
        };
        ctx.misb.set(Some(v));
        v
    }

    /// The story's next goal: where, and the chance that one attempt now completes it.
    fn goal_chance(&self, ctx: &Ctx) -> Option<(SectorId, f64)> {
        let g = ctx.g;
        let p = ctx.p;
        let story = g.story_def();
        let gi = p.goals as usize;
        if gi >= story.goals.len() {
            return None;
        }
        let goal = &story.goals[gi];
        let sector = g.content.goal_sectors[g.story as usize][gi]?;
        if !goal.requires.iter().all(|c| g.goal_condition(p, c)) {
            return None;
        }
        let pm = self.misb(ctx).powi(goal.misbehave as i32);
        Some((sector, goal_test_chance(g, p, goal, [0; 3]) * pm))
    }

    /// The first goal still to do that is a test of the crew (it is what the crew is for).
    fn test_goal(&self, g: &Firefly, p: &Player) -> Option<&'static Goal> {
        g.story_def()
            .goals
            .iter()
            .skip(p.goals as usize)
            .find(|goal| {
                goal.at.is_some()
                    && (goal.misbehave > 0 || goal.choices.iter().any(|c| c.test.is_some()))
            })
    }

    /// Chance that the crew, with `bonus` more skill points, gets through the next test goal
    /// (memoised per crew, since it is asked for every card the bot looks at).
    fn goal_chance_with(&self, ctx: &Ctx, bonus: [i32; 3]) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let Some(goal) = self.test_goal(g, p) else {
            return 0.0;
        };
        let key = chance_key(g, p);
        let b = [
            bonus[0].clamp(-4, 4),
            bonus[1].clamp(-4, 4),
            bonus[2].clamp(-4, 4),
        ];
        let idx = ((b[0] + 4) * 81 + (b[1] + 4) * 9 + b[2] + 4) as usize;
        let mut memo = self.chance_memo.borrow_mut();
        if memo.0 != key {
            memo.0 = key;
            memo.1.clear();
            memo.1.resize(729, f32::NAN);
        }
        if !memo.1[idx].is_nan() {
            return memo.1[idx] as f64;
        }
        let pm = misbehave_pass(g, p, all_crew(p), b).powi(goal.misbehave as i32);
        let v = goal_test_chance(g, p, goal, b) * pm;
        memo.1[idx] = v as f32;
        v
    }
}

/// What the chance memo depends on.
fn chance_key(g: &Firefly, p: &Player) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    // Money matters to these odds only across the amounts that something asks for: $1,500 for
    // bribes (see `misbehave_pass`) and the story's money requirements.
    let mut money_class = (p.money >= 1500) as u32;
    for goal in &g.story_def().goals {
        for ch in &goal.choices {
            let reqs = ch.requires.iter().chain(ch.test.iter().flat_map(|t| {
                t.outcomes
                    .iter()
                    .flat_map(|o| o.choose.iter().flat_map(|b| b.requires.iter()))
            }));
            money_class += reqs
                .filter(|r| matches!(r, Requirement::Money { amount } if p.money >= *amount))
                .count() as u32;
        }
    }
    (p.seat, p.goals, p.warrants, money_class, p.items).hash(&mut h);
    for m in &p.crew {
        (m.def, &m.gear).hash(&mut h);
    }
    (g.story, g.content.sectors.len()).hash(&mut h);
    h.finish()
}

/// Chance that one goal's instructions (after its Misbehave cards) complete it, with `bonus`
/// more skill points; a branch that needs money counts only if we have it.
fn goal_test_chance(g: &Firefly, p: &Player, goal: &Goal, bonus: [i32; 3]) -> f64 {
    let mask = all_crew(p);
    let mut probs = Vec::new();
    let mut best: f64 = if goal.choices.is_empty() { 1.0 } else { 0.0 };
    for ch in &goal.choices {
        if !choice_available_mask(g, p, mask, ch) {
            continue;
        }
        let pr = choice_chance(ch, |t| {
            let base = test_base(g, p, mask, t) + bonus[skill_index(t.skill)];
            band_probs(t, base, &mut probs);
            t.outcomes
                .iter()
                .zip(probs.iter())
                .filter(|(o, _)| {
                    o.ends == Some(Ending::Proceed)
                        || o.choose.iter().any(|b| {
                            b.ends == Ending::Proceed
                                && b.requires.iter().all(|r| match r {
                                    Requirement::Money { amount } => p.money >= *amount,
                                    _ => true,
                                })
                        })
                })
                .map(|(_, x)| *x)
                .sum::<f64>()
        });
        best = best.max(pr);
    }
    best
}

impl FireflyBot {
    /// The chance below which we would rather improve the crew than try the goal.
    fn goal_threshold(&self, ctx: &Ctx) -> f64 {
        let g = ctx.g;
        let mut t = (0.32 - 0.009 * g.round as f64).max(0.06);
        // Nothing left to improve with: go anyway.
        let p = ctx.p;
        let room = p.crew.len() < g.max_crew(p)
            || p.crew
                .iter()
                .any(|m| g.gear_carried_counted(m) < g.gear_capacity(m));
        if !room || p.money < 800 {
            t *= 0.5;
        }
        t
    }

    fn goal_value(&self, ctx: &Ctx) -> Option<(SectorId, f64)> {
        let (s, chance) = self.goal_chance(ctx)?;
        if chance <= 0.0 || chance < self.goal_threshold(ctx) {
            return None;
        }
        Some((s, GOAL_WORTH * chance))
    }

    // ---- crew, gear and upgrades -------------------------------------------------------------

    fn skill_gain(&self, ctx: &Ctx, add: [i32; 3]) -> f64 {
        let mut v = 0.0;
        for (s, &a) in add.iter().enumerate() {
            if a <= 0 {
                continue;
            }
            let deficit = (ctx.needs.desired[s] + 1 - ctx.skills[s]).max(0);
            let useful = a.min(deficit);
            v += useful as f64 * 800.0 + (a - useful) as f64 * 180.0;
        }
        v
    }

    /// What `add` skill points are worth for the story's next test goal.
    fn goal_gain(&self, ctx: &Ctx, add: [i32; 3]) -> f64 {
        if add.iter().all(|&x| x <= 0) {
            return 0.0;
        }
        let now = self.goal_chance_with(ctx, [0; 3]);
        let with = self.goal_chance_with(ctx, add);
        (with - now).max(0.0) * GOAL_WORTH * 0.6
    }

    fn keyword_gain(&self, ctx: &Ctx, kws: &[Keyword]) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let mut v = 0.0;
        for &k in kws {
            if g.mask_has_keyword(p, all_crew(p), k) {
                v += 20.0;
                continue;
            }
            let wanted = p
                .hand
                .iter()
                .chain(p.active.iter().map(|a| &a.job))
                .any(|&j| g.content.jobs[j as usize].needs_keywords.contains(&k));
            v += if wanted { 1500.0 } else { 150.0 };
        }
        v
    }

    fn profession_gain(&self, ctx: &Ctx, profs: &[Profession]) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let mut v = 0.0;
        for &pr in profs {
            if has_profession(g, p, pr) {
                continue;
            }
            v += match pr {
                Profession::Pilot | Profession::Mechanic => 250.0,
                Profession::Medic => 350.0,
                _ => 0.0,
            };
            for &j in p.hand.iter().chain(p.active.iter().map(|a| &a.job)) {
                if let Some(b) = g.content.jobs[j as usize].bonus {
                    if b.profession == Some(pr) {
                        v += b.amount as f64 * 0.5 + 100.0 * b.parts as f64;
                    }
                }
            }
        }
        v
    }

    /// What a Supply card is worth to us, before its price.
    fn card_value(&self, ctx: &Ctx, card: SupplyCardId) -> f64 {
        if !ctx.g.can_acquire(ctx.seat, card) {
            return f64::NEG_INFINITY;
        }
        self.card_value_any(ctx, card)
    }

    /// What losing crew member `idx` would cost us (the mirror of `card_value`).
    fn member_loss(&self, ctx: &Ctx, idx: usize) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let m = &p.crew[idx];
        let def = g.crew_def(m);
        let sk = crew_skills(def);
        let mut v = 0.0;
        for (s, &x) in sk.iter().enumerate() {
            if x <= 0 {
                continue;
            }
            let short = ctx.skills[s] - x < ctx.needs.desired[s] + 1;
            v += x as f64 * if short { 800.0 } else { 180.0 };
        }
        let now = self.goal_chance_with(ctx, [0; 3]);
        let without = self.goal_chance_with(ctx, [-sk[0], -sk[1], -sk[2]]);
        v += (now - without).max(0.0) * GOAL_WORTH * 0.35;
        let others = all_crew(p) & !(1 << idx);
        for &k in &def.keywords {
            if !g.mask_has_keyword(p, others, k) {
                v += 300.0;
            }
        }
        for &pr in &def.professions {
            if !g.mask_has_profession(p, others, pr) {
                v += match pr {
                    Profession::Pilot | Profession::Mechanic => 250.0,
                    Profession::Medic => 350.0,
                    _ => 50.0,
                };
            }
        }
        v -= def.cost as f64 * 1.5;
        if g.is_wanted(m) {
            v -= 450.0;
        }
        v
    }

    /// `card_value` as if there were room aboard.
    fn card_value_any(&self, ctx: &Ctx, card: SupplyCardId) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let c = g.content;
        match c.supply_cards[card as usize].kind {
            SupplyKind::Crew(d) => {
                let def = &c.crew[d as usize];
                let mut v = self.skill_gain(ctx, crew_skills(def));
                v += self.goal_gain(ctx, crew_skills(def));
                // Hands to carry gear and to take the Kills.
                if p.crew.len() < 4 {
                    v += 350.0;
                }
                v += self.keyword_gain(ctx, &def.keywords);
                v += self.profession_gain(ctx, &def.professions);
                if !p.spare_gear.is_empty() {
                    v += 250.0;
                }
                v -= def.cost as f64 * 1.5;
                if def.wanted {
                    v -= 450.0;
                }
                if def.abilities.contains(&Ability::Imposter) {
                    v -= 100.0;
                }
                v
            }
            SupplyKind::Gear(d) => {
                let def = &c.gear[d as usize];
                let mut v = self.skill_gain(ctx, gear_skills(def));
                v += self.goal_gain(ctx, gear_skills(def));
                v += self.keyword_gain(ctx, &def.keywords);
                for a in &def.abilities {
                    v += match a {
                        Ability::DiscardForKeyword { keyword } => {
                            self.keyword_gain(ctx, &[*keyword]) * 0.4
                        }
                        Ability::DiscardForBonus { .. } => 80.0,
                        Ability::MedicCheckBonus { .. } => 100.0,
                        Ability::ConsiderJobs { .. } | Ability::BuyCards { .. } => 150.0,
                        // The Alliance Ident Card: Solid with Harken for the story's goals
                        // too, while carried.
                        Ability::CountsAsSolid { contact } => {
                            self.solid_story_worth(ctx, *contact) * 0.5
                        }
                        _ => 0.0,
                    };
                }
                let carrier = p.crew.iter().any(|m| g.can_carry(p, m, card));
                if !carrier {
                    v *= 0.25;
                }
                v
            }
            SupplyKind::Upgrade(u) => self.upgrade_value(ctx, u),
        }
    }

    fn upgrade_value(&self, ctx: &Ctx, u: UpgradeDefId) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let def = &g.content.upgrades[u as usize];
        let mut v = 0.0;
        if let Some(dc) = def.drive_core {
            let cur = g.drive_core_def(p).drive_core.map_or(0, |d| d.range) as f64;
            v += 700.0 * (dc.range as f64 - cur);
            if dc.fuel_per_burn == 0 {
                v += 400.0;
            }
        }
        for a in &def.abilities {
            v += match a {
                Ability::ExtraCrew { .. } => {
                    if p.crew.len() + 1 >= g.max_crew(p) {
                        300.0
                    } else {
                        50.0
                    }
                }
                Ability::ExtraHold { .. } | Ability::ExtraStash { .. } => 100.0,
                Ability::RangeBonus { amount } => 600.0 * *amount as f64,
                Ability::MoseyRange { .. } => 150.0,
                Ability::IgnoreBreakdowns => 200.0,
                _ => 40.0,
            };
        }
        v
    }

    /// What losing a crew member would cost us.
    fn crew_worth(&self, g: &Firefly, p: &Player, idx: usize) -> f64 {
        let m = &p.crew[idx];
        if idx == 0 {
            // FF-CREW-9: a Killed Leader returns Disgruntled; a second token fires everyone.
            // Cheap only while a second token is far off.
            return if m.disgruntled { 50_000.0 } else { 1400.0 };
        }
        let d = g.crew_def(m);
        let sk = d.skills.fight + d.skills.tech + d.skills.negotiate;
        400.0
            + 450.0 * sk as f64
            + 150.0 * d.professions.len() as f64
            + 200.0 * d.keywords.len() as f64
    }

    /// The cost of `n` Kills among `mask` (FF-DEATH-1: we choose the cheapest).
    fn kill_cost(&self, g: &Firefly, p: &Player, mask: CrewMask, n: u32) -> f64 {
        let mut w: Vec<f64> = (0..p.crew.len())
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| self.crew_worth(g, p, i))
            .collect();
        w.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let medic = p.crew.iter().any(|m| g.gives_medic_check(m));
        let f = if medic { 0.67 } else { 1.0 };
        let mut total: f64 = w.iter().take(n as usize).map(|x| x * f).sum();
        // More Kills than crew: the Leader takes them all (a second one fires everyone).
        if n as usize > w.len() && mask & 1 != 0 {
            total += 2000.0;
        }
        total
    }

    /// Worth of one more of an item aboard.
    fn item_gain(&self, ctx: &Ctx, item: Item) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let solid_buyer = |f: fn(&Contact) -> Option<u32>| {
            g.content
                .contacts
                .iter()
                .filter(|k| p.is_solid(k.contact))
                .filter_map(f)
                .max()
        };
        match item {
            Item::Fuel => {
                if p.item(Item::Fuel) < 8 {
                    120.0
                } else {
                    10.0
                }
            }
            Item::Parts => {
                if p.item(Item::Parts) < 3 {
                    150.0
                } else {
                    30.0
                }
            }
            Item::Cargo => solid_buyer(|k| k.buys_cargo).map_or(80.0, |x| x as f64 * 0.7),
            Item::Contraband => {
                // Goods an Active job lost and must replace (FF-WORK-14).
                if self.needed_items(g, p, Item::Contraband) > p.item(Item::Contraband) as u32 {
                    return 1500.0;
                }
                solid_buyer(|k| k.buys_contraband).map_or(-150.0, |x| x as f64 * 0.6 - 150.0)
            }
            Item::Passengers | Item::Fugitives => 0.0,
        }
    }

    /// Worth of one of an item we would lose.
    fn item_loss(&self, ctx: &Ctx, item: Item, n: u32) -> f64 {
        let p = ctx.p;
        let have = p.item(item) as u32;
        let n = n.min(have);
        if n == 0 {
            return 0.0;
        }
        let needed = self.needed_items(ctx.g, p, item);
        let spare = have.saturating_sub(needed);
        let from_spare = n.min(spare);
        let from_needed = n - from_spare;
        let unit = match item {
            Item::Fuel => {
                if have <= 2 {
                    600.0
                } else {
                    150.0
                }
            }
            Item::Parts => 250.0,
            _ => self.item_gain(ctx, item).max(0.0),
        };
        from_spare as f64 * unit + from_needed as f64 * 2500.0
    }

    /// What meeting the Alliance would cost us now (FF-FLY-15..17).
    fn outlaw_cost(&self, ctx: &Ctx) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        if !g.is_outlaw(p) {
            return 0.0;
        }
        let mut v = (p.warrants as f64 * 1000.0).min(p.money as f64) - p.warrants as f64 * 600.0;
        v += self.item_loss(ctx, Item::Contraband, 255);
        v += self.item_loss(ctx, Item::Fugitives, 255);
        for (i, m) in p.crew.iter().enumerate().skip(1) {
            if g.is_wanted(m) {
                v += self.crew_worth(g, p, i) / 6.0;
            }
        }
        v.max(100.0)
    }
}

// ---------------------------------------------------------------------------------------------
// Where to go and what to do
// ---------------------------------------------------------------------------------------------

impl FireflyBot {
    fn supply_value(&self, ctx: &Ctx, d: DeckId) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let mut v = 0.0;
        if p.money >= 100 {
            v += self.fuel_need(ctx);
        }
        if p.item(Item::Parts) == 0 && p.money >= 1500 {
            v += 150.0;
        }
        let avail = p.money.saturating_sub(ctx.reserve(self)) as f64;
        if avail >= 100.0 {
            let deck = &g.decks.supply[d as usize];
            let mut nets: Vec<f64> = deck
                .discard_pile()
                .iter()
                .filter_map(|&c| {
                    let price = g.price(ctx.seat, c) as f64;
                    if price > avail {
                        return None;
                    }
                    let net = self.card_value(ctx, c) - price;
                    (net > 0.0).then_some(net)
                })
                .collect();
            nets.sort_by(|a, b| b.partial_cmp(a).unwrap());
            v += nets.iter().take(2).sum::<f64>();
            if avail >= 500.0 && deck.draw_len() > 0 && !ctx.skill_ready(self) {
                v += 300.0;
            }
        }
        v
    }

    /// How badly we need Fuel: a ship with no Fuel goes nowhere (FF-FLY-2), so the last Full
    /// Burns are worth a detour to a Supply planet.
    fn fuel_need(&self, ctx: &Ctx) -> f64 {
        let burn = ctx.g.full_burn_fuel(ctx.p).max(1) as u32;
        let burns = ctx.p.item(Item::Fuel) as u32 / burn;
        match burns {
            0 => 9000.0,
            1 => 5000.0,
            2 => 1500.0,
            3 => 500.0,
            n => (8u32.saturating_sub(n * burn)) as f64 * 60.0,
        }
    }

    /// Whether we can buy Fuel in a sector: a Supply planet, or Harken while Solid with him.
    fn fuel_source(&self, ctx: &Ctx, s: SectorId) -> bool {
        let g = ctx.g;
        if g.supply_deck_at(s).is_some() {
            return true;
        }
        g.contact_at(s).is_some_and(|c| {
            ctx.p.is_solid(c) && g.content.contact(c).is_some_and(|d| d.sells_fuel.is_some())
        })
    }

    fn nearest_fuel(&self, ctx: &Ctx) -> Option<SectorId> {
        let here = ctx.p.sector;
        (0..ctx.g.content.sectors.len() as SectorId)
            .filter(|&s| !ctx.g.has_cutter(s) && self.fuel_source(ctx, s))
            .min_by_key(|&s| self.d(here, s))
    }

    fn held_jobs_from(&self, p: &Player, c: ContactName, g: &Firefly) -> bool {
        p.hand
            .iter()
            .chain(p.active.iter().map(|a| &a.job))
            .any(|&j| g.content.jobs[j as usize].contact == Some(c))
    }

    /// Worth of a Deal action with Contact `c` for us now.
    fn deal_value(&self, ctx: &Ctx, c: ContactName) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let deck = &g.decks.contacts[c.index()];
        let jobs_left = deck.draw_len() + deck.discard_len() > 0;
        let mut v = 0.0;
        // Near the end of a story that settles unfinished jobs, new jobs are mostly debts.
        let settle_soon = g.story_def().settle_jobs && last_call_near(g);
        if jobs_left && !settle_soon {
            let room = p.hand.len() < g.hand_limit(p) || p.active.len() < ACTIVE_LIMIT;
            let good = match ctx.good_jobs.get() {
                Some(n) => n,
                None => {
                    let n = p
                        .active
                        .iter()
                        .map(|a| (a.job, a.steps_done))
                        .chain(p.hand.iter().map(|&j| (j, 0)))
                        .filter(|&(j, s)| self.job_eval(ctx, j, s, p.sector).score > 80.0)
                        .count();
                    ctx.good_jobs.set(Some(n));
                    n
                }
            };
            let sector = g.content.contact_sector[c.index()].unwrap_or(p.sector);
            let best = deck
                .discard_pile()
                .iter()
                .map(|&j| self.job_eval(ctx, j, 0, sector).score)
                .fold(0.0, f64::max);
            // Something to find: face-down cards, or a face-up job we can do.
            if room && (deck.draw_len() > 0 || best > 0.0) {
                let mut jobs = match good {
                    0 => 1200.0,
                    1 => 600.0,
                    2 => 150.0,
                    _ => 30.0,
                };
                if !self.held_jobs_from(p, c, g) {
                    jobs += self.story_worth_of_contact(ctx, c) * 0.6;
                }
                jobs += best;
                // We came away empty-handed lately: the deck has not changed much.
                let last = self.fruitless[c.index()];
                if last != u16::MAX && g.round < last + 6 {
                    jobs *= 0.15;
                }
                v += jobs;
            }
        }
        if p.is_solid(c) {
            if let Some(def) = g.content.contact(c) {
                if let Some(price) = def.buys_cargo {
                    let spare = (p.item(Item::Cargo) as u32).saturating_sub(self.needed_items(
                        g,
                        p,
                        Item::Cargo,
                    ));
                    v += spare as f64 * price as f64;
                }
                if let Some(price) = def.buys_contraband {
                    let spare = (p.item(Item::Contraband) as u32)
                        .saturating_sub(self.needed_items(g, p, Item::Contraband));
                    v += spare as f64 * price as f64;
                }
                if def.sells_fuel.is_some() && p.money >= 300 {
                    v += self.fuel_need(ctx) * 0.8;
                }
                if def.special_rule == ContactRule::FavorForAFavor
                    && p.warrants > 0
                    && p.money >= 1800
                {
                    v += 800.0 * p.warrants as f64;
                }
            }
        }
        v
    }

    /// Every place worth going to, with its score (worth per turn).
    fn candidates(&self, ctx: &Ctx, out: &mut Vec<(SectorId, f64)>) {
        out.clear();
        self.candidates_raw(ctx, out);
        // Going where the Cruiser is means meeting the Alliance (FF-FLY-15).
        let g = ctx.g;
        if g.cruiser != ctx.p.sector && g.is_outlaw(ctx.p) {
            let cost = self.outlaw_cost(ctx);
            let t = turns_for(self.d(ctx.p.sector, g.cruiser), ctx.range) as f64 + 1.0;
            for c in out.iter_mut() {
                if c.0 == g.cruiser {
                    c.1 -= cost / t;
                }
            }
        }
    }

    fn candidates_raw(&self, ctx: &Ctx, out: &mut Vec<(SectorId, f64)>) {
        let g = ctx.g;
        let p = ctx.p;
        let here = p.sector;
        let turns = |s: SectorId| turns_for(self.d(here, s), ctx.range) as f64;
        if let Some((s, v)) = self.goal_value(ctx) {
            out.push((s, v / (turns(s) + 1.0)));
        }
        for a in &p.active {
            let e = self.job_eval(ctx, a.job, a.steps_done, here);
            if e.feasible && e.score > 0.0 {
                out.push((e.next, e.score));
            }
        }
        if p.active.len() < ACTIVE_LIMIT {
            for &j in &p.hand {
                let e = self.job_eval(ctx, j, 0, here);
                if e.feasible && e.score > 0.0 {
                    out.push((e.next, e.score));
                }
            }
        }
        for (i, &c) in ALL_CONTACTS.iter().enumerate() {
            if let Some(s) = g.content.contact_sector[i] {
                let v = self.deal_value(ctx, c);
                if v > 0.0 {
                    out.push((s, v / (turns(s) + 1.0)));
                }
            }
        }
        for (d, info) in g.content.supply_decks.iter().enumerate() {
            let v = self.supply_value(ctx, d as DeckId);
            if v > 0.0 {
                out.push((info.sector, v / (turns(info.sector) + 1.0)));
            }
        }
    }

    /// The best place to fly to (not where we are), if any.
    fn best_remote(&mut self, ctx: &Ctx) -> Option<(SectorId, f64)> {
        let mut cands = Vec::new();
        self.candidates(ctx, &mut cands);
        let here = ctx.p.sector;
        let mut best: Option<(SectorId, f64)> = None;
        for (s, v) in cands {
            if s == here || ctx.g.has_cutter(s) {
                continue;
            }
            let v = v + self.rng.below(8) as f64 * 0.01;
            if best.is_none_or(|b| v > b.1) {
                best = Some((s, v));
            }
        }
        if best.is_none() {
            // Nothing to do anywhere: head for the nearest Supply planet.
            best = ctx
                .g
                .content
                .supply_decks
                .iter()
                .map(|d| d.sector)
                .filter(|&s| s != here)
                .min_by_key(|&s| self.d(here, s))
                .map(|s| (s, 1.0));
        }
        best
    }

    /// Distances to `target` over the sectors a ship may enter now: never the Cutter's
    /// (FF-FLY-12), and not the Cruiser's when we are an Outlaw Ship (FF-FLY-15).
    fn route(&self, g: &Firefly, target: SectorId, avoid_cruiser: bool, hot: bool) -> Vec<u16> {
        // Dijkstra over small integer costs: entering a sector costs 1, an Alliance sector 3
        // when we carry goods a job needs and the Alliance would seize (its Cruiser card and
        // Patrols), a sector next to the Cruiser one more when meeting it costs us.
        let c = g.content;
        let n = c.sectors.len();
        let avoid_cruiser = avoid_cruiser && target != g.cruiser;
        let cost = |y: SectorId| -> u16 {
            let mut w = 1;
            if hot && c.sectors[y as usize].zone == Zone::Alliance {
                w += 2;
            }
            if avoid_cruiser && g.neighbours(y).contains(&g.cruiser) {
                w += 1;
            }
            w
        };
        let mut dist = vec![u16::MAX; n];
        dist[target as usize] = 0;
        // Costs are of entering a sector when walking backwards from the target: a ship at `y`
        // pays to enter `x`. Plain BFS when every step costs 1.
        let weighted = hot || avoid_cruiser;
        let mut heap = std::collections::BinaryHeap::new();
        heap.push(std::cmp::Reverse((0u16, target)));
        while let Some(std::cmp::Reverse((d, x))) = heap.pop() {
            if d > dist[x as usize] {
                continue;
            }
            let enter = if x == target || !weighted { 1 } else { cost(x) };
            for &y in g.neighbours(x) {
                if g.has_cutter(y) || (avoid_cruiser && y == g.cruiser) {
                    continue;
                }
                let nd = d + enter;
                if nd < dist[y as usize] {
                    dist[y as usize] = nd;
                    heap.push(std::cmp::Reverse((nd, y)));
                }
            }
        }
        dist
    }

    /// Whether we carry goods a job needs that the Alliance would seize (FF-FLY-16, FF-WORK-14).
    fn hot_cargo(&self, g: &Firefly, p: &Player) -> bool {
        self.needed_items(g, p, Item::Contraband) > 0
            || self.needed_items(g, p, Item::Fugitives) > 0
    }

    /// Whether meeting the Alliance Cruiser would cost us enough to fly around it.
    fn avoid_cruiser(&self, g: &Firefly, p: &Player) -> bool {
        if !g.is_outlaw(p) {
            return false;
        }
        let ctx = Ctx::new(g, p.seat);
        self.outlaw_cost(&ctx) > 350.0
    }

    /// The next sector toward `target` among the legal moves.
    fn step_toward(
        &mut self,
        g: &Firefly,
        p: &Player,
        target: SectorId,
        legal: &[Action],
    ) -> Option<Action> {
        let avoid = self.avoid_cruiser(g, p);
        let hot = self.hot_cargo(g, p);
        let dist = self.route(g, target, avoid, hot);
        let near_cutter = |s: SectorId| g.neighbours(s).iter().any(|&x| g.has_cutter(x));
        let mut best: Option<(i32, Action)> = None;
        for &a in legal {
            if let Action::MoveTo(s) = a {
                let d = dist[s as usize] as i32;
                let d = if d == u16::MAX as i32 {
                    // Unreachable without the Cruiser: fall back to plain distance.
                    self.d(s, target) as i32 + 50
                } else {
                    d
                };
                let mut score = d * 10;
                if near_cutter(s) {
                    score += 3;
                }
                if s == g.cruiser && avoid && s != target {
                    score += 30;
                }
                score += self.rng.below(2) as i32;
                if best.is_none_or(|b| score < b.0) {
                    best = Some((score, a));
                }
            }
        }
        best.map(|b| b.1)
    }
}

// ---------------------------------------------------------------------------------------------
// Set-up
// ---------------------------------------------------------------------------------------------

impl FireflyBot {
    fn choose_leader(&mut self, g: &Firefly, legal: &[Action]) -> Action {
        let p = g.me();
        let needs = story_needs(g, p);
        let mut best = (f64::MIN, legal[0]);
        for &a in legal {
            let Action::ChooseLeader(l) = a else { continue };
            let d = &g.content.crew[l as usize];
            let sk = crew_skills(d);
            let mut v = 0.0;
            for (x, want) in sk.iter().zip(needs.desired) {
                v += *x as f64 * (1.0 + want as f64 / 4.0);
            }
            for ab in &d.abilities {
                v += match ab {
                    Ability::HireFree => 3.0,
                    Ability::JobCompletionBonus { .. } => 1.0,
                    Ability::HalfPrice { .. } => 1.0,
                    _ => 0.3,
                };
            }
            v += d.professions.len() as f64 * 0.3 + d.keywords.len() as f64 * 0.3;
            v += self.rng.below(100) as f64 * 0.001;
            if v > best.0 {
                best = (v, a);
            }
        }
        best.1
    }

    fn place_ship(&mut self, g: &Firefly, _seat: Seat, legal: &[Action]) -> Action {
        let c = g.content;
        let mut best = (f64::MIN, legal[0]);
        for &a in legal {
            let Action::PlaceShip(s) = a else { continue };
            let sec = &c.sectors[s as usize];
            let mut v = 0.0;
            if sec.supply.is_some() {
                v += 3.0;
            }
            if sec.contact.is_some() {
                v += 2.0;
            }
            if g.neighbours(s).iter().any(|&x| g.has_cutter(x)) {
                v -= 2.0;
            }
            if s == g.cruiser {
                v -= 0.5;
            }
            v += self.rng.below(100) as f64 * 0.01;
            if v > best.0 {
                best = (v, a);
            }
        }
        best.1
    }

    /// A Set Up card's starting jobs from one deck of our choice (FF-BS-5): the Contact nearest
    /// the ship (its jobs start close and the Deal for more is near), preferring one the story
    /// wants us Solid with; the deck with more cards on a tie.
    fn starting_deck(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let c = g.content;
        let from = g.player(seat).sector;
        let wanted: Vec<ContactName> = g
            .story_def()
            .goals
            .iter()
            .flat_map(|goal| goal.requires.iter())
            .filter_map(|r| match r {
                GoalCondition::SolidWith { contacts } => Some(contacts.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        let mut best = (f64::MIN, legal[0]);
        for &a in legal {
            let Action::DrawStartingJobs(k) = a else {
                continue;
            };
            let mut v = match c.contact_sector[k.index()]
                .and_then(|s| c.shortest_route_on(g.expansions(), from, s))
            {
                Some(route) => -(route.len() as f64),
                None => -50.0,
            };
            if wanted.contains(&k) {
                v += 4.0;
            }
            v += g.decks.contacts[k.index()].draw_len() as f64 * 0.01;
            v += self.rng.below(100) as f64 * 0.0001;
            if v > best.0 {
                best = (v, a);
            }
        }
        best.1
    }

    fn starting_jobs(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let p = g.player(seat);
        if p.hand.len() <= g.hand_limit(p) && legal.contains(&Action::Done) {
            return Action::Done;
        }
        let ctx = Ctx::new(g, seat);
        self.worst_job(&ctx, legal).unwrap_or(legal[0])
    }

    /// The least valuable job among the `DiscardJob` actions.
    fn worst_job(&self, ctx: &Ctx, legal: &[Action]) -> Option<Action> {
        let mut worst: Option<(f64, Action)> = None;
        for &a in legal {
            if let Action::DiscardJob(j) = a {
                let v = self.hand_value(ctx, j, ctx.p.sector);
                if worst.is_none_or(|w| v < w.0) {
                    worst = Some((v, a));
                }
            }
        }
        worst.map(|w| w.1)
    }
}

// ---------------------------------------------------------------------------------------------
// The turn
// ---------------------------------------------------------------------------------------------

impl FireflyBot {
    /// Free actions worth taking now (FF-TURN-6..8, FF-CREW-14, FF-CREW-21).
    fn free_action(&self, ctx: &Ctx, legal: &[Action]) -> Option<Action> {
        let g = ctx.g;
        let p = ctx.p;
        // Carry every gear card we can (FF-CREW-21): the most valuable first.
        let mut best_equip: Option<(f64, Action)> = None;
        for &a in legal {
            if let Action::Equip { gear, crew } = a {
                let d = g.gear_def(gear);
                let mut v = self.gear_power(ctx, gear) + 0.1;
                // Prefer a carrier that gets an extra bonus from it.
                if let Some(i) = p.crew_index(crew) {
                    let cd = g.crew_def(&p.crew[i]);
                    if cd.abilities.iter().any(|ab| {
                        matches!(ab, Ability::SkillWhenCarrying { keyword, .. } if d.keywords.contains(keyword))
                    }) {
                        v += 1.0;
                    }
                }
                if best_equip.is_none_or(|b| v > b.0) {
                    best_equip = Some((v, a));
                }
            }
        }
        if let Some((_, a)) = best_equip {
            return Some(a);
        }
        // Hands full: set a weaker carried card aside for a better spare one. Every swap raises
        // the carried total, so swaps end.
        if let Some(a) = self.gear_swap(ctx, legal) {
            return Some(a);
        }
        // Unload Fugitives and Passengers no job needs (they make us a target).
        for item in [Item::Fugitives, Item::Passengers] {
            if legal.contains(&Action::Unload(item))
                && p.item(item) as u32 > self.needed_items(g, p, item)
            {
                return Some(Action::Unload(item));
            }
        }
        // Contraband nobody will buy from us and no job needs only makes us an Outlaw Ship.
        if legal.contains(&Action::Jettison(Item::Contraband))
            && p.item(Item::Contraband) as u32 > self.needed_items(g, p, Item::Contraband)
            && self.item_gain(ctx, Item::Contraband) < 0.0
        {
            return Some(Action::Jettison(Item::Contraband));
        }
        // A full ship at a Supply planet: make room for a clearly better hand (FF-CREW-5).
        if let Some(a) = self.replace_crew(ctx, legal) {
            return Some(a);
        }
        // Hire a rival's Disgruntled crew when they are a real catch (FF-CREW-14).
        let reserve = ctx.reserve(self);
        for &a in legal {
            if let Action::HireAway(card) = a {
                let rival = g
                    .players
                    .iter()
                    .find(|q| q.seat != ctx.seat && q.crew_index(card).is_some());
                if let Some(q) = rival {
                    let m = &q.crew[q.crew_index(card).unwrap()];
                    let d = g.crew_def(m);
                    if p.money >= d.cost + reserve {
                        let mut v = self.skill_gain(ctx, crew_skills(d));
                        v += self.keyword_gain(ctx, &d.keywords);
                        v += self.profession_gain(ctx, &d.professions);
                        v -= d.cost as f64 * 2.5;
                        if d.wanted {
                            v -= 450.0;
                        }
                        if v > 600.0 {
                            return Some(a);
                        }
                    }
                }
            }
        }
        None
    }

    /// Dismiss the weakest crew member when a much better one waits, face up, in the discard
    /// pile of the Supply deck here and we are about to Buy.
    fn replace_crew(&self, ctx: &Ctx, legal: &[Action]) -> Option<Action> {
        let g = ctx.g;
        let p = ctx.p;
        if g.turn.buy || g.turn.taken >= 2 || p.crew.len() < g.max_crew(p) {
            return None;
        }
        let deck = g.supply_deck_at(p.sector)?;
        let avail = p.money.saturating_sub(ctx.reserve(self)) as f64;
        let best = self.best_hire(ctx, g.decks.supply[deck as usize].discard_pile(), avail);
        self.dismiss_for(ctx, legal, best)
    }

    /// The best value, less its price, of an affordable crew card among `cards`; minus
    /// infinity when there is none.
    fn best_hire(&self, ctx: &Ctx, cards: &[SupplyCardId], avail: f64) -> f64 {
        let g = ctx.g;
        cards
            .iter()
            .filter(|&&c| matches!(g.content.supply_cards[c as usize].kind, SupplyKind::Crew(_)))
            .filter_map(|&c| {
                let price = g.price(ctx.seat, c) as f64;
                (price <= avail).then(|| self.card_value_any(ctx, c) - price)
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// Dismiss the weakest crew member (never the Leader) when a hire worth `hire` beats what
    /// they bring by a clear margin.
    fn dismiss_for(&self, ctx: &Ctx, legal: &[Action], hire: f64) -> Option<Action> {
        if !hire.is_finite() {
            return None;
        }
        let p = ctx.p;
        let (worst, loss) = (1..p.crew.len())
            .map(|i| (i, self.member_loss(ctx, i)))
            .min_by(|a, b| a.1.partial_cmp(&b.1).unwrap())?;
        let card = p.crew[worst].card;
        (hire > loss + 700.0 && legal.contains(&Action::Dismiss(card)))
            .then_some(Action::Dismiss(card))
    }

    /// How useful a crew's totals are for carrying gear: points up to what we want count
    /// triple, points beyond once; each keyword half a point.
    fn gear_utility(&self, ctx: &Ctx, skills: [i32; 3], keywords: u16) -> f64 {
        let mut v = 0.0;
        for (s, &x) in skills.iter().enumerate() {
            let cap = ctx.needs.desired[s] + 1;
            v += 3.0 * x.min(cap) as f64 + (x - cap).max(0) as f64;
        }
        v + keywords.count_ones() as f64 * 0.5
    }

    fn gear_keywords(g: &Firefly, gear: SupplyCardId) -> u16 {
        g.gear_def(gear)
            .keywords
            .iter()
            .fold(0u16, |k, &kw| k | 1 << kw as u16)
    }

    /// Utility with `add` carried on top of what the crew has now (`sub` set aside).
    fn utility_with(&self, ctx: &Ctx, add: Option<SupplyCardId>, sub: Option<SupplyCardId>) -> f64 {
        let g = ctx.g;
        let mut sk = ctx.skills;
        let mut kw = ctx.keywords;
        if let Some(h) = sub {
            let d = gear_skills(g.gear_def(h));
            for s in 0..3 {
                sk[s] -= d[s];
            }
            // Keywords of the card set aside may also come from elsewhere: recount.
            let p = ctx.p;
            kw = 0;
            for (i, m) in p.crew.iter().enumerate() {
                for k in &g.crew_def(m).keywords {
                    kw |= 1 << *k as u16;
                }
                for &x in &m.gear {
                    if x != h {
                        kw |= Self::gear_keywords(g, x);
                    }
                }
                let _ = i;
            }
        }
        if let Some(a) = add {
            let d = gear_skills(g.gear_def(a));
            for s in 0..3 {
                sk[s] += d[s];
            }
            kw |= Self::gear_keywords(g, a);
        }
        self.gear_utility(ctx, sk, kw)
    }

    /// How much a spare gear card would help if carried now.
    fn gear_power(&self, ctx: &Ctx, gear: SupplyCardId) -> f64 {
        self.utility_with(ctx, Some(gear), None)
    }

    /// Set a weaker carried card aside for a better spare one when every hand is full. A swap
    /// is made only when it raises the crew's gear utility, so swaps end.
    fn gear_swap(&self, ctx: &Ctx, legal: &[Action]) -> Option<Action> {
        let g = ctx.g;
        let p = ctx.p;
        if p.spare_gear.is_empty() {
            return None;
        }
        let now = self.utility_with(ctx, None, None);
        let mut best: Option<(f64, SupplyCardId)> = None;
        for &x in &p.spare_gear {
            for m in &p.crew {
                if !may_carry(g, m, x) {
                    continue;
                }
                for &h in &m.gear {
                    let counts = !g
                        .gear_def(h)
                        .abilities
                        .iter()
                        .any(|a| matches!(a, Ability::NoGearLimit));
                    if !counts {
                        continue;
                    }
                    let v = self.utility_with(ctx, Some(x), Some(h));
                    if v > now + 1.0 && best.is_none_or(|b| v > b.0) {
                        best = Some((v, h));
                    }
                }
            }
        }
        let (_, h) = best?;
        legal
            .contains(&Action::Unequip(h))
            .then_some(Action::Unequip(h))
    }

    fn turn(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        if g.last_call.is_some() {
            return self.last_turn(g, seat, legal);
        }
        let a = self.turn_action(g, seat, legal);
        // Last Call: declared with the turn's last action (or, when free, at its end), so the
        // turn's other actions still earn first.
        if legal.contains(&Action::DeclareLastCall) {
            let uses_action = g.story_def().last_call.is_some_and(|r| r.uses_action);
            let now = a == Action::EndTurn || (uses_action && g.turn.taken == 1);
            if now && self.should_declare(&Ctx::new(g, seat)) {
                return Action::DeclareLastCall;
            }
        }
        a
    }

    fn turn_action(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        if let Some(a) = self.free_action(&ctx, legal) {
            return a;
        }
        let p = ctx.p;
        let here = p.sector;
        let t = g.turn;
        // The best action here.
        let mut local: Option<(f64, Action)> = None;
        for &a in legal {
            let v = match a {
                Action::Work(WorkTarget::Goal) => match self.goal_value(&ctx) {
                    Some((s, v)) if s == here => v,
                    _ => continue,
                },
                Action::Work(WorkTarget::Job(j)) => {
                    let Some((step, _)) = g.job_next_step(p, j) else {
                        continue;
                    };
                    let e = self.job_eval(&ctx, j, step, here);
                    if e.worth <= 0.0 {
                        continue;
                    }
                    e.score.max(e.worth * 0.3) + 100.0
                }
                Action::Deal => match g.contact_at(here) {
                    Some(c) => self.deal_value(&ctx, c),
                    None => continue,
                },
                Action::Buy => match g.supply_deck_at(here) {
                    Some(d) => self.supply_value(&ctx, d),
                    None => continue,
                },
                Action::ShoreLeave => self.shore_leave_value(&ctx),
                Action::CrewRemoveDisgruntled(_) => 250.0,
                Action::MakeWork => 200.0,
                // A Bonus Drop-Off we are at (Kalidasa): its money, less the Misbehave risk.
                Action::Work(WorkTarget::BonusDropOff { job, bonus }) => {
                    let o = &g.content.jobs[job as usize].opportunities[bonus as usize];
                    let money: f64 = o
                        .reward
                        .iter()
                        .map(|e| match e {
                            Effect::TakeMoney { amount } => *amount as f64,
                            _ => 200.0,
                        })
                        .sum();
                    money * self.misb(&ctx).powi(o.misbehave as i32)
                }
                _ => continue,
            };
            if v > 0.0 && local.is_none_or(|b| v > b.0) {
                local = Some((v, a));
            }
        }
        let can_fly = legal.contains(&Action::FullBurn) || legal.contains(&Action::Mosey);
        let mut remote = if can_fly && !t.fly {
            self.best_remote(&ctx)
        } else {
            None
        };
        // Never burn the last Fuel except on the way to more (FF-FLY-2: no Fuel, no go).
        if let Some((target, v)) = remote {
            let burn = g.full_burn_fuel(p).max(1);
            let burns = p.item(Item::Fuel) / burn;
            let far = turns_for(self.d(here, target), ctx.range) >= 1 && self.d(here, target) > 1;
            if burns <= 1 && far && !self.fuel_source(&ctx, target) && p.money >= 100 {
                if let Some(f) = self.nearest_fuel(&ctx) {
                    if f != here {
                        remote = Some((f, v));
                    }
                }
            }
        }
        let fly = |bot: &mut Self, target: SectorId| -> Action {
            // The flight keeps this target (fly_step).
            bot.flight = Some((g.round, seat, t.taken + 1, target));
            let d = bot.d(here, target);
            if d <= 1 && legal.contains(&Action::Mosey) {
                Action::Mosey
            } else if legal.contains(&Action::FullBurn) {
                Action::FullBurn
            } else if legal.contains(&Action::Mosey) {
                Action::Mosey
            } else {
                Action::EndTurn
            }
        };
        match (local, remote) {
            (Some((lv, la)), Some((target, rv))) => {
                let arrive_now = turns_for(self.d(here, target), ctx.range) <= 1;
                let local_first = if t.taken == 0 {
                    lv >= rv || !arrive_now
                } else {
                    lv >= rv
                };
                // Make-Work is filler: never instead of flying somewhere we can work today.
                let local_first = local_first && !(la == Action::MakeWork && arrive_now);
                if local_first {
                    la
                } else {
                    fly(self, target)
                }
            }
            (Some((_, la)), None) => la,
            (None, Some((target, _))) => fly(self, target),
            (None, None) => Action::EndTurn,
        }
    }

    fn shore_leave_value(&self, ctx: &Ctx) -> f64 {
        let p = ctx.p;
        let cost = ctx.g.shore_leave_cost(p) as f64;
        if p.money < ctx.g.shore_leave_cost(p) + 300 {
            return 0.0;
        }
        let mut v = 0.0;
        for (i, m) in p.crew.iter().enumerate() {
            if m.disgruntled {
                v += if i == 0 { 2500.0 } else { 350.0 };
            }
        }
        // Shore Leave also buys Fuel and Parts (FF-BUY-8).
        if p.item(Item::Fuel) < 4 {
            v += 200.0;
        }
        v - cost
    }

    /// Where this turn's flight is heading.
    fn flight_target(&mut self, ctx: &Ctx) -> SectorId {
        let g = ctx.g;
        let p = ctx.p;
        let here = p.sector;
        let t = g.turn;
        let mut cands = Vec::new();
        self.candidates(ctx, &mut cands);
        // Stopping here only pays when an action is left to use here.
        let mut best: Option<(SectorId, f64)> = None;
        for (s, v) in cands {
            if g.has_cutter(s) {
                continue;
            }
            if s == here {
                let usable = t.taken < 2
                    && ((!t.work
                        && (p.active.iter().any(|a| g.can_work_job(p, a.job))
                            || p.hand.iter().any(|&j| g.can_work_job(p, j))
                            || g.can_work_goal(p)))
                        || (!t.deal && g.contact_at(here).is_some())
                        || (!t.buy && g.supply_deck_at(here).is_some()));
                if !usable {
                    continue;
                }
            }
            if best.is_none_or(|b| v > b.1) {
                best = Some((s, v));
            }
        }
        best.map(|b| b.0).unwrap_or(here)
    }

    fn fly_step(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        let key = (g.round, seat, g.turn.taken);
        let target = match self.flight {
            Some((r, s, t, target)) if (r, s, t) == key => target,
            _ => {
                let target = self.flight_target(&ctx);
                self.flight = Some((key.0, key.1, key.2, target));
                target
            }
        };
        let p = ctx.p;
        if target == p.sector && legal.contains(&Action::Done) {
            return Action::Done;
        }
        if let Some(a) = self.step_toward(g, p, target, legal) {
            // Don't fly on just to stand next to the Reavers.
            return a;
        }
        if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Last Call (stories that end with it): when to declare it, and the last turns
// ---------------------------------------------------------------------------------------------

/// Whether the story ends with Last Call and a captain can call it (holds every Goal token), or
/// already has: from now on only credits in hand count.
fn last_call_near(g: &Firefly) -> bool {
    let story = g.story_def();
    story.last_call.is_some()
        && (g.last_call.is_some()
            || g.players
                .iter()
                .any(|q| q.goals as usize >= story.goals.len()))
}

/// What a rival may add in one turn beyond the jobs we can see it finish, in $ (a Make-Work, a
/// sale, a small job from its hidden hand).
const ONE_TURN_SLACK: f64 = 600.0;

impl FireflyBot {
    /// The average Pay value of a job card: what a card in a rival's hidden hand (FF-DEAL-6) is
    /// likely to cost it at settlement.
    fn average_pay_value(g: &Firefly) -> f64 {
        let jobs = &g.content.jobs;
        let total: u32 = jobs.iter().map(|j| j.pay.unwrap_or(0)).sum();
        total as f64 / jobs.len().max(1) as f64
    }

    /// What `q` would owe at settlement (`Story::settle_jobs`) as far as `seat` may know: its
    /// own jobs exactly; a rival's Active jobs exactly and its hidden hand at the average.
    fn settlement_estimate(&self, g: &Firefly, seat: Seat, q: &Player) -> f64 {
        if !g.story_def().settle_jobs {
            return 0.0;
        }
        if q.seat == seat {
            return g.unfinished_pay(seat) as f64;
        }
        let active: u32 = q.active.iter().map(|a| g.pay_value(a.job)).sum();
        active as f64 + q.hand.len() as f64 * Self::average_pay_value(g)
    }

    /// The most `q` may add in one more turn as far as we can see: the best of its Active jobs
    /// it could finish from where it is (one Fly, then the Work action), with the Pay value it
    /// would no longer owe at settlement, plus [`ONE_TURN_SLACK`].
    fn one_turn_gain(&self, g: &Firefly, q: &Player) -> f64 {
        let story = g.story_def();
        let range = g.burn_range(q).max(1) as u32;
        let mut best = 0.0f64;
        for a in &q.active {
            let job = &g.content.jobs[a.job as usize];
            if a.steps_done as usize + 1 != job.steps.len() {
                continue;
            }
            let at = g.content.job_sectors[a.job as usize][a.steps_done as usize];
            if turns_for(self.d(q.sector, at), range) > 1 {
                continue;
            }
            let mut v = job.pay.unwrap_or(0) as f64;
            if let Some(pp) = job.pay_per {
                v += pp.amount as f64 * q.item(pp.item) as f64;
            }
            if job.illegal {
                v += story.setup.illegal_job_bonus as f64;
            }
            if story.settle_jobs {
                v += g.pay_value(a.job) as f64;
            }
            best = best.max(v);
        }
        best + ONE_TURN_SLACK
    }

    /// Whether to declare Last Call now: when it wins (our credits, less what we would owe at
    /// settlement, beat what every rival could reach in its last turn), or when waiting loses (a
    /// rival holding a Goal token would call it when it suits them, while we lead now; or the
    /// game is running out of rounds).
    fn should_declare(&self, ctx: &Ctx) -> bool {
        let g = ctx.g;
        let story = g.story_def();
        let ours = ctx.p.money as f64 - self.settlement_estimate(g, ctx.seat, ctx.p);
        let mut best_now = f64::MIN;
        let mut best_after = f64::MIN;
        let mut rival_can_call = false;
        for q in g.players.iter().filter(|q| q.seat != ctx.seat) {
            let now = q.money as f64 - self.settlement_estimate(g, ctx.seat, q);
            best_now = best_now.max(now);
            best_after = best_after.max(now + self.one_turn_gain(g, q));
            rival_can_call |= q.goals as usize >= story.goals.len();
        }
        let rounds_left = g
            .options
            .max_rounds
            .map_or(u16::MAX, |m| m.saturating_sub(g.round));
        ours > best_after || (rival_can_call && ours > best_now) || rounds_left <= 3
    }

    /// A last turn under Last Call: only credits in hand at the end count. Finish a job here or
    /// one Fly away, sell goods, take Make-Work; buy nothing and start nothing.
    fn last_turn(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        let p = ctx.p;
        let here = p.sector;
        let t = g.turn;
        let settle = g.story_def().settle_jobs;
        // The worth of finishing job `j` with a Work action at `from` (its last step), if we can.
        let finish = |bot: &Self, j: JobId, from: SectorId| -> Option<(SectorId, f64)> {
            let (step, _) = g.job_next_step(p, j)?;
            if step as usize + 1 != g.content.jobs[j as usize].steps.len() {
                return None;
            }
            let e = bot.job_eval(&ctx, j, step, from);
            let relief = if settle { g.pay_value(j) as f64 } else { 0.0 };
            (e.feasible && e.worth + relief > 0.0).then_some((e.next, e.worth + relief))
        };
        let mut local: Option<(f64, Action)> = None;
        for &a in legal {
            let v = match a {
                Action::Work(WorkTarget::Job(j)) => match finish(self, j, here) {
                    Some((_, v)) => v,
                    None => continue,
                },
                Action::Deal => match g.contact_at(here) {
                    Some(c) => self.sale_value(&ctx, c),
                    None => continue,
                },
                Action::MakeWork => 200.0,
                _ => continue,
            };
            if v > 0.0 && local.is_none_or(|b| v > b.0) {
                local = Some((v, a));
            }
        }
        // A job finished one Fly away, with the Work action still to use after the flight.
        let can_fly = legal.contains(&Action::FullBurn) || legal.contains(&Action::Mosey);
        let mut remote: Option<(f64, SectorId)> = None;
        if can_fly && !t.work && t.taken == 0 {
            for a in &p.active {
                if let Some((s, v)) = finish(self, a.job, here) {
                    let d = self.d(here, s);
                    let reachable = s != here && !g.has_cutter(s) && turns_for(d, ctx.range) <= 1;
                    if reachable && remote.is_none_or(|b| v > b.0) {
                        remote = Some((v, s));
                    }
                }
            }
        }
        match (local, remote) {
            (Some((lv, la)), Some((rv, _))) if lv >= rv => la,
            (_, Some((_, target))) => {
                self.flight = Some((g.round, seat, t.taken + 1, target));
                if self.d(here, target) <= 1 && legal.contains(&Action::Mosey) {
                    Action::Mosey
                } else if legal.contains(&Action::FullBurn) {
                    Action::FullBurn
                } else {
                    Action::Mosey
                }
            }
            (Some((_, la)), None) => la,
            (None, None) => Action::EndTurn,
        }
    }

    /// What selling our goods to Contact `c` brings now (FF-DEAL-8: only when Solid).
    fn sale_value(&self, ctx: &Ctx, c: ContactName) -> f64 {
        let p = ctx.p;
        if !p.is_solid(c) {
            return 0.0;
        }
        let Some(def) = ctx.g.content.contact(c) else {
            return 0.0;
        };
        let cargo = def.buys_cargo.unwrap_or(0) * p.item(Item::Cargo) as u32;
        let contraband = def.buys_contraband.unwrap_or(0) * p.item(Item::Contraband) as u32;
        (cargo + contraband) as f64
    }
}

// ---------------------------------------------------------------------------------------------
// Buy and Deal
// ---------------------------------------------------------------------------------------------

impl FireflyBot {
    fn considering(
        &mut self,
        g: &Firefly,
        seat: Seat,
        legal: &[Action],
        market: Market,
        considered: &[u16],
        max: u8,
    ) -> Action {
        let ctx = Ctx::new(g, seat);
        let p = ctx.p;
        let _ = max;
        match market {
            Market::Supply(_) => {
                let avail = p.money.saturating_sub(ctx.reserve(self)) as f64;
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::ConsiderDiscard(c) = a {
                        let price = g.price(seat, c) as f64;
                        if price > avail {
                            continue;
                        }
                        let net = self.card_value(&ctx, c) - price;
                        if net > 0.0 && best.is_none_or(|b| net > b.0) {
                            best = Some((net, a));
                        }
                    }
                }
                if let Some((_, a)) = best {
                    return a;
                }
                // Draw blind for the rest while we could pay for something.
                let want = avail >= 200.0
                    && (p.crew.len() < g.max_crew(p) || !p.crew.iter().all(|m| !m.gear.is_empty()));
                if want && legal.contains(&Action::ConsiderDraw) {
                    return Action::ConsiderDraw;
                }
                let _ = considered;
                Action::Done
            }
            // A last turn's Deal is for selling: no job taken now can be finished.
            Market::Contact(_) if g.last_call.is_some() => Action::Done,
            Market::Contact(k) => {
                let sector = g.content.contact_sector[k.index()].unwrap_or(p.sector);
                let room = p.hand.len() < g.hand_limit(p) + 2;
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::ConsiderDiscard(j) = a {
                        let v = self.hand_value(&ctx, j, sector);
                        if v > 60.0 && best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                if let Some((_, a)) = best {
                    if room {
                        return a;
                    }
                }
                if room && legal.contains(&Action::ConsiderDraw) {
                    return Action::ConsiderDraw;
                }
                Action::Done
            }
        }
    }

    fn purchasing(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        let avail = ctx.p.money.saturating_sub(ctx.reserve(self)) as f64;
        let mut best: Option<(f64, Action)> = None;
        for &a in legal {
            if let Action::BuyCard(c) = a {
                let price = g.price(seat, c) as f64;
                if price > avail {
                    continue;
                }
                let net = self.card_value(&ctx, c) - price;
                if net > 0.0 && best.is_none_or(|b| net > b.0) {
                    best = Some((net, a));
                }
            }
        }
        if let Some(a) = self.dismiss_to_hire(&ctx, legal, avail, best.map_or(0.0, |b| b.0)) {
            return a;
        }
        best.map_or(Action::Done, |b| b.1)
    }

    /// FF-CREW-5 during a Buy: at the crew maximum, dismiss the weakest crew member when a
    /// considered crew card is clearly better (the same margin as `replace_crew`) and beats the
    /// best purchase we could make anyway. Once dismissed there is room, so this happens at
    /// most once per Buy.
    fn dismiss_to_hire(
        &self,
        ctx: &Ctx,
        legal: &[Action],
        avail: f64,
        best_buy: f64,
    ) -> Option<Action> {
        let g = ctx.g;
        let p = ctx.p;
        let Phase::Purchasing {
            considered,
            bought,
            max,
            ..
        } = &g.phase
        else {
            return None;
        };
        if bought >= max || p.crew.len() < g.max_crew(p) {
            return None;
        }
        let hire = self.best_hire(ctx, considered, avail);
        if hire <= best_buy {
            return None;
        }
        self.dismiss_for(ctx, legal, hire)
    }

    fn fuel_target(&self, ctx: &Ctx) -> u8 {
        let room = ctx.g.room_for(ctx.p, Item::Fuel) as u8 + ctx.p.item(Item::Fuel);
        8.min(room)
    }

    fn buying_goods(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        let p = ctx.p;
        if legal.contains(&Action::Purchase(Item::Fuel))
            && p.item(Item::Fuel) < self.fuel_target(&ctx)
        {
            // Fuel first: a ship without Fuel goes nowhere (FF-FLY-2).
            let keep = if p.item(Item::Fuel) < 3 {
                0
            } else {
                ctx.reserve(self).min(1500)
            };
            if p.money >= 100 + keep {
                return Action::Purchase(Item::Fuel);
            }
        }
        if legal.contains(&Action::Purchase(Item::Parts))
            && p.item(Item::Parts) < 2
            && p.money >= 300 + ctx.reserve(self) + 300
        {
            return Action::Purchase(Item::Parts);
        }
        Action::Done
    }

    fn accepting(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        let p = ctx.p;
        let hand_vals: Vec<f64> = p
            .hand
            .iter()
            .map(|&j| self.hand_value(&ctx, j, p.sector))
            .collect();
        let worst_hand = hand_vals.iter().cloned().fold(f64::INFINITY, f64::min);
        let mut best: Option<(f64, Action)> = None;
        // Unfinished jobs are settled at the end (`settle_jobs`): once Last Call may come, a
        // job is taken only if we can do it and finish it in one more turn (all a Last Call
        // leaves us); on a last turn, none.
        let settle_soon = g.story_def().settle_jobs && last_call_near(g);
        for &a in legal {
            if let Action::AcceptJob(j) = a {
                if g.last_call.is_some() {
                    continue;
                }
                if settle_soon {
                    let e = self.job_eval(&ctx, j, 0, p.sector);
                    if !e.feasible || e.score * 2.0 < e.worth {
                        continue;
                    }
                }
                let v = self.hand_value(&ctx, j, p.sector);
                if v > 40.0 && best.is_none_or(|b| v > b.0) {
                    best = Some((v, a));
                }
            }
        }
        let contact = match g.phase {
            Phase::Accepting { contact, .. } => Some(contact),
            _ => None,
        };
        if let Some((v, a)) = best {
            if p.hand.len() < g.hand_limit(p) || v > worst_hand + 20.0 {
                if let Some(c) = contact {
                    self.fruitless[c.index()] = u16::MAX;
                }
                return a;
            }
        }
        if let (Some(c), Phase::Accepting { accepted: 0, .. }) = (contact, &g.phase) {
            self.fruitless[c.index()] = g.round;
        }
        Action::Done
    }

    fn discard_jobs(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        self.worst_job(&ctx, legal).unwrap_or(legal[0])
    }

    fn selling(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        let p = ctx.p;
        if g.last_call.is_some() {
            // A last turn: goods are worth only what they sell for now.
            for item in [Item::Contraband, Item::Cargo, Item::Parts] {
                if legal.contains(&Action::Sell(item)) {
                    return Action::Sell(item);
                }
            }
            return Action::Done;
        }
        for item in [Item::Contraband, Item::Cargo] {
            if legal.contains(&Action::Sell(item))
                && p.item(item) as u32 > self.needed_items(g, p, item)
            {
                return Action::Sell(item);
            }
        }
        if legal.contains(&Action::Sell(Item::Parts))
            && p.item(Item::Parts) as u32 > 3 + self.needed_items(g, p, Item::Parts)
        {
            return Action::Sell(Item::Parts);
        }
        if legal.contains(&Action::ClearWarrants) && p.money >= 1000 + 800 {
            return Action::ClearWarrants;
        }
        if legal.contains(&Action::Purchase(Item::Fuel))
            && p.item(Item::Fuel) < self.fuel_target(&ctx).min(6)
            && p.money >= 400
        {
            return Action::Purchase(Item::Fuel);
        }
        Action::Done
    }

    fn choose_crew(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        // The whole crew goes on every job and goal: every skill point counts.
        if legal.contains(&Action::Done) {
            return Action::Done;
        }
        // Put back anyone who is off the job (never take anyone off: that cannot loop).
        if let Phase::ChooseCrew { on_job, .. } = g.phase {
            let p = g.player(seat);
            for &a in legal {
                if let Action::ToggleCrew(card) = a {
                    if p.crew_index(card).is_some_and(|i| on_job & (1 << i) == 0) {
                        return a;
                    }
                }
            }
        }
        legal[0]
    }

    fn pay_cuts(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let p = g.player(seat);
        // On a last turn a Disgruntled crew member (FF-WORK-19) costs nothing any more.
        if g.last_call.is_some() {
            return Action::PayCut(false);
        }
        if legal.contains(&Action::PayCut(true)) {
            // Unpaid crew are Disgruntled (FF-WORK-19), and leave on a second token.
            if let Phase::PayCuts { next, .. } = g.phase {
                let m = &p.crew[next as usize];
                let cut = g.crew_def(m).cost;
                if m.disgruntled
                    || p.money >= cut + 200
                    || self.crew_worth(g, p, next as usize) > 1500.0
                {
                    return Action::PayCut(true);
                }
            }
        }
        Action::PayCut(false)
    }
}

// ---------------------------------------------------------------------------------------------
// Cards: options, tests, effects
// ---------------------------------------------------------------------------------------------

/// What each way of finishing the card being resolved is worth to us.
#[derive(Clone, Copy, Debug, Default)]
struct Stakes {
    proceed: f64,
    botched: f64,
    warrant: f64,
    botched_warrant: f64,
    keep_flying: f64,
    full_stop: f64,
    evade: f64,
    /// FF-MISB-14: the card is not passed and one more must be drawn and passed.
    draw_another: f64,
}

fn ending_value(st: &Stakes, e: Option<Ending>) -> f64 {
    match e {
        None => 0.0,
        Some(Ending::Proceed) => st.proceed,
        Some(Ending::AttemptBotched) => st.botched,
        Some(Ending::WarrantIssued) => st.warrant,
        Some(Ending::BotchedAndWarrant) => st.botched_warrant,
        Some(Ending::KeepFlying) => st.keep_flying,
        Some(Ending::FullStop) => st.full_stop,
        Some(Ending::Evade) => st.evade,
        Some(Ending::DrawAnother) => st.draw_another,
    }
}

impl FireflyBot {
    fn stakes(&self, ctx: &Ctx, r: &Resolution) -> Stakes {
        let g = ctx.g;
        let p = ctx.p;
        let mut st = Stakes::default();
        match r.origin {
            Origin::Nav(_) => {
                if let Activity::Flying { entered, range } = g.activity {
                    // Going on is worth something only while we still have somewhere to go:
                    // about a turn's progress when the target is still ahead.
                    let target = match self.flight {
                        Some((r, s, _, t)) if r == g.round && s == g.current => Some(t),
                        _ => None,
                    };
                    let ahead = target != Some(p.sector);
                    if entered < range && ahead {
                        st.full_stop = -900.0;
                        st.evade = -600.0;
                    }
                }
            }
            Origin::Misbehave(_) | Origin::JobStep { .. } | Origin::Goal(_) => {
                let (worth, goal) = match g.activity {
                    Activity::Working {
                        target: WorkTarget::Job(j),
                        step,
                        ..
                    } => {
                        let e = self.job_eval(ctx, j, step, p.sector);
                        let pay = g.content.jobs[j as usize].pay.unwrap_or(1000) as f64;
                        (e.worth.max(pay * 0.6).max(600.0), false)
                    }
                    Activity::Working {
                        target: WorkTarget::Goal,
                        ..
                    } => (GOAL_WORTH * 0.5, true),
                    _ => (1000.0, false),
                };
                st.proceed = worth;
                st.botched = 0.0;
                let warrant_cost = if p.is_solid(ContactName::Harken) {
                    1600.0
                } else {
                    1100.0
                };
                st.warrant = if goal {
                    -warrant_cost
                } else {
                    -(warrant_cost + worth * 0.4)
                };
                st.botched_warrant = -warrant_cost;
                // A Niska job's Warrant also kills a crew member (FF-REP-10).
                if let Activity::Working {
                    target: WorkTarget::Job(j),
                    ..
                } = g.activity
                {
                    if g.content.jobs[j as usize].contact == Some(ContactName::Niska) {
                        st.warrant -= self.kill_cost(g, p, all_crew(p), 1);
                    }
                }
                // FF-MISB-14: another card to get through, at our usual odds.
                let pass = self.misb(ctx);
                st.draw_another = pass * st.proceed + (1.0 - pass) * st.botched;
            }
            // FF-MISC-11: earning or passing up a bonus both leave the job advanced; only the
            // reward differs.
            Origin::Event(_)
            | Origin::Rule { .. }
            | Origin::Opportunity { .. }
            | Origin::Alerts { .. }
            | Origin::Card(_) => {}
        }
        st
    }

    /// FF-MISB-15: the stakes of step `step` of an option: its Proceed is worth the value of
    /// making the steps after it (at the crew's odds), the last step's is the card's Proceed.
    fn step_stakes(
        &self,
        ctx: &Ctx,
        st: &Stakes,
        ch: &Choice,
        step: usize,
        mask: CrewMask,
    ) -> Stakes {
        let tests: Vec<&Test> = steps(ch).collect();
        let mut s = *st;
        for t in tests.iter().skip(step + 1).rev() {
            let base = test_base(ctx.g, ctx.p, mask, t);
            s.proceed = self.test_value(ctx, &s, t, base, mask, 0).0;
        }
        s
    }

    fn effects_value(&self, ctx: &Ctx, effects: &[Effect], mask: CrewMask) -> f64 {
        effects
            .iter()
            .map(|e| self.effect_value(ctx, e, mask))
            .sum()
    }

    fn effect_value(&self, ctx: &Ctx, e: &Effect, mask: CrewMask) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let group = |who: CrewGroup| -> Vec<usize> {
            (0..p.crew.len())
                .filter(|&i| match who {
                    CrewGroup::All => true,
                    CrewGroup::Moral => g.crew_def(&p.crew[i]).moral,
                    CrewGroup::OnJob => mask & (1 << i) != 0,
                    // Only cards used on one's turn name their carrier; none is valued here.
                    CrewGroup::Carrier => false,
                })
                .collect()
        };
        match e {
            Effect::TakeMoney { amount } => *amount as f64,
            Effect::PayMoney { amount } => -((*amount).min(p.money) as f64),
            Effect::Load { item, amount } => {
                let n = (*amount as u32).min(g.room_for(p, *item));
                self.item_gain(ctx, *item) * n as f64
            }
            Effect::LoadUpTo { item, amount } => {
                let n = (*amount as u32).min(g.room_for(p, *item));
                self.item_gain(ctx, *item).max(0.0) * n as f64
            }
            Effect::LoadGoods { amount } => 130.0 * *amount as f64,
            Effect::LoadPerCrewOnJob { item } => {
                self.item_gain(ctx, *item) * mask.count_ones() as f64
            }
            Effect::LoadPerCrewWithoutGear { item } => {
                let n = (0..p.crew.len())
                    .filter(|&i| mask & (1 << i) != 0 && p.crew[i].gear.is_empty())
                    .count();
                self.item_gain(ctx, *item).max(0.0) * n as f64
            }
            Effect::Spend { item, amount } | Effect::Lose { item, amount } => {
                -self.item_loss(ctx, *item, *amount as u32)
            }
            Effect::KillCrew { count } => -self.kill_cost(g, p, mask, *count as u32),
            Effect::KillAllCrewOnJob => -(0..p.crew.len())
                .filter(|&i| mask & (1 << i) != 0)
                .map(|i| {
                    if i == 0 {
                        2000.0
                    } else {
                        self.crew_worth(g, p, i)
                    }
                })
                .sum::<f64>(),
            Effect::KillPassengersAndFugitives => {
                -(self.item_loss(ctx, Item::Passengers, 255)
                    + self.item_loss(ctx, Item::Fugitives, 255))
            }
            Effect::Disgruntle { who } => -group(*who)
                .iter()
                .map(|&i| {
                    if p.crew[i].disgruntled {
                        if i == 0 {
                            20_000.0
                        } else {
                            self.crew_worth(g, p, i)
                        }
                    } else if i == 0 {
                        700.0
                    } else {
                        150.0
                    }
                })
                .sum::<f64>(),
            Effect::RemoveDisgruntled { who } => {
                group(*who)
                    .iter()
                    .filter(|&&i| p.crew[i].disgruntled)
                    .count() as f64
                    * 200.0
            }
            Effect::DiscardProfession { profession } => -(1..p.crew.len())
                .filter(|&i| g.has_profession(&p.crew[i], *profession))
                .map(|i| self.crew_worth(g, p, i))
                .sum::<f64>(),
            Effect::MercsDesertIfStronger => -300.0,
            Effect::DiscardShipUpgrade { .. } => {
                if p.upgrades.is_empty() {
                    0.0
                } else {
                    -400.0
                }
            }
            Effect::TakeShipUpgradeFromDiscard { only: None, .. } => 300.0,
            Effect::TakeShipUpgradeFromDiscard { only: Some(_), .. } => 150.0,
            Effect::TakeCrewFromDiscard { .. } => {
                if p.crew.len() < g.max_crew(p) {
                    250.0
                } else {
                    0.0
                }
            }
            Effect::SellItems { item, price, max } => {
                let n = p.item(*item).min(*max) as f64;
                n * (*price as f64 - self.item_gain(ctx, *item).max(0.0)).max(0.0)
            }
            // The cheapest crew member goes.
            Effect::DiscardCrew { count } => {
                -(1..p.crew.len())
                    .map(|i| self.crew_worth(g, p, i))
                    .fold(f64::INFINITY, f64::min)
                    .clamp(0.0, 1000.0)
                    * *count as f64
            }
            Effect::PassengersRoll => {
                let n = (p.item(Item::Passengers) + p.item(Item::Fugitives)) as f64;
                -150.0 * (n * (n - 1.0) / 12.0).max(0.0)
            }
            Effect::Gamble {
                stake,
                prize,
                win_from,
            } => {
                let win = (7 - *win_from as i32).clamp(0, 6) as f64 / 6.0;
                win * *prize as f64 - (1.0 - win) * (*stake).min(p.money) as f64
            }
            Effect::WarrantIfOutlaw => {
                if g.is_outlaw(p) {
                    -1100.0
                } else {
                    0.0
                }
            }
            Effect::LoseGoods { amount } => -130.0 * *amount as f64,
            Effect::LoseGoodsOutsideStash => {
                let (_, stash) = g.storage_boxes(p);
                let goods = [Item::Cargo, Item::Contraband, Item::Fuel, Item::Parts];
                let n: u32 = goods.iter().map(|&i| p.item(i) as u32).sum();
                -130.0 * n.saturating_sub(stash) as f64
            }
            Effect::AddRange { amount, .. } => 40.0 * *amount as f64,
            // Cards used on one's turn (the bot values them where it uses them).
            Effect::ReshuffleNav { .. }
            | Effect::ArrangeNav { .. }
            | Effect::ArrangeMisbehave { .. }
            | Effect::ShoreLeave
            | Effect::DealWith { .. } => 0.0,
            Effect::FuelLeak => -150.0,
            Effect::Drift { .. } => -100.0,
            Effect::SeizeFugitives => {
                let (_, sf) = g.stashed(p);
                let f = p.item(Item::Fugitives).saturating_sub(sf);
                -self.item_loss(ctx, Item::Fugitives, f as u32)
            }
            // Losing a Wanted crew member: about a cheap hire.
            Effect::ArrestWantedCrew { count } => {
                -(g.exposed_wanted_crew(ctx.seat).len().min(*count as usize) as f64) * 300.0
            }
            Effect::SeizeContrabandAndFugitives => {
                let (sc, sf) = g.stashed(p);
                let c = p.item(Item::Contraband).saturating_sub(sc);
                let f = p.item(Item::Fugitives).saturating_sub(sf);
                -(self.item_loss(ctx, Item::Contraband, c as u32)
                    + self.item_loss(ctx, Item::Fugitives, f as u32))
            }
            Effect::Warrant => {
                -(if p.is_solid(ContactName::Harken) {
                    1600.0
                } else {
                    1100.0
                })
            }
            Effect::LoseReputation { contact } => {
                if p.is_solid(*contact) {
                    let story = ctx.needs.solid_with & (1 << contact.index()) != 0
                        || ctx
                            .g
                            .story_def()
                            .goals
                            .iter()
                            .skip(p.goals as usize)
                            .any(|goal| {
                                goal.requires.iter().any(|r| match r {
                                    GoalCondition::SolidWith { contacts } => {
                                        contacts.contains(contact)
                                    }
                                    GoalCondition::SolidCount { .. } => true,
                                    _ => false,
                                })
                            });
                    if story {
                        -3000.0
                    } else {
                        -400.0
                    }
                } else {
                    0.0
                }
            }
            Effect::MoveCruiser { how } => match how {
                ShipMove::ToYou => -self.outlaw_cost(ctx),
                _ => 0.0,
            },
            Effect::MoveCutter { how } => match how {
                ShipMove::ToYou => -150.0,
                _ => 0.0,
            },
            Effect::MoveCorvette { how } => match how {
                ShipMove::ToYou => -self.outlaw_cost(ctx),
                _ => 0.0,
            },
            // Alliance Alert tokens near an Outlaw Ship may call the Corvette or the Cruiser.
            Effect::PlaceAlert { .. } => {
                if g.is_outlaw(p) {
                    -100.0
                } else {
                    0.0
                }
            }
            Effect::ResolveAlerts { .. } => 0.0,
            Effect::Trade { .. } => 30.0,
            Effect::AllianceContact => {
                // Moving the Cruiser to us has already brought the Alliance aboard.
                0.0
            }
            Effect::IfProfession {
                profession,
                then,
                otherwise,
            } => {
                if g.mask_has_profession(p, mask, *profession) {
                    self.effects_value(ctx, then, mask)
                } else {
                    self.effects_value(ctx, otherwise, mask)
                }
            }
            Effect::PayAdjust { amount } => *amount as f64,
            Effect::PayHalf => -1500.0,
            Effect::PayPerWarrant { amount } => {
                -((*amount * p.warrants as u32).min(p.money) as f64)
            }
            Effect::ClearWarrants => 900.0 * p.warrants as f64,
            Effect::SeizeAllContrabandAndFugitives => {
                -(self.item_loss(ctx, Item::Contraband, 255)
                    + self.item_loss(ctx, Item::Fugitives, 255))
            }
            Effect::WantedCrewRolls { removed_up_to } => -(1..p.crew.len())
                .filter(|&i| g.is_wanted(&p.crew[i]))
                .map(|i| self.crew_worth(g, p, i) * *removed_up_to as f64 / 6.0)
                .sum::<f64>(),
            Effect::Evade => 0.0,
            // The teams' tests are valued with the option's steps.
            Effect::SplitCrew { .. } => 0.0,
            // FF-MISC-9: the seized Gear is gone for good.
            Effect::SeizeGear { keyword } => -(0..p.crew.len())
                .filter(|&i| mask & (1 << i) != 0)
                .flat_map(|i| p.crew[i].gear.iter())
                .filter(|&&x| g.gear_def(x).keywords.contains(keyword))
                .map(|&x| g.gear_def(x).cost as f64 + self.gear_power(ctx, x).max(0.0))
                .sum::<f64>(),
        }
    }

    fn band_value(&self, ctx: &Ctx, st: &Stakes, o: &Outcome, mask: CrewMask) -> f64 {
        let mut v = self.effects_value(ctx, &o.effects, mask);
        if let Some(t) = &o.nested {
            // A Nested Skill Test (Kalidasa): worth what rolling it is worth.
            let base = test_base(ctx.g, ctx.p, mask, t);
            v += self.test_value(ctx, st, t, base, mask, 0).0;
        } else if o.choose.is_empty() {
            v += ending_value(st, o.ends);
        } else {
            let p = ctx.p;
            let best = o
                .choose
                .iter()
                .filter(|b| {
                    b.requires
                        .iter()
                        .all(|r| requirement_met_mask(ctx.g, p, mask, r))
                })
                .map(|b| self.effects_value(ctx, &b.effects, mask) + ending_value(st, Some(b.ends)))
                .fold(f64::NEG_INFINITY, f64::max);
            v += if best.is_finite() { best } else { st.botched };
        }
        v
    }

    /// Expected worth of rolling a test with `base` points, and the best bribe to pay.
    fn test_value(
        &self,
        ctx: &Ctx,
        st: &Stakes,
        t: &Test,
        base: i32,
        mask: CrewMask,
        max_bribe: u8,
    ) -> (f64, u8) {
        let bands: Vec<f64> = t
            .outcomes
            .iter()
            .map(|o| self.band_value(ctx, st, o, mask))
            .collect();
        let mut probs = Vec::new();
        let mut best = (f64::NEG_INFINITY, 0u8);
        for b in 0..=max_bribe {
            band_probs(t, base + b as i32, &mut probs);
            let ev: f64 = probs
                .iter()
                .zip(bands.iter())
                .map(|(p, v)| p * v)
                .sum::<f64>()
                - 100.0 * b as f64;
            if ev > best.0 + 1e-9 {
                best = (ev, b);
            }
        }
        best
    }

    fn option_value(&self, ctx: &Ctx, st: &Stakes, c: &Choice, mask: CrewMask) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let mut v = self.effects_value(ctx, &c.effects, mask);
        if c.breakdown && g.ignores_breakdowns(p) {
            return v + st.keep_flying;
        }
        match &c.test {
            None => v += ending_value(st, c.ends),
            Some(t) => {
                let (m, base) = if is_single(t) {
                    best_single(g, p, mask, t)
                } else {
                    (mask, test_base(g, p, mask, t))
                };
                let max_bribe = if t.bribes {
                    let top = t.outcomes.last().map_or(0, |o| o.min);
                    ((top - 1 - base).max(0) as u32).min(p.money / 100).min(12) as u8
                } else {
                    0
                };
                // Later steps (FF-MISB-15), or the other teams' tests (FF-MISC-6, valued as if
                // made by the whole crew: the split is not made yet).
                let st = self.step_stakes(ctx, st, c, 0, mask);
                v += self.test_value(ctx, &st, t, base, m, max_bribe).0;
            }
        }
        v
    }

    fn resolving(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let Some(r) = g.resolution.last() else {
            return legal[0];
        };
        if let Some(pending) = r.pending {
            return self.pending(g, seat, r, pending, legal);
        }
        let ctx = Ctx::new(g, r.seat);
        let mut st = self.stakes(&ctx, r);
        let mask = g.acting_mask(r.seat);
        let p = ctx.p;
        if let (Some(ch), Stage::Bribe | Stage::Rolled | Stage::ChooseBranch) =
            (r.choice(), r.stage)
        {
            // A step before the last leads on to the next steps (FF-MISB-15).
            st = self.step_stakes(&ctx, &st, ch, r.step as usize, mask);
        }
        match r.stage {
            Stage::ChooseOption => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::ChooseOption(i) = a {
                        let v = self.option_value(&ctx, &st, &r.options[i as usize], mask);
                        if best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            Stage::ChooseTester => {
                let t = r.test().unwrap();
                let mut best: Option<(i32, Action)> = None;
                for &a in legal {
                    if let Action::ChooseTester(card) = a {
                        let Some(i) = p.crew_index(card) else {
                            continue;
                        };
                        let mut v = test_base(g, p, 1 << i, t) * 10;
                        // A Kill on failure hits the tester: prefer the Leader at equal skill.
                        if i == 0 && !p.crew[0].disgruntled {
                            v += 1;
                        }
                        if best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            Stage::Bribe => {
                let t = r.test().unwrap();
                let (m, base) = live_test_base(g, r, None);
                let max = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Bribe(n) => Some(*n),
                        _ => None,
                    })
                    .max()
                    .unwrap_or(0);
                let (ev, b) = self.test_value(&ctx, &st, t, base, m, max);
                // Stitch: a Negotiate test may be made as a Fight test instead.
                if legal.contains(&Action::NegotiateAsFight) {
                    let (_, fight) = live_test_base(g, r, Some(Skill::Fight));
                    let (ev_fight, _) = self.test_value(&ctx, &st, t, fight, m, 0);
                    if ev_fight > ev + 1.0 {
                        return Action::NegotiateAsFight;
                    }
                }
                // Sheydra: a Fight test may be made as a Negotiate test instead.
                if legal.contains(&Action::FightAsNegotiate) {
                    let (_, nego) = live_test_base(g, r, Some(Skill::Negotiate));
                    let (ev_nego, _) = self.test_value(&ctx, &st, t, nego, m, 0);
                    if ev_nego > ev + 1.0 {
                        return Action::FightAsNegotiate;
                    }
                }
                if legal.contains(&Action::Bribe(b)) {
                    Action::Bribe(b)
                } else {
                    legal[0]
                }
            }
            Stage::Rolled => {
                let t = r.test().unwrap();
                let (m, base) = live_test_base(g, r, None);
                let base = base + r.bribe as i32 + r.after_roll_bonus;
                let total = r.roll.map_or(0, |x| x.total as i32) + base;
                let band_of = |tot: i32| t.outcomes.iter().rposition(|o| o.min <= tot).unwrap_or(0);
                let now = self.band_value(&ctx, &st, &t.outcomes[band_of(total)], m);
                if legal.contains(&Action::Reroll) {
                    let (ev, _) = self.test_value(&ctx, &st, t, base, m, 0);
                    if ev > now + 50.0 {
                        return Action::Reroll;
                    }
                }
                // A re-roll that costs a gear card (Yolonda's Pistol): only for a clear gain.
                if let Some(&a) = legal
                    .iter()
                    .find(|a| matches!(a, Action::DiscardToReroll(_)))
                {
                    let (ev, _) = self.test_value(&ctx, &st, t, base, m, 0);
                    if ev > now + 300.0 {
                        return a;
                    }
                }
                for &a in legal {
                    if let Action::DiscardForBonus(gc) = a {
                        let bonus: i32 = g
                            .gear_def(gc)
                            .abilities
                            .iter()
                            .map(|x| match x {
                                Ability::DiscardForBonus { amount, .. } => *amount as i32,
                                _ => 0,
                            })
                            .sum();
                        let after =
                            self.band_value(&ctx, &st, &t.outcomes[band_of(total + bonus)], m);
                        if after > now + 300.0 {
                            return a;
                        }
                    }
                }
                if legal.contains(&Action::KeepRoll) {
                    Action::KeepRoll
                } else {
                    legal[0]
                }
            }
            Stage::ChooseBranch => {
                let o = r.outcome().unwrap();
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::ChooseBranch(b) = a {
                        let br = &o.choose[b as usize];
                        let v = self.effects_value(&ctx, &br.effects, mask)
                            + ending_value(&st, Some(br.ends));
                        if best.is_none_or(|x| v > x.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            _ => legal[0],
        }
    }

    fn pending(
        &mut self,
        g: &Firefly,
        seat: Seat,
        r: &Resolution,
        pending: Pending,
        legal: &[Action],
    ) -> Action {
        let ctx = Ctx::new(g, r.seat);
        let p = ctx.p;
        match pending {
            Pending::Kill { .. } | Pending::Arrest { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::Kill(card) = a {
                        let Some(i) = p.crew_index(card) else {
                            continue;
                        };
                        let v = self.crew_worth(g, p, i) + self.rng.below(10) as f64 * 0.01;
                        if best.is_none_or(|b| v < b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            Pending::LoadUpTo { item, max } => {
                let n = if self.item_gain(&ctx, item) > 0.0 {
                    max
                } else {
                    0
                };
                if legal.contains(&Action::LoadCount(n)) {
                    Action::LoadCount(n)
                } else {
                    legal[0]
                }
            }
            Pending::LoadGoods { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::LoadGood(item) = a {
                        let v = self.item_gain(&ctx, item);
                        if v > 0.0 && best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(Action::Done, |b| b.1)
            }
            Pending::DiscardUpgrade { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::LoseUpgrade(u) = a {
                        let v = match g.content.supply_cards[u as usize].kind {
                            SupplyKind::Upgrade(d) => self.upgrade_value(&ctx, d),
                            _ => 0.0,
                        };
                        if best.is_none_or(|b| v < b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            Pending::TakeUpgrade { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::TakeUpgrade(u) = a {
                        let v = match g.content.supply_cards[u as usize].kind {
                            SupplyKind::Upgrade(d) => self.upgrade_value(&ctx, d),
                            _ => 0.0,
                        };
                        if v > 0.0 && best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(Action::Done, |b| b.1)
            }
            // Cards looked at (Nav Charts, Heist Intel) go back as they were.
            Pending::Arrange { .. } => {
                if legal.contains(&Action::Done) {
                    Action::Done
                } else {
                    Action::PutOnTop(0)
                }
            }
            // Which Reaver Cutter a card moves, or which ship answers another captain's Alert
            // tokens (the Rim expansions): any will do.
            Pending::MoveCutter { cutter: None, .. }
            | Pending::CallShip { .. }
            | Pending::DiscardActive => legal[self.rng.below(legal.len() as u32) as usize],
            Pending::MoveCruiser { .. }
            | Pending::MoveCutter { .. }
            | Pending::MoveCorvette { .. } => {
                // We move the ship: as far from our own Firefly as it will go, and away from
                // where we are heading.
                let me = g.player(seat);
                let cutter = matches!(pending, Pending::MoveCutter { .. });
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::MoveTo(s) = a {
                        let mut v = self.d(me.sector, s).min(8) as f64;
                        if !cutter && !g.is_outlaw(me) {
                            v *= 0.2;
                        }
                        // Everyone else: keep it off their backs too, mildly.
                        let others: u32 = g
                            .players
                            .iter()
                            .filter(|q| q.seat != seat && q.placed)
                            .map(|q| self.d(q.sector, s).min(4))
                            .sum();
                        v += others as f64 * 0.1 + self.rng.below(10) as f64 * 0.001;
                        if best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            Pending::Trade {
                fuel,
                parts,
                contraband,
                ..
            } => {
                let reserve = ctx.reserve(self);
                // Replace Contraband an Active job lost (FF-WORK-14).
                if legal.contains(&Action::Purchase(Item::Contraband))
                    && self.needed_items(g, p, Item::Contraband) > p.item(Item::Contraband) as u32
                    && p.money >= contraband + 300
                {
                    return Action::Purchase(Item::Contraband);
                }
                let burns = p.item(Item::Fuel) / g.full_burn_fuel(p).max(1);
                if legal.contains(&Action::Purchase(Item::Fuel))
                    && (burns < 4 || p.item(Item::Fuel) < 5)
                    && p.money >= fuel + reserve.min(600)
                {
                    return Action::Purchase(Item::Fuel);
                }
                if legal.contains(&Action::Purchase(Item::Parts))
                    && p.item(Item::Parts) < 1
                    && p.money >= parts + reserve + 500
                {
                    return Action::Purchase(Item::Parts);
                }
                Action::Done
            }
            Pending::Evade => {
                let target = self.flight_target(&ctx);
                self.step_toward(g, p, target, legal).unwrap_or(legal[0])
            }
            Pending::Exemption(x) => {
                let ignore = match x {
                    // Harken's papers: Customs Inspection only ever takes from us.
                    Exemption::PapersInOrder => true,
                    // A Cry Baby is worth keeping unless the Alliance would cost us more.
                    Exemption::CryBaby(_) => self.outlaw_cost(&ctx) > 450.0,
                    // Reavers kill crew: always worth a Flak Gun.
                    Exemption::FlakGun(_) => true,
                };
                if legal.contains(&Action::UseExemption(ignore)) {
                    Action::UseExemption(ignore)
                } else {
                    legal[0]
                }
            }
            // Take whoever is worth the most; sell all that is offered; lose the least useful.
            Pending::TakeCrew { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::TakeCrew(c) = a {
                        let v = match g.content.supply_cards[c as usize].kind {
                            SupplyKind::Crew(d) => g.hire_cost(seat, d) as f64,
                            _ => 0.0,
                        };
                        if best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(Action::Done, |b| b.1)
            }
            Pending::Sell { item, price, .. } => {
                if (price as f64) > self.item_gain(&ctx, item)
                    && legal.contains(&Action::Sell(item))
                {
                    Action::Sell(item)
                } else {
                    Action::Done
                }
            }
            Pending::DiscardCrew { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::Dismiss(card) = a {
                        let Some(i) = p.crew_index(card) else {
                            continue;
                        };
                        let v = self.crew_worth(g, p, i);
                        if best.is_none_or(|b| v < b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            Pending::LosePassengers { .. } | Pending::LoseGoods { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    let (Action::Unload(item) | Action::Jettison(item)) = a else {
                        continue;
                    };
                    let v = self.item_gain(&ctx, item) + self.rng.below(10) as f64 * 0.01;
                    if best.is_none_or(|b| v < b.0) {
                        best = Some((v, a));
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            Pending::StashGoods { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::LoadGood(item) = a {
                        let v = self.item_gain(&ctx, item);
                        if best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(Action::Done, |b| b.1)
            }
            // Moving a rival's ship: anywhere will do.
            Pending::Drift { .. } => legal[self.rng.below(legal.len() as u32) as usize],
            Pending::SplitCrew => {
                // FF-MISC-6: put each crew member where their skill helps the most: in the
                // team whose test needs their skill and has the least of it so far.
                let tests: Vec<&Test> = r.choice().map_or(Vec::new(), |c| steps(c).collect());
                let mut best: Option<(i32, Action)> = None;
                for &a in legal {
                    let Action::JoinTeam { crew, team } = a else {
                        continue;
                    };
                    let (Some(i), Some(t)) = (p.crew_index(crew), tests.get(team as usize)) else {
                        continue;
                    };
                    let have = test_base(g, p, r.teams[team as usize], t);
                    let adds = test_base(g, p, 1 << i, t);
                    let v = adds * 10 - have;
                    if best.is_none_or(|b| v > b.0) {
                        best = Some((v, a));
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
        }
    }
}

impl FireflyBot {
    /// How many turns the bot ended only because it took more than 400 decisions in them (a
    /// symptom of a loop in its own logic; tests expect 0).
    pub fn guard_trips(&self) -> u32 {
        self.guard_trips
    }

    /// For debugging: the places the bot would go to for `seat` now, best first, with their
    /// scores, and the chance it gives the story's next goal.
    pub fn debug_candidates(
        &mut self,
        g: &Firefly,
        seat: Seat,
    ) -> (Vec<(String, f64)>, Option<f64>) {
        self.ensure_dist(g);
        let ctx = Ctx::new(g, seat);
        let mut c = Vec::new();
        self.candidates(&ctx, &mut c);
        c.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap());
        let chance = self.goal_chance(&ctx).map(|x| x.1);
        (
            c.into_iter()
                .map(|(s, v)| (g.content.sector_name(s).to_string(), v))
                .collect(),
            chance,
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Trading (FF-TRADE)
// ---------------------------------------------------------------------------------------------

impl FireflyBot {
    /// What a bundle of another player's things is worth to us.
    fn bundle_gain(&self, ctx: &Ctx, b: &Bundle) -> f64 {
        let mut v = b.money as f64;
        for item in Item::ALL {
            let n = b.goods[item.index()] as f64;
            if n > 0.0 {
                v += n * self.item_gain(ctx, item).max(0.0);
            }
        }
        for &c in &b.cards {
            let price = match ctx.g.content.supply_cards[c as usize].kind {
                SupplyKind::Crew(d) => ctx.g.content.crew[d as usize].cost as f64,
                _ => 0.0,
            };
            // Cards we could not take aboard are worth nothing to us.
            let cv = self.card_value(ctx, c);
            if cv.is_finite() {
                v += (cv * 0.5).max(0.0) + price * 0.3;
            }
        }
        v
    }

    /// What a bundle of our things would cost us.
    fn bundle_loss(&self, ctx: &Ctx, b: &Bundle) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let mut v = b.money as f64;
        for item in Item::ALL {
            let n = b.goods[item.index()] as u32;
            if n > 0 {
                v += self.item_loss(ctx, item, n);
            }
        }
        for &c in &b.cards {
            v += match g.content.supply_cards[c as usize].kind {
                SupplyKind::Crew(_) => p
                    .crew
                    .iter()
                    .position(|m| m.card == CrewCard::Hired(c))
                    .map_or(0.0, |i| self.crew_worth(g, p, i) * 2.0),
                SupplyKind::Gear(d) => {
                    let gd = &g.content.gear[d as usize];
                    gd.cost as f64
                        + 600.0 * (gd.skills.fight + gd.skills.tech + gd.skills.negotiate) as f64
                }
                SupplyKind::Upgrade(d) => {
                    g.content.upgrades[d as usize].cost.unwrap_or(0) as f64
                        + self.upgrade_value(ctx, d)
                }
            };
        }
        v
    }

    /// Answer another player's offer: only clearly good deals are taken.
    fn answer_trade(&mut self, g: &Firefly, seat: Seat, offer: &Offer, legal: &[Action]) -> Action {
        let accept = Action::Trade(TradeAction::Accept);
        let refuse = Action::Trade(TradeAction::Refuse);
        let ctx = Ctx::new(g, seat);
        let gain = self.bundle_gain(&ctx, &offer.give);
        let loss = self.bundle_loss(&ctx, &offer.ask);
        let a = if gain > loss * 1.25 + 100.0 {
            accept
        } else {
            refuse
        };
        if legal.contains(&a) {
            a
        } else if legal.contains(&refuse) {
            refuse
        } else {
            legal[0]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FF-SKILL-8: the exploding die, checked against enumeration.
    #[test]
    fn exploding_die_odds() {
        assert_eq!(p_at_least(1), 1.0);
        assert!((p_at_least(2) - 5.0 / 6.0).abs() < 1e-12);
        assert!((p_at_least(6) - 1.0 / 6.0).abs() < 1e-12);
        // 7 needs a 6 then anything.
        assert!((p_at_least(7) - 1.0 / 6.0).abs() < 1e-12);
        // 8 needs a 6 then 2+.
        assert!((p_at_least(8) - 5.0 / 36.0).abs() < 1e-12);
        // 13 needs 6, 6, then 1+.
        assert!((p_at_least(13) - 1.0 / 36.0).abs() < 1e-12);
        for n in 1..30 {
            assert!(p_at_least(n + 1) <= p_at_least(n));
        }
    }

    #[test]
    fn band_odds_sum_to_one() {
        let t = Test {
            skill: Skill::Tech,
            bribes: false,
            kosherized: false,
            modifiers: vec![],
            outcomes: [1, 6, 9]
                .iter()
                .map(|&min| Outcome {
                    min,
                    effects: vec![],
                    ends: Some(Ending::Proceed),
                    choose: vec![],
                    nested: None,
                })
                .collect(),
        };
        let mut probs = Vec::new();
        for base in -3..12 {
            band_probs(&t, base, &mut probs);
            let sum: f64 = probs.iter().sum();
            assert!((sum - 1.0).abs() < 1e-9, "base {base}: {probs:?}");
        }
        band_probs(&t, 3, &mut probs);
        // Totals 4..8 (rolls 1..5) land in the middle band unless the roll is 1 or 2.
        assert!((probs[0] - 2.0 / 6.0).abs() < 1e-12);
    }
}
