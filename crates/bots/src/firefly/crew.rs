//! The crew: hiring and dismissing, and who carries which gear.

use super::*;

impl FireflyBot {
    /// Dismiss the weakest crew member when a much better one waits, face up, in the discard
    /// pile of the Supply deck here and we are about to Buy.
    pub(super) fn replace_crew(&self, ctx: &Ctx, legal: &[Action]) -> Option<Action> {
        let g = ctx.g;
        let p = ctx.p;
        if g.turn.buy || g.turn.taken >= 2 || p.crew.len() < g.max_crew(p) {
            return None;
        }
        let deck = g.supply_deck_at(p.sector)?;
        let avail = p.money.saturating_sub(ctx.reserve(self)) as f64;
        let best = self.best_hire(ctx, g.decks.supply[deck as usize].discard_pile(), avail);
        self.dismiss_for(ctx, legal, best)
    }

    /// The best value, less its price, of an affordable crew card among `cards`; minus
    /// infinity when there is none.
    pub(super) fn best_hire(&self, ctx: &Ctx, cards: &[SupplyCardId], avail: f64) -> f64 {
        let g = ctx.g;
        cards
            .iter()
            .filter(|&&c| matches!(g.content.supply_cards[c as usize].kind, SupplyKind::Crew(_)))
            .filter_map(|&c| {
                let price = self.price(ctx, c) as f64;
                (price <= avail).then(|| self.card_value_any(ctx, c) - price)
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// Dismiss the weakest crew member (never the Leader) when a hire worth `hire` beats what
    /// they bring by a clear margin.
    pub(super) fn dismiss_for(&self, ctx: &Ctx, legal: &[Action], hire: f64) -> Option<Action> {
        if !hire.is_finite() {
            return None;
        }
        let p = ctx.p;
        let (worst, loss) = (1..p.crew.len())
            .map(|i| (i, self.member_loss(ctx, i)))
            .min_by(|a, b| a.1.partial_cmp(&b.1).unwrap())?;
        let card = p.crew[worst].card;
        (hire > loss + 700.0 && legal.contains(&Action::Dismiss(card)))
            .then_some(Action::Dismiss(card))
    }

    /// How useful a crew's totals are for carrying gear: points up to what we want count
    /// triple, points beyond once; each keyword half a point.
    pub(super) fn gear_utility(&self, ctx: &Ctx, skills: [i32; 3], keywords: u16) -> f64 {
        let mut v = 0.0;
        for (s, &x) in skills.iter().enumerate() {
            let cap = ctx.needs().desired[s] + 1;
            v += 3.0 * x.min(cap) as f64 + (x - cap).max(0) as f64;
        }
        v + keywords.count_ones() as f64 * 0.5
    }

    pub(super) fn gear_keywords(g: &Firefly, gear: SupplyCardId) -> u16 {
        g.gear_def(gear)
            .keywords
            .iter()
            .fold(0u16, |k, &kw| k | 1 << kw as u16)
    }

    /// Utility with `add` carried on top of what the crew has now (`sub` set aside).
    pub(super) fn utility_with(
        &self,
        ctx: &Ctx,
        add: Option<SupplyCardId>,
        sub: Option<SupplyCardId>,
    ) -> f64 {
        let g = ctx.g;
        let mut sk = ctx.skills();
        let mut kw = ctx.keywords();
        if let Some(h) = sub {
            let d = gear_skills(g.gear_def(h));
            for s in 0..3 {
                sk[s] -= d[s];
            }
            // Keywords of the card set aside may also come from elsewhere: recount.
            let p = ctx.p;
            kw = 0;
            for (i, m) in p.crew.iter().enumerate() {
                for k in &g.crew_def(m).keywords {
                    kw |= 1 << *k as u16;
                }
                for &x in &m.gear {
                    if x != h {
                        kw |= Self::gear_keywords(g, x);
                    }
                }
                let _ = i;
            }
        }
        if let Some(a) = add {
            let d = gear_skills(g.gear_def(a));
            for s in 0..3 {
                sk[s] += d[s];
            }
            kw |= Self::gear_keywords(g, a);
        }
        self.gear_utility(ctx, sk, kw)
    }

    /// How much a spare gear card would help if carried now.
    pub(super) fn gear_power(&self, ctx: &Ctx, gear: SupplyCardId) -> f64 {
        self.utility_with(ctx, Some(gear), None)
    }

    /// Set a weaker carried card aside for a better spare one when every hand is full. A swap
    /// is made only when it raises the crew's gear utility, so swaps end.
    pub(super) fn gear_swap(&self, ctx: &Ctx, legal: &[Action]) -> Option<Action> {
        let g = ctx.g;
        let p = ctx.p;
        if p.spare_gear.is_empty() {
            return None;
        }
        let now = self.utility_with(ctx, None, None);
        let mut best: Option<(f64, SupplyCardId)> = None;
        for x in &p.spare_gear {
            for m in &p.crew {
                if !may_carry(g, m, x) {
                    continue;
                }
                for &h in &m.gear {
                    let counts = !g
                        .gear_def(h)
                        .abilities
                        .iter()
                        .any(|a| matches!(a, Ability::NoGearLimit));
                    if !counts {
                        continue;
                    }
                    let v = self.utility_with(ctx, Some(x), Some(h));
                    if v > now + 1.0 && best.is_none_or(|b| v > b.0) {
                        best = Some((v, h));
                    }
                }
            }
        }
        let (_, h) = best?;
        legal
            .contains(&Action::Unequip(h))
            .then_some(Action::Unequip(h))
    }

    /// FF-CREW-5 during a Buy: at the crew maximum, dismiss the weakest crew member when a
    /// considered crew card is clearly better (the same margin as `replace_crew`) and beats the
    /// best purchase we could make anyway. Once dismissed there is room, so this happens at
    /// most once per Buy.
    pub(super) fn dismiss_to_hire(
        &self,
        ctx: &Ctx,
        legal: &[Action],
        avail: f64,
        best_buy: f64,
    ) -> Option<Action> {
        let g = ctx.g;
        let p = ctx.p;
        let Phase::Purchasing {
            considered,
            bought,
            max,
            ..
        } = &g.phase
        else {
            return None;
        };
        if bought >= max || p.crew.len() < g.max_crew(p) {
            return None;
        }
        let hire = self.best_hire(ctx, considered, avail);
        if hire <= best_buy {
            return None;
        }
        self.dismiss_for(ctx, legal, hire)
    }
}
