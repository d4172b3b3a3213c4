//! Colours and screen control on a terminal: on only when standard output is a terminal and
//! `NO_COLOR` is not set (anstream decides, as clap does), so that pipes, files and tests get
//! plain text.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

use anstyle::{AnsiColor, Style};

static COLOUR: AtomicBool = AtomicBool::new(false);
static TERMINAL: AtomicBool = AtomicBool::new(false);

/// Decide, once at start-up, from standard output and the environment (`NO_COLOR`,
/// `CLICOLOR_FORCE` …).
pub fn init() {
    let out = std::io::stdout();
    let colour = anstream::AutoStream::choice(&out) != anstream::ColorChoice::Never;
    COLOUR.store(colour, Ordering::Relaxed);
    TERMINAL.store(out.is_terminal(), Ordering::Relaxed);
}

/// Whether text is painted.
pub fn colour() -> bool {
    COLOUR.load(Ordering::Relaxed)
}

/// Whether standard output is a terminal (the screen may be cleared).
pub fn terminal() -> bool {
    TERMINAL.load(Ordering::Relaxed)
}

/// Clear the screen and its scrollback, cursor home (ECMA-48 ED 2 and the xterm ED 3).
pub const CLEAR_SCREEN: &str = "\x1b[H\x1b[2J\x1b[3J";

pub const PROMPT: Style = AnsiColor::Cyan.on_default().bold();
pub const ERROR: Style = AnsiColor::Red.on_default();
pub const BANNER: Style = Style::new().invert().bold();
pub const HEADING: Style = Style::new().bold();
pub const GOOD: Style = AnsiColor::Green.on_default();
pub const BAD: Style = AnsiColor::Red.on_default();
/// Firefly's Alliance Space and Border Space on the map.
pub const ALLIANCE: Style = AnsiColor::Blue.on_default();
pub const BORDER: Style = AnsiColor::Yellow.on_default();
/// Rim Space (the Blue Sun and Kalidasa board sections): red-bordered on the map.
pub const RIM: Style = AnsiColor::Red.on_default();
/// Marks on a map: your own ship and your jobs, other ships.
pub const MINE: Style = AnsiColor::Green.on_default().bold();
pub const OTHERS: Style = AnsiColor::Magenta.on_default().bold();
/// The links between sectors on the map.
pub const LINK: Style = Style::new().dimmed();

/// `text` in `style` when colours are on.
pub fn paint(style: Style, text: &str) -> String {
    if colour() && !text.is_empty() {
        format!("{style}{text}{style:#}")
    } else {
        text.to_string()
    }
}

/// A log line as the terminal shows it: a new turn or round in bold, a win in green, a loss or
/// a failure in red, the rest plain.
pub fn log_line(line: &str) -> String {
    let t = line.trim_start();
    let style = if t.starts_with("──") || t.starts_with("— end of turn") {
        HEADING
    } else if t.starts_with('★') || t.starts_with("MISSION COMPLETE") {
        GOOD
    } else if t.starts_with("MISSION FAILED") || t.contains(" is Killed") {
        BAD
    } else {
        return line.to_string();
    };
    paint(style, line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_unless_colours_are_on() {
        // Tests do not call init: colours are off, and nothing is painted.
        assert_eq!(paint(ERROR, "Refused"), "Refused");
        assert_eq!(log_line("── Round 2 ──"), "── Round 2 ──");
    }
}
