//! The turn: free actions, then the action to take (Fly, Buy, Deal, Work, Shore Leave, a goal) or
//! the end of the turn.

use super::*;

/// Fuel a captain makes room for before buying: a Full Burn's worth and one to spare.
const FUEL_ROOM: u8 = 3;

/// Which of the actions a turn's decision asks about are legal, from one pass over the list:
/// the actions without a card (a bit each, and one per item to jettison or unload) and whether
/// any gear is to equip, any crew to hire away, any card to gamble or to use. A turn's decision
/// asked `legal.contains` a dozen times, and walked the list again for each kind of card.
#[derive(Clone, Copy)]
pub(super) struct Kinds(u64);

impl Kinds {
    const EQUIP: u64 = 1 << 40;
    const HIRE_AWAY: u64 = 1 << 41;
    const GAMBLE_OR_USE: u64 = 1 << 42;

    fn of(legal: &[Action]) -> Kinds {
        let mut bits = 0;
        for a in legal {
            bits |= match *a {
                Action::Equip { .. } => Self::EQUIP,
                Action::HireAway(_) => Self::HIRE_AWAY,
                Action::Gamble(_) | Action::UseCard(_) => Self::GAMBLE_OR_USE,
                ref a => Self::bit(a).map_or(0, |b| 1 << b),
            };
        }
        Kinds(bits)
    }

    /// The bit of an action without a card.
    fn bit(a: &Action) -> Option<u32> {
        Some(match *a {
            Action::FullBurn => 0,
            Action::Mosey => 1,
            Action::Buy => 2,
            Action::ShoreLeave => 3,
            Action::DeclareLastCall => 4,
            Action::EndTurn => 5,
            Action::Jettison(item) => 16 + item.index() as u32,
            Action::Unload(item) => 24 + item.index() as u32,
            _ => return None,
        })
    }

    /// `legal.contains(&a)` for an action without a card.
    pub(super) fn has(self, a: Action) -> bool {
        let b = Self::bit(&a).expect("an action Kinds keeps");
        self.0 & (1 << b) != 0
    }

    fn any(self, kind: u64) -> bool {
        self.0 & kind != 0
    }
}

