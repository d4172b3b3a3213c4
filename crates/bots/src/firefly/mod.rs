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
//!
//! Where each decision is made:
//!
//! | module | decides |
//! |---|---|
//! | this file | the bot, the shared [`Ctx`] of one decision, the dispatch on the game's phase |
//! | `setup` | the Leader, the ship's first sector, the starting jobs |
//! | `turn` | the turn's free actions, which action to take next, ending the turn |
//! | `routes` | where to fly (the worth of each destination, fuel) and the route there |
//! | `jobs` | which jobs to accept, keep, discard and work; the crew sent; paying Cuts |
//! | `story` | what the story's goals need, the chance of the next goal, when to go for it |
//! | `market` | which Supply cards to consider and buy, Fuel and Parts, selling goods |
//! | `crew` | hiring, dismissing, who carries which gear |
//! | `crew_masks` | the crew's keywords, professions and skills, remembered per crew for every bot of a thread |
//! | `value` | what cards, crew, goods and Outlaw status are worth |
//! | `odds` | dice and skill-test odds, the chance to pass a Misbehave card |
//! | `memo` | those odds remembered per crew, for every bot of a thread |
//! | `keys` | the hasher of the memos' keys |
//! | `card_facts` | a Supply card's price and fit for us, from dense records of the cards and of us |
//! | `cards` | options, tests, bribes and re-rolls of the card being resolved |
//! | `pending` | the small decisions an effect parks (whom to Kill, goods to lose, …) |
//! | `last_call` | when to declare Last Call, the last turns |
//! | `trades` | answering trade offers |

mod bounties;
mod card_facts;
mod cards;
mod crew;
mod crew_masks;
mod jobs;
mod keys;
mod last_call;
mod market;
mod memo;
mod odds;
mod pending;
mod piracy;
mod routes;
mod setup;
mod showdown;
mod story;
mod trades;
mod turn;
mod value;

pub use odds::p_at_least;

use crate::Bot;
use std::sync::{Arc, Mutex};
use tabletop_core::{Rng, Seat};
use tabletop_firefly::content::*;
use tabletop_firefly::crew::{all_crew, CrewMask};
use tabletop_firefly::deal::{ACTIVE_LIMIT, ALL_CONTACTS};
use tabletop_firefly::fly::Exemption;
use tabletop_firefly::resolve::{Origin, Pending, Resolution, Stage};
use tabletop_firefly::state::*;
use tabletop_firefly::trade::{Bundle, Offer, TradeAction};
use tabletop_firefly::{Action, Firefly};

use last_call::*;
use odds::*;
use routes::*;
use story::*;

/// Rough worth of completing a story goal, in $ (it is what the game is about).
const GOAL_WORTH: f64 = 20_000.0;

