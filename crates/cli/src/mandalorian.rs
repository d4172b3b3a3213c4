//! `tabletop mandalorian …`: play, simulate, replay, bench, json, validate, campaign, scenario.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};
use tabletop_core::{Game, Seat};
use tabletop_mandalorian::campaign::Campaign;
use tabletop_mandalorian::content::{render, Content};
use tabletop_mandalorian::scenario::Scenario;
use tabletop_mandalorian::state::{Child, TLoc, Task};
use tabletop_mandalorian::{Action, Difficulty, Mandalorian, Mode, Options};

use tabletop_driver::input::{read_text_file, MAX_SAVE_FILE, MAX_SCENARIO_FILE};
use tabletop_driver::mandalorian::*;
use tabletop_driver::{self as driver, Match, SeatKind, Simulation};

use crate::text::{self, Once, TextUi};

/// Star Wars: The Mandalorian Adventures (original content).
#[derive(Args, Debug)]
pub struct MandalorianArgs {
    /// Load the content from this directory (the TOML files of crates/mandalorian/content; a
    /// missing file falls back to the built-in one).
    #[arg(long, global = true, value_name = "DIR")]
    content: Option<PathBuf>,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Play in the terminal: humans type the number of an action; bots can play any seat.
    Play(PlayArgs),
    /// Bot-only games in parallel: the win rate per mission and difficulty.
    Simulate(SimArgs),
    /// Show a saved game action by action (a save is a replay file).
    Replay(ReplayArgs),
    /// Measure the engine (steps/s, playouts/s) and the search bot (iterations/s).
    Bench(BenchArgs),
    /// A team of one bot level against a team of another on the same games, every mission and
    /// difficulty: win rates with 95 % confidence intervals.
    Arena(ArenaArgs),
    /// Line-based JSON on stdin/stdout (send {"cmd":"help"}).
    Json,
    /// Load and check the content; print counts, or the file/entry/field of the problem.
    Validate,
    /// The guide-deck campaign, saved in a JSON file between games.
    Campaign(CampaignArgs),
    /// Check a scenario file (a hand-written state) and show it.
    Scenario(ScenarioArgs),
    /// List the missions.
    Missions,
    /// The content catalog: every id a view or an action can hold → name, kind and text, and
    /// each mission's map grid (`--json` for clients).
    Content(crate::content::ContentArgs),
}

#[derive(Args, Debug, Clone)]
struct TableArgs {
    /// Mission number.
    #[arg(long, default_value_t = 1)]
    mission: u8,
    /// recruit, standard or veteran.
    #[arg(long, default_value = "recruit")]
    difficulty: String,
    /// standard, sandbox or shared (default: shared for one seat, standard otherwise).
    #[arg(long)]
    mode: Option<String>,
    /// Character ids (one per seat, or the 2 shared ones), comma-separated.
    #[arg(long)]
    characters: Option<String>,
}

#[derive(Args, Debug)]
struct PlayArgs {
    #[command(flatten)]
    table: TableArgs,
    /// Who plays each seat: `human`, a bot level (`easy`, `normal`, `hard`; `bot` is `normal`)
    /// or `random`. One seat = solo with 2 characters. Default: `human` (with --load: the
    /// seats the save records).
    #[arg(long)]
    seats: Option<String>,
    /// The seed (default: from the clock; it is printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Continue a saved game (a replay file written by `save <file>` at the prompt).
    #[arg(long, value_name = "FILE", conflicts_with = "scenario")]
    load: Option<PathBuf>,
    /// Start from a scenario file instead of a normal set-up (such a game cannot be saved).
    #[arg(long, value_name = "FILE")]
    scenario: Option<PathBuf>,
    /// Campaign file: play the mission its guide deck names, then record the result.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["load", "scenario"])]
    campaign: Option<PathBuf>,
    /// Where the game is saved when play stops before the end (quit, end of input, an error).
    #[arg(long, value_name = "FILE", default_value = AUTOSAVE)]
    autosave: PathBuf,
    #[arg(long, default_value_t = 1_000_000, hide = true)]
    max_steps: u64,
}

/// The autosave file, in the current directory.
const AUTOSAVE: &str = "tabletop-mandalorian-autosave.json";

