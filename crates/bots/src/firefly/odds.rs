//! Odds: the exploding die (FF-SKILL-8), the crew's skills for a test, the chance to pass a test, a
//! card's option or a Misbehave card.

use super::*;
use std::cell::Cell;

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

/// The chance of each outcome band of a test, inline (a test has a few bands; the odds are
/// worked out for every card the bot values, so they allocate nothing).
pub(super) type BandProbs = smallvec::SmallVec<[f64; 8]>;

/// P(the total of a test lands in each band), for a roll plus `base`.
pub(super) fn band_probs(t: &Test, base: i32, out: &mut BandProbs) {
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

pub(super) fn skills_of(g: &Firefly, p: &Player, mask: CrewMask) -> [i32; 3] {
    [
        g.mask_skill(p, mask, Skill::Fight, false) as i32,
        g.mask_skill(p, mask, Skill::Tech, false) as i32,
        g.mask_skill(p, mask, Skill::Negotiate, false) as i32,
    ]
}

pub(super) fn has_profession(g: &Firefly, p: &Player, prof: Profession) -> bool {
    p.crew.iter().any(|m| g.has_profession(m, prof))
}

pub(super) fn gear_skills(d: &Gear) -> [i32; 3] {
    [
        d.skills.fight as i32,
        d.skills.tech as i32,
        d.skills.negotiate as i32,
    ]
}

pub(super) fn crew_skills(d: &Crew) -> [i32; 3] {
    [
        d.skills.fight as i32,
        d.skills.tech as i32,
        d.skills.negotiate as i32,
    ]
}

/// Skill points of one test (crew in `mask` and their gear, plus modifiers), as the engine
/// counts them (FF-SKILL-4/6).
pub(super) fn test_base(g: &Firefly, p: &Player, mask: CrewMask, t: &Test) -> i32 {
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
pub(super) fn live_test_base(g: &Firefly, r: &Resolution, skill: Option<Skill>) -> (CrewMask, i32) {
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
    // Mal's Brown Coat: a skill lent to the test before the roll is a term of its own.
    points += r.lent.map_or(0, |(_, _, n)| n);
    (mask, points)
}

/// Whether crew member `m` may carry gear card `gear` at all (`Firefly::can_carry` without the
/// count of cards already carried).
pub(super) fn may_carry(g: &Firefly, m: &CrewMember, gear: SupplyCardId) -> bool {
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
pub(super) fn best_single(g: &Firefly, p: &Player, mask: CrewMask, t: &Test) -> (CrewMask, i32) {
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

pub(super) fn is_single(t: &Test) -> bool {
    t.modifiers
        .iter()
        .any(|m| matches!(m, TestModifier::SingleCrew))
}

pub(super) fn requirement_met_mask(
    g: &Firefly,
    p: &Player,
    mask: CrewMask,
    r: &Requirement,
) -> bool {
    g.requirement_met_by(p, mask, r)
}

pub(super) fn choice_available_mask(g: &Firefly, p: &Player, mask: CrewMask, c: &Choice) -> bool {
    c.requires
        .iter()
        .all(|r| requirement_met_mask(g, p, mask, r))
        && c.effects.iter().all(|e| match e {
            Effect::Spend { item, amount } => p.item(*item) >= *amount,
            _ => true,
        })
}

pub(super) fn has_ace(g: &Firefly, p: &Player, mask: CrewMask, ace: &Option<Ace>) -> bool {
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
pub(super) fn p_proceed(t: &Test, base: i32, probs: &mut BandProbs) -> f64 {
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
pub(super) fn steps(ch: &Choice) -> impl Iterator<Item = &Test> {
    ch.test.iter().chain(ch.then.iter())
}

/// Chance that choosing `ch` ends in Proceed, given each step's chance: an option without a
/// test proceeds only if it ends so; with tests, every step must proceed, in order.
pub(super) fn choice_chance(ch: &Choice, step: impl FnMut(&Test) -> f64) -> f64 {
    match &ch.test {
        None if ch.ends == Some(Ending::Proceed) => 1.0,
        None => 0.0,
        Some(_) => steps(ch).map(step).product(),
    }
}

/// What the crew in a mask brings to a test or an option, each total or keyword worked out when
/// a test or an option first asks for it: a crew's Misbehave odds ask the same few of them over
/// many cards (a keyword or a profession among the crew is dear to ask the engine).
pub(super) struct CrewStats<'a> {
    g: &'a Firefly,
    p: &'a Player,
    mask: CrewMask,
    /// Skill points by [kosherized][skill].
    points: [[Cell<Option<i32>>; 3]; 2],
    /// The best single crew member's points by [kosherized][skill].
    single: [[Cell<Option<i32>>; 3]; 2],
    /// Keywords present (bit by `Keyword as u16`), and the keywords asked about.
    keywords: Cell<(u16, u16)>,
    /// Professions present (bit by `Profession as u16`), and the professions asked about.
    professions: Cell<(u16, u16)>,
    /// Keyword requirements met (`Firefly::requirement_met_by`: carried or discardable for
    /// it), and the keywords asked about.
    keyword_requirements: Cell<(u16, u16)>,
    /// `card_facts::facts_key` of the crew's captain.
    facts_key: Cell<Option<u64>>,
}

/// The answer for `bit` in a (known, asked) pair of bit sets, or worked out with `f` and kept.
fn known_bit(cell: &Cell<(u16, u16)>, bit: u16, f: impl FnOnce() -> bool) -> bool {
    let (has, asked) = cell.get();
    if asked & bit != 0 {
        return has & bit != 0;
    }
    let yes = f();
    cell.set((if yes { has | bit } else { has }, asked | bit));
    yes
}

impl<'a> CrewStats<'a> {
    pub(super) fn of(g: &'a Firefly, p: &'a Player, mask: CrewMask) -> CrewStats<'a> {
        CrewStats {
            g,
            p,
            mask,
            points: Default::default(),
            single: Default::default(),
            keywords: Cell::new((0, 0)),
            professions: Cell::new((0, 0)),
            keyword_requirements: Cell::new((0, 0)),
            facts_key: Cell::new(None),
        }
    }

    /// `Firefly::mask_has_keyword` of the crew.
    fn has_keyword(&self, kw: Keyword) -> bool {
        known_bit(&self.keywords, 1 << kw as u16, || {
            self.g.mask_has_keyword(self.p, self.mask, kw)
        })
    }

    /// `Firefly::mask_has_profession` of the crew.
    fn has_profession(&self, pr: Profession) -> bool {
        known_bit(&self.professions, 1 << pr as u16, || {
            self.g.mask_has_profession(self.p, self.mask, pr)
        })
    }

    /// `Firefly::requirement_met_by` the crew.
    fn meets(&self, r: &Requirement) -> bool {
        let (g, p, mask) = (self.g, self.p, self.mask);
        match *r {
            Requirement::Keyword { keyword } => {
                known_bit(&self.keyword_requirements, 1 << keyword as u16, || {
                    g.requirement_met_by(p, mask, r)
                })
            }
            Requirement::Profession { profession } => self.has_profession(profession),
            _ => g.requirement_met_by(p, mask, r),
        }
    }

    /// `has_ace` for the crew.
    fn has_ace(&self, ace: &Option<Ace>) -> bool {
        match ace {
            Some(Ace::Keyword { keyword }) => self.has_keyword(*keyword),
            Some(Ace::Profession { profession }) => self.has_profession(*profession),
            _ => has_ace(self.g, self.p, self.mask, ace),
        }
    }

    pub(super) fn base(&self, p: &Player, t: &Test) -> i32 {
        let (g, mask) = (self.g, self.mask);
        let k = t.kosherized as usize;
        let s = skill_index(t.skill);
        let mut points = if is_single(t) {
            once(&self.single[k][s], || {
                (0..self.p.crew.len())
                    .filter(|&i| mask & (1 << i) != 0)
                    .map(|i| g.mask_skill(self.p, 1 << i, t.skill, t.kosherized) as i32)
                    .max()
                    .unwrap_or(0)
            })
        } else {
            once(&self.points[k][s], || {
                if !t.kosherized && mask == all_crew(self.p) {
                    // The whole crew's skills, remembered per crew (`crew_masks::skills`).
                    let key = once(&self.facts_key, || super::card_facts::facts_key(g, self.p));
                    super::crew_masks::skills(g, self.p, key)[s]
                } else {
                    g.mask_skill(self.p, mask, t.skill, t.kosherized) as i32
                }
            })
        };
        for m in &t.modifiers {
            match m {
                TestModifier::PerWarrant { amount } => points += *amount as i32 * p.warrants as i32,
                TestModifier::KeywordAdds { keyword, amount } => {
                    if self.has_keyword(*keyword) {
                        points += *amount as i32;
                    }
                }
                TestModifier::SingleCrew => {}
            }
        }
        points
    }
}

/// The copies of each Misbehave card in the deck, by definition, counted once per content.
fn misbehave_copies(c: &'static Content) -> Arc<Vec<u32>> {
    static CACHE: Mutex<Vec<(usize, Arc<Vec<u32>>)>> = Mutex::new(Vec::new());
    let key = c as *const Content as usize;
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, v)) = cache.iter().find(|(k, _)| *k == key) {
        return v.clone();
    }
    let mut copies = vec![0u32; c.misbehave_defs.len()];
    for &x in &c.misbehave_cards {
        copies[x as usize] += 1;
    }
    let v = Arc::new(copies);
    cache.push((key, v.clone()));
    v
}

/// The lowest and highest test totals [`ProceedOdds`] keeps (a crew's points, a bribe and a
/// bonus; any other total is worked out when asked).
const TOTAL_MIN: i32 = -16;
const TOTAL_MAX: i32 = 47;
const TOTALS: usize = (TOTAL_MAX - TOTAL_MIN + 1) as usize;

/// P(a test ends in Proceed) (`p_proceed`) for each test of each Misbehave card's options, at
/// every total: the Misbehave odds of a crew are asked for many skill bonuses, and of many
/// crews, and each answer went through every option's bands, die odds and all. Worked out once
/// per content, by `p_proceed` itself, so a value read here is the value it would give.
struct ProceedOdds {
    /// By step (`step_ids` order), by total from `TOTAL_MIN`.
    odds: Vec<[f64; TOTALS]>,
    /// The first step of each option, by card definition and option.
    first_step: Vec<Vec<u32>>,
}

impl ProceedOdds {
    fn of(c: &'static Content) -> Arc<ProceedOdds> {
        static CACHE: Mutex<Vec<(usize, Arc<ProceedOdds>)>> = Mutex::new(Vec::new());
        let key = c as *const Content as usize;
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, v)) = cache.iter().find(|(k, _)| *k == key) {
            return v.clone();
        }
        let mut probs = BandProbs::new();
        let mut odds = Vec::new();
        let first_step = c
            .misbehave_defs
            .iter()
            .map(|d| {
                d.options
                    .iter()
                    .map(|ch| {
                        let first = odds.len() as u32;
                        for t in steps(ch) {
                            odds.push(std::array::from_fn(|i| {
                                p_proceed(t, TOTAL_MIN + i as i32, &mut probs)
                            }));
                        }
                        first
                    })
                    .collect()
            })
            .collect();
        let v = Arc::new(ProceedOdds { odds, first_step });
        cache.push((key, v.clone()));
        v
    }
}

