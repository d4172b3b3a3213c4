//! Property test: no action value can crash the engine or change a state it is refused in.
//!
//! Random games are driven to random positions (set-up included), then arbitrary action values
//! are tried there — every variant of [`Action`], with ids in range, just out of range and
//! anywhere in their type. For each one:
//! * `describe_action` and `why_illegal` answer without panicking;
//! * `apply` either refuses it, leaving the state exactly as it was (same serialized state, no
//!   event), or applies it (it was legal) and every invariant still holds.
//!
//! `TABLETOP_PROPTEST_CASES` sets the number of positions (default 3,000).

use proptest::prelude::*;
use tabletop_core::{play_random_steps, Actor, Game, NewGame, Rng};
use tabletop_firefly::content::{Content, ExpansionSet, Item, Skill};
use tabletop_firefly::rim::NpcShip;
use tabletop_firefly::scenario::Scenario;
use tabletop_firefly::state::{CrewCard, WorkTarget};
use tabletop_firefly::testing::{effects_content, EFFECTS_POSITION};
use tabletop_firefly::trade::{TradeAction, Tradeable};
use tabletop_firefly::{invariants, Action, Firefly, Options};

fn cases() -> u32 {
    std::env::var("TABLETOP_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

/// An id: small (a valid index in most tables), around the size of the largest tables (Supply
/// cards, jobs, sectors), or any value of its type.
fn id16() -> impl Strategy<Value = u16> {
    prop_oneof![0u16..8, 0u16..700, any::<u16>()]
}

fn id8() -> impl Strategy<Value = u8> {
    prop_oneof![0u8..8, any::<u8>()]
}

fn item() -> impl Strategy<Value = Item> {
    prop::sample::select(Item::ALL.to_vec())
}

fn crew_card() -> impl Strategy<Value = CrewCard> {
    prop_oneof![
        id16().prop_map(CrewCard::Leader),
        id16().prop_map(CrewCard::Hired)
    ]
}

fn tradeable() -> impl Strategy<Value = Tradeable> {
    prop_oneof![
        item().prop_map(Tradeable::Goods),
        id16().prop_map(Tradeable::Card),
        prop_oneof![Just(100u32), Just(500), Just(1000), any::<u32>()].prop_map(Tradeable::Money),
    ]
}

fn trade() -> impl Strategy<Value = TradeAction> {
    prop_oneof![
        id8().prop_map(TradeAction::With),
        tradeable().prop_map(TradeAction::Give),
        tradeable().prop_map(TradeAction::Ask),
        Just(TradeAction::Propose),
        Just(TradeAction::Cancel),
        Just(TradeAction::Accept),
        Just(TradeAction::Refuse),
        Just(TradeAction::Pass),
    ]
}

/// Every variant of [`Action`] (kept complete by [`variant`]).
fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        id16().prop_map(Action::ChooseLeader),
        id8().prop_map(Action::ChooseShip),
        id16().prop_map(Action::PlaceShip),
        id16().prop_map(Action::DiscardJob),
        Just(Action::FullBurn),
        Just(Action::Mosey),
        Just(Action::Buy),
        Just(Action::ShoreLeave),
        Just(Action::Deal),
        prop_oneof![
            id16().prop_map(WorkTarget::Job),
            Just(WorkTarget::Goal),
            (id16(), id8()).prop_map(|(job, bonus)| WorkTarget::BonusDropOff { job, bonus }),
            id16().prop_map(WorkTarget::Apprehend),
            id8().prop_map(WorkTarget::DeliverBounty),
            (id8(), id8()).prop_map(|(from, bounty)| WorkTarget::JumpBounty { from, bounty })
        ]
        .prop_map(Action::Work),
        Just(Action::MakeWork),
        crew_card().prop_map(Action::CrewRemoveDisgruntled),
        Just(Action::EndTurn),
        crew_card().prop_map(Action::Dismiss),
        item().prop_map(Action::Jettison),
        item().prop_map(Action::Unload),
        (id16(), crew_card()).prop_map(|(gear, crew)| Action::Equip { gear, crew }),
        id16().prop_map(Action::Unequip),
        id16().prop_map(Action::DiscardUpgrade),
        crew_card().prop_map(Action::HireAway),
        id16().prop_map(Action::MoveTo),
        Just(Action::Done),
        id8().prop_map(Action::ChooseOption),
        id8().prop_map(Action::Bribe),
        crew_card().prop_map(Action::ChooseTester),
        Just(Action::Reroll),
        Just(Action::NegotiateAsFight),
        Just(Action::FightAsNegotiate),
        id16().prop_map(Action::DiscardToReroll),
        crew_card().prop_map(Action::TurnOver),
        id16().prop_map(Action::Gamble),
        id16().prop_map(Action::DiscardForBonus),
        Just(Action::KeepRoll),
        id8().prop_map(Action::ChooseBranch),
        crew_card().prop_map(Action::Kill),
        (crew_card(), id8()).prop_map(|(crew, team)| Action::JoinTeam { crew, team }),
        id16().prop_map(Action::LoseUpgrade),
        id8().prop_map(Action::LoadCount),
        item().prop_map(Action::LoadGood),
        id16().prop_map(Action::TakeUpgrade),
        item().prop_map(Action::Purchase),
        any::<bool>().prop_map(Action::UseExemption),
        trade().prop_map(Action::Trade),
        id16().prop_map(Action::ConsiderDiscard),
        Just(Action::ConsiderDraw),
        id16().prop_map(Action::BuyCard),
        id16().prop_map(Action::AcceptJob),
        item().prop_map(Action::Sell),
        Just(Action::ClearWarrants),
        crew_card().prop_map(Action::ToggleCrew),
        any::<bool>().prop_map(Action::PayCut),
        Just(Action::DeclareLastCall),
        prop_oneof![
            Just(NpcShip::Cruiser),
            Just(NpcShip::Corvette),
            id8().prop_map(NpcShip::Cutter)
        ]
        .prop_map(Action::PickShip),
        (
            id8(),
            prop_oneof![Just(100u32), Just(500), Just(1000), any::<u32>()]
        )
            .prop_map(|(to, amount)| Action::GiveCredits { to, amount }),
        id16().prop_map(Action::Scan),
        id16().prop_map(Action::AttachChallenge),
        prop::sample::select(tabletop_firefly::deal::ALL_CONTACTS.to_vec())
            .prop_map(Action::DrawStartingJobs),
        id16().prop_map(Action::TakeCrew),
        id16().prop_map(Action::UseCard),
        id16().prop_map(Action::DiscardBeforeRoll),
        id8().prop_map(Action::PutOnTop),
        Just(Action::DiscardLooked),
        prop::sample::select(Skill::ALL.to_vec()).prop_map(Action::ShowdownSkill),
        Just(Action::ForceReroll),
        any::<bool>().prop_map(Action::Rescue),
        item().prop_map(Action::Steal),
        Just(Action::StealJob),
    ]
}

