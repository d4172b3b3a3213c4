//! Mr. Universe and his Big Damn Challenges (Blue Sun, FF-BS-23..30): Challenge cards dealt into
//! the hand, attached under a job when it is started, done with the job for an extra reward,
//! Solid with Mr. Universe raising the hand limit, and a Warrant taking it all away.
//!
//! The published Challenge cards are in no source, so these tests play the rules on the test-only
//! cards of `tests/test-content/challenges.toml` (the rulebook's own example, "With Your Hands
//! Tied", among them); the game's content leaves Mr. Universe off the board.

use tabletop_firefly::content::{ContactName, Content};
use tabletop_firefly::event::PaySource;
use tabletop_firefly::state::WorkTarget;
use tabletop_firefly::testing::*;
use tabletop_firefly::{Action, Event, Firefly, Phase};

const CHALLENGES: &str = include_str!("test-content/challenges.toml");

fn c() -> &'static Content {
    static C: std::sync::OnceLock<&'static Content> = std::sync::OnceLock::new();
    C.get_or_init(|| content_with("test/challenges.toml", CHALLENGES))
}

/// Malcolm (Fight 2, Negotiate 1) in Serenity at Cortex Relay 7, Mr. Universe's sector, with
/// Blue Sun; `p0` adds his fields, `decks` the `[decks]` table's keys.
fn at_the_relay(top: &str, p0: &str, decks: &str) -> Firefly {
    scenario_on(
        c(),
        &format!(
            "expansions = [\"blue-sun\"]\n{top}\n\
             [[player]]\nleader = \"malcolm\"\nship = \"serenity\"\nsector = \"cortex-relay-7\"\n\
             {p0}\n\
             [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"regina\"\n\
             [decks]\n{decks}\n"
        ),
    )
}

fn job(g: &Firefly, id: &str) -> u16 {
    job_id(g, id)
}

fn hand(g: &Firefly) -> Vec<String> {
    job_ids(g, g.players[0].hand)
}

/// Work `id` with the whole crew, attaching `challenge` (or none) when offered.
fn start(g: &mut Firefly, id: &str, challenge: Option<&str>) -> Vec<Event> {
    let j = job(g, id);
    let mut ev = act(g, Action::Work(WorkTarget::Job(j)));
    ev.extend(act(g, Action::Done));
    if let Some(ch) = challenge {
        let ch = job(g, ch);
        ev.extend(act(g, Action::AttachChallenge(ch)));
    } else if matches!(g.phase, Phase::AttachChallenge { .. }) {
        ev.extend(act(g, Action::Done));
    }
    ev
}

fn paid(events: &[Event]) -> Option<(u32, Vec<PaySource>)> {
    events.iter().find_map(|e| match e {
        Event::JobCompleted { pay, terms, .. } => {
            Some((*pay, terms.iter().map(|t| t.source).collect()))
        }
        _ => None,
    })
}

/// FF-BS-23: a Deal with Mr. Universe offers Big Damn Challenge cards; accepted ones go into the
/// hand and count toward its limit, like jobs (three jobs and a Challenge: one must go).
#[test]
fn ff_bs_23_a_deal_with_mr_universe_gets_challenge_cards_into_the_hand() {
    let mut g = at_the_relay(
        "",
        "hand = [\"test-relay-repairs\", \"test-signal-heist\", \"test-quiet-delivery\"]",
        "contact = { mr-universe = [\"test-with-your-hands-tied\", \"test-off-the-books\", \
         \"test-smooth-talker\"] }",
    );
    act(&mut g, Action::Deal);
    for _ in 0..3 {
        act(&mut g, Action::ConsiderDraw);
    }
    act(&mut g, Action::Done);
    choose(&mut g, "Accept \"Off the Books\"");
    act(&mut g, Action::Done);
    assert_eq!(
        g.phase,
        Phase::DiscardJobs,
        "four cards: over the limit of 3"
    );
    assert!(hand(&g).contains(&"test-off-the-books".to_string()));
    let x = job(&g, "test-quiet-delivery");
    act(&mut g, Action::DiscardJob(x));
    assert_eq!(g.players[0].hand.len(), 3);
    assert_eq!(g.phase, Phase::Actions);
    // A Challenge is never a job of its own: it cannot be worked.
    assert!(!legal(&g).contains(&Action::Work(WorkTarget::Job(job(
        &g,
        "test-off-the-books"
    )))));
    // Its card says what it asks and pays.
    let text = tabletop_firefly::content::render::job_card(
        &c().jobs[job(&g, "test-with-your-hands-tied") as usize],
        &tabletop_firefly::content::render::Names::of(c()),
    );
    assert!(text.contains("Big Damn Challenge"), "{text}");
    assert!(text.contains("no Fight"), "{text}");
    assert!(text.contains("$1,000"), "{text}");
}

