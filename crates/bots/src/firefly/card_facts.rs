//! What the rules say of a Supply card for us: its price (FF-BUY-4, after Leader discounts),
//! whether it can come aboard now (crew maximum, who may be hired, upgrade slots), and for a
//! Gear card whether anyone aboard may carry it (FF-CREW-17); and `facts_key`, the key of what
//! is remembered per crew (`crew_masks`).
//!
//! The bot asks these of every card of every draw pile it values. They are the engine's rules
//! over the engine's flat records: a card's `Content::supply_rules` and carrying facts (kept
//! dense per card here, `CardTable::carry`), and what they read of us worked out once per
//! decision (`Buyer`: the engine's `Room`, and each crew member's carrying facts).

use super::{Ctx, FireflyBot};
use tabletop_firefly::buy::Room;
use tabletop_firefly::content::{CrewCarry, SupplyCardId};
use tabletop_firefly::state::Player;
use tabletop_firefly::Firefly;

/// What the crew's masks (`crew_masks`) are a function of, hashed: each crew member's card (its
/// abilities, skills, professions) and the gear they carry, in any order of the crew; the ship,
/// drive core, upgrades and Leader; the content by address. Not the crew's tokens (Disgruntled,
/// Wanted): they come and go far more often than the crew or its gear.
pub(super) fn facts_key(g: &Firefly, p: &Player) -> u64 {
    // A sum of well-mixed hashes of the members: the same for the same crew in any order.
    let crew = p.crew.iter().fold(0u64, |acc, m| {
        acc.wrapping_add(super::keys::key_of((m.def, &m.gear)))
    });
    super::keys::key_of((
        g.content as *const _ as usize,
        p.seat,
        p.leader,
        p.ship,
        p.drive_core,
        &p.upgrades,
        p.crew.len(),
        crew,
    ))
}

/// What the rules of buying and carrying read of us, worked out once per decision
/// (`Ctx::buyer`).
pub(super) struct Buyer {
    /// The engine's facts of acquiring (`Firefly::room`).
    room: Room,
    members: smallvec::SmallVec<[Carrier; 8]>,
}

/// What `Firefly::can_carry` reads of a crew member: its card's carrying facts (the engine's,
/// `Content::crew_carry`) and the Gear it carries that counts toward the limit.
struct Carrier {
    carry: CrewCarry,
    counted: usize,
}

impl Buyer {
    pub(super) fn of(g: &Firefly, p: &Player) -> Buyer {
        let members = p
            .crew
            .iter()
            .map(|m| Carrier {
                carry: g.content.crew_carry[m.def as usize],
                counted: g.gear_carried_counted(m),
            })
            .collect();
        Buyer {
            room: g.room(p),
            members,
        }
    }
}

impl FireflyBot {
    /// `Firefly::price` of `card` for us (FF-BUY-4, after Leader discounts, FF-BUY-16): the
    /// engine's rule over the card's record and our card powers.
    #[inline]
    pub(super) fn price(&self, ctx: &Ctx, card: SupplyCardId) -> u32 {
        ctx.g.content.supply_rules[card as usize].price(&ctx.p.card_powers)
    }

    /// `Firefly::can_acquire` of `card` for us.
    #[inline]
    pub(super) fn can_acquire(&self, ctx: &Ctx, card: SupplyCardId) -> bool {
        ctx.g.content.supply_rules[card as usize].can_acquire(&ctx.buyer().room)
    }

    /// Whether a crew member of ours may carry Gear card `card` now (`Firefly::can_carry`).
    #[inline]
    pub(super) fn has_carrier(&self, ctx: &Ctx, card: SupplyCardId) -> bool {
        // The engine's rule over its facts (`GearCarry::carried_by`).
        let carry = &self.card_table.carry[card as usize];
        (ctx.buyer().members.iter()).any(|m| carry.carried_by(&m.carry, m.counted))
    }
}

#[cfg(test)]
mod tests {
    use tabletop_core::Seat;
    use tabletop_firefly::content::{Ability, SupplyCardId, SupplyKind};
    use tabletop_firefly::Firefly;