/// The Misbehave deck of a content, dense, as `MisbehaveOdds::of` reads it for every new crew:
/// the cards with copies in the deck (in the content's order), their options card after card,
/// each option's requirements, the goods it spends and its tests (none without a first test,
/// as `steps` gives them). The definitions' options (each a large record of lists and tests)
/// were walked for every crew, a cache miss at every turn. Worked out once per content.
struct MisbehaveDeck {
    cards: Vec<DeckCard>,
    options: Vec<DeckOption>,
    requires: Vec<&'static Requirement>,
    spends: Vec<(Item, u8)>,
    steps: Vec<DeckStep>,
    proceed: Arc<ProceedOdds>,
}

struct DeckCard {
    copies: f64,
    ace: &'static Option<Ace>,
    /// Its options: `options` of them from `first_option`.
    first_option: u32,
    options: u16,
}

/// One option: where its requirements, spent goods and tests are (start, count), and its
/// chance before its tests (`OptionOdds::start`).
struct DeckOption {
    requires: (u32, u16),
    spends: (u32, u16),
    steps: (u32, u16),
    start: f64,
}

struct DeckStep {
    test: &'static Test,
    /// Its row of `ProceedOdds`.
    row: u32,
    skill: u8,
}

impl MisbehaveDeck {
    fn of(c: &'static Content) -> Arc<MisbehaveDeck> {
        static CACHE: Mutex<Vec<(usize, Arc<MisbehaveDeck>)>> = Mutex::new(Vec::new());
        let key = c as *const Content as usize;
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, v)) = cache.iter().find(|(k, _)| *k == key) {
            return v.clone();
        }
        let copies_of = misbehave_copies(c);
        let proceed = ProceedOdds::of(c);
        let mut deck = MisbehaveDeck {
            cards: Vec::new(),
            options: Vec::new(),
            requires: Vec::new(),
            spends: Vec::new(),
            steps: Vec::new(),
            proceed: Arc::clone(&proceed),
        };
        for (def, d) in c.misbehave_defs.iter().enumerate() {
            if copies_of[def] == 0 {
                continue;
            }
            deck.cards.push(DeckCard {
                copies: copies_of[def] as f64,
                ace: &d.ace,
                first_option: deck.options.len() as u32,
                options: d.options.len() as u16,
            });
            for (i, ch) in d.options.iter().enumerate() {
                let requires = (deck.requires.len() as u32, ch.requires.len() as u16);
                deck.requires.extend(ch.requires.iter());
                let before = deck.spends.len();
                deck.spends
                    .extend(ch.effects.iter().filter_map(|e| match *e {
                        Effect::Spend { item, amount } => Some((item, amount)),
                        _ => None,
                    }));
                let spends = (before as u32, (deck.spends.len() - before) as u16);
                let before = deck.steps.len();
                if ch.test.is_some() {
                    let first = proceed.first_step[def][i];
                    deck.steps
                        .extend(steps(ch).enumerate().map(|(j, t)| DeckStep {
                            test: t,
                            row: first + j as u32,
                            skill: skill_index(t.skill) as u8,
                        }));
                }
                deck.options.push(DeckOption {
                    requires,
                    spends,
                    steps: (before as u32, (deck.steps.len() - before) as u16),
                    start: if ch.test.is_some() {
                        1.0
                    } else {
                        choice_chance(ch, |_| 1.0)
                    },
                });
            }
        }
        let v = Arc::new(deck);
        cache.push((key, v.clone()));
        v
    }
}

