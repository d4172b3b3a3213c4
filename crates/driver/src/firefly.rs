//! Firefly in the driver: content loading, the bots that can sit at a table, and the readable
//! log ([`Driven`]) with the short texts (names, money, jobs, sectors) the terminal shares.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{anyhow, Result};
use tabletop_bots::easy::EasyBot;
use tabletop_bots::firefly::FireflyBot;
use tabletop_bots::search::SearchBot;
use tabletop_bots::Bot;
use tabletop_core::{Game, Seat};
use tabletop_firefly::content::render::{self, Names};
use tabletop_firefly::content::*;
use tabletop_firefly::event::{PaySource, PayTerm, Term, TermSource};
use tabletop_firefly::showdown::Defender;
use tabletop_firefly::state::CrewCard;
use tabletop_firefly::{Action, Event, Firefly};

use crate::driven::{Driven, Viewer};
use crate::seats::generic_bot;

/// The bots that can sit at a Firefly table (levels `easy`, `normal`, `hard`; `bot` is
/// `normal`).
pub use crate::seats::BOTS;

/// The built-in content, or the content files of a directory.
pub fn load_content(dir: Option<&Path>) -> Result<&'static Content> {
    match dir {
        None => Ok(Content::builtin()),
        Some(d) => {
            crate::input::check_content_dir(d)?;
            let files = ContentFiles::from_dir(d).map_err(|e| anyhow!("{e}"))?;
            let c = Content::load(&files)
                .map_err(|e| anyhow!("the content in {} is invalid: {e}", d.display()))?;
            Ok(c.leak())
        }
    }
}

/// The bots: `normal` (or `bot`) is the heuristic Firefly captain, `easy` the same with a
/// beginner's slips, `hard` the search bot over it, `random` plays uniformly random actions.
pub fn make_bot(name: &str, seat: Seat, seed: u64) -> Box<dyn Bot<Firefly>> {
    match name {
        "normal" | "bot" => Box::new(FireflyBot::new(seed)),
        "easy" => Box::new(EasyBot::<Firefly>::new(seed)),
        "hard" => Box::new(SearchBot::<Firefly>::new(seed)),
        other => generic_bot::<Firefly>(other, seat, seed),
    }
}

/// [`make_bot`], with the `hard` level's search settings given (the arena's `--iterations`,
/// `--horizon`).
pub fn make_bot_with(
    name: &str,
    seat: Seat,
    seed: u64,
    hard: &tabletop_bots::search::SearchConfig,
) -> Box<dyn Bot<Firefly>> {
    match name {
        "hard" => Box::new(SearchBot::<Firefly>::with_config(seed, *hard)),
        other => make_bot(other, seat, seed),
    }
}

// =============================================================================================
// Names and short texts
// =============================================================================================

pub fn captain(seat: Seat) -> String {
    format!("captain {}", u16::from(seat) + 1)
}

pub fn crew_name(c: &Content, card: CrewCard) -> &str {
    match card {
        CrewCard::Leader(d) => &c.crew[d as usize].name,
        CrewCard::Hired(s) => c.supply_name(s),
    }
}

pub fn nav_deck_name(i: usize) -> &'static str {
    ["Alliance", "Border", "Rim"].get(i).copied().unwrap_or("?")
}

/// The rendered text of a physical Supply card.
pub fn supply_card_text(c: &Content, card: SupplyCardId) -> String {
    match c.supply_cards[card as usize].kind {
        SupplyKind::Crew(d) => render::crew_card(&c.crew[d as usize]),
        SupplyKind::Gear(d) => render::gear_card(&c.gear[d as usize]),
        SupplyKind::Upgrade(d) => render::upgrade_card(&c.upgrades[d as usize]),
    }
}

/// One line for a Supply card: "Vera (Gear, $500): Fight 2, FIREARM".
pub fn supply_line(c: &Content, card: SupplyCardId) -> String {
    first_lines(&supply_card_text(c, card), 2)
}

/// The first `n` lines of a rendered card, joined on one line.
pub fn first_lines(text: &str, n: usize) -> String {
    text.lines()
        .take(n)
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" — ")
}

