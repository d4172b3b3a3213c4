//! Set-up (FF-SETUP) and the turn (FF-TURN): whose decision it is, the legal actions at each
//! decision point, and applying them.

use std::sync::OnceLock;

use tabletop_core::{Chance, Outcome, Seat};

use crate::action::Action;
use crate::content::*;
use crate::cutter_places::CutterPlaces;
use crate::event::Event;
use crate::resolve::Origin;
use crate::state::*;

/// Why a game could not be set up.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SetupError {
    #[error("{0}")]
    Scenario(crate::scenario::ScenarioError),
    #[error("Firefly is for 1 to 5 players, not {0}")]
    Players(u8),
    #[error("no story card called \"{0}\" (try `tabletop firefly stories`)")]
    Story(String),
    #[error("{players} captains need {players} ship cards and Leaders; the content has {ships} (5 players need the 5th-player kit)")]
    NotEnoughShips { players: u8, ships: u8 },
    #[error("the expansion {0} is listed twice")]
    ExpansionTwice(&'static str),
    #[error("\"{story}\" is a {expansion} story: play it with --expansions {id}")]
    StoryNeedsExpansion {
        story: String,
        expansion: &'static str,
        id: &'static str,
    },
    #[error("no Set Up card called \"{0}\" (try `tabletop firefly cards --kind setup`)")]
    SetupCard(String),
    #[error("\"{card}\" is a {expansion} Set Up card: play it with --expansions {id}")]
    SetupCardNeedsExpansion {
        card: String,
        expansion: &'static str,
        id: &'static str,
    },
    #[error("\"{card}\" uses only the expansions' Job cards, but {contact}'s deck would be empty: the content has no expansion job for {contact}")]
    EmptyContactDeck { card: String, contact: &'static str },
    #[error("\"{story}\" is for {min} to {max} players, not {players}")]
    StoryPlayers {
        story: String,
        min: u8,
        max: u8,
        players: u8,
    },
}

/// FF-MISC-12: the sums a captain may give at once (as trades count credits, `crate::trade`).
pub const CREDIT_GIFTS: [u32; 3] = [100, 500, 1000];

/// Niska's Pound of Flesh as a card effect (FF-REP-10): Kill a crew member.
pub fn pound_of_flesh() -> &'static [Choice] {
    static C: OnceLock<Vec<Choice>> = OnceLock::new();
    C.get_or_init(|| {
        vec![Choice {
            name: "Pound of Flesh".into(),
            requires: vec![],
            effects: vec![Effect::KillCrew {
                count: 1,
                profession: None,
            }],
            test: None,
            then: vec![],
            ends: Some(Ending::Proceed),
            salvage_op: false,
            breakdown: false,
        }]
    })
}

/// A pick-up with no limit ("Load Fugitives, no limit"): the player chooses how many of the
/// item to load, up to what fits (FF-MISC-3).
pub fn load_any(item: Item) -> &'static [Choice] {
    static C: OnceLock<Vec<Vec<Choice>>> = OnceLock::new();
    let all = C.get_or_init(|| {
        Item::ALL
            .iter()
            .map(|&item| {
                vec![Choice {
                    name: "Pick-up with no limit".into(),
                    requires: vec![],
                    effects: vec![Effect::LoadUpTo {
                        item,
                        amount: LOAD_NO_LIMIT,
                    }],
                    test: None,
                    then: vec![],
                    ends: Some(Ending::Proceed),
                    salvage_op: false,
                    breakdown: false,
                }]
            })
            .collect()
    });
    &all[item.index()]
}

/// FF-SETUP-8: every player rolls one die and the highest roller picks first. Ties are not
/// covered by the rulebooks; judged: the tied players roll again among themselves, until one is
/// highest. Returns the first picker and every round of rolls, `(seat, face)` in seat order.
pub fn first_pick_roll(chance: &mut Chance, players: u8) -> (Seat, Vec<Vec<(Seat, u8)>>) {
    let mut rolling: Vec<Seat> = (0..players).collect();
    let mut rounds = Vec::new();
    loop {
        let rolls: Vec<(Seat, u8)> = rolling.iter().map(|&s| (s, chance.d6())).collect();
        let best = rolls.iter().map(|r| r.1).max().unwrap();
        let top: Vec<Seat> = rolls.iter().filter(|r| r.1 == best).map(|r| r.0).collect();
        rounds.push(rolls);
        if top.len() == 1 {
            return (top[0], rounds);
        }
        rolling = top;
    }
}

