//! Piracy (Pirates & Bounty Hunters, spec §18.4, FF-PBH-24..33): a Piracy job worked against a
//! rival's ship in one's own sector. The Work action puts the card in the Active Job area, makes
//! the Boarding Test (`crate::showdown`), then a Showdown against the rival's whole crew; before
//! the dice the Defender picks the Goods their Stash keeps out of reach; a won Showdown lets the
//! pirate make room, take the plunder ([`Phase::Plunder`]) and be paid for each thing taken.
//!
//! Decisions (also in NOTES.md):
//! - Hold and Stash are not tracked apart (as for the Alliance's searches, `ship.rs`): the
//!   Defender re-arranges by choosing, one at a time, the Goods the Stash holds during this
//!   Showdown (FF-PBH-27/28); the choice ends with their Showdown skill, before any die.
//! - The whole crew who may go is on a Piracy Work action (as on a bounty's): Lawmen stay aboard
//!   for an Illegal one (FF-PBH-19), Moral-only crew for one made Immoral by a Moral target
//!   Leader (FF-PBH-26).
//! - Jobs are stolen unseen: each `StealJob` takes a random card of the rival's hand, which only
//!   the two captains then see.
//! - FF-PBH-25: a Piracy job still in hand cannot be started with the Active Job area full; one
//!   left Active by a failed Boarding Test may be tried again.

use serde::Serialize;
use tabletop_core::Seat;

use crate::action::Action;
use crate::content::*;
use crate::event::Event;
use crate::resolve::Origin;
use crate::showdown::{Defender, Showdown};
use crate::state::*;

/// A won Piracy Showdown (FF-PBH-29..32): what the pirate has taken so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Plunder {
    pub job: JobId,
    pub target: Seat,
    /// The Goods the Defender keeps in the Stash, by `Item::index` (FF-PBH-27): out of reach.
    pub stashed: [u8; 6],
    /// Goods taken so far, by `Item::index`.
    pub goods: [u8; 6],
    /// Jobs taken so far.
    pub jobs: u8,
    /// The taking is over: the pirate discards down to the hand limit (FF-PBH-32), then the job
    /// is complete.
    pub done: bool,
}

impl Plunder {
    /// Everything taken, the count the job pays for.
    pub fn taken(&self) -> u8 {
        self.goods.iter().sum::<u8>() + self.jobs
    }
}

/// The Goods of FF-PBH-30: everything carried that is not a person.
pub const GOODS: [Item; 4] = [Item::Cargo, Item::Contraband, Item::Fuel, Item::Parts];