#[derive(Args, Debug)]
struct SimArgs {
    /// Games per mission and difficulty.
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Mission number, or `all`.
    #[arg(long, default_value = "all")]
    mission: String,
    /// recruit, standard, veteran, or `all`.
    #[arg(long, default_value = "all")]
    difficulty: String,
    /// Bots per seat (`easy`, `normal` or `bot`, `hard`, `random`); one seat = solo (shared
    /// mode, 2 characters).
    #[arg(long, default_value = "normal")]
    seats: String,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[arg(long, default_value_t = 100_000)]
    max_steps: u64,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Write the save of every failed game into this directory.
    #[arg(long, value_name = "DIR")]
    save_failures: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct ReplayArgs {
    file: PathBuf,
    /// Wait for Enter after each action.
    #[arg(long)]
    step: bool,
}

#[derive(Args, Debug)]
struct BenchArgs {
    #[arg(long, default_value_t = 6.0)]
    seconds: f64,
    #[arg(long, default_value_t = 1)]
    mission: u8,
}

#[derive(Args, Debug)]
struct ArenaArgs {
    /// The two teams' bot levels (`easy`, `normal`, `hard`, `random`): each plays the same games
    /// (same seeds) with every seat at that level.
    #[arg(long, default_value = "hard,normal")]
    teams: String,
    /// Seats per team (1 = solo, 2 shared characters).
    #[arg(long, default_value_t = 1)]
    players: u8,
    /// Games per mission and difficulty, for each team.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Mission number, or `all`.
    #[arg(long, default_value = "all")]
    mission: String,
    /// recruit, standard, veteran, or `all`.
    #[arg(long, default_value = "all")]
    difficulty: String,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    hard: crate::hard_args::HardArgs,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args, Debug)]
struct CampaignArgs {
    /// The campaign file (created by `new`).
    #[arg(long, default_value = "mandalorian-campaign.json")]
    file: PathBuf,
    #[command(subcommand)]
    cmd: CampaignCmd,
}

#[derive(Subcommand, Debug)]
enum CampaignCmd {
    /// Start a campaign: resolve the guide deck up to the first STOP.
    New,
    /// Where the campaign stands.
    Status,
    /// Record a game's result by hand and read the guide deck on.
    Record {
        /// `won` or `lost`.
        result: String,
    },
}

#[derive(Args, Debug)]
struct ScenarioArgs {
    file: PathBuf,
}

pub fn run(args: MandalorianArgs) -> Result<()> {
    if let Cmd::Validate = args.cmd {
        return validate(args.content.as_deref());
    }
    let content = load_content(args.content.as_deref())?;
    match args.cmd {
        Cmd::Play(a) => play(content, a),
        Cmd::Simulate(a) => simulate(content, a),
        Cmd::Replay(a) => {
            let text = read_text_file(&a.file, MAX_SAVE_FILE, "save")?;
            let r = driver::parse_replay::<Mandalorian>(&text)
                .map_err(|e| anyhow!("{} is refused: {e}", a.file.display()))?;
            text::replay_text::<Mandalorian>(
                content,
                r,
                a.step,
                &mut std::io::stdin().lock(),
                &mut std::io::stdout().lock(),
            )
        }
        Cmd::Bench(a) => {
            let o = Options::solo(a.mission, Difficulty::Recruit);
            println!(
                "Mandalorian engine, mission {}, solo, random playouts, {:.1} s, one thread:",
                a.mission, a.seconds
            );
            let r = driver::bench::bench::<Mandalorian>(content, &o, a.seconds, 100_000)?;
            println!("{r}");
            let s =
                driver::bench::search_bench::<Mandalorian>(content, &o, a.seconds / 2.0, 100_000)?;
            println!("{s}");
            Ok(())
        }
        Cmd::Arena(a) => arena(content, a),
        Cmd::Json => {
            let mut s = driver::JsonSession::<Mandalorian>::new(
                content,
                Options::solo(1, Difficulty::Recruit),
            )
            .with_bots(make_bot);
            s.run(&mut std::io::stdin().lock(), &mut std::io::stdout().lock())
        }
        Cmd::Campaign(a) => campaign(content, a),
        Cmd::Scenario(a) => {
            let text = read_text_file(&a.file, MAX_SCENARIO_FILE, "scenario")?;
            let g = Scenario::parse(&text)
                .and_then(|s| s.build(content))
                .map_err(|e| anyhow!("{}: {e}", a.file.display()))?;
            println!("{} is a valid scenario.\n", a.file.display());
            println!("{}", g.show(g.active_seat()));
            Ok(())
        }
        Cmd::Missions => {
            for m in &content.missions {
                println!(
                    "{} — {}\n  {}\n  {}\n  {}",
                    m.number,
                    m.name,
                    m.briefing,
                    render::objective(m),
                    render::failures(m)
                );
            }
            Ok(())
        }
        Cmd::Content(a) => {
            crate::content::print(&tabletop_mandalorian::catalog::Catalog::of(content), &a)
        }
        Cmd::Validate => unreachable!(),
    }
}

