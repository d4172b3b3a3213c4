//! Cards a captain uses on their own turn (`Ability::Use`): the Labor Contracts, the Nav
//! Charts, Wash's Hawaiian Shirt, Heist Intel, The Salesman, a Fruity Oaty Bar, the Board Game
//! Collection … Each is a free action (FF-TURN-6) or takes one of the turn's two actions
//! (FF-TURN-4/5, a Buy or a Deal action, then not taken again that turn); what it does is its
//! options, resolved like a card's (`Origin::Card`).
//!
//! Also here: what a captain has seen of the top of a face-down deck by looking at it (Nav
//! Charts, Heist Intel), which the per-seat view shows and `determinize` keeps.

use tabletop_core::Seat;

use crate::action::Action;
use crate::content::*;
use crate::event::Event;
use crate::resolve::{Origin, Pending};
use crate::state::*;

/// `seen_top`'s row for the Misbehave deck (after the three Nav decks).
pub const MISBEHAVE_ROW: usize = 3;

impl Firefly {
    /// Each of `p`'s cards with its abilities: hired crew, carried and set-aside gear, ship
    /// upgrades, in that order (a loop, not a chain of iterators: the legal actions ask it at
    /// every step, issue 11).
    pub(crate) fn for_each_card_abilities(
        &self,
        p: &Player,
        mut f: impl FnMut(SupplyCardId, &'static [Ability]),
    ) {
        let c = self.content;
        for m in &p.crew {
            if let CrewCard::Hired(s) = m.card {
                f(s, &self.crew_def(m).abilities);
            }
            for &g in &m.gear {
                f(g, &self.gear_def(g).abilities);
            }
        }
        for g in &p.spare_gear {
            f(g, &self.gear_def(g).abilities);
        }
        for &u in &p.upgrades {
            let SupplyKind::Upgrade(d) = c.supply_cards[u as usize].kind else {
                unreachable!("an upgrade card")
            };
            f(u, &c.upgrades[d as usize].abilities);
        }
    }

    /// The cards the current captain may use now (in `turn_actions`): each card with a `Use`
    /// ability whose action is still free and one of whose options is available.
    #[inline]
    pub fn use_actions(&self, out: &mut Vec<Action>) {
        // Most captains have no card to use (`Player::card_powers`): seen in line.
        if self.me().card_powers.usable {
            self.list_uses(out);
        }
    }

    #[inline(never)]
    fn list_uses(&self, out: &mut Vec<Action>) {
        let p = self.me();
        let t = self.turn;
        self.for_each_card_abilities(p, |card, abilities| {
            for a in abilities {
                let Ability::Use {
                    action, options, ..
                } = a
                else {
                    continue;
                };
                let action_free = match action {
                    None => true,
                    Some(UseAction::Buy) => t.taken < 2 && !t.buy,
                    Some(UseAction::Deal) => t.taken < 2 && !t.deal,
                    Some(UseAction::Fly) => t.taken < 2 && !t.fly,
                    Some(UseAction::Work) => t.taken < 2 && !t.work,
                };
                let origin = Origin::Card(card);
                if action_free
                    && options
                        .iter()
                        .any(|o| self.option_available_in(origin, p.seat, o))
                    && !out.contains(&Action::UseCard(card))
                {
                    out.push(Action::UseCard(card));
                }
            }
        });
    }

    /// "Use Labor Contract: Persephone (a Buy action): …", for menus and logs.
    pub fn describe_use(&self, card: SupplyCardId) -> String {
        // Any id is described (a refused action's reason names it), used or not.
        let how = match self.find_use_ability(card) {
            Some(Ability::Use {
                action: Some(UseAction::Buy),
                ..
            }) => " (a Buy action)",
            Some(Ability::Use {
                action: Some(UseAction::Deal),
                ..
            }) => " (a Deal action)",
            Some(Ability::Use {
                action: Some(UseAction::Fly),
                ..
            }) => " (a Fly action)",
            Some(Ability::Use {
                action: Some(UseAction::Work),
                ..
            }) => " (a Work action)",
            _ => "",
        };
        if let Some((_, (fuel, range))) = self.catalyzer(self.current).filter(|(c, _)| *c == card) {
            return format!(
                "Fly: Full Burn with {} ({fuel} more Fuel, +{range} range)",
                self.content.supply_label(card)
            );
        }
        if let Some(text) = self.describe_offered_use(card) {
            return text;
        }
        format!("Use {}{how}", self.content.supply_label(card))
    }

    /// The `Use` ability printed on `card`.
    fn use_ability(&self, card: SupplyCardId) -> &'static Ability {
        self.find_use_ability(card)
            .expect("a card that is used has a Use ability")
    }

