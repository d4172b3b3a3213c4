//! Reputation and the Contacts' Special Rules (FF-REP): becoming Solid, losing it to Warrants,
//! Harken's Zero Tolerance and Niska's Pound of Flesh.

use tabletop_firefly::content::{ContactName, Item};
use tabletop_firefly::testing::*;
use tabletop_firefly::{Event, Firefly, Phase};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// Malcolm at `sector` with `extra` fields; the rival far away at Londinium.
fn captain_with(top: &str, sector: &str, extra: &str, decks: &str) -> String {
    captain_text(top, "malcolm", sector, extra, decks)
}

fn captain(sector: &str, extra: &str) -> String {
    captain_with("", sector, extra, "")
}

fn solid(g: &Firefly) -> Vec<ContactName> {
    tabletop_firefly::deal::ALL_CONTACTS
        .iter()
        .copied()
        .filter(|&c| g.players[0].is_solid(c))
        .collect()
}

/// Harken's "Cargo Delivery: Osiris", picked up, at its drop-off (no Needs, no Misbehave).
fn harken_delivery(extra: &str) -> String {
    captain(
        "osiris",
        &format!(
            "cargo = 1\nactive = [{{ job = \"harken-cargo-delivery-osiris\", steps-done = 1 }}]\n{extra}"
        ),
    )
}

fn complete_the_job(g: &mut Firefly) -> Vec<Event> {
    choose(g, "Work job");
    choose(g, "Done")
}

/// A job in hand at `sector` whose first Misbehave card is "Alliance Patrol": with no TRANSPORT
/// its only option is a Tech 8 test, and a roll of 1 (Malcolm has no Tech) is Warrant Issued.
fn warrant_on(job: &str, sector: &str, extra: &str) -> String {
    captain_with(
        "dice = [1]",
        sector,
        &format!("hand = [\"{job}\"]\n{extra}"),
        "[decks]\nmisbehave = [\"alliance-patrol\", \"an-unexpected-opportunity\"]",
    )
}

const BADGER_JOB: &str = "badger-poking-holes-in-niskas-plans"; // Ezra
const NISKA_JOB: &str = "niska-sad-little-king-of-a-sad-little-hill"; // Persephone

// ---------------------------------------------------------------------------------------------
// FF-REP-1..5
// ---------------------------------------------------------------------------------------------

/// FF-REP-1: completing a job for a Contact makes you Solid with them. FF-REP-2: the completed
/// card is kept under the ship as the record.
#[test]
fn ff_rep_1_completing_a_job_makes_you_solid_and_ff_rep_2_the_card_is_kept() {
    let mut g = scenario(&harken_delivery(""));
    assert!(solid(&g).is_empty());
    let ev = complete_the_job(&mut g);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Solid {
            contact: ContactName::Harken,
            ..
        }
    )));
    assert_eq!(solid(&g), [ContactName::Harken]);
    assert_eq!(
        job_ids(&g, &g.players[0].completed),
        ["harken-cargo-delivery-osiris"]
    );
    assert_eq!(g.players[0].money, 3600);
}

/// FF-REP-3: reputation is Solid or not: another job for the same Contact changes nothing.
#[test]
fn ff_rep_3_solid_has_no_levels() {
    let mut g = scenario(&harken_delivery(
        "solid = [\"harken\"]\ncompleted = [\"harken-cargo-delivery-sihnon\"]",
    ));
    let ev = complete_the_job(&mut g);
    assert!(!happened(&ev, |e| matches!(e, Event::Solid { .. })));
    assert_eq!(solid(&g), [ContactName::Harken]);
    assert_eq!(g.players[0].solid_count(), 1);
    assert_eq!(g.players[0].completed.len(), 2);
}

/// FF-REP-4: Solid Contacts buy Cargo and Contraband during a Deal, at their own prices.
#[test]
fn ff_rep_4_solid_contacts_buy_goods() {
    let mut g = scenario(&captain(
        "ezra",
        "cargo = 1\ncontraband = 2\nsolid = [\"niska\"]",
    ));
    choose(&mut g, "Deal with Niska");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    choose(&mut g, "Sell 1 Contraband");
    choose(&mut g, "Sell 1 Contraband");
    choose(&mut g, "Sell 1 Cargo");
    assert!(!can(&g, "Sell"));
    assert_eq!(g.players[0].money, 3000 + 800 + 800 + 400);
    assert_eq!(g.players[0].item(Item::Contraband), 0);
}

/// FF-REP-5: most Special Rules need Solid: Badger's "Favor for a Favor" is not offered to a
/// player who is not Solid with him.
#[test]
fn ff_rep_5_special_rules_need_solid() {
    let mut g = scenario(&captain("persephone", "warrants = 1"));
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    assert_eq!(g.phase, Phase::Actions);
    assert!(!can(&g, "clear all Warrants"));

    let mut g = scenario(&captain("persephone", "warrants = 1\nsolid = [\"badger\"]"));
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    assert!(can(&g, "Pay $1,000 to clear all Warrants"));
}

