//! Where to fly: the board's distances, the worth of visiting each place (a Supply planet, a
//! Contact, fuel), the destination of a flight and the route to it (Dijkstra around the Cutters,
//! the Cruiser and Alliance space).

use super::*;

/// Turns to fly `d` sectors with a Full Burn range of `range` (a Mosey covers 1).
pub(super) fn turns_for(d: u32, range: u32) -> u32 {
    if d <= 1 {
        d
    } else {
        d.div_ceil(range.max(1))
    }
}

impl FireflyBot {
    /// Read distances from the board on the table (its table is worked out on load).
    pub(super) fn ensure_dist(&mut self, g: &Firefly) {
        let content = g.content as *const Content as usize;
        if content != self.content {
            self.content = content;
            self.card_table = value::CardTable::of(g.content);
            self.job_table = jobs::JobTable::of(g.content);
        }
        let board = g.board();
        let at = board as *const Board as usize;
        if at != self.board {
            self.board = at;
            self.dist = &board.distances;
            self.n = board.neighbours.len();
            self.links = BoardLinks::of(g);
        }
    }

    /// Sectors between `a` and `b` on the board (255 when there is no way).
    pub(super) fn d(&self, a: SectorId, b: SectorId) -> u32 {
        self.dist[a as usize * self.n + b as usize].min(u8::MAX as u16) as u32
    }