fn validate(dir: Option<&Path>) -> Result<()> {
    let c = match dir {
        None => tabletop_mandalorian::embedded(),
        Some(d) => Content::load_dir(d).map_err(|e| anyhow!("{e}"))?.leak(),
    };
    println!(
        "content {}: {} characters, {} ability cards, {} event cards, {} planning cards, {} disturbance tokens, {} missions, {} guide cards, {} envelopes — OK",
        c.fingerprint,
        c.characters.len(),
        c.cards.len(),
        c.events.len(),
        c.planning.len(),
        c.disturbance.len(),
        c.missions.len(),
        c.guide.len(),
        c.envelopes.len()
    );
    Ok(())
}

fn parse_difficulty(s: &str) -> Result<Difficulty> {
    Difficulty::parse(s).ok_or_else(|| anyhow!("difficulty {s:?}: recruit, standard or veteran"))
}

fn options(t: &TableArgs, seats: u8) -> Result<Options> {
    let mode = match t.mode.as_deref() {
        None if seats == 1 => Mode::Shared,
        None => Mode::Standard,
        Some("standard") => Mode::Standard,
        Some("sandbox") => Mode::Sandbox,
        Some("shared") | Some("solo") => Mode::Shared,
        Some(m) => bail!("mode {m:?}: standard, sandbox or shared"),
    };
    let mut o = Options::new(t.mission, parse_difficulty(&t.difficulty)?, mode, seats);
    if let Some(c) = &t.characters {
        o.characters = c.split(',').map(|s| s.trim().to_string()).collect();
    }
    Ok(o)
}

fn play(content: &'static Content, a: PlayArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    let mut camp = None;
    let mut m = if let Some(path) = &a.load {
        let m = Match::<Mandalorian>::load_file(content, path)?;
        writeln!(
            out,
            "Loaded {} ({} actions so far).",
            path.display(),
            m.record.actions.len()
        )?;
        m
    } else {
        let seed = a.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
                % 1_000_000
        });
        let n = a.seats.as_deref().unwrap_or("human").split(',').count() as u8;
        if let Some(path) = &a.scenario {
            let text = read_text_file(path, MAX_SCENARIO_FILE, "scenario")?;
            let s = Scenario::parse(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
            // The scenario travels in the options, so the game saves and replays like any other.
            let mut o = s.options();
            o.scenario = Some(text);
            let m = Match::<Mandalorian>::new(content, o, s.seed)
                .map_err(|e| anyhow!("{}: {e}", path.display()))?;
            writeln!(out, "Scenario {}.", path.display())?;
            m
        } else {
            let mut o = options(&a.table, n)?;
            if let Some(cf) = &a.campaign {
                let c = load_campaign(content, cf)?;
                let co = c
                    .options(content, o.difficulty, o.mode, o.seats)
                    .ok_or_else(|| {
                        anyhow!("the campaign is over or has no mission: see `campaign status`")
                    })?;
                o.mission = co.mission;
                o.locked = co.locked;
                camp = Some((cf.clone(), c));
            }
            let m = Match::<Mandalorian>::new(content, o, seed).map_err(|e| anyhow!("{e}"))?;
            let mi = m.game.mission();
            writeln!(
                out,
                "Mission {} — {} (seed {seed}). {}\n{}\nObjective: {}\n{}\nType `help` at a prompt for commands.",
                mi.number,
                mi.name,
                mi.intro,
                mi.briefing,
                render::objective(mi),
                render::failures(mi)
            )?;
            m
        }
    };
    let n = m.game.num_seats();
    // With --load and no --seats: the seats the save records.
    let mut seats = match (&a.seats, m.saved_seats(BOTS)) {
        (Some(s), _) => driver::parse_seats(s, BOTS)?,
        (None, Some(saved)) => saved,
        (None, None) => driver::parse_seats("human", BOTS)?,
    };
    if seats.len() != n {
        bail!("--seats names {} seats but the game has {n}", seats.len());
    }
    text::play_text(
        &mut m,
        &mut seats,
        &make_bot,
        a.max_steps,
        Some(&a.autosave),
        &mut std::io::stdin().lock(),
        &mut out,
    )?;
    if let (Some((path, mut c)), Some(o)) = (camp, m.game.outcome()) {
        let won = !o.winners.is_empty();
        c.record(m.game.mission().number, won);
        for line in c.resolve(content) {
            writeln!(out, "{line}")?;
        }
        driver::write_atomically(&path, &c.to_json())?;
        writeln!(out, "Campaign saved to {}.", path.display())?;
    }
    Ok(())
}

