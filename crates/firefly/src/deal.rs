//! Deal (FF-DEAL): consider 3, accept 2, the hand limit, and selling to Solid Contacts; plus
//! the "consider" step shared with Buy (FF-BUY-3, FF-DEAL-2).

use crate::action::Action;
use crate::content::*;
use crate::event::Event;
use crate::state::*;

/// FF-DEAL-5: inactive jobs a player may hold.
pub const HAND_LIMIT: usize = 3;
/// FF-DEAL-7: active jobs a player may have.
pub const ACTIVE_LIMIT: usize = 3;

impl Firefly {
    /// What a Solid player pays a Contact for one item during a Deal (Harken's Fuel, Lord
    /// Harrow's Cargo, Fanty & Mingo's Contraband); 0 for what they do not sell.
    pub fn contact_price(&self, contact: ContactName, item: Item) -> u32 {
        let def = self.content.contact(contact);
        match item {
            Item::Fuel => def.and_then(|d| d.sells_fuel),
            Item::Cargo => def.and_then(|d| d.sells_cargo),
            Item::Contraband => def.and_then(|d| d.sells_contraband),
            _ => None,
        }
        .unwrap_or(0)
    }

    /// FF-DEAL-5, FF-BS-29: the cards `p` may hold in hand: 3, plus what Solid Contacts add
    /// (Mr. Universe: 5). Big Damn Challenge cards count toward it like jobs (FF-BS-23).
    pub fn hand_limit(&self, p: &Player) -> usize {
        HAND_LIMIT + self.solid_extras(p, |k| k.extra_hand_cards)
    }

    /// Whether `p` holds more cards than [`Self::hand_limit`]: never with 3 or fewer, the
    /// least limit (asked after every step of the Actions phase; the Contacts are walked only
    /// for a larger hand).
    #[inline]
    pub fn over_hand_limit(&self, p: &Player) -> bool {
        p.hand.len() > HAND_LIMIT && p.hand.len() > self.hand_limit(p)
    }

    /// FF-DEAL-7, FF-KAL-20: the Active-job limit of `p`: 3, plus what Solid Contacts add
    /// (Magistrate Higgins: 4).
    pub fn active_limit(&self, p: &Player) -> usize {
        ACTIVE_LIMIT + self.solid_extras(p, |k| k.extra_active_jobs)
    }

    /// The sum of `extra` over the Contacts `p` counts as Solid with.
    fn solid_extras(&self, p: &Player, extra: impl Fn(&Contact) -> u8) -> usize {
        let solid = self.counts_as_solid_mask(p);
        if solid == 0 {
            return 0;
        }
        (self.content.contacts.iter())
            .filter(|k| solid & (1 << k.contact.index()) != 0)
            .map(|k| extra(k) as usize)
            .sum()
    }
}

impl Firefly {
    /// The Contact dealt with in a sector (FF-DEAL-1).
    pub fn contact_at(&self, sector: SectorId) -> Option<ContactName> {
        self.contact_in_play(&self.content.sector_facts[sector as usize])
    }

    /// The Contact of a sector's facts, if its product is in play (Higgins' tile lies on a
    /// base sector).
    #[inline]
    pub(crate) fn contact_in_play(&self, here: &SectorFacts) -> Option<ContactName> {
        (here.contact)
            .filter(|&(_, source)| self.expansions().includes(source))
            .map(|(k, _)| k)
    }

    /// FF-REP-1..5: whether `p` counts as Solid with Contact `c`: Solid reputation, or carried
    /// gear (or a fitted ship card) that counts as Solid with them (the Alliance Ident Card and
    /// Harken; gear set aside is no use, FF-CREW-20). The one reputation query of the engine:
    /// Contact benefits (Deals, Harken's Special Rule) and story goals (FF-WIN-3) all ask it.
    pub fn counts_as_solid(&self, p: &Player, c: ContactName) -> bool {
        self.counts_as_solid_mask(p) & (1 << c.index()) != 0
    }

    /// How many Contacts `p` counts as Solid with ([`Self::counts_as_solid`]): story goals
    /// "Solid with any N Contacts" (FF-WIN-3).
    pub fn counts_as_solid_count(&self, p: &Player) -> u32 {
        (self.counts_as_solid_mask(p) & ALL_CONTACTS_MASK).count_ones()
    }