    pub(super) fn supply_value(&self, ctx: &Ctx, d: DeckId) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let mut v = 0.0;
        // Fuel and Parts count only when `buying_goods` would buy them here: a Buy valued for
        // goods it then leaves on the shelf is an action thrown away, turn after turn.
        if p.money >= 100 + self.fuel_keep(ctx) {
            v += self.fuel_need(ctx);
        }
        if p.item(Item::Parts) == 0 && p.money >= 600 + ctx.reserve(self) {
            v += 150.0;
        }
        // The story's Haven goal wants a load of Parts: worth a goal's share per Part bought.
        let want = self.haven_parts_wanted(g, p);
        let have = p.item(Item::Parts) as u32;
        if want > have && p.money >= 300 {
            let can = (p.money / 300).min(want - have);
            v += GOAL_WORTH * 0.5 * can as f64 / want as f64;
        }
        let avail = p.money.saturating_sub(ctx.reserve(self)) as f64;
        if avail >= 100.0 {
            let deck = &g.decks.supply[d as usize];
            // The two best of the face-up cards and a blind draw (each gains something: none
            // is NaN), kept as they come: a long discard pile is not gathered and sorted.
            let (mut top, mut n) = ([0.0f64; 2], 0);
            let mut offer = |x: f64| {
                if n < 2 {
                    top[n] = x;
                    n += 1;
                    if n == 2 && top[1] > top[0] {
                        top.swap(0, 1);
                    }
                } else if x > top[0] {
                    top = [x, top[0]];
                } else if x > top[1] {
                    top[1] = x;
                }
            };
            for &c in deck.discard_pile() {
                if let Some(x) = self.card_net(ctx, c, avail) {
                    offer(x);
                }
            }
            let best = self.blind_draw_value(ctx, d, avail);
            if best > 0.0 {
                offer(best);
            }
            v += top[..n].iter().sum::<f64>();
        }
        v
    }

    /// Drawing blind (FF-BUY-3) from deck `d` with `avail` to spend: the best of three cards
    /// off the draw pile, over the cards it holds (known to everyone: the deck less what is in
    /// sight; not their order). Valuing every card of every draw pile is the dearest part of a
    /// turn's decision and is often asked again of the same position, so each deck's cards are
    /// remembered, valued before what we can spend (`PileGains`), with a key of everything
    /// their values read (`blind_key`): money changes nearly every turn, the cards' values
    /// seldom. The values are shared by every bot of the thread (`memo::pile_gains`): a search
    /// bot's rollouts start fresh bots from the same positions, round after round.
    pub(super) fn blind_draw_value(&self, ctx: &Ctx, d: DeckId, avail: f64) -> f64 {
        let key = blind_key(ctx, d);
        let mut memo = self.blind_memo.borrow_mut();
        if memo.len() <= d as usize {
            memo.resize_with(d as usize + 1, BlindDraw::default);
        }
        let draw = &mut memo[d as usize];
        if draw.key != Some(key) {
            draw.gains = super::memo::pile_gains(key, || self.blind_draw(ctx, d));
            draw.key = Some(key);
        }
        draw.gains.value(avail)
    }

    /// [`Self::blind_draw_value`] worked out afresh, card by card (the memo's check).
    #[cfg(test)]
    pub(super) fn blind_draw_value_now(&self, ctx: &Ctx, d: DeckId, avail: f64) -> f64 {
        let mut blind: Vec<f64> = ctx.g.decks.supply[d as usize]
            .draw_pile()
            .iter()
            .map(|&c| self.card_net(ctx, c, avail).unwrap_or(0.0))
            .collect();
        best_of_draws(&mut blind, 3)
    }

    /// Deck `d`'s draw pile valued for a blind draw, whatever we can spend.
    fn blind_draw(&self, ctx: &Ctx, d: DeckId) -> PileGains {
        let pile = ctx.g.decks.supply[d as usize].draw_pile();
        let mut gains: Vec<(f64, u32)> = Vec::with_capacity(pile.len());
        gains.extend(pile.iter().filter_map(|&c| {
            let price = self.price(ctx, c);
            self.card_gain(ctx, c, price).map(|net| (net, price))
        }));
        // Stable, as `best_of_draws` sorts: equal gains keep the pile's order (and whatever
        // order equal gains come in, the value of a draw is the same: `PileGains::value`).
        gains.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
        PileGains {
            gains,
            pile: pile.len(),
        }
    }

    /// What buying card `c` would gain us over its price, when it is affordable with `avail`
    /// and gains anything.
    fn card_net(&self, ctx: &Ctx, c: SupplyCardId, avail: f64) -> Option<f64> {
        let price = self.price(ctx, c);
        if price as f64 > avail {
            return None;
        }
        self.card_gain(ctx, c, price)
    }

    /// What card `c` at `price` would gain us, when it gains anything.
    fn card_gain(&self, ctx: &Ctx, c: SupplyCardId, price: u32) -> Option<f64> {
        let net = self.card_value(ctx, c) - price as f64;
        (net > 0.0).then_some(net)
    }

    /// How badly we need Fuel: a ship with no Fuel goes nowhere (FF-FLY-2), so the last Full
    /// Burns are worth a detour to a Supply planet.
    pub(super) fn fuel_need(&self, ctx: &Ctx) -> f64 {
        if !ctx.burns_fuel() {
            return 0.0;
        }
        let burn = ctx.burn_fuel().max(1) as u32;
        let burns = ctx.p.item(Item::Fuel) as u32 / burn;
        match burns {
            0 => 9000.0,
            1 => 5000.0,
            2 => 1500.0,
            3 => 500.0,
            n => (8u32.saturating_sub(n * burn)) as f64 * 60.0,
        }
    }

    /// Whether we can buy Fuel in a sector: a Supply planet, or Harken while Solid with him.
    pub(super) fn fuel_source(&self, ctx: &Ctx, s: SectorId) -> bool {
        let g = ctx.g;
        if g.supply_deck_at(s).is_some() {
            return true;
        }
        g.contact_at(s).is_some_and(|c| {
            ctx.p.is_solid(c) && g.content.contact(c).is_some_and(|d| d.sells_fuel.is_some())
        })
    }

    pub(super) fn nearest_fuel(&self, ctx: &Ctx) -> Option<SectorId> {
        let here = ctx.p.sector;
        (0..ctx.g.content.sectors.len() as SectorId)
            .filter(|&s| !ctx.g.has_cutter(s) && self.fuel_source(ctx, s))
            .min_by_key(|&s| self.d(here, s))
    }

    pub(super) fn held_jobs_from(&self, p: &Player, c: ContactName, g: &Firefly) -> bool {
        p.hand
            .iter()
            .chain(p.active.iter().map(|a| &a.job))
            .any(|&j| g.content.jobs[j as usize].contact == Some(c))
    }

    /// Worth of a Deal action with Contact `c` for us now.
    pub(super) fn deal_value(&self, ctx: &Ctx, c: ContactName) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let deck = &g.decks.contacts[c.index()];
        let jobs_left = deck.draw_len() + deck.discard_len() > 0;
        let mut v = 0.0;
        // Near the end of a story that settles unfinished jobs, new jobs are mostly debts.
        let settle_soon = g.story_def().settle_jobs && last_call_near(g);
        if jobs_left && !settle_soon {
            let room = p.hand.len() < g.hand_limit(p) || p.active.len() < ACTIVE_LIMIT;
            let good = once(&ctx.good_jobs, || {
                p.active
                    .iter()
                    .map(|a| (a.job, a.steps_done))
                    .chain(p.hand.iter().map(|&j| (j, 0)))
                    .filter(|&(j, s)| self.job_score(ctx, j, s, p.sector) > 80.0)
                    .count()
            });
            let sector = g.content.contact_sector[c.index()].unwrap_or(p.sector);
            let best = deck
                .discard_pile()
                .iter()
                .map(|&j| self.job_score(ctx, j, 0, sector))
                .fold(0.0, f64::max);
            // Something to find: face-down cards, or a face-up job we can do.
            if room && (deck.draw_len() > 0 || best > 0.0) {
                let mut jobs = match good {
                    0 => 1200.0,
                    1 => 600.0,
                    2 => 150.0,
                    _ => 30.0,
                };
                if !self.held_jobs_from(p, c, g) {
                    jobs += self.story_worth_of_contact(ctx, c) * 0.6;
                }
                jobs += best;
                // We came away empty-handed lately: the deck has not changed much.
                let last = self.fruitless[c.index()];
                if last != u16::MAX && g.round < last + 6 {
                    jobs *= 0.15;
                }
                v += jobs;
            }
        }
        if p.is_solid(c) {
            if let Some(def) = g.content.contact(c) {
                if let Some(price) = def.buys_cargo {
                    let spare = (p.item(Item::Cargo) as u32).saturating_sub(self.needed_items(
                        g,
                        p,
                        Item::Cargo,
                    ));
                    v += spare as f64 * price as f64;
                }
                if let Some(price) = def.buys_contraband {
                    let spare = (p.item(Item::Contraband) as u32)
                        .saturating_sub(self.needed_items(g, p, Item::Contraband));
                    v += spare as f64 * price as f64;
                }
                if def.sells_fuel.is_some() && p.money >= 300 {
                    v += self.fuel_need(ctx) * 0.8;
                }
                if def.special_rule == ContactRule::FavorForAFavor
                    && p.warrants > 0
                    && p.money >= 1800
                {
                    v += 800.0 * p.warrants as f64;
                }
            }
        }
        v
    }

    /// Every place worth going to, with its score (worth per turn).
    pub(super) fn candidates(&self, ctx: &Ctx, out: &mut Vec<(SectorId, f64)>) {
        out.clear();
        self.candidates_raw(ctx, out);
        // Going where the Cruiser is means meeting the Alliance (FF-FLY-15).
        let g = ctx.g;
        if g.cruiser != ctx.p.sector && g.is_outlaw(ctx.p) {
            let cost = self.outlaw_cost(ctx);
            let t = turns_for(self.d(ctx.p.sector, g.cruiser), ctx.range()) as f64 + 1.0;
            for c in out.iter_mut() {
                if c.0 == g.cruiser {
                    c.1 -= cost / t;
                }
            }
        }
    }

    pub(super) fn candidates_raw(&self, ctx: &Ctx, out: &mut Vec<(SectorId, f64)>) {
        let g = ctx.g;
        let p = ctx.p;
        let here = p.sector;
        let turns = |s: SectorId| turns_for(self.d(here, s), ctx.range()) as f64;
        if let Some((s, v)) = self.goal_value(ctx) {
            out.push((s, v / (turns(s) + 1.0)));
        }
        for a in &p.active {
            if !self.job_doable(ctx, a.job, a.steps_done) {
                continue;
            }
            let e = self.job_eval(ctx, a.job, a.steps_done, here);
            if e.feasible && e.score > 0.0 {
                out.push((e.next, e.score));
            }
        }
        if p.active.len() < ACTIVE_LIMIT {
            for &j in &p.hand {
                if !self.job_doable(ctx, j, 0) {
                    continue;
                }
                let e = self.job_eval(ctx, j, 0, here);
                if e.feasible && e.score > 0.0 {
                    out.push((e.next, e.score));
                }
            }
        }
        for (i, &c) in ALL_CONTACTS.iter().enumerate() {
            if let Some(s) = g.content.contact_sector[i] {
                let v = self.deal_value(ctx, c);
                if v > 0.0 {
                    out.push((s, v / (turns(s) + 1.0)));
                }
            }
        }
        for (d, info) in g.content.supply_decks.iter().enumerate() {
            let v = self.supply_value(ctx, d as DeckId);
            if v > 0.0 {
                out.push((info.sector, v / (turns(info.sector) + 1.0)));
            }
        }
        self.bounty_candidates(ctx, out);
    }

    /// The best place to fly to (not where we are), if any.
    pub(super) fn best_remote(&mut self, ctx: &Ctx) -> Option<(SectorId, f64)> {
        let mut cands = std::mem::take(&mut self.cands);
        self.candidates(ctx, &mut cands);
        let here = ctx.p.sector;
        let mut best: Option<(SectorId, f64)> = None;
        for &(s, v) in &cands {
            if s == here || ctx.g.has_cutter(s) {
                continue;
            }
            let v = v + self.rng.below(8) as f64 * 0.01;
            if best.is_none_or(|b| v > b.1) {
                best = Some((s, v));
            }
        }
        self.cands = cands;
        if best.is_none() {
            // Nothing to do anywhere: head for the nearest Supply planet.
            best = ctx
                .g
                .content
                .supply_decks
                .iter()
                .map(|d| d.sector)
                .filter(|&s| s != here)
                .min_by_key(|&s| self.d(here, s))
                .map(|s| (s, 1.0));
        }
        best
    }

    /// What a route toward `target` is a function of (`RouteKey`), when it can be keyed (at
    /// most 4 Cutters).
    fn route_key(
        &self,
        g: &Firefly,
        target: SectorId,
        avoid_cruiser: bool,
        hot: bool,
    ) -> Option<RouteKey> {
        (g.cutters.len() <= 4).then(|| {
            let mut cutters = [SectorId::MAX; 4];
            cutters[..g.cutters.len()].copy_from_slice(&g.cutters);
            RouteKey {
                board: self.board,
                target,
                avoid_cruiser,
                hot,
                // Where the Cruiser is matters only when we fly around it.
                cruiser: if avoid_cruiser {
                    g.cruiser
                } else {
                    SectorId::MAX
                },
                cutters,
            }
        })
    }

    /// Distances to `target` of every sector over the sectors a ship may enter now: never the
    /// Cutter's (FF-FLY-12), and not the Cruiser's when we are an Outlaw Ship (FF-FLY-15); a
    /// whole search (`Routes::search`), the check of the distances a flight reads
    /// (`route_distances`).
    #[cfg(test)]
    pub(super) fn route(
        &mut self,
        g: &Firefly,
        target: SectorId,
        avoid_cruiser: bool,
        hot: bool,
    ) -> Vec<u16> {
        let avoid_cruiser = avoid_cruiser && target != g.cruiser;
        let mut dist = Vec::new();
        self.routes
            .search(g, &self.links, target, avoid_cruiser, hot, &mut dist);
        dist
    }

    /// The distances to `target` of the sectors in `moves` (each `(sector, distance)`, the
    /// ones to find `UNKNOWN`) over the sectors a ship may enter now, as `route` gives them
    /// (`u16::MAX`: unreachable). Each is found by a search toward the sectors asked for only
    /// (`Routes::search_goals`), and every distance a search settles is kept for every bot of
    /// the thread (`SHARED_ROUTES`): a route is a function of the board, the target, the two
    /// flags and where the Cruiser and the Cutters are, nothing else; a flight's moves (and
    /// the next turn's flight) ask for the same, and the captains of a game fly to the same
    /// few places.
    fn route_distances(
        &mut self,
        g: &Firefly,
        target: SectorId,
        avoid_cruiser: bool,
        hot: bool,
        moves: &mut [(SectorId, u16)],
    ) {
        let avoid_cruiser = avoid_cruiser && target != g.cruiser;
        let key = self.route_key(g, target, avoid_cruiser, hot);
        let (links, hops, n) = (&*self.links, self.dist, self.n);
        let routes = &mut self.routes;
        SHARED_ROUTES.with(|t| {
            let mut t = t.borrow_mut();
            let mut scratch = std::mem::take(&mut routes.scratch);
            let known: &mut Vec<u16> = match key {
                Some(k) => {
                    if t.len() >= MAX_ROUTES && !t.contains_key(&k) {
                        t.clear();
                    }
                    t.entry(k).or_insert_with(|| vec![UNKNOWN; n])
                }
                None => {
                    scratch.clear();
                    scratch.resize(n, UNKNOWN);
                    &mut scratch
                }
            };
            let mut goals: smallvec::SmallVec<[SectorId; 8]> = smallvec::SmallVec::new();
            for &(s, d) in moves.iter() {
                if d == UNKNOWN && known[s as usize] == UNKNOWN {
                    goals.push(s);
                }
            }
            if !goals.is_empty() {
                routes.search_goals(g, links, hops, target, avoid_cruiser, hot, &goals, known);
            }
            for (s, d) in moves.iter_mut() {
                if *d == UNKNOWN {
                    *d = known[*s as usize];
                }
            }
            routes.scratch = scratch;
        });
    }

    /// The distance from `s` of `route(g, target, avoid_cruiser, hot)` read from the board's
    /// distances, without a search, when they tell it. A route's step costs 1, more into a
    /// sector that costs more (Alliance space when `hot`, next to the Cruiser when flown
    /// around), and never enters a Cutter's sector (or the Cruiser's when flown around): every
    /// way costs at least its steps, so the board's shortest way is the route's when it passes
    /// through none of those sectors; and it passes through none when the way through each of
    /// them is longer. `None` when that cannot be told so (the route is searched then).
    fn plain_route_distance(
        &self,
        g: &Firefly,
        target: SectorId,
        avoid_cruiser: bool,
        hot: bool,
        s: SectorId,
    ) -> Option<u16> {
        let avoid_cruiser = avoid_cruiser && target != g.cruiser;
        if s == target {
            return Some(0);
        }
        // The search walks the board's links from the target, as the board's distances from it.
        let far = |a: SectorId, b: SectorId| self.dist[a as usize * self.n + b as usize];
        let d = far(target, s);
        if d == Board::FAR {
            return None;
        }
        // Whether the way through `x` (entered on the way, not where it starts or ends) is
        // longer than the shortest.
        let longer_through = |x: SectorId| {
            x == s || x == target || {
                let (a, b) = (far(target, x), far(x, s));
                a == Board::FAR || b == Board::FAR || a as u32 + b as u32 > d as u32
            }
        };
        for &c in &g.cutters {
            if c == s || c == target || !longer_through(c) {
                return None;
            }
        }
        if avoid_cruiser {
            let cruiser = g.cruiser;
            if cruiser == s || !longer_through(cruiser) {
                return None;
            }
            if !g.neighbours(cruiser).iter().all(|&x| longer_through(x)) {
                return None;
            }
        }
        if hot && !self.links.alliance.iter().all(|&x| longer_through(x)) {
            return None;
        }
        Some(d)
    }

    /// Whether we carry goods a job needs that the Alliance would seize (FF-FLY-16, FF-WORK-14).
    pub(super) fn hot_cargo(&self, g: &Firefly, p: &Player) -> bool {
        self.needed_items(g, p, Item::Contraband) > 0
            || self.needed_items(g, p, Item::Fugitives) > 0
    }

    /// Whether meeting the Alliance Cruiser would cost us enough to fly around it.
    pub(super) fn avoid_cruiser(&self, g: &Firefly, p: &Player) -> bool {
        if !g.is_outlaw(p) {
            return false;
        }
        let ctx = Ctx::new(g, p.seat);
        self.outlaw_cost(&ctx) > 350.0
    }

    /// The next sector toward `target` among the legal moves.
    pub(super) fn step_toward(
        &mut self,
        g: &Firefly,
        p: &Player,
        target: SectorId,
        legal: &[Action],
    ) -> Option<Action> {
        let avoid = self.avoid_cruiser(g, p);
        let hot = self.hot_cargo(g, p);
        // The route is searched only when the board's distances cannot tell a move's distance
        // (`plain_route_distance`).
        let mut moves: smallvec::SmallVec<[(SectorId, u16); 8]> = smallvec::SmallVec::new();
        let mut unknown = false;
        for &a in legal {
            if let Action::MoveTo(s) = a {
                let d = self
                    .plain_route_distance(g, target, avoid, hot, s)
                    .unwrap_or(UNKNOWN);
                unknown |= d == UNKNOWN;
                moves.push((s, d));
            }
        }
        if unknown {
            self.route_distances(g, target, avoid, hot, &mut moves);
        }
        let near_cutter = |s: SectorId| g.neighbours(s).iter().any(|&x| g.has_cutter(x));
        let mut best: Option<(i32, Action)> = None;
        for &(s, d) in &moves {
            let d = d as i32;
            let d = if d == u16::MAX as i32 {
                // Unreachable without the Cruiser: fall back to plain distance.
                self.d(s, target) as i32 + 50
            } else {
                d
            };
            let mut score = d * 10;
            if near_cutter(s) {
                score += 3;
            }
            if s == g.cruiser && avoid && s != target {
                score += 30;
            }
            score += self.rng.below(2) as i32;
            if best.is_none_or(|b| score < b.0) {
                best = Some((score, Action::MoveTo(s)));
            }
        }
        best.map(|b| b.1)
    }

    /// Where this turn's flight is heading.
    pub(super) fn flight_target(&mut self, ctx: &Ctx) -> SectorId {
        let g = ctx.g;
        let p = ctx.p;
        let here = p.sector;
        let t = g.turn;
        let mut cands = std::mem::take(&mut self.cands);
        self.candidates(ctx, &mut cands);
        // Stopping here only pays when an action is left to use here.
        let mut best: Option<(SectorId, f64)> = None;
        for &(s, v) in &cands {
            if g.has_cutter(s) {
                continue;
            }
            if s == here {
                let usable = t.taken < 2
                    && ((!t.work
                        && (p.active.iter().any(|a| g.can_work_job(p, a.job))
                            || p.hand.iter().any(|&j| g.can_work_job(p, j))
                            || g.can_work_goal(p)))
                        || (!t.deal && g.contact_at(here).is_some())
                        || (!t.buy && g.supply_deck_at(here).is_some()));
                if !usable {
                    continue;
                }
            }
            if best.is_none_or(|b| v > b.1) {
                best = Some((s, v));
            }
        }
        self.cands = cands;
        best.map(|b| b.0).unwrap_or(here)
    }

    /// The places worth a flight ranked after the one this bot's choice of this decision flies
    /// to (the hard level's other plans, `search::firefly`): up to `n`, best first, each with
    /// the action that starts the flight (`flight_start`). None when no flight may start now.
    pub fn flight_plans(
        &mut self,
        g: &Firefly,
        seat: Seat,
        legal: &[Action],
        n: usize,
        out: &mut Vec<(Action, SectorId)>,
    ) {
        self.ensure_dist(g);
        let burn = legal.contains(&Action::FullBurn);
        let mosey = legal.contains(&Action::Mosey);
        if g.turn.fly || g.last_call.is_some() || !(burn || mosey) {
            return;
        }
        let ctx = Ctx::new(g, seat);
        let here = ctx.p.sector;
        let own = self.planned_flight(g, seat);
        let mut cands = Vec::new();
        self.candidates(&ctx, &mut cands);
        cands.retain(|&(s, _)| s != here && !g.has_cutter(s) && Some(s) != own);
        cands.sort_by(|a, b| b.1.total_cmp(&a.1));
        for (s, _) in cands {
            if out.len() >= n {
                break;
            }
            if out.iter().any(|&(_, t)| t == s) {
                continue;
            }
            if let Some(a) = self.flight_start(here, s, legal) {
                out.push((a, s));
            }
        }
    }

    /// The action that starts a flight from `here` toward `target`: a Mosey to a neighbour,
    /// else a Full Burn, else a Mosey toward it; `None` when no flight may start.
    pub(super) fn flight_start(
        &self,
        here: SectorId,
        target: SectorId,
        legal: &[Action],
    ) -> Option<Action> {
        let mosey = legal.contains(&Action::Mosey);
        self.flight_start_with(here, target, mosey, legal.contains(&Action::FullBurn))
    }

    /// `flight_start` with whether a Mosey and a Full Burn are legal.
    pub(super) fn flight_start_with(
        &self,
        here: SectorId,
        target: SectorId,
        mosey: bool,
        burn: bool,
    ) -> Option<Action> {
        if self.d(here, target) <= 1 && mosey {
            Some(Action::Mosey)
        } else if burn {
            Some(Action::FullBurn)
        } else {
            mosey.then_some(Action::Mosey)
        }
    }

    /// Where the flight this bot chose to start on `g` (its `choose` of this decision) goes,
    /// if it chose one.
    pub fn planned_flight(&self, g: &Firefly, seat: Seat) -> Option<SectorId> {
        match self.flight {
            Some((r, s, t, target)) if (r, s, t) == (g.round, seat, g.turn.taken + 1) => {
                Some(target)
            }
            _ => None,
        }
    }

    /// Make the flight this bot is about to start (on `g`, before its Full Burn or Mosey) head
    /// for `target`, as its own choice of a place does (`turn_action`).
    pub fn fly_toward(&mut self, g: &Firefly, seat: Seat, target: SectorId) {
        self.flight = Some((g.round, seat, g.turn.taken + 1, target));
    }

    pub(super) fn fly_step(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let ctx = Ctx::new(g, seat);
        let key = (g.round, seat, g.turn.taken);
        let target = match self.flight {
            Some((r, s, t, target)) if (r, s, t) == key => target,
            _ => {
                let target = self.flight_target(&ctx);
                self.flight = Some((key.0, key.1, key.2, target));
                target
            }
        };
        let p = ctx.p;
        if target == p.sector && legal.contains(&Action::Done) {
            return Action::Done;
        }
        if let Some(a) = self.step_toward(g, p, target, legal) {
            // Don't fly on just to stand next to the Reavers.
            return a;
        }
        if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        }
    }
}

