//! The last Kalidasa Job cards' rules (FF-KAL-18: Kalidasa's jobs in their decks) and Leader
//! Wright: a "Gamble" once a job is paid and "Double Down" pay (both read from the fan PC game,
//! the only source: content/kalidasa/jobs/patience.toml and fanty-and-mingo.toml), the Mudder
//! Grabs' drop-off of Passengers or Fugitives paid per head (FF-DEAL-18), "Kill a Merc"
//! (FF-DEATH-1) and Wright's extra $100 per Fugitive, an Immoral act (FF-WORK-22).

use tabletop_firefly::content::{Content, Item, Suit};
use tabletop_firefly::event::PaySource;
use tabletop_firefly::resolve::Pending;
use tabletop_firefly::state::WorkTarget;
use tabletop_firefly::testing::*;
use tabletop_firefly::{Action, Event, Firefly, Phase};

fn c() -> &'static Content {
    Content::builtin()
}

/// Seat 0 (`leader`, in Serenity) with `p0` fields, Womack far away; Kalidasa in play; `decks`
/// the `[decks]` keys, `top` the top-level keys.
fn kalidasa(top: &str, leader: &str, p0: &str, decks: &str) -> Firefly {
    scenario(&format!(
        "expansions = [\"kalidasa\"]\n{top}\n\
         [[player]]\nleader = \"{leader}\"\nship = \"serenity\"\n{p0}\n\
         [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"regina\"\n\
         [decks]\n{decks}\n"
    ))
}

/// Work job `id` with every crew member.
fn work(g: &mut Firefly, id: &str) -> Vec<Event> {
    let j = job_id(g, id);
    act(g, Action::Work(WorkTarget::Job(j)));
    act(g, Action::Done)
}

/// The completed job's pay and its terms' sources.
fn paid(ev: &[Event]) -> (u32, Vec<PaySource>) {
    ev.iter()
        .find_map(|e| match e {
            Event::JobCompleted { pay, terms, .. } => {
                Some((*pay, terms.iter().map(|t| t.source).collect()))
            }
            _ => None,
        })
        .expect("the job was completed")
}

fn pending(g: &Firefly) -> Option<Pending> {
    g.resolution.last().and_then(|r| r.pending)
}

// ---------------------------------------------------------------------------------------------
// Gamble
// ---------------------------------------------------------------------------------------------

/// "The Beaumonde Derby" delivered at Beaumonde with Zoë aboard, "Kill the Alarm" (Spades) on
/// top of the Misbehave deck.
fn derby() -> Firefly {
    kalidasa(
        "",
        "malcolm",
        "sector = \"beaumonde\"\ncargo = 1\ncrew = [{ card = \"zoe\" }]\n\
         active = [{ job = \"patience-the-beaumonde-derby\", steps-done = 1 }]",
        &misbehave_deck(&["kill-the-alarm"]),
    )
}

/// FF-WORK-16, FF-WORK-18 and the "Gamble" (fan PC game's reading): once the job is paid and the
/// Cuts settled, the player may keep the takings or bet $500 on a suit.
#[test]
fn ff_work_16_a_gamble_is_offered_once_paid_and_cuts_settled() {
    let mut g = derby();
    let ev = work(&mut g, "patience-the-beaumonde-derby");
    assert_eq!(paid(&ev).0, 2200);
    // The Cuts first (the fan game pays the crew before it asks).
    assert!(matches!(g.phase, Phase::PayCuts { .. }), "{:?}", g.phase);
    act(&mut g, Action::PayCut(true));
    assert_eq!(g.phase, Phase::Resolving);
    let m = menu(&g);
    assert_eq!(m.len(), 5, "{m:?}");
    assert!(m.contains(&"Option: Keep the takings".to_string()), "{m:?}");
    for s in Suit::ALL {
        assert!(can(&g, &format!("Gamble $500 on {}", s.name())), "{m:?}");
    }
}

