//! Pirates & Bounty Hunters' bounties (spec §18.1–18.3, FF-PBH-1..20): the Bounty deck and the
//! 'Verse's Most Wanted, apprehending a fugitive (Betrayal, Lone Target, Confrontation),
//! Bound Fugitives, delivering them, Bounty Jumping and Rescues, Lawmen's Bounty Bonus.
//!
//! Each of these is a Work action (the rulebook's corrections at the top of §18: apprehending,
//! delivering and jumping each take one), `Action::Work` with a [`WorkTarget`] of its own, so the
//! Work action's machinery (crew on it, Misbehave-free steps, the attempt ending) is the one jobs
//! use. The Boarding Test and the Showdown are in [`crate::showdown`].
//!
//! Decisions (also in NOTES.md):
//! - A Bounty card whose fugitive is not in the game (a card of a box not in play) is left out of
//!   the deck at set-up, as FF-PBH-4 removes a revealed card whose character is gone.
//! - The whole crew makes the attempt ("Showdowns are confrontations between two crews"):
//!   everyone who may work it (Lawmen never work Illegal jobs, FF-PBH-19; a bounty is legal).
//! - A Cortex Alert goes to the first captain to apprehend one of its class (it leaves the Most
//!   Wanted list then, FF-PBH-2); only they may add more of the class to it, until it is
//!   delivered or jumped.
//! - An apprehended fugitive's gear stays aboard the ship they were on, set aside (as a crew
//!   member who leaves, FF-CREW-22).
//! - The Bounty Bonus of each Lawman is paid per fugitive delivered (a Cortex Alert's several).

use serde::Serialize;
use tabletop_core::{Chance, FixedDeck, Seat};

use crate::action::Action;
use crate::content::*;
use crate::event::Event;
use crate::showdown::{Defender, Showdown};
use crate::state::*;

/// FF-PBH-3: the title of the Nav card that updates the Most Wanted list.
pub const ALLIANCE_CRUISER_CARD: &str = "Alliance Cruiser";

/// The 'Verse's Most Wanted (at most 3, FF-PBH-1), inline with room for every Bounty card.
pub type MostWanted = tinyvec::ArrayVec<[BountyId; BOUNTY_ROOM]>;

/// The Bound Fugitives (FF-PBH-10), inline with room for every fugitive's card of every Bounty
/// card (a Cortex Alert's several, FF-PBH-16; checked when the content is loaded).
pub type BoundList = tinyvec::ArrayVec<[Bound; BOUND_ROOM]>;

/// The most Bound Fugitives at once: the crew cards of every Bounty card's fugitives.
pub const BOUND_ROOM: usize = 48;

/// The Bounty deck and what became of its cards. Empty without Pirates & Bounty Hunters. Plain
/// data: every list has room for every Bounty card a game deals (`BOUNTY_ROOM`, checked when the
/// content is loaded), so a copy of the state copies it in one go (issue 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Bounties {
    /// FF-PBH-1: the face-down Bounty deck.
    pub deck: FixedDeck<BountyId, BOUNTY_ROOM>,
    /// FF-PBH-1: the 'Verse's Most Wanted, face up (at most 3).
    pub most_wanted: MostWanted,
    /// FF-PBH-10: the Bound Fugitives, each with its holder and its Bounty card.
    pub bound: BoundList,
    /// Bounty cards out of the game (delivered, or their fugitive gone, FF-PBH-4/13).
    pub removed: tinyvec::ArrayVec<[BountyId; BOUNTY_ROOM]>,
}

/// The most Bounty cards a game deals (checked when the content is loaded): the deck is held
/// inline, as the table's other decks (issue 11).
pub const BOUNTY_ROOM: usize = 32;

/// A fugitive "Bound by Law" (FF-PBH-10): their crew card beside the holder's ship, under the
/// Bounty card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Bound {
    pub seat: Seat,
    pub bounty: BountyId,
    pub fugitive: SupplyCardId,
}

/// Where a fugitive's crew card is, as FF-PBH-9 distinguishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whereabouts {
    /// (c) In the hunter's own crew, at this index.
    OwnCrew(usize),
    /// (a) In a rival's crew, in the hunter's sector.
    RivalCrew(Seat),
    /// (b) In the discard pile of the Supply deck of the hunter's sector.
    SupplyDiscard(DeckId),
}

