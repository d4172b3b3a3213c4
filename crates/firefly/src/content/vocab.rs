//! The closed vocabularies of the game: skills, professions, keywords, contacts, zones.
//! They are Rust enums because the rules name them (FF-SKILL-1, FF-PROF, FF-KW); content
//! files spell them in kebab-case (`"hacking-rig"`, `"amnon-duul"`).

use serde::{Deserialize, Serialize};

/// FF-SKILL-1: the three skills.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Skill {
    Fight,
    Tech,
    Negotiate,
}

impl Skill {
    pub const ALL: [Skill; 3] = [Skill::Fight, Skill::Tech, Skill::Negotiate];
    pub fn name(self) -> &'static str {
        match self {
            Skill::Fight => "Fight",
            Skill::Tech => "Tech",
            Skill::Negotiate => "Negotiate",
        }
    }
}

/// Skill points, indexed by [`Skill`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Skills {
    pub fight: u8,
    pub tech: u8,
    pub negotiate: u8,
}

impl Skills {
    pub fn get(&self, s: Skill) -> u8 {
        match s {
            Skill::Fight => self.fight,
            Skill::Tech => self.tech,
            Skill::Negotiate => self.negotiate,
        }
    }
    pub fn add(&mut self, other: &Skills) {
        self.fight += other.fight;
        self.tech += other.tech;
        self.negotiate += other.negotiate;
    }
    pub fn covers(&self, need: &Skills) -> bool {
        self.fight >= need.fight && self.tech >= need.tech && self.negotiate >= need.negotiate
    }
    pub fn is_zero(&self) -> bool {
        *self == Skills::default()
    }
}

/// FF-PROF: professions printed on crew cards. `Moral` is a trait, not a profession (FF-PROF-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Profession {
    Mechanic,
    Pilot,
    Companion,
    Merc,
    Soldier,
    HillFolk,
    Grifter,
    Medic,
    Mudder,
    Lawman,
}

impl Profession {
    pub const ALL: [Profession; 10] = [
        Profession::Mechanic,
        Profession::Pilot,
        Profession::Companion,
        Profession::Merc,
        Profession::Soldier,
        Profession::HillFolk,
        Profession::Grifter,
        Profession::Medic,
        Profession::Mudder,
        Profession::Lawman,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Profession::Mechanic => "Mechanic",
            Profession::Pilot => "Pilot",
            Profession::Companion => "Companion",
            Profession::Merc => "Merc",
            Profession::Soldier => "Soldier",
            Profession::HillFolk => "Hill Folk",
            Profession::Grifter => "Grifter",
            Profession::Medic => "Medic",
            Profession::Mudder => "Mudder",
            Profession::Lawman => "Lawman",
        }
    }
}

/// FF-KW: keywords printed in green on gear and some crew.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Keyword {
    Firearm,
    SniperRifle,
    Explosives,
    HackingRig,
    FakeId,
    Transport,
    FancyDuds,
    Knife,
}

impl Keyword {
    pub fn name(self) -> &'static str {
        match self {
            Keyword::Firearm => "FIREARM",
            Keyword::SniperRifle => "SNIPER RIFLE",
            Keyword::Explosives => "EXPLOSIVES",
            Keyword::HackingRig => "HACKING RIG",
            Keyword::FakeId => "FAKE ID",
            Keyword::Transport => "TRANSPORT",
            Keyword::FancyDuds => "FANCY DUDS",
            Keyword::Knife => "KNIFE",
        }
    }
}

/// The Contacts. Their Special Rules are engine behaviour (FF-REP-5, FF-REP-8..10), so the
/// set is closed; expansions add variants.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ContactName {
    Harken,
    Badger,
    AmnonDuul,
    Patience,
    Niska,
    LordHarrow,
    MrUniverse,
    MagistrateHiggins,
    FantyAndMingo,
}

