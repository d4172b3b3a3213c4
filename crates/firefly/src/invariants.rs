//! Invariants that hold after every step of every game. The property tests call
//! [`check`] after each action; a failure names what broke.

use tabletop_core::Seat;

use crate::content::SectorId;
use crate::resolve::Origin;
use crate::state::*;

/// Check every invariant; `Err` says which one failed.
pub fn check(g: &Firefly) -> Result<(), String> {
    cards_in_one_place(g)?;
    for p in &g.players {
        player_limits(g, p)?;
        // Issue 11: the reputation the cards give is kept, not walked: every change of a
        // captain's cards must refresh it.
        let (walked, _) = crate::card_powers::CardPowers::kept(g.content, p);
        if p.card_solid != walked {
            return Err(format!(
                "seat {}: the cards' Solid reputation kept as {:#b}, the cards give {walked:#b}",
                p.seat, p.card_solid
            ));
        }
        // The powers against a walk of every ability, which also checks the content's parts.
        let powers = crate::card_powers::CardPowers::walk(g, p);
        if p.card_powers != powers {
            return Err(format!(
                "seat {}: the cards' powers kept as {:?}, the cards give {powers:?}",
                p.seat, p.card_powers
            ));
        }
    }
    // Issue 11: the ships' places are kept beside the captains' (`Firefly::put_ship`).
    // Compared with the captains, and the sharing with its definition (not with
    // `ShipPlaces::put`'s working, which `ShipPlaces::of` shares).
    for p in g.players.iter() {
        let at = if p.placed { p.sector } else { SectorId::MAX };
        let shares = p.placed
            && (g.players.iter()).any(|q| q.seat != p.seat && q.placed && q.sector == p.sector);
        if g.ships.at(p.seat) != at || g.ships.shares(p.seat) != shares {
            return Err(format!(
                "seat {}: the ship's place kept as {:?} (shares a sector: {}), the captain's is {at} (shares: {shares})",
                p.seat,
                g.ships.at(p.seat),
                g.ships.shares(p.seat)
            ));
        }
    }
    if g.ships.sharing() >> g.players.len() != 0
        || g.ships.all()[g.players.len()..]
            .iter()
            .any(|&s| s != SectorId::MAX)
    {
        return Err(format!("ships kept for empty seats: {:?}", g.ships));
    }
    trading(g)?;
    last_call(g)?;
    ships_and_tokens(g)?;
    bounties(g)?;
    Ok(())
}

/// Pirates & Bounty Hunters: every Bounty card of the game in one place (the deck, the Most
/// Wanted, held with its fugitives, out of the game), at most 3 face up (FF-PBH-1), each held
/// card with fugitives it is for (FF-PBH-16), none without the expansion.
fn bounties(g: &Firefly) -> Result<(), String> {
    let b = &g.bounties;
    if b.most_wanted.len() > 3 {
        return Err(format!("{} Bounty cards face up", b.most_wanted.len()));
    }
    if !g.uses(crate::content::Expansion::PiratesAndBountyHunters)
        && (b.deck.draw_len() + b.most_wanted.len() + b.bound.len() + b.removed.len()) > 0
    {
        return Err("Bounty cards without Pirates & Bounty Hunters".into());
    }
    let mut seen = vec![0u8; g.content.bounties.len()];
    let held: Vec<_> = {
        let mut h: Vec<_> = b.bound.iter().map(|x| x.bounty).collect();
        h.sort_unstable();
        h.dedup();
        h
    };
    for &x in b
        .deck
        .draw_pile()
        .iter()
        .chain(&b.most_wanted)
        .chain(&held)
        .chain(&b.removed)
    {
        seen[x as usize] += 1;
        if seen[x as usize] > 1 {
            return Err(format!("Bounty card {x} is in two places"));
        }
    }
    for x in &b.bound {
        let d = g.content.supply_cards[x.fugitive as usize].crew();
        if !d.is_some_and(|d| g.content.bounty.fugitives[x.bounty as usize].contains(&d)) {
            return Err(format!("fugitive {} bound to the wrong bounty", x.fugitive));
        }
        // Held cards of one bounty are one captain's (a Cortex Alert's stack moves together).
        if b.bound
            .iter()
            .any(|y| y.bounty == x.bounty && y.seat != x.seat)
        {
            return Err(format!("Bounty card {} held by two captains", x.bounty));
        }
    }
    Ok(())
}

