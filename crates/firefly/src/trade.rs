//! Trading between players (FF-TRADE, FF-TURN-6).
//!
//! While two or more ships are stopped in the same sector, their players "may buy, sell and swap
//! crew, Fuel, Parts, Cargo, Contraband, Ship Upgrades and Gear with no restrictions"
//! (FF-TRADE-2), using no action (FF-TRADE-1), and "you may also trade when it is not your
//! turn" (FF-TRADE-3). The engine has one decider at a time, so a trade is an offer and an
//! answer, each an explicit decision of its own seat (no hidden default):
//!
//! 1. A player opens an offer to a player whose ship is in the same sector:
//!    `TradeAction::With(seat)` ([`Phase::Trading`]). The active player may do so at any time
//!    in their Actions phase; the other captains do so in the trade window (below).
//! 2. They build it one thing at a time: `Give(x)` adds something of theirs, `Ask(x)` something
//!    of the other player's. A thing is one Fuel, Part, Cargo or Contraband, one crew, Gear or
//!    Ship Upgrade card, or credits in steps of $100, $500 and $1,000 (so "$700" is three
//!    steps). Credits are offered on one side only. Every step adds, so the list of legal
//!    actions stays short (about 30 at most) and an offer is built in a bounded number of steps.
//! 3. `Propose` hands the decision to the other player ([`Phase::TradeAnswer`]): the engine's
//!    actor switches to that seat, which answers `Accept` or `Refuse`. `Cancel` drops an offer
//!    before it is made. Then play goes back to where the offer was opened.
//!
//! The trade window (FF-TRADE-3, off-turn trading). When the active player ends their turn,
//! before the next turn starts, every *other* captain whose ship shares a sector with another
//! ship gets one decision ([`Phase::TradeWindow`]), in turn order starting with the next player:
//! open one offer (`With`) to any ship in their sector, the active player's included, or `Pass`.
//! So each captain may start a trade on every other captain's turn, and two captains who are
//! both waiting can trade with each other. The window is bounded: one offer per captain per
//! window (at most one fewer than the number of captains), and a captain who shares no sector
//! is never asked, so bots and random play pay nothing for it when ships are apart. The active
//! player needs no window: they may open offers throughout their turn. Nothing moves during the
//! window, so the chance to trade cannot outlast a ship leaving the sector (FF-TRADE-4): every
//! offer is between ships in one sector, and the window of a turn closes before the next turn,
//! whose Fly may take a ship away.
//!
//! What can be traded (FF-TRADE-5): Fuel, Parts, Cargo, Contraband, hired crew, Gear (carried
//! or set aside) and Ship Upgrades — not jobs, Passengers, Fugitives, Leaders or Drive Cores. An
//! offer can only be proposed (and accepted) if both ships can take what they get: the crew
//! maximum, Upgrade slots and the Hold and Stash (FF-TRADE-6, FF-MISC-3), counted after the
//! whole exchange (so full holds can swap Cargo for Cargo).
//!
//! Judged details: a traded crew member leaves their gear aboard the old ship, set aside, as
//! when hired away (FF-CREW-14), unless the gear is traded too; they keep their Disgruntled and
//! Wanted tokens (the same card changes ships). Traded Gear arrives set aside, to be handed out
//! with the free Equip action.

use serde::{Deserialize, Serialize};
use tabletop_core::Seat;

use crate::action::Action;
use crate::content::*;
use crate::event::Event;
use crate::state::*;

/// Credit steps an offer can add (FF-TRADE-2: credits are the price of a sale).
pub const MONEY_STEPS: [u32; 3] = [100, 500, 1000];

/// Goods that can be traded (FF-TRADE-2); Passengers and Fugitives cannot (FF-TRADE-5).
pub const TRADE_GOODS: [Item; 4] = [Item::Fuel, Item::Parts, Item::Cargo, Item::Contraband];

/// One thing added to an offer.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "t", content = "v", rename_all = "kebab-case")]
pub enum Tradeable {
    /// One Fuel, Part, Cargo or Contraband.
    Goods(Item),
    /// A hired crew, Gear or Ship Upgrade card.
    Card(SupplyCardId),
    /// Credits.
    Money(u32),
}

/// A trading decision.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "t", content = "v", rename_all = "kebab-case")]
pub enum TradeAction {
    /// Open an offer to the player in this seat (same sector).
    With(Seat),
    /// Add this to what you give.
    Give(Tradeable),
    /// Add this to what you ask for.
    Ask(Tradeable),
    /// Make the offer: the other player answers.
    Propose,
    /// Drop the offer.
    Cancel,
    /// The other player's answers.
    Accept,
    Refuse,
    /// In the trade window: open no offer.
    Pass,
}

