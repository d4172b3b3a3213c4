//! What the rules say of a Supply card for us: its price (FF-BUY-4, after Leader discounts),
//! whether it can come aboard now (crew maximum, who may be hired, upgrade slots), and for a
//! Gear card whether anyone aboard may carry it (FF-CREW-17); and `facts_key`, the key of what
//! is remembered per crew (`crew_masks`).
//!
//! The bot asks these of every card of every draw pile it values. The engine's answers
//! (`Firefly::price`, `can_acquire`, `can_carry`) read each card's definition, in its own
//! corner of memory, and walk the crew's abilities: here the card is read from a dense record
//! worked out once per content (`CardRules`) and the crew from one worked out once per decision
//! (`Buyer`). Carrying is the engine's own rule over the engine's flat facts
//! (`GearCarry::carried_by`); price and acquiring restate the engine's rules term for term,
//! checked against the engine's answers by the test `the_card_rules_give_the_engines_answers`.

use super::{Ctx, FireflyBot};
use tabletop_firefly::content::{
    Ability, Content, CrewCarry, GearCarry, SupplyCard, SupplyCardId, SupplyKind,
};
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

/// What the rules of buying and carrying (FF-BUY-4, FF-BUY-11/13/16, FF-CREW-3, FF-CREW-17)
/// read of a Supply card, from its definition, kept dense for every card of the content
/// (`value::CardTable`): the bot asks them of every card of every pile it values, and the
/// definitions, each in its own corner of memory, were a cache miss apiece.
#[derive(Clone, Copy)]
pub(super) struct CardRules {
    kind: RuleKind,
    /// The printed cost (an upgrade's none: 0).
    cost: u32,
    /// A Gear card's keywords, or a Crew card's professions (bit by `as u16`).
    bits: u16,
    /// A Gear card's carrying facts, the engine's (`Content::gear_carry`).
    carry: GearCarry,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum RuleKind {
    Crew,
    Gear,
    Upgrade,
    DriveCore,
}

impl CardRules {
    /// The rules' facts of `card` of content `c`.
    pub(super) fn of(c: &'static Content, card: &SupplyCard) -> CardRules {
        let mut r = CardRules {
            kind: RuleKind::Crew,
            cost: 0,
            bits: 0,
            carry: GearCarry::default(),
        };
        match card.kind {
            SupplyKind::Crew(d) => {
                let def = &c.crew[d as usize];
                r.cost = def.cost;
                r.bits = def.professions.iter().fold(0, |b, &x| b | 1 << x as u16);
            }
            SupplyKind::Gear(d) => {
                let def = &c.gear[d as usize];
                r.kind = RuleKind::Gear;
                r.cost = def.cost;
                r.bits = def.keywords.iter().fold(0, |b, &k| b | 1 << k as u16);
                r.carry = c.gear_carry[d as usize];
            }
            SupplyKind::Upgrade(u) => {
                let def = &c.upgrades[u as usize];
                r.kind = if def.drive_core.is_some() {
                    RuleKind::DriveCore
                } else {
                    RuleKind::Upgrade
                };
                r.cost = def.cost.unwrap_or(0);
            }
        }
        r
    }
}

/// What the rules of buying and carrying read of us (the mirror of `CardRules`), worked out
/// once per decision (`Ctx::buyer`).
pub(super) struct Buyer {
    /// Room for one more crew member (FF-CREW-3).
    crew_room: bool,
    /// Professions we may not hire (`CardPowers::may_not_hire`).
    may_not_hire: u16,
    /// A free upgrade slot (FF-BUY-11).
    upgrade_room: bool,
    /// Our drive core may not be replaced (`Ability::IrreplaceableDriveCore`).
    core_fixed: bool,
    hire_free: bool,
    half_price_upgrades: bool,
    /// Keywords of Gear we pay half for.
    half_price_gear: u16,
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
        let powers = &p.card_powers;
        let members = p
            .crew
            .iter()
            .map(|m| Carrier {
                carry: g.content.crew_carry[m.def as usize],
                counted: g.gear_carried_counted(m),
            })
            .collect();
        Buyer {
            crew_room: p.crew.len() < g.max_crew(p),
            may_not_hire: powers.may_not_hire,
            upgrade_room: p.upgrades.len() < g.upgrade_slots(p),
            core_fixed: g
                .drive_core_def(p)
                .abilities
                .iter()
                .any(|a| matches!(a, Ability::IrreplaceableDriveCore)),
            hire_free: powers.hire_free,
            half_price_upgrades: powers.half_price_upgrades,
            half_price_gear: powers.half_price_gear.0,
            members,
        }
    }
}