/// What a crew brings to the Misbehave deck, its skill bonus aside: for each card in the deck
/// its copies, whether an Ace gets the crew through, and the options it may choose with the
/// crew's points for each of their tests. Worked out once per crew (the memo's row,
/// `ChanceRow::misbehave_odds`) and then valued for each bonus the bot asks about, so the crew
/// is not walked again for each one. Kept flat (the cards, their options card after card, the
/// options' tests option after option): a thread keeps many rows.
pub(super) struct MisbehaveOdds {
    /// The cards with copies in the deck, in the content's order.
    cards: Vec<CardOdds>,
    /// The cards' options the crew may choose, card after card.
    options: Vec<OptionOdds>,
    /// The options' tests, option after option.
    steps: Vec<StepOdds>,
    proceed: Arc<ProceedOdds>,
}

thread_local! {
    /// The buffers `MisbehaveOdds::of` gathers a crew's odds in.
    static ODDS_BUFFERS: std::cell::RefCell<(Vec<CardOdds>, Vec<OptionOdds>, Vec<StepOdds>)> =
        Default::default();
}

#[derive(Clone, Copy)]
struct CardOdds {
    copies: f64,
    /// An Ace gets the crew through (FF-MISB-8).
    ace: bool,
    /// How many of `options` are this card's.
    options: u16,
}

