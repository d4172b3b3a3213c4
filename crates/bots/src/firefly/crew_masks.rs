//! The keywords, professions and skills of a whole crew and the gear they carry, remembered per
//! crew for every bot of the thread (the skills read the zone too, for a skill that counts only
//! there: see `skills`).
//!
//! Nearly every decision that values a card or a job asks them, and each is many walks of the
//! crew's and their gear's abilities (`Firefly::mask_has_keyword`, `Firefly::has_profession`);
//! they read nothing but the crew's cards and the gear carried (which member carries what does
//! not matter: the whole crew is asked), and those seldom change. The key is
//! `card_facts::facts_key` (the crew's cards and gear in any order, ship, seat, content).

use std::cell::RefCell;

use tabletop_firefly::content::{Ability, Profession, Zone, ALL_KEYWORDS};
use tabletop_firefly::crew::all_crew;
use tabletop_firefly::state::{Activity, Phase, Player};
use tabletop_firefly::Firefly;

/// Crews remembered: a small table indexed by the key's low bits, each slot the last crew
/// that fell there.
const SLOTS: usize = 64;

/// A crew's masks, each worked out on first use.
#[derive(Clone, Copy, Default)]
struct Masks {
    key: u64,
    keywords: Option<u16>,
    professions: Option<u16>,
    /// The whole crew's skills (`odds::skills_of`) and the zone they were counted in, when a
    /// crew member's skill counts only in some zone (`Ability::SkillInZone`; `None`: in any).
    skills: Option<([i32; 3], Option<Zone>)>,
}

thread_local! {
    static MASKS: RefCell<[Masks; SLOTS]> = RefCell::new([Masks::default(); SLOTS]);
}

/// `read` of the slot of the crew with `key`, claimed for it (emptied if it held another crew).
fn read_slot<R>(key: u64, read: impl FnOnce(&mut Masks) -> R) -> R {
    MASKS.with(|t| {
        let mut t = t.borrow_mut();
        let slot = &mut t[key as usize % SLOTS];
        if slot.key != key {
            *slot = Masks {
                key,
                ..Default::default()
            };
        }
        read(slot)
    })
}

/// `write` to the slot of the crew with `key`, if it still holds that crew (working a value out
/// may have given the slot to another).
fn write_slot(key: u64, write: impl FnOnce(&mut Masks)) {
    MASKS.with(|t| {
        let mut t = t.borrow_mut();
        let slot = &mut t[key as usize % SLOTS];
        if slot.key == key {
            write(slot);
        }
    });
}

/// The mask `field` of the crew with `key`, or worked out with `f` and kept.
fn mask(key: u64, field: fn(&mut Masks) -> &mut Option<u16>, f: impl FnOnce() -> u16) -> u16 {
    if let Some(v) = read_slot(key, |slot| *field(slot)) {
        return v;
    }
    let v = f();
    write_slot(key, |slot| *field(slot) = Some(v));
    v
}

/// The keywords of the whole crew of `p` and the gear they carry (`Firefly::mask_has_keyword`),
/// bit by `Keyword as u16`; `key` is its `facts_key`.
pub(super) fn keywords(g: &Firefly, p: &Player, key: u64) -> u16 {
    mask(
        key,
        |m| &mut m.keywords,
        || {
            let crew = all_crew(p);
            ALL_KEYWORDS
                .into_iter()
                .filter(|&kw| g.mask_has_keyword(p, crew, kw))
                .fold(0u16, |m, kw| m | 1 << kw as u16)
        },
    )
}

/// The professions among the crew of `p` (`odds::has_profession`), bit by `Profession as u16`;
/// `key` is its `facts_key`.
pub(super) fn professions(g: &Firefly, p: &Player, key: u64) -> u16 {
    mask(
        key,
        |m| &mut m.professions,
        || {
            Profession::ALL
                .iter()
                .filter(|&&x| super::odds::has_profession(g, p, x))
                .fold(0u16, |m, &x| m | 1 << x as u16)
        },
    )
}

/// The skills of the whole crew of `p` and the gear they carry (`odds::skills_of`); `key` is
/// its `facts_key`. They read the crew's cards and gear, and the zone the ship is in for a
/// crew member whose skill counts only there (Sheriff Bourne); and who stays aboard for the
/// Work action under way (Shepherd Book on an Immoral job): then they are worked out afresh.
pub(super) fn skills(g: &Firefly, p: &Player, key: u64) -> [i32; 3] {
    let fresh = || super::odds::skills_of(g, p, all_crew(p));
    if matches!(g.activity, Activity::Working { .. }) || matches!(g.phase, Phase::ChooseCrew { .. })
    {
        return fresh();
    }
    let zone = g.content.sectors[p.sector as usize].zone;
    let known = read_slot(key, |slot| match slot.skills {
        Some((v, None)) => Some(v),
        Some((v, Some(z))) if z == zone => Some(v),
        _ => None,
    });
    if let Some(v) = known {
        return v;
    }
    let v = fresh();
    let in_zone = p.crew.iter().any(|m| {
        g.crew_def(m)
            .abilities
            .iter()
            .any(|a| matches!(a, Ability::SkillInZone { .. }))
    });
    write_slot(key, |slot| slot.skills = Some((v, in_zone.then_some(zone))));
    v
}
