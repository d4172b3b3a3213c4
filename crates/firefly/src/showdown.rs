//! Boarding Tests and Showdowns (Pirates & Bounty Hunters, spec §18.4, FF-PBH-21..23).
//!
//! The Boarding Test is an ordinary crew skill test (Tech or Negotiate, 6+), resolved as a card
//! option is ([`Origin::Boarding`], options `Content::boarding_test`), so re-rolls and Thrillin'
//! Heroics work as on any test. The Showdown is an opposed roll between two sides and has a
//! phase of its own, [`Phase::Showdown`], in which the Defender — another captain — decides too:
//! the Attacker picks a skill, then the Defender re-assigns gear and picks theirs, both roll
//! (Thrillin' Heroics apply), each may use a re-roll ability, and the higher total wins, the
//! Defender winning ties.
//!
//! Decisions (also in NOTES.md):
//! - The Attacker's gear is as assigned before the Work action (FF-PBH-7: too late once the
//!   attempt begins); the Defender assigns theirs before choosing a skill.
//! - A lone fugitive (FF-PBH-9(b)) defends with their best printed skill and no gear; "the
//!   player on your right rolls" is the engine's die.
//! - Re-rolls: after both dice are rolled the Attacker, then the Defender, may use each of their
//!   re-roll abilities once (The Guardian re-rolls their own die, Chari makes the rival re-roll).
//! - Agent McGinnis ("whenever you lose a Showdown, Warrant Issued to Rival"): the winning
//!   captain takes a Warrant; against a lone fugitive there is no rival to take it.

use serde::Serialize;
use tabletop_core::{ExplodingRoll, Seat};

use crate::action::Action;
use crate::content::*;
use crate::event::Event;
use crate::resolve::Origin;
use crate::state::*;

/// Who stands against the Attacker.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum Defender {
    /// A rival captain's whole crew.
    Rival(Seat),
    /// A fugitive alone, on a Supply planet (FF-PBH-9(b)).
    Fugitive(SupplyCardId),
}

/// Where a Showdown stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ShowdownStage {
    /// FF-PBH-23: the Attacker chooses a skill first.
    AttackerSkill,
    /// The Defender assigns gear (free `Equip`/`Unequip`) and chooses a skill.
    DefenderSkill,
    /// Both have rolled: the Attacker may use a re-roll ability, or keep the dice.
    AttackerRolled,
    /// Then the Defender.
    DefenderRolled,
    /// A Bounty Jump was won: the hunter takes the fugitives or frees them (FF-PBH-15).
    JumpWon,
}

/// A Showdown under way (FF-PBH-23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Showdown {
    pub attacker: Seat,
    pub defender: Defender,
    pub stage: ShowdownStage,
    pub attack: Option<Skill>,
    pub defend: Option<Skill>,
    pub attack_roll: Option<ExplodingRoll>,
    pub defend_roll: Option<ExplodingRoll>,
    /// Re-roll abilities used, `USED_*` bits.
    pub used: u8,
    /// Piracy for Goods: what the Defender keeps in the Stash, by `Item::index` (FF-PBH-27/28,
    /// `crate::piracy`).
    pub stashed: [u8; 6],
}

const ATTACKER_REROLLED: u8 = 1;
const ATTACKER_FORCED: u8 = 2;
const DEFENDER_REROLLED: u8 = 4;
const DEFENDER_FORCED: u8 = 8;

impl Showdown {
    /// The seat deciding now.
    pub fn actor(&self) -> Seat {
        match (self.stage, self.defender) {
            (ShowdownStage::DefenderSkill | ShowdownStage::DefenderRolled, Defender::Rival(d)) => d,
            _ => self.attacker,
        }
    }
}

impl Firefly {
    /// FF-PBH-21: the Boarding Test of the Work action under way.
    pub(crate) fn begin_boarding(&mut self, events: &mut Vec<Event>) {
        let seat = self.current;
        self.begin_resolution(Origin::Boarding, seat, &self.content.boarding_test, events);
    }

