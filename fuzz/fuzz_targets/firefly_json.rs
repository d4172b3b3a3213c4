//! Arbitrary lines to Firefly's JSON session (`tabletop firefly json`): every request gets an
//! answer, and nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_driver::JsonSession;
use tabletop_firefly::content::Content;
use tabletop_firefly::testing::DEFAULT_STORY;
use tabletop_firefly::{Firefly, Options};

fuzz_target!(|data: &[u8]| {
    let mut s = JsonSession::<Firefly>::new(Content::builtin(), Options::new(2, DEFAULT_STORY));
    tabletop_fuzz::json_session(&mut s, data);
});
