//! `tabletop firefly …`: play, simulate, replay, bench, validate, stories, cards, json.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};
use tabletop_core::{Game, Seat};
use tabletop_firefly::content::render::{self, Names};
use tabletop_firefly::content::*;
use tabletop_firefly::resolve::{Origin, Pending, Stage};
use tabletop_firefly::state::{
    ActiveJob, CrewCard, CrewMember, DriveCoreCard, Market, Phase, Player, WorkTarget,
};
use tabletop_firefly::trade::{Bundle, Offer, TradeAction, Tradeable};
use tabletop_firefly::view::View;
use tabletop_firefly::{Action, Firefly, Options};

use tabletop_driver::firefly::*;
use tabletop_driver::input::{read_text_file, MAX_SAVE_FILE};
use tabletop_driver::{self as driver, Match, SeatKind, Simulation};

use crate::firefly_map;
use crate::text::{self, Once, TextUi};

const DEFAULT_STORY: &str = "The King of All Londinium";

/// Firefly: The Game.
#[derive(Args, Debug)]
pub struct FireflyArgs {
    /// Load the content from this directory (`*.toml`, as in crates/firefly/content) instead of
    /// the content built into the binary.
    #[arg(long, global = true, value_name = "DIR")]
    content: Option<PathBuf>,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Play in the terminal against bots, or hot-seat with friends.
    Play(PlayArgs),
    /// Play many bot-only games in parallel and summarise them.
    Simulate(SimArgs),
    /// Bot levels against each other, seats rotated: win rates with 95 % confidence intervals.
    Arena(ArenaArgs),
    /// Show a saved game action by action.
    Replay(ReplayArgs),
    /// Measure the engine's speed.
    Bench(BenchArgs),
    /// Load and check the content; report counts, or the file/entry/field of the first problem.
    Validate(ValidateArgs),
    /// List the Story Cards.
    Stories,
    /// Print card texts, rendered from the structured content.
    Cards(CardsArgs),
    /// The content catalog: every id a view or an action can hold → name, kind and text, and
    /// the board's sectors with their layout boxes (`--json` for clients).
    Content(crate::content::ContentArgs),
    /// Line-based JSON on stdin/stdout, for scripts and bots (send {"cmd":"help"}).
    Json,
}

#[derive(Args, Debug)]
struct PlayArgs {
    /// Who plays each seat, in seat order: `human`, a bot level (`easy`, `normal`, `hard`; `bot`
    /// is `normal`) or `random`.
    /// Default: `human,bot` (with --load: the seats the save records, or a human in seat 1
    /// and bots elsewhere).
    #[arg(long)]
    seats: Option<String>,
    /// The Story Card, by title or id (see `stories`).
    #[arg(long, default_value = DEFAULT_STORY, conflicts_with = "load")]
    story: String,
    /// The game's seed (default: from the clock; it is printed).
    #[arg(long, conflicts_with = "load")]
    seed: Option<u64>,
    /// The first-game variant: starting jobs only from Harken, Amnon Duul and Patience.
    #[arg(long, conflicts_with = "load")]
    first_game: bool,
    /// End the game without a winner after this many rounds.
    #[arg(long, conflicts_with = "load")]
    max_rounds: Option<u16>,
    /// Play with expansions, any of `blue-sun`, `kalidasa`, `breakin-atmo`,
    /// `pirates-and-bounty-hunters`, comma-separated (`blue-sun,kalidasa`).
    #[arg(long, conflicts_with = "load", value_parser = parse_expansions, default_value = "")]
    expansions: Expansions,
    /// A Set Up card instead of the standard set-up, by id or name (an expansion's: see `cards
    /// --kind setup`).
    #[arg(long, conflicts_with = "load")]
    setup_card: Option<String>,
    /// Continue a saved game.
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
    /// Where the game is saved when play stops before the end (quit, end of input, an error).
    #[arg(long, value_name = "FILE", default_value = AUTOSAVE)]
    autosave: PathBuf,
    /// Stop (as an error) after this many decisions: a guard against engine loops.
    #[arg(long, default_value_t = 2_000_000, hide = true)]
    max_steps: u64,
}

/// The autosave file, in the current directory.
const AUTOSAVE: &str = "tabletop-firefly-autosave.json";

#[derive(Args, Debug)]
struct SimArgs {
    /// Number of games (per story with `--story all`).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// The bot in each seat: `easy`, `normal` (or `bot`), `hard` or `random`.
    #[arg(long, default_value = "normal,normal,normal,normal")]
    seats: String,
    /// The Story Card, by title or id, or `all`.
    #[arg(long, default_value = DEFAULT_STORY)]
    story: String,
    /// End each game without a winner after this many rounds.
    #[arg(long, default_value_t = 100)]
    max_rounds: u16,
    /// The seed of the whole simulation; game i has its own seed, shown for failed games.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[arg(long)]
    first_game: bool,
    /// Play with expansions, any of `blue-sun`, `kalidasa`, `breakin-atmo`,
    /// `pirates-and-bounty-hunters`, comma-separated (`blue-sun,kalidasa`).
    #[arg(long, value_parser = parse_expansions, default_value = "")]
    expansions: Expansions,
    /// A Set Up card instead of the standard set-up, by id or name.
    #[arg(long)]
    setup_card: Option<String>,
    /// Stop a game (and report it) after this many decisions.
    #[arg(long, default_value_t = 2_000_000)]
    max_steps: u64,
    /// Do not draw the progress bar.
    #[arg(long)]
    quiet: bool,
    /// Write the save of every failed game into this directory.
    #[arg(long, value_name = "DIR")]
    save_failures: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct ArenaArgs {
    /// One bot level per captain (`easy`, `normal`, `hard`, `random`): each entry sits in every
    /// seat in turn (game i puts entry e in seat (e + i) mod captains).
    #[arg(long, default_value = "hard,normal")]
    seats: String,
    /// Games per story.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// The Story Card, by title or id, or `all` (every story for this many captains).
    #[arg(long, default_value = "all")]
    story: String,
    /// End each game without a winner after this many rounds.
    #[arg(long, default_value_t = 100)]
    max_rounds: u16,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    hard: crate::hard_args::HardArgs,
    /// Play with expansions, any of `blue-sun`, `kalidasa`, `breakin-atmo`,
    /// `pirates-and-bounty-hunters`, comma-separated (`blue-sun,kalidasa`). A story of an
    /// expansion is always played with the expansions it needs (with `--story all` too).
    #[arg(long, value_parser = parse_expansions, default_value = "")]
    expansions: Expansions,
    /// Do not draw the progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args, Debug)]
struct ReplayArgs {
    /// The save file.
    file: PathBuf,
    /// Wait for Enter after each action.
    #[arg(long)]
    step: bool,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// Seconds to measure for, in all.
    #[arg(long, default_value_t = 6.0)]
    seconds: f64,
    #[arg(long, default_value_t = 4)]
    players: u8,
    #[arg(long, default_value = DEFAULT_STORY)]
    story: String,
    /// Round limit of the playouts.
    #[arg(long, default_value_t = 50)]
    max_rounds: u16,
    /// Play with expansions, any of `blue-sun`, `kalidasa`, `breakin-atmo`,
    /// `pirates-and-bounty-hunters`, comma-separated (`blue-sun,kalidasa`).
    #[arg(long, value_parser = parse_expansions, default_value = "")]
    expansions: Expansions,
}

/// The `--expansions` list.
#[derive(Clone, Debug, Default)]
struct Expansions(Vec<Expansion>);

impl Expansions {
    /// ` --expansions blue-sun,kalidasa`, or nothing, for a command line shown to the player.
    fn flag(&self) -> String {
        if self.0.is_empty() {
            return String::new();
        }
        let ids: Vec<&str> = self.0.iter().map(|e| e.id()).collect();
        format!(" --expansions {}", ids.join(","))
    }
}

/// `blue-sun,kalidasa` (or `none`, or nothing) into the expansions, each once.
fn parse_expansions(s: &str) -> Result<Expansions, String> {
    let mut out = Vec::new();
    for part in s
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty() && *p != "none")
    {
        let e: Expansion = part.parse()?;
        if out.contains(&e) {
            return Err(format!("{} is listed twice", e.id()));
        }
        out.push(e);
    }
    Ok(Expansions(out))
}

#[derive(Args, Debug)]
struct ValidateArgs {
    /// A content directory (default: the built-in content, or --content).
    #[arg(long)]
    dir: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct CardsArgs {
    /// Only cards of this kind: crew, gear, upgrade, ship, contact, job, nav, event, misbehave,
    /// story.
    #[arg(long)]
    kind: Option<String>,
    /// Only cards whose id or title contains this (any case).
    #[arg(long)]
    name: Option<String>,
}

pub fn run(args: FireflyArgs) -> Result<()> {
    let content_dir = args.content.as_deref();
    match args.cmd {
        Cmd::Validate(v) => validate(v.dir.as_deref().or(content_dir)),
        cmd => {
            let content = load_content(content_dir)?;
            match cmd {
                Cmd::Play(a) => play(content, a),
                Cmd::Simulate(a) => simulate(content, a),
                Cmd::Arena(a) => arena(content, a),
                Cmd::Replay(a) => replay(content, a),
                Cmd::Bench(a) => bench(content, a),
                Cmd::Stories => stories(content),
                Cmd::Cards(a) => cards(content, a),
                Cmd::Content(a) => {
                    crate::content::print(&tabletop_firefly::catalog::Catalog::of(content), &a)
                }
                Cmd::Json => {
                    let mut s = driver::JsonSession::<Firefly>::new(
                        content,
                        Options::new(2, DEFAULT_STORY),
                    )
                    .with_bots(make_bot);
                    s.run(&mut std::io::stdin().lock(), &mut std::io::stdout().lock())
                }
                Cmd::Validate(_) => unreachable!(),
            }
        }
    }
}

impl TextUi for Firefly {
    fn show(&self, seat: Seat) -> String {
        show_table(self, seat, None)
    }

    fn turn_view(&self, seat: Seat, once: &mut Once) -> String {
        show_table(self, seat, Some(once))
    }

    fn help(&self) -> String {
        FIREFLY_HELP.into()
    }

    fn command(&self, seat: Seat, word: &str, rest: &str) -> Option<Result<String, String>> {
        Some(match word {
            "map" | "m" => Ok(firefly_map::draw(self, seat, terminal_columns())),
            "route" | "r" if rest.is_empty() => {
                Err("Route to where? Type `route PLACE`, e.g. `route Persephone`.".into())
            }
            "route" | "r" => firefly_map::route(self, seat, rest),
            _ => return None,
        })
    }

    fn choice_numbers(&self, legal: &[Action]) -> Option<Vec<usize>> {
        // Set-up: a sector keeps its number while the ships are placed, whichever are taken.
        legal
            .iter()
            .map(|a| match a {
                Action::PlaceShip(s) => Some(firefly_map::sector_number(*s)),
                _ => None,
            })
            .collect()
    }

    fn header(&self, seat: Seat) -> String {
        header(self, seat)
    }

    fn card(&self, seat: Seat, arg: &str, legal: &[Action]) -> Result<String, String> {
        card_for(self, seat, arg, legal)
    }

