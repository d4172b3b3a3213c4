//! Card text, rendered from the structured content the engine executes.
//!
//! Nothing a player reads about an ability, an option or a test is stored as prose: it is
//! produced here from the same [`Ability`], [`Effect`], [`Choice`] … values the engine runs, so
//! the text cannot drift from the behaviour. The vocabulary is the rulebook's (Keep Flying,
//! Full Stop, Evade, Proceed, Attempt Botched, Warrant Issued, Bribes, Kosherized, Ace in the
//! Hole, Solid, Disgruntled …).
//!
//! Two kinds of function:
//! - *phrases* for one value (`effect`, `ability`, `test`, `choice` …): one line of text, no
//!   newline. Fragments ([`effect`], [`requirement`], [`goal_condition`]) carry no final full
//!   stop; sentences ([`effects`], [`ability`], [`choice_body`]) do.
//! - *cards* for a whole card (`crew_card`, `job_card`, `nav_card` …): several lines joined by
//!   `'\n'`, each at most [`WIDTH`] columns (longer words excepted), none empty. Cards that
//!   name other content by id (sectors, crew, gear, drive cores) take [`Names`], which resolves
//!   ids through a loaded [`Content`] or, without one, spells the id in title case.
//!
//! Every `match` on a schema enum here is exhaustive: a new variant does not compile until it
//! has its text.

use super::*;

/// Card renderings fit an 80-column terminal.
pub const WIDTH: usize = 80;

// =============================================================================================
// Small words
// =============================================================================================

/// `$500`, `$1,000`, `$12,500`.
pub fn money(amount: u32) -> String {
    let digits = amount.to_string();
    let head = match digits.len() % 3 {
        0 => 3,
        n => n,
    };
    let mut out = format!("${}", &digits[..head]);
    for group in digits.as_bytes()[head..].chunks(3) {
        out.push(',');
        out.extend(group.iter().map(|&b| b as char));
    }
    out
}

/// "a" or "an" by the word's first letter.
fn a(word: &str) -> String {
    let article = match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    };
    format!("{article} {word}")
}

/// `n` of an item: Passengers and Fugitives are counted one by one, Goods are not
/// ("1 Fuel", "1 Passenger", "3 Passengers").
pub fn item_count(item: Item, n: u32) -> String {
    format!("{n} {}", item_noun(item, n))
}

fn item_noun(item: Item, n: u32) -> &'static str {
    match (item, n == 1) {
        (Item::Passengers, true) => "Passenger",
        (Item::Fugitives, true) => "Fugitive",
        (Item::Cargo, _) => "Cargo",
        (Item::Contraband, _) => "Contraband",
        (Item::Fuel, _) => "Fuel",
        (Item::Parts, _) => "Parts",
        (Item::Passengers, false) => "Passengers",
        (Item::Fugitives, false) => "Fugitives",
    }
}

/// "1 card", "2 cards".
fn count(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Plural of a profession ("Mercs", "Lawmen", "Hill Folk").
pub fn profession_plural(p: Profession) -> &'static str {
    match p {
        Profession::Mechanic => "Mechanics",
        Profession::Pilot => "Pilots",
        Profession::Companion => "Companions",
        Profession::Merc => "Mercs",
        Profession::Soldier => "Soldiers",
        Profession::HillFolk => "Hill Folk",
        Profession::Grifter => "Grifters",
        Profession::Medic => "Medics",
        Profession::Mudder => "Mudders",
        Profession::Lawman => "Lawmen",
    }
}

/// A keyword as a noun phrase: "a FIREARM", "a HACKING RIG", but "EXPLOSIVES", "FANCY DUDS".
pub fn keyword_noun(k: Keyword) -> String {
    match k {
        Keyword::Explosives | Keyword::FancyDuds => k.name().to_string(),
        Keyword::Firearm
        | Keyword::SniperRifle
        | Keyword::HackingRig
        | Keyword::FakeId
        | Keyword::Transport
        | Keyword::Knife => a(k.name()),
    }
}

/// "A, B and C" (or "A, B or C").
pub fn join_list(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., tail] => format!("{} {last} {tail}", init.join(", ")),
    }
}

/// "Fight 2, Tech 1"; empty when every skill is zero.
pub fn skills(s: &Skills) -> String {
    Skill::ALL
        .iter()
        .filter(|&&k| s.get(k) > 0)
        .map(|&k| format!("{} {}", k.name(), s.get(k)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A kebab-case id in title case, for when no [`Content`] is at hand ("space-bazaar" →
/// "Space Bazaar").
pub fn title_case(id: &str) -> String {
    id.split('-')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut cs = w.chars();
            match cs.next() {
                Some(c) => c.to_uppercase().chain(cs).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// "a Crime job", "an Immoral job", "a job".
pub fn job_filter(f: JobFilter) -> String {
    match f {
        JobFilter::Type(t) => a(&format!("{} job", t.name())),
        JobFilter::Immoral => "an Immoral job".into(),
        JobFilter::Any => "a job".into(),
    }
}

/// "3 Crime jobs", "1 Immoral job", "2 jobs".
fn jobs_counted(f: JobFilter, n: u32) -> String {
    let noun = if n == 1 { "job" } else { "jobs" };
    match f {
        JobFilter::Type(t) => format!("{n} {} {noun}", t.name()),
        JobFilter::Immoral => format!("{n} Immoral {noun}"),
        JobFilter::Any => format!("{n} {noun}"),
    }
}

/// Resolves content ids to display names.
#[derive(Clone, Copy, Default)]
pub struct Names<'a> {
    content: Option<&'a Content>,
}

impl<'a> Names<'a> {
    /// No content at hand: ids are spelled in title case.
    pub fn none() -> Names<'static> {
        Names { content: None }
    }

    /// Names from a loaded content; unknown ids fall back to title case.
    pub fn of(content: &'a Content) -> Names<'a> {
        Names {
            content: Some(content),
        }
    }

    pub fn sector(&self, id: &str) -> String {
        self.content
            .and_then(|c| c.sector(id).map(|s| c.sector_name(s).to_string()))
            .unwrap_or_else(|| title_case(id))
    }

    pub fn crew(&self, id: &str) -> String {
        self.content
            .and_then(|c| c.crew.iter().find(|x| x.id == id).map(|x| x.name.clone()))
            .unwrap_or_else(|| title_case(id))
    }

    pub fn gear(&self, id: &str) -> String {
        self.content
            .and_then(|c| c.gear.iter().find(|x| x.id == id).map(|x| x.name.clone()))
            .unwrap_or_else(|| title_case(id))
    }

    pub fn upgrade(&self, id: &str) -> String {
        self.content
            .and_then(|c| {
                c.upgrades
                    .iter()
                    .find(|x| x.id == id)
                    .map(|x| x.name.clone())
            })
            .unwrap_or_else(|| title_case(id))
    }

    fn upgrade_def(&self, id: &str) -> Option<&'a ShipUpgrade> {
        self.content
            .and_then(|c| c.upgrades.iter().find(|x| x.id == id))
    }
}

// =============================================================================================
// Options, tests and effects
// =============================================================================================

/// Where an option is read: a goal's Proceed completes the goal; the Proceed of a step that is
/// not the last goes on to the next step (FF-MISB-15), or to the next team's test (FF-MISC-6).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Card,
    Goal,
    /// A step before the last: `next` is the number of the next step (from 1).
    Step {
        next: usize,
        team: bool,
    },
}

/// "Keep Flying", "Attempt Botched & Warrant Issued" (no full stop).
pub fn ending(e: Ending) -> &'static str {
    match e {
        Ending::KeepFlying => "Keep Flying",
        Ending::FullStop => "Full Stop",
        Ending::Evade => "Evade",
        Ending::Proceed => "Proceed",
        Ending::AttemptBotched => "Attempt Botched",
        Ending::WarrantIssued => "Warrant Issued",
        Ending::BotchedAndWarrant => "Attempt Botched & Warrant Issued",
        Ending::DrawAnother => "Draw another Misbehave card (this one is not passed)",
    }
}

fn ending_in(e: Ending, ctx: Ctx) -> String {
    match (e, ctx) {
        (Ending::Proceed, Ctx::Goal) => "Goal Complete".into(),
        (Ending::Proceed, Ctx::Step { next, team: false }) => format!("Go on to step {next}"),
        (Ending::Proceed, Ctx::Step { next, team: true }) => {
            format!("Go on to team {next}'s test")
        }
        _ => ending(e).into(),
    }
}

/// Who a crew effect touches: "all crew", "all Moral crew", "all crew on the job".
fn crew_group(g: CrewGroup) -> &'static str {
    match g {
        CrewGroup::All => "all crew",
        CrewGroup::Moral => "all Moral crew",
        CrewGroup::OnJob => "all crew on the job",
        CrewGroup::Carrier => "the crew member carrying this card",
    }
}

fn ship_move(ship: &str, space: &str, how: ShipMove) -> String {
    match how {
        ShipMove::ToYou => format!("Move the {ship} to your sector"),
        ShipMove::OneSectorByRightPlayer => {
            format!("The player on your right moves the {ship} 1 sector within {space}")
        }
        ShipMove::AnywhereEmpty => {
            format!("Move the {ship} to any sector of {space} with no Firefly in it")
        }
        ShipMove::ToAnOutlawShip => format!("Move the {ship} to a sector with an Outlaw Ship"),
        ShipMove::NextToYouByRightPlayer => format!(
            "The player on your right moves the {ship} to a sector of {space} next to yours with no Firefly in it"
        ),
        ShipMove::PlanetaryEmptyByRightPlayer => format!(
            "The player on your right moves the {ship} to a planetary sector of {space} with no Firefly in it"
        ),
        ShipMove::UpToTwoSectorsByRightPlayer => {
            format!("The player on your right moves the {ship} 1 or 2 sectors within {space}")
        }
    }
}

fn alert_place(at: AlertPlace) -> &'static str {
    match at {
        AlertPlace::Here => "in your sector",
        AlertPlace::AllAdjacent => "in every sector next to yours",
        AlertPlace::OutlawShips => "in every sector with an Outlaw Ship",
    }
}