/// FF-MISB-13 and the "Gamble": the named suit wins $3,000; the revealed card is shown to all
/// and goes to the Misbehave discard pile.
#[test]
fn ff_misb_13_the_right_suit_wins_the_prize_and_the_card_is_discarded() {
    let mut g = derby();
    work(&mut g, "patience-the-beaumonde-derby");
    act(&mut g, Action::PayCut(true));
    let before = g.players[0].money;
    let ev = choose(&mut g, "on Spades");
    let card = ev
        .iter()
        .find_map(|e| match e {
            Event::SuitRevealed {
                card, named, won, ..
            } => Some((*card, *named, *won)),
            _ => None,
        })
        .expect("the card is revealed");
    assert_eq!(c().misbehave_def(card.0).id, "kill-the-alarm");
    assert_eq!((card.1, card.2), (Suit::Spades, true));
    assert_eq!(g.players[0].money, before + 3000);
    assert!(g.decks.misbehave.discard_pile().contains(&card.0));
    assert_eq!(g.phase, Phase::Actions);
}

/// The "Gamble": another suit loses the $500 bet; keeping the takings reveals nothing.
#[test]
fn a_wrong_suit_loses_the_bet_and_keeping_the_takings_costs_nothing() {
    let mut g = derby();
    work(&mut g, "patience-the-beaumonde-derby");
    act(&mut g, Action::PayCut(true));
    let before = g.players[0].money;
    let mut lose = g.clone();
    let ev = choose(&mut lose, "on Hearts");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::SuitRevealed { won: false, .. }
    )));
    assert_eq!(lose.players[0].money, before - 500);
    let ev = choose(&mut g, "Keep the takings");
    assert!(!happened(&ev, |e| matches!(e, Event::SuitRevealed { .. })));
    assert_eq!(g.players[0].money, before);
    assert_eq!(g.decks.misbehave.discard_pile().len(), 0);
}

/// The "Gamble" is offered only to a player who has the $500 stake.
#[test]
fn no_gamble_without_the_stake() {
    let mut g = derby();
    work(&mut g, "patience-the-beaumonde-derby");
    g.players[0].money = 600;
    act(&mut g, Action::PayCut(true));
    assert_eq!(g.players[0].money, 300);
    assert_eq!(g.phase, Phase::Actions, "{:?}", menu(&g));
}

// ---------------------------------------------------------------------------------------------
// Double Down
// ---------------------------------------------------------------------------------------------

/// Malcolm and Inara (a Companion) with a sniper rifle at Boros with "Double the Fun" in hand:
/// each of the 4 Misbehave cards is passed by its Ace in the Hole, then the Negotiate test
/// (6 + 4 = 10+) succeeds.
fn double_the_fun(misbehave: &[&str]) -> Vec<Event> {
    let mut g = kalidasa(
        "dice = [6, 4]",
        "malcolm",
        "sector = \"boros\"\ncrew = [{ card = \"inara\", gear = [\"glucklich-jia-642x\"] }]\n\
         hand = [\"fanty-and-mingo-double-the-fun\"]",
        &misbehave_deck(misbehave),
    );
    let mut ev = work(&mut g, "fanty-and-mingo-double-the-fun");
    while g.phase == Phase::Resolving {
        let a = if legal(&g).contains(&Action::KeepRoll) {
            Action::KeepRoll
        } else {
            legal(&g)[0]
        };
        ev.extend(act(&mut g, a));
    }
    ev
}

/// FF-WORK-16 and "Double Down" (fan PC game's reading): two of the job's Misbehave cards of one
/// suit double the Pay tab.
#[test]
fn ff_work_16_double_down_doubles_the_pay_with_two_cards_of_a_suit() {
    // Spades, Clubs, Clubs, Hearts.
    let ev = double_the_fun(&[
        "we-need-a-distraction",
        "it-takes-a-womans-touch",
        "ambush",
        "the-sheriffs-justice",
    ]);
    // $2,000 twice, and Malcolm's $500 for a Crime job.
    let (pay, terms) = paid(&ev);
    assert_eq!(pay, 4500);
    assert!(terms.contains(&PaySource::DoubleDown));
}

/// "Double Down": four cards of four suits: the Pay tab only.
#[test]
fn double_down_pays_once_with_four_suits() {
    // Spades, Clubs, Diamonds, Hearts.
    let ev = double_the_fun(&[
        "we-need-a-distraction",
        "it-takes-a-womans-touch",
        "keep-a-low-profile",
        "the-sheriffs-justice",
    ]);
    let (pay, terms) = paid(&ev);
    assert_eq!(pay, 2500);
    assert!(!terms.contains(&PaySource::DoubleDown));
}