impl Firefly {
    /// FF-SETUP-1..19.
    pub fn setup(
        content: &'static Content,
        options: &Options,
        seed: u64,
    ) -> Result<Firefly, SetupError> {
        let n = options.players;
        if !(1..=5).contains(&n) {
            return Err(SetupError::Players(n));
        }
        let story = content
            .story(&options.story)
            .ok_or_else(|| SetupError::Story(options.story.clone()))?;
        let sd = &content.stories[story as usize];
        // The engine's own options (a pick-up with no limit, the Alert resolution) are built
        // once, here rather than in the first step that needs them: a step allocates nothing.
        load_any(Item::Cargo);
        crate::rim::alert_choice();
        pound_of_flesh();
        for (i, e) in options.expansions.iter().enumerate() {
            if options.expansions[..i].contains(e) {
                return Err(SetupError::ExpansionTwice(e.id()));
            }
        }
        let set = options.expansion_set();
        // A story needs its own product, and any other its goals name (`Story::needs`).
        let missing = set
            .missing_for(sd.source)
            .or_else(|| sd.expansions_needed().into_iter().find(|e| !set.has(*e)));
        if let Some(e) = missing {
            return Err(SetupError::StoryNeedsExpansion {
                story: sd.title.clone(),
                expansion: e.name(),
                id: e.id(),
            });
        }
        // FF-BS-5: the Set Up card, by id or name, of a product in play.
        let setup_card = match &options.setup_card {
            None => None,
            Some(name) => {
                let want = name.to_lowercase();
                let i = content
                    .setup_cards
                    .iter()
                    .position(|s| s.id == *name || s.name.to_lowercase() == want)
                    .ok_or_else(|| SetupError::SetupCard(name.clone()))?;
                let card = &content.setup_cards[i];
                if let Some(e) = set.missing_for(card.source) {
                    return Err(SetupError::SetupCardNeedsExpansion {
                        card: card.name.clone(),
                        expansion: e.name(),
                        id: e.id(),
                    });
                }
                Some(i as u16)
            }
        };
        let card = setup_card.map(|i| &content.setup_cards[i as usize]);
        if n < sd.players[0] || n > sd.players[1] {
            return Err(SetupError::StoryPlayers {
                story: sd.title.clone(),
                min: sd.players[0],
                max: sd.players[1],
                players: n,
            });
        }
        // FF-COMP-6, FF-COMP-12: one ship card per captain (5 players need the 5th-player kit).
        let ships = content
            .ships
            .iter()
            .filter(|s| set.includes(s.source))
            .count();
        let leaders = content
            .leaders
            .iter()
            .filter(|&&l| set.includes(content.crew[l as usize].source))
            .count();
        if n as usize > ships || n as usize > leaders {
            return Err(SetupError::NotEnoughShips {
                players: n,
                ships: ships.min(leaders) as u8,
            });
        }
        let mut chance = Chance::new(seed);
        // FF-SETUP-4: shuffle the decks.
        // Only the cards of the products in play: an expansion's cards (and its decks, contacts
        // and board sectors) are left in the box unless it is chosen.
        let board = content.board(set);
        let mut supply: tinyvec::ArrayVec<[TableDeck<SupplyCardId>; MAX_SUPPLY_DECKS]> = content
            .supply_decks
            .iter()
            .map(|d| {
                if !board.in_play(d.sector) {
                    return TableDeck::default();
                }
                let cards = d.cards.iter().copied();
                TableDeck::from_vec(
                    cards
                        .filter(|&c| set.includes(content.supply_cards[c as usize].source))
                        .collect(),
                )
            })
            .collect();
        for d in &mut supply {
            d.shuffle(&mut chance);
        }
        let mut contacts = [TableDeck::<JobId>::default(); ContactName::COUNT];
        // A Set Up card's Rim Space Jobs: the base game's Job cards stay in the box (FF-BS-5).
        let rim_jobs_only = card.is_some_and(|c| c.expansion_jobs_only);
        for (j, job) in content.jobs.iter().enumerate() {
            if rim_jobs_only && job.source == Source::Base {
                continue;
            }
            if let Some(c) = job.contact.filter(|_| content.job_in_play(j as JobId, set)) {
                contacts[c.index()].put_bottom(j as JobId);
            }
        }
        for d in &mut contacts {
            d.shuffle(&mut chance);
        }
        if let Some(card) = card.filter(|c| c.expansion_jobs_only) {
            // Every expansion Contact is dealt with (and may deal starting jobs): an empty deck
            // means content that cannot play the card, refused rather than met mid-game.
            for k in Firefly::expansion_contacts(content, set) {
                if contacts[k.index()].draw_len() == 0 {
                    return Err(SetupError::EmptyContactDeck {
                        card: card.name.clone(),
                        contact: k.name(),
                    });
                }
            }
        }
        let mut nav = [NavDeck::default(); 3];
        for i in content.nav_deck_cards(set) {
            let d = match content.nav_def(i).deck {
                NavDeckName::Alliance => 0,
                NavDeckName::Border => 1,
                NavDeckName::Rim => 2,
            };
            nav[d].put_bottom(i);
        }
        for (d, deck) in nav.iter_mut().enumerate() {
            deck.shuffle(&mut chance);
            // FF-SETUP-2/3: with 3+ players the RESHUFFLE card starts face up in the discards;
            // FF-MISC-13: in a 60-card Nav deck (Kalidasa) it is shuffled into the deck instead;
            // and whatever the deck with a Set Up card that says so (FF-BS-5).
            let in_decks = card.is_some_and(|c| c.reshuffle_cards_in_decks);
            if n >= 3 && deck.draw_len() < crate::fly::BIG_NAV_DECK && !in_decks {
                let resh: Vec<NavCardId> = deck
                    .draw_pile()
                    .iter()
                    .copied()
                    .filter(|&c| content.nav_def(c).reshuffle)
                    .collect();
                for c in resh {
                    deck.take_from_draw(c);
                    deck.discard(c);
                }
            }
            let _ = d;
        }
        let mut misbehave = MisbehaveDeck::from_vec(
            (0..content.misbehave_cards.len() as MisbehaveCardId).collect(),
        );
        misbehave.shuffle(&mut chance);
        // FF-PBH-1: the Bounty deck and the 'Verse's Most Wanted (none without the expansion).
        let bounties = crate::bounty::Bounties::deal(content, set, &mut chance);

        // FF-SETUP-8: everyone rolls; the highest picks first (ties roll again).
        let (first, _rolls) = first_pick_roll(&mut chance, n);
        // FF-SETUP-9: picking passes to the left.
        let pick_order = (0..n).map(|k| (first + k) % n).collect();

        let money = sd.setup.money.unwrap_or(3000);
        let players = (0..n)
            .map(|seat| Player {
                seat,
                leader: 0,
                ship: 0,
                sector: 0,
                placed: false,
                drive_core: DriveCoreCard::Starting(0),
                upgrades: Default::default(),
                // Room for a full crew, inline: hiring in play allocates nothing.
                crew: CrewList::new(),
                spare_gear: Default::default(),
                // FF-SETUP-15: $3,000, 6 Fuel, 2 Parts.
                money,
                items: {
                    let mut i = [0u8; 6];
                    i[Item::Fuel.index()] = 6;
                    i[Item::Parts.index()] = 2;
                    i
                },
                hand: Default::default(),
                active: Default::default(),
                completed: Default::default(),
                solid: 0,
                warrants: if sd.setup.start_with_warrant { 1 } else { 0 },
                goals: 0,
                card_solid: 0,
                card_powers: Default::default(),
                haven: None,
            })
            .map(|mut p: Player| {
                p.refresh_cards(content);
                p
            })
            .collect();
        Ok(Firefly {
            content,
            rules: TableRules::of(options, content, story),
            story,
            chance,
            players,
            ships: Default::default(),
            decks: Decks {
                supply,
                contacts,
                nav,
                nav_reshuffled: [false; 3],
                nav_reshuffle_due: [false; 3],
                misbehave,
            },
            removed: Removed::default(),
            // FF-SETUP-5/6.
            cruiser: content.cruiser_start,
            cutters: CutterPlaces::new(Firefly::starting_cutters(content, set)),
            // FF-BS-3 (Kalidasa): the Corvette starts in Cortex Relay 2.
            corvette: content
                .corvette_start
                .filter(|_| set.has(Expansion::Kalidasa)),
            // Room for the usual number (a step allocates nothing, issue 11).
            alerts: Default::default(),
            actor: first,
            current: first,
            pick_order,
            round: 0,
            turn: TurnActions::default(),
            phase: Phase::ChooseLeader,
            activity: Activity::None,
            resolution: Vec::with_capacity(4),
            job_pay: JobPay::default(),
            activity_contact: None,
            considering_drawn: false,
            ships_chosen: 0,
            last_call: None,
            setup_card,
            clear_sectors: 0,
            nav_run: 0,
            fuel_leak: false,
            game_length_tokens: card.map_or(0, |c| c.game_length_tokens),
            seen_top: [[0; 5]; 4],
            outcome: None,
            bounties,
        })
    }

