//! General clarifications (FF-MISC-1..11, 17..19): discarding and removing cards, storage,
//! failed jobs, crew sent back to the ship, Wanted tokens, jobs of two types, where things are.

use tabletop_core::{Game, NewGame};
use tabletop_firefly::content::{Content, Item, JobFilter, JobType, Keyword, Profession};
use tabletop_firefly::scenario::Scenario;
use tabletop_firefly::state::{Activity, Phase};
use tabletop_firefly::testing::*;
use tabletop_firefly::work::job_matches;
use tabletop_firefly::{Event, Firefly, Options};

fn in_supply_discards(g: &Firefly, name: &str) -> bool {
    g.decks
        .supply
        .iter()
        .flat_map(|d| d.discard_pile().iter())
        .any(|&c| g.content.supply_name(c) == name)
}

fn removed(g: &Firefly, name: &str) -> bool {
    g.removed
        .supply
        .iter()
        .any(|c| g.content.supply_name(c) == name)
}

/// FF-MISC-1: "discard" puts a card on its deck's discard pile; "Kill" or "remove from play"
/// puts it back in the box for the rest of the game.
#[test]
fn ff_misc_1_discard_versus_remove_from_play() {
    // Dismissing discards the crew card.
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"persephone\"\ncrew = [{ card = \"skunk\" }]",
        "",
    );
    choose(&mut g, "Dismiss Skunk");
    assert!(in_supply_discards(&g, "Skunk") && !removed(&g, "Skunk"));
    // A Kill removes it from play.
    let mut g = henpecked("1", "crew = [{ card = \"skunk\" }]", "\"gun-play\"");
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    choose(&mut g, "My Guns");
    choose(&mut g, "Skunk is Killed");
    assert!(removed(&g, "Skunk") && !in_supply_discards(&g, "Skunk"));
    // A Misbehave card, once resolved, is discarded (FF-MISB-13).
    assert_eq!(g.decks.misbehave.discard_len(), 1);
}

/// FF-MISC-2: Fuel and Parts take half a storage space each, so a Fuel and a Part share one.
#[test]
fn ff_misc_2_fuel_and_parts_take_half_a_space() {
    // Serenity: 8 Hold + 4 Stash. 11 Cargo and 1 Fuel leave half a space: one Part fits.
    let g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"osiris\"\ncargo = 11\nfuel = 1\nparts = 0",
        "",
    );
    let p = &g.players[0];
    assert_eq!(g.room_for(p, Item::Parts), 1);
    assert_eq!(g.room_for(p, Item::Fuel), 1);
    assert_eq!(g.room_for(p, Item::Cargo), 0);
    // Harken's "Equipment Delivery" loads 4 Parts at Osiris: only 1 fits.
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"osiris\"\ncargo = 11\nfuel = 1\nparts = 0\nhand = [\"harken-equipment-delivery-bellerophon\"]",
        "",
    );
    choose(&mut g, "Equipment Delivery");
    choose(&mut g, "Done");
    assert_eq!(g.players[0].item(Item::Parts), 1);
}

/// FF-MISC-3: never more than the Hold and Stash allow; Cargo, Contraband, Passengers and
/// Fugitives take a full box each.
#[test]
fn ff_misc_3_storage_limits() {
    let g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"persephone\"\ncargo = 11\nfuel = 0\nparts = 0",
        "",
    );
    let p = &g.players[0];
    for item in [
        Item::Cargo,
        Item::Contraband,
        Item::Passengers,
        Item::Fugitives,
    ] {
        assert_eq!(g.room_for(p, item), 1, "{item:?}");
    }
    assert_eq!(g.room_for(p, Item::Fuel), 2);
    // A pick-up of 2 Cargo with room for 1 loads 1.
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"sihnon\"\ncargo = 11\nfuel = 0\nparts = 0\nhand = [\"harken-cargo-delivery-albion\"]",
        "",
    );
    choose(&mut g, "Cargo Delivery");
    choose(&mut g, "Done");
    assert_eq!(g.players[0].item(Item::Cargo), 12);
}

