//! Executing structured effects: ability texts (MA-CARD), planning cards (MA-PLAN), items
//! (MA-ITEM), mission slots (MA-MISSION), free and additional actions (MA-EXTRA), and the
//! effects of event cards, crisis boxes and Mission Effects (MA-EVENT, MA-ENEMY-15).

use crate::content::*;
use crate::range::{self, FAR};
use crate::state::*;
use crate::terrain::move_neighbors;
use crate::turn::Flow;

impl Mandalorian {
    pub(crate) fn effects_of(&self, src: Src) -> EffectList {
        let c = self.t.content;
        let m = self.mission();
        match src {
            Src::Event(e) => EffectList::Event(&c.events[e as usize].abilities),
            Src::Crisis => EffectList::Plain(&m.crisis),
            Src::MissionEffect => EffectList::Plain(&m.mission_effect),
            Src::MissionSlot(i) => EffectList::Plain(&m.slots[i as usize].effects),
            Src::CardText(card) => EffectList::Plain(
                c.card(card)
                    .text
                    .as_ref()
                    .map(|t| t.effects.as_slice())
                    .unwrap_or(&[]),
            ),
            Src::Planning(p) => EffectList::Plain(&c.planning[p as usize].effects),
            Src::Item(i) => EffectList::Plain(&m.items[i as usize].effects),
        }
    }

    /// Resolve the next effect of the list on top of the stack (one at a time, top to bottom,
    /// MA-EVENT-12).
    pub(crate) fn step_effects(&mut self, ev: &mut Vec<Happened>) -> Flow {
        let Some(Task::Effects {
            src,
            idx,
            you,
            six,
            start,
        }) = self.t.stack.last().copied()
        else {
            return Flow::Next;
        };
        let list = self.effects_of(src);
        if (idx as usize) < list.len() {
            if let Some(Task::Effects { idx, .. }) = self.t.stack.last_mut() {
                *idx += 1;
            }
            let (effect, six_plus) = list.get(idx as usize);
            // MA-EVENT-36: a 6+ ability only when the slot has Strength 6 or more.
            if !six_plus || six {
                self.exec(effect, you, ev);
            }
            return Flow::Next;
        }
        self.t.stack.pop();
        // MA-EVENT-32, -34: an event card that changed nothing spawns 1 reinforcement in the
        // nearest star square.
        if matches!(src, Src::Event(_)) && self.t.changes == start {
            ev.push(Happened::NoEffectSpawn);
            self.t.stack.push(Task::Spawn {
                at: SpawnAt::NearestStar,
                you,
            });
        }
        Flow::Next
    }