/// The board's ships and tokens: every ship on a sector of the board on the table (the Cruiser
/// may be tipped off to an Outlaw Ship anywhere); the Cutters outside Alliance Space
/// (FF-FLY-24), at most one per sector
/// (FF-KAL-5), three with Blue Sun and one otherwise (FF-KAL-9); the Corvette only with
/// Kalidasa, never at rest in Reaver Space (FF-BS-31); Alert tokens only on the board, only with
/// an expansion, and never a Cutter beside the Corvette (FF-KAL-17).
fn ships_and_tokens(g: &Firefly) -> Result<(), String> {
    use crate::content::{Expansion, Zone};
    let c = g.content;
    let board = g.board();
    for p in g.players.iter().filter(|p| p.placed) {
        if !board.in_play(p.sector) {
            return Err(format!("seat {}'s ship is off the board", p.seat));
        }
    }
    if !board.in_play(g.cruiser) {
        return Err("the Cruiser is off the board".into());
    }
    let want = if g.uses(Expansion::BlueSun) {
        g.reaver_starting_sectors().len().max(1)
    } else {
        1
    };
    if g.cutters.len() != want {
        return Err(format!("{} Reaver Cutters, not {want}", g.cutters.len()));
    }
    for (i, &s) in g.cutters.iter().enumerate() {
        if !board.in_play(s) || c.sectors[s as usize].zone == Zone::Alliance {
            return Err(format!(
                "Reaver Cutter {i} is in Alliance Space or off the board"
            ));
        }
        if g.cutters[..i].contains(&s) {
            return Err(format!("two Reaver Cutters share {}", c.sector_name(s)));
        }
    }
    if !g.cutters.bits_agree() {
        return Err(format!(
            "the sectors kept as holding a Reaver Cutter are not the Cutters' {:?}",
            &*g.cutters
        ));
    }
    match g.corvette {
        Some(_) if !g.uses(Expansion::Kalidasa) => return Err("a Corvette without Kalidasa".into()),
        Some(s) if !board.in_play(s) || c.sectors[s as usize].reaver_space => {
            return Err("the Corvette is in Reaver Space or off the board".into())
        }
        Some(s) if g.has_cutter(s) => {
            return Err("a Reaver Cutter shares the Corvette's sector".into())
        }
        _ => {}
    }
    if !g.alerts.is_empty() && !g.expansions().has_rim() {
        return Err("Alert tokens without an expansion".into());
    }
    for a in &g.alerts {
        if !board.in_play(a.sector) || (a.alliance == 0 && a.reaver == 0) {
            return Err(format!("bad Alert tokens {a:?}"));
        }
    }
    if !g.alerts.windows(2).all(|w| w[0].sector < w[1].sector) {
        return Err("Alert tokens not sorted by sector".into());
    }
    Ok(())
}

/// Last Call (`crate::last_call`) is declared only in a story with a Last Call ending, by a
/// captain holding its Goal tokens; the last turns still to come follow the turn under way in
/// turn order, each captain's once.
fn last_call(g: &Firefly) -> Result<(), String> {
    let Some(lc) = &g.last_call else {
        return Ok(());
    };
    let story = g.story_def();
    if story.last_call.is_none() {
        return Err(format!("Last Call declared in \"{}\"", story.title));
    }
    if (g.players[lc.declarer as usize].goals as usize) < story.goals.len() {
        return Err(format!(
            "seat {} declared Last Call without the Goal tokens",
            lc.declarer
        ));
    }
    let n = g.num_players();
    for (k, &s) in lc.last_turns.iter().enumerate() {
        if s != (g.current + 1 + k as u8) % n || k >= n as usize {
            return Err(format!(
                "Last Call: last turns {:?} do not follow seat {}",
                lc.last_turns, g.current
            ));
        }
    }
    Ok(())
}

