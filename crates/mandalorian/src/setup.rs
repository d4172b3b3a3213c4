//! Set-up, in the rulebook's order (MA-SETUP-1..23), difficulty (MA-DIFF) and modes (MA-MODE).
//! Step 1 (the guide deck and the mission book) is the campaign's job ([`crate::campaign`]).

use std::sync::Arc;

use tabletop_core::Chance;

use crate::content::*;
use crate::state::*;
use tabletop_core::FixedDeck;
use tabletop_core::Inline;

/// Options that cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

fn bad<T>(m: impl Into<String>) -> Result<T, SetupError> {
    Err(SetupError(m.into()))
}

/// The characters in play for these options, validated.
pub fn choose_characters(content: &Content, opts: &Options) -> Result<Vec<CharId>, SetupError> {
    let mission = content
        .mission_by_number(opts.mission)
        .ok_or_else(|| SetupError(format!("there is no mission {}", opts.mission)))?;
    if opts.seats == 0 || opts.seats > 4 {
        return bad("between 1 and 4 players (one summary card each, MA-COMP-13)");
    }
    let unlocked = |c: CharId| {
        let ch = &content.characters[c as usize];
        !opts.locked.iter().any(|l| l == &ch.id)
    };
    let mut ids = Vec::new();
    for name in &opts.characters {
        match content.character_by_id(name) {
            Some(c) => ids.push(c),
            None => return bad(format!("unknown character '{name}'")),
        }
    }
    let listed: Vec<CharId> = mission
        .characters
        .iter()
        .copied()
        .filter(|&c| unlocked(c))
        .collect();
    match opts.mode {
        Mode::Standard | Mode::Sandbox => {
            if opts.seats == 1 {
                return bad(
                    "a single player uses 2 characters in shared-character mode (MA-MODE-2, -20)",
                );
            }
            if ids.is_empty() {
                // MA-MODE-1 / MA-SETUP-23: more players than listed characters needs a mode.
                if opts.mode == Mode::Standard && listed.len() < opts.seats as usize {
                    return bad(format!(
                        "mission {} lists {} available characters for {} players: play shared or sandbox (MA-MODE-1)",
                        opts.mission,
                        listed.len(),
                        opts.seats
                    ));
                }
                let pool: Vec<CharId> = if opts.mode == Mode::Standard {
                    listed.clone()
                } else {
                    (0..content.characters.len() as CharId)
                        .filter(|&c| unlocked(c))
                        .collect()
                };
                ids = pool.into_iter().take(opts.seats as usize).collect();
            }
            if ids.len() != opts.seats as usize {
                return bad(format!(
                    "{} characters for {} players: one each (MA-SETUP-17)",
                    ids.len(),
                    opts.seats
                ));
            }
            if opts.mode == Mode::Standard {
                for &c in &ids {
                    if !mission.characters.contains(&c) {
                        return bad(format!(
                            "{} is not listed for mission {} (sandbox mode allows any character, MA-MODE-4)",
                            content.characters[c as usize].name, opts.mission
                        ));
                    }
                }
            }
        }
        Mode::Shared => {
            if ids.is_empty() {
                ids = listed.iter().copied().take(2).collect();
            }
            if ids.len() != 2 {
                return bad("shared-character mode uses exactly 2 characters (MA-MODE-8)");
            }
            for &c in &ids {
                if !mission.characters.contains(&c) {
                    return bad(format!(
                        "shared mode uses characters listed in the briefing (MA-MODE-9); {} is not",
                        content.characters[c as usize].name
                    ));
                }
            }
        }
    }
    for (i, &c) in ids.iter().enumerate() {
        if ids[..i].contains(&c) {
            return bad(format!(
                "{} chosen twice: each player takes a different character (MA-SETUP-17, MA-MODE-7)",
                content.characters[c as usize].name
            ));
        }
        if !unlocked(c) {
            return bad(format!(
                "{} has not been unlocked by the guide deck yet",
                content.characters[c as usize].name
            ));
        }
    }
    Ok(ids)
}

