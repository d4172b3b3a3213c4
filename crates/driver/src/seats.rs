//! Seeds and seats: per-game and per-bot seeds of simulations, who plays a seat.

use anyhow::{bail, Result};
use tabletop_bots::{Bot, RandomBot};
use tabletop_core::{Game, Seat};

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
