//! Deal (FF-DEAL): consider 3 and accept 2 from a Contact, the hand and active-job limits,
//! selling to Solid Contacts, Job card anatomy and job types; and the Contacts' Solid
//! benefits that act during a Deal (Patience, Badger, Amnon Duul, Bree, A Very Fine Hat).

use tabletop_core::Game;
use tabletop_firefly::content::{ContactName, Content, Item, JobType, Source, StepKind};
use tabletop_firefly::testing::*;
use tabletop_firefly::{Firefly, Phase};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// Seat 0 (whose turn it is) with `extra` scenario lines, and a rival far away at Londinium.
fn captain(leader: &str, sector: &str, extra: &str) -> String {
    captain_text("", leader, sector, extra, "")
}

fn contact_discards(g: &Firefly, c: ContactName) -> Vec<String> {
    job_ids(g, g.decks.contacts[c.index()].discard_pile())
}

fn considered(g: &Firefly) -> Vec<String> {
    match &g.phase {
        Phase::Considering { considered, .. } => job_ids(g, considered),
        ph => panic!("not considering: {ph:?}"),
    }
}

const BADGER_DISCARDS: &str = r#"
[decks.contact-discard]
badger = ["badger-hard-goods-for-hard-times", "badger-bilking-the-yokels", "badger-keep-your-noses-clean", "badger-playing-the-middleman"]
[decks.contact]
badger = ["badger-on-the-up-and-up-i-swear", "badger-pushing-drops", "badger-sowing-chaos", "badger-slave-wrangling"]
"#;

fn at_badger(extra: &str) -> String {
    format!(
        "{}{}",
        captain("malcolm", "persephone", extra),
        BADGER_DISCARDS
    )
}

// ---------------------------------------------------------------------------------------------
// FF-DEAL-1..4: where, consider 3, accept 2
// ---------------------------------------------------------------------------------------------

/// FF-DEAL-1: a Deal action is only with the Contact named on the map in the ship's sector.
#[test]
fn ff_deal_1_deal_only_with_the_contact_in_your_sector() {
    let g = scenario(&captain("malcolm", "persephone", ""));
    assert!(can(&g, "Deal with Badger"));
    let g = scenario(&captain("malcolm", "ezra", ""));
    assert!(can(&g, "Deal with Niska"));
    let g = scenario(&captain("malcolm", "athens", ""));
    assert!(can(&g, "Deal with Patience"));
    let g = scenario(&captain("malcolm", "space-bazaar", ""));
    assert!(can(&g, "Deal with Amnon Duul"));
    let g = scenario(&captain("malcolm", "border-10", ""));
    assert!(!can(&g, "Deal"), "no Contact here");
    let g = scenario(&captain("malcolm", "osiris", ""));
    assert!(!can(&g, "Deal"), "a Supply planet is not a Contact");
}

/// FF-DEAL-2: look through the whole discard pile and set aside up to 3 jobs; at most 3 in all.
#[test]
fn ff_deal_2_consider_up_to_three_from_the_discard_pile() {
    let mut g = scenario(&at_badger(""));
    choose(&mut g, "Deal with Badger");
    for n in [
        "Hard Goods for Hard Times",
        "Bilking the Yokels",
        "Keep your noses clean",
        "Playing the Middleman",
    ] {
        assert!(
            menu(&g)
                .iter()
                .any(|d| d.contains(n) && d.contains("discard pile")),
            "{n} is on the discard pile: {:?}",
            menu(&g)
        );
    }
    choose(&mut g, "Consider \"Hard Goods");
    choose(&mut g, "Consider \"Bilking");
    choose(&mut g, "Consider \"Playing");
    assert!(!can(&g, "Consider"));
    assert!(!can(&g, "Draw a card face down"));
    assert_eq!(
        considered(&g),
        [
            "badger-hard-goods-for-hard-times",
            "badger-bilking-the-yokels",
            "badger-playing-the-middleman"
        ]
    );
}

