//! The engine trait for Firefly: `tabletop_core::Game` and `NewGame`.

use tabletop_core::{Actor, Game, NewGame, Outcome, Seat};

use crate::action::Action;
use crate::content::render;
use crate::content::*;
use crate::event::Event;
use crate::resolve::Pending;
use crate::state::*;
use crate::turn::SetupError;
use crate::view::View;

impl Game for Firefly {
    type Action = Action;
    type Event = Event;
    type View<'a> = View<'a>;

    const NAME: &'static str = "firefly";

    fn num_seats(&self) -> usize {
        self.players.len()
    }

    fn actor(&self) -> Actor {
        if matches!(self.phase, Phase::Over) {
            Actor::Over
        } else {
            Actor::Seat(self.actor)
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.actions(out);
    }

    fn apply_unchecked(&mut self, action: Action, events: &mut Vec<Event>) {
        self.step(action, events);
    }

    fn why_illegal(&self, action: Action) -> tabletop_core::IllegalAction {
        // Read by people: captains are numbered from 1, as everywhere in text.
        tabletop_core::IllegalAction::new(match self.actor() {
            Actor::Over => "the game is over".to_string(),
            Actor::Seat(s) => format!(
                "{action:?} is not one of captain {}'s legal actions now",
                s + 1
            ),
        })
    }

    fn view(&self, seat: Seat) -> View<'_> {
        View::of(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn describe_action(&self, a: Action) -> String {
        self.describe(a)
    }

    fn reseed(&mut self, seed: u64) {
        self.chance.reseed(seed);
        // The future is the deck order: shuffle every face-down pile so a look-ahead cannot
        // use the real one.
        for d in &mut self.decks.supply {
            d.shuffle(&mut self.chance);
        }
        for d in &mut self.decks.contacts {
            d.shuffle(&mut self.chance);
        }
        for d in &mut self.decks.nav {
            d.shuffle(&mut self.chance);
        }
        self.decks.misbehave.shuffle(&mut self.chance);
        self.bounties.deck.shuffle(&mut self.chance);
    }

    fn determinize(&mut self, seat: Seat, seed: u64) {
        self.determinize_for(seat, seed);
    }

    fn revealed(&self, before: &Self, events: &[Event]) -> Option<String> {
        self.undo_barrier(before, events)
    }
}

impl NewGame for Firefly {
    type Content = Content;
    type Options = Options;
    type SetupError = SetupError;

    fn new_game(
        content: &'static Content,
        options: &Options,
        seed: u64,
    ) -> Result<Self, SetupError> {
        match &options.scenario {
            Some(s) => {
                Firefly::from_scenario(content, options, seed, s).map_err(SetupError::Scenario)
            }
            None => Firefly::setup(content, options, seed),
        }
    }
}

impl Firefly {
    /// The whole state as JSON (content excluded, RNG included): equal strings mean equal
    /// states. Replay tests compare these.
    pub fn state_json(&self) -> String {
        #[derive(serde::Serialize)]
        struct S<'a>(
            TableRules,
            StoryId,
            &'a tabletop_core::Chance,
            &'a [Player],
            &'a Decks,
            &'a Removed,
            SectorId,
            &'a [SectorId],
            Option<SectorId>,
            &'a [crate::rim::Alerts],
            &'a [Seat],
            [Seat; 2],
            u16,
            TurnActions,
            &'a Phase,
            Activity,
            &'a [crate::resolve::Resolution],
            JobPay,
            Option<ContactName>,
            u8,
            &'a Option<LastCallState>,
            &'a Option<Outcome>,
            u8,
            [[u8; 5]; 4],
            &'a crate::bounty::Bounties,
        );
        serde_json::to_string(&S(
            self.rules,
            self.story,
            &self.chance,
            &self.players,
            &self.decks,
            &self.removed,
            self.cruiser,
            &self.cutters,
            self.corvette,
            &self.alerts,
            &self.pick_order,
            [self.actor, self.current],
            self.round,
            self.turn,
            &self.phase,
            self.activity,
            &self.resolution,
            self.job_pay,
            self.activity_contact,
            self.ships_chosen,
            &self.last_call,
            &self.outcome,
            self.game_length_tokens,
            self.seen_top,
            &self.bounties,
        ))
        .expect("the state serializes")
    }

    fn crew_name(&self, card: CrewCard) -> std::borrow::Cow<'_, str> {
        match card {
            CrewCard::Leader(d) => self.content.crew_label(d),
            CrewCard::Hired(c) => self.content.supply_label(c),
        }
    }

