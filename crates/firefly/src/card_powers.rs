//! What a captain's cards can do that the legal actions ask about at every step (issue 11):
//! whether any card has a `Use` ability, whether any Gear gambles, and what a Full Burn costs
//! the ship's drive core and upgrades. Walking every card's abilities for these on every step
//! was a fifth of listing the Actions phase; they change only when the cards change, so a
//! captain keeps them ([`Player::card_powers`]) beside the reputation their cards give, and
//! both are worked out again by [`Player::refresh_cards`] wherever the cards change.
//! `invariants::check` compares them with a fresh walk after every step of the property tests.

use crate::content::*;
use crate::state::{DriveCoreCard, Firefly, Player};

/// The kept summary of a captain's cards (see the module's comment).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardPowers {
    /// Some card may be used on the captain's turn: a `Use` ability on a hired crew member, on
    /// Gear carried or set aside, or on a Ship Upgrade (`Firefly::use_actions`).
    pub usable: bool,
    /// Some Gear, carried or set aside, gambles (Maque Tiles, Billiards Betting …).
    pub gambling: bool,
    /// Some Gear is carried or set aside: there is Gear to move (FF-CREW-21,
    /// `Firefly::equip_actions`, asked at every step of the Actions phase).
    pub holds_gear: bool,
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
    /// A Reaver-Flage (`EnterCutterSectors`): the ship may fly into a Cutter's sector.
    pub enters_cutter_sectors: bool,
    /// A Modded Fuel Catalyzer (`CatalyzedBurn`) among the drive core card and upgrades
    /// (`Firefly::catalyzer` finds it).
    pub catalyzer: bool,
    /// A drive core or upgrade that ignores all Breakdowns (`Firefly::ignores_breakdowns`,
    /// asked at every Nav card drawn).
    pub ignores_breakdowns: bool,
    /// An Emissions Recycler (`FuelAfterNavCards`) among the drive core card and upgrades: Nav
    /// cards drawn in a Full Burn are counted (`Firefly::count_nav_run`).
    pub counts_nav_runs: bool,
    /// Some crew member holds a Disgruntled token (FF-CREW-8): the Actions listing asks it at
    /// every step (crew who cheer others up). A token's change keeps it through
    /// [`Player::refresh_disgruntled`].
    pub disgruntled: bool,
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
    /// What the crew's cards and their Gear add to Make-Work's $200 (`MakeWorkBonus`, a Busker:
    /// FF-WORK-27).
    pub make_work_bonus: u32,
}

/// What one card's abilities add to its holder's [`CardPowers`] and Solid reputation, worked out
/// once on load (issue 11): a refresh then combines a part per card instead of walking every
/// card's abilities. Which parts count depends on where the card is (see [`CardPowers::kept`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardPart {
    /// The Contacts its holder counts as Solid with (FF-REP-5), a bit per `ContactName::index`.
    pub solid: u16,
    /// A `Use` ability.
    pub usable: bool,
    /// A gambling ability (Maque Tiles, Billiards Betting …).
    pub gambling: bool,
    /// As one of the ship's cards (drive core, upgrade, ship card):
    /// burns no Fuel on a Full Burn,
    pub no_fuel: bool,
    pub ignores_heavy_load: bool,
    pub long_range_scanner: bool,
    pub enters_cutter_sectors: bool,
    pub catalyzer: bool,
    pub ignores_breakdowns: bool,
    pub counts_nav_runs: bool,
    /// loses a sector of Full Burn range per upgrade (the Interceptor),
    pub range_loss_per_upgrade: bool,
    /// the largest Mosey figure of its abilities, an ability without one counting 1 (`None`
    /// without abilities),
    pub mosey: Option<u8>,
    /// and the crew, Hold and Stash it adds.
    pub extra_crew: u16,
    pub extra_hold: u16,
    pub extra_stash: u16,
    /// Full Burn range it adds, as a ship's card or as crew (Wash) and the Gear they carry.
    pub range_bonus: u8,
    /// As crew or carried Gear: what it says about buying (see the fields of [`CardPowers`]).
    pub hire_free: bool,
    pub half_price_upgrades: bool,
    pub half_price_gear: KeywordSet,
    pub may_not_hire: u16,
    pub make_work_bonus: u32,
}

