//! The keywords and professions of a whole crew and the gear they carry, remembered per crew for
//! every bot of the thread.
//!
//! Nearly every decision that values a card or a job asks them, and each is many walks of the
//! crew's and their gear's abilities (`Firefly::mask_has_keyword`, `Firefly::has_profession`);
//! they read nothing but the crew's cards and the gear carried (which member carries what does
//! not matter: the whole crew is asked), and those seldom change. The key is
//! `card_facts::facts_key` (the crew's cards and gear in any order, ship, seat, content).

use std::cell::RefCell;

use tabletop_firefly::content::{Profession, ALL_KEYWORDS};
use tabletop_firefly::crew::all_crew;
use tabletop_firefly::state::Player;
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
}

thread_local! {
    static MASKS: RefCell<[Masks; SLOTS]> = RefCell::new([Masks::default(); SLOTS]);
}

/// The mask `field` of the crew with `key`, or worked out with `f` and kept.
fn mask(key: u64, field: fn(&mut Masks) -> &mut Option<u16>, f: impl FnOnce() -> u16) -> u16 {
    let known = MASKS.with(|t| {
        let mut t = t.borrow_mut();
        let slot = &mut t[key as usize % SLOTS];
        if slot.key != key {
            *slot = Masks {
                key,
                ..Default::default()
            };
        }
        *field(slot)
    });
    if let Some(v) = known {
        return v;
    }
    let v = f();
    MASKS.with(|t| {
        let mut t = t.borrow_mut();
        let slot = &mut t[key as usize % SLOTS];
        if slot.key == key {
            *field(slot) = Some(v);
        }
    });
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
