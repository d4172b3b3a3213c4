//! Game-agnostic driving of any engine that implements [`tabletop_core::NewGame`]: matches with
//! their save record, bot-only simulations in parallel, benchmarks, the line-based JSON protocol,
//! replay stepping and the numbered-choice text interface. Each game's module (`firefly.rs`,
//! `mandalorian.rs`) adds its content loading, its text rendering ([`Driven`], [`TextUi`]) and
//! its summaries.
//!
//! Seats are 0-based in the engine and in JSON, 1-based in text meant for people.

use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{json, Value};
use tabletop_bots::{Bot, RandomBot};
use tabletop_core::{Actor, Game, IllegalAction, NewGame, Outcome, Replay, ReplayError, Rng, Seat};

// =============================================================================================
// What the driver needs to know about a game
// =============================================================================================

/// Who reads a log line: everything (replays, bot-only games), one seat, or only what is public
/// (bots' moves watched by several hot-seat players).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    All,
    Seat(Seat),
    Public,
}

impl Viewer {
    /// Whether this viewer may see `seat`'s hidden cards.
    pub fn sees(self, seat: Seat) -> bool {
        match self {
            Viewer::All => true,
            Viewer::Seat(s) => s == seat,
            Viewer::Public => false,
        }
    }
}

/// A game the driver can run: the engine traits plus a content fingerprint and readable logs.
pub trait Driven: NewGame {
    /// The fingerprint of the content, recorded in saves and checked on load.
    fn fingerprint(content: &Self::Content) -> String;

    /// One short readable line for an event as `viewer` may see it; `None` to leave it out.
    fn event_line(&self, event: &Self::Event, viewer: Viewer) -> Option<String> {
        let _ = viewer;
        Some(format!("{event:?}"))
    }

    /// How a seat is called in text ("captain 2").
    fn seat_name(seat: Seat) -> String {
        format!("seat {}", seat + 1)
    }

    /// [`Game::describe_action`] as `viewer` may see it (hide the name of a job accepted from
    /// cards drawn face down, …).
    fn public_description(&self, action: Self::Action, viewer: Viewer) -> String {
        let _ = viewer;
        self.describe_action(action)
    }
}

/// Stop quietly, like other Unix tools, when the reader of the output goes away
/// (`tabletop … | head`), instead of panicking in `println!`.
pub fn quiet_broken_pipe() {
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGPIPE: i32 = 13;
        const SIG_DFL: usize = 0;
        // SAFETY: restoring the default action of a signal has no preconditions.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
    }
}

// =============================================================================================
// Seeds and seats
// =============================================================================================

/// SplitMix64's finaliser: a good 64-bit mix.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The seed of game `index` of a simulation started with `base`. Play that seed with `play
/// --seed` (same seats and options) to watch the very same game.
pub fn game_seed(base: u64, index: u64) -> u64 {
    mix(base ^ mix(index))
}

/// The seed of the bot in `seat` for a game with seed `game_seed`.
pub fn bot_seed(game_seed: u64, seat: Seat) -> u64 {
    mix(game_seed ^ mix(0xb07 + seat as u64))
}

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Human,
    /// A bot, by name (`bot`, `random` …).
    Bot(String),
}

impl SeatKind {
    pub fn label(&self) -> &str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Bot(b) => b,
        }
    }
}

/// Parse `human,bot,random`: each entry is `human` (or `h`) or one of `bots`.
pub fn parse_seats(list: &str, bots: &[&str]) -> Result<Vec<SeatKind>> {
    let mut out = Vec::new();
    for (i, raw) in list.split(',').enumerate() {
        let s = raw.trim().to_lowercase();
        match s.as_str() {
            "human" | "h" => out.push(SeatKind::Human),
            _ if bots.contains(&s.as_str()) => out.push(SeatKind::Bot(s)),
            _ => bail!(
                "seat {} is {:?}: each seat is `human` or a bot ({})",
                i + 1,
                raw.trim(),
                bots.join(", ")
            ),
        }
    }
    if out.is_empty() {
        bail!("no seats given");
    }
    Ok(out)
}

/// Makes a bot: `(name, seat, seed)`.
pub type BotMaker<'a, G> = &'a (dyn Fn(&str, Seat, u64) -> Box<dyn Bot<G>> + Sync);

/// The game-agnostic bot makers: `random`.
pub fn generic_bot<G: Game + 'static>(name: &str, _seat: Seat, seed: u64) -> Box<dyn Bot<G>> {
    match name {
        "random" => Box::new(RandomBot::new(seed)),
        other => panic!("no bot called {other:?}"),
    }
}

fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".into()
    }
}

// =============================================================================================
// Matches, saves and replays
// =============================================================================================

/// A game in progress with its record: the record is the save.
pub struct Match<G: Driven> {
    pub game: G,
    pub record: Replay<G::Options, G::Action>,
}

impl<G: Driven> Match<G> {
    pub fn new(
        content: &'static G::Content,
        options: G::Options,
        seed: u64,
    ) -> Result<Self, G::SetupError> {
        let game = G::new_game(content, &options, seed)?;
        Ok(Match {
            game,
            record: Replay::new(G::NAME, G::fingerprint(content), options, seed),
        })
    }

    /// Re-create a game from its record, checking every action (see [`Stepper`]).
    pub fn from_replay(
        content: &'static G::Content,
        record: Replay<G::Options, G::Action>,
    ) -> Result<Self, ReplayError> {
        let mut st = Stepper::<G>::start(content, record)?;
        while !st.done() {
            st.step()?;
        }
        Ok(Match {
            game: st.game,
            record: st.replay,
        })
    }

