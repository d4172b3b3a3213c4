//! Pirates & Bounty Hunters (spec §18, FF-PBH): the Bounty deck and the 'Verse's Most Wanted,
//! apprehending fugitives (Betrayal, Lone Target, Confrontation), Bound Fugitives, delivering,
//! Bounty Jumping and Rescues, Cortex Alerts, Lawmen, Boarding Tests and Showdowns.

use tabletop_core::NewGame;
use tabletop_firefly::bounty::Bound;
use tabletop_firefly::content::{BountyId, Content, CrewDefId, Expansion, SupplyCardId};
use tabletop_firefly::showdown::ShowdownStage;
use tabletop_firefly::state::CrewCard;
use tabletop_firefly::testing::*;
use tabletop_firefly::{Action, Event, Firefly, Options, Phase};

fn c() -> &'static Content {
    Content::builtin()
}

const PBH: &str = "expansions = [\"pirates-and-bounty-hunters\"]";

fn bounty(id: &str) -> BountyId {
    c().bounties.iter().position(|b| b.id == id).unwrap() as BountyId
}

fn crew_def(id: &str) -> CrewDefId {
    c().crew.iter().position(|x| x.id == id).unwrap() as CrewDefId
}

/// The physical crew card of `seat`'s crew member `id`.
fn crew_card(g: &Firefly, seat: u8, id: &str) -> SupplyCardId {
    let d = crew_def(id);
    g.players[seat as usize]
        .crew
        .iter()
        .find_map(|m| match m.card {
            CrewCard::Hired(x) if m.def == d => Some(x),
            _ => None,
        })
        .unwrap()
}

fn has_crew(g: &Firefly, seat: u8, id: &str) -> bool {
    let d = crew_def(id);
    g.players[seat as usize].crew.iter().any(|m| m.def == d)
}

/// Malcolm (Fight 2, Negotiate 1) in Serenity and Womack (Fight 2, Negotiate 1) in the Yun Qi,
/// both at `sector`, with P&BH in play: `top` more top-level keys (dice, most-wanted, bound …),
/// `p0`/`p1` more player fields, `decks` the `[decks]` table.
/// A player field given in `fields` replaces the default (`leader`, `sector`).
fn hunt(sector: &str, top: &str, p0: &str, p1: &str, decks: &str) -> Firefly {
    let player = |leader: &str, ship: &str, fields: &str| {
        let mut t = format!("[[player]]\nship = \"{ship}\"\n{fields}\n");
        if !fields.contains("leader =") {
            t.push_str(&format!("leader = \"{leader}\"\n"));
        }
        if !fields.contains("sector =") {
            t.push_str(&format!("sector = \"{sector}\"\n"));
        }
        t
    };
    scenario(&format!(
        "{PBH}\n{top}\n{}{}[decks]\n{decks}\n",
        player("malcolm", "serenity", p0),
        player("womack", "yun-qi", p1)
    ))
}

fn showdown_won(ev: &[Event]) -> Option<bool> {
    ev.iter().find_map(|e| match e {
        Event::ShowdownWon { attacker_won, .. } => Some(*attacker_won),
        _ => None,
    })
}

// ---------------------------------------------------------------------------------------------
// 18.1 Bounties
// ---------------------------------------------------------------------------------------------

/// FF-PBH-1: with the expansion, the Bounty deck is dealt and its top 3 cards are face up;
/// without it there is none (the game is the base game's).
#[test]
fn ff_pbh_1_the_most_wanted_are_three_face_up_bounties() {
    let mut o = Options::new(2, DEFAULT_STORY);
    o.expansions = vec![Expansion::PiratesAndBountyHunters];
    let g = Firefly::new_game(c(), &o, 3).unwrap();
    assert_eq!(g.bounties.most_wanted.len(), 3);
    // A card whose fugitive is not in the game is left out (The Fixer and The Specialist are
    // Breakin' Atmo's crew).
    let set = o.expansion_set();
    let in_game = |b: usize| {
        c().bounty.fugitives[b].iter().any(|&d| {
            c().supply_cards
                .iter()
                .any(|s| s.crew() == Some(d) && set.includes(s.source))
        })
    };
    let in_play = (0..c().bounties.len())
        .filter(|&b| set.includes(c().bounties[b].source) && in_game(b))
        .count();
    assert_eq!(g.bounties.deck.draw_len() + 3, in_play);
    let plain = Firefly::new_game(c(), &Options::new(2, DEFAULT_STORY), 3).unwrap();
    assert!(plain.bounties.most_wanted.is_empty());
    assert_eq!(plain.bounties.deck.draw_len(), 0);
}

