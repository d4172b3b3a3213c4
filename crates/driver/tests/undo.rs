//! Undo within the rules (Board Game Arena's policy): a player takes back their own decisions,
//! back to the last point where chance was resolved, hidden information was revealed or
//! another seat acted. Each refusal names what happened; each undo restores exactly the state
//! before the decisions taken back.

use tabletop_core::{Game, Seat};
use tabletop_driver::Match;
use tabletop_firefly::content::Content;
use tabletop_firefly::scenario::Scenario as FireflyScenario;
use tabletop_firefly::testing::{
    captain_text, two_captains_text, DEFAULT_STORY, HENPECKED, MALCOLM_AND_MONTY,
};
use tabletop_firefly::{Firefly, Options};
use tabletop_mandalorian::scenario::Scenario as MandoScenario;
use tabletop_mandalorian::state::Action as MandoAction;
use tabletop_mandalorian::Mandalorian;

// ---------------------------------------------------------------------------------------------
// Firefly
// ---------------------------------------------------------------------------------------------

fn firefly(scenario: &str) -> Match<Firefly> {
    let s = FireflyScenario::parse(scenario).unwrap_or_else(|e| panic!("{e}"));
    let mut o = Options::new(s.player.len() as u8, DEFAULT_STORY);
    o.scenario = Some(s);
    Match::new(Content::builtin(), o, 1).unwrap()
}

/// Take the legal action whose text starts with `text`.
fn choose<G: tabletop_driver::Driven>(m: &mut Match<G>, text: &str) {
    let legal = m.legal();
    let texts: Vec<String> = legal.iter().map(|&a| m.game.describe_action(a)).collect();
    let i = texts
        .iter()
        .position(|t| t.starts_with(text))
        .unwrap_or_else(|| panic!("no action {text:?} in {texts:?}"));
    m.apply(legal[i]).unwrap();
}

fn ff_views(g: &Firefly) -> Vec<String> {
    (0..g.num_seats())
        .map(|s| serde_json::to_string(&g.view(s as Seat)).unwrap())
        .collect()
}

/// FF-FLY-5: a Mosey draws no Nav card, so choosing it and the sector moved to are the
/// captain's own decisions: both can be taken back, and the state is exactly the one before.
#[test]
fn two_own_moves_are_taken_back_exactly() {
    let mut m = firefly(MALCOLM_AND_MONTY);
    let (state, views) = (m.game.state_json(), ff_views(&m.game));
    choose(&mut m, "Fly: Mosey");
    choose(&mut m, "Move to ");
    let seat = 0;
    let can: Vec<&str> = m
        .undoable(seat)
        .unwrap()
        .iter()
        .map(|s| s.text.as_str())
        .collect();
    assert_eq!(can.len(), 2, "{can:?}");
    assert_eq!(can[0], "Fly: Mosey");
    assert!(can[1].starts_with("Move to "), "{can:?}");
    let taken = m.undo(seat, None).unwrap();
    assert_eq!(taken.len(), 2);
    assert_eq!(m.game.state_json(), state);
    assert_eq!(ff_views(&m.game), views);
    assert!(m.record.actions.is_empty());
    assert!(m.steps().is_empty());
}

/// `undo` with a count takes back only the last decisions.
#[test]
fn a_count_takes_back_only_the_last_decisions() {
    let mut m = firefly(MALCOLM_AND_MONTY);
    choose(&mut m, "Fly: Mosey");
    let after_mosey = m.game.state_json();
    choose(&mut m, "Move to ");
    assert!(m.undo(0, Some(3)).unwrap_err().contains("only 2 actions"));
    assert_eq!(m.undo(0, Some(1)).unwrap().len(), 1);
    assert_eq!(m.game.state_json(), after_mosey);
    assert_eq!(m.record.actions.len(), 1);
}