    /// Load a save from its text.
    pub fn load_str(content: &'static G::Content, text: &str) -> Result<Self, ReplayError> {
        Self::from_replay(content, parse_replay::<G>(text)?)
    }

    /// Load a save file.
    pub fn load_file(content: &'static G::Content, path: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        Self::load_str(content, &text).map_err(|e| anyhow!("{} is refused: {e}", path.display()))
    }

    pub fn legal(&self) -> Vec<G::Action> {
        let mut v = Vec::new();
        self.game.legal_actions(&mut v);
        v
    }

    /// Apply an action, checked; a refused action leaves the game and the record untouched.
    pub fn apply(&mut self, action: G::Action) -> Result<Vec<G::Event>, IllegalAction> {
        let mut events = Vec::new();
        self.game.apply(action, &mut events)?;
        self.record.actions.push(action);
        Ok(events)
    }

    pub fn save_json(&self) -> String {
        self.record.to_json()
    }

    /// Write the save; the old file is replaced only once the new one is complete.
    pub fn save_file(&self, path: &Path) -> Result<()> {
        write_atomically(path, &self.save_json())
    }
}

/// Write a file via a temporary file and a rename, so that a failure never leaves half a file.
pub fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// Parse a save, reading each action on its own so that an unreadable one is reported with its
/// index like an illegal one.
pub fn parse_replay<G: Driven>(text: &str) -> Result<Replay<G::Options, G::Action>, ReplayError> {
    let value: Value = serde_json::from_str(text).map_err(|e| ReplayError::Parse(e.to_string()))?;
    replay_from_value::<G>(value)
}

pub fn replay_from_value<G: Driven>(
    mut value: Value,
) -> Result<Replay<G::Options, G::Action>, ReplayError> {
    let raw_actions = match value.get_mut("actions") {
        Some(Value::Array(a)) => std::mem::take(a),
        Some(_) => return Err(ReplayError::Parse("`actions` is not a list".into())),
        None => return Err(ReplayError::Parse("no `actions` list: not a save".into())),
    };
    if let Some(game) = value.get("game").and_then(Value::as_str) {
        if game != G::NAME {
            return Err(ReplayError::WrongGame {
                expected: G::NAME.into(),
                found: game.into(),
            });
        }
    }
    let mut actions = Vec::with_capacity(raw_actions.len());
    for (index, raw) in raw_actions.into_iter().enumerate() {
        match serde_json::from_value::<G::Action>(raw.clone()) {
            Ok(a) => actions.push(a),
            Err(e) => {
                return Err(ReplayError::Action {
                    index,
                    action: raw.to_string(),
                    source: IllegalAction::new(format!("it is not a {} action ({e})", G::NAME)),
                })
            }
        }
    }
    value["actions"] = Value::Array(Vec::new());
    let mut replay: Replay<G::Options, G::Action> =
        serde_json::from_value(value).map_err(|e| ReplayError::Parse(e.to_string()))?;
    replay.actions = actions;
    Ok(replay)
}

/// Walks through a record one checked action at a time.
pub struct Stepper<G: Driven> {
    pub game: G,
    pub replay: Replay<G::Options, G::Action>,
    pub next: usize,
}

impl<G: Driven> Stepper<G> {
    /// Check the record's game, format and content fingerprint, and set the game up.
    pub fn start(
        content: &'static G::Content,
        replay: Replay<G::Options, G::Action>,
    ) -> Result<Self, ReplayError> {
        let game = replay.play::<G>(content, &G::fingerprint(content), Some(0))?;
        Ok(Stepper {
            game,
            replay,
            next: 0,
        })
    }

    pub fn done(&self) -> bool {
        self.next >= self.replay.actions.len()
    }

    pub fn peek(&self) -> Option<G::Action> {
        self.replay.actions.get(self.next).copied()
    }

    /// Apply the next action, checked. An engine panic is reported like an illegal action.
    pub fn step(&mut self) -> Result<Vec<G::Event>, ReplayError> {
        let index = self.next;
        let a = self.replay.actions[index];
        let mut events = Vec::new();
        let game = &mut self.game;
        let r = catch_unwind(AssertUnwindSafe(|| game.apply(a, &mut events)));
        let err = |source| ReplayError::Action {
            index,
            action: format!("{a:?}"),
            source,
        };
        match r {
            Ok(Ok(())) => {
                self.next += 1;
                Ok(events)
            }
            Ok(Err(e)) => Err(err(e)),
            Err(p) => Err(err(IllegalAction::new(format!(
                "the engine failed on it: {}",
                panic_message(&*p)
            )))),
        }
    }
}

/// `Some(index)` of the bad action of a refused save.
pub fn replay_error_index(e: &ReplayError) -> Option<usize> {
    match e {
        ReplayError::Action { index, .. } => Some(*index),
        _ => None,
    }
}

// =============================================================================================
// Bot-only games and simulations
// =============================================================================================

/// Play bots against each other until the game ends. Returns the number of steps. Each action
/// is pushed to `record` before it is applied, so that a failure can be replayed.
pub fn play_out<G: NewGame>(
    game: &mut G,
    bots: &mut [Box<dyn Bot<G>>],
    max_steps: u64,
    record: &mut Vec<G::Action>,
) -> Result<u64, String> {
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut steps = 0u64;
    loop {
        let seat = match game.actor() {
            Actor::Over => return Ok(steps),
            Actor::Seat(s) => s,
        };
        if steps >= max_steps {
            return Err(format!("no end after {max_steps} steps"));
        }
        game.legal_actions(&mut legal);
        if legal.is_empty() {
            return Err(format!("seat {seat} is to act but has no legal action"));
        }
        let a = bots[seat as usize].choose(game, seat, &legal);
        if !legal.contains(&a) {
            return Err(format!(
                "bot {} chose {a:?}, which is not legal",
                bots[seat as usize].name()
            ));
        }
        record.push(a);
        events.clear();
        game.apply_unchecked(a, &mut events);
        steps += 1;
    }
}

