//! The room the table has for what the content deals: a state holds its decks and each
//! captain's lists inline, with fixed room (issue 11: a state's copy is one copy of memory, no
//! allocation), so content that could ever need more is refused when it is loaded, naming the
//! file, entry and field — never cut short in play.

use super::load::Ctx;
use super::*;
use crate::state::{ACTIVE_ROOM, CARD_SET_ROOM, CREW_ROOM, GEAR_ROOM, HAND_ROOM, UPGRADE_ROOM};

/// Every deck fits the room a deck has on the table (`DECK_ROOM` cards, `MAX_SUPPLY_DECKS`
/// Supply decks: a state holds its decks inline, issue 11), as set-up deals it with each
/// combination of expansions.
pub(super) fn check_deck_room(ctx: &Ctx, c: &Content) -> Result<(), ContentError> {
    use crate::state::{DECK_ROOM, MAX_SUPPLY_DECKS, MISBEHAVE_DECK_ROOM, NAV_DECK_ROOM};
    let too_many = |n: usize, with: &[Expansion], room: usize| {
        let with = match with {
            [] => "the base game".to_string(),
            _ => with.iter().map(|e| e.name()).collect::<Vec<_>>().join(", "),
        };
        format!("a deck of {n} cards with {with}; this deck holds at most {room} on the table")
    };
    if c.supply_decks.len() > MAX_SUPPLY_DECKS {
        let last = &c.supply_decks[MAX_SUPPLY_DECKS].def.id;
        let err = format!("more than {MAX_SUPPLY_DECKS} Supply decks");
        return Err(ctx.err("supply", last, "id", err));
    }
    if c.misbehave_cards.len() > MISBEHAVE_DECK_ROOM {
        let last = c.misbehave_defs.last().map_or("", |m| m.id.as_str());
        let err = too_many(c.misbehave_cards.len(), &[], MISBEHAVE_DECK_ROOM);
        return Err(ctx.err("misbehave", last, "copies", err));
    }
    let bounty_room = crate::bounty::BOUNTY_ROOM;
    if c.bounties.len() > bounty_room {
        let last = &c.bounties[bounty_room].id;
        let err = format!("more than {bounty_room} Bounty cards");
        return Err(ctx.err("bounty", last, "id", err));
    }
    for bits in 0..1u32 << Expansion::ALL.len() {
        let with: Vec<Expansion> = (Expansion::ALL.iter().enumerate())
            .filter(|(i, _)| bits & (1 << i) != 0)
            .map(|(_, e)| *e)
            .collect();
        let set = ExpansionSet::of(&with);
        for d in &c.supply_decks {
            let n = (d.cards.iter())
                .filter(|&&k| set.includes(c.supply_cards[k as usize].source))
                .count();
            if n > DECK_ROOM {
                let err = too_many(n, &with, DECK_ROOM);
                return Err(ctx.err("supply", &d.def.id, "cards", err));
            }
        }
        for k in &c.contacts {
            let n = (0..c.jobs.len() as JobId)
                .filter(|&j| c.jobs[j as usize].contact == Some(k.contact) && c.job_in_play(j, set))
                .count();
            if n > DECK_ROOM {
                let err = too_many(n, &with, DECK_ROOM);
                return Err(ctx.err("contact", &contact_id(k), "jobs", err));
            }
        }
        let dealt = c.nav_deck_cards(set);
        for deck in [NavDeckName::Alliance, NavDeckName::Border, NavDeckName::Rim] {
            let cards: Vec<NavCardId> = (dealt.iter().copied())
                .filter(|&i| c.nav_def(i).deck == deck)
                .collect();
            if cards.len() > NAV_DECK_ROOM {
                let last = &c.nav_def(cards[NAV_DECK_ROOM]).id;
                let err = too_many(cards.len(), &with, NAV_DECK_ROOM);
                return Err(ctx.err("nav", last, "deck", err));
            }
        }
    }
    Ok(())
}