    /// One line describing an action, in the rulebook's words.
    pub fn describe(&self, a: Action) -> String {
        let c = self.content;
        let sector = |s: SectorId| c.sector_label(s).into_owned();
        let job = |j: JobId| c.job_label(j);
        let captain = |s: tabletop_core::Seat| format!("captain {}", u16::from(s) + 1);
        let pending = self.resolution.last().and_then(|r| r.pending);
        match a {
            Action::ChooseLeader(l) => format!("Choose Leader {}", c.crew_label(l)),
            Action::ChooseShip(s) => format!("Choose ship {}", c.ship_label(s)),
            // FF-PBH-39..41: with Havens, the Haven token goes down and the ship starts on it.
            Action::PlaceShip(s) if self.story_def().setup.havens => {
                format!("Place your Haven (and your Firefly) at {}", sector(s))
            }
            Action::PlaceShip(s) => format!("Place your Firefly at {}", sector(s)),
            Action::DiscardJob(j) => format!("Discard job {}", job(j)),
            Action::FullBurn => "Fly: Full Burn".into(),
            Action::Mosey => "Fly: Mosey".into(),
            Action::Buy => "Buy".into(),
            Action::ShoreLeave => {
                format!("Buy: Shore Leave (${})", self.shore_leave_cost(self.me()))
            }
            Action::Deal => format!(
                "Deal with {}",
                self.contact_at(self.me().sector).map_or("?", |k| k.name())
            ),
            Action::Work(WorkTarget::Job(j)) => format!("Work job {}", job(j)),
            Action::Work(WorkTarget::BonusDropOff { job: j, bonus }) => format!(
                "Work the Bonus Drop-Off \"{}\" of {}",
                c.jobs
                    .get(j as usize)
                    .and_then(|x| x.opportunities.get(bonus as usize))
                    .map_or("?", |o| o.name.as_str()),
                job(j)
            ),
            Action::Work(WorkTarget::Apprehend(card)) => {
                format!("Work: apprehend {}", c.supply_label(card))
            }
            Action::Work(WorkTarget::DeliverBounty(b)) => format!(
                "Work: deliver the Bounty on {}",
                c.bounties.get(b as usize).map_or("?", |x| x.name.as_str())
            ),
            Action::Work(WorkTarget::Piracy { job: j, target }) => {
                format!("Work: {} against {}'s ship", job(j), captain(target))
            }
            Action::Work(WorkTarget::JumpBounty { from, bounty }) => format!(
                "Work: jump {}'s Bounty on {}",
                captain(from),
                c.bounties
                    .get(bounty as usize)
                    .map_or("?", |x| x.name.as_str())
            ),
            Action::Work(WorkTarget::Goal) => {
                let g = self.me().goals as usize;
                match self.story_def().goals.get(g) {
                    Some(goal) => format!("Work story goal {}: \"{}\"", g + 1, goal.name),
                    None => "Work a story goal (every goal is done)".into(),
                }
            }
            Action::MakeWork => {
                format!("Work: Make-Work (take ${})", self.make_work_pay(self.me()))
            }
            Action::CrewRemoveDisgruntled(m) => format!(
                "Use an action: remove Disgruntled from {}",
                self.crew_name(m)
            ),
            Action::DeclareLastCall => {
                let others = "every other captain takes one more turn";
                match self.story_def().last_call {
                    Some(r) if r.uses_action => {
                        format!("Use an action: declare Last Call ({others})")
                    }
                    _ => format!("Declare Last Call ({others})"),
                }
            }
            Action::EndTurn => "End turn (pass the Dinosaur)".into(),
            Action::Dismiss(m) if matches!(pending, Some(Pending::DiscardCrew { .. })) => {
                format!("Discard {}", self.crew_name(m))
            }
            Action::Dismiss(m) => format!("Dismiss {}", self.crew_name(m)),
            Action::Jettison(i) if matches!(pending, Some(Pending::LoseGoods { .. })) => {
                format!("Lose 1 {}", i.name())
            }
            Action::Jettison(i) if matches!(self.phase, Phase::Plunder(_)) => {
                format!("Jettison 1 {} to make room", i.name())
            }
            Action::Jettison(i) => format!("Jettison 1 {}", i.name()),
            Action::Unload(i) if matches!(pending, Some(Pending::LosePassengers { .. })) => {
                format!("Discard 1 {}", i.name())
            }
            Action::Unload(i) => format!("Unload 1 {}", i.name()),
            Action::Equip { gear, crew } => {
                format!("Give {} to {}", c.supply_label(gear), self.crew_name(crew))
            }
            Action::Unequip(g) => format!("Set {} aside", c.supply_label(g)),
            Action::DiscardUpgrade(u) => format!("Discard ship upgrade {}", c.supply_label(u)),
            Action::HireAway(m) => format!("Hire away {}", self.crew_name(m)),
            Action::Gamble(g) => format!("Gamble: discard {}", c.supply_label(g)),
            Action::UseCard(card) => self.describe_use(card),
            Action::PutOnTop(i) => {
                let name = self.looking_at(self.actor).and_then(|(nav, cards)| {
                    let placed = match pending {
                        Some(Pending::Arrange { placed, .. }) => placed as usize,
                        _ => 0,
                    };
                    let id = *cards.get(placed + i as usize)?;
                    Some(match nav {
                        Some(_) => c.nav_def(id).name.clone(),
                        None => c.misbehave_def(id).name.clone(),
                    })
                });
                format!("Put \"{}\" next on top", name.as_deref().unwrap_or("?"))
            }
            Action::DiscardLooked => "Discard the cards looked at".into(),
            Action::TurnOver(m) => format!(
                "Turn {} over to Magistrate Higgins (${}, Immoral)",
                self.crew_name(m),
                self.me()
                    .crew_index(m)
                    .and_then(|i| self.turn_over_price(&self.me().crew[i]))
                    .unwrap_or(0)
            ),
            Action::MoveTo(s) => format!("Move to {}", sector(s)),
            Action::Scan(s) => format!(
                "Long-Range Scanner: resolve the Alert tokens at {}",
                sector(s)
            ),
            Action::GiveCredits { to, amount } => format!(
                "Give {} to captain {} (Meridian credit exchange)",
                crate::content::render::money(amount),
                to as u32 + 1
            ),
            Action::PickShip(ship) => match self.resolution.last().and_then(|r| r.pending) {
                Some(crate::resolve::Pending::CallShip { .. }) => {
                    format!("Send {} to the Alert", self.npc_label(ship))
                }
                _ => format!("Move {}", self.npc_label(ship)),
            },
            Action::Done => match self.resolution.last().and_then(|r| r.pending) {
                Some(crate::resolve::Pending::Warrant { .. }) => "Take the Warrant".into(),
                Some(crate::resolve::Pending::LoseSolid { contact }) => {
                    format!("Lose Solid with {}", contact.name())
                }
                Some(crate::resolve::Pending::EvadeArrival { .. }) => "Do not roll".into(),
                _ => "Done".into(),
            },
            Action::ChooseOption(i) => match self
                .resolution
                .last()
                .and_then(|r| r.options.get(i as usize))
            {
                Some(o) => format!("Option: {}", o.name),
                None => format!("Option {i}"),
            },
            Action::Bribe(n) => format!("Bribe ${}", n as u32 * 100),
            Action::ChooseTester(m) => format!("{} makes the test", self.crew_name(m)),
            Action::Reroll => "Re-roll".into(),
            Action::NegotiateAsFight => "Treat this Negotiate test as a Fight test".into(),
            Action::FightAsNegotiate => "Treat this Fight test as a Negotiate test".into(),
            Action::DiscardForBonus(g) => format!("Discard {} for its bonus", c.supply_label(g)),
            Action::DiscardBeforeRoll(g) => {
                format!("Discard {} before rolling for its bonus", c.supply_label(g))
            }
            Action::DiscardToReroll(g) => format!("Discard {} to re-roll", c.supply_label(g)),
            Action::KeepRoll => "Keep the roll".into(),
            Action::ShowdownSkill(k) => format!("Use {} in the Showdown", k.name()),
            Action::ForceReroll => "Make the rival re-roll".into(),
            Action::Rescue(true) => "Rescue: free the fugitives".into(),
            Action::Rescue(false) => "Take the Bound Fugitives".into(),
            Action::Steal(i) => match self.phase {
                Phase::Plunder(pl) => format!("Steal 1 {} from {}", i.name(), captain(pl.target)),
                _ => format!("Steal 1 {}", i.name()),
            },
            Action::StealJob => match self.phase {
                Phase::Plunder(pl) => format!("Steal a job, unseen, from {}", captain(pl.target)),
                _ => "Steal a job".into(),
            },
            Action::ChooseBranch(b) => match self
                .resolution
                .last()
                .and_then(|r| r.outcome())
                .and_then(|o| o.choose.get(b as usize))
            {
                Some(branch) => branch.name.clone(),
                None => format!("Branch {b}"),
            },
            Action::Kill(m) => match self.resolution.last().and_then(|r| r.pending) {
                Some(crate::resolve::Pending::Arrest { .. }) => {
                    format!("{} is taken by the Operative", self.crew_name(m))
                }
                _ => format!("{} is Killed", self.crew_name(m)),
            },
            Action::JoinTeam { crew, team } => {
                // FF-MISC-6: team k makes step k's test; say which test the team will make.
                let test = self
                    .resolution
                    .last()
                    .and_then(|r| r.choice())
                    .and_then(|ch| ch.test.iter().chain(ch.then.iter()).nth(team as usize));
                match test {
                    Some(t) => format!(
                        "Put {} in team {} ({})",
                        self.crew_name(crew),
                        team as u16 + 1,
                        render::test_header(t)
                    ),
                    None => format!("Put {} in team {}", self.crew_name(crew), team as u16 + 1),
                }
            }
            Action::LoseUpgrade(u) => format!("Discard {}", c.supply_label(u)),
            Action::LoadCount(n) => match pending {
                Some(Pending::DeliverUpTo { item, .. }) => {
                    format!("Deliver {}", render::item_count(item, n as u32))
                }
                _ => format!("Load {n}"),
            },
            Action::LoadGood(i)
                if matches!(pending, Some(Pending::StashGoods { .. }))
                    || matches!(self.phase, Phase::Showdown(_)) =>
            {
                format!("Keep 1 {} in the Stash", i.name())
            }
            Action::LoadGood(i) => format!("Load 1 {}", i.name()),
            Action::TakeUpgrade(u) => format!("Take {}", c.supply_label(u)),
            Action::TakeCrew(m) => format!("Take {} aboard for free", c.supply_label(m)),
            Action::Purchase(i) => format!(
                "Buy 1 {} ({})",
                i.name(),
                render::money(match self.phase {
                    Phase::Selling { contact } => self.contact_price(contact, i),
                    _ => crate::buy::goods_price(i),
                })
            ),
            Action::UseExemption(ignore) => self.describe_exemption(ignore),
            Action::Trade(t) => self.describe_trade(t),
            Action::ConsiderDiscard(x) => match self.phase {
                Phase::Considering {
                    market: Market::Contact(_),
                    ..
                } => format!("Consider {} from the discard pile", job(x)),
                _ => format!("Consider {} from the discard pile", c.supply_label(x)),
            },
            Action::ConsiderDraw => "Draw a card face down to consider".into(),
            Action::BuyCard(x) if (x as usize) < c.supply_cards.len() => format!(
                "Buy {} for ${}",
                c.supply_label(x),
                self.price(self.actor, x)
            ),
            Action::BuyCard(x) => format!("Buy {}", c.supply_label(x)),
            Action::AcceptJob(j) => format!("Accept {}", job(j)),
            Action::Sell(i) => format!("Sell 1 {}", i.name()),
            Action::ClearWarrants => "Pay $1,000 to clear all Warrants".into(),
            Action::ToggleCrew(m) => {
                let on = match self.phase {
                    Phase::ChooseCrew { on_job, .. } => self
                        .me()
                        .crew_index(m)
                        .is_some_and(|i| on_job & (1 << i) != 0),
                    _ => false,
                };
                if on {
                    format!("Take off {}: stays aboard", self.crew_name(m))
                } else {
                    format!("Put on {}: goes on the job", self.crew_name(m))
                }
            }
            Action::PayCut(true) => match &self.phase {
                Phase::PayCuts { next, .. } if (*next as usize) < self.me().crew.len() => {
                    let m = &self.me().crew[*next as usize];
                    format!(
                        "Pay {}'s Cut (${})",
                        self.crew_name(m.card),
                        c.crew[m.def as usize].cost
                    )
                }
                _ => "Pay the Cut".into(),
            },
            Action::PayCut(false) => "Don't pay (they become Disgruntled)".into(),
            Action::AttachChallenge(x) => format!("Attach the Challenge {} to this job", job(x)),
            Action::DrawStartingJobs(k) => {
                let count = self
                    .setup_card_def()
                    .map_or(0, |sc| sc.starting_jobs_from_chosen_deck);
                let left = self
                    .decks
                    .contacts
                    .get(k.index())
                    .map_or(0, |d| d.draw_len());
                format!(
                    "Draw {count} starting jobs from {}'s deck ({left} cards)",
                    k.name()
                )
            }
        }
    }
}