/// One game of a simulation.
pub struct GameRun<R> {
    pub index: usize,
    pub seed: u64,
    pub steps: u64,
    /// The game's summary, or why it failed (set-up refused, engine panic, no end, bad bot).
    pub result: Result<R, String>,
    /// For a failed game, its save up to and including the action that failed (load it with
    /// `replay` or `play --load` to see the failure again).
    pub failure_save: Option<String>,
}

/// A simulation: `games` bot-only games, in parallel. Game `i` has seed
/// `game_seed(base_seed, i)` and options `options(i)`; `summarize` turns each final state
/// into whatever the game's summary needs. The results come back in game order.
pub struct Simulation<'a, G: NewGame> {
    pub content: &'static G::Content,
    pub games: usize,
    pub base_seed: u64,
    /// Bot name per seat.
    pub seats: Vec<String>,
    pub bots: BotMaker<'a, G>,
    pub max_steps: u64,
    pub progress: bool,
}

impl<G: Driven> Simulation<'_, G> {
    pub fn run<R: Send>(
        &self,
        options: &(dyn Fn(usize) -> G::Options + Sync),
        summarize: &(dyn Fn(&G) -> R + Sync),
    ) -> Vec<GameRun<R>> {
        let bar = if self.progress {
            let b = ProgressBar::new(self.games as u64);
            b.set_style(
                ProgressStyle::with_template(
                    "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} games ({per_sec}, eta {eta})",
                )
                .expect("a valid template"),
            );
            b
        } else {
            ProgressBar::hidden()
        };
        let runs = (0..self.games)
            .into_par_iter()
            .map(|index| {
                let seed = game_seed(self.base_seed, index as u64);
                let opts = options(index);
                let mut steps = 0;
                let mut record = Vec::new();
                let result = catch_unwind(AssertUnwindSafe(|| {
                    let mut g = G::new_game(self.content, &opts, seed)
                        .map_err(|e| format!("set-up refused: {e}"))?;
                    let mut bots: Vec<Box<dyn Bot<G>>> = (0..g.num_seats())
                        .map(|s| {
                            let name = &self.seats[s % self.seats.len()];
                            (self.bots)(name, s as Seat, bot_seed(seed, s as Seat))
                        })
                        .collect();
                    steps = play_out(&mut g, &mut bots, self.max_steps, &mut record)?;
                    Ok(summarize(&g))
                }))
                .unwrap_or_else(|p| Err(format!("engine panic: {}", panic_message(&*p))));
                let failure_save = (result.is_err() && !record.is_empty()).then(|| {
                    let mut r = Replay::new(G::NAME, G::fingerprint(self.content), opts, seed);
                    r.actions = record;
                    r.to_json()
                });
                bar.inc(1);
                GameRun {
                    index,
                    seed,
                    steps,
                    result,
                    failure_save,
                }
            })
            .collect();
        bar.finish_and_clear();
        runs
    }
}

/// The mean and the median of some numbers (0 for none).
pub fn mean_median(xs: &[f64]) -> (f64, f64) {
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    let mut v = xs.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    let median = if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    };
    (mean, median)
}

pub fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

// =============================================================================================
// Benchmarks
// =============================================================================================

/// Engine speed, single-threaded.
#[derive(Clone, Debug)]
pub struct BenchReport {
    pub steps: u64,
    pub step_secs: f64,
    pub playouts: u64,
    pub playout_steps: u64,
    pub playout_secs: f64,
    pub legal_ns: f64,
    pub clone_ns: f64,
    pub clone_samples: usize,
}

impl BenchReport {
    pub fn steps_per_sec(&self) -> f64 {
        self.steps as f64 / self.step_secs.max(1e-9)
    }
    pub fn playouts_per_sec(&self) -> f64 {
        self.playouts as f64 / self.playout_secs.max(1e-9)
    }
}

impl std::fmt::Display for BenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "random legal actions:  {:>12.0} steps/s   ({} steps in {:.2} s; legal_actions + apply)",
            self.steps_per_sec(),
            self.steps,
            self.step_secs
        )?;
        writeln!(
            f,
            "full random playouts:  {:>12.1} games/s   ({} games, {:.0} steps each on average, {:.2} s)",
            self.playouts_per_sec(),
            self.playouts,
            self.playout_steps as f64 / (self.playouts.max(1)) as f64,
            self.playout_secs
        )?;
        writeln!(f, "legal_actions:         {:>12.0} ns/call", self.legal_ns)?;
        write!(
            f,
            "state clone:           {:>12.0} ns/clone  (average over {} states from set-up to the end)",
            self.clone_ns, self.clone_samples
        )
    }
}