/// FF-DEAL-2: for each of the 3 not taken from the discard pile one job may be drawn face down,
/// after the discard pile has been looked through.
#[test]
fn ff_deal_2_draw_one_job_for_each_not_taken_from_the_discards() {
    let mut g = scenario(&at_badger(""));
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Consider \"Bilking");
    choose(&mut g, "Draw a card face down");
    assert!(!can(&g, "from the discard pile"));
    choose(&mut g, "Draw a card face down");
    assert!(!can(&g, "Draw a card face down"));
    assert_eq!(
        considered(&g),
        [
            "badger-bilking-the-yokels",
            "badger-on-the-up-and-up-i-swear",
            "badger-pushing-drops"
        ]
    );
}

/// FF-DEAL-3: of the considered jobs up to 2 may be accepted, or none; FF-DEAL-4: the rest go
/// face up onto the Contact's discard pile.
#[test]
fn ff_deal_3_accept_up_to_two_and_ff_deal_4_discard_the_rest() {
    let mut g = scenario(&at_badger(""));
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Consider \"Bilking");
    choose(&mut g, "Draw a card face down");
    choose(&mut g, "Draw a card face down");
    choose(&mut g, "Done");
    choose(&mut g, "Accept \"Bilking the Yokels\"");
    choose(&mut g, "Accept \"Pushing Drops\"");
    assert!(!can(&g, "Accept"), "two accepted: no third");
    choose(&mut g, "Done");
    assert_eq!(
        job_ids(&g, g.players[0].hand),
        ["badger-bilking-the-yokels", "badger-pushing-drops"]
    );
    let pile = contact_discards(&g, ContactName::Badger);
    assert_eq!(pile.last().unwrap(), "badger-on-the-up-and-up-i-swear");
    assert_eq!(
        pile.len(),
        4,
        "3 left on the pile + the drawn job not accepted"
    );
    assert_eq!(g.phase, Phase::Actions, "not Solid: nothing to sell");

    // Accepting none.
    let mut g = scenario(&at_badger(""));
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Consider \"Bilking");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    assert!(g.players[0].hand.is_empty());
    assert_eq!(contact_discards(&g, ContactName::Badger).len(), 4);
}

// ---------------------------------------------------------------------------------------------
// FF-DEAL-5..7: hand and active limits
// ---------------------------------------------------------------------------------------------

/// FF-DEAL-5: never more than 3 inactive jobs in hand: after accepting, discard down to 3.
#[test]
fn ff_deal_5_discard_down_to_three_jobs_in_hand() {
    let mut g = scenario(&at_badger(
        "hand = [\"harken-cargo-delivery-osiris\", \"niska-wet-ware-run\"]",
    ));
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Consider \"Bilking");
    choose(&mut g, "Consider \"Hard Goods");
    choose(&mut g, "Done");
    choose(&mut g, "Accept \"Bilking");
    choose(&mut g, "Accept \"Hard Goods");
    choose(&mut g, "Done");
    assert_eq!(g.phase, Phase::DiscardJobs);
    assert_eq!(g.players[0].hand.len(), 4);
    assert!(!can(&g, "Done"), "the hand must come down to 3");
    assert!(menu(&g).iter().all(|d| d.starts_with("Discard job")));
    choose(&mut g, "Discard job \"Wet-Ware Run\"");
    assert_eq!(g.players[0].hand.len(), 3);
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(
        contact_discards(&g, ContactName::Niska),
        ["niska-wet-ware-run"],
        "a discarded job goes to its own Contact's discard pile"
    );
}

/// FF-DEAL-6: inactive jobs stay hidden in hand; a job goes face up in the Active Job area only
/// when a Work action starts it.
#[test]
fn ff_deal_6_hand_is_hidden_and_work_makes_a_job_active() {
    let mut g = scenario(&captain(
        "malcolm",
        "londinium",
        "hand = [\"harken-cargo-delivery-osiris\", \"niska-wet-ware-run\"]",
    ));
    {
        let rival = g.view(1);
        assert!(rival.players[0].hand.is_none(), "the rival sees no jobs");
        assert_eq!(rival.players[0].hand_size, 2, "only how many");
        assert!(g.view(0).players[0].hand.is_some());
    }
    assert!(g.players[0].active.is_empty());

    choose(&mut g, "Work job \"Cargo Delivery: Osiris\"");
    choose(&mut g, "Done");
    let p = &g.players[0];
    assert_eq!(job_ids(&g, p.hand), ["niska-wet-ware-run"]);
    assert_eq!(p.active.len(), 1);
    assert_eq!(
        g.content.jobs[p.active[0].job as usize].id,
        "harken-cargo-delivery-osiris"
    );
    assert_eq!(p.item(Item::Cargo), 1, "picked up");
    let rival = g.view(1);
    assert_eq!(
        rival.players[0].active.len(),
        1,
        "the Active job is face up"
    );
}

