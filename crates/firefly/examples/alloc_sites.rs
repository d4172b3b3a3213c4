//! A profiling aid for issue 11's allocation goal: plays random games of every story and
//! prints where `apply` and `legal_actions` still allocate (the engine's frames of each
//! allocation's backtrace, counted). `cargo run --release -p tabletop-firefly --example
//! alloc_sites -- [GAMES]`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::Mutex;

use tabletop_core::{Actor, Game, NewGame, Rng};
use tabletop_firefly::content::Content;
use tabletop_firefly::{Firefly, Options};

struct Recording;

thread_local! {
    static ON: Cell<bool> = const { Cell::new(false) };
}
static SITES: Mutex<Vec<std::backtrace::Backtrace>> = Mutex::new(Vec::new());

unsafe impl GlobalAlloc for Recording {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        record();
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        record();
        unsafe { System.realloc(p, l, n) }
    }
}

/// Captures the backtrace of an allocation made while recording (not of the capture's own).
fn record() {
    if ON.with(|o| o.replace(false)) {
        let bt = std::backtrace::Backtrace::force_capture();
        SITES.lock().unwrap().push(bt);
        ON.with(|o| o.set(true));
    }
}

#[global_allocator]
static GLOBAL: Recording = Recording;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let content = Content::builtin();
    let (mut legal, mut events) = (Vec::with_capacity(256), Vec::with_capacity(256));
    let mut rng = Rng::new(7);
    let mut steps = 0u64;
    for story in &content.stories {
        let mut o = Options::new(4, &story.id);
        o.max_rounds = Some(30);
        o.expansions = story.expansions_needed();
        for seed in 0..=games {
            let mut g = Firefly::new_game(content, &o, seed).expect("set-up");
            while g.actor() != Actor::Over {
                let rec = seed > 0;
                ON.with(|x| x.set(rec));
                g.legal_actions(&mut legal);
                let a = legal[rng.index(legal.len())];
                events.clear();
                g.apply_unchecked(a, &mut events);
                ON.with(|x| x.set(false));
                steps += rec as u64;
            }
        }
    }
    let sites = std::mem::take(&mut *SITES.lock().unwrap());
    let mut counts: HashMap<String, u64> = HashMap::new();
    for bt in &sites {
        let text = bt.to_string();
        // The engine's innermost frames, each with its source line.
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let frames: Vec<String> = lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.contains(": tabletop_firefly::"))
            .map(|(i, l)| {
                let name = l.split_once(": ").map_or(*l, |x| x.1);
                let at = lines
                    .get(i + 1)
                    .and_then(|n| n.strip_prefix("at "))
                    .and_then(|n| n.rsplit_once("/src/"))
                    .map_or("", |x| x.1);
                format!("{name} ({at})")
            })
            .take(3)
            .collect();
        *counts.entry(frames.join("\n    <- ")).or_default() += 1;
    }
    let mut counts: Vec<_> = counts.into_iter().collect();
    counts.sort_by_key(|c| std::cmp::Reverse(c.1));
    println!(
        "{} allocations in {steps} steps ({:.3} a step)",
        sites.len(),
        sites.len() as f64 / steps as f64
    );
    for (site, n) in counts.iter().take(25) {
        println!("{n:6}  {site}");
    }
}