/// The cards one side of a trade hands over (inline: a trade step allocates nothing).
pub type TradeCards = smallvec::SmallVec<[SupplyCardId; 6]>;

/// What one side of a trade hands over.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Bundle {
    /// Goods, indexed by [`Item::index`].
    pub goods: [u8; 6],
    pub cards: TradeCards,
    pub money: u32,
}

impl Bundle {
    pub fn is_empty(&self) -> bool {
        self.money == 0 && self.cards.is_empty() && self.goods.iter().all(|&n| n == 0)
    }
}

/// An offer from one player (`from`) to another (`to`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Offer {
    pub from: Seat,
    pub to: Seat,
    /// What `from` gives.
    pub give: Bundle,
    /// What `from` asks of `to`.
    pub ask: Bundle,
    /// Opened in the trade window after a turn (FF-TRADE-3), rather than by the active player
    /// on their turn: when it is settled, the window goes on with the next captain.
    pub window: bool,
}

impl Firefly {
    /// The players `seat` may trade with now: ships in the same sector (FF-TRADE-1).
    /// (Read from `Firefly::ships`; none walked unless the ship shares its sector.)
    pub fn trade_partners(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        let n = if self.ships.shares(seat) {
            self.players.len()
        } else {
            0
        };
        let mine = self.ships.at(seat);
        (self.ships.all()[..n].iter().enumerate())
            .filter(move |&(k, &s)| k != seat as usize && s == mine)
            .map(|(k, _)| k as Seat)
    }

    /// FF-TRADE-3: the trade window after the active player's turn. The next captain after
    /// `after` (`None`: the first), in turn order from the next player, who is not the active
    /// player and shares a sector with another ship; if there is none, the turn passes.
    pub(crate) fn continue_trade_window(&mut self, after: Option<Seat>, events: &mut Vec<Event>) {
        let n = self.num_players();
        let first = match after {
            None => 1,
            // How many places `s` sits after the active player, and one more.
            Some(s) => self.seat_after(s, n - self.current) + 1,
        };
        // The captains who share a sector with another ship, kept as bits (`ShipPlaces`): at
        // the end of most turns none do, and the turn passes without a walk.
        let sharing = self.ships.sharing() & !(1 << self.current);
        let next = if sharing == 0 {
            None
        } else {
            (first..n)
                .map(|k| self.seat_after(self.current, k))
                .find(|&s| sharing & (1 << s) != 0)
        };
        match next {
            Some(seat) => self.phase = Phase::TradeWindow { seat },
            None => self.end_turn(events),
        }
    }

    /// Where play goes once an offer is settled (accepted, refused or cancelled).
    fn after_offer(&mut self, o: &Offer, events: &mut Vec<Event>) {
        if o.window {
            self.continue_trade_window(Some(o.from), events);
        } else {
            self.phase = Phase::Actions;
        }
    }

    /// The cards of a player that may be traded (FF-TRADE-2, FF-TRADE-5): hired crew (not the
    /// Leader), Gear carried or set aside, Ship Upgrades (not the Drive Core), each given to
    /// `f` in that order. (Each list in a loop of its own: an iterator chaining them asked at
    /// every card which list it was in, ~150 instructions a listing of an offer's actions.)
    #[inline]
    pub fn for_each_tradeable_card(&self, seat: Seat, mut f: impl FnMut(SupplyCardId)) {
        let p = &self.players[seat as usize];
        for m in &p.crew {
            if let CrewCard::Hired(c) = m.card {
                f(c);
            }
        }
        for m in &p.crew {
            for &g in &m.gear {
                f(g);
            }
        }
        // The spare set's words are walked only when it holds some (most ships set none aside).
        if !p.spare_gear.is_empty() {
            for g in &p.spare_gear {
                f(g);
            }
        }
        for &u in &p.upgrades {
            f(u);
        }
    }

    /// Whether `card` is one of `seat`'s [tradeable cards](Self::for_each_tradeable_card).
    pub fn is_tradeable_card(&self, seat: Seat, card: SupplyCardId) -> bool {
        let mut found = false;
        self.for_each_tradeable_card(seat, |c| found |= c == card);
        found
    }