/// FF-DEAL-7: at most 3 Active jobs: a fourth cannot be started.
#[test]
fn ff_deal_7_at_most_three_active_jobs() {
    let active = "active = [{ job = \"patience-dung-run\" }, { job = \"patience-dung-run-2\" }, { job = \"harken-laborer-transport\" }]";
    let g = scenario(&captain(
        "malcolm",
        "londinium",
        &format!("hand = [\"harken-cargo-delivery-osiris\"]\n{active}"),
    ));
    assert!(!can(&g, "Work job \"Cargo Delivery: Osiris\""));
    let g = scenario(&captain(
        "malcolm",
        "londinium",
        "hand = [\"harken-cargo-delivery-osiris\"]\nactive = [{ job = \"patience-dung-run\" }, { job = \"patience-dung-run-2\" }]",
    ));
    assert!(can(&g, "Work job \"Cargo Delivery: Osiris\""));
}

// ---------------------------------------------------------------------------------------------
// FF-DEAL-8/9: selling to Solid Contacts
// ---------------------------------------------------------------------------------------------

/// FF-DEAL-8: a Deal with a Contact you are Solid with may include selling Cargo and
/// Contraband; without Solid there is no selling.
#[test]
fn ff_deal_8_sell_cargo_and_contraband_only_when_solid() {
    let mut g = scenario(&at_badger(
        "cargo = 2\ncontraband = 1\nsolid = [\"badger\"]",
    ));
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    assert!(matches!(g.phase, Phase::Selling { .. }));
    choose(&mut g, "Sell 1 Cargo");
    choose(&mut g, "Sell 1 Contraband");
    choose(&mut g, "Done");
    let p = &g.players[0];
    assert_eq!((p.item(Item::Cargo), p.item(Item::Contraband)), (1, 0));
    assert_eq!(p.money, 3000 + 400 + 700);

    let mut g = scenario(&at_badger("cargo = 2\ncontraband = 1"));
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    assert_eq!(g.phase, Phase::Actions);
    assert!(!can(&g, "Sell"));
}

/// FF-DEAL-9: sale prices are the Contact's: Amnon Duul 600/500, Badger 400/700, Niska 400/800,
/// Patience 500/600 (Cargo/Contraband); Harken buys neither.
#[test]
fn ff_deal_9_each_contact_pays_its_own_prices() {
    for (sector, contact, solid, cargo, contraband) in [
        ("space-bazaar", "Amnon Duul", "amnon-duul", 600, 500),
        ("persephone", "Badger", "badger", 400, 700),
        ("ezra", "Niska", "niska", 400, 800),
        ("athens", "Patience", "patience", 500, 600),
    ] {
        let mut g = scenario(&captain(
            "malcolm",
            sector,
            &format!("cargo = 1\ncontraband = 1\nsolid = [\"{solid}\"]"),
        ));
        choose(&mut g, &format!("Deal with {contact}"));
        choose(&mut g, "Done");
        choose(&mut g, "Done");
        let ev = choose(&mut g, "Sell 1 Cargo");
        assert!(
            happened(
                &ev,
                |e| matches!(e, tabletop_firefly::Event::Money { delta, .. } if *delta == cargo)
            ),
            "{contact}"
        );
        choose(&mut g, "Sell 1 Contraband");
        assert_eq!(
            g.players[0].money,
            3000 + cargo as u32 + contraband as u32,
            "{contact}"
        );
    }
    let mut g = scenario(&captain(
        "malcolm",
        "londinium",
        "cargo = 1\ncontraband = 1\nsolid = [\"harken\"]",
    ));
    choose(&mut g, "Deal with Harken");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    assert!(matches!(g.phase, Phase::Selling { .. }));
    assert!(!can(&g, "Sell"), "Harken buys no goods");
}

