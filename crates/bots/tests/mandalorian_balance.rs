//! Balance of the original missions, measured with the bot. Two statements:
//! * the difficulty levels are ordered (MA-DIFF-2..4): recruit >= standard >= veteran on every
//!   mission, and recruit measurably easier than veteran over all missions;
//! * no mission is unwinnable or trivially won: each between 10 % and 90 % at standard, recruit
//!   measurably easier than veteran on each mission, and mission 2's steps at least 5 points
//!   apart. The missions were rebalanced (issue 12) after the bot stopped wasting its Move
//!   actions and won mission 4 at 94-98 % at every level: a shorter crisis track on missions
//!   2-4, tougher targets on mission 4, a crisis that makes two slavers fire on mission 2 (so
//!   Health, the recruit level's gift, counts there too). With the normal bot they now play at
//!   53-76 %, each level's step at least 5 points.
//!
//! Seeds are fixed, so the result is deterministic: a test fails when a change to the rules, the
//! content or the bot breaks the balance. Both tests share one set of games.
//! `TABLETOP_BALANCE_GAMES` sets the games per mission and difficulty (default 300).

use rayon::prelude::*;
use tabletop_bots::mandalorian::{play_out, MandalorianBot};
use tabletop_core::NewGame;
use tabletop_mandalorian::*;

fn games() -> u64 {
    std::env::var("TABLETOP_BALANCE_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300)
}

/// Win rates of `n(mission)` solo games for every (mission, difficulty), in that order. The
/// games are independent and deterministic per seed, so all of them run in one parallel pass
/// (the same games and result as one after the other; one pass keeps both cores busy to the
/// end, where a pass per mission and difficulty waited for its slowest game twelve times).
fn win_rates(missions: &[u8], n: impl Fn(u8) -> u64) -> Vec<f64> {
    let cases: Vec<(u8, Difficulty)> = missions
        .iter()
        .flat_map(|&m| Difficulty::ALL.map(|d| (m, d)))
        .collect();
    let games: Vec<(usize, u64)> = cases
        .iter()
        .enumerate()
        .flat_map(|(i, &(m, _))| (0..n(m)).map(move |seed| (i, seed)))
        .collect();
    let won: Vec<(usize, bool)> = games
        .into_par_iter()
        .map(|(i, seed)| {
            let (mission, d) = cases[i];
            let mut g =
                Mandalorian::new_game(embedded(), &Options::solo(mission, d), seed).unwrap();
            let mut bot = MandalorianBot::new(seed);
            let (won, _) = play_out(&mut g, &mut bot, 3000);
            assert!(
                g.outcome.is_some(),
                "mission {mission} {d:?} seed {seed}: the game did not end"
            );
            (i, won)
        })
        .collect();
    let mut wins = vec![0u64; cases.len()];
    for (i, w) in won {
        wins[i] += w as u64;
    }
    cases
        .iter()
        .zip(wins)
        .map(|(&(m, _), w)| w as f64 / n(m) as f64)
        .collect()
}

/// Steps of the difficulty order may invert by this much before the test fails: 9 games of
/// 300. The seeds are fixed, so a run is deterministic; the margin only absorbs the reshuffling
/// that an unrelated change to the content, rules or bot causes (the sampling error of a
/// difference of two win rates over 300 games is about 4 points), while a real inversion of the
/// order fails.
const ORDER_TOLERANCE: f64 = 0.03;

/// Mission 2's steps must be 5 points apart: at 300 games the sampling error of such a
/// difference (about 4 points) is nearly the margin itself, so mission 2 plays at least this
/// many games (about 2 points).
const MISSION_2_GAMES: u64 = 1_000;

const MISSIONS: [u8; 4] = [1, 2, 3, 4];

fn games_of(m: u8) -> u64 {
    if m == 2 {
        games().max(MISSION_2_GAMES)
    } else {
        games()
    }
}

/// Recruit, standard and veteran win rates of each of [`MISSIONS`], played once for both tests
/// (they run at the same time; the second waits for the first's games).
fn rates() -> &'static [(f64, f64, f64)] {
    static RATES: std::sync::OnceLock<Vec<(f64, f64, f64)>> = std::sync::OnceLock::new();
    RATES.get_or_init(|| {
        let rates = win_rates(&MISSIONS, games_of);
        let rsv: Vec<_> = rates.chunks(3).map(|c| (c[0], c[1], c[2])).collect();
        for (&m, &(r, s, v)) in MISSIONS.iter().zip(&rsv) {
            eprintln!(
                "mission {m}: recruit {:.1}%  standard {:.1}%  veteran {:.1}%  ({} solo games each)",
                r * 100.0,
                s * 100.0,
                v * 100.0,
                games_of(m)
            );
        }
        rsv
    })
}

#[test]
fn difficulty_levels_are_ordered_recruit_standard_veteran() {
    let (mut recruit, mut veteran) = (0.0, 0.0);
    for (&m, &(r, s, v)) in MISSIONS.iter().zip(rates()) {
        // MA-DIFF-2..4: recruit (more Health) >= standard >= veteran (a hand of 3).
        assert!(
            r >= s - ORDER_TOLERANCE,
            "mission {m}: recruit ({:.1}%) is harder than standard ({:.1}%)",
            r * 100.0,
            s * 100.0
        );
        assert!(
            s >= v - ORDER_TOLERANCE,
            "mission {m}: standard ({:.1}%) is harder than veteran ({:.1}%)",
            s * 100.0,
            v * 100.0
        );
        recruit += r;
        veteran += v;
    }
    assert!(
        recruit / 4.0 >= veteran / 4.0 + 0.05,
        "recruit is not measurably easier than veteran overall"
    );
}

#[test]
fn every_mission_is_winnable_not_trivial_and_its_levels_apart() {
    for (&m, &(r, s, v)) in MISSIONS.iter().zip(rates()) {
        assert!(
            (0.10..=0.90).contains(&s),
            "mission {m}: standard win rate {:.1}% is outside 10..90%",
            s * 100.0
        );
        assert!(
            r >= v + 0.05,
            "mission {m}: recruit ({:.1}%) is not measurably easier than veteran ({:.1}%)",
            r * 100.0,
            v * 100.0
        );
        if m == 2 {
            // Mission 2's difficulty levels once barely differed (Health did not matter there):
            // each step must stay a clear one.
            assert!(
                r >= s + 0.05 && s >= v + 0.05,
                "mission 2: recruit {:.1}%, standard {:.1}%, veteran {:.1}% are not 5 points apart",
                r * 100.0,
                s * 100.0,
                v * 100.0
            );
        }
    }
}