impl FireflyBot {
    /// Free actions worth taking now (FF-TURN-6..8, FF-CREW-14, FF-CREW-21).
    pub(super) fn free_action(&self, ctx: &Ctx, legal: &[Action], kinds: Kinds) -> Option<Action> {
        let g = ctx.g;
        let p = ctx.p;
        // Carry every gear card we can (FF-CREW-21): the most valuable first.
        let mut best_equip: Option<(f64, Action)> = None;
        let equips = if kinds.any(Kinds::EQUIP) { legal } else { &[] };
        for &a in equips {
            if let Action::Equip { gear, crew } = a {
                let d = g.gear_def(gear);
                let mut v = self.gear_power(ctx, gear) + 0.1;
                // Prefer a carrier that gets an extra bonus from it.
                if let Some(i) = p.crew_index(crew) {
                    let cd = g.crew_def(&p.crew[i]);
                    if cd.abilities.iter().any(|ab| {
                        matches!(ab, Ability::SkillWhenCarrying { keyword, .. } if d.keywords.contains(keyword))
                    }) {
                        v += 1.0;
                    }
                }
                if best_equip.is_none_or(|b| v > b.0) {
                    best_equip = Some((v, a));
                }
            }
        }
        if let Some((_, a)) = best_equip {
            return Some(a);
        }
        // Hands full: set a weaker carried card aside for a better spare one. Every swap raises
        // the carried total, so swaps end.
        if let Some(a) = self.gear_swap(ctx, legal) {
            return Some(a);
        }
        // Unload Fugitives and Passengers no job needs (they make us a target).
        for item in [Item::Fugitives, Item::Passengers] {
            if kinds.has(Action::Unload(item))
                && p.item(item) as u32 > self.needed_items(g, p, item)
            {
                return Some(Action::Unload(item));
            }
        }
        // A drive that burns no Fuel (the Interceptor's): Fuel only takes room in the hold.
        if !ctx.burns_fuel()
            && kinds.has(Action::Jettison(Item::Fuel))
            && p.item(Item::Fuel) as u32 > self.needed_items(g, p, Item::Fuel)
        {
            return Some(Action::Jettison(Item::Fuel));
        }
        // A dry tank, a full hold and Fuel on sale here: make room for Fuel (FF-FLY-2, FF-BUY-7)
        // by dropping what no job needs, the least worth first. Without it a captain loaded with
        // salvage drifts at Mosey speed for the rest of the game.
        if ctx.burns_fuel()
            && p.item(Item::Fuel) < FUEL_ROOM
            && g.room_for(p, Item::Fuel) + (p.item(Item::Fuel) as u32) < FUEL_ROOM as u32
            && (kinds.has(Action::Buy) || kinds.has(Action::ShoreLeave))
        {
            let spare = [Item::Parts, Item::Cargo, Item::Contraband]
                .into_iter()
                .filter(|&item| {
                    kinds.has(Action::Jettison(item))
                        && p.item(item) as u32 > self.needed_items(g, p, item)
                })
                .min_by(|&a, &b| self.item_gain(ctx, a).total_cmp(&self.item_gain(ctx, b)));
            if let Some(item) = spare {
                return Some(Action::Jettison(item));
            }
        }
        // Contraband nobody will buy from us and no job needs only makes us an Outlaw Ship.
        if kinds.has(Action::Jettison(Item::Contraband))
            && p.item(Item::Contraband) as u32 > self.needed_items(g, p, Item::Contraband)
            && self.item_gain(ctx, Item::Contraband) < 0.0
        {
            return Some(Action::Jettison(Item::Contraband));
        }
        // Breakin' Atmo's cards used on our turn, free: Tall Playing Cards when the $500 stake
        // leaves our reserve (about 41 % to take $1,500: worth it); "The Best in the House"
        // once two crew, or the Leader, are Disgruntled (one more token and someone leaves).
        if kinds.any(Kinds::GAMBLE_OR_USE) {
            if let Some(a) = self.atmo_free_use(ctx, legal) {
                return Some(a);
            }
        }
        // A full ship at a Supply planet: make room for a clearly better hand (FF-CREW-5).
        if let Some(a) = self.replace_crew(ctx, legal) {
            return Some(a);
        }
        // Hire a rival's Disgruntled crew when they are a real catch (FF-CREW-14).
        if !kinds.any(Kinds::HIRE_AWAY) {
            return None;
        }
        let reserve = ctx.reserve(self);
        for &a in legal {
            if let Action::HireAway(card) = a {
                let rival = g
                    .players
                    .iter()
                    .find(|q| q.seat != ctx.seat && q.crew_index(card).is_some());
                if let Some(q) = rival {
                    let m = &q.crew[q.crew_index(card).unwrap()];
                    let d = g.crew_def(m);
                    if p.money >= d.cost + reserve {
                        let mut v = self.skill_gain(ctx, crew_skills(d));
                        v += self.keyword_gain(ctx, &d.keywords);
                        v += self.profession_gain(ctx, &d.professions);
                        v -= d.cost as f64 * 2.5;
                        if d.wanted {
                            v -= 450.0;
                        }
                        if v > 600.0 {
                            return Some(a);
                        }
                    }
                }
            }
        }
        None
    }

    /// Free uses of Breakin' Atmo's cards worth making now (see `free_action`).
    fn atmo_free_use(&self, ctx: &Ctx, legal: &[Action]) -> Option<Action> {
        let g = ctx.g;
        let p = ctx.p;
        let reserve = ctx.reserve(self);
        for &a in legal {
            match a {
                Action::Gamble(card) => {
                    let stake = g.gear_def(card).abilities.iter().find_map(|ab| match ab {
                        Ability::GambleOnMatchingSuits { stake, .. }
                        | Ability::GambleNamedSuit { stake, .. } => Some(*stake),
                        _ => None,
                    });
                    if stake.is_some_and(|s| p.money >= s + reserve) {
                        return Some(a);
                    }
                }
                Action::UseCard(card)
                    if matches!(
                        g.content.supply_cards[card as usize].kind,
                        SupplyKind::Gear(_)
                    ) && g.gear_def(card).abilities.iter().any(|ab| {
                        matches!(ab, Ability::Use { options, discard: true, .. }
                        if options.iter().all(|o| o.effects == [Effect::RemoveDisgruntled {
                            who: CrewGroup::All,
                        }]))
                    }) =>
                {
                    let sour = p.crew.iter().filter(|m| m.disgruntled).count();
                    if sour >= 2 || p.crew[0].disgruntled {
                        return Some(a);
                    }
                }
                _ => {}
            }
        }
        None
    }

    pub(super) fn turn(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        if g.last_call.is_some() {
            return self.last_turn(g, seat, legal);
        }
        let kinds = Kinds::of(legal);
        let a = self.turn_action(g, seat, legal, kinds);
        // Last Call: declared with the turn's last action (or, when free, at its end), so the
        // turn's other actions still earn first.
        if kinds.has(Action::DeclareLastCall) {
            let uses_action = g.story_def().last_call.is_some_and(|r| r.uses_action);
            let now = a == Action::EndTurn || (uses_action && g.turn.taken == 1);
            if now && self.should_declare(&Ctx::new(g, seat)) {
                return Action::DeclareLastCall;
            }
        }
        a
    }

