//! What things are worth to us: skills, keywords and professions, Supply cards, crew members (and
//! losing them), goods and the cost of being an Outlaw Ship.

use super::*;

/// Parts kept beyond what jobs need: a breakdown or a Nav card's repair asks for one or two
/// (more are sold, and not loaded from salvage).
pub(super) const SPARE_PARTS: u32 = 3;

impl FireflyBot {
    pub(super) fn skill_gain(&self, ctx: &Ctx, add: [i32; 3]) -> f64 {
        let deficit = ctx.skill_deficit();
        let mut v = 0.0;
        for (s, &a) in add.iter().enumerate() {
            if a <= 0 {
                continue;
            }
            let useful = a.min(deficit[s]);
            v += useful as f64 * 800.0 + (a - useful) as f64 * 180.0;
        }
        v
    }

    pub(super) fn keyword_gain(&self, ctx: &Ctx, kws: &[Keyword]) -> f64 {
        let mut v = 0.0;
        for &k in kws {
            if ctx.has_keyword(k) {
                v += 20.0;
                continue;
            }
            let wanted = ctx.jobs_ask().keywords & (1 << k as u16) != 0;
            v += if wanted { 1500.0 } else { 150.0 };
        }
        v
    }

    pub(super) fn profession_gain(&self, ctx: &Ctx, profs: &[Profession]) -> f64 {
        let mut v = 0.0;
        for &pr in profs {
            if ctx.has_profession(pr) {
                continue;
            }
            v += match pr {
                Profession::Pilot | Profession::Mechanic => 250.0,
                Profession::Medic => 350.0,
                _ => 0.0,
            };
            // The jobs' bonuses for the profession: whole and half dollars, so their sum is
            // the same added at once as one by one.
            v += ctx.jobs_ask().bonus[pr as usize];
        }
        v
    }

    /// What a Supply card is worth to us, before its price.
    pub(super) fn card_value(&self, ctx: &Ctx, card: SupplyCardId) -> f64 {
        if !self.can_acquire(ctx, card) {
            return f64::NEG_INFINITY;
        }
        self.card_value_any(ctx, card)
    }