/// The heuristic Firefly captain.
pub struct FireflyBot {
    rng: Rng,
    /// All-pairs sector distances of the board (ignoring the Cutter), `n * n`
    /// (`Board::distances`).
    dist: &'static [u16],
    n: usize,
    /// The board `dist` is of (its address).
    board: usize,
    /// That board's links and Alliance sectors, for routes.
    links: Arc<routes::BoardLinks>,
    /// Runaway guard: decisions taken in the current turn.
    guard_key: (u16, Seat),
    guard_count: u32,
    /// Turns in which the runaway guard had to end the turn (should stay 0).
    guard_trips: u32,
    /// The crew odds last asked for (`goal_chance_with`, `misb`), shared with every bot of
    /// the thread.
    chances: memo::Memo,
    /// The target of the flight under way: (round, seat, actions taken, sector).
    flight: Option<(u16, Seat, u8, SectorId)>,
    /// Round of the last Deal with each Contact that gave us nothing.
    fruitless: [u16; ContactName::COUNT],
    /// The buffers of its route searches (the routes found are kept for the thread: `route`).
    routes: Routes,
    /// Each Supply deck's draw pile valued for a blind draw, and the `blind_key` it was worked
    /// out for.
    blind_memo: std::cell::RefCell<Vec<routes::BlindDraw>>,
    /// The buffer of the places worth going to (`candidates`), reused.
    cands: Vec<(SectorId, f64)>,
    /// The Supply cards of the content on the table, summarized for valuing them.
    card_table: Arc<value::CardTable>,
    /// The jobs of the content on the table, summarized for valuing them.
    job_table: Arc<jobs::JobTable>,
    /// The content `card_table` and `job_table` are of (its address).
    content: usize,
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

/// The value in `cell`, worked out with `f` on first use: what a decision asks for many times
/// (a `Ctx`'s keys and masks) is worked out once. Asked for every card and job valued, so the
/// look-up is inlined and the first use kept out of line.
#[inline]
fn once<T: Copy>(cell: &std::cell::Cell<Option<T>>, f: impl FnOnce() -> T) -> T {
    match cell.get() {
        Some(v) => v,
        None => first_use(cell, f),
    }
}

/// [`once`]'s first use.
#[cold]
#[inline(never)]
fn first_use<T: Copy>(cell: &std::cell::Cell<Option<T>>, f: impl FnOnce() -> T) -> T {
    let v = f();
    cell.set(Some(v));
    v
}

/// Information shared by the scoring functions of one decision. Everything in it is worked out
/// on first use: many decisions (a card's option, whom to Kill) ask for little of it.
struct Ctx<'a> {
    g: &'a Firefly,
    seat: Seat,
    p: &'a Player,
    /// What the remaining story goals need (`story_needs`).
    needs: std::cell::OnceCell<StoryNeeds>,
    /// The whole crew's skills and their gear's (Fight, Tech, Negotiate), remembered per crew
    /// (`crew_masks`).
    skills: std::cell::Cell<Option<[i32; 3]>>,
    /// Keywords of the whole crew and their gear (bit by `Keyword as u16`).
    keywords: std::cell::Cell<Option<u16>>,
    /// Sectors a turn's flight covers (see `range`).
    range: std::cell::Cell<Option<u32>>,
    /// Fuel a Full Burn costs now (`Firefly::full_burn_fuel`).
    burn_fuel: std::cell::Cell<Option<u8>>,
    misb: std::cell::Cell<Option<f64>>,
    /// How many held jobs are worth doing (see `deal_value`).
    good_jobs: std::cell::Cell<Option<usize>>,
    /// `chance_key` of our crew.
    chance_key: std::cell::Cell<Option<u64>>,
    /// The professions among our crew (bit by `Profession as u16`).
    professions: std::cell::Cell<Option<u16>>,
    /// What `blind_key` reads of us, hashed (every deck's key starts from it).
    blind_base: std::cell::Cell<Option<u64>>,
    /// `card_facts::facts_key` of us.
    facts_key: std::cell::Cell<Option<u64>>,
    /// The memo's row of our crew's odds (`FireflyBot::chance_row`).
    chance_row: std::cell::OnceCell<Arc<memo::ChanceRow>>,
    /// The first story goal still to do that tests the crew (`FireflyBot::test_goal`).
    test_goal: std::cell::Cell<Option<Option<&'static Goal>>>,
    /// Money that must stay in hand (`reserve`).
    reserve: std::cell::Cell<Option<u32>>,
    /// The crew's Cuts (`cuts`).
    cuts: std::cell::Cell<Option<u32>>,
    /// The crew's job completion bonuses (`job_completion_bonuses`).
    job_completion_bonuses: std::cell::OnceCell<smallvec::SmallVec<[(JobFilter, u32); 2]>>,
    /// How far the crew's skills are below what is wanted, by skill (`skill_deficit`).
    skill_deficit: std::cell::Cell<Option<[i32; 3]>>,
    /// What the jobs in hand and Active ask of a card (`jobs_ask`).
    jobs_ask: std::cell::OnceCell<JobsAsk>,
    /// The story's next test goal's chance with no bonus (`FireflyBot::goal_chance_now`).
    goal_now: std::cell::Cell<Option<f64>>,
    /// What the rules of buying and carrying read of us (`card_facts::Buyer`).
    buyer: std::cell::OnceCell<card_facts::Buyer>,
}

/// What the jobs in hand and Active ask of a card: the keywords they need, and their bonuses
/// by profession (each job's half Pay bonus and $100 a Part, summed in the jobs' order).
pub(super) struct JobsAsk {
    pub(super) keywords: u16,
    pub(super) bonus: [f64; Profession::ALL.len()],
}

impl<'a> Ctx<'a> {
    fn new(g: &'a Firefly, seat: Seat) -> Self {
        Ctx {
            g,
            seat,
            p: g.player(seat),
            needs: std::cell::OnceCell::new(),
            skills: std::cell::Cell::new(None),
            keywords: std::cell::Cell::new(None),
            range: std::cell::Cell::new(None),
            burn_fuel: std::cell::Cell::new(None),
            misb: std::cell::Cell::new(None),
            good_jobs: std::cell::Cell::new(None),
            chance_key: std::cell::Cell::new(None),
            professions: std::cell::Cell::new(None),
            blind_base: std::cell::Cell::new(None),
            facts_key: std::cell::Cell::new(None),
            chance_row: std::cell::OnceCell::new(),
            test_goal: std::cell::Cell::new(None),
            reserve: std::cell::Cell::new(None),
            cuts: std::cell::Cell::new(None),
            job_completion_bonuses: std::cell::OnceCell::new(),
            skill_deficit: std::cell::Cell::new(None),
            jobs_ask: std::cell::OnceCell::new(),
            goal_now: std::cell::Cell::new(None),
            buyer: std::cell::OnceCell::new(),
        }
    }

