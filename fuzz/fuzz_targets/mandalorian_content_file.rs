//! One Mandalorian content file (the first byte picks which), parsed and checked on its own
//! against the embedded content: any text is refused with an error naming the file, never a
//! panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_mandalorian::content::load::{check_file, FILES};

fuzz_target!(|input: (u8, &str)| {
    let (which, text) = input;
    let name = FILES[which as usize % FILES.len()];
    if let Err(e) = check_file(name, text) {
        assert!(e.to_string().starts_with(name), "{e}");
    }
});
