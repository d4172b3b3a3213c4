//! The text players read, rendered from structured effects (never stored as prose).

use super::*;

pub fn effect_kind(e: &Effect) -> &'static str {
    match e {
        Effect::DamageThreat { .. } => "damage_threat",
        Effect::Heal { .. } => "heal",
        Effect::FreeAction { .. } => "free_action",
        Effect::MoveCharacter { .. } => "move_character",
        Effect::PushEnemy { .. } => "push_enemy",
        Effect::Reveal { .. } => "reveal",
        Effect::Calm => "calm",
        Effect::Taunt => "taunt",
        Effect::ExtraAction => "extra_action",
        Effect::Collect => "collect",
        Effect::OpenDoor { .. } => "open_door",
        Effect::EnemiesMove { .. } => "enemies_move",
        Effect::EnemiesAttack { .. } => "enemies_attack",
        Effect::Spawn { .. } => "spawn",
        Effect::Disturb { .. } => "disturb",
        Effect::Damage { .. } => "damage",
        Effect::ChildFlees => "child_flees",
        Effect::RevealNearest => "reveal_nearest",
        Effect::Track { .. } => "track",
    }
}

fn s(n: u8) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

pub fn classes(c: Classes) -> String {
    if c == Classes::ANY {
        return String::new();
    }
    let mut v = Vec::new();
    for k in [EnemyClass::Sniper, EnemyClass::Melee, EnemyClass::Blaster] {
        if c.contains(k) {
            v.push(k.name());
        }
    }
    format!("{} ", v.join(" or "))
}

fn count(c: Count) -> (String, bool) {
    match c {
        Count::All => ("All".into(), true),
        Count::N(n) => (n.to_string(), n != 1),
    }
}

/// One effect as a sentence.
pub fn effect(e: &Effect) -> String {
    match *e {
        Effect::DamageThreat {
            amount,
            range,
            threats,
        } => format!(
            "Deal {amount} damage to {} within range {range}.",
            if threats { "a threat" } else { "an enemy" }
        ),
        Effect::Heal { amount, who } => match who {
            Who::You => format!("Heal {amount} of your damage."),
            Who::AnyCharacter => format!("Any character heals {amount} damage."),
            Who::AnotherCharacter => format!("Another character heals {amount} damage."),
        },
        Effect::FreeAction { action, strength } => {
            let a = match action {
                FreeKind::Move => "Move",
                FreeKind::Attack => "Attack",
                FreeKind::Spy => "Spy",
                FreeKind::Plan => "Plan",
                FreeKind::Any => "action of your choice",
            };
            format!("Perform 1 free {a} with Strength {strength}.")
        }
        Effect::MoveCharacter { who, squares } => match who {
            Who::You => format!("You may move up to {squares} square{}.", s(squares)),
            Who::AnyCharacter => format!(
                "Any character may move up to {squares} square{}.",
                s(squares)
            ),
            Who::AnotherCharacter => {
                format!(
                    "Another character may move up to {squares} square{}.",
                    s(squares)
                )
            }
        },
        Effect::PushEnemy { range, squares } => format!(
            "Move an enemy within range {range} up to {squares} square{} away from you.",
            s(squares)
        ),
        Effect::Reveal { range } => format!("Reveal a face-down threat within range {range}."),
        Effect::Calm => "Discard 1 disturbance token from an action slot.".into(),
        Effect::Taunt => "Until the end of this turn, enemies move only toward you.".into(),
        Effect::ExtraAction => "Perform 1 additional action.".into(),
        Effect::Collect => "Take this item (objective).".into(),
        Effect::OpenDoor { door } => format!("Open door {door}."),
        Effect::EnemiesMove {
            count: c,
            classes: cl,
            squares,
        } => {
            let (n, pl) = count(c);
            format!(
                "{n} {}enem{} move{} {squares} square{} toward the nearest character.",
                classes(cl),
                if pl { "ies" } else { "y" },
                if pl { "" } else { "s" },
                s(squares)
            )
        }
        Effect::EnemiesAttack {
            count: c,
            classes: cl,
            range,
        } => {
            let (n, pl) = count(c);
            format!(
                "{n} {}enem{} attack{} the nearest character within range {range}.",
                classes(cl),
                if pl { "ies" } else { "y" },
                if pl { "" } else { "s" },
            )
        }
        Effect::Spawn { at } => match at {
            SpawnAt::NearestStar => "Spawn 1 reinforcement in the nearest star square.".into(),
            SpawnAt::RedStar => "Spawn 1 reinforcement in the nearest red star square.".into(),
            SpawnAt::YourSquare => "Spawn 1 reinforcement in your square.".into(),
            SpawnAt::Square(n) => format!("Spawn 1 reinforcement in square #{n}."),
        },
        Effect::Disturb { slot } => match slot {
            SlotPick::Lowest => "Disturb the action slot with the lowest Strength.".into(),
            SlotPick::Highest => "Disturb the action slot with the highest Strength.".into(),
            SlotPick::Action(a) => format!("Disturb the {} slot.", a.name()),
        },
        Effect::Damage { who, amount } => match who {
            Victims::You => format!("You take {amount} damage."),
            Victims::Every => format!("Every character takes {amount} damage."),
        },
        Effect::ChildFlees => "The Child flees.".into(),
        Effect::RevealNearest => "Reveal the face-down threat nearest to you.".into(),
        Effect::Track { amount } => format!(
            "Place {amount} damage token{} on the crisis track.",
            s(amount)
        ),
    }
}