    /// What the rules of buying and carrying read of us, once per decision: every card valued
    /// asks.
    #[inline]
    fn buyer(&self) -> &card_facts::Buyer {
        self.buyer
            .get_or_init(|| card_facts::Buyer::of(self.g, self.p))
    }

    /// What the remaining story goals need, once per decision.
    #[inline]
    fn needs(&self) -> &StoryNeeds {
        self.needs.get_or_init(|| story_needs(self.g, self.p))
    }

    /// The whole crew's skills, with their gear, once per decision.
    #[inline]
    fn skills(&self) -> [i32; 3] {
        once(&self.skills, || {
            crew_masks::skills(self.g, self.p, self.facts_key())
        })
    }

    /// How many points of each skill the crew lacks to be one above what is wanted (0 when
    /// not short), once per decision: every card valued asks.
    #[inline]
    fn skill_deficit(&self) -> [i32; 3] {
        once(&self.skill_deficit, || {
            let (desired, skills) = (self.needs().desired, self.skills());
            std::array::from_fn(|s| (desired[s] + 1 - skills[s]).max(0))
        })
    }

    /// What the jobs in hand and Active ask of a card, once per decision: every card valued
    /// asks.
    #[inline]
    fn jobs_ask(&self) -> &JobsAsk {
        self.jobs_ask.get_or_init(|| {
            let (g, p) = (self.g, self.p);
            let mut ask = JobsAsk {
                keywords: 0,
                bonus: [0.0; Profession::ALL.len()],
            };
            for &j in p.hand.iter().chain(p.active.iter().map(|a| &a.job)) {
                let job = &g.content.jobs[j as usize];
                for &k in &job.needs_keywords {
                    ask.keywords |= 1 << k as u16;
                }
                if let Some(b) = job.bonus {
                    if let Some(pr) = b.profession {
                        ask.bonus[pr as usize] += b.amount as f64 * 0.5 + 100.0 * b.parts as f64;
                    }
                }
            }
            ask
        })
    }

    /// Fuel a Full Burn costs now (`Firefly::full_burn_fuel`), once per decision.
    #[inline]
    fn burn_fuel(&self) -> u8 {
        once(&self.burn_fuel, || self.g.full_burn_fuel(self.p))
    }

    /// Sectors a turn's flight covers, once per decision: the Full Burn range, but a dry tank
    /// away from Fuel flies at Mosey speed (FF-FLY-2, FF-FLY-5): a place's turns away are its
    /// sectors, or a far Supply planet looks as near as a close one.
    #[inline]
    fn range(&self) -> u32 {
        once(&self.range, || {
            let (g, p) = (self.g, self.p);
            let burn_fuel = self.burn_fuel();
            let dry = burn_fuel > 0
                && p.item(Item::Fuel) < burn_fuel
                && g.supply_deck_at(p.sector).is_none();
            if dry {
                1
            } else {
                g.burn_range(p).max(1) as u32
            }
        })
    }

    /// `routes::blind_base`, once per decision (every deck's blind-draw key starts from it).
    #[inline]
    fn blind_base(&self) -> u64 {
        once(&self.blind_base, || blind_base(self))
    }

    /// `card_facts::facts_key` of us, once per decision.
    #[inline]
    fn facts_key(&self) -> u64 {
        once(&self.facts_key, || card_facts::facts_key(self.g, self.p))
    }

    /// The keywords of the whole crew and the gear they carry (`Firefly::mask_has_keyword`),
    /// bit by `Keyword as u16`, once per decision (and remembered per crew: `crew_masks`).
    #[inline]
    fn keywords(&self) -> u16 {
        once(&self.keywords, || {
            crew_masks::keywords(self.g, self.p, self.facts_key())
        })
    }

    /// Whether the whole crew, or gear they carry, have keyword `k`.
    #[inline]
    fn has_keyword(&self, k: Keyword) -> bool {
        self.keywords() & (1 << k as u16) != 0
    }

    /// Whether a crew member has profession `pr` (`odds::has_profession`), from a mask worked
    /// out once per decision (and remembered per crew: `crew_masks`): every card and job
    /// valued asks.
    #[inline]
    fn has_profession(&self, pr: Profession) -> bool {
        let mask = once(&self.professions, || {
            crew_masks::professions(self.g, self.p, self.facts_key())
        });
        mask & (1 << pr as u16) != 0
    }

    /// What our crew's odds depend on (`story::chance_key`), once per decision.
    #[inline]
    fn chance_key(&self) -> u64 {
        once(&self.chance_key, || chance_key(self.g, self.p))
    }