    /// The Contacts `p` counts as Solid with ([`Self::counts_as_solid`]), a bit per
    /// [`ContactName::index`]: the player's own Solid reputation, and what their cards give
    /// (`Player::card_solid`, kept up to date when the cards change: standing goals ask this
    /// for every captain after every step, issue 11).
    pub fn counts_as_solid_mask(&self, p: &Player) -> u16 {
        p.solid | p.card_solid
    }

    /// A Contact's Special Rule, when the Contact is in the content.
    fn special_rule(&self, c: ContactName) -> Option<ContactRule> {
        self.content.contact(c).map(|x| x.special_rule)
    }

    /// How many cards may be considered: 3 (FF-BUY-3, FF-DEAL-2); with Contacts, 4 while Solid
    /// with Patience ("We can Deal") or when a crew member carries gear such as A Very Fine
    /// Hat. The two do not add up: each says "consider 4".
    pub fn consider_limit(&self, p: &Player, market: Market) -> u8 {
        match market {
            Market::Supply(_) => 3,
            Market::Contact(c) => {
                let patience = self.special_rule(c) == Some(ContactRule::WeCanDeal)
                    && self.counts_as_solid(p, c);
                let mut n = if patience { 4 } else { 3 };
                for a in self.crew_abilities(p) {
                    if let Ability::ConsiderJobs { cards } = a {
                        n = n.max(*cards);
                    }
                }
                n
            }
        }
    }

    pub fn start_considering(&mut self, market: Market) {
        let max = self.consider_limit(self.me(), market);
        self.considering_drawn = false;
        self.phase = Phase::Considering {
            market,
            considered: Default::default(),
            max,
        };
    }

    pub fn market_actions(&self, out: &mut Vec<Action>) {
        let Phase::Considering {
            market,
            considered,
            max,
        } = &self.phase
        else {
            unreachable!()
        };
        if considered.len() < *max as usize {
            let (discards, draw_left) = match *market {
                Market::Supply(d) => {
                    let deck = &self.decks.supply[d as usize];
                    (deck.discard_pile(), deck.draw_len())
                }
                Market::Contact(c) => {
                    let deck = &self.decks.contacts[c.index()];
                    (deck.discard_pile(), deck.draw_len())
                }
            };
            // FF-BUY-3, FF-DEAL-2: the discard pile is looked through first; the cards not
            // taken from it may then be drawn face down, one by one.
            let discards = if self.considering_drawn {
                &[][..]
            } else {
                discards
            };
            // Identical copies are one choice: a card is listed unless one with the same key
            // already is (the listed cards are `out[first..]`; no buffer, so legal_actions
            // allocates nothing once `out` has grown).
            let first = out.len();
            for &c in discards {
                let key = self.market_card_key(*market, c);
                let seen = out[first..].iter().any(|a| match *a {
                    Action::ConsiderDiscard(x) => self.market_card_key(*market, x) == key,
                    _ => false,
                });
                if !seen {
                    out.push(Action::ConsiderDiscard(c));
                }
            }
            if draw_left > 0 {
                out.push(Action::ConsiderDraw);
            }
        }
        out.push(Action::Done);
    }

    /// Cards that are the same card to a player (same definition) are one choice.
    fn market_card_key(&self, market: Market, c: u16) -> (u8, u16) {
        match market {
            Market::Supply(_) => match self.content.supply_cards[c as usize].kind {
                SupplyKind::Crew(d) => (0, d),
                SupplyKind::Gear(d) => (1, d),
                SupplyKind::Upgrade(d) => (2, d),
            },
            Market::Contact(_) => (3, c),
        }
    }

