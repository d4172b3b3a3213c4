//! Last Call, a story's ending (FF-WIN-2): a captain who holds the story's Goal tokens may declare
//! it on their turn; every other captain then takes one more turn (and the declarer too, if the
//! story says so); then, if the story settles unfinished jobs, every captain pays the bank the
//! Pay value of their Active and in-hand jobs; and the most credits win. Any story may use it
//! (`Story::last_call`, `Story::settle_jobs`).
//!
//! The stories' content decides what the cards leave open (stories.toml, NOTES.md): the Goal
//! token of a credits goal is taken as soon as the credits are in hand and kept if they drop,
//! captains tied for the most credits share the win, and a captain who cannot pay a settlement
//! in full pays what they have.

use tabletop_core::{Outcome, Seat};

use crate::content::*;
use crate::event::Event;
use crate::state::*;

impl Firefly {
    /// Whether `seat` may declare Last Call now: the story has a Last Call ending, nobody has
    /// declared it yet, it is `seat`'s turn, `seat` has completed every goal of the story (holds
    /// its Goal tokens, FF-WIN-4) and, if declaring uses an action, has one left (FF-TURN-4).
    #[inline]
    pub fn can_declare_last_call(&self, seat: Seat) -> bool {
        let Some((rule, goals)) = self.rules.last_call else {
            return false;
        };
        self.last_call.is_none()
            && matches!(self.phase, Phase::Actions)
            && self.current == seat
            && self.players[seat as usize].goals >= goals
            && (!rule.uses_action || self.turn.taken < 2)
    }

    /// Declare Last Call: the other captains' last turns follow in turn order, then the
    /// declarer's if the story gives them one. The declarer's turn goes on.
    pub(crate) fn declare_last_call(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let rule = self.story_def().last_call.expect("a Last Call story");
        let n = self.num_players();
        let mut last_turns: Vec<Seat> = (1..n).map(|k| (seat + k) % n).collect();
        if rule.declarer_plays_again {
            last_turns.push(seat);
        }
        events.push(Event::LastCallDeclared {
            seat,
            last_turns: last_turns.clone(),
        });
        self.last_call = Some(LastCallState {
            declarer: seat,
            last_turns: last_turns.into(),
        });
    }

    /// The seats still to play under Last Call: the captain whose turn is under way, then those
    /// whose last turn is to come. Empty before Last Call and once the game is over.
    pub fn still_to_play(&self) -> Vec<Seat> {
        match &self.last_call {
            Some(lc) if !matches!(self.phase, Phase::Over) => std::iter::once(self.current)
                .chain(lc.last_turns.iter().copied())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// A turn has ended under Last Call: the next captain with a last turn plays, or, with
    /// none left, the game ends. Returns the next seat, or `None` when the game is over.
    pub(crate) fn next_last_turn(&mut self, events: &mut Vec<Event>) -> Option<Seat> {
        let lc = self.last_call.as_mut()?;
        if lc.last_turns.is_empty() {
            self.end_after_last_call(events);
            return None;
        }
        Some(lc.last_turns.remove(0))
    }

    /// The Pay value of a job card (its Pay tab, FF-DEAL-11): what it costs to settle unfinished.
    /// A "Special" tab prints no amount ("$200 per Passenger"), so it counts $0.
    pub fn pay_value(&self, j: JobId) -> u32 {
        self.content.jobs[j as usize].pay.unwrap_or(0)
    }

    /// What `seat` would owe the bank if the jobs were settled now (Active and in hand).
    pub fn unfinished_pay(&self, seat: Seat) -> u32 {
        let p = &self.players[seat as usize];
        p.active
            .iter()
            .map(|a| a.job)
            .chain(p.hand.iter().copied())
            .map(|j| self.pay_value(j))
            .sum()
    }

    /// The last turn is over: settle unfinished jobs if the story says so, and the most credits
    /// win; tied captains share the win.
    fn end_after_last_call(&mut self, events: &mut Vec<Event>) {
        let story = self.story_def();
        if story.settle_jobs {
            for seat in 0..self.num_players() {
                let p = &self.players[seat as usize];
                let jobs: Vec<JobId> = p
                    .active
                    .iter()
                    .map(|a| a.job)
                    .chain(p.hand.iter().copied())
                    .collect();
                if jobs.is_empty() {
                    continue;
                }
                let owed = self.unfinished_pay(seat);
                let paid = owed.min(p.money);
                events.push(Event::JobsSettled {
                    seat,
                    jobs,
                    owed,
                    paid,
                });
                self.pay(seat, owed, events);
            }
        }
        let best = self.players.iter().map(|p| p.money).max().unwrap_or(0);
        let winners: Vec<Seat> = self
            .players
            .iter()
            .filter(|p| p.money == best)
            .map(|p| p.seat)
            .collect();
        for &seat in &winners {
            events.push(Event::Won { seat });
        }
        let settled = if story.settle_jobs {
            " after settling unfinished jobs"
        } else {
            ""
        };
        self.outcome = Some(Outcome {
            winners,
            reason: format!(
                "Last Call: the most credits{settled} ({})",
                crate::content::render::money(best)
            ),
        });
        self.phase = Phase::Over;
    }
}