/// What a route is a function of (see [`FireflyBot::route`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct RouteKey {
    board: usize,
    target: SectorId,
    avoid_cruiser: bool,
    hot: bool,
    cruiser: SectorId,
    /// The Cutters' sectors, `SectorId::MAX` past the last.
    cutters: [SectorId; 4],
}

/// Routes kept for the thread before the table starts afresh (a few hundred bytes each).
const MAX_ROUTES: usize = 256;

/// A sector's distance to a route's target not known yet (`SHARED_ROUTES`).
const UNKNOWN: u16 = u16::MAX - 1;

thread_local! {
    /// The routes' distances found by every bot of the thread (see
    /// [`FireflyBot::route_distances`]): the distance of each sector to the route's target
    /// (`u16::MAX`: unreachable; `UNKNOWN`: not settled by a search yet). Not kept: routes with
    /// too many Cutters to key them.
    static SHARED_ROUTES: std::cell::RefCell<
        std::collections::HashMap<RouteKey, Vec<u16>, super::keys::KeyHashing>,
    > = Default::default();
}

/// The buffers of a route search (reused: no allocation once grown).
#[derive(Default)]
pub(super) struct Routes {
    /// Dial's buckets: the sectors reached at each distance (step costs are 1 to 4; `search`).
    #[cfg(test)]
    buckets: Vec<Vec<SectorId>>,
    /// The breadth-first queue when every step costs 1 (`search`).
    #[cfg(test)]
    queue: Vec<SectorId>,
    /// What entering each sector costs (0: never entered).
    cost: Vec<u8>,
    /// The A* buckets of `search_goals` (by f, modulo `RING`).
    ring: [Vec<SectorId>; RING],
    /// The distances found so far by `search_goals`.
    dist: Vec<u16>,
    /// The heuristic of each sector reached by `search_goals` (`NO_H`: not worked out).
    h: Vec<u16>,
    /// The known distances of a route that is not kept (`route_distances`).
    scratch: Vec<u16>,
}