fn load_campaign(content: &Content, path: &Path) -> Result<Campaign> {
    let text = read_text_file(path, MAX_SCENARIO_FILE, "campaign")
        .context("start a campaign with `campaign new`")?;
    Campaign::from_json(&text, content).map_err(|e| anyhow!("{}: {e}", path.display()))
}

fn campaign(content: &'static Content, a: CampaignArgs) -> Result<()> {
    match a.cmd {
        CampaignCmd::New => {
            let mut c = Campaign::new(content);
            for line in c.resolve(content) {
                println!("{line}");
            }
            driver::write_atomically(&a.file, &c.to_json())?;
            println!(
                "Campaign saved to {}. Play with `play --campaign {}`.",
                a.file.display(),
                a.file.display()
            );
        }
        CampaignCmd::Status => {
            let c = load_campaign(content, &a.file)?;
            println!(
                "Next guide card: {} of {}; next mission: {}; results: {:?}; unlocked: {:?}; envelopes opened: {:?}{}",
                c.next_card + 1,
                content.guide.len(),
                c.mission.map_or("none".into(), |m| m.to_string()),
                c.history,
                c.unlocked,
                c.envelopes_opened,
                if c.finished { "; the campaign is over" } else { "" }
            );
        }
        CampaignCmd::Record { result } => {
            let mut c = load_campaign(content, &a.file)?;
            let won = match result.as_str() {
                "won" | "win" => true,
                "lost" | "loss" => false,
                _ => bail!("result {result:?}: won or lost"),
            };
            let m = c.mission.ok_or_else(|| anyhow!("no mission to record"))?;
            c.record(m, won);
            for line in c.resolve(content) {
                println!("{line}");
            }
            driver::write_atomically(&a.file, &c.to_json())?;
        }
    }
    Ok(())
}

struct SimResult {
    won: bool,
    turns: u16,
    reason: String,
}

/// Write the save of every failed game of `runs` into `dir` (`{prefix}-game{i}-seed{s}.json`).
fn save_failures<R>(dir: &Path, prefix: &str, runs: &[driver::GameRun<R>]) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut written = 0;
    for r in runs {
        if let Some(save) = &r.failure_save {
            let path = dir.join(format!("{prefix}-game{}-seed{}.json", r.index, r.seed));
            driver::write_atomically(&path, save)?;
            written += 1;
        }
    }
    if written > 0 {
        eprintln!(
            "wrote the saves of {written} failed games to {}",
            dir.display()
        );
    }
    Ok(())
}

fn arena(content: &'static Content, a: ArenaArgs) -> Result<()> {
    let teams = driver::parse_seats(&a.teams, BOTS)?;
    let [SeatKind::Bot(ta), SeatKind::Bot(tb)] = teams.as_slice() else {
        bail!("--teams takes two bot levels, such as hard,normal");
    };
    if a.players == 0 {
        bail!("--players: at least 1");
    }
    let missions: Vec<u8> = if a.mission == "all" {
        content.missions.iter().map(|m| m.number).collect()
    } else {
        vec![a.mission.parse().context("--mission: a number or all")?]
    };
    let diffs: Vec<Difficulty> = if a.difficulty == "all" {
        Difficulty::ALL.to_vec()
    } else {
        vec![parse_difficulty(&a.difficulty)?]
    };
    let hard = a.hard.config::<Mandalorian>();
    let maker = move |name: &str, seat: Seat, seed: u64| make_bot_with(name, seat, seed, &hard);
    println!(
        "Mandalorian arena: a team of {ta} against a team of {tb}, {} seat{} each, the same {} games \
         (seeds) per mission and difficulty; {}",
        a.players,
        if a.players == 1 { " (solo, 2 shared characters)" } else { "s" },
        a.games,
        driver::arena::describe_hard(&hard),
    );
    println!(
        "{:<26} {:<9} {:>24} {:>24} {:>26}  {:>8} {:>8}",
        "mission",
        "difficulty",
        format!("{ta} wins [95 % CI]"),
        format!("{tb} wins [95 % CI]"),
        "difference [95 % CI]",
        format!("{ta} ms"),
        format!("{tb} ms"),
    );
    for &mn in &missions {
        let name = content
            .missions
            .iter()
            .find(|m| m.number == mn)
            .map_or("?", |m| m.name.as_str());
        for &d in &diffs {
            let t = TableArgs {
                mission: mn,
                difficulty: format!("{d:?}").to_lowercase(),
                mode: None,
                characters: None,
            };
            let o = options(&t, a.players)?;
            let run = |level: &str| {
                driver::arena::Arena::<Mandalorian> {
                    content,
                    options: o.clone(),
                    entries: vec![level.to_string(); a.players as usize],
                    games: a.games,
                    base_seed: a.seed ^ (mn as u64) << 32 ^ (d as u64) << 40,
                    bots: &maker,
                    max_steps: 100_000,
                    progress: !a.quiet,
                }
                .run()
            };
            let (ra, rb) = (run(ta), run(tb));
            let rate = |r: &driver::arena::ArenaResult| {
                let won = r.won.iter().filter(|w| **w == Some(true)).count();
                driver::arena::rate_ci(won as f64, r.games)
            };
            let (m, lo, hi) = driver::arena::paired_difference(&ra.won, &rb.won);
            let ms = |r: &driver::arena::ArenaResult| {
                let mut t = driver::arena::Thinking::default();
                r.thinking.iter().for_each(|x| t.merge(x));
                t.mean().as_secs_f64() * 1e3
            };
            println!(
                "{:<26} {:<9} {:>24} {:>24} {:>26}  {:>8.2} {:>8.2}",
                format!("{mn} {name}"),
                t.difficulty,
                rate(&ra),
                rate(&rb),
                format!(
                    "{:+5.1} [{:+5.1}, {:+5.1}]",
                    100.0 * m,
                    100.0 * lo,
                    100.0 * hi
                ),
                ms(&ra),
                ms(&rb),
            );
            for (seed, why) in ra.failed.iter().chain(&rb.failed).take(3) {
                println!("  FAILED (seed {seed}): {why}");
            }
        }
    }
    Ok(())
}

