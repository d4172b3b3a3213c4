//! Buy (FF-BUY): consider 3, buy 2, Fuel and Parts, Shore Leave; hiring crew and fitting
//! ship upgrades and drive cores.

use tabletop_core::Seat;

use crate::action::Action;
use crate::card_powers::CardPowers;
use crate::content::*;
use crate::event::Event;
use crate::state::*;

impl Firefly {
    /// The Supply deck sold in a sector (FF-BUY-1).
    pub fn supply_deck_at(&self, sector: SectorId) -> Option<DeckId> {
        self.content.sector_facts[sector as usize].supply
    }

    /// What `seat` pays to hire a crew member (FF-CREW-2), from a Supply deck or from a rival
    /// (FF-CREW-14): the printed hire cost, or nothing with a Leader who hires for free (Nandi).
    /// Their Cut stays the printed cost (FF-WORK-18).
    pub fn hire_cost(&self, seat: Seat, crew: CrewDefId) -> u32 {
        // The crew's abilities are kept with the captain (`crate::card_powers`): the bots ask
        // prices for every card they value.
        hire_price(
            self.content.crew[crew as usize].cost,
            &self.players[seat as usize].card_powers,
        )
    }

    /// The price `seat` pays for a Supply card (FF-BUY-4), after Leader discounts: Nandi hires
    /// for free, Marco pays half for gear with his keywords (FF-BUY-16), Corbin half for ship
    /// upgrades and drive cores. ([`SupplyRules::price`] of the card's flat record.)
    pub fn price(&self, seat: Seat, card: SupplyCardId) -> u32 {
        let p = &self.players[seat as usize];
        self.content.supply_rules[card as usize].price(&p.card_powers)
    }

    /// Whether `p` may hire this crew member at all: Atherton hires no Companions
    /// (`MayNotHire`).
    pub fn may_hire(&self, p: &Player, crew: CrewDefId) -> bool {
        let barred = p.card_powers.may_not_hire;
        barred == 0 || professions_mask(&self.content.crew[crew as usize].professions) & barred == 0
    }

    /// Whether the card can be taken aboard now (crew maximum, upgrade slots, who may be hired).
    /// ([`SupplyRules::can_acquire`] of the card's flat record and the captain's [`Room`].)
    pub fn can_acquire(&self, seat: Seat, card: SupplyCardId) -> bool {
        let p = &self.players[seat as usize];
        self.content.supply_rules[card as usize].can_acquire(&self.room(p))
    }

    /// FF-BUY-11, FF-BUY-13: an upgrade needs a free slot; a drive core replaces the old one.
    pub fn can_fit_upgrade(&self, p: &Player, card: SupplyCardId) -> bool {
        let rules = &self.content.supply_rules[card as usize];
        matches!(rules, SupplyRules::Upgrade { .. }) && rules.can_acquire(&self.room(p))
    }

    /// What acquiring a Supply card reads of `p` ([`Room`]).
    pub fn room(&self, p: &Player) -> Room {
        Room {
            crew: p.crew.len() < self.max_crew(p),
            may_not_hire: p.card_powers.may_not_hire,
            upgrade: p.upgrades.len() < self.upgrade_slots(p),
            // A unique Drive Core (the Pirates & Bounty Hunters ships') is never replaced.
            core_fixed: (self.drive_core_def(p).abilities.iter())
                .any(|a| matches!(a, Ability::IrreplaceableDriveCore)),
        }
    }

    pub fn fit_upgrade(&mut self, seat: Seat, card: SupplyCardId) {
        let SupplyKind::Upgrade(u) = self.content.supply_cards[card as usize].kind else {
            unreachable!()
        };
        if self.content.upgrades[u as usize].drive_core.is_some() {
            // FF-BUY-13: the old core is discarded (a starting core goes back to the box).
            let old = std::mem::replace(
                &mut self.players[seat as usize].drive_core,
                DriveCoreCard::Card(card),
            );
            if let DriveCoreCard::Card(old) = old {
                let deck = self.content.supply_cards[old as usize].deck;
                self.decks.supply[deck as usize].discard(old);
            }
        } else {
            self.players[seat as usize].upgrades.push(card);
        }
        self.players[seat as usize].refresh_cards(self.content);
    }