/// The buckets of `Routes::search_goals`.
const RING: usize = 8;

/// A sector's heuristic not worked out yet (`Routes::search_goals`).
const NO_H: u16 = u16::MAX - 1;

impl Routes {
    /// What entering each sector costs (see `search`); 0: never entered: the Cutters' sectors
    /// (FF-FLY-12), and the Cruiser's when avoided.
    fn costs(&mut self, g: &Firefly, links: &BoardLinks, avoid_cruiser: bool, hot: bool) {
        let n = g.content.sectors.len();
        let cost = &mut self.cost;
        cost.clear();
        cost.resize(n, 1);
        if hot {
            for &s in &links.alliance {
                cost[s as usize] += 2;
            }
        }
        if avoid_cruiser {
            // Links are symmetric (the loader's check): the sectors next to the Cruiser are
            // its neighbours.
            for &s in links.of_sector(g.cruiser) {
                cost[s as usize] += 1;
            }
            cost[g.cruiser as usize] = 0;
        }
        for &s in &g.cutters {
            cost[s as usize] = 0;
        }
    }

    /// The distances to `target` of the sectors `goals` (as `search` finds them), written into
    /// `known` with the distance of every sector the search settles on the way (`u16::MAX`:
    /// unreachable). A* from the target over the same costs, led toward the goals by their
    /// distances on the board (`hops`, `n * n`, the fewest moves ignoring every cost: a lower
    /// bound of a route, each step costing 1 or more, that changes by at most 1 a step, so a
    /// sector settled has its least distance): it stops once every goal is settled, where a
    /// whole search walks the board. A flight asks for the few sectors next to the ship.
    #[allow(clippy::too_many_arguments)]
    fn search_goals(
        &mut self,
        g: &Firefly,
        links: &BoardLinks,
        hops: &[u16],
        target: SectorId,
        avoid_cruiser: bool,
        hot: bool,
        goals: &[SectorId],
        known: &mut [u16],
    ) {
        let n = g.content.sectors.len();
        debug_assert_eq!(
            hops.len(),
            n * n,
            "the board's distances are of every sector"
        );
        self.costs(g, links, avoid_cruiser, hot);
        let cost = &self.cost;
        // The goals a search must settle: a sector never entered is unreachable (as in
        // `search`), the target is 0 away.
        let mut open: smallvec::SmallVec<[SectorId; 8]> = smallvec::SmallVec::new();
        for &s in goals {
            if s == target {
                known[s as usize] = 0;
            } else if cost[s as usize] == 0 {
                known[s as usize] = u16::MAX;
            } else {
                open.push(s);
            }
        }
        if open.is_empty() {
            return;
        }
        let dist = &mut self.dist;
        dist.clear();
        dist.resize(n, u16::MAX);
        let h = &mut self.h;
        h.clear();
        h.resize(n, NO_H);
        // The fewest moves to the nearest goal (`Board::FAR`: none can be reached from there).
        let heuristic = |x: SectorId| {
            open.iter()
                .map(|&s| hops[s as usize * n + x as usize])
                .min()
                .unwrap_or(Board::FAR)
        };
        let mut left = open.len();
        dist[target as usize] = 0;
        let ht = heuristic(target);
        h[target as usize] = ht;
        if ht != Board::FAR {
            // A* buckets by f = distance + heuristic on a ring: f never falls, and a push is at
            // most 5 above the f being settled (a step costs at most 4, the heuristic grows by
            // at most 1), so 8 buckets hold every f pending. Emptied as they are settled.
            let ring = &mut self.ring;
            let mut f = ht as usize;
            ring[f % RING].push(target);
            let mut pending = 1usize;
            'search: while pending > 0 {
                let bucket = f % RING;
                let mut i = 0;
                while i < ring[bucket].len() {
                    let x = ring[bucket][i];
                    i += 1;
                    pending -= 1;
                    let dx = dist[x as usize];
                    if dx as usize + h[x as usize] as usize != f {
                        continue;
                    }
                    known[x as usize] = dx;
                    if open.contains(&x) {
                        left -= 1;
                        if left == 0 {
                            break 'search;
                        }
                    }
                    let enter = if x == target {
                        1
                    } else {
                        cost[x as usize] as u16
                    };
                    let nd = dx + enter;
                    for &y in links.of_sector(x) {
                        if cost[y as usize] != 0 && nd < dist[y as usize] {
                            dist[y as usize] = nd;
                            let mut hy = h[y as usize];
                            if hy == NO_H {
                                hy = heuristic(y);
                                h[y as usize] = hy;
                            }
                            if hy == Board::FAR {
                                continue;
                            }
                            let fy = nd as usize + hy as usize;
                            debug_assert!(fy >= f && fy < f + RING);
                            ring[fy % RING].push(y);
                            pending += 1;
                        }
                    }
                }
                ring[bucket].clear();
                f += 1;
            }
            for b in ring.iter_mut() {
                b.clear();
            }
        }
        if left > 0 {
            // The rest cannot be reached.
            for &s in &open {
                if known[s as usize] == UNKNOWN {
                    known[s as usize] = u16::MAX;
                }
            }
        }
    }

    /// Dijkstra over small integer costs: entering a sector costs 1, an Alliance sector 3 when
    /// we carry goods a job needs and the Alliance would seize (its Cruiser card and Patrols), a
    /// sector next to the Cruiser one more when meeting it costs us. Shortest distances are
    /// unique, so any exact shortest-path search gives the same `dist`.
    #[cfg(test)]
    fn search(
        &mut self,
        g: &Firefly,
        links: &BoardLinks,
        target: SectorId,
        avoid_cruiser: bool,
        hot: bool,
        dist: &mut Vec<u16>,
    ) {
        let n = g.content.sectors.len();
        self.costs(g, links, avoid_cruiser, hot);
        let cost = &self.cost;
        dist.clear();
        dist.resize(n, u16::MAX);
        dist[target as usize] = 0;
        // Costs are of entering a sector when walking backwards from the target: a ship at `y`
        // pays to enter `x`. Plain breadth-first when every step costs 1.
        let weighted = hot || avoid_cruiser;
        if !weighted {
            let queue = &mut self.queue;
            queue.clear();
            queue.push(target);
            let mut head = 0;
            while let Some(&x) = queue.get(head) {
                head += 1;
                let nd = dist[x as usize] + 1;
                for &y in links.of_sector(x) {
                    if cost[y as usize] != 0 && nd < dist[y as usize] {
                        dist[y as usize] = nd;
                        queue.push(y);
                    }
                }
            }
            return;
        }
        for b in &mut self.buckets {
            b.clear();
        }
        let mut d = 0usize;
        let mut pending = 1usize;
        if self.buckets.is_empty() {
            self.buckets.push(Vec::new());
        }
        self.buckets[0].push(target);
        while pending > 0 {
            let mut i = 0;
            while i < self.buckets[d].len() {
                let x = self.buckets[d][i];
                i += 1;
                pending -= 1;
                if d as u16 > dist[x as usize] {
                    continue;
                }
                let enter = if x == target {
                    1
                } else {
                    cost[x as usize] as u16
                };
                let nd = d as u16 + enter;
                for &y in links.of_sector(x) {
                    if cost[y as usize] != 0 && nd < dist[y as usize] {
                        dist[y as usize] = nd;
                        let nd = nd as usize;
                        if self.buckets.len() <= nd {
                            self.buckets.resize_with(nd + 1, Vec::new);
                        }
                        self.buckets[nd].push(y);
                        pending += 1;
                    }
                }
            }
            d += 1;
        }
    }
}