/// The variant's position in [`action`]'s list. The match has no wildcard, so a new variant
/// does not compile until it is generated above too.
fn variant(a: &Action) -> usize {
    match a {
        Action::ChooseLeader(_) => 0,
        Action::ChooseShip(_) => 1,
        Action::PlaceShip(_) => 2,
        Action::DiscardJob(_) => 3,
        Action::FullBurn => 4,
        Action::Mosey => 5,
        Action::Buy => 6,
        Action::ShoreLeave => 7,
        Action::Deal => 8,
        Action::Work(_) => 9,
        Action::MakeWork => 10,
        Action::CrewRemoveDisgruntled(_) => 11,
        Action::EndTurn => 12,
        Action::Dismiss(_) => 13,
        Action::Jettison(_) => 14,
        Action::Unload(_) => 15,
        Action::Equip { .. } => 16,
        Action::Unequip(_) => 17,
        Action::DiscardUpgrade(_) => 18,
        Action::HireAway(_) => 19,
        Action::MoveTo(_) => 20,
        Action::Done => 21,
        Action::ChooseOption(_) => 22,
        Action::Bribe(_) => 23,
        Action::ChooseTester(_) => 24,
        Action::Reroll => 25,
        Action::NegotiateAsFight => 26,
        Action::DiscardForBonus(_) => 27,
        Action::KeepRoll => 28,
        Action::ChooseBranch(_) => 29,
        Action::Kill(_) => 30,
        Action::JoinTeam { .. } => 31,
        Action::LoseUpgrade(_) => 32,
        Action::LoadCount(_) => 33,
        Action::LoadGood(_) => 34,
        Action::TakeUpgrade(_) => 35,
        Action::Purchase(_) => 36,
        Action::UseExemption(_) => 37,
        Action::Trade(_) => 38,
        Action::ConsiderDiscard(_) => 39,
        Action::ConsiderDraw => 40,
        Action::BuyCard(_) => 41,
        Action::AcceptJob(_) => 42,
        Action::Sell(_) => 43,
        Action::ClearWarrants => 44,
        Action::ToggleCrew(_) => 45,
        Action::PayCut(_) => 46,
        Action::DeclareLastCall => 47,
        Action::PickShip(_) => 48,
        Action::GiveCredits { .. } => 49,
        Action::Scan(_) => 50,
        Action::AttachChallenge(_) => 51,
        Action::DrawStartingJobs(_) => 52,
        Action::TakeCrew(_) => 53,
        Action::FightAsNegotiate => 54,
        Action::DiscardToReroll(_) => 55,
        Action::TurnOver(_) => 56,
        Action::Gamble(_) => 57,
        Action::UseCard(_) => 58,
        Action::DiscardBeforeRoll(_) => 59,
        Action::PutOnTop(_) => 60,
        Action::DiscardLooked => 61,
        Action::ShowdownSkill(_) => 62,
        Action::ForceReroll => 63,
        Action::Rescue(_) => 64,
        Action::Steal(_) => 65,
        Action::StealJob => 66,
    }
}