    /// FF-PBH-22: aboard; the intended action goes on with a Showdown against the ship's crew.
    pub(crate) fn boarded(&mut self, events: &mut Vec<Event>) {
        let seat = self.current;
        let Activity::Working { target, .. } = self.activity else {
            unreachable!()
        };
        let rival = match target {
            WorkTarget::Apprehend(card) => self
                .players
                .iter()
                .find(|p| p.crew_index(CrewCard::Hired(card)).is_some())
                .map(|p| p.seat)
                .unwrap(),
            WorkTarget::JumpBounty { from, .. } => from,
            WorkTarget::Piracy { target, .. } => target,
            _ => unreachable!("nothing to board for"),
        };
        events.push(Event::Boarded { seat, rival });
        self.start_showdown(Defender::Rival(rival), events);
    }

    /// FF-PBH-23: a Showdown begins; the Attacker (the captain whose turn it is) chooses first.
    pub(crate) fn start_showdown(&mut self, defender: Defender, events: &mut Vec<Event>) {
        let attacker = self.current;
        events.push(Event::ShowdownBegun { attacker, defender });
        self.phase = Phase::Showdown(Showdown {
            attacker,
            defender,
            stage: ShowdownStage::AttackerSkill,
            attack: None,
            defend: None,
            attack_roll: None,
            defend_roll: None,
            used: 0,
            stashed: [0; 6],
        });
    }

    /// The legal actions of a Showdown.
    pub fn showdown_actions(&self, out: &mut Vec<Action>) {
        let Phase::Showdown(s) = &self.phase else {
            unreachable!()
        };
        match s.stage {
            ShowdownStage::AttackerSkill => {
                out.extend(Skill::ALL.map(Action::ShowdownSkill));
            }
            ShowdownStage::DefenderSkill => {
                let Defender::Rival(d) = s.defender else {
                    unreachable!("a lone fugitive does not choose")
                };
                self.equip_actions(&self.players[d as usize], out);
                self.stash_actions(s, out);
                out.extend(Skill::ALL.map(Action::ShowdownSkill));
            }
            ShowdownStage::AttackerRolled | ShowdownStage::DefenderRolled => {
                let attacking = s.stage == ShowdownStage::AttackerRolled;
                let (reroll, force) = self.rerolls_left(s, attacking);
                if reroll {
                    out.push(Action::Reroll);
                }
                if force {
                    out.push(Action::ForceReroll);
                }
                out.push(Action::KeepRoll);
            }
            ShowdownStage::JumpWon => {
                out.push(Action::Rescue(false));
                out.push(Action::Rescue(true));
            }
        }
    }

    /// The re-roll abilities a side may still use: its own die (The Guardian), the rival's
    /// (Chari). A lone fugitive has none, and cannot be made to re-roll by nobody.
    fn rerolls_left(&self, s: &Showdown, attacking: bool) -> (bool, bool) {
        let seat = match (attacking, s.defender) {
            (true, _) => s.attacker,
            (false, Defender::Rival(d)) => d,
            (false, Defender::Fugitive(_)) => return (false, false),
        };
        let (own_bit, force_bit) = if attacking {
            (ATTACKER_REROLLED, ATTACKER_FORCED)
        } else {
            (DEFENDER_REROLLED, DEFENDER_FORCED)
        };
        let p = &self.players[seat as usize];
        let has = |f: fn(&Ability) -> bool| self.crew_abilities(p).any(f);
        (
            s.used & own_bit == 0 && has(|a| matches!(a, Ability::RerollShowdown)),
            s.used & force_bit == 0 && has(|a| matches!(a, Ability::ForceRivalReroll)),
        )
    }