    /// Whether Full Burns cost Fuel: not with the Interceptor's Echelon LR-8 (P&BH), whose
    /// Fuel is only worth its room in the hold (unless a Heavy Load adds a cost, FF-WORK-29).
    /// Worked out once per decision (`Ctx::new`): Fuel is valued very often.
    #[inline]
    fn burns_fuel(&self) -> bool {
        self.burn_fuel() > 0
    }

    /// The crew's Cuts (their costs, the Leader's aside), once per decision.
    #[inline]
    fn cuts(&self) -> u32 {
        once(&self.cuts, || {
            self.p
                .crew
                .iter()
                .skip(1)
                .map(|m| self.g.crew_def(m).cost)
                .sum()
        })
    }

    /// The crew's abilities that pay more for a completed job (`Ability::JobCompletionBonus`),
    /// in the order of `Firefly::crew_abilities`, once per decision: every job valued asks.
    #[inline]
    fn job_completion_bonuses(&self) -> &[(JobFilter, u32)] {
        self.job_completion_bonuses.get_or_init(|| {
            self.g
                .crew_abilities(self.p)
                .filter_map(|a| match *a {
                    Ability::JobCompletionBonus { jobs, amount } => Some((jobs, amount)),
                    _ => None,
                })
                .collect()
        })
    }

    /// Money that must stay in hand (fuel, and savings for a goal that costs money), once per
    /// decision (every Supply deck's worth asks).
    #[inline]
    fn reserve(&self, bot: &FireflyBot) -> u32 {
        once(&self.reserve, || {
            let mut r = 400;
            // Saving for a goal's money starts once half of it is in hand: below that, what
            // earns money faster (a hand, gear) is worth more than what it costs.
            if self.needs().money > 0
                && (self.needs().money_only || self.skill_ready(bot))
                && self.p.money * 2 >= self.needs().money
            {
                r = r.max(self.needs().money + 300);
            }
            // In a Last Call story credits are the score: once a captain can call it, a card
            // bought now has too few turns left to pay for itself.
            if last_call_near(self.g) {
                r = r.max(self.p.money);
            }
            r
        })
    }

    /// Whether the crew is about as good as the story asks (money aside).
    fn skill_ready(&self, bot: &FireflyBot) -> bool {
        let slack = bot.slack(self.g);
        (0..3).all(|s| self.skills()[s] + slack >= self.needs().desired[s])
    }
}

impl FireflyBot {
    pub fn new(seed: u64) -> Self {
        FireflyBot {
            rng: Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15),
            dist: &[],
            n: 0,
            board: 0,
            links: Arc::default(),
            guard_key: (u16::MAX, 0),
            guard_count: 0,
            guard_trips: 0,
            chances: memo::Memo::default(),
            fruitless: [u16::MAX; ContactName::COUNT],
            flight: None,
            routes: Routes::default(),
            blind_memo: Default::default(),
            cands: Vec::new(),
            card_table: Arc::default(),
            job_table: Arc::default(),
            content: 0,
        }
    }

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
            Phase::ChooseShip => self.choose_ship(g, legal),
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
            Phase::Showdown(_) => self.showdown(g, seat, legal),
            Phase::Plunder(_) => self.plunder(g, seat, legal),
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

/// Positions of bot-only games of every story, with and without the expansions (4 captains, at
/// most 30 rounds, the `k`th story's games at seed `seed + k`), every `every` steps: what the
/// tests that compare the bot's dense summaries with the rules they stand for walk.
#[cfg(test)]
pub(crate) fn for_each_played_position(seed: u64, every: u32, mut f: impl FnMut(&Firefly)) {
    use crate::Bot;
    use tabletop_core::{Actor, Game, NewGame};
    use tabletop_firefly::content::{Content, Expansion};
    use tabletop_firefly::Options;

    let content = Content::builtin();
    let stories = content.stories.iter().map(|s| s.id.as_str());
    for (i, story) in stories.enumerate() {
        for expansions in [vec![], Expansion::ALL.to_vec()] {
            let mut o = Options::new(4, story);
            o.max_rounds = Some(30);
            o.expansions = expansions;
            let Ok(mut g) = Firefly::new_game(content, &o, seed + i as u64) else {
                continue;
            };
            let mut bots: Vec<FireflyBot> = (0..4).map(FireflyBot::new).collect();
            let (mut legal, mut events, mut step) = (Vec::new(), Vec::new(), 0u32);
            while let Actor::Seat(seat) = g.actor() {
                step += 1;
                if step % every == 0 {
                    f(&g);
                }
                g.legal_actions(&mut legal);
                let a = bots[seat as usize].choose(&g, seat, &legal);
                events.clear();
                g.apply_unchecked(a, &mut events);
            }
        }
    }
}
