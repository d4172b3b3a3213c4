//! What a captain's cards can do that the legal actions ask about at every step (issue 11):
//! whether any card has a `Use` ability, whether any Gear gambles, and what a Full Burn costs
//! the ship's drive core and upgrades. Walking every card's abilities for these on every step
//! was a fifth of listing the Actions phase; they change only when the cards change, so a
//! captain keeps them ([`Player::card_powers`]) beside the reputation their cards give, and
//! both are worked out again by [`Player::refresh_cards`] wherever the cards change.
//! `invariants::check` compares them with a fresh walk after every step of the property tests.

use crate::content::*;
use crate::state::{DriveCoreCard, Player};

/// The kept summary of a captain's cards (see the module's comment).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardPowers {
    /// Some card may be used on the captain's turn: a `Use` ability on a hired crew member, on
    /// Gear carried or set aside, or on a Ship Upgrade (`Firefly::use_actions`).
    pub usable: bool,
    /// Some Gear, carried or set aside, gambles (Maque Tiles, Billiards Betting …).
    pub gambling: bool,
    /// The drive core's and upgrades' Fuel for a Full Burn, Heavy Loads aside (FF-FLY-2): 0 with
    /// an ability that burns no Fuel, else the drive core's (1 without a printed figure).
    pub burn_fuel: u8,
    /// The Tri-Capissen 28HD: Heavy Load jobs add no Fuel to a Full Burn.
    pub ignores_heavy_load: bool,
    /// A Long-Range Scanner Array (FF-BS-17): an adjacent sector's Alert tokens may be resolved
    /// during a Fly action.
    pub long_range_scanner: bool,
    /// Sectors a Mosey may move (FF-FLY-5): 1, or more with some upgrades.
    pub mosey_range: u8,
    /// The crew maximum (FF-COMP-15, FF-CREW-3): the ship's, and what its abilities add.
    pub max_crew: u16,
    /// Boxes of Hold and of Stash (FF-COMP-13, FF-MISC-2): the ship's, and what its abilities
    /// add.
    pub hold: u16,
    pub stash: u16,
    /// Sectors a Full Burn may enter (FF-BUY-14, FF-FLY-4): the drive core's, the Range
    /// bonuses of the ship and of the crew (Wash), less the Interceptor's loss per upgrade.
    pub burn_range: u8,
    /// What the crew's cards and the Gear they carry say about buying (FF-BUY-4, FF-BUY-16):
    /// a Leader who hires for free (Nandi),
    pub hire_free: bool,
    /// half price for ship upgrades and drive cores (Corbin),
    pub half_price_upgrades: bool,
    /// half price for Gear with any of these keywords (Marco),
    pub half_price_gear: KeywordSet,
    /// and the professions the captain may not hire (Atherton: Companions), a bit per
    /// `Profession as u16`.
    pub may_not_hire: u16,
}

