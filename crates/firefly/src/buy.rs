//! Buy (FF-BUY): consider 3, buy 2, Fuel and Parts, Shore Leave; hiring crew and fitting
//! ship upgrades and drive cores.

use tabletop_core::Seat;

use crate::action::Action;
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
        if self.players[seat as usize].card_powers.hire_free {
            0
        } else {
            self.content.crew[crew as usize].cost
        }
    }

    /// The price `seat` pays for a Supply card (FF-BUY-4), after Leader discounts: Nandi hires
    /// for free, Marco pays half for gear with his keywords (FF-BUY-16), Corbin half for ship
    /// upgrades and drive cores.
    pub fn price(&self, seat: Seat, card: SupplyCardId) -> u32 {
        let c = self.content;
        let p = &self.players[seat as usize];
        let (base, half) = match c.supply_cards[card as usize].kind {
            SupplyKind::Crew(d) => (self.hire_cost(seat, d), false),
            SupplyKind::Gear(d) => {
                let g = &c.gear[d as usize];
                let set = p.card_powers.half_price_gear;
                (g.cost, g.keywords.iter().any(|k| set.contains(*k)))
            }
            SupplyKind::Upgrade(d) => (
                c.upgrades[d as usize].cost.unwrap_or(0),
                p.card_powers.half_price_upgrades,
            ),
        };
        if half {
            base / 2
        } else {
            base
        }
    }

    /// Whether `p` may hire this crew member at all: Atherton hires no Companions
    /// (`MayNotHire`).
    pub fn may_hire(&self, p: &Player, crew: CrewDefId) -> bool {
        let barred = p.card_powers.may_not_hire;
        barred == 0
            || !(self.content.crew[crew as usize].professions.iter())
                .any(|&prof| barred & (1 << prof as u16) != 0)
    }

    /// Whether the card can be taken aboard now (crew maximum, upgrade slots, who may be hired).
    pub fn can_acquire(&self, seat: Seat, card: SupplyCardId) -> bool {
        let p = &self.players[seat as usize];
        match self.content.supply_cards[card as usize].kind {
            SupplyKind::Crew(d) => p.crew.len() < self.max_crew(p) && self.may_hire(p, d),
            SupplyKind::Gear(_) => true,
            SupplyKind::Upgrade(_) => self.can_fit_upgrade(p, card),
        }
    }

    /// FF-BUY-11, FF-BUY-13: an upgrade needs a free slot; a drive core replaces the old one.
    pub fn can_fit_upgrade(&self, p: &Player, card: SupplyCardId) -> bool {
        match self.content.supply_cards[card as usize].kind {
            // A unique Drive Core (the Pirates & Bounty Hunters ships') is never replaced.
            SupplyKind::Upgrade(u) if self.content.upgrades[u as usize].drive_core.is_some() => {
                !self
                    .drive_core_def(p)
                    .abilities
                    .iter()
                    .any(|a| matches!(a, Ability::IrreplaceableDriveCore))
            }
            SupplyKind::Upgrade(_) => p.upgrades.len() < self.upgrade_slots(p),
            _ => false,
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
