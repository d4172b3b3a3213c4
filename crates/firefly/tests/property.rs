//! Property test: thousands of random 4-player games, checking after every step that
//! * every card is in exactly one place, money, goods and capacities hold (invariants::check);
//! * a seat's view shows no other seat's hand, nor cards another seat is considering;
//!
//! and after every game that replaying (seed, actions) reproduces the final state exactly.
//!
//! `TABLETOP_PROPTEST_GAMES` sets the number of games (default 10,000; run with --release).

use rayon::prelude::*;
use tabletop_core::{Actor, Game, NewGame, Replay, Rng};
use tabletop_firefly::content::{ContactName, Content, Ending, Expansion, ExpansionSet, Source};
use tabletop_firefly::scenario::Scenario;
use tabletop_firefly::testing::{effects_content, EFFECTS_POSITION};
use tabletop_firefly::{invariants, Action, Event, Firefly, Options, Phase};

fn games() -> u64 {
    std::env::var("TABLETOP_PROPTEST_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

/// `serialized`: also walk through everything the view serializes (the costly part, so not
/// after every step).
fn check_views(g: &Firefly, serialized: bool) -> Result<(), String> {
    for seat in 0..g.num_seats() as u8 {
        let v = g.view(seat);
        for p in &v.players {
            if p.seat != seat && p.hand.is_some() {
                return Err(format!("seat {seat} sees seat {}'s hand", p.seat));
            }
            if p.seat == seat
                && p.hand.as_ref().map(|h| h.len()) != Some(g.players[seat as usize].hand.len())
            {
                return Err(format!("seat {seat} does not see its own hand"));
            }
        }
        if seat != g.actor {
            let hidden = match &v.phase {
                Phase::Considering { considered, .. } | Phase::Purchasing { considered, .. } => {
                    considered.iter().all(|&c| c == u16::MAX)
                }
                Phase::Accepting { considered, .. } => considered.iter().all(|&c| c == u16::MAX),
                _ => true,
            };
            if !hidden {
                return Err(format!(
                    "seat {seat} sees the cards seat {} is considering",
                    g.actor
                ));
            }
        }
        // The serialized view never contains the deck order or the RNG.
        if serialized {
            if let Err(e) = leak::check(&v) {
                return Err(format!("seat {seat}'s view leaks hidden piles: {e}"));
            }
        }
    }
    Ok(())
}

/// Play one random game from `opts` and `seed`, checking every invariant and view after every
/// step and the replay at the end; `seen` is shown every event. Returns the number of steps.
fn play_random(
    content: &'static Content,
    opts: &Options,
    seed: u64,
    seen: &mut impl FnMut(&Event),
) -> u64 {
    let mut actions = Vec::new();
    let mut events = Vec::new();
    let mut g = Firefly::new_game(content, opts, seed).unwrap();
    let mut replay: Replay<Options, Action> =
        Replay::new("firefly", content.fingerprint.clone(), opts.clone(), seed);
    let mut pick = Rng::new(seed.wrapping_mul(0x9e3779b97f4a7c15));
    while g.actor() != Actor::Over {
        g.legal_actions(&mut actions);
        assert!(
            !actions.is_empty(),
            "seed {seed}: no legal action in {:?}",
            g.phase
        );
        let mut a = actions[pick.index(actions.len())];
        if a == Action::EndTurn && actions.len() > 1 && pick.below(3) != 0 {
            a = actions[pick.index(actions.len())];
        }
        events.clear();
        g.apply_unchecked(a, &mut events);
        events.iter().for_each(&mut *seen);
        replay.actions.push(a);
        if let Err(e) = invariants::check(&g) {
            panic!(
                "seed {seed}, action #{} {a:?}: {e}",
                replay.actions.len() - 1
            );
        }
        // The views' structure after every step; all they serialize every 16th step and at the
        // end.
        let serialized = replay.actions.len().is_multiple_of(16) || g.actor() == Actor::Over;
        if let Err(e) = check_views(&g, serialized) {
            panic!(
                "seed {seed}, action #{} {a:?}: {e}",
                replay.actions.len() - 1
            );
        }
    }
    // Replays reproduce the state; every 50th game also through the JSON save format.
    let again: Firefly = if seed.is_multiple_of(50) {
        let text = replay.to_json();
        Replay::<Options, Action>::from_json(&text)
            .unwrap()
            .play(content, &content.fingerprint, None)
            .unwrap()
    } else {
        replay.play(content, &content.fingerprint, None).unwrap()
    };
    assert_eq!(
        again.state_json(),
        g.state_json(),
        "seed {seed}: replay differs"
    );
    replay.actions.len() as u64
}

#[test]
fn random_four_player_games_keep_every_invariant_and_replay_exactly() {
    let content = Content::builtin();
    let stories: Vec<String> = content
        .stories
        .iter()
        .filter(|s| s.players[0] <= 4 && s.players[1] >= 4 && s.source == Source::Base)
        .map(|s| s.id.clone())
        .collect();
    assert!(!stories.is_empty());
    let n = games();
    // The games are independent: both cores play them.
    let total_steps: u64 = (0..n)
        .into_par_iter()
        .map(|seed| {
            let mut opts = Options::new(4, &stories[(seed as usize) % stories.len()]);
            opts.max_rounds = Some(12);
            play_random(content, &opts, seed, &mut |_| {})
        })
        .sum();
    eprintln!("{n} games, {total_steps} steps");
}

/// The same with each set of expansions (FF-BS, FF-KAL): Blue Sun, Kalidasa and both, each with
/// and without Breakin' Atmo, and Breakin' Atmo alone: every invariant (the Cutters, the
/// Corvette, Alert tokens included) holds and replays are exact; the Rim's tokens and ships are
/// met, and Breakin' Atmo's cards are taken.
#[test]
fn random_games_with_each_set_of_expansions_keep_every_invariant() {
    let content = Content::builtin();
    let n = (games() / 4).max(300);
    // The games are independent: both cores play them; what each meets is added up: by board,
    // Alert tokens placed, rolled, Rim ships moved, Showdowns and fugitives bound (P&BH),
    // Breakin' Atmo cards taken (jobs accepted, Supply cards bought or hired).
    let met = (0..n)
        .into_par_iter()
        .map(|seed| {
            let mut set = ExpansionSet::BOARDS[1 + (seed % 3) as usize];
            // Breakin' Atmo (cards only) with every other pair of Rim sets, and alone in every
            // seventh game; Pirates & Bounty Hunters with every other game.
            let atmo_set = ExpansionSet::of(&[Expansion::BreakinAtmo]);
            if seed % 7 == 6 {
                set = atmo_set;
            } else if (seed / 3) % 2 == 1 {
                set = ExpansionSet(set.0 | atmo_set.0);
            }
            if seed % 2 == 0 {
                set =
                    ExpansionSet(set.0 | ExpansionSet::of(&[Expansion::PiratesAndBountyHunters]).0);
            }
            let stories: Vec<String> = content
                .stories
                .iter()
                .filter(|s| s.players[0] <= 4 && s.players[1] >= 4 && s.playable_with(set))
                .map(|s| s.id.clone())
                .collect();
            let mut opts = Options::new(4, &stories[(seed as usize / 3) % stories.len()]);
            opts.max_rounds = Some(12);
            opts.expansions = set.list();
            // Every fifth game with a Set Up card of the expansions in play (FF-BS-5).
            let cards: Vec<&str> = content
                .setup_cards
                .iter()
                .filter(|c| set.includes(c.source))
                .map(|c| c.id.as_str())
                .collect();
            if seed % 5 == 4 && !cards.is_empty() {
                opts.setup_card = Some(cards[(seed as usize / 5) % cards.len()].to_string());
            }
            let mut met = [[0u32; 5]; 4];
            let m = &mut met[set.board_index()];
            play_random(content, &opts, seed, &mut |e| match e {
                Event::AlertPlaced { .. } => m[0] += 1,
                Event::AlertsRolled { .. } => m[1] += 1,
                Event::CorvetteMoved { .. } | Event::CutterMoved { .. } => m[2] += 1,
                Event::ShowdownBegun { .. } | Event::FugitiveBound { .. } => m[3] += 1,
                Event::JobAccepted { job, .. }
                    if content.jobs[*job as usize].source == Source::BreakinAtmo =>
                {
                    m[4] += 1
                }
                Event::Hired { card, .. } | Event::Bought { card, .. }
                    if content.supply_cards[*card as usize].source == Source::BreakinAtmo =>
                {
                    m[4] += 1
                }
                _ => {}
            });
            met
        })
        .reduce(
            || [[0u32; 5]; 4],
            |mut a, b| {
                for (x, y) in a.iter_mut().flatten().zip(b.iter().flatten()) {
                    *x += y;
                }
                a
            },
        );
    eprintln!(
        "{n} games; by board: alerts placed, rolled, Rim ships moved, Showdowns and fugitives \
         bound, Breakin' Atmo cards taken: {met:?}"
    );
    for set in [1, 3] {
        assert!(met[set][..3].iter().all(|&m| m > 0), "{met:?}");
    }
    // Random play meets the bounties and Breakin' Atmo's cards somewhere.
    assert!(met.iter().map(|m| m[3]).sum::<u32>() > 0, "{met:?}");
    assert!(met.iter().map(|m| m[4]).sum::<u32>() > 0, "{met:?}");
}

/// The effects no base card has — draw another Misbehave card (FF-MISB-14), steps to succeed
/// (FF-MISB-15), crew splitting (FF-MISC-6), Gear seizure (FF-MISC-9), Opportunity Bonuses
/// (FF-MISC-11) — in random games on the base content plus the test-only cards of
/// `test-content/effects.toml` (8 copies of each Misbehave card, so that random play meets
/// them): every invariant holds and replays are exact, and each effect is met at least once.
#[test]
fn random_games_with_the_test_only_effects_keep_every_invariant() {
    let content = effects_content(8);
    // Half the games start from a position where the effects are close at hand.
    let start = Scenario::parse(EFFECTS_POSITION).unwrap();
    let n = (games() / 10).max(200);
    // The games are independent: both cores play them; what each meets is added up.
    let met = (0..n)
        .into_par_iter()
        .map(|seed| {
            let mut opts = Options::new(2, "the-king-of-all-londinium");
            opts.max_rounds = Some(20);
            if seed % 2 == 1 {
                opts.scenario = Some(start.clone());
            }
            let mut met = [0u32; 5];
            play_random(content, &opts, seed, &mut |e| match e {
                Event::Ended {
                    ending: Ending::DrawAnother,
                    ..
                } => met[0] += 1,
                Event::StepPassed { .. } => met[1] += 1,
                Event::TeamJoined { .. } => met[2] += 1,
                Event::GearSeized { .. } => met[3] += 1,
                Event::OpportunityEarned { .. } => met[4] += 1,
                _ => {}
            });
            met
        })
        .reduce(
            || [0u32; 5],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                a
            },
        );
    eprintln!("{n} games; draw another, steps passed, teams joined, gear seized, bonuses: {met:?}");
    assert!(
        met.iter().all(|&m| m > 0),
        "an effect was never met: {met:?}"
    );
}

/// Issue 11: the Solid reputation a captain's cards give (FF-REP-5) is kept with the captain,
/// not walked at every query, so every change of a captain's cards must refresh it. Few cards
/// give any (the Alliance Ident Card; two Breakin' Atmo crew), so here every crew, gear, upgrade
/// and ship card makes its holder count as Solid with some Contact: in random games with every
/// expansion and the test-only effects (Gear seized), hiring, firing, killing, arresting,
/// equipping, discarding, trading and fitting all change it, and `invariants::check` compares
/// it with a fresh walk of the cards after every step.
#[test]
fn random_games_where_every_card_gives_reputation_keep_the_reputation_it_gives() {
    let mut files = tabletop_firefly::content::ContentFiles::builtin();
    files.files.push((
        "test/effects.toml".into(),
        tabletop_firefly::testing::EFFECTS_CARDS.into(),
    ));
    let mut c = Content::load(&files).unwrap();
    let contact = |i: usize| 1u16 << (i % ContactName::COUNT);
    let m = &mut c.card_parts;
    for (i, x) in m.crew.iter_mut().enumerate() {
        x.solid = contact(i);
    }
    for (i, x) in m.gear.iter_mut().enumerate() {
        x.solid = contact(i + 3);
    }
    for (i, x) in m.upgrades.iter_mut().enumerate() {
        x.solid = contact(i + 5);
    }
    for (i, x) in m.ships.iter_mut().enumerate() {
        x.solid = contact(i + 7);
    }
    let content: &'static Content = c.leak();
    let all = ExpansionSet::of(&Expansion::ALL);
    let start = Scenario::parse(EFFECTS_POSITION).unwrap();
    let n = (games() / 20).max(300);
    let met = (0..n)
        .into_par_iter()
        .map(|seed| {
            // Half the games with every expansion, half from a position where the effects
            // (Gear seized, crew Killed on a job) are close at hand.
            let mut opts = if seed % 2 == 0 {
                let stories: Vec<String> = (content.stories.iter())
                    .filter(|s| s.players[0] <= 4 && s.players[1] >= 4 && s.playable_with(all))
                    .map(|s| s.id.clone())
                    .collect();
                let mut o = Options::new(4, &stories[(seed as usize / 2) % stories.len()]);
                o.expansions = all.list();
                o
            } else {
                let mut o = Options::new(2, "the-king-of-all-londinium");
                o.scenario = Some(start.clone());
                o
            };
            opts.max_rounds = Some(20);
            let mut met = [0u32; 7];
            play_random(content, &opts, seed, &mut |e| match e {
                Event::Hired { .. } => met[0] += 1,
                Event::Bought { .. } => met[1] += 1,
                Event::Killed { .. } => met[2] += 1,
                Event::Arrested { .. } | Event::TurnedOver { .. } => met[3] += 1,
                Event::Quit { .. } => met[4] += 1,
                Event::GearSeized { .. } => met[5] += 1,
                Event::Traded { .. } => met[6] += 1,
                _ => {}
            });
            met
        })
        .reduce(
            || [0u32; 7],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                a
            },
        );
    eprintln!(
        "{n} games; hired, bought, killed, arrested or turned over, quit, gear seized, trades: \
         {met:?}"
    );
    assert!(
        met.iter().all(|&m| m > 0),
        "a change of cards was never met: {met:?}"
    );
}

