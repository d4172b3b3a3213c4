//! Piracy (Pirates & Bounty Hunters, FF-PBH-24..33): when a Piracy job is worth a Work action,
//! what the Defender keeps in the Stash, and what to take once aboard. Without the expansion
//! no Piracy job is dealt and nothing here is asked.

use super::bounties::killed;
use super::*;

/// What one Good is worth beyond the job's pay for it: to sell or to use.
fn good_worth(item: Item) -> f64 {
    match item {
        Item::Contraband => 300.0,
        Item::Cargo => 200.0,
        Item::Parts => 150.0,
        Item::Fuel => 100.0,
        _ => 0.0,
    }
}

/// The order in which Goods are kept from pirates and taken by them: most valuable first.
const BY_WORTH: [Item; 4] = [Item::Contraband, Item::Cargo, Item::Parts, Item::Fuel];

impl FireflyBot {
    /// A Piracy job in hand, valued for dealing and discarding: its pay for a typical haul
    /// (three things taken), won half the time.
    pub(super) fn piracy_job_worth(&self, ctx: &Ctx, job: &Job, pc: &Piracy) -> f64 {
        let solid = job
            .contact
            .filter(|&k| !ctx.p.is_solid(k))
            .map_or(0.0, |k| self.solid_story_worth(ctx, k));
        (pc.pay_each as f64 * 3.0 + solid) * 0.5
    }

    /// What working Piracy job `job` against `target` here is worth, `None` when the bot leaves
    /// it: the chance to board (Tech or Negotiate, 6+) and to win the Showdown against the whole
    /// crew, by the haul, less what losing costs.
    pub(super) fn piracy_action_value(&self, ctx: &Ctx, job: JobId, target: Seat) -> Option<f64> {
        let g = ctx.g;
        let pc = g.piracy_of(job)?;
        let q = &g.players[target as usize];
        let haul = match pc.steal {
            Loot::Goods => {
                let (_, stash) = g.storage_boxes(q);
                // The Defender hides the best in the Stash: count what is left, worst first.
                let mut hidden = 2 * stash;
                let mut left = pc.max.map_or(u32::MAX, |m| m as u32);
                let mut room = g.storage_free_half(ctx.p);
                let mut v = 0.0;
                for item in BY_WORTH {
                    let mut n = q.item(item) as u32;
                    let keep = (hidden / item.half_boxes()).min(n);
                    hidden -= keep * item.half_boxes();
                    n -= keep;
                    let take = n.min(left).min(room / item.half_boxes());
                    left -= take;
                    room -= take * item.half_boxes();
                    v += take as f64 * (pc.pay_each as f64 + good_worth(item));
                }
                v
            }
            Loot::Jobs => {
                let n = q.hand.len().min(pc.max.unwrap_or(0) as usize);
                n as f64 * (pc.pay_each as f64 + 200.0)
            }
        };
        // Completing it makes us Solid with its Contact, as any job does (FF-REP-1).
        let solid = g.content.jobs[job as usize]
            .contact
            .filter(|&k| !ctx.p.is_solid(k))
            .map_or(0.0, |k| self.solid_story_worth(ctx, k));
        let haul = if haul > 0.0 { haul + solid } else { 0.0 };
        if haul <= 0.0 {
            return None;
        }
        let (p_board, p) = self.boarding_odds(ctx, target);
        let killed = killed(&pc.lose);
        let warrant = matches!(
            pc.lose_ends,
            Ending::WarrantIssued | Ending::BotchedAndWarrant
        );
        let loss = killed as f64 * 400.0 + if warrant { 600.0 } else { 0.0 };
        let v = p_board * (p * haul - (1.0 - p) * loss);
        (v > 400.0).then_some(v)
    }

    /// The Defender's Stash (FF-PBH-27/28): keep the most valuable Goods out of reach.
    pub(super) fn stash_choice(legal: &[Action]) -> Option<Action> {
        BY_WORTH
            .into_iter()
            .map(Action::LoadGood)
            .find(|a| legal.contains(a))
    }

    /// Aboard a rival's ship: take what is worth most, steal every job the card allows, then
    /// discard down to the hand limit as after a Deal.
    pub(super) fn plunder(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let Phase::Plunder(pl) = g.phase else {
            unreachable!()
        };
        if pl.done {
            return self.discard_jobs(g, seat, legal);
        }
        if legal.contains(&Action::StealJob) {
            return Action::StealJob;
        }
        let p = g.player(seat);
        let needed = |item: Item| self.needed_items(g, p, item) > p.item(item) as u32;
        // Goods a delivery still needs first, then by worth.
        let order = BY_WORTH
            .into_iter()
            .filter(|&i| needed(i))
            .chain(BY_WORTH.into_iter().filter(|&i| !needed(i)));
        for item in order {
            if legal.contains(&Action::Steal(item)) {
                return Action::Steal(item);
            }
        }
        // Out of room with Contraband or Cargo within reach: Fuel beyond two burns makes room.
        let r = g.player(pl.target);
        let worth_taking = [Item::Contraband, Item::Cargo]
            .into_iter()
            .any(|i| r.item(i) > pl.stashed[i.index()]);
        if pl.taken() == 0
            && worth_taking
            && p.item(Item::Fuel) > 2 * g.full_burn_fuel(p).max(1)
            && legal.contains(&Action::Jettison(Item::Fuel))
        {
            return Action::Jettison(Item::Fuel);
        }
        Action::Done
    }
}
