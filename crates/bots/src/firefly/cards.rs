//! Cards being resolved (Nav, Misbehave, job and goal tests): what is at stake, the worth of each
//! option, effect and outcome band, and the decisions of a test (tester, bribes, re-rolls).

use super::*;

/// What each way of finishing the card being resolved is worth to us.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Stakes {
    pub(super) proceed: f64,
    pub(super) botched: f64,
    pub(super) warrant: f64,
    pub(super) botched_warrant: f64,
    pub(super) keep_flying: f64,
    pub(super) full_stop: f64,
    pub(super) evade: f64,
    /// FF-MISB-14: the card is not passed and one more must be drawn and passed.
    pub(super) draw_another: f64,
}

/// A one-use card is spent only for a gain this much (in $) above the best other choice.
const SPEND_MARGIN: f64 = 50.0;

/// The card a `UseCard` among `legal` offers, if any (in a test's stages at most one is: Mal's
/// Brown Coat before the roll, Simon's Sonic Stun Baton after it, The Operative's Sword at a
/// Misbehave card's options).
fn used_card(legal: &[Action]) -> Option<SupplyCardId> {
    legal.iter().find_map(|a| match a {
        Action::UseCard(c) => Some(*c),
        _ => None,
    })
}

pub(super) fn ending_value(st: &Stakes, e: Option<Ending>) -> f64 {
    match e {
        None => 0.0,
        Some(Ending::Proceed) => st.proceed,
        Some(Ending::AttemptBotched) => st.botched,
        Some(Ending::WarrantIssued) => st.warrant,
        Some(Ending::BotchedAndWarrant) => st.botched_warrant,
        Some(Ending::KeepFlying) => st.keep_flying,
        Some(Ending::FullStop) => st.full_stop,
        Some(Ending::Evade) => st.evade,
        Some(Ending::DrawAnother) => st.draw_another,
    }
}

impl FireflyBot {
    pub(super) fn stakes(&self, ctx: &Ctx, r: &Resolution) -> Stakes {
        let g = ctx.g;
        let p = ctx.p;
        let mut st = Stakes::default();
        match r.origin {
            Origin::Nav(_) => {
                if let Activity::Flying { entered, range } = g.activity {
                    // Going on is worth something only while we still have somewhere to go:
                    // about a turn's progress when the target is still ahead.
                    let target = match self.flight {
                        Some((r, s, _, t)) if r == g.round && s == g.current => Some(t),
                        _ => None,
                    };
                    let ahead = target != Some(p.sector);
                    if entered < range && ahead {
                        st.full_stop = -900.0;
                        st.evade = -600.0;
                    }
                }
            }
            Origin::Misbehave(_)
            | Origin::JobStep { .. }
            | Origin::Goal(_)
            | Origin::Boarding
            | Origin::ShowdownLost { .. }
            | Origin::PiracyLost { .. } => {
                let (worth, goal) = match g.activity {
                    Activity::Working {
                        target: WorkTarget::Job(j),
                        step,
                        ..
                    } => {
                        let e = self.job_eval(ctx, j, step, p.sector);
                        let pay = g.content.jobs[j as usize].pay.unwrap_or(1000) as f64;
                        (e.worth.max(pay * 0.6).max(600.0), false)
                    }
                    Activity::Working {
                        target: WorkTarget::Goal,
                        ..
                    } => (GOAL_WORTH * 0.5, true),
                    _ => (1000.0, false),
                };
                st.proceed = worth;
                st.botched = 0.0;
                let warrant_cost = if p.is_solid(ContactName::Harken) {
                    1600.0
                } else {
                    1100.0
                };
                st.warrant = if goal {
                    -warrant_cost
                } else {
                    -(warrant_cost + worth * 0.4)
                };
                st.botched_warrant = -warrant_cost;
                // A Niska job's Warrant also kills a crew member (FF-REP-10).
                if let Activity::Working {
                    target: WorkTarget::Job(j),
                    ..
                } = g.activity
                {
                    if g.content.jobs[j as usize].contact == Some(ContactName::Niska) {
                        st.warrant -= self.kill_cost(g, p, all_crew(p), 1);
                    }
                }
                // FF-MISB-14: another card to get through, at our usual odds.
                let pass = self.misb(ctx);
                st.draw_another = pass * st.proceed + (1.0 - pass) * st.botched;
            }
            // FF-MISC-11: earning or passing up a bonus both leave the job advanced; only the
            // reward differs.
            Origin::Event(_)
            | Origin::Rule { .. }
            | Origin::Offer(_)
            | Origin::Opportunity { .. }
            | Origin::Alerts { .. }
            | Origin::Card(_) => {}
        }
        st
    }