    fn picks_done(&self) -> usize {
        self.players.iter().filter(|p| !p.crew.is_empty()).count()
    }

    /// FF-SETUP-16/17: deal the starting jobs.
    fn deal_starting_jobs(&mut self) {
        let sd = self.story_def();
        // The Story Card wins over the Set Up card where both say (FF-SETUP-22).
        let card_from = self
            .setup_card_def()
            .and_then(|c| c.starting_jobs_from.as_ref());
        type Contacts = smallvec::SmallVec<[ContactName; 16]>;
        let from: Contacts = if self.rules.first_game {
            smallvec::smallvec![
                ContactName::Harken,
                ContactName::AmnonDuul,
                ContactName::Patience,
            ]
        } else if let Some(list) = &sd.setup.starting_jobs_from {
            list.iter().copied().collect()
        } else if let Some(list) = card_from {
            list.iter().copied().collect()
        } else if self
            .setup_card_def()
            .is_some_and(|c| c.starting_jobs_from_expansion_contacts)
        {
            // One from each Contact of the expansions in play ("The Rim's the Thing").
            Firefly::expansion_contacts(self.content, self.expansions())
                .into_iter()
                .collect()
        } else if self.chosen_deck_draw() > 0 {
            // Drawn by each captain from a deck of their choice (`Phase::StartingDeck`).
            Contacts::new()
        } else {
            smallvec::smallvec![
                ContactName::Harken,
                ContactName::Badger,
                ContactName::AmnonDuul,
                ContactName::Patience,
                ContactName::Niska,
            ]
        };
        // A story that closes a Contact deals no starting jobs from it (FF-SETUP-22).
        let from: Contacts = from
            .into_iter()
            .filter(|c| !sd.setup.closed_contacts.contains(c))
            .collect();
        for i in 0..self.pick_order.len() {
            let seat = self.pick_order[i];
            for &c in &from {
                if let Some(j) = self.decks.contacts[c.index()].draw() {
                    self.players[seat as usize].hand.push(j);
                }
            }
        }
    }

    /// What Magistrate Higgins pays for this crew member (the Mudders), if he takes them.
    pub fn turn_over_price(&self, m: &CrewMember) -> Option<u32> {
        self.crew_def(m).abilities.iter().find_map(|a| match a {
            Ability::TurnedOverToHiggins { amount } => Some(*amount),
            _ => None,
        })
    }

    /// A Mudder is turned over to Higgins: removed from play (their gear stays aboard), the
    /// money taken, and, the act being Immoral, every Moral crew member Disgruntled (as an
    /// Immoral job does, FF-WORK-22).
    fn turn_over(&mut self, seat: Seat, card: CrewCard, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        let idx = p.crew_index(card).unwrap();
        let amount = self
            .turn_over_price(&self.players[seat as usize].crew[idx])
            .unwrap();
        let p = &mut self.players[seat as usize];
        let m = p.crew.remove(idx);
        p.spare_gear.extend(m.gear);
        p.refresh_cards(self.content);
        if let CrewCard::Hired(c) = m.card {
            self.removed.supply.insert(c);
        }
        self.crew_removed(seat, idx);
        events.push(Event::TurnedOver {
            seat,
            crew: card,
            amount,
        });
        self.earn(seat, amount, events);
        self.disgruntle_moral_crew(seat, events);
    }

    /// GAMBLING gear: discarded, its dice rolled (not a Test: nothing modifies them), the
    /// winnings taken.
    fn gamble(&mut self, seat: Seat, g: SupplyCardId, events: &mut Vec<Event>) {
        let ability = self
            .gear_def(g)
            .abilities
            .iter()
            .find(|a| {
                matches!(
                    a,
                    Ability::GambleFiftyFifty { .. }
                        | Ability::GamblePerPip { .. }
                        | Ability::GambleOnMatchingSuits { .. }
                        | Ability::GambleNamedSuit { .. }
                )
            })
            .cloned()
            .unwrap();
        self.discard_gear(seat, g, events);
        let mut roll = |g: &mut Self| {
            let r = g.chance.d6();
            events.push(Event::CardDie { seat, roll: r });
            r as u32
        };
        let won = match ability {
            Ability::GambleFiftyFifty { prize } => {
                if roll(self) >= 4 {
                    prize
                } else {
                    0
                }
            }
            Ability::GamblePerPip { dice, per_pip } => {
                (0..dice).map(|_| roll(self)).sum::<u32>() * per_pip
            }
            Ability::GambleOnMatchingSuits {
                stake,
                cards,
                matching,
                prize,
            } => {
                self.pay(seat, stake, events);
                if self.most_of_one_suit(seat, cards, events) >= matching as usize {
                    prize
                } else {
                    0
                }
            }
            // Friendly Game of Cards: the stake, then the suit is named (`crate::pirate_gear`).
            Ability::GambleNamedSuit { stake, .. } => {
                self.pay(seat, stake, events);
                self.begin_resolution(
                    crate::resolve::Origin::Card(g),
                    seat,
                    crate::pirate_gear::suit_options(),
                    events,
                );
                0
            }
            _ => unreachable!(),
        };
        if won > 0 {
            self.earn(seat, won, events);
        }
    }

