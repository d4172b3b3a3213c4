//! The guide-deck campaign (MA-GUIDE-1..10, MA-SETUP-1, -2, MA-END-1..4): cards resolved in ID
//! order until STOP, components unlocked for all later games, envelopes opened when told, and
//! the progress saved between games (JSON).

use serde::{Deserialize, Serialize};

use crate::content::*;
use crate::state::*;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Campaign {
    /// Content fingerprint the campaign was started with.
    pub content: String,
    /// Index of the first card still in the guide deck; earlier cards were removed for good
    /// (MA-GUIDE-4). The deck is never shuffled (MA-GUIDE-2, MA-DECK-3).
    pub next_card: u16,
    /// Components added by the guide deck (MA-GUIDE-5).
    pub unlocked: Vec<String>,
    pub envelopes_opened: Vec<u8>,
    /// The mission the guide deck says to play (MA-SETUP-2).
    pub mission: Option<u8>,
    /// Results so far: (mission, won).
    pub history: Vec<(u8, bool)>,
    pub rules_read: Vec<String>,
    pub finished: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("campaign: {0}")]
pub struct CampaignError(pub String);

impl Campaign {
    pub fn new(content: &Content) -> Campaign {
        Campaign {
            content: content.fingerprint.clone(),
            next_card: 0,
            unlocked: Vec::new(),
            envelopes_opened: Vec::new(),
            mission: None,
            history: Vec::new(),
            rules_read: Vec::new(),
            finished: false,
        }
    }

    /// The components not unlocked yet: locked characters and planning cards.
    pub fn locked(&self, content: &Content) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in content.characters.iter().filter(|c| c.locked) {
            if !self.unlocked.contains(&c.id) {
                out.push(c.id.clone());
            }
        }
        for p in content.planning.iter().filter(|p| p.locked) {
            if !self.unlocked.contains(&p.id) && !out.contains(&p.id) {
                out.push(p.id.clone());
            }
        }
        out
    }

    /// Resolve guide cards from the first one until a STOP (MA-GUIDE-3, -4; MA-SETUP-1,
    /// MA-END-1). Returns what was read, for the players.
    pub fn resolve(&mut self, content: &Content) -> Vec<String> {
        let mut log = Vec::new();
        while !self.finished {
            let Some(card) = content.guide.get(self.next_card as usize) else {
                self.finished = true;
                break;
            };
            log.push(format!(
                "Guide card {} — {}: {}",
                card.id, card.title, card.text
            ));
            let mut stop = false;
            let mut keep = false;
            for step in &card.steps {
                match step {
                    GuideStep::PlayMission { mission } => self.mission = Some(*mission),
                    GuideStep::Unlock { components } => {
                        for c in components {
                            if !self.unlocked.contains(c) {
                                self.unlocked.push(c.clone());
                            }
                        }
                    }
                    GuideStep::OpenEnvelope { envelope } => {
                        // MA-GUIDE-6: opened only now, when the guide deck says so.
                        if let Some(e) = content.envelopes.iter().find(|e| e.id == *envelope) {
                            log.push(format!("{}: {}", e.name, e.text));
                            if !self.envelopes_opened.contains(envelope) {
                                self.envelopes_opened.push(*envelope);
                            }
                            for c in &e.unlocks {
                                if !self.unlocked.contains(c) {
                                    self.unlocked.push(c.clone());
                                }
                            }
                        }
                    }
                    GuideStep::ReadRules { section } => {
                        self.rules_read.push(section.clone());
                        log.push(format!("Read the rules: {section}"));
                    }
                    GuideStep::ReplayIfLost => {
                        if let Some(&(m, false)) = self.history.last() {
                            log.push(format!("You lost: play mission {m} again."));
                            self.mission = Some(m);
                            keep = true;
                            stop = true;
                            break;
                        }
                    }
                    GuideStep::CampaignEnd => self.finished = true,
                    GuideStep::Stop => stop = true,
                }
            }
            if !keep {
                // MA-GUIDE-4: remove the card permanently.
                self.next_card += 1;
            }
            if stop {
                break;
            }
        }
        log
    }

    /// Record a finished game (MA-END-1); the next [`Campaign::resolve`] reads the next cards.
    pub fn record(&mut self, mission: u8, won: bool) {
        self.history.push((mission, won));
    }

    /// Options for the next game: the guide deck's mission and locked components; players,
    /// characters, difficulty and mode are free (MA-END-4, MA-GUIDE-10).
    pub fn options(
        &self,
        content: &Content,
        difficulty: Difficulty,
        mode: Mode,
        seats: u8,
    ) -> Option<Options> {
        let mission = self.mission?;
        let mut o = Options::new(mission, difficulty, mode, seats);
        o.locked = self.locked(content);
        Some(o)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("serializes")
    }

    pub fn from_json(text: &str, content: &Content) -> Result<Campaign, CampaignError> {
        let c: Campaign = serde_json::from_str(text).map_err(|e| CampaignError(e.to_string()))?;
        if c.content != content.fingerprint {
            return Err(CampaignError(format!(
                "saved with content '{}', but the loaded content is '{}'",
                c.content, content.fingerprint
            )));
        }
        if c.next_card as usize > content.guide.len() {
            return Err(CampaignError(
                "next_card is past the end of the guide deck".into(),
            ));
        }
        Ok(c)
    }
}