/// One line for a job: "Shiny Cargo" (Harken: Shipping, Legal) Pick-up at A → Drop-off at B; $800.
pub fn job_line(c: &Content, j: JobId) -> String {
    let jd = &c.jobs[j as usize];
    if let Some(ch) = &jd.challenge {
        // FF-BS-23: a Big Damn Challenge in hand: its legality and reward.
        return format!(
            "\"{}\" ({}: Big Damn Challenge, {}) goes under a job you start; +{}",
            jd.name,
            jd.contact.map_or("Mr. Universe", |k| k.name()),
            if jd.illegal { "Illegal" } else { "Legal" },
            render::money(ch.reward)
        );
    }
    let names = Names::of(c);
    let steps: Vec<String> = jd
        .steps
        .iter()
        .map(|s| {
            let kind = match s.kind {
                StepKind::PickUp => "Pick-up",
                StepKind::DropOff => "Drop-off",
                StepKind::Target => "Target",
            };
            format!("{kind} at {}", names.sector(&s.at))
        })
        .collect();
    let types: Vec<&str> = jd.types.iter().map(|t| t.name()).collect();
    let mut tags = vec![types.join("/")];
    tags.push(if jd.illegal { "Illegal" } else { "Legal" }.into());
    if jd.immoral {
        tags.push("Immoral".into());
    }
    // FF-WORK-9: the Skill Needs box, skills and keywords alike.
    let mut need: Vec<String> = Vec::new();
    let skills = render::skills(&jd.needs);
    if !skills.is_empty() {
        need.push(skills);
    }
    need.extend(jd.needs_keywords.iter().map(|k| k.name().to_string()));
    need.extend(jd.needs_all.iter().map(render::requirement));
    if !jd.needs_one_of.is_empty() {
        let any: Vec<String> = jd.needs_one_of.iter().map(render::requirement).collect();
        need.push(any.join(" or "));
    }
    let needs = if need.is_empty() {
        String::new()
    } else {
        format!("; needs {}", need.join(", "))
    };
    format!(
        "\"{}\" ({}: {}) {}{needs}; {}",
        jd.name,
        jd.contact.map_or("Story", |k| k.name()),
        tags.join(", "),
        steps.join(" → "),
        render::job_pay(jd).trim_end_matches('.')
    )
}

pub fn sector_line(c: &Content, s: SectorId) -> String {
    let sd = &c.sectors[s as usize];
    let mut extra = Vec::new();
    if let Some(k) = sd.contact {
        extra.push(format!("Contact {}", k.name()));
    }
    if let Some(d) = &sd.supply {
        let name = c
            .supply_decks
            .iter()
            .find(|x| &x.def.id == d)
            .map_or(d.as_str(), |x| x.def.name.as_str());
        extra.push(format!("Supply {name}"));
    }
    if !sd.planets.is_empty() && sd.planets.iter().any(|p| p.name != sd.name) {
        let ps: Vec<&str> = sd.planets.iter().map(|p| p.name.as_str()).collect();
        extra.push(format!("planets {}", ps.join(", ")));
    }
    let zone = match sd.zone {
        Zone::Alliance => "Alliance",
        Zone::Border => "Border",
        Zone::Rim => "Rim",
    };
    if extra.is_empty() {
        format!("{} [{zone}]", sd.name)
    } else {
        format!("{} [{zone}; {}]", sd.name, extra.join(", "))
    }
}

/// A Bounty card's name ("Jayne", "Cortex Alert: Scrappers").
pub fn bounty_name(c: &Content, b: BountyId) -> String {
    let card = &c.bounties[b as usize];
    if card.cortex_alert {
        format!("Cortex Alert: {}", card.name)
    } else {
        card.name.clone()
    }
}

pub fn money(n: u32) -> String {
    render::money(n)
}

pub fn items_text(items: &[u8; 6]) -> String {
    let v: Vec<String> = Item::ALL
        .iter()
        .filter(|&&i| items[i.index()] > 0)
        .map(|&i| render::item_count(i, items[i.index()] as u32))
        .collect();
    if v.is_empty() {
        "nothing".into()
    } else {
        v.join(", ")
    }
}

