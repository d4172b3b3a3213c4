//! The Plan action (MA-PLAN-1..10).

use crate::content::*;
use crate::state::*;
use crate::turn::Flow;

impl Mandalorian {
    /// Draw a planning card; an emptied deck is reshuffled from its discards at once (MA-DECK-1).
    pub(crate) fn draw_planning(&mut self) -> Option<PlanId> {
        let c = self.t.planning.draw_or_reshuffle(&mut self.chance);
        if self.t.planning.draw_len() == 0 && self.t.planning.discard_len() > 0 {
            self.t.planning.reshuffle(&mut self.chance);
        }
        c
    }

    /// MA-PLAN-1: draw cards equal to S (privately, MA-PLAN-2).
    pub(crate) fn step_plan(&mut self, ch: u8, s: u8) -> Flow {
        self.t.stack.pop();
        for _ in 0..s {
            match self.draw_planning() {
                Some(p) => self.t.plan_drawn.push(p),
                None => break,
            }
        }
        self.t.stack.push(Task::PlanKeep { ch });
        Flow::Next
    }

    /// MA-PLAN-3..5, MA-MODE-15: keep 1, not Bad Luck, no second copy of a title.
    pub fn may_keep(&self, ch: u8, p: PlanId) -> bool {
        let card = &self.t.content.planning[p as usize];
        card.kind != PlanKind::BadLuck
            && !self.t.chars[ch as usize]
                .kept
                .iter()
                .any(|&k| self.t.content.planning[k as usize].id == card.id)
    }

    fn distinct_drawn(&self) -> impl Iterator<Item = PlanId> + '_ {
        self.t.plan_drawn.iter().enumerate().filter_map(|(i, &p)| {
            let id = &self.t.content.planning[p as usize].id;
            (!self.t.plan_drawn[..i]
                .iter()
                .any(|&q| &self.t.content.planning[q as usize].id == id))
            .then_some(p)
        })
    }

    pub(crate) fn legal_plan_keep(&self, ch: u8, out: &mut Vec<Action>) {
        for p in self.distinct_drawn() {
            if self.may_keep(ch, p) {
                out.push(Action::Keep(p));
            }
        }
        out.push(Action::KeepNone);
    }

    pub(crate) fn decide_plan_keep(&mut self, ch: u8, a: Action, ev: &mut Vec<Happened>) {
        self.t.stack.pop();
        if let Action::Keep(p) = a {
            let i = self
                .t
                .plan_drawn
                .iter()
                .position(|&q| q == p)
                .expect("legal");
            self.t.plan_drawn.remove(i);
            self.t.chars[ch as usize].kept.push(p);
            ev.push(Happened::PlanningKept { ch, card: p });
        }
        self.t.stack.push(Task::PlanTop { ch });
    }

    pub(crate) fn legal_plan_top(&self, out: &mut Vec<Action>) {
        for p in self.distinct_drawn() {
            out.push(Action::Top(p));
        }
        out.push(Action::TopNone);
    }

    /// MA-PLAN-6, -7: 1 card may go on top of the deck; the rest are discarded face up.
    pub(crate) fn decide_plan_top(&mut self, a: Action) {
        self.t.stack.pop();
        if let Action::Top(p) = a {
            let i = self
                .t
                .plan_drawn
                .iter()
                .position(|&q| q == p)
                .expect("legal");
            self.t.plan_drawn.remove(i);
            self.t.planning.stack_top(&[p]);
        }
        for p in std::mem::take(&mut self.t.plan_drawn) {
            self.t.planning.discard(p);
        }
    }
}