// ---------------------------------------------------------------------------------------------
// FF-REP-6..11: Warrants and reputation
// ---------------------------------------------------------------------------------------------

/// FF-REP-6: a Warrant while working a job for a Contact loses all reputation with that
/// Contact (and the job, FF-MISB-11); other Contacts are not affected.
#[test]
fn ff_rep_6_a_warrant_on_a_contacts_job_loses_their_rep() {
    let mut g = scenario(&warrant_on(
        BADGER_JOB,
        "ezra",
        "solid = [\"badger\", \"patience\", \"niska\"]",
    ));
    choose(&mut g, "Work job");
    let ev = choose(&mut g, "Done");
    assert!(happened(&ev, |e| matches!(e, Event::WarrantIssued { .. })));
    assert_eq!(g.players[0].warrants, 1);
    assert_eq!(solid(&g), [ContactName::Patience, ContactName::Niska]);
    assert!(g.players[0].active.is_empty());
    assert_eq!(
        job_ids(
            &g,
            g.decks.contacts[ContactName::Badger.index()].discard_pile()
        ),
        [BADGER_JOB]
    );
    assert_eq!(g.phase, Phase::Actions);
}

/// FF-REP-7: lost reputation is won back by completing another job for that Contact.
#[test]
fn ff_rep_7_lost_rep_is_won_back_with_another_job() {
    let mut g = scenario(&warrant_on(BADGER_JOB, "ezra", "solid = [\"badger\"]"));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    assert!(!g.players[0].is_solid(ContactName::Badger));
    // Later, with the rep lost: Badger's "Hard Goods for Hard Times" delivered at Three Hills
    // (its "Negotiate the pay" test: 3 + 1 Negotiate, the printed pay).
    let mut g2 = scenario(&captain_with(
        "dice = [3]",
        "three-hills",
        "warrants = 1\ncargo = 2\nactive = [{ job = \"badger-hard-goods-for-hard-times\", steps-done = 1 }]",
        "",
    ));
    assert!(!g2.players[0].is_solid(ContactName::Badger));
    let ev = complete_the_job(&mut g2);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::JobCompleted { pay: 1600, .. }
    )));
    assert!(g2.players[0].is_solid(ContactName::Badger));
}

/// FF-REP-8: Harken's "Zero Tolerance": a Warrant for any reason costs Harken's reputation,
/// whichever Contact's job was being worked.
#[test]
fn ff_rep_8_harken_zero_tolerance() {
    let mut g = scenario(&warrant_on(
        BADGER_JOB,
        "ezra",
        "solid = [\"harken\", \"patience\"]",
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    assert_eq!(solid(&g), [ContactName::Patience]);

    // A Warrant from a Nav card, on no job at all.
    let mut g = scenario(&captain("persephone", "solid = [\"harken\"]"));
    let mut ev = Vec::new();
    g.issue_warrant(0, None, &mut ev);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ReputationLost {
            contact: ContactName::Harken,
            ..
        }
    )));
    assert!(solid(&g).is_empty());
}

/// FF-REP-9: no Solid with Harken while holding a Warrant: a Harken job completed then pays
/// but does not make you Solid.
#[test]
fn ff_rep_9_no_solid_with_harken_while_wanted() {
    let mut g = scenario(&harken_delivery("warrants = 1"));
    let ev = complete_the_job(&mut g);
    assert!(!happened(&ev, |e| matches!(e, Event::Solid { .. })));
    assert!(solid(&g).is_empty());
    assert_eq!(g.players[0].money, 3600, "still paid");
    // Other Contacts do not mind: Badger's job with a Warrant makes you Solid with Badger.
    let mut g = scenario(&captain_with(
        "dice = [3]",
        "space-bazaar",
        "warrants = 1\ncargo = 2\nactive = [{ job = \"badger-playing-the-middleman\", steps-done = 1 }]",
        "",
    ));
    complete_the_job(&mut g);
    assert!(g.players[0].is_solid(ContactName::Badger));
}