/// A replay whose action was tampered with is refused, naming the action.
#[test]
fn a_tampered_replay_is_refused_with_the_action_index() {
    let content = Content::builtin();
    let opts = Options::new(2, "the-king-of-all-londinium");
    let mut g = Firefly::new_game(content, &opts, 3).unwrap();
    let mut replay: Replay<Options, Action> =
        Replay::new("firefly", content.fingerprint.clone(), opts, 3);
    let mut actions = Vec::new();
    let mut ev = Vec::new();
    for _ in 0..5 {
        g.legal_actions(&mut actions);
        let a = actions[0];
        g.apply(a, &mut ev).unwrap();
        replay.actions.push(a);
    }
    replay.actions[3] = Action::Work(tabletop_firefly::state::WorkTarget::Goal);
    let err = replay
        .play::<Firefly>(content, &content.fingerprint, None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("action #3"), "{err}");
    // And a save from other content is refused before any action is replayed.
    let err = replay
        .play::<Firefly>(content, "firefly-0000", None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("content"), "{err}");
}

/// An illegal action is refused with a reason, and the state is exactly as it was.
#[test]
fn an_illegal_action_changes_nothing() {
    let content = Content::builtin();
    let opts = Options::new(2, "the-king-of-all-londinium");
    let mut g = Firefly::new_game(content, &opts, 5).unwrap();
    let before = g.state_json();
    let mut ev = Vec::new();
    let err = g.apply(Action::FullBurn, &mut ev).unwrap_err();
    assert!(err.reason.contains("FullBurn"), "{}", err.reason);
    assert_eq!(g.state_json(), before);
    assert!(ev.is_empty());
}