/// FF-PBH-2: once a fugitive is apprehended and the bounty claimed, a new Bounty card is
/// revealed so that three are shown. FF-PBH-9(c): a fugitive in one's own crew is apprehended
/// with no Showdown, and every crew member but the Leader becomes Disgruntled.
#[test]
fn ff_pbh_2_and_9c_betraying_a_crew_member_claims_the_bounty_and_a_new_one_is_shown() {
    let mut g = hunt(
        "silverhold",
        "most-wanted = [\"jayne\", \"zoe\", \"bree\"]",
        "crew = [{ card = \"jayne\" }, { card = \"gun-hand-jim\" }]",
        "",
        "",
    );
    let ev = choose(&mut g, "Work: apprehend Jayne");
    assert!(happened(&ev, |e| matches!(e, Event::Betrayed { .. })));
    assert!(!happened(&ev, |e| matches!(e, Event::ShowdownBegun { .. })));
    assert!(!has_crew(&g, 0, "jayne"));
    assert_eq!(g.bounties.bound.len(), 1);
    assert_eq!(g.bounties.bound[0].bounty, bounty("jayne"));
    // The Leader is not Disgruntled; the rest of the crew is.
    let p = &g.players[0];
    assert!(!p.crew[0].disgruntled);
    assert!(p.crew[1].disgruntled);
    // The claimed card is off the list and a new one was revealed.
    assert_eq!(g.bounties.most_wanted.len(), 3);
    assert!(!g.bounties.most_wanted.contains(&bounty("jayne")));
    assert!(happened(&ev, |e| matches!(e, Event::BountyRevealed { .. })));
}

/// FF-PBH-3: each time the "Alliance Cruiser" Nav card is drawn, the three face-up bounties go
/// to the bottom of the Bounty deck and three new ones are revealed.
#[test]
fn ff_pbh_3_the_alliance_cruiser_card_updates_the_most_wanted() {
    let mut g = hunt(
        "londinium",
        "most-wanted = [\"jayne\", \"zoe\", \"bree\"]",
        "",
        "sector = \"regina\"",
        "nav-alliance = [\"alliance-cruiser\"]",
    );
    let before = g.bounties.most_wanted;
    let ev = full_burn_into(&mut g, "Sihnon");
    assert!(happened(&ev, |e| matches!(e, Event::MostWantedUpdated)));
    assert_eq!(g.bounties.most_wanted.len(), 3);
    for b in &before {
        assert!(!g.bounties.most_wanted.contains(b));
    }
    // The old three are now the bottom three cards of the deck.
    let mut bottom = g.bounties.deck.draw_pile()[..3].to_vec();
    let mut old = before.to_vec();
    bottom.sort_unstable();
    old.sort_unstable();
    assert_eq!(bottom, old);
}

/// FF-PBH-4: a face-up bounty whose character is killed (or otherwise out of play) leaves the
/// game and another is revealed.
#[test]
fn ff_pbh_4_a_bounty_on_a_character_gone_is_removed_and_replaced() {
    let mut g = hunt(
        "silverhold",
        "most-wanted = [\"jayne\", \"zoe\", \"bree\"]",
        "",
        "",
        "",
    );
    // Jayne is taken out of play (as by a Kill: his card goes out of the game).
    let d = crew_def("jayne");
    let (deck, card) = c()
        .supply_cards
        .iter()
        .enumerate()
        .find(|(_, x)| x.crew() == Some(d))
        .map(|(i, x)| (x.deck, i as SupplyCardId))
        .unwrap();
    assert!(g.decks.supply[deck as usize].take_from_draw(card));
    g.removed.supply.insert(card);
    let ev = choose(&mut g, "Fly: Mosey");
    let jayne = bounty("jayne");
    assert!(happened(
        &ev,
        |e| matches!(e, Event::BountyRemoved { bounty } if *bounty == jayne)
    ));
    assert!(!g.bounties.most_wanted.contains(&jayne));
    assert!(g.bounties.removed.contains(&jayne));
    assert_eq!(g.bounties.most_wanted.len(), 3);
}