/// One effect as a fragment: "Load 3 Contraband", "Kill 1 Crew", "Pay $1,000".
pub fn effect(e: &Effect) -> String {
    match e {
        Effect::TakeMoney { amount } => format!("Take {}", money(*amount)),
        Effect::PayMoney { amount } => format!("Pay {}", money(*amount)),
        Effect::Load { item, amount } => format!("Load {}", item_count(*item, *amount as u32)),
        Effect::LoadUpTo { item, amount } if *amount == LOAD_NO_LIMIT => {
            format!("Load any number of {}", item_noun(*item, 2))
        }
        Effect::LoadUpTo { item, amount } => {
            format!("Load up to {}", item_count(*item, *amount as u32))
        }
        Effect::LoadGoods { amount } if *amount == LOAD_NO_LIMIT => {
            "Load as many Goods of your choice as you like".into()
        }
        Effect::LoadGoods { amount } => {
            format!(
                "Load {} of your choice",
                count(*amount as u32, "Good", "Goods")
            )
        }
        Effect::LoadPerCrewOnJob { item } => {
            format!(
                "Load {} for each crew member on the job",
                item_count(*item, 1)
            )
        }
        Effect::LoadPerCrewWithoutGear { item } => format!(
            "Load {} for each crew member on the job carrying no gear",
            item_count(*item, 1)
        ),
        Effect::Spend { item, amount } => format!("Spend {}", item_count(*item, *amount as u32)),
        Effect::Lose { item, amount } => format!("Lose {}", item_count(*item, *amount as u32)),
        Effect::KillCrew {
            count,
            profession: None,
        } => format!("Kill {count} Crew"),
        Effect::KillCrew {
            count: 1,
            profession: Some(pr),
        } => format!("Kill 1 {}", pr.name()),
        Effect::KillCrew {
            count,
            profession: Some(pr),
        } => format!("Kill {count} {}", profession_plural(*pr)),
        Effect::KillAllCrewOnJob => "Kill all crew on the job".into(),
        Effect::KillPassengersAndFugitives => "Kill all Passengers and Fugitives".into(),
        Effect::Disgruntle { who } => {
            let who = crew_group(*who);
            let mut s = who[..1].to_uppercase();
            s.push_str(&who[1..]);
            format!("{s} become Disgruntled")
        }
        Effect::RemoveDisgruntled { who } => {
            format!("Remove Disgruntled from {}", crew_group(*who))
        }
        Effect::DiscardProfession { profession } => {
            format!("Discard all {}", profession_plural(*profession))
        }
        Effect::MercsDesertIfStronger => {
            "If your Mercs have more Fight, gear included, than the rest of your crew, \
             discard all Mercs"
                .into()
        }
        Effect::DiscardShipUpgrade { count: n } => {
            format!(
                "Discard {}",
                count(*n as u32, "Ship Upgrade", "Ship Upgrades")
            )
        }
        Effect::TakeShipUpgradeFromDiscard {
            only: None,
            half_price: false,
        } => "Take 1 Ship Upgrade from any Supply discard pile".into(),
        Effect::TakeShipUpgradeFromDiscard {
            only: Some(name),
            half_price: false,
        } => {
            format!("You may take 1 \"{name}\" from any Supply discard pile")
        }
        Effect::TakeShipUpgradeFromDiscard {
            only,
            half_price: true,
        } => format!(
            "You may buy {} from any Supply discard pile at half price",
            only.as_ref()
                .map_or("1 Ship Upgrade or Drive Core".to_string(), |n| format!(
                    "1 \"{n}\""
                ))
        ),
        Effect::ReshuffleNav { deck } => {
            format!(
                "Shuffle the {} Nav deck, its discard pile included",
                nav_deck(*deck)
            )
        }
        Effect::ArrangeNav { deck, cards } => format!(
            "Look at the top {} of the {} Nav deck and put them back on top in any order",
            count(*cards as u32, "card", "cards"),
            nav_deck(*deck)
        ),
        Effect::ArrangeMisbehave { cards } => format!(
            "Look at the top {} of the Misbehave deck: put them back on top in any order, or \
             discard them all",
            count(*cards as u32, "card", "cards")
        ),
        Effect::ReorderMisbehave { cards } => format!(
            "Look at the top {} of the Misbehave deck and put them back on top in any order",
            count(*cards as u32, "card", "cards")
        ),
        Effect::ConsiderTopJob { contact } => format!(
            "Consider the top face-down Job card of {}'s deck; accept or discard it as usual",
            contact.name()
        ),
        Effect::DiscardTopSupply { cards } => format!(
            "Reveal the top {} of the Supply deck where your ship is and discard them",
            count(*cards as u32, "card", "cards")
        ),
        Effect::NameSuit { suit } => format!("Name {}", suit.name()),
        Effect::ShoreLeave => "Give your crew Shore Leave".into(),
        Effect::DealWith { contact } => format!(
            "Deal with {}; accept or discard the jobs as usual",
            contact.name()
        ),
        Effect::TakeCrewFromDiscard { from: None } => {
            "If you have room in your crew, take 1 crew card from any Supply discard pile, for free"
                .into()
        }
        Effect::TakeCrewFromDiscard { from: Some(deck) } => format!(
            "If you have room in your crew, take 1 crew card from the {} discard pile, for free",
            title_case(deck)
        ),
        Effect::SellItems { item, price, max } => format!(
            "You may sell up to {} for {} each",
            item_count(*item, *max as u32),
            money(*price)
        ),
        Effect::DiscardCrew { count: n } => format!(
            "Discard {} (not your Leader)",
            count(*n as u32, "crew member", "crew members")
        ),
        Effect::PassengersRoll => "Roll a die (not a Test): if the roll is lower than your \
             Passengers and Fugitives, discard as many of them as the roll"
            .into(),
        Effect::Gamble {
            stake,
            prize,
            win_from,
        } => format!(
            "Roll a die (not a Test): 1–{}, pay {}; {win_from}+, take {}",
            win_from.saturating_sub(1),
            money(*stake),
            money(*prize)
        ),
        Effect::LoseGoods { amount } => format!(
            "Lose {} of your choice",
            count(*amount as u32, "Good", "Goods")
        ),
        Effect::WarrantIfOutlaw => "If you are an Outlaw Ship, take a Warrant".into(),
        Effect::LoseGoodsOutsideStash => {
            "Lose all Goods not in your Stash (Passengers and Fugitives stay)".into()
        }
        Effect::AddRange {
            amount,
            per_moral_crew,
            if_planetary,
        } => {
            let per = if *per_moral_crew {
                " for each Moral crew member aboard"
            } else {
                ""
            };
            let place = if *if_planetary {
                "If you are in a planetary sector, "
            } else {
                ""
            };
            let s = format!("{place}+{amount} to this Full Burn's range{per}");
            let mut out = s[..1].to_uppercase();
            out.push_str(&s[1..]);
            out
        }
        Effect::FuelLeak => "Discard 1 Fuel for each further sector you move into this turn".into(),
        Effect::Drift { sectors } => format!(
            "The player on your right moves your ship {}",
            count(*sectors as u32, "sector", "sectors")
        ),
        Effect::SeizeContrabandAndFugitives => {
            "All Contraband and Fugitives not in your Stash are seized".into()
        }
        Effect::Warrant => "Take a Warrant".into(),
        Effect::LoseReputation { contact } => {
            format!("Lose your reputation with {}", contact.name())
        }
        Effect::MoveCruiser { how } => ship_move("Alliance Cruiser", "Alliance Space", *how),
        Effect::MoveCutter { how } => ship_move("Reaver Cutter", "Border Space", *how),
        Effect::ArrestWantedCrew { count: n } => format!(
            "Remove {} (Wanted) from play; crew protected from Wanted crew rolls are safe",
            count(*n as u32, "crew member", "crew members")
        ),
        Effect::SeizeFugitives => "Fugitives not in the Stash are seized".into(),
        Effect::MoveCorvette { how } => ship_move("Operative's Corvette", "the 'Verse", *how),
        Effect::PlaceAlert { alert, at } => {
            format!("Place {} token {}", a(alert.name()), alert_place(*at))
        }
        Effect::ResolveAlerts { alert } => format!("Resolve the {} tokens here", alert.name()),
        Effect::Trade {
            fuel,
            parts,
            contraband,
            contraband_max,
        } => {
            let mut offers = vec![
                format!("Fuel for {} each", money(*fuel)),
                format!("Parts for {} each", money(*parts)),
            ];
            if *contraband_max > 0 {
                offers.push(format!(
                    "up to {contraband_max} Contraband for {} each",
                    money(*contraband)
                ));
            }
            format!("You may buy {}", join_list(&offers, "and"))
        }
        Effect::AllianceContact => "Resolve Alliance Contact".into(),
        Effect::IfProfession {
            profession,
            then,
            otherwise,
        } => {
            let who = a(profession.name());
            let list = |es: &[Effect]| es.iter().map(effect).collect::<Vec<_>>().join(", ");
            match (then.is_empty(), otherwise.is_empty()) {
                (false, false) => format!(
                    "If you have {who}: {}; otherwise: {}",
                    list(then),
                    list(otherwise)
                ),
                (false, true) => format!("If you have {who}: {}", list(then)),
                (true, false) => format!("Unless you have {who}: {}", list(otherwise)),
                (true, true) => format!("Having {who} changes nothing"),
            }
        }
        Effect::PayAdjust { amount } => {
            if *amount >= 0 {
                format!("The job pays {} more", money(amount.unsigned_abs()))
            } else {
                format!("The job pays {} less", money(amount.unsigned_abs()))
            }
        }
        Effect::PayHalf => "The job pays half".into(),
        Effect::PayPerWarrant { amount } => format!("Pay {} for each Warrant", money(*amount)),
        Effect::ClearWarrants => "Clear all your Warrants".into(),
        Effect::SeizeAllContrabandAndFugitives => {
            "All Contraband and Fugitives aboard are seized, the Stash included".into()
        }
        Effect::WantedCrewRolls { removed_up_to } => {
            let on = match removed_up_to {
                0 => "never".to_string(),
                1 => "on a 1".to_string(),
                n => format!("on 1–{n}"),
            };
            format!(
                "Roll a die for each Wanted crew member aboard: {on}, they are removed from play"
            )
        }
        Effect::Evade => "Evade".into(),
        Effect::SplitCrew { teams } => format!(
            "Split the crew on the job into {teams} teams of at least 1 crew member each \
             (with fewer crew on the job, the job fails)"
        ),
        Effect::SeizeGear { keyword } => format!(
            "All {} Gear carried by the crew on the job is seized and removed from play",
            keyword.name()
        ),
        Effect::GambleOnSuit { suit, stake, prize } => format!(
            "Name {}: reveal the top Misbehave card and discard it; {}, take {}, otherwise pay {}",
            suit.name(),
            suit.name(),
            money(*prize),
            money(*stake)
        ),
        Effect::DeliverUpTo { item } => {
            format!("Deliver as many {} as you choose", item_noun(*item, 2))
        }
        Effect::TakeMoneyPerDelivered { item, amount } => format!(
            "Take {} for each {} delivered",
            money(*amount),
            item_noun(*item, 1)
        ),
    }
}

/// Effects as sentences: "Load 3 Contraband. Take $200." (empty for none).
pub fn effects(es: &[Effect]) -> String {
    sentences(es.iter().map(effect))
}

