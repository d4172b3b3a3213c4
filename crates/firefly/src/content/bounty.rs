//! Bounty cards (Pirates & Bounty Hunters, FF-PBH-1..6, FF-PBH-16): the schema and what the
//! loader builds from it.

use serde::{Deserialize, Serialize};

use super::load::ContentError;
use super::options::{Choice, Effect, Ending, Outcome, Test};
use super::vocab::{Skill, Source};
use super::{CrewDefId, SectorId};

/// A Bounty card, by index into `Content::bounties`.
pub type BountyId = u8;

/// The `drop_off` of a bounty delivered wherever the Alliance Cruiser is ("Command Cruiser").
pub const DROP_OFF_CRUISER: &str = "alliance-cruiser";

/// One Bounty card: a Wanted fugitive, or a Cortex Alert paying for a whole class of crew.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BountyCard {
    pub id: String,
    /// The fugitive's name, or the class a Cortex Alert is for ("Bandits").
    pub name: String,
    pub source: Source,
    /// The crew (ids of crew definitions) the bounty is for: one fugitive, or every card of the
    /// class for a Cortex Alert (FF-PBH-16).
    pub fugitives: Vec<String>,
    /// FF-PBH-16: a Cortex Alert pays for each of its fugitives delivered.
    #[serde(default)]
    pub cortex_alert: bool,
    /// FF-PBH-13: where the fugitive is delivered: a sector id, or `alliance-cruiser` (the
    /// sector the Alliance Cruiser is in).
    pub drop_off: String,
    /// The reward, per fugitive delivered.
    pub pay: u32,
    /// FF-PBH-5: collecting the reward Disgruntles every Moral crew member.
    #[serde(default)]
    pub immoral: bool,
    /// The Showdown lost (FF-PBH-9, FF-PBH-15): what it costs the hunter, before the attempt
    /// ends botched.
    #[serde(default)]
    pub lose: Vec<Effect>,
}

/// What the loader derives from the Bounty cards.
#[derive(Debug, Default)]
pub struct BountyTables {
    /// For each bounty, the crew definitions it is for.
    pub fugitives: Vec<Vec<CrewDefId>>,
    /// For each bounty, the physical crew cards of those definitions (every copy, every box).
    pub cards: Vec<Vec<super::SupplyCardId>>,
    /// For each bounty, its drop-off sector; `None`: wherever the Alliance Cruiser is.
    pub drop_offs: Vec<Option<SectorId>>,
    /// For each bounty, the Showdown lost as one option to resolve (its `lose` effects, then
    /// Attempt Botched).
    pub lose: Vec<Vec<Choice>>,
}

/// FF-PBH-21/22: the Boarding Test as the two options a boarding crew chooses between: Tech or
/// Negotiate, 1–5 the attempt fails, 6+ aboard (the attempt goes on).
pub fn boarding_test() -> Vec<Choice> {
    [Skill::Tech, Skill::Negotiate]
        .into_iter()
        .map(|skill| Choice {
            name: format!("Board with {}", skill.name()),
            requires: Vec::new(),
            effects: Vec::new(),
            test: Some(Test {
                skill,
                bribes: false,
                kosherized: false,
                modifiers: Vec::new(),
                outcomes: vec![band(1, Ending::AttemptBotched), band(6, Ending::Proceed)],
            }),
            then: Vec::new(),
            ends: None,
            salvage_op: false,
            breakdown: false,
        })
        .collect()
}

fn band(min: i32, ends: Ending) -> Outcome {
    Outcome {
        min,
        effects: Vec::new(),
        ends: Some(ends),
        choose: Vec::new(),
        nested: None,
    }
}

/// Resolve the Bounty cards' names, checking every field (errors name file, entry, field).
pub(super) fn build(
    bounties: &[BountyCard],
    crew_id: impl Fn(&str) -> Option<CrewDefId>,
    sector_id: impl Fn(&str) -> Option<SectorId>,
    err: impl Fn(&str, &str, String) -> ContentError,
) -> Result<BountyTables, ContentError> {
    let mut t = BountyTables::default();
    if bounties.len() > BountyId::MAX as usize {
        return Err(err(
            &bounties[0].id,
            "id",
            format!("at most {} Bounty cards", BountyId::MAX),
        ));
    }
    for b in bounties {
        if b.fugitives.is_empty() {
            return Err(err(
                &b.id,
                "fugitives",
                "name the crew the bounty is for".into(),
            ));
        }
        if !b.cortex_alert && b.fugitives.len() != 1 {
            return Err(err(
                &b.id,
                "fugitives",
                "a Wanted bounty is for one fugitive; a Cortex Alert (`cortex_alert = true`) for a class"
                    .into(),
            ));
        }
        let mut defs = Vec::new();
        for f in &b.fugitives {
            match crew_id(f) {
                Some(d) => defs.push(d),
                None => return Err(err(&b.id, "fugitives", format!("unknown crew \"{f}\""))),
            }
        }
        t.fugitives.push(defs);
        let drop = if b.drop_off == DROP_OFF_CRUISER {
            None
        } else {
            match sector_id(&b.drop_off) {
                Some(s) => Some(s),
                None => {
                    return Err(err(
                        &b.id,
                        "drop_off",
                        format!(
                            "unknown sector \"{}\" (or `{DROP_OFF_CRUISER}`)",
                            b.drop_off
                        ),
                    ))
                }
            }
        };
        t.drop_offs.push(drop);
        if b.pay == 0 {
            return Err(err(&b.id, "pay", "a bounty pays something".into()));
        }
        t.lose.push(vec![Choice {
            name: "Showdown lost".into(),
            requires: Vec::new(),
            effects: b.lose.clone(),
            test: None,
            then: Vec::new(),
            ends: Some(Ending::AttemptBotched),
            salvage_op: false,
            breakdown: false,
        }]);
    }
    // A fugitive is wanted by one bounty at most, so an apprehension names its bounty.
    for (i, a) in t.fugitives.iter().enumerate() {
        for (k, b) in t.fugitives.iter().enumerate().skip(i + 1) {
            if a.iter().any(|d| b.contains(d)) {
                return Err(err(
                    &bounties[k].id,
                    "fugitives",
                    format!("a fugitive of \"{}\" too", bounties[i].id),
                ));
            }
        }
    }
    Ok(t)
}