/// FF-DEAL-10: the rulebook's example. Liz Deals with Patience at Athens, takes the 2 jobs she
/// wants from the discard pile and draws 1 face down; she keeps her 2 and the drawn job goes
/// face up on the discard pile.
#[test]
fn ff_deal_10_example_liz_takes_two_from_the_discards_and_draws_one() {
    let mut g = scenario(&format!(
        "{}[decks.contact-discard]\npatience = [\"patience-feed-for-the-herds\", \"patience-dung-run\", \"patience-feed-for-the-herds-2\"]\n[decks.contact]\npatience = [\"patience-bank-holdup\"]\n",
        captain("malcolm", "athens", "")
    ));
    choose(&mut g, "Deal with Patience");
    let ids: Vec<_> = [
        "patience-feed-for-the-herds",
        "patience-feed-for-the-herds-2",
    ]
    .iter()
    .map(|id| job_id(&g, id))
    .collect();
    for &j in &ids {
        act(&mut g, tabletop_firefly::Action::ConsiderDiscard(j));
    }
    choose(&mut g, "Draw a card face down");
    choose(&mut g, "Done");
    for &j in &ids {
        act(&mut g, tabletop_firefly::Action::AcceptJob(j));
    }
    choose(&mut g, "Done");
    assert_eq!(g.players[0].hand.to_vec(), ids);
    assert_eq!(
        contact_discards(&g, ContactName::Patience),
        ["patience-dung-run", "patience-bank-holdup"]
    );
}

// ---------------------------------------------------------------------------------------------
// FF-DEAL-11..19: Job cards
// ---------------------------------------------------------------------------------------------

/// FF-DEAL-11: a Job card has a name, its Contact, a type, Legal/Illegal (and Immoral),
/// Misbehave cards, instructions, Skill Needs, a Bonus tab and a Pay tab.
#[test]
fn ff_deal_11_job_card_anatomy() {
    let c = Content::builtin();
    let j = c
        .jobs
        .iter()
        .find(|j| j.id == "badger-slave-wrangling")
        .unwrap();
    assert_eq!(j.name, "Slave Wrangling");
    assert_eq!(j.contact, Some(ContactName::Badger));
    assert_eq!(j.types, [JobType::Transport]);
    assert!(j.illegal && j.immoral);
    assert_eq!(j.steps[0].misbehave, 1);
    assert_eq!(j.needs.fight, 2);
    let b = j.bonus.unwrap();
    assert_eq!(
        (b.amount, b.profession.map(|p| p.name())),
        (300, Some("Soldier"))
    );
    assert_eq!(j.pay, Some(2500));
    // Some jobs share a name but differ.
    let dung: Vec<_> = c.jobs.iter().filter(|j| j.name == "Dung Run").collect();
    assert_eq!(dung.len(), 2);
    assert_ne!(dung[0].steps[0].at, dung[1].steps[0].at);
    // Every Contact job has a type and a pay (a number or "Special").
    for j in c.jobs.iter().filter(|j| j.contact.is_some()) {
        assert!(!j.types.is_empty(), "{}", j.id);
        // "Special" pay is in the instructions: per item, or set by an instruction; a Piracy
        // job pays per thing stolen (FF-PBH-25).
        let instructions = j.steps.iter().any(|s| !s.choices.is_empty());
        assert!(
            j.pay.is_some() || j.pay_per.is_some() || instructions || j.piracy.is_some(),
            "{}",
            j.id
        );
        // Breakin' Atmo's three Riot Suppressions (Harken) are Legal Tasks that are Immoral
        // (both fan transcriptions agree); no other box has such a card.
        let legal_immoral_task = j.source == Source::BreakinAtmo && j.types == [JobType::Task];
        assert!(
            !j.immoral || j.illegal || j.types.contains(&JobType::Transport) || legal_immoral_task,
            "{}",
            j.id
        );
    }
}

