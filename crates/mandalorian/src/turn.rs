//! The turn (MA-TURN): the resolution loop, the action phase (MA-ACT), playing a card
//! (MA-CARD), the draw phase, the end of the turn and winning or losing (MA-WIN).

use tabletop_core::Outcome;

use crate::content::*;
use crate::state::*;

/// What a task did.
pub(crate) enum Flow {
    /// Resolved (or progressed without a decision): go on.
    Next,
    /// Needs a decision of the active seat.
    Wait,
}

impl Mandalorian {
    /// Resolve tasks until a real decision (2+ legal actions) is needed or the game is over.
    pub(crate) fn run(&mut self, ev: &mut Vec<Happened>) {
        // One buffer per thread for the legal actions looked at here: `run` follows every
        // decision, and an allocation each time was a tenth of a step (issue 11).
        thread_local! {
            static LEGAL: std::cell::Cell<Vec<Action>> = const { std::cell::Cell::new(Vec::new()) };
        }
        let mut legal = LEGAL.take();
        self.run_with(ev, &mut legal);
        LEGAL.set(legal);
    }

    fn run_with(&mut self, ev: &mut Vec<Happened>, legal: &mut Vec<Action>) {
        loop {
            if self.outcome.is_some() {
                self.t.stack.clear();
                return;
            }
            let Some(&task) = self.t.stack.last() else {
                return;
            };
            match self.step(task, ev) {
                Flow::Next => continue,
                // The action phase always waits for the player: ending it is a decision (and
                // a game where nobody can play still advances one turn per action). Its list
                // always holds a play or End actions (`legal_action_phase`), so it is not
                // worked out here only to be worked out again for the player (issue 11).
                Flow::Wait if matches!(task, Task::ActionPhase) => return,
                Flow::Wait => {
                    self.legal_into(legal);
                    if legal.is_empty() {
                        debug_assert!(false, "no legal action for {task:?}");
                        self.t.stack.pop();
                    } else if legal.len() == 1 {
                        // A card that can do nothing more is put aside at once: say why.
                        if let (Task::Card { card, slot, .. }, Action::FinishCard) =
                            (task, legal[0])
                        {
                            let why = self.card_idle();
                            if !why.is_empty() {
                                ev.push(Happened::CardIdle { card, slot, why });
                            }
                        }
                        self.decide(legal[0], ev);
                    } else {
                        return;
                    }
                }
            }
        }
    }

    fn step(&mut self, task: Task, ev: &mut Vec<Happened>) -> Flow {
        match task {
            Task::ActionPhase
            | Task::Card { .. }
            | Task::Move { .. }
            | Task::Attack { .. }
            | Task::Spy { .. }
            | Task::SpyMoveTo { .. }
            | Task::PlanKeep { .. }
            | Task::PlanTop { .. }
            | Task::ChooseFree { .. }
            | Task::PushSteps { .. }
            | Task::ChooseCharacter { .. }
            | Task::Calm
            | Task::EnemyDest { .. }
            | Task::AttackTarget { .. }
            | Task::ChildFlee { .. } => Flow::Wait,
            Task::Target { .. } => self.step_target(),
            Task::StepTo { ch, sq } => self.step_to(ch, sq, ev),
            Task::Sentinel { ch } => self.step_sentinel(ch),
            Task::Plan { ch, s } => self.step_plan(ch, s),
            Task::Effects { .. } => self.step_effects(ev),
            Task::EventPhase { next } => self.step_event_phase(next),
            Task::SlotResolve { .. } => self.step_slot_resolve(ev),
            Task::SlotOrder { .. } => self.step_slot_order(),
            Task::EnemyMove { .. } => self.step_enemy_move(),
            Task::EnemyAttack { .. } => self.step_enemy_attack(),
            Task::Spawn { at, you } => self.step_spawn(at, you, ev),
            Task::Disturb { pick } => self.step_disturb(pick, ev),
            Task::Damage { ch, amount } => self.step_damage(ch, amount, ev),
            Task::RevealNearest { you } => self.step_reveal_nearest(you, ev),
            Task::DrawPhase => {
                self.t.stack.pop();
                // MA-TURN-7, -8: refill to hand size; a full hand draws and discards nothing.
                self.refill_hand(self.t.active as usize);
                Flow::Next
            }
            Task::EndTurn => {
                self.t.stack.pop();
                self.end_turn(ev);
                Flow::Next
            }
        }
    }