/// FF-BS-24: a Challenge is attached when the job is first worked: Legal Challenges to Legal
/// jobs only, Illegal ones to Illegal jobs only; and one whose Needs the crew cannot meet is not
/// offered ("Smooth Talker" needs Negotiate 3; Malcolm has 1).
#[test]
fn ff_bs_24_challenges_attach_to_jobs_of_their_own_legality_when_started() {
    let mut g = at_the_relay(
        "",
        "hand = [\"test-relay-repairs\", \"test-with-your-hands-tied\", \"test-off-the-books\", \
         \"test-smooth-talker\"]\nsolid = [\"mr-universe\"]",
        "",
    );
    let j = job(&g, "test-relay-repairs");
    act(&mut g, Action::Work(WorkTarget::Job(j)));
    act(&mut g, Action::Done);
    assert!(matches!(g.phase, Phase::AttachChallenge { .. }));
    let offered: Vec<Action> = legal(&g);
    assert_eq!(
        offered,
        vec![
            Action::AttachChallenge(job(&g, "test-with-your-hands-tied")),
            Action::Done
        ],
        "only the Legal Challenge whose Needs are met"
    );
    let tied = job(&g, "test-with-your-hands-tied");
    let ev = act(&mut g, Action::AttachChallenge(tied));
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ChallengeAttached { .. }
    )));
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ChallengeAttached { job, challenge, .. } if *job == j && *challenge == tied
    )));
    // Under the job (until the job is done or lost), out of the hand.
    if let Some(a) = g.players[0].active.iter().find(|a| a.job == j) {
        assert_eq!(a.challenge, Some(tied));
    }
    assert!(!hand(&g).contains(&"test-with-your-hands-tied".to_string()));
}

/// FF-BS-25: no Challenge goes on a job already in the Active Job area: working its next step
/// offers none.
#[test]
fn ff_bs_25_no_challenge_on_a_job_already_active() {
    let mut g = at_the_relay(
        "dice = [6, 1]",
        "hand = [\"test-with-your-hands-tied\"]\nactive = [{ job = \"test-relay-repairs\" }]",
        "",
    );
    let j = job(&g, "test-relay-repairs");
    act(&mut g, Action::Work(WorkTarget::Job(j)));
    act(&mut g, Action::Done);
    assert!(
        !matches!(g.phase, Phase::AttachChallenge { .. }),
        "the job was already Active"
    );
    assert!(!legal(&g)
        .iter()
        .any(|a| matches!(a, Action::AttachChallenge(_))));
}

/// FF-BS-26: an attached Challenge does not count toward the Active-job limit: with three
/// Active jobs each carrying one, the limit is reached by the jobs alone.
#[test]
fn ff_bs_26_attached_challenges_do_not_count_as_active_jobs() {
    let mut g = at_the_relay(
        "",
        "hand = [\"test-quiet-delivery\", \"test-smooth-talker\"]\n\
         active = [{ job = \"test-relay-repairs\", challenge = \"test-with-your-hands-tied\" }, \
         { job = \"test-signal-heist\", challenge = \"test-off-the-books\" }]",
        "",
    );
    // Two Active jobs and their two Challenges: a third job may still be started.
    assert!(legal(&g).contains(&Action::Work(WorkTarget::Job(job(
        &g,
        "test-quiet-delivery"
    )))));
    start(&mut g, "test-quiet-delivery", None);
    assert_eq!(
        g.players[0].active.len(),
        2,
        "the delivery was completed at once"
    );
}