/// FF-MISC-4: if every crew member on the job is Killed or sent back to the ship, the job
/// fails; the attempt ends and the job stays Active (judged).
#[test]
fn ff_misc_4_nobody_left_on_the_job() {
    // River Tam alone on the job; her Gifted roll of 1 sends her back to the ship.
    let mut g = henpecked(
        "1",
        "crew = [{ card = \"river-tam\" }]",
        &copies(2, "kill-the-alarm"),
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Take off Corbin");
    choose(&mut g, "Done");
    let ev = choose(&mut g, "Rig a Bypass");
    assert!(happened(&ev, |e| matches!(e, Event::JobFailed { .. })));
    assert!(
        !happened(&ev, |e| matches!(e, Event::MisbehaveDrawn { .. })),
        "no next card"
    );
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(g.activity, Activity::None);
    assert_eq!(g.players[0].active.len(), 1, "the job stays Active");

    // All three crew on the job Killed by Reaver Raid, with no Medic: the attempt is over.
    let mut g = henpecked(
        "1",
        "crew = [{ card = \"skunk\" }, { card = \"fendris\" }]",
        "\"reaver-raid\", \"kill-the-alarm\"",
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Take off Corbin");
    let ev = choose(&mut g, "Done");
    assert_eq!(crew_ids(&g, 0), vec!["corbin"]);
    assert!(!happened(&ev, |e| matches!(e, Event::JobCompleted { .. })));
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(g.players[0].active.len(), 1);
}

/// FF-MISC-5: a crew member sent back to the ship, and their gear, cannot be used for the
/// rest of the job; gear cannot be swapped between crew during the job.
#[test]
fn ff_misc_5_return_to_ship() {
    // River carries a Pistol (Fight 1). Her Gifted 2 sends her back on the first test; on the
    // second card's Fight test her Pistol does not count, and she makes no Gifted roll.
    let mut g = henpecked(
        "2, 3, 3",
        "crew = [{ card = \"river-tam\", gear = [\"pistol\"] }]",
        &copies(2, "kill-the-alarm"),
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    assert!(!can(&g, "Give"), "no gear swaps during the job");
    let ev = choose(&mut g, "Rig a Bypass");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Gifted { roll: 2, .. }
    )));
    assert!(!can(&g, "Give"), "no gear swaps during the job");
    let ev = choose(&mut g, "Just Shoot");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Rolled {
            skill_points: 0,
            total: 3,
            ..
        }
    )));
    assert!(!happened(&ev, |e| matches!(e, Event::Gifted { .. })));
}

/// FF-MISC-7: crew with a Wanted token count as Wanted for Wanted crew rolls (Alliance
/// Contact: one die each, 1 removes them from play).
#[test]
fn ff_misc_7_wanted_tokens_count_as_wanted() {
    let mut g = two_captains(
        "cruiser = \"alliance-30\"\ndice = [1]",
        "leader = \"corbin\"\nsector = \"persephone\"\nwarrants = 1\ncrew = [{ card = \"skunk\", wanted-token = true }, { card = \"fendris\" }]",
        "",
    );
    choose(&mut g, "Mosey");
    let ev = choose(&mut g, "Move to Alliance Space 30");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::AllianceContact { .. }
    )));
    assert!(happened(&ev, |e| matches!(e, Event::Arrested { .. })));
    assert_eq!(
        crew_ids(&g, 0),
        vec!["corbin", "fendris"],
        "Fendris is not Wanted"
    );
    assert!(removed(&g, "Skunk"));
}