    /// What `seat` could still add to its side of an offer, each wrapped as `Give` or `Ask`:
    /// goods, then its [`Self::for_each_tradeable_card`], then credits, pushed on `out` as they are
    /// found (the legal actions of building an offer list them at every step of it).
    fn list_still_tradeable(
        &self,
        seat: Seat,
        side: &Bundle,
        other: &Bundle,
        wrap: fn(Tradeable) -> TradeAction,
        out: &mut Vec<Action>,
    ) {
        let p = &self.players[seat as usize];
        let mut push = |x| out.push(Action::Trade(wrap(x)));
        for item in TRADE_GOODS {
            if p.item(item) > side.goods[item.index()] {
                push(Tradeable::Goods(item));
            }
        }
        self.for_each_tradeable_card(seat, |c| {
            if !side.cards.contains(&c) {
                push(Tradeable::Card(c));
            }
        });
        if other.money == 0 {
            for step in MONEY_STEPS {
                if p.money >= side.money + step {
                    push(Tradeable::Money(step));
                }
            }
        }
    }

    /// Legal actions in [`Phase::Trading`], [`Phase::TradeAnswer`] and [`Phase::TradeWindow`].
    pub fn trade_actions(&self, out: &mut Vec<Action>) {
        match &self.phase {
            Phase::TradeWindow { seat } => {
                for s in self.trade_partners(*seat) {
                    out.push(Action::Trade(TradeAction::With(s)));
                }
                out.push(Action::Trade(TradeAction::Pass));
            }
            Phase::Trading(o) => {
                self.list_still_tradeable(o.from, &o.give, &o.ask, TradeAction::Give, out);
                self.list_still_tradeable(o.to, &o.ask, &o.give, TradeAction::Ask, out);
                if !(o.give.is_empty() && o.ask.is_empty()) && self.trade_fits(o) {
                    out.push(Action::Trade(TradeAction::Propose));
                }
                out.push(Action::Trade(TradeAction::Cancel));
            }
            Phase::TradeAnswer(o) => {
                if self.trade_fits(o) {
                    out.push(Action::Trade(TradeAction::Accept));
                }
                out.push(Action::Trade(TradeAction::Refuse));
            }
            _ => unreachable!("not trading"),
        }
    }

    /// Apply a trading decision.
    pub fn apply_trade(&mut self, t: TradeAction, events: &mut Vec<Event>) {
        match t {
            TradeAction::With(to) => {
                // The actor opens it: the active player in the Actions phase, or the captain
                // whose chance it is in the trade window.
                let window = matches!(self.phase, Phase::TradeWindow { .. });
                self.phase = Phase::Trading(Offer {
                    from: self.actor,
                    to,
                    give: Bundle::default(),
                    ask: Bundle::default(),
                    window,
                });
            }
            TradeAction::Pass => {
                let Phase::TradeWindow { seat } = self.phase else {
                    unreachable!("Pass outside the trade window")
                };
                self.continue_trade_window(Some(seat), events);
            }
            TradeAction::Give(x) | TradeAction::Ask(x) => {
                let Phase::Trading(o) = &mut self.phase else {
                    unreachable!()
                };
                let side = if matches!(t, TradeAction::Give(_)) {
                    &mut o.give
                } else {
                    &mut o.ask
                };
                match x {
                    Tradeable::Goods(i) => side.goods[i.index()] += 1,
                    Tradeable::Card(c) => side.cards.push(c),
                    Tradeable::Money(m) => side.money += m,
                }
            }
            TradeAction::Propose => {
                let Phase::Trading(o) = std::mem::replace(&mut self.phase, Phase::Actions) else {
                    unreachable!()
                };
                self.phase = Phase::TradeAnswer(o);
            }
            TradeAction::Cancel | TradeAction::Refuse => {
                let (Phase::Trading(o) | Phase::TradeAnswer(o)) =
                    std::mem::replace(&mut self.phase, Phase::Actions)
                else {
                    unreachable!()
                };
                self.after_offer(&o, events);
            }
            TradeAction::Accept => {
                let Phase::TradeAnswer(o) = std::mem::replace(&mut self.phase, Phase::Actions)
                else {
                    unreachable!()
                };
                self.exchange(&o, events);
                self.after_offer(&o, events);
            }
        }
    }

    /// Whether both ships can take what the offer gives them (FF-TRADE-6).
    pub fn trade_fits(&self, o: &Offer) -> bool {
        if o.give.cards.is_empty() && o.ask.cards.is_empty() {
            return self.goods_trade_fits(o);
        }
        // Cards change what a ship holds (crew, upgrades, the room they give): checked on
        // copies (a captain is plain data: a copy is a `memcpy`).
        self.after_trade(o)
            .is_some_and(|(a, b)| self.within_limits(&a) && self.within_limits(&b))
    }