impl FireflyBot {
    fn rules(&self, card: SupplyCardId) -> &CardRules {
        &self.card_table.rules[card as usize]
    }

    /// `Firefly::price` of `card` for us (FF-BUY-4, after Leader discounts, FF-BUY-16).
    #[inline]
    pub(super) fn price(&self, ctx: &Ctx, card: SupplyCardId) -> u32 {
        let (r, b) = (self.rules(card), ctx.buyer());
        let half = match r.kind {
            RuleKind::Crew => return if b.hire_free { 0 } else { r.cost },
            RuleKind::Gear => r.bits & b.half_price_gear != 0,
            RuleKind::Upgrade | RuleKind::DriveCore => b.half_price_upgrades,
        };
        if half {
            r.cost / 2
        } else {
            r.cost
        }
    }

    /// `Firefly::can_acquire` of `card` for us.
    #[inline]
    pub(super) fn can_acquire(&self, ctx: &Ctx, card: SupplyCardId) -> bool {
        let (r, b) = (self.rules(card), ctx.buyer());
        match r.kind {
            RuleKind::Crew => b.crew_room && r.bits & b.may_not_hire == 0,
            RuleKind::Gear => true,
            RuleKind::DriveCore => !b.core_fixed,
            RuleKind::Upgrade => b.upgrade_room,
        }
    }

    /// Whether a crew member of ours may carry Gear card `card` now (`Firefly::can_carry`).
    #[inline]
    pub(super) fn has_carrier(&self, ctx: &Ctx, card: SupplyCardId) -> bool {
        // The engine's rule over its facts (`GearCarry::carried_by`).
        let r = self.rules(card);
        (ctx.buyer().members.iter()).any(|m| r.carry.carried_by(&m.carry, m.counted))
    }
}

#[cfg(test)]
mod tests {
    /// The dense rules (`CardRules`, `Buyer`) give the engine's answers for every Supply card
    /// of the content, for every captain, in positions of played games of every story, with and
    /// without the expansions (Leaders who hire free or pay half, crews who may not carry some
    /// gear or any, full hands, ships full of crew or upgrades).
    #[test]
    fn the_card_rules_give_the_engines_answers() {
        use crate::firefly::{Ctx, FireflyBot};
        use tabletop_firefly::content::{Content, SupplyCardId, SupplyKind};

        let content = Content::builtin();
        let (mut compared, mut carried) = (0u32, [0u32; 2]);
        let mut probe = FireflyBot::new(7);
        crate::firefly::for_each_played_position(0, 29, |g| {
            probe.ensure_dist(g);
            for s in 0..4 {
                let ctx = Ctx::new(g, s);
                let p = ctx.p;
                for card in 0..content.supply_cards.len() as SupplyCardId {
                    compared += 1;
                    assert_eq!(probe.price(&ctx, card), g.price(s, card), "{card}");
                    assert_eq!(
                        probe.can_acquire(&ctx, card),
                        g.can_acquire(s, card),
                        "{card}"
                    );
                    if let SupplyKind::Gear(_) = content.supply_cards[card as usize].kind {
                        let engine = p.crew.iter().any(|m| g.can_carry(p, m, card));
                        assert_eq!(probe.has_carrier(&ctx, card), engine, "{card}");
                        carried[engine as usize] += 1;
                    }
                }
            }
        });
        // The check means something only if both answers came up.
        assert!(compared > 100_000, "{compared}");
        assert!(carried[0] > 1000 && carried[1] > 1000, "{carried:?}");
    }
}