impl CardPowers {
    /// A fresh walk of `p`'s cards.
    pub fn of<'c>(content: &'c Content, p: &Player) -> CardPowers {
        let gear = |g: SupplyCardId| -> &'c [Ability] {
            match content.supply_cards[g as usize].kind {
                SupplyKind::Gear(d) => &content.gear[d as usize].abilities,
                _ => &[],
            }
        };
        let upgrade = |u: SupplyCardId| -> &'c [Ability] {
            match content.supply_cards[u as usize].kind {
                SupplyKind::Upgrade(d) => &content.upgrades[d as usize].abilities,
                _ => &[],
            }
        };
        let all_gear = p
            .crew
            .iter()
            .flat_map(|m| m.gear.iter().copied())
            .chain(p.spare_gear.iter());
        // The cards `Firefly::use_actions` walks: hired crew, Gear, Ship Upgrades.
        let hired = p
            .crew
            .iter()
            .filter(|m| matches!(m.card, crate::state::CrewCard::Hired(_)))
            .map(|m| content.crew[m.def as usize].abilities.as_slice());
        let usable = hired
            .chain(all_gear.clone().map(gear))
            .chain(p.upgrades.iter().map(|&u| upgrade(u)))
            .flatten()
            .any(|a| matches!(a, Ability::Use { .. }));
        let gambling = all_gear.flat_map(gear).any(|a| {
            matches!(
                a,
                Ability::GambleFiftyFifty { .. }
                    | Ability::GamblePerPip { .. }
                    | Ability::GambleOnMatchingSuits { .. }
                    | Ability::GambleNamedSuit { .. }
            )
        });
        // The ship's abilities, as `Firefly::ship_abilities` lists them: the drive core, the
        // upgrades, the ship card's own.
        let core = match p.drive_core {
            DriveCoreCard::Starting(u) => &content.upgrades[u as usize],
            DriveCoreCard::Card(s) => match content.supply_cards[s as usize].kind {
                SupplyKind::Upgrade(u) => &content.upgrades[u as usize],
                _ => unreachable!("a drive core is an upgrade card"),
            },
        };
        let ship = core
            .abilities
            .iter()
            .chain(p.upgrades.iter().flat_map(|&u| upgrade(u)))
            .chain(content.ships[p.ship as usize].abilities.iter());
        let hull = &content.ships[p.ship as usize];
        let (mut max_crew, mut hold, mut stash) =
            (hull.max_crew as u16, hull.hold as u16, hull.stash as u16);
        let (mut no_fuel, mut ignores_heavy_load, mut long_range_scanner) = (false, false, false);
        // The largest figure any ability gives, an ability without one counting 1.
        let mut mosey_range: Option<u8> = None;
        for a in ship.clone() {
            let mosey = match a {
                Ability::MoseyRange { sectors } => *sectors,
                _ => 1,
            };
            mosey_range = Some(mosey_range.map_or(mosey, |m| m.max(mosey)));
            match a {
                Ability::NoFuelToBurn => no_fuel = true,
                Ability::IgnoreHeavyLoad => ignores_heavy_load = true,
                Ability::LongRangeScanner => long_range_scanner = true,
                Ability::ExtraCrew { amount } => max_crew = max_crew.saturating_add(*amount as u16),
                Ability::ExtraHold { amount } => hold = hold.saturating_add(*amount as u16),
                Ability::ExtraStash { amount } => stash = stash.saturating_add(*amount as u16),
                _ => {}
            }
        }
        // The crew's cards and the Gear they carry (`Firefly::crew_abilities`).
        let crew = p.crew.iter().flat_map(|m| {
            (content.crew[m.def as usize].abilities.iter())
                .chain(m.gear.iter().flat_map(|&g| gear(g).iter()))
        });
        let (mut hire_free, mut half_price_upgrades) = (false, false);
        let (mut half_price_gear, mut may_not_hire) = (KeywordSet::default(), 0u16);
        for a in crew.clone() {
            match a {
                Ability::HireFree => hire_free = true,
                Ability::HalfPrice {
                    what: HalfPriceOn::ShipUpgrades,
                } => half_price_upgrades = true,
                Ability::HalfPrice {
                    what: HalfPriceOn::GearWith(set),
                } => half_price_gear.0 |= set.0,
                Ability::MayNotHire { profession } => may_not_hire |= 1 << *profession as u16,
                _ => {}
            }
        }
        // The sums as `Firefly::burn_range` made them when it walked the cards.
        let range_bonus = |a: &Ability| match a {
            Ability::RangeBonus { amount } => *amount,
            _ => 0,
        };
        let ship_bonus: u8 = ship.clone().map(range_bonus).sum();
        let crew_bonus: u8 = crew.map(range_bonus).sum();
        let loss = if ship
            .clone()
            .any(|a| matches!(a, Ability::RangeLossPerUpgrade))
        {
            p.upgrades.len().min(u8::MAX as usize) as u8
        } else {
            0
        };
        let core_range = core.drive_core.map_or(0, |d| d.range);
        CardPowers {
            burn_range: (core_range + ship_bonus + crew_bonus).saturating_sub(loss),
            hire_free,
            half_price_upgrades,
            half_price_gear,
            may_not_hire,
            usable,
            gambling,
            burn_fuel: if no_fuel {
                0
            } else {
                core.drive_core.map_or(1, |d| d.fuel_per_burn)
            },
            ignores_heavy_load,
            long_range_scanner,
            mosey_range: mosey_range.unwrap_or(1),
            max_crew,
            hold,
            stash,
        }
    }
}