impl Mandalorian {
    pub fn setup(
        content: &'static Content,
        opts: &Options,
        seed: u64,
    ) -> Result<Mandalorian, SetupError> {
        let ids = choose_characters(content, opts)?;
        let mi = content.mission_index(opts.mission).expect("checked") as u8;
        let mission = &content.missions[mi as usize];
        let mut chance = Chance::new(seed);
        let nslots = mission.num_slots();

        // Step 2: planning deck (MA-SETUP-6); the campaign may hold some cards back (MA-GUIDE-5).
        let plan_cards: Vec<PlanId> = (0..content.planning.len())
            .filter(|&p| !opts.locked.iter().any(|l| l == &content.planning[p].id))
            .map(|p| p as PlanId)
            .collect();
        let mut planning = FixedDeck::from_vec(plan_cards);
        planning.shuffle(&mut chance);

        // Step 3: event deck, shuffled ignoring the backs (MA-SETUP-7, MA-EVENT-38).
        let mut events = FixedDeck::from_vec((0..content.events.len() as EventId).collect());
        events.shuffle(&mut chance);

        // Step 4: damage supply is unlimited; 1 random white token face up in each slot
        // (MA-SETUP-10, MA-MISSION-3); the rest form the face-down pool (MA-SETUP-11).
        let mut whites: Vec<DistTok> = (0..content.disturbance.len())
            .filter(|&t| content.disturbance[t].white)
            .map(|t| t as DistTok)
            .collect();
        chance.shuffle(&mut whites);
        let mut slots = vec![Slot::default(); nslots];
        for s in slots.iter_mut() {
            s.tokens
                .push(whites.pop().expect("validated: enough white tokens"));
        }
        let mut dist_pool: Vec<DistTok> = whites;
        dist_pool.extend(
            (0..content.disturbance.len())
                .filter(|&t| !content.disturbance[t].white)
                .map(|t| t as DistTok),
        );
        chance.shuffle(&mut dist_pool);

        // Step 5: threat tokens by shape (MA-SETUP-12..16).
        let mut threats = vec![
            Threat {
                token: 0,
                loc: TLoc::Box,
                face_up: false,
                damage: 0,
                seen: 0
            };
            mission.tokens.len()
        ];
        // Until `number_threats` below, handle = token.
        for (t, th) in threats.iter_mut().enumerate() {
            th.token = t as TokenId;
        }
        for shape in 1..=4u8 {
            let mut pile: Vec<TokenId> = (0..mission.tokens.len())
                .filter(|&t| !mission.tokens[t].orange && mission.tokens[t].shape == shape)
                .map(|t| t as TokenId)
                .collect();
            chance.shuffle(&mut pile);
            for icon in mission.icons.iter().filter(|i| i.shape == shape) {
                let t = pile.pop().expect("validated: enough tokens per shape");
                threats[t as usize] = Threat {
                    token: t,
                    loc: TLoc::Map(icon.sq),
                    face_up: !icon.hidden,
                    damage: 0,
                    seen: 0,
                };
            }
        }
        let mut reinforcements: Vec<TokenId> = (0..mission.tokens.len())
            .filter(|&t| mission.tokens[t].orange)
            .map(|t| t as TokenId)
            .collect();
        chance.shuffle(&mut reinforcements);
        for &t in &reinforcements {
            threats[t as usize].loc = TLoc::Pile;
        }
        let child = match mission.child {
            None => Child::Absent,
            Some(ChildStart::Square(sq)) => Child::Square(sq),
            Some(ChildStart::Carried(_)) => {
                let t = mission
                    .tokens
                    .iter()
                    .position(|t| t.carries_child)
                    .expect("validated") as TokenId;
                Child::Token(t)
            }
        };

        // Step 6: characters (MA-SETUP-17..21, MA-DIFF, MA-MODE-10, -11).
        let chars: Vec<CharState> = ids
            .iter()
            .map(|&c| CharState {
                def: c,
                sq: mission.map.start,
                damage: 0,
                health: opts.difficulty.health(&content.characters[c as usize]),
                kept: Inline::new(),
            })
            .collect();
        let mut decks = Vec::new();
        let mut seats = Vec::new();
        match opts.mode {
            Mode::Shared => {
                let mut cards: Vec<CardId> = Vec::new();
                for &c in &ids {
                    cards.extend(&content.characters[c as usize].cards);
                }
                let mut d = FixedDeck::from_vec(cards);
                d.shuffle(&mut chance);
                decks.push(d);
                for _ in 0..opts.seats {
                    seats.push(SeatState {
                        hand: Inline::new(),
                        deck: 0,
                        owed: 0,
                        controls: 0b11,
                    });
                }
            }
            _ => {
                for (i, &c) in ids.iter().enumerate() {
                    let mut d = FixedDeck::from_vec(content.characters[c as usize].cards.to_vec());
                    d.shuffle(&mut chance);
                    decks.push(d);
                    seats.push(SeatState {
                        hand: Inline::new(),
                        deck: i as u8,
                        owed: 0,
                        controls: 1 << i,
                    });
                }
            }
        }

        // Step 7: first player (MA-SETUP-22).
        let active = match opts.first_player {
            Some(p) if p < opts.seats => p,
            Some(p) => return bad(format!("first player {p} is not a seat")),
            None => chance.below(opts.seats as u32) as u8,
        };

        let t = Table {
            content,
            mi,
            mission,
            chars: chars.into_iter().collect(),
            seats: seats.into_iter().collect(),
            decks: decks.into_iter().collect(),
            slots: slots.into_iter().collect(),
            planning,
            plan_drawn: Inline::new(),
            events,
            event_in_play: None,
            dist_pool: dist_pool.into_iter().collect(),
            dist_discard: Inline::new(),
            threats: threats.into_iter().collect(),
            reinforcements: reinforcements.into_iter().collect(),
            child,
            child_fled: false,
            taunt: None,
            doors_open: mission.map.doors_open,
            track: 0,
            collected: 0,
            turn: 1,
            active,
            acts: TurnActs::default(),
            acting: None,
            stack: Inline::new(),
            triggered: Inline::new(),
            in_event_phase: false,
            changes: 0,
            steps: 0,
        };
        let mut g = Mandalorian {
            t,
            opts: Arc::new(opts.clone()),
            chance,
            outcome: None,
        };
        g.number_threats();
        // Hands of 4 (3 at veteran), drawn in seat order (MA-SETUP-20, MA-DIFF-4).
        for s in 0..g.t.seats.len() {
            g.refill_hand(s);
        }
        g.begin_turn();
        let mut ev = Vec::new();
        g.run(&mut ev);
        Ok(g)
    }