/// One option the crew may choose (its requirements met and costs payable): its chance is
/// `start` times each of its tests' (FF-MISB-15: each must end in Proceed, in order), as
/// `choice_chance` works it out: 1 before the tests of an option with tests, and without a
/// test 1 or 0 as it proceeds or not.
#[derive(Clone, Copy)]
struct OptionOdds {
    start: f64,
    /// How many of `steps` are this option's.
    steps: u16,
}

/// One test of an option: its row of `ProceedOdds`, the crew's points for it (the bribes
/// counted on included), and the skill a bonus adds to.
#[derive(Clone, Copy)]
struct StepOdds {
    test: &'static Test,
    row: u32,
    base: i32,
    skill: u8,
}

impl MisbehaveOdds {
    pub(super) fn of(g: &Firefly, p: &Player, mask: CrewMask) -> MisbehaveOdds {
        let deck = MisbehaveDeck::of(g.content);
        let stats = CrewStats::of(g, p, mask);
        // Gathered in the thread's buffers and copied out at their size: a row is kept long
        // and its lists grown push by push were reallocated many times.
        let (mut cards, mut options, mut steps_of) =
            ODDS_BUFFERS.with(|b| std::mem::take(&mut *b.borrow_mut()));
        cards.clear();
        options.clear();
        steps_of.clear();
        for card in &deck.cards {
            let ace = stats.has_ace(card.ace);
            let options_before = options.len();
            if !ace {
                let first = card.first_option as usize;
                for o in &deck.options[first..first + card.options as usize] {
                    let requires = &deck.requires[o.requires.0 as usize..][..o.requires.1 as usize];
                    let spends = &deck.spends[o.spends.0 as usize..][..o.spends.1 as usize];
                    // `choice_available_mask` for the crew: its requirements, then its costs.
                    if !(requires.iter().all(|r| stats.meets(r))
                        && spends.iter().all(|&(item, amount)| p.item(item) >= amount))
                    {
                        continue;
                    }
                    let before = steps_of.len();
                    let steps = &deck.steps[o.steps.0 as usize..][..o.steps.1 as usize];
                    steps_of.extend(steps.iter().map(|s| StepOdds {
                        test: s.test,
                        row: s.row,
                        // Bribes: count a couple of $100s as available.
                        base: stats.base(p, s.test)
                            + if s.test.bribes && p.money >= 1500 {
                                2
                            } else {
                                0
                            },
                        skill: s.skill,
                    }));
                    options.push(OptionOdds {
                        start: o.start,
                        steps: (steps_of.len() - before) as u16,
                    });
                }
            }
            cards.push(CardOdds {
                copies: card.copies,
                ace,
                options: (options.len() - options_before) as u16,
            });
        }
        let odds = MisbehaveOdds {
            cards: cards.to_vec(),
            options: options.to_vec(),
            steps: steps_of.to_vec(),
            proceed: Arc::clone(&deck.proceed),
        };
        ODDS_BUFFERS.with(|b| *b.borrow_mut() = (cards, options, steps_of));
        odds
    }