/// FF-DEAL-12: Shipping jobs are Legal: pick up goods at one place, deliver to another.
/// FF-DEAL-16: delivery jobs print a pick-up and a drop-off; crime jobs one target.
#[test]
fn ff_deal_12_shipping_jobs_are_legal_deliveries_and_ff_deal_16_two_steps() {
    let c = Content::builtin();
    let mut shipping = 0;
    // The base game's cards; the expansions also print one-step deliveries ("Deliver 1 Part to
    // get paid" at a single place).
    for j in c
        .jobs
        .iter()
        .filter(|j| j.contact.is_some() && j.source == Source::Base)
    {
        let kinds: Vec<StepKind> = j.steps.iter().map(|s| s.kind).collect();
        if j.types.contains(&JobType::Crime) {
            assert_eq!(kinds, [StepKind::Target], "FF-DEAL-16: {}", j.id);
        } else {
            assert_eq!(kinds, [StepKind::PickUp, StepKind::DropOff], "{}", j.id);
            assert_ne!(j.steps[0].at, j.steps[1].at, "{}", j.id);
        }
        if j.types.contains(&JobType::Shipping) {
            shipping += 1;
            assert!(!j.illegal, "FF-DEAL-12: {}", j.id);
        }
    }
    assert!(shipping > 20);
}

/// FF-DEAL-13: Transport jobs carry Passengers or Fugitives; carrying Fugitives is Illegal and
/// makes the ship an Outlaw Ship.
#[test]
fn ff_deal_13_transport_jobs_and_fugitives_make_an_outlaw_ship() {
    let c = Content::builtin();
    for j in c
        .jobs
        .iter()
        .filter(|j| j.types.contains(&JobType::Transport))
    {
        let items: Vec<Item> = j.steps[0].items.iter().map(|i| i.item).collect();
        assert!(
            items.contains(&Item::Passengers) || items.contains(&Item::Fugitives),
            "{}",
            j.id
        );
        if items.contains(&Item::Fugitives) {
            assert!(j.illegal, "{}", j.id);
        }
    }
    let g = scenario(&captain("malcolm", "persephone", "passengers = 2"));
    assert!(!g.is_outlaw(&g.players[0]), "Passengers are legal");
    let g = scenario(&captain("malcolm", "persephone", "fugitives = 1"));
    assert!(g.is_outlaw(&g.players[0]));
}

/// FF-DEAL-14: Smuggling jobs are always Illegal; carrying Contraband makes an Outlaw Ship.
#[test]
fn ff_deal_14_smuggling_is_illegal_and_contraband_makes_an_outlaw() {
    let c = Content::builtin();
    let smuggling: Vec<_> = c
        .jobs
        .iter()
        .filter(|j| j.types.contains(&JobType::Smuggling))
        .collect();
    assert!(!smuggling.is_empty());
    for j in smuggling {
        assert!(j.illegal, "{}", j.id);
        // The expansions' "Tag & Bag" smuggling loads Goods of the player's choice instead.
        if j.source == Source::Base {
            assert_eq!(j.steps[0].items[0].item, Item::Contraband, "{}", j.id);
        }
    }
    let g = scenario(&captain("malcolm", "persephone", "contraband = 1"));
    assert!(g.is_outlaw(&g.players[0]));
}

/// FF-DEAL-15: Crime jobs go to a Target and Misbehave there.
#[test]
fn ff_deal_15_crime_jobs_misbehave_at_a_target() {
    let c = Content::builtin();
    for j in c.jobs.iter().filter(|j| j.types.contains(&JobType::Crime)) {
        assert!(j.illegal, "{}", j.id);
        assert!(j.steps[0].misbehave > 0, "{}", j.id);
    }
}

