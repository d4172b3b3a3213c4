//! Showdowns (Pirates & Bounty Hunters, FF-PBH-23): which skill to use, when to re-roll, and
//! what to do with a jumped bounty.

use tabletop_core::Seat;
use tabletop_firefly::content::Skill;
use tabletop_firefly::showdown::{Showdown, ShowdownStage};
use tabletop_firefly::{Action, Firefly, Phase};

use super::FireflyBot;

impl FireflyBot {
    pub(super) fn showdown(&mut self, g: &Firefly, _seat: Seat, legal: &[Action]) -> Action {
        let Phase::Showdown(s) = &g.phase else {
            unreachable!()
        };
        let attacking =
            s.stage == ShowdownStage::AttackerSkill || s.stage == ShowdownStage::AttackerRolled;
        match s.stage {
            // The skill with the most points; gear stays where it is.
            ShowdownStage::AttackerSkill | ShowdownStage::DefenderSkill => {
                if let Some(a) = Self::stash_choice(legal) {
                    return a;
                }
                let points = |k: Skill| {
                    let mut t = *s;
                    if attacking {
                        t.attack = Some(k);
                    } else {
                        t.defend = Some(k);
                    }
                    g.showdown_points(&t, attacking)
                };
                let best = Skill::ALL
                    .into_iter()
                    .max_by_key(|&k| (points(k), std::cmp::Reverse(k as u8)))
                    .unwrap();
                Action::ShowdownSkill(best)
            }
            // Re-roll only while losing: our own die first, else the rival's.
            ShowdownStage::AttackerRolled | ShowdownStage::DefenderRolled => {
                if winning(g, s, attacking) {
                    return Action::KeepRoll;
                }
                [Action::Reroll, Action::ForceReroll]
                    .into_iter()
                    .find(|a| legal.contains(a))
                    .unwrap_or(Action::KeepRoll)
            }
            // A jumped bounty is worth its reward: keep the fugitives to deliver them.
            ShowdownStage::JumpWon => Action::Rescue(false),
        }
    }
}

/// Whether the side that decides now wins with the dice as they are (the Defender wins ties).
fn winning(g: &Firefly, s: &Showdown, attacking: bool) -> bool {
    let a = s.attack_roll.map_or(0, |r| r.total) + g.showdown_points(s, true);
    let d = s.defend_roll.map_or(0, |r| r.total) + g.showdown_points(s, false);
    if attacking {
        a > d
    } else {
        d >= a
    }
}