    pub fn apply_showdown(&mut self, a: Action, events: &mut Vec<Event>) {
        let Phase::Showdown(mut s) = self.phase else {
            unreachable!()
        };
        match (s.stage, a) {
            (ShowdownStage::AttackerSkill, Action::ShowdownSkill(k)) => {
                s.attack = Some(k);
                events.push(Event::ShowdownSkill {
                    seat: Some(s.attacker),
                    skill: k,
                });
                match s.defender {
                    Defender::Rival(_) => s.stage = ShowdownStage::DefenderSkill,
                    Defender::Fugitive(card) => {
                        let k = self.fugitive_best_skill(card);
                        s.defend = Some(k);
                        events.push(Event::ShowdownSkill {
                            seat: None,
                            skill: k,
                        });
                        return self.roll_showdown(s, events);
                    }
                }
            }
            (ShowdownStage::DefenderSkill, Action::Equip { .. } | Action::Unequip(_)) => {
                let Defender::Rival(d) = s.defender else {
                    unreachable!()
                };
                self.apply_equip(d, a);
            }
            // FF-PBH-27/28: one more of the Defender's Goods kept in the Stash.
            (ShowdownStage::DefenderSkill, Action::LoadGood(item)) => {
                s.stashed[item.index()] += 1;
                events.push(Event::Stashed {
                    seat: s.actor(),
                    item,
                });
            }
            (ShowdownStage::DefenderSkill, Action::ShowdownSkill(k)) => {
                s.defend = Some(k);
                events.push(Event::ShowdownSkill {
                    seat: Some(s.actor()),
                    skill: k,
                });
                return self.roll_showdown(s, events);
            }
            (ShowdownStage::AttackerRolled | ShowdownStage::DefenderRolled, _) => {
                let attacking = s.stage == ShowdownStage::AttackerRolled;
                match a {
                    Action::Reroll | Action::ForceReroll => {
                        let own = a == Action::Reroll;
                        s.used |= match (attacking, own) {
                            (true, true) => ATTACKER_REROLLED,
                            (true, false) => ATTACKER_FORCED,
                            (false, true) => DEFENDER_REROLLED,
                            (false, false) => DEFENDER_FORCED,
                        };
                        // Own die, or the rival's.
                        let attackers_die = attacking == own;
                        let roll = self.chance.exploding_d6();
                        if attackers_die {
                            s.attack_roll = Some(roll);
                        } else {
                            s.defend_roll = Some(roll);
                        }
                        self.push_showdown_roll(&s, attackers_die, events);
                    }
                    Action::KeepRoll => {
                        if attacking {
                            s.stage = ShowdownStage::DefenderRolled;
                        } else {
                            return self.settle_showdown(s, events);
                        }
                    }
                    _ => unreachable!(),
                }
                // Nothing left to decide: on to the next side, or the result.
                return self.next_after_roll(s, events);
            }
            (ShowdownStage::JumpWon, Action::Rescue(rescue)) => {
                return self.finish_jump(rescue, events);
            }
            _ => unreachable!("{a:?} in {s:?}"),
        }
        self.phase = Phase::Showdown(s);
    }

    /// A lone fugitive's best skill (FF-PBH-9(b)): the highest printed, Fight before Tech before
    /// Negotiate on a tie.
    fn fugitive_best_skill(&self, card: SupplyCardId) -> Skill {
        let d = self.content.supply_cards[card as usize].crew().unwrap();
        let skills = self.content.crew[d as usize].skills;
        let mut best = Skill::Fight;
        for k in Skill::ALL {
            if skills.get(k) > skills.get(best) {
                best = k;
            }
        }
        best
    }

    /// Both sides roll a die, Thrillin' Heroics applying (FF-PBH-23); first, Sash's Hand
    /// Cannon Disgruntles the rival's Leader.
    fn roll_showdown(&mut self, mut s: Showdown, events: &mut Vec<Event>) {
        let defender = match s.defender {
            Defender::Rival(d) => Some(d),
            Defender::Fugitive(_) => None,
        };
        self.hand_cannons(s.attacker, defender, events);
        s.attack_roll = Some(self.chance.exploding_d6());
        self.push_showdown_roll(&s, true, events);
        s.defend_roll = Some(self.chance.exploding_d6());
        self.push_showdown_roll(&s, false, events);
        s.stage = ShowdownStage::AttackerRolled;
        self.next_after_roll(s, events)
    }

    /// Skip the side that has no re-roll to use; settle once neither has.
    fn next_after_roll(&mut self, mut s: Showdown, events: &mut Vec<Event>) {
        if s.stage == ShowdownStage::AttackerRolled && self.rerolls_left(&s, true) == (false, false)
        {
            s.stage = ShowdownStage::DefenderRolled;
        }
        if s.stage == ShowdownStage::DefenderRolled
            && self.rerolls_left(&s, false) == (false, false)
        {
            return self.settle_showdown(s, events);
        }
        self.phase = Phase::Showdown(s);
    }

