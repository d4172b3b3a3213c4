//! The ship: storage (FF-COMP-13, FF-MISC-2/3), drive core and upgrades (FF-BUY-11..15),
//! and whether it is an Outlaw Ship (FF-FLY-14).

use crate::content::*;
use crate::state::*;

impl Firefly {
    /// Abilities of the player's drive core and ship upgrades.
    pub fn ship_abilities<'a>(
        &'a self,
        p: &'a Player,
    ) -> impl Iterator<Item = &'static Ability> + 'a {
        let c = self.content;
        let core = match p.drive_core {
            DriveCoreCard::Starting(u) => u,
            DriveCoreCard::Card(s) => match c.supply_cards[s as usize].kind {
                SupplyKind::Upgrade(u) => u,
                _ => unreachable!("a drive core is an upgrade card"),
            },
        };
        std::iter::once(core)
            .chain(
                p.upgrades
                    .iter()
                    .map(move |&s| match c.supply_cards[s as usize].kind {
                        SupplyKind::Upgrade(u) => u,
                        _ => unreachable!("ship upgrades are upgrade cards"),
                    }),
            )
            .flat_map(move |u| c.upgrades[u as usize].abilities.iter())
            // The ship card's own rules (the Interceptor, the S.S. Walden).
            .chain(c.ships[p.ship as usize].abilities.iter())
    }

    pub fn drive_core_def(&self, p: &Player) -> &'static ShipUpgrade {
        let c = self.content;
        match p.drive_core {
            DriveCoreCard::Starting(u) => &c.upgrades[u as usize],
            DriveCoreCard::Card(s) => match c.supply_cards[s as usize].kind {
                SupplyKind::Upgrade(u) => &c.upgrades[u as usize],
                _ => unreachable!(),
            },
        }
    }

    /// FF-BUY-14, FF-FLY-4: sectors one Full Burn may enter (drive core + bonuses).
    /// (Kept with the captain's cards: `crate::card_powers`.)
    pub fn burn_range(&self, p: &Player) -> u8 {
        p.card_powers.burn_range
    }

    /// FF-FLY-2: Fuel to start a Full Burn.
    /// Kept with the captain's cards (`crate::card_powers`): asked at every step.
    pub fn burn_fuel(&self, p: &Player) -> u8 {
        p.card_powers.burn_fuel
    }

    /// FF-FLY-5: sectors a Mosey may move (1, or more with some upgrades; kept with the
    /// captain's cards: `crate::card_powers`).
    pub fn mosey_range(&self, p: &Player) -> u8 {
        p.card_powers.mosey_range
    }

    /// A drive core or upgrade that ignores all Breakdowns (kept with the captain's cards:
    /// `crate::card_powers`).
    pub fn ignores_breakdowns(&self, p: &Player) -> bool {
        p.card_powers.ignores_breakdowns
    }

    /// FF-COMP-15, FF-CREW-3: the crew maximum (kept with the captain's cards:
    /// `crate::card_powers`).
    pub fn max_crew(&self, p: &Player) -> usize {
        p.card_powers.max_crew as usize
    }

    /// FF-COMP-14, FF-BUY-11.
    pub fn upgrade_slots(&self, p: &Player) -> usize {
        self.content.ships[p.ship as usize].upgrade_slots as usize
    }

    /// Boxes of Hold and of Stash (kept with the captain's cards: `crate::card_powers`).
    pub fn storage_boxes(&self, p: &Player) -> (u32, u32) {
        (p.card_powers.hold as u32, p.card_powers.stash as u32)
    }

    /// Storage used and available, in half boxes (FF-MISC-2: Fuel and Parts take half a box).
    pub fn storage_used_half(p: &Player) -> u32 {
        Item::ALL
            .iter()
            .map(|&i| p.item(i) as u32 * i.half_boxes())
            .sum()
    }

    pub fn storage_free_half(&self, p: &Player) -> u32 {
        let (h, s) = self.storage_boxes(p);
        (2 * (h + s)).saturating_sub(Self::storage_used_half(p))
    }

    /// How many of an item still fit aboard (FF-MISC-3).
    pub fn room_for(&self, p: &Player, item: Item) -> u32 {
        self.storage_free_half(p) / item.half_boxes()
    }

    /// FF-FLY-14: an Outlaw Ship has a Warrant, Contraband, Fugitives or Wanted crew aboard.
    pub fn is_outlaw(&self, p: &Player) -> bool {
        p.warrants > 0
            || p.item(Item::Contraband) > 0
            || p.item(Item::Fugitives) > 0
            || p.crew.iter().any(|m| self.is_wanted(m))
    }

    /// How many Contraband and Fugitives the Stash shelters. Goods may be moved between Hold
    /// and Stash at will, so the engine packs Contraband and Fugitives into the Stash first
    /// (never worse for the player) — see NOTES.md.
    pub fn stashed(&self, p: &Player) -> (u8, u8) {
        let (_, stash) = self.storage_boxes(p);
        let contraband = (p.item(Item::Contraband) as u32).min(stash);
        let fugitives = (p.item(Item::Fugitives) as u32).min(stash - contraband);
        (contraband as u8, fugitives as u8)
    }
}