    pub fn apply_market_action(&mut self, a: Action, events: &mut Vec<Event>) {
        let Phase::Considering {
            market, considered, ..
        } = &mut self.phase
        else {
            unreachable!()
        };
        let market = *market;
        match a {
            Action::ConsiderDiscard(c) => {
                let ok = match market {
                    Market::Supply(d) => self.decks.supply[d as usize].take_from_discard(c),
                    Market::Contact(k) => self.decks.contacts[k.index()].take_from_discard(c),
                };
                debug_assert!(ok);
                considered.push(c);
            }
            Action::ConsiderDraw => {
                let c = match market {
                    Market::Supply(d) => self.decks.supply[d as usize].draw(),
                    Market::Contact(k) => self.decks.contacts[k.index()].draw(),
                };
                considered.push(c.expect("ConsiderDraw is only offered on a non-empty deck"));
                self.considering_drawn = true;
            }
            Action::Done => {
                let considered = std::mem::take(considered);
                let seat = self.actor;
                match market {
                    Market::Supply(deck) => {
                        let max = self.buy_limit(&self.players[seat as usize]);
                        self.phase = Phase::Purchasing {
                            deck,
                            considered,
                            bought: 0,
                            max,
                        };
                    }
                    Market::Contact(contact) => {
                        self.phase = Phase::Accepting {
                            contact,
                            considered,
                            accepted: 0,
                        };
                    }
                }
                let _ = events;
            }
            _ => unreachable!(),
        }
    }

    pub fn deal_actions(&self, out: &mut Vec<Action>) {
        let p = self.me();
        match &self.phase {
            Phase::Accepting {
                considered,
                accepted,
                ..
            } => {
                if *accepted < 2 {
                    out.extend(considered.iter().map(|&j| Action::AcceptJob(j)));
                }
                out.push(Action::Done);
            }
            Phase::DiscardJobs => {
                out.extend(p.hand.iter().map(|&j| Action::DiscardJob(j)));
            }
            Phase::Selling { contact } => {
                let def = self.content.contact(*contact);
                if let Some(def) = def {
                    if def.buys_cargo.is_some() && p.item(Item::Cargo) > 0 {
                        out.push(Action::Sell(Item::Cargo));
                    }
                    if def.buys_contraband.is_some() && p.item(Item::Contraband) > 0 {
                        out.push(Action::Sell(Item::Contraband));
                    }
                    // Harken's Fuel; Lord Harrow's Cargo (FF-BS-20/21); Fanty & Mingo's
                    // Contraband (FF-KAL-23).
                    for (item, price) in [
                        (Item::Fuel, def.sells_fuel),
                        (Item::Cargo, def.sells_cargo),
                        (Item::Contraband, def.sells_contraband),
                    ] {
                        if let Some(price) = price {
                            if p.money >= price && self.room_for(p, item) > 0 {
                                out.push(Action::Purchase(item));
                            }
                        }
                    }
                    // Badger's "Favor for a Favor" (FF-REP-5).
                    if def.special_rule == ContactRule::FavorForAFavor
                        && p.warrants > 0
                        && p.money >= 1000
                    {
                        out.push(Action::ClearWarrants);
                    }
                }
                // Bree-like crew sell Parts to any Solid Contact.
                if p.item(Item::Parts) > 0 && self.parts_price(p).is_some() {
                    out.push(Action::Sell(Item::Parts));
                }
                // Amnon Duul's "Travel Hub": a Solid player dealing with him loads Passengers
                // and Fugitives at his sector, as many as the ship has room for.
                if self.special_rule(*contact) == Some(ContactRule::TravelHub) {
                    for item in [Item::Passengers, Item::Fugitives] {
                        if self.room_for(p, item) > 0 {
                            out.push(Action::LoadGood(item));
                        }
                    }
                }
                out.push(Action::Done);
            }
            _ => unreachable!(),
        }
    }

    /// What one more unit of `item` sold to a Contact earns above its price: The Middleman's
    /// and Murphy's `SellBonus`, each counted.
    pub fn sell_bonus(&self, p: &Player, item: Item) -> u32 {
        self.crew_abilities(p)
            .map(|a| match a {
                Ability::SellBonus { items, amount } if items.contains(&item) => *amount,
                _ => 0,
            })
            .sum()
    }

    fn parts_price(&self, p: &Player) -> Option<u32> {
        self.crew_abilities(p).find_map(|a| match a {
            Ability::SellPartsToSolidContacts { price } => Some(*price),
            _ => None,
        })
    }

