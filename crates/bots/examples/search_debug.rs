//! The search bot's root statistics at searched decisions of a heuristic game, to see what it
//! prefers over the heuristic and why: `cargo run --release -p tabletop-bots --example
//! search_debug [STORY] [ITERATIONS] [HORIZON]` (the horizon in decisions, 0 to play rollouts
//! to the end; by default the hard level's own; `PLAYERS=4` for four captains). The game has
//! no round limit, as a game a
//! player starts; each decision prints its time and the decisions its rollouts simulated.

use tabletop_bots::firefly::FireflyBot;
use tabletop_bots::search::{Budget, SearchBot, SearchConfig, SearchGame};
use tabletop_bots::Bot;
use tabletop_core::{Actor, Game, NewGame};
use tabletop_firefly::content::Content;
use tabletop_firefly::{Firefly, Options};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let story = args
        .get(1)
        .map_or("First Time in the Captain's Chair", |s| s.as_str());
    let iterations = args.get(2).map_or(96, |s| s.parse().unwrap());
    let defaults = Firefly::default_config();
    let horizon = args.get(3).map_or(defaults.horizon, |s| s.parse().unwrap());
    let cfg = SearchConfig {
        budget: Budget::iterations(iterations),
        horizon: if horizon == 0 { u32::MAX } else { horizon },
        ..defaults
    };
    let content = Content::builtin();
    // PLAYERS=4: that many captains (2 by default).
    let players: u8 = std::env::var("PLAYERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    let mut options = Options::new(players, story);
    // The story's own expansions (Rim Rider: Blue Sun and Kalidasa).
    options.expansions = content
        .story(story)
        .map(|s| content.stories[s as usize].expansions_needed())
        .unwrap_or_default();
    let mut g = Firefly::new_game(content, &options, 3).unwrap();
    let mut bots: Vec<FireflyBot> = (0..players as u64).map(FireflyBot::new).collect();
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    let mut shown = 0;
    for step in 0..3000u64 {
        let Actor::Seat(seat) = g.actor() else { break };
        g.legal_actions(&mut legal);
        let a = bots[seat as usize].choose(&g, seat, &legal);
        let planned = bots[seat as usize].planned_flight(&g, seat);
        if legal.len() > 1 && g.key_decision(&legal) && step % 4 == 0 && shown < 25 {
            shown += 1;
            let mut s = SearchBot::<Firefly>::with_config(step, cfg);
            let (b, stats) = s.debug_search(&g, seat, &legal);
            let st = s.last_stats();
            println!(
                "step {step} round {} seat {seat} {:?}: heuristic {} | search {} ({} ms, {} decisions simulated)",
                g.round,
                std::mem::discriminant(&g.phase),
                g.describe_action(a),
                g.describe_action(b),
                st.elapsed.as_millis(),
                st.steps
            );
            for (act, plan, visits, mean) in stats {
                let toward = plan.map_or(String::new(), |s| {
                    format!(" toward {}", g.content.sector_name(s))
                });
                println!(
                    "    {:>4} visits  {:.3}  {}{toward}{}",
                    visits,
                    mean,
                    g.describe_action(act),
                    if act == a && (plan.is_none() || plan == planned) {
                        "  <- heuristic"
                    } else {
                        ""
                    }
                );
            }
        }
        ev.clear();
        g.apply_unchecked(a, &mut ev);
    }
}