    /// FF-BUY-12: discard a ship upgrade.
    pub fn discard_upgrade(&mut self, seat: Seat, card: SupplyCardId) {
        self.players[seat as usize].upgrades.retain(|&u| u != card);
        self.players[seat as usize].refresh_cards(self.content);
        let deck = self.content.supply_cards[card as usize].deck;
        self.decks.supply[deck as usize].discard(card);
    }

    /// Take a bought Supply card aboard: hire crew, set gear aside, fit an upgrade.
    pub fn acquire(&mut self, seat: Seat, card: SupplyCardId, events: &mut Vec<Event>) {
        match self.content.supply_cards[card as usize].kind {
            SupplyKind::Crew(d) => {
                // Imposters: only one may be in play; the one already there leaves the game.
                if self.content.crew[d as usize]
                    .abilities
                    .contains(&Ability::Imposter)
                {
                    self.remove_imposters(events);
                }
                self.players[seat as usize].crew.push(CrewMember {
                    card: CrewCard::Hired(card),
                    def: d,
                    gear: Default::default(),
                    disgruntled: false,
                    wanted_token: false,
                });
                self.players[seat as usize].refresh_cards(self.content);
                events.push(Event::Hired { seat, card });
            }
            SupplyKind::Gear(_) => {
                self.players[seat as usize].spare_gear.insert(card);
                self.players[seat as usize].refresh_cards(self.content);
                events.push(Event::Bought { seat, card });
            }
            SupplyKind::Upgrade(_) => {
                self.fit_upgrade(seat, card);
                events.push(Event::Bought { seat, card });
            }
        }
    }

    fn remove_imposters(&mut self, events: &mut Vec<Event>) {
        for seat in 0..self.num_players() {
            loop {
                let p = &self.players[seat as usize];
                let Some(idx) = p
                    .crew
                    .iter()
                    .position(|m| self.crew_def(m).abilities.contains(&Ability::Imposter))
                else {
                    break;
                };
                let m = self.players[seat as usize].crew.remove(idx);
                self.players[seat as usize].spare_gear.extend(m.gear);
                self.players[seat as usize].refresh_cards(self.content);
                if let CrewCard::Hired(c) = m.card {
                    self.removed.supply.insert(c);
                }
                events.push(Event::Killed { seat, crew: m.card });
            }
        }
    }

    /// FF-BUY-3: how many cards may be bought in one Buy action (2, or more with gear).
    pub fn buy_limit(&self, p: &Player) -> u8 {
        self.crew_abilities(p)
            .map(|a| match a {
                Ability::BuyCards { cards } => *cards,
                _ => 2,
            })
            .max()
            .unwrap_or(2)
    }

    /// FF-BUY-8: $100 a crew member, nothing with a Barkeep aboard (`FreeShoreLeave`).
    pub fn shore_leave_cost(&self, p: &Player) -> u32 {
        if self
            .crew_abilities(p)
            .any(|a| matches!(a, Ability::FreeShoreLeave))
        {
            0
        } else {
            100 * p.crew.len() as u32
        }
    }