impl CardPart {
    pub fn of(abilities: &[Ability]) -> CardPart {
        let mut part = CardPart::default();
        for a in abilities {
            let mosey = match a {
                Ability::MoseyRange { sectors } => *sectors,
                _ => 1,
            };
            part.mosey = Some(part.mosey.map_or(mosey, |m| m.max(mosey)));
            match a {
                Ability::CountsAsSolid { contact } => part.solid |= 1 << contact.index(),
                Ability::Use { .. } => part.usable = true,
                Ability::GambleFiftyFifty { .. }
                | Ability::GamblePerPip { .. }
                | Ability::GambleOnMatchingSuits { .. }
                | Ability::GambleNamedSuit { .. } => part.gambling = true,
                Ability::NoFuelToBurn => part.no_fuel = true,
                Ability::IgnoreHeavyLoad => part.ignores_heavy_load = true,
                Ability::LongRangeScanner => part.long_range_scanner = true,
                Ability::EnterCutterSectors => part.enters_cutter_sectors = true,
                Ability::CatalyzedBurn { .. } => part.catalyzer = true,
                Ability::IgnoreBreakdowns => part.ignores_breakdowns = true,
                Ability::FuelAfterNavCards { .. } => part.counts_nav_runs = true,
                Ability::RangeLossPerUpgrade => part.range_loss_per_upgrade = true,
                Ability::ExtraCrew { amount } => {
                    part.extra_crew = part.extra_crew.saturating_add(*amount as u16)
                }
                Ability::ExtraHold { amount } => {
                    part.extra_hold = part.extra_hold.saturating_add(*amount as u16)
                }
                Ability::ExtraStash { amount } => {
                    part.extra_stash = part.extra_stash.saturating_add(*amount as u16)
                }
                Ability::RangeBonus { amount } => {
                    part.range_bonus = part.range_bonus.saturating_add(*amount)
                }
                Ability::HireFree => part.hire_free = true,
                Ability::HalfPrice {
                    what: HalfPriceOn::ShipUpgrades,
                } => part.half_price_upgrades = true,
                Ability::HalfPrice {
                    what: HalfPriceOn::GearWith(set),
                } => part.half_price_gear.0 |= set.0,
                Ability::MayNotHire { profession } => part.may_not_hire |= 1 << *profession as u16,
                Ability::MakeWorkBonus { amount } => {
                    part.make_work_bonus = part.make_work_bonus.saturating_add(*amount)
                }
                _ => {}
            }
        }
        part
    }
}

/// The [`CardPart`] of every crew, Gear, upgrade (drive cores too) and ship definition.
#[derive(Debug, Default)]
pub struct CardParts {
    pub crew: Vec<CardPart>,
    pub gear: Vec<CardPart>,
    pub upgrades: Vec<CardPart>,
    pub ships: Vec<CardPart>,
}

impl CardParts {
    pub fn build(crew: &[Crew], gear: &[Gear], upgrades: &[ShipUpgrade], ships: &[Ship]) -> Self {
        CardParts {
            crew: crew.iter().map(|d| CardPart::of(&d.abilities)).collect(),
            gear: gear.iter().map(|d| CardPart::of(&d.abilities)).collect(),
            upgrades: upgrades
                .iter()
                .map(|d| CardPart::of(&d.abilities))
                .collect(),
            ships: ships.iter().map(|d| CardPart::of(&d.abilities)).collect(),
        }
    }

    /// The part of a Gear or upgrade card (a crew card's too: the Solid reputation reads any).
    fn card(&self, content: &Content, c: SupplyCardId) -> &CardPart {
        match content.supply_cards[c as usize].kind {
            SupplyKind::Crew(d) => &self.crew[d as usize],
            SupplyKind::Gear(d) => &self.gear[d as usize],
            SupplyKind::Upgrade(d) => &self.upgrades[d as usize],
        }
    }
}