/// FF-PBH-6: bounties count toward neither the hand limit nor the Active-job limit: a captain
/// with three Active jobs may still hunt.
#[test]
fn ff_pbh_6_bounties_are_outside_the_job_limits() {
    let g = hunt(
        "silverhold",
        "most-wanted = [\"jayne\"]",
        "active = [{ job = \"patience-henpecked-badger\" }, { job = \"badger-badgers-11-casino-caper\" }, { job = \"badger-hump-em-let-em-twist\" }]",
        "crew = [{ card = \"jayne\" }]",
        "",
    );
    assert!(can(&g, "Work: apprehend Jayne"));
}

// ---------------------------------------------------------------------------------------------
// 18.2 Apprehending, holding, delivering, freeing
// ---------------------------------------------------------------------------------------------

/// FF-PBH-8: apprehending takes the Work action in the fugitive's sector, one fugitive an
/// action; FF-PBH-9(b): a fugitive in a Supply planet's discard pile stands alone in a Showdown
/// with their best skill, and Thrillin' Heroics apply.
#[test]
fn ff_pbh_8_9b_a_lone_fugitive_in_the_discard_pile_is_a_showdown() {
    // Malcolm: Fight 2 + 5 = 7 against Jayne: Fight 2 + 2 = 4.
    let mut g = hunt(
        "silverhold",
        "most-wanted = [\"jayne\"]\ndice = [5, 2]",
        "",
        "sector = \"regina\"",
        "supply-discard = { silverhold = [\"jayne\"] }",
    );
    let ev = choose(&mut g, "Work: apprehend Jayne");
    assert!(happened(&ev, |e| matches!(e, Event::ShowdownBegun { .. })));
    let ev = choose(&mut g, "Use Fight in the Showdown");
    // Jayne's best skill is Fight.
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ShowdownSkill { seat: None, skill } if *skill == tabletop_firefly::content::Skill::Fight
    )));
    assert_eq!(showdown_won(&ev), Some(true));
    assert_eq!(g.bounties.bound.len(), 1);
    assert!(g.turn.work);
    // One apprehension per Work action: the Work action is spent.
    assert!(!can(&g, "Work:"));
}

/// FF-PBH-9(b), FF-PBH-5: the hunter who loses the Showdown suffers the Bounty card's result
/// (Simon Tam's: the attempt is botched, nobody Killed) and takes nobody.
#[test]
fn ff_pbh_9b_losing_the_showdown_botches_the_attempt() {
    // Malcolm: Fight 2 + 1 = 3; Simon defends with Tech 2 + 4 = 6.
    let mut g = hunt(
        "persephone",
        "most-wanted = [\"simon-tam\"]\ndice = [1, 4]",
        "",
        "",
        "supply-discard = { persephone = [\"simon-tam\"] }",
    );
    choose(&mut g, "Work: apprehend Simon Tam");
    let ev = choose(&mut g, "Use Fight in the Showdown");
    assert_eq!(showdown_won(&ev), Some(false));
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Ended {
            ending: tabletop_firefly::content::Ending::AttemptBotched,
            ..
        }
    )));
    assert!(g.bounties.bound.is_empty());
    assert_eq!(g.phase, Phase::Actions);
}

/// FF-PBH-9(a), FF-PBH-21..23: a fugitive in a rival's crew: a Boarding Test (Tech or
/// Negotiate, 6+), then a Showdown against the whole rival crew; the Attacker chooses a skill
/// first, then the Defender, who may re-assign gear; the Attacker's gear is as it was when the
/// attempt began (FF-PBH-7).
#[test]
fn ff_pbh_9a_21_23_a_fugitive_in_a_rival_crew_takes_boarding_and_a_showdown() {
    // Boarding with Negotiate: 1 + 5 = 6. Showdown: Malcolm Fight 2 + 4 = 6 against Womack and
    // Jayne, Fight 4 + 1 = 5.
    let mut g = hunt(
        "regina",
        "most-wanted = [\"jayne\"]\ndice = [5, 4, 1]",
        "spare-gear = [\"vera\"]",
        "crew = [{ card = \"jayne\" }]",
        "",
    );
    choose(&mut g, "Work: apprehend Jayne");
    assert!(can(&g, "Board with Tech"));
    let ev = choose(&mut g, "Board with Negotiate");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Boarded { seat: 0, rival: 1 }
    )));
    // FF-PBH-7: the Attacker may not re-assign gear now.
    let Phase::Showdown(s) = &g.phase else {
        panic!("{:?}", g.phase)
    };
    assert_eq!(s.stage, ShowdownStage::AttackerSkill);
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::Equip { .. })));
    choose(&mut g, "Use Fight in the Showdown");
    // The Defender decides now.
    assert_eq!(g.actor, 1);
    let ev = choose(&mut g, "Use Fight in the Showdown");
    assert_eq!(showdown_won(&ev), Some(true));
    assert!(!has_crew(&g, 1, "jayne"));
    assert_eq!(g.bounties.bound[0].seat, 0);
}