/// FF-FLY-3: a Full Burn draws a Nav card for the sector entered; once it is seen, the move
/// cannot be taken back (nor anything before it).
#[test]
fn a_nav_card_drawn_stops_undo() {
    let mut m = firefly(MALCOLM_AND_MONTY);
    choose(&mut m, "Fly: Full Burn");
    choose(&mut m, "Move to ");
    let state = m.game.state_json();
    let why = m.undo(0, None).unwrap_err();
    assert!(why.contains("cannot be taken back"), "{why}");
    assert!(why.contains("Nav"), "{why}");
    assert_eq!(m.game.state_json(), state, "a refused undo changes nothing");
    assert_eq!(m.record.actions.len(), 2);
}

/// FF-SKILL-4: a test rolls a die; after the roll nothing can be taken back. (FF-MISB-2: the
/// Misbehave card drawn before it was a barrier too.)
#[test]
fn a_die_roll_stops_undo() {
    // Corbin (Tech 2) at Persephone with "Henpecked Badger"; the next die is a 2.
    let mut m = firefly(&two_captains_text(
        "dice = [2]",
        &format!("leader = \"corbin\"\nsector = \"persephone\"\n{HENPECKED}"),
        "misbehave = [\"kill-the-alarm\"]",
    ));
    choose(&mut m, "Work job \"Henpecked Badger\"");
    choose(&mut m, "Done");
    let drawn = m.steps().last().unwrap();
    assert_eq!(drawn.barrier.as_deref(), Some("a Misbehave card was drawn"));
    choose(&mut m, "Option: Rig a Bypass");
    let why = m.undo(0, None).unwrap_err();
    assert!(why.contains("dice were rolled"), "{why}");
}

/// FF-BUY-3: a card drawn face down to consider is seen by the captain: a barrier. Cards
/// considered from the face-up discard pile are not.
#[test]
fn a_card_drawn_face_down_stops_undo() {
    let mut m = firefly(&captain_text(
        "",
        "malcolm",
        "persephone",
        "",
        "[decks.supply-discard]\npersephone = [\"river-tam\", \"bree\"]",
    ));
    choose(&mut m, "Buy");
    choose(&mut m, "Consider River Tam from the discard pile");
    assert_eq!(m.undoable(0).unwrap().len(), 2);
    choose(&mut m, "Draw a card face down to consider");
    let why = m.undo(0, None).unwrap_err();
    assert!(why.contains("drawn face down"), "{why}");
}

/// Another seat's decision is a barrier: a captain takes back only what they did since anyone
/// else acted (FF-SETUP-8: each captain picks a Leader, then a ship, in turn).
#[test]
fn another_seats_move_stops_undo() {
    let mut o = Options::new(2, DEFAULT_STORY);
    o.max_rounds = Some(5);
    let mut m = Match::<Firefly>::new(Content::builtin(), o, 3).unwrap();
    let start = m.game.state_json();
    let first = m.steps().len();
    assert_eq!(first, 0);
    let tabletop_core::Actor::Seat(a) = m.game.actor() else {
        panic!()
    };
    choose(&mut m, "Choose Leader");
    choose(&mut m, "Choose ship");
    assert_eq!(m.undoable(a).unwrap().len(), 2);
    let tabletop_core::Actor::Seat(b) = m.game.actor() else {
        panic!()
    };
    assert_ne!(a, b);
    choose(&mut m, "Choose Leader");
    let why = m.undo(a, None).unwrap_err();
    assert!(
        why.contains(&format!("captain {} acted last", b + 1)),
        "{why}"
    );
    // The other captain may take back their own pick.
    m.undo(b, None).unwrap();
    m.undo(a, None).unwrap();
    assert_eq!(m.game.state_json(), start);
}