/// Measure the engine for about `seconds` in all, with uniformly random legal actions.
/// The options must make games end (a round limit), or playouts are cut at `max_steps`.
pub fn bench<G: NewGame>(
    content: &'static G::Content,
    options: &G::Options,
    seconds: f64,
    max_steps: u64,
) -> Result<BenchReport> {
    let part = Duration::from_secs_f64((seconds / 3.0).max(0.05));
    let new =
        |seed: u64| G::new_game(content, options, seed).map_err(|e| anyhow!("set-up refused: {e}"));
    let mut rng = Rng::new(1);
    let mut legal = Vec::new();
    let mut events = Vec::new();

    // 1. Steps with random legal actions (a new game whenever one ends).
    let mut seed = 0;
    let mut g = new(seed)?;
    let mut game_steps = 0u64;
    let (mut steps, mut legal_calls, mut legal_time) = (0u64, 0u64, Duration::ZERO);
    let start = Instant::now();
    while start.elapsed() < part {
        for _ in 0..256 {
            if g.actor() == Actor::Over || game_steps >= max_steps {
                seed += 1;
                g = new(seed)?;
                game_steps = 0;
            }
            let t = Instant::now();
            g.legal_actions(&mut legal);
            legal_time += t.elapsed();
            legal_calls += 1;
            if legal.is_empty() {
                bail!("seed {seed}: a seat is to act with no legal action");
            }
            let a = legal[rng.index(legal.len())];
            events.clear();
            g.apply_unchecked(a, &mut events);
            steps += 1;
            game_steps += 1;
        }
    }
    let step_secs = start.elapsed().as_secs_f64();

    // 2. Whole playouts.
    let (mut playouts, mut playout_steps) = (0u64, 0u64);
    let start = Instant::now();
    while start.elapsed() < part || playouts == 0 {
        seed += 1;
        let mut g = new(seed)?;
        let mut n = 0;
        while g.actor() != Actor::Over && n < max_steps {
            g.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            events.clear();
            g.apply_unchecked(a, &mut events);
            n += 1;
        }
        playouts += 1;
        playout_steps += n;
    }
    let playout_secs = start.elapsed().as_secs_f64();

    // 3. Clones of states sampled through one game.
    let mut samples = Vec::new();
    let mut g = new(seed + 1)?;
    let mut n = 0u64;
    while g.actor() != Actor::Over && n < max_steps {
        if n & 15 == 0 {
            samples.push(g.clone());
        }
        g.legal_actions(&mut legal);
        let a = legal[rng.index(legal.len())];
        events.clear();
        g.apply_unchecked(a, &mut events);
        n += 1;
    }
    samples.push(g);
    let (mut clones, start) = (0u64, Instant::now());
    while start.elapsed() < part {
        for s in &samples {
            std::hint::black_box(std::hint::black_box(s).clone());
        }
        clones += samples.len() as u64;
    }
    let clone_ns = start.elapsed().as_nanos() as f64 / clones.max(1) as f64;

    Ok(BenchReport {
        steps,
        step_secs,
        playouts,
        playout_steps,
        playout_secs,
        legal_ns: legal_time.as_nanos() as f64 / legal_calls.max(1) as f64,
        clone_ns,
        clone_samples: samples.len(),
    })
}

// =============================================================================================
// JSON mode
// =============================================================================================