impl Bounties {
    /// FF-PBH-1: the deck, shuffled, and the first three revealed. Cards whose fugitive is in no
    /// deck of this game are left out (see the module notes).
    pub fn deal(content: &Content, set: ExpansionSet, chance: &mut Chance) -> Bounties {
        let mut b = Bounties {
            deck: Default::default(),
            most_wanted: Default::default(),
            bound: Default::default(),
            removed: Default::default(),
        };
        if !set.has(Expansion::PiratesAndBountyHunters) {
            return b;
        }
        let in_game = |card: &SupplyCardId| {
            let c = &content.supply_cards[*card as usize];
            set.includes(c.source) && set.includes(content.supply_decks[c.deck as usize].def.source)
        };
        let cards: Vec<BountyId> = (0..content.bounties.len() as BountyId)
            .filter(|&i| set.includes(content.bounties[i as usize].source))
            .filter(|&i| content.bounty.cards[i as usize].iter().any(in_game))
            .collect();
        b.deck = FixedDeck::from_vec(cards);
        b.deck.shuffle(chance);
        while b.most_wanted.len() < 3 {
            match b.deck.draw() {
                Some(c) => b.most_wanted.push(c),
                None => break,
            }
        }
        b
    }
}

impl Firefly {
    /// The Bounty card that pays for crew definition `d` (one at most, checked on load).
    pub fn bounty_for(&self, d: CrewDefId) -> Option<BountyId> {
        self.content
            .bounty
            .fugitives
            .iter()
            .position(|f| f.contains(&d))
            .map(|b| b as BountyId)
    }

    /// Whether `seat` may try to apprehend the fugitives of bounty `b`: it is on the Most
    /// Wanted list, or it is a Cortex Alert `seat` holds (FF-PBH-16).
    pub fn may_hunt(&self, seat: Seat, b: BountyId) -> bool {
        self.bounties.most_wanted.contains(&b)
            || (self.content.bounties[b as usize].cortex_alert
                && self
                    .bounties
                    .bound
                    .iter()
                    .any(|x| x.seat == seat && x.bounty == b))
    }

    /// FF-PBH-9: where fugitive card `card` is, seen from `seat`'s ship; `None` when it cannot
    /// be apprehended from there (elsewhere, in a face-down deck, held, out of the game).
    pub fn whereabouts(&self, seat: Seat, card: SupplyCardId) -> Option<Whereabouts> {
        let me = &self.players[seat as usize];
        for p in &self.players {
            if let Some(i) = p.crew_index(CrewCard::Hired(card)) {
                return if p.seat == seat {
                    Some(Whereabouts::OwnCrew(i))
                } else if p.sector == me.sector && !self.in_sanctuary(p.seat) {
                    Some(Whereabouts::RivalCrew(p.seat))
                } else {
                    None
                };
            }
        }
        let deck = self.supply_deck_at(me.sector)?;
        self.decks.supply[deck as usize]
            .discard_pile()
            .contains(&card)
            .then_some(Whereabouts::SupplyDiscard(deck))
    }

    /// The bounty Work actions open to `p` (FF-PBH-8, -13, -14): apprehending each fugitive
    /// within reach, delivering each bounty held at its drop-off, jumping each bounty held by
    /// a rival in the sector. In card order, no allocation.
    #[inline]
    pub fn bounty_work_actions(&self, p: &Player, out: &mut Vec<Action>) {
        if self.uses(Expansion::PiratesAndBountyHunters) {
            self.list_bounty_work(p, out);
        }
    }

    #[inline(never)]
    fn list_bounty_work(&self, p: &Player, out: &mut Vec<Action>) {
        let c = self.content;
        // Apprehending: the crew cards of the bounties one may hunt, wherever they are within
        // reach, in card order.
        let first = out.len();
        for b in 0..c.bounties.len() as BountyId {
            if self.may_hunt(p.seat, b) {
                for &card in &c.bounty.cards[b as usize] {
                    if self.whereabouts(p.seat, card).is_some() {
                        out.push(Action::Work(WorkTarget::Apprehend(card)));
                    }
                }
            }
        }
        out[first..].sort_unstable_by_key(|a| match a {
            Action::Work(WorkTarget::Apprehend(card)) => *card,
            _ => SupplyCardId::MAX,
        });
        for b in 0..c.bounties.len() as BountyId {
            let held = |s: Seat| self.bound_count(s, b) > 0;
            // FF-PBH-13: at the drop-off.
            if held(p.seat) && self.drop_off(b) == p.sector {
                out.push(Action::Work(WorkTarget::DeliverBounty(b)));
            }
            // FF-PBH-14: a rival's Bound Fugitives in the sector.
            // A Cryo Stasis Chamber aboard keeps them from being jumped.
            for r in &self.players {
                if r.seat != p.seat
                    && r.sector == p.sector
                    && held(r.seat)
                    && !self.in_sanctuary(r.seat)
                    && self.bounties_jumpable(r.seat)
                {
                    out.push(Action::Work(WorkTarget::JumpBounty {
                        from: r.seat,
                        bounty: b,
                    }));
                }
            }
        }
    }