/// FF-PBH-22: a failed Boarding Test ends the attempt (and the Work action): no Showdown.
#[test]
fn ff_pbh_22_a_failed_boarding_test_ends_the_attempt() {
    let mut g = hunt(
        "regina",
        "most-wanted = [\"jayne\"]\ndice = [2]",
        "",
        "crew = [{ card = \"jayne\" }]",
        "",
    );
    choose(&mut g, "Work: apprehend Jayne");
    let ev = choose(&mut g, "Board with Negotiate");
    assert!(!happened(&ev, |e| matches!(e, Event::ShowdownBegun { .. })));
    assert!(has_crew(&g, 1, "jayne"));
    assert_eq!(g.phase, Phase::Actions);
    assert!(g.turn.work);
}

/// FF-PBH-23: the Defender wins ties; the Defender may give gear to their crew before choosing.
#[test]
fn ff_pbh_23_the_defender_wins_ties_and_assigns_gear() {
    // Boarding 1 + 5. Attack: Fight 2 + 3 = 5. Defence: Womack and Simon, Fight 2 + 3 = 5.
    let mut g = hunt(
        "regina",
        "most-wanted = [\"simon-tam\"]\ndice = [5, 3, 3]",
        "",
        "crew = [{ card = \"simon-tam\" }]\nspare-gear = [\"vera\"]",
        "",
    );
    choose(&mut g, "Work: apprehend Simon Tam");
    choose(&mut g, "Board with Negotiate");
    choose(&mut g, "Use Fight in the Showdown");
    assert!(legal(&g).iter().any(|a| matches!(a, Action::Equip { .. })));
    let ev = choose(&mut g, "Use Fight in the Showdown");
    let (a, d) = ev
        .iter()
        .find_map(|e| match e {
            Event::ShowdownWon { attack, defend, .. } => Some((*attack, *defend)),
            _ => None,
        })
        .unwrap();
    assert_eq!((a, d), (5, 5));
    assert_eq!(showdown_won(&ev), Some(false));
    assert!(has_crew(&g, 1, "simon-tam"));
}

/// FF-PBH-10, FF-PBH-11: a Bound Fugitive is not crew: they count toward no crew limit and add
/// nothing to a test.
#[test]
fn ff_pbh_10_11_a_bound_fugitive_is_no_crew_member() {
    let g = hunt(
        "regina",
        "[[bound]]\nseat = 0\nbounty = \"jayne\"\nfugitive = \"jayne\"",
        "",
        "",
        "",
    );
    assert_eq!(g.players[0].crew.len(), 1);
    assert_eq!(
        g.mask_skill(
            &g.players[0],
            1,
            tabletop_firefly::content::Skill::Fight,
            false
        ),
        2
    );
}

/// FF-PBH-13, FF-PBH-20, FF-PBH-5: delivering at the drop-off is a Work action that pays the
/// reward plus each Lawman's Bounty Bonus; an Immoral bounty Disgruntles the Moral crew; the
/// fugitive and the Bounty card leave the game.
#[test]
fn ff_pbh_13_20_5_delivering_pays_the_reward_and_the_lawmen() {
    let mut g = hunt(
        "londinium",
        "[[bound]]\nseat = 0\nbounty = \"zoe\"\nfugitive = \"zoe\"",
        "crew = [{ card = \"fed-marshal\" }, { card = \"deputy\" }]",
        "sector = \"regina\"",
        "",
    );
    let money = g.players[0].money;
    let ev = choose(&mut g, "Work: deliver the Bounty on Zoe");
    // $3,600 and the two Bounty Bonuses ($300 each).
    assert_eq!(g.players[0].money, money + 3600 + 300 + 300);
    assert!(happened(&ev, |e| matches!(
        e,
        Event::BountyDelivered { fugitives: 1, .. }
    )));
    assert!(g.bounties.bound.is_empty());
    assert!(g.bounties.removed.contains(&bounty("zoe")));
    // The Deputy is Moral: Disgruntled by the Immoral reward.
    let p = &g.players[0];
    assert!(p.crew[2].disgruntled);
    assert!(!p.crew[1].disgruntled);
}