/// The commands of JSON mode, for `{"cmd":"help"}`.
pub const JSON_HELP: &str = r#"One JSON object per line in, one per line out; every answer has "ok".
  {"cmd":"new","options":{...},"seed":7}   start a game (options default to the game's; fields given replace them)
  {"cmd":"legal"}                           the actor and its legal actions, with their text
  {"cmd":"apply","action":ACTION}           apply an action (or {"cmd":"apply","index":N} for legal action N)
  {"cmd":"view","seat":N}                   what seat N may see (default: the actor)
  {"cmd":"status"}                          actor, actions so far, outcome
  {"cmd":"save"}                            the save (a replay); add "path" to also write it to a file
  {"cmd":"load","replay":{...}}             load a save (or "path":FILE); checked action by action
  {"cmd":"quit"}"#;

/// A JSON-mode session: at most one game at a time.
pub struct JsonSession<G: Driven> {
    content: &'static G::Content,
    default_options: G::Options,
    game: Option<Match<G>>,
}

fn err(msg: impl std::fmt::Display) -> Value {
    json!({"ok": false, "error": msg.to_string()})
}

/// Lay `over`'s fields over `base` (objects only; anything else replaces).
fn overlay(base: &mut Value, over: Value) {
    match (base, over) {
        (Value::Object(b), Value::Object(o)) => {
            for (k, v) in o {
                b.insert(k, v);
            }
        }
        (b, o) => *b = o,
    }
}

impl<G: Driven> JsonSession<G> {
    pub fn new(content: &'static G::Content, default_options: G::Options) -> Self {
        JsonSession {
            content,
            default_options,
            game: None,
        }
    }

    /// Run until `quit` or the end of the input.
    pub fn run(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
        let mut line = String::new();
        loop {
            line.clear();
            if input.read_line(&mut line)? == 0 {
                return Ok(());
            }
            if line.trim().is_empty() {
                continue;
            }
            let (answer, quit) = match serde_json::from_str::<Value>(&line) {
                Ok(req) => {
                    let quit = req.get("cmd").and_then(Value::as_str) == Some("quit");
                    (self.handle(&req), quit)
                }
                Err(e) => (err(format!("not JSON: {e}")), false),
            };
            writeln!(out, "{answer}")?;
            out.flush()?;
            if quit {
                return Ok(());
            }
        }
    }

    fn status(m: &Match<G>) -> Value {
        let actor = match m.game.actor() {
            Actor::Seat(s) => json!(s),
            Actor::Over => Value::Null,
        };
        json!({
            "actor": actor,
            "over": m.game.actor() == Actor::Over,
            "outcome": m.game.outcome(),
            "actions_taken": m.record.actions.len(),
        })
    }

    fn with_status(m: &Match<G>, mut v: Value) -> Value {
        overlay(&mut v, Self::status(m));
        v
    }

    /// Answer one request.
    pub fn handle(&mut self, req: &Value) -> Value {
        let Some(cmd) = req.get("cmd").and_then(Value::as_str) else {
            return err("no \"cmd\": send {\"cmd\":\"help\"} for the commands");
        };
        match cmd {
            "help" => json!({"ok": true, "help": JSON_HELP}),
            "quit" => json!({"ok": true}),
            "new" => self.new_game(req),
            "load" => self.load(req),
            _ => {
                let Some(m) = self.game.as_mut() else {
                    return err(format!(
                        "no game yet: send {{\"cmd\":\"new\"}} or {{\"cmd\":\"load\",…}} before \"{cmd}\""
                    ));
                };
                Self::game_command(m, cmd, req)
            }
        }
    }

    fn new_game(&mut self, req: &Value) -> Value {
        let mut options = serde_json::to_value(&self.default_options).expect("options serialize");
        if let Some(o) = req.get("options") {
            overlay(&mut options, o.clone());
        }
        let options: G::Options = match serde_json::from_value(options) {
            Ok(o) => o,
            Err(e) => return err(format!("bad options: {e}")),
        };
        let seed = match req.get("seed") {
            None => 0,
            Some(s) => match s.as_u64() {
                Some(s) => s,
                None => return err("\"seed\" must be a non-negative integer"),
            },
        };
        match Match::<G>::new(self.content, options, seed) {
            Ok(m) => {
                let seat = match m.game.actor() {
                    Actor::Seat(s) => s,
                    Actor::Over => 0,
                };
                let v = json!({
                    "ok": true,
                    "game": G::NAME,
                    "seats": m.game.num_seats(),
                    "seed": seed,
                    "options": m.record.options,
                    "view": m.game.view(seat),
                });
                let v = Self::with_status(&m, v);
                self.game = Some(m);
                v
            }
            Err(e) => err(format!("the options were refused: {e}")),
        }
    }

    fn load(&mut self, req: &Value) -> Value {
        let replay = if let Some(r) = req.get("replay") {
            replay_from_value::<G>(r.clone())
        } else if let Some(p) = req.get("path").and_then(Value::as_str) {
            match std::fs::read_to_string(p) {
                Ok(text) => parse_replay::<G>(&text),
                Err(e) => return err(format!("cannot read {p}: {e}")),
            }
        } else {
            return err("load needs \"replay\" (a save) or \"path\" (a save file)");
        };
        match replay.and_then(|r| Match::<G>::from_replay(self.content, r)) {
            Ok(m) => {
                let v = Self::with_status(&m, json!({"ok": true}));
                self.game = Some(m);
                v
            }
            Err(e) => {
                let mut v = err(format!(
                    "the save is refused, the current game is kept: {e}"
                ));
                if let Some(i) = replay_error_index(&e) {
                    v["index"] = json!(i);
                }
                v
            }
        }
    }

    fn game_command(m: &mut Match<G>, cmd: &str, req: &Value) -> Value {
        match cmd {
            "status" => Self::with_status(m, json!({"ok": true})),
            "legal" => {
                let actions: Vec<Value> = m
                    .legal()
                    .into_iter()
                    .map(|a| json!({"action": a, "text": m.game.describe_action(a)}))
                    .collect();
                Self::with_status(m, json!({"ok": true, "actions": actions}))
            }
            "view" => {
                let seat = match req.get("seat") {
                    Some(s) => match s.as_u64() {
                        Some(s) if (s as usize) < m.game.num_seats() => s as Seat,
                        _ => {
                            return err(format!(
                                "\"seat\" must be 0..{} (seats are numbered from 0)",
                                m.game.num_seats() - 1
                            ))
                        }
                    },
                    None => match m.game.actor() {
                        Actor::Seat(s) => s,
                        Actor::Over => 0,
                    },
                };
                Self::with_status(
                    m,
                    json!({"ok": true, "seat": seat, "view": m.game.view(seat)}),
                )
            }
            "apply" => {
                let action = if let Some(a) = req.get("action") {
                    match serde_json::from_value::<G::Action>(a.clone()) {
                        Ok(a) => a,
                        Err(e) => return err(format!("{a} is not a {} action: {e}", G::NAME)),
                    }
                } else if let Some(i) = req.get("index").and_then(Value::as_u64) {
                    let legal = m.legal();
                    match legal.get(i as usize) {
                        Some(&a) => a,
                        None => {
                            return err(format!(
                                "there is no legal action {i}: there are {} (numbered from 0)",
                                legal.len()
                            ))
                        }
                    }
                } else {
                    return err("apply needs \"action\" (or \"index\" into the legal actions)");
                };
                let text = m.game.describe_action(action);
                match m.apply(action) {
                    Ok(events) => {
                        let lines: Vec<String> = events
                            .iter()
                            .filter_map(|e| m.game.event_line(e, Viewer::All))
                            .collect();
                        Self::with_status(
                            m,
                            json!({"ok": true, "action": action, "text": text, "events": events, "lines": lines}),
                        )
                    }
                    Err(e) => {
                        let v = json!({"ok": false, "error": e.reason, "game_unchanged": true});
                        Self::with_status(m, v)
                    }
                }
            }
            "save" => {
                let replay: Value = serde_json::from_str(&m.save_json()).expect("a save is JSON");
                if let Some(p) = req.get("path").and_then(Value::as_str) {
                    if let Err(e) = m.save_file(Path::new(p)) {
                        return err(format!("{e:#}"));
                    }
                }
                json!({"ok": true, "replay": replay})
            }
            other => err(format!(
                "unknown command \"{other}\": send {{\"cmd\":\"help\"}} for the commands"
            )),
        }
    }
}

// =============================================================================================
// Text interface
// =============================================================================================

/// The game-specific half of the text interface.
pub trait TextUi: Driven {
    /// Everything `seat` may see (shown at the start of a human's turn and by `view`).
    fn show(&self, seat: Seat) -> String;
    /// A few lines shown before each decision of `seat` (where they are, the card being
    /// resolved, the cards being considered …).
    fn header(&self, seat: Seat) -> String;
    /// `card ARG`: the text of the card behind legal action ARG (1-based), or of a card by name.
    fn card(&self, seat: Seat, arg: &str, legal: &[Self::Action]) -> Result<String, String>;
    /// Shown once the game is over.
    fn summary(&self) -> String;
}

const PLAY_HELP: &str = "\
  <number>     take that action
  (empty)      list the actions again
  view         everything you may see: ship, crew, jobs, the table
  card <n>     the card behind action <n>; `card` alone: the card being resolved;
               `card <name>` looks a card up by name
  save <file>  save the game (load it with --load <file>)
  auto         let a bot play this seat from now on
  quit         stop playing (the game is not saved)";

/// How a text game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayEnd {
    Over,
    Quit,
    InputEnded,
}