    pub fn buy_actions(&self, out: &mut Vec<Action>) {
        let seat = self.actor;
        let p = &self.players[seat as usize];
        match &self.phase {
            Phase::Purchasing {
                considered,
                bought,
                max,
                ..
            } => {
                if bought < max {
                    for &c in considered {
                        if self.price(seat, c) <= p.money && self.can_acquire(seat, c) {
                            out.push(Action::BuyCard(c));
                        }
                    }
                }
                // FF-BUY-12: an upgrade may be discarded at any time, e.g. to free a slot for
                // one being bought.
                for &u in &p.upgrades {
                    out.push(Action::DiscardUpgrade(u));
                }
                // FF-CREW-5: crew may be dismissed, using no action, whenever the ship is in a
                // sector with a planet, which a Buy always is (FF-BUY-1); so also while
                // choosing what to buy, e.g. to make room under the crew maximum (FF-CREW-3)
                // for a considered crew card. Never the Leader (FF-CREW-7).
                if self.planetary(p.sector) {
                    for m in p.crew.iter().skip(1) {
                        out.push(Action::Dismiss(m.card));
                    }
                }
                out.push(Action::Done);
            }
            Phase::BuyingGoods { .. } => {
                for item in [Item::Fuel, Item::Parts] {
                    if p.money >= goods_price(item) && self.room_for(p, item) > 0 {
                        out.push(Action::Purchase(item));
                    }
                }
                out.push(Action::Done);
            }
            _ => unreachable!(),
        }
    }

    pub fn apply_buy_action(&mut self, a: Action, events: &mut Vec<Event>) {
        let seat = self.actor;
        match (&mut self.phase, a) {
            (
                Phase::Purchasing {
                    considered, bought, ..
                },
                Action::BuyCard(c),
            ) => {
                considered.retain(|&mut x| x != c);
                *bought += 1;
                let price = self.price(seat, c);
                self.pay(seat, price, events);
                self.acquire(seat, c, events);
            }
            (Phase::Purchasing { .. }, Action::DiscardUpgrade(u)) => self.discard_upgrade(seat, u),
            (Phase::Purchasing { .. }, Action::Dismiss(card)) => self.dismiss(seat, card, events),
            (
                Phase::Purchasing {
                    deck, considered, ..
                },
                Action::Done,
            ) => {
                // FF-BUY-5: cards considered and not bought go face up on the discard pile.
                let deck = *deck;
                for c in std::mem::take(considered) {
                    self.decks.supply[deck as usize].discard(c);
                }
                self.phase = Phase::BuyingGoods { deck };
            }
            (Phase::BuyingGoods { .. }, Action::Purchase(item)) => {
                self.pay(seat, goods_price(item), events);
                self.load(seat, item, 1, events);
            }
            (Phase::BuyingGoods { .. }, Action::Done) => self.phase = Phase::Actions,
            (ph, a) => unreachable!("{a:?} in {ph:?}"),
        }
    }

    /// FF-BUY-8: Shore Leave.
    pub fn shore_leave(&mut self, events: &mut Vec<Event>) {
        self.give_shore_leave(events);
        let sector = self.players[self.current as usize].sector;
        let deck = self.supply_deck_at(sector).unwrap();
        self.phase = Phase::BuyingGoods { deck };
    }

    /// FF-BUY-8's Shore Leave itself: paid for, and no crew member stays Disgruntled (also
    /// given anywhere with a Board Game Collection, `Effect::ShoreLeave`).
    pub fn give_shore_leave(&mut self, events: &mut Vec<Event>) {
        let seat = self.current;
        let cost = self.shore_leave_cost(&self.players[seat as usize]);
        self.pay(seat, cost, events);
        let p = &mut self.players[seat as usize];
        for m in &mut p.crew {
            if m.disgruntled {
                m.disgruntled = false;
                events.push(Event::Undisgruntled { seat, crew: m.card });
            }
        }
        p.refresh_disgruntled();
    }
}

/// FF-BUY-7: the price of 1 Fuel ($100) or 1 Parts ($300) at a Supply planet.
pub fn goods_price(item: Item) -> u32 {
    if item == Item::Fuel {
        100
    } else {
        300
    }
}

/// What the rules of buying read of a Supply card (FF-BUY-4, FF-BUY-11, FF-BUY-13, FF-BUY-16,
/// FF-CREW-3), one flat record per card worked out on load (`Content::supply_rules`): a price
/// and whether the card may come aboard are asked of every card of every pile a bot values
/// (issue 11), and the card's definition is read once, here, not at every ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SupplyRules {
    /// A crew card: its hire cost (FF-CREW-2) and professions, a bit per `Profession as u16`.
    Crew { cost: u32, professions: u16 },
    /// A Gear card: its cost and keywords.
    Gear { cost: u32, keywords: KeywordSet },
    /// A Ship Upgrade, or a Drive Core (which replaces the ship's, FF-BUY-13).
    Upgrade { cost: u32, drive_core: bool },
}