    /// FF-PBH-13: where bounty `b` is delivered now (the Alliance Cruiser moves).
    pub fn drop_off(&self, b: BountyId) -> SectorId {
        self.content.bounty.drop_offs[b as usize].unwrap_or(self.cruiser)
    }

    /// A bounty Work action begins: the crew on it is everyone who may work it.
    pub(crate) fn begin_bounty_work(&mut self, target: WorkTarget, events: &mut Vec<Event>) {
        let seat = self.current;
        self.work_with_whole_crew(target);
        match target {
            WorkTarget::Apprehend(card) => match self.whereabouts(seat, card) {
                Some(Whereabouts::OwnCrew(idx)) => {
                    // FF-PBH-9(c): Betrayal. No Showdown; every crew member but the Leader
                    // becomes Disgruntled.
                    let b =
                        self.bounty_for(self.content.supply_cards[card as usize].crew().unwrap());
                    events.push(Event::Betrayed {
                        seat,
                        fugitive: card,
                    });
                    self.bind(seat, b.unwrap(), card, Some((seat, idx)), events);
                    let mut i = 1;
                    while i < self.players[seat as usize].crew.len() {
                        let before = self.players[seat as usize].crew.len();
                        self.disgruntle(seat, i, events);
                        // A second token sends them away (FF-CREW-12): the next one moved up.
                        if self.players[seat as usize].crew.len() == before {
                            i += 1;
                        }
                    }
                    self.end_work();
                }
                // FF-PBH-9(b): a Showdown against the lone fugitive.
                Some(Whereabouts::SupplyDiscard(_)) => {
                    self.start_showdown(Defender::Fugitive(card), events)
                }
                // FF-PBH-9(a): board the rival's ship first.
                Some(Whereabouts::RivalCrew(_)) => self.begin_boarding(events),
                None => unreachable!("apprehending a fugitive out of reach"),
            },
            WorkTarget::JumpBounty { .. } => self.begin_boarding(events),
            WorkTarget::DeliverBounty(b) => {
                self.deliver_bounty(seat, b, events);
                self.end_work();
            }
            _ => unreachable!("not a bounty Work action"),
        }
    }

    /// A Work action that the whole crew who may go makes, with no crew chosen and no
    /// Misbehave cards (a bounty's, a Piracy job's): under way, resolving.
    pub(crate) fn work_with_whole_crew(&mut self, target: WorkTarget) {
        let on_job = self.eligible_crew(&self.players[self.current as usize], target);
        self.activity = Activity::Working {
            target,
            on_job,
            misbehave_left: 0,
            step: 0,
            used: 0,
            offered: 0,
        };
        self.phase = Phase::Resolving;
    }

    /// FF-PBH-10: `card` (of bounty `b`) is Bound by Law, held by `seat`: out of the crew it was
    /// in (`from`: seat and crew index) or out of its discard pile. A bounty claimed from the
    /// Most Wanted list is replaced (FF-PBH-2).
    pub(crate) fn bind(
        &mut self,
        seat: Seat,
        b: BountyId,
        card: SupplyCardId,
        from: Option<(Seat, usize)>,
        events: &mut Vec<Event>,
    ) {
        match from {
            Some((s, idx)) => {
                let p = &mut self.players[s as usize];
                let m = p.crew.remove(idx);
                p.spare_gear.extend(m.gear);
                p.refresh_cards(self.content);
                self.crew_removed(s, idx);
            }
            None => {
                let deck = self.content.supply_cards[card as usize].deck;
                self.decks.supply[deck as usize].take_from_discard(card);
            }
        }
        self.bounties.bound.push(Bound {
            seat,
            bounty: b,
            fugitive: card,
        });
        events.push(Event::FugitiveBound {
            seat,
            bounty: b,
            fugitive: card,
        });
        if let Some(i) = self.bounties.most_wanted.iter().position(|&x| x == b) {
            self.bounties.most_wanted.remove(i);
            self.refill_most_wanted(events);
        }
    }

