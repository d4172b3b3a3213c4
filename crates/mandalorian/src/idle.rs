//! Why a played card is put aside without a decision (MA-CARD-4, -7): its action can do
//! nothing (nothing in range, not enough Strength …) and its ability text cannot be used (the
//! text's slot is another, it comes after an action that cannot be done …).
//!
//! The engine reads the facts when it happens ([`Mandalorian::card_idle`]) and keeps them in the
//! [`Happened::CardIdle`] event as plain data that points into the content, so a step builds no
//! text (issue 11: these texts were the engine's last allocations in a step); [`IdleWhy::texts`]
//! words them, and in JSON they are the same list of sentences.

use serde::ser::{Serialize, SerializeSeq, Serializer};

use crate::content::*;
use crate::state::*;

/// Why a played card can do nothing more: its action, its ability text, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct IdleWhy {
    pub action: Option<NoAction>,
    pub text: Option<NoText>,
}

/// The slot's action can do nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoAction {
    /// The slot's name (a basic action, or the mission's slot).
    pub slot: &'static str,
    pub why: NoActionWhy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoActionWhy {
    CannotMove,
    /// MA-ATTACK-1.
    NoAttackTarget,
    /// MA-SPY-2, MA-SPY-5.
    NoSpyTarget {
        range: u8,
    },
    PlanningEmpty,
    /// MA-MISSION-4: "If # is 4+".
    NeedsStrength {
        requires: u8,
    },
    /// The mission slot's effects, and which of them (bit `i` for effect `i`) can do nothing.
    Effects {
        effects: &'static [Effect],
        blocked: u64,
    },
}

/// The card's ability text cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoText {
    /// The card's name.
    pub card: &'static str,
    pub why: NoTextWhy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoTextWhy {
    /// MA-CARD-7: the text works only in the slot of this action.
    OtherSlot { slot: ActionKind },
    /// The text comes after the action, which cannot be done.
    AfterAction,
    /// The text's effects, and which of them (bit `i` for effect `i`) can do nothing.
    Effects {
        effects: &'static [Effect],
        blocked: u64,
    },
}

impl IdleWhy {
    pub fn is_empty(&self) -> bool {
        self.action.is_none() && self.text.is_none()
    }

    /// The reasons in words, one sentence each (the action's first).
    pub fn texts(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(a) = &self.action {
            out.push(format!(
                "the {} action can do nothing: {}",
                a.slot,
                a.why.text()
            ));
        }
        if let Some(t) = &self.text {
            let name = t.card;
            out.push(match t.why {
                NoTextWhy::OtherSlot { slot } => format!(
                    "{name}'s text works only in the {} slot (MA-CARD-7)",
                    slot.name()
                ),
                NoTextWhy::AfterAction => {
                    format!("{name}'s text comes after the action, so it cannot be used")
                }
                NoTextWhy::Effects { effects, blocked } => format!(
                    "{name}'s text can do nothing: {}",
                    blocked_texts(effects, blocked)
                ),
            });
        }
        out
    }
}

impl NoActionWhy {
    fn text(&self) -> String {
        match *self {
            NoActionWhy::CannotMove => "the character cannot move".into(),
            NoActionWhy::NoAttackTarget => "no enemy within range 1 (MA-ATTACK-1)".into(),
            NoActionWhy::NoSpyTarget { range } => format!(
                "no face-down threat or face-up enemy within range {range} (MA-SPY-2, MA-SPY-5)"
            ),
            NoActionWhy::PlanningEmpty => "the planning deck and its discards are empty".into(),
            NoActionWhy::NeedsStrength { requires } => format!(
                "it needs Strength {requires}+ (MA-MISSION-4); the card counts in the event phase"
            ),
            NoActionWhy::Effects { effects, blocked } => blocked_texts(effects, blocked),
        }
    }
}

/// The effects of `effects` marked in `blocked`, each in words, comma-separated.
fn blocked_texts(effects: &[Effect], blocked: u64) -> String {
    let words: Vec<String> = (effects.iter().enumerate())
        .filter(|&(i, _)| i < 64 && blocked & (1 << i) != 0)
        .map(|(_, e)| infeasible_text(e))
        .collect();
    words.join(", ")
}

