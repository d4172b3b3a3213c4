//! A game started from a scenario file saves and replays like any other (the scenario travels
//! in the options).

use tabletop_core::{Actor, Game, NewGame, Replay, Rng};
use tabletop_mandalorian::scenario::Scenario;
use tabletop_mandalorian::*;

#[test]
fn a_scenario_game_saves_and_replays_to_the_same_state() {
    let text = include_str!("scenarios/vault-door.toml");
    let s = Scenario::parse(text).unwrap();
    let mut o = s.options();
    o.scenario = Some(text.to_string());
    let content = embedded();
    let mut g = Mandalorian::new_game(content, &o, s.seed).unwrap();
    assert!(
        g == s.build(content).unwrap(),
        "options with a scenario build the scenario"
    );
    let mut record: Replay<Options, Action> =
        Replay::new("mandalorian", content.fingerprint.clone(), o, s.seed);
    let mut rng = Rng::new(4);
    let (mut legal, mut ev) = (Vec::new(), Vec::new());
    for _ in 0..60 {
        if g.actor() == Actor::Over {
            break;
        }
        g.legal_actions(&mut legal);
        let a = legal[rng.index(legal.len())];
        g.apply(a, &mut ev).unwrap();
        record.actions.push(a);
    }
    let back = Replay::<Options, Action>::from_json(&record.to_json()).unwrap();
    let again: Mandalorian = back.play(content, &content.fingerprint, None).unwrap();
    assert!(
        again == g,
        "the saved scenario game does not replay to the same state"
    );
}

#[test]
fn a_broken_scenario_in_the_options_is_refused_with_its_reason() {
    let mut o = Options::solo(1, Difficulty::Standard);
    o.scenario = Some("mission = 1\nseats = \"two\"\n".into());
    let err = Mandalorian::new_game(embedded(), &o, 0)
        .unwrap_err()
        .to_string();
    assert!(err.contains("scenario"), "{err}");
}