    /// [`Self::trade_fits`] for an offer of goods and credits alone (most of them; the legal
    /// actions of a trade ask it for each step of building one): the crews and upgrades stay,
    /// so only the storage each ship would use is worked out, without copies.
    fn goods_trade_fits(&self, o: &Offer) -> bool {
        let (a, b) = (&self.players[o.from as usize], &self.players[o.to as usize]);
        if !self.owns(a, &o.give) || !self.owns(b, &o.ask) {
            return false;
        }
        let half = |bundle: &Bundle| -> u32 {
            (TRADE_GOODS.iter())
                .map(|&i| bundle.goods[i.index()] as u32 * i.half_boxes())
                .sum()
        };
        let fits = |p: &Player, gives: &Bundle, takes: &Bundle| {
            let used = Firefly::storage_used_half(p) - half(gives) + half(takes);
            self.within_limits_using(p, used)
        };
        fits(a, &o.give, &o.ask) && fits(b, &o.ask, &o.give)
    }

    /// The two players (`from`, `to`) as the offer would leave them, limits not checked, so
    /// that what a trade does to each ship's room can be shown; `None` if a side does not own
    /// what it would hand over (or a ship would take more crew or upgrades than any ship holds).
    pub fn after_trade(&self, o: &Offer) -> Option<(Player, Player)> {
        let (mut a, mut b) = (self.players[o.from as usize], self.players[o.to as usize]);
        if !self.after_trade_into(o, &mut a, &mut b) {
            return None;
        }
        a.refresh_cards(self.content);
        b.refresh_cards(self.content);
        Some((a, b))
    }

    /// [`Self::after_trade`] on `a` and `b`, copies of the two captains; false if a side does
    /// not own what it would hand over, or takes more than the table's room for a ship's crew
    /// or upgrades (more than any ship's limits: `transfer`).
    fn after_trade_into(&self, o: &Offer, a: &mut Player, b: &mut Player) -> bool {
        if !self.owns(a, &o.give) || !self.owns(b, &o.ask) {
            return false;
        }
        transfer(self.content, a, b, &o.give) && transfer(self.content, b, a, &o.ask)
    }

    fn owns(&self, p: &Player, b: &Bundle) -> bool {
        p.money >= b.money
            && TRADE_GOODS.iter().all(|&i| p.item(i) >= b.goods[i.index()])
            && b.cards.iter().all(|&c| self.is_tradeable_card(p.seat, c))
    }

    fn within_limits(&self, p: &Player) -> bool {
        self.within_limits_using(p, Firefly::storage_used_half(p))
    }

    /// [`Self::within_limits`] with `used_half` half boxes of storage in use.
    fn within_limits_using(&self, p: &Player, used_half: u32) -> bool {
        let (h, s) = self.storage_boxes(p);
        p.crew.len() <= self.max_crew(p)
            && p.upgrades.len() <= self.upgrade_slots(p)
            && used_half <= 2 * (h + s)
    }

    /// Carry out an accepted offer.
    fn exchange(&mut self, o: &Offer, events: &mut Vec<Event>) {
        let (fi, ti) = (o.from as usize, o.to as usize);
        // Each Money event carries the balance just after it: start from the balances before.
        let mut balance = [self.players[fi].money, self.players[ti].money];
        let content = self.content;
        let [a, b] = self
            .players
            .get_disjoint_mut([fi, ti])
            .expect("a trade is between two captains");
        // The offer fits (`trade_fits`), so what each side takes fits the table's room.
        let fits = transfer(content, a, b, &o.give) && transfer(content, b, a, &o.ask);
        assert!(fits, "an accepted trade fits both ships");
        a.refresh_cards(content);
        b.refresh_cards(content);
        for (giver, taker, bundle, g, t) in
            [(o.from, o.to, &o.give, 0, 1), (o.to, o.from, &o.ask, 1, 0)]
        {
            if bundle.money > 0 {
                balance[g] -= bundle.money;
                balance[t] += bundle.money;
                events.push(Event::Money {
                    seat: giver,
                    delta: -(bundle.money as i64),
                    now: balance[g],
                });
                events.push(Event::Money {
                    seat: taker,
                    delta: bundle.money as i64,
                    now: balance[t],
                });
            }
            for i in TRADE_GOODS {
                let n = bundle.goods[i.index()] as i32;
                if n > 0 {
                    events.push(Event::Items {
                        seat: giver,
                        item: i,
                        delta: -n,
                    });
                    events.push(Event::Items {
                        seat: taker,
                        item: i,
                        delta: n,
                    });
                }
            }
        }
        events.push(Event::Traded {
            from: o.from,
            to: o.to,
            gave: o.give.cards.clone(),
            got: o.ask.cards.clone(),
        });
    }

