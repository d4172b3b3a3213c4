//! The content catalog for clients: every id a [`View`](crate::view::View) or an
//! [`Action`](crate::Action) can hold → its name, kind and card text, so that a client (the
//! browser, a script) never reads the TOML files. Texts come from [`render`], the same source
//! as the terminal's, so they are rendered from the structured effects the engine executes.
//!
//! Every table is indexed by the engine's id: `sectors[SectorId]`, `crew[CrewDefId]`,
//! `supply[SupplyCardId]`, `jobs[JobId]`, `nav[NavCardId]`, `misbehave[MisbehaveCardId]`,
//! `events[e]` (`Origin::Event(e)`), `stories[StoryId]`, `items[Item::index]`. Contacts are
//! keyed by their name as views spell it (`"amnon-duul"`). The catalog is fixed for a content,
//! so a server builds it once and clients may cache it. Card texts are not wrapped at the
//! terminal's width: one line per paragraph, indented as the terminal indents it.

use serde::Serialize;

use crate::content::render::{self, Names};
use crate::content::*;

/// What an entry is, as a client shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Sector,
    Leader,
    Crew,
    Gear,
    Upgrade,
    DriveCore,
    Ship,
    SupplyDeck,
    Contact,
    Job,
    Nav,
    Misbehave,
    Event,
    Story,
    SetupCard,
    Item,
    Bounty,
}

