//! What the rules say of a Supply card for us, remembered: its price (FF-BUY-4, after Leader
//! discounts), whether it can come aboard now (crew maximum, who may be hired, upgrade slots),
//! and for a Gear card whether anyone aboard may carry it (FF-CREW-17).
//!
//! The bot asks these of every card of every draw pile it values, and each answer walks the
//! abilities of the whole crew and their gear; they read nothing but our crew (with their gear),
//! ship, drive core and upgrades, which seldom change from one decision to the next. So they
//! are kept per card for the captain they were asked of (`facts_key`), and worked out again,
//! card by card as asked, once that changes.

use std::cell::RefCell;

use super::Ctx;
use tabletop_firefly::content::SupplyCardId;
use tabletop_firefly::state::Player;
use tabletop_firefly::Firefly;

/// What `CardFacts` are a function of, hashed: each crew member's card (its abilities, skills,
/// professions) and the gear they carry, in any order of the crew (the facts ask whether any
/// member or ability does something); the ship, drive core, upgrades and Leader; the content
/// by address. Not the crew's tokens (Disgruntled, Wanted): no fact reads them, and they come
/// and go far more often than the crew or its gear.
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

/// One card's facts, each worked out on first use.
#[derive(Clone, Copy, Default)]
struct Facts {
    price: Option<u32>,
    acquire: Option<bool>,
    carrier: Option<bool>,
}

/// The facts of every Supply card for one captain (`key`), by card.
#[derive(Default)]
pub(super) struct CardFacts(RefCell<(u64, Vec<Facts>)>);

impl CardFacts {
    /// The card's fact `field`, worked out with `f` when not known for this captain.
    #[inline]
    fn fact<T: Copy>(
        &self,
        ctx: &Ctx,
        card: SupplyCardId,
        field: fn(&mut Facts) -> &mut Option<T>,
        f: impl FnOnce() -> T,
    ) -> T {
        let key = ctx.facts_key();
        let mut cell = self.0.borrow_mut();
        let (known, facts) = &mut *cell;
        if *known != key || facts.is_empty() {
            *known = key;
            facts.clear();
            facts.resize(ctx.g.content.supply_cards.len(), Facts::default());
        }
        let slot = field(&mut facts[card as usize]);
        if let Some(v) = *slot {
            return v;
        }
        let v = f();
        *slot = Some(v);
        v
    }

    /// `Firefly::price` of `card` for us.
    #[inline]
    pub(super) fn price(&self, ctx: &Ctx, card: SupplyCardId) -> u32 {
        self.fact(ctx, card, |x| &mut x.price, || ctx.g.price(ctx.seat, card))
    }

    /// `Firefly::can_acquire` of `card` for us.
    #[inline]
    pub(super) fn can_acquire(&self, ctx: &Ctx, card: SupplyCardId) -> bool {
        self.fact(
            ctx,
            card,
            |x| &mut x.acquire,
            || ctx.g.can_acquire(ctx.seat, card),
        )
    }

    /// Whether a crew member of ours may carry Gear card `card` now (`Firefly::can_carry`).
    #[inline]
    pub(super) fn has_carrier(&self, ctx: &Ctx, card: SupplyCardId) -> bool {
        self.fact(
            ctx,
            card,
            |x| &mut x.carrier,
            || ctx.p.crew.iter().any(|m| ctx.g.can_carry(ctx.p, m, card)),
        )
    }
}