    /// Start one effect; `you` is the character resolving it (MA-MODE-17, -18).
    pub(crate) fn exec(&mut self, e: Effect, you: u8, ev: &mut Vec<Happened>) {
        match e {
            Effect::DamageThreat {
                amount,
                range,
                threats,
            } => self.t.stack.push(Task::Target {
                ch: you,
                purpose: Purpose::Damage { amount, threats },
                range,
            }),
            Effect::Heal { amount, who } => match who {
                Who::You => self.heal(you, amount, ev),
                _ => self.t.stack.push(Task::ChooseCharacter {
                    you,
                    purpose: CharPurpose::Heal(amount),
                    who,
                }),
            },
            // MA-EXTRA-4, -5, -7: no card is played; the same action may be repeated.
            Effect::FreeAction { action, strength } => match action {
                FreeKind::Move => self.push_action(you, ActionKind::Move, strength),
                FreeKind::Attack => self.push_action(you, ActionKind::Attack, strength),
                FreeKind::Spy => self.push_action(you, ActionKind::Spy, strength),
                FreeKind::Plan => self.push_action(you, ActionKind::Plan, strength),
                FreeKind::Any => self.t.stack.push(Task::ChooseFree {
                    ch: you,
                    s: strength,
                }),
            },
            Effect::MoveCharacter { who, squares } => match who {
                Who::You => self.push_action(you, ActionKind::Move, squares),
                _ => self.t.stack.push(Task::ChooseCharacter {
                    you,
                    purpose: CharPurpose::Move(squares),
                    who,
                }),
            },
            Effect::PushEnemy { range, squares } => self.t.stack.push(Task::Target {
                ch: you,
                purpose: Purpose::Push { squares },
                range,
            }),
            Effect::Reveal { range } => self.t.stack.push(Task::Target {
                ch: you,
                purpose: Purpose::Reveal,
                range,
            }),
            Effect::Calm => self.t.stack.push(Task::Calm),
            Effect::Taunt => {
                self.t.taunt = Some(you);
                self.t.changes += 1;
            }
            // MA-EXTRA-1, MA-PLAN-10.
            Effect::ExtraAction => self.t.acts.extra += 1,
            Effect::Collect => {
                self.t.collected += 1;
                self.t.changes += 1;
            }
            Effect::OpenDoor { door } => {
                if self.t.doors_open & (1 << door) == 0 {
                    self.t.doors_open |= 1 << door;
                    self.t.changes += 1;
                    ev.push(Happened::DoorOpened { door });
                }
            }
            Effect::EnemiesMove {
                count,
                classes,
                squares,
            } => {
                // MA-GOLD-2: a taunt this turn contradicts "toward the nearest character"
                // whenever the two readings let some enemy end in different squares.
                let toward = match self.t.taunt {
                    Some(c) if self.readings_differ(classes, squares, c) => UNDECIDED,
                    _ => NEAREST,
                };
                self.t.stack.push(Task::EnemyMove {
                    classes,
                    left: count.limit(),
                    squares,
                    done: TokenMask::EMPTY,
                    toward,
                })
            }
            Effect::EnemiesAttack {
                count,
                classes,
                range,
            } => self.t.stack.push(Task::EnemyAttack {
                classes,
                left: count.limit(),
                range,
                done: TokenMask::EMPTY,
            }),
            Effect::Spawn { at } => self.t.stack.push(Task::Spawn { at, you }),
            Effect::Disturb { slot } => self.t.stack.push(Task::Disturb { pick: slot }),
            Effect::Damage { who, amount } => match who {
                Victims::You => self.t.stack.push(Task::Damage { ch: you, amount }),
                Victims::Every => {
                    for ch in (0..self.t.chars.len() as u8).rev() {
                        self.t.stack.push(Task::Damage { ch, amount });
                    }
                }
            },
            Effect::ChildFlees => {
                // MA-CHILD-14, -15: only a carried Child flees.
                if let Child::Character(c) = self.t.child {
                    self.t.stack.push(Task::ChildFlee { ch: c });
                }
            }
            Effect::RevealNearest => self.t.stack.push(Task::RevealNearest { you }),
            Effect::Track { amount } => {
                self.t.track = self.t.track.saturating_add(amount);
                self.t.changes += 1;
                ev.push(Happened::Track {
                    value: self.t.track,
                });
                if let Some(max) = self.mission().track_max() {
                    if self.t.track >= max {
                        self.lose(format!("the crisis track reached {max}"), ev);
                    }
                }
            }
        }
    }

    /// Whether an effect can be resolved in full now (MA-CARD-8: a text is resolved in full or
    /// not at all), with `ch` resolving it.
    pub(crate) fn feasible(&self, e: &Effect, ch: u8) -> bool {
        match *e {
            Effect::DamageThreat { range, threats, .. } => self
                .targets(ch, Purpose::Damage { amount: 1, threats }, range)
                .next()
                .is_some(),
            Effect::Heal { who, .. } => (0..self.t.chars.len() as u8).any(|c| {
                self.t.chars[c as usize].damage > 0
                    && match who {
                        Who::You => c == ch,
                        Who::AnyCharacter => true,
                        Who::AnotherCharacter => c != ch,
                    }
            }),
            Effect::FreeAction { action, strength } => match action {
                FreeKind::Attack => self.attack_targets(ch, 1).next().is_some(),
                FreeKind::Spy => self.spy_possible(ch, strength),
                FreeKind::Plan => self.t.planning.draw_len() + self.t.planning.discard_len() > 0,
                FreeKind::Move | FreeKind::Any => true,
            },
            Effect::MoveCharacter { who, .. } => {
                who != Who::AnotherCharacter || self.t.chars.len() > 1
            }
            Effect::PushEnemy { range, .. } => self
                .targets(ch, Purpose::Push { squares: 1 }, range)
                .next()
                .is_some(),
            Effect::Reveal { range } => self.targets(ch, Purpose::Reveal, range).next().is_some(),
            Effect::Calm => self.t.slots.iter().any(|s| !s.tokens.is_empty()),
            Effect::OpenDoor { door } => self.t.doors_open & (1 << door) == 0,
            _ => true,
        }
    }