/// Every list of a captain fits its room in every game the content allows
/// (`state::GEAR_ROOM` and the others), and every card of the content has an id a captain's
/// card sets hold (`state::CARD_SET_ROOM`).
pub(super) fn check_captain_room(ctx: &Ctx, c: &Content) -> Result<(), ContentError> {
    let over = |what: &str, n: usize, room: usize| {
        format!("{what} could reach {n}; the table holds at most {room}")
    };
    if c.supply_cards.len() > CARD_SET_ROOM {
        let last = c.supply_decks.last().map_or("", |d| d.def.id.as_str());
        let err = format!("more than {CARD_SET_ROOM} Supply cards in all");
        return Err(ctx.err("supply", last, "cards", err));
    }
    if c.jobs.len() > CARD_SET_ROOM {
        let last = c.contacts.last().map_or(String::new(), contact_id);
        let err = format!("more than {CARD_SET_ROOM} Job cards in all");
        return Err(ctx.err("contact", &last, "jobs", err));
    }
    // FF-CREW-17: the most Gear a crew member counts toward their limit, and every card that
    // does not count (each physical card once).
    let capacity = |d: &Crew| {
        (d.abilities.iter())
            .find_map(|a| match a {
                Ability::GearCapacity { cards } => Some(*cards as usize),
                _ => None,
            })
            .unwrap_or(1)
    };
    let uncounted = (c.supply_cards.iter())
        .filter(|k| match k.kind {
            SupplyKind::Gear(g) => c.gear[g as usize].abilities.contains(&Ability::NoGearLimit),
            _ => false,
        })
        .count();
    if let Some(d) = c.crew.iter().max_by_key(|d| capacity(d)) {
        let n = capacity(d) + uncounted;
        if n > GEAR_ROOM {
            let err = over("the Gear one crew member carries", n, GEAR_ROOM);
            return Err(ctx.err("crew", &d.id, "abilities", err));
        }
    }
    // FF-CREW-3, FF-COMP-15: a ship's crew maximum with its own "extra crew", the largest of a
    // drive core's, and the largest an upgrade card adds in each Upgrade slot (an upgrade is
    // bought onto a full ship before one is discarded, FF-BUY-11: one more than the slots).
    let extra = |abilities: &[Ability]| -> usize {
        (abilities.iter())
            .map(|a| match a {
                Ability::ExtraCrew { amount } => *amount as usize,
                _ => 0,
            })
            .sum()
    };
    let mut upgrade_extras: Vec<usize> = (c.supply_cards.iter())
        .filter_map(|k| match k.kind {
            SupplyKind::Upgrade(u) if c.upgrades[u as usize].drive_core.is_none() => {
                Some(extra(&c.upgrades[u as usize].abilities))
            }
            _ => None,
        })
        .collect();
    upgrade_extras.sort_unstable_by(|a, b| b.cmp(a));
    let core_extra = (c.upgrades.iter())
        .filter(|u| u.drive_core.is_some())
        .map(|u| extra(&u.abilities))
        .max()
        .unwrap_or(0);
    for ship in &c.ships {
        let slots = ship.upgrade_slots as usize;
        if slots + 1 > UPGRADE_ROOM {
            let err = over("the upgrades aboard", slots + 1, UPGRADE_ROOM);
            return Err(ctx.err("ship", &ship.id, "upgrade_slots", err));
        }
        let from_upgrades: usize = upgrade_extras.iter().take(slots + 1).sum();
        let n = ship.max_crew as usize + extra(&ship.abilities) + core_extra + from_upgrades;
        if n > CREW_ROOM {
            let err = over("the crew aboard", n, CREW_ROOM);
            return Err(ctx.err("ship", &ship.id, "max_crew", err));
        }
    }
    // FF-DEAL-7, FF-KAL-20/21: 3 Active jobs, what every Contact could add while Solid, and
    // one over the limit while choosing which to discard.
    let solid_extra =
        |f: fn(&Contact) -> u8| -> usize { c.contacts.iter().map(|k| f(k) as usize).sum() };
    let active = crate::deal::ACTIVE_LIMIT + solid_extra(|k| k.extra_active_jobs) + 1;
    if active > ACTIVE_ROOM {
        let last = c.contacts.iter().rev().find(|k| k.extra_active_jobs > 0);
        let err = over("the Active jobs", active, ACTIVE_ROOM);
        let id = last.map_or(String::new(), contact_id);
        return Err(ctx.err("contact", &id, "extra_active_jobs", err));
    }
    // FF-DEAL-5, FF-BS-29: the largest inactive-job limit, and what may come into a hand before
    // discarding down to it: 2 accepted jobs (FF-DEAL-3), a rival's whole hand plundered
    // (FF-PBH-31), the starting jobs (one from each Contact at most, FF-SETUP-16, or a Set Up
    // card's draw from one deck, FF-BS-5).
    let limit = crate::deal::HAND_LIMIT + solid_extra(|k| k.extra_hand_cards);
    let setup_draw = (c.setup_cards.iter())
        .map(|s| s.starting_jobs_from_chosen_deck as usize)
        .max()
        .unwrap_or(0);
    let hand = (limit + 2)
        .max(2 * limit)
        .max(ContactName::COUNT)
        .max(setup_draw);
    if hand > HAND_ROOM {
        // A Set Up card draws 1 to 5 (checked with the card): the Contacts' limits it is.
        let id = c.contacts.iter().rev().find(|k| k.extra_hand_cards > 0);
        let id = id.map_or(String::new(), contact_id);
        let err = over("a hand of jobs", hand, HAND_ROOM);
        return Err(ctx.err("contact", &id, "extra_hand_cards", err));
    }
    // FF-PBH-10/16: every fugitive's card bound at once, a Cortex Alert's several.
    let bound: usize = c.bounty.cards.iter().map(Vec::len).sum();
    if bound > crate::bounty::BOUND_ROOM {
        let last = c.bounties.last().map_or("", |b| b.id.as_str());
        let err = over("the Bound Fugitives", bound, crate::bounty::BOUND_ROOM);
        return Err(ctx.err("bounty", last, "fugitives", err));
    }
    Ok(())
}

/// A Contact card's entry as the loader names it (its `contact` field).
fn contact_id(k: &Contact) -> String {
    format!("{:?}", k.contact)
}