fn simulate(content: &'static Content, a: SimArgs) -> Result<()> {
    let seats = driver::parse_seats(&a.seats, BOTS)?;
    if seats.contains(&SeatKind::Human) {
        bail!("simulations are for bots only");
    }
    let names: Vec<String> = seats.iter().map(|s| s.label().to_string()).collect();
    let missions: Vec<u8> = if a.mission == "all" {
        content.missions.iter().map(|m| m.number).collect()
    } else {
        vec![a.mission.parse().context("--mission: a number or all")?]
    };
    let diffs: Vec<Difficulty> = if a.difficulty == "all" {
        Difficulty::ALL.to_vec()
    } else {
        vec![parse_difficulty(&a.difficulty)?]
    };
    let n = seats.len() as u8;
    println!(
        "{} games per mission and difficulty, seats: {} ({}).",
        a.games,
        a.seats,
        if n == 1 {
            "solo, 2 shared characters"
        } else {
            "one character each"
        }
    );
    println!(
        "{:<28} {:<9} {:>8} {:>11}  most common loss",
        "mission", "difficulty", "win rate", "avg turns"
    );
    for &mn in &missions {
        for &d in &diffs {
            let sim = Simulation::<Mandalorian> {
                content,
                games: a.games,
                base_seed: a.seed ^ (mn as u64) << 32 ^ (d as u64) << 40,
                seats: names.clone(),
                bots: &make_bot,
                max_steps: a.max_steps,
                progress: !a.quiet,
            };
            let t = TableArgs {
                mission: mn,
                difficulty: format!("{d:?}").to_lowercase(),
                mode: None,
                characters: None,
            };
            let o = options(&t, n)?;
            let runs = sim.run(&|_| o.clone(), &|g: &Mandalorian| {
                let o = g.outcome();
                SimResult {
                    won: o.as_ref().is_some_and(|o| !o.winners.is_empty()),
                    turns: g.turn(),
                    reason: o.map(|o| o.reason).unwrap_or_default(),
                }
            });
            if let Some(dir) = &a.save_failures {
                save_failures(dir, &format!("mission{mn}-{d:?}").to_lowercase(), &runs)?;
            }
            let ok: Vec<&SimResult> = runs.iter().filter_map(|r| r.result.as_ref().ok()).collect();
            for r in runs.iter().filter(|r| r.result.is_err()) {
                eprintln!(
                    "game {} (seed {}) failed: {}",
                    r.index,
                    r.seed,
                    r.result.as_ref().err().unwrap()
                );
            }
            let wins = ok.iter().filter(|r| r.won).count();
            let turns: f64 =
                ok.iter().map(|r| r.turns as f64).sum::<f64>() / ok.len().max(1) as f64;
            let mut reasons: std::collections::BTreeMap<String, usize> = Default::default();
            for r in ok.iter().filter(|r| !r.won) {
                let key = if r.reason.contains("defeated") {
                    "a character defeated".to_string()
                } else {
                    r.reason.clone()
                };
                *reasons.entry(key).or_default() += 1;
            }
            let common = reasons
                .iter()
                .max_by_key(|(_, &v)| v)
                .map(|(k, v)| format!("{k} ({v})"))
                .unwrap_or_default();
            let name = format!(
                "{} {}",
                mn,
                content
                    .mission_by_number(mn)
                    .map_or("", |m| m.name.as_str())
            );
            println!(
                "{:<28} {:<9} {:>7.1}% {:>11.1}  {}",
                name,
                format!("{d:?}").to_lowercase(),
                driver::percent(wins, ok.len()),
                turns,
                common
            );
        }
    }
    Ok(())
}