/// Why an effect that cannot be done now can do nothing, in words.
fn infeasible_text(e: &Effect) -> String {
    match *e {
        Effect::DamageThreat { range, threats, .. } => format!(
            "no {} within range {range}",
            if threats { "threat" } else { "enemy" }
        ),
        Effect::Heal { .. } => "nobody it may heal is damaged".into(),
        Effect::FreeAction { action, strength } => match action {
            FreeKind::Attack => "no enemy within range 1 to attack".into(),
            FreeKind::Spy => format!("nothing to spy on within range {strength}"),
            _ => "the planning deck is empty".into(),
        },
        Effect::MoveCharacter { .. } => "there is no other character".into(),
        Effect::PushEnemy { range, .. } => format!("no enemy within range {range}"),
        Effect::Reveal { range } => format!("no face-down threat within range {range}"),
        Effect::Calm => "no disturbance token in any slot".into(),
        Effect::OpenDoor { door } => format!("door {door} is open already"),
        _ => "it cannot be done now".into(),
    }
}

/// In JSON, the reasons in words: `["the Attack action can do nothing: …", …]`.
impl Serialize for IdleWhy {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let texts = self.texts();
        let mut seq = s.serialize_seq(Some(texts.len()))?;
        for t in &texts {
            seq.serialize_element(t)?;
        }
        seq.end()
    }
}

impl Mandalorian {
    /// For the card being resolved: why its action or its ability text, not done yet, can do
    /// nothing now; empty when both can, or when no card is being resolved.
    pub fn card_idle(&self) -> IdleWhy {
        let Some(&Task::Card {
            ch,
            slot,
            card,
            s,
            action_done,
            text_done,
        }) = self.stack.last()
        else {
            return IdleWhy::default();
        };
        let blocked = !action_done && !self.action_possible(ch, slot, s);
        IdleWhy {
            action: blocked.then(|| NoAction {
                // A card is only ever played into one of the mission's slots.
                slot: self.slot_label(slot as usize).unwrap_or("unknown"),
                why: self.why_no_action(ch, slot, s),
            }),
            text: (!text_done && !self.text_usable(ch, slot, card, action_done))
                .then(|| self.why_no_text(ch, slot, card, action_done, blocked))
                .flatten(),
        }
    }

    /// Why the action of `slot` can do nothing for character `ch` with Strength `s`.
    fn why_no_action(&self, ch: u8, slot: u8, s: u8) -> NoActionWhy {
        match self.slot_kind(slot as usize) {
            Ok(ActionKind::Move) => NoActionWhy::CannotMove,
            Ok(ActionKind::Attack) => NoActionWhy::NoAttackTarget,
            Ok(ActionKind::Spy) => NoActionWhy::NoSpyTarget { range: s },
            Ok(ActionKind::Plan) => NoActionWhy::PlanningEmpty,
            Err(m) => {
                let ms = &self.mission().slots[m];
                if s < ms.requires {
                    NoActionWhy::NeedsStrength {
                        requires: ms.requires,
                    }
                } else {
                    NoActionWhy::Effects {
                        effects: &ms.effects,
                        blocked: self.blocked(&ms.effects, ch),
                    }
                }
            }
        }
    }

    /// Why a played card's ability text is not offered, if it has one and cannot be used
    /// (MA-CARD-4, -7); `blocked`: the slot's action can do nothing.
    fn why_no_text(
        &self,
        ch: u8,
        slot: u8,
        card: CardId,
        action_done: bool,
        blocked: bool,
    ) -> Option<NoText> {
        let def = self.content.card(card);
        let t = def.text.as_ref()?;
        let why = if self.slot_kind(slot as usize) != Ok(t.slot) {
            NoTextWhy::OtherSlot { slot: t.slot }
        } else if t.after && !action_done {
            if !blocked {
                return None;
            }
            NoTextWhy::AfterAction
        } else {
            NoTextWhy::Effects {
                effects: &t.effects,
                blocked: self.blocked(&t.effects, ch),
            }
        };
        Some(NoText {
            card: &def.name,
            why,
        })
    }

    /// The effects of `effects` that can do nothing now for character `ch` (bit `i` for
    /// effect `i`).
    fn blocked(&self, effects: &[Effect], ch: u8) -> u64 {
        (effects.iter().enumerate())
            .filter(|&(i, e)| i < 64 && !self.feasible(e, ch))
            .fold(0, |m, (i, _)| m | 1 << i)
    }
}