fn sentences(parts: impl IntoIterator<Item = String>) -> String {
    parts
        .into_iter()
        .filter(|s| !s.is_empty())
        .map(|s| {
            if s.ends_with(['.', '!', '?', ':']) {
                s
            } else {
                format!("{s}.")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// One requirement as a fragment: "Pilot", "FAKE ID", "FIREARM with 2 Fight", "2 Parts".
pub fn requirement(r: &Requirement) -> String {
    match r {
        Requirement::Profession { profession } => profession.name().into(),
        Requirement::Solid { contact } => format!("Solid with {}", contact.name()),
        Requirement::Keyword { keyword } => keyword.name().into(),
        Requirement::KeywordWithSkill {
            keyword,
            skill,
            amount,
        } => format!("{} with {amount} {}", keyword.name(), skill.name()),
        Requirement::Has { item, amount } => item_count(*item, *amount as u32),
        Requirement::Money { amount } => money(*amount),
        Requirement::NoDisgruntledCrew => "no Disgruntled crew".into(),
        Requirement::Room { item, amount } => {
            format!("room for {}", item_count(*item, *amount as u32))
        }
        Requirement::MoralCrew => "1 or more Moral crew".into(),
        Requirement::InZone { zone } => format!("your ship in {}", zone_space(*zone)),
    }
}

/// "Requires Pilot and Mechanic." (empty for none).
pub fn requirements(rs: &[Requirement]) -> String {
    if rs.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = rs.iter().map(requirement).collect();
    format!("Requires {}.", join_list(&parts, "and"))
}

/// A test modifier as a fragment: "-1 for each Warrant", "+2 with a HACKING RIG".
pub fn test_modifier(m: &TestModifier) -> String {
    match m {
        TestModifier::PerWarrant { amount } => format!("{amount:+} for each Warrant"),
        TestModifier::KeywordAdds { keyword, amount } => {
            format!("+{amount} with {} on the job", keyword_noun(*keyword))
        }
        TestModifier::SingleCrew => "one crew member of your choice tests alone".into(),
    }
}

/// "Fight test", "Negotiate test (Bribes)", "Fight test (Kosherized, -1 for each Warrant)".
pub fn test_header(t: &Test) -> String {
    let mut flags = Vec::new();
    if t.kosherized {
        flags.push("Kosherized".to_string());
    }
    if t.bribes {
        flags.push("Bribes".to_string());
    }
    flags.extend(t.modifiers.iter().map(test_modifier));
    if flags.is_empty() {
        format!("{} test", t.skill.name())
    } else {
        format!("{} test ({})", t.skill.name(), flags.join(", "))
    }
}

/// The total range of outcome band `i`: "1–7", "8+", "9", "Any total".
pub fn band_label(t: &Test, i: usize) -> String {
    let lo = t.outcomes[i].min;
    let next = t.outcomes.get(i + 1).map(|o| o.min);
    match (i, next) {
        (0, None) => "Any total".into(),
        (_, None) => format!("{lo}+"),
        (_, Some(n)) => {
            let hi = n - 1;
            let lo = if i == 0 { lo.max(1).min(hi) } else { lo };
            if i == 0 && hi < 1 {
                format!("{hi} or less")
            } else if lo == hi {
                format!("{lo}")
            } else {
                format!("{lo}–{hi}")
            }
        }
    }
}

/// What an outcome band does: "Kill 2 Crew. Evade."
pub fn outcome(o: &Outcome) -> String {
    outcome_in(o, Ctx::Card)
}

fn outcome_in(o: &Outcome, ctx: Ctx) -> String {
    let mut parts: Vec<String> = o.effects.iter().map(effect).collect();
    if let Some(e) = o.ends {
        parts.push(ending_in(e, ctx));
    }
    if let Some(t) = &o.nested {
        parts.push(format!("[{}]", test_in(t, ctx)));
    }
    if !o.choose.is_empty() {
        let branches: Vec<String> = o.choose.iter().map(|b| branch_in(b, ctx)).collect();
        parts.push(format!("Choose one: {}", branches.join(" Or: ")));
    }
    sentences(parts)
}

/// A branch of an outcome (without its title): "Pay $7,000. Proceed."
pub fn branch(b: &Branch) -> String {
    branch_in(b, Ctx::Card)
}

fn branch_in(b: &Branch, ctx: Ctx) -> String {
    let mut parts = vec![requirements(&b.requires)];
    parts.extend(b.effects.iter().map(effect));
    parts.push(ending_in(b.ends, ctx));
    sentences(parts)
}

/// A whole test on one line: "Fight test. 1–7: Kill 2 Crew. Evade. 8+: Kill 1 Crew. Evade."
pub fn test(t: &Test) -> String {
    test_in(t, Ctx::Card)
}

fn test_in(t: &Test, ctx: Ctx) -> String {
    let mut parts = vec![test_header(t)];
    for (i, o) in t.outcomes.iter().enumerate() {
        parts.push(format!("{}: {}", band_label(t, i), outcome_in(o, ctx)));
    }
    sentences(parts)
}

/// The tags of an option: "Salvage Op", "Breakdown".
fn choice_tags(c: &Choice) -> Vec<String> {
    let mut tags = Vec::new();
    if c.salvage_op {
        tags.push("Salvage Op".to_string());
    }
    if c.breakdown {
        tags.push("Breakdown".to_string());
    }
    tags
}

/// What an option says before its test: tags, requirements, effects, and its ending when it
/// has no test.
fn choice_lead(c: &Choice, ctx: Ctx) -> String {
    let mut parts = choice_tags(c);
    parts.push(requirements(&c.requires));
    parts.extend(c.effects.iter().map(effect));
    if let Some(e) = c.ends {
        parts.push(ending_in(e, ctx));
    }
    sentences(parts)
}

/// An option without its title, on one line:
/// "Requires Pilot and Mechanic. Spend 1 Fuel. Evade."
pub fn choice_body(c: &Choice) -> String {
    choice_body_in(c, Ctx::Card)
}

fn choice_body_in(c: &Choice, ctx: Ctx) -> String {
    let mut parts = vec![choice_lead(c, ctx), steps_lead(c)];
    let steps = choice_steps(c, ctx);
    let several = steps.len() > 1;
    for (label, t, step_ctx) in steps {
        let text = test_in(t, step_ctx);
        parts.push(if several {
            format!("{label}: {text}")
        } else {
            text
        });
    }
    sentences(parts)
}

/// "2 steps to succeed, in order" for an option with several steps (FF-MISB-15), unless they
/// are the teams' tests of a crew split, which its effect already announces (FF-MISC-6).
fn steps_lead(c: &Choice) -> String {
    let n = c.test.iter().count() + c.then.len();
    if n > 1 && !splits_crew(c) {
        format!("{n} steps to succeed, in order")
    } else {
        String::new()
    }
}

/// Whether an option splits the crew into teams (FF-MISC-6): its steps are the teams' tests.
fn splits_crew(c: &Choice) -> bool {
    c.effects
        .iter()
        .any(|e| matches!(e, Effect::SplitCrew { .. }))
}

/// The tests of an option in order (FF-MISB-15) with their labels ("Step 2", or "Team 2" when
/// the crew is split) and the context their endings are read in: every step but the last
/// goes on to the next one.
fn choice_steps(c: &Choice, ctx: Ctx) -> Vec<(String, &Test, Ctx)> {
    let team = splits_crew(c);
    let tests: Vec<&Test> = c.test.iter().chain(c.then.iter()).collect();
    let n = tests.len();
    tests
        .into_iter()
        .enumerate()
        .map(|(k, t)| {
            let label = if team {
                format!("Team {}", k + 1)
            } else {
                format!("Step {}", k + 1)
            };
            let step_ctx = if k + 1 < n {
                Ctx::Step { next: k + 2, team }
            } else {
                ctx
            };
            (label, t, step_ctx)
        })
        .collect()
}

/// `Title: body`, or `Title! body` when the title ends in punctuation.
/// Letters and digits only, lower case: "Keep Flying" and "Keep Flying." are the same words.
fn words(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

fn titled(title: &str, body: &str) -> String {
    let title = title.trim();
    // A title that only repeats its body ("Keep Flying: Keep Flying.") is left out.
    if title.is_empty() || words(title) == words(body) {
        return body.to_string();
    }
    let sep = if title.ends_with(['!', '?', '.', '…', ':']) {
        " "
    } else {
        ": "
    };
    if body.is_empty() {
        title.to_string()
    } else {
        format!("{title}{sep}{body}")
    }
}

/// An option with its title, on one line:
/// "Crazy Ivan! Requires Pilot and Mechanic. Spend 1 Fuel. Evade."
pub fn choice(c: &Choice) -> String {
    titled(&c.name, &choice_body(c))
}

// =============================================================================================
// Abilities, Aces, goal conditions, Contact rules
// =============================================================================================

/// A standing ability as a sentence: "When you complete a Crime job, take $500."
pub fn ability(ab: &Ability) -> String {
    ability_nb(ab).replace(NB, " ")
}

/// [`ability`], with [`NB`] where a card should not break the line.
fn ability_nb(ab: &Ability) -> String {
    let s = match ab {
        Ability::JobCompletionBonus { jobs, amount } => {
            format!(
                "When you complete {}, take {}",
                job_filter(*jobs),
                money(*amount)
            )
        }
        Ability::HalfPrice { what } => match what {
            HalfPriceOn::ShipUpgrades => "Buy Drive Cores and Ship Upgrades at half price".into(),
            HalfPriceOn::GearWith(set) => {
                let ks: Vec<String> = set.iter().map(|k| k.name().to_string()).collect();
                format!("Buy gear with {} at half price", join_list(&ks, "or"))
            }
        },
        Ability::HireFree => "Hire crew at no cost".into(),
        Ability::SkillWhenCarrying {
            skill,
            amount,
            keyword,
        } => format!(
            "+{amount} {} while carrying {}",
            skill.name(),
            keyword_noun(*keyword)
        ),
        Ability::SkillWithProfessionCount {
            skill,
            amount,
            profession,
            count,
        } => {
            let who = if *count == 1 {
                a(profession.name())
            } else {
                format!("at least {count} {}", profession_plural(*profession))
            };
            format!("+{amount} {} while your crew has {who}", skill.name())
        }
        Ability::MayNotCarry { keyword } => format!("May not carry {}", keyword_noun(*keyword)),
        Ability::DiscardedWhenKilled => {
            "When Killed, this card is discarded instead of removed from play".into()
        }
        Ability::ActionRemoveDisgruntled => {
            "Action: remove Disgruntled from another crew member".into()
        }
        Ability::SalvageBonus { item, amount } => format!(
            "After a Salvage Op, load {amount} more {}",
            item_noun(*item, *amount as u32)
        ),
        Ability::SalvageCash { amount } => {
            format!("After a Salvage Op, take {}", money(*amount))
        }
        Ability::KilledFirst => {
            "Whenever crew are Killed, this crew member must be Killed first".into()
        }
        Ability::RangeBonus { amount } => format!("+{amount} Full Burn range"),
        Ability::MoseyRange { sectors } => {
            format!(
                "Mosey up to {}",
                count(*sectors as u32, "sector", "sectors")
            )
        }
        Ability::NoFuelToBurn => "A Full Burn costs no Fuel".into(),
        Ability::IgnoreBreakdowns => "Ignore all Breakdowns".into(),
        Ability::TakesLeadersDisgruntlement => {
            "If your Leader would become Disgruntled, this crew member becomes Disgruntled \
             instead"
                .into()
        }
        Ability::GearCapacity { cards } => {
            format!(
                "May carry {}",
                count(*cards as u32, "Gear card", "Gear cards")
            )
        }
        Ability::NoGearLimit => "Does not count toward the gear limit".into(),
        Ability::Imposter => {
            "Imposter: only one imposter may be in play; hiring one removes the others from play"
                .into()
        }
        Ability::NegotiateAsFightOncePerJob => {
            "Once per job, you may treat a Negotiate test as a Fight test".into()
        }
        Ability::FightAsNegotiateOncePerJob => {
            "Once per job, you may treat a Fight test as a Negotiate test".into()
        }
        Ability::Reroll { skill } => format!("May re-roll {} tests", skill.name()),
        Ability::RerollOnesWhenMisbehaving => "When Misbehaving, re-roll any 1s".into(),
        Ability::SellPartsToSolidContacts { price } => format!(
            "May sell Parts for {} each to any Contact you are Solid with",
            money(*price)
        ),
        Ability::Gifted => format!(
            "Gifted: before each test, roll a die. 1–2:{NB}back to the ship. 3:{NB}+2{NB}Fight. \
             4:{NB}+2{NB}Tech. 5:{NB}+2{NB}Negotiate. 6:{NB}+3 to the tested skill"
        ),
        Ability::GiftedBonus { amount } => format!("+{amount} to Gifted rolls"),
        Ability::StaysAboardForImmoralJobs => {
            "Stays aboard when you work an Immoral job, adding no skills to it".into()
        }
        Ability::MedicCheck => "Makes Medic Checks, as a Medic does".into(),
        Ability::MedicCheckBonus { amount } => format!("+{amount} to Medic Checks"),
        Ability::MedicReroll => "May re-roll Medic Checks".into(),
        Ability::NoHeroics { skill } => {
            format!("No Thrillin' Heroics on {} tests", skill.name())
        }
        Ability::ExtraWantedRolls { rolls } => format!(
            "Must pass {} to avoid arrest",
            count(*rolls as u32, "Wanted crew roll", "Wanted crew rolls")
        ),
        Ability::GearInKosherized => "May use gear in Kosherized Fight tests".into(),
        Ability::FewerMisbehave { keyword } => format!(
            "On a job with {}, draw 1 fewer Misbehave card (at least 1)",
            keyword_noun(*keyword)
        ),
        Ability::DiscardForKeyword { keyword } => format!(
            "Discard this card to count as having {} for one requirement",
            keyword_noun(*keyword)
        ),
        Ability::DiscardForBonus { skill, amount } => format!(
            "After rolling a {} test, discard this card for +{amount}",
            skill.name()
        ),
        Ability::LoadAfterJob { jobs, item, amount } => format!(
            "When you complete {}, load {}",
            job_filter(*jobs),
            item_count(*item, *amount as u32)
        ),
        Ability::RequiresSkillToCarry { skill, amount } => {
            format!(
                "Only crew with at least {amount} {} may carry this",
                skill.name()
            )
        }
        Ability::ConsiderJobs { cards } => format!(
            "Consider up to {} when dealing with Contacts",
            count(*cards as u32, "card", "cards")
        ),
        Ability::BuyCards { cards } => format!(
            "Buy up to {} when buying from Supplies",
            count(*cards as u32, "card", "cards")
        ),
        Ability::CountsAsSolid { contact } => {
            format!("You count as Solid with {}", contact.name())
        }
        Ability::IgnoreWantedRoll => "The carrier ignores Wanted crew rolls".into(),
        Ability::HideWantedCrew { crew } => format!(
            "Up to {} aboard ignore Wanted crew rolls",
            count(*crew as u32, "crew member", "crew")
        ),
        Ability::ExtraCrew { amount } => format!("+{amount} Max Crew"),
        Ability::ExtraHold { amount } => format!("+{amount} Cargo Hold"),
        Ability::ExtraStash { amount } => format!("+{amount} Stash"),
        Ability::LongRangeScanner => "During a Fly action you may resolve the Alert tokens of an adjacent sector, as often as you like, without stopping".into(),
        Ability::EvadeCruiser => "In the Alliance Cruiser's sector, discard this card to ignore \
                                  the Cruiser and move it 1 sector within Alliance Space"
            .into(),
        Ability::RequiresProfessionToUse { profession } => format!(
            "Its keywords count only while you have {} aboard",
            a(profession.name())
        ),
        Ability::MayNotHire { profession } => {
            format!("May not hire {}", profession_plural(*profession))
        }
        Ability::SellBonus { items, amount } => {
            let goods: Vec<&str> = items.iter().map(|&i| item_noun(i, 1)).collect();
            format!(
                "Whenever you sell {} to a Contact, take {} more for each one sold",
                goods.join(" or "),
                money(*amount)
            )
        }
        Ability::MakeWorkBonus { amount } => {
            format!("When you Make-Work, take {} more", money(*amount))
        }
        Ability::FreeShoreLeave => "Shore Leave is free".into(),
        Ability::ActionRemoveAnyDisgruntled => {
            "Action: remove Disgruntled from a crew member".into()
        }
        Ability::UsableInKosherized => "Counts in Kosherized Fight tests".into(),
        Ability::CheersCarrierBeforeFight => {
            "Before each Fight test, the carrier is no longer Disgruntled".into()
        }
        Ability::GrantsProfession { profession } => {
            format!("The carrier is {} too", a(profession.name()))
        }
        Ability::BribeAnyNegotiation => {
            "You may pay Bribes before any Negotiate test your crew make".into()
        }
        Ability::RerollOnes { skill, carrier } => format!(
            "When carried by {}, re-roll any 1s in {} tests",
            a(carrier.name()),
            skill.name()
        ),
        Ability::BestOfTwoDice { skill } => format!(
            "On {} tests, roll two dice and use the higher",
            skill.name()
        ),
        Ability::DiscardedInsteadOfCarrier => {
            "If the carrier would be Killed, discard this card instead".into()
        }
        Ability::DiscardToReroll { skill } => {
            format!("After rolling a {} test, discard this card to re-roll it", skill.name())
        }
        Ability::TurnedOverToHiggins { amount } => format!(
            "At Magistrate Higgins' sector, remove this crew member from play to take {} \
             (Immoral)",
            money(*amount)
        ),
        Ability::GambleFiftyFifty { prize } => format!(
            "Gambling: on your turn, discard this card and roll a die: 4–6 takes {}",
            money(*prize)
        ),
        Ability::GamblePerPip { dice, per_pip } => format!(
            "Gambling: on your turn, discard this card and roll {}: take {} times the total",
            count(*dice as u32, "die", "dice"),
            money(*per_pip)
        ),
        Ability::MayNotCarryGear => "May not carry Gear".into(),
        Ability::GoalTokenBonus { amount } => {
            format!("Whenever you take a Goal token, take {}", money(*amount))
        }
        Ability::RerollOnesOnTests { skill } => {
            format!("Re-roll any 1s in {} tests", skill.name())
        }
        Ability::SurviveKillOnRoll { from } => format!(
            "If the carrier is Killed, roll a die: {from}–6, the carrier is not Killed"
        ),
        Ability::RequiresKeywordToUse { keyword } => format!(
            "Requires {}: counts only with {} among the crew it works with",
            keyword.name(),
            keyword.name()
        ),
        Ability::GambleOnMatchingSuits {
            stake,
            cards,
            matching,
            prize,
        } => format!(
            "Gambling: on your turn, discard this card and pay {}: reveal the top {} of the \
             Misbehave deck; if at least {matching} share a suit, take {}",
            money(*stake),
            count(*cards as u32, "card", "cards"),
            money(*prize)
        ),
        Ability::KeepDiscardedGearOnSix => {
            "Whenever you discard a gear card, roll a die: on a 6 keep it".into()
        }
        Ability::OnMakeWork { options } => options_after("When you Make-Work, also", options),
        Ability::OnDeliver { item, options } => {
            let lead = format!("Whenever you deliver {}, once paid", item_noun(*item, 2));
            match &options[..] {
                [only] => format!("{lead}: {}", choice_body(only).trim_end_matches('.')),
                _ => {
                    let each: Vec<String> = options
                        .iter()
                        .map(|o| choice(o).trim_end_matches('.').to_string())
                        .collect();
                    format!("{lead}, choose one: {}", each.join("; "))
                }
            }
        }
        Ability::EvadeCutter => "When Reavers come at you from a Reaver Cutter in your sector, \
            discard this card to ignore them and move that Cutter 1 sector within Border or Rim \
            Space"
            .into(),
        Ability::DiscardBeforeRoll { amount } => format!(
            "Before rolling a test the carrier makes, discard this card to add +{amount} to the \
             result"
        ),
        Ability::DisgruntleToAddSkill { test, skill } => format!(
            "Before rolling a {} test the carrier is on, the carrier may become Disgruntled to \
             add their {} to it",
            test.name(),
            skill.name()
        ),
        Ability::DiscardForSix { skill } => format!(
            "After rolling a {} test the carrier is on, discard this card to count the roll as a \
             6, with a Thrillin' Heroics bonus roll",
            skill.name()
        ),
        Ability::DiscardForMedicCheck => {
            "Discard this card to count as a successful Medic Check for a Killed crew member"
                .into()
        }
        Ability::DiscardForAce => "Discard this card, carried on a job, to count as an Ace in \
            the Hole for any Misbehave card: Proceed"
            .into(),
        Ability::DiscardToIgnoreWarrant => "Discard this crew member to ignore a Warrant \
            being issued"
            .into(),
        Ability::DiscardToKeepSolid => "Discard this crew member instead of losing Solid with \
            a Contact"
            .into(),
        Ability::LoadGoodsAfterJob {
            jobs,
            goods,
            less_per_crew,
        } => format!(
            "After completing {}, load {}, less {} for each crew member who worked it",
            job_filter(*jobs),
            count(*goods as u32, "Good", "Goods"),
            less_per_crew
        ),
        Ability::CatalyzedBurn { fuel, range } => format!(
            "When starting a Full Burn, you may spend {} more to add +{range} to your Drive \
             Core's range this turn",
            count(*fuel as u32, "Fuel", "Fuel")
        ),
        Ability::FuelAfterNavCards { card, in_a_row } => format!(
            "After drawing {in_a_row} \"{card}\" Nav cards in a row in a Full Burn, you may \
             take 1 Fuel (once a Fly action)"
        ),
        Ability::EnterCutterSectors => "Your ship may fly into a sector with a Reaver Cutter. \
            Discard this card after losing any crew to Reavers"
            .into(),
        Ability::BountyBonus { amount } => {
            format!("Bounty Bonus: +${} for each fugitive you deliver", money(*amount))
        }
        Ability::ShowdownSkill {
            skill,
            amount,
            attacking_only,
        } => format!(
            "+{amount} {} in a Showdown{}",
            skill.name(),
            if *attacking_only {
                " when attacking"
            } else {
                ""
            }
        ),
        Ability::RerollShowdown => "May re-roll in a Showdown (once a Showdown)".into(),
        Ability::ForceRivalReroll => {
            "In a Showdown, may make the rival re-roll (once a Showdown)".into()
        }
        Ability::WarrantOnLostShowdown => {
            "Whenever you lose a Showdown, the winning captain is issued a Warrant".into()
        }
        Ability::SkillInZone {
            skill,
            amount,
            zone,
        } => format!("+{amount} {} while in {}", skill.name(), zone_space(*zone)),
        Ability::EvadeArrivingShips { from } => format!(
            "Whenever a Reaver Cutter or an Alliance ship enters your sector, you may roll a \
             die: {from}–6, Evade"
        ),
        Ability::Use {
            action,
            discard,
            options,
        } => {
            let lead = match (action, discard) {
                (Some(a @ (UseAction::Fly | UseAction::Work)), true) => {
                    format!("As {}, discard this card", use_action(*a))
                }
                (Some(a @ (UseAction::Fly | UseAction::Work)), false) => {
                    format!("As {}", use_action(*a))
                }
                (Some(a), true) => format!(
                    "As {}, wherever your ship is, discard this card",
                    use_action(*a)
                ),
                (Some(a), false) => format!("As {}, wherever your ship is", use_action(*a)),
                (None, true) => "On your turn, discard this card".to_string(),
                (None, false) => "On your turn".to_string(),
            };
            options_after(&lead, options)
        }
        Ability::JobsCountAs { jobs, also } => format!(
            "{} Jobs also count as {}s",
            jobs.name(),
            also.name()
        ),
        Ability::PiracyTakeFromRival { amount } => format!(
            "When you complete a Piracy Job, take {} from the targeted rival",
            money(*amount)
        ),
        Ability::KilledInstead => "Whenever another of your crew would be Killed, Apprehended \
            or Seized by the Alliance, you may have this crew member Killed instead"
            .into(),
        Ability::RedrawMisbehave { cost } => format!(
            "Once per Work action, you may pay {} to discard a Misbehave card you drew, before \
             resolving it, and draw another",
            money(*cost)
        ),
        Ability::RivalsKosherizedInShowdown => {
            "Rivals using Fight in a Showdown against you fight Kosherized (no gear)".into()
        }
        Ability::DisgruntleRivalLeaderInShowdown => {
            "Before the dice of a Showdown you take part in are rolled, the rival's Leader \
             becomes Disgruntled"
                .into()
        }
        Ability::BoardingModifier {
            skill,
            amount,
            against_rivals,
        } => {
            let sign = if *amount >= 0 { "+" } else { "" };
            if *against_rivals {
                format!(
                    "{sign}{amount} to rivals' {} Boarding Tests against your ship",
                    skill.name()
                )
            } else {
                format!("{sign}{amount} {} for your Boarding Tests", skill.name())
            }
        }
        Ability::BoardingTrap => {
            "If a rival rolls a 1 on the Boarding Test against your ship, 1 of their crew is \
             Killed"
                .into()
        }
        Ability::BoardingSkillBarred { skill } => format!(
            "Rivals boarding your ship may not use {} for the Boarding Test",
            skill.name()
        ),
        Ability::FuelToEvadeReavers => {
            "When the Reaver Cutter Nav card is drawn or Reaver Contact begins, you may spend 1 \
             Fuel to Evade and ignore its effects"
                .into()
        }
        Ability::NoBountyJumps => "Rivals may not Jump your Bounties".into(),
        Ability::RerollBoarding { skill } => {
            format!("May re-roll {} Boarding Tests", skill.name())
        }
        Ability::RangeLossPerUpgrade => {
            "Each Ship Upgrade installed reduces the Drive Core's range by 1".into()
        }
        Ability::IgnoreHeavyLoad => "Heavy Load costs no extra Fuel".into(),
        Ability::IrreplaceableDriveCore => {
            "Unique to its ship: may not be replaced by another Drive Core".into()
        }
        Ability::GambleNamedSuit {
            stake,
            cards,
            per_match,
        } => format!(
            "GAMBLING. On your turn, discard this card: pay {}, name a suit and reveal the top \
             {cards} Misbehave cards; for each of that suit take {} and remove 1 Disgruntled \
             token",
            money(*stake),
            money(*per_match)
        ),
    };
    format!("{s}.")
}

/// A card's own options after a lead: "Lead: the option", or "Lead to choose one: A: …; B: …".
fn options_after(lead: &str, options: &[Choice]) -> String {
    if let [only] = options {
        format!("{lead}: {}", choice_body(only).trim_end_matches('.'))
    } else {
        let each: Vec<String> = options
            .iter()
            .map(|o| choice(o).trim_end_matches('.').to_string())
            .collect();
        format!("{lead} to choose one: {}", each.join("; "))
    }
}

/// "a Buy action" (FF-TURN-4/5).
fn use_action(a: UseAction) -> &'static str {
    match a {
        UseAction::Buy => "a Buy action",
        UseAction::Deal => "a Deal action",
        UseAction::Fly => "a Fly action",
        UseAction::Work => "a Work action",
    }
}

/// "Ace in the Hole: FAKE ID".
pub fn ace(x: &Ace, names: &Names) -> String {
    let what = match x {
        Ace::Keyword { keyword } => keyword.name().to_string(),
        Ace::Profession { profession } => profession.name().to_string(),
        Ace::Crew { crew } => names.crew(crew),
        Ace::Gear { gear } => names.gear(gear),
    };
    format!("Ace in the Hole: {what}")
}

/// A story condition as a fragment: "Solid with Harken and Badger", "$10,000 in hand".
pub fn goal_condition(g: &GoalCondition) -> String {
    match g {
        GoalCondition::SolidWith { contacts } => {
            let names: Vec<String> = contacts.iter().map(|c| c.name().to_string()).collect();
            format!("Solid with {}", join_list(&names, "and"))
        }
        GoalCondition::SolidCount { count: n } => format!(
            "Solid with at least {}",
            count(*n as u32, "Contact", "Contacts")
        ),
        GoalCondition::Money { amount } => format!("{} in hand", money(*amount)),
        GoalCondition::NoWarrants => "No Warrants".into(),
        GoalCondition::Warrants { count: n } => {
            format!("At least {}", count(*n as u32, "Warrant", "Warrants"))
        }
        GoalCondition::CompletedJobs { jobs, count: n } => {
            format!("{} completed", jobs_counted(*jobs, *n as u32))
        }
    }
}

/// A Contact's Special Rule: its title and what it does, as a sentence.
pub fn contact_rule(r: ContactRule) -> (&'static str, &'static str) {
    match r {
        ContactRule::TravelHub => (
            "Travel Hub",
            "While Solid, you may load Passengers and Fugitives in Amnon Duul's sector with \
             no limit.",
        ),
        ContactRule::FavorForAFavor => (
            "Favor for a Favor",
            "While Solid, when you deal with Badger you may pay $1,000 to clear all your \
             Warrants.",
        ),
        ContactRule::PoundOfFlesh => (
            "Pound of Flesh",
            "From the moment you accept a Niska job, Solid or not: a Warrant while working a \
             Niska job Kills 1 Crew.",
        ),
        ContactRule::WeCanDeal => (
            "We Can Deal",
            "While Solid, consider 4 jobs when dealing with Patience.",
        ),
        ContactRule::PapersInOrder => (
            "Your Papers Are in Order",
            "While Solid, you may ignore Customs Inspection Nav cards.",
        ),
        ContactRule::ProtectMyProperty => (
            "Protect My Property",
            "Lord Harrow sells Cargo to captains he trusts, as much as they like, and rewards \
             their Shipping and Smuggling.",
        ),
        ContactRule::StubbornGrudge => (
            "Stubborn Grudge",
            "Higgins keeps more work going for captains he trusts.",
        ),
        ContactRule::Coyotes => (
            "Coyotes",
            "Fanty & Mingo fence Contraband to captains they trust and reward their Transport \
             jobs.",
        ),
        ContactRule::CantStopTheSignal => (
            "Can't Stop the Signal",
            "Mr. Universe deals Big Damn Challenges, not jobs. While Solid with him you may hold \
             5 cards in hand.",
        ),
    }
}

// =============================================================================================
// Whole cards
// =============================================================================================

/// Builds a card: a title line, then wrapped paragraphs.
struct Card {
    lines: Vec<String>,
}

impl Card {
    fn new(title: String) -> Card {
        let mut c = Card { lines: Vec::new() };
        c.para(0, 2, &title);
        c
    }

    /// A paragraph at `indent` columns whose continuation lines hang `hang` further in.
    /// Empty text adds nothing.
    fn para(&mut self, indent: usize, hang: usize, text: &str) {
        wrap(text, indent, indent + hang, &mut self.lines);
    }

    fn finish(self) -> String {
        self.lines.join("\n")
    }
}

/// A space the card layout does not break a line at ("3: +2 Fight" stays together); printed
/// as a plain space.
const NB: char = '\u{a0}';

thread_local! {
    /// The column cards are wrapped at: [`WIDTH`], or no limit inside [`unwrapped`].
    static WRAP_AT: std::cell::Cell<usize> = const { std::cell::Cell::new(WIDTH) };
}

/// Render cards inside `f` with one line per paragraph (indentation kept, no wrapping at
/// [`WIDTH`]), for clients that wrap text to their own width (the browser, via the catalog).
pub fn unwrapped<R>(f: impl FnOnce() -> R) -> R {
    let before = WRAP_AT.with(|w| w.replace(usize::MAX));
    let r = f();
    WRAP_AT.with(|w| w.set(before));
    r
}

/// Word-wraps `text` to [`WIDTH`] columns, breaking at plain spaces only.
fn wrap(text: &str, first: usize, rest: usize, out: &mut Vec<String>) {
    let width = WRAP_AT.with(|w| w.get());
    let mut line = " ".repeat(first);
    let mut len = first;
    let mut empty = true;
    for word in text.split([' ', '\n', '\t']).filter(|w| !w.is_empty()) {
        let word = word.replace(NB, " ");
        let word = word.as_str();
        let w = word.chars().count();
        if !empty && len + 1 + w > width {
            out.push(std::mem::take(&mut line));
            line = " ".repeat(rest);
            len = rest;
            empty = true;
        }
        if !empty {
            line.push(' ');
            len += 1;
        }
        line.push_str(word);
        len += w;
        empty = false;
    }
    if !empty {
        out.push(line);
    }
}

/// An option laid out on a card: title, lead and test header on one paragraph, then one line
/// per outcome band (and per branch).
fn choice_lines(card: &mut Card, indent: usize, c: &Choice, parent: &str, ctx: Ctx) {
    let mut lead = sentences([choice_lead(c, ctx), steps_lead(c)]);
    let steps = choice_steps(c, ctx);
    let several = steps.len() > 1;
    if let (Some(t), false) = (&c.test, several) {
        lead = sentences([lead, test_header(t)]);
    }
    let title = if words(&c.name) == words(parent) {
        ""
    } else {
        &c.name
    };
    card.para(indent, 2, &titled(title, &lead));
    // FF-MISB-15: several steps (or teams' tests, FF-MISC-6) each get a header line, their
    // bands beneath it.
    let bands_indent = if several { indent + 4 } else { indent + 2 };
    for (label, t, ctx) in steps {
        if several {
            card.para(
                indent + 2,
                2,
                &format!("{label}: {}", sentences([test_header(t)])),
            );
        }
        test_bands(card, bands_indent, t, ctx);
    }
}

/// The outcome bands of a test laid out on a card, one paragraph each (and one per branch).
fn test_bands(card: &mut Card, indent: usize, t: &Test, ctx: Ctx) {
    for (i, o) in t.outcomes.iter().enumerate() {
        let label = band_label(t, i);
        if o.choose.is_empty() {
            card.para(indent, 2, &format!("{label}: {}", outcome_in(o, ctx)));
        } else {
            let mut parts: Vec<String> = o.effects.iter().map(effect).collect();
            if let Some(e) = o.ends {
                parts.push(ending_in(e, ctx));
            }
            parts.push("Choose one:".into());
            card.para(indent, 2, &format!("{label}: {}", sentences(parts)));
            for b in &o.choose {
                card.para(indent + 2, 2, &titled(&b.name, &branch_in(b, ctx)));
            }
        }
    }
}

/// The options of a card, job step or goal. `parent` is the title above them: an only option
/// named like it is not titled again.
fn options_lines(card: &mut Card, indent: usize, options: &[Choice], parent: &str, ctx: Ctx) {
    if options.len() > 1 {
        card.para(indent, 2, "Choose one:");
        for c in options {
            choice_lines(card, indent + 2, c, "", ctx);
        }
    } else {
        for c in options {
            choice_lines(card, indent, c, parent, ctx);
        }
    }
}

fn keywords_text(ks: &[Keyword]) -> String {
    ks.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ")
}

/// Skills, professions, keywords and traits of a crew or gear card, as one sentence list.
fn stats_line(sk: &Skills, profs: &[Profession], kws: &[Keyword], moral: bool) -> String {
    let mut parts = Vec::new();
    if !profs.is_empty() {
        let ps: Vec<String> = profs.iter().map(|p| p.name().to_string()).collect();
        parts.push(join_list(&ps, "and"));
    }
    parts.push(skills(sk));
    if !kws.is_empty() {
        parts.push(keywords_text(kws));
    }
    if moral {
        parts.push("Moral".into());
    }
    sentences(parts)
}

/// A crew or Leader card.
pub fn crew_card(c: &Crew) -> String {
    let mut tags = Vec::new();
    if c.leader {
        tags.push("Leader".to_string());
    } else {
        tags.push(format!("Crew, {}", money(c.cost)));
    }
    if c.wanted {
        tags.push("Wanted".into());
    }
    let mut card = Card::new(format!("{} ({})", c.name, tags.join(", ")));
    card.para(
        2,
        2,
        &stats_line(&c.skills, &c.professions, &c.keywords, c.moral),
    );
    for ab in &c.abilities {
        card.para(2, 2, &ability_nb(ab));
    }
    card.finish()
}

/// A gear card.
pub fn gear_card(g: &Gear) -> String {
    let mut card = Card::new(format!("{} (Gear, {})", g.name, money(g.cost)));
    card.para(2, 2, &stats_line(&g.skills, &[], &g.keywords, false));
    for ab in &g.abilities {
        card.para(2, 2, &ability_nb(ab));
    }
    card.finish()
}

/// "Range 6, 1 Fuel per Full Burn".
pub fn drive_core(d: &DriveCore) -> String {
    format!(
        "Range {}, {} per Full Burn",
        d.range,
        item_count(Item::Fuel, d.fuel_per_burn as u32)
    )
}

/// A ship upgrade card, drive cores included.
pub fn upgrade_card(u: &ShipUpgrade) -> String {
    let kind = if u.drive_core.is_some() {
        "Drive Core"
    } else {
        "Ship Upgrade"
    };
    let price = match u.cost {
        Some(c) => money(c),
        None => "starting".into(),
    };
    let mut card = Card::new(format!("{} ({kind}, {price})", u.name));
    if let Some(d) = &u.drive_core {
        card.para(2, 2, &format!("{}.", drive_core(d)));
    }
    if !u.keywords.is_empty() {
        card.para(2, 2, &format!("{}.", keywords_text(&u.keywords)));
    }
    for ab in &u.abilities {
        card.para(2, 2, &ability_nb(ab));
    }
    card.finish()
}

/// A ship card.
pub fn ship_card(s: &Ship, names: &Names) -> String {
    let mut card = Card::new(format!("{} (Ship)", s.name));
    card.para(
        2,
        2,
        &format!(
            "Cargo Hold {}, Stash {}, Max Crew {}, Upgrade Slots {}.",
            s.hold, s.stash, s.max_crew, s.upgrade_slots
        ),
    );
    let core = match names
        .upgrade_def(&s.drive_core)
        .and_then(|u| u.drive_core.map(|d| (u, d)))
    {
        Some((u, d)) => format!("Drive Core: {} ({}).", u.name, drive_core(&d)),
        None => format!("Drive Core: {}.", names.upgrade(&s.drive_core)),
    };
    card.para(2, 2, &core);
    for ab in &s.abilities {
        card.para(2, 2, &ability_nb(ab));
    }
    card.finish()
}

fn step_kind(k: StepKind) -> &'static str {
    match k {
        StepKind::PickUp => "Pick-up",
        StepKind::DropOff => "Drop-off",
        StepKind::Target => "Target",
    }
}

fn step_items(kind: StepKind, items: &[StepItem]) -> String {
    let verb = match kind {
        StepKind::PickUp | StepKind::Target => "Load",
        StepKind::DropOff => "Deliver",
    };
    let each: Vec<String> = items
        .iter()
        .map(|it| match (kind, it.amount) {
            (StepKind::DropOff, 0) => format!("all {}", item_noun(it.item, 2)),
            (StepKind::PickUp | StepKind::Target, 0) => {
                format!("any number of {}", item_noun(it.item, 2))
            }
            (StepKind::PickUp | StepKind::Target | StepKind::DropOff, n) => {
                item_count(it.item, n as u32)
            }
        })
        .collect();
    if each.is_empty() {
        String::new()
    } else {
        format!("{verb} {}", join_list(&each, "and"))
    }
}

fn misbehave_count(n: u8) -> String {
    if n == 0 {
        String::new()
    } else {
        format!("Misbehave ({})", count(n as u32, "card", "cards"))
    }
}

/// FF-MISC-11: an Opportunity Bonus on one line:
/// "Opportunity Bonus "Grab the Payroll" (once, when a Work action advances the job): Requires
/// Merc. Take $500."
pub fn opportunity(o: &Opportunity, names: &Names) -> String {
    if let Some(at) = &o.at {
        // Kalidasa's Bonus Drop-Off: at another planet, with a Work action of its own.
        let items: Vec<StepItem> = o.items.clone();
        let body = sentences([
            requirements(&o.requires),
            misbehave_count(o.misbehave),
            step_items(StepKind::DropOff, &items),
            effects(&o.reward),
        ]);
        let named = if o.name == "Bonus Drop-Off" {
            String::new()
        } else {
            format!(" \"{}\"", o.name)
        };
        return format!(
            "Bonus Drop-Off{named} at {} (once, with a Work action there after the job is started \
             and before it is complete; no Cut): {body}",
            names.sector(at)
        );
    }
    let body = sentences([requirements(&o.requires), effects(&o.reward)]);
    format!(
        "Opportunity Bonus \"{}\" (once, when a Work action advances the job): {body}",
        o.name
    )
}

/// "Pay: $2,000." or "Pay: Special, $200 per Passenger delivered."
pub fn job_pay(j: &Job) -> String {
    match (j.pay, j.pay_per) {
        (Some(p), None) => format!("Pay: {}.", money(p)),
        (Some(p), Some(pp)) => format!(
            "Pay: {}, plus {} per {} delivered.",
            money(p),
            money(pp.amount),
            per_noun(pp)
        ),
        (None, Some(pp)) => format!(
            "Pay: Special, {} per {} delivered.",
            money(pp.amount),
            per_noun(pp)
        ),
        (None, None) => "Pay: Special, as the instructions say.".into(),
    }
}

/// Breakin' Atmo's "Extra Pay": "Extra Pay: +$400 for each point of Tech of the crew on the
/// job (their gear included)."
pub fn extra_pay(x: ExtraPay) -> String {
    format!(
        "Extra Pay: +{} for each point of {} of the crew on the job (their gear included).",
        money(x.amount),
        x.skill.name()
    )
}

/// A Piracy job's target, Boarding Test, Showdown and pay (FF-PBH-24..29).
fn piracy_lines(card: &mut Card, pc: &Piracy) {
    let target = match pc.target {
        PiracyTarget::AnyRival => "any rival ship".to_string(),
        PiracyTarget::OutlawShip => "a rival Outlaw Ship".to_string(),
        PiracyTarget::NotSolidWith { contact } => {
            format!("a rival who is not Solid with {}", contact.name())
        }
        PiracyTarget::NoActiveJobsOf { contact } => {
            format!("a rival with no Active {} job", contact.name())
        }
    };
    card.para(2, 2, &format!("Target: {target}, in your sector."));
    card.para(
        2,
        2,
        "Subjective: Immoral when the target's Leader is Moral.",
    );
    card.para(
        2,
        2,
        "Boarding Test: Tech or Negotiate. 1-5: Attempt Botched; 6+: aboard, on to the Showdown.",
    );
    let what = match (pc.steal, pc.max) {
        (Loot::Goods, Some(n)) => format!("steal up to {n} of the Defender's Goods"),
        (Loot::Goods, None) => "steal all of the Defender's Goods".to_string(),
        (Loot::Jobs, n) => format!("steal up to {} Inactive jobs", n.unwrap_or(1)),
    };
    let not_stash = if pc.steal == Loot::Goods {
        " (not from the Stash, and only what you have room for)"
    } else {
        ""
    };
    card.para(2, 2, &format!("Showdown won: {what}{not_stash}."));
    let mut lose: Vec<String> = pc.lose.iter().map(effect).collect();
    lose.push(ending(pc.lose_ends).to_string());
    card.para(2, 2, &format!("Showdown lost: {}.", lose.join("; ")));
    let each = if pc.steal == Loot::Goods {
        "Good"
    } else {
        "job"
    };
    card.para(
        2,
        2,
        &format!("Pay: {} per {each} stolen.", money(pc.pay_each)),
    );
}

/// "Passenger", "Passenger or Fugitive".
fn per_noun(pp: PayPer) -> String {
    match pp.also {
        None => item_noun(pp.item, 1).into(),
        Some(b) => format!("{} or {}", item_noun(pp.item, 1), item_noun(b, 1)),
    }
}

/// A job card.
pub fn job_card(j: &Job, names: &Names) -> String {
    if let Some(ch) = &j.challenge {
        return challenge_card(j, ch);
    }
    let giver = match j.contact {
        Some(c) => format!("{} job", c.name()),
        None => "Story job".into(),
    };
    let types: Vec<&str> = j.types.iter().map(|t| t.name()).collect();
    let mut tags = vec![types.join(" / ")];
    tags.push(if j.illegal { "Illegal" } else { "Legal" }.into());
    if j.immoral {
        tags.push("Immoral".into());
    }
    let mut card = Card::new(format!("{} ({giver}: {})", j.name, tags.join(", ")));
    let mut needs = Vec::new();
    let sk = skills(&j.needs);
    if !sk.is_empty() {
        needs.push(sk);
    }
    if !j.needs_keywords.is_empty() {
        needs.push(keywords_text(&j.needs_keywords));
    }
    needs.extend(j.needs_all.iter().map(requirement));
    if !j.needs_one_of.is_empty() {
        let any: Vec<String> = j.needs_one_of.iter().map(requirement).collect();
        needs.push(join_list(&any, "or"));
    }
    if !needs.is_empty() {
        card.para(2, 2, &format!("Needs: {}.", needs.join(", ")));
    }
    if j.good_deeds {
        card.para(
            2,
            2,
            "Good Deeds: Moral crew take no Cut for this job, and are not Disgruntled for it.",
        );
    }
    if j.heavy_load > 0 {
        card.para(
            2,
            2,
            &format!(
                "Heavy Load: while this job is Active, each Full Burn costs {} more Fuel.",
                j.heavy_load
            ),
        );
    }
    for st in &j.steps {
        let items = if st.any_mix {
            any_mix_items(&st.items)
        } else {
            step_items(st.kind, &st.items)
        };
        let lead = sentences([misbehave_count(st.misbehave), items]);
        card.para(
            2,
            2,
            &titled(
                &if st.at_cruiser {
                    format!(
                        "{} wherever the Alliance Cruiser is (it starts at {})",
                        step_kind(st.kind),
                        names.sector(&st.at)
                    )
                } else if st.uroboros_belt {
                    format!(
                        "{} in the Uroboros Belt (any of its sectors; pictured: {})",
                        step_kind(st.kind),
                        names.sector(&st.at)
                    )
                } else {
                    format!("{} at {}", step_kind(st.kind), names.sector(&st.at))
                },
                &lead,
            ),
        );
        options_lines(&mut card, 4, &st.choices, "", Ctx::Card);
    }
    if let Some(b) = &j.bonus {
        let mut gets = Vec::new();
        if b.amount > 0 {
            gets.push(format!("+{}", money(b.amount)));
        }
        if b.parts > 0 {
            gets.push(format!("take {}", item_count(Item::Parts, b.parts as u32)));
        }
        let gets = if gets.is_empty() {
            "no extra".to_string()
        } else {
            join_list(&gets, "and")
        };
        let with = match (b.profession, b.keyword) {
            (Some(p), _) => p.name().to_string(),
            (None, Some(k)) => format!("with {}", k.name()),
            (None, None) => "always".to_string(),
        };
        card.para(2, 2, &format!("Bonus: {with}, {gets}."));
    }
    for o in &j.opportunities {
        card.para(2, 2, &opportunity(o, names));
    }
    if let Some(pc) = &j.piracy {
        piracy_lines(&mut card, pc);
    } else {
        card.para(2, 2, &job_pay(j));
    }
    if let Some(x) = j.extra_pay {
        card.para(2, 2, &extra_pay(x));
    }
    if j.double_down {
        card.para(
            2,
            2,
            "Double Down: if two of the Misbehave cards you get through on the Work action that \
             completes this job share a suit, its Pay is doubled.",
        );
    }
    if let Some(g) = j.gamble {
        card.para(
            2,
            2,
            &format!(
                "Gamble: once paid, if you have {}, you may bet it and name a suit; reveal the top \
                 Misbehave card and discard it: your suit takes {}, any other loses the bet.",
                money(g.stake),
                money(g.prize)
            ),
        );
    }
    card.finish()
}

/// "Deliver any number of Passengers or Fugitives, or both (at least 1)".
fn any_mix_items(items: &[StepItem]) -> String {
    let each: Vec<String> = items
        .iter()
        .map(|it| item_noun(it.item, 2).into())
        .collect();
    format!(
        "Deliver as many {} as you choose, {} (at least 1)",
        join_list(&each, "or"),
        if each.len() == 2 {
            "or both"
        } else {
            "any mix"
        }
    )
}

/// A Big Damn Challenge card (FF-BS-23..27): what it adds to the job it goes under.
fn challenge_card(j: &Job, ch: &Challenge) -> String {
    let legality = if j.illegal { "Illegal" } else { "Legal" };
    let giver = j.contact.map_or("Mr. Universe", |c| c.name());
    let mut card = Card::new(format!(
        "{} (Big Damn Challenge from {giver}: {legality})",
        j.name
    ));
    card.para(
        2,
        2,
        &format!(
            "Attach it to a{} {legality} job when you start working it. Not on Piracy or \
             Bounty jobs.",
            if j.illegal { "n" } else { "" }
        ),
    );
    let mut needs = Vec::new();
    let sk = skills(&ch.needs);
    if !sk.is_empty() {
        needs.push(sk);
    }
    if !ch.needs_keywords.is_empty() {
        needs.push(keywords_text(&ch.needs_keywords));
    }
    if !needs.is_empty() {
        card.para(
            2,
            2,
            &format!(
                "The crew on each Work action also needs: {}.",
                needs.join(", ")
            ),
        );
    }
    if let Some(s) = ch.no_skill {
        card.para(
            2,
            2,
            &format!(
                "While working the job, your crew adds no {} to any test.",
                s.name()
            ),
        );
    }
    if ch.misbehave > 0 {
        card.para(
            2,
            2,
            &format!(
                "Finishing the job takes {} more.",
                count(ch.misbehave as u32, "Misbehave card", "Misbehave cards")
            ),
        );
    }
    card.para(
        2,
        2,
        &format!(
            "Reward: +{} on the job's pay, and Solid with {giver}.",
            money(ch.reward)
        ),
    );
    card.finish()
}

/// A Set Up card (FF-BS-5): each way it differs from the standard set-up.
pub fn setup_card(s: &SetupCard) -> String {
    let mut card = Card::new(format!("{} (Set Up card)", s.name));
    if s.reshuffle_cards_in_decks {
        card.para(
            2,
            2,
            "Nav decks: the RESHUFFLE cards are shuffled into their decks, whatever the number \
             of players.",
        );
    }
    if s.alerts_on_planetary_sectors {
        card.para(
            2,
            2,
            "Alert tokens: once the ships are placed, an Alert token goes on every planetary \
             sector where no Firefly starts: Alliance Alerts in Alliance Space, Reaver Alerts in \
             Border and Rim Space.",
        );
    }
    if s.no_alert_tokens {
        card.para(2, 2, "Alert tokens: none are used this game.");
    }
    if s.clear_skies_roll {
        card.para(
            2,
            2,
            "Full Burn: when you start one, roll a die: you may enter that many sectors before you \
             draw Nav cards (never beyond your Drive Core's range).",
        );
    }
    if let Some(from) = &s.starting_jobs_from {
        let names: Vec<String> = from.iter().map(|c| c.name().to_string()).collect();
        card.para(
            2,
            2,
            &format!(
                "Starting jobs: one each from {}; discard any you like.",
                join_list(&names, "and")
            ),
        );
    }
    if s.expansion_jobs_only {
        card.para(
            2,
            2,
            "Contact decks: only the Job cards of the expansions in play; the base game's are \
             not used.",
        );
    }
    if s.starting_jobs_from_expansion_contacts {
        card.para(
            2,
            2,
            "Starting jobs: one from each Contact of the expansions in play, none from the base \
             game's; discard any you like.",
        );
    }
    if s.starting_jobs_from_chosen_deck > 0 {
        card.para(
            2,
            2,
            &format!(
                "Starting jobs: each captain draws {} from one Contact deck of their choice \
                 (captains may choose the same deck); discard any you like.",
                count(s.starting_jobs_from_chosen_deck as u32, "job", "jobs")
            ),
        );
    }
    if s.game_length_tokens > 0 {
        card.para(
            2,
            2,
            &format!(
                "Game length: the captain who takes the first turn holds {} Disgruntled tokens \
                 and discards one at the start of each of their turns. The round in which the \
                 last is discarded is everyone's final turn; then the game ends, and if the \
                 story is not complete, the captain with the most credits wins.",
                s.game_length_tokens
            ),
        );
    }
    card.finish()
}

fn nav_deck(d: NavDeckName) -> &'static str {
    match d {
        NavDeckName::Alliance => "Alliance Space",
        NavDeckName::Border => "Border Space",
        NavDeckName::Rim => "Rim Space",
    }
}

/// A Nav card.
pub fn nav_card(n: &NavCard) -> String {
    let mut tags = vec![format!("{} Nav", nav_deck(n.deck))];
    if n.reshuffle {
        tags.push("RESHUFFLE".into());
    }
    let mut card = Card::new(format!("{} ({})", n.name, tags.join(", ")));
    options_lines(&mut card, 2, &n.options, &n.name, Ctx::Card);
    card.finish()
}

/// An event card (Alliance Contact, Reaver Contact).
pub fn event_card(e: &EventCard) -> String {
    let mut card = Card::new(format!("{} (Event)", e.name));
    options_lines(&mut card, 2, &e.options, &e.name, Ctx::Card);
    card.finish()
}

/// A Misbehave card.
pub fn misbehave_card(m: &MisbehaveCard, names: &Names) -> String {
    // The suit mark is printed on the card (Kalidasa's "Gamble" and "Double Down" read it).
    let title = if m.reshuffle {
        format!("{} (Misbehave, {}, RESHUFFLE)", m.name, m.suit.name())
    } else {
        format!("{} (Misbehave, {})", m.name, m.suit.name())
    };
    let mut card = Card::new(title);
    options_lines(&mut card, 2, &m.options, &m.name, Ctx::Card);
    if let Some(x) = &m.ace {
        card.para(2, 2, &ace(x, names));
    }
    card.finish()
}

/// One goal of a story, numbered from 1.
pub fn goal_lines(g: &Goal, number: usize, names: &Names) -> String {
    let mut card = Card { lines: Vec::new() };
    goal_into(&mut card, 0, g, number, names);
    card.finish()
}

fn goal_into(card: &mut Card, indent: usize, g: &Goal, number: usize, names: &Names) {
    let title = match &g.at {
        Some(at) => format!("Goal {number}: {} (at {})", g.name, names.sector(at)),
        None if g.at_haven => format!("Goal {number}: {} (a Work action at your Haven)", g.name),
        None => format!("Goal {number}: {}", g.name),
    };
    card.para(indent, 2, &title);
    if !g.requires.is_empty() {
        let cs: Vec<String> = g.requires.iter().map(goal_condition).collect();
        let head = if g.at.is_some() || g.at_haven {
            "To attempt"
        } else {
            "Complete when"
        };
        card.para(
            indent + 2,
            2,
            &format!("{head}: {}.", join_list(&cs, "and")),
        );
    }
    card.para(indent + 2, 2, &sentences([misbehave_count(g.misbehave)]));
    options_lines(card, indent + 2, &g.choices, &g.name, Ctx::Goal);
}

/// A Story Card.
pub fn story_card(s: &Story, names: &Names) -> String {
    let players = if s.players[0] == s.players[1] {
        count(s.players[0] as u32, "player", "players")
    } else {
        format!("{}–{} players", s.players[0], s.players[1])
    };
    let kind = if s.community {
        "Community story"
    } else {
        "Story"
    };
    let mut card = Card::new(format!("{} ({kind}, {players})", s.title));
    card.para(2, 0, &s.premise);
    let mut setup = Vec::new();
    // A story that needs more than its own box names every one (Rim Rider: both Rim boxes).
    if !s.needs.is_empty() {
        let names: Vec<String> = s
            .expansions_needed()
            .iter()
            .map(|e| e.name().to_string())
            .collect();
        setup.push(format!("Played with {}", join_list(&names, "and")));
    }
    if let Some(m) = s.setup.money {
        setup.push(format!("Start with {}", money(m)));
    }
    if let Some(cs) = &s.setup.starting_jobs_from {
        let names: Vec<String> = cs.iter().map(|c| c.name().to_string()).collect();
        setup.push(format!(
            "Starting jobs from {} only",
            join_list(&names, "and")
        ));
    }
    if let Some(t) = s.setup.turn_limit {
        setup.push(format!("Turn limit: {t}"));
    }
    if s.setup.start_with_warrant {
        setup.push("Every player starts with a Warrant".into());
    }
    for c in &s.setup.closed_contacts {
        setup.push(format!("{} deals no jobs this game", c.name()));
    }
    if s.setup.illegal_job_bonus > 0 {
        setup.push(format!(
            "Illegal jobs pay {} more",
            money(s.setup.illegal_job_bonus)
        ));
    }
    if s.setup.havens {
        let zone = match s.setup.haven_zone {
            Some(z) => format!(" in {}", zone_space(z)),
            None => String::new(),
        };
        setup.push(format!(
            "After the Leaders are chosen, each captain places their Haven{zone} — a sector with \
             a planet but no Supply planet, no Contact and no other Haven — and their ship starts \
             there"
        ));
    }
    if s.setup.haven_sanctuary {
        setup.push("Haven Sanctuary: a ship at its own Haven cannot be boarded".into());
    }
    if s.setup.piracy_to_discard {
        setup.push(
            "Once the starting jobs are dealt, the Piracy jobs left in the Contact decks go face \
             up on their discard piles"
                .into(),
        );
    }
    if !setup.is_empty() {
        card.para(2, 2, &format!("Set-up: {}", sentences(setup)));
    }
    for (i, g) in s.goals.iter().enumerate() {
        goal_into(&mut card, 2, g, i + 1, names);
    }
    if let Some(text) = story_ending(s) {
        card.para(2, 2, &text);
    }
    card.finish()
}

/// How a story with a Last Call ending ends, in one paragraph ("Last Call: …"); `None` for a
/// story won by the first captain to complete its goals.
pub fn story_ending(s: &Story) -> Option<String> {
    let rule = s.last_call?;
    // A Goal token is kept once taken, even if what earned it is lost (NOTES.md).
    let holder = if s.goals.len() == 1 {
        "A captain holding the Goal token (kept once taken)".to_string()
    } else {
        format!(
            "A captain holding all {} Goal tokens (kept once taken)",
            s.goals.len()
        )
    };
    let declare = if rule.uses_action {
        format!("{holder} may use an action on their turn to declare it")
    } else {
        format!("{holder} may declare it on their turn")
    };
    let turns = if rule.declarer_plays_again {
        "every other captain, then the declarer, takes one more turn"
    } else {
        "every other captain takes one more turn; the declarer does not play again"
    };
    let mut parts = vec![format!("Last Call: {declare}"), format!("Then {turns}")];
    if s.settle_jobs {
        parts.push(
            "Then every captain pays the bank the Pay value of their unfinished jobs, Active \
             and in hand"
                .into(),
        );
    }
    parts.push("The captain with the most credits wins; tied captains share the win".into());
    Some(sentences(parts))
}

/// A Contact's card side: what they buy and sell, and their Special Rule.
pub fn contact_card(c: &Contact) -> String {
    let mut card = Card::new(format!("{} (Contact)", c.contact.name()));
    let mut buys = Vec::new();
    if let Some(p) = c.buys_cargo {
        buys.push(format!("Cargo for {} each", money(p)));
    }
    if let Some(p) = c.buys_contraband {
        buys.push(format!("Contraband for {} each", money(p)));
    }
    if !buys.is_empty() {
        card.para(
            2,
            2,
            &format!("While Solid, buys {}.", join_list(&buys, "and")),
        );
    }
    let mut sells = Vec::new();
    for (item, price) in [
        ("Fuel", c.sells_fuel),
        ("Cargo", c.sells_cargo),
        ("Contraband", c.sells_contraband),
    ] {
        if let Some(p) = price {
            sells.push(format!("{item} for {} each", money(p)));
        }
    }
    if !sells.is_empty() {
        card.para(
            2,
            2,
            &format!("While Solid, sells {}.", join_list(&sells, "and")),
        );
    }
    if let Some(b) = &c.solid_job_bonus {
        let types: Vec<String> = b.types.iter().map(|t| t.name().to_string()).collect();
        card.para(
            2,
            2,
            &format!(
                "While Solid, every {} job you complete pays {} more.",
                join_list(&types, "or"),
                money(b.amount)
            ),
        );
    }
    if c.extra_active_jobs > 0 {
        card.para(
            2,
            2,
            &format!(
                "While Solid, you may have {} Active jobs.",
                3 + c.extra_active_jobs as usize
            ),
        );
    }
    let (name, text) = contact_rule(c.special_rule);
    card.para(2, 2, &format!("{name}: {text}"));
    if c.contact == ContactName::Harken {
        card.para(
            2,
            2,
            "Zero Tolerance: any Warrant loses your reputation with Harken, and you cannot \
             become Solid with him while you hold one.",
        );
    }
    card.finish()
}

/// Every card of a loaded content, rendered, with a short label each (for tests and a card
/// browser): `("crew \"river-tam\"", text)`.
pub fn all_cards(content: &Content) -> Vec<(String, String)> {
    let names = Names::of(content);
    let mut out = Vec::new();
    for c in &content.crew {
        out.push((format!("crew \"{}\"", c.id), crew_card(c)));
    }
    for g in &content.gear {
        out.push((format!("gear \"{}\"", g.id), gear_card(g)));
    }
    for u in &content.upgrades {
        out.push((format!("upgrade \"{}\"", u.id), upgrade_card(u)));
    }
    for s in &content.ships {
        out.push((format!("ship \"{}\"", s.id), ship_card(s, &names)));
    }
    for c in &content.contacts {
        out.push((format!("contact {:?}", c.contact), contact_card(c)));
    }
    for j in &content.jobs {
        out.push((format!("job \"{}\"", j.id), job_card(j, &names)));
    }
    for n in &content.nav_defs {
        out.push((format!("nav \"{}\"", n.id), nav_card(n)));
    }
    for e in &content.events {
        out.push((format!("event \"{}\"", e.id), event_card(e)));
    }
    for m in &content.misbehave_defs {
        out.push((format!("misbehave \"{}\"", m.id), misbehave_card(m, &names)));
    }
    for s in &content.stories {
        out.push((format!("story \"{}\"", s.id), story_card(s, &names)));
    }
    for s in &content.setup_cards {
        out.push((format!("setup \"{}\"", s.id), setup_card(s)));
    }
    out
}

/// The card text of one physical Supply card.
pub fn supply_card(content: &Content, card: SupplyCardId) -> String {
    match content.supply_cards[card as usize].kind {
        SupplyKind::Crew(d) => crew_card(&content.crew[d as usize]),
        SupplyKind::Gear(d) => gear_card(&content.gear[d as usize]),
        SupplyKind::Upgrade(d) => upgrade_card(&content.upgrades[d as usize]),
    }
}

/// One-line text of a schema value, for callers that prefer a method: `effect.text()`.
pub trait Text {
    fn text(&self) -> String;
}

macro_rules! text_via {
    ($($ty:ty => $f:expr),* $(,)?) => {
        $(impl Text for $ty {
            fn text(&self) -> String {
                $f(self)
            }
        })*
    };
}

text_via! {
    Effect => effect,
    Requirement => requirement,
    TestModifier => test_modifier,
    Test => test,
    Outcome => outcome,
    Branch => branch,
    Choice => choice,
    Ability => ability,
    GoalCondition => goal_condition,
    Ending => |e: &Ending| ending(*e).to_string(),
}

/// "Alliance Space", "Border Space", "Rim Space" (FF-FLY-3).
pub fn zone_space(z: Zone) -> &'static str {
    match z {
        Zone::Alliance => "Alliance Space",
        Zone::Border => "Border Space",
        Zone::Rim => "Rim Space",
    }
}

/// A Bounty card (FF-PBH-5): whom it is for, the drop-off, the reward, Immoral, and what a lost
/// Showdown costs.
pub fn bounty_card(c: &Content, b: BountyId) -> String {
    let card = &c.bounties[b as usize];
    let head = if card.cortex_alert {
        format!("Cortex Alert: {} (any of them, each paid)", card.name)
    } else {
        format!("Wanted: {}", card.name)
    };
    let drop = match c.bounty.drop_offs[b as usize] {
        Some(s) => c.sector_name(s).to_string(),
        None => "wherever the Alliance Cruiser is".into(),
    };
    let mut s = format!(
        "{head}. Deliver to {drop} for {}{}.",
        money(card.pay),
        if card.cortex_alert { " each" } else { "" }
    );
    if card.immoral {
        s.push_str(" IMMORAL.");
    }
    s.push_str(" Showdown lost: ");
    s.push_str(&choice(&c.bounty.lose[b as usize][0]));
    s
}