    /// The `Use` ability printed on `card`, if it is a card with one.
    fn find_use_ability(&self, card: SupplyCardId) -> Option<&'static Ability> {
        let c = self.content;
        let abilities = match c.supply_cards.get(card as usize)?.kind {
            SupplyKind::Crew(d) => &c.crew[d as usize].abilities,
            SupplyKind::Gear(d) => &c.gear[d as usize].abilities,
            SupplyKind::Upgrade(d) => &c.upgrades[d as usize].abilities,
        };
        abilities.iter().find(|a| matches!(a, Ability::Use { .. }))
    }

    /// Use `card`: its action is taken, then its options are resolved.
    pub fn use_card(&mut self, seat: Seat, card: SupplyCardId, events: &mut Vec<Event>) {
        if self.find_use_ability(card).is_none() {
            // The one turn-level use of a card with no `Use`: a Modded Fuel Catalyzer's Full
            // Burn (`crate::interrupts`).
            return self.start_catalyzed_burn(seat, card, events);
        }
        let Ability::Use {
            action, options, ..
        } = self.use_ability(card)
        else {
            unreachable!()
        };
        match action {
            Some(UseAction::Buy) => self.take_action("buy", events),
            Some(UseAction::Deal) => self.take_action("deal", events),
            Some(UseAction::Fly) => self.take_action("fly", events),
            Some(UseAction::Work) => self.take_action("work", events),
            None => {}
        }
        events.push(Event::CardUsed { seat, card });
        self.begin_resolution(Origin::Card(card), seat, options, events);
    }

    /// A used card has done what it does: "discard to …" cards are discarded now.
    pub fn after_card_use(
        &mut self,
        seat: Seat,
        card: SupplyCardId,
        chosen: Option<&'static Choice>,
        events: &mut Vec<Event>,
    ) {
        // Fess: the Deal action the card took is a Deal with that Contact, from here.
        if let Some(k) = chosen
            .into_iter()
            .flat_map(|c| &c.effects)
            .find_map(|e| match e {
                Effect::DealWith { contact } => Some(*contact),
                _ => None,
            })
        {
            self.activity_contact = Some(k);
            self.start_considering(Market::Contact(k));
        }
        // Cortex Uplink: the Deal action the card took considers that Contact's top face-down
        // card only (never the discard pile), and ends once it is accepted or discarded: no
        // selling (`activity_contact` stays unset, `after_accepting`).
        if let Some(k) = chosen
            .into_iter()
            .flat_map(|c| &c.effects)
            .find_map(|e| match e {
                Effect::ConsiderTopJob { contact } => Some(*contact),
                _ => None,
            })
        {
            self.activity_contact = None;
            self.start_considering(Market::Contact(k));
            self.considering_drawn = true;
            if let Phase::Considering { max, .. } = &mut self.phase {
                *max = 1;
            }
        }
        // A card resolved for another reason than its use (Holder's Make-Work) stays.
        let Some(Ability::Use { discard, .. }) = self.find_use_ability(card) else {
            return;
        };
        if !*discard {
            return;
        }
        let p = &self.players[seat as usize];
        match self.content.supply_cards[card as usize].kind {
            SupplyKind::Crew(_) => {
                if let Some(i) = p.crew_index(CrewCard::Hired(card)) {
                    events.push(Event::Dismissed {
                        seat,
                        crew: CrewCard::Hired(card),
                    });
                    self.discard_crew(seat, i, events);
                }
            }
            SupplyKind::Gear(_) => self.discard_gear(seat, card, events),
            SupplyKind::Upgrade(_) => {
                if p.upgrades.contains(&card) {
                    self.discard_upgrade(seat, card);
                }
            }
        }
    }

    /// Whether option `c` of the card being used would do anything: a use that can change
    /// nothing is not offered (a Fruity Oaty Bar whose carrier is content, a Labor Contract
    /// with no crew in its discard pile or no room in the crew, an empty deck to look at).
    pub fn use_option_useful(&self, seat: Seat, card: SupplyCardId, c: &Choice) -> bool {
        let p = &self.players[seat as usize];
        c.effects.iter().all(|e| match e {
            Effect::RemoveDisgruntled {
                who: CrewGroup::Carrier,
            } => p
                .crew
                .iter()
                .any(|m| m.disgruntled && m.gear.contains(&card)),
            // "The Best in the House": only while someone is Disgruntled.
            Effect::RemoveDisgruntled {
                who: CrewGroup::All,
            } => p.crew.iter().any(|m| m.disgruntled),
            Effect::TakeCrewFromDiscard { from } => {
                let from = from.as_deref().map(|id| self.content.supply_deck_id(id));
                p.crew.len() < self.max_crew(p) && self.any_crew_in_discards(seat, from)
            }
            Effect::TakeShipUpgradeFromDiscard { only, half_price } => {
                self.decks.supply.iter().any(|d| {
                    d.discard_pile().iter().any(|&u| {
                        match self.content.supply_cards[u as usize].kind {
                            SupplyKind::Upgrade(x) => {
                                only.as_deref()
                                    .is_none_or(|n| self.content.upgrades[x as usize].name == n)
                                    && (!half_price || p.money >= self.half_price(u))
                                    && self.can_fit_upgrade(p, u)
                            }
                            _ => false,
                        }
                    })
                })
            }
            Effect::ReshuffleNav { deck } => {
                let d = &self.decks.nav[*deck as usize];
                d.draw_len() + d.discard_len() > 0
            }
            Effect::ArrangeNav { deck, .. } => self.decks.nav[*deck as usize].draw_len() > 1,
            Effect::ArrangeMisbehave { .. } => self.decks.misbehave.draw_len() > 0,
            // Putting back a single card in "any order" changes nothing.
            Effect::ReorderMisbehave { .. } => self.decks.misbehave.draw_len() > 1,
            // Cortex Uplink: a face-down card to consider, from a Contact whose jobs are open.
            Effect::ConsiderTopJob { contact } => {
                !self.story_def().setup.closed_contacts.contains(contact)
                    && self.decks.contacts[contact.index()].draw_len() > 0
            }
            Effect::ShoreLeave => p.money >= self.shore_leave_cost(p),
            // Early's Datascope: a Supply deck here with cards to reveal.
            Effect::DiscardTopSupply { .. } => self
                .supply_deck_at(p.sector)
                .is_some_and(|d| self.decks.supply[d as usize].draw_len() > 0),
            // Dobson: the Cruiser is not here already.
            Effect::MoveCruiser {
                how: ShipMove::ToYou,
            } => self.cruiser != p.sector,
            // FF-DEAL-1 from afar: as the Deal action would be offered in that Contact's sector.
            Effect::DealWith { contact } => {
                let deck = &self.decks.contacts[contact.index()];
                !self.story_def().setup.closed_contacts.contains(contact)
                    && (deck.draw_len() + deck.discard_len() > 0
                        || self.counts_as_solid(p, *contact))
            }
            _ => true,
        })
    }

    /// Half the printed price of a Supply card (The Salesman's purchases).
    pub fn half_price(&self, card: SupplyCardId) -> u32 {
        let c = self.content;
        let base = match c.supply_cards[card as usize].kind {
            SupplyKind::Crew(d) => c.crew[d as usize].cost,
            SupplyKind::Gear(d) => c.gear[d as usize].cost,
            SupplyKind::Upgrade(d) => c.upgrades[d as usize].cost.unwrap_or(0),
        };
        base / 2
    }

    // -----------------------------------------------------------------------------------------
    // Looking at the top of a deck
    // -----------------------------------------------------------------------------------------

    /// `seat` looks at the top `cards` cards of a Nav deck (or the Misbehave deck, `None`)
    /// and is to put them back in the order they choose.
    pub fn look_at_top(
        &mut self,
        seat: Seat,
        nav: Option<NavDeckName>,
        cards: u8,
        may_discard: bool,
        events: &mut Vec<Event>,
    ) {
        let n = self.arranged_len(nav, cards);
        if n == 0 {
            return;
        }
        // Public: who looked at how many cards of which deck; the cards are in that seat's
        // view only.
        events.push(Event::LookedAtTop {
            seat,
            nav,
            cards: n as u8,
        });
        let row = seen_row(nav);
        // The seat now knows every card from `len - n` up (and what it knew above stays known).
        let low = (self.top_pile(row).len() - n) as u8 + 1;
        let known = &mut self.seen_top[row][seat as usize];
        *known = if *known == 0 { low } else { (*known).min(low) };
        self.resolution.last_mut().unwrap().pending = Some(Pending::Arrange {
            nav,
            cards,
            placed: 0,
            may_discard,
        });
    }

    /// How many cards a look at the top `cards` of a deck shows (fewer when the deck is short).
    pub fn arranged_len(&self, nav: Option<NavDeckName>, cards: u8) -> usize {
        self.top_pile(seen_row(nav)).len().min(cards as usize)
    }

    /// The draw pile of `seen_top`'s row `row` (a Nav deck, or the Misbehave deck), bottom
    /// first.
    fn top_pile(&self, row: usize) -> &[u16] {
        match row {
            MISBEHAVE_ROW => self.decks.misbehave.draw_pile(),
            d => self.decks.nav[d].draw_pile(),
        }
    }

    /// The draw pile being arranged, bottom first.
    pub fn arranged_pile_mut(&mut self, nav: Option<NavDeckName>) -> &mut [u16] {
        match nav {
            Some(d) => self.decks.nav[d as usize].draw_pile_mut(),
            None => self.decks.misbehave.draw_pile_mut(),
        }
    }

    /// The cards `seat` is looking at to arrange (top first), if it is.
    pub fn looking_at(&self, seat: Seat) -> Option<(Option<NavDeckName>, Vec<u16>)> {
        let r = self.resolution.last()?;
        let Some(Pending::Arrange { nav, cards, .. }) = r.pending else {
            return None;
        };
        if r.seat != seat {
            return None;
        }
        let n = self.arranged_len(nav, cards);
        let pile = self.top_pile(seen_row(nav));
        Some((nav, pile.iter().rev().take(n).copied().collect()))
    }

    /// How many of the top cards of `seen_top`'s row `row` `seat` knows (a spectator's seat
    /// number, past the captains, knows none).
    pub fn known_top_len(&self, seat: Seat, row: usize) -> usize {
        match self.seen_top[row].get(seat as usize).copied().unwrap_or(0) {
            0 => 0,
            k => self.top_pile(row).len().saturating_sub(k as usize - 1),
        }
    }

    /// The top cards of each deck `seat` knows, top first: Alliance, Border, Rim Nav, then
    /// Misbehave (empty when nothing is known).
    pub fn known_top(&self, seat: Seat) -> [TopCards; 4] {
        std::array::from_fn(|row| {
            let n = self.known_top_len(seat, row);
            self.top_pile(row).iter().rev().take(n).copied().collect()
        })
    }

    /// A deck was reshuffled (`nav`, or the Misbehave deck with `None`): nobody knows its top.
    pub fn forget_seen_top(&mut self, nav: Option<NavDeckName>) {
        self.seen_top[seen_row(nav)] = [0; 5];
    }
}

/// The top cards of a deck a seat knows, top first (inline up to 8: a view is made for every
/// seat after every action).
pub type TopCards = smallvec::SmallVec<[u16; 8]>;

/// `seen_top`'s row of a Nav deck, or of the Misbehave deck (`None`).
pub fn seen_row(nav: Option<NavDeckName>) -> usize {
    nav.map_or(MISBEHAVE_ROW, |d| d as usize)
}
