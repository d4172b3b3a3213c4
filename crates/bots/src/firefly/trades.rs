//! Trading (FF-TRADE): the worth of an offer's bundles, and the answer to an offer.

use super::*;

impl FireflyBot {
    /// What a bundle of another player's things is worth to us.
    pub(super) fn bundle_gain(&self, ctx: &Ctx, b: &Bundle) -> f64 {
        let mut v = b.money as f64;
        for item in Item::ALL {
            let n = b.goods[item.index()] as f64;
            if n > 0.0 {
                v += n * self.item_gain(ctx, item).max(0.0);
            }
        }
        for &c in &b.cards {
            let price = match ctx.g.content.supply_cards[c as usize].kind {
                SupplyKind::Crew(d) => ctx.g.content.crew[d as usize].cost as f64,
                _ => 0.0,
            };
            // Cards we could not take aboard are worth nothing to us.
            let cv = self.card_value(ctx, c);
            if cv.is_finite() {
                v += (cv * 0.5).max(0.0) + price * 0.3;
            }
        }
        v
    }

    /// What a bundle of our things would cost us.
    pub(super) fn bundle_loss(&self, ctx: &Ctx, b: &Bundle) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let mut v = b.money as f64;
        for item in Item::ALL {
            let n = b.goods[item.index()] as u32;
            if n > 0 {
                v += self.item_loss(ctx, item, n);
            }
        }
        for &c in &b.cards {
            v += match g.content.supply_cards[c as usize].kind {
                SupplyKind::Crew(_) => p
                    .crew
                    .iter()
                    .position(|m| m.card == CrewCard::Hired(c))
                    .map_or(0.0, |i| self.crew_worth(g, p, i) * 2.0),
                SupplyKind::Gear(d) => {
                    let gd = &g.content.gear[d as usize];
                    gd.cost as f64
                        + 600.0 * (gd.skills.fight + gd.skills.tech + gd.skills.negotiate) as f64
                }
                SupplyKind::Upgrade(d) => {
                    g.content.upgrades[d as usize].cost.unwrap_or(0) as f64
                        + self.upgrade_value(ctx, d)
                }
            };
        }
        v
    }

    /// Answer another player's offer: only clearly good deals are taken.
    pub(super) fn answer_trade(
        &mut self,
        g: &Firefly,
        seat: Seat,
        offer: &Offer,
        legal: &[Action],
    ) -> Action {
        let accept = Action::Trade(TradeAction::Accept);
        let refuse = Action::Trade(TradeAction::Refuse);
        let ctx = Ctx::new(g, seat);
        let gain = self.bundle_gain(&ctx, &offer.give);
        let loss = self.bundle_loss(&ctx, &offer.ask);
        let a = if gain > loss * 1.25 + 100.0 {
            accept
        } else {
            refuse
        };
        if legal.contains(&a) {
            a
        } else if legal.contains(&refuse) {
            refuse
        } else {
            legal[0]
        }
    }
}
