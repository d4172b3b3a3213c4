//! The numbered-choice text interface: play and replay in a terminal, generic over
//! [`TextUi`].

use std::collections::BTreeSet;
use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use anyhow::{anyhow, bail, Result};
use tabletop_bots::Bot;
use tabletop_core::{Actor, Outcome, Replay, Seat};
use tabletop_driver::input::{read_line, Line, MAX_TEXT_LINE};
use tabletop_driver::{bot_seed, BotMaker, Driven, Match, SeatKind, Stepper, Viewer};

use crate::style;

/// Texts shown once per session (a story's goal in full …): [`TextUi::turn_view`] asks
/// [`Once::first`] before including one.
#[derive(Default)]
pub struct Once(BTreeSet<String>);

impl Once {
    /// Whether the text called `key` has not been shown yet; it counts as shown from now on.
    pub fn first(&mut self, key: &str) -> bool {
        self.0.insert(key.to_string())
    }
}

/// The game-specific half of the text interface.
pub trait TextUi: Driven {
    /// Everything `seat` may see (shown by `view`).
    fn show(&self, seat: Seat) -> String;
    /// What `seat` sees when their decisions start: `show`, made short (texts seen once are
    /// summarised, what the decision header shows is left out).
    fn turn_view(&self, seat: Seat, once: &mut Once) -> String {
        let _ = once;
        self.show(seat)
    }
    /// A few lines shown before each decision of `seat` (where they are, the card being
    /// resolved, the cards being considered …).
    fn header(&self, seat: Seat) -> String;
    /// `card ARG`: the text of the card behind legal action ARG (1-based), or of a card by name.
    fn card(&self, seat: Seat, arg: &str, legal: &[Self::Action]) -> Result<String, String>;
    /// Shown once the game is over.
    fn summary(&self) -> String;
    /// The game's lines of `help`: `view`, `card` and its own commands, as PLAY_HELP lays
    /// them out.
    fn help(&self) -> String;
    /// A command of the game's own (`map`, `route X`, `help symbols` …): its answer, or `None`
    /// when `word` is not one of its commands.
    fn command(&self, seat: Seat, word: &str, rest: &str) -> Option<Result<String, String>> {
        let _ = (seat, word, rest);
        None
    }
    /// The number each legal action is shown and chosen by: `None` for 1, 2, 3 …; a game may
    /// keep a number for a thing for the whole game (a sector's number while ships are placed).
    fn choice_numbers(&self, legal: &[Self::Action]) -> Option<Vec<usize>> {
        let _ = legal;
        None
    }
}

/// The commands of every game; [`TextUi::help`] adds the game's own.
const PLAY_HELP: &str = "  <number>     take that action
  (empty)      list the actions again
  undo         take back your own last decisions (those since dice were rolled, a card
               was drawn or another seat acted); `undo <n>`: only the last n
  save <file>  save the game (load it with --load <file>)
  auto         let a bot play this seat from now on
  quit         stop playing (the game is saved to the autosave file first)";

/// How a text game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayEnd {
    Over,
    Quit,
    InputEnded,
}