/// FF-MISC-8: when a crew member with a Wanted token is fired or discarded, the token goes too:
/// hired again, they are not Wanted.
#[test]
fn ff_misc_8_wanted_token_goes_with_the_discarded_crew() {
    let mut g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"silverhold\"\ncrew = [{ card = \"skunk\", wanted-token = true }]",
        "",
    );
    assert!(g.is_wanted(&g.players[0].crew[1]));
    choose(&mut g, "Dismiss Skunk");
    assert!(in_supply_discards(&g, "Skunk"));
    choose(&mut g, "Buy");
    choose(&mut g, "Consider Skunk from the discard pile");
    choose(&mut g, "Done");
    choose(&mut g, "Buy Skunk");
    let skunk = g.players[0]
        .crew
        .iter()
        .find(|m| g.content.crew[m.def as usize].id == "skunk")
        .expect("hired again");
    assert!(!skunk.wanted_token);
    assert!(!g.is_wanted(skunk));
}

const TEST_JOBS: &str = r#"
[[job]]
id = "test-crime-and-smuggling"
name = "Crime and Smuggling"
contact = "badger"
source = "promo"
types = ["crime", "smuggling"]
illegal = true
pay = 1000

[[job.steps]]
kind = "target"
at = "persephone"

[[job]]
id = "test-salvage"
name = "Salvage Job"
contact = "badger"
source = "promo"
types = ["shipping", "salvage-op"]
pay = 1000

[[job.steps]]
kind = "target"
at = "persephone"
"#;

/// FF-MISC-10: a job with two types follows the special rules of both: Malcolm's Crime bonus
/// and Monty's Smuggling bonus both apply to a Crime/Smuggling job.
#[test]
fn ff_misc_10_two_job_types() {
    let c = content_with("test/extra.toml", TEST_JOBS);
    let job = c
        .jobs
        .iter()
        .find(|j| j.id == "test-crime-and-smuggling")
        .unwrap();
    assert!(job_matches(job, JobFilter::Type(JobType::Crime)));
    assert!(job_matches(job, JobFilter::Type(JobType::Smuggling)));
    for leader in ["malcolm", "monty"] {
        let mut g = scenario_on(
            c,
            &two_captains_text(
                "",
                &format!(
                    "leader = \"{leader}\"\nsector = \"persephone\"\nhand = [\"test-crime-and-smuggling\"]"
                ),
                "",
            )
            .replace("leader = \"womack\"", "leader = \"corbin\""),
        );
        choose(&mut g, "Crime and Smuggling");
        let ev = choose(&mut g, "Done");
        assert!(
            happened(&ev, |e| matches!(e, Event::JobCompleted { pay: 1500, .. })),
            "{leader}: {ev:?}"
        );
    }
}

/// FF-MISC-10: a job with "Salvage Op" among its types counts as a Salvage Op when completed:
/// Jesse's "After a Salvage Op, load 1 more Contraband" applies.
#[test]
fn ff_misc_10_salvage_op_jobs() {
    let c = content_with("test/extra.toml", TEST_JOBS);
    let mut g = scenario_on(
        c,
        &two_captains_text(
            "",
            "leader = \"corbin\"\nsector = \"persephone\"\nhand = [\"test-salvage\"]\ncrew = [{ card = \"jesse\" }]",
            "",
        ),
    );
    choose(&mut g, "Salvage Job");
    choose(&mut g, "Done");
    assert_eq!(g.players[0].item(Item::Contraband), 1);
}

/// FF-MISC-17: a "Planetary Sector" is any sector with a planet: Make-Work, dismissing crew and
/// unloading Passengers happen only there.
#[test]
fn ff_misc_17_planetary_sectors() {
    let p0 =
        "leader = \"corbin\"\nsector = \"SECTOR\"\npassengers = 1\ncrew = [{ card = \"skunk\" }]";
    let g = two_captains("", &p0.replace("SECTOR", "border-10"), "");
    assert!(g.content.sectors[sector("border-10") as usize]
        .planets
        .is_empty());
    assert!(!can(&g, "Make-Work") && !can(&g, "Dismiss") && !can(&g, "Unload"));
    let g = two_captains("", &p0.replace("SECTOR", "pelorum"), "");
    assert!(!g.content.sectors[sector("pelorum") as usize]
        .planets
        .is_empty());
    assert!(can(&g, "Make-Work") && can(&g, "Dismiss Skunk") && can(&g, "Unload 1 Passengers"));
}