// ---------------------------------------------------------------------------------------------
// The expendable: Kill a Merc
// ---------------------------------------------------------------------------------------------

/// FF-DEATH-1: "Kill a Merc on Success": the player chooses which crew member dies, among the
/// Mercs on the job only.
#[test]
fn ff_death_1_the_expendable_kills_a_merc_of_the_players_choice() {
    let mut g = kalidasa(
        "",
        "malcolm",
        "sector = \"whittier\"\n\
         crew = [{ card = \"inara\" }, { card = \"jayne\", gear = [\"glucklich-jia-642x\"] }, \
         { card = \"gun-hand-jim\" }]\nhand = [\"niska-the-expendable\"]",
        &misbehave_deck(&["keep-a-low-profile", "ambush", "we-need-a-distraction"]),
    );
    work(&mut g, "niska-the-expendable");
    assert!(matches!(pending(&g), Some(Pending::Kill { left: 1, .. })));
    let mut victims = menu(&g);
    victims.sort();
    assert_eq!(victims, ["Gun Hand Jim is Killed", "Jayne is Killed"]);
    let ev = choose(&mut g, "Gun Hand Jim is Killed");
    // $4,000, Malcolm's $500 for a Crime job and the Soldier bonus.
    let (pay, _) = paid(&ev);
    assert_eq!(pay, 4800);
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Inara", "Jayne"]);
}

/// FF-WORK-9: the job Needs a Merc (and a SNIPER RIFLE) on the job.
#[test]
fn ff_work_9_the_expendable_needs_a_merc() {
    let can_work = |crew: &str| {
        let g = kalidasa(
            "",
            "malcolm",
            &format!("sector = \"whittier\"\ncrew = [{crew}]\nhand = [\"niska-the-expendable\"]"),
            "",
        );
        let j = job_id(&g, "niska-the-expendable");
        legal(&g).contains(&Action::Work(WorkTarget::Job(j)))
    };
    assert!(can_work(
        "{ card = \"jayne\", gear = [\"glucklich-jia-642x\"] }"
    ));
    assert!(!can_work(
        "{ card = \"zoe\", gear = [\"glucklich-jia-642x\"] }"
    ));
}

// ---------------------------------------------------------------------------------------------
// Mudder Grab: Passengers or Fugitives, either or both
// ---------------------------------------------------------------------------------------------

fn mudder_grab(p0: &str) -> Firefly {
    kalidasa(
        "",
        "malcolm",
        &format!(
            "sector = \"harvest\"\n{p0}\n\
             active = [{{ job = \"magistrate-higgins-mudder-grab-hera\", steps-done = 1 }}]"
        ),
        "",
    )
}

/// FF-DEAL-18 (Special pay, $300 per head): the player chooses how many Passengers, then how
/// many Fugitives, to deliver; each is paid.
#[test]
fn ff_deal_18_mudder_grab_delivers_the_players_mix_paid_per_head() {
    let mut g = mudder_grab("passengers = 2\nfugitives = 3");
    work(&mut g, "magistrate-higgins-mudder-grab-hera");
    assert_eq!(
        pending(&g),
        Some(Pending::DeliverUpTo {
            item: Item::Passengers,
            min: 0,
            max: 2
        })
    );
    choose(&mut g, "Deliver 1 Passenger");
    assert!(matches!(
        pending(&g),
        Some(Pending::DeliverUpTo {
            item: Item::Fugitives,
            min: 0,
            max: 3
        })
    ));
    let ev = choose(&mut g, "Deliver 2 Fugitives");
    let (pay, terms) = paid(&ev);
    assert_eq!(pay, 900);
    assert!(terms.contains(&PaySource::PerItem {
        item: Item::Passengers,
        count: 1,
        each: 300
    }));
    assert!(terms.contains(&PaySource::PerItem {
        item: Item::Fugitives,
        count: 2,
        each: 300
    }));
    let p = &g.players[0];
    assert_eq!((p.item(Item::Passengers), p.item(Item::Fugitives)), (1, 1));
}