/// The hidden-pile check, made on the view's structure instead of its JSON text (issue 11):
/// a serde serializer that writes nothing and walks every value the view serializes, failing
/// on a `Deck` or `Chance` value (the types that hold deck orders and the RNG) and on a field,
/// map key, variant or string named `draw` or mentioning `chance` — everything the JSON text
/// search (`"draw"`, `chance`) found, without formatting the text.
mod leak {
    use serde::ser::{self, Serialize};
    use std::fmt;

    #[derive(Debug)]
    pub struct Leak(pub String);

    impl fmt::Display for Leak {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(&self.0)
        }
    }
    impl std::error::Error for Leak {}
    impl ser::Error for Leak {
        fn custom<T: fmt::Display>(msg: T) -> Self {
            Leak(msg.to_string())
        }
    }

    /// `Err` names what would show a hidden pile or the RNG.
    pub fn check<T: Serialize>(v: &T) -> Result<(), Leak> {
        v.serialize(Walk)
    }

    fn name(n: &str) -> Result<(), Leak> {
        if n == "draw" || n.contains("chance") || n == "Deck" || n == "Chance" {
            Err(Leak(format!("`{n}`")))
        } else {
            Ok(())
        }
    }

    #[derive(Clone, Copy)]
    struct Walk;

    type R = Result<(), Leak>;

    impl ser::Serializer for Walk {
        type Ok = ();
        type Error = Leak;
        type SerializeSeq = Walk;
        type SerializeTuple = Walk;
        type SerializeTupleStruct = Walk;
        type SerializeTupleVariant = Walk;
        type SerializeMap = Walk;
        type SerializeStruct = Walk;
        type SerializeStructVariant = Walk;
        fn serialize_bool(self, _: bool) -> R {
            Ok(())
        }
        fn serialize_i8(self, _: i8) -> R {
            Ok(())
        }
        fn serialize_i16(self, _: i16) -> R {
            Ok(())
        }
        fn serialize_i32(self, _: i32) -> R {
            Ok(())
        }
        fn serialize_i64(self, _: i64) -> R {
            Ok(())
        }
        fn serialize_u8(self, _: u8) -> R {
            Ok(())
        }
        fn serialize_u16(self, _: u16) -> R {
            Ok(())
        }
        fn serialize_u32(self, _: u32) -> R {
            Ok(())
        }
        fn serialize_u64(self, _: u64) -> R {
            Ok(())
        }
        fn serialize_f32(self, _: f32) -> R {
            Ok(())
        }
        fn serialize_f64(self, _: f64) -> R {
            Ok(())
        }
        fn serialize_char(self, _: char) -> R {
            Ok(())
        }
        fn serialize_str(self, v: &str) -> R {
            name(v)
        }
        fn serialize_bytes(self, _: &[u8]) -> R {
            Ok(())
        }
        fn serialize_none(self) -> R {
            Ok(())
        }
        fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> R {
            v.serialize(self)
        }
        fn serialize_unit(self) -> R {
            Ok(())
        }
        fn serialize_unit_struct(self, n: &'static str) -> R {
            name(n)
        }
        fn serialize_unit_variant(self, n: &'static str, _: u32, v: &'static str) -> R {
            name(n)?;
            name(v)
        }
        fn serialize_newtype_struct<T: ?Sized + Serialize>(self, n: &'static str, v: &T) -> R {
            name(n)?;
            v.serialize(self)
        }
        fn serialize_newtype_variant<T: ?Sized + Serialize>(
            self,
            n: &'static str,
            _: u32,
            var: &'static str,
            v: &T,
        ) -> R {
            name(n)?;
            name(var)?;
            v.serialize(self)
        }
        fn serialize_seq(self, _: Option<usize>) -> Result<Walk, Leak> {
            Ok(self)
        }
        fn serialize_tuple(self, _: usize) -> Result<Walk, Leak> {
            Ok(self)
        }
        fn serialize_tuple_struct(self, n: &'static str, _: usize) -> Result<Walk, Leak> {
            name(n).map(|_| self)
        }
        fn serialize_tuple_variant(
            self,
            n: &'static str,
            _: u32,
            v: &'static str,
            _: usize,
        ) -> Result<Walk, Leak> {
            name(n)?;
            name(v).map(|_| self)
        }
        fn serialize_map(self, _: Option<usize>) -> Result<Walk, Leak> {
            Ok(self)
        }
        fn serialize_struct(self, n: &'static str, _: usize) -> Result<Walk, Leak> {
            name(n).map(|_| self)
        }
        fn serialize_struct_variant(
            self,
            n: &'static str,
            _: u32,
            v: &'static str,
            _: usize,
        ) -> Result<Walk, Leak> {
            name(n)?;
            name(v).map(|_| self)
        }
        fn collect_str<T: ?Sized + fmt::Display>(self, v: &T) -> R {
            name(&v.to_string())
        }
    }

    impl ser::SerializeSeq for Walk {
        type Ok = ();
        type Error = Leak;
        fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
            v.serialize(*self)
        }
        fn end(self) -> R {
            Ok(())
        }
    }
    impl ser::SerializeTuple for Walk {
        type Ok = ();
        type Error = Leak;
        fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
            v.serialize(*self)
        }
        fn end(self) -> R {
            Ok(())
        }
    }
    impl ser::SerializeTupleStruct for Walk {
        type Ok = ();
        type Error = Leak;
        fn serialize_field<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
            v.serialize(*self)
        }
        fn end(self) -> R {
            Ok(())
        }
    }
    impl ser::SerializeTupleVariant for Walk {
        type Ok = ();
        type Error = Leak;
        fn serialize_field<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
            v.serialize(*self)
        }
        fn end(self) -> R {
            Ok(())
        }
    }
    impl ser::SerializeMap for Walk {
        type Ok = ();
        type Error = Leak;
        fn serialize_key<T: ?Sized + Serialize>(&mut self, k: &T) -> R {
            k.serialize(*self)
        }
        fn serialize_value<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
            v.serialize(*self)
        }
        fn end(self) -> R {
            Ok(())
        }
    }
    impl ser::SerializeStruct for Walk {
        type Ok = ();
        type Error = Leak;
        fn serialize_field<T: ?Sized + Serialize>(&mut self, k: &'static str, v: &T) -> R {
            name(k)?;
            v.serialize(*self)
        }
        fn end(self) -> R {
            Ok(())
        }
    }
    impl ser::SerializeStructVariant for Walk {
        type Ok = ();
        type Error = Leak;
        fn serialize_field<T: ?Sized + Serialize>(&mut self, k: &'static str, v: &T) -> R {
            name(k)?;
            v.serialize(*self)
        }
        fn end(self) -> R {
            Ok(())
        }
    }
}

/// The structural check finds what it looks for: the decks (their draw piles) and the RNG
/// fail it, a seat's view passes it.
#[test]
fn the_hidden_pile_check_finds_decks_and_the_rng() {
    let content = Content::builtin();
    let g = Firefly::new_game(content, &Options::new(2, "the-king-of-all-londinium"), 1).unwrap();
    assert!(leak::check(&g.decks).is_err());
    assert!(leak::check(&g.decks.misbehave).is_err());
    assert!(leak::check(&g.chance).is_err());
    assert!(leak::check(&g.view(0)).is_ok());
}