/// What every entry has: the content's stable id, the name a player reads, the kind and the
/// rendered card text (lines as the terminal wraps them; indentation nests options).
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub text: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct Catalog {
    pub game: &'static str,
    pub fingerprint: String,
    /// The bounding box of every sector's box: `[left, top, width, height]`.
    pub board: [i32; 4],
    pub sectors: Vec<SectorEntry>,
    /// Crew definitions, Leaders included (`CrewMember::def`, `Action::ChooseLeader`).
    pub crew: Vec<CrewEntry>,
    /// The Leaders offered at set-up, in the content's order.
    pub leaders: Vec<CrewDefId>,
    pub gear: Vec<GearEntry>,
    /// Ship Upgrade definitions, drive cores included (`DriveCoreCard::Starting`).
    pub upgrades: Vec<UpgradeEntry>,
    pub ships: Vec<ShipEntry>,
    pub supply_decks: Vec<SupplyDeckEntry>,
    /// Physical Supply cards.
    pub supply: Vec<SupplyCardEntry>,
    pub contacts: Vec<ContactEntry>,
    pub jobs: Vec<JobEntry>,
    /// Physical Nav cards.
    pub nav: Vec<CardEntry>,
    /// Physical Misbehave cards.
    pub misbehave: Vec<CardEntry>,
    /// Event cards (the Alliance and Reaver Contacts).
    pub events: Vec<CardEntry>,
    pub stories: Vec<StoryEntry>,
    /// FF-BS-5: the Set Up cards (`Options::setup_card`).
    pub setup_cards: Vec<Entry>,
    pub items: Vec<ItemEntry>,
    /// The three Nav decks, by index (`nav_left`, `nav_discards`).
    pub nav_decks: [&'static str; 3],
    /// Pirates & Bounty Hunters' Bounty cards, by `BountyId` (FF-PBH-1).
    pub bounties: Vec<BountyEntry>,
}

#[derive(Clone, Debug, Serialize)]
pub struct BountyEntry {
    #[serde(flatten)]
    pub entry: Entry,
    pub cortex_alert: bool,
    /// The drop-off sector; `None`: wherever the Alliance Cruiser is.
    pub drop_off: Option<SectorId>,
    pub pay: u32,
    pub immoral: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct SectorEntry {
    #[serde(flatten)]
    pub entry: Entry,
    pub zone: Zone,
    pub source: Source,
    /// Adjacent sectors (FF-FLY-6), links from expansion sections included.
    pub neighbours: Vec<SectorId>,
    pub planets: Vec<Planet>,
    /// The Supply deck bought from here (FF-BUY-1).
    pub supply: Option<DeckId>,
    /// The Contact dealt with here (FF-DEAL-1).
    pub contact: Option<ContactName>,
    /// The Reaver Cutter's start (FF-SETUP-6).
    pub firefly_logo: bool,
    /// The Alliance Cruiser's start (FF-SETUP-5).
    pub alliance_capital: bool,
    /// Reaver Space (Blue Sun): a permanent Reaver Alert, a Reaver Cutter's start (FF-KAL-4, -9).
    pub reaver_space: bool,
    /// The Uroboros Belt's asteroids (Blue Sun, FF-KAL-7).
    pub uroboros: bool,
    /// The Operative's Corvette's start (Kalidasa, FF-BS-3).
    pub corvette_start: bool,
    /// A sector tile's name, when an expansion lays one here (Higgins' Harvest, FF-KAL-3).
    pub tile: Option<String>,
    /// `[left, top, width, height]` on the board (y downwards).
    #[serde(rename = "box")]
    pub layout: [i32; 4],
}

#[derive(Clone, Debug, Serialize)]
pub struct CrewEntry {
    #[serde(flatten)]
    pub entry: Entry,
    pub cost: u32,
    pub skills: Skills,
    pub professions: Vec<Profession>,
    pub keywords: Vec<Keyword>,
    pub moral: bool,
    pub wanted: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct GearEntry {
    #[serde(flatten)]
    pub entry: Entry,
    pub cost: u32,
    pub skills: Skills,
    pub keywords: Vec<Keyword>,
}

#[derive(Clone, Debug, Serialize)]
pub struct UpgradeEntry {
    #[serde(flatten)]
    pub entry: Entry,
    /// `None`: a ship's starting drive core.
    pub cost: Option<u32>,
    pub drive_core: Option<DriveCore>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ShipEntry {
    #[serde(flatten)]
    pub entry: Entry,
    pub hold: u8,
    pub stash: u8,
    pub max_crew: u8,
    pub upgrade_slots: u8,
    /// The starting drive core, an index into `upgrades`.
    pub drive_core: UpgradeDefId,
}

#[derive(Clone, Debug, Serialize)]
pub struct SupplyDeckEntry {
    #[serde(flatten)]
    pub entry: Entry,
    pub sector: SectorId,
}

/// The three kinds of Supply card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SupplyCardKind {
    Crew,
    Gear,
    Upgrade,
}

#[derive(Clone, Debug, Serialize)]
pub struct SupplyCardEntry {
    #[serde(flatten)]
    pub entry: Entry,
    pub deck: DeckId,
    pub card: SupplyCardKind,
    /// The definition: an index into `crew`, `gear` or `upgrades` as `card` says.
    pub def: u16,
}

#[derive(Clone, Debug, Serialize)]
pub struct ContactEntry {
    #[serde(flatten)]
    pub entry: Entry,
    /// The name as views and actions spell it.
    pub contact: ContactName,
    /// Where they deal (FF-DEAL-1); `None` for a Contact met only through cards.
    pub sector: Option<SectorId>,
}

#[derive(Clone, Debug, Serialize)]
pub struct JobStepEntry {
    pub kind: StepKind,
    pub sector: SectorId,
}

#[derive(Clone, Debug, Serialize)]
pub struct JobEntry {
    #[serde(flatten)]
    pub entry: Entry,
    /// The Contact who deals it; `None` for a story job.
    pub contact: Option<ContactName>,
    pub types: Vec<JobType>,
    pub illegal: bool,
    pub immoral: bool,
    /// The printed pay; `None`: Special.
    pub pay: Option<u32>,
    pub needs: Skills,
    /// Pick-up, drop-off or target sectors, in order.
    pub steps: Vec<JobStepEntry>,
    /// Each Opportunity Bonus (`Origin::Opportunity { index }`): its one-line text.
    pub opportunities: Vec<String>,
}

/// One option of a card, rendered on its own (the option a `choose-option` action picks).
#[derive(Clone, Debug, Serialize)]
pub struct OptionEntry {
    pub name: String,
    pub text: String,
}

/// A Nav, Misbehave or event card.
#[derive(Clone, Debug, Serialize)]
pub struct CardEntry {
    #[serde(flatten)]
    pub entry: Entry,
    /// The card's definition id: copies of one card share it.
    pub def: u16,
    /// Nav cards: the deck (`alliance`, `border`, `rim`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deck: Option<NavDeckName>,
    pub reshuffle: bool,
    pub options: Vec<OptionEntry>,
}

#[derive(Clone, Debug, Serialize)]
pub struct GoalEntry {
    pub name: String,
    /// Where the goal is attempted; `None`: a standing condition.
    pub sector: Option<SectorId>,
    pub text: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct StoryEntry {
    #[serde(flatten)]
    pub entry: Entry,
    /// `[min, max]` captains.
    pub players: [u8; 2],
    pub goals: Vec<GoalEntry>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ItemEntry {
    #[serde(flatten)]
    pub entry: Entry,
    /// Boxes of Hold or Stash one item takes, in halves (Fuel and Parts: 1, others: 2).
    pub half_boxes: u32,
}

fn entry(id: &str, name: &str, kind: Kind, text: String) -> Entry {
    Entry {
        id: id.to_string(),
        name: name.to_string(),
        kind,
        text,
    }
}

fn options(choices: &[Choice]) -> Vec<OptionEntry> {
    choices
        .iter()
        .map(|c| OptionEntry {
            name: c.name.clone(),
            text: render::choice(c),
        })
        .collect()
}

fn zone_name(z: Zone) -> &'static str {
    match z {
        Zone::Alliance => "Alliance Space",
        Zone::Border => "Border Space",
        Zone::Rim => "Rim Space",
    }
}

/// "Persephone (Alliance Space). Planet: Persephone (Lux system). Supply: Persephone.
/// Contact: Badger."
fn sector_text(c: &Content, s: &Sector) -> String {
    let mut parts = vec![format!("{} ({}).", s.name, zone_name(s.zone))];
    if !s.planets.is_empty() {
        let ps: Vec<String> = s
            .planets
            .iter()
            .map(|p| format!("{} ({} system)", p.name, p.system))
            .collect();
        let head = if ps.len() == 1 { "Planet" } else { "Planets" };
        parts.push(format!("{head}: {}.", ps.join(", ")));
    }
    if let Some(d) = &s.supply {
        let name = c
            .supply_decks
            .iter()
            .find(|x| &x.def.id == d)
            .map_or(d.as_str(), |x| x.def.name.as_str());
        parts.push(format!("Supply: {name}."));
    }
    if let Some(k) = s.contact {
        parts.push(format!("Contact: {}.", k.name()));
    }
    if s.alliance_capital {
        parts.push("The Alliance Cruiser starts here.".into());
    }
    if s.firefly_logo {
        parts.push("The Reaver Cutter starts here.".into());
    }
    parts.join(" ")
}

impl Catalog {
    /// The catalog of a content. Card texts have one line per paragraph (a client wraps them to
    /// its width; leading spaces nest options under their card).
    pub fn of(c: &Content) -> Catalog {
        render::unwrapped(|| Catalog::build(c))
    }

    fn build(c: &Content) -> Catalog {
        let names = Names::of(c);
        let deck_of = |id: &str| {
            c.supply_decks
                .iter()
                .position(|d| d.def.id == id)
                .map(|d| d as DeckId)
        };
        let sectors = c
            .sectors
            .iter()
            .enumerate()
            .map(|(i, s)| SectorEntry {
                entry: entry(&s.id, &s.name, Kind::Sector, sector_text(c, s)),
                zone: s.zone,
                source: s.source,
                // The whole board, both Rim sections included: a client shows the sectors
                // of the products a game plays with (`source`, the game's `expansions`).
                neighbours: c.neighbours_anywhere(i as SectorId).to_vec(),
                planets: s.planets.clone(),
                supply: s.supply.as_deref().and_then(deck_of),
                contact: s.contact.or_else(|| {
                    c.tiles
                        .iter()
                        .find(|(at, _)| *at as usize == i)
                        .and_then(|(_, t)| t.contact)
                }),
                firefly_logo: s.firefly_logo,
                alliance_capital: s.alliance_capital,
                reaver_space: s.reaver_space,
                uroboros: s.uroboros,
                corvette_start: s.corvette_start,
                tile: c
                    .tiles
                    .iter()
                    .find(|(at, _)| *at as usize == i)
                    .map(|(_, t)| t.name.clone()),
                layout: s.layout,
            })
            .collect();
        let board = bounds(c.sectors.iter().map(|s| s.layout));
        let crew = c
            .crew
            .iter()
            .map(|x| CrewEntry {
                entry: entry(
                    &x.id,
                    &x.name,
                    if x.leader { Kind::Leader } else { Kind::Crew },
                    render::crew_card(x),
                ),
                cost: x.cost,
                skills: x.skills,
                professions: x.professions.clone(),
                keywords: x.keywords.clone(),
                moral: x.moral,
                wanted: x.wanted,
            })
            .collect();
        let gear = c
            .gear
            .iter()
            .map(|x| GearEntry {
                entry: entry(&x.id, &x.name, Kind::Gear, render::gear_card(x)),
                cost: x.cost,
                skills: x.skills,
                keywords: x.keywords.clone(),
            })
            .collect();
        let upgrades = c
            .upgrades
            .iter()
            .map(|x| UpgradeEntry {
                entry: entry(
                    &x.id,
                    &x.name,
                    if x.drive_core.is_some() {
                        Kind::DriveCore
                    } else {
                        Kind::Upgrade
                    },
                    render::upgrade_card(x),
                ),
                cost: x.cost,
                drive_core: x.drive_core,
            })
            .collect();
        let ships = c
            .ships
            .iter()
            .enumerate()
            .map(|(i, x)| ShipEntry {
                entry: entry(&x.id, &x.name, Kind::Ship, render::ship_card(x, &names)),
                hold: x.hold,
                stash: x.stash,
                max_crew: x.max_crew,
                upgrade_slots: x.upgrade_slots,
                drive_core: c.ship_cores[i],
            })
            .collect();
        let supply_decks = c
            .supply_decks
            .iter()
            .map(|d| SupplyDeckEntry {
                entry: entry(
                    &d.def.id,
                    &d.def.name,
                    Kind::SupplyDeck,
                    format!(
                        "{} Supply ({} cards), at {}.",
                        d.def.name,
                        d.cards.len(),
                        c.sector_name(d.sector)
                    ),
                ),
                sector: d.sector,
            })
            .collect();
        let supply = c
            .supply_cards
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let (card, def, id, kind) = match s.kind {
                    SupplyKind::Crew(d) => {
                        (SupplyCardKind::Crew, d, &c.crew[d as usize].id, Kind::Crew)
                    }
                    SupplyKind::Gear(d) => {
                        (SupplyCardKind::Gear, d, &c.gear[d as usize].id, Kind::Gear)
                    }
                    SupplyKind::Upgrade(d) => {
                        let u = &c.upgrades[d as usize];
                        let kind = if u.drive_core.is_some() {
                            Kind::DriveCore
                        } else {
                            Kind::Upgrade
                        };
                        (SupplyCardKind::Upgrade, d, &u.id, kind)
                    }
                };
                SupplyCardEntry {
                    entry: entry(
                        id,
                        c.supply_name(i as SupplyCardId),
                        kind,
                        render::supply_card(c, i as SupplyCardId),
                    ),
                    deck: s.deck,
                    card,
                    def,
                }
            })
            .collect();
        let contacts = c
            .contacts
            .iter()
            .map(|x| ContactEntry {
                entry: entry(
                    &kebab(x.contact),
                    x.contact.name(),
                    Kind::Contact,
                    render::contact_card(x),
                ),
                contact: x.contact,
                sector: c.contact_sector[x.contact.index()],
            })
            .collect();
        let jobs = c
            .jobs
            .iter()
            .enumerate()
            .map(|(i, j)| JobEntry {
                entry: entry(&j.id, &j.name, Kind::Job, render::job_card(j, &names)),
                contact: j.contact,
                types: j.types.clone(),
                illegal: j.illegal,
                immoral: j.immoral,
                pay: j.pay,
                needs: j.needs,
                steps: j
                    .steps
                    .iter()
                    .zip(&c.job_sectors[i])
                    .map(|(st, &sector)| JobStepEntry {
                        kind: st.kind,
                        sector,
                    })
                    .collect(),
                opportunities: j
                    .opportunities
                    .iter()
                    .map(|o| render::opportunity(o, &names))
                    .collect(),
            })
            .collect();
        let nav = c
            .nav_cards
            .iter()
            .map(|&d| {
                let n = &c.nav_defs[d as usize];
                CardEntry {
                    entry: entry(&n.id, &n.name, Kind::Nav, render::nav_card(n)),
                    def: d,
                    deck: Some(n.deck),
                    reshuffle: n.reshuffle,
                    options: options(&n.options),
                }
            })
            .collect();
        let misbehave = c
            .misbehave_cards
            .iter()
            .map(|&d| {
                let m = &c.misbehave_defs[d as usize];
                CardEntry {
                    entry: entry(
                        &m.id,
                        &m.name,
                        Kind::Misbehave,
                        render::misbehave_card(m, &names),
                    ),
                    def: d,
                    deck: None,
                    reshuffle: m.reshuffle,
                    options: options(&m.options),
                }
            })
            .collect();
        let events = c
            .events
            .iter()
            .enumerate()
            .map(|(i, e)| CardEntry {
                entry: entry(&e.id, &e.name, Kind::Event, render::event_card(e)),
                def: i as u16,
                deck: None,
                reshuffle: false,
                options: options(&e.options),
            })
            .collect();
        let stories = c
            .stories
            .iter()
            .enumerate()
            .map(|(i, s)| StoryEntry {
                entry: entry(&s.id, &s.title, Kind::Story, render::story_card(s, &names)),
                players: s.players,
                goals: s
                    .goals
                    .iter()
                    .enumerate()
                    .map(|(n, g)| GoalEntry {
                        name: g.name.clone(),
                        sector: c.goal_sectors[i][n],
                        text: render::goal_lines(g, n + 1, &names),
                    })
                    .collect(),
            })
            .collect();
        let items = Item::ALL
            .iter()
            .map(|&it| ItemEntry {
                entry: entry(
                    &kebab(it),
                    it.name(),
                    Kind::Item,
                    format!(
                        "{}: takes {} of a Hold or Stash box.",
                        it.name(),
                        if it.half_boxes() == 1 {
                            "half"
                        } else {
                            "one whole"
                        }
                    ),
                ),
                half_boxes: it.half_boxes(),
            })
            .collect();
        Catalog {
            game: "firefly",
            fingerprint: c.fingerprint.clone(),
            board,
            sectors,
            crew,
            leaders: c.leaders.clone(),
            gear,
            upgrades,
            ships,
            supply_decks,
            supply,
            contacts,
            jobs,
            nav,
            misbehave,
            events,
            stories,
            setup_cards: c
                .setup_cards
                .iter()
                .map(|s| entry(&s.id, &s.name, Kind::SetupCard, render::setup_card(s)))
                .collect(),
            items,
            nav_decks: ["Alliance", "Border", "Rim"],
            bounties: c
                .bounties
                .iter()
                .enumerate()
                .map(|(i, b)| BountyEntry {
                    entry: entry(
                        &b.id,
                        &b.name,
                        Kind::Bounty,
                        render::bounty_card(c, i as BountyId),
                    ),
                    cortex_alert: b.cortex_alert,
                    drop_off: c.bounty.drop_offs[i],
                    pay: b.pay,
                    immoral: b.immoral,
                })
                .collect(),
        }
    }
}

/// The id a view spells a value of a kebab-case vocabulary with (`"amnon-duul"`, `"cargo"`).
fn kebab<T: Serialize>(v: T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        other => unreachable!("a vocabulary word serializes as a string, not {other:?}"),
    }
}

/// The smallest box holding every box.
fn bounds(boxes: impl Iterator<Item = [i32; 4]>) -> [i32; 4] {
    let mut b: Option<[i32; 4]> = None;
    for [l, t, w, h] in boxes {
        b = Some(match b {
            None => [l, t, l + w, t + h],
            Some([l0, t0, r0, b0]) => [l0.min(l), t0.min(t), r0.max(l + w), b0.max(t + h)],
        });
    }
    let [l, t, r, bo] = b.unwrap_or_default();
    [l, t, r - l, bo - t]
}