/// FF-DEAL-18: at least one head is delivered; with Passengers only aboard, none cannot be
/// chosen; either alone lets the drop-off be worked, neither does not.
#[test]
fn ff_deal_18_mudder_grab_delivers_at_least_one_head() {
    let mut g = mudder_grab("passengers = 2");
    work(&mut g, "magistrate-higgins-mudder-grab-hera");
    assert_eq!(
        legal(&g),
        [Action::LoadCount(1), Action::LoadCount(2)],
        "{:?}",
        menu(&g)
    );
    // Nothing was delivered of the Passengers: the Fugitives must be at least 1.
    let mut g = mudder_grab("passengers = 2\nfugitives = 1");
    work(&mut g, "magistrate-higgins-mudder-grab-hera");
    let ev = choose(&mut g, "Deliver 0 Passengers");
    assert_eq!(paid(&ev).0, 300, "the last Fugitive was delivered at once");
    let can_work = |p0: &str| {
        let g = mudder_grab(p0);
        let j = job_id(&g, "magistrate-higgins-mudder-grab-hera");
        legal(&g).contains(&Action::Work(WorkTarget::Job(j)))
    };
    assert!(can_work("fugitives = 1"));
    assert!(!can_work("cargo = 1"));
}

// ---------------------------------------------------------------------------------------------
// Leader Wright
// ---------------------------------------------------------------------------------------------

/// FF-SETUP-8: Wright is a Leader to choose only with Kalidasa.
#[test]
fn ff_setup_8_wright_leads_with_kalidasa() {
    let wright = c()
        .crew
        .iter()
        .position(|m| m.id == "wright")
        .expect("Wright") as u16;
    assert!(c().leaders.contains(&wright));
    assert_eq!(
        c().crew[wright as usize].source,
        tabletop_firefly::content::Source::Kalidasa
    );
}

/// Wright with Zoë (Moral) at Beylix completing "Two by Two" (2 Fugitives, not Immoral; Good
/// Deeds, so Zoë asks no Cut and is content).
fn two_by_two() -> Firefly {
    let mut g = kalidasa(
        "",
        "wright",
        "sector = \"beylix\"\nfugitives = 2\ncrew = [{ card = \"zoe\" }]\n\
         active = [{ job = \"fanty-and-mingo-two-by-two\", steps-done = 1 }]",
        "",
    );
    let ev = work(&mut g, "fanty-and-mingo-two-by-two");
    assert_eq!(paid(&ev).0, 3000);
    g
}

/// FF-WORK-22: Wright's extra $100 per Fugitive delivered is the player's choice, once the job
/// is paid; taken, it counts as Immoral: the Moral crew become Disgruntled.
#[test]
fn ff_work_22_wrights_extra_per_fugitive_is_immoral() {
    let mut g = two_by_two();
    assert_eq!(g.phase, Phase::Resolving);
    assert_eq!(menu(&g), ["Option: Take the extra", "Option: Leave it"]);
    let before = g.players[0].money;
    let mut leave = g.clone();
    choose(&mut g, "Take the extra");
    assert_eq!(g.players[0].money, before + 200);
    assert!(g.players[0].crew[1].disgruntled, "Zoë is Moral");
    choose(&mut leave, "Leave it");
    assert_eq!(leave.players[0].money, before);
    assert!(!leave.players[0].crew[1].disgruntled);
}

/// Wright's extra is offered for Fugitives delivered at a Bonus Drop-Off too, after its bonus,
/// and never when no Fugitive was delivered.
#[test]
fn wrights_extra_follows_every_delivery_of_fugitives() {
    let mut g = kalidasa(
        "",
        "wright",
        "sector = \"ezra\"\nfugitives = 4\n\
         active = [{ job = \"fanty-and-mingo-double-the-pleasure\", steps-done = 1 }]",
        "",
    );
    choose(&mut g, "Bonus Drop-Off");
    act(&mut g, Action::Done);
    assert_eq!(menu(&g), ["Option: Take the extra", "Option: Leave it"]);
    let before = g.players[0].money;
    choose(&mut g, "Take the extra");
    assert_eq!(g.players[0].money, before + 200);
    assert_eq!(g.phase, Phase::Actions);
    // A delivery of Cargo only: nothing is offered.
    let mut g = kalidasa(
        "",
        "wright",
        "sector = \"beaumonde\"\ncargo = 1\n\
         active = [{ job = \"patience-the-beaumonde-derby\", steps-done = 1 }]",
        "",
    );
    work(&mut g, "patience-the-beaumonde-derby");
    assert!(!can(&g, "Take the extra"), "{:?}", menu(&g));
}