    fn summary(&self) -> String {
        let mut s = String::from("Final standings:");
        for p in &self.players {
            let _ = write!(
                s,
                "\n  {}: {} — goals {}/{}, {}, {} jobs completed, {} Warrant(s), Solid with {}",
                captain(p.seat),
                leader_name(self, p),
                p.goals,
                self.story_def().goals.len(),
                money(p.money),
                p.completed.len(),
                p.warrants,
                p.solid_count()
            );
        }
        let _ = write!(s, "\nRounds played: {}", rounds_played(self));
        s
    }
}

fn leader_name(g: &Firefly, p: &Player) -> String {
    if p.crew.is_empty() {
        "(no Leader yet)".into()
    } else {
        g.content.crew[p.leader as usize].name.clone()
    }
}

/// A captain's ship, or "no ship yet" before they choose one in set-up (FF-SETUP-9).
fn ship_name(g: &Firefly, seat: Seat) -> &str {
    if g.ships_chosen & (1 << seat) != 0 {
        &g.content.ships[g.player(seat).ship as usize].name
    } else {
        "no ship yet"
    }
}

fn rounds_played(g: &Firefly) -> u32 {
    let won = g.outcome.as_ref().is_some_and(|o| !o.winners.is_empty());
    g.round as u32 + u32::from(won || g.outcome.is_none())
}

fn in_setup(g: &Firefly) -> bool {
    matches!(
        g.phase,
        Phase::ChooseLeader
            | Phase::ChooseShip
            | Phase::PlaceShip
            | Phase::StartingDeck
            | Phase::StartingJobs
    )
}

/// The Firefly lines of `help`.
const FIREFLY_HELP: &str = "  view         everything you may see: ship, crew, jobs, the table
  card <n>     the card behind action <n>; `card` alone: the card being resolved (or the
               trade under way); `card <name>` a card, a planet or a sector by name
               (`card Persephone`, `card sector 55`)
  map          the board: your ship, the other ships, the Cruiser and Cutter, your jobs
  route <place>  the shortest route there, its Full Burns and Fuel";

/// The width of the terminal, for the map (the content's own width when unknown).
fn terminal_columns() -> usize {
    console::Term::stdout()
        .size_checked()
        .map_or(usize::MAX, |(_, cols)| cols as usize)
}

// =============================================================================================
// What a seat sees
// =============================================================================================

/// One crew member on one line: "Kaylee — Tech 2 (Mechanic, Moral, Cut $300)". `i` is their
/// place in the crew (0: the Leader); `with_gear` adds the skills of the gear they carry.
fn member_line(g: &Firefly, i: usize, m: &CrewMember, with_gear: bool) -> String {
    let d = g.crew_def(m);
    let mut sk = d.skills;
    if with_gear {
        for &gear in &m.gear {
            sk.add(&g.gear_def(gear).skills);
        }
    }
    let mut tags: Vec<String> = Vec::new();
    if i == 0 {
        tags.push("Leader".into());
    }
    tags.extend(d.professions.iter().map(|p| p.name().to_string()));
    if d.moral {
        tags.push("Moral".into());
    }
    if g.is_wanted(m) {
        tags.push("WANTED".into());
    }
    if m.disgruntled {
        tags.push("DISGRUNTLED".into());
    }
    if i > 0 {
        tags.push(format!("Cut {}", money(d.cost)));
    }
    let skills = render::skills(&sk);
    format!(
        "{} — {} ({})",
        d.name,
        if skills.is_empty() {
            "no skills".into()
        } else {
            skills
        },
        tags.join(", ")
    )
}

fn crew_lines(g: &Firefly, p: &Player, on_job: Option<u16>, out: &mut String) {
    let c = g.content;
    for (i, m) in p.crew.iter().enumerate() {
        let mark = match on_job {
            Some(mask) if mask & (1 << i) != 0 => "[on the job] ",
            Some(_) => "[stays aboard] ",
            None => "",
        };
        let _ = writeln!(out, "  {mark}{}", member_line(g, i, m, true));
        for &gear in &m.gear {
            let _ = writeln!(out, "      carries {}", supply_line(c, gear));
        }
    }
}

/// Last Call, as `seat` sees it (stories that end with it): who called it and who still has a
/// turn, or who could call it; and, where unfinished jobs are settled, what `seat` would owe.
/// `None` for other stories.
fn last_call_lines(g: &Firefly, seat: Seat) -> Option<String> {
    let story = g.story_def();
    let rule = story.last_call?;
    let v = View::of(g, seat);
    let mut s = String::new();
    let then = if story.settle_jobs {
        "then unfinished jobs are settled and the most credits win"
    } else {
        "then the most credits win"
    };
    match &v.last_call {
        Some(lc) if !lc.still_to_play.is_empty() => {
            let who: Vec<String> = lc
                .still_to_play
                .iter()
                .enumerate()
                .map(|(i, &x)| {
                    let now = if i == 0 { " (now)" } else { "" };
                    format!("{}{now}", captain(x))
                })
                .collect();
            let _ = write!(
                s,
                "LAST CALL, called by {}: still to play {}; {then}.",
                captain(lc.declarer),
                render::join_list(&who, "and")
            );
            if lc.still_to_play[0] == seat {
                let _ = write!(s, " This is your last turn.");
            }
        }
        Some(lc) => {
            let _ = write!(s, "Last Call was called by {}.", captain(lc.declarer));
        }
        None => {
            let holders: Vec<String> = g
                .players
                .iter()
                .filter(|p| p.goals as usize >= story.goals.len())
                .map(|p| {
                    if p.seat == seat {
                        format!("you ({})", captain(p.seat))
                    } else {
                        captain(p.seat)
                    }
                })
                .collect();
            let how = if rule.uses_action {
                "with an action"
            } else {
                "(free)"
            };
            if holders.is_empty() {
                let _ = write!(
                    s,
                    "Last Call: not called; the Goal token's holder may call it {how} on their turn."
                );
            } else {
                let _ = write!(
                    s,
                    "Last Call: not called; {} may call it {how} on their turn.",
                    render::join_list(&holders, "and")
                );
            }
        }
    }
    if story.settle_jobs && !g.is_over() {
        let _ = write!(
            s,
            "\nUnfinished jobs (Active and in hand) would cost you {} at the end.",
            money(g.unfinished_pay(seat))
        );
    }
    Some(s)
}

/// Everything `seat` may see. With `once` (the view at the start of a turn) it is shorter:
/// the next goal in full only the first time, and no trade (the decision header shows it).
fn show_table(g: &Firefly, seat: Seat, mut once: Option<&mut Once>) -> String {
    let v = View::of(g, seat);
    let c = g.content;
    let names = Names::of(c);
    let story = g.story_def();
    let mut s = String::new();
    let whose = if in_setup(g) {
        "set-up".to_string()
    } else {
        format!("{}'s turn", captain(v.current))
    };
    let _ = writeln!(
        s,
        "══════ Round {} · {whose} · what {} sees ══════",
        v.round + 1,
        captain(seat)
    );
    let _ = writeln!(s, "Story: {}", story.title);
    let goals: Vec<String> = v
        .players
        .iter()
        .map(|p| format!("{} {}/{}", captain(p.seat), p.goals, story.goals.len()))
        .collect();
    let _ = writeln!(s, "Goals completed: {}", goals.join(", "));
    if let Some(lc) = last_call_lines(g, seat) {
        let _ = writeln!(s, "{lc}");
    }
    let me = &v.players[seat as usize];
    if let Some(goal) = story.goals.get(me.goals as usize) {
        let text = render::goal_lines(goal, me.goals as usize + 1, &names);
        let key = format!("goal {seat} {}", me.goals);
        if once.as_deref_mut().is_none_or(|o| o.first(&key)) {
            let _ = writeln!(s, "Your next goal:");
            for l in text.lines() {
                let _ = writeln!(s, "  {l}");
            }
        } else {
            let _ = writeln!(
                s,
                "Your next goal: {} (`card` shows the Story Card)",
                text.lines().next().unwrap_or("").trim()
            );
        }
    }
    let p = g.player(seat);
    if p.crew.is_empty() {
        let _ = writeln!(s, "\nYou have not chosen your Leader yet.");
    } else {
        let _ = writeln!(
            s,
            "\nYou: {} — Leader {}, ship {}{}",
            captain(seat),
            leader_name(g, p),
            ship_name(g, seat),
            match me.sector {
                Some(sector) => format!(" at {}", sector_line(c, sector)),
                None => " (not placed yet)".into(),
            }
        );
        let mut solid: Vec<String> = me.solid.iter().map(|k| k.name().to_string()).collect();
        // Carried gear that counts as Solid (the Alliance Ident Card) counts for Contacts and
        // story goals alike.
        for k in tabletop_firefly::deal::ALL_CONTACTS {
            if !p.is_solid(k) && g.counts_as_solid(p, k) {
                solid.push(format!("{} (counts as Solid: carried gear)", k.name()));
            }
        }
        let _ = writeln!(
            s,
            "Money {} · Warrants {} · Solid with {}{}",
            money(me.money),
            me.warrants,
            if solid.is_empty() {
                "nobody".into()
            } else {
                solid.join(", ")
            },
            if me.outlaw { " · OUTLAW SHIP" } else { "" }
        );
        let core = g.drive_core_def(p);
        let _ = writeln!(
            s,
            "Drive core {}{} · Full Burn range {} for {} · Mosey {}",
            core.name,
            if matches!(me.drive_core, Some(DriveCoreCard::Starting(_))) {
                " (starting)"
            } else {
                ""
            },
            g.burn_range(p),
            render::item_count(Item::Fuel, g.burn_fuel(p) as u32),
            g.mosey_range(p)
        );
        let (hold, stash) = g.storage_boxes(p);
        let used = Firefly::storage_used_half(p);
        let (sc, sf) = g.stashed(p);
        let mut stashed = Vec::new();
        if sc > 0 {
            stashed.push(render::item_count(Item::Contraband, sc as u32));
        }
        if sf > 0 {
            stashed.push(render::item_count(Item::Fugitives, sf as u32));
        }
        let _ = writeln!(
            s,
            "Aboard: {} — {}{} of {} boxes used (Hold {hold}, Stash {stash}{})",
            items_text(&me.items),
            used / 2,
            if used % 2 == 1 { "½" } else { "" },
            hold + stash,
            if stashed.is_empty() {
                String::new()
            } else {
                format!("; in the Stash: {}", stashed.join(", "))
            }
        );
        let ups: Vec<String> = me.upgrades.iter().map(|&u| supply_line(c, u)).collect();
        let _ = writeln!(
            s,
            "Upgrades ({}/{} slots): {}",
            me.upgrades.len(),
            g.upgrade_slots(p),
            if ups.is_empty() {
                "none".into()
            } else {
                ups.join("; ")
            }
        );
        let _ = writeln!(s, "Crew ({}/{}):", p.crew.len(), g.max_crew(p));
        let on_job = match g.phase {
            Phase::ChooseCrew { on_job, .. } if g.current == seat => Some(on_job),
            _ => None,
        };
        crew_lines(g, p, on_job, &mut s);
        if !me.spare_gear.is_empty() {
            let spare: Vec<String> = me.spare_gear.iter().map(|x| supply_line(c, x)).collect();
            let _ = writeln!(s, "Gear set aside: {}", spare.join("; "));
        }
    }
    if let Some(hand) = me.hand {
        let _ = writeln!(s, "Jobs in hand ({}):", hand.len());
        for &j in hand {
            let _ = writeln!(s, "  {}", job_line(c, j));
        }
    }
    if !me.active.is_empty() {
        let _ = writeln!(s, "Active jobs ({}):", me.active.len());
        for a in me.active {
            let _ = writeln!(s, "  {}{}", job_line(c, a.job), step_mark(c, a));
        }
    }
    if !me.completed.is_empty() {
        let done: Vec<String> = me
            .completed
            .iter()
            .map(|j| format!("\"{}\"", c.jobs[j as usize].name))
            .collect();
        let _ = writeln!(s, "Completed jobs ({}): {}", done.len(), done.join(", "));
    }
    if let Some(sector) = me.sector {
        let _ = writeln!(s, "\nNeighbours of {}:", c.sector_name(sector));
        for &n in g.neighbours(sector) {
            let _ = writeln!(s, "  {}{}", sector_line(c, n), who_is_at(g, &v, n, seat));
        }
    }
    let cutters: Vec<&str> = v.cutters.iter().map(|&x| c.sector_name(x)).collect();
    let _ = writeln!(
        s,
        "Alliance Cruiser at {} · Reaver Cutter{} at {}{}",
        c.sector_name(v.cruiser),
        if cutters.len() == 1 { "" } else { "s" },
        cutters.join(", "),
        v.corvette.map_or(String::new(), |x| format!(
            " · Operative's Corvette at {}",
            c.sector_name(x)
        ))
    );
    if !v.alerts.is_empty() {
        let list: Vec<String> = v
            .alerts
            .iter()
            .map(|a| {
                let mut kinds = Vec::new();
                if a.alliance > 0 {
                    kinds.push(format!("{} Alliance", a.alliance));
                }
                if a.reaver > 0 {
                    kinds.push(format!("{} Reaver", a.reaver));
                }
                format!("{} ({})", c.sector_name(a.sector), kinds.join(", "))
            })
            .collect();
        let _ = writeln!(s, "Alert tokens: {}", list.join("; "));
    }

    let others: Vec<_> = v.players.iter().filter(|o| o.seat != seat).collect();
    if !others.is_empty() {
        let _ = writeln!(s, "\nOther captains:");
    }
    for o in others {
        let op = g.player(o.seat);
        if op.crew.is_empty() {
            let _ = writeln!(s, "  {}: no Leader yet", captain(o.seat));
            continue;
        }
        let solid: Vec<&str> = o.solid.iter().map(|k| k.name()).collect();
        let active: Vec<String> = o
            .active
            .iter()
            .map(|a| format!("\"{}\"{}", c.jobs[a.job as usize].name, step_mark(c, a)))
            .collect();
        let _ = writeln!(
            s,
            "  {}: {} on {}{} · {} · crew {} · aboard {} · {} job(s) in hand · goals {}/{}",
            captain(o.seat),
            leader_name(g, op),
            ship_name(g, o.seat),
            match o.sector {
                Some(sector) => format!(" at {}", c.sector_name(sector)),
                None => String::new(),
            },
            money(o.money),
            o.crew.len(),
            items_text(&o.items),
            o.hand_size,
            o.goals,
            story.goals.len()
        );
        let _ = writeln!(
            s,
            "      Warrants {}{} · Solid with {} · active: {} · completed {}",
            o.warrants,
            if o.outlaw { " (Outlaw Ship)" } else { "" },
            if solid.is_empty() {
                "nobody".into()
            } else {
                solid.join(", ")
            },
            if active.is_empty() {
                "none".into()
            } else {
                active.join(", ")
            },
            o.completed.len()
        );
    }

    discard_lines(g, &v, &mut s);
    // A trade under way is public: both captains and everyone at the table see the offer. At
    // the start of a turn the decision header shows it.
    match &g.phase {
        _ if once.is_some() => {}
        Phase::Trading(o) | Phase::TradeAnswer(o) => {
            let _ = write!(s, "\n\n{}", trade_text(g, o, seat).trim_end());
        }
        Phase::TradeWindow { seat: w } => {
            let _ = write!(s, "\n\n{}", trade_window_text(g, *w, seat).trim_end());
        }
        _ => {}
    }
    s
}

/// The discard piles: each one with cards (its top card, cards in the pile / left face down),
/// then every empty one on a single line.
fn discard_lines(g: &Firefly, v: &View, s: &mut String) {
    let c = g.content;
    // (kind, name, top card, cards in the pile, cards left face down)
    let mut piles: Vec<(&str, String, Option<String>, usize, usize)> = Vec::new();
    for (i, d) in v.supply_discards.iter().enumerate() {
        let top = d.last().map(|&x| c.supply_name(x).to_string());
        let name = c.supply_decks[i].def.name.clone();
        piles.push(("Supply", name, top, d.len(), v.supply_left[i]));
    }
    for ((k, d), (_, left)) in v.contact_discards.iter().zip(&v.contacts_left) {
        let top = d
            .last()
            .map(|&x| format!("\"{}\"", c.jobs[x as usize].name));
        piles.push(("Contact", k.name().to_string(), top, d.len(), *left));
    }
    for (i, d) in v.nav_discards.iter().enumerate() {
        if d.is_empty() && v.nav_left[i] == 0 {
            continue;
        }
        let top = d.last().map(|&x| c.nav_def(x).name.clone());
        let name = format!("{} Nav", nav_deck_name(i));
        piles.push(("", name, top, d.len(), v.nav_left[i]));
    }
    let top = v
        .misbehave_discard
        .last()
        .map(|&x| c.misbehave_def(x).name.clone());
    let n = v.misbehave_discard.len();
    piles.push(("", "Misbehave".into(), top, n, v.misbehave_left));
    let _ = write!(
        s,
        "\nDiscard piles (top card, cards in the pile / left face down):"
    );
    // The empty ones on one line, by kind: "Supply Silverhold, Regina; Contact Niska; …".
    let mut empty: Vec<(&str, Vec<String>)> = Vec::new();
    for (kind, name, top, n, left) in piles {
        match top {
            Some(t) => {
                let full = format!("{kind} {name}");
                let _ = write!(s, "\n  {}: {t} ({n} / {left})", full.trim_start());
            }
            None => match empty.last_mut() {
                Some((k, names)) if *k == kind => names.push(name),
                _ => empty.push((kind, vec![name])),
            },
        }
    }
    if !empty.is_empty() {
        let groups: Vec<String> = empty
            .iter()
            .map(|(k, names)| format!("{k} {}", names.join(", ")).trim_start().to_string())
            .collect();
        let _ = write!(s, "\n  empty: {}", groups.join("; "));
    }
}

fn step_mark(c: &Content, a: &ActiveJob) -> String {
    let jd = &c.jobs[a.job as usize];
    let steps = jd.steps.len();
    let mut s = if steps > 1 && a.steps_done > 0 {
        format!(" [{}/{} steps done]", a.steps_done, steps)
    } else {
        String::new()
    };
    if let Some(ch) = a.challenge {
        let _ = write!(s, " [Challenge: \"{}\"]", c.jobs[ch as usize].name);
    }
    // FF-MISC-11: the "Completed" tokens of earned Opportunity Bonuses.
    let earned: Vec<String> = (0..jd.opportunities.len())
        .filter(|&i| a.earned(i))
        .map(|i| format!("\"{}\"", jd.opportunities[i].name))
        .collect();
    if !earned.is_empty() {
        let _ = write!(s, " [Opportunity Bonus earned: {}]", earned.join(", "));
    }
    s
}

fn who_is_at(g: &Firefly, v: &View, s: SectorId, seat: Seat) -> String {
    let mut at = Vec::new();
    if v.cruiser == s {
        at.push("Alliance Cruiser".to_string());
    }
    if v.cutters.contains(&s) {
        at.push("Reaver Cutter".to_string());
    }
    if v.corvette == Some(s) {
        at.push("Operative's Corvette".to_string());
    }
    let tokens = g.alert_count(s, AlertKind::Alliance) + g.alert_count(s, AlertKind::Reaver);
    if tokens > 0 {
        at.push(format!("{tokens} Alert token(s)"));
    }
    for p in &v.players {
        if p.seat != seat && g.player(p.seat).placed && p.sector == Some(s) {
            at.push(captain(p.seat));
        }
    }
    if at.is_empty() {
        String::new()
    } else {
        format!("  ← {}", at.join(", "))
    }
}

/// The few lines before each decision.
fn header(g: &Firefly, seat: Seat) -> String {
    let c = g.content;
    let names = Names::of(c);
    let p = g.player(seat);
    let mut s = String::new();
    if !p.crew.is_empty() {
        let where_ = if p.placed {
            format!(" at {}", c.sector_name(p.sector))
        } else {
            String::new()
        };
        let _ = writeln!(
            s,
            "{} · {}{where_} · {} · {} · crew {} · Warrants {} · goals {}/{}",
            captain(seat),
            ship_name(g, seat),
            money(p.money),
            items_text(&p.items),
            p.crew.len(),
            p.warrants,
            p.goals,
            g.story_def().goals.len()
        );
    }
    // Last Call under way, or ours to call: worth a line before every decision.
    if g.last_call.is_some() || g.can_declare_last_call(seat) {
        if let Some(lc) = last_call_lines(g, seat) {
            let _ = writeln!(s, "{lc}");
        }
    }
    let t = g.turn;
    match &g.phase {
        Phase::ChooseLeader => {
            let _ = writeln!(
                s,
                "Set-up: choose your Leader (`card N` shows one in full)."
            );
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            for a in legal {
                if let Action::ChooseLeader(l) = a {
                    let _ = writeln!(
                        s,
                        "  {}",
                        first_lines(&render::crew_card(&c.crew[l as usize]), 4)
                    );
                }
            }
        }
        Phase::ChooseShip => {
            let _ = writeln!(s, "Set-up: choose your ship.");
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            for a in legal {
                if let Action::ChooseShip(x) = a {
                    let _ = writeln!(
                        s,
                        "  {}",
                        first_lines(&render::ship_card(&c.ships[x as usize], &names), 3)
                    );
                }
            }
        }
        Phase::PlaceShip if g.story_def().setup.havens => {
            let _ = writeln!(
                s,
                "Set-up: place your Haven token; your Firefly starts there (a planet with no \
                 Supply and no Contact; `card N` describes a sector)."
            );
        }
        Phase::PlaceShip => {
            let _ = writeln!(
                s,
                "Set-up: place your Firefly (`card N` describes a sector)."
            );
        }
        Phase::StartingDeck => {
            let _ = writeln!(
                s,
                "Set-up ({}): choose the Contact deck to draw your starting jobs from.",
                g.setup_card_def()
                    .map_or("Set Up card", |k| k.name.as_str())
            );
        }
        Phase::StartingJobs => {
            let _ = writeln!(
                s,
                "Set-up: discard starting jobs until you keep 3. Your jobs:"
            );
            for &j in &p.hand {
                let _ = writeln!(s, "  {}", job_line(c, j));
            }
        }
        Phase::Actions => {
            let used: Vec<&str> = [
                (t.fly, "Fly"),
                (t.buy, "Buy"),
                (t.deal, "Deal"),
                (t.work, "Work"),
            ]
            .iter()
            .filter(|x| x.0)
            .map(|x| x.1)
            .collect();
            let _ = writeln!(
                s,
                "Your turn: {} of 2 actions taken{}.",
                t.taken,
                if used.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", used.join(", "))
                }
            );
        }
        Phase::FullBurn { entered, range } => {
            let _ = writeln!(
                s,
                "Full Burn: {entered} of {range} sectors entered. Keep flying or stop."
            );
        }
        Phase::Mosey { moved, range } => {
            let _ = writeln!(s, "Mosey: {moved} of {range} sectors moved.");
        }
        Phase::Considering {
            market,
            considered,
            max,
        } => {
            let _ = writeln!(
                s,
                "{}: considered {} of up to {max}:",
                market_name(c, *market),
                considered.len()
            );
            let line = |x| match market {
                Market::Supply(_) => supply_line(c, x),
                Market::Contact(_) => job_line(c, x),
            };
            for &x in considered {
                let _ = writeln!(s, "  {}", line(x));
            }
            // The face-up cards that may be considered, so that a name says what it is.
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            let face_up: Vec<String> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::ConsiderDiscard(x) => Some(format!("  {}", line(*x))),
                    _ => None,
                })
                .collect();
            if !face_up.is_empty() {
                let _ = writeln!(s, "Face up in the discard pile:\n{}", face_up.join("\n"));
            }
        }
        Phase::Purchasing {
            considered,
            bought,
            max,
            ..
        } => {
            let _ = writeln!(
                s,
                "Buying: {bought} of up to {max} bought. Considered cards:"
            );
            for &x in considered {
                let _ = writeln!(
                    s,
                    "  {} — price {}",
                    supply_line(c, x),
                    money(g.price(seat, x))
                );
            }
        }
        Phase::BuyingGoods { .. } => {
            let _ = writeln!(s, "Buy Fuel and Parts, or Done.");
        }
        Phase::Accepting {
            contact,
            considered,
            accepted,
        } => {
            let _ = writeln!(
                s,
                "Dealing with {}: {accepted} of up to 2 accepted. Considered jobs:",
                contact.name()
            );
            for &j in considered {
                let _ = writeln!(s, "  {}", job_line(c, j));
            }
        }
        Phase::Selling { contact } => {
            let _ = writeln!(s, "Selling to {} (Solid).", contact.name());
        }
        Phase::DiscardJobs => {
            let _ = writeln!(s, "Too many jobs in hand: discard down to 3.");
        }
        Phase::ChooseCrew { target, on_job } => {
            let what = match target {
                WorkTarget::Job(j) => job_line(c, *j),
                WorkTarget::BonusDropOff { job, .. } => {
                    format!("a Bonus Drop-Off of {}", job_line(c, *job))
                }
                WorkTarget::Goal => "the story goal".into(),
                _ => "a bounty".into(),
            };
            let _ = writeln!(s, "Who goes on the job? {what}");
            crew_lines(g, p, Some(*on_job), &mut s);
        }
        Phase::Showdown(sd) => {
            let _ = writeln!(s, "{}", showdown_lines(g, sd));
        }
        Phase::Plunder(pl) => {
            let _ = writeln!(s, "{}", plunder_lines(g, pl));
        }
        Phase::AttachChallenge { job, .. } => {
            let _ = writeln!(
                s,
                "Starting {}: attach a Big Damn Challenge from your hand (FF-BS-24), or Done \
                 for none.",
                job_line(c, *job)
            );
        }
        Phase::PayCuts { job, next } => {
            let _ = writeln!(
                s,
                "\"{}\" is done: pay the crew's Cuts (crew member {} of {}).",
                c.jobs[*job as usize].name,
                next + 1,
                p.crew.len()
            );
        }
        Phase::Resolving => s.push_str(&resolving_text(g, seat)),
        Phase::Trading(o) | Phase::TradeAnswer(o) => s.push_str(&trade_text(g, o, seat)),
        Phase::TradeWindow { seat: w } => s.push_str(&trade_window_text(g, *w, seat)),
        Phase::Over => {}
    }
    if g.current != seat && !in_setup(g) {
        let _ = writeln!(
            s,
            "(It is {}'s turn; this decision is yours.)",
            captain(g.current)
        );
    }
    s.trim_end().to_string()
}

