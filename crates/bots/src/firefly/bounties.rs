//! Bounty hunting (Pirates & Bounty Hunters, FF-PBH-8..17): which fugitives are worth a Work
//! action, where to take the Bound ones, when to jump a rival's. Nothing changes without the
//! expansion (the decisions of other games stay the same).

use tabletop_firefly::bounty::Whereabouts;

use super::*;

/// The chance that `a` points plus a die beat `b` points plus a die (the Defender wins ties).
pub(super) fn win_chance(a: i32, b: i32) -> f64 {
    let mut wins = 0;
    for x in 1..=6 {
        for y in 1..=6 {
            if a + x > b + y {
                wins += 1;
            }
        }
    }
    wins as f64 / 36.0
}

/// How many crew a lost Showdown's effects Kill.
pub(super) fn killed(lose: &[Effect]) -> u8 {
    lose.iter()
        .map(|e| match e {
            Effect::KillCrew { count, .. } => *count,
            _ => 0,
        })
        .sum()
}

impl FireflyBot {
    /// Places worth flying to for bounties: each drop-off of the bounties we hold, and each
    /// Supply planet where a wanted fugitive waits in the discard pile.
    pub(super) fn bounty_candidates(&self, ctx: &Ctx, out: &mut Vec<(SectorId, f64)>) {
        let g = ctx.g;
        if !g.uses(Expansion::PiratesAndBountyHunters) {
            return;
        }
        let here = ctx.p.sector;
        let turns = |s: SectorId| turns_for(self.d(here, s), ctx.range()) as f64;
        for b in 0..g.content.bounties.len() as BountyId {
            let n = g.bound_count(ctx.seat, b);
            if n > 0 {
                let s = g.drop_off(b);
                let pay = (g.content.bounties[b as usize].pay as usize * n) as f64;
                out.push((s, pay / (turns(s) + 1.0)));
            }
        }
        for &b in &g.bounties.most_wanted {
            for (d, info) in g.content.supply_decks.iter().enumerate() {
                let lone = g.decks.supply[d].discard_pile().iter().any(|&c| {
                    g.content.supply_cards[c as usize]
                        .crew()
                        .is_some_and(|f| g.content.bounty.fugitives[b as usize].contains(&f))
                });
                if lone {
                    let v = self.lone_target_value(ctx, b) * 0.5;
                    if v > 0.0 {
                        out.push((info.sector, v / (turns(info.sector) + 1.0)));
                    }
                }
            }
        }
    }

    /// What a bounty Work action here is worth, `None` when the bot leaves it.
    pub(super) fn bounty_action_value(&self, ctx: &Ctx, t: WorkTarget) -> Option<f64> {
        let g = ctx.g;
        match t {
            WorkTarget::DeliverBounty(b) => {
                let n = g.bound_count(ctx.seat, b);
                Some(g.content.bounties[b as usize].pay as f64 * n as f64 + 500.0)
            }
            WorkTarget::Apprehend(card) => {
                let b = g.bounty_for(g.content.supply_cards[card as usize].crew()?)?;
                match g.whereabouts(ctx.seat, card)? {
                    // Selling out one's own crew costs the whole crew's goodwill: left alone.
                    Whereabouts::OwnCrew(_) => None,
                    Whereabouts::SupplyDiscard(_) => {
                        let v = self.lone_target_value(ctx, b);
                        (v > 300.0).then_some(v)
                    }
                    Whereabouts::RivalCrew(r) => {
                        let v = self.boarding_value(ctx, r, b);
                        (v > 600.0).then_some(v)
                    }
                }
            }
            WorkTarget::JumpBounty { from, bounty } => {
                let n = g.bound_count(from, bounty) as f64;
                let v = self.boarding_value(ctx, from, bounty) * n;
                (v > 600.0).then_some(v)
            }
            _ => None,
        }
    }

    /// Our best Showdown points (the whole crew, the best skill).
    pub(super) fn showdown_best(&self, ctx: &Ctx) -> i32 {
        *ctx.skills().iter().max().unwrap_or(&0)
    }

    /// A lone fugitive (FF-PBH-9(b)): the reward by the chance to win, less what losing costs
    /// (crew Killed) — the delivery is still to come, so half the reward counts.
    fn lone_target_value(&self, ctx: &Ctx, b: BountyId) -> f64 {
        let g = ctx.g;
        let card = &g.content.bounties[b as usize];
        let fugitive = g.content.bounty.fugitives[b as usize][0];
        let skills = g.content.crew[fugitive as usize].skills;
        let theirs = Skill::ALL
            .iter()
            .map(|&k| skills.get(k) as i32)
            .max()
            .unwrap_or(0);
        let p = win_chance(self.showdown_best(ctx), theirs);
        p * card.pay as f64 * 0.5 - (1.0 - p) * self.showdown_loss(card)
    }

    /// A rival's crew: the Boarding Test (Tech or Negotiate, 6+), then the Showdown against
    /// every one of them.
    fn boarding_value(&self, ctx: &Ctx, rival: Seat, b: BountyId) -> f64 {
        let card = &ctx.g.content.bounties[b as usize];
        let (p_board, p) = self.boarding_odds(ctx, rival);
        p_board * (p * card.pay as f64 * 0.5 - (1.0 - p) * self.showdown_loss(card))
    }

    /// Boarding `rival`'s ship (Tech or Negotiate, 6+, FF-PBH-21) and then winning the Showdown
    /// against their whole crew (FF-PBH-23): the two chances.
    pub(super) fn boarding_odds(&self, ctx: &Ctx, rival: Seat) -> (f64, f64) {
        let g = ctx.g;
        let board = ctx.skills()[1].max(ctx.skills()[2]);
        let p_board = ((board + 6 - 5).clamp(0, 6)) as f64 / 6.0;
        let q = &g.players[rival as usize];
        let theirs = Skill::ALL
            .iter()
            .map(|&k| g.mask_skill(q, all_crew(q), k, false) as i32)
            .max()
            .unwrap_or(0);
        (p_board, win_chance(self.showdown_best(ctx), theirs))
    }

    /// What losing a bounty's Showdown costs: the crew Killed, about a hire each.
    fn showdown_loss(&self, card: &BountyCard) -> f64 {
        killed(&card.lose) as f64 * 900.0
    }
}
