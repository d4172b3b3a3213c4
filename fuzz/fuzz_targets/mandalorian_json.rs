//! Arbitrary lines to the Mandalorian's JSON session (`tabletop mandalorian json`): every
//! request gets an answer, and nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_driver::JsonSession;
use tabletop_mandalorian::{embedded, Difficulty, Mandalorian, Options};

fuzz_target!(|data: &[u8]| {
    let mut s = JsonSession::<Mandalorian>::new(embedded(), Options::solo(1, Difficulty::Recruit));
    tabletop_fuzz::json_session(&mut s, data);
});
