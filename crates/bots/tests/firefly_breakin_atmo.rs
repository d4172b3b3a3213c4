//! The heuristic Firefly bot with Breakin' Atmo's cards (issue 10): it works a job for its
//! Extra Pay, gambles Tall Playing Cards only above its money reserve, and cheers a sour crew
//! with "The Best in the House".

use tabletop_bots::firefly::FireflyBot;
use tabletop_bots::Bot;
use tabletop_core::{Actor, Game};
use tabletop_firefly::event::PaySource;
use tabletop_firefly::testing::{act, captain_text, legal, scenario};
use tabletop_firefly::{Event, Firefly};

/// Let the bot play seat 0's turn; the events.
fn bot_turn(g: &mut Firefly) -> Vec<Event> {
    let mut bot = FireflyBot::new(7);
    let mut events = Vec::new();
    while g.current == 0 && !g.is_over() {
        let Actor::Seat(s) = g.actor() else { break };
        let a = bot.choose(g, s, &legal(g));
        events.extend(act(g, a));
    }
    assert_eq!(bot.guard_trips(), 0);
    events
}

fn atmo(sector: &str, extra: &str, decks: &str) -> Firefly {
    scenario(&captain_text(
        "expansions = [\"breakin-atmo\"]",
        "corbin",
        sector,
        extra,
        &format!("[decks]\n{decks}"),
    ))
}

/// At Osiris with Inara aboard and "Zir Com franchising: Tanis Docks" in hand ($400 and $400 for
/// each point of Negotiate), the bot works it and is paid the Extra Pay.
#[test]
fn bot_works_a_job_for_its_extra_pay() {
    let mut g = atmo(
        "osiris",
        "crew = [{ card = \"inara\" }]\nhand = [\"amnon-duul-zir-com-franchising-tanis-docks\"]",
        "",
    );
    let events = bot_turn(&mut g);
    let extra = events.iter().find_map(|e| match e {
        Event::JobCompleted { terms, .. } => terms
            .iter()
            .find(|t| matches!(t.source, PaySource::ExtraPay { .. }))
            .map(|t| t.amount),
        _ => None,
    });
    assert_eq!(extra, Some(4 * 400), "{events:?}");
}

/// Tall Playing Cards (about 41 % to turn $500 into $1,500): the bot gambles when the stake
/// leaves its reserve, and keeps the card when it does not.
#[test]
fn bot_gambles_tall_playing_cards_only_above_its_reserve() {
    let gambled = |money: u32| {
        let mut g = atmo(
            "border-10",
            &format!("money = {money}\nspare-gear = [\"tall-playing-cards\"]"),
            "",
        );
        bot_turn(&mut g)
            .iter()
            .any(|e| matches!(e, Event::MisbehaveRevealed { seat: 0, .. }))
    };
    assert!(gambled(3000));
    assert!(!gambled(600));
}

/// "The Best in the House": discarded once two crew members (or the Leader) are Disgruntled,
/// kept while only one is.
#[test]
fn bot_cheers_a_sour_crew_with_the_best_in_the_house() {
    let used = |second: bool| {
        let mut g = atmo(
            "border-10",
            &format!(
                "spare-gear = [\"the-best-in-the-house\"]\n\
                 crew = [{{ card = \"zoe\", disgruntled = true }}, \
                 {{ card = \"kaylee\", disgruntled = {second} }}]"
            ),
            "",
        );
        let events = bot_turn(&mut g);
        events
            .iter()
            .any(|e| matches!(e, Event::CardUsed { seat: 0, .. }))
    };
    assert!(used(true));
    assert!(!used(false));
}
