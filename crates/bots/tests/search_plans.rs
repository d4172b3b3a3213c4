//! The hard level's flight plans (issue 12): a turn's action is a Full Burn or a Mosey, not
//! where to (FF-FLY-1, FF-FLY-5), so the paired search also tries flights toward the places the
//! heuristic ranks after its own choice. These tests check that the plans are distinct places
//! to go other than the heuristic's own, started by a legal flight, and that a bot told to
//! follow a plan flies toward its place.

use tabletop_bots::firefly::FireflyBot;
use tabletop_bots::Bot;
use tabletop_core::{Actor, Game, NewGame};
use tabletop_firefly::content::{Content, SectorId};
use tabletop_firefly::state::Phase;
use tabletop_firefly::{Action, Firefly, Options};

/// Turn decisions of heuristic games where a flight may start, with the game at each.
fn flight_decisions(story: &str, seed: u64, every: usize) -> Vec<(Firefly, u8, Vec<Action>)> {
    let mut g = Firefly::new_game(Content::builtin(), &Options::new(2, story), seed).unwrap();
    let mut bots: Vec<FireflyBot> = (0..2).map(|s| FireflyBot::new(seed * 7 + s)).collect();
    let (mut legal, mut ev, mut out) = (Vec::new(), Vec::new(), Vec::new());
    let mut seen = 0;
    for _ in 0..4000 {
        let Actor::Seat(seat) = g.actor() else { break };
        g.legal_actions(&mut legal);
        if g.phase == Phase::Actions && !g.turn.fly && legal.contains(&Action::FullBurn) {
            seen += 1;
            if seen % every == 0 {
                out.push((g.clone(), seat, legal.clone()));
            }
        }
        let a = bots[seat as usize].choose(&g, seat, &legal);
        ev.clear();
        g.apply_unchecked(a, &mut ev);
    }
    out
}

/// Play `seat`'s flight with `bot` until the turn's next action (or the turn's end).
fn fly(g: &mut Firefly, bot: &mut FireflyBot, seat: u8) {
    let (mut legal, mut ev) = (Vec::new(), Vec::new());
    for _ in 0..200 {
        if g.actor() != Actor::Seat(seat) || g.phase == Phase::Actions {
            return;
        }
        g.legal_actions(&mut legal);
        let a = bot.choose(g, seat, &legal);
        ev.clear();
        g.apply_unchecked(a, &mut ev);
    }
}

#[test]
fn plans_are_distinct_places_each_started_by_a_legal_flight() {
    let (mut planned, mut own_flights) = (0, 0);
    for seed in 0..4 {
        for (g, seat, legal) in flight_decisions("First Time in the Captain's Chair", seed, 3) {
            let mut bot = FireflyBot::new(seed);
            let own = bot.choose(&g, seat, &legal);
            let mut plans = Vec::new();
            bot.flight_plans(&g, seat, &legal, 3, &mut plans);
            // The heuristic's own flight is its own candidate (its rollouts follow its place),
            // never a plan besides it.
            let own_place = bot.planned_flight(&g, seat);
            assert_eq!(
                own_place.is_some(),
                matches!(own, Action::FullBurn | Action::Mosey),
                "{own:?}"
            );
            if let Some(t) = own_place {
                assert!(
                    plans.iter().all(|p| p.1 != t),
                    "its own place planned again"
                );
                own_flights += 1;
            }
            assert!(plans.len() <= 3);
            let here = g.player(seat).sector;
            let mut targets: Vec<SectorId> = plans.iter().map(|p| p.1).collect();
            for &(a, t) in &plans {
                assert!(legal.contains(&a), "{a:?} is not legal");
                assert!(matches!(a, Action::FullBurn | Action::Mosey));
                assert_ne!(t, here, "a plan to stay where we are");
            }
            targets.sort();
            targets.dedup();
            assert_eq!(targets.len(), plans.len(), "a place planned twice");
            planned += plans.len();
        }
    }
    assert!(planned >= 20, "only {planned} plans offered");
    assert!(
        own_flights >= 5,
        "only {own_flights} flights of the heuristic's own"
    );
}

#[test]
fn a_bot_told_a_plan_flies_toward_its_place() {
    let (mut closer, mut flights) = (0, 0);
    for seed in 0..4 {
        for (g, seat, legal) in flight_decisions("Harken's Folly", seed, 2) {
            let mut own = FireflyBot::new(seed);
            own.choose(&g, seat, &legal);
            let mut plans = Vec::new();
            own.flight_plans(&g, seat, &legal, 3, &mut plans);
            let here = g.player(seat).sector;
            for (a, target) in plans {
                // A rollout's fresh bot, told the plan before the flight's first action.
                let mut bot = FireflyBot::new(seed + 100);
                let mut s = g.clone();
                bot.fly_toward(&s, seat, target);
                let mut ev = Vec::new();
                s.apply_unchecked(a, &mut ev);
                fly(&mut s, &mut bot, seat);
                let d = |x| s.board().distance(x, target).unwrap_or(u16::MAX);
                flights += 1;
                // Nav cards may end a flight early or move the ship (a Cruiser, Reavers).
                closer += (d(s.player(seat).sector) < d(here)) as u32;
            }
        }
    }
    assert!(flights >= 20, "only {flights} planned flights");
    assert!(
        closer * 10 >= flights * 8,
        "{closer} of {flights} planned flights got closer to their place"
    );
}