    /// FF-BUY-4, FF-BUY-16: the price as the card's definition prints it, after the Leader
    /// discounts the captain's cards give.
    fn price_by_definition(g: &Firefly, seat: Seat, card: SupplyCardId) -> u32 {
        let (c, p) = (g.content, &g.players[seat as usize]);
        let (cost, half) = match c.supply_cards[card as usize].kind {
            SupplyKind::Crew(d) if p.card_powers.hire_free => (c.crew[d as usize].cost, true),
            SupplyKind::Crew(d) => return c.crew[d as usize].cost,
            SupplyKind::Gear(d) => {
                let set = p.card_powers.half_price_gear;
                let def = &c.gear[d as usize];
                (def.cost, def.keywords.iter().any(|&k| set.contains(k)))
            }
            SupplyKind::Upgrade(u) => (
                c.upgrades[u as usize].cost.unwrap_or(0),
                p.card_powers.half_price_upgrades,
            ),
        };
        match c.supply_cards[card as usize].kind {
            SupplyKind::Crew(_) => 0,
            _ if half => cost / 2,
            _ => cost,
        }
    }

    /// FF-CREW-3, FF-BUY-11, FF-BUY-13: whether the card may come aboard, from its definition.
    fn can_acquire_by_definition(g: &Firefly, seat: Seat, card: SupplyCardId) -> bool {
        let (c, p) = (g.content, &g.players[seat as usize]);
        match c.supply_cards[card as usize].kind {
            SupplyKind::Crew(d) => p.crew.len() < g.max_crew(p) && g.may_hire(p, d),
            SupplyKind::Gear(_) => true,
            SupplyKind::Upgrade(u) if c.upgrades[u as usize].drive_core.is_some() => {
                !(g.drive_core_def(p).abilities.iter())
                    .any(|a| matches!(a, Ability::IrreplaceableDriveCore))
            }
            SupplyKind::Upgrade(_) => p.upgrades.len() < g.upgrade_slots(p),
        }
    }

    /// The engine's flat records of buying (`Content::supply_rules`, `Firefly::room`), which
    /// the bot asks, give what the cards' definitions print, and the bot's dense carrying
    /// table the engine's `can_carry`: for every Supply card of the content, for every captain,
    /// in positions of played games of every story, with and without the expansions (Leaders
    /// who hire free or pay half, crews who may not carry some gear or any, full hands, ships
    /// full of crew or upgrades).
    #[test]
    fn the_card_rules_give_the_definitions_answers() {
        use crate::firefly::{Ctx, FireflyBot};
        use tabletop_firefly::content::Content;

        let content = Content::builtin();
        let (mut compared, mut carried, mut acquired) = (0u32, [0u32; 2], [0u32; 2]);
        let mut discounted = 0u32;
        let mut probe = FireflyBot::new(7);
        crate::firefly::for_each_played_position(0, 29, |g| {
            probe.ensure_dist(g);
            for s in 0..4 {
                let ctx = Ctx::new(g, s);
                let p = ctx.p;
                for card in 0..content.supply_cards.len() as SupplyCardId {
                    compared += 1;
                    let price = price_by_definition(g, s, card);
                    assert_eq!(g.price(s, card), price, "{card}");
                    assert_eq!(probe.price(&ctx, card), price, "{card}");
                    let acquire = can_acquire_by_definition(g, s, card);
                    assert_eq!(g.can_acquire(s, card), acquire, "{card}");
                    assert_eq!(probe.can_acquire(&ctx, card), acquire, "{card}");
                    acquired[acquire as usize] += 1;
                    if let SupplyKind::Upgrade(_) = content.supply_cards[card as usize].kind {
                        assert_eq!(g.can_fit_upgrade(p, card), acquire, "{card}");
                    }
                    if let SupplyKind::Gear(_) = content.supply_cards[card as usize].kind {
                        let engine = p.crew.iter().any(|m| g.can_carry(m, card));
                        assert_eq!(probe.has_carrier(&ctx, card), engine, "{card}");
                        carried[engine as usize] += 1;
                    }
                    let printed = match content.supply_cards[card as usize].kind {
                        SupplyKind::Crew(d) => content.crew[d as usize].cost,
                        SupplyKind::Gear(d) => content.gear[d as usize].cost,
                        SupplyKind::Upgrade(u) => content.upgrades[u as usize].cost.unwrap_or(0),
                    };
                    discounted += u32::from(price < printed);
                }
            }
        });
        // The check means something only if every answer came up.
        assert!(compared > 100_000, "{compared}");
        assert!(carried[0] > 1000 && carried[1] > 1000, "{carried:?}");
        assert!(acquired[0] > 1000 && acquired[1] > 1000, "{acquired:?}");
        assert!(discounted > 1000, "{discounted}");
    }
}