    /// FF-MISB-15: the stakes of step `step` of an option: its Proceed is worth the value of
    /// making the steps after it (at the crew's odds), the last step's is the card's Proceed.
    pub(super) fn step_stakes(
        &self,
        ctx: &Ctx,
        st: &Stakes,
        ch: &Choice,
        step: usize,
        mask: CrewMask,
    ) -> Stakes {
        let tests: Vec<&Test> = steps(ch).collect();
        let mut s = *st;
        for t in tests.iter().skip(step + 1).rev() {
            let base = test_base(ctx.g, ctx.p, mask, t);
            s.proceed = self.test_value(ctx, &s, t, base, mask, 0).0;
        }
        s
    }

    pub(super) fn effects_value(&self, ctx: &Ctx, effects: &[Effect], mask: CrewMask) -> f64 {
        effects
            .iter()
            .map(|e| self.effect_value(ctx, e, mask))
            .sum()
    }

    pub(super) fn effect_value(&self, ctx: &Ctx, e: &Effect, mask: CrewMask) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let group = |who: CrewGroup| -> Vec<usize> {
            (0..p.crew.len())
                .filter(|&i| match who {
                    CrewGroup::All => true,
                    CrewGroup::Moral => g.crew_def(&p.crew[i]).moral,
                    CrewGroup::OnJob => mask & (1 << i) != 0,
                    // Only cards used on one's turn name their carrier; none is valued here.
                    CrewGroup::Carrier => false,
                })
                .collect()
        };
        match e {
            Effect::TakeMoney { amount } => *amount as f64,
            Effect::PayMoney { amount } => -((*amount).min(p.money) as f64),
            Effect::Load { item, amount } => {
                let n = (*amount as u32).min(g.room_for(p, *item));
                self.item_gain(ctx, *item) * n as f64
            }
            Effect::LoadUpTo { item, amount } => {
                let n = (*amount as u32).min(g.room_for(p, *item));
                self.item_gain(ctx, *item).max(0.0) * n as f64
            }
            Effect::LoadGoods { amount } => 130.0 * *amount as f64,
            Effect::LoadPerCrewOnJob { item } => {
                self.item_gain(ctx, *item) * mask.count_ones() as f64
            }
            Effect::LoadPerCrewWithoutGear { item } => {
                let n = (0..p.crew.len())
                    .filter(|&i| mask & (1 << i) != 0 && p.crew[i].gear.is_empty())
                    .count();
                self.item_gain(ctx, *item).max(0.0) * n as f64
            }
            Effect::Spend { item, amount } | Effect::Lose { item, amount } => {
                -self.item_loss(ctx, *item, *amount as u32)
            }
            Effect::KillCrew { count, .. } => -self.kill_cost(g, p, mask, *count as u32),
            Effect::KillAllCrewOnJob => -(0..p.crew.len())
                .filter(|&i| mask & (1 << i) != 0)
                .map(|i| {
                    if i == 0 {
                        2000.0
                    } else {
                        self.crew_worth(g, p, i)
                    }
                })
                .sum::<f64>(),
            Effect::KillPassengersAndFugitives => {
                -(self.item_loss(ctx, Item::Passengers, 255)
                    + self.item_loss(ctx, Item::Fugitives, 255))
            }
            Effect::Disgruntle { who } => -group(*who)
                .iter()
                .map(|&i| {
                    if p.crew[i].disgruntled {
                        if i == 0 {
                            20_000.0
                        } else {
                            self.crew_worth(g, p, i)
                        }
                    } else if i == 0 {
                        700.0
                    } else {
                        150.0
                    }
                })
                .sum::<f64>(),
            Effect::RemoveDisgruntled { who } => {
                group(*who)
                    .iter()
                    .filter(|&&i| p.crew[i].disgruntled)
                    .count() as f64
                    * 200.0
            }
            Effect::DiscardProfession { profession } => -(1..p.crew.len())
                .filter(|&i| g.has_profession(&p.crew[i], *profession))
                .map(|i| self.crew_worth(g, p, i))
                .sum::<f64>(),
            Effect::MercsDesertIfStronger => -300.0,
            Effect::DiscardShipUpgrade { .. } => {
                if p.upgrades.is_empty() {
                    0.0
                } else {
                    -400.0
                }
            }
            Effect::TakeShipUpgradeFromDiscard { only: None, .. } => 300.0,
            Effect::TakeShipUpgradeFromDiscard { only: Some(_), .. } => 150.0,
            Effect::TakeCrewFromDiscard { .. } => {
                if p.crew.len() < g.max_crew(p) {
                    250.0
                } else {
                    0.0
                }
            }
            Effect::SellItems { item, price, max } => {
                let n = p.item(*item).min(*max) as f64;
                n * (*price as f64 - self.item_gain(ctx, *item).max(0.0)).max(0.0)
            }
            // The cheapest crew member goes.
            Effect::DiscardCrew { count } => {
                -(1..p.crew.len())
                    .map(|i| self.crew_worth(g, p, i))
                    .fold(f64::INFINITY, f64::min)
                    .clamp(0.0, 1000.0)
                    * *count as f64
            }
            Effect::PassengersRoll => {
                let n = (p.item(Item::Passengers) + p.item(Item::Fugitives)) as f64;
                -150.0 * (n * (n - 1.0) / 12.0).max(0.0)
            }
            Effect::Gamble {
                stake,
                prize,
                win_from,
            } => {
                let win = (7 - *win_from as i32).clamp(0, 6) as f64 / 6.0;
                win * *prize as f64 - (1.0 - win) * (*stake).min(p.money) as f64
            }
            Effect::WarrantIfOutlaw => {
                if g.is_outlaw(p) {
                    -1100.0
                } else {
                    0.0
                }
            }
            Effect::LoseGoods { amount } => -130.0 * *amount as f64,
            Effect::LoseGoodsOutsideStash => {
                let (_, stash) = g.storage_boxes(p);
                let goods = [Item::Cargo, Item::Contraband, Item::Fuel, Item::Parts];
                let n: u32 = goods.iter().map(|&i| p.item(i) as u32).sum();
                -130.0 * n.saturating_sub(stash) as f64
            }
            Effect::AddRange { amount, .. } => 40.0 * *amount as f64,
            // Cards used on one's turn (the bot values them where it uses them).
            Effect::ReshuffleNav { .. }
            | Effect::ArrangeNav { .. }
            | Effect::ArrangeMisbehave { .. }
            | Effect::ReorderMisbehave { .. }
            | Effect::ShoreLeave
            | Effect::DealWith { .. }
            | Effect::ConsiderTopJob { .. }
            | Effect::DiscardTopSupply { .. } => 0.0,
            // Friendly Game of Cards: one suit in four, on each card revealed.
            Effect::NameSuit { .. } => 0.0,
            Effect::FuelLeak => -150.0,
            Effect::Drift { .. } => -100.0,
            Effect::SeizeFugitives => {
                let (_, sf) = g.stashed(p);
                let f = p.item(Item::Fugitives).saturating_sub(sf);
                -self.item_loss(ctx, Item::Fugitives, f as u32)
            }
            // Losing a Wanted crew member: about a cheap hire.
            Effect::ArrestWantedCrew { count } => {
                -(g.exposed_wanted_crew(ctx.seat).len().min(*count as usize) as f64) * 300.0
            }
            Effect::SeizeContrabandAndFugitives => {
                let (sc, sf) = g.stashed(p);
                let c = p.item(Item::Contraband).saturating_sub(sc);
                let f = p.item(Item::Fugitives).saturating_sub(sf);
                -(self.item_loss(ctx, Item::Contraband, c as u32)
                    + self.item_loss(ctx, Item::Fugitives, f as u32))
            }
            Effect::Warrant => {
                -(if p.is_solid(ContactName::Harken) {
                    1600.0
                } else {
                    1100.0
                })
            }
            Effect::LoseReputation { contact } => {
                if p.is_solid(*contact) {
                    let story = ctx.needs().solid_with & (1 << contact.index()) != 0
                        || ctx
                            .g
                            .story_def()
                            .goals
                            .iter()
                            .skip(p.goals as usize)
                            .any(|goal| {
                                goal.requires.iter().any(|r| match r {
                                    GoalCondition::SolidWith { contacts } => {
                                        contacts.contains(contact)
                                    }
                                    GoalCondition::SolidCount { .. } => true,
                                    _ => false,
                                })
                            });
                    if story {
                        -3000.0
                    } else {
                        -400.0
                    }
                } else {
                    0.0
                }
            }
            Effect::MoveCruiser { how } => match how {
                ShipMove::ToYou => -self.outlaw_cost(ctx),
                _ => 0.0,
            },
            Effect::MoveCutter { how } => match how {
                ShipMove::ToYou => -150.0,
                _ => 0.0,
            },
            Effect::MoveCorvette { how } => match how {
                ShipMove::ToYou => -self.outlaw_cost(ctx),
                _ => 0.0,
            },
            // Alliance Alert tokens near an Outlaw Ship may call the Corvette or the Cruiser.
            Effect::PlaceAlert { .. } => {
                if g.is_outlaw(p) {
                    -100.0
                } else {
                    0.0
                }
            }
            Effect::ResolveAlerts { .. } => 0.0,
            Effect::Trade { .. } => 30.0,
            Effect::AllianceContact => {
                // Moving the Cruiser to us has already brought the Alliance aboard.
                0.0
            }
            Effect::IfProfession {
                profession,
                then,
                otherwise,
            } => {
                if g.mask_has_profession(p, mask, *profession) {
                    self.effects_value(ctx, then, mask)
                } else {
                    self.effects_value(ctx, otherwise, mask)
                }
            }
            Effect::PayAdjust { amount } => *amount as f64,
            Effect::PayHalf => -1500.0,
            Effect::PayPerWarrant { amount } => {
                -((*amount * p.warrants as u32).min(p.money) as f64)
            }
            Effect::ClearWarrants => 900.0 * p.warrants as f64,
            Effect::SeizeAllContrabandAndFugitives => {
                -(self.item_loss(ctx, Item::Contraband, 255)
                    + self.item_loss(ctx, Item::Fugitives, 255))
            }
            Effect::WantedCrewRolls { removed_up_to } => -(1..p.crew.len())
                .filter(|&i| g.is_wanted(&p.crew[i]))
                .map(|i| self.crew_worth(g, p, i) * *removed_up_to as f64 / 6.0)
                .sum::<f64>(),
            Effect::Evade => 0.0,
            // The teams' tests are valued with the option's steps.
            Effect::SplitCrew { .. } => 0.0,
            // FF-MISC-9: the seized Gear is gone for good.
            Effect::SeizeGear { keyword } => -(0..p.crew.len())
                .filter(|&i| mask & (1 << i) != 0)
                .flat_map(|i| p.crew[i].gear.iter())
                .filter(|&&x| g.gear_def(x).keywords.contains(keyword))
                .map(|&x| g.gear_def(x).cost as f64 + self.gear_power(ctx, x).max(0.0))
                .sum::<f64>(),
            // A job's Gamble: one suit in four.
            Effect::GambleOnSuit { stake, prize, .. } => {
                (*prize as f64 - 3.0 * *stake as f64) / 4.0
            }
            // Delivering is paid with the job.
            Effect::DeliverUpTo { .. } => 0.0,
            Effect::TakeMoneyPerDelivered { item, amount } => {
                (*amount * g.job_pay.delivered[item.index()] as u32) as f64
            }
        }
    }

    pub(super) fn band_value(&self, ctx: &Ctx, st: &Stakes, o: &Outcome, mask: CrewMask) -> f64 {
        let mut v = self.effects_value(ctx, &o.effects, mask);
        if let Some(t) = &o.nested {
            // A Nested Skill Test (Kalidasa): worth what rolling it is worth.
            let base = test_base(ctx.g, ctx.p, mask, t);
            v += self.test_value(ctx, st, t, base, mask, 0).0;
        } else if o.choose.is_empty() {
            v += ending_value(st, o.ends);
        } else {
            let p = ctx.p;
            let best = o
                .choose
                .iter()
                .filter(|b| {
                    b.requires
                        .iter()
                        .all(|r| requirement_met_mask(ctx.g, p, mask, r))
                })
                .map(|b| self.effects_value(ctx, &b.effects, mask) + ending_value(st, Some(b.ends)))
                .fold(f64::NEG_INFINITY, f64::max);
            v += if best.is_finite() { best } else { st.botched };
        }
        v
    }

    /// Expected worth of rolling a test with `base` points, and the best bribe to pay.
    pub(super) fn test_value(
        &self,
        ctx: &Ctx,
        st: &Stakes,
        t: &Test,
        base: i32,
        mask: CrewMask,
        max_bribe: u8,
    ) -> (f64, u8) {
        let bands: Vec<f64> = t
            .outcomes
            .iter()
            .map(|o| self.band_value(ctx, st, o, mask))
            .collect();
        let mut probs = BandProbs::new();
        let mut best = (f64::NEG_INFINITY, 0u8);
        for b in 0..=max_bribe {
            band_probs(t, base + b as i32, &mut probs);
            let ev: f64 = probs
                .iter()
                .zip(bands.iter())
                .map(|(p, v)| p * v)
                .sum::<f64>()
                - 100.0 * b as f64;
            if ev > best.0 + 1e-9 {
                best = (ev, b);
            }
        }
        best
    }

    pub(super) fn option_value(&self, ctx: &Ctx, st: &Stakes, c: &Choice, mask: CrewMask) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let mut v = self.effects_value(ctx, &c.effects, mask);
        if c.breakdown && g.ignores_breakdowns(p) {
            return v + st.keep_flying;
        }
        match &c.test {
            None => v += ending_value(st, c.ends),
            Some(t) => {
                let (m, base) = if is_single(t) {
                    best_single(g, p, mask, t)
                } else {
                    (mask, test_base(g, p, mask, t))
                };
                let max_bribe = if t.bribes {
                    let top = t.outcomes.last().map_or(0, |o| o.min);
                    ((top - 1 - base).max(0) as u32).min(p.money / 100).min(12) as u8
                } else {
                    0
                };
                // Later steps (FF-MISB-15), or the other teams' tests (FF-MISC-6, valued as if
                // made by the whole crew: the split is not made yet).
                let st = self.step_stakes(ctx, st, c, 0, mask);
                v += self.test_value(ctx, &st, t, base, m, max_bribe).0;
            }
        }
        v
    }

    /// What using `card` on our turn (its `Use` ability, FF-TURN-6) is worth now, in the
    /// terms of the turn's other actions, when it is a use the bot knows to be good: a Labor
    /// Contract's crew from a discard pile (valued as that hire), the Board Game Collection's
    /// Shore Leave away from a planet, Fess's Deal with his Contact from afar. These cards stay
    /// aboard after their use, so the use costs only the Buy or Deal action it takes, which
    /// the comparison with the turn's other actions prices. Cards discarded by their use
    /// (Nav Charts, Heist Intel, The Salesman, a Fruity Oaty Bar) are left alone: their worth
    /// hangs on plans (the next flight, a later Misbehave) the bot does not make.
    pub(super) fn use_card_value(&self, ctx: &Ctx, card: SupplyCardId) -> Option<f64> {
        let g = ctx.g;
        let c = g.content;
        let abilities = match c.supply_cards[card as usize].kind {
            SupplyKind::Crew(d) => &c.crew[d as usize].abilities,
            SupplyKind::Gear(d) => &c.gear[d as usize].abilities,
            SupplyKind::Upgrade(d) => &c.upgrades[d as usize].abilities,
        };
        let Some(Ability::Use {
            options,
            discard: false,
            ..
        }) = abilities.iter().find(|a| matches!(a, Ability::Use { .. }))
        else {
            return None;
        };
        let mut best: Option<f64> = None;
        'options: for o in options {
            if !g.use_option_useful(ctx.seat, card, o) {
                continue;
            }
            let mut v = 0.0;
            for e in &o.effects {
                v += match e {
                    Effect::TakeCrewFromDiscard { from } => {
                        let from = from.as_deref().map(|id| c.supply_deck_id(id));
                        g.crew_in_discards(ctx.seat, from)
                            .into_iter()
                            .map(|x| self.card_value(ctx, x))
                            .fold(f64::NEG_INFINITY, f64::max)
                    }
                    Effect::ShoreLeave => self.shore_leave_value(ctx),
                    Effect::DealWith { contact } => self.deal_value(ctx, *contact),
                    // Cortex Uplink: one face-down card of that Contact, no selling: a part of
                    // a Deal there.
                    Effect::ConsiderTopJob { contact } => self.deal_value(ctx, *contact) * 0.4,
                    _ => continue 'options,
                };
            }
            if v.is_finite() && best.is_none_or(|b| v > b) {
                best = Some(v);
            }
        }
        best
    }

    /// What discarding carried gear `card` for its one use costs us: what the card is worth to
    /// the crew from now on (its skills, keywords and abilities), never less than nothing.
    fn spent_gear(&self, ctx: &Ctx, card: SupplyCardId) -> f64 {
        self.card_value_any(ctx, card).max(0.0)
    }

    /// Mal's Brown Coat (`DisgruntleToAddSkill`) offered as `card` before the roll of the test
    /// being resolved: the points its carrier would lend and what their becoming Disgruntled
    /// costs (as the bot values a Disgruntle effect: more for the Leader).
    fn lendable(&self, ctx: &Ctx, r: &Resolution, card: SupplyCardId) -> Option<(i32, f64)> {
        let g = ctx.g;
        let p = ctx.p;
        let skill = g.gear_def(card).abilities.iter().find_map(|a| match a {
            Ability::DisgruntleToAddSkill { skill, .. } => Some(*skill),
            _ => None,
        })?;
        let idx = p.crew.iter().position(|m| m.gear.contains(&card))?;
        let kosherized = r.test().is_some_and(|t| t.kosherized);
        let amount = g.mask_skill(p, 1 << idx, skill, kosherized) as i32;
        let grudge = if idx == 0 { 700.0 } else { 150.0 };
        Some((amount, grudge))
    }

    pub(super) fn resolving(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let Some(r) = g.resolution.last() else {
            return legal[0];
        };
        if let Some(pending) = r.pending {
            return self.pending(g, seat, r, pending, legal);
        }
        let ctx = Ctx::new(g, r.seat);
        let mut st = self.stakes(&ctx, r);
        let mask = g.acting_mask(r.seat);
        let p = ctx.p;
        if let (Some(ch), Stage::Bribe | Stage::Rolled | Stage::ChooseBranch) =
            (r.choice(), r.stage)
        {
            // A step before the last leads on to the next steps (FF-MISB-15).
            st = self.step_stakes(&ctx, &st, ch, r.step as usize, mask);
        }
        match r.stage {
            Stage::ChooseOption => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::ChooseOption(i) = a {
                        let v = self.option_value(&ctx, &st, &r.options[i as usize], mask);
                        if best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                // The Operative's Sword (offered only on a Misbehave card, with its carrier on
                // the job): an Ace in the Hole passes the card outright (FF-MISB-6), for the
                // Sword. Worth it when the card's best option is a clear risk.
                for &a in legal {
                    let Action::UseCard(card) = a else { continue };
                    let v = if matches!(
                        g.content.supply_cards[card as usize].kind,
                        SupplyKind::Crew(_)
                    ) {
                        // Dalin: $200 for another card in its place; worth it when this card's
                        // best option is clearly bad (an average card is roughly even).
                        -200.0 - 300.0
                    } else {
                        ending_value(&st, Some(Ending::Proceed)) - self.spent_gear(&ctx, card)
                    };
                    if best.is_none_or(|b| v > b.0 + SPEND_MARGIN) {
                        return a;
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            Stage::ChooseTester => {
                let t = r.test().unwrap();
                let mut best: Option<(i32, Action)> = None;
                for &a in legal {
                    if let Action::ChooseTester(card) = a {
                        let Some(i) = p.crew_index(card) else {
                            continue;
                        };
                        let mut v = test_base(g, p, 1 << i, t) * 10;
                        // A Kill on failure hits the tester: prefer the Leader at equal skill.
                        if i == 0 && !p.crew[0].disgruntled {
                            v += 1;
                        }
                        if best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            Stage::Bribe => {
                let t = r.test().unwrap();
                let (m, base) = live_test_base(g, r, None);
                let max = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Bribe(n) => Some(*n),
                        _ => None,
                    })
                    .max()
                    .unwrap_or(0);
                let (ev, b) = self.test_value(&ctx, &st, t, base, m, max);
                // Mal's Brown Coat (FF-SKILL-3, FF-CREW-11): its carrier becomes Disgruntled to
                // add a skill to this test; worth it when the better odds outweigh the grudge.
                if let Some(card) = used_card(legal) {
                    if let Some((amount, grudge)) = self.lendable(&ctx, r, card) {
                        let (ev_lent, _) = self.test_value(&ctx, &st, t, base + amount, m, max);
                        if ev_lent - grudge > ev + SPEND_MARGIN {
                            return Action::UseCard(card);
                        }
                    }
                }
                // Stitch: a Negotiate test may be made as a Fight test instead.
                if legal.contains(&Action::NegotiateAsFight) {
                    let (_, fight) = live_test_base(g, r, Some(Skill::Fight));
                    let (ev_fight, _) = self.test_value(&ctx, &st, t, fight, m, 0);
                    if ev_fight > ev + 1.0 {
                        return Action::NegotiateAsFight;
                    }
                }
                // Sheydra: a Fight test may be made as a Negotiate test instead.
                if legal.contains(&Action::FightAsNegotiate) {
                    let (_, nego) = live_test_base(g, r, Some(Skill::Negotiate));
                    let (ev_nego, _) = self.test_value(&ctx, &st, t, nego, m, 0);
                    if ev_nego > ev + 1.0 {
                        return Action::FightAsNegotiate;
                    }
                }
                if legal.contains(&Action::Bribe(b)) {
                    Action::Bribe(b)
                } else {
                    legal[0]
                }
            }
            Stage::Rolled => {
                let t = r.test().unwrap();
                let (m, base) = live_test_base(g, r, None);
                let base = base + r.bribe as i32 + r.after_roll_bonus;
                let total = r.roll.map_or(0, |x| x.total as i32) + base;
                let band_of = |tot: i32| t.outcomes.iter().rposition(|o| o.min <= tot).unwrap_or(0);
                let now = self.band_value(&ctx, &st, &t.outcomes[band_of(total)], m);
                // Simon's Sonic Stun Baton: discarded, the die counts as a 6 and earns its bonus
                // roll (FF-SKILL-8), so the total is the base, 6 and an exploding die: the odds of
                // a fresh roll with 6 more points. Against keeping the roll or re-rolling.
                if let Some(card) = used_card(legal) {
                    let (six, _) = self.test_value(&ctx, &st, t, base + 6, m, 0);
                    let reroll = if legal.contains(&Action::Reroll) {
                        self.test_value(&ctx, &st, t, base, m, 0).0
                    } else {
                        f64::NEG_INFINITY
                    };
                    if six - self.spent_gear(&ctx, card) > now.max(reroll) + SPEND_MARGIN {
                        return Action::UseCard(card);
                    }
                }
                if legal.contains(&Action::Reroll) {
                    let (ev, _) = self.test_value(&ctx, &st, t, base, m, 0);
                    if ev > now + 50.0 {
                        return Action::Reroll;
                    }
                }
                // A re-roll that costs a gear card (Yolonda's Pistol): only for a clear gain.
                if let Some(&a) = legal
                    .iter()
                    .find(|a| matches!(a, Action::DiscardToReroll(_)))
                {
                    let (ev, _) = self.test_value(&ctx, &st, t, base, m, 0);
                    if ev > now + 300.0 {
                        return a;
                    }
                }
                for &a in legal {
                    if let Action::DiscardForBonus(gc) = a {
                        let bonus: i32 = g
                            .gear_def(gc)
                            .abilities
                            .iter()
                            .map(|x| match x {
                                Ability::DiscardForBonus { amount, .. } => *amount as i32,
                                _ => 0,
                            })
                            .sum();
                        let after =
                            self.band_value(&ctx, &st, &t.outcomes[band_of(total + bonus)], m);
                        if after > now + 300.0 {
                            return a;
                        }
                    }
                }
                if legal.contains(&Action::KeepRoll) {
                    Action::KeepRoll
                } else {
                    legal[0]
                }
            }
            Stage::ChooseBranch => {
                let o = r.outcome().unwrap();
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::ChooseBranch(b) = a {
                        let br = &o.choose[b as usize];
                        let v = self.effects_value(&ctx, &br.effects, mask)
                            + ending_value(&st, Some(br.ends));
                        if best.is_none_or(|x| v > x.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            _ => legal[0],
        }
    }
}