/// FF-SETUP-16: placing the last ship deals the starting jobs face down from the Contact
/// decks, so that placement cannot be taken back.
#[test]
fn dealing_the_starting_jobs_stops_undo() {
    let mut m =
        Match::<Firefly>::new(Content::builtin(), Options::new(2, DEFAULT_STORY), 4).unwrap();
    while m.game.phase != tabletop_firefly::Phase::StartingJobs {
        let a = m.legal()[0];
        m.apply(a).unwrap();
    }
    let last = m.steps().last().unwrap();
    assert!(last.text.starts_with("Place your Firefly"), "{}", last.text);
    assert!(
        last.barrier
            .as_deref()
            .unwrap_or("")
            .contains("drawn face down"),
        "{last:?}"
    );
}

/// The rival's position stays as it was through an undo: the seats are those of the game, and
/// a save after the undo loads to the same state.
#[test]
fn a_save_after_an_undo_loads_to_the_same_state() {
    let mut m = firefly(&two_captains_text(
        "",
        "leader = \"malcolm\"\nsector = \"persephone\"",
        "",
    ));
    choose(&mut m, "Fly: Mosey");
    choose(&mut m, "Move to ");
    m.undo(0, Some(1)).unwrap();
    let back = Match::<Firefly>::load_str(Content::builtin(), &m.save_json()).unwrap();
    assert_eq!(back.game.state_json(), m.game.state_json());
    assert_eq!(back.steps(), m.steps());
}

// ---------------------------------------------------------------------------------------------
// The Mandalorian Adventures
// ---------------------------------------------------------------------------------------------

fn mando(text: &str) -> Match<Mandalorian> {
    let s = MandoScenario::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let mut o = s.options();
    o.scenario = Some(text.to_string());
    Match::new(tabletop_mandalorian::embedded(), o, s.seed).unwrap()
}

/// Mission 1, solo: Mando at (3, 0), a face-down Scrap Trooper at (3, 1).
const MANDO_NEXT_TO_A_THREAT: &str = "mission = 1\nmode = \"shared\"\nseats = 1\nclear_threats = true\nseed = 5\nhands = [[\"Tracking Fob\", \"Jetpack Hop\", \"Beskar Charge\", \"Vibro-Knife\"]]\n[[character]]\nid = \"mando\"\nat = [3, 0]\n[[threat]]\nname = \"Scrap Trooper\"\nat = [3, 1]\n";

/// MA-ACT-2: play the card named from the active seat's hand into the slot named.
fn play(m: &mut Match<Mandalorian>, card: &str, slot: &str) {
    let g = &m.game;
    let seat = g.active_seat() as usize;
    let card = *g
        .hand(seat)
        .iter()
        .find(|&&c| g.content().card(c).name == card)
        .unwrap_or_else(|| panic!("{card} is not in hand"));
    let slot = (0..g.slots().len())
        .find(|&i| g.slot_name(i).eq_ignore_ascii_case(slot))
        .unwrap_or_else(|| panic!("no slot {slot}")) as u8;
    m.apply(MandoAction::Play { card, slot }).unwrap();
}

fn step_to(m: &mut Match<Mandalorian>, r: usize, c: usize) {
    let sq = m.game.map().sq(r, c);
    m.apply(MandoAction::Step(sq)).unwrap();
}

fn mando_views(g: &Mandalorian) -> Vec<String> {
    (0..g.num_seats())
        .map(|s| serde_json::to_string(&g.view(s as Seat)).unwrap())
        .collect()
}

/// MA-ACT-2: playing a card into a slot and starting its action reveal nothing: both are taken
/// back, and the state is exactly the one before.
#[test]
fn mando_two_own_moves_are_taken_back_exactly() {
    let mut m = mando(MANDO_NEXT_TO_A_THREAT);
    let (state, views) = (m.game.clone(), mando_views(&m.game));
    choose(&mut m, "");
    let played = m.steps()[0].text.clone();
    choose(&mut m, "");
    let texts: Vec<String> = m
        .undoable(0)
        .unwrap()
        .iter()
        .map(|s| s.text.clone())
        .collect();
    assert_eq!(texts.len(), 2, "{texts:?}");
    assert_eq!(texts[0], played);
    m.undo(0, None).unwrap();
    assert!(m.game == state);
    assert_eq!(mando_views(&m.game), views);
}