impl CardPowers {
    /// The captain's Solid reputation from their cards (crew, carried Gear, ship, drive core,
    /// upgrades; FF-REP-5) and their powers, combined from the content's [`CardParts`]: what
    /// [`Player::refresh_cards`] keeps.
    pub fn kept(content: &Content, p: &Player) -> (u16, CardPowers) {
        let parts = &content.card_parts;
        let core_def = match p.drive_core {
            DriveCoreCard::Starting(u) => u,
            DriveCoreCard::Card(s) => match content.supply_cards[s as usize].kind {
                SupplyKind::Upgrade(u) => u,
                _ => unreachable!("a drive core is an upgrade card"),
            },
        };
        let hull = &content.ships[p.ship as usize];
        let mut k = CardPowers {
            max_crew: hull.max_crew as u16,
            hold: hull.hold as u16,
            stash: hull.stash as u16,
            ..CardPowers::default()
        };
        let (mut solid, mut mosey, mut no_fuel, mut loss) = (0u16, None::<u8>, false, false);
        let (mut ship_bonus, mut crew_bonus) = (0u8, 0u8);
        // The ship's cards, as `Firefly::ship_abilities` lists them: the drive core, the
        // upgrades (which may also be used), the ship card's own.
        // A starting drive core is no card (`Firefly::ship_card_with`): it never catalyzes,
        // nor counts Nav cards.
        let core_part = &parts.upgrades[core_def as usize];
        let core_card = matches!(p.drive_core, DriveCoreCard::Card(_));
        k.catalyzer = core_card && core_part.catalyzer;
        k.counts_nav_runs = core_card && core_part.counts_nav_runs;
        let upgrades = p.upgrades.iter().map(|&u| {
            let part = parts.card(content, u);
            k.usable |= part.usable;
            k.catalyzer |= part.catalyzer;
            k.counts_nav_runs |= part.counts_nav_runs;
            part
        });
        let ship = std::iter::once(core_part)
            .chain(upgrades)
            .chain(std::iter::once(&parts.ships[p.ship as usize]));
        for part in ship {
            solid |= part.solid;
            if let Some(m) = part.mosey {
                mosey = Some(mosey.map_or(m, |x| x.max(m)));
            }
            no_fuel |= part.no_fuel;
            k.ignores_heavy_load |= part.ignores_heavy_load;
            k.long_range_scanner |= part.long_range_scanner;
            k.enters_cutter_sectors |= part.enters_cutter_sectors;
            k.ignores_breakdowns |= part.ignores_breakdowns;
            loss |= part.range_loss_per_upgrade;
            k.max_crew = k.max_crew.saturating_add(part.extra_crew);
            k.hold = k.hold.saturating_add(part.extra_hold);
            k.stash = k.stash.saturating_add(part.extra_stash);
            ship_bonus = ship_bonus.saturating_add(part.range_bonus);
        }
        // The crew's cards and the Gear they carry (`Firefly::crew_abilities`); a Leader's
        // card is not used (`Firefly::use_actions` walks hired crew).
        let mut as_crew = |part: &CardPart| {
            solid |= part.solid;
            k.hire_free |= part.hire_free;
            k.half_price_upgrades |= part.half_price_upgrades;
            k.half_price_gear.0 |= part.half_price_gear.0;
            k.may_not_hire |= part.may_not_hire;
            k.make_work_bonus = k.make_work_bonus.saturating_add(part.make_work_bonus);
            crew_bonus = crew_bonus.saturating_add(part.range_bonus);
        };
        for m in &p.crew {
            k.disgruntled |= m.disgruntled;
            let part = &parts.crew[m.def as usize];
            as_crew(part);
            k.usable |= part.usable && matches!(m.card, crate::state::CrewCard::Hired(_));
            for &g in &m.gear {
                let part = parts.card(content, g);
                as_crew(part);
                k.usable |= part.usable;
                k.gambling |= part.gambling;
                k.holds_gear = true;
            }
        }
        // Gear set aside may be used and gambles, but gives nothing else.
        for g in &p.spare_gear {
            let part = parts.card(content, g);
            k.usable |= part.usable;
            k.gambling |= part.gambling;
            k.holds_gear = true;
        }
        let core = content.upgrades[core_def as usize].drive_core;
        let loss = if loss {
            p.upgrades.len().min(u8::MAX as usize) as u8
        } else {
            0
        };
        // Saturating: a content file may print any figures (the sums of the printed cards are
        // far below 255).
        k.burn_range = (core.map_or(0, |d| d.range))
            .saturating_add(ship_bonus)
            .saturating_add(crew_bonus)
            .saturating_sub(loss);
        k.burn_fuel = if no_fuel {
            0
        } else {
            core.map_or(1, |d| d.fuel_per_burn)
        };
        k.mosey_range = mosey.unwrap_or(1);
        (solid, k)
    }