/// FF-MISC-18: Active jobs cannot be discarded by choice.
#[test]
fn ff_misc_18_active_jobs_are_not_discarded_by_choice() {
    let g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"persephone\"\nactive = [{ job = \"patience-henpecked-badger\" }]\nhand = [\"harken-cargo-delivery-albion\"]",
        "",
    );
    assert!(!menu(&g).iter().any(|d| d.contains("Discard job")));
}

/// FF-MISC-19: the rulebooks' survival tips say where things are: Pilots at the Space Bazaar,
/// Mechanics at Persephone's Eavesdown Docks, TRANSPORT gear (Fast Horses, the 4WD Mule), the
/// Cry Baby; and "No Fuel = No Go".
#[test]
fn ff_misc_19_survival_tips() {
    let c = Content::builtin();
    let deck = |id: &str| c.supply_decks.iter().find(|d| d.def.id == id).unwrap();
    let has_prof = |id: &str, prof: Profession| {
        deck(id)
            .cards
            .iter()
            .any(|&x| match c.supply_cards[x as usize].kind {
                tabletop_firefly::content::SupplyKind::Crew(d) => {
                    c.crew[d as usize].professions.contains(&prof)
                }
                _ => false,
            })
    };
    assert!(has_prof("space-bazaar", Profession::Pilot));
    assert!(has_prof("persephone", Profession::Mechanic));
    let gear = |id: &str| c.gear.iter().find(|g| g.id == id).unwrap();
    assert!(gear("4wd-mule").keywords.contains(&Keyword::Transport));
    assert!(gear("fast-horses").abilities.iter().any(|a| matches!(
        a,
        tabletop_firefly::content::Ability::DiscardForKeyword {
            keyword: Keyword::Transport
        }
    )));
    assert!(c.upgrades.iter().any(|u| u.id == "cry-baby"));
    // No Fuel, no Full Burn.
    let g = two_captains(
        "",
        "leader = \"corbin\"\nsector = \"persephone\"\nfuel = 0",
        "",
    );
    assert!(!can(&g, "Full Burn"));
}

// ---------------------------------------------------------------------------------------------
// Crew splitting, Gear seizure and Opportunity Bonuses: no base card has them, so these tests
// load test-only cards ("promo", so that the base game's card counts still hold).
// ---------------------------------------------------------------------------------------------

/// Test-only cards: "Split Up" (FF-MISC-6), "Hand Over the Iron" (FF-MISC-9), and jobs with
/// Opportunity Bonuses, "Crates and Chances" and "Risky Heist" (FF-MISC-11).
fn test_effects() -> &'static Content {
    effects_content(1)
}

/// A position on the content with the test-only cards.
fn effects_game(top: &str, p0: &str, decks: &str) -> Firefly {
    scenario_on(test_effects(), &two_captains_text(top, p0, decks))
}

/// `henpecked` on the content with the test-only cards: Corbin (Tech 2, Mechanic) at Persephone
/// with Henpecked Badger (2 Misbehave cards, then a Negotiate test), `crew` aboard, the next
/// dice and Misbehave cards.
fn henpecked_on_effects(dice: &str, crew: &str, misbehave: &str) -> Firefly {
    effects_game(
        &format!("dice = [{dice}]"),
        &format!(
            "leader = \"corbin\"\nsector = \"persephone\"\nhand = [\"patience-henpecked-badger\"]\n\
             crew = [{crew}]"
        ),
        &format!("misbehave = [{misbehave}]"),
    )
}

fn rolls(ev: &[Event]) -> Vec<(tabletop_firefly::content::Skill, u32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Rolled {
                skill,
                skill_points,
                ..
            } => Some((*skill, *skill_points)),
            _ => None,
        })
        .collect()
}