    /// Threats a player effect may choose within `range` of character `ch`.
    pub(crate) fn targets(
        &self,
        ch: u8,
        purpose: Purpose,
        range: u8,
    ) -> impl Iterator<Item = ThreatId> + '_ {
        let sq = self.t.chars[ch as usize].sq;
        let dist = range::range_from(self.map(), sq, self.t.doors_open);
        (0..self.t.threats.len() as ThreatId).filter(move |&t| {
            let th = &self.t.threats[t as usize];
            let TLoc::Map(tsq) = th.loc else { return false };
            let d = dist.to(tsq);
            if d == FAR || d > range {
                return false;
            }
            let enemy = th.face_up && self.token_def(t).is_enemy();
            match purpose {
                // MA-THREAT-4, -5: "threats" are all tokens; "enemies" only face-up enemies.
                Purpose::Damage { threats, .. } => enemy || (threats && !th.face_up),
                Purpose::Push { .. } => enemy,
                Purpose::Reveal => !th.face_up,
            }
        })
    }

    pub(crate) fn step_target(&mut self) -> Flow {
        let Some(Task::Target { ch, purpose, range }) = self.t.stack.last().copied() else {
            return Flow::Next;
        };
        if self.targets(ch, purpose, range).next().is_none() {
            self.t.stack.pop();
            return Flow::Next;
        }
        Flow::Wait
    }

    pub(crate) fn legal_target(&self, ch: u8, purpose: Purpose, range: u8, out: &mut Vec<Action>) {
        for t in self.targets(ch, purpose, range) {
            out.push(Action::Target(t));
        }
    }

    pub(crate) fn resolve_target(
        &mut self,
        ch: u8,
        purpose: Purpose,
        t: ThreatId,
        ev: &mut Vec<Happened>,
    ) {
        match purpose {
            Purpose::Damage { amount, .. } => self.attack_threat(t, amount, ch, ev),
            Purpose::Push { squares } => self.t.stack.push(Task::PushSteps {
                ch,
                token: t,
                left: squares,
            }),
            // Revealed other than by movement: no Sentinel damage (MA-ENEMY-4).
            Purpose::Reveal => self.reveal(t, ch, ev),
        }
    }

    /// Squares that take an enemy 1 square farther from character `ch` (MA-EVENT-24).
    fn push_squares(&self, ch: u8, token: ThreatId) -> Vec<Sq> {
        let Some(esq) = self.enemy_on_map(token) else {
            return Vec::new();
        };
        let walk = range::walk_from(self.map(), self.t.chars[ch as usize].sq, self.t.doors_open);
        let here = walk.to(esq);
        if here == FAR {
            return Vec::new();
        }
        move_neighbors(self.map(), esq, self.t.doors_open)
            .filter(|&n| walk.to(n) != FAR && walk.to(n) == here + 1)
            .collect()
    }

    pub(crate) fn legal_push(&self, ch: u8, token: ThreatId, left: u8, out: &mut Vec<Action>) {
        if left > 0 {
            for sq in self.push_squares(ch, token) {
                out.push(Action::Square(sq));
            }
        }
        out.push(Action::Stop);
    }

    pub(crate) fn decide_push(&mut self, a: Action, ev: &mut Vec<Happened>) {
        let Some(Task::PushSteps { token, left, .. }) = self.t.stack.last_mut() else {
            return;
        };
        let token = *token;
        match a {
            Action::Square(sq) => {
                *left -= 1;
                self.move_enemy(token, sq, ev);
            }
            _ => {
                self.t.stack.pop();
            }
        }
    }

    pub(crate) fn legal_choose_character(&self, you: u8, who: Who, out: &mut Vec<Action>) {
        // MA-CARD-9: "any character" includes you, "another character" does not.
        for c in 0..self.t.chars.len() as u8 {
            if who != Who::AnotherCharacter || c != you {
                out.push(Action::Character(c));
            }
        }
    }

    pub(crate) fn resolve_character(
        &mut self,
        purpose: CharPurpose,
        c: u8,
        ev: &mut Vec<Happened>,
    ) {
        match purpose {
            CharPurpose::Heal(n) => self.heal(c, n, ev),
            // MA-MOVE-9: all movement rules apply to any movement.
            CharPurpose::Move(n) => self.push_action(c, ActionKind::Move, n),
        }
    }

    pub(crate) fn legal_choose_free(&self, ch: u8, s: u8, out: &mut Vec<Action>) {
        out.push(Action::Choose(ActionKind::Move));
        if self.attack_targets(ch, 1).next().is_some() {
            out.push(Action::Choose(ActionKind::Attack));
        }
        if self.spy_possible(ch, s) {
            out.push(Action::Choose(ActionKind::Spy));
        }
        if self.t.planning.draw_len() + self.t.planning.discard_len() > 0 {
            out.push(Action::Choose(ActionKind::Plan));
        }
    }
}

/// A list of effects, with or without the 6+ marks of event cards.
pub(crate) enum EffectList {
    Event(&'static [EventAbility]),
    Plain(&'static [Effect]),
}

impl EffectList {
    pub(crate) fn len(&self) -> usize {
        match self {
            EffectList::Event(a) => a.len(),
            EffectList::Plain(e) => e.len(),
        }
    }
    pub(crate) fn get(&self, i: usize) -> (Effect, bool) {
        match self {
            EffectList::Event(a) => (a[i].effect, a[i].six_plus),
            EffectList::Plain(e) => (e[i], false),
        }
    }
}