/// Trades are only between ships in one sector (FF-TRADE-1, FF-TRADE-4), each decided by its
/// own seat; the trade window (FF-TRADE-3) never asks the active player, and never a captain
/// with no ship beside them.
fn trading(g: &Firefly) -> Result<(), String> {
    let together = |a: Seat, b: Seat| {
        let (p, q) = (&g.players[a as usize], &g.players[b as usize]);
        a != b && p.placed && q.placed && p.sector == q.sector
    };
    match &g.phase {
        Phase::Trading(o) | Phase::TradeAnswer(o) => {
            if !together(o.from, o.to) {
                return Err(format!(
                    "an offer from seat {} to seat {} whose ships are not together",
                    o.from, o.to
                ));
            }
            let decider = if matches!(g.phase, Phase::Trading(_)) {
                o.from
            } else {
                o.to
            };
            if g.actor != decider {
                return Err(format!("seat {} decides seat {decider}'s trade", g.actor));
            }
            if !o.window && o.from != g.current {
                return Err(format!(
                    "seat {} opened an offer on seat {}'s turn outside the trade window",
                    o.from, g.current
                ));
            }
        }
        Phase::TradeWindow { seat } => {
            if *seat == g.current || g.actor != *seat {
                return Err(format!(
                    "the trade window asks seat {seat} (actor {})",
                    g.actor
                ));
            }
            if !(0..g.num_players()).any(|s| together(*seat, s)) {
                return Err(format!(
                    "the trade window asks seat {seat}, alone in its sector"
                ));
            }
        }
        _ => {}
    }
    Ok(())
}

fn count<T: Copy + Into<usize>>(
    seen: &mut [u8],
    what: &str,
    items: impl IntoIterator<Item = T>,
) -> Result<(), String> {
    for x in items {
        let i: usize = x.into();
        if i >= seen.len() {
            return Err(format!("{what} card {i} does not exist"));
        }
        seen[i] += 1;
    }
    Ok(())
}

/// How many copies of each card a game's places hold in all, by kind: 1 for a card in play, 0
/// for one left in the box. They depend only on the content, the expansions and the Set Up card,
/// so they are worked out once per such table and kept (the property tests check every step of
/// thousands of games; working them out per step was a third of their time, issue 11).
struct Expected {
    supply: Vec<u8>,
    jobs: Vec<u8>,
    nav: Vec<u8>,
}

impl Expected {
    fn of(g: &Firefly) -> Expected {
        let c = g.content;
        // The cards of products not in play stay in the box (FF-SETUP-4): in no place at all.
        let set = g.expansions();
        let board = c.board(set);
        let supply = c
            .supply_cards
            .iter()
            .map(|card| {
                u8::from(
                    set.includes(card.source)
                        && board.in_play(c.supply_decks[card.deck as usize].sector),
                )
            })
            .collect();
        // "The Rim's the Thing" (a Set Up card) leaves the base game's jobs in the box; story
        // jobs are not in any deck and are never dealt.
        let base_boxed = g.setup_card_def().is_some_and(|s| s.expansion_jobs_only);
        let jobs = (0..c.jobs.len())
            .map(|i| {
                let boxed = c.jobs[i].source == crate::content::Source::Base && base_boxed;
                u8::from(c.jobs[i].contact.is_some() && c.job_in_play(i as u16, set) && !boxed)
            })
            .collect();
        // Only the cards of the Nav decks in play (FF-KAL-2, FF-MISC-15; expansions not in
        // play).
        let mut nav = vec![0u8; c.nav_cards.len()];
        for i in c.nav_deck_cards(set) {
            nav[i as usize] = 1;
        }
        Expected { supply, jobs, nav }
    }