    /// Tall Playing Cards: the top `cards` Misbehave cards are revealed to everyone and
    /// discarded, one at a time (FF-MISB-13: the RESHUFFLE card shuffles the deck as when
    /// resolved; an empty deck takes its discard pile first); how many of them share the most
    /// common suit.
    fn most_of_one_suit(&mut self, seat: Seat, cards: u8, events: &mut Vec<Event>) -> usize {
        let mut counts = [0usize; 4];
        for _ in 0..cards {
            let Some(suit) = self.reveal_top_misbehave(seat, events) else {
                break;
            };
            counts[suit as usize] += 1;
        }
        counts.into_iter().max().unwrap_or(0)
    }

    /// The top Misbehave card revealed to everyone and discarded (GAMBLING cards): its suit.
    /// FF-MISB-13: the RESHUFFLE card shuffles the deck as when resolved; an empty deck takes
    /// its discard pile first. `None`: no card left anywhere.
    pub(crate) fn reveal_top_misbehave(
        &mut self,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Option<Suit> {
        if self.decks.misbehave.draw_len() == 0 {
            self.forget_seen_top(None);
        }
        let card = self.decks.misbehave.draw_or_reshuffle(&mut self.chance)?;
        let def = self.content.misbehave_def(card);
        events.push(Event::MisbehaveRevealed { seat, card });
        self.decks.misbehave.discard(card);
        if def.reshuffle {
            self.decks.misbehave.reshuffle(&mut self.chance);
            self.forget_seen_top(None);
        }
        Some(def.suit)
    }

    /// FF-WORK-27: Make-Work pays $200, no Cut; a Busker adds to it (`MakeWorkBonus`, kept
    /// with the captain's cards: `crate::card_powers`).
    pub fn make_work_pay(&self, p: &Player) -> u32 {
        200 + p.card_powers.make_work_bonus
    }

    /// FF-SETUP-18: Priming the Pump.
    fn prime_the_pump(&mut self) {
        // A story's set-up: the Piracy jobs left in the decks go face up on the discard piles.
        if self.story_def().setup.piracy_to_discard {
            let jobs = &self.content.jobs;
            let piracy = |j: &JobId| jobs[*j as usize].piracy.is_some();
            for d in &mut self.decks.contacts {
                // Bottom first, as they lie in the deck.
                while let Some(&j) = d.draw_pile().iter().find(|j| piracy(j)) {
                    d.take_from_draw(j);
                    d.discard(j);
                }
            }
        }
        for d in &mut self.decks.supply {
            for _ in 0..3 {
                if let Some(c) = d.draw() {
                    d.discard(c);
                }
            }
        }
    }

    /// Start `seat`'s turn and settle (scenarios start here).
    pub fn begin_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.start_turn(seat, events);
        self.settle(events);
    }