    /// What losing crew member `idx` would cost us (the mirror of `card_value`).
    pub(super) fn member_loss(&self, ctx: &Ctx, idx: usize) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let m = &p.crew[idx];
        let def = g.crew_def(m);
        let sk = crew_skills(def);
        let mut v = 0.0;
        for (s, &x) in sk.iter().enumerate() {
            if x <= 0 {
                continue;
            }
            let short = ctx.skills()[s] - x < ctx.needs().desired[s] + 1;
            v += x as f64 * if short { 800.0 } else { 180.0 };
        }
        let now = self.goal_chance_with(ctx, [0; 3]);
        let without = self.goal_chance_with(ctx, [-sk[0], -sk[1], -sk[2]]);
        v += (now - without).max(0.0) * GOAL_WORTH * 0.35;
        let others = all_crew(p) & !(1 << idx);
        for &k in &def.keywords {
            if !g.mask_has_keyword(p, others, k) {
                v += 300.0;
            }
        }
        for &pr in &def.professions {
            if !g.mask_has_profession(p, others, pr) {
                v += match pr {
                    Profession::Pilot | Profession::Mechanic => 250.0,
                    Profession::Medic => 350.0,
                    _ => 50.0,
                };
            }
        }
        v -= def.cost as f64 * 1.5;
        if g.is_wanted(m) {
            v -= 450.0;
        }
        v
    }

    /// `card_value` as if there were room aboard. The card is read from the content's dense
    /// summaries (`CardSummary`): the bot values every card of every pile, and the cards'
    /// definitions, each in its own corner of memory, were a cache miss apiece.
    pub(super) fn card_value_any(&self, ctx: &Ctx, card: SupplyCardId) -> f64 {
        let p = ctx.p;
        match &self.card_table.summaries[card as usize] {
            CardSummary::Crew {
                skills,
                keywords,
                professions,
                cost,
                wanted,
                imposter,
            } => {
                let mut v = self.skill_gain(ctx, *skills);
                v += self.goal_gain(ctx, *skills);
                // Hands to carry gear and to take the Kills; with the Leader alone, most jobs'
                // Skill Needs (FF-WORK-9) are out of reach.
                v += match p.crew.len() {
                    0 | 1 => 1500.0,
                    2 => 800.0,
                    3 => 350.0,
                    _ => 0.0,
                };
                v += self.keyword_gain(ctx, keywords);
                v += self.profession_gain(ctx, professions);
                if !p.spare_gear.is_empty() {
                    v += 250.0;
                }
                v -= *cost as f64 * 1.5;
                if *wanted {
                    v -= 450.0;
                }
                if *imposter {
                    v -= 100.0;
                }
                v
            }
            CardSummary::Gear {
                skills,
                keywords,
                terms,
            } => {
                let mut v = self.skill_gain(ctx, *skills);
                v += self.goal_gain(ctx, *skills);
                v += self.keyword_gain(ctx, keywords);
                for t in terms {
                    v += match *t {
                        GearTerm::Worth(x) => x,
                        GearTerm::DiscardForKeyword(k) => self.keyword_gain(ctx, &[k]) * 0.4,
                        // A Vehicle Mounted BFG is dead weight without a TRANSPORT aboard.
                        GearTerm::RequiresKeywordToUse(k) => {
                            if ctx.has_keyword(k) {
                                0.0
                            } else {
                                -(self.skill_gain(ctx, *skills) + self.keyword_gain(ctx, keywords))
                            }
                        }
                        // The Alliance Ident Card: Solid with Harken for the story's goals
                        // too, while carried.
                        GearTerm::CountsAsSolid(c) => self.solid_story_worth(ctx, c) * 0.5,
                    };
                }
                let carrier = self.has_carrier(ctx, card);
                if !carrier {
                    v *= 0.25;
                }
                v
            }
            CardSummary::Upgrade(u) => self.upgrade_value(ctx, *u),
        }
    }

    /// What a Ship Upgrade is worth to us, read from its summary (`UpgradeSummary`: every term
    /// is a whole number of dollars, so their sum is the same in any order).
    pub(super) fn upgrade_value(&self, ctx: &Ctx, u: UpgradeDefId) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let s = &self.card_table.upgrades[u as usize];
        let mut v = 0.0;
        if let Some((range, no_fuel)) = s.drive_core {
            let cur = g.drive_core_def(p).drive_core.map_or(0, |d| d.range) as f64;
            v += 700.0 * (range as f64 - cur);
            if no_fuel {
                v += 400.0;
            }
        }
        v += s.fixed;
        if s.extra_crew > 0 {
            let each = if p.crew.len() + 1 >= g.max_crew(p) {
                300.0
            } else {
                50.0
            };
            v += s.extra_crew as f64 * each;
        }
        v
    }

    /// What losing a crew member would cost us.
    pub(super) fn crew_worth(&self, g: &Firefly, p: &Player, idx: usize) -> f64 {
        let m = &p.crew[idx];
        if idx == 0 {
            // FF-CREW-9: a Killed Leader returns Disgruntled; a second token fires everyone.
            // Cheap only while a second token is far off.
            return if m.disgruntled { 50_000.0 } else { 1400.0 };
        }
        let d = g.crew_def(m);
        let sk = d.skills.fight + d.skills.tech + d.skills.negotiate;
        400.0
            + 450.0 * sk as f64
            + 150.0 * d.professions.len() as f64
            + 200.0 * d.keywords.len() as f64
    }

    /// The cost of `n` Kills among `mask` (FF-DEATH-1: we choose the cheapest).
    pub(super) fn kill_cost(&self, g: &Firefly, p: &Player, mask: CrewMask, n: u32) -> f64 {
        let mut w: Vec<f64> = (0..p.crew.len())
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| self.crew_worth(g, p, i))
            .collect();
        w.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let medic = p.crew.iter().any(|m| g.gives_medic_check(m));
        let f = if medic { 0.67 } else { 1.0 };
        let mut total: f64 = w.iter().take(n as usize).map(|x| x * f).sum();
        // More Kills than crew: the Leader takes them all (a second one fires everyone).
        if n as usize > w.len() && mask & 1 != 0 {
            total += 2000.0;
        }
        total
    }

    /// Worth of one more of an item aboard.
    pub(super) fn item_gain(&self, ctx: &Ctx, item: Item) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        let solid_buyer = |f: fn(&Contact) -> Option<u32>| {
            g.content
                .contacts
                .iter()
                .filter(|k| p.is_solid(k.contact))
                .filter_map(f)
                .max()
        };
        match item {
            Item::Fuel => {
                if !ctx.burns_fuel() {
                    10.0
                } else if p.item(Item::Fuel) < 8 {
                    120.0
                } else {
                    10.0
                }
            }
            Item::Parts => {
                if p.item(Item::Parts) < 3 {
                    150.0
                } else {
                    30.0
                }
            }
            Item::Cargo => solid_buyer(|k| k.buys_cargo).map_or(80.0, |x| x as f64 * 0.7),
            Item::Contraband => {
                // Goods an Active job lost and must replace (FF-WORK-14).
                if self.needed_items(g, p, Item::Contraband) > p.item(Item::Contraband) as u32 {
                    return 1500.0;
                }
                solid_buyer(|k| k.buys_contraband).map_or(-150.0, |x| x as f64 * 0.6 - 150.0)
            }
            Item::Passengers | Item::Fugitives => 0.0,
        }
    }

    /// How many of an item to take when a card offers "load up to `max`": all of them while one
    /// more is worth having, but Parts only up to a spare few (or the Haven's load the story
    /// asks for), since a hold full of salvaged Parts leaves no room for Fuel (FF-FLY-2) and jobs'
    /// goods.
    pub(super) fn load_wanted(&self, ctx: &Ctx, item: Item, max: u8) -> u8 {
        if self.item_gain(ctx, item) <= 0.0 {
            return 0;
        }
        match item {
            Item::Parts => {
                let g = ctx.g;
                let p = ctx.p;
                let keep = (self.needed_items(g, p, Item::Parts) + SPARE_PARTS)
                    .max(self.haven_parts_wanted(g, p));
                keep.saturating_sub(p.item(Item::Parts) as u32)
                    .min(max as u32) as u8
            }
            _ => max,
        }
    }

    /// Worth of one of an item we would lose.
    pub(super) fn item_loss(&self, ctx: &Ctx, item: Item, n: u32) -> f64 {
        let p = ctx.p;
        let have = p.item(item) as u32;
        let n = n.min(have);
        if n == 0 {
            return 0.0;
        }
        let needed = self.needed_items(ctx.g, p, item);
        let spare = have.saturating_sub(needed);
        let from_spare = n.min(spare);
        let from_needed = n - from_spare;
        let unit = match item {
            Item::Fuel => {
                if !ctx.burns_fuel() {
                    10.0
                } else if have <= 2 {
                    600.0
                } else {
                    150.0
                }
            }
            Item::Parts => 250.0,
            _ => self.item_gain(ctx, item).max(0.0),
        };
        from_spare as f64 * unit + from_needed as f64 * 2500.0
    }

    /// What meeting the Alliance would cost us now (FF-FLY-15..17).
    pub(super) fn outlaw_cost(&self, ctx: &Ctx) -> f64 {
        let g = ctx.g;
        let p = ctx.p;
        if !g.is_outlaw(p) {
            return 0.0;
        }
        let mut v = (p.warrants as f64 * 1000.0).min(p.money as f64) - p.warrants as f64 * 600.0;
        v += self.item_loss(ctx, Item::Contraband, 255);
        v += self.item_loss(ctx, Item::Fugitives, 255);
        for (i, m) in p.crew.iter().enumerate().skip(1) {
            if g.is_wanted(m) {
                v += self.crew_worth(g, p, i) / 6.0;
            }
        }
        v.max(100.0)
    }

    pub(super) fn shore_leave_value(&self, ctx: &Ctx) -> f64 {
        let p = ctx.p;
        let cost = ctx.g.shore_leave_cost(p) as f64;
        if p.money < ctx.g.shore_leave_cost(p) + 300 {
            return 0.0;
        }
        let mut v = 0.0;
        for (i, m) in p.crew.iter().enumerate() {
            if m.disgruntled {
                v += if i == 0 { 2500.0 } else { 350.0 };
            }
        }
        // Shore Leave also buys Fuel and Parts (FF-BUY-8).
        if ctx.burns_fuel() && p.item(Item::Fuel) < 4 {
            v += 200.0;
        }
        v - cost
    }
}