    /// FF-PBH-2, FF-PBH-4: reveal Bounty cards until three are face up, removing from the game
    /// each whose fugitive is gone.
    pub(crate) fn refill_most_wanted(&mut self, events: &mut Vec<Event>) {
        while self.bounties.most_wanted.len() < 3 {
            let Some(b) = self.bounties.deck.draw() else {
                return;
            };
            if self.fugitives_gone(b) {
                self.bounties.removed.push(b);
                events.push(Event::BountyRemoved { bounty: b });
                continue;
            }
            self.bounties.most_wanted.push(b);
            events.push(Event::BountyRevealed { bounty: b });
        }
    }

    /// Whether every crew card bounty `b` is for is out of the game (Killed, seized, delivered).
    fn fugitives_gone(&self, b: BountyId) -> bool {
        let c = self.content;
        let set = self.expansions();
        c.bounty.cards[b as usize].iter().all(|&card| {
            !set.includes(c.supply_cards[card as usize].source)
                || self.removed.supply.contains(card)
        })
    }

    /// How many fugitives of bounty `b` captain `seat` holds (FF-PBH-10; several for a Cortex
    /// Alert).
    pub fn bound_count(&self, seat: Seat, b: BountyId) -> usize {
        self.bounties
            .bound
            .iter()
            .filter(|x| x.seat == seat && x.bounty == b)
            .count()
    }

    /// FF-PBH-4: a character Killed while their bounty is face up: the card leaves the game and
    /// another is revealed. Checked after every step (three cards at most).
    pub(crate) fn check_most_wanted(&mut self, events: &mut Vec<Event>) {
        if self.bounties.most_wanted.is_empty() {
            return;
        }
        let mut i = 0;
        let mut changed = false;
        while i < self.bounties.most_wanted.len() {
            let b = self.bounties.most_wanted[i];
            if self.fugitives_gone(b) {
                self.bounties.most_wanted.remove(i);
                self.bounties.removed.push(b);
                events.push(Event::BountyRemoved { bounty: b });
                changed = true;
            } else {
                i += 1;
            }
        }
        if changed {
            self.refill_most_wanted(events);
        }
    }

    /// FF-PBH-3: the "Alliance Cruiser" Nav card was drawn: the face-up bounties go to the
    /// bottom of the deck and three new ones are revealed.
    pub(crate) fn update_most_wanted(&mut self, events: &mut Vec<Event>) {
        if !self.uses(Expansion::PiratesAndBountyHunters) {
            return;
        }
        for b in std::mem::take(&mut self.bounties.most_wanted) {
            self.bounties.deck.put_bottom(b);
        }
        events.push(Event::MostWantedUpdated);
        self.refill_most_wanted(events);
    }

    /// FF-PBH-13, FF-PBH-16, FF-PBH-20, FF-PBH-5: deliver every fugitive of bounty `b` that
    /// `seat` holds: the reward for each, each Lawman's Bounty Bonus for each; an Immoral bounty
    /// Disgruntles the Moral crew; crew cards and Bounty card leave the game.
    fn deliver_bounty(&mut self, seat: Seat, b: BountyId, events: &mut Vec<Event>) {
        let mut delivered = 0u32;
        let mut i = 0;
        while i < self.bounties.bound.len() {
            let x = self.bounties.bound[i];
            if x.seat == seat && x.bounty == b {
                self.bounties.bound.remove(i);
                self.removed.supply.insert(x.fugitive);
                delivered += 1;
            } else {
                i += 1;
            }
        }
        let card = &self.content.bounties[b as usize];
        let bonus: u32 = self
            .crew_abilities(&self.players[seat as usize])
            .map(|a| match a {
                Ability::BountyBonus { amount } => *amount,
                _ => 0,
            })
            .sum();
        let pay = (card.pay + bonus) * delivered;
        self.bounties.removed.push(b);
        events.push(Event::BountyDelivered {
            seat,
            bounty: b,
            fugitives: delivered as u8,
            pay,
        });
        self.earn(seat, pay, events);
        if card.immoral {
            self.disgruntle_moral_crew(seat, events);
        }
    }