    /// The legal actions of the pending decision.
    pub(crate) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let Some(&task) = self.t.stack.last() else {
            return;
        };
        match task {
            Task::ActionPhase => self.legal_action_phase(out),
            Task::Card {
                ch,
                slot,
                card,
                s,
                action_done,
                text_done,
            } => {
                if !action_done && self.action_possible(ch, slot, s) {
                    out.push(Action::ResolveAction);
                }
                if !text_done && self.text_usable(ch, slot, card, action_done) {
                    out.push(Action::ResolveText);
                }
                out.push(Action::FinishCard);
                self.legal_ambient(out);
            }
            Task::Move { .. } => {
                self.legal_move(task, out);
                self.legal_ambient(out);
            }
            Task::Attack { ch, .. } => self.legal_attack(ch, out),
            Task::Spy { ch, s } => self.legal_spy(ch, s, out),
            Task::SpyMoveTo { token } => self.legal_spy_move_to(token, out),
            Task::PlanKeep { ch } => self.legal_plan_keep(ch, out),
            Task::PlanTop { .. } => self.legal_plan_top(out),
            Task::ChooseFree { ch, s } => self.legal_choose_free(ch, s, out),
            Task::Target { ch, purpose, range } => self.legal_target(ch, purpose, range, out),
            Task::PushSteps { ch, token, left } => self.legal_push(ch, token, left, out),
            Task::ChooseCharacter { you, who, .. } => self.legal_choose_character(you, who, out),
            Task::Calm => self.legal_calm(out),
            Task::EnemyMove { .. } => self.legal_enemy_move(task, out),
            Task::EnemyDest {
                token,
                squares,
                toward,
            } => self.legal_enemy_dest(token, squares, toward, out),
            Task::EnemyAttack { .. } => self.legal_enemy_attack(task, out),
            Task::AttackTarget { token, range } => self.legal_attack_target(token, range, out),
            Task::Spawn { at, you } => {
                for sq in self.spawn_squares(at, you) {
                    out.push(Action::Square(sq));
                }
            }
            Task::Disturb { pick } => {
                for s in self.disturb_slots(pick) {
                    out.push(Action::Slot(s));
                }
            }
            Task::Damage { .. } => {
                out.push(Action::Block);
                out.push(Action::TakeDamage);
            }
            Task::ChildFlee { ch } => {
                for sq in self.flee_squares(ch) {
                    out.push(Action::Square(sq));
                }
            }
            Task::RevealNearest { you } => {
                for t in self.nearest_facedown(you) {
                    out.push(Action::Target(t));
                }
            }
            Task::SlotResolve { .. } => {
                for c in 0..self.t.chars.len() as u8 {
                    out.push(Action::Character(c));
                }
            }
            Task::SlotOrder { pending } => self.legal_slot_order(pending, out),
            Task::EventPhase { .. }
            | Task::DrawPhase
            | Task::EndTurn
            | Task::StepTo { .. }
            | Task::Sentinel { .. }
            | Task::Plan { .. }
            | Task::Effects { .. } => {}
        }
    }

    /// Apply a decision to the pending task, then resolve on.
    pub(crate) fn decide(&mut self, a: Action, ev: &mut Vec<Happened>) {
        self.t.steps = self.t.steps.wrapping_add(1);
        // Actions available at any point of the action phase.
        match a {
            Action::UseItem { ch, token } => return self.use_item(ch, token, ev),
            Action::Rescue { ch } => return self.rescue(ch, ev),
            Action::UsePlanning { ch, card } => return self.use_planning(ch, card, ev),
            _ => {}
        }
        let Some(task) = self.t.stack.last_mut() else {
            return;
        };
        match (*task, a) {
            (Task::ActionPhase, Action::Play { card, slot }) => self.play(card, slot, ev),
            (Task::ActionPhase, Action::EndActions) => {
                self.t.stack.pop();
            }
            (Task::Card { .. }, _) => self.decide_card(a, ev),
            (Task::Move { .. }, _) => self.decide_move(a),
            (Task::Attack { ch, s }, Action::Target(t)) => {
                self.t.stack.pop();
                self.attack_threat(t, s, ch, ev);
            }
            (Task::Spy { .. }, _) => self.decide_spy(a),
            (Task::SpyMoveTo { token }, Action::Square(sq)) => {
                self.t.stack.pop();
                self.move_enemy(token, sq, ev);
            }
            (Task::PlanKeep { ch }, _) => self.decide_plan_keep(ch, a, ev),
            (Task::PlanTop { .. }, _) => self.decide_plan_top(a),
            (Task::ChooseFree { ch, s }, Action::Choose(k)) => {
                self.t.stack.pop();
                self.push_action(ch, k, s);
            }
            (Task::Target { ch, purpose, .. }, Action::Target(t)) => {
                self.t.stack.pop();
                self.resolve_target(ch, purpose, t, ev);
            }
            (Task::PushSteps { .. }, _) => self.decide_push(a, ev),
            (Task::ChooseCharacter { purpose, .. }, Action::Character(c)) => {
                self.t.stack.pop();
                self.resolve_character(purpose, c, ev);
            }
            (Task::Calm, Action::DiscardToken { slot, value }) => {
                self.t.stack.pop();
                self.calm(slot, value, ev);
            }
            (Task::EnemyMove { .. }, Action::Precedence(p)) => self.decide_precedence(p),
            (Task::EnemyMove { .. }, Action::Enemy(t)) => self.decide_enemy_move(t),
            (Task::EnemyDest { token, .. }, Action::Square(sq)) => {
                self.t.stack.pop();
                self.enemy_moves_to(token, sq, ev);
            }
            (Task::EnemyAttack { .. }, Action::Enemy(t)) => self.decide_enemy_attack(t),
            (Task::AttackTarget { token, .. }, Action::Character(c)) => {
                self.t.stack.pop();
                self.enemy_attacks(token, c, ev);
            }
            (Task::Spawn { .. }, Action::Square(sq)) => {
                self.t.stack.pop();
                self.spawn_at(sq, ev);
            }
            (Task::Disturb { .. }, Action::Slot(s)) => {
                self.t.stack.pop();
                self.disturb(s, ev);
            }
            (Task::Damage { ch, amount }, Action::Block) => self.block(ch, amount, ev),
            (Task::Damage { ch, amount }, Action::TakeDamage) => {
                self.t.stack.pop();
                self.take_damage(ch, amount, ev);
            }
            (Task::ChildFlee { .. }, Action::Square(sq)) => {
                self.t.stack.pop();
                self.child_flees_to(sq, ev);
            }
            (Task::RevealNearest { you }, Action::Target(t)) => {
                self.t.stack.pop();
                self.reveal(t, you, ev);
            }
            (Task::SlotOrder { .. }, Action::Slot(s)) => self.decide_slot_order(s),
            (Task::SlotResolve { .. }, Action::Character(c)) => {
                if let Some(Task::SlotResolve { you, .. }) = self.t.stack.last_mut() {
                    *you = c;
                }
            }
            (t, a) => debug_assert!(false, "{a:?} does not answer {t:?}"),
        }
    }

    // ---------------------------------------------------------------- action phase (MA-ACT)

    fn legal_action_phase(&self, out: &mut Vec<Action>) {
        let seat = &self.t.seats[self.t.active as usize];
        let can_play = self.t.acts.normal < 2 || self.t.acts.extra > 0;
        if can_play {
            for (i, &card) in seat.hand.iter().enumerate() {
                // Identical copies (MA-CARD-10) are one choice.
                let first = self.t.content.card(card).first_copy;
                if (seat.hand[..i].iter()).any(|&o| self.t.content.card(o).first_copy == first) {
                    continue;
                }
                for slot in 0..self.t.slots.len() as u8 {
                    // MA-ACT-4, MA-EXTRA-3: one card per slot per turn.
                    if self.t.acts.played & (1 << slot) == 0 {
                        out.push(Action::Play { card, slot });
                    }
                }
            }
        }
        self.legal_ambient(out);
        self.legal_use_planning(out);
        // MA-ACT-1: exactly 2 actions; MA-ACT-9: fewer when the hand cannot supply them.
        let plays = out.iter().any(|a| matches!(a, Action::Play { .. }));
        if self.t.acts.normal >= 2 || !plays {
            out.push(Action::EndActions);
        }
    }

    /// Using items (MA-ITEM-1) and rescuing the Child (MA-CHILD-5).
    pub(crate) fn legal_ambient(&self, out: &mut Vec<Action>) {
        let controls = self.t.seats[self.t.active as usize].controls;
        // The face-up items on the map (usually none), then who stands on them.
        let item_tokens = self.mission().item_tokens;
        let mut items: tabletop_core::Inline<ThreatId, MAX_TOKENS> = Default::default();
        for (t, th) in self.t.threats.iter().enumerate() {
            if th.face_up && item_tokens & (1 << th.token) != 0 && matches!(th.loc, TLoc::Map(_)) {
                items.push(t as ThreatId);
            }
        }
        if !items.is_empty() {
            for ch in 0..self.t.chars.len() as u8 {
                if controls & (1 << ch) == 0 {
                    continue;
                }
                let sq = self.t.chars[ch as usize].sq;
                for &t in items.iter() {
                    if self.t.threats[t as usize].loc == TLoc::Map(sq) && self.item_usable(ch, t) {
                        out.push(Action::UseItem { ch, token: t });
                    }
                }
            }
        }
        if let Some(ch) = self.t.acting {
            if self.can_rescue(ch) {
                out.push(Action::Rescue { ch });
            }
        }
    }

    /// Strength for resolving: printed value, +1 with a matching bonus icon (MA-CARD-1, -3,
    /// MA-MISSION-6).
    pub fn resolve_strength(&self, card: CardId, slot: usize) -> u8 {
        let c = self.t.content.card(card);
        let icon = match self.slot_kind(slot) {
            Ok(k) => Some(k),
            Err(m) => self.mission().slots[m].bonus,
        };
        c.strength + u8::from(c.bonus.is_some() && c.bonus == icon)
    }

    fn play(&mut self, card: CardId, slot: u8, ev: &mut Vec<Happened>) {
        let seat = &mut self.t.seats[self.t.active as usize];
        let pos = seat.hand.iter().position(|&c| c == card).expect("legal");
        seat.hand.remove(pos);
        // MA-ACT-3: on top of the slot's cards.
        self.t.slots[slot as usize].cards.push(card);
        self.t.acts.played |= 1 << slot;
        if self.t.acts.normal < 2 {
            self.t.acts.normal += 1;
        } else {
            // MA-EXTRA-2, -6: an additional action, not one of the 2.
            self.t.acts.extra -= 1;
        }
        let s = self.resolve_strength(card, slot as usize);
        // MA-MODE-12: the character on the card resolves the action.
        let ch = self.char_of_card(card);
        self.t.acting = Some(ch);
        ev.push(Happened::Played { card, slot });
        self.t.stack.push(Task::Card {
            ch,
            slot,
            card,
            s,
            action_done: false,
            text_done: false,
        });
    }

    /// Whether the slot's action ability can do anything now.
    pub(crate) fn action_possible(&self, ch: u8, slot: u8, s: u8) -> bool {
        match self.slot_kind(slot as usize) {
            Ok(ActionKind::Move) => true,
            Ok(ActionKind::Attack) => self.attack_targets(ch, 1).next().is_some(),
            Ok(ActionKind::Spy) => self.spy_possible(ch, s),
            Ok(ActionKind::Plan) => self.t.planning.draw_len() + self.t.planning.discard_len() > 0,
            Err(m) => {
                let ms = &self.mission().slots[m];
                // MA-MISSION-4: "If # is 4+": performed only with that Strength.
                s >= ms.requires && ms.effects.iter().all(|e| self.feasible(e, ch))
            }
        }
    }

    /// MA-CARD-4, -7: an ability text works only in the slot named on it.
    pub(crate) fn text_usable(&self, ch: u8, slot: u8, card: CardId, action_done: bool) -> bool {
        let Some(t) = &self.t.content.card(card).text else {
            return false;
        };
        self.slot_kind(slot as usize) == Ok(t.slot)
            && (!t.after || action_done)
            && t.effects.iter().all(|e| self.feasible(e, ch))
    }

    fn decide_card(&mut self, a: Action, _ev: &mut Vec<Happened>) {
        let Some(Task::Card {
            ch,
            slot,
            card,
            s,
            action_done,
            text_done,
        }) = self.t.stack.last_mut()
        else {
            return;
        };
        let (ch, slot, card, s) = (*ch, *slot, *card, *s);
        match a {
            Action::ResolveAction => {
                *action_done = true;
                match self.slot_kind(slot as usize) {
                    Ok(k) => self.push_action(ch, k, s),
                    Err(m) => self.t.stack.push(Task::Effects {
                        src: Src::MissionSlot(m as u8),
                        idx: 0,
                        you: ch,
                        six: false,
                        start: self.t.changes,
                    }),
                }
            }
            Action::ResolveText => {
                *text_done = true;
                self.t.stack.push(Task::Effects {
                    src: Src::CardText(card),
                    idx: 0,
                    you: ch,
                    six: false,
                    start: self.t.changes,
                });
            }
            Action::FinishCard => {
                self.t.stack.pop();
                self.t.acting = None;
            }
            _ => debug_assert!(false, "{a:?} does not answer a card"),
        }
    }

    /// Start resolving a basic action with Strength `s` (from a card or a free action).
    pub(crate) fn push_action(&mut self, ch: u8, k: ActionKind, s: u8) {
        let t = match k {
            ActionKind::Move => Task::Move {
                ch,
                left: s,
                moved: false,
                stop: false,
                facedown: self.facedown_mask(),
            },
            ActionKind::Attack => {
                if self.attack_targets(ch, 1).next().is_none() {
                    return;
                }
                Task::Attack { ch, s }
            }
            ActionKind::Spy => {
                if !self.spy_possible(ch, s) {
                    return;
                }
                Task::Spy { ch, s }
            }
            ActionKind::Plan => Task::Plan { ch, s },
        };
        self.t.stack.push(t);
    }

    // ---------------------------------------------------------------- hands and decks

    /// Draw one ability card; an emptied deck is reshuffled from its discards at once
    /// (MA-DECK-1).
    pub(crate) fn draw_ability(&mut self, deck: usize) -> Option<CardId> {
        let d = &mut self.t.decks[deck];
        let c = d.draw_or_reshuffle(&mut self.chance);
        if d.draw_len() == 0 && d.discard_len() > 0 {
            d.reshuffle(&mut self.chance);
        }
        c
    }

    /// Refill a hand to the hand size (MA-TURN-7, -8, MA-DIFF-4); cards that cannot be drawn
    /// are owed (MA-DECK-2).
    pub(crate) fn refill_hand(&mut self, seat: usize) {
        let size = self.hand_size();
        let deck = self.t.seats[seat].deck as usize;
        while self.t.seats[seat].hand.len() < size {
            match self.draw_ability(deck) {
                Some(c) => self.t.seats[seat].hand.push(c),
                None => break,
            }
        }
        self.t.seats[seat].owed = size.saturating_sub(self.t.seats[seat].hand.len()) as u8;
    }

    /// MA-DECK-2: owed cards are drawn as soon as cards become available.
    pub(crate) fn pay_owed(&mut self) {
        let n = self.t.seats.len();
        for i in 0..n {
            let seat = (self.t.active as usize + i) % n;
            while self.t.seats[seat].owed > 0 {
                let deck = self.t.seats[seat].deck as usize;
                match self.draw_ability(deck) {
                    Some(c) => {
                        self.t.seats[seat].hand.push(c);
                        self.t.seats[seat].owed -= 1;
                    }
                    None => break,
                }
            }
        }
    }

    // ---------------------------------------------------------------- end of turn (MA-WIN)

    pub fn objective_met(&self) -> bool {
        let m = self.mission();
        match m.objective {
            Objective::DefeatTargets => self
                .threats
                .iter()
                .filter(|th| m.tokens[th.token as usize].target)
                .all(|th| th.loc == TLoc::Defeated),
            Objective::CollectAndExit { count, exit } => {
                let sq = m.map.numbered(exit);
                self.t.collected >= count && self.t.chars.iter().all(|c| Some(c.sq) == sq)
            }
            Objective::ChildToExit { exit } => match self.t.child {
                Child::Character(c) => Some(self.t.chars[c as usize].sq) == m.map.numbered(exit),
                _ => false,
            },
        }
    }

    fn end_turn(&mut self, ev: &mut Vec<Happened>) {
        ev.push(Happened::TurnEnded { turn: self.t.turn });
        // MA-WIN-2: objectives are checked at the end of a turn.
        if self.objective_met() {
            ev.push(Happened::Won);
            self.outcome = Some(Outcome {
                winners: (0..self.t.seats.len() as u8).collect(),
                reason: "the mission objective is completed".into(),
            });
            return;
        }
        if let Some(max) = self.mission().turn_max() {
            if self.t.turn >= max {
                self.lose(format!("turn {max} ended without the objective"), ev);
                return;
            }
        }
        // MA-TURN-1: the player to the left goes next.
        self.t.turn += 1;
        self.t.active = (self.t.active + 1) % self.t.seats.len() as u8;
        self.t.child_fled = false;
        self.t.taunt = None;
        self.t.acting = None;
        self.begin_turn();
    }

    /// MA-WIN-4: all players lose at once.
    pub(crate) fn lose(&mut self, reason: String, ev: &mut Vec<Happened>) {
        if self.outcome.is_none() {
            ev.push(Happened::Lost {
                reason: reason.clone(),
            });
            self.outcome = Some(Outcome {
                winners: Vec::new(),
                reason,
            });
        }
    }
}