    fn push_showdown_roll(&self, s: &Showdown, attacker: bool, events: &mut Vec<Event>) {
        let roll = if attacker {
            s.attack_roll
        } else {
            s.defend_roll
        }
        .unwrap();
        events.push(Event::ShowdownRolled {
            attacker,
            roll,
            total: roll.total + self.showdown_points(s, attacker),
        });
    }

    /// A side's points before the die: the chosen skill of its whole crew with their gear
    /// (FF-SKILL-2), plus the Showdown bonuses of its crew and gear; a lone fugitive's printed
    /// skill.
    pub fn showdown_points(&self, s: &Showdown, attacker: bool) -> u32 {
        let (seat, skill) = match (attacker, s.defender) {
            (true, _) => (s.attacker, s.attack),
            (false, Defender::Rival(d)) => (d, s.defend),
            (false, Defender::Fugitive(card)) => {
                let d = self.content.supply_cards[card as usize].crew().unwrap();
                let k = s.defend.unwrap_or(Skill::Fight);
                return self.content.crew[d as usize].skills.get(k) as u32;
            }
        };
        let Some(skill) = skill else { return 0 };
        let p = &self.players[seat as usize];
        let mask = self.showdown_mask(seat, attacker);
        // An Alliance Sonic Rifle on the other side: this side's Fight is Kosherized.
        let rival = match s.defender {
            Defender::Rival(d) if attacker => Some(d),
            _ if attacker => None,
            _ => Some(s.attacker),
        };
        let kosherized = self.showdown_kosherized(skill, attacker, rival);
        let mut total = self.mask_skill(p, mask, skill, kosherized);
        for (i, m) in p.crew.iter().enumerate() {
            if mask & (1 << i) == 0 {
                continue;
            }
            let gear = m
                .gear
                .iter()
                .flat_map(|&g| self.gear_def(g).abilities.iter());
            for a in self.crew_def(m).abilities.iter().chain(gear) {
                if let Ability::ShowdownSkill {
                    skill: k,
                    amount,
                    attacking_only,
                } = a
                {
                    if *k == skill && (attacker || !attacking_only) {
                        total += *amount as u32;
                    }
                }
            }
        }
        total
    }

    /// FF-PBH-23: the higher total wins; the Defender wins ties.
    fn settle_showdown(&mut self, s: Showdown, events: &mut Vec<Event>) {
        let attack = s.attack_roll.unwrap().total + self.showdown_points(&s, true);
        let defend = s.defend_roll.unwrap().total + self.showdown_points(&s, false);
        let attacker_won = attack > defend;
        events.push(Event::ShowdownWon {
            attacker_won,
            attack,
            defend,
        });
        self.phase = Phase::Resolving;
        // Agent McGinnis: the loser's Lawman has the winner issued a Warrant.
        if let Defender::Rival(d) = s.defender {
            let (loser, winner) = if attacker_won {
                (d, s.attacker)
            } else {
                (s.attacker, d)
            };
            let p = &self.players[loser as usize];
            if self
                .crew_abilities(p)
                .any(|a| matches!(a, Ability::WarrantOnLostShowdown))
            {
                self.issue_warrant(winner, None, events);
            }
        }
        match (attacker_won, self.piracy_under_way().is_some()) {
            (true, true) => self.piracy_won(&s),
            (false, true) => self.piracy_lost(events),
            (true, false) => self.bounty_showdown_won(&s, events),
            (false, false) => self.showdown_lost(events),
        }
    }

    /// The Attacker lost: the Showdown's "lose" results (the Bounty card's), then the attempt
    /// is botched.
    fn showdown_lost(&mut self, events: &mut Vec<Event>) {
        let seat = self.current;
        let Activity::Working { target, .. } = self.activity else {
            unreachable!()
        };
        let b = match target {
            WorkTarget::Apprehend(card) => self
                .bounty_for(self.content.supply_cards[card as usize].crew().unwrap())
                .unwrap(),
            WorkTarget::JumpBounty { bounty, .. } => bounty,
            _ => unreachable!(),
        };
        self.begin_resolution(
            Origin::ShowdownLost { bounty: b },
            seat,
            &self.content.bounty.lose[b as usize],
            events,
        );
    }
}