/// A roll and every term added to it (FF-SKILL-3): "rolled 6+2 (Thrillin' Heroics!) + Kaylee 2
/// + Tool Kit 1 + HACKING RIG 3 + bribes 2". The log and the card panel both say it this way.
pub fn roll_terms(c: &Content, skill: Skill, faces: &[u8], terms: &[Term]) -> String {
    let dice: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
    let mut s = format!("rolled {}", dice.join("+"));
    if faces.len() > 1 {
        s.push_str(" (Thrillin' Heroics!)");
    }
    if terms.is_empty() {
        let _ = write!(s, ", no {} on the crew", skill.name());
    }
    for t in terms {
        let sign = if t.amount < 0 { '-' } else { '+' };
        let _ = write!(s, " {sign} {} {}", term_name(c, t.source), t.amount.abs());
    }
    s
}

/// Who or what adds a term to a test: "Kaylee", "Tool Kit", "Malcolm's ability", "bribes".
pub fn term_name(c: &Content, t: TermSource) -> String {
    match t {
        TermSource::Crew { crew } => crew_name(c, crew).to_string(),
        TermSource::Gear { card, .. } => c.supply_name(card).to_string(),
        TermSource::Ability { crew } => format!("{}'s ability", crew_name(c, crew)),
        TermSource::Warrants => "Warrants".into(),
        TermSource::Keyword { keyword } => keyword.name().to_string(),
        TermSource::Gifted => "Gifted roll".into(),
        TermSource::Bribes => "bribes".into(),
        TermSource::DiscardedGear => "discarded gear".into(),
        TermSource::LentSkill { crew, card } => {
            format!("{} ({})", crew_name(c, crew), c.supply_name(card))
        }
        TermSource::Upgrade { card } => c.supply_name(card).to_string(),
    }
}

/// How a job's pay was made, when more than its printed pay: " ($2,800 pay + $300 Pilot bonus
/// + $500 from Malcolm)"; empty when the printed pay is all.
pub fn pay_terms(c: &Content, terms: &[PayTerm]) -> String {
    if matches!(
        terms,
        [PayTerm {
            source: PaySource::Printed,
            ..
        }]
    ) {
        return String::new();
    }
    let parts: Vec<String> = terms
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let m = money(t.amount.unsigned_abs() as u32);
            let what = match t.source {
                PaySource::Printed => format!("{m} pay"),
                PaySource::PerItem { item, count, each } => {
                    format!("{} × {}", render::item_count(item, count), money(each))
                }
                PaySource::Halved => format!("{m} (half pay)"),
                PaySource::Adjusted => format!("{m} from working it"),
                PaySource::Bonus { profession } => format!("{m} {} bonus", profession.name()),
                PaySource::KeywordBonus { keyword } => format!("{m} {} bonus", keyword.name()),
                PaySource::Ability { crew } => format!("{m} from {}", crew_name(c, crew)),
                PaySource::IllegalJobBonus => format!("{m} Illegal job bonus"),
                PaySource::Contact { contact } => {
                    format!("{m} for being Solid with {}", contact.name())
                }
                PaySource::Challenge { challenge } => {
                    format!("{m} for the Challenge {}", c.jobs[challenge as usize].name)
                }
                PaySource::DoubleDown => format!("{m} Double Down (two cards of one suit)"),
                PaySource::Plunder { count, each } => format!("{count} taken × {}", money(each)),
                PaySource::ExtraPay {
                    skill,
                    points,
                    each,
                } => format!(
                    "{m} Extra Pay ({points} {} at {})",
                    skill.name(),
                    money(each)
                ),
            };
            match (i, t.amount < 0) {
                (0, false) => what,
                (0, true) => format!("-{what}"),
                (_, false) => format!("+ {what}"),
                (_, true) => format!("- {what}"),
            }
        })
        .collect();
    format!(" ({})", parts.join(" "))
}