    /// One side of an offer in words: "1 Fuel, Kaylee and $500", or "nothing".
    pub fn describe_bundle(&self, b: &Bundle) -> String {
        let mut parts: Vec<String> = Vec::new();
        for i in TRADE_GOODS {
            let n = b.goods[i.index()];
            if n > 0 {
                parts.push(format!("{n} {}", i.name()));
            }
        }
        for &c in &b.cards {
            parts.push(self.content.supply_name(c).to_string());
        }
        if b.money > 0 {
            parts.push(format!("${}", b.money));
        }
        if parts.is_empty() {
            "nothing".into()
        } else {
            parts.join(", ")
        }
    }

    fn describe_tradeable(&self, x: Tradeable) -> String {
        match x {
            Tradeable::Goods(i) => format!("1 {}", i.name()),
            Tradeable::Card(c) => self.content.supply_label(c).into_owned(),
            Tradeable::Money(m) => format!("${m}"),
        }
    }

    /// What a trading action means now, in words.
    pub fn describe_trade(&self, t: TradeAction) -> String {
        let leader = |s: Seat| match self.players.get(s as usize) {
            Some(p) => self.content.crew_label(p.leader).into_owned(),
            None => format!("nobody (there is no seat {s})"),
        };
        match (t, &self.phase) {
            (TradeAction::With(s), _) => {
                format!("Trade with {} (captain {})", leader(s), u32::from(s) + 1)
            }
            (TradeAction::Give(x), _) => format!("Offer {}", self.describe_tradeable(x)),
            (TradeAction::Ask(x), _) => format!("Ask for {}", self.describe_tradeable(x)),
            (TradeAction::Propose, Phase::Trading(o)) => format!(
                "Propose the trade to {}: you give {}; you get {}",
                leader(o.to),
                self.describe_bundle(&o.give),
                self.describe_bundle(&o.ask)
            ),
            (TradeAction::Accept, Phase::TradeAnswer(o)) => format!(
                "Accept {}'s trade: you give {}; you get {}",
                leader(o.from),
                self.describe_bundle(&o.ask),
                self.describe_bundle(&o.give)
            ),
            (TradeAction::Propose, _) => "Propose the trade".into(),
            (TradeAction::Accept, _) => "Accept the trade".into(),
            (TradeAction::Cancel, _) => "Cancel the trade".into(),
            (TradeAction::Refuse, _) => "Refuse the trade".into(),
            (TradeAction::Pass, _) => "Pass: make no trade offer".into(),
        }
    }
}

/// Move a bundle from one player to another (on copies to check, or for real); false if `to`
/// would take more crew or upgrades than the table has room for in one ship
/// (`state::CREW_ROOM`, `state::UPGRADE_ROOM`, above every ship's limits: such an offer does
/// not fit, FF-TRADE-6), and then the copies are left half-moved. The captains' kept card
/// summaries (`Player::refresh_cards`) are left to the caller: a check of goods alone needs none.
fn transfer(content: &Content, from: &mut Player, to: &mut Player, b: &Bundle) -> bool {
    from.money -= b.money;
    to.money += b.money;
    for i in TRADE_GOODS {
        let n = b.goods[i.index()];
        from.items[i.index()] -= n;
        to.items[i.index()] += n;
    }
    // Gear and upgrades first, so that a crew member traded with their gear leaves none of
    // it behind.
    for &c in &b.cards {
        match content.supply_cards[c as usize].kind {
            SupplyKind::Gear(_) => {
                for m in &mut from.crew {
                    m.gear.retain(|&g| g != c);
                }
                from.spare_gear.remove(c);
                to.spare_gear.insert(c);
            }
            SupplyKind::Upgrade(_) => {
                from.upgrades.retain(|&u| u != c);
                if to.upgrades.try_push(c).is_some() {
                    return false;
                }
            }
            SupplyKind::Crew(_) => {}
        }
    }
    for &c in &b.cards {
        if let SupplyKind::Crew(_) = content.supply_cards[c as usize].kind {
            let i = from
                .crew_index(CrewCard::Hired(c))
                .expect("a traded crew member is aboard");
            let mut m = from.crew.remove(i);
            from.spare_gear.extend(m.gear.drain(..));
            if to.crew.try_push(m).is_some() {
                return false;
            }
        }
    }
    true
}