/// A board's links kept flat (each sector's neighbours one after another) and its Alliance
/// sectors, for route searches: worked out once per board for the thread.
#[derive(Default)]
pub(super) struct BoardLinks {
    /// Where each sector's neighbours start in `links` (one more than the sectors: the end).
    starts: Vec<u32>,
    links: Vec<SectorId>,
    /// The Alliance sectors on the board (a route's dearer sectors with goods the Alliance
    /// would seize).
    pub(super) alliance: Vec<SectorId>,
}

impl BoardLinks {
    /// The links of the board on the table.
    fn of(g: &Firefly) -> Arc<BoardLinks> {
        thread_local! {
            static BOARDS: std::cell::RefCell<Vec<(usize, Arc<BoardLinks>)>> = Default::default();
        }
        let board = g.board();
        let key = board as *const Board as usize;
        BOARDS.with(|t| {
            let mut t = t.borrow_mut();
            if let Some((_, v)) = t.iter().find(|(k, _)| *k == key) {
                return Arc::clone(v);
            }
            let mut starts = Vec::with_capacity(board.neighbours.len() + 1);
            let mut links = Vec::new();
            for ns in &board.neighbours {
                starts.push(links.len() as u32);
                links.extend_from_slice(ns);
            }
            starts.push(links.len() as u32);
            let alliance = (0..board.neighbours.len() as SectorId)
                .filter(|&s| {
                    board.in_play(s) && g.content.sectors[s as usize].zone == Zone::Alliance
                })
                .collect();
            let v = Arc::new(BoardLinks {
                starts,
                links,
                alliance,
            });
            t.push((key, Arc::clone(&v)));
            v
        })
    }