/// What `FireflyBot::card_value_any` reads of a Supply card's definition.
pub(super) enum CardSummary {
    Crew {
        skills: [i32; 3],
        keywords: smallvec::SmallVec<[Keyword; 4]>,
        professions: smallvec::SmallVec<[Profession; 4]>,
        cost: u32,
        wanted: bool,
        /// `Ability::Imposter`.
        imposter: bool,
    },
    Gear {
        skills: [i32; 3],
        keywords: smallvec::SmallVec<[Keyword; 4]>,
        /// What each of its abilities adds, in their order.
        terms: smallvec::SmallVec<[GearTerm; 4]>,
    },
    Upgrade(UpgradeDefId),
}

/// What one ability of a Gear card adds to its worth (`FireflyBot::card_value_any`).
#[derive(Clone, Copy)]
pub(super) enum GearTerm {
    Worth(f64),
    DiscardForKeyword(Keyword),
    RequiresKeywordToUse(Keyword),
    CountsAsSolid(ContactName),
}

/// Every Supply card's summary and what the rules of buying and carrying read of it, by card,
/// and every Ship Upgrade's summary, by definition, for one content.
#[derive(Default)]
pub(super) struct CardTable {
    summaries: Vec<CardSummary>,
    /// A Gear card's carrying facts (the engine's `Content::gear_carry`), by card (others'
    /// default): asked of every Gear card the bot values, next to nothing else of its
    /// definition.
    pub(super) carry: Vec<GearCarry>,
    upgrades: Vec<UpgradeSummary>,
}