pub fn effects(es: &[Effect]) -> String {
    es.iter().map(effect).collect::<Vec<_>>().join(" ")
}

/// An ability card's ability text, e.g. `Attack: Deal 1 damage to an enemy within range 2.`
pub fn ability_text(t: &AbilityText) -> String {
    format!(
        "{}:{} {}",
        t.slot.name(),
        if t.after { " After the action," } else { "" },
        effects(&t.effects)
    )
}

pub fn card(c: &AbilityCard) -> String {
    let mut out = format!("{} [{}", c.name, c.strength);
    if let Some(b) = c.bonus {
        out += &format!(" +{}", b.name());
    }
    out += "]";
    if c.duplicate {
        out += " ●●";
    }
    if let Some(t) = &c.text {
        out += " — ";
        out += &ability_text(t);
    }
    out
}

pub fn event(e: &EventCard) -> String {
    let parts: Vec<String> = e
        .abilities
        .iter()
        .map(|a| {
            if a.six_plus {
                format!("6+: {}", effect(&a.effect))
            } else {
                effect(&a.effect)
            }
        })
        .collect();
    format!("{} — {}", e.name, parts.join(" "))
}

pub fn planning(p: &PlanningCard) -> String {
    match p.kind {
        PlanKind::Defense => format!("{} — Discard to block 1 damage.", p.name),
        PlanKind::BadLuck => format!("{} — No effect (cannot be kept).", p.name),
        PlanKind::Effect => format!(
            "{} — During your action phase, discard: {}",
            p.name,
            effects(&p.effects)
        ),
    }
}

pub fn back(b: BackIcon) -> &'static str {
    match b {
        BackIcon::Sniper => "sniper",
        BackIcon::Melee => "melee",
        BackIcon::Blaster => "blaster",
        BackIcon::Reinforcement => "reinforcement",
        BackIcon::Disturbance => "disturbance",
        BackIcon::Child => "the Child",
    }
}

pub fn abilities(bits: u8) -> String {
    let mut v = Vec::new();
    if bits & ability::SENTINEL != 0 {
        v.push("Sentinel");
    }
    if bits & ability::GRAPPLE != 0 {
        v.push("Grapple");
    }
    if bits & ability::SABOTAGE != 0 {
        v.push("Sabotage");
    }
    if bits & ability::MISSION_EFFECT != 0 {
        v.push("Mission Effect");
    }
    v.join(", ")
}

pub fn token(m: &Mission, t: &TokenDef) -> String {
    let mut out = match &t.face {
        Face::Enemy { class, health } => format!("{} ({}, health {health})", t.name, class.name()),
        Face::Item(i) => format!("{} (item)", m.items[*i as usize].name),
    };
    if t.abilities != 0 {
        out += &format!(" [{}]", abilities(t.abilities));
    }
    out
}

pub fn objective(m: &Mission) -> String {
    match m.objective {
        Objective::DefeatTargets => {
            let names: Vec<&str> = m
                .tokens
                .iter()
                .filter(|t| t.target)
                .map(|t| t.name.as_str())
                .collect();
            format!(
                "At the end of a turn: every target is defeated ({}).",
                names.join(", ")
            )
        }
        Objective::CollectAndExit { count, exit } => format!(
            "At the end of a turn: {count} items collected and every character on square #{exit}."
        ),
        Objective::ChildToExit { exit } => {
            format!("At the end of a turn: a character carrying the Child is on square #{exit}.")
        }
    }
}

pub fn failures(m: &Mission) -> String {
    let mut v: Vec<String> = m
        .failures
        .iter()
        .map(|f| match f {
            Failure::Track { max } => format!("the crisis track holds {max} damage"),
            Failure::Turns { max } => format!("turn {max} ends without the objective"),
        })
        .collect();
    v.push("any character is defeated".into());
    format!("You lose at once if {}.", v.join(", or "))
}

pub fn mission_slot(s: &MissionSlot) -> String {
    let mut out = format!("{}: ", s.name);
    if s.requires > 0 {
        out += &format!("If # is {}+: ", s.requires);
    }
    out += &effects(&s.effects);
    if let Some(b) = s.bonus {
        out += &format!(" (bonus icon: {})", b.name());
    }
    out
}