/// A captain in trade texts: "captain 2 (Monty, Yun Qi)", and "you" for the viewer.
fn trader(g: &Firefly, who: Seat, viewer: Seat) -> String {
    let p = g.player(who);
    let you = if who == viewer { ", you" } else { "" };
    format!(
        "{} ({}, {}{you})",
        captain(who),
        leader_name(g, p),
        g.content.ships[p.ship as usize].name
    )
}

/// What one side of an offer hands over, one line each: credits, goods, crew with the gear
/// they carry (and whether it goes with them: the engine's judged reading, as when hired away
/// under FF-CREW-14, is that a traded crew member's gear stays aboard unless it is traded too),
/// gear (carried by whom, or set aside) and Ship Upgrades.
fn bundle_lines(g: &Firefly, giver: Seat, b: &Bundle, out: &mut String) {
    let c = g.content;
    let p = g.player(giver);
    if b.is_empty() {
        let _ = writeln!(out, "    nothing");
        return;
    }
    if b.money > 0 {
        let _ = writeln!(out, "    credits: {}", money(b.money));
    }
    let goods: Vec<String> = Item::ALL
        .iter()
        .filter(|&&i| b.goods[i.index()] > 0)
        .map(|&i| render::item_count(i, b.goods[i.index()] as u32))
        .collect();
    if !goods.is_empty() {
        let _ = writeln!(out, "    goods: {}", goods.join(", "));
    }
    for &x in &b.cards {
        match c.supply_cards[x as usize].kind {
            SupplyKind::Crew(_) => {
                let Some(i) = p.crew_index(CrewCard::Hired(x)) else {
                    let _ = writeln!(out, "    crew: {} (no longer aboard)", c.supply_name(x));
                    continue;
                };
                let m = &p.crew[i];
                // Their own skills: the gear they carry is listed, and counted, on its own.
                let _ = writeln!(out, "    crew: {}", member_line(g, i, m, false));
                for &gear in &m.gear {
                    let fate = if b.cards.contains(&gear) {
                        "goes too (in the offer)"
                    } else {
                        "stays aboard, set aside (not in the offer)"
                    };
                    let _ = writeln!(out, "      carries {} — {fate}", c.supply_name(gear));
                }
            }
            SupplyKind::Gear(_) => {
                let holder = p
                    .crew
                    .iter()
                    .find(|m| m.gear.contains(&x))
                    .map_or("set aside".to_string(), |m| {
                        format!("carried by {}", g.crew_def(m).name)
                    });
                let _ = writeln!(out, "    gear: {} ({holder})", supply_line(c, x));
            }
            SupplyKind::Upgrade(_) => {
                let _ = writeln!(out, "    ship upgrade: {}", supply_line(c, x));
            }
        }
    }
}