/// What `FireflyBot::upgrade_value` reads of a Ship Upgrade: a drive core's range and whether
/// it burns no Fuel, the sum of what its abilities add that reads nothing of us, and how many
/// of them add crew room (worth more to a full ship).
pub(super) struct UpgradeSummary {
    drive_core: Option<(u8, bool)>,
    fixed: f64,
    extra_crew: u32,
}

impl UpgradeSummary {
    fn of(def: &ShipUpgrade) -> UpgradeSummary {
        let mut s = UpgradeSummary {
            drive_core: def.drive_core.map(|dc| (dc.range, dc.fuel_per_burn == 0)),
            fixed: 0.0,
            extra_crew: 0,
        };
        for a in &def.abilities {
            s.fixed += match a {
                Ability::ExtraCrew { .. } => {
                    s.extra_crew += 1;
                    0.0
                }
                Ability::ExtraHold { .. } | Ability::ExtraStash { .. } => 100.0,
                Ability::RangeBonus { amount } => 600.0 * *amount as f64,
                Ability::MoseyRange { .. } => 150.0,
                Ability::IgnoreBreakdowns => 200.0,
                _ => 40.0,
            };
        }
        s
    }
}

impl CardTable {
    /// The summaries of the content's Supply cards, worked out once per content.
    pub(super) fn of(c: &'static Content) -> Arc<CardTable> {
        type Cache = Vec<(usize, Arc<CardTable>)>;
        static CACHE: Mutex<Cache> = Mutex::new(Vec::new());
        let key = c as *const Content as usize;
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, v)) = cache.iter().find(|(k, _)| *k == key) {
            return Arc::clone(v);
        }
        let summary = |card: &SupplyCard| match card.kind {
            SupplyKind::Crew(d) => {
                let def = &c.crew[d as usize];
                CardSummary::Crew {
                    skills: crew_skills(def),
                    keywords: def.keywords.iter().copied().collect(),
                    professions: def.professions.iter().copied().collect(),
                    cost: def.cost,
                    wanted: def.wanted,
                    imposter: def.abilities.contains(&Ability::Imposter),
                }
            }
            SupplyKind::Gear(d) => {
                let def = &c.gear[d as usize];
                let terms = def
                    .abilities
                    .iter()
                    .map(|a| match *a {
                        Ability::DiscardForKeyword { keyword } => {
                            GearTerm::DiscardForKeyword(keyword)
                        }
                        Ability::RequiresKeywordToUse { keyword } => {
                            GearTerm::RequiresKeywordToUse(keyword)
                        }
                        Ability::CountsAsSolid { contact } => GearTerm::CountsAsSolid(contact),
                        ref a => GearTerm::Worth(gear_ability_worth(a)),
                    })
                    .collect();
                CardSummary::Gear {
                    skills: gear_skills(def),
                    keywords: def.keywords.iter().copied().collect(),
                    terms,
                }
            }
            SupplyKind::Upgrade(u) => CardSummary::Upgrade(u),
        };
        let v = Arc::new(CardTable {
            summaries: c.supply_cards.iter().map(summary).collect(),
            carry: (c.supply_cards.iter())
                .map(|card| match card.kind {
                    SupplyKind::Gear(d) => c.gear_carry[d as usize],
                    _ => GearCarry::default(),
                })
                .collect(),
            upgrades: c.upgrades.iter().map(UpgradeSummary::of).collect(),
        });
        cache.push((key, Arc::clone(&v)));
        v
    }
}

/// What a Gear card's ability adds to its worth when it reads nothing of us.
fn gear_ability_worth(a: &Ability) -> f64 {
    match a {
        Ability::DiscardForBonus { .. } => 80.0,
        // Breakin' Atmo: a re-roll of 1s, a Kill survived half the time.
        Ability::RerollOnesOnTests { .. } => 120.0,
        Ability::SurviveKillOnRoll { .. } => 150.0,
        Ability::GambleOnMatchingSuits { .. } => 100.0,
        // One-use rescues of a test or a Misbehave card (used in `cards`): about one failed
        // test's worth, once.
        Ability::DiscardForSix { .. } => 250.0,
        Ability::DiscardForAce => 350.0,
        // Mal's Brown Coat: another skill on a test, for a grudge each time.
        Ability::DisgruntleToAddSkill { .. } => 150.0,
        Ability::MedicCheckBonus { .. } => 100.0,
        Ability::ConsiderJobs { .. } | Ability::BuyCards { .. } => 150.0,
        _ => 0.0,
    }
}