    /// The counts of `g`'s table, worked out on the first call for such a table.
    fn with<R>(g: &Firefly, f: impl FnOnce(&Expected) -> R) -> R {
        type Key = (usize, u8, Option<u16>);
        thread_local! {
            static KNOWN: std::cell::RefCell<Vec<(Key, std::rc::Rc<Expected>)>> =
                const { std::cell::RefCell::new(Vec::new()) };
        }
        let key: Key = (
            g.content as *const crate::content::Content as usize,
            g.expansions().0,
            g.setup_card,
        );
        let e = KNOWN.with(|k| {
            let mut k = k.borrow_mut();
            match k.iter().find(|(x, _)| *x == key) {
                Some((_, e)) => e.clone(),
                None => {
                    let e = std::rc::Rc::new(Expected::of(g));
                    k.push((key, e.clone()));
                    e
                }
            }
        });
        f(&e)
    }
}

/// Every card is in exactly one place (deck, discard pile, a player's ship or hand, being
/// considered or resolved, or out of play).
fn cards_in_one_place(g: &Firefly) -> Result<(), String> {
    // The counting buffers are kept between calls (one set per thread).
    thread_local! {
        static SEEN: std::cell::RefCell<[Vec<u8>; 4]> = const {
            std::cell::RefCell::new([Vec::new(), Vec::new(), Vec::new(), Vec::new()])
        };
    }
    Expected::with(g, |expected| {
        SEEN.with(|seen| {
            let [supply, jobs, nav, mis] = &mut *seen.borrow_mut();
            count_places(g, expected, supply, jobs, nav, mis)
        })
    })
}

fn count_places(
    g: &Firefly,
    expected: &Expected,
    supply: &mut Vec<u8>,
    jobs: &mut Vec<u8>,
    nav: &mut Vec<u8>,
    mis: &mut Vec<u8>,
) -> Result<(), String> {
    let c = g.content;
    let zero = |v: &mut Vec<u8>, n: usize| {
        v.clear();
        v.resize(n, 0);
    };
    // Supply cards.
    zero(supply, c.supply_cards.len());
    for d in &g.decks.supply {
        count(supply, "supply", d.all_cards().map(usize::from))?;
    }
    for p in &g.players {
        for m in &p.crew {
            if let CrewCard::Hired(s) = m.card {
                count(supply, "supply", [s as usize])?;
            }
            count(supply, "supply", m.gear.iter().map(|&x| x as usize))?;
        }
        count(supply, "supply", p.spare_gear.iter().map(|x| x as usize))?;
        count(supply, "supply", p.upgrades.iter().map(|&x| x as usize))?;
        if let DriveCoreCard::Card(s) = p.drive_core {
            count(supply, "supply", [s as usize])?;
        }
    }
    count(
        supply,
        "supply",
        g.removed.supply.iter().map(|x| x as usize),
    )?;
    // FF-PBH-10: Bound Fugitives are beside a ship, in no crew and no deck.
    count(
        supply,
        "supply",
        g.bounties.bound.iter().map(|b| b.fugitive as usize),
    )?;
    zero(jobs, c.jobs.len());
    match &g.phase {
        Phase::Considering {
            market: Market::Supply(_),
            considered,
            ..
        }
        | Phase::Purchasing { considered, .. } => {
            count(supply, "supply", considered.iter().map(|&x| x as usize))?
        }
        Phase::Considering {
            market: Market::Contact(_),
            considered,
            ..
        }
        | Phase::Accepting { considered, .. } => {
            count(jobs, "job", considered.iter().map(|&x| x as usize))?
        }
        _ => {}
    }
    if let Some(i) = (0..supply.len()).find(|&i| supply[i] != expected.supply[i]) {
        return Err(format!(
            "supply card {i} ({}) is in {} places",
            c.supply_name(i as u16),
            supply[i]
        ));
    }
    // Jobs.
    for d in &g.decks.contacts {
        count(jobs, "job", d.all_cards().map(usize::from))?;
    }
    for p in &g.players {
        count(jobs, "job", p.hand.iter().map(|&x| x as usize))?;
        count(jobs, "job", p.active.iter().map(|a| a.job as usize))?;
        // FF-BS-24: Big Damn Challenges under Active jobs.
        count(
            jobs,
            "job",
            p.active.iter().filter_map(|a| a.challenge.map(usize::from)),
        )?;
        count(jobs, "job", p.completed.iter().map(|x| x as usize))?;
    }
    count(jobs, "job", g.removed.jobs.iter().map(|x| x as usize))?;
    if let Some(i) = (0..jobs.len()).find(|&i| jobs[i] != expected.jobs[i]) {
        return Err(format!(
            "job {i} ({}) is in {} places",
            c.jobs[i].name, jobs[i]
        ));
    }
    // Nav and Misbehave cards: in their deck, or being resolved.
    zero(nav, c.nav_cards.len());
    for d in &g.decks.nav {
        count(nav, "nav", d.all_cards().map(usize::from))?;
    }
    zero(mis, c.misbehave_cards.len());
    count(
        mis,
        "misbehave",
        g.decks.misbehave.all_cards().map(usize::from),
    )?;
    for r in &g.resolution {
        match r.origin {
            Origin::Nav(x) => count(nav, "nav", [x as usize])?,
            Origin::Misbehave(x) => count(mis, "misbehave", [x as usize])?,
            _ => {}
        }
    }
    if let Some(i) = (0..nav.len()).find(|&i| nav[i] != expected.nav[i]) {
        return Err(format!(
            "nav card {i} ({}) is in {} places",
            c.nav_def(i as u16).name,
            nav[i]
        ));
    }
    if let Some(i) = mis.iter().position(|&n| n != 1) {
        return Err(format!(
            "misbehave card {i} ({}) is in {} places",
            c.misbehave_def(i as u16).name,
            mis[i]
        ));
    }
    Ok(())
}