/// FF-MISC-6: the player splits the crew on the job into teams, one crew member at a time, as
/// legal actions; each team makes its own test (team 1 the Tech test, team 2 the Fight test)
/// with only its own members' skills.
#[test]
fn ff_misc_6_the_player_splits_the_crew_into_teams() {
    let cards = "\"test-split-up\", \"a-little-job-on-the-side\"";
    let mut g = henpecked_on_effects("3, 3", "{ card = \"jayne\" }", cards);
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Two Ways In");
    assert_eq!(
        menu(&g),
        vec![
            "Put Corbin in team 1 (Tech test)".to_string(),
            "Put Corbin in team 2 (Fight test)".to_string()
        ],
        "which team is the player's decision"
    );
    choose(&mut g, "Put Corbin in team 1");
    // The last crew member must go where nobody is yet: every team needs a member.
    assert_eq!(
        menu(&g),
        vec!["Put Jayne in team 2 (Fight test)".to_string()]
    );
    let ev = choose(&mut g, "Put Jayne in team 2");
    // 3 + Corbin's Tech 2 = 5; then 3 + Jayne's Fight 2 = 5: both teams pass, in order.
    assert_eq!(
        rolls(&ev),
        vec![
            (tabletop_firefly::content::Skill::Tech, 2),
            (tabletop_firefly::content::Skill::Fight, 2)
        ]
    );
    assert!(happened(&ev, |e| matches!(
        e,
        Event::StepPassed { step: 0, .. }
    )));
    assert_eq!(
        count(&ev, |e| matches!(e, Event::MisbehaveDrawn { .. })),
        1,
        "the card is passed: the next one is drawn"
    );

    // The other way round, Jayne alone makes the Tech test (Tech 0): 3, Attempt Botched.
    let mut g = henpecked_on_effects("3, 3", "{ card = \"jayne\" }", cards);
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Two Ways In");
    choose(&mut g, "Put Corbin in team 2");
    let ev = choose(&mut g, "Put Jayne in team 1");
    assert_eq!(
        rolls(&ev),
        vec![(tabletop_firefly::content::Skill::Tech, 0)]
    );
    assert!(happened(&ev, |e| matches!(
        e,
        Event::Ended {
            ending: tabletop_firefly::content::Ending::AttemptBotched,
            ..
        }
    )));
}

/// FF-MISC-6: each team must have at least 1 member: with 3 crew and 2 teams, a second crew
/// member may join team 1 only if someone is left for team 2.
#[test]
fn ff_misc_6_each_team_needs_a_member() {
    let cards = "\"test-split-up\", \"a-little-job-on-the-side\"";
    let mut g = henpecked_on_effects("", "{ card = \"jayne\" }, { card = \"kaylee\" }", cards);
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Two Ways In");
    choose(&mut g, "Put Corbin in team 1");
    assert!(can(&g, "Put Jayne in team 1") && can(&g, "Put Jayne in team 2"));
    choose(&mut g, "Put Jayne in team 1");
    assert_eq!(
        menu(&g),
        vec!["Put Kaylee in team 2 (Fight test)".to_string()]
    );
    choose(&mut g, "Put Kaylee in team 2");
    let r = g.resolving().unwrap();
    assert_eq!(r.teams.as_slice(), [0b011, 0b100]);
}

/// FF-MISC-6: with only 1 crew member on the job when the split is called for, the job fails:
/// judged as FF-MISC-4, the attempt ends and the job stays Active.
#[test]
fn ff_misc_6_one_crew_member_cannot_split() {
    let cards = "\"test-split-up\", \"a-little-job-on-the-side\"";
    let mut g = henpecked_on_effects("", "{ card = \"jayne\" }", cards);
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Take off Jayne");
    choose(&mut g, "Done");
    let ev = choose(&mut g, "Two Ways In");
    assert!(happened(&ev, |e| matches!(e, Event::JobFailed { .. })));
    assert!(!happened(&ev, |e| matches!(e, Event::Rolled { .. })));
    assert_eq!(
        count(&ev, |e| matches!(e, Event::MisbehaveDrawn { .. })),
        0,
        "no further card"
    );
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(g.activity, Activity::None);
    assert_eq!(g.players[0].active.len(), 1, "the job stays Active");
    assert_eq!(g.decks.misbehave.discard_len(), 1, "the card is discarded");
}