// ---------------------------------------------------------------------------------------------
// Card text, rendered from the data
// ---------------------------------------------------------------------------------------------

fn card(label: &str) -> String {
    tabletop_firefly::content::render::all_cards(c())
        .into_iter()
        .find(|(l, _)| l == label)
        .map(|(_, t)| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| panic!("no card {label}"))
}

/// The new rules are printed on the cards from their data (text with its lines joined).
#[test]
fn the_cards_say_what_they_do() {
    let derby = card("job \"patience-the-beaumonde-derby\"");
    assert!(
        derby.contains("Gamble: once paid, if you have $500"),
        "{derby}"
    );
    let fun = card("job \"fanty-and-mingo-double-the-fun\"");
    assert!(fun.contains("Double Down:"), "{fun}");
    let grab = card("job \"magistrate-higgins-mudder-grab-hera\"");
    assert!(
        grab.contains(
            "Deliver as many Passengers or Fugitives as you choose, or both (at least 1)"
        ),
        "{grab}"
    );
    assert!(
        grab.contains("$300 per Passenger or Fugitive delivered"),
        "{grab}"
    );
    let expendable = card("job \"niska-the-expendable\"");
    assert!(expendable.contains("Kill 1 Merc"), "{expendable}");
    let wright = card("crew \"wright\"");
    assert!(
        wright.contains(
            "Whenever you deliver Fugitives, once paid, choose one: Take the extra: Take $100 \
             for each Fugitive delivered. All Moral crew become Disgruntled; Leave it"
        ),
        "{wright}"
    );
    assert!(card("misbehave \"kill-the-alarm\"").starts_with("Kill the Alarm (Misbehave, Spades)"));
}

// ---------------------------------------------------------------------------------------------
// Checked on load
// ---------------------------------------------------------------------------------------------

fn load_err(extra: &str) -> tabletop_firefly::content::ContentError {
    let mut files = tabletop_firefly::content::ContentFiles::builtin();
    files
        .files
        .push(("test/extra.toml".into(), extra.to_string()));
    Content::load(&files).expect_err("the test file is invalid")
}

const JOB_HEAD: &str = "[[job]]\nid = \"test-job\"\nname = \"Test\"\ncontact = \"patience\"\n\
     source = \"promo\"\ntypes = [\"crime\"]\n";

/// The new job fields are checked on load, the error naming file, entry and field.
#[test]
fn the_new_job_fields_are_checked_on_load() {
    // Double Down with one Misbehave card.
    let e = load_err(&format!(
        "{JOB_HEAD}pay = 1000\ndouble_down = true\n\
         [[job.steps]]\nkind = \"target\"\nat = \"persephone\"\nmisbehave = 1\n"
    ));
    assert_eq!(
        (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
        ("test/extra.toml", "job \"test-job\"", "double_down")
    );
    // A mix whose second item is not paid.
    let e = load_err(&format!(
        "{JOB_HEAD}pay_per = {{ item = \"passengers\", amount = 300 }}\n\
         [[job.steps]]\nkind = \"pick-up\"\nat = \"persephone\"\n\
         items = [{{ item = \"passengers\", amount = 2 }}]\n\
         [[job.steps]]\nkind = \"drop-off\"\nat = \"harvest\"\nany_mix = true\n\
         items = [{{ item = \"passengers\", amount = 0 }}, {{ item = \"fugitives\", amount = 0 }}]\n"
    ));
    assert_eq!(e.field, "steps[1].any_mix", "{e}");
    // A Gamble with no prize.
    let e = load_err(&format!(
        "{JOB_HEAD}pay = 1000\ngamble = {{ stake = 500, prize = 0 }}\n\
         [[job.steps]]\nkind = \"target\"\nat = \"persephone\"\n"
    ));
    assert_eq!(e.field, "gamble", "{e}");
    // Money per item delivered outside an on-deliver ability.
    let e = load_err(
        "[[crew]]\nid = \"test-crew\"\nname = \"Test\"\nsource = \"promo\"\ncost = 100\n\
         abilities = [{ kind = \"on-make-work\", options = [{ name = \"X\", effects = [\
         { kind = \"take-money-per-delivered\", item = \"fugitives\", amount = 100 }] }] }]\n",
    );
    assert_eq!(e.field, "abilities[0].options[0].effects[0]", "{e}");
}