/// Whether an action would show `viewer` a card they may not see (a job accepted into a hidden
/// hand).
pub fn hidden_from(g: &Firefly, a: Action, viewer: Viewer) -> bool {
    !viewer.sees(g.actor) && matches!(a, Action::AcceptJob(_))
}

// =============================================================================================
// Driven and TextUi
// =============================================================================================

impl Driven for Firefly {
    fn catalog(content: &Content) -> serde_json::Value {
        serde_json::to_value(tabletop_firefly::catalog::Catalog::of(content))
            .expect("the catalog serializes")
    }

    fn fingerprint(content: &Content) -> String {
        content.fingerprint.clone()
    }

    fn seat_name(seat: Seat) -> String {
        captain(seat)
    }

    fn public_description(&self, a: Action, viewer: Viewer) -> String {
        if hidden_from(self, a, viewer) {
            "Accept a job (face down)".into()
        } else {
            self.describe_action(a)
        }
    }

    fn event_line(&self, e: &Event, viewer: Viewer) -> Option<String> {
        let c = self.content;
        let sector = |s: SectorId| c.sector_name(s).to_string();
        let cap = |s: Seat| captain(s);
        let job = |j: JobId| format!("\"{}\"", c.jobs[j as usize].name);
        Some(match e {
            Event::SetupRoll { seat, roll } => {
                format!("{} rolls {roll} for first pick", cap(*seat))
            }
            Event::LeaderChosen { seat, leader } => format!(
                "{} chooses {} as Leader",
                cap(*seat),
                c.crew[*leader as usize].name
            ),
            Event::ShipChosen { seat, ship } => {
                format!(
                    "{} takes the ship {}",
                    cap(*seat),
                    c.ships[*ship as usize].name
                )
            }
            Event::ShipPlaced { seat, sector: s } => {
                format!("{} places their Firefly at {}", cap(*seat), sector(*s))
            }
            // Under Last Call every turn started is a last turn.
            Event::TurnStarted { seat, round } if self.last_call.is_some() => {
                format!("── Round {}: {}'s last turn ──", round + 1, cap(*seat))
            }
            Event::TurnStarted { seat, round } => {
                format!("── Round {}: {}'s turn ──", round + 1, cap(*seat))
            }
            Event::ActionTaken { .. } => return None,
            // A decision's own line says what was chosen; a forced option was never shown.
            Event::OptionChosen { forced: false, .. } => return None,
            // An option that only ends the card ("Keep Flying.") is said by the ending's line.
            Event::OptionChosen { choice, .. }
                if choice.effects.is_empty()
                    && choice.test.is_none()
                    && choice.requires.is_empty() =>
            {
                return None
            }
            Event::OptionChosen { choice, .. } => {
                format!("no choice to make: {}", render::choice(choice))
            }
            Event::Moved { seat, sector: s } => format!("{} moves to {}", cap(*seat), sector(*s)),
            Event::NavDrawn { card, .. } => {
                format!("Nav card: {}", c.nav_def(*card).name)
            }
            Event::NavReshuffled { deck } => {
                format!(
                    "the {} Nav deck is reshuffled",
                    nav_deck_name(*deck as usize)
                )
            }
            Event::MisbehaveDrawn { card, .. } => {
                format!("Misbehave card: {}", c.misbehave_def(*card).name)
            }
            Event::AceInTheHole { seat } => {
                format!("{}: Ace in the Hole — Proceed", cap(*seat))
            }
            Event::WarrantIgnored { seat } => format!("{}: the Warrant is ignored", cap(*seat)),
            Event::UpgradeDiscarded { seat, card } => {
                format!("{} discards {}", cap(*seat), c.supply_name(*card))
            }
            Event::Rolled {
                skill,
                faces,
                terms,
                total,
                ..
            } => format!(
                "{} test: {} = {total}",
                skill.name(),
                roll_terms(c, *skill, faces, terms)
            ),
            Event::Gifted { crew, roll, .. } => format!(
                "{}'s Gifted roll: {roll}{}",
                crew_name(c, *crew),
                if *roll <= 2 {
                    " — back to the ship, adding nothing"
                } else {
                    ""
                }
            ),
            Event::Ended { ending, .. } => format!("→ {}", render::ending(*ending)),
            Event::CruiserMoved { sector: s } => {
                format!("the Alliance Cruiser moves to {}", sector(*s))
            }
            Event::CutterMoved { sector: s } => {
                format!("the Reaver Cutter moves to {}", sector(*s))
            }
            Event::AllianceContact { seat } => format!("{}: Alliance Contact!", cap(*seat)),
            Event::ReaverContact { seat } => format!("{}: Reaver Contact!", cap(*seat)),
            Event::CorvetteMoved { sector: s } => {
                format!("the Operative's Corvette moves to {}", sector(*s))
            }
            Event::CorvetteContact { seat } => format!("{}: Corvette Contact!", cap(*seat)),
            Event::Scanned { seat, sector: s } => format!(
                "{} scans the Alert tokens at {} (Long-Range Scanner Array)",
                cap(*seat),
                sector(*s)
            ),
            Event::CorvetteProtects { seat } => format!(
                "{}: the Corvette keeps the Reavers off (the card is not resolved)",
                cap(*seat)
            ),
            Event::CutterDrivenOff { sector: s } => {
                format!("the Corvette drives the Reaver Cutter off {}", sector(*s))
            }
            Event::AlertPlaced { sector: s, kind } => {
                format!("an {} token is placed at {}", kind.name(), sector(*s))
            }
            Event::AlertsRemoved { sector: s, kind } => {
                format!("the {} tokens at {} are removed", kind.name(), sector(*s))
            }
            Event::AlertsRolled {
                seat,
                sector: s,
                kind,
                tokens,
                roll,
            } => format!(
                "{} rolls {roll} for {tokens} {} token{} at {}{}",
                cap(*seat),
                kind.name(),
                if *tokens == 1 { "" } else { "s" },
                sector(*s),
                if roll <= tokens {
                    ": a ship is coming!"
                } else {
                    ": nothing comes"
                }
            ),
            Event::Money { seat, delta, now } => {
                let m = money(delta.unsigned_abs() as u32);
                let sign = if *delta >= 0 { '+' } else { '-' };
                format!("{} {sign}{m} (now {})", cap(*seat), money(*now))
            }
            Event::Items { seat, item, delta } => {
                let n = render::item_count(*item, delta.unsigned_abs());
                if *delta >= 0 {
                    format!("{} +{n}", cap(*seat))
                } else {
                    format!("{} -{n}", cap(*seat))
                }
            }
            Event::Disgruntled { crew, .. } => format!("{} is Disgruntled", crew_name(c, *crew)),
            Event::Undisgruntled { crew, .. } => {
                format!("{} is no longer Disgruntled", crew_name(c, *crew))
            }
            Event::Quit { seat, crew } => {
                format!("{} quits {}'s crew", crew_name(c, *crew), cap(*seat))
            }
            Event::AllFired { seat } => {
                format!(
                    "{}: \"You're all ruttin' fired!\" — the whole crew leaves",
                    cap(*seat)
                )
            }
            Event::LeaderReallyLucky { seat } => format!(
                "{}'s Leader is Really Lucky: not Killed, but Disgruntled",
                cap(*seat)
            ),
            Event::MedicCheck {
                crew, roll, saved, ..
            } => format!(
                "Medic Check for {}: rolled {roll} — {}",
                crew_name(c, *crew),
                if *saved { "saved!" } else { "not saved" }
            ),
            Event::Killed { seat, crew } => {
                format!("{} ({}) is Killed", crew_name(c, *crew), cap(*seat))
            }
            Event::Arrested { seat, crew } => {
                format!("{} ({}) is arrested", crew_name(c, *crew), cap(*seat))
            }
            Event::TurnedOver { seat, crew, amount } => format!(
                "{} turns {} over to Magistrate Higgins for ${amount}",
                cap(*seat),
                crew_name(c, *crew)
            ),
            Event::KillPrevented { seat, crew, gear } => format!(
                "{} ({}) would be Killed: {} is discarded instead",
                crew_name(c, *crew),
                cap(*seat),
                c.supply_name(*gear)
            ),
            Event::ArmorRoll {
                seat,
                crew,
                gear,
                roll,
                held,
            } => format!(
                "{} ({}) would be Killed: {} rolls {roll}, {}",
                crew_name(c, *crew),
                cap(*seat),
                c.supply_name(*gear),
                if *held { "not Killed" } else { "no help" }
            ),
            Event::Hired { seat, card } => format!("{} hires {}", cap(*seat), c.supply_name(*card)),
            Event::Bought { seat, card } => format!("{} buys {}", cap(*seat), c.supply_name(*card)),
            Event::Dismissed { seat, crew } => {
                format!("{} dismisses {}", cap(*seat), crew_name(c, *crew))
            }
            Event::JobAccepted { seat, job: j } => {
                if viewer.sees(*seat) {
                    format!("{} accepts {}", cap(*seat), job(*j))
                } else {
                    format!("{} accepts a job", cap(*seat))
                }
            }
            Event::JobDiscarded { seat, job: j } => {
                format!("{} discards {}", cap(*seat), job(*j))
            }
            Event::JobStarted { seat, job: j } => {
                format!("{} starts working {}", cap(*seat), job(*j))
            }
            Event::ChallengeAttached {
                seat,
                job: j,
                challenge,
            } => format!(
                "{} attaches the Big Damn Challenge {} to {}",
                cap(*seat),
                job(*challenge),
                job(*j)
            ),
            Event::JobStepDone { seat, job: j, step } => {
                format!("{}: step {} of {} done", cap(*seat), step + 1, job(*j))
            }
            Event::JobCompleted {
                seat,
                job: j,
                pay,
                terms,
            } => {
                format!(
                    "{} completes {} and is paid {}{}",
                    cap(*seat),
                    job(*j),
                    money(*pay),
                    pay_terms(c, terms)
                )
            }
            Event::JobFailed { seat } => format!("{}: the job attempt fails", cap(*seat)),
            Event::WarrantIssued { seat, warrants } => {
                format!("{} gets a Warrant (now {warrants})", cap(*seat))
            }
            Event::WarrantsCleared { seat } => format!("{}'s Warrants are cleared", cap(*seat)),
            Event::Solid { seat, contact } => {
                format!("{} is now Solid with {}", cap(*seat), contact.name())
            }
            Event::ReputationLost { seat, contact } => {
                format!(
                    "{} loses their reputation with {}",
                    cap(*seat),
                    contact.name()
                )
            }
            Event::CutPaid { crew, amount, .. } => {
                format!("{}'s Cut paid: {}", crew_name(c, *crew), money(*amount))
            }
            Event::GoalCompleted { seat, goal } => {
                let name = self
                    .story_def()
                    .goals
                    .get(*goal as usize)
                    .map_or("", |g| g.name.as_str());
                format!(
                    "{} completes story goal {}: \"{name}\"",
                    cap(*seat),
                    goal + 1
                )
            }
            Event::LastCallDeclared { seat, last_turns } => {
                let who: Vec<String> = last_turns.iter().map(|&s| cap(s)).collect();
                if who.is_empty() {
                    format!("★ {} calls Last Call: this is the last turn ★", cap(*seat))
                } else {
                    format!(
                        "★ {} calls Last Call: one more turn for {}, then the game ends ★",
                        cap(*seat),
                        render::join_list(&who, "and")
                    )
                }
            }
            Event::JobsSettled {
                seat,
                jobs,
                owed,
                paid,
            } => {
                let names: Vec<String> = jobs.iter().map(|&j| job(j)).collect();
                let short = if paid < owed {
                    format!(", pays all they have: {}", money(*paid))
                } else {
                    String::new()
                };
                format!(
                    "{} settles unfinished jobs {}: owes the bank {}{short}",
                    cap(*seat),
                    names.join(", "),
                    money(*owed)
                )
            }
            Event::Won { seat } => format!("★ {} wins! ★", cap(*seat)),
            Event::GameOver { reason } => format!("Game over: {reason}"),
            Event::Traded {
                from,
                to,
                gave,
                got,
            } => {
                let names = |v: &[SupplyCardId]| {
                    v.iter()
                        .map(|&x| c.supply_name(x))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let mut t = format!("{} and {} trade", cap(*from), cap(*to));
                if !gave.is_empty() {
                    let _ = write!(t, "; {} goes to {}", names(gave), cap(*to));
                }
                if !got.is_empty() {
                    let _ = write!(t, "; {} goes to {}", names(got), cap(*from));
                }
                t
            }
            Event::StepPassed { step, .. } => {
                format!("→ step {} passed: on to step {}", step + 1, step + 2)
            }
            Event::TeamJoined { crew, team, .. } => {
                format!("{} joins team {}", crew_name(c, *crew), team + 1)
            }
            Event::GearSeized { seat, card } => format!(
                "{}'s {} is seized and removed from play",
                cap(*seat),
                c.supply_name(*card)
            ),
            Event::OpportunityEarned {
                seat,
                job: j,
                index,
            } => format!(
                "{} earns the Opportunity Bonus \"{}\" of {}",
                cap(*seat),
                c.jobs[*j as usize].opportunities[*index as usize].name,
                job(*j)
            ),
            Event::StartingJobsDrawn {
                seat,
                contact,
                count,
            } => format!(
                "{} draws {count} starting job{} from {}'s deck",
                cap(*seat),
                if *count == 1 { "" } else { "s" },
                contact.name()
            ),
            Event::GameLengthToken { left: 0 } => {
                "the last game length token is discarded: this round is the last".to_string()
            }
            Event::GameLengthToken { left } => {
                format!("a game length token is discarded ({left} left)")
            }
            Event::SuitRevealed {
                seat,
                card,
                named,
                won,
            } => {
                let def = c.misbehave_def(*card);
                format!(
                    "{} names {}: the top Misbehave card is {} ({}), {}",
                    cap(*seat),
                    named.name(),
                    def.name,
                    def.suit.name(),
                    if *won { "a win" } else { "the bet is lost" }
                )
            }
            Event::KilledInstead {
                seat,
                crew,
                instead_of,
            } => format!(
                "{} ({}) is Killed instead of {}",
                crew_name(c, *crew),
                cap(*seat),
                crew_name(c, *instead_of)
            ),
            Event::MisbehaveRedrawn { seat, card } => format!(
                "{} pays to discard {} unresolved and draws another Misbehave card",
                cap(*seat),
                c.misbehave_def(*card).name
            ),
            Event::SupplyCardRevealed { seat, card } => format!(
                "{} reveals {} from the top of its Supply deck, discarded",
                cap(*seat),
                c.supply_name(*card)
            ),
            Event::MoneyTaken { seat, from, amount } => format!(
                "{} takes {} from {}",
                cap(*seat),
                money(*amount),
                cap(*from)
            ),
            Event::MisbehaveRevealed { seat, card } => {
                let def = c.misbehave_def(*card);
                format!(
                    "{} reveals the top Misbehave card: {} ({}), discarded",
                    cap(*seat),
                    def.name,
                    def.suit.name()
                )
            }
            Event::GearKept { seat, card } => {
                format!(
                    "{} rolls a 6 and keeps {}",
                    cap(*seat),
                    c.supply_name(*card)
                )
            }
            Event::CardUsed { seat, card } => {
                format!("{} uses {}", cap(*seat), c.supply_name(*card))
            }
            Event::LookedAtTop { seat, nav, cards } => format!(
                "{} looks at the top {cards} card(s) of the {} deck and puts them back in the \
                 order they choose",
                cap(*seat),
                nav.map_or("Misbehave", |d| nav_deck_name(d as usize))
            ),
            Event::MisbehaveDiscarded { seat, cards } => format!(
                "{} discards the top {cards} Misbehave card(s) unseen by the others",
                cap(*seat)
            ),
            // --- Pirates & Bounty Hunters ---
            Event::BountyRevealed { bounty } => format!(
                "Bounty revealed on the Most Wanted list: {}",
                bounty_name(c, *bounty)
            ),
            Event::BountyRemoved { bounty } => format!(
                "The Bounty on {} leaves the game: the fugitive is gone",
                bounty_name(c, *bounty)
            ),
            Event::MostWantedUpdated => {
                "Alliance alert: the Most Wanted go to the bottom of the Bounty deck".into()
            }
            Event::Betrayed { seat, fugitive } => format!(
                "{} turns in their own crew member {}",
                cap(*seat),
                c.supply_name(*fugitive)
            ),
            Event::FugitiveBound {
                seat,
                bounty,
                fugitive,
            } => format!(
                "{} holds {} Bound by Law (Bounty: {})",
                cap(*seat),
                c.supply_name(*fugitive),
                bounty_name(c, *bounty)
            ),
            Event::BountyDelivered {
                seat,
                bounty,
                fugitives,
                pay,
            } => format!(
                "{} delivers {fugitives} fugitive(s) for the Bounty on {}: {}",
                cap(*seat),
                bounty_name(c, *bounty),
                money(*pay)
            ),
            Event::BoundFugitiveLost { seat, fugitive } => format!(
                "The Reavers take {}'s Bound Fugitive {}",
                cap(*seat),
                c.supply_name(*fugitive)
            ),
            Event::BountyJumped {
                seat,
                from,
                bounty,
                rescue,
            } => format!(
                "{} {} {}'s Bound Fugitives (Bounty: {})",
                cap(*seat),
                if *rescue { "frees" } else { "takes" },
                cap(*from),
                bounty_name(c, *bounty)
            ),
            Event::FugitiveRescued {
                seat,
                fugitive,
                joined: true,
            } => format!("{} joins {}'s crew", c.supply_name(*fugitive), cap(*seat)),
            Event::FugitiveRescued { fugitive, .. } => format!(
                "{} goes free (to the Supply discard pile)",
                c.supply_name(*fugitive)
            ),
            Event::Boarded { seat, rival } => {
                format!("{} boards {}'s ship", cap(*seat), cap(*rival))
            }
            Event::ShowdownBegun { attacker, defender } => format!(
                "Showdown: {} against {}",
                cap(*attacker),
                match defender {
                    Defender::Rival(r) => format!("{}'s crew", cap(*r)),
                    Defender::Fugitive(card) => c.supply_name(*card).to_string(),
                }
            ),
            Event::ShowdownSkill {
                seat: Some(seat),
                skill,
            } => format!("{} uses {} in the Showdown", cap(*seat), skill.name()),
            Event::ShowdownSkill { seat: None, skill } => {
                format!("The fugitive uses {}", skill.name())
            }
            Event::ShowdownRolled {
                attacker,
                roll,
                total,
            } => format!(
                "{} rolls {}: total {total}",
                if *attacker {
                    "The Attacker"
                } else {
                    "The Defender"
                },
                roll.faces()
                    .iter()
                    .map(|f| f.to_string())
                    .collect::<Vec<_>>()
                    .join("+")
            ),
            Event::ShowdownWon {
                attacker_won,
                attack,
                defend,
            } => format!(
                "The {} wins the Showdown ({attack} against {defend})",
                if *attacker_won {
                    "Attacker"
                } else {
                    "Defender"
                }
            ),
            Event::Stashed { seat, item } => {
                format!("{} keeps 1 {} in the Stash", cap(*seat), item.name())
            }
            Event::Plundered { seat, from, item } => format!(
                "{} steals 1 {} from {}",
                cap(*seat),
                item.name(),
                cap(*from)
            ),
            Event::JobStolen { seat, from, job: j } => {
                if viewer.sees(*seat) || viewer.sees(*from) {
                    format!(
                        "{} steals {} from {}'s hand",
                        cap(*seat),
                        job(*j),
                        cap(*from)
                    )
                } else {
                    format!("{} steals a job from {}'s hand", cap(*seat), cap(*from))
                }
            }
            #[allow(unreachable_patterns)]
            other => format!("{other:?}"),
        })
    }
}