    pub(super) fn turn_action(
        &mut self,
        g: &Firefly,
        seat: Seat,
        legal: &[Action],
        kinds: Kinds,
    ) -> Action {
        let ctx = Ctx::new(g, seat);
        if let Some(a) = self.free_action(&ctx, legal, kinds) {
            return a;
        }
        let p = ctx.p;
        let here = p.sector;
        let t = g.turn;
        // The best action here.
        let mut local: Option<(f64, Action)> = None;
        for &a in legal {
            let v = match a {
                Action::Work(WorkTarget::Goal) => match self.goal_value(&ctx) {
                    Some((s, v)) if s == here => v,
                    _ => continue,
                },
                Action::Work(WorkTarget::Job(j)) => {
                    let Some((step, _)) = g.job_next_step(p, j) else {
                        continue;
                    };
                    let e = self.job_eval(&ctx, j, step, here);
                    if e.worth <= 0.0 {
                        continue;
                    }
                    e.score.max(e.worth * 0.3) + 100.0
                }
                Action::Deal => match g.contact_at(here) {
                    Some(c) => self.deal_value(&ctx, c),
                    None => continue,
                },
                Action::Buy => match g.supply_deck_at(here) {
                    Some(d) => self.supply_value(&ctx, d),
                    None => continue,
                },
                Action::ShoreLeave => self.shore_leave_value(&ctx),
                Action::UseCard(card) => match self.use_card_value(&ctx, card) {
                    Some(v) => v,
                    None => continue,
                },
                Action::CrewRemoveDisgruntled(_) => 250.0,
                Action::MakeWork => 200.0,
                // A Bonus Drop-Off we are at (Kalidasa): its money, less the Misbehave risk.
                Action::Work(WorkTarget::BonusDropOff { job, bonus }) => {
                    let o = &g.content.jobs[job as usize].opportunities[bonus as usize];
                    let money: f64 = o
                        .reward
                        .iter()
                        .map(|e| match e {
                            Effect::TakeMoney { amount } => *amount as f64,
                            _ => 200.0,
                        })
                        .sum();
                    money * self.misb(&ctx).powi(o.misbehave as i32)
                }
                // Pirates & Bounty Hunters: delivering, apprehending, jumping.
                Action::Work(t) if t.is_bounty() => match self.bounty_action_value(&ctx, t) {
                    Some(v) => v,
                    None => continue,
                },
                Action::Work(WorkTarget::Piracy { job, target }) => {
                    match self.piracy_action_value(&ctx, job, target) {
                        Some(v) => v,
                        None => continue,
                    }
                }
                _ => continue,
            };
            if v > 0.0 && local.is_none_or(|b| v > b.0) {
                local = Some((v, a));
            }
        }
        let can_fly = kinds.has(Action::FullBurn) || kinds.has(Action::Mosey);
        let mut remote = if can_fly && !t.fly {
            self.best_remote(&ctx)
        } else {
            None
        };
        // Never burn the last Fuel except on the way to more (FF-FLY-2: no Fuel, no go).
        if let Some((target, v)) = remote {
            let burn = ctx.burn_fuel().max(1);
            let burns = p.item(Item::Fuel) / burn;
            let far = turns_for(self.d(here, target), ctx.range()) >= 1 && self.d(here, target) > 1;
            if ctx.burns_fuel()
                && burns <= 1
                && far
                && !self.fuel_source(&ctx, target)
                && p.money >= 100
            {
                if let Some(f) = self.nearest_fuel(&ctx) {
                    if f != here {
                        remote = Some((f, v));
                    }
                }
            }
        }
        let fly = |bot: &mut Self, target: SectorId| -> Action {
            // The flight keeps this target (fly_step).
            bot.fly_toward(g, seat, target);
            bot.flight_start_with(
                here,
                target,
                kinds.has(Action::Mosey),
                kinds.has(Action::FullBurn),
            )
            .unwrap_or(Action::EndTurn)
        };
        match (local, remote) {
            (Some((lv, la)), Some((target, rv))) => {
                let arrive_now = turns_for(self.d(here, target), ctx.range()) <= 1;
                let local_first = if t.taken == 0 {
                    lv >= rv || !arrive_now
                } else {
                    lv >= rv
                };
                // Make-Work is filler: never instead of flying somewhere we can work today.
                let local_first = local_first && !(la == Action::MakeWork && arrive_now);
                if local_first {
                    la
                } else {
                    fly(self, target)
                }
            }
            (Some((_, la)), None) => la,
            (None, Some((target, _))) => fly(self, target),
            (None, None) => Action::EndTurn,
        }
    }
}