    /// FF-TURN-1/2: a new turn.
    fn start_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.current = seat;
        self.actor = seat;
        self.turn = TurnActions::default();
        self.fuel_leak = false;
        self.phase = Phase::Actions;
        events.push(Event::TurnStarted {
            seat,
            round: self.round,
        });
        self.spend_game_length_token(seat, events);
        if self.has_cutter(self.players[seat as usize].sector) {
            self.reaver_contact(seat, events);
            self.phase = Phase::Resolving;
        }
    }

    /// FF-TURN-1, FF-TURN-10: the Dinosaur passes (after the trade window, `crate::trade`).
    pub(crate) fn end_turn(&mut self, events: &mut Vec<Event>) {
        let next = self.seat_after(self.current, 1);
        if next == self.pick_order[0] {
            self.round += 1;
        }
        // Under Last Call only the captains with a last turn still play (the next ones in turn
        // order), and the game ends after them: within a round, so no round limit cuts it short.
        if self.last_call.is_some() {
            if let Some(seat) = self.next_last_turn(events) {
                self.start_turn(seat, events);
            }
            return;
        }
        // A Set Up card's game length tokens: the round in which the last went was the last.
        if next == self.pick_order[0] && self.time_ran_out(events) {
            return;
        }
        if next == self.pick_order[0] {
            let limit = self.story_def().setup.turn_limit.or(self.rules.max_rounds);
            if let Some(limit) = limit {
                if self.round >= limit {
                    let reason = format!("the {limit}-round limit was reached");
                    events.push(Event::GameOver {
                        reason: reason.clone(),
                    });
                    self.outcome = Some(Outcome {
                        winners: vec![],
                        reason,
                    });
                    self.phase = Phase::Over;
                    return;
                }
            }
        }
        self.start_turn(next, events);
    }

    /// A planetary sector: one with a planet (the Space Bazaar and the Cortex Relays count,
    /// FF-MISC-17).
    pub fn planetary(&self, s: SectorId) -> bool {
        self.content.sector_facts[s as usize].planetary
    }

    /// The legal actions of the actor.
    pub fn actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let c = self.content;
        match &self.phase {
            Phase::Over => {}
            Phase::ChooseLeader => {
                for &l in &c.leaders {
                    if self.expansions().includes(c.crew[l as usize].source)
                        && !self
                            .players
                            .iter()
                            .any(|p| !p.crew.is_empty() && p.leader == l)
                    {
                        out.push(Action::ChooseLeader(l));
                    }
                }
            }
            Phase::ChooseShip => {
                for s in 0..c.ships.len() as ShipId {
                    if self.expansions().includes(c.ships[s as usize].source)
                        && !self
                            .players
                            .iter()
                            .any(|p| p.seat != self.actor && p.ship == s && self.ship_taken(p.seat))
                    {
                        out.push(Action::ChooseShip(s));
                    }
                }
            }
            Phase::PlaceShip => {
                let (board, havens) = (self.board(), self.story_def().setup.havens);
                for &s in &board.sectors {
                    // FF-SETUP-11: not where another Firefly is; and (judged, FF-FLY-12) not
                    // with the Reaver Cutter. A story with Havens: the ship goes on its Haven
                    // (FF-PBH-39..41).
                    if !self.ships.taken(s)
                        && !self.has_cutter(s)
                        && (!havens || self.haven_allowed(s))
                    {
                        out.push(Action::PlaceShip(s));
                    }
                }
            }
            Phase::StartingDeck => self.starting_deck_actions(out),
            Phase::Showdown(_) => self.showdown_actions(out),
            Phase::Plunder(_) => self.plunder_actions(out),
            Phase::StartingJobs => {
                let p = self.me();
                out.extend(p.hand.iter().map(|&j| Action::DiscardJob(j)));
                if !self.over_hand_limit(p) {
                    out.push(Action::Done);
                }
            }
            Phase::Actions => self.turn_actions(out),
            Phase::FullBurn { entered, .. } => {
                // "Fuel Coupling Failure": no further sector without a Fuel to discard.
                // Pushed one by one (`extend` of a filtered iterator is a call to its slow,
                // general path, at every step of a flight).
                if !self.fuel_leak || self.me().item(Item::Fuel) > 0 {
                    for s in self.enterable(self.me(), self.me().sector) {
                        out.push(Action::MoveTo(s));
                    }
                }
                if *entered > 0 {
                    out.push(Action::Done);
                }
                self.jettison_actions(out);
                self.scan_actions(out);
            }
            Phase::Mosey { moved, .. } => {
                for s in self.mosey_enterable(self.me().sector) {
                    out.push(Action::MoveTo(s));
                }
                if *moved > 0 {
                    out.push(Action::Done);
                }
                self.jettison_actions(out);
                self.scan_actions(out);
            }
            Phase::Considering { .. } => self.market_actions(out),
            Phase::Purchasing { .. } | Phase::BuyingGoods { .. } => self.buy_actions(out),
            Phase::Accepting { .. } | Phase::DiscardJobs | Phase::Selling { .. } => {
                self.deal_actions(out)
            }
            Phase::ChooseCrew { .. } => self.choose_crew_actions(out),
            Phase::AttachChallenge { .. } => self.attach_challenge_actions(out),
            Phase::PayCuts { .. } => self.pay_cut_actions(out),
            Phase::Resolving => self.resolution_actions(out),
            Phase::Trading(_) | Phase::TradeAnswer(_) | Phase::TradeWindow { .. } => {
                self.trade_actions(out)
            }
        }
    }

    fn ship_taken(&self, seat: Seat) -> bool {
        self.ships_chosen & (1 << seat) != 0
    }

    /// FF-TURN-3..10: actions and free actions of the active player.
    fn turn_actions(&self, out: &mut Vec<Action>) {
        let p = self.me();
        let t = self.turn;
        let c = self.content;
        // The ship's sector's facts, read once (each lookup is reloaded after every push).
        let here = c.sector_facts[p.sector as usize];
        let contact = self.contact_in_play(&here);
        if t.taken < 2 {
            if !t.fly {
                if self.can_full_burn(p) {
                    out.push(Action::FullBurn);
                    if let Some((card, _, _)) = self.catalyzed_burn(self.current) {
                        out.push(Action::UseCard(card));
                    }
                }
                if self.mosey_enterable(p.sector).next().is_some() {
                    out.push(Action::Mosey);
                }
            }
            if !t.buy && here.supply.is_some() {
                // FF-BUY-2, FF-BUY-7: even with no cards left to consider, a Buy action can
                // still buy Fuel and Parts.
                out.push(Action::Buy);
                if p.money >= self.shore_leave_cost(p) {
                    out.push(Action::ShoreLeave);
                }
            }
            if !t.deal {
                if let Some(k) =
                    contact.filter(|k| !self.story_def().setup.closed_contacts.contains(k))
                {
                    let deck = &self.decks.contacts[k.index()];
                    if deck.draw_len() + deck.discard_len() > 0 || self.counts_as_solid(p, k) {
                        out.push(Action::Deal);
                    }
                }
            }
            if !t.work {
                // Workable jobs in id order, sorted in place (no buffer: legal_actions
                // allocates nothing once `out` has grown).
                // One walk of the jobs held also notes whether any is a Piracy job or has a
                // Bonus Drop-Off (`Content::job_facts`), listed after them.
                let first = out.len();
                let (mut piracy, mut bonus) = (false, false);
                for a in &p.active {
                    let f = &c.job_facts[a.job as usize];
                    (piracy, bonus) = (piracy | f.piracy, bonus | f.bonus_drop_off);
                    if self.can_work_job_step(p, a.job, a.steps_done, false) {
                        out.push(Action::Work(WorkTarget::Job(a.job)));
                    }
                }
                for &j in &p.hand {
                    piracy |= c.job_facts[j as usize].piracy;
                    if self.can_work_job_step(p, j, 0, true) {
                        out.push(Action::Work(WorkTarget::Job(j)));
                    }
                }
                if out.len() > first + 1 {
                    out[first..].sort_unstable_by_key(|a| match a {
                        Action::Work(WorkTarget::Job(j)) => *j,
                        _ => JobId::MAX,
                    });
                }
                if bonus {
                    out.extend(self.workable_bonus_drop_offs(p).map(Action::Work));
                }
                if self.can_work_goal(p) {
                    out.push(Action::Work(WorkTarget::Goal));
                }
                self.bounty_work_actions(p, out);
                if piracy {
                    self.list_piracy_work(p, out);
                }
                if here.planetary {
                    out.push(Action::MakeWork);
                }
            }
            // Crew who may spend an action to cheer up *another* crew member (Helen, Emma,
            // Lucy): any Disgruntled crew member but the one using the ability. A Love Bot
            // cheers up anyone, its carrier too.
            // (Only asked when someone is Disgruntled: the legal actions run at every step.)
            if p.card_powers.disgruntled {
                let love_bot = self
                    .crew_abilities(p)
                    .any(|a| matches!(a, Ability::ActionRemoveAnyDisgruntled));
                for (i, m) in p.crew.iter().enumerate() {
                    let cheered_by_another = || {
                        p.crew.iter().enumerate().any(|(k, o)| {
                            k != i
                                && c.crew[o.def as usize]
                                    .abilities
                                    .contains(&Ability::ActionRemoveDisgruntled)
                        })
                    };
                    if m.disgruntled && (love_bot || cheered_by_another()) {
                        out.push(Action::CrewRemoveDisgruntled(m.card));
                    }
                }
            }
        }
        // Last Call (the story's ending): one of the turn's actions, or free, as the story says.
        if self.can_declare_last_call(p.seat) {
            out.push(Action::DeclareLastCall);
        }
        // Free actions.
        if here.planetary {
            for m in p.crew.iter().skip(1) {
                out.push(Action::Dismiss(m.card));
            }
            for item in [Item::Passengers, Item::Fugitives] {
                if p.item(item) > 0 {
                    out.push(Action::Unload(item));
                }
            }
        }
        self.jettison_actions(out);
        // Cards used on one's turn (Labor Contracts, Nav Charts …).
        self.use_actions(out);
        // GAMBLING gear (Maque Tiles, Billiards Betting): carried or set aside (the cards are
        // walked only when one gambles: `Player::card_powers`).
        if p.card_powers.gambling {
            let gear =
                (p.crew.iter().flat_map(|m| m.gear.iter().copied())).chain(p.spare_gear.iter());
            for g in gear {
                if self.gear_def(g).abilities.iter().any(|a| match a {
                    Ability::GambleFiftyFifty { .. } | Ability::GamblePerPip { .. } => true,
                    // Tall Playing Cards: the stake is paid first.
                    Ability::GambleOnMatchingSuits { stake, .. } => p.money >= *stake,
                    // Friendly Game of Cards: the stake too.
                    Ability::GambleNamedSuit { stake, .. } => p.money >= *stake,
                    _ => false,
                }) {
                    out.push(Action::Gamble(g));
                }
            }
        }
        self.equip_actions(p, out);
        for &u in &p.upgrades {
            out.push(Action::DiscardUpgrade(u));
        }
        // The Mudders: turned over to Magistrate Higgins where he deals.
        if contact == Some(ContactName::MagistrateHiggins) {
            for m in p.crew.iter().skip(1) {
                if self.turn_over_price(m).is_some() {
                    out.push(Action::TurnOver(m.card));
                }
            }
        }
        // FF-CREW-14: hire a rival's Disgruntled crew in the same sector.
        // (The room aboard is worked out only when there is someone to hire.)
        // One walk of the ships in the sector finds both the crews to hire from and the ships
        // to trade with (FF-TRADE-1), listed after them. At most steps the ship shares its
        // sector with none (`Firefly::ships`), and nothing is walked: the check in line here
        // saves the walk's set-up (5 instructions a random step, measured).
        let mut room = None;
        let mut partners = 0u8;
        if self.ships.shares(p.seat) {
            for s in self.trade_partners(p.seat) {
                partners |= 1 << s;
                for m in self.players[s as usize].crew.iter().skip(1) {
                    if m.disgruntled
                        && *room.get_or_insert_with(|| p.crew.len() < self.max_crew(p))
                        && p.money >= self.hire_cost(p.seat, m.def)
                        && self.may_hire(p, m.def)
                    {
                        out.push(Action::HireAway(m.card));
                    }
                }
            }
        }
        // FF-TURN-6, FF-TRADE-1: trade with a player in the same sector (`crate::trade`).
        if partners != 0 {
            for s in (0..self.num_players()).filter(|s| partners & (1 << s) != 0) {
                out.push(Action::Trade(crate::trade::TradeAction::With(s)));
            }
        }
        // FF-MISC-12 (Blue Sun): credits may be given to any captain, in any sector.
        if self.uses(Expansion::BlueSun) {
            for to in (0..self.num_players()).filter(|&s| s != p.seat) {
                for amount in CREDIT_GIFTS {
                    if p.money >= amount {
                        out.push(Action::GiveCredits { to, amount });
                    }
                }
            }
        }
        out.push(Action::EndTurn);
    }

    /// FF-BS-17: the Alert tokens a Long-Range Scanner Array may resolve during a Fly action
    /// (looked for only aboard a ship with one).
    #[inline]
    fn scan_actions(&self, out: &mut Vec<Action>) {
        if self.players[self.actor as usize]
            .card_powers
            .long_range_scanner
        {
            out.extend(self.scannable(self.actor).into_iter().map(Action::Scan));
        }
    }

    /// FF-TURN-7: Fuel, Parts, Cargo and Contraband may be jettisoned at any time of the turn,
    /// without an action: between actions and between the moves of a Fly action. (Not while a
    /// card is being resolved: a card's instructions are carried out as one.)
    #[inline(always)]
    fn jettison_actions(&self, out: &mut Vec<Action>) {
        let p = &self.players[self.current as usize];
        for item in [Item::Fuel, Item::Parts, Item::Cargo, Item::Contraband] {
            if p.item(item) > 0 {
                out.push(Action::Jettison(item));
            }
        }
    }

    /// FF-CREW-5, FF-CREW-7: dismiss a hired crew member (never the Leader) in a sector with a
    /// planet; the card goes face up on its Supply deck's discard pile. No action.
    pub(crate) fn dismiss(&mut self, seat: Seat, card: CrewCard, events: &mut Vec<Event>) {
        let i = self.players[seat as usize].crew_index(card).unwrap();
        self.discard_crew(seat, i, events);
        events.push(Event::Dismissed { seat, crew: card });
    }

    pub fn take_action(&mut self, kind: &'static str, events: &mut Vec<Event>) {
        self.turn.taken += 1;
        match kind {
            "fly" => self.turn.fly = true,
            "buy" => self.turn.buy = true,
            "deal" => self.turn.deal = true,
            "work" => self.turn.work = true,
            _ => {}
        }
        events.push(Event::ActionTaken {
            seat: self.current,
            action: kind,
        });
    }

    /// Apply a legal action.
    pub fn step(&mut self, a: Action, events: &mut Vec<Event>) {
        let seat = self.actor;
        match (&self.phase, a) {
            (Phase::ChooseLeader, Action::ChooseLeader(l)) => {
                let p = &mut self.players[seat as usize];
                p.leader = l;
                p.crew.push(CrewMember {
                    card: CrewCard::Leader(l),
                    def: l,
                    gear: Default::default(),
                    disgruntled: false,
                    wanted_token: false,
                });
                p.refresh_cards(self.content);
                events.push(Event::LeaderChosen { seat, leader: l });
                self.phase = Phase::ChooseShip;
            }
            (Phase::ChooseShip, Action::ChooseShip(s)) => {
                let p = &mut self.players[seat as usize];
                p.ship = s;
                p.drive_core = DriveCoreCard::Starting(self.content.ship_cores[s as usize]);
                p.refresh_cards(self.content);
                self.ships_chosen |= 1 << seat;
                events.push(Event::ShipChosen { seat, ship: s });
                let done = self.picks_done();
                if done < self.pick_order.len() {
                    self.actor = self.pick_order[done];
                    self.phase = Phase::ChooseLeader;
                } else {
                    // FF-SETUP-10: the last to pick places first.
                    self.actor = *self.pick_order.last().unwrap();
                    self.phase = Phase::PlaceShip;
                }
            }
            (Phase::PlaceShip, Action::PlaceShip(s)) => {
                let havens = self.story_def().setup.havens;
                self.put_ship(seat, s);
                // FF-PBH-39..41: with Havens, the ship is placed on its Haven.
                if havens {
                    self.players[seat as usize].haven = Some(s);
                }
                events.push(Event::ShipPlaced { seat, sector: s });
                let placed = self.players.iter().filter(|p| p.placed).count();
                if placed < self.pick_order.len() {
                    self.actor = self.pick_order[self.pick_order.len() - 1 - placed];
                } else {
                    // FF-BS-5: a Set Up card's Alert tokens go down once the ships are placed.
                    self.setup_card_alerts(events);
                    // FF-SETUP-13..16: the story is chosen; starting jobs (drawn from decks the
                    // captains choose, with a Set Up card that says so).
                    if !self.begin_starting_decks() {
                        self.deal_starting_jobs();
                        self.actor = self.pick_order[0];
                        self.phase = Phase::StartingJobs;
                    }
                }
            }
            (Phase::StartingDeck, Action::DrawStartingJobs(k)) => {
                self.draw_starting_jobs(seat, k, events)
            }
            (Phase::StartingJobs, Action::DiscardJob(j)) => self.discard_from_hand(seat, j, events),
            (Phase::StartingJobs, Action::Done) => {
                let k = self.pick_order.iter().position(|&s| s == seat).unwrap();
                if k + 1 < self.pick_order.len() {
                    self.actor = self.pick_order[k + 1];
                } else {
                    self.prime_the_pump();
                    // FF-SETUP-12: the first to pick takes the first turn.
                    let first = self.pick_order[0];
                    self.start_turn(first, events);
                }
            }
            (Phase::Actions, _) => self.apply_turn_action(a, events),
            (Phase::FullBurn { .. }, Action::MoveTo(s)) => self.burn_into(s, events),
            (Phase::FullBurn { .. }, Action::Done) | (Phase::Mosey { .. }, Action::Done) => {
                self.end_fly()
            }
            (Phase::Mosey { .. }, Action::MoveTo(s)) => self.mosey_into(s, events),
            (Phase::FullBurn { .. } | Phase::Mosey { .. }, Action::Scan(s)) => {
                self.scan(seat, s, events)
            }
            (Phase::FullBurn { .. } | Phase::Mosey { .. }, Action::Jettison(item)) => {
                self.unload(self.current, item, 1, events)
            }
            (Phase::Considering { .. }, _) => self.apply_market_action(a, events),
            (Phase::Purchasing { .. }, _) | (Phase::BuyingGoods { .. }, _) => {
                self.apply_buy_action(a, events)
            }
            (Phase::Accepting { .. }, _) | (Phase::DiscardJobs, _) | (Phase::Selling { .. }, _) => {
                self.apply_deal_action(a, events)
            }
            (Phase::ChooseCrew { .. }, _) => self.apply_choose_crew(a, events),
            (Phase::AttachChallenge { .. }, _) => self.apply_attach_challenge(a, events),
            (Phase::PayCuts { .. }, Action::PayCut(pay)) => self.apply_pay_cut(pay, events),
            (Phase::Resolving, _) => self.apply_resolution_action(a, events),
            (Phase::Showdown(_), _) => self.apply_showdown(a, events),
            (Phase::Plunder(_), _) => self.apply_plunder(a, events),
            (
                Phase::Trading(_) | Phase::TradeAnswer(_) | Phase::TradeWindow { .. },
                Action::Trade(t),
            ) => self.apply_trade(t, events),
            (ph, a) => unreachable!("{a:?} is not legal in {ph:?}"),
        }
        self.settle(events);
    }

    fn apply_turn_action(&mut self, a: Action, events: &mut Vec<Event>) {
        let seat = self.current;
        match a {
            Action::FullBurn => {
                self.take_action("fly", events);
                self.start_full_burn(events);
            }
            Action::Mosey => {
                self.take_action("fly", events);
                let range = self.mosey_range(self.me());
                self.activity = Activity::None;
                self.phase = Phase::Mosey { moved: 0, range };
            }
            Action::Buy => {
                self.take_action("buy", events);
                let d = self.supply_deck_at(self.me().sector).unwrap();
                self.start_considering(Market::Supply(d));
            }
            Action::ShoreLeave => {
                self.take_action("buy", events);
                self.shore_leave(events);
            }
            Action::Deal => {
                self.take_action("deal", events);
                let k = self.contact_at(self.me().sector).unwrap();
                self.activity_contact = Some(k);
                self.start_considering(Market::Contact(k));
            }
            Action::Work(t) => {
                self.take_action("work", events);
                if t.is_bounty() {
                    self.begin_bounty_work(t, events);
                } else if let WorkTarget::Piracy { .. } = t {
                    self.begin_piracy(t, events);
                } else {
                    self.start_work(t);
                }
            }
            Action::MakeWork => {
                self.take_action("work", events);
                let pay = self.make_work_pay(&self.players[seat as usize]);
                self.earn(seat, pay, events);
                // Holder: "you may also take a Fugitive aboard".
                let p = &self.players[seat as usize];
                let also = p.crew.iter().find_map(|m| match m.card {
                    CrewCard::Hired(card) => {
                        self.crew_def(m).abilities.iter().find_map(|a| match a {
                            Ability::OnMakeWork { options } => Some((card, options)),
                            _ => None,
                        })
                    }
                    CrewCard::Leader(_) => None,
                });
                if let Some((card, options)) = also {
                    self.begin_resolution(Origin::Card(card), seat, options, events);
                }
            }
            Action::CrewRemoveDisgruntled(card) => {
                self.take_action("crew", events);
                let p = &mut self.players[seat as usize];
                let i = p.crew_index(card).unwrap();
                p.crew[i].disgruntled = false;
                p.refresh_disgruntled();
                events.push(Event::Undisgruntled { seat, crew: card });
            }
            Action::DeclareLastCall => {
                if self.story_def().last_call.is_some_and(|r| r.uses_action) {
                    self.take_action("last call", events);
                }
                self.declare_last_call(seat, events);
            }
            // FF-TRADE-3: the other captains' trade window comes before the Dinosaur passes.
            Action::EndTurn => self.continue_trade_window(None, events),
            // FF-TURN-6, FF-TRADE-1: trading uses no action.
            Action::Trade(t) => self.apply_trade(t, events),
            Action::GiveCredits { to, amount } => {
                self.pay(seat, amount, events);
                self.earn(to, amount, events);
            }
            Action::Dismiss(card) => self.dismiss(seat, card, events),
            Action::TurnOver(card) => self.turn_over(seat, card, events),
            Action::Gamble(g) => self.gamble(seat, g, events),
            Action::UseCard(card) => self.use_card(seat, card, events),
            Action::Jettison(item) | Action::Unload(item) => self.unload(seat, item, 1, events),
            Action::Equip { .. } | Action::Unequip(_) => self.apply_equip(seat, a),
            Action::DiscardUpgrade(u) => self.discard_upgrade(seat, u),
            Action::HireAway(card) => {
                let from = self
                    .players
                    .iter()
                    .position(|q| q.seat != seat && q.crew_index(card).is_some())
                    .unwrap();
                let i = self.players[from].crew_index(card).unwrap();
                let mut m = self.players[from].crew.remove(i);
                self.players[from].spare_gear.extend(m.gear.drain(..));
                m.disgruntled = false;
                let cost = self.hire_cost(seat, m.def);
                self.pay(seat, cost, events);
                self.players[seat as usize].crew.push(m);
                self.players[from].refresh_cards(self.content);
                self.players[seat as usize].refresh_cards(self.content);
                if let CrewCard::Hired(c) = card {
                    events.push(Event::Hired { seat, card: c });
                }
            }
            a => unreachable!("{a:?} is not a turn action"),
        }
    }

    /// Run automatic steps until a decision is needed, and set who decides. Resolutions on
    /// the stack always come first: a card or event interrupts whatever phase was under way.
    fn settle(&mut self, events: &mut Vec<Event>) {
        // Most steps leave nothing to resolve: the resolutions are run out of line, so that
        // this path saves and restores only the registers it uses (~16 instructions a step).
        if (self.outcome.is_some()
            || !self.resolution.is_empty()
            || matches!(self.phase, Phase::Resolving))
            && self.settle_resolutions(events)
        {
            return;
        }
        if matches!(self.phase, Phase::Actions) && self.activity == Activity::None {
            // The action under way, if any, has finished (FF-FLY-27).
            self.reshuffle_due_nav_decks(events);
            // FF-BS-30: Solid with Mr. Universe no more, the hand limit is 3 again and the
            // extra cards are discarded at once, cards of the player's choice.
            let p = &self.players[self.current as usize];
            if self.over_hand_limit(p) {
                self.activity_contact = None;
                self.phase = Phase::DiscardJobs;
            }
        }
        self.check_standing_goals(events);
        self.check_most_wanted(events);
        if self.outcome.is_some() {
            self.phase = Phase::Over;
            return;
        }
        self.actor = match &self.phase {
            // FF-TRADE-3: trading outside turn order: the receiver answers an offer, and in the
            // trade window a captain whose turn it is not opens one.
            Phase::TradeAnswer(o) => o.to,
            Phase::Trading(o) => o.from,
            Phase::TradeWindow { seat } => *seat,
            Phase::Showdown(s) => s.actor(),
            Phase::ChooseLeader
            | Phase::ChooseShip
            | Phase::PlaceShip
            | Phase::StartingDeck
            | Phase::StartingJobs => self.actor,
            _ => self.current,
        };
    }

    /// [`Firefly::settle`]'s resolutions: run until the stack is empty or waits for a decision;
    /// true when it waits, or the game is over (nothing more to settle).
    #[inline(never)]
    fn settle_resolutions(&mut self, events: &mut Vec<Event>) -> bool {
        loop {
            if self.outcome.is_some() {
                self.phase = Phase::Over;
                return true;
            }
            if !self.resolution.is_empty() {
                match self.advance_resolution(events) {
                    Some(done) => {
                        self.on_resolved(done, events);
                        continue;
                    }
                    None => {
                        self.phase = Phase::Resolving;
                        self.actor = self.resolution_actor();
                        return true;
                    }
                }
            }
            if matches!(self.phase, Phase::Resolving) {
                self.resume_after_interrupt();
            }
            return false;
        }
    }

    /// A card or event finished resolving: continue whatever it interrupted.
    fn on_resolved(&mut self, done: crate::resolve::Resolution, events: &mut Vec<Event>) {
        self.salvage_bonuses(&done, events);
        let (origin, seat, ending) = (done.origin, done.seat, done.ending);
        match origin {
            // A Nav card with no option chosen was ignored, not resolved (FF-FLY-27).
            Origin::Nav(card) => {
                self.after_nav(seat, Some(card), ending, done.chosen.is_some(), events)
            }
            // Events interrupt; what was under way resumes once the stack is empty (settle).
            Origin::Event(e) => self.after_event(e, seat, ending, events),
            Origin::Rule { .. } | Origin::Offer(_) => {}
            Origin::Card(card) => self.after_card_use(seat, card, done.choice(), events),
            Origin::Alerts { then, .. } => self.after_alerts(seat, then, events),
            Origin::Misbehave(_)
            | Origin::JobStep { .. }
            | Origin::Goal(_)
            | Origin::Opportunity { .. }
            | Origin::Boarding
            | Origin::ShowdownLost { .. }
            | Origin::PiracyLost { .. } => self.after_work_resolution(&done, events),
        }
    }

    /// After an interrupting event, return to the phase of the activity under way.
    fn resume_after_interrupt(&mut self) {
        self.phase = match self.activity {
            // A Nav card is drawn right after entering; if an Alliance Contact interrupted the
            // entry, the flight resumes at the point of choosing to go on.
            Activity::Flying { entered, range } => Phase::FullBurn { entered, range },
            // A Mosey goes on after the Alert tokens of a sector it entered (FF-BS-10).
            Activity::Moseying { moved, range } if moved < range => Phase::Mosey { moved, range },
            _ => Phase::Actions,
        };
        if matches!(self.activity, Activity::Moseying { .. })
            && matches!(self.phase, Phase::Actions)
        {
            self.activity = Activity::None;
        }
        if let Phase::FullBurn { entered, range } = self.phase {
            if entered >= range {
                self.activity = Activity::None;
                self.phase = Phase::Actions;
            }
        }
    }
}

impl Firefly {
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }
}
