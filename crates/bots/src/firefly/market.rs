//! Buying and selling: which cards to consider and buy, Fuel and Parts, and selling goods to a
//! Solid Contact.

use super::*;

impl FireflyBot {
    /// What selling our goods to Contact `c` brings now (FF-DEAL-8: only when Solid).
    pub(super) fn sale_value(&self, ctx: &Ctx, c: ContactName) -> f64 {
        let p = ctx.p;
        if !p.is_solid(c) {
            return 0.0;
        }
        let Some(def) = ctx.g.content.contact(c) else {
            return 0.0;
        };
        let cargo = def.buys_cargo.unwrap_or(0) * p.item(Item::Cargo) as u32;
        let contraband = def.buys_contraband.unwrap_or(0) * p.item(Item::Contraband) as u32;
        (cargo + contraband) as f64
    }

    pub(super) fn considering(
        &mut self,
        g: &Firefly,
        seat: Seat,
        legal: &[Action],
        market: Market,
        considered: &[u16],
        max: u8,
    ) -> Action {
        let ctx = Ctx::new(g, seat);
        let p = ctx.p;
        let _ = max;
        match market {
            Market::Supply(_) => {
                let avail = p.money.saturating_sub(ctx.reserve(self)) as f64;
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::ConsiderDiscard(c) = a {
                        let price = self.price(&ctx, c) as f64;
                        if price > avail {
                            continue;
                        }
                        let net = self.card_value(&ctx, c) - price;
                        if net > 0.0 && best.is_none_or(|b| net > b.0) {
                            best = Some((net, a));
                        }
                    }
                }
                if let Some((_, a)) = best {
                    return a;
                }
                // Draw blind for the rest while we could pay for something.
                let want = avail >= 200.0
                    && (p.crew.len() < g.max_crew(p) || !p.crew.iter().all(|m| !m.gear.is_empty()));
                if want && legal.contains(&Action::ConsiderDraw) {
                    return Action::ConsiderDraw;
                }
                let _ = considered;
                Action::Done
            }
            // A last turn's Deal is for selling: no job taken now can be finished.
            Market::Contact(_) if g.last_call.is_some() => Action::Done,
            Market::Contact(k) => {
                let sector = g.content.contact_sector[k.index()].unwrap_or(p.sector);
                let room = p.hand.len() < g.hand_limit(p) + 2;
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::ConsiderDiscard(j) = a {
                        let v = self.hand_value(&ctx, j, sector);
                        if v > 60.0 && best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                if let Some((_, a)) = best {
                    if room {
                        return a;
                    }
                }
                if room && legal.contains(&Action::ConsiderDraw) {
                    return Action::ConsiderDraw;
                }
                Action::Done
            }
        }
    }

    pub(super) fn purchasing(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        let avail = ctx.p.money.saturating_sub(ctx.reserve(self)) as f64;
        let mut best: Option<(f64, Action)> = None;
        for &a in legal {
            if let Action::BuyCard(c) = a {
                let price = self.price(&ctx, c) as f64;
                if price > avail {
                    continue;
                }
                let net = self.card_value(&ctx, c) - price;
                if net > 0.0 && best.is_none_or(|b| net > b.0) {
                    best = Some((net, a));
                }
            }
        }
        if let Some(a) = self.dismiss_to_hire(&ctx, legal, avail, best.map_or(0.0, |b| b.0)) {
            return a;
        }
        best.map_or(Action::Done, |b| b.1)
    }

    pub(super) fn fuel_target(&self, ctx: &Ctx) -> u8 {
        if !ctx.burns_fuel() {
            return 0;
        }
        let room = ctx.g.room_for(ctx.p, Item::Fuel) as u8 + ctx.p.item(Item::Fuel);
        8.min(room)
    }

    /// Money kept back when buying Fuel: none while the tank is nearly dry, else the reserve
    /// (at most $1,500).
    pub(super) fn fuel_keep(&self, ctx: &Ctx) -> u32 {
        if ctx.p.item(Item::Fuel) < 3 {
            0
        } else {
            ctx.reserve(self).min(1500)
        }
    }

    pub(super) fn buying_goods(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        let p = ctx.p;
        if legal.contains(&Action::Purchase(Item::Fuel))
            && p.item(Item::Fuel) < self.fuel_target(&ctx)
        {
            // Fuel first: a ship without Fuel goes nowhere (FF-FLY-2).
            if p.money >= 100 + self.fuel_keep(&ctx) {
                return Action::Purchase(Item::Fuel);
            }
        }
        if legal.contains(&Action::Purchase(Item::Parts))
            && p.item(Item::Parts) < 2
            && p.money >= 300 + ctx.reserve(self) + 300
        {
            return Action::Purchase(Item::Parts);
        }
        // A load of Parts for the story's Haven goal.
        if legal.contains(&Action::Purchase(Item::Parts))
            && (p.item(Item::Parts) as u32) < self.haven_parts_wanted(g, p)
            && p.money >= 300
        {
            return Action::Purchase(Item::Parts);
        }
        Action::Done
    }

    pub(super) fn selling(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        let p = ctx.p;
        if g.last_call.is_some() {
            // A last turn: goods are worth only what they sell for now.
            for item in [Item::Contraband, Item::Cargo, Item::Parts] {
                if legal.contains(&Action::Sell(item)) {
                    return Action::Sell(item);
                }
            }
            return Action::Done;
        }
        for item in [Item::Contraband, Item::Cargo] {
            if legal.contains(&Action::Sell(item))
                && p.item(item) as u32 > self.needed_items(g, p, item)
            {
                return Action::Sell(item);
            }
        }
        if legal.contains(&Action::Sell(Item::Parts))
            && p.item(Item::Parts) as u32
                > value::SPARE_PARTS + self.needed_items(g, p, Item::Parts)
        {
            return Action::Sell(Item::Parts);
        }
        if legal.contains(&Action::ClearWarrants) && p.money >= 1000 + 800 {
            return Action::ClearWarrants;
        }
        if legal.contains(&Action::Purchase(Item::Fuel))
            && p.item(Item::Fuel) < self.fuel_target(&ctx).min(6)
            && p.money >= 400
        {
            return Action::Purchase(Item::Fuel);
        }
        Action::Done
    }
}
