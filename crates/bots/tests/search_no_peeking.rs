//! The search bot decides on what its seat may know (issue 12): two tables that differ only in
//! what the deciding seat cannot see give the same decision from a search bot with the same
//! seed, at many searched decisions of real games of both games.
//!
//! Why this would catch a peek: the search plays rollouts on its copies of the state, and a
//! rollout's course depends on the deck orders, the rivals' hands, the face-down threats and the
//! dice. Without the determinization of every copy (`SearchBot::search`), the two twins' rollouts
//! differ, their values differ, and the decisions part at some of the positions compared here.
//! With it, each copy is dealt anew from what the seat sees only, so both twins' searches run
//! the very same iterations.

use tabletop_bots::search::{Budget, SearchBot, SearchConfig, SearchGame};
use tabletop_bots::Bot;
use tabletop_core::{Actor, Game, NewGame};

/// A small budget keeps the test fast; a few iterations already tell the twins apart if the
/// search could see what differs.
fn small<G: SearchGame>() -> SearchConfig {
    let d = G::default_config();
    SearchConfig {
        budget: Budget::iterations(6),
        horizon: 40,
        // A paired search of so few rounds would never clear its confidence bar and always
        // keep the heuristic's choice, whatever it saw: without the bar its choice follows the
        // rollouts, so peeking would show.
        paired: d.paired.map(|_| 0.0),
        margin: if d.paired.is_some() { 0.0 } else { d.margin },
        ..d
    }
}

#[test]
fn firefly_search_decides_alike_on_tables_that_differ_only_in_hidden_cards() {
    use tabletop_bots::firefly::FireflyBot;
    use tabletop_firefly::content::Content;
    use tabletop_firefly::testing::{reverse_draw_piles, swap_a_rivals_hidden_job};
    use tabletop_firefly::{Firefly, Options};

    let content = Content::builtin();
    let (mut compared, mut differing_twins) = (0, 0);
    for game in 0..3u64 {
        let mut g =
            Firefly::new_game(content, &Options::new(3, "Harken's Folly"), 100 + game).unwrap();
        let mut bots: Vec<FireflyBot> = (0..3).map(|s| FireflyBot::new(game * 10 + s)).collect();
        let mut legal = Vec::new();
        let mut ev = Vec::new();
        for step in 0..1500u64 {
            let Actor::Seat(seat) = g.actor() else { break };
            g.legal_actions(&mut legal);
            if step % 5 == 0 && legal.len() > 1 && g.key_decision(&legal) {
                // The twin: a rival's hand job swapped with an unseen card of the same Contact,
                // and every face-down Nav and Supply pile in reverse order.
                let mut twin = g.clone();
                if swap_a_rivals_hidden_job(&mut twin, seat) {
                    reverse_draw_piles(&mut twin);
                    let a1 = SearchBot::<Firefly>::with_config(step, small::<Firefly>())
                        .choose(&g, seat, &legal);
                    let a2 = SearchBot::<Firefly>::with_config(step, small::<Firefly>())
                        .choose(&twin, seat, &legal);
                    assert_eq!(
                        a1, a2,
                        "game {game}, step {step}: the search saw hidden cards"
                    );
                    compared += 1;
                    let hands = |f: &Firefly| f.players.iter().map(|p| p.hand).collect::<Vec<_>>();
                    differing_twins += (hands(&twin) != hands(&g)) as u32;
                }
            }
            let a = bots[seat as usize].choose(&g, seat, &legal);
            ev.clear();
            g.apply_unchecked(a, &mut ev);
        }
    }
    assert!(compared >= 40, "only {compared} positions compared");
    assert_eq!(
        differing_twins, compared,
        "every twin differs in a rival's hand"
    );
}

#[test]
fn mandalorian_search_decides_alike_on_tables_that_differ_only_in_hidden_things() {
    use tabletop_bots::mandalorian::MandalorianBot;
    use tabletop_mandalorian::testing::{hidden_parts, hidden_twin};
    use tabletop_mandalorian::*;

    let content = embedded();
    let (mut compared, mut differing) = (0, 0);
    let mut ev = Vec::new();
    for m in content.missions.iter().map(|m| m.number) {
        let opts = Options::new(m, Difficulty::Standard, Mode::Standard, 2);
        let mut g = Mandalorian::new_game(content, &opts, m as u64).unwrap();
        let mut bot = MandalorianBot::new(m as u64);
        let mut legal = Vec::new();
        for step in 0..400u64 {
            if g.is_over() {
                break;
            }
            g.legal_actions(&mut legal);
            if step % 2 == 0 && legal.len() > 1 && g.key_decision(&legal) {
                if let Some(twin) = hidden_twin(&g, g.active_seat(), step) {
                    let seat = g.active_seat();
                    let cfg = small::<Mandalorian>();
                    let a1 =
                        SearchBot::<Mandalorian>::with_config(step, cfg).choose(&g, seat, &legal);
                    let a2 = SearchBot::<Mandalorian>::with_config(step, cfg)
                        .choose(&twin, seat, &legal);
                    assert_eq!(a1, a2, "mission {m}, step {step}: the search peeked");
                    compared += 1;
                    differing += (hidden_parts(&g) != hidden_parts(&twin)) as u32;
                }
            }
            let a = bot.choose(&g);
            ev.clear();
            g.apply_unchecked(a, &mut ev);
        }
    }
    assert!(compared >= 30, "only {compared} positions compared");
    assert_eq!(
        differing, compared,
        "every twin differs in something hidden"
    );
}