/// Format numbered choices. A run of at least six that share their first words ("Move to …")
/// is printed under one heading, in columns.
pub fn numbered(items: &[String]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < items.len() {
        // The word-boundary prefix of items[i] shared by the longest run of following items.
        let first = &items[i];
        let mut best: Option<(usize, usize)> = None; // (prefix length, run length)
        for (b, _) in first.match_indices(' ') {
            let p = &first[..=b];
            // Only up to a lower-case word ("Move to …", "Place your Firefly at …"), so that a
            // name ("Border Space 3") is never cut in two.
            let last_word = p.trim_end().rsplit(' ').next().unwrap_or("");
            if !last_word.starts_with(|c: char| c.is_lowercase()) {
                continue;
            }
            let run = items[i..]
                .iter()
                .take_while(|t| t.starts_with(p) && t.len() > p.len())
                .count();
            if run >= 6 && !matches!(best, Some((_, r)) if run < r) {
                best = Some((b + 1, run));
            }
        }
        match best {
            Some((plen, run)) => {
                out.push(format!("  {}…", first[..plen].trim_end()));
                let labels: Vec<String> = items[i..i + run]
                    .iter()
                    .enumerate()
                    .map(|(k, t)| format!("{:>3}) {}", i + k + 1, &t[plen..]))
                    .collect();
                out.extend(columns(&labels, 80));
                i += run;
            }
            None => {
                out.push(format!("{:>3}) {first}", i + 1));
                i += 1;
            }
        }
    }
    out.join("\n")
}

/// Lay labels out in as many columns as fit `width`, filled down each column.
fn columns(labels: &[String], width: usize) -> Vec<String> {
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) + 2;
    let cols = (width / longest.max(1)).clamp(1, 6);
    let rows = labels.len().div_ceil(cols);
    let mut out = Vec::new();
    for r in 0..rows {
        let mut line = String::new();
        for c in 0..cols {
            if let Some(l) = labels.get(c * rows + r) {
                let pad = longest - l.chars().count();
                line.push_str(l);
                line.push_str(&" ".repeat(pad));
            }
        }
        out.push(line.trim_end().to_string());
    }
    out
}