/// Format numbered choices, item `i` numbered `keys[i]`. A run of at least six that share
/// their first words ("Move to …") is printed under one heading, in columns.
pub fn numbered_by(items: &[String], keys: &[usize]) -> String {
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
                    .map(|(k, t)| format!("{:>3}) {}", keys[i + k], &t[plen..]))
                    .collect();
                out.extend(columns(&labels, 80));
                i += run;
            }
            None => {
                out.push(format!("{:>3}) {first}", keys[i]));
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

/// Read one line at a prompt; a line that is not UTF-8 or is too long is refused with a note
/// and read again. `None` when the input has ended.
fn prompt_line(input: &mut dyn BufRead, out: &mut dyn Write) -> Result<Option<String>> {
    loop {
        match read_line(input, MAX_TEXT_LINE)? {
            Line::Text(t) => return Ok(Some(t)),
            Line::End => return Ok(None),
            Line::NotUtf8 { .. } => {
                writeln!(out, "That line is not UTF-8 text: type it again.")?;
            }
            Line::TooLong { len } => writeln!(
                out,
                "That line is too long ({len} bytes; at most {MAX_TEXT_LINE}): type it again."
            )?,
        }
        out.flush()?;
    }
}

/// Play a game in the terminal: humans choose numbered actions, bots play their seats with a
/// line per action. Several human seats share the screen (hot-seat). When play stops before
/// the end of the game (`quit`, the end of the input, an error), the game is first saved to
/// `autosave` (with who sat where), and the message names the file. An engine or bot panic
/// stops play with an error instead of killing the process, after the autosave.
pub fn play_text<G: TextUi>(
    m: &mut Match<G>,
    seats: &mut [SeatKind],
    bots: BotMaker<G>,
    max_steps: u64,
    autosave: Option<&Path>,
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
    let r = catch_unwind(AssertUnwindSafe(|| {
        play_loop(m, seats, bots, max_steps, input, out)
    }))
    .unwrap_or_else(|p| {
        Err(anyhow!(
            "internal error (please report it): {}",
            tabletop_driver::panic_message(&*p)
        ))
    });
    if m.game.actor() != Actor::Over {
        if let Some(path) = autosave {
            m.set_seats(seats);
            match m.save_file(path) {
                Ok(()) => writeln!(
                    out,
                    "The game is saved to {} ({} actions): continue with `--load {}`.",
                    path.display(),
                    m.record.actions.len(),
                    path.display()
                )?,
                Err(e) => writeln!(out, "The game could not be saved: {e:#}")?,
            }
        }
    }
    r
}

fn play_loop<G: TextUi>(
    m: &mut Match<G>,
    seats: &mut [SeatKind],
    bots: BotMaker<G>,
    max_steps: u64,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<PlayEnd> {
    m.set_seats(seats);
    let mut made: Vec<Option<Box<dyn Bot<G>>>> = (0..seats.len()).map(|_| None).collect();
    let mut last_human: Option<Seat> = None;
    let mut fresh_view = true;
    let mut once = Once::default();
    // Public lines since the screen was last passed (hot-seat).
    let mut recent: Vec<String> = Vec::new();
    let mut steps = 0u64;
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
                .get_or_insert_with(|| bots(name.as_str(), seat, bot_seed(m.record.seed, seat)));
            let a = bot.choose(&m.game, seat, &legal);
            let text = m.game.public_description(a, bot_viewer);
            let bot_name = bot.name().to_string();
            writeln!(out, "  {} ({bot_name}): {text}", G::seat_name(seat))?;
            remember(
                &mut recent,
                format!("{} ({bot_name}): {text}", G::seat_name(seat)),
            );
            let events = m
                .apply(a)
                .map_err(|e| anyhow!("bot {name} chose an illegal action: {e}"))?;
            for e in &events {
                if let Some(l) = m.game.event_line(e, bot_viewer) {
                    writeln!(out, "      {}", style::log_line(&l))?;
                }
                if let Some(l) = m.game.event_line(e, Viewer::Public) {
                    remember(&mut recent, format!("    {l}"));
                }
            }
            fresh_view = true;
            continue;
        }

        // A human decision.
        if humans.len() > 1 && last_human != Some(seat) {
            // Hot-seat: clear the screen and its scrollback, so that the next captain cannot
            // scroll back to the last one's hand; then say what happened in public meanwhile.
            let cleared = style::terminal();
            if cleared {
                write!(out, "{}", style::CLEAR_SCREEN)?;
            }
            let banner = format!(
                "======== Pass to {} — press Enter when only they can see the screen ========",
                G::seat_name(seat)
            );
            writeln!(out, "\n{}", style::paint(style::BANNER, &banner))?;
            out.flush()?;
            if prompt_line(input, out)?.is_none() {
                writeln!(out, "(input ended: stopping)")?;
                return Ok(PlayEnd::InputEnded);
            }
            if cleared && !recent.is_empty() {
                writeln!(out, "What happened since the screen was passed last:")?;
                for l in &recent {
                    writeln!(out, "  {}", style::log_line(l))?;
                }
            }
            recent.clear();
            fresh_view = true;
        }
        if last_human != Some(seat) {
            fresh_view = true;
        }
        last_human = Some(seat);
        if fresh_view {
            writeln!(out, "\n{}", m.game.turn_view(seat, &mut once))?;
            fresh_view = false;
        }
        let texts: Vec<String> = legal.iter().map(|&a| m.game.describe_action(a)).collect();
        let keys: Vec<usize> = m
            .game
            .choice_numbers(&legal)
            .filter(|k| k.len() == legal.len())
            .unwrap_or_else(|| (1..=legal.len()).collect());
        let index_of = |n: i64| keys.iter().position(|&k| k as i64 == n);
        writeln!(out, "\n{}", m.game.header(seat))?;
        writeln!(out, "{}", numbered_by(&texts, &keys))?;
        loop {
            let prompt = format!("{} >", G::seat_name(seat));
            write!(out, "{} ", style::paint(style::PROMPT, &prompt))?;
            out.flush()?;
            let Some(line) = prompt_line(input, out)? else {
                writeln!(out, "\n(input ended: stopping)")?;
                return Ok(PlayEnd::InputEnded);
            };
            let cmd = line.trim();
            let (word, rest) = match cmd.split_once(char::is_whitespace) {
                Some((w, r)) => (w, r.trim()),
                None => (cmd, ""),
            };
            let word = word.to_lowercase();
            match word.as_str() {
                "" => {
                    writeln!(out, "{}", numbered_by(&texts, &keys))?;
                }
                "help" | "?" | "h" if rest.is_empty() => {
                    writeln!(out, "{}\n{PLAY_HELP}", m.game.help())?
                }
                "view" | "v" => writeln!(out, "{}", m.game.show(seat))?,
                "card" | "c" => {
                    // `card N` names an action by the number shown.
                    let arg = match rest.parse::<i64>() {
                        Ok(n) => index_of(n)
                            .map_or(format!("{}", legal.len() + 1), |i| (i + 1).to_string()),
                        Err(_) => rest.to_string(),
                    };
                    match m.game.card(seat, &arg, &legal) {
                        Ok(t) => writeln!(out, "{t}")?,
                        Err(e) => writeln!(out, "{}", style::paint(style::ERROR, &e))?,
                    }
                }
                "undo" | "u" => match undo(m, seat, rest, input, out)? {
                    Undone::Yes => {
                        fresh_view = true;
                        break;
                    }
                    Undone::No => {}
                    Undone::InputEnded => return Ok(PlayEnd::InputEnded),
                },
                "save" => {
                    if rest.is_empty() {
                        writeln!(out, "Save where? Type `save FILE`.")?;
                    } else {
                        m.set_seats(seats);
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
                    seats[seat as usize] = SeatKind::Bot("normal".into());
                    m.set_seats(seats);
                    writeln!(out, "A bot plays {} from now on.", G::seat_name(seat))?;
                    break;
                }
                "quit" | "exit" | "q" => {
                    writeln!(out, "Stopped.")?;
                    return Ok(PlayEnd::Quit);
                }
                _ => match (cmd.parse::<i64>(), m.game.command(seat, &word, rest)) {
                    (Err(_), Some(Ok(t))) => writeln!(out, "{t}")?,
                    (Err(_), Some(Err(e))) => writeln!(out, "{}", style::paint(style::ERROR, &e))?,
                    (Ok(n), _) => match index_of(n) {
                        Some(i) => {
                            let a = legal[i];
                            match m.apply(a) {
                                Ok(events) => {
                                    writeln!(out, "  {}: {}", G::seat_name(seat), texts[i])?;
                                    let public = m.game.public_description(a, Viewer::Public);
                                    remember(
                                        &mut recent,
                                        format!("{}: {public}", G::seat_name(seat)),
                                    );
                                    for e in &events {
                                        if let Some(l) = m.game.event_line(e, Viewer::Seat(seat)) {
                                            writeln!(out, "      {}", style::log_line(&l))?;
                                        }
                                        if let Some(l) = m.game.event_line(e, Viewer::Public) {
                                            remember(&mut recent, format!("    {l}"));
                                        }
                                    }
                                }
                                Err(e) => {
                                    let t = format!("Refused: {}", e.reason);
                                    writeln!(out, "{}", style::paint(style::ERROR, &t))?
                                }
                            }
                            break;
                        }
                        None => {
                            let t = format!(
                                "There is no action {n} here: choose {} (or type `help`).",
                                choose_from(&keys)
                            );
                            writeln!(out, "{}", style::paint(style::ERROR, &t))?
                        }
                    },
                    (Err(_), None) if word == "help" || word == "?" => {
                        let t = format!("There is no help on {rest:?}: type `help`.");
                        writeln!(out, "{}", style::paint(style::ERROR, &t))?
                    }
                    (Err(_), None) => {
                        let t = format!(
                            "{cmd:?} is neither an action number nor a command: type {}, or `help`.",
                            choose_from(&keys)
                        );
                        writeln!(out, "{}", style::paint(style::ERROR, &t))?
                    }
                },
            }
        }
    }
}

enum Undone {
    Yes,
    No,
    InputEnded,
}

/// `undo [n]` at `seat`'s prompt: list what it takes back, ask, then take it back.
fn undo<G: TextUi>(
    m: &mut Match<G>,
    seat: Seat,
    arg: &str,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Undone> {
    let texts: Vec<String> = match m.undoable(seat) {
        Ok(steps) => steps.iter().map(|s| s.text.clone()).collect(),
        Err(why) => {
            writeln!(out, "Nothing to take back: {why}.")?;
            return Ok(Undone::No);
        }
    };
    let all = texts.len();
    let n = if arg.is_empty() {
        all
    } else {
        match arg.parse::<usize>() {
            Ok(n) if (1..=all).contains(&n) => n,
            _ => {
                writeln!(
                    out,
                    "`undo N` takes back your last N decisions: N from 1 to {all} here."
                )?;
                return Ok(Undone::No);
            }
        }
    };
    let plural = if n == 1 { "" } else { "s" };
    writeln!(out, "Undo takes back your last {n} action{plural}:")?;
    for t in &texts[all - n..] {
        writeln!(out, "  {t}")?;
    }
    write!(out, "Take back {n} action{plural}? (y/N) ")?;
    out.flush()?;
    let Some(answer) = prompt_line(input, out)? else {
        writeln!(out, "\n(input ended: stopping)")?;
        return Ok(Undone::InputEnded);
    };
    if !matches!(answer.trim().to_lowercase().as_str(), "y" | "yes") {
        writeln!(out, "Nothing taken back.")?;
        return Ok(Undone::No);
    }
    match m.undo(seat, Some(n)) {
        Ok(steps) => {
            writeln!(
                out,
                "{} took back {} action{plural}.",
                G::seat_name(seat),
                steps.len()
            )?;
            Ok(Undone::Yes)
        }
        Err(why) => {
            writeln!(out, "Nothing taken back: {why}.")?;
            Ok(Undone::No)
        }
    }
}

/// "a number from 1 to 6", or "one of the numbers listed" when they are not 1, 2, 3 ….
fn choose_from(keys: &[usize]) -> String {
    if keys == [1] {
        "1".into()
    } else if keys.iter().enumerate().all(|(i, &k)| k == i + 1) {
        format!("a number from 1 to {}", keys.len())
    } else {
        "one of the numbers listed".into()
    }
}

/// Keep a public log line for the next hot-seat captain (the last few dozen only).
fn remember(recent: &mut Vec<String>, line: String) {
    const KEEP: usize = 60;
    if recent.len() == KEEP {
        recent.remove(0);
    }
    recent.push(line);
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
    while st.peek().is_some() {
        let i = st.next;
        let who = match st.game.actor() {
            Actor::Seat(s) => G::seat_name(s),
            Actor::Over => "nobody".into(),
        };
        // The step checks the action is legal before describing it.
        let events = st.step().map_err(|e| anyhow!("the save is refused: {e}"))?;
        let text = st.last_step().map_or(String::new(), |s| s.text.clone());
        writeln!(out, "#{i:<5} {who}: {text}")?;
        for e in &events {
            if let Some(l) = st.game.event_line(e, Viewer::All) {
                writeln!(out, "       {}", style::log_line(&l))?;
            }
        }
        while stepping {
            write!(out, "[{}/{total}] > ", i + 1)?;
            out.flush()?;
            let Some(line) = prompt_line(input, out)? else {
                stepping = false;
                break;
            };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_runs_of_choices_share_one_heading() {
        let mut items: Vec<String> = (0..8).map(|i| format!("Move to Sector {i}")).collect();
        items.push("Done".into());
        let keys: Vec<usize> = (1..=items.len()).collect();
        let t = numbered_by(&items, &keys);
        assert!(t.starts_with("  Move to…\n"), "{t}");
        assert!(t.contains("  1) Sector 0"), "{t}");
        assert!(t.contains("  9) Done"), "{t}");
        let short = numbered_by(&["Buy".to_string(), "Deal".to_string()], &[1, 2]);
        assert_eq!(short, "  1) Buy\n  2) Deal");
        // A game may number its choices itself (a sector keeps its number).
        let placed = numbered_by(&["Persephone".to_string(), "Ezra".to_string()], &[27, 96]);
        assert_eq!(placed, " 27) Persephone\n 96) Ezra");
    }
}