/// FF-DEAL-17: some Job types earn bonuses: Burgess takes $500 for each Shipping job
/// completed (on top of the Pay tab).
#[test]
fn ff_deal_17_job_types_earn_bonuses() {
    let text = |leader: &str| {
        captain(
            leader,
            "osiris",
            "cargo = 1\nactive = [{ job = \"harken-cargo-delivery-osiris\", steps-done = 1 }]",
        )
    };
    let mut g = scenario(&text("burgess"));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    assert_eq!(g.players[0].money, 3000 + 600 + 500);
    let mut g = scenario(&text("marco"));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    assert_eq!(g.players[0].money, 3000 + 600);
}

/// FF-DEAL-18: a "Special" Pay tab: the pay is in the instructions (Homesteader Transport:
/// $200 for each Passenger delivered).
#[test]
fn ff_deal_18_special_pay_is_given_by_the_instructions() {
    let c = Content::builtin();
    let j = c
        .jobs
        .iter()
        .find(|j| j.id == "amnon-duul-homesteader-transport")
        .unwrap();
    assert!(j.pay.is_none());
    let mut g = scenario(&captain(
        "malcolm",
        "three-hills",
        "passengers = 5\nactive = [{ job = \"amnon-duul-homesteader-transport\", steps-done = 1 }]",
    ));
    choose(&mut g, "Work job");
    choose(&mut g, "Done");
    assert_eq!(g.players[0].money, 3000 + 5 * 200);
    assert_eq!(g.players[0].item(Item::Passengers), 0);
}

/// FF-DEAL-19: the rulebook's job settings: a train robbery on Regina.
#[test]
fn ff_deal_19_job_settings_train_robbery_on_regina() {
    let c = Content::builtin();
    let j = c
        .jobs
        .iter()
        .find(|j| j.id == "niska-the-train-job")
        .unwrap();
    assert!(j.types.contains(&JobType::Crime));
    assert_eq!(
        c.sector_name(c.job_sectors[c.jobs.iter().position(|x| x.id == j.id).unwrap()][0]),
        "Regina"
    );
}

// ---------------------------------------------------------------------------------------------
// Contacts' Solid benefits and gear that act during a Deal
// ---------------------------------------------------------------------------------------------

fn consider_max(g: &Firefly) -> u8 {
    match g.phase {
        Phase::Considering { max, .. } => max,
        ref ph => panic!("{ph:?}"),
    }
}

/// Patience's "We can Deal": while Solid with her, consider 4 jobs when dealing with her (not
/// with other Contacts).
#[test]
fn patience_we_can_deal_consider_four() {
    let discards = "[decks.contact-discard]\npatience = [\"patience-feed-for-the-herds\", \"patience-dung-run\", \"patience-feed-for-the-herds-2\", \"patience-bank-holdup\"]\n";
    let mut g = scenario(&format!(
        "{}{discards}",
        captain("malcolm", "athens", "solid = [\"patience\"]")
    ));
    choose(&mut g, "Deal with Patience");
    assert_eq!(consider_max(&g), 4);
    for _ in 0..4 {
        choose(&mut g, "Consider");
    }
    assert!(!can(&g, "Consider"));
    choose(&mut g, "Done");
    // Still accept 2.
    choose(&mut g, "Accept");
    choose(&mut g, "Accept");
    assert!(!can(&g, "Accept"));

    let mut g = scenario(&format!("{}{discards}", captain("malcolm", "athens", "")));
    choose(&mut g, "Deal with Patience");
    assert_eq!(consider_max(&g), 3, "not Solid");

    let mut g = scenario(&at_badger("solid = [\"patience\"]"));
    choose(&mut g, "Deal with Badger");
    assert_eq!(consider_max(&g), 3, "only with Patience");
}

/// A Very Fine Hat: consider 4 jobs with any Contact while a crew member carries it.
#[test]
fn a_very_fine_hat_considers_four_jobs() {
    let mut g = scenario(&at_badger("leader-gear = [\"a-very-fine-hat\"]"));
    choose(&mut g, "Deal with Badger");
    assert_eq!(consider_max(&g), 4);
    for _ in 0..4 {
        choose(&mut g, "Consider");
    }
    assert!(!can(&g, "Consider"));
    let mut g = scenario(&at_badger("spare-gear = [\"a-very-fine-hat\"]"));
    choose(&mut g, "Deal with Badger");
    assert_eq!(consider_max(&g), 3, "set aside, the hat does nothing");
    // It does not change Buying.
    let g = scenario(&captain(
        "malcolm",
        "persephone",
        "leader-gear = [\"a-very-fine-hat\"]",
    ));
    let mut g2 = g.clone();
    choose(&mut g2, "Buy");
    assert_eq!(consider_max(&g2), 3);
}

