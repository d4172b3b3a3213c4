//! Firefly's log lines tell the truth: every term of a test's total, the balance at each
//! change of money, how a job's pay was made, the text of an option nobody was asked to choose,
//! captains numbered from 1.

use tabletop_core::Game;
use tabletop_driver::{Driven, Viewer};
use tabletop_firefly::content::Item;
use tabletop_firefly::testing::*;
use tabletop_firefly::{Action, Event, Firefly};

/// The lines of `events` as every seat may read them.
fn lines(g: &Firefly, events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| g.event_line(e, Viewer::All))
        .collect()
}

fn has(lines: &[String], want: &str) -> bool {
    lines.iter().any(|l| l == want)
}

/// FF-SKILL-3: the roll's line names every term of the total: the die, the crew member's
/// skill, the gear they carry, and the card's own modifier (+3 with a HACKING RIG).
#[test]
fn a_roll_shows_the_die_the_crew_the_gear_and_the_cards_bonus() {
    let mut g = henpecked(
        "5, 5",
        "leader-gear = [\"security-interface-pad\"]",
        "\"state-of-the-art-security-system\", \"kill-the-alarm\"",
    );
    let ev = work_henpecked(&mut g);
    let l = lines(&g, &ev);
    assert!(
        has(
            &l,
            "Tech test: rolled 5 + Corbin 2 + Security Interface Pad 1 + HACKING RIG 3 = 11"
        ),
        "{l:#?}"
    );
}

/// A Misbehave card whose one option is the only one possible is resolved without a question:
/// its text is in the log, so the player reads what was rolled for.
#[test]
fn an_option_nobody_was_asked_to_choose_is_shown() {
    let mut g = henpecked(
        "5, 5",
        "",
        "\"state-of-the-art-security-system\", \"kill-the-alarm\"",
    );
    let ev = work_henpecked(&mut g);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::OptionChosen { forced: true, .. }
    )));
    let l = lines(&g, &ev);
    assert!(
        l.iter()
            .any(|x| x.starts_with("no choice to make: Work Some Hacking Magic: Tech test")),
        "{l:#?}"
    );
    // An option a player chose is said by their action's line, not twice.
    let mut g = henpecked("5, 5", "", &copies(2, "kill-the-alarm"));
    work_henpecked(&mut g);
    let ev = choose(&mut g, "Rig a Bypass");
    assert!(!lines(&g, &ev)
        .iter()
        .any(|x| x.starts_with("no choice to make")));
}

/// FF-WORK-16/17: the pay line breaks the pay down: the printed pay, what working the job
/// changed, the Leader's ability.
#[test]
fn a_jobs_pay_is_broken_down() {
    // Badger's "Bilking the Yokels" ($1,500, Shipping): 5 + Negotiate 1 = 6 raises the pay by
    // $500; Burgess takes $500 for a Shipping job.
    let mut g = two_captains(
        "dice = [5]",
        "leader = \"burgess\"\nsector = \"brisingamen\"\ncargo = 2\n\
         active = [{ job = \"badger-bilking-the-yokels\", steps-done = 1 }]",
        "",
    );
    choose(&mut g, "Bilking");
    let ev = choose(&mut g, "Done");
    let l = lines(&g, &ev);
    for want in [
        "Negotiate test: rolled 5 + Burgess 1 = 6",
        "captain 1 completes \"Bilking the Yokels\" and is paid $2,500 ($1,500 pay + $500 from \
         working it + $500 from Burgess)",
        "captain 1 +$2,500 (now $5,500)",
    ] {
        assert!(has(&l, want), "missing {want:?} in {l:#?}");
    }
}

/// FF-DEAL-18, FF-WORK-17: pay per item delivered and a Profession bonus.
#[test]
fn pay_per_passenger_and_the_bonus_are_shown() {
    let mut g = two_captains(
        "",
        "leader = \"malcolm\"\nsector = \"three-hills\"\npassengers = 3\n\
         crew = [{ card = \"simon-tam\" }]\n\
         active = [{ job = \"amnon-duul-homesteader-transport\", steps-done = 1 }]",
        "",
    );
    choose(&mut g, "Homesteader");
    let ev = choose(&mut g, "Done");
    let l = lines(&g, &ev);
    let want = "captain 1 completes \"Homesteader Transport\" and is paid $1,000 (3 Passengers \
                × $200 + $400 Medic bonus)";
    assert!(has(&l, want), "{l:#?}");
    assert_eq!(g.players[0].item(Item::Passengers), 0);
}

/// The balance in a money line is the one just after that change, not at the end of the
/// action (a payment before a payout read "-$600 (now $4,400)" when $800 was left).
#[test]
fn a_money_line_shows_the_balance_at_that_moment() {
    let g = two_captains("", "leader = \"malcolm\"\nsector = \"persephone\"", "");
    let pay = Event::Money {
        seat: 0,
        delta: -600,
        now: 800,
    };
    assert_eq!(
        g.event_line(&pay, Viewer::All).unwrap(),
        "captain 1 -$600 (now $800)"
    );
    let warrant = Event::WarrantIssued {
        seat: 1,
        warrants: 2,
    };
    assert_eq!(
        g.event_line(&warrant, Viewer::All).unwrap(),
        "captain 2 gets a Warrant (now 2)"
    );
}

/// Seats are "captain 1", "captain 2" wherever a person reads them: trade actions and the
/// reason an action is refused.
#[test]
fn captains_are_numbered_from_1_in_text() {
    let mut g = scenario(
        r#"
[[player]]
leader = "malcolm"
ship = "serenity"
sector = "persephone"
[[player]]
leader = "monty"
ship = "yun-qi"
sector = "persephone"
"#,
    );
    assert!(can(&g, "Trade with Monty (captain 2)"), "{:?}", menu(&g));
    let mut ev = Vec::new();
    let e = g.apply(Action::PlaceShip(3), &mut ev).unwrap_err();
    assert!(
        e.reason.contains("captain 1's legal actions"),
        "{}",
        e.reason
    );
}