/// MA-MOVE-8: a face-down threat sharing a square with a character is turned face up: after
/// that step, nothing can be taken back.
#[test]
fn mando_a_threat_revealed_by_moving_stops_undo() {
    let mut m = mando(MANDO_NEXT_TO_A_THREAT);
    play(&mut m, "Tracking Fob", "move");
    m.apply(MandoAction::ResolveAction).unwrap();
    assert_eq!(m.undoable(0).unwrap().len(), 2);
    step_to(&mut m, 3, 1);
    let why = m.undo(0, None).unwrap_err();
    assert!(why.contains("revealed") || why.contains("face up"), "{why}");
}

/// MA-SPY-2: looking at a face-down threat secretly tells the player what it is: a barrier.
/// (A face-up Junk Hound is the other possible target, so the look is a decision.)
#[test]
fn mando_a_secret_look_stops_undo() {
    let mut m = mando("mission = 1\nmode = \"standard\"\nseats = 2\ncharacters = [\"mando\", \"ig11\"]\nclear_threats = true\nhands = [[\"Tracking Fob\", \"Jetpack Hop\", \"Bounty Puck\", \"Vibro-Knife\"], []]\n[[character]]\nid = \"mando\"\nat = [3, 0]\n[[threat]]\nname = \"Kesh Varro\"\nat = [3, 3]\n[[threat]]\nname = \"Junk Hound\"\nat = [3, 2]\nface_up = true\n");
    play(&mut m, "Tracking Fob", "spy");
    m.apply(MandoAction::ResolveAction).unwrap();
    let look = m
        .legal()
        .into_iter()
        .find(|a| matches!(a, MandoAction::SpyLook(_)))
        .expect("a look");
    m.apply(look).unwrap();
    let why = m.undo(0, None).unwrap_err();
    assert!(why.contains("looked at"), "{why}");
}

/// MA-PLAN-1: a Plan action draws planning cards: a barrier.
#[test]
fn mando_planning_cards_drawn_stop_undo() {
    let mut m = mando(MANDO_NEXT_TO_A_THREAT);
    play(&mut m, "Tracking Fob", "plan");
    m.apply(MandoAction::ResolveAction).unwrap();
    let why = m.undo(0, None).unwrap_err();
    assert!(why.contains("planning cards were drawn"), "{why}");
}

/// MA-GOLD-3: the active player decides; a seat that has not acted since another did has
/// nothing to take back.
#[test]
fn mando_another_seats_move_stops_undo() {
    let mut m = mando("mission = 1\nmode = \"standard\"\nseats = 2\ncharacters = [\"mando\", \"ig11\"]\nfirst_player = 1\nclear_threats = true\nseed = 3\n");
    assert_eq!(m.game.actor(), tabletop_core::Actor::Seat(1));
    choose(&mut m, "");
    let why = m.undo(0, None).unwrap_err();
    assert!(why.contains("player 2 acted last"), "{why}");
    assert_eq!(m.undo(1, None).unwrap().len(), 1);
}

// ---------------------------------------------------------------------------------------------
// Soundness: a step that may be taken back did not depend on anything hidden
// ---------------------------------------------------------------------------------------------

/// Every seat's view, as JSON, passed through `normalize` (which drops what a reseeded copy
/// may show differently without any step having revealed it).
fn all_views<G: Game>(g: &G, normalize: fn(&mut serde_json::Value)) -> Vec<serde_json::Value> {
    (0..g.num_seats())
        .map(|s| {
            let mut v = serde_json::to_value(g.view(s as Seat)).unwrap();
            normalize(&mut v);
            v
        })
        .collect()
}

