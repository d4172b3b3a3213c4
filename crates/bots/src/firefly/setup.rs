//! Set-up: the Leader, where to place the ship, the deck of the starting jobs and which starting
//! jobs to keep.

use super::*;

impl FireflyBot {
    pub(super) fn choose_leader(&mut self, g: &Firefly, legal: &[Action]) -> Action {
        let p = g.me();
        let needs = story_needs(g, p);
        let mut best = (f64::MIN, legal[0]);
        for &a in legal {
            let Action::ChooseLeader(l) = a else { continue };
            let d = &g.content.crew[l as usize];
            let sk = crew_skills(d);
            let mut v = 0.0;
            for (x, want) in sk.iter().zip(needs.desired) {
                v += *x as f64 * (1.0 + want as f64 / 4.0);
            }
            for ab in &d.abilities {
                v += match ab {
                    Ability::HireFree => 3.0,
                    Ability::JobCompletionBonus { .. } => 1.0,
                    Ability::HalfPrice { .. } => 1.0,
                    _ => 0.3,
                };
            }
            v += d.professions.len() as f64 * 0.3 + d.keywords.len() as f64 * 0.3;
            v += self.rng.below(100) as f64 * 0.001;
            if v > best.0 {
                best = (v, a);
            }
        }
        best.1
    }

    /// The Ship Card (FF-SETUP-8): crew berths first (every hand is skill points for the jobs'
    /// Skill Needs), then the drive, the hold and the upgrade slots. Measured in bot-only games
    /// (Making Connections, every expansion, 600 games, one seat on the ship, the others on the
    /// base game's): a base-game Firefly wins its share, the S.S. Walden (range 4) about 19 %
    /// of a fair 25 %, the Interceptor (4 berths, a hold of 4) about 8 %; these weights put them
    /// in that order.
    pub(super) fn choose_ship(&mut self, g: &Firefly, legal: &[Action]) -> Action {
        let c = g.content;
        let mut best = (f64::MIN, legal[0]);
        for &a in legal {
            let Action::ChooseShip(s) = a else { continue };
            let ship = &c.ships[s as usize];
            let core = c
                .upgrades
                .iter()
                .find(|u| u.id == ship.drive_core)
                .and_then(|u| u.drive_core);
            let speed = core.map_or(5.0, |d| {
                d.range as f64 + if d.fuel_per_burn == 0 { 1.0 } else { 0.0 }
            });
            let mut v = 2.0 * speed
                + 4.0 * ship.max_crew as f64
                + 0.5 * ship.hold.min(10) as f64
                + 0.25 * ship.stash as f64
                + ship.upgrade_slots as f64;
            for ab in &ship.abilities {
                v += match ab {
                    Ability::RangeLossPerUpgrade => -1.0,
                    Ability::RerollBoarding { .. } => 1.0,
                    _ => 0.5,
                };
            }
            v += self.rng.below(100) as f64 * 0.001;
            if v > best.0 {
                best = (v, a);
            }
        }
        best.1
    }

    pub(super) fn place_ship(&mut self, g: &Firefly, _seat: Seat, legal: &[Action]) -> Action {
        let c = g.content;
        let mut best = (f64::MIN, legal[0]);
        for &a in legal {
            let Action::PlaceShip(s) = a else { continue };
            let sec = &c.sectors[s as usize];
            let mut v = 0.0;
            if sec.supply.is_some() {
                v += 3.0;
            }
            if sec.contact.is_some() {
                v += 2.0;
            }
            if g.neighbours(s).iter().any(|&x| g.has_cutter(x)) {
                v -= 2.0;
            }
            if s == g.cruiser {
                v -= 0.5;
            }
            v += self.rng.below(100) as f64 * 0.01;
            if v > best.0 {
                best = (v, a);
            }
        }
        best.1
    }

    /// A Set Up card's starting jobs from one deck of our choice (FF-BS-5): the Contact nearest
    /// the ship (its jobs start close and the Deal for more is near), preferring one the story
    /// wants us Solid with; the deck with more cards on a tie.
    pub(super) fn starting_deck(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let c = g.content;
        let from = g.player(seat).sector;
        let wanted: Vec<ContactName> = g
            .story_def()
            .goals
            .iter()
            .flat_map(|goal| goal.requires.iter())
            .filter_map(|r| match r {
                GoalCondition::SolidWith { contacts } => Some(contacts.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        let mut best = (f64::MIN, legal[0]);
        for &a in legal {
            let Action::DrawStartingJobs(k) = a else {
                continue;
            };
            let mut v = match c.contact_sector[k.index()]
                .and_then(|s| c.shortest_route_on(g.expansions(), from, s))
            {
                Some(route) => -(route.len() as f64),
                None => -50.0,
            };
            if wanted.contains(&k) {
                v += 4.0;
            }
            v += g.decks.contacts[k.index()].draw_len() as f64 * 0.01;
            v += self.rng.below(100) as f64 * 0.0001;
            if v > best.0 {
                best = (v, a);
            }
        }
        best.1
    }

    pub(super) fn starting_jobs(&mut self, g: &Firefly, seat: Seat, legal: &[Action]) -> Action {
        let p = g.player(seat);
        if p.hand.len() <= g.hand_limit(p) && legal.contains(&Action::Done) {
            return Action::Done;
        }
        let ctx = Ctx::new(g, seat);
        self.worst_job(&ctx, legal).unwrap_or(legal[0])
    }
}