impl ContactName {
    pub const COUNT: usize = 9;
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            ContactName::Harken => "Harken",
            ContactName::Badger => "Badger",
            ContactName::AmnonDuul => "Amnon Duul",
            ContactName::Patience => "Patience",
            ContactName::Niska => "Niska",
            ContactName::LordHarrow => "Lord Harrow",
            ContactName::MrUniverse => "Mr. Universe",
            ContactName::MagistrateHiggins => "Magistrate Higgins",
            ContactName::FantyAndMingo => "Fanty & Mingo",
        }
    }
}

/// FF-FLY-3, FF-COMP-20: the border colour of a sector decides its Nav deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Zone {
    /// Blue border.
    Alliance,
    /// Yellow border.
    Border,
    /// Red border (Blue Sun and Kalidasa board sections, FF-BS-6).
    Rim,
}

/// Which published product a card or board section comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    Base,
    BlueSun,
    Kalidasa,
    BreakinAtmo,
    PiratesAndBountyHunters,
    Promo,
}

impl Source {
    pub fn name(self) -> &'static str {
        match self {
            Source::Base => "Firefly: The Game",
            Source::BlueSun => "Blue Sun",
            Source::Kalidasa => "Kalidasa",
            Source::BreakinAtmo => "Breakin' Atmo",
            Source::PiratesAndBountyHunters => "Pirates & Bounty Hunters",
            Source::Promo => "promo",
        }
    }
}

/// An expansion a table may choose to play with (the `expansions` option). Each brings the
/// content of its [`Source`] (its board section, cards, contacts, leaders and stories) and its
/// rules (spec §18 Pirates & Bounty Hunters, §19 Blue Sun, §20 Kalidasa, each read with the
/// corrections at its top; Breakin' Atmo brings cards only). Any combination can be played.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expansion {
    BlueSun,
    Kalidasa,
    BreakinAtmo,
    PiratesAndBountyHunters,
}

impl Expansion {
    pub const ALL: [Expansion; 4] = [
        Expansion::BlueSun,
        Expansion::Kalidasa,
        Expansion::BreakinAtmo,
        Expansion::PiratesAndBountyHunters,
    ];
    /// The id used by options files, JSON and the CLI (`blue-sun`, `kalidasa`, `breakin-atmo`,
    /// `pirates-and-bounty-hunters`).
    pub fn id(self) -> &'static str {
        match self {
            Expansion::BlueSun => "blue-sun",
            Expansion::Kalidasa => "kalidasa",
            Expansion::BreakinAtmo => "breakin-atmo",
            Expansion::PiratesAndBountyHunters => "pirates-and-bounty-hunters",
        }
    }
    pub fn name(self) -> &'static str {
        self.source().name()
    }
    pub fn source(self) -> Source {
        match self {
            Expansion::BlueSun => Source::BlueSun,
            Expansion::Kalidasa => Source::Kalidasa,
            Expansion::BreakinAtmo => Source::BreakinAtmo,
            Expansion::PiratesAndBountyHunters => Source::PiratesAndBountyHunters,
        }
    }
    /// This expansion's bit in an [`ExpansionSet`].
    fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl std::str::FromStr for Expansion {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let want = s.trim().to_lowercase().replace([' ', '_'], "-");
        Expansion::ALL
            .into_iter()
            .find(|e| e.id() == want)
            .ok_or_else(|| {
                let ids: Vec<&str> = Expansion::ALL.iter().map(|e| e.id()).collect();
                format!(
                    "no expansion \"{s}\" (the expansions are {})",
                    ids.join(", ")
                )
            })
    }
}

/// The expansions in play, as a small bit set (`Copy`; one bit per [`Expansion`] in the order
/// of [`Expansion::ALL`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct ExpansionSet(pub u8);