impl SupplyRules {
    /// The record of `card`, from the definitions it names (checked on load).
    pub fn of(
        crew: &[Crew],
        gear: &[Gear],
        upgrades: &[ShipUpgrade],
        card: &SupplyCard,
    ) -> SupplyRules {
        match card.kind {
            SupplyKind::Crew(d) => {
                let def = &crew[d as usize];
                SupplyRules::Crew {
                    cost: def.cost,
                    professions: professions_mask(&def.professions),
                }
            }
            SupplyKind::Gear(d) => {
                let mut keywords = KeywordSet::default();
                for &k in &gear[d as usize].keywords {
                    keywords.insert(k);
                }
                SupplyRules::Gear {
                    cost: gear[d as usize].cost,
                    keywords,
                }
            }
            SupplyKind::Upgrade(u) => {
                let def = &upgrades[u as usize];
                SupplyRules::Upgrade {
                    cost: def.cost.unwrap_or(0),
                    drive_core: def.drive_core.is_some(),
                }
            }
        }
    }

    /// FF-BUY-4, FF-BUY-16: what a captain with these card powers pays: nothing for crew with
    /// a Leader who hires free (Nandi), half for Gear with a keyword the crew pays half for
    /// (Marco) and for upgrades and drive cores with one who pays half for them (Corbin).
    #[inline]
    pub fn price(&self, powers: &CardPowers) -> u32 {
        let (cost, half) = match *self {
            SupplyRules::Crew { cost, .. } => return hire_price(cost, powers),
            SupplyRules::Gear { cost, keywords } => {
                (cost, keywords.0 & powers.half_price_gear.0 != 0)
            }
            SupplyRules::Upgrade { cost, .. } => (cost, powers.half_price_upgrades),
        };
        if half {
            cost / 2
        } else {
            cost
        }
    }

    /// Whether a captain with this [`Room`] may take the card aboard now: crew within the
    /// maximum (FF-CREW-3) and of a profession they may hire, an upgrade in a free slot
    /// (FF-BUY-11), a drive core unless the ship's may not be replaced (FF-BUY-13); Gear always.
    #[inline]
    pub fn can_acquire(&self, room: &Room) -> bool {
        match *self {
            SupplyRules::Crew { professions, .. } => {
                room.crew && professions & room.may_not_hire == 0
            }
            SupplyRules::Gear { .. } => true,
            SupplyRules::Upgrade {
                drive_core: true, ..
            } => !room.core_fixed,
            SupplyRules::Upgrade { .. } => room.upgrade,
        }
    }
}

/// FF-BUY-4: what hiring a crew member of this cost costs a captain with these card powers:
/// nothing with a Leader who hires free (Nandi).
#[inline]
fn hire_price(cost: u32, powers: &CardPowers) -> u32 {
    if powers.hire_free {
        0
    } else {
        cost
    }
}

/// Professions as bits, by `Profession as u16`: as `CardPowers::may_not_hire` holds those the
/// captain may not hire.
fn professions_mask(professions: &[Profession]) -> u16 {
    professions.iter().fold(0, |b, &x| b | 1 << x as u16)
}

/// What acquiring a Supply card reads of a captain ([`Firefly::room`]): worked out once, asked
/// of many cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Room {
    /// Room for one more crew member (FF-CREW-3).
    pub crew: bool,
    /// The professions the captain may not hire (`CardPowers::may_not_hire`).
    pub may_not_hire: u16,
    /// A free upgrade slot (FF-BUY-11).
    pub upgrade: bool,
    /// The ship's drive core may not be replaced (`Ability::IrreplaceableDriveCore`).
    pub core_fixed: bool,
}