const VARIANTS: usize = 67;

/// Where a case starts: a fresh game of 1–4 captains on a story, or the test-only effects
/// position (crew splits, steps, seizures) on the content that has those cards.
fn start(kind: u8, seed: u64) -> Firefly {
    match kind % 4 {
        3 => {
            let content = effects_content(8);
            let mut o = Options::new(2, "the-king-of-all-londinium");
            o.scenario = Some(Scenario::parse(EFFECTS_POSITION).unwrap());
            Firefly::new_game(content, &o, seed).unwrap()
        }
        k => {
            let content = Content::builtin();
            let stories: Vec<&str> = content.stories.iter().map(|s| s.id.as_str()).collect();
            let players = 1 + (seed % 4) as u8;
            let fits: Vec<&str> = stories
                .iter()
                .copied()
                .filter(|id| {
                    let s = &content.stories[content.story(id).unwrap() as usize];
                    s.players[0] <= players
                        && players <= s.players[1]
                        && s.source == tabletop_firefly::content::Source::Base
                })
                .collect();
            let (players, story) = match fits.as_slice() {
                [] => (2, "the-king-of-all-londinium"),
                f => (players, f[k as usize % f.len()]),
            };
            let mut o = Options::new(players, story);
            o.max_rounds = Some(8);
            // Every set of expansions in turn (none, Blue Sun, Kalidasa, both), each with and
            // without Breakin' Atmo, and with and without Pirates & Bounty Hunters.
            let mut set = ExpansionSet::BOARDS[(seed / 4 % 4) as usize];
            if seed / 16 % 2 == 1 {
                set.0 |= ExpansionSet::of(&[tabletop_firefly::content::Expansion::BreakinAtmo]).0;
            }
            if seed / 32 % 2 == 1 {
                set.0 |= ExpansionSet::of(&[
                    tabletop_firefly::content::Expansion::PiratesAndBountyHunters,
                ])
                .0;
            }
            o.expansions = set.list();
            Firefly::new_game(content, &o, seed).unwrap()
        }
    }
}

/// Try `a` in `g`: it must be described and explained without a panic, and either refused
/// with the state untouched or applied with every invariant holding.
fn try_action(g: &mut Firefly, a: Action) -> Result<bool, TestCaseError> {
    let _ = g.describe_action(a);
    let why = g.why_illegal(a);
    let before = g.state_json();
    let mut ev = Vec::new();
    match g.apply(a, &mut ev) {
        Ok(()) => {
            invariants::check(g)
                .map_err(|e| TestCaseError::fail(format!("after legal {a:?}: {e}")))?;
            Ok(true)
        }
        Err(e) => {
            prop_assert!(!e.reason.is_empty() && !why.reason.is_empty());
            prop_assert!(ev.is_empty(), "{a:?} was refused but produced events");
            prop_assert!(
                g.state_json() == before,
                "{a:?} was refused ({}) but changed the state",
                e.reason
            );
            Ok(false)
        }
    }
}

