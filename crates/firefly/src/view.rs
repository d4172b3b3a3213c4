//! What one seat may see (boardgame.io's "player view"): everything public, plus that seat's
//! own hand of jobs and the cards it is considering. Deck orders and the RNG are never shown.

use serde::Serialize;
use smallvec::SmallVec;
use tabletop_core::Seat;

use crate::content::*;
use crate::resolve::{Origin, Pending, Resolution, Stage};
use crate::state::*;

/// A seat's view borrows what it shows as it is kept in the state (the captains' lists, the
/// discard piles, the Cutters, Alerts and bounties) and works out only what a seat sees
/// differently (the hands, the cards being considered) or what the state does not keep in that
/// shape: a view is made for every seat after every action (the server, the property test's
/// hidden-information check), so it copies no list and allocates once, for the captains
/// (issue 11). A view lives as long as the borrow of the state; the JSON is the same as an
/// owned one's.
#[derive(Clone, Debug, Serialize)]
pub struct View<'a> {
    pub seat: Seat,
    /// Whose decision it is, and whose turn.
    pub actor: Option<Seat>,
    pub current: Seat,
    pub round: u16,
    pub story: &'static str,
    pub phase: Phase,
    pub players: Vec<PlayerView<'a>>,
    pub cruiser: SectorId,
    /// The first Reaver Cutter (every Cutter is in `cutters`).
    pub cutter: SectorId,
    /// Every Reaver Cutter (three with Blue Sun, FF-KAL-9).
    pub cutters: &'a [SectorId],
    /// The Operative's Corvette (Kalidasa).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub corvette: Option<SectorId>,
    /// Alert tokens by sector (FF-BS-9, FF-KAL-10); the printed Reaver Alerts of Reaver Space
    /// are not listed (they are the board's, `Sector::reaver_space`).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub alerts: &'a [crate::rim::Alerts],
    /// Face-up discard piles: Supply decks (by deck), Contacts (by contact), Nav, Misbehave.
    pub supply_discards: SmallVec<[&'a [SupplyCardId]; MAX_SUPPLY_DECKS]>,
    pub contact_discards: SmallVec<[(ContactName, &'a [JobId]); ContactName::COUNT]>,
    pub nav_discards: [&'a [u16]; 3],
    pub misbehave_discard: &'a [u16],
    /// Cards left in each face-down pile.
    pub supply_left: SmallVec<[usize; MAX_SUPPLY_DECKS]>,
    pub contacts_left: SmallVec<[(ContactName, usize); ContactName::COUNT]>,
    pub nav_left: [usize; 3],
    pub misbehave_left: usize,
    /// The cards this seat is looking at to put back in its chosen order (Nav Charts, Heist
    /// Intel), top first; never another seat's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub looking_at: Option<LookingAt>,
    /// What this seat knows of the top of each face-down deck from having looked (Alliance,
    /// Border, Rim Nav, then Misbehave), top first; empty when nothing.
    pub known_top: [crate::card_use::TopCards; 4],
    pub turn: TurnActions,
    /// Last Call, once declared (stories with a Last Call ending).
    pub last_call: Option<LastCallView>,
    /// The cards being resolved, innermost last (an Alliance Contact may interrupt a Nav
    /// card). Public: every card resolved is face up.
    pub resolving: SmallVec<[ResolvingView; 4]>,
    /// Pirates & Bounty Hunters (absent without it): the Most Wanted and Bound Fugitives are face
    /// up; of the Bounty deck only its size is known (FF-PBH-1, FF-PBH-10).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounties: Option<BountiesView<'a>>,
    /// FF-PBH-37: the Destination tokens on the story's goal sectors, numbered in goal order.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub destinations: &'static [Destination],
}

/// The public face of the bounties.
#[derive(Clone, Debug, Serialize)]
pub struct BountiesView<'a> {
    pub most_wanted: &'a [BountyId],
    pub bound: &'a [crate::bounty::Bound],
    pub deck_left: usize,
}

/// Cards a seat looks at to arrange: a Nav deck's (`nav`) or the Misbehave deck's (`None`).
#[derive(Clone, Debug, Serialize)]
pub struct LookingAt {
    pub nav: Option<NavDeckName>,
    pub cards: Vec<u16>,
}

/// A card option or test being resolved (a [`Resolution`]) as a player sees it: the card
/// itself is in the catalog (by `origin`), its options are the `choose-option` actions.
#[derive(Clone, Debug, Serialize)]
pub struct ResolvingView {
    pub origin: Origin,
    pub seat: Seat,
    pub stage: Stage,
    /// The option chosen, by index into the card's options.
    pub chosen: Option<u8>,
    /// FF-MISB-15: the step being made, from 0.
    pub step: u8,
    pub tester: Option<CrewCard>,
    /// Bribes paid, in $100s (FF-SKILL-7).
    pub bribe: u8,
    /// The test's terms: while bribes are chosen or a roll is kept or not, and once rolled.
    pub test: Option<TestTerms>,
    /// The dice rolled: each face (a 6 earns a bonus roll, FF-SKILL-8) and their sum.
    pub faces: crate::event::Faces,
    pub dice: Option<u32>,
    pub rerolled: bool,
    /// Bonus from gear discarded after rolling.
    pub after_roll_bonus: i32,
    /// A crew member's skill lent to the test (Mal's Brown Coat).
    pub lent: i32,
    /// The outcome band rolled, by index into the test's outcomes, and the branch chosen.
    pub band: Option<u8>,
    pub branch: Option<u8>,
    /// A decision an effect is waiting for.
    pub pending: Option<Pending>,
    pub ending: Option<Ending>,
    /// Stitch treats this Negotiate test as a Fight test.
    pub as_fight: bool,
    /// FF-MISC-6: the teams of a crew split (bit i = crew[i]).
    pub teams: crate::resolve::Teams,
}

/// The terms of a test's total besides the dice (FF-SKILL-3..7).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct TestTerms {
    pub skill: Skill,
    /// The skill points of the crew making the test and their gear.
    pub points: u32,
    /// Card modifiers: per Warrant, keywords, River Tam's Gifted roll.
    pub modifier: i32,
    /// Dice + points + bribes + modifier + after-roll bonus, once rolled.
    pub total: Option<i32>,
}

impl ResolvingView {
    fn of(g: &Firefly, r: &Resolution, top: bool) -> ResolvingView {
        // Before the roll is settled the points are those the crew on the test has now; after,
        // those that were counted.
        let terms = match (r.skill(), r.counted) {
            (Some(skill), Some((points, modifier))) => Some((skill, points, modifier)),
            (Some(_), None) if top && matches!(r.stage, Stage::Bribe | Stage::Rolled) => {
                Some(g.test_points())
            }
            _ => None,
        };
        let test = terms.map(|(skill, points, modifier)| TestTerms {
            skill,
            points,
            modifier,
            total: r.roll.map(|roll| {
                roll.total as i32
                    + points as i32
                    + r.bribe as i32
                    + modifier
                    + r.after_roll_bonus
                    + r.lent.map_or(0, |(_, _, n)| n)
            }),
        });
        ResolvingView {
            origin: r.origin,
            seat: r.seat,
            stage: r.stage,
            chosen: r.chosen,
            step: r.step,
            tester: r.tester,
            bribe: r.bribe,
            test,
            faces: r
                .roll
                .map_or_else(Default::default, |roll| roll.faces().into()),
            dice: r.roll.map(|roll| roll.total),
            rerolled: r.rerolled,
            after_roll_bonus: r.after_roll_bonus,
            lent: r.lent.map_or(0, |(_, _, n)| n),
            band: r.band,
            branch: r.branch,
            pending: r.pending,
            ending: r.ending,
            as_fight: r.as_fight,
            teams: r.teams.clone(),
        }
    }
}

/// Last Call as the table sees it: who declared it, and who still has a turn.
#[derive(Clone, Debug, Serialize)]
pub struct LastCallView {
    pub declarer: Seat,
    /// The captain whose turn is under way, then those whose last turn is to come, in order;
    /// empty once the game is over.
    pub still_to_play: Vec<Seat>,
}

/// One captain as a seat sees them. What is not chosen yet during set-up is `None` (`null` in
/// JSON): the Leader before FF-SETUP-8's pick, the ship and its drive core before the ship is
/// chosen, the sector before the ship is placed (FF-SETUP-10).
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView<'a> {
    pub seat: Seat,
    pub sector: Option<SectorId>,
    pub leader: Option<CrewDefId>,
    pub ship: Option<ShipId>,
    pub drive_core: Option<DriveCoreCard>,
    pub upgrades: &'a [SupplyCardId],
    pub crew: &'a [CrewMember],
    pub spare_gear: &'a crate::state::SupplySet,
    pub money: u32,
    pub items: [u8; 6],
    /// The seat's own hand; other seats see only its size.
    pub hand: Option<&'a [JobId]>,
    pub hand_size: usize,
    pub active: &'a [ActiveJob],
    pub completed: &'a crate::state::JobSet,
    pub solid: SmallVec<[ContactName; ContactName::COUNT]>,
    pub warrants: u8,
    pub goals: u8,
    pub outlaw: bool,
    /// The captain's Haven token (FF-PBH-38: in their ship's colour), in a story with Havens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub haven: Option<SectorId>,
}