/// FF-PBH-13: a bounty delivered to the "Command Cruiser" is delivered wherever the Alliance
/// Cruiser is; nowhere else.
#[test]
fn ff_pbh_13_the_command_cruiser_drop_off_follows_the_cruiser() {
    let at = |sector: &str| {
        hunt(
            sector,
            "cruiser = \"osiris\"\n[[bound]]\nseat = 0\nbounty = \"river-tam\"\nfugitive = \"river-tam\"",
            "",
            "",
            "",
        )
    };
    assert!(can(&at("osiris"), "Work: deliver the Bounty on River Tam"));
    assert!(!can(
        &at("londinium"),
        "Work: deliver the Bounty on River Tam"
    ));
}

/// FF-PBH-12: Reavers who Kill a ship's Passengers and Fugitives take its Bound Fugitives too.
#[test]
fn ff_pbh_12_reavers_take_bound_fugitives() {
    let mut g = hunt(
        "regina",
        "[[bound]]\nseat = 0\nbounty = \"jayne\"\nfugitive = \"jayne\"",
        "",
        "sector = \"londinium\"",
        "nav-border = [\"reaver-cutter\"]",
    );
    let jayne = g.bounties.bound[0].fugitive;
    // The Reaver Cutter Nav card: "If We're Very Lucky…" Kills Passengers and Fugitives.
    let ev = full_burn_into(&mut g, "Ezra");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::BoundFugitiveLost { .. }
    )));
    assert!(g.bounties.bound.is_empty());
    assert!(g.removed.supply.contains(jayne));
}

/// FF-PBH-14, FF-PBH-15: a Bounty Jump — Boarding Test, then Showdown (the Bound Fugitive takes
/// no part) — won, the jumper takes the fugitive, still bound, with the Bounty card.
#[test]
fn ff_pbh_14_15_a_bounty_jump_takes_the_bound_fugitive() {
    let mut g = hunt(
        "regina",
        "dice = [5, 4, 1]\n[[bound]]\nseat = 1\nbounty = \"jayne\"\nfugitive = \"jayne\"",
        "",
        "",
        "",
    );
    choose(&mut g, "Work: jump captain 2's Bounty on Jayne");
    choose(&mut g, "Board with Negotiate");
    choose(&mut g, "Use Fight in the Showdown");
    let ev = choose(&mut g, "Use Fight in the Showdown");
    // Womack alone: Fight 2 + 1 (Jayne, bound, takes no part).
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ShowdownWon {
            attacker_won: true,
            defend: 3,
            ..
        }
    )));
    choose(&mut g, "Take the Bound Fugitives");
    assert_eq!(
        g.bounties.bound.to_vec(),
        vec![Bound {
            seat: 0,
            bounty: bounty("jayne"),
            fugitive: g.bounties.bound[0].fugitive
        }]
    );
}

/// FF-PBH-15: declared a Rescue, the freed fugitive joins the crew without a hiring cost when
/// there is room, and the Bounty card goes to the bottom of the Bounty deck.
#[test]
fn ff_pbh_15_a_rescue_frees_the_fugitive_into_the_crew() {
    let mut g = hunt(
        "regina",
        "dice = [5, 4, 1]\n[[bound]]\nseat = 1\nbounty = \"jayne\"\nfugitive = \"jayne\"",
        "",
        "",
        "",
    );
    let money = g.players[0].money;
    choose(&mut g, "Work: jump captain 2's Bounty on Jayne");
    choose(&mut g, "Board with Negotiate");
    choose(&mut g, "Use Fight in the Showdown");
    choose(&mut g, "Use Fight in the Showdown");
    let ev = choose(&mut g, "Rescue: free the fugitives");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::FugitiveRescued { joined: true, .. }
    )));
    assert!(has_crew(&g, 0, "jayne"));
    assert_eq!(g.players[0].money, money);
    assert!(g.bounties.bound.is_empty());
    assert_eq!(g.bounties.deck.draw_pile()[0], bounty("jayne"));
}

