//! One Firefly content file, parsed and checked on its own: any text is refused with an error
//! naming the file (and the entry and field), never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_firefly::content::load::check_file;

fuzz_target!(|text: &str| {
    if let Err(e) = check_file("fuzz.toml", text) {
        assert_eq!(e.file, "fuzz.toml", "{e}");
    }
});