    /// FF-PBH-12: Reavers Kill a ship's Passengers and Fugitives: its Bound Fugitives are
    /// removed from play too.
    pub(crate) fn reavers_eat_bound(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let mut i = 0;
        while i < self.bounties.bound.len() {
            let x = self.bounties.bound[i];
            if x.seat == seat {
                self.bounties.bound.remove(i);
                self.removed.supply.insert(x.fugitive);
                events.push(Event::BoundFugitiveLost {
                    seat,
                    fugitive: x.fugitive,
                });
                // A Bounty card with no fugitive left goes to the bottom of the deck (judged:
                // as after a Rescue, FF-PBH-15); FF-PBH-4 removes it if it comes up again.
                if !self.bounties.bound.iter().any(|y| y.bounty == x.bounty) {
                    self.bounties.deck.put_bottom(x.bounty);
                }
            } else {
                i += 1;
            }
        }
    }

    /// The Showdown of a bounty attempt was won (FF-PBH-9, FF-PBH-15).
    pub(crate) fn bounty_showdown_won(&mut self, s: &Showdown, events: &mut Vec<Event>) {
        let seat = s.attacker;
        let Activity::Working { target, .. } = self.activity else {
            unreachable!()
        };
        match target {
            WorkTarget::Apprehend(card) => {
                match s.defender {
                    // Meadows may be Killed instead of the fugitive (`crate::pirate_gear`):
                    // her captain answers first.
                    Defender::Rival(r) => {
                        let what = crate::pirate_gear::StandInFor::Apprehended { fugitive: card };
                        if self.offer_stand_in(r, what) {
                            return;
                        }
                        self.bind_from_rival(card, events);
                    }
                    Defender::Fugitive(_) => {
                        let b = self
                            .bounty_for(self.content.supply_cards[card as usize].crew().unwrap())
                            .unwrap();
                        self.bind(seat, b, card, None, events);
                    }
                }
                self.end_work();
            }
            WorkTarget::JumpBounty { .. } => {
                // The hunter says whether this is a Rescue (FF-PBH-15).
                self.phase = Phase::Showdown(Showdown {
                    stage: crate::showdown::ShowdownStage::JumpWon,
                    ..*s
                });
            }
            _ => unreachable!(),
        }
    }

    /// FF-PBH-9(a): the fugitive `card`, of the crew of the captain who lost the Showdown, is
    /// Bound by Law by the captain whose turn it is.
    pub(crate) fn bind_from_rival(&mut self, card: SupplyCardId, events: &mut Vec<Event>) {
        let seat = self.current;
        let b = self
            .bounty_for(self.content.supply_cards[card as usize].crew().unwrap())
            .unwrap();
        let from = self.players.iter().find_map(|p| {
            p.crew_index(CrewCard::Hired(card))
                .filter(|_| p.seat != seat)
                .map(|i| (p.seat, i))
        });
        self.bind(seat, b, card, from, events);
    }

    /// FF-PBH-14/15, FF-PBH-17: after a Bounty Jump is won: take the Bound Fugitives of the
    /// bounty (all of a Cortex Alert's), or (a Rescue) free them: each joins the crew for free
    /// while there is room, else goes to their Supply deck's discard pile; the Bounty card goes
    /// to the bottom of the deck.
    pub(crate) fn finish_jump(&mut self, rescue: bool, events: &mut Vec<Event>) {
        let seat = self.current;
        let Activity::Working {
            target: WorkTarget::JumpBounty { from, bounty },
            ..
        } = self.activity
        else {
            unreachable!()
        };
        events.push(Event::BountyJumped {
            seat,
            from,
            bounty,
            rescue,
        });
        let mut i = 0;
        while i < self.bounties.bound.len() {
            let x = self.bounties.bound[i];
            if x.seat != from || x.bounty != bounty {
                i += 1;
                continue;
            }
            if !rescue {
                self.bounties.bound[i].seat = seat;
                i += 1;
                continue;
            }
            self.bounties.bound.remove(i);
            let p = &self.players[seat as usize];
            let joins = p.crew.len() < self.max_crew(p);
            if joins {
                self.acquire(seat, x.fugitive, events);
            } else {
                let deck = self.content.supply_cards[x.fugitive as usize].deck;
                self.decks.supply[deck as usize].discard(x.fugitive);
            }
            events.push(Event::FugitiveRescued {
                seat,
                fugitive: x.fugitive,
                joined: joins,
            });
        }
        if rescue {
            self.bounties.deck.put_bottom(bounty);
        }
        self.phase = Phase::Resolving;
        self.end_work();
    }
}