/// FF-REP-10: Niska's "Pound of Flesh" applies as soon as one of his jobs is accepted, without
/// Solid: a Warrant while working a Niska job costs the job and one crew member, Killed (the
/// player chooses).
#[test]
fn ff_rep_10_niska_pound_of_flesh() {
    let mut g = scenario(&warrant_on(
        NISKA_JOB,
        "persephone",
        "crew = [{ card = \"kaylee\" }, { card = \"wash\" }]",
    ));
    assert!(!g.players[0].is_solid(ContactName::Niska));
    choose(&mut g, "Work job");
    // Kaylee (who could re-roll the Tech test) stays aboard.
    choose(&mut g, "Take off Kaylee");
    choose(&mut g, "Done");
    assert_eq!(g.players[0].warrants, 1);
    assert_eq!(
        job_ids(
            &g,
            g.decks.contacts[ContactName::Niska.index()].discard_pile()
        ),
        [NISKA_JOB],
        "the job is already discarded"
    );
    let mut kills = menu(&g);
    kills.sort();
    assert_eq!(
        kills,
        ["Kaylee is Killed", "Malcolm is Killed", "Wash is Killed"],
        "Niska may take anyone aboard"
    );
    choose(&mut g, "Kaylee is Killed");
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Wash"]);
    assert_eq!(g.phase, Phase::Actions);

    // The same Warrant on another Contact's job kills nobody.
    let mut g = scenario(&warrant_on(
        BADGER_JOB,
        "ezra",
        "crew = [{ card = \"wash\" }]",
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    assert_eq!(g.players[0].warrants, 1);
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(crew_names(&g, 0), ["Malcolm", "Wash"]);
}

/// FF-REP-11: a Warrant while working a Story goal costs reputation only with Harken.
#[test]
fn ff_rep_11_a_goal_warrant_costs_only_harken() {
    // The King of All Londinium, goal 1 at Jiangyin (2 Misbehave).
    let mut g = scenario(&captain_with(
        "dice = [1]",
        "jiangyin",
        "solid = [\"harken\", \"badger\", \"niska\"]",
        "[decks]\nmisbehave = [\"alliance-patrol\", \"an-unexpected-opportunity\"]",
    ));
    choose(&mut g, "Work story goal 1");
    choose(&mut g, "Done");
    assert_eq!(g.players[0].warrants, 1);
    assert_eq!(solid(&g), [ContactName::Badger, ContactName::Niska]);
    assert_eq!(g.players[0].goals, 0);
}

/// FF-REP-12: Harken is aboard the Alliance Cruiser, which starts at Londinium, and is dealt
/// with at Londinium.
#[test]
fn ff_rep_12_harken_at_londinium() {
    let g = scenario(&captain("londinium", ""));
    assert_eq!(g.cruiser, sector("londinium"));
    assert!(can(&g, "Deal with Harken"));
}

/// The Alliance Ident Card counts as Solid with Harken while carried: Harken's Solid benefits
/// (his Fuel at $100 during a Deal) open up.
#[test]
fn alliance_ident_card_counts_as_solid_with_harken() {
    let mut g = scenario(&captain(
        "londinium",
        "fuel = 0\nleader-gear = [\"alliance-ident-card\"]",
    ));
    choose(&mut g, "Deal with Harken");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    choose(&mut g, "Buy 1 Fuel");
    assert_eq!(g.players[0].item(Item::Fuel), 1);
    assert_eq!(g.players[0].money, 2900);
    let mut g = scenario(&captain(
        "londinium",
        "fuel = 0\nspare-gear = [\"alliance-ident-card\"]",
    ));
    choose(&mut g, "Deal with Harken");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    assert_eq!(g.phase, Phase::Actions, "set aside, the card does nothing");
}

/// FF-REP-5: a card's "counts as Solid with" is read off a table made on load (issue 11); in
/// random games with every expansion it says what walking every crew, gear, upgrade and ship
/// ability says, for every captain after every step.
#[test]
fn ff_rep_5_the_solid_table_agrees_with_the_cards_abilities() {
    use tabletop_core::{Actor, Game, NewGame, Rng};
    use tabletop_firefly::content::{Ability, Content, Expansion};
    use tabletop_firefly::Options;
    let content = Content::builtin();
    let mut o = Options::new(4, "the-king-of-all-londinium");
    o.expansions = Expansion::ALL.to_vec();
    o.max_rounds = Some(15);
    let (mut legal, mut events, mut rng) = (Vec::new(), Vec::new(), Rng::new(5));
    let mut solid_by_a_card = 0;
    for seed in 0..60 {
        let mut g = Firefly::new_game(content, &o, seed).unwrap();
        while g.actor() != Actor::Over {
            for p in &g.players {
                let walked = (g.crew_abilities(p).chain(g.ship_abilities(p))).fold(
                    p.solid,
                    |m, a| match a {
                        Ability::CountsAsSolid { contact } => m | 1 << contact.index(),
                        _ => m,
                    },
                );
                assert_eq!(g.counts_as_solid_mask(p), walked, "seed {seed}");
                solid_by_a_card += (walked != p.solid) as u32;
            }
            g.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            events.clear();
            g.apply_unchecked(a, &mut events);
        }
    }
    assert!(
        solid_by_a_card > 0,
        "no card made a captain Solid: the test met no such card"
    );
}