impl Firefly {
    /// FF-PBH-37: the story's Destination tokens (`Content::destinations`).
    pub fn destinations(&self) -> &'static [Destination] {
        &self.content.destinations[self.story as usize]
    }
}

impl<'a> View<'a> {
    pub fn of(g: &'a Firefly, seat: Seat) -> View<'a> {
        let players = g
            .players
            .iter()
            .map(|p| {
                let ship_chosen = g.ships_chosen & (1 << p.seat) != 0;
                PlayerView {
                    seat: p.seat,
                    sector: p.placed.then_some(p.sector),
                    leader: (!p.crew.is_empty()).then_some(p.leader),
                    ship: ship_chosen.then_some(p.ship),
                    drive_core: ship_chosen.then_some(p.drive_core),
                    upgrades: &p.upgrades,
                    crew: &p.crew,
                    spare_gear: &p.spare_gear,
                    money: p.money,
                    items: p.items,
                    hand: (p.seat == seat).then_some(&p.hand[..]),
                    hand_size: p.hand.len(),
                    active: &p.active,
                    completed: &p.completed,
                    solid: crate::deal::ALL_CONTACTS
                        .iter()
                        .copied()
                        .filter(|&c| p.is_solid(c))
                        .collect(),
                    warrants: p.warrants,
                    goals: p.goals,
                    outlaw: g.is_outlaw(p),
                    haven: p.haven,
                }
            })
            .collect();
        // Cards being considered were partly drawn face down: only their owner sees them.
        let phase = if g.actor == seat {
            g.phase.clone()
        } else {
            match &g.phase {
                Phase::Considering {
                    market,
                    considered,
                    max,
                } => Phase::Considering {
                    market: *market,
                    considered: smallvec::smallvec![u16::MAX; considered.len()],
                    max: *max,
                },
                Phase::Purchasing {
                    deck,
                    considered,
                    bought,
                    max,
                } => Phase::Purchasing {
                    deck: *deck,
                    considered: smallvec::smallvec![u16::MAX; considered.len()],
                    bought: *bought,
                    max: *max,
                },
                Phase::Accepting {
                    contact,
                    considered,
                    accepted,
                } => Phase::Accepting {
                    contact: *contact,
                    considered: smallvec::smallvec![u16::MAX; considered.len()],
                    accepted: *accepted,
                },
                ph => ph.clone(),
            }
        };
        let contacts: SmallVec<[ContactName; ContactName::COUNT]> = crate::deal::ALL_CONTACTS
            .iter()
            .copied()
            .filter(|c| g.decks.contacts[c.index()].all_cards().next().is_some())
            .collect();
        View {
            seat,
            actor: (g.phase != Phase::Over).then_some(g.actor),
            current: g.current,
            round: g.round,
            story: &g.content.stories[g.story as usize].title,
            phase,
            players,
            cruiser: g.cruiser,
            cutter: g.cutters[0],
            cutters: &g.cutters,
            corvette: g.corvette,
            alerts: &g.alerts,
            supply_discards: g.decks.supply.iter().map(|d| d.discard_pile()).collect(),
            contact_discards: contacts
                .iter()
                .map(|&c| (c, g.decks.contacts[c.index()].discard_pile()))
                .collect(),
            nav_discards: std::array::from_fn(|i| g.decks.nav[i].discard_pile()),
            misbehave_discard: g.decks.misbehave.discard_pile(),
            supply_left: g.decks.supply.iter().map(|d| d.draw_len()).collect(),
            contacts_left: contacts
                .iter()
                .map(|&c| (c, g.decks.contacts[c.index()].draw_len()))
                .collect(),
            nav_left: std::array::from_fn(|i| g.decks.nav[i].draw_len()),
            misbehave_left: g.decks.misbehave.draw_len(),
            looking_at: g
                .looking_at(seat)
                .map(|(nav, cards)| LookingAt { nav, cards }),
            known_top: g.known_top(seat),
            turn: g.turn,
            last_call: g.last_call.as_ref().map(|lc| LastCallView {
                declarer: lc.declarer,
                still_to_play: g.still_to_play(),
            }),
            resolving: g
                .resolution
                .iter()
                .enumerate()
                .map(|(i, r)| ResolvingView::of(g, r, i + 1 == g.resolution.len()))
                .collect(),
            bounties: g
                .uses(Expansion::PiratesAndBountyHunters)
                .then(|| BountiesView {
                    most_wanted: &g.bounties.most_wanted,
                    bound: &g.bounties.bound,
                    deck_left: g.bounties.deck.draw_len(),
                }),
            destinations: g.destinations(),
        }
    }
}