/// Boxes in half-box units as text: "4", "4½".
fn boxes(half: u32) -> String {
    format!("{}{}", half / 2, if half % 2 == 1 { "½" } else { "" })
}

/// The room a ship has, and what a trade would leave it (FF-TRADE-6, FF-CREW-3, FF-BUY-11,
/// FF-MISC-3): credits, crew against the crew maximum, Ship Upgrades against slots, goods
/// against the Hold and Stash. A limit the trade would break is marked.
fn room_line(g: &Firefly, now: &Player, after: Option<&Player>) -> String {
    let mut credits = money(now.money);
    if let Some(a) = after {
        let _ = write!(credits, " → {}", money(a.money));
    }
    let crew = |p: &Player| (p.crew.len(), g.max_crew(p));
    let ups = |p: &Player| (p.upgrades.len(), g.upgrade_slots(p));
    let hold = |p: &Player| {
        let (h, s) = g.storage_boxes(p);
        (Firefly::storage_used_half(p) as usize, 2 * (h + s) as usize)
    };
    let show = |what: &str, f: &dyn Fn(&Player) -> (usize, usize), half: bool| {
        let txt = |(n, max): (usize, usize)| {
            if half {
                format!("{} of {} boxes", boxes(n as u32), boxes(max as u32))
            } else {
                format!("{n}/{max}")
            }
        };
        let mut t = format!("{what} {}", txt(f(now)));
        if let Some(a) = after {
            let (n, max) = f(a);
            let _ = write!(t, " → {}", txt((n, max)));
            if n > max {
                t.push_str(" (NO ROOM)");
            }
        }
        t
    };
    [
        credits,
        show("crew", &crew, false),
        show("upgrade slots", &ups, false),
        show("Hold and Stash", &hold, true),
    ]
    .join(" · ")
}

/// A trade being built or waiting for an answer, as the seat `viewer` sees it: both sides of
/// the offer, the room each ship has now and after the exchange, and who must decide.
fn trade_text(g: &Firefly, o: &Offer, viewer: Seat) -> String {
    let mut s = String::new();
    let (from, to) = (g.player(o.from), g.player(o.to));
    let _ = writeln!(
        s,
        "Trade offer at {} (FF-TRADE){}:",
        g.content.sector_name(from.sector),
        if o.window {
            format!(", in the trade window after {}'s turn", captain(g.current))
        } else {
            String::new()
        }
    );
    let _ = writeln!(s, "  {} gives:", trader(g, o.from, viewer));
    bundle_lines(g, o.from, &o.give, &mut s);
    let _ = writeln!(s, "  {} gives:", trader(g, o.to, viewer));
    bundle_lines(g, o.to, &o.ask, &mut s);
    let after = g.after_trade(o);
    let _ = writeln!(s, "  Room (now → after the trade):");
    for (seat, now, then) in [
        (o.from, from, after.as_ref().map(|x| &x.0)),
        (o.to, to, after.as_ref().map(|x| &x.1)),
    ] {
        let _ = writeln!(s, "    {}: {}", captain(seat), room_line(g, now, then));
    }
    let fits = g.trade_fits(o);
    let empty = o.give.is_empty() && o.ask.is_empty();
    let decide = match &g.phase {
        Phase::TradeAnswer(_) if fits => {
            format!("{} must decide: accept or refuse.", trader(g, o.to, viewer))
        }
        Phase::TradeAnswer(_) => format!(
            "{} must decide; the exchange no longer fits both ships, so it can only be refused.",
            trader(g, o.to, viewer)
        ),
        _ if empty => format!(
            "{} is building the offer: add something to either side, or cancel.",
            trader(g, o.from, viewer)
        ),
        _ if !fits => format!(
            "{} is building the offer; it does not fit both ships yet, so it cannot be proposed \
             (add to the other side or cancel).",
            trader(g, o.from, viewer)
        ),
        _ => format!(
            "{} is building the offer: add more, propose it to {}, or cancel.",
            trader(g, o.from, viewer),
            captain(o.to)
        ),
    };
    let _ = writeln!(s, "  {decide}");
    s
}

/// The trade window after a turn (FF-TRADE-3): who may open an offer, and to whom.
fn trade_window_text(g: &Firefly, seat: Seat, viewer: Seat) -> String {
    let mut s = String::new();
    let p = g.player(seat);
    let _ = writeln!(
        s,
        "Trade window after {}'s turn (FF-TRADE-3): {} may open one trade offer to a ship at {}, \
         or pass.",
        captain(g.current),
        trader(g, seat, viewer),
        g.content.sector_name(p.sector)
    );
    // The asked captain first, then the ships they may make an offer to.
    for q in std::iter::once(seat).chain(g.trade_partners(seat)) {
        let qp = g.player(q);
        let _ = writeln!(
            s,
            "  {}: aboard {} · {}",
            trader(g, q, viewer),
            items_text(&qp.items),
            room_line(g, qp, None)
        );
    }
    s
}

fn market_name(c: &Content, m: Market) -> String {
    match m {
        Market::Supply(d) => format!("Buying at {}", c.supply_decks[d as usize].def.name),
        Market::Contact(k) => format!("Dealing with {}", k.name()),
    }
}

/// The card being resolved, its options and how far it has got.
/// The card being resolved, as `viewer` sees it.
fn resolving_text(g: &Firefly, viewer: Seat) -> String {
    let c = g.content;
    let names = Names::of(c);
    let Some(r) = g.resolving() else {
        return String::new();
    };
    let mut s = String::new();
    let (title, text) = match r.origin {
        Origin::Nav(card) => ("Nav card", render::nav_card(c.nav_def(card))),
        Origin::Event(i) => ("Event", render::event_card(&c.events[i as usize])),
        Origin::Misbehave(card) => (
            "Misbehave card",
            render::misbehave_card(c.misbehave_def(card), &names),
        ),
        Origin::JobStep { job, step } => {
            let jd = &c.jobs[job as usize];
            let mut t = format!("\"{}\", step {}:", jd.name, step + 1);
            for ch in r.options {
                let _ = write!(t, "\n  {}", render::choice(ch));
            }
            ("Job", t)
        }
        Origin::Goal(i) => {
            let st = g.story_def();
            (
                "Story goal",
                st.goals.get(i as usize).map_or(String::new(), |gl| {
                    render::goal_lines(gl, i as usize + 1, &names)
                }),
            )
        }
        Origin::Opportunity { job, index } => {
            let jd = &c.jobs[job as usize];
            (
                "Opportunity Bonus",
                format!(
                    "\"{}\": {}",
                    jd.name,
                    render::opportunity(&jd.opportunities[index as usize], &Names::of(c))
                ),
            )
        }
        Origin::Rule { job } => {
            // The rule's own options: Niska's Pound of Flesh, or a pick-up with no limit.
            let mut t = format!("\"{}\":", c.jobs[job as usize].name);
            for ch in r.options {
                let _ = write!(t, "\n  {}", render::choice(ch));
            }
            ("Job rule", t)
        }
        Origin::Boarding => {
            let mut t = "Board the rival ship (FF-PBH-21): Tech or Negotiate, 6+.".to_string();
            for ch in r.options {
                let _ = write!(t, "\n  {}", render::choice(ch));
            }
            ("Boarding Test", t)
        }
        Origin::ShowdownLost { bounty } => ("Showdown lost", render::bounty_card(c, bounty)),
        Origin::PiracyLost { job } => (
            "Showdown lost",
            render::job_card(&c.jobs[job as usize], &Names::of(c)),
        ),
        Origin::Card(card) => ("Card used", render::supply_card(c, card)),
        Origin::Offer(card) => ("Your card may be used now", render::supply_card(c, card)),
        Origin::Alerts { sector, .. } => (
            "Alert tokens",
            format!(
                "{}: {} Alliance and {} Reaver Alert token(s). One die each kind, Alliance first, \
                 unmodified; a roll up to the tokens brings a ship of that kind (the player on \
                 the right picks which); the tokens are then removed.",
                c.sector_name(sector),
                g.alert_count(sector, AlertKind::Alliance),
                g.alert_count(sector, AlertKind::Reaver)
            ),
        ),
    };
    let _ = writeln!(s, "Resolving ({title}, {}):", captain(r.seat));
    for l in text.lines() {
        let _ = writeln!(s, "  │ {l}");
    }
    // Cards looked at to arrange (Nav Charts, Heist Intel): only the captain looking sees them.
    if let Some((nav, cards)) = g.looking_at(viewer) {
        let _ = writeln!(s, "  │ You look at (top first):");
        for (i, &id) in cards.iter().enumerate() {
            let name = match nav {
                Some(_) => c.nav_def(id).name.as_str(),
                None => c.misbehave_def(id).name.as_str(),
            };
            let _ = writeln!(s, "  │   {}. {name}", i + 1);
        }
    }
    if r.stage == Stage::ChooseOption && r.options.iter().any(|o| o.test.is_some()) {
        // What the crew who would make the tests bring, gear included (FF-SKILL-2).
        let p = g.player(r.seat);
        let mask = g.acting_mask(r.seat);
        let points: Vec<String> = Skill::ALL
            .iter()
            .map(|&k| format!("{} {}", k.name(), g.mask_skill(p, mask, k, false)))
            .collect();
        let _ = writeln!(s, "  Your crew here: {}", points.join(", "));
    }
    if r.stage == Stage::ChooseOption && r.options.len() > 1 {
        for (i, ch) in r.options.iter().enumerate() {
            if !g.option_available(r.seat, ch) {
                let _ = writeln!(
                    s,
                    "  (option {} \"{}\" is not available: its requirements are not met)",
                    i + 1,
                    ch.name
                );
            }
        }
    }
    if let Some(ch) = r.choice() {
        // The card's text is just above: the option's name says which one.
        if r.options.len() > 1 && !ch.name.trim().is_empty() {
            let _ = writeln!(s, "  Chosen: {}", ch.name.trim());
        }
        // FF-MISB-15 / FF-MISC-6: which step is being made, and by which team.
        let steps = ch.test.iter().count() + ch.then.len();
        if steps > 1 {
            let _ = writeln!(s, "  Step {} of {steps}", r.step + 1);
        }
        let on = g.acting_mask(r.seat);
        for (k, &t) in r.teams.iter().enumerate() {
            let names: Vec<&str> = g
                .player(r.seat)
                .crew
                .iter()
                .enumerate()
                .filter(|(i, _)| t & on & (1 << i) != 0)
                .map(|(_, m)| crew_name(c, m.card))
                .collect();
            let _ = writeln!(
                s,
                "  Team {}: {}",
                k + 1,
                if names.is_empty() {
                    "nobody yet".to_string()
                } else {
                    names.join(", ")
                }
            );
        }
    }
    if let Some(t) = r.tester {
        let _ = writeln!(s, "  Testing: {}", crew_name(c, t));
    }
    if r.bribe > 0 {
        let _ = writeln!(s, "  Bribes: {}", money(r.bribe as u32 * 100));
    }
    if let (Some(roll), Some(skill)) = (r.roll, r.skill()) {
        // The same terms as the log's line for the roll (FF-SKILL-3).
        let terms = if r.band.is_some() {
            r.terms.clone()
        } else {
            g.test_terms()
        };
        let total = roll.total as i32 + terms.iter().map(|t| t.amount as i32).sum::<i32>();
        let _ = writeln!(
            s,
            "  {} test: {} = {total}",
            skill.name(),
            roll_terms(c, skill, roll.faces(), &terms)
        );
        // Before the roll is kept: the band it reaches as it stands.
        if let (Some(t), None) = (r.test(), r.band) {
            if let Some(b) = t.outcomes.iter().rposition(|o| o.min <= total) {
                let _ = writeln!(
                    s,
                    "  As it stands, {}: {}",
                    render::band_label(t, b),
                    render::outcome(&t.outcomes[b])
                );
            }
        }
    }
    if let (Some(t), Some(b)) = (r.test(), r.band) {
        let _ = writeln!(
            s,
            "  Result {}: {}",
            render::band_label(t, b as usize),
            render::outcome(&t.outcomes[b as usize])
        );
    }
    if let Some(p) = r.pending {
        let what = match p {
            Pending::Kill {
                left,
                profession: None,
            } => format!("choose {left} crew member(s) to be Killed"),
            Pending::Kill {
                left,
                profession: Some(pr),
            } => format!("choose {left} {}(s) to be Killed", pr.name()),
            Pending::DeliverUpTo { item, min, max } => {
                format!("deliver {min} to {}", render::item_count(item, max as u32))
            }
            Pending::LoadUpTo { item, max } => {
                format!("load up to {}", render::item_count(item, max as u32))
            }
            Pending::LoadGoods { left } => format!("load {left} Goods of your choice"),
            Pending::DiscardUpgrade { left } => format!("discard {left} Ship Upgrade(s)"),
            Pending::TakeUpgrade { .. } => "take a Ship Upgrade from a discard pile".into(),
            Pending::MoveCruiser { mover, .. } => {
                format!("{} moves the Alliance Cruiser", captain(mover))
            }
            Pending::MoveCutter { mover, .. } => {
                format!("{} moves a Reaver Cutter", captain(mover))
            }
            Pending::Trade {
                fuel,
                parts,
                contraband,
                ..
            } => format!(
                "a trader: Fuel {}, Parts {}, Contraband {}",
                money(fuel),
                money(parts),
                money(contraband)
            ),
            Pending::Evade => "Evade: choose the adjacent sector to move into".into(),
            Pending::SplitCrew => {
                "split the crew on the job: choose each crew member's team (at least 1 each)".into()
            }
            #[allow(unreachable_patterns)]
            other => format!("{other:?}"),
        };
        let _ = writeln!(s, "  Now: {what}");
    }
    s
}