impl ExpansionSet {
    /// Every combination of the expansions that bring board sections (FF-BS-1, FF-KAL-1), in
    /// [`ExpansionSet::board_index`] order: none, Blue Sun, Kalidasa, both.
    pub const BOARDS: [ExpansionSet; 4] = [
        ExpansionSet(0),
        ExpansionSet(1),
        ExpansionSet(2),
        ExpansionSet(3),
    ];
    pub fn of(list: &[Expansion]) -> ExpansionSet {
        ExpansionSet(list.iter().fold(0, |m, e| m | e.bit()))
    }
    pub fn has(self, e: Expansion) -> bool {
        self.0 & e.bit() != 0
    }
    /// The expansion that brings content of `source`, when it is not in this set (a story or
    /// Set Up card of a box not in play).
    pub fn missing_for(self, source: Source) -> Option<Expansion> {
        Expansion::ALL
            .into_iter()
            .find(|e| e.source() == source && !self.has(*e))
    }
    /// Which board this set plays on, an index into [`ExpansionSet::BOARDS`]: only Blue Sun
    /// and Kalidasa add sectors.
    pub fn board_index(self) -> usize {
        (self.0 & 0b11) as usize
    }
    /// Whether a Rim board section is on the table.
    pub fn has_rim(self) -> bool {
        self.board_index() != 0
    }
    /// Whether content of this source is in play: the base game's always, and the other
    /// products' the engine has (promo cards among them) as before; an expansion's only when
    /// chosen.
    pub fn includes(self, source: Source) -> bool {
        match source {
            Source::BlueSun => self.has(Expansion::BlueSun),
            Source::Kalidasa => self.has(Expansion::Kalidasa),
            Source::BreakinAtmo => self.has(Expansion::BreakinAtmo),
            Source::PiratesAndBountyHunters => self.has(Expansion::PiratesAndBountyHunters),
            Source::Base | Source::Promo => true,
        }
    }
    pub fn list(self) -> Vec<Expansion> {
        Expansion::ALL
            .into_iter()
            .filter(|&e| self.has(e))
            .collect()
    }
}

/// The two faces of the double-sided Alert tokens (FF-BS-9, FF-KAL-10).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AlertKind {
    Alliance,
    Reaver,
}

impl AlertKind {
    pub fn name(self) -> &'static str {
        match self {
            AlertKind::Alliance => "Alliance Alert",
            AlertKind::Reaver => "Reaver Alert",
        }
    }
}

/// FF-DEAL-12..17: job types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JobType {
    Crime,
    Shipping,
    Smuggling,
    Transport,
    SalvageOp,
    Piracy,
    Bounty,
    Task,
}

impl JobType {
    pub fn name(self) -> &'static str {
        match self {
            JobType::Crime => "Crime",
            JobType::Shipping => "Shipping",
            JobType::Smuggling => "Smuggling",
            JobType::Transport => "Transport",
            JobType::SalvageOp => "Salvage Op",
            JobType::Piracy => "Piracy",
            JobType::Bounty => "Bounty",
            JobType::Task => "Task",
        }
    }
}

/// Things a ship carries (FF-COMP-13). Goods are Cargo, Contraband, Fuel and Parts;
/// Passengers and Fugitives are not Goods.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Item {
    Cargo,
    Contraband,
    Fuel,
    Parts,
    Passengers,
    Fugitives,
}

impl Item {
    pub const ALL: [Item; 6] = [
        Item::Cargo,
        Item::Contraband,
        Item::Fuel,
        Item::Parts,
        Item::Passengers,
        Item::Fugitives,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Item::Cargo => "Cargo",
            Item::Contraband => "Contraband",
            Item::Fuel => "Fuel",
            Item::Parts => "Parts",
            Item::Passengers => "Passengers",
            Item::Fugitives => "Fugitives",
        }
    }
    /// FF-MISC-2/3: Fuel and Parts take half a box; everything else a full box.
    pub fn half_boxes(self) -> u32 {
        match self {
            Item::Fuel | Item::Parts => 1,
            _ => 2,
        }
    }
}

/// The suit mark of a Misbehave card, read by Kalidasa's "Gamble" and "Double Down" jobs.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Suit {
    Spades,
    Clubs,
    Diamonds,
    Hearts,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Clubs, Suit::Diamonds, Suit::Hearts];
    pub fn name(self) -> &'static str {
        match self {
            Suit::Spades => "Spades",
            Suit::Clubs => "Clubs",
            Suit::Diamonds => "Diamonds",
            Suit::Hearts => "Hearts",
        }
    }
}