/// FF-MISC-6: a team's result touches that team: a Kill on team 2's failed test can only hit
/// team 2's members. And a team left with nobody before its test fails the job (judged as
/// FF-MISC-4): here team 1's success disgruntles the crew on the job, and team 2's only member,
/// already Disgruntled, quits.
#[test]
fn ff_misc_6_teams_take_their_own_results() {
    let cards = "\"test-split-up\", \"a-little-job-on-the-side\"";
    // 3 + Tech 2 = 5 (team 1 passes), then 1 + Fight 1 + 1 = 3 (team 2 fails: Kill 1).
    let mut g = henpecked_on_effects(
        "3, 1",
        "{ card = \"skunk\" }, { card = \"fendris\" }",
        cards,
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Two Ways In");
    choose(&mut g, "Put Corbin in team 1");
    choose(&mut g, "Put Skunk in team 2");
    choose(&mut g, "Put Fendris in team 2");
    let mut m = menu(&g);
    m.sort();
    assert_eq!(
        m,
        vec![
            "Fendris is Killed".to_string(),
            "Skunk is Killed".to_string()
        ],
        "not Corbin, who is in team 1"
    );

    let mut g = effects_game(
        "dice = [4]",
        "leader = \"corbin\"\nsector = \"persephone\"\nhand = [\"patience-henpecked-badger\"]\n\
         crew = [{ card = \"jayne\", disgruntled = true }]",
        &format!("misbehave = [{cards}]"),
    );
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Done");
    choose(&mut g, "Go In Loud");
    choose(&mut g, "Put Corbin in team 1");
    let ev = choose(&mut g, "Put Jayne in team 2");
    assert!(happened(&ev, |e| matches!(e, Event::Quit { .. })));
    assert!(happened(&ev, |e| matches!(e, Event::JobFailed { .. })));
    assert_eq!(rolls(&ev).len(), 1, "team 2 makes no test");
    assert_eq!(g.phase, Phase::Actions);
    assert_eq!(g.players[0].active.len(), 1, "the job stays Active");
}

/// FF-MISC-9: a Misbehave card that seizes a kind of Gear (FIREARM) takes that Gear from the
/// crew on the job and removes it from play: not discarded, so it can never be bought back.
/// Other Gear, and FIREARMs aboard the ship (set aside, or carried by crew not on the job),
/// stay.
#[test]
fn ff_misc_9_seized_gear_is_removed_from_play() {
    let mut g = effects_game(
        "",
        "leader = \"corbin\"\nsector = \"persephone\"\nhand = [\"patience-henpecked-badger\"]\n\
         leader-gear = [\"pistol\"]\n\
         crew = [{ card = \"jayne\", gear = [\"vera\", \"knife\"] }, \
                 { card = \"zoe\", gear = [\"pistol\"] }]\n\
         spare-gear = [\"pistol\"]",
        "misbehave = [\"test-hand-over-the-iron\", \"a-little-job-on-the-side\"]",
    );
    let gear_of = |g: &Firefly, i: usize| -> Vec<String> {
        g.players[0].crew[i]
            .gear
            .iter()
            .map(|&x| g.content.supply_name(x).to_string())
            .collect()
    };
    let corbins_pistol = g.players[0].crew[0].gear[0];
    let vera = g.players[0].crew[1].gear[0];
    choose(&mut g, "Henpecked Badger");
    choose(&mut g, "Take off Zoe");
    let ev = choose(&mut g, "Done");
    let seized: Vec<u16> = ev
        .iter()
        .filter_map(|e| match e {
            Event::GearSeized { card, .. } => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(seized, vec![corbins_pistol, vera]);
    assert!(gear_of(&g, 0).is_empty());
    assert_eq!(gear_of(&g, 1), vec!["Knife"], "not a FIREARM");
    assert_eq!(gear_of(&g, 2), vec!["Pistol"], "Zoe stayed aboard the ship");
    assert_eq!(
        g.players[0].spare_gear.len(),
        1,
        "set-aside Gear is aboard the ship"
    );
    for card in [corbins_pistol, vera] {
        assert!(g.removed.supply.contains(card), "removed from play");
        assert!(
            !g.decks
                .supply
                .iter()
                .any(|d| d.all_cards().any(|x| x == card)),
            "in no Supply deck or discard pile: it cannot be bought back"
        );
    }
    // The card was passed: the next one is drawn.
    assert_eq!(count(&ev, |e| matches!(e, Event::MisbehaveDrawn { .. })), 2);
}

/// FF-MISC-11: an Opportunity Bonus is earned as part of a Work action that advances a started
/// job: the player may take it; its reward is paid on its own (not in the job's pay, and no
/// Cut is paid for it); it is marked on the job (shown in the view), and each bonus is earned
/// once: the next Work action on the job does not offer it again.
#[test]
fn ff_misc_11_opportunity_bonus_earned_once_as_the_job_advances() {
    let mut g = effects_game(
        "",
        "leader = \"corbin\"\nsector = \"persephone\"\nhand = [\"test-crates-and-chances\"]\n\
         crew = [{ card = \"jayne\" }]",
        "",
    );
    choose(&mut g, "Crates and Chances");
    let ev = choose(&mut g, "Done");
    // The job was started (it is Active) and has advanced (its pick-up succeeded).
    assert!(happened(&ev, |e| matches!(e, Event::JobStarted { .. })));
    assert_eq!(g.players[0].active.len(), 1);
    assert_eq!(
        menu(&g),
        vec![
            "Option: Earn the Opportunity Bonus \"Skim the Top\"".to_string(),
            "Option: Pass up the Opportunity Bonus \"Skim the Top\"".to_string()
        ],
        "\"Sweet Talk\" needs a Companion on the job"
    );
    let ev = choose(&mut g, "Earn the Opportunity Bonus");
    assert!(happened(&ev, |e| matches!(
        e,
        Event::OpportunityEarned { index: 0, .. }
    )));
    assert_eq!(g.players[0].money, 3500);
    assert_eq!(g.players[0].item(Item::Cargo), 2, "then the pick-up");
    assert!(g.players[0].active[0].earned(0));
    assert_eq!(g.phase, Phase::Actions, "no Cuts for a bonus");
    let view = serde_json::to_string(&g.view(0)).unwrap();
    assert!(view.contains("\"opportunities_earned\":[0]"), "{view}");

    // Next turn, the drop-off: "Skim the Top" is not offered again; the job pays its $1,000
    // and the Cut is Jayne's usual $300.
    choose(&mut g, "End turn");
    choose(&mut g, "End turn");
    choose(&mut g, "Crates and Chances");
    let ev = choose(&mut g, "Done");
    assert!(!happened(&ev, |e| matches!(
        e,
        Event::OpportunityEarned { .. }
    )));
    assert!(happened(&ev, |e| matches!(
        e,
        Event::JobCompleted { pay: 1000, .. }
    )));
    assert_eq!(menu(&g)[0], "Pay Jayne's Cut ($300)");
    choose(&mut g, "Pay Jayne's Cut");
    assert_eq!(g.players[0].money, 3500 + 1000 - 300);
}

/// FF-MISC-11: a bonus passed up is not earned (no "Completed" token), so a later Work action
/// that advances the job offers it again.
#[test]
fn ff_misc_11_a_bonus_passed_up_is_not_earned() {
    let mut g = effects_game(
        "",
        "leader = \"corbin\"\nsector = \"persephone\"\nhand = [\"test-crates-and-chances\"]",
        "",
    );
    choose(&mut g, "Crates and Chances");
    choose(&mut g, "Done");
    let ev = choose(&mut g, "Pass up the Opportunity Bonus");
    assert!(!happened(&ev, |e| matches!(
        e,
        Event::OpportunityEarned { .. }
    )));
    assert_eq!(g.players[0].money, 3000);
    assert!(!g.players[0].active[0].earned(0));
    assert_eq!(g.players[0].active[0].steps_done, 1);
    choose(&mut g, "End turn");
    choose(&mut g, "End turn");
    choose(&mut g, "Crates and Chances");
    choose(&mut g, "Done");
    assert!(can(&g, "Earn the Opportunity Bonus \"Skim the Top\""));
    let ev = choose(&mut g, "Earn the Opportunity Bonus");
    assert!(happened(&ev, |e| matches!(e, Event::JobCompleted { .. })));
}

/// FF-MISC-11: no bonus without a Work action that advances the job: an attempt that fails
/// (Attempt Botched on its Misbehave card) offers none; nor when the crew on the job lack what
/// the bonus requires (a Mechanic aboard the ship but off the job does not count). A scenario
/// can mark a bonus as already earned.
#[test]
fn ff_misc_11_only_when_the_job_advances_and_the_crew_qualify() {
    // "A Little Job on the Side": "Profitable Detour" always ends Attempt Botched.
    let mut g = effects_game(
        "dice = [1]",
        "leader = \"corbin\"\nsector = \"persephone\"\nhand = [\"test-risky-heist\"]",
        "misbehave = [\"a-little-job-on-the-side\"]",
    );
    choose(&mut g, "Risky Heist");
    choose(&mut g, "Done");
    let ev = choose(&mut g, "Profitable Detour");
    assert!(!happened(&ev, |e| matches!(
        e,
        Event::OpportunityEarned { .. }
    )));
    assert_eq!(g.phase, Phase::Actions);
    assert!(!g.players[0].active[0].earned(0));

    // Corbin (the Mechanic) stays aboard; Jayne works the job.
    let mut g = effects_game(
        "",
        "leader = \"corbin\"\nsector = \"persephone\"\nhand = [\"test-risky-heist\"]\n\
         crew = [{ card = \"jayne\" }]",
        "misbehave = [\"a-little-job-on-the-side\"]",
    );
    choose(&mut g, "Risky Heist");
    choose(&mut g, "Take off Corbin");
    choose(&mut g, "Done");
    let ev = choose(&mut g, "Stay on Target");
    assert!(happened(&ev, |e| matches!(e, Event::JobCompleted { .. })));
    assert!(!happened(&ev, |e| matches!(
        e,
        Event::OpportunityEarned { .. }
    )));

    // Marked as earned in the scenario: not offered at the drop-off.
    let mut g = effects_game(
        "",
        "leader = \"corbin\"\nsector = \"persephone\"\ncargo = 2\n\
         active = [{ job = \"test-crates-and-chances\", steps-done = 1, \
         opportunities-earned = [\"Skim the Top\"] }]",
        "",
    );
    choose(&mut g, "Crates and Chances");
    let ev = choose(&mut g, "Done");
    assert!(happened(&ev, |e| matches!(e, Event::JobCompleted { .. })));
    let bad = two_captains_text(
        "",
        "leader = \"corbin\"\nsector = \"persephone\"\n\
         active = [{ job = \"test-crates-and-chances\", opportunities-earned = [\"Nope\"] }]",
        "",
    );
    let mut o = Options::new(2, DEFAULT_STORY);
    o.scenario = Some(Scenario::parse(&bad).unwrap());
    let err = Firefly::new_game(test_effects(), &o, 1).unwrap_err();
    assert!(
        err.to_string()
            .contains("player[0].active[0].opportunities-earned[0]"),
        "{err}"
    );
}