/// `card ARG`.
fn card_for(g: &Firefly, seat: Seat, arg: &str, legal: &[Action]) -> Result<String, String> {
    let c = g.content;
    let names = Names::of(c);
    let arg = arg.trim();
    if arg.is_empty() {
        return Ok(match &g.phase {
            _ if g.resolving().is_some() => resolving_text(g, seat),
            Phase::Trading(o) | Phase::TradeAnswer(o) => trade_text(g, o, seat),
            Phase::TradeWindow { seat: w } => trade_window_text(g, *w, seat),
            _ => render::story_card(g.story_def(), &names),
        });
    }
    if let Ok(n) = arg.parse::<usize>() {
        let Some(&a) = n.checked_sub(1).and_then(|i| legal.get(i)) else {
            return Err(format!(
                "There is no action {n}: `card N` takes an action number from 1 to {}.",
                legal.len()
            ));
        };
        let crew_card = |m: CrewCard| match m {
            CrewCard::Leader(d) => render::crew_card(&c.crew[d as usize]),
            CrewCard::Hired(x) => supply_card_text(c, x),
        };
        let text = match a {
            Action::ChooseLeader(l) => render::crew_card(&c.crew[l as usize]),
            Action::ChooseShip(x) => render::ship_card(&c.ships[x as usize], &names),
            Action::PlaceShip(x) | Action::MoveTo(x) => firefly_map::describe(g, seat, x),
            Action::DiscardJob(j)
            | Action::AcceptJob(j)
            | Action::Work(WorkTarget::Job(j))
            | Action::Work(WorkTarget::BonusDropOff { job: j, .. })
            | Action::Work(WorkTarget::Piracy { job: j, .. }) => {
                render::job_card(&c.jobs[j as usize], &names)
            }
            Action::Work(WorkTarget::Goal) => {
                let i = g.player(seat).goals as usize;
                render::goal_lines(&g.story_def().goals[i], i + 1, &names)
            }
            Action::ConsiderDiscard(x) => match g.phase {
                Phase::Considering {
                    market: Market::Contact(_),
                    ..
                } => render::job_card(&c.jobs[x as usize], &names),
                _ => supply_card_text(c, x),
            },
            Action::BuyCard(x)
            | Action::TakeUpgrade(x)
            | Action::LoseUpgrade(x)
            | Action::DiscardUpgrade(x)
            | Action::Unequip(x)
            | Action::DiscardForBonus(x) => supply_card_text(c, x),
            Action::Equip { gear, .. } => supply_card_text(c, gear),
            Action::Trade(
                TradeAction::Give(Tradeable::Card(x)) | TradeAction::Ask(Tradeable::Card(x)),
            ) => supply_card_text(c, x),
            Action::ChooseTester(m)
            | Action::Kill(m)
            | Action::Dismiss(m)
            | Action::ToggleCrew(m)
            | Action::HireAway(m)
            | Action::CrewRemoveDisgruntled(m) => crew_card(m),
            Action::Deal => match g.contact_at(g.player(seat).sector).and_then(|k| c.contact(k)) {
                Some(k) => render::contact_card(k),
                None => g.describe_action(a),
            },
            Action::ChooseOption(i) => match g.resolving() {
                Some(r) => render::choice(&r.options[i as usize]),
                None => g.describe_action(a),
            },
            _ => format!(
                "Action {n} ({}) has no card of its own. `card` alone shows the card being resolved.",
                g.describe_action(a)
            ),
        };
        return Ok(text);
    }
    // A place named exactly ("Persephone", "sector 55") is that sector.
    let places = firefly_map::places(g, arg);
    let exact = |s: &SectorId| {
        let sd = &c.sectors[*s as usize];
        sd.name.eq_ignore_ascii_case(arg)
            || sd.planets.iter().any(|p| p.name.eq_ignore_ascii_case(arg))
            || arg.trim_start_matches('#').parse::<usize>().is_ok()
            || arg.to_lowercase().starts_with("sector ")
    };
    if let [s] = places.as_slice() {
        if exact(s) {
            return Ok(firefly_map::describe(g, seat, *s));
        }
    }
    // Cards by name, and places whose name contains the words.
    let want = arg.to_lowercase();
    let all = render::all_cards(c);
    let mut hits: Vec<(String, String)> = all
        .into_iter()
        .filter(|(label, text)| {
            label.to_lowercase().contains(&want)
                || text
                    .lines()
                    .next()
                    .is_some_and(|l| l.to_lowercase().contains(&want))
        })
        .collect();
    hits.extend(places.iter().map(|&s| {
        (
            format!("sector {}", c.sector_name(s)),
            firefly_map::describe(g, seat, s),
        )
    }));
    match hits.len() {
        0 => Err(format!(
            "No card, planet or sector is called {arg:?}. `card N` shows the card of action N."
        )),
        1..=3 => Ok(hits
            .iter()
            .map(|(_, t)| t.as_str())
            .collect::<Vec<_>>()
            .join("\n\n")),
        n => Err(format!(
            "{n} cards or places match {arg:?}, e.g. {}. Be more precise.",
            hits.iter()
                .take(6)
                .map(|(l, _)| l.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

// =============================================================================================
// Commands
// =============================================================================================

fn play(content: &'static Content, a: PlayArgs) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let given_seats = match &a.seats {
        Some(s) => Some(driver::parse_seats(s, BOTS)?),
        None => None,
    };
    let mut m = match &a.load {
        Some(path) => {
            let m = Match::<Firefly>::load_file(content, path)?;
            writeln!(
                out,
                "Loaded {} ({} actions so far; story {}, seed {}).",
                path.display(),
                m.record.actions.len(),
                m.game.story_def().title,
                m.record.seed
            )?;
            m
        }
        None => {
            let seats = given_seats
                .clone()
                .unwrap_or_else(|| vec![SeatKind::Human, SeatKind::Bot("normal".into())]);
            let n = seats.len() as u8;
            let seed = a.seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64)
                    % 1_000_000
            });
            let mut o = Options::new(n, &a.story);
            o.first_game = a.first_game;
            o.max_rounds = a.max_rounds;
            o.expansions = a.expansions.0.clone();
            o.setup_card = a.setup_card.clone();
            let all_bots = !seats.contains(&SeatKind::Human);
            let capped = all_bots && o.max_rounds.is_none();
            if capped {
                o.max_rounds = Some(100);
            }
            let m = Match::<Firefly>::new(content, o, seed).map_err(|e| anyhow!("{e}"))?;
            writeln!(
                out,
                "Firefly: {} — {n} captains, seed {seed}. Type `help` at a prompt for commands.",
                m.game.story_def().title
            )?;
            if capped {
                writeln!(
                    out,
                    "(Only bots play: the game ends after 100 rounds at most.)"
                )?;
            }
            m
        }
    };
    let n = m.game.num_seats();
    // With --load and no --seats: the seats the save records, else a human in seat 1 and
    // bots elsewhere.
    let mut seats = given_seats
        .or_else(|| m.saved_seats(BOTS))
        .unwrap_or_else(|| {
            (0..n)
                .map(|i| {
                    if i == 0 {
                        SeatKind::Human
                    } else {
                        SeatKind::Bot("normal".into())
                    }
                })
                .collect()
        });
    if seats.len() != n {
        bail!(
            "--seats names {} seats but the game has {n} captains",
            seats.len()
        );
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    text::play_text(
        &mut m,
        &mut seats,
        &make_bot,
        a.max_steps,
        Some(&a.autosave),
        &mut input,
        &mut out,
    )?;
    Ok(())
}

/// What a simulation keeps of each finished game.
struct SimResult {
    winners: Vec<Seat>,
    rounds: u32,
    leaders: Vec<String>,
    goals: Vec<u8>,
    money: Vec<u32>,
    jobs: Vec<usize>,
}

fn simulate(content: &'static Content, a: SimArgs) -> Result<()> {
    let seats = driver::parse_seats(&a.seats, BOTS)?;
    if seats.contains(&SeatKind::Human) {
        bail!("simulations are for bots only: --seats bot,random,…");
    }
    let names: Vec<String> = seats.iter().map(|s| s.label().to_string()).collect();
    let n = seats.len() as u8;
    let stories: Vec<StoryId> = if a.story.eq_ignore_ascii_case("all") {
        (0..content.stories.len() as StoryId)
            .filter(|&s| {
                let st = &content.stories[s as usize];
                (st.players[0]..=st.players[1]).contains(&n)
            })
            .collect()
    } else {
        let s = content.story(&a.story).ok_or_else(|| {
            anyhow!(
                "no story called {:?} (see `tabletop firefly stories`)",
                a.story
            )
        })?;
        vec![s]
    };
    if stories.is_empty() {
        bail!("no story is for {n} players");
    }
    let sim = Simulation::<Firefly> {
        content,
        games: a.games,
        base_seed: a.seed,
        seats: names.clone(),
        bots: &make_bot,
        max_steps: a.max_steps,
        progress: !a.quiet,
    };
    let mut table = Vec::new();
    for &story in &stories {
        let st = &content.stories[story as usize];
        let mut o = Options::new(n, &st.id);
        o.first_game = a.first_game;
        o.max_rounds = Some(a.max_rounds);
        o.expansions = a.expansions.0.clone();
        o.setup_card = a.setup_card.clone();
        if let Err(e) = <Firefly as tabletop_core::NewGame>::new_game(content, &o, a.seed) {
            if stories.len() > 1 {
                println!("\n{}: skipped ({e})", st.title);
                continue;
            }
            bail!("{e}");
        }
        let started = std::time::Instant::now();
        let runs = sim.run(&|_| o.clone(), &|g: &Firefly| SimResult {
            winners: g.outcome.as_ref().map_or(vec![], |o| o.winners.clone()),
            rounds: rounds_played(g),
            leaders: g.players.iter().map(|p| leader_name(g, p)).collect(),
            goals: g.players.iter().map(|p| p.goals).collect(),
            money: g.players.iter().map(|p| p.money).collect(),
            jobs: g.players.iter().map(|p| p.completed.len()).collect(),
        });
        let secs = started.elapsed().as_secs_f64();
        if let Some(dir) = &a.save_failures {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            let mut written = 0;
            for r in &runs {
                if let Some(save) = &r.failure_save {
                    let path = dir.join(format!("{}-game{}-seed{}.json", st.id, r.index, r.seed));
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
        }
        let line = summarize(st, &names, &a, &runs, secs);
        table.push(line);
    }
    if table.is_empty() {
        bail!("no story could be set up for {n} captains");
    }
    if stories.len() > 1 {
        println!("\nPer story:");
        for l in table {
            println!("  {l}");
        }
    }
    Ok(())
}

/// Print one story's summary; return its one-line form.
fn summarize(
    st: &Story,
    seats: &[String],
    a: &SimArgs,
    runs: &[driver::GameRun<SimResult>],
    secs: f64,
) -> String {
    let ok: Vec<&SimResult> = runs.iter().filter_map(|r| r.result.as_ref().ok()).collect();
    let failed: Vec<_> = runs.iter().filter(|r| r.result.is_err()).collect();
    let finished = ok.iter().filter(|r| !r.winners.is_empty()).count();
    let n = seats.len();
    let card = a
        .setup_card
        .as_ref()
        .map_or(String::new(), |c| format!(" --setup-card {c:?}"));
    println!(
        "\n{} — {} games, seats {}, at most {} rounds, seed {}{}{card} ({:.1} s)",
        st.title,
        runs.len(),
        seats.join(","),
        a.max_rounds,
        a.seed,
        a.expansions.flag(),
        secs
    );
    println!(
        "  finished (a captain won): {finished}/{} ({:.1}%); ended by the round limit: {}; failed: {}",
        ok.len(),
        driver::percent(finished, ok.len()),
        ok.len() - finished,
        failed.len()
    );
    let rounds: Vec<f64> = ok.iter().map(|r| r.rounds as f64).collect();
    let (mean, median) = driver::mean_median(&rounds);
    println!("  rounds per game: average {mean:.1}, median {median:.1}");
    let fin_rounds: Vec<f64> = ok
        .iter()
        .filter(|r| !r.winners.is_empty())
        .map(|r| r.rounds as f64)
        .collect();
    if !fin_rounds.is_empty() {
        let (fm, fmed) = driver::mean_median(&fin_rounds);
        println!("  rounds per finished game: average {fm:.1}, median {fmed:.1}");
    }
    let steps: Vec<f64> = runs.iter().map(|r| r.steps as f64).collect();
    let (smean, _) = driver::mean_median(&steps);
    println!("  decisions per game: average {smean:.0}");
    let mut per_seat = vec![0usize; n];
    let mut leader_games: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for r in &ok {
        for &w in &r.winners {
            per_seat[w as usize] += 1;
        }
        for (s, l) in r.leaders.iter().enumerate() {
            let e = leader_games.entry(l.as_str()).or_default();
            e.0 += 1;
            if r.winners.contains(&(s as Seat)) {
                e.1 += 1;
            }
        }
    }
    let seat_text: Vec<String> = per_seat
        .iter()
        .enumerate()
        .map(|(s, w)| {
            format!(
                "{} ({}) {w} ({:.1}%)",
                captain(s as Seat),
                seats[s],
                driver::percent(*w, ok.len())
            )
        })
        .collect();
    println!("  wins per seat: {}", seat_text.join(", "));
    println!("  wins per leader (wins/games played):");
    for (l, (games, wins)) in &leader_games {
        println!(
            "    {l:<24} {wins:>4}/{games:<4} ({:.1}%)",
            driver::percent(*wins, *games)
        );
    }
    let avg = |f: &dyn Fn(&SimResult) -> f64| -> f64 {
        if ok.is_empty() {
            0.0
        } else {
            ok.iter().map(|r| f(r)).sum::<f64>() / (ok.len() * n) as f64
        }
    };
    println!(
        "  per captain at the end, on average: goals {:.2}, jobs completed {:.2}, money {}",
        avg(&|r| r.goals.iter().map(|&g| g as f64).sum()),
        avg(&|r| r.jobs.iter().map(|&j| j as f64).sum()),
        money(avg(&|r| r.money.iter().map(|&m| m as f64).sum()) as u32)
    );
    for f in failed.iter().take(10) {
        println!(
            "  FAILED game {} (seed {}): {}",
            f.index,
            f.seed,
            f.result.as_ref().err().map_or("", |e| e.as_str())
        );
    }
    if !failed.is_empty() {
        println!(
            "  (see one again with --save-failures DIR and `tabletop firefly replay FILE`, or play it: \
             tabletop firefly play --seats {} --story {:?} --max-rounds {}{}{} --seed SEED)",
            seats.join(","),
            st.id,
            a.max_rounds,
            if a.first_game { " --first-game" } else { "" },
            a.expansions.flag()
        );
    }
    format!(
        "{:<36} finished {:>5.1}%  rounds avg {:>5.1} median {:>5.1}  failed {}",
        st.title,
        driver::percent(finished, ok.len()),
        mean,
        median,
        failed.len()
    )
}

fn arena(content: &'static Content, a: ArenaArgs) -> Result<()> {
    let seats = driver::parse_seats(&a.seats, BOTS)?;
    if seats.contains(&SeatKind::Human) {
        bail!("the arena is for bots only: --seats hard,normal,…");
    }
    let entries: Vec<String> = seats.iter().map(|s| s.label().to_string()).collect();
    let n = entries.len() as u8;
    let stories: Vec<StoryId> = if a.story.eq_ignore_ascii_case("all") {
        (0..content.stories.len() as StoryId)
            .filter(|&s| {
                let st = &content.stories[s as usize];
                (st.players[0]..=st.players[1]).contains(&n)
            })
            .collect()
    } else {
        vec![content.story(&a.story).ok_or_else(|| {
            anyhow!(
                "no story called {:?} (see `tabletop firefly stories`)",
                a.story
            )
        })?]
    };
    let hard = a.hard.config::<Firefly>();
    let maker = move |name: &str, seat: Seat, seed: u64| make_bot_with(name, seat, seed, &hard);
    println!(
        "Firefly arena: {} ({} captains, seats rotated), {} games per story, at most {} rounds, seed {}{}",
        entries.join(" vs "),
        n,
        a.games,
        a.max_rounds,
        a.seed,
        if entries.iter().any(|e| e == "hard") {
            format!("; {}", driver::arena::describe_hard(&hard))
        } else {
            String::new()
        },
    );
    let mut total_games = 0;
    let mut total_wins = vec![0.0; entries.len()];
    for &story in &stories {
        let st = &content.stories[story as usize];
        let mut o = Options::new(n, &st.id);
        o.max_rounds = Some(a.max_rounds);
        // The expansions asked for, and those the story needs (Making Connections: Blue Sun).
        o.expansions = a.expansions.0.clone();
        for e in st.expansions_needed() {
            if !o.expansions.contains(&e) {
                o.expansions.push(e);
            }
        }
        if let Err(e) = <Firefly as tabletop_core::NewGame>::new_game(content, &o, a.seed) {
            println!("\n{}: skipped ({e})", st.title);
            continue;
        }
        let played_with = Expansions(o.expansions.clone()).flag();
        let started = std::time::Instant::now();
        let r = driver::arena::Arena::<Firefly> {
            content,
            options: o,
            entries: entries.clone(),
            games: a.games,
            base_seed: a.seed ^ (story as u64) << 32,
            bots: &maker,
            max_steps: 2_000_000,
            progress: !a.quiet,
        }
        .run();
        println!(
            "\n{}{} — {} games, {} without a winner, {} failed ({:.0} s)",
            st.title,
            played_with,
            r.games,
            r.no_winner,
            r.failed.len(),
            started.elapsed().as_secs_f64()
        );
        for l in r.lines() {
            println!("  {l}");
        }
        for (seed, why) in r.failed.iter().take(5) {
            println!("  FAILED (seed {seed}): {why}");
        }
        total_games += r.games;
        for (t, w) in total_wins.iter_mut().zip(&r.wins) {
            *t += w;
        }
    }
    if stories.len() > 1 {
        println!("\nEvery story together ({total_games} games):");
        for (e, name) in entries.iter().enumerate() {
            println!(
                "  seat entry {} ({name:<6}) wins {}",
                e + 1,
                driver::arena::rate_ci(total_wins[e], total_games)
            );
        }
    }
    Ok(())
}

fn replay(content: &'static Content, a: ReplayArgs) -> Result<()> {
    let text = read_text_file(&a.file, MAX_SAVE_FILE, "save")?;
    let r = driver::parse_replay::<Firefly>(&text)
        .map_err(|e| anyhow!("{} is refused: {e}", a.file.display()))?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    text::replay_text::<Firefly>(content, r, a.step, &mut stdin.lock(), &mut stdout.lock())
}

fn bench(content: &'static Content, a: BenchArgs) -> Result<()> {
    let mut o = Options::new(a.players, &a.story);
    o.max_rounds = Some(a.max_rounds);
    o.expansions = a.expansions.0.clone();
    println!(
        "Firefly engine, {} captains, {}{}, playouts of at most {} rounds, {:.1} s, one thread:",
        a.players,
        a.story,
        a.expansions.flag(),
        a.max_rounds,
        a.seconds
    );
    let mut base = o.clone();
    base.expansions.clear();
    // An expansion's story has no base game to compare with: it is measured as it is played.
    let base_plays = <Firefly as tabletop_core::NewGame>::new_game(content, &base, 0).is_ok();
    if o.expansions.is_empty() || !base_plays {
        let r = driver::bench::bench::<Firefly>(content, &o, a.seconds, 5_000_000)?;
        println!("{r}");
        let s = driver::bench::search_bench::<Firefly>(content, &o, a.seconds / 2.0, 5_000_000)?;
        println!("{s}");
        return Ok(());
    }
    // With expansions, the base game's figures beside them, measured in the same run (half the
    // time each), so the cost of the Rim is read off directly.
    let half = a.seconds / 2.0;
    let b = driver::bench::bench::<Firefly>(content, &base, half, 5_000_000)?;
    let r = driver::bench::bench::<Firefly>(content, &o, half, 5_000_000)?;
    let s = driver::bench::search_bench::<Firefly>(content, &o, half / 2.0, 5_000_000)?;
    println!(
        "-- the base game:\n{b}\n-- with{}:\n{r}\n{s}",
        a.expansions.flag()
    );
    Ok(())
}

fn validate(dir: Option<&Path>) -> Result<()> {
    let (files, from) = match dir {
        None => (ContentFiles::builtin(), "the built-in content".to_string()),
        Some(d) => {
            driver::input::check_content_dir(d)?;
            (
                ContentFiles::from_dir(d).map_err(|e| anyhow!("{e}"))?,
                d.display().to_string(),
            )
        }
    };
    let c = match Content::load(&files) {
        Ok(c) => c,
        Err(e) => {
            let mut msg = format!("{from} is invalid:\n  {e}\n  file:  {}", e.file);
            if !e.entry.is_empty() {
                let _ = write!(msg, "\n  entry: {}", e.entry);
            }
            if !e.field.is_empty() {
                let _ = write!(msg, "\n  field: {}", e.field);
            }
            bail!(msg);
        }
    };
    println!(
        "Firefly content OK: {from} ({} files), fingerprint {}",
        files.files.len(),
        c.fingerprint
    );
    let planetary = c.sectors.iter().filter(|s| !s.planets.is_empty()).count();
    println!(
        "  sectors            {:>4} ({planetary} planetary)",
        c.sectors.len()
    );
    println!("  contacts           {:>4}", c.contacts.len());
    println!("  leaders            {:>4}", c.leaders.len());
    println!("  crew cards (kinds) {:>4}", c.crew.len() - c.leaders.len());
    println!("  gear (kinds)       {:>4}", c.gear.len());
    println!("  upgrades (kinds)   {:>4}", c.upgrades.len());
    println!("  ships              {:>4}", c.ships.len());
    let decks: Vec<String> = c
        .supply_decks
        .iter()
        .map(|d| format!("{} {}", d.def.name, d.cards.len()))
        .collect();
    println!(
        "  supply cards       {:>4} ({})",
        c.supply_cards.len(),
        decks.join(", ")
    );
    let mut per_contact: BTreeMap<&str, usize> = BTreeMap::new();
    for j in &c.jobs {
        *per_contact
            .entry(j.contact.map_or("story", |k| k.name()))
            .or_default() += 1;
    }
    let pc: Vec<String> = per_contact
        .iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    println!(
        "  jobs               {:>4} ({})",
        c.jobs.len(),
        pc.join(", ")
    );
    println!(
        "  nav cards          {:>4} ({} distinct)",
        c.nav_cards.len(),
        c.nav_defs.len()
    );
    println!("  event cards        {:>4}", c.events.len());
    println!(
        "  misbehave cards    {:>4} ({} distinct)",
        c.misbehave_cards.len(),
        c.misbehave_defs.len()
    );
    println!("  stories            {:>4}", c.stories.len());
    println!("  set up cards       {:>4}", c.setup_cards.len());
    println!("  per product:");
    for source in [
        Source::Base,
        Source::BlueSun,
        Source::Kalidasa,
        Source::BreakinAtmo,
        Source::PiratesAndBountyHunters,
        Source::Promo,
    ] {
        let count = |n: usize, what: &str| (n > 0).then(|| format!("{n} {what}"));
        let parts: Vec<String> = [
            count(
                c.sectors.iter().filter(|s| s.source == source).count(),
                "sectors",
            ),
            count(
                c.contacts.iter().filter(|k| k.source == source).count(),
                "contacts",
            ),
            count(
                c.leaders
                    .iter()
                    .filter(|&&l| c.crew[l as usize].source == source)
                    .count(),
                "leaders",
            ),
            count(
                c.ships.iter().filter(|s| s.source == source).count(),
                "ships",
            ),
            count(
                c.supply_cards.iter().filter(|k| k.source == source).count(),
                "supply cards",
            ),
            count(c.jobs.iter().filter(|j| j.source == source).count(), "jobs"),
            count(
                c.nav_cards
                    .iter()
                    .filter(|&&d| c.nav_defs[d as usize].source == source)
                    .count(),
                "nav cards",
            ),
            count(
                c.misbehave_cards
                    .iter()
                    .filter(|&&d| c.misbehave_defs[d as usize].source == source)
                    .count(),
                "misbehave cards",
            ),
            count(
                c.stories.iter().filter(|s| s.source == source).count(),
                "stories",
            ),
            count(
                c.setup_cards.iter().filter(|s| s.source == source).count(),
                "set up cards",
            ),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !parts.is_empty() {
            println!("    {:<26} {}", source.name(), parts.join(", "));
        }
    }
    Ok(())
}

fn stories(content: &'static Content) -> Result<()> {
    for s in &content.stories {
        println!(
            "{} — id {:?}, {}–{} players, {} goal{}{}",
            s.title,
            s.id,
            s.players[0],
            s.players[1],
            s.goals.len(),
            if s.goals.len() == 1 { "" } else { "s" },
            if s.last_call.is_some() {
                ", ends with Last Call (the most credits win)"
            } else {
                ", the first to complete them wins"
            }
        );
        println!("    {}", s.premise.trim());
        if let Some(ending) = render::story_ending(s) {
            println!("    {ending}");
        }
    }
    println!("\n`tabletop firefly cards --kind story` prints the whole Story Cards.");
    Ok(())
}

fn cards(content: &'static Content, a: CardsArgs) -> Result<()> {
    const KINDS: &[&str] = &[
        "crew",
        "gear",
        "upgrade",
        "ship",
        "contact",
        "job",
        "nav",
        "event",
        "misbehave",
        "story",
        "setup",
    ];
    if let Some(k) = &a.kind {
        if !KINDS.contains(&k.as_str()) {
            bail!("no card kind {k:?}: one of {}", KINDS.join(", "));
        }
    }
    let want = a.name.as_ref().map(|n| n.to_lowercase());
    let mut shown = 0;
    for (label, text) in render::all_cards(content) {
        let kind = label.split_whitespace().next().unwrap_or("");
        if a.kind.as_deref().is_some_and(|k| k != kind) {
            continue;
        }
        if let Some(w) = &want {
            let title = text.lines().next().unwrap_or("").to_lowercase();
            if !label.to_lowercase().contains(w) && !title.contains(w) {
                continue;
            }
        }
        println!("{text}\n");
        shown += 1;
    }
    println!("({shown} cards)");
    Ok(())
}

/// A Showdown under way (FF-PBH-23): who stands against whom, the skills chosen, the dice.
/// A won Piracy Showdown (FF-PBH-29..32): what may be taken and what has been.
fn plunder_lines(g: &Firefly, pl: &tabletop_firefly::piracy::Plunder) -> String {
    let c = g.content;
    let mut s = format!(
        "Aboard {}'s ship for {}.",
        captain(pl.target),
        job_line(c, pl.job)
    );
    let taken: Vec<String> = tabletop_firefly::piracy::GOODS
        .iter()
        .filter(|i| pl.goods[i.index()] > 0)
        .map(|&i| render::item_count(i, pl.goods[i.index()] as u32))
        .chain((pl.jobs > 0).then(|| format!("{} job(s)", pl.jobs)))
        .collect();
    let _ = write!(
        s,
        "\n  Taken so far: {}.",
        if taken.is_empty() {
            "nothing".to_string()
        } else {
            taken.join(", ")
        }
    );
    let stashed: Vec<String> = tabletop_firefly::piracy::GOODS
        .iter()
        .filter(|i| pl.stashed[i.index()] > 0)
        .map(|&i| render::item_count(i, pl.stashed[i.index()] as u32))
        .collect();
    if !stashed.is_empty() {
        let _ = write!(
            s,
            "\n  Out of reach in their Stash: {}.",
            stashed.join(", ")
        );
    }
    let _ = write!(
        s,
        "\n  {}",
        if pl.done {
            "Discard down to the hand limit (FF-PBH-32)."
        } else if pl.taken() == 0 {
            "Make room first if you need it (jettison, unload), then steal; Done when finished."
        } else {
            "Steal more, or Done."
        }
    );
    s
}

fn showdown_lines(g: &Firefly, sd: &tabletop_firefly::showdown::Showdown) -> String {
    use tabletop_firefly::showdown::{Defender, ShowdownStage};
    let c = g.content;
    let defender = match sd.defender {
        Defender::Rival(d) => captain(d),
        Defender::Fugitive(card) => format!("{} (a lone fugitive)", c.supply_label(card)),
    };
    let mut s = format!("Showdown: {} attacks {defender}.", captain(sd.attacker));
    let side = |skill: Option<tabletop_firefly::content::Skill>,
                roll: Option<tabletop_core::ExplodingRoll>,
                attacker: bool| {
        match (skill, roll) {
            (Some(k), Some(r)) => format!(
                "{} {} + die {} = {}",
                k.name(),
                g.showdown_points(sd, attacker),
                r.total,
                g.showdown_points(sd, attacker) + r.total
            ),
            (Some(k), None) => format!("{} {}", k.name(), g.showdown_points(sd, attacker)),
            _ => "choosing".into(),
        }
    };
    let _ = write!(
        s,
        "\n  Attacker: {}\n  Defender: {}",
        side(sd.attack, sd.attack_roll, true),
        side(sd.defend, sd.defend_roll, false)
    );
    let next = match sd.stage {
        ShowdownStage::AttackerSkill => "The Attacker chooses a skill.",
        ShowdownStage::DefenderSkill => {
            "The Defender may re-assign gear, then chooses a skill (ties go to the Defender)."
        }
        ShowdownStage::AttackerRolled => "The Attacker may use a re-roll, or keep the dice.",
        ShowdownStage::DefenderRolled => "The Defender may use a re-roll, or keep the dice.",
        ShowdownStage::JumpWon => {
            "The Bounty Jump is won: take the Bound Fugitives, or free them (a Rescue)."
        }
    };
    let _ = write!(s, "\n  {next}");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_bots::Bot;
    use tabletop_core::{Actor, NewGame};
    use tabletop_driver::{Driven, Viewer};
    use tabletop_firefly::Event;

    /// Every text of the interface, at every decision of bot games: nothing panics, hidden
    /// cards stay hidden, and every legal action has a card or an explanation.
    #[test]
    fn every_decision_renders() {
        let content = Content::builtin();
        let mut events = Vec::new();
        let mut legal = Vec::new();
        let mut phases = std::collections::BTreeSet::new();
        for seed in 0..12u64 {
            let players = 2 + (seed % 3) as u8;
            let story = &content.stories[seed as usize % content.stories.len()];
            let mut o = Options::new(players, &story.id);
            o.max_rounds = Some(25);
            // An expansion's story with its expansion; every third game with both Rim boxes.
            o.expansions = tabletop_firefly::content::Expansion::ALL
                .into_iter()
                .filter(|e| story.expansions_needed().contains(e) || seed % 3 == 2)
                .collect();
            let mut g = Firefly::new_game(content, &o, seed).unwrap();
            let mut bots: Vec<Box<dyn Bot<Firefly>>> = (0..players)
                .map(|s| {
                    make_bot(
                        if s % 2 == 0 { "bot" } else { "random" },
                        s,
                        seed + s as u64,
                    )
                })
                .collect();
            let mut step = 0u32;
            while let Actor::Seat(seat) = g.actor() {
                g.legal_actions(&mut legal);
                phases.insert(
                    format!("{:?}", g.phase)
                        .split([' ', '{', '('])
                        .next()
                        .unwrap()
                        .to_string(),
                );
                let h = g.header(seat);
                assert!(!h.contains("{ ") || h.contains("Resolving"), "{h}");
                if (step / 97) * 97 == step {
                    let all = g.show(seat);
                    for other in 0..players {
                        if other != seat {
                            // Another seat's view never lists this seat's hand.
                            let v = g.show(other);
                            for &j in &g.player(seat).hand {
                                let name = format!("  {}", job_line(content, j));
                                assert!(!v.contains(&name), "seat {other} sees {name}");
                            }
                        }
                    }
                    assert!(all.contains("Story:"));
                }
                for n in 1..=legal.len() {
                    g.card(seat, &n.to_string(), &legal).unwrap();
                }
                assert!(g
                    .card(seat, &(legal.len() + 1).to_string(), &legal)
                    .is_err());
                g.card(seat, "", &legal).unwrap();
                let a = bots[seat as usize].choose(&g, seat, &legal);
                let public = g.public_description(a, Viewer::Public);
                if let Action::AcceptJob(j) = a {
                    assert!(!public.contains(&content.jobs[j as usize].name));
                }
                events.clear();
                g.apply(a, &mut events).unwrap();
                for e in &events {
                    for v in [Viewer::All, Viewer::Public, Viewer::Seat(seat)] {
                        let line = g.event_line(e, v);
                        if let (Event::JobAccepted { job, .. }, Viewer::Public) = (e, v) {
                            assert!(!line.unwrap().contains(&content.jobs[*job as usize].name));
                        }
                    }
                }
                step += 1;
                assert!(step < 200_000, "runaway game, seed {seed}");
            }
            assert!(g.summary().contains("Final standings"));
        }
        for p in [
            "ChooseLeader",
            "Actions",
            "Resolving",
            "Considering",
            "ChooseCrew",
        ] {
            assert!(phases.contains(p), "no decision in phase {p}: {phases:?}");
        }
    }

    /// A pending trade is readable for a human seat (FF-TRADE): both sides of the offer (credits,
    /// goods, crew with their gear and where it goes, gear, upgrades), the room each ship has
    /// now and after the exchange, and who must decide; the trade window says who may offer.
    #[test]
    fn a_pending_trade_shows_both_sides_the_room_and_who_decides() {
        use tabletop_firefly::testing::{choose, scenario};
        let mut g = scenario(
            r#"
[[player]]
leader = "malcolm"
ship = "serenity"
sector = "persephone"
crew = [{ card = "kaylee", gear = ["pistol"] }, { card = "zoe", gear = ["vera"] }]
upgrades = ["cry-baby"]
cargo = 2
[[player]]
leader = "monty"
ship = "yun-qi"
sector = "persephone"
contraband = 1
"#,
        );
        choose(&mut g, "End turn");
        let w = g.header(1);
        assert!(
            w.contains("Trade window after captain 1's turn (FF-TRADE-3)"),
            "{w}"
        );
        assert!(
            w.contains("captain 2 (Monty, Yun Qi, you) may open one trade offer"),
            "{w}"
        );
        assert!(
            w.contains(
                "captain 1 (Malcolm, Serenity): aboard 2 Cargo, 6 Fuel, 2 Parts · $3,000 · \
                 crew 3/6 · upgrade slots 1/3 · Hold and Stash 6 of 12 boxes"
            ),
            "{w}"
        );
        assert!(
            w.contains("(It is captain 1's turn; this decision is yours.)"),
            "{w}"
        );
        choose(&mut g, "Trade with Malcolm");
        choose(&mut g, "Offer 1 Contraband");
        choose(&mut g, "Offer $500");
        choose(&mut g, "Ask for Kaylee");
        choose(&mut g, "Ask for \"Vera\"");
        choose(&mut g, "Ask for Cry Baby");
        choose(&mut g, "Propose");
        // Malcolm must answer: his header shows the whole offer.
        let h = g.header(0);
        for want in [
            "Trade offer at Persephone (FF-TRADE), in the trade window after captain 1's turn:",
            "captain 2 (Monty, Yun Qi) gives:",
            "credits: $500",
            "goods: 1 Contraband",
            "captain 1 (Malcolm, Serenity, you) gives:",
            "carries Pistol — stays aboard, set aside (not in the offer)",
            "gear: \"Vera\"",
            "(carried by Zoe)",
            "ship upgrade: Cry Baby",
            // Her own skills: the Pistol she carries (Fight 1) stays behind.
            "crew: Kaylee — Tech 3 (Mechanic, Moral, Cut $300)",
            "captain 1: $3,000 → $3,500 · crew 3/6 → 2/6 · upgrade slots 1/3 → 0/3 · Hold and \
             Stash 6 of 12 boxes → 7 of 12 boxes",
            "captain 2: $3,000 → $2,500 · crew 1/6 → 2/6 · upgrade slots 0/3 → 1/3 · Hold and \
             Stash 5 of 12 boxes → 4 of 12 boxes",
            "captain 1 (Malcolm, Serenity, you) must decide: accept or refuse.",
        ] {
            assert!(h.contains(want), "missing {want:?} in\n{h}");
        }
        // Everyone else sees the same offer in the table view, and `card` alone shows it.
        assert!(g.show(1).contains("captain 2 (Monty, Yun Qi, you) gives:"));
        assert!(g
            .card(0, "", &[])
            .unwrap()
            .contains("must decide: accept or refuse"));
    }

    /// A trade that would break a limit is marked, and the builder is told it cannot be proposed.
    #[test]
    fn a_trade_that_does_not_fit_says_so() {
        use tabletop_firefly::testing::{choose, scenario};
        let mut g = scenario(
            r#"
[[player]]
leader = "malcolm"
ship = "serenity"
sector = "persephone"
crew = [{ card = "kaylee" }]
[[player]]
leader = "monty"
ship = "yun-qi"
sector = "persephone"
crew = [{ card = "zoe" }, { card = "wash" }, { card = "jayne" }, { card = "simon-tam" }, { card = "inara" }]
"#,
        );
        choose(&mut g, "Trade with Monty");
        choose(&mut g, "Offer Kaylee");
        let h = g.header(0);
        assert!(
            h.contains("captain 2: $3,000 → $3,000 · crew 6/6 → 7/6 (NO ROOM) ·"),
            "{h}"
        );
        assert!(
            h.contains("it does not fit both ships yet, so it cannot be proposed"),
            "{h}"
        );
    }

    /// Working "Homesteader Transport": the panel names the job being worked and says "any
    /// number" of Passengers for a pick-up with no limit (FF-MISC-3), not an internal 255.
    #[test]
    fn a_no_limit_pick_up_shows_the_job_and_any_number() {
        use tabletop_firefly::testing::{choose, two_captains};
        let mut g = two_captains(
            "",
            "leader = \"malcolm\"\nsector = \"space-bazaar\"\n\
             hand = [\"amnon-duul-homesteader-transport\"]",
            "",
        );
        choose(&mut g, "Homesteader");
        choose(&mut g, "Done");
        let h = g.header(0);
        for want in [
            "\"Homesteader Transport\":",
            "Pick-up with no limit: Load any number of Passengers.",
            "Now: load up to 8 Passengers",
        ] {
            assert!(h.contains(want), "missing {want:?} in\n{h}");
        }
        assert!(!h.contains("255") && !h.contains("Pound of Flesh"), "{h}");
    }

    /// FF-SKILL-3: the panel and the log give a roll the same terms.
    #[test]
    fn the_panel_and_the_log_show_the_same_terms_of_a_roll() {
        use tabletop_firefly::testing::{choose, copies, henpecked, work_henpecked};
        let mut g = henpecked(
            "2",
            "leader-gear = [\"knife\"]\ncrew = [{ card = \"skunk\" }]",
            &copies(2, "kill-the-alarm"),
        );
        work_henpecked(&mut g);
        // Before choosing: what the crew on the job bring to each skill.
        let h = g.header(0);
        assert!(
            h.contains("  Your crew here: Fight 1, Tech 2, Negotiate 1"),
            "{h}"
        );
        choose(&mut g, "Just Shoot");
        // Rolled: keep it, or discard the Knife for its bonus; the band reached so far.
        let h = g.header(0);
        assert!(h.contains("  Fight test: rolled 2 + Skunk 1 = 3"), "{h}");
        assert!(h.contains("  As it stands, 1–6: Attempt Botched."), "{h}");
        let ev = choose(&mut g, "Discard Knife");
        let lines: Vec<String> = ev
            .iter()
            .filter_map(|e| g.event_line(e, Viewer::All))
            .collect();
        assert!(
            lines.contains(&"Fight test: rolled 2 + Skunk 1 + discarded gear 1 = 4".to_string()),
            "{lines:#?}"
        );
    }

    /// Set-up: a sector is chosen by its own number, the same for every captain, whichever
    /// sectors are taken already.
    #[test]
    fn sectors_keep_their_number_while_ships_are_placed() {
        let mut g =
            Firefly::new_game(Content::builtin(), &Options::new(2, DEFAULT_STORY), 7).unwrap();
        let mut legal = Vec::new();
        let mut events = Vec::new();
        let mut placed = 0;
        while g.outcome.is_none() && placed < 2 {
            g.legal_actions(&mut legal);
            if let Action::PlaceShip(_) = legal[0] {
                let numbers = g.choice_numbers(&legal).unwrap();
                for (a, n) in legal.iter().zip(&numbers) {
                    let Action::PlaceShip(s) = a else { panic!() };
                    assert_eq!(*n, *s as usize + 1);
                }
                let persephone = g.content.sector("persephone").unwrap();
                assert!(numbers.contains(&(persephone as usize + 1)) || placed == 1);
                placed += 1;
            } else {
                assert!(g.choice_numbers(&legal).is_none());
            }
            events.clear();
            let a = legal[legal.len() / 2];
            g.apply(a, &mut events).unwrap();
        }
        assert_eq!(placed, 2);
    }

    /// The view at the start of a turn is short: the next goal in full once, then on one line;
    /// the empty discard piles on one line.
    #[test]
    fn the_turn_view_is_short() {
        use tabletop_firefly::testing::two_captains;
        let g = two_captains("", "leader = \"malcolm\"\nsector = \"persephone\"", "");
        let mut once = Once::default();
        let first = g.turn_view(0, &mut once);
        assert!(first.contains("Your next goal:\n  Goal 1"), "{first}");
        let again = g.turn_view(0, &mut once);
        assert!(
            again.contains("Your next goal: Goal 1: Takes a Master's Touch (at Jiangyin)"),
            "{again}"
        );
        assert!(again.lines().count() < first.lines().count());
        assert!(
            again.contains("\n  empty: Supply Space Bazaar, "),
            "{again}"
        );
        assert!(!again.contains("empty (0 /"), "{again}");
    }

    /// `map`: the board from the content's layout with your ship, the rivals, the Cruiser, the
    /// Cutter and your jobs marked; it fits a narrow terminal.
    #[test]
    fn the_map_marks_ships_and_jobs() {
        use tabletop_firefly::testing::two_captains;
        let g = two_captains(
            "",
            "leader = \"malcolm\"\nsector = \"persephone\"\nhand = [\"badger-bilking-the-yokels\"]",
            "",
        );
        let m = firefly_map::draw(&g, 0, usize::MAX);
        for want in [
            "@ you, captain 1 (Serenity) at Persephone",
            "2 captain 2 (Yun Qi) at Regina",
            "A the Alliance Cruiser at Londinium · R the Reaver Cutter at Border Space 1",
            "a in hand: \"Bilking the Yokels\" (Badger: Shipping, Legal) Pick-up at Albion → \
             Drop-off at Brisingamen",
            "G your next story goal, at Jiangyin",
        ] {
            assert!(m.contains(want), "missing {want:?} in\n{m}");
        }
        // Persephone is in Alliance Space: in capitals without colours.
        assert!(m.contains("@PERSEP"), "{m}");
        assert!(m.contains("aBris") && m.contains("2Regi"), "{m}");
        let narrow = firefly_map::draw(&g, 0, 100);
        let widest = narrow.lines().take(46).map(|l| l.chars().count()).max();
        assert!(widest <= Some(100), "{narrow}");
    }

    /// `route PLACE`: the shortest route, its Full Burns and the Fuel it takes.
    #[test]
    fn a_route_counts_full_burns_and_fuel() {
        use tabletop_firefly::testing::two_captains;
        let g = two_captains("", "leader = \"malcolm\"\nsector = \"persephone\"", "");
        let c = g.content;
        let from = c.sector("persephone").unwrap();
        let to = c.sector("ezra").unwrap();
        let path = c.shortest_route(from, to).unwrap();
        let r = firefly_map::route(&g, 0, "ezra").unwrap();
        let burns = path.len().div_ceil(5);
        assert!(
            r.contains(&format!(
                "Full Burn (range 5, 1 Fuel each): {burns} Full Burns — {burns} Fuel in all, you \
                 have 6 Fuel."
            )),
            "{r}"
        );
        assert!(
            r.starts_with(&format!(
                "From Persephone to Ezra [Border; Contact Niska]: {} sectors",
                path.len()
            )),
            "{r}"
        );
        assert!(firefly_map::route(&g, 0, "nowhere at all").is_err());
        assert!(firefly_map::route(&g, 0, "space")
            .unwrap_err()
            .contains("Be more precise"));
    }

    /// `card PLACE` describes a sector found by its name, a planet's or its number.
    #[test]
    fn places_are_found_by_name_or_number() {
        use tabletop_firefly::testing::two_captains;
        let g = two_captains("", "leader = \"malcolm\"\nsector = \"persephone\"", "");
        let t = card_for(&g, 0, "Persephone", &[]).unwrap();
        assert!(
            t.contains("Persephone [Alliance;") && t.contains("here now: your ship"),
            "{t}"
        );
        assert!(t.contains("\n  neighbours: "), "{t}");
        let t = card_for(&g, 0, "sector 55", &[]).unwrap();
        assert!(t.starts_with("Sector 55: Border Space 55"), "{t}");
        let t = card_for(&g, 0, "priam", &[]).unwrap();
        assert!(t.contains("Ithaca"), "{t}");
    }

    #[test]
    fn help_lists_the_firefly_commands() {
        let g = Firefly::new_game(Content::builtin(), &Options::new(2, DEFAULT_STORY), 1).unwrap();
        let h = g.help();
        for cmd in ["view", "card <n>", "map", "route <place>"] {
            assert!(h.contains(cmd), "{h}");
        }
        assert!(g.command(0, "map", "").is_some());
        assert!(g.command(0, "help", "symbols").is_none());
    }

    #[test]
    fn cards_can_be_looked_up_by_name() {
        let g = Firefly::new_game(Content::builtin(), &Options::new(2, DEFAULT_STORY), 1).unwrap();
        let t = card_for(&g, 0, "serenity", &[]).unwrap();
        assert!(t.contains("(Ship)"), "{t}");
        assert!(card_for(&g, 0, "no such card at all", &[]).is_err());
        let e = card_for(&g, 0, "a", &[]).unwrap_err();
        assert!(e.contains("Be more precise"), "{e}");
    }
}