    /// Average chance of getting through one Misbehave card (FF-MISB-4..8): the best option of
    /// each card, Aces counted; `bonus` adds skill points.
    pub(super) fn pass(&self, bonus: [i32; 3]) -> f64 {
        let mut probs = BandProbs::new();
        let mut total = 0.0;
        let mut weight = 0.0;
        let (mut options, mut steps) = (&self.options[..], &self.steps[..]);
        for card in &self.cards {
            weight += card.copies;
            if card.ace {
                total += card.copies;
                continue;
            }
            let (mine, rest) = options.split_at(card.options as usize);
            options = rest;
            let mut best: f64 = 0.0;
            for o in mine {
                let (tests, rest) = steps.split_at(o.steps as usize);
                steps = rest;
                // Every step must end in Proceed, in order (FF-MISB-15): the product of the
                // tests' chances, from 1 (`choice_chance`).
                let mut pr = o.start;
                for s in tests {
                    let at = s.base + bonus[s.skill as usize];
                    pr *= if (TOTAL_MIN..=TOTAL_MAX).contains(&at) {
                        self.proceed.odds[s.row as usize][(at - TOTAL_MIN) as usize]
                    } else {
                        p_proceed(s.test, at, &mut probs)
                    };
                }
                best = best.max(pr);
            }
            total += best * card.copies;
        }
        if weight == 0.0 {
            1.0
        } else {
            total / weight
        }
    }
}

/// Average chance of getting through one Misbehave card with the crew in `mask`, worked out
/// afresh ([`MisbehaveOdds`]).
#[cfg(test)]
pub(super) fn misbehave_pass(g: &Firefly, p: &Player, mask: CrewMask, bonus: [i32; 3]) -> f64 {
    MisbehaveOdds::of(g, p, mask).pass(bonus)
}

impl FireflyBot {
    /// The memo's row of our crew's odds (`memo`), once per decision.
    pub(super) fn chance_row<'c>(&self, ctx: &'c Ctx) -> &'c Arc<memo::ChanceRow> {
        ctx.chance_row
            .get_or_init(|| self.chances.get(ctx.chance_key()))
    }

    /// Chance of one Misbehave card passed by the whole crew (cached per decision).
    pub(super) fn misb(&self, ctx: &Ctx) -> f64 {
        once(&ctx.misb, || {
            let row = self.chance_row(ctx);
            row.misbehave(|| row.misbehave_odds(ctx.g, ctx.p).pass([0; 3]))
        })
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
        let mut probs = BandProbs::new();
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