/// FF-PBH-16, FF-PBH-17: a Cortex Alert pays for a whole class: the first captain to
/// apprehend one of them takes the card, may add more of the class, and is paid for each
/// delivered; jumped, every fugitive on it changes hands at once.
#[test]
fn ff_pbh_16_17_a_cortex_alert_pays_for_each_of_its_class() {
    // Held with one Enforcer already; a second in Space Bazaar's discard pile.
    let mut g = hunt(
        "space-bazaar",
        "dice = [5, 1]\n[[bound]]\nseat = 0\nbounty = \"enforcers\"\nfugitive = \"enforcer-bo\"",
        "",
        "sector = \"regina\"",
        "supply-discard = { space-bazaar = [\"enforcer-zoh\"] }",
    );
    assert!(!g.bounties.most_wanted.contains(&bounty("enforcers")));
    choose(&mut g, "Work: apprehend Enforcer Zoh");
    choose(&mut g, "Use Fight in the Showdown");
    assert_eq!(g.bounties.bound.len(), 2);
    // Delivered at Londinium: $2,000 each.
    let mut g2 = hunt(
        "londinium",
        "[[bound]]\nseat = 0\nbounty = \"enforcers\"\nfugitive = \"enforcer-bo\"\n\
         [[bound]]\nseat = 0\nbounty = \"enforcers\"\nfugitive = \"enforcer-zoh\"",
        "",
        "sector = \"regina\"",
        "",
    );
    let money = g2.players[0].money;
    choose(&mut g2, "Work: deliver the Bounty on Enforcers");
    assert_eq!(g2.players[0].money, money + 4000);
    // Jumped: both change hands.
    let mut g3 = hunt(
        "regina",
        "dice = [5, 4, 1]\n[[bound]]\nseat = 1\nbounty = \"enforcers\"\nfugitive = \"enforcer-bo\"\n\
         [[bound]]\nseat = 1\nbounty = \"enforcers\"\nfugitive = \"enforcer-zoh\"",
        "",
        "",
        "",
    );
    choose(&mut g3, "Work: jump captain 2's Bounty on Enforcers");
    choose(&mut g3, "Board with Negotiate");
    choose(&mut g3, "Use Fight in the Showdown");
    choose(&mut g3, "Use Fight in the Showdown");
    choose(&mut g3, "Take the Bound Fugitives");
    assert!(g3.bounties.bound.iter().all(|b| b.seat == 0));
    assert_eq!(g3.bounties.bound.len(), 2);
}

// ---------------------------------------------------------------------------------------------
// 18.3 Lawmen
// ---------------------------------------------------------------------------------------------

/// FF-PBH-18: Lawmen work for free: no hiring cost, and no Cut (the Cut is the hire cost,
/// FF-COMP-17).
#[test]
fn ff_pbh_18_lawmen_work_for_free() {
    let g = hunt("regina", "", "", "", "");
    for l in c().crew.iter().filter(|x| {
        x.professions
            .contains(&tabletop_firefly::content::Profession::Lawman)
    }) {
        assert_eq!(l.cost, 0, "{}", l.id);
        assert_eq!(g.hire_cost(0, crew_def(&l.id)), 0);
    }
}

/// FF-PBH-19: Lawmen never work an Illegal job: they stay aboard (they are not offered for it).
#[test]
fn ff_pbh_19_lawmen_stay_aboard_for_illegal_jobs() {
    let mut g = hunt(
        "persephone",
        "",
        "leader = \"corbin\"\ncrew = [{ card = \"fed-marshal\" }, { card = \"gun-hand-jim\" }]\n\
         hand = [\"patience-henpecked-badger\"]",
        "sector = \"regina\"",
        "",
    );
    choose(&mut g, "Henpecked Badger");
    let marshal = crew_card(&g, 0, "fed-marshal");
    let jim = crew_card(&g, 0, "gun-hand-jim");
    let l = legal(&g);
    assert!(!l.contains(&Action::ToggleCrew(CrewCard::Hired(marshal))));
    assert!(l.contains(&Action::ToggleCrew(CrewCard::Hired(jim))));
}