    pub fn apply_deal_action(&mut self, a: Action, events: &mut Vec<Event>) {
        let seat = self.actor;
        match (&mut self.phase, a) {
            (
                Phase::Accepting {
                    considered,
                    accepted,
                    ..
                },
                Action::AcceptJob(j),
            ) => {
                considered.retain(|&mut x| x != j);
                *accepted += 1;
                self.players[seat as usize].hand.push(j);
                events.push(Event::JobAccepted { seat, job: j });
            }
            (
                Phase::Accepting {
                    contact,
                    considered,
                    ..
                },
                Action::Done,
            ) => {
                // FF-DEAL-4: the rest go face up on the discard pile.
                let contact = *contact;
                for j in std::mem::take(considered) {
                    self.decks.contacts[contact.index()].discard(j);
                }
                if self.activity_contact.is_some() {
                    self.after_accepting(contact);
                } else {
                    // Cortex Uplink: only a card to consider; no selling (FF-DEAL-5 still).
                    let p = self.me();
                    self.phase = if self.over_hand_limit(p) {
                        Phase::DiscardJobs
                    } else {
                        Phase::Actions
                    };
                }
            }
            (Phase::DiscardJobs, Action::DiscardJob(j)) => {
                self.discard_from_hand(seat, j, events);
                let p = &self.players[seat as usize];
                if !self.over_hand_limit(p) {
                    match self.activity_contact {
                        Some(c) => self.enter_selling(c),
                        None => self.phase = Phase::Actions,
                    }
                }
            }
            (Phase::Selling { contact }, Action::Sell(item)) => {
                let contact = *contact;
                let def = self.content.contact(contact);
                let price = match item {
                    Item::Cargo => def.and_then(|d| d.buys_cargo),
                    Item::Contraband => def.and_then(|d| d.buys_contraband),
                    _ => self.parts_price(&self.players[seat as usize]),
                }
                .unwrap_or(0)
                    + self.sell_bonus(&self.players[seat as usize], item);
                self.unload(seat, item, 1, events);
                self.earn(seat, price, events);
            }
            (Phase::Selling { contact }, Action::Purchase(item)) => {
                let contact = *contact;
                let price = self.contact_price(contact, item);
                self.pay(seat, price, events);
                self.load(seat, item, 1, events);
            }
            (Phase::Selling { .. }, Action::LoadGood(item)) => self.load(seat, item, 1, events),
            (Phase::Selling { .. }, Action::ClearWarrants) => {
                self.pay(seat, 1000, events);
                self.players[seat as usize].warrants = 0;
                events.push(Event::WarrantsCleared { seat });
            }
            (Phase::Selling { .. }, Action::Done) => {
                self.activity_contact = None;
                self.phase = Phase::Actions;
            }
            (ph, a) => unreachable!("{a:?} in {ph:?}"),
        }
    }

    fn after_accepting(&mut self, contact: ContactName) {
        self.activity_contact = Some(contact);
        if self.over_hand_limit(self.me()) {
            self.phase = Phase::DiscardJobs;
        } else {
            self.enter_selling(contact);
        }
    }

    /// FF-DEAL-8, FF-REP-4, FF-REP-5: a Solid player may sell (and use the Contact's Solid
    /// benefits).
    fn enter_selling(&mut self, contact: ContactName) {
        if self.counts_as_solid(self.me(), contact) {
            self.phase = Phase::Selling { contact };
        } else {
            self.activity_contact = None;
            self.phase = Phase::Actions;
        }
    }

    /// Discard a job from hand to its Contact's discard pile (FF-SETUP-16, FF-DEAL-5).
    pub fn discard_from_hand(
        &mut self,
        seat: tabletop_core::Seat,
        j: JobId,
        events: &mut Vec<Event>,
    ) {
        self.players[seat as usize].hand.retain(|&x| x != j);
        self.discard_job(j);
        events.push(Event::JobDiscarded { seat, job: j });
    }

    pub fn discard_job(&mut self, j: JobId) {
        match self.content.jobs[j as usize].contact {
            Some(c) => self.decks.contacts[c.index()].discard(j),
            None => {
                self.removed.jobs.insert(j);
            }
        }
    }
}

/// Every Contact's bit in a [`Player::solid`]-style mask.
pub const ALL_CONTACTS_MASK: u16 = (1 << ContactName::COUNT) - 1;

pub const ALL_CONTACTS: [ContactName; ContactName::COUNT] = [
    ContactName::Harken,
    ContactName::Badger,
    ContactName::AmnonDuul,
    ContactName::Patience,
    ContactName::Niska,
    ContactName::LordHarrow,
    ContactName::MrUniverse,
    ContactName::MagistrateHiggins,
    ContactName::FantyAndMingo,
];
