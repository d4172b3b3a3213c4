//! What users and scripts send, read defensively: lines of bytes with a length cap (a line that
//! is not UTF-8 or is too long is refused on its own, and the session goes on), files with a
//! size cap, and error texts that never echo more than a little of the input.

use std::io::{self, BufRead, Read};
use std::path::Path;

use anyhow::{bail, Context, Result};

/// The longest request line of JSON mode (a save sent inline must fit: a long Firefly game is
/// a few hundred kilobytes).
pub const MAX_JSON_LINE: usize = 16 << 20;
/// The longest line typed at a terminal prompt.
pub const MAX_TEXT_LINE: usize = 64 << 10;
/// The largest save file read.
pub const MAX_SAVE_FILE: u64 = 32 << 20;
/// The largest scenario or campaign file read.
pub const MAX_SCENARIO_FILE: u64 = 1 << 20;
/// The largest content file (one TOML file of a content directory).
pub const MAX_CONTENT_FILE: u64 = 4 << 20;
/// How much of a piece of input an error message quotes.
pub const ECHO: usize = 200;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line, without its end of line.
    Text(String),
    /// The line is not UTF-8; `at` is the byte offset of the first bad byte.
    NotUtf8 { at: usize },
    /// The line has `len` bytes, more than the cap; it was read to its end and dropped.
    TooLong { len: usize },
    /// The input has ended.
    End,
}

/// Read one line of at most `max` bytes. A longer line is consumed to its end and reported as
/// [`Line::TooLong`], so the next read starts at the next line; bytes that are not UTF-8 give
/// [`Line::NotUtf8`]. Only an I/O error is an error.
pub fn read_line(input: &mut dyn BufRead, max: usize) -> io::Result<Line> {
    let mut buf = Vec::new();
    let mut len = 0usize;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        // The line's own bytes, without its end of line.
        let content = if done { take - 1 } else { take };
        if len + content <= max {
            buf.extend_from_slice(&chunk[..content]);
        }
        len += content;
        input.consume(take);
        if done {
            break;
        }
    }
    if !any {
        return Ok(Line::End);
    }
    if len <= max && buf.last() == Some(&b'\r') {
        buf.pop();
        len -= 1;
    }
    if len > max {
        return Ok(Line::TooLong { len });
    }
    match String::from_utf8(buf) {
        Ok(s) => Ok(Line::Text(s)),
        Err(e) => Ok(Line::NotUtf8 {
            at: e.utf8_error().valid_up_to(),
        }),
    }
}

/// At most `max` bytes of `s` (cut at a character boundary), with a note of how much was left
/// out: error messages quote input through this.
pub fn clip(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} more bytes)", &s[..end], s.len() - end)
}

/// Read `value` as a `T`; an error names the field where it went wrong, under `root`
/// (`"options.players: invalid value: integer -1, expected u8"`), quoting little of the input.
pub fn from_value_at<T: serde::de::DeserializeOwned>(
    value: serde_json::Value,
    root: &str,
) -> std::result::Result<T, String> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let at = match (root, path.as_str()) {
            (r, ".") => r.to_string(),
            ("", p) => p.to_string(),
            (r, p) => format!("{r}.{p}"),
        };
        let msg = clip(&e.into_inner().to_string(), ECHO);
        if at.is_empty() {
            msg
        } else {
            format!("{at}: {msg}")
        }
    })
}

/// Read a text file of at most `max` bytes. `what` names it in errors ("save", "scenario").
pub fn read_text_file(path: &Path, max: u64, what: &str) -> Result<String> {
    let file = std::fs::File::open(path)
        .with_context(|| format!("cannot read the {what} {}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read the {what} {}", path.display()))?;
    if bytes.len() as u64 > max {
        bail!(
            "the {what} {} is larger than {} (the most a {what} may be): not read",
            path.display(),
            size(max)
        );
    }
    String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "the {what} {} is not UTF-8 text (a bad byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

/// Check that no file under `dir` is larger than [`MAX_CONTENT_FILE`] before the content is
/// loaded from it.
pub fn check_content_dir(dir: &Path) -> Result<()> {
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    for e in entries {
        let e = e.with_context(|| format!("cannot read {}", dir.display()))?;
        let meta = e
            .metadata()
            .with_context(|| format!("cannot read {}", e.path().display()))?;
        if meta.is_dir() {
            check_content_dir(&e.path())?;
        } else if meta.len() > MAX_CONTENT_FILE {
            bail!(
                "the content file {} is {} bytes, more than {} (the most a content file may be): not read",
                e.path().display(),
                meta.len(),
                size(MAX_CONTENT_FILE)
            );
        }
    }
    Ok(())
}

fn size(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} KiB", bytes >> 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<Line> {
        let mut r = input;
        let mut out = Vec::new();
        loop {
            let l = read_line(&mut r, max).unwrap();
            if l == Line::End {
                return out;
            }
            out.push(l);
        }
    }

    #[test]
    fn a_bad_or_overlong_line_is_refused_alone() {
        let got = lines(b"one\r\n\xff\xfe2\nabcdefghij\nlast", 5);
        assert_eq!(
            got,
            vec![
                Line::Text("one".into()),
                Line::NotUtf8 { at: 0 },
                Line::TooLong { len: 10 },
                Line::Text("last".into()),
            ]
        );
        assert_eq!(lines(b"", 5), vec![]);
        assert_eq!(lines(b"\n", 5), vec![Line::Text(String::new())]);
        assert_eq!(lines(b"12345\n", 5), vec![Line::Text("12345".into())]);
    }

    #[test]
    fn files_over_the_cap_or_not_utf8_are_refused_with_their_name() {
        let dir = std::env::temp_dir().join(format!("tabletop-input-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        let f = dir.join("save.json");
        std::fs::write(&f, "0123456789").unwrap();
        assert_eq!(read_text_file(&f, 10, "save").unwrap(), "0123456789");
        let e = read_text_file(&f, 9, "save").unwrap_err().to_string();
        assert!(e.contains("save.json is larger than"), "{e}");
        std::fs::write(&f, b"ok\xff").unwrap();
        let e = read_text_file(&f, 10, "save").unwrap_err().to_string();
        assert!(e.contains("not UTF-8 text (a bad byte at offset 2)"), "{e}");
        let e = read_text_file(&dir.join("missing.json"), 10, "save")
            .unwrap_err()
            .to_string();
        assert!(e.contains("cannot read the save"), "{e}");

        assert!(check_content_dir(&dir).is_ok());
        let big = std::fs::File::create(dir.join("sub/big.toml")).unwrap();
        big.set_len(MAX_CONTENT_FILE + 1).unwrap();
        let e = check_content_dir(&dir).unwrap_err().to_string();
        assert!(
            e.contains("big.toml is 4194305 bytes, more than 4 MiB"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn errors_name_the_field() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct O {
            players: u8,
        }
        let e = from_value_at::<O>(serde_json::json!({"players": -1}), "options").unwrap_err();
        assert_eq!(
            e,
            "options.players: invalid value: integer `-1`, expected u8"
        );
        let e = from_value_at::<O>(serde_json::json!(3), "options").unwrap_err();
        assert!(e.starts_with("options: invalid type: integer `3`"), "{e}");
    }

    #[test]
    fn clipping_keeps_characters_whole() {
        assert_eq!(clip("short", 10), "short");
        assert_eq!(clip("ééé", 3), "é… (4 more bytes)");
    }
}
