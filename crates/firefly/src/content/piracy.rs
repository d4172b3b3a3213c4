//! Piracy jobs (Pirates & Bounty Hunters, FF-PBH-24..33): the schema of what a Piracy Job card
//! says beyond an ordinary job's, and the lost Showdown as an option the engine resolves.

use serde::{Deserialize, Serialize};

use super::load::ContentError;
use super::options::{Choice, Effect, Ending};
use super::vocab::ContactName;

/// The Piracy part of a Job card (`Job::piracy`): whom it may be worked against, what winning
/// the Showdown lets the pirate take, what it pays, and what losing costs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Piracy {
    /// FF-PBH-24: which rival's ship the job may be worked against.
    pub target: PiracyTarget,
    /// What is taken from the Defender once the Showdown is won.
    pub steal: Loot,
    /// At most this many Goods (or jobs); none: "all" (still capped by free storage,
    /// FF-PBH-29).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u8>,
    /// The pay, per Good (or job) stolen.
    pub pay_each: u32,
    /// The Showdown lost: these effects on the Attacker …
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lose: Vec<Effect>,
    /// … then the attempt ends so: Attempt Botched (the job stays Active) or Warrant Issued
    /// (FF-MISB-10: the job is discarded).
    pub lose_ends: Ending,
}

/// FF-PBH-24: the rival ships a Piracy job may be worked against (always a rival's, in the
/// same sector).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum PiracyTarget {
    /// Any rival ship.
    AnyRival,
    /// A rival Outlaw Ship (FF-FLY-14).
    OutlawShip,
    /// A rival who is not Solid with this Contact.
    NotSolidWith { contact: ContactName },
    /// A rival with no Active job of this Contact.
    NoActiveJobsOf { contact: ContactName },
}

/// What a won Piracy Showdown takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Loot {
    /// Goods from the Defender's Hold (FF-PBH-27, FF-PBH-30): Cargo, Contraband, Fuel, Parts.
    Goods,
    /// Inactive jobs: cards from the Defender's hand (FF-PBH-32).
    Jobs,
}

/// Check a job's Piracy part (errors name the field under `piracy`).
pub(super) fn check(
    p: &Piracy,
    err: impl Fn(&str, String) -> ContentError,
) -> Result<(), ContentError> {
    if p.max == Some(0) {
        return Err(err("piracy.max", "a Piracy job steals at least one".into()));
    }
    if p.steal == Loot::Jobs && p.max.is_none() {
        return Err(err(
            "piracy.max",
            "stealing jobs needs a number (only Goods may be \"all\")".into(),
        ));
    }
    if p.pay_each == 0 {
        return Err(err(
            "piracy.pay_each",
            "a Piracy job pays for what it steals".into(),
        ));
    }
    if !matches!(
        p.lose_ends,
        Ending::AttemptBotched | Ending::WarrantIssued | Ending::BotchedAndWarrant
    ) {
        return Err(err(
            "piracy.lose_ends",
            "a lost Showdown ends the attempt: attempt-botched or warrant-issued".into(),
        ));
    }
    Ok(())
}

/// The lost Showdown as one option to resolve: its effects, then its ending.
pub(super) fn lose_option(p: &Piracy) -> Vec<Choice> {
    vec![Choice {
        name: "Showdown lost".into(),
        requires: Vec::new(),
        effects: p.lose.clone(),
        test: None,
        then: Vec::new(),
        ends: Some(p.lose_ends),
        salvage_op: false,
        breakdown: false,
    }]
}