/// FF-BS-27: a job with a Challenge is done by meeting both cards' requirements, and the reward
/// is added to its pay. "With Your Hands Tied": the crew adds no Fight to the job's Fight test
/// (Malcolm's 2 would have made a roll of 3 a success); with the Challenge already under the
/// Active job, a roll of 5 succeeds on the die alone and pays $1,000 + $1,000.
#[test]
fn ff_bs_27_the_challenge_hurdles_and_reward() {
    let mut g = at_the_relay(
        "dice = [3]",
        "hand = [\"test-relay-repairs\", \"test-with-your-hands-tied\"]",
        "",
    );
    let mut ev = start(
        &mut g,
        "test-relay-repairs",
        Some("test-with-your-hands-tied"),
    );
    ev.extend(finish(&mut g));
    assert!(
        paid(&ev).is_none(),
        "3 with no Fight from the crew: botched"
    );
    assert!(endings(&ev).contains(&tabletop_firefly::content::Ending::AttemptBotched));
    assert_eq!(
        g.attached_challenge(0, job(&g, "test-relay-repairs")),
        Some(job(&g, "test-with-your-hands-tied")),
        "the job and its Challenge stay Active"
    );
    // Without the Challenge the same roll passes: Malcolm's Fight counts.
    let mut g = at_the_relay("dice = [3]", "hand = [\"test-relay-repairs\"]", "");
    let mut ev = start(&mut g, "test-relay-repairs", None);
    ev.extend(finish(&mut g));
    assert_eq!(paid(&ev).map(|p| p.0), Some(1000));
    // With it, a 5 on the die alone does it, and the reward is paid.
    let mut g = at_the_relay(
        "dice = [5]",
        "active = [{ job = \"test-relay-repairs\", challenge = \"test-with-your-hands-tied\" }]",
        "",
    );
    let mut ev = start(&mut g, "test-relay-repairs", None);
    ev.extend(finish(&mut g));
    let (pay, sources) = paid(&ev).expect("completed");
    assert_eq!(pay, 2000);
    assert!(sources.contains(&PaySource::Challenge {
        challenge: job(&g, "test-with-your-hands-tied")
    }));
}

/// FF-BS-27: "Off the Books" adds a Misbehave card to the step that finishes the job: the heist
/// (1 Misbehave card) now takes 2.
#[test]
fn ff_bs_27_a_challenge_can_add_misbehave_cards() {
    let mut g = at_the_relay(
        "",
        "hand = [\"test-signal-heist\", \"test-off-the-books\"]",
        &misbehave_deck(&["test-easy-street", "test-easy-street", "test-easy-street"]),
    );
    let mut ev = start(&mut g, "test-signal-heist", Some("test-off-the-books"));
    ev.extend(finish(&mut g));
    assert_eq!(misbehave_drawn(&g, &ev).len(), 2);
    let (pay, _) = paid(&ev).expect("completed");
    // $2,000 + $1,500, and Malcolm's own +$500 for a Crime job.
    assert_eq!(pay, 4000);
}

/// FF-BS-28: completing a job with a Challenge makes you Solid with Mr. Universe as well as with
/// the job's Contact; the Challenge goes under the ship with the completed cards.
#[test]
fn ff_bs_28_completing_it_makes_you_solid_with_mr_universe() {
    let mut g = at_the_relay(
        "",
        "hand = [\"test-signal-heist\", \"test-off-the-books\"]",
        &misbehave_deck(&["test-easy-street", "test-easy-street"]),
    );
    let mut ev = start(&mut g, "test-signal-heist", Some("test-off-the-books"));
    ev.extend(finish(&mut g));
    let p = &g.players[0];
    assert!(p.is_solid(ContactName::MrUniverse));
    assert!(p.is_solid(ContactName::Niska));
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Solid {
            contact: ContactName::MrUniverse,
            ..
        }
    )));
    assert!(p.completed.contains(job(&g, "test-off-the-books")));
}

