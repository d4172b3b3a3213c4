//! Shared by the JSON-session fuzz targets.

use std::io::Cursor;

use serde_json::Value;
use tabletop_driver::{Driven, JsonSession};

/// Feed the input's lines to a JSON session, as a client would: every line must get an answer
/// and nothing may panic. Requests naming a `path` (save to or load from a file) are left out,
/// so the fuzzer never touches the file system.
pub fn json_session<G: Driven>(session: &mut JsonSession<G>, data: &[u8]) {
    let mut input = Vec::with_capacity(data.len());
    for line in data.split(|&b| b == b'\n') {
        let names_a_path =
            serde_json::from_slice::<Value>(line).is_ok_and(|v| v.get("path").is_some());
        if !names_a_path {
            input.extend_from_slice(line);
            input.push(b'\n');
        }
    }
    let mut out = Vec::new();
    // A line that is not UTF-8 or too long gets an error answer and the session goes on; only
    // an I/O error ends it (reported, not a crash).
    let _ = session.run(&mut Cursor::new(input), &mut out);
}
