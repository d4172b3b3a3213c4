//! Seeds and seats: per-game and per-bot seeds of simulations, who plays a seat.

use anyhow::{bail, Result};
use tabletop_bots::{Bot, RandomBot};
use tabletop_core::{Game, Seat};

pub use tabletop_core::rng::mix;

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
    /// A bot, by name (`easy`, `normal`, `hard`, `random`).
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

/// The bots that can sit at a table of either game, weakest level first: `easy` (the heuristic
/// with a beginner's slips), `normal` (the heuristic bot), `hard` (the search bot), and `random`
/// (uniformly random legal actions, for tests).
pub const BOTS: &[&str] = &["easy", "normal", "hard", "random"];

/// The old name of the `normal` bot (saves and commands from before the levels still work).
pub const NORMAL_ALIAS: &str = "bot";

/// A bot name as given (any case, `bot` for `normal`), if it is one of `bots`.
pub fn bot_name(name: &str, bots: &[&str]) -> Option<String> {
    let s = name.trim().to_lowercase();
    if bots.contains(&s.as_str()) {
        return Some(s);
    }
    (s == NORMAL_ALIAS && bots.contains(&"normal")).then(|| "normal".into())
}

/// Parse `human,hard,normal`: each entry is `human` (or `h`) or one of `bots` (`bot` is
/// `normal`).
pub fn parse_seats(list: &str, bots: &[&str]) -> Result<Vec<SeatKind>> {
    let mut out = Vec::new();
    for (i, raw) in list.split(',').enumerate() {
        let s = raw.trim().to_lowercase();
        match s.as_str() {
            "human" | "h" => out.push(SeatKind::Human),
            _ if bot_name(&s, bots).is_some() => {
                out.push(SeatKind::Bot(bot_name(&s, bots).unwrap_or_default()))
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_levels_random_and_the_old_name_bot_are_accepted() {
        let s = parse_seats("human, easy,Normal,HARD,random,bot", BOTS).unwrap();
        let labels: Vec<&str> = s.iter().map(|k| k.label()).collect();
        assert_eq!(
            labels,
            ["human", "easy", "normal", "hard", "random", "normal"]
        );
    }

    #[test]
    fn an_unknown_level_is_refused_naming_the_seat_and_the_levels() {
        let e = parse_seats("normal,expert", BOTS).unwrap_err().to_string();
        assert!(e.contains("seat 2") && e.contains("\"expert\""), "{e}");
        assert!(e.contains("easy, normal, hard, random"), "{e}");
        assert!(parse_seats("", BOTS).is_err());
        assert_eq!(bot_name("bot", BOTS).as_deref(), Some("normal"));
        assert_eq!(bot_name("genius", BOTS), None);
    }
}