    /// The neighbours of sector `s`.
    #[inline]
    fn of_sector(&self, s: SectorId) -> &[SectorId] {
        &self.links[self.starts[s as usize] as usize..self.starts[s as usize + 1] as usize]
    }
}

/// Everything a draw pile's card values (`FireflyBot::blind_draw`) read, hashed: our crew's
/// odds while a test goal is left (`chance_key`: crew, gear, the goods the odds can tell apart,
/// goals, Warrants, money class, story), the crew's skills (where they are may count), the
/// content, story and expansions, the ship, drive core, upgrades, crew (cards and gear),
/// whether gear is set aside, what our jobs and the story's goals ask of a card (skills,
/// keywords, profession bonuses, Solid Contacts), Solid Contacts, goals, Haven, and the cards
/// in the draw pile, in any order (a blind draw's worth does not read the order, and a
/// determinized copy has the same cards in another). Not our money: only which cards we can
/// afford reads it, and that is applied to the remembered values (`PileGains::value`). A value
/// that reads more must add it here (`tests::the_memos_give_what_a_fresh_look_gives` plays
/// games to check).
fn blind_key(ctx: &Ctx, d: DeckId) -> u64 {
    let pile = ctx.g.decks.supply[d as usize].draw_pile();
    // A sum of well-mixed card hashes: the same for the same cards in any order.
    let cards = pile.iter().fold(0u64, |acc, &c| {
        acc.wrapping_add(tabletop_core::rng::mix(c as u64))
    });
    super::keys::key_of((ctx.blind_base(), d, pile.len(), cards))
}