/// Agent McGinnis: whenever his captain loses a Showdown, the winner is issued a Warrant.
#[test]
fn agent_mcginnis_has_the_winner_issued_a_warrant() {
    // Boarding 1 + 5; attack Fight 2 + 6 (Heroics: + 3) = 11 against Womack's Fight 2 +
    // McGinnis 0 + 1 = 3.
    let mut g = hunt(
        "regina",
        "most-wanted = [\"jayne\"]\ndice = [5, 6, 3, 1]",
        "",
        "crew = [{ card = \"jayne\" }, { card = \"agent-mcginnis\" }]",
        "",
    );
    choose(&mut g, "Work: apprehend Jayne");
    choose(&mut g, "Board with Negotiate");
    choose(&mut g, "Use Fight in the Showdown");
    let ev = choose(&mut g, "Use Fight in the Showdown");
    assert_eq!(showdown_won(&ev), Some(true));
    // FF-PBH-23: Thrillin' Heroics: the 6 rolled again and added.
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ShowdownRolled {
            attacker: true,
            total: 11,
            ..
        }
    )));
    assert_eq!(g.players[0].warrants, 1);
}

/// The Guardian: may re-roll his captain's Showdown die; Chari makes the rival re-roll.
#[test]
fn the_guardian_and_chari_rerolls_in_a_showdown() {
    // Lone Jayne at Silverhold. Attack Fight 2 (Malcolm) + 1 (Guardian) + 1 = 4 against 2 + 5 =
    // 7: re-roll our own die (5): 8 > 7 wins.
    let mut g = hunt(
        "silverhold",
        "most-wanted = [\"jayne\"]\ndice = [1, 5, 5]",
        "crew = [{ card = \"the-guardian\" }]",
        "sector = \"regina\"",
        "supply-discard = { silverhold = [\"jayne\"] }",
    );
    choose(&mut g, "Work: apprehend Jayne");
    choose(&mut g, "Use Fight in the Showdown");
    assert!(can(&g, "Re-roll"));
    assert!(!can(&g, "Make the rival re-roll"));
    let ev = choose(&mut g, "Re-roll");
    // One re-roll a Showdown: settled at once.
    assert_eq!(showdown_won(&ev), Some(true));
    // Chari: the rival's die is rolled again.
    let mut g = hunt(
        "silverhold",
        "most-wanted = [\"jayne\"]\ndice = [1, 5, 1]",
        "crew = [{ card = \"chari\" }]",
        "sector = \"regina\"",
        "supply-discard = { silverhold = [\"jayne\"] }",
    );
    choose(&mut g, "Work: apprehend Jayne");
    choose(&mut g, "Use Fight in the Showdown");
    let ev = choose(&mut g, "Make the rival re-roll");
    // 2 + 1 = 3 against 2 + 1 = 3: the Defender wins ties.
    assert_eq!(showdown_won(&ev), Some(false));
}

/// Sheriff Bourne: +2 Fight while in Border Space (any Fight test, Showdowns included), and
/// nothing elsewhere. Jubal Early: +2 Fight as the Attacker in a Showdown.
#[test]
fn sheriff_bourne_and_jubal_early_add_fight() {
    let fight = |g: &Firefly| {
        g.mask_skill(
            &g.players[0],
            3,
            tabletop_firefly::content::Skill::Fight,
            false,
        )
    };
    // Regina is in Border Space; Londinium in Alliance Space.
    let border = hunt(
        "regina",
        "",
        "crew = [{ card = \"sheriff-bourne\" }]",
        "",
        "",
    );
    let alliance = hunt(
        "londinium",
        "",
        "crew = [{ card = \"sheriff-bourne\" }]",
        "",
        "",
    );
    assert_eq!(fight(&border), 4);
    assert_eq!(fight(&alliance), 2);
    let mut g = scenario(&format!(
        "{PBH}\nmost-wanted = [\"jayne\"]\ndice = [1, 1]\n\
         [[player]]\nleader = \"jubal-early\"\nship = \"serenity\"\nsector = \"silverhold\"\n\
         [[player]]\nleader = \"womack\"\nship = \"yun-qi\"\nsector = \"regina\"\n\
         [decks]\nsupply-discard = {{ silverhold = [\"jayne\"] }}\n"
    ));
    choose(&mut g, "Work: apprehend Jayne");
    let ev = choose(&mut g, "Use Fight in the Showdown");
    // Jubal: Fight 1 + 2 attacking + 1 = 4 against Jayne's 2 + 1 = 3.
    assert!(happened(&ev, |e| matches!(
        e,
        Event::ShowdownWon {
            attacker_won: true,
            attack: 4,
            defend: 3
        }
    )));
}