/// FF-BS-29: Solid with Mr. Universe, the hand limit is 5: a fifth card is kept without a
/// discard.
#[test]
fn ff_bs_29_solid_with_mr_universe_the_hand_limit_is_five() {
    let mut g = at_the_relay(
        "",
        "solid = [\"mr-universe\"]\n\
         hand = [\"test-relay-repairs\", \"test-signal-heist\", \"test-quiet-delivery\"]",
        "contact = { mr-universe = [\"test-with-your-hands-tied\", \"test-off-the-books\", \
         \"test-smooth-talker\"] }",
    );
    assert_eq!(g.hand_limit(&g.players[0]), 5);
    act(&mut g, Action::Deal);
    for _ in 0..3 {
        act(&mut g, Action::ConsiderDraw);
    }
    act(&mut g, Action::Done);
    choose(&mut g, "Accept \"With Your Hands Tied\"");
    choose(&mut g, "Accept \"Off the Books\"");
    act(&mut g, Action::Done);
    assert_eq!(g.players[0].hand.len(), 5);
    assert_ne!(g.phase, Phase::DiscardJobs);
}

/// FF-BS-30: a Warrant while working a job with a Challenge discards the Challenge with the job,
/// loses Solid with Mr. Universe, and the hand limit drops back to 3 at once: the extra cards
/// are discarded there and then.
#[test]
fn ff_bs_30_a_warrant_loses_the_challenge_and_mr_universe() {
    let mut g = at_the_relay(
        "",
        "solid = [\"mr-universe\"]\n\
         hand = [\"test-signal-heist\", \"test-off-the-books\", \"test-relay-repairs\", \
         \"test-quiet-delivery\", \"test-with-your-hands-tied\"]",
        &misbehave_deck(&["test-alarm-tripped"]),
    );
    let mut ev = start(&mut g, "test-signal-heist", Some("test-off-the-books"));
    ev.extend(finish(&mut g));
    assert!(happened(&ev, |e| matches!(e, Event::WarrantIssued { .. })));
    let p = &g.players[0];
    assert!(!p.is_solid(ContactName::MrUniverse));
    assert!(p.active.is_empty());
    let universe = &g.decks.contacts[ContactName::MrUniverse.index()];
    assert!(universe
        .discard_pile()
        .contains(&job(&g, "test-off-the-books")));
    // Three cards left in hand, limit 3 again: nothing to discard. With four it would be asked.
    assert_eq!(p.hand.len(), 3);
    assert_eq!(g.hand_limit(p), 3);
}

/// FF-BS-30: the Warrant comes with five cards in hand (the job was started on an earlier turn):
/// the limit is 3 again at once, so two are discarded there and then, cards of the player's
/// choice.
#[test]
fn ff_bs_30_the_hand_is_cut_back_to_three_at_once() {
    let mut g = at_the_relay(
        "",
        "solid = [\"mr-universe\"]\n\
         active = [{ job = \"test-signal-heist\", challenge = \"test-off-the-books\" }]\n\
         hand = [\"test-relay-repairs\", \"test-quiet-delivery\", \"test-with-your-hands-tied\", \
         \"test-smooth-talker\", \"test-signal-heist-2\"]",
        &misbehave_deck(&["test-alarm-tripped"]),
    );
    let mut ev = start(&mut g, "test-signal-heist", None);
    ev.extend(finish(&mut g));
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ReputationLost {
            contact: ContactName::MrUniverse,
            ..
        }
    )));
    assert_eq!(g.phase, Phase::DiscardJobs);
    let choices = legal(&g);
    assert_eq!(choices.len(), 5, "any of the five: {:?}", menu(&g));
    let x = job(&g, "test-smooth-talker");
    act(&mut g, Action::DiscardJob(x));
    assert_eq!(g.phase, Phase::DiscardJobs);
    let x = job(&g, "test-quiet-delivery");
    act(&mut g, Action::DiscardJob(x));
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(g.players[0].hand.len(), 3);
}

/// Play out the card or test being resolved, taking the first legal choice each time.
fn finish(g: &mut Firefly) -> Vec<Event> {
    let mut ev = Vec::new();
    while matches!(g.phase, Phase::Resolving) {
        let a = legal(g)[0];
        ev.extend(act(g, a));
    }
    ev
}