/// The part of `blind_key` that is the same for every deck: what the cards' values read of us.
pub(super) fn blind_base(ctx: &Ctx) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = super::keys::KeyHasher::default();
    let (g, p) = (ctx.g, ctx.p);
    // The crew's odds count only through the story's next test goal (`goal_gain`): with none
    // left, a card's worth reads no odds, however our money and goods change.
    if first_test_goal(g, p).is_some() {
        ctx.chance_key().hash(&mut h);
    }
    // The crew's skills: a skill may count only in some zone (Sheriff Bourne's Fight).
    ctx.skills().hash(&mut h);
    (
        g.content as *const Content as usize,
        g.story,
        g.expansions(),
    )
        .hash(&mut h);
    (p.seat, p.leader, p.ship, p.drive_core, &p.upgrades).hash(&mut h);
    // The crew's cards and gear, not their tokens (the odds, which read them, are above).
    for m in &p.crew {
        (m.def, &m.gear).hash(&mut h);
    }
    p.crew.len().hash(&mut h);
    (p.spare_gear.is_empty(), p.solid, p.goals, p.haven).hash(&mut h);
    // What the jobs in hand and Active ask of a card (not which jobs they are, nor how far
    // along): the skills wanted (with the story's goals', `StoryNeeds`), the keywords they
    // need, their bonuses by profession (whole or half dollars: the same sum in any order).
    let needs = ctx.needs();
    (needs.desired, needs.solid_with, needs.solid_more).hash(&mut h);
    let ask = ctx.jobs_ask();
    (ask.keywords, ask.bonus.map(f64::to_bits)).hash(&mut h);
    h.finish()
}

/// A bot's last look at one deck's draw pile: the `blind_key` and the values it found.
#[derive(Default)]
pub(super) struct BlindDraw {
    key: Option<u64>,
    gains: std::sync::Arc<PileGains>,
}

/// A draw pile's cards worth more than their price to us (`FireflyBot::blind_draw`), best
/// first, with their prices; what a blind draw is worth then depends on what we can spend.
#[derive(Default)]
pub(super) struct PileGains {
    /// (gain over the price, price), the greatest gain first.
    gains: Vec<(f64, u32)>,
    /// Cards in the draw pile (the ones not in `gains` are worth nothing to buy).
    pile: usize,
}

impl PileGains {
    /// The best of three cards drawn, with `avail` to spend: a card we cannot afford is worth
    /// nothing, like one that gains nothing (the same sum as `best_of_draws`, term for term).
    /// Equal gains at different prices may come in any order: the affordable ones are the same
    /// values in the same places either way.
    fn value(&self, avail: f64) -> f64 {
        let affordable = self
            .gains
            .iter()
            .filter(|&&(_, price)| price as f64 <= avail)
            .map(|&(net, _)| net);
        expected_best(affordable, self.pile, 3)
    }
}

/// The expected best of `k` cards drawn at random from cards worth `xs` (sorted in place): the
/// i-th best is the best of the draw when the other k-1 cards all come from below it.
#[cfg(test)]
pub(super) fn best_of_draws(xs: &mut [f64], k: usize) -> f64 {
    xs.sort_by(|a, b| b.partial_cmp(a).unwrap());
    expected_best(xs.iter().copied(), xs.len(), k)
}