/// The Mandalorian's reseed shuffles which token is which among the face-down threats, so the
/// back of the top event card and the threats' token numbers may differ: leave them out, and
/// list the threats and the legal actions in an order of their own.
fn mando_normalize(v: &mut serde_json::Value) {
    let o = v.as_object_mut().unwrap();
    o.remove("event_top_back");
    if let Some(serde_json::Value::Array(ts)) = o.get_mut("threats") {
        for t in ts.iter_mut() {
            t.as_object_mut().unwrap().remove("token");
        }
        ts.sort_by_key(|t| t.to_string());
    }
    // The legal actions follow the token numbers.
    if let Some(serde_json::Value::Array(l)) = o.get_mut("legal") {
        l.sort_by_key(|a| a.to_string());
    }
}

/// Play `games` games with random bots; at every step that [`Game::revealed`] lets a player
/// take back, apply the same action to a copy whose hidden future (deck orders, dice, face-down
/// identities) was reshuffled by [`Game::reseed`]: every seat must see the same thing after it
/// as after the real step. A step that drew, rolled or looked would (almost always) differ.
fn undoable_steps_reveal_nothing<G: tabletop_driver::Driven>(
    mut new: impl FnMut(u64) -> G,
    games: u64,
    max_steps: usize,
    normalize: fn(&mut serde_json::Value),
) -> (usize, usize) {
    use tabletop_bots::{Bot, RandomBot};
    let (mut free, mut barriers) = (0, 0);
    for seed in 0..games {
        let mut g = new(seed);
        let mut bot = RandomBot::new(seed);
        let mut legal = Vec::new();
        for step in 0..max_steps {
            let tabletop_core::Actor::Seat(seat) = g.actor() else {
                break;
            };
            g.legal_actions(&mut legal);
            let a = bot.choose(&g, seat, &legal);
            let before = g.clone();
            let mut events = Vec::new();
            g.apply(a, &mut events).unwrap();
            if g.revealed(&before, &events).is_some() {
                barriers += 1;
                continue;
            }
            free += 1;
            let mut other = before.clone();
            other.reseed(seed.wrapping_mul(7919) ^ step as u64 ^ 0x5eed);
            assert!(
                all_views(&other, normalize) == all_views(&before, normalize),
                "a reseeded copy shows the same"
            );
            other.apply(a, &mut Vec::new()).unwrap();
            {
                let (x, y) = (all_views(&other, normalize), all_views(&g, normalize));
                if x != y {
                    for (a, b) in x.iter().zip(&y) {
                        for (k, v) in a.as_object().unwrap() {
                            if b.get(k) != Some(v) {
                                eprintln!("{k}: {v}\n   vs {}", b[k]);
                            }
                        }
                    }
                }
                assert!(
                    x == y,
                    "game {seed}, step {step}: {a:?} ({}) may be taken back, but what it showed depends on the hidden future",
                    before.describe_action(a)
                );
            }
        }
    }
    (free, barriers)
}

#[test]
fn firefly_steps_that_may_be_taken_back_reveal_nothing() {
    let (free, barriers) = undoable_steps_reveal_nothing(
        |seed| {
            let mut o = Options::new(2 + (seed % 3) as u8, DEFAULT_STORY);
            o.max_rounds = Some(12);
            <Firefly as tabletop_core::NewGame>::new_game(Content::builtin(), &o, seed).unwrap()
        },
        6,
        4_000,
        |_| {},
    );
    assert!(
        free > 500 && barriers > 50,
        "{free} free steps, {barriers} barriers"
    );
}

#[test]
fn mandalorian_steps_that_may_be_taken_back_reveal_nothing() {
    let (free, barriers) = undoable_steps_reveal_nothing(
        |seed| {
            let o = tabletop_mandalorian::Options::solo(
                1 + (seed % 4) as u8,
                tabletop_mandalorian::Difficulty::Standard,
            );
            <Mandalorian as tabletop_core::NewGame>::new_game(
                tabletop_mandalorian::embedded(),
                &o,
                seed,
            )
            .unwrap()
        },
        8,
        3_000,
        mando_normalize,
    );
    assert!(
        free > 200 && barriers > 50,
        "{free} free steps, {barriers} barriers"
    );
}