// =============================================================================================
// Text rendering
// =============================================================================================

fn status(g: &Mandalorian, seat: Seat) -> String {
    let c = g.content();
    let v = g.view_of(seat);
    let mut s = String::new();
    let m = g.mission();
    let _ = writeln!(
        s,
        "Mission {} — {}   turn {}, player {} to act",
        m.number,
        m.name,
        g.turn(),
        g.active_seat() + 1
    );
    let _ = writeln!(s, "Objective: {}", render::objective(m));
    let mut fail = render::failures(m);
    if let Some(max) = m.track_max() {
        let _ = write!(fail, "  Crisis track: {}/{max}.", g.track());
    }
    if let Some(max) = m.turn_max() {
        let _ = write!(fail, "  Turn {}/{max}.", g.turn());
    }
    let _ = writeln!(s, "{fail}");
    for (i, ch) in v.characters.iter().enumerate() {
        let _ = writeln!(
            s,
            "  {} {}: at ({},{}), damage {}/{}{}{}",
            Mandalorian::char_letter(i as u8),
            ch.name,
            ch.row,
            ch.col,
            ch.damage,
            ch.health,
            if ch.kept.is_empty() {
                String::new()
            } else {
                format!(", planning: {}", ch.kept.join(", "))
            },
            if ch.carries_child {
                ", carrying the Child"
            } else {
                ""
            }
        );
    }
    if !matches!(g.child(), Child::Absent) {
        let _ = writeln!(s, "  The Child: {}", v.child);
    }
    if let Some(t) = &v.taunt {
        let _ = writeln!(s, "  This turn enemies move only toward {t} (taunt).");
    }
    let _ = writeln!(s, "Action slots:");
    for (i, sl) in v.slots.iter().enumerate() {
        let extra = if i >= 4 {
            format!("  [{}]", render::mission_slot(&m.slots[i - 4]))
        } else {
            String::new()
        };
        let _ = writeln!(
            s,
            "  {:<20} Strength {:>2}  tokens {:?}  cards: {}{}",
            sl.name,
            sl.strength,
            sl.tokens,
            if sl.cards.is_empty() {
                "-".into()
            } else {
                sl.cards.join(" | ")
            },
            extra
        );
    }
    let _ = writeln!(
        s,
        "Event deck: {} cards, top back: {}; crisis box: {}",
        v.event_deck,
        v.event_top_back.as_deref().unwrap_or("-"),
        render::effects(&m.crisis)
    );
    let _ = writeln!(
        s,
        "Planning deck: {} cards; reinforcements: {}; disturbance pool: {}",
        v.planning_deck, v.reinforcement_pile, v.disturbance_pool
    );
    let threats: Vec<String> = v
        .threats
        .iter()
        .map(|t| {
            format!(
                "({},{}) {}{}",
                t.row,
                t.col,
                g.threat_label(t.token, seat),
                if t.carries_child {
                    " carrying the Child"
                } else {
                    ""
                }
            )
        })
        .collect();
    let _ = writeln!(s, "Threats: {}", threats.join("; "));
    let _ = writeln!(s, "Your hand (player {}):", seat + 1);
    for h in &v.hand {
        let _ = writeln!(s, "  {} ({})", h.text, h.character);
    }
    if !v.plan_drawn.is_empty() {
        let _ = writeln!(s, "Planning cards drawn: {}", v.plan_drawn.join(" | "));
    }
    let _ = c;
    s
}

/// The Mandalorian lines of `help`.
const MANDALORIAN_HELP: &str =
    "  view         everything you may see: the map, the characters, the action slots, the
               decks, the threats and your hand
  card <n>     the card behind action <n> (an ability or planning card); `card` alone: the
               card being resolved; `card <name>` an ability, planning or event card by name
  help symbols what [3 +Attack], ●●, a slot's Strength, the map's letters and the threat
               labels mean";