/// [`best_of_draws`] over the `sorted` greatest values (best first) of `n` cards, the rest
/// worth nothing.
fn expected_best(sorted: impl Iterator<Item = f64>, n: usize, k: usize) -> f64 {
    if n == 0 || k == 0 {
        return 0.0;
    }
    let k = k.min(n);
    // P(the i-th best is the best of the draw) = C(n-1-i, k-1) / C(n, k).
    let choose = |a: usize, b: usize| -> f64 {
        if b > a {
            return 0.0;
        }
        (0..b).fold(1.0, |acc, j| acc * (a - j) as f64 / (j + 1) as f64)
    };
    let all = choose(n, k);
    sorted
        .enumerate()
        .map(|(i, x)| x * choose(n - 1 - i, k - 1) / all)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::{best_of_draws, blind_key, UNKNOWN};
    use tabletop_firefly::content::DeckId;

    #[test]
    fn the_best_of_draws_is_an_expectation_over_the_cards() {
        // One card drawn: the mean. All drawn: the best.
        assert!((best_of_draws(&mut [1.0, 2.0, 3.0, 6.0], 1) - 3.0).abs() < 1e-9);
        assert!((best_of_draws(&mut [1.0, 2.0, 3.0, 6.0], 4) - 6.0).abs() < 1e-9);
        // Two of {0, 0, 10}: the 10 is among them 2 times in 3.
        assert!((best_of_draws(&mut [0.0, 10.0, 0.0], 2) - 20.0 / 3.0).abs() < 1e-9);
        // More draws than cards, and no cards.
        assert!((best_of_draws(&mut [5.0, 1.0], 3) - 5.0).abs() < 1e-9);
        assert_eq!(best_of_draws(&mut [], 3), 0.0);
    }

    /// A move's distance read from the board's distances (`plain_route_distance`) is the
    /// searched route's, whenever it is told, and so is the one a flight searches toward the
    /// sectors next to the ship (`route_distances`, with what the thread keeps): every sector,
    /// toward targets across the board, with and without the Cruiser flown around and goods
    /// the Alliance would seize, in positions of played games (the Cutters and the Cruiser
    /// moved, Blue Sun's many Cutters).
    #[test]
    fn a_routes_distance_read_from_the_board_is_the_searched_one() {
        use crate::firefly::FireflyBot;
        use crate::Bot;
        use tabletop_core::{Actor, Game, NewGame};
        use tabletop_firefly::content::{Content, Expansion, SectorId};
        use tabletop_firefly::{Firefly, Options};

        let content = Content::builtin();
        let (mut told, mut compared, mut searched) = (0u32, 0u32, 0u32);
        for expansions in [vec![], Expansion::ALL.to_vec()] {
            let mut o = Options::new(4, "the-king-of-all-londinium");
            o.max_rounds = Some(20);
            o.expansions = expansions;
            let mut g = Firefly::new_game(content, &o, 5).expect("set-up");
            let mut bots: Vec<FireflyBot> = (0..4).map(FireflyBot::new).collect();
            let mut probe = FireflyBot::new(99);
            let (mut legal, mut events, mut step) = (Vec::new(), Vec::new(), 0u32);
            while let Actor::Seat(seat) = g.actor() {
                step += 1;
                if step % 97 == 0 {
                    probe.ensure_dist(&g);
                    let n = probe.n as SectorId;
                    for target in (0..n).step_by(7) {
                        for (avoid, hot) in
                            [(false, false), (true, false), (false, true), (true, true)]
                        {
                            let dist = probe.route(&g, target, avoid, hot);
                            for s in 0..n {
                                compared += 1;
                                if let Some(d) =
                                    probe.plain_route_distance(&g, target, avoid, hot, s)
                                {
                                    told += 1;
                                    assert_eq!(d, dist[s as usize], "{s} to {target}");
                                }
                                // A flight's moves: the sectors next to one, searched
                                // toward them alone (and kept for the thread).
                                let mut moves: Vec<(SectorId, u16)> =
                                    g.neighbours(s).iter().map(|&x| (x, UNKNOWN)).collect();
                                probe.route_distances(&g, target, avoid, hot, &mut moves);
                                for (x, d) in moves {
                                    searched += 1;
                                    assert_eq!(d, dist[x as usize], "{x} to {target}");
                                }
                            }
                        }
                    }
                }
                g.legal_actions(&mut legal);
                let a = bots[seat as usize].choose(&g, seat, &legal);
                events.clear();
                g.apply_unchecked(a, &mut events);
            }
        }
        assert!(told > compared / 4, "{told} of {compared}");
        assert!(searched > compared, "{searched} of {compared}");
    }

    /// A deck's blind-draw values are shared by the thread's bots under `blind_key`, and a
    /// search's determinized copies deal the draw piles anew: the key (and so the memo) must
    /// not read their order, only which cards they hold.
    #[test]
    fn a_draw_piles_key_is_the_same_in_any_order() {
        use crate::firefly::{Ctx, FireflyBot};
        use crate::Bot;
        use tabletop_core::{Actor, Game, NewGame};
        use tabletop_firefly::content::Content;
        use tabletop_firefly::state::Phase;
        use tabletop_firefly::{Firefly, Options};

        let content = Content::builtin();
        let o = Options::new(2, "the-king-of-all-londinium");
        let mut g = Firefly::new_game(content, &o, 3).expect("set-up");
        let mut bots: Vec<FireflyBot> = (0..2).map(FireflyBot::new).collect();
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        let mut compared = 0;
        while let Actor::Seat(seat) = g.actor() {
            if g.round > 6 {
                break;
            }
            g.legal_actions(&mut legal);
            if matches!(g.phase, Phase::Actions) {
                let mut copy = g.clone();
                copy.determinize(seat, 99 + g.round as u64);
                let (a, b) = (Ctx::new(&g, seat), Ctx::new(&copy, seat));
                for d in 0..g.content.supply_decks.len() as DeckId {
                    let (x, y) = (
                        g.decks.supply[d as usize].draw_pile(),
                        copy.decks.supply[d as usize].draw_pile(),
                    );
                    let mut sorted = (x.to_vec(), y.to_vec());
                    sorted.0.sort_unstable();
                    sorted.1.sort_unstable();
                    assert_eq!(sorted.0, sorted.1, "deck {d}: the same cards");
                    compared += (x != y) as u32;
                    assert_eq!(blind_key(&a, d), blind_key(&b, d), "deck {d}");
                }
            }
            let a = bots[seat as usize].choose(&g, seat, &legal);
            events.clear();
            g.apply_unchecked(a, &mut events);
        }
        // The check means something only if the copies' piles were in another order.
        assert!(compared > 10, "{compared} piles reordered");
    }

    /// The memos (a deck's blind-draw worth, the crew's odds shared by the thread's bots) must
    /// never give what a fresh look would not: four bots play every story with every expansion,
    /// and before each of their turn's decisions what they remember is compared with what is
    /// worked out afresh. Fails when a value comes to read something its key leaves out.
    #[test]
    fn the_memos_give_what_a_fresh_look_gives() {
        use crate::firefly::odds::misbehave_pass;
        use crate::firefly::story::goal_test_chance;
        use crate::firefly::{Ctx, FireflyBot};
        use crate::Bot;
        use tabletop_core::{Actor, Game, NewGame};
        use tabletop_firefly::content::Content;
        use tabletop_firefly::crew::all_crew;
        use tabletop_firefly::state::Phase;
        use tabletop_firefly::{Firefly, Options};

        let content = Content::builtin();
        let (mut checked, mut remembered) = (0u32, 0u32);
        let stories = content.stories.iter().map(|s| s.id.as_str());
        for (seed, story) in stories.flat_map(|s| [(0u64, s), (1, s)]) {
            let mut o = Options::new(4, story);
            o.max_rounds = Some(25);
            o.expansions = tabletop_firefly::content::Expansion::ALL.to_vec();
            let mut g = Firefly::new_game(content, &o, seed).expect("set-up");
            let mut bots: Vec<FireflyBot> = (0..4).map(|s| FireflyBot::new(seed * 8 + s)).collect();
            let (mut legal, mut events) = (Vec::new(), Vec::new());
            while let Actor::Seat(seat) = g.actor() {
                g.legal_actions(&mut legal);
                let bot = &mut bots[seat as usize];
                if matches!(g.phase, Phase::Actions) {
                    bot.ensure_dist(&g);
                    let ctx = Ctx::new(&g, seat);
                    let avail = ctx.p.money.saturating_sub(ctx.reserve(bot)) as f64;
                    for d in 0..g.content.supply_decks.len() as DeckId {
                        let hit = bot.blind_memo.borrow().get(d as usize).and_then(|m| m.key)
                            == Some(blind_key(&ctx, d));
                        let fresh = bot.blind_draw_value_now(&ctx, d, avail);
                        assert_eq!(bot.blind_draw_value(&ctx, d, avail), fresh, "deck {d}");
                        checked += 1;
                        remembered += hit as u32;
                    }
                    // The crew's odds, remembered for every bot of the thread (`memo`).
                    let p = ctx.p;
                    if let Some(goal) = bot.test_goal(&g, p) {
                        for b in [[0, 0, 0], [1, 0, 0], [0, 2, 1], [-1, 0, 3]] {
                            let pass = misbehave_pass(&g, p, all_crew(p), b);
                            let chance =
                                pass.powi(goal.misbehave as i32) * goal_test_chance(&g, p, goal, b);
                            assert_eq!(bot.goal_chance_with(&ctx, b), chance as f32 as f64);
                        }
                    }
                    let pass = misbehave_pass(&g, p, all_crew(p), [0; 3]);
                    assert_eq!(bot.misb(&Ctx::new(&g, seat)), pass);
                    // The crew's skills, remembered per crew (`crew_masks`).
                    let skills = crate::firefly::odds::skills_of(&g, p, all_crew(p));
                    assert_eq!(Ctx::new(&g, seat).skills(), skills);
                }
                let a = bot.choose(&g, seat, &legal);
                events.clear();
                g.apply_unchecked(a, &mut events);
            }
        }
        // The check means something only if the memo was used.
        assert!(
            checked > 1000 && remembered > checked / 10,
            "{remembered} of {checked}"
        );
    }
}