/// Capacities: crew, upgrades, gear, storage, jobs.
fn player_limits(g: &Firefly, p: &Player) -> Result<(), String> {
    let seat: Seat = p.seat;
    if p.crew.is_empty() {
        return Ok(()); // still choosing a Leader
    }
    if !matches!(p.crew[0].card, CrewCard::Leader(_)) {
        return Err(format!("seat {seat}: crew[0] is not the Leader"));
    }
    if p.crew.len() > g.max_crew(p) {
        return Err(format!(
            "seat {seat}: {} crew on a ship for {}",
            p.crew.len(),
            g.max_crew(p)
        ));
    }
    if p.upgrades.len() > g.upgrade_slots(p) {
        return Err(format!(
            "seat {seat}: {} upgrades in {} slots",
            p.upgrades.len(),
            g.upgrade_slots(p)
        ));
    }
    for m in &p.crew {
        if g.gear_carried_counted(m) > g.gear_capacity(m) {
            return Err(format!(
                "seat {seat}: {} carries too much gear",
                g.crew_def(m).name
            ));
        }
    }
    let (h, s) = g.storage_boxes(p);
    if Firefly::storage_used_half(p) > 2 * (h + s) {
        return Err(format!(
            "seat {seat}: more goods than the Hold and Stash can carry: {:?}",
            p.items
        ));
    }
    // FF-KAL-21: over the limit only while choosing which Active job to discard.
    let discarding = g.resolution.last().is_some_and(|r| {
        r.seat == seat && r.pending == Some(crate::resolve::Pending::DiscardActive)
    });
    if p.active.len() > g.active_limit(p) && !discarding {
        return Err(format!("seat {seat}: {} active jobs", p.active.len()));
    }
    // FF-BS-30: a Warrant that loses Solid with Mr. Universe cuts the limit mid-action; the
    // extra cards go as soon as the cards and tests under way are resolved.
    let resolving = seat == g.current && g.phase == Phase::Resolving;
    let choosing = g.phase == Phase::StartingJobs
        || resolving
        || (g.actor == seat
            && matches!(
                g.phase,
                Phase::DiscardJobs | Phase::Accepting { .. } | Phase::Plunder(_)
            ));
    if p.hand.len() > g.hand_limit(p) && !choosing {
        return Err(format!("seat {seat}: {} jobs in hand", p.hand.len()));
    }
    Ok(())
}
