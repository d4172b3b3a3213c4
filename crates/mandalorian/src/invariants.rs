//! Invariants checked after every step by the property tests: every card and token is in
//! exactly one place, a game with a defeated character is over, views hide what they must.

use crate::content::*;
use crate::state::*;

impl Mandalorian {
    /// Check every invariant; `Err` names the first one broken.
    pub fn check_invariants(&self) -> Result<(), String> {
        let c = self.t.content;
        // Ability cards: each card of a character in play is in exactly one place.
        let mut count = vec![0u8; c.cards.len()];
        for d in &self.t.decks {
            for x in d.all_cards() {
                count[x as usize] += 1;
            }
        }
        for s in &self.t.seats {
            for &x in &s.hand {
                count[x as usize] += 1;
            }
        }
        for s in &self.t.slots {
            for &x in &s.cards {
                count[x as usize] += 1;
            }
        }
        for ch in &self.t.chars {
            for &x in &c.characters[ch.def as usize].cards {
                if count[x as usize] != 1 {
                    return Err(format!(
                        "ability card {} ({}) is in {} places",
                        x, c.cards[x as usize].name, count[x as usize]
                    ));
                }
                count[x as usize] = 0;
            }
        }
        if let Some(x) = count.iter().position(|&n| n != 0) {
            return Err(format!(
                "card {x} of a character not in play is in the game"
            ));
        }
        // Planning cards.
        let mut pc = vec![0u8; c.planning.len()];
        for x in self
            .planning
            .all_cards()
            .chain(self.t.plan_drawn.iter().copied())
        {
            pc[x as usize] += 1;
        }
        for ch in &self.t.chars {
            for &x in &ch.kept {
                pc[x as usize] += 1;
            }
        }
        for (i, p) in c.planning.iter().enumerate() {
            let locked = self.opts.locked.iter().any(|l| l == &p.id);
            let want = u8::from(!locked);
            if pc[i] != want {
                return Err(format!(
                    "planning card {i} ({}) is in {} places",
                    p.name, pc[i]
                ));
            }
        }
        for ch in &self.t.chars {
            for (i, &a) in ch.kept.iter().enumerate() {
                if ch.kept[..i]
                    .iter()
                    .any(|&b| c.planning[b as usize].id == c.planning[a as usize].id)
                {
                    return Err(
                        "a character keeps two copies of a planning card (MA-PLAN-5)".into(),
                    );
                }
                if c.planning[a as usize].kind == PlanKind::BadLuck {
                    return Err("a character keeps Bad Luck (MA-PLAN-4)".into());
                }
            }
        }
        // Event cards.
        let mut ec = vec![0u8; c.events.len()];
        for x in self.t.events.all_cards().chain(self.t.event_in_play) {
            ec[x as usize] += 1;
        }
        if let Some(i) = ec.iter().position(|&n| n != 1) {
            return Err(format!("event card {i} is in {} places", ec[i]));
        }
        // Disturbance tokens.
        let mut dc = vec![0u8; c.disturbance.len()];
        for &t in self
            .dist_pool
            .iter()
            .chain(self.t.dist_discard.iter())
            .chain(self.t.slots.iter().flat_map(|s| s.tokens.iter()))
        {
            if t != STAND_IN {
                dc[t as usize] += 1;
            }
        }
        if let Some(i) = dc.iter().position(|&n| n != 1) {
            return Err(format!("disturbance token {i} is in {} places", dc[i]));
        }
        // Threat tokens: the pile lists exactly the tokens located in it.
        for (i, th) in self.t.threats.iter().enumerate() {
            let in_pile = self.t.reinforcements.contains(&(i as ThreatId));
            if in_pile != (th.loc == TLoc::Pile) {
                return Err(format!("threat token {i}: pile and location disagree"));
            }
            if let TLoc::Map(sq) = th.loc {
                if !self.map().exists[sq as usize] {
                    return Err(format!("threat token {i} in a forbidden area"));
                }
                if let Face::Enemy { health, .. } = self.token_def(i as ThreatId).face {
                    if th.damage >= health {
                        return Err(format!("threat token {i} should have been defeated"));
                    }
                }
            }
        }
        for (i, &t) in self.t.reinforcements.iter().enumerate() {
            if self.t.reinforcements[..i].contains(&t) {
                return Err("a reinforcement is twice in the pile".into());
            }
        }
        // Characters.
        for (i, ch) in self.t.chars.iter().enumerate() {
            if !self.map().exists[ch.sq as usize] {
                return Err(format!("character {i} in a forbidden area"));
            }
            if ch.damage >= ch.health && self.outcome.is_none() {
                return Err(format!(
                    "character {i} is defeated but the game goes on (MA-WIN-5)"
                ));
            }
            // MA-MOVE-8: nobody shares a square with a face-down threat outside a resolution.
            if self.t.stack.len() <= 4 {
                for th in &self.t.threats {
                    if th.loc == TLoc::Map(ch.sq) && !th.face_up {
                        return Err(format!(
                            "character {i} shares a square with a face-down threat"
                        ));
                    }
                }
            }
        }
        match self.t.child {
            Child::Token(t) if !matches!(self.t.threats[t as usize].loc, TLoc::Map(_)) => {
                return Err("the Child is carried by a token that is not on the map".into());
            }
            Child::Character(ch) if ch as usize >= self.t.chars.len() => {
                return Err("the Child is carried by a missing character".into())
            }
            _ => {}
        }
        // Hands never exceed the hand size.
        for s in &self.t.seats {
            if s.hand.len() > self.hand_size() {
                return Err("a hand is above the hand size".into());
            }
        }
        // A taunt names a character in play; a precedence decision needs a taunt (MA-GOLD-2);
        // waiting slots exist and wait only in the event phase (MA-GOLD-4).
        if self
            .t
            .taunt
            .is_some_and(|c| c as usize >= self.t.chars.len())
        {
            return Err("a missing character taunts".into());
        }
        for t in &self.t.stack {
            match *t {
                Task::EnemyMove { toward, .. } | Task::EnemyDest { toward, .. } => {
                    if toward == UNDECIDED && self.t.taunt.is_none() {
                        return Err("a precedence decision without a taunt".into());
                    }
                    if toward != NEAREST && toward != UNDECIDED && Some(toward) != self.t.taunt {
                        return Err("enemies move toward a character that did not taunt".into());
                    }
                }
                Task::SlotOrder { pending }
                    if !self.t.in_event_phase || pending >> self.t.slots.len() != 0 =>
                {
                    return Err("slots wait outside the event phase or do not exist".into());
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Views: each seat sees its own hand, and neither other hands nor threats looked at by
    /// others (MA-INFO-1, -2, -3). Separate because rendering views is slow.
    pub fn check_views(&self) -> Result<(), String> {
        for seat in 0..self.t.seats.len() as u8 {
            let v = self.view_of(seat);
            let own: Vec<CardId> = v.hand.iter().map(|h| h.id).collect();
            if own[..] != self.t.seats[seat as usize].hand[..] {
                return Err(format!("seat {seat}'s view does not show its own hand"));
            }
            for t in &v.threats {
                let th = &self.t.threats[t.token as usize];
                if t.identity.is_some() && !th.face_up && th.seen & (1 << seat) == 0 {
                    return Err(format!(
                        "seat {seat} sees a face-down threat it did not look at"
                    ));
                }
            }
            if seat != self.t.active && !v.plan_drawn.is_empty() {
                return Err(format!(
                    "seat {seat} sees another seat's drawn planning cards"
                ));
            }
        }
        Ok(())
    }
}