/// `help symbols`: the notation of cards, slots and the map (MA-CONCEPT-6/7, MA-CARD-1/10,
/// MA-EVENT-3..8).
const SYMBOLS_HELP: &str = "\
Ability cards, e.g. Target Lock [3 +Attack] ●● (IG-11), or Whistling Volley [3 +Attack] — Attack:
  Deal 1 damage to an enemy within range 2. (The Mandalorian)
  [3 ...]      the card's printed Strength, 1 to 4 (MA-CONCEPT-6): played for Move, the
               character moves up to 3 squares; for Attack, it deals 3 damage; and so on.
  +Attack      the bonus icon: played into the Attack slot, the card has Strength 1 more for
               that action (MA-CARD-1). The action list shows the Strength each slot gives:
               \"into Attack — Strength 4\".
  ●●           the card is twice in its character's deck (the two lights, MA-CARD-10).
  — Attack: …  the ability text: it can be used only when the card is played into that slot
               (MA-CARD-4, MA-CARD-7), before or after the action (\"After the action,\": after);
               using it is optional. The decision line says why a text or an action can do
               nothing (no enemy within range …).
Action slots: Move, Attack, Spy, Plan (and a mission's own slots, with their condition, e.g.
  \"If # is 4+\": the action only with Strength 4 or more, MA-MISSION-4). One card per slot
  per turn, on top of the cards already there.
  Slot Strength = the printed Strength of every card in the slot + every disturbance token in
  it (tokens [2] = one token worth 2), without bonus icons (MA-CONCEPT-7, MA-EVENT-3, -4). In
  the event phase each slot, left to right: 6 or more: a crisis, then an event; exactly 5: an
  event; 4 or less: nothing, the cards stay (MA-EVENT-5..8). A slot that resolved an event is
  discarded.
Characters: A, B … on the map; damage 2/8 = damage taken / health. Planning cards kept are
  listed with the character ([Defense]).
Threats: ?3 a face-down threat of shape 3 (you learn what it is by spying or when it is
  revealed); b2, m2, s2 a blaster, melee or sniper enemy with 2 health left; the map's legend
  explains the squares (stars, walls, doors, elevation).
The crisis track counts damage tokens; the mission is lost when it is full.";

impl TextUi for Mandalorian {
    fn show(&self, seat: Seat) -> String {
        format!("{}\n{}", self.draw_map(seat), status(self, seat))
    }

    fn turn_view(&self, seat: Seat, _once: &mut Once) -> String {
        // The decision header draws the map just after: the status alone.
        status(self, seat)
    }

    fn help(&self) -> String {
        MANDALORIAN_HELP.into()
    }

    fn command(&self, _seat: Seat, word: &str, rest: &str) -> Option<Result<String, String>> {
        match (word, rest.to_lowercase().as_str()) {
            ("help" | "?", "symbols" | "symbol" | "signs") => Some(Ok(SYMBOLS_HELP.into())),
            _ => None,
        }
    }

    fn header(&self, seat: Seat) -> String {
        // Shorter than `show`: the map, the characters, the slots, the hand and the decision.
        let v = self.view_of(seat);
        let mut s = self.draw_map(seat);
        let chars: Vec<String> = v
            .characters
            .iter()
            .enumerate()
            .map(|(i, c)| {
                format!(
                    "{} {} {}/{}{}{}",
                    Mandalorian::char_letter(i as u8),
                    c.name,
                    c.damage,
                    c.health,
                    if c.kept.is_empty() {
                        String::new()
                    } else {
                        format!(" [{}]", c.kept.join(", "))
                    },
                    if c.carries_child { " +Child" } else { "" }
                )
            })
            .collect();
        let _ = writeln!(
            s,
            "Turn {}  track {}  | {}",
            self.turn(),
            self.track(),
            chars.join(" | ")
        );
        // What each slot's Strength will do in the event phase (MA-EVENT-5..8).
        let slots: Vec<String> = v
            .slots
            .iter()
            .map(|sl| {
                let next = match sl.strength {
                    6.. => " (crisis + event)",
                    5 => " (event)",
                    _ => "",
                };
                format!("{} {}{next}", sl.name, sl.strength)
            })
            .collect();
        let _ = writeln!(
            s,
            "Slots: {}  | next event back: {}",
            slots.join(", "),
            v.event_top_back.as_deref().unwrap_or("-")
        );
        let hand: Vec<&str> = v.hand.iter().map(|h| h.text).collect();
        let _ = writeln!(s, "Hand: {}", hand.join(" | "));
        if !v.plan_drawn.is_empty() {
            let _ = writeln!(s, "Drawn planning cards: {}", v.plan_drawn.join(" | "));
        }
        let _ = write!(
            s,
            "Now: {}  (type `view` for everything, `help` for commands)",
            self.pending_label()
        );
        s
    }

    fn card(&self, _seat: Seat, arg: &str, legal: &[Action]) -> Result<String, String> {
        let c = self.content();
        if let Ok(n) = arg.trim().parse::<usize>() {
            return match legal.get(n.wrapping_sub(1)) {
                Some(Action::Play { card, .. }) => Ok(render::card(c.card(*card))),
                Some(Action::UsePlanning { card, .. })
                | Some(Action::Keep(card))
                | Some(Action::Top(card)) => Ok(render::planning(&c.planning[*card as usize])),
                Some(a) => Ok(self.describe_action(*a)),
                None => Err(format!("there is no action {n}")),
            };
        }
        if arg.trim().is_empty() {
            return match self.pending() {
                Some(Task::Card { card, .. }) => Ok(render::card(c.card(*card))),
                _ => Err("no card is being resolved".into()),
            };
        }
        let q = arg.trim().to_lowercase();
        let mut found: Vec<String> = c
            .cards
            .iter()
            .filter(|k| k.name.to_lowercase().contains(&q))
            .map(render::card)
            .collect();
        found.extend(
            c.planning
                .iter()
                .filter(|p| p.name.to_lowercase().contains(&q))
                .map(render::planning),
        );
        found.extend(
            c.events
                .iter()
                .filter(|e| e.name.to_lowercase().contains(&q))
                .map(render::event),
        );
        found.dedup();
        if found.is_empty() {
            Err(format!("no card called {arg:?}"))
        } else {
            Ok(found.join("\n"))
        }
    }

    fn summary(&self) -> String {
        match self.outcome() {
            Some(o) if !o.winners.is_empty() => {
                format!("Mission complete on turn {}: {}.", self.turn(), o.reason)
            }
            Some(o) => format!(
                "Mission failed on turn {}: {}. Enemies defeated: {}.",
                self.turn(),
                o.reason,
                self.threats()
                    .iter()
                    .filter(|t| t.loc == TLoc::Defeated)
                    .count()
            ),
            None => "The game is not over.".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn solo_mission_1_is_played_in_the_terminal_to_the_end() {
        let content = tabletop_mandalorian::embedded();
        let mut m =
            Match::<Mandalorian>::new(content, Options::solo(1, Difficulty::Recruit), 4).unwrap();
        let mut seats = vec![SeatKind::Human];
        let mut input = Cursor::new("1\n".repeat(5000));
        let mut out = Vec::new();
        let end = text::play_text(
            &mut m, &mut seats, &make_bot, 100_000, None, &mut input, &mut out,
        )
        .unwrap();
        assert_eq!(end, text::PlayEnd::Over);
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("Mission complete") || text.contains("Mission failed"));
        // The map is drawn with the characters and threats.
        assert!(text.contains("AB") && text.contains("?3"));
    }

    #[test]
    fn refused_input_is_explained() {
        let content = tabletop_mandalorian::embedded();
        let mut m =
            Match::<Mandalorian>::new(content, Options::solo(1, Difficulty::Recruit), 4).unwrap();
        let mut seats = vec![SeatKind::Human];
        let mut input = Cursor::new("999\nquit\n");
        let mut out = Vec::new();
        text::play_text(
            &mut m, &mut seats, &make_bot, 100, None, &mut input, &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.to_lowercase().contains("999"),
            "{}",
            &text[text.len().saturating_sub(400)..]
        );
    }

    #[test]
    fn the_bot_finishes_games_and_saves_replay_exactly() {
        let content = tabletop_mandalorian::embedded();
        for mission in 1..=4 {
            let mut m =
                Match::<Mandalorian>::new(content, Options::solo(mission, Difficulty::Standard), 7)
                    .unwrap();
            let mut bot = make_bot("normal", 0, 7);
            let mut legal = Vec::new();
            while m.game.outcome().is_none() {
                m.game.legal_actions(&mut legal);
                let a = bot.choose(&m.game, 0, &legal);
                m.apply(a).unwrap();
            }
            let saved = m.save_json();
            let back = Match::<Mandalorian>::load_str(content, &saved).unwrap();
            assert!(back.game == m.game);
        }
    }

    #[test]
    fn json_mode_answers_every_request() {
        let content = tabletop_mandalorian::embedded();
        let mut s =
            driver::JsonSession::<Mandalorian>::new(content, Options::solo(1, Difficulty::Recruit));
        let input = "{\"cmd\":\"new\",\"seed\":3}\n{\"cmd\":\"legal\"}\n{\"cmd\":\"apply\",\"index\":0}\n{\"cmd\":\"view\",\"seat\":0}\n{\"cmd\":\"quit\"}\n";
        let mut out = Vec::new();
        s.run(&mut Cursor::new(input), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() >= 4);
        for l in &lines[..4] {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["ok"], true, "{l}");
        }
    }
}
