//! The small decisions an effect parks (whom to Kill, which goods to lose, where the Cruiser goes,
//! teams …).

use super::*;

impl FireflyBot {
    pub(super) fn pending(
        &mut self,
        g: &Firefly,
        seat: Seat,
        r: &Resolution,
        pending: Pending,
        legal: &[Action],
    ) -> Action {
        let ctx = Ctx::new(g, r.seat);
        let p = ctx.p;
        match pending {
            // Med Foam set against the Kill first: it saves whoever is chosen next.
            Pending::Kill { .. } if legal.iter().any(|a| matches!(a, Action::UseCard(_))) => *legal
                .iter()
                .find(|a| matches!(a, Action::UseCard(_)))
                .unwrap(),
            // A Fan Dancer for a Warrant, Roberta for a Solid Contact: both worth more than the
            // crew card.
            // Meadows Killed instead of a fugitive taken or a Wanted crew member Seized: she
            // has no skills, so she is worth less than whoever she saves.
            Pending::Warrant { .. } | Pending::LoseSolid { .. } | Pending::StandIn(_) => *legal
                .iter()
                .find(|a| matches!(a, Action::UseCard(_)))
                .unwrap_or(&Action::Done),
            // The Xunsu's roll to Evade a ship that entered our sector: worth it when the ship
            // means trouble (Reavers; the Alliance for an Outlaw Ship).
            Pending::EvadeArrival { ship } => {
                let trouble =
                    matches!(ship, tabletop_firefly::rim::NpcShip::Cutter(_)) || g.is_outlaw(p);
                match legal.iter().find(|a| matches!(a, Action::UseCard(_))) {
                    Some(&a) if trouble => a,
                    _ => Action::Done,
                }
            }
            Pending::Kill { .. } | Pending::Arrest { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::Kill(card) = a {
                        let Some(i) = p.crew_index(card) else {
                            continue;
                        };
                        let v = self.crew_worth(g, p, i) + self.rng.below(10) as f64 * 0.01;
                        if best.is_none_or(|b| v < b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            // Friendly Game of Cards: the Leader first (a second token fires the crew), then
            // whoever is worth most.
            Pending::Cheer { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::CrewRemoveDisgruntled(card) = a {
                        let Some(i) = p.crew_index(card) else {
                            continue;
                        };
                        let v = if i == 0 {
                            f64::MAX
                        } else {
                            self.crew_worth(g, p, i)
                        };
                        if best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            // A drop-off of any mix is paid per head: deliver them all.
            Pending::DeliverUpTo { max, .. } => Action::LoadCount(max),
            Pending::LoadUpTo { item, max } => {
                let n = self.load_wanted(&ctx, item, max);
                // The most we want that may be loaded (room in the hold may cap the offer).
                (0..=n)
                    .rev()
                    .map(Action::LoadCount)
                    .find(|a| legal.contains(a))
                    .unwrap_or(legal[0])
            }
            Pending::LoadGoods { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::LoadGood(item) = a {
                        let v = self.item_gain(&ctx, item);
                        if v > 0.0 && best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(Action::Done, |b| b.1)
            }
            Pending::DiscardUpgrade { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::LoseUpgrade(u) = a {
                        let v = match g.content.supply_cards[u as usize].kind {
                            SupplyKind::Upgrade(d) => self.upgrade_value(&ctx, d),
                            _ => 0.0,
                        };
                        if best.is_none_or(|b| v < b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            Pending::TakeUpgrade { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::TakeUpgrade(u) = a {
                        let v = match g.content.supply_cards[u as usize].kind {
                            SupplyKind::Upgrade(d) => self.upgrade_value(&ctx, d),
                            _ => 0.0,
                        };
                        if v > 0.0 && best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(Action::Done, |b| b.1)
            }
            // Cards looked at (Nav Charts, Heist Intel) go back as they were.
            Pending::Arrange { .. } => {
                if legal.contains(&Action::Done) {
                    Action::Done
                } else {
                    Action::PutOnTop(0)
                }
            }
            // Which Reaver Cutter a card moves, or which ship answers another captain's Alert
            // tokens (the Rim expansions): any will do.
            Pending::MoveCutter { cutter: None, .. }
            | Pending::CallShip { .. }
            | Pending::DiscardActive => legal[self.rng.below(legal.len() as u32) as usize],
            Pending::MoveCruiser { .. }
            | Pending::MoveCutter { .. }
            | Pending::MoveCorvette { .. } => {
                // We move the ship: as far from our own Firefly as it will go, and away from
                // where we are heading.
                let me = g.player(seat);
                let cutter = matches!(pending, Pending::MoveCutter { .. });
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::MoveTo(s) = a {
                        let mut v = self.d(me.sector, s).min(8) as f64;
                        if !cutter && !g.is_outlaw(me) {
                            v *= 0.2;
                        }
                        // Everyone else: keep it off their backs too, mildly.
                        let others: u32 = g
                            .players
                            .iter()
                            .filter(|q| q.seat != seat && q.placed)
                            .map(|q| self.d(q.sector, s).min(4))
                            .sum();
                        v += others as f64 * 0.1 + self.rng.below(10) as f64 * 0.001;
                        if best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            Pending::Trade {
                fuel,
                parts,
                contraband,
                ..
            } => {
                let reserve = ctx.reserve(self);
                // Replace Contraband an Active job lost (FF-WORK-14).
                if legal.contains(&Action::Purchase(Item::Contraband))
                    && self.needed_items(g, p, Item::Contraband) > p.item(Item::Contraband) as u32
                    && p.money >= contraband + 300
                {
                    return Action::Purchase(Item::Contraband);
                }
                let burns = p.item(Item::Fuel) / ctx.burn_fuel().max(1);
                if legal.contains(&Action::Purchase(Item::Fuel))
                    && ctx.burns_fuel()
                    && (burns < 4 || p.item(Item::Fuel) < 5)
                    && p.money >= fuel + reserve.min(600)
                {
                    return Action::Purchase(Item::Fuel);
                }
                if legal.contains(&Action::Purchase(Item::Parts))
                    && p.item(Item::Parts) < 1
                    && p.money >= parts + reserve + 500
                {
                    return Action::Purchase(Item::Parts);
                }
                Action::Done
            }
            Pending::Evade => {
                let target = self.flight_target(&ctx);
                self.step_toward(g, p, target, legal).unwrap_or(legal[0])
            }
            Pending::Exemption(x) => {
                let ignore = match x {
                    // Harken's papers: Customs Inspection only ever takes from us.
                    Exemption::PapersInOrder => true,
                    // A Cry Baby is worth keeping unless the Alliance would cost us more.
                    Exemption::CryBaby(_) => self.outlaw_cost(&ctx) > 450.0,
                    // Reavers kill crew: always worth a Flak Gun.
                    Exemption::FlakGun(_) => true,
                    // 1 Fuel against a Reaver Contact or Cutter card: always.
                    Exemption::ElectronicDefense(_) => true,
                };
                if legal.contains(&Action::UseExemption(ignore)) {
                    Action::UseExemption(ignore)
                } else {
                    legal[0]
                }
            }
            // Take whoever is worth the most; sell all that is offered; lose the least useful.
            Pending::TakeCrew { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::TakeCrew(c) = a {
                        let v = match g.content.supply_cards[c as usize].kind {
                            SupplyKind::Crew(d) => g.hire_cost(seat, d) as f64,
                            _ => 0.0,
                        };
                        if best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(Action::Done, |b| b.1)
            }
            Pending::Sell { item, price, .. } => {
                if (price as f64) > self.item_gain(&ctx, item)
                    && legal.contains(&Action::Sell(item))
                {
                    Action::Sell(item)
                } else {
                    Action::Done
                }
            }
            Pending::DiscardCrew { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::Dismiss(card) = a {
                        let Some(i) = p.crew_index(card) else {
                            continue;
                        };
                        let v = self.crew_worth(g, p, i);
                        if best.is_none_or(|b| v < b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            Pending::LosePassengers { .. } | Pending::LoseGoods { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    let (Action::Unload(item) | Action::Jettison(item)) = a else {
                        continue;
                    };
                    let v = self.item_gain(&ctx, item) + self.rng.below(10) as f64 * 0.01;
                    if best.is_none_or(|b| v < b.0) {
                        best = Some((v, a));
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
            Pending::StashGoods { .. } => {
                let mut best: Option<(f64, Action)> = None;
                for &a in legal {
                    if let Action::LoadGood(item) = a {
                        let v = self.item_gain(&ctx, item);
                        if best.is_none_or(|b| v > b.0) {
                            best = Some((v, a));
                        }
                    }
                }
                best.map_or(Action::Done, |b| b.1)
            }
            // Moving a rival's ship: anywhere will do.
            Pending::Drift { .. } => legal[self.rng.below(legal.len() as u32) as usize],
            Pending::SplitCrew => {
                // FF-MISC-6: put each crew member where their skill helps the most: in the
                // team whose test needs their skill and has the least of it so far.
                let tests: Vec<&Test> = r.choice().map_or(Vec::new(), |c| steps(c).collect());
                let mut best: Option<(i32, Action)> = None;
                for &a in legal {
                    let Action::JoinTeam { crew, team } = a else {
                        continue;
                    };
                    let (Some(i), Some(t)) = (p.crew_index(crew), tests.get(team as usize)) else {
                        continue;
                    };
                    let have = test_base(g, p, r.teams[team as usize], t);
                    let adds = test_base(g, p, 1 << i, t);
                    let v = adds * 10 - have;
                    if best.is_none_or(|b| v > b.0) {
                        best = Some((v, a));
                    }
                }
                best.map_or(legal[0], |b| b.1)
            }
        }
    }
}