/// Badger's "Favor for a Favor": while Solid with Badger, a Deal with him may pay $1000 to
/// clear all Warrants.
#[test]
fn badger_favor_for_a_favor_clears_warrants_for_1000() {
    let mut g = scenario(&at_badger(
        "warrants = 2\nsolid = [\"badger\"]\nmoney = 1500",
    ));
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    choose(&mut g, "Pay $1,000 to clear all Warrants");
    assert_eq!(g.players[0].warrants, 0);
    assert_eq!(g.players[0].money, 500);
    assert!(!can(&g, "clear all Warrants"), "nothing left to clear");

    let mut g = scenario(&at_badger(
        "warrants = 2\nsolid = [\"badger\"]\nmoney = 999",
    ));
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    assert!(!can(&g, "clear all Warrants"), "not enough money");
}

/// Amnon Duul's "Travel Hub" (judged reading of the Contact's rule): while Solid with him, a
/// Deal with him at the Space Bazaar may load any number of Passengers and Fugitives, as far
/// as the ship has room.
#[test]
fn amnon_duul_travel_hub_loads_passengers_and_fugitives() {
    let mut g = scenario(&captain(
        "malcolm",
        "space-bazaar",
        "solid = [\"amnon-duul\"]\ncargo = 8\nfuel = 0\nparts = 0",
    ));
    choose(&mut g, "Deal with Amnon Duul");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    choose(&mut g, "Load 1 Passengers");
    choose(&mut g, "Load 1 Passengers");
    choose(&mut g, "Load 1 Passengers");
    choose(&mut g, "Load 1 Fugitives");
    assert!(!can(&g, "Load 1"), "the ship is full");
    choose(&mut g, "Done");
    let p = &g.players[0];
    assert_eq!((p.item(Item::Passengers), p.item(Item::Fugitives)), (3, 1));
    assert_eq!(p.money, 3000, "Amnon Duul charges nothing");

    let mut g = scenario(&captain("malcolm", "space-bazaar", ""));
    choose(&mut g, "Deal with Amnon Duul");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    assert!(!can(&g, "Load 1"), "not Solid");
    // Other Contacts have no Travel Hub.
    let mut g = scenario(&at_badger("solid = [\"badger\"]"));
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    assert!(!can(&g, "Load 1 Passengers"));
}

/// Bree sells Parts for $300 each to any Contact the player is Solid with.
#[test]
fn bree_sells_parts_to_solid_contacts() {
    let mut g = scenario(&at_badger(
        "parts = 2\nsolid = [\"badger\"]\ncrew = [{ card = \"bree\" }]",
    ));
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    choose(&mut g, "Sell 1 Parts");
    assert_eq!(g.players[0].item(Item::Parts), 1);
    assert_eq!(g.players[0].money, 3300);

    let mut g = scenario(&at_badger("parts = 2\nsolid = [\"badger\"]"));
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    assert!(!can(&g, "Sell 1 Parts"), "no Bree aboard");
}

/// A Solid player may Deal with a Contact whose deck and discard pile are empty, to sell;
/// without Solid there is nothing to deal.
#[test]
fn a_contact_with_no_jobs_left_still_buys_from_solid_players() {
    let mut g = scenario(&captain("malcolm", "persephone", "cargo = 1"));
    let k = ContactName::Badger.index();
    while let Some(j) = g.decks.contacts[k].draw() {
        g.removed.jobs.insert(j);
    }
    assert!(!can(&g, "Deal with Badger"));
    g.players[0].set_solid(ContactName::Badger, true);
    assert!(can(&g, "Deal with Badger"));
    choose(&mut g, "Deal with Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Done");
    choose(&mut g, "Sell 1 Cargo");
}