/// Play a game in the terminal: humans choose numbered actions, bots play their seats with a
/// line per action. Several human seats share the screen (hot-seat).
pub fn play_text<G: TextUi>(
    m: &mut Match<G>,
    seats: &mut [SeatKind],
    bots: BotMaker<G>,
    max_steps: u64,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<PlayEnd> {
    if seats.len() != m.game.num_seats() {
        bail!(
            "{} seats given for a game of {}",
            seats.len(),
            m.game.num_seats()
        );
    }
    let mut made: Vec<Option<Box<dyn Bot<G>>>> = (0..seats.len()).map(|_| None).collect();
    let mut last_human: Option<Seat> = None;
    let mut fresh_view = true;
    let mut steps = 0u64;
    let mut line = String::new();
    loop {
        let humans: Vec<Seat> = (0..seats.len())
            .filter(|&s| seats[s] == SeatKind::Human)
            .map(|s| s as Seat)
            .collect();
        let bot_viewer = match humans.as_slice() {
            [] => Viewer::All,
            [h] => Viewer::Seat(*h),
            _ => Viewer::Public,
        };
        let seat = match m.game.actor() {
            Actor::Over => {
                let o = m.game.outcome().unwrap_or(Outcome {
                    winners: vec![],
                    reason: "over".into(),
                });
                writeln!(out, "\n=== Game over: {} ===", o.reason)?;
                if o.winners.is_empty() {
                    writeln!(out, "Nobody wins.")?;
                } else {
                    let w: Vec<String> = o.winners.iter().map(|&s| G::seat_name(s)).collect();
                    writeln!(out, "Winner: {}", w.join(", "))?;
                }
                writeln!(out, "{}", m.game.summary())?;
                return Ok(PlayEnd::Over);
            }
            Actor::Seat(s) => s,
        };
        steps += 1;
        if steps > max_steps {
            bail!("no end after {max_steps} steps: stopping (an engine or bot problem)");
        }
        let legal = m.legal();
        if legal.is_empty() {
            bail!("{} is to act but has no legal action", G::seat_name(seat));
        }
        if let SeatKind::Bot(name) = &seats[seat as usize] {
            let bot = made[seat as usize]
                .get_or_insert_with(|| bots(name, seat, bot_seed(m.record.seed, seat)));
            let a = bot.choose(&m.game, seat, &legal);
            let text = m.game.public_description(a, bot_viewer);
            writeln!(out, "  {} ({}): {text}", G::seat_name(seat), bot.name())?;
            let events = m
                .apply(a)
                .map_err(|e| anyhow!("bot {name} chose an illegal action: {e}"))?;
            for e in &events {
                if let Some(l) = m.game.event_line(e, bot_viewer) {
                    writeln!(out, "      {l}")?;
                }
            }
            fresh_view = true;
            continue;
        }

        // A human decision.
        if humans.len() > 1 && last_human != Some(seat) {
            writeln!(
                out,
                "\n======== Pass to {} — press Enter when only they can see the screen ========",
                G::seat_name(seat)
            )?;
            out.flush()?;
            line.clear();
            if input.read_line(&mut line)? == 0 {
                writeln!(out, "(input ended: stopping; the game is not saved)")?;
                return Ok(PlayEnd::InputEnded);
            }
            fresh_view = true;
        }
        if last_human != Some(seat) {
            fresh_view = true;
        }
        last_human = Some(seat);
        if fresh_view {
            writeln!(out, "\n{}", m.game.show(seat))?;
            fresh_view = false;
        }
        let texts: Vec<String> = legal.iter().map(|&a| m.game.describe_action(a)).collect();
        writeln!(out, "\n{}", m.game.header(seat))?;
        writeln!(out, "{}", numbered(&texts))?;
        loop {
            write!(out, "{} > ", G::seat_name(seat))?;
            out.flush()?;
            line.clear();
            if input.read_line(&mut line)? == 0 {
                writeln!(out, "\n(input ended: stopping; the game is not saved)")?;
                return Ok(PlayEnd::InputEnded);
            }
            let cmd = line.trim();
            let (word, rest) = match cmd.split_once(char::is_whitespace) {
                Some((w, r)) => (w, r.trim()),
                None => (cmd, ""),
            };
            match word.to_lowercase().as_str() {
                "" => {
                    writeln!(out, "{}", numbered(&texts))?;
                }
                "help" | "?" | "h" => writeln!(out, "{PLAY_HELP}")?,
                "view" | "v" => writeln!(out, "{}", m.game.show(seat))?,
                "card" | "c" => match m.game.card(seat, rest, &legal) {
                    Ok(t) => writeln!(out, "{t}")?,
                    Err(e) => writeln!(out, "{e}")?,
                },
                "save" => {
                    if rest.is_empty() {
                        writeln!(out, "Save where? Type `save FILE`.")?;
                    } else {
                        match m.save_file(Path::new(rest)) {
                            Ok(()) => writeln!(
                                out,
                                "Saved ({} actions) to {rest}; continue with `--load {rest}`.",
                                m.record.actions.len()
                            )?,
                            Err(e) => writeln!(out, "Not saved: {e:#}")?,
                        }
                    }
                }
                "auto" => {
                    seats[seat as usize] = SeatKind::Bot("bot".into());
                    writeln!(out, "A bot plays {} from now on.", G::seat_name(seat))?;
                    break;
                }
                "quit" | "exit" | "q" => {
                    writeln!(out, "Stopped. (Use `save FILE` first to keep a game.)")?;
                    return Ok(PlayEnd::Quit);
                }
                _ => match cmd.parse::<i64>() {
                    Ok(n) if n >= 1 && (n as usize) <= legal.len() => {
                        let a = legal[n as usize - 1];
                        match m.apply(a) {
                            Ok(events) => {
                                writeln!(out, "  {}: {}", G::seat_name(seat), texts[n as usize - 1])?;
                                for e in &events {
                                    if let Some(l) = m.game.event_line(e, Viewer::Seat(seat)) {
                                        writeln!(out, "      {l}")?;
                                    }
                                }
                            }
                            Err(e) => writeln!(out, "Refused: {}", e.reason)?,
                        }
                        break;
                    }
                    Ok(n) => writeln!(
                        out,
                        "There is no action {n} here: choose a number from 1 to {} (or type `help`).",
                        legal.len()
                    )?,
                    Err(_) => writeln!(
                        out,
                        "{cmd:?} is neither an action number nor a command: type a number from 1 to {}, or `help`.",
                        legal.len()
                    )?,
                },
            }
        }
    }
}

/// Step through a save in the terminal; with `step`, wait for Enter after each action.
pub fn replay_text<G: TextUi>(
    content: &'static G::Content,
    replay: Replay<G::Options, G::Action>,
    step: bool,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let total = replay.actions.len();
    writeln!(
        out,
        "Replay of {} (seed {}, {total} actions), options: {}",
        replay.game,
        replay.seed,
        serde_json::to_string(&replay.options)?
    )?;
    let mut st = Stepper::<G>::start(content, replay).map_err(|e| anyhow!("refused: {e}"))?;
    let mut stepping = step;
    if stepping {
        writeln!(
            out,
            "Enter: next action · view N: what captain N sees · run: play to the end · quit"
        )?;
    }
    let mut line = String::new();
    while let Some(a) = st.peek() {
        let i = st.next;
        let who = match st.game.actor() {
            Actor::Seat(s) => G::seat_name(s),
            Actor::Over => "nobody".into(),
        };
        let text = st.game.describe_action(a);
        let events = st.step().map_err(|e| anyhow!("the save is refused: {e}"))?;
        writeln!(out, "#{i:<5} {who}: {text}")?;
        for e in &events {
            if let Some(l) = st.game.event_line(e, Viewer::All) {
                writeln!(out, "       {l}")?;
            }
        }
        while stepping {
            write!(out, "[{}/{total}] > ", i + 1)?;
            out.flush()?;
            line.clear();
            if input.read_line(&mut line)? == 0 {
                stepping = false;
                break;
            }
            let cmd = line.trim();
            match cmd.split_whitespace().collect::<Vec<_>>().as_slice() {
                [] | ["n"] | ["next"] => break,
                ["run"] => stepping = false,
                ["quit"] | ["q"] => return Ok(()),
                ["view", n] => match n.parse::<usize>() {
                    Ok(n) if n >= 1 && n <= st.game.num_seats() => {
                        writeln!(out, "{}", st.game.show((n - 1) as Seat))?
                    }
                    _ => writeln!(out, "view 1..{}", st.game.num_seats())?,
                },
                _ => writeln!(out, "Enter, view N, run or quit")?,
            }
        }
    }
    match st.game.outcome() {
        Some(o) => {
            writeln!(out, "\n=== Game over: {} ===", o.reason)?;
            let w: Vec<String> = o.winners.iter().map(|&s| G::seat_name(s)).collect();
            writeln!(
                out,
                "{}",
                if w.is_empty() {
                    "Nobody wins.".to_string()
                } else {
                    format!("Winner: {}", w.join(", "))
                }
            )?;
        }
        None => writeln!(
            out,
            "\nThe save ends before the game does (it can be continued with `play --load`)."
        )?,
    }
    writeln!(out, "{}", st.game.summary())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_firefly::content::Content;
    use tabletop_firefly::{Firefly, Options};

    #[test]
    fn long_runs_of_choices_share_one_heading() {
        let mut items: Vec<String> = (0..8).map(|i| format!("Move to Sector {i}")).collect();
        items.push("Done".into());
        let t = numbered(&items);
        assert!(t.starts_with("  Move to…\n"), "{t}");
        assert!(t.contains("  1) Sector 0"), "{t}");
        assert!(t.contains("  9) Done"), "{t}");
        let short = numbered(&["Buy".to_string(), "Deal".to_string()]);
        assert_eq!(short, "  1) Buy\n  2) Deal");
    }

    #[test]
    fn seats_are_humans_or_known_bots() {
        let s = parse_seats("human, Bot,random", &["bot", "random"]).unwrap();
        assert_eq!(
            s,
            vec![
                SeatKind::Human,
                SeatKind::Bot("bot".into()),
                SeatKind::Bot("random".into())
            ]
        );
        let e = parse_seats("human,robot", &["bot"])
            .unwrap_err()
            .to_string();
        assert!(e.contains("seat 2 is \"robot\""), "{e}");
    }

    #[test]
    fn mean_and_median() {
        assert_eq!(mean_median(&[3.0, 1.0, 2.0]), (2.0, 2.0));
        assert_eq!(mean_median(&[4.0, 1.0, 2.0, 3.0]), (2.5, 2.5));
        assert_eq!(mean_median(&[]), (0.0, 0.0));
    }

    fn firefly_sim(bots: BotMaker<'_, Firefly>, games: usize) -> Vec<GameRun<(u16, Vec<u32>)>> {
        let sim = Simulation::<Firefly> {
            content: Content::builtin(),
            games,
            base_seed: 42,
            seats: vec!["random".into(), "random".into()],
            bots,
            max_steps: 100_000,
            progress: false,
        };
        let mut o = Options::new(2, "The King of All Londinium");
        o.max_rounds = Some(8);
        sim.run(&|_| o.clone(), &|g: &Firefly| {
            (g.round, g.players.iter().map(|p| p.money).collect())
        })
    }

    #[test]
    fn simulations_are_deterministic() {
        let a = firefly_sim(&generic_bot::<Firefly>, 6);
        let b = firefly_sim(&generic_bot::<Firefly>, 6);
        assert_eq!(a.len(), 6);
        for (x, y) in a.iter().zip(&b) {
            assert_eq!((x.index, x.seed, x.steps), (y.index, y.seed, y.steps));
            assert_eq!(x.result.as_ref().unwrap(), y.result.as_ref().unwrap());
            assert!(x.failure_save.is_none());
        }
        assert_ne!(a[0].seed, a[1].seed);
    }

    /// A bot that plays randomly, then panics: its game fails and its save shows where.
    struct Breaker(RandomBot, u32);
    impl Bot<Firefly> for Breaker {
        fn name(&self) -> &str {
            "breaker"
        }
        fn choose(
            &mut self,
            g: &Firefly,
            seat: Seat,
            legal: &[tabletop_firefly::Action],
        ) -> tabletop_firefly::Action {
            self.1 += 1;
            assert!(self.1 < 5, "the bot broke");
            self.0.choose(g, seat, legal)
        }
    }

    #[test]
    fn a_failed_game_is_reported_with_its_save() {
        let runs = firefly_sim(
            &|_: &str, _: Seat, seed: u64| -> Box<dyn Bot<Firefly>> {
                Box::new(Breaker(RandomBot::new(seed), 0))
            },
            2,
        );
        for r in &runs {
            let e = r.result.as_ref().unwrap_err();
            assert!(e.contains("the bot broke"), "{e}");
            let save = r.failure_save.as_ref().expect("a save of the failed game");
            let m = Match::<Firefly>::load_str(Content::builtin(), save).unwrap();
            assert!(!m.record.actions.is_empty());
            assert_eq!(m.record.seed, r.seed);
        }
    }
}