impl Firefly {
    /// FF-PBH-24: the Piracy part of job `j`, if it is a Piracy job.
    pub fn piracy_of(&self, j: JobId) -> Option<&'static Piracy> {
        self.content.jobs[j as usize].piracy.as_ref()
    }

    /// FF-PBH-24: whether the captain in seat `target` may be attacked by `p` with Piracy job
    /// `pc`: a rival on the board, in the same sector, of the card's kind.
    pub fn piracy_target_ok(&self, p: &Player, pc: &Piracy, target: Seat) -> bool {
        let r = &self.players[target as usize];
        if r.seat == p.seat || !r.placed || r.sector != p.sector || self.in_sanctuary(target) {
            return false;
        }
        match pc.target {
            PiracyTarget::AnyRival => true,
            PiracyTarget::OutlawShip => self.is_outlaw(r),
            PiracyTarget::NotSolidWith { contact } => !self.counts_as_solid(r, contact),
            PiracyTarget::NoActiveJobsOf { contact } => !r
                .active
                .iter()
                .any(|a| self.content.jobs[a.job as usize].contact == Some(contact)),
        }
    }

    /// FF-PBH-24/25: the Piracy Work actions of `p`: each Piracy job Active or (with room in
    /// the Active Job area) in hand, against each rival it may target, in job order.
    /// (Asked only when `p` holds a Piracy job: the Actions phase's walk of the jobs held notes
    /// whether any is, `JobFacts::piracy`.)
    #[inline(never)]
    pub(crate) fn list_piracy_work(&self, p: &Player, out: &mut Vec<Action>) {
        // A Piracy job in hand needs room in the Active Job area; the limit is asked only when
        // there is one (issue 11: most games hold none).
        let mut room = None;
        let first = out.len();
        let jobs = p
            .active
            .iter()
            .map(|a| (a.job, false))
            .chain(p.hand.iter().map(|&j| (j, true)));
        for (j, in_hand) in jobs {
            let Some(pc) = self.piracy_of(j) else {
                continue;
            };
            if in_hand && !*room.get_or_insert_with(|| p.active.len() < self.active_limit(p)) {
                continue;
            }
            for r in 0..self.num_players() {
                if self.piracy_target_ok(p, pc, r) {
                    out.push(Action::Work(WorkTarget::Piracy { job: j, target: r }));
                }
            }
        }
        out[first..].sort_unstable_by_key(|a| match a {
            Action::Work(WorkTarget::Piracy { job, target }) => (*job, *target),
            _ => (JobId::MAX, Seat::MAX),
        });
    }

    /// FF-PBH-26: Piracy is "Subjective": Immoral when the target's Leader is Moral.
    pub fn piracy_immoral(&self, target: Seat) -> bool {
        let leader = &self.players[target as usize].crew[0];
        self.crew_def(leader).moral
    }

    /// Whether job `j`, worked against `target` when it is a Piracy job, counts as Immoral.
    pub fn job_immoral_against(&self, j: JobId, target: Option<Seat>) -> bool {
        let job = &self.content.jobs[j as usize];
        job.immoral || (job.piracy.is_some() && target.is_some_and(|t| self.piracy_immoral(t)))
    }

    /// FF-PBH-25: the Work action begins: the card goes to the Active Job area, then the
    /// Boarding Test.
    pub(crate) fn begin_piracy(&mut self, target: WorkTarget, events: &mut Vec<Event>) {
        let seat = self.current;
        let WorkTarget::Piracy { job, .. } = target else {
            unreachable!()
        };
        let p = &mut self.players[seat as usize];
        if p.hand.contains(&job) {
            p.hand.retain(|&x| x != job);
            p.active.push(ActiveJob::new(job));
            events.push(Event::JobStarted { seat, job });
        }
        self.job_pay = JobPay::default();
        self.work_with_whole_crew(target);
        self.begin_boarding(events);
    }

    /// The Piracy job and target of the Work action under way, if it is one.
    pub fn piracy_under_way(&self) -> Option<(JobId, Seat)> {
        match self.activity {
            Activity::Working {
                target: WorkTarget::Piracy { job, target },
                ..
            } => Some((job, target)),
            _ => None,
        }
    }

    /// FF-PBH-27/28: in a Piracy Showdown for Goods, before choosing a skill, the Defender may
    /// keep one more of their Goods in the Stash while it has room.
    pub(crate) fn stash_actions(&self, s: &Showdown, out: &mut Vec<Action>) {
        let Some((job, target)) = self.piracy_under_way() else {
            return;
        };
        if self.piracy_of(job).is_none_or(|pc| pc.steal != Loot::Goods) {
            return;
        }
        let r = &self.players[target as usize];
        let (_, stash) = self.storage_boxes(r);
        let used: u32 = GOODS
            .iter()
            .map(|i| s.stashed[i.index()] as u32 * i.half_boxes())
            .sum();
        for item in GOODS {
            if r.item(item) > s.stashed[item.index()] && used + item.half_boxes() <= 2 * stash {
                out.push(Action::LoadGood(item));
            }
        }
    }

    /// FF-PBH-25: the Showdown was won: the job is complete once the plunder is taken.
    pub(crate) fn piracy_won(&mut self, s: &Showdown) {
        let (job, target) = self.piracy_under_way().unwrap();
        debug_assert_eq!(s.defender, Defender::Rival(target));
        self.phase = Phase::Plunder(Plunder {
            job,
            target,
            stashed: s.stashed,
            goods: [0; 6],
            jobs: 0,
            done: false,
        });
    }

    /// FF-PBH-25: the Showdown was lost: the card's "lose" results, then the attempt ends
    /// (Attempt Botched: the job stays Active; Warrant Issued: it is discarded, FF-MISB-10).
    pub(crate) fn piracy_lost(&mut self, events: &mut Vec<Event>) {
        let (job, _) = self.piracy_under_way().unwrap();
        let seat = self.current;
        self.begin_resolution(
            Origin::PiracyLost { job },
            seat,
            &self.content.piracy_lose[job as usize],
            events,
        );
    }

    /// How many more Goods (or jobs) the card lets the pirate take.
    fn plunder_left(&self, pl: &Plunder) -> u8 {
        let pc = self.piracy_of(pl.job).unwrap();
        pc.max.map_or(u8::MAX, |m| m.saturating_sub(pl.taken()))
    }

    /// The legal actions of [`Phase::Plunder`].
    pub fn plunder_actions(&self, out: &mut Vec<Action>) {
        let Phase::Plunder(pl) = self.phase else {
            unreachable!()
        };
        let p = &self.players[self.current as usize];
        if pl.done {
            // FF-PBH-32: back down to the hand limit before the Work action ends.
            out.extend(p.hand.iter().map(|&j| Action::DiscardJob(j)));
            return;
        }
        let pc = self.piracy_of(pl.job).unwrap();
        let r = &self.players[pl.target as usize];
        let left = self.plunder_left(&pl);
        match pc.steal {
            Loot::Goods => {
                // FF-PBH-31: room is made before anything is taken, not in between.
                if pl.taken() == 0 {
                    for item in GOODS {
                        if p.item(item) > 0 {
                            out.push(Action::Jettison(item));
                        }
                    }
                    if self.planetary(p.sector) {
                        for item in [Item::Passengers, Item::Fugitives] {
                            if p.item(item) > 0 {
                                out.push(Action::Unload(item));
                            }
                        }
                    }
                }
                if left > 0 {
                    for item in GOODS {
                        // FF-PBH-27: not from the Stash; FF-PBH-29: only what fits.
                        if r.item(item) > pl.stashed[item.index()] && self.room_for(p, item) > 0 {
                            out.push(Action::Steal(item));
                        }
                    }
                }
            }
            Loot::Jobs => {
                if left > 0 && !r.hand.is_empty() {
                    out.push(Action::StealJob);
                }
            }
        }
        out.push(Action::Done);
    }

    pub fn apply_plunder(&mut self, a: Action, events: &mut Vec<Event>) {
        let Phase::Plunder(mut pl) = self.phase else {
            unreachable!()
        };
        let seat = self.current;
        match a {
            Action::Jettison(item) | Action::Unload(item) => self.unload(seat, item, 1, events),
            Action::Steal(item) => {
                self.unload(pl.target, item, 1, events);
                self.load(seat, item, 1, events);
                pl.goods[item.index()] += 1;
                events.push(Event::Plundered {
                    seat,
                    from: pl.target,
                    item,
                });
            }
            Action::StealJob => {
                let hand = &mut self.players[pl.target as usize].hand;
                let j = hand.remove(self.chance.below(hand.len() as u32) as usize);
                self.players[seat as usize].hand.push(j);
                pl.jobs += 1;
                events.push(Event::JobStolen {
                    seat,
                    from: pl.target,
                    job: j,
                });
            }
            Action::Done => pl.done = true,
            Action::DiscardJob(j) => self.discard_from_hand(seat, j, events),
            _ => unreachable!("{a:?} in {pl:?}"),
        }
        let p = &self.players[seat as usize];
        if pl.done && !self.over_hand_limit(p) {
            self.job_pay.plundered = pl.taken();
            let Activity::Working { on_job, .. } = self.activity else {
                unreachable!()
            };
            // The Bandits and Leader Sash take their money from the rival on completing it.
            self.take_piracy_money(seat, pl.target, events);
            self.complete_job(seat, pl.job, on_job, events);
        } else {
            self.phase = Phase::Plunder(pl);
        }
    }
}