    /// Give the threat tokens their handles ([`ThreatId`]) from where they lie and what can be
    /// seen of them, never from what a face-down token is: tokens on the map by square (in a
    /// square, face-down ones by shape before face-up ones by token), then the reinforcement
    /// pile from the top, then the defeated, discarded and boxed tokens by token. So two tables
    /// that differ only in which face-down threats lie where number them alike, and nothing a
    /// seat is sent names a face-down token (MA-SETUP-13, MA-SPY-2, MA-INFO-2). Content cannot
    /// put two icons in one square; a scenario that puts two face-down tokens of one shape in
    /// one square numbers them by token (its author knows them anyway).
    ///
    /// Called once the tokens are placed (set-up, scenarios), before any task names a threat.
    pub(crate) fn number_threats(&mut self) {
        let n = self.t.threats.len();
        let pile = &self.t.reinforcements;
        let key = |h: usize| -> (u8, u16, u16) {
            let th = &self.t.threats[h];
            let def = &self.mission().tokens[th.token as usize];
            match th.loc {
                TLoc::Map(sq) if th.face_up => (0, sq as u16, 0x100 | th.token as u16),
                TLoc::Map(sq) => (0, sq as u16, def.shape as u16),
                TLoc::Pile => {
                    let from_top = pile.iter().rev().position(|&t| t as usize == h);
                    (1, from_top.unwrap_or(n) as u16, 0)
                }
                TLoc::Defeated => (2, th.token as u16, 0),
                TLoc::Discarded => (3, th.token as u16, 0),
                TLoc::Box => (4, th.token as u16, 0),
            }
        };
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&h| key(h));
        self.reorder_threats(&order);
        debug_assert!(
            self.t.stack.iter().all(|t| matches!(
                t,
                Task::ActionPhase | Task::EventPhase { .. } | Task::DrawPhase | Task::EndTurn
            )),
            "threats are numbered before any task names one"
        );
    }

    /// Handle = token, as before [`Mandalorian::number_threats`]: scenario files name tokens
    /// and take the first of a name in the content's order.
    pub(crate) fn threats_by_token(&mut self) {
        let mut order: Vec<usize> = (0..self.t.threats.len()).collect();
        order.sort_by_key(|&h| self.t.threats[h].token);
        self.reorder_threats(&order);
    }

    /// Give handle `i` to the threat that had handle `order[i]`, and follow the handles held
    /// by the pile and the Child.
    fn reorder_threats(&mut self, order: &[usize]) {
        let mut renumber = vec![0 as ThreatId; order.len()];
        for (new, &old) in order.iter().enumerate() {
            renumber[old] = new as ThreatId;
        }
        self.t.threats = order.iter().map(|&old| self.t.threats[old]).collect();
        for t in &mut self.t.reinforcements {
            *t = renumber[*t as usize];
        }
        if let Child::Token(t) = &mut self.t.child {
            *t = renumber[*t as usize];
        }
    }

    /// Push the phases of a turn (MA-TURN-2).
    pub(crate) fn begin_turn(&mut self) {
        self.t.acts = TurnActs::default();
        self.t.stack.push(Task::EndTurn);
        self.t.stack.push(Task::DrawPhase);
        self.t.stack.push(Task::EventPhase { next: 0 });
        self.t.stack.push(Task::ActionPhase);
    }
}