    /// The same powers found by walking every ability of the captain's cards through the
    /// engine's own lists of them (`Firefly::ship_abilities`, `Firefly::crew_abilities`, the
    /// cards `Firefly::use_actions` walks): what `invariants::check` compares the kept record
    /// with after every step of the property tests.
    pub fn walk(g: &Firefly, p: &Player) -> CardPowers {
        let mut usable = false;
        let mut gambling = false;
        let mut holds_gear = false;
        g.for_each_card_abilities(p, |_, abilities| {
            usable |= abilities.iter().any(|a| matches!(a, Ability::Use { .. }));
        });
        let gear = (p.crew.iter().flat_map(|m| m.gear.iter().copied())).chain(p.spare_gear.iter());
        for c in gear {
            holds_gear = true;
            gambling |= g.gear_def(c).abilities.iter().any(|a| {
                matches!(
                    a,
                    Ability::GambleFiftyFifty { .. }
                        | Ability::GamblePerPip { .. }
                        | Ability::GambleOnMatchingSuits { .. }
                        | Ability::GambleNamedSuit { .. }
                )
            });
        }
        let hull = &g.content.ships[p.ship as usize];
        let (mut max_crew, mut hold, mut stash) =
            (hull.max_crew as u16, hull.hold as u16, hull.stash as u16);
        let (mut no_fuel, mut ignores_heavy_load, mut long_range_scanner) = (false, false, false);
        let (mut loss, mut ship_bonus, mut mosey_range) = (false, 0u8, None::<u8>);
        let (mut enters_cutter_sectors, mut ignores_breakdowns) = (false, false);
        for a in g.ship_abilities(p) {
            let mosey = match a {
                Ability::MoseyRange { sectors } => *sectors,
                _ => 1,
            };
            mosey_range = Some(mosey_range.map_or(mosey, |m| m.max(mosey)));
            match a {
                Ability::NoFuelToBurn => no_fuel = true,
                Ability::IgnoreHeavyLoad => ignores_heavy_load = true,
                Ability::LongRangeScanner => long_range_scanner = true,
                Ability::RangeLossPerUpgrade => loss = true,
                Ability::EnterCutterSectors => enters_cutter_sectors = true,
                Ability::IgnoreBreakdowns => ignores_breakdowns = true,
                Ability::RangeBonus { amount } => ship_bonus = ship_bonus.saturating_add(*amount),
                Ability::ExtraCrew { amount } => max_crew = max_crew.saturating_add(*amount as u16),
                Ability::ExtraHold { amount } => hold = hold.saturating_add(*amount as u16),
                Ability::ExtraStash { amount } => stash = stash.saturating_add(*amount as u16),
                _ => {}
            }
        }
        let (mut hire_free, mut half_price_upgrades, mut crew_bonus) = (false, false, 0u8);
        let (mut half_price_gear, mut may_not_hire) = (KeywordSet::default(), 0u16);
        let mut make_work_bonus = 0u32;
        for a in g.crew_abilities(p) {
            match a {
                Ability::HireFree => hire_free = true,
                Ability::HalfPrice {
                    what: HalfPriceOn::ShipUpgrades,
                } => half_price_upgrades = true,
                Ability::HalfPrice {
                    what: HalfPriceOn::GearWith(set),
                } => half_price_gear.0 |= set.0,
                Ability::MayNotHire { profession } => may_not_hire |= 1 << *profession as u16,
                Ability::MakeWorkBonus { amount } => {
                    make_work_bonus = make_work_bonus.saturating_add(*amount)
                }
                Ability::RangeBonus { amount } => crew_bonus = crew_bonus.saturating_add(*amount),
                _ => {}
            }
        }
        let loss = if loss {
            p.upgrades.len().min(u8::MAX as usize) as u8
        } else {
            0
        };
        let core = g.drive_core_def(p).drive_core;
        CardPowers {
            burn_range: (core.map_or(0, |d| d.range))
                .saturating_add(ship_bonus)
                .saturating_add(crew_bonus)
                .saturating_sub(loss),
            hire_free,
            half_price_upgrades,
            half_price_gear,
            may_not_hire,
            make_work_bonus,
            usable,
            gambling,
            holds_gear,
            burn_fuel: if no_fuel {
                0
            } else {
                core.map_or(1, |d| d.fuel_per_burn)
            },
            ignores_heavy_load,
            long_range_scanner,
            enters_cutter_sectors,
            catalyzer: g.catalyzer(p.seat).is_some(),
            ignores_breakdowns,
            disgruntled: p.crew.iter().any(|m| m.disgruntled),
            counts_nav_runs: g
                .ship_card_with(p.seat, |a| {
                    matches!(a, Ability::FuelAfterNavCards { .. }).then_some(())
                })
                .is_some(),
            mosey_range: mosey_range.unwrap_or(1),
            max_crew,
            hold,
            stash,
        }
    }
}
