//! Check aid for speed work on the Firefly engine or bot (issue 11): plays bot-only games of
//! every story (seeds `0..N`, base game and both expansions), hashes every decision (`digest`)
//! and, apart, the final states' JSON (`end states`: a change to how the state is kept may
//! change the order of a set in it without changing a decision), and times the bot's decisions
//! alone (CPU time of this thread: each game is played with the bots, then replayed without
//! them, and the replay's time is taken off; no clock is read per decision, as a CPU-time read
//! costs about as much as a decision). A change that must not change behaviour prints the same
//! digests before and after; the decisions/s figure is the bot's speed.
//! `N=20 cargo run --release -p tabletop-bots --example firefly_decisions_digest`

use std::hash::{DefaultHasher, Hash, Hasher};

use cpu_time::ThreadTime;
use tabletop_bots::firefly::FireflyBot;
use tabletop_bots::Bot;
use tabletop_core::{Actor, Game, NewGame};
use tabletop_firefly::content::{Content, Expansion};
use tabletop_firefly::{Firefly, Options};

fn main() {
    let n: u64 = std::env::var("N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let content = Content::builtin();
    let (mut all_decisions, mut all_bot) = (0u64, std::time::Duration::ZERO);
    for expansions in [vec![], vec![Expansion::BlueSun, Expansion::Kalidasa]] {
        for story in &content.stories {
            let mut o = Options::new(4, &story.id);
            o.max_rounds = Some(60);
            o.expansions = expansions.clone();
            if Firefly::new_game(content, &o, 0).is_err() {
                continue;
            }
            let (mut h, mut hs) = (DefaultHasher::new(), DefaultHasher::new());
            let (mut decisions, mut bot_time) = (0u64, std::time::Duration::ZERO);
            for seed in 0..n {
                let mut g = Firefly::new_game(content, &o, seed).unwrap();
                let mut bots: Vec<FireflyBot> =
                    (0..4).map(|s| FireflyBot::new(seed * 31 + s)).collect();
                let (mut legal, mut ev, mut played) = (Vec::new(), Vec::new(), Vec::new());
                let t = ThreadTime::now();
                while let Actor::Seat(s) = g.actor() {
                    g.legal_actions(&mut legal);
                    let a = bots[s as usize].choose(&g, s, &legal);
                    played.push(a);
                    ev.clear();
                    g.apply_unchecked(a, &mut ev);
                }
                let with_bots = t.elapsed();
                let mut replay = Firefly::new_game(content, &o, seed).unwrap();
                let t = ThreadTime::now();
                for &a in &played {
                    replay.legal_actions(&mut legal);
                    ev.clear();
                    replay.apply_unchecked(a, &mut ev);
                }
                bot_time += with_bots.saturating_sub(t.elapsed());
                std::hint::black_box(&replay);
                decisions += played.len() as u64;
                played.hash(&mut h);
                g.state_json().hash(&mut hs);
            }
            println!(
                "{:<40} {:>9}: {decisions:>7} decisions, {:>6.0} decisions/s, end states {:016x}, digest {:016x}",
                story.title,
                if expansions.is_empty() {
                    "base"
                } else {
                    "blue-sun,kalidasa"
                },
                decisions as f64 / bot_time.as_secs_f64(),
                hs.finish(),
                h.finish()
            );
            all_decisions += decisions;
            all_bot += bot_time;
        }
    }
    println!(
        "all: {all_decisions} decisions in {:.2} s of bot CPU time: {:.0} decisions/s",
        all_bot.as_secs_f64(),
        all_decisions as f64 / all_bot.as_secs_f64()
    );
}