/// One case: `steps` random legal actions from start `kind`, then each of `tries` (an arbitrary
/// action, or `None`: a random legal one) tried.
fn refusing_state_case(
    kind: u8,
    seed: u64,
    steps: usize,
    tries: Vec<Option<Action>>,
) -> Result<(), TestCaseError> {
    let mut g = start(kind, seed);
    let mut pick = Rng::new(seed ^ 0x5eed);
    let mut legal = Vec::new();
    play_random_steps(&mut g, &mut pick, steps);
    for a in tries {
        match a {
            Some(a) => {
                try_action(&mut g, a)?;
            }
            // Now and then play on, to try more positions.
            None if g.actor() != Actor::Over => {
                g.legal_actions(&mut legal);
                try_action(&mut g, legal[pick.index(legal.len())])?;
            }
            None => {}
        }
        // Also each legal action's description (the ids there are all in range).
        g.legal_actions(&mut legal);
        for &l in &legal {
            let _ = g.describe_action(l);
        }
    }
    Ok(())
}

/// A case from one of the starts `kinds`: the start, its seed, the random steps played first,
/// and the actions tried (`None`: a random legal one).
fn case(
    kinds: std::ops::Range<u8>,
) -> impl Strategy<Value = (u8, u64, usize, Vec<Option<Action>>)> {
    (
        kinds,
        any::<u64>(),
        prop_oneof![0usize..12, 0usize..400],
        prop::collection::vec(prop::option::weighted(0.9, action()), 1..48),
    )
}

// The cases are split in two tests of half the cases each, so both cores run them: starts 0 and
// 1 (fresh games), and starts 2 (a fresh game) and 3 (the test-only effects position).
proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases() / 2,
        failure_persistence: None,
        .. ProptestConfig::default()
    })]

    #[test]
    fn no_action_value_crashes_or_changes_a_refusing_state(
        (kind, seed, steps, tries) in case(0..2)
    ) {
        refusing_state_case(kind, seed, steps, tries)?;
    }

    #[test]
    fn no_action_value_crashes_or_changes_a_refusing_state_with_the_effects_cards_too(
        (kind, seed, steps, tries) in case(2..4)
    ) {
        refusing_state_case(kind, seed, steps, tries)?;
    }
}

/// The generator covers every variant (so the property above tries them all).
#[test]
fn the_generator_makes_every_variant() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut seen = [false; VARIANTS];
    let s = action();
    for _ in 0..5_000 {
        seen[variant(&s.new_tree(&mut runner).unwrap().current())] = true;
    }
    let missing: Vec<usize> = (0..VARIANTS).filter(|&i| !seen[i]).collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
}

/// The examples found by people: ids that do not exist are refused, with a reason, in every
/// set-up step, and described without a panic.
#[test]
fn ids_out_of_range_are_refused_and_described() {
    let content = Content::builtin();
    let mut g =
        Firefly::new_game(content, &Options::new(2, "the-king-of-all-londinium"), 1).unwrap();
    for a in [
        Action::ChooseLeader(9999),
        Action::ChooseShip(200),
        Action::MoveTo(200),
        Action::PlaceShip(u16::MAX),
        Action::BuyCard(9999),
        Action::Equip {
            gear: 9999,
            crew: CrewCard::Hired(9999),
        },
        Action::ChooseOption(200),
        Action::ChooseBranch(200),
    ] {
        assert!(try_action(&mut g, a).is_ok_and(|applied| !applied), "{a:?}");
    }
    assert!(g.describe_action(Action::MoveTo(200)).contains("#200"));
    assert!(g
        .describe_action(Action::ChooseLeader(9999))
        .contains("#9999"));
    // Found by the fuzz target (the seat number printed one past u8::MAX overflowed).
    let d = g.describe_action(Action::Trade(TradeAction::With(u8::MAX)));
    assert!(d.contains("captain 256"), "{d}");
    // And again by the fuzz target in a Piracy job's target and a Bounty Jump's rival.
    for a in [
        Action::Work(WorkTarget::Piracy {
            job: 0,
            target: u8::MAX,
        }),
        Action::Work(WorkTarget::JumpBounty {
            from: u8::MAX,
            bounty: 0,
        }),
    ] {
        let d = g.describe_action(a);
        assert!(d.contains("captain 256"), "{d}");
    }
}
