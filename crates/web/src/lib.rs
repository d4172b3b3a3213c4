//! The browser front end, embedded in the binary.
//!
//! `ui/` is a Vite + TypeScript (Preact) project; `npm run build` there writes the bundle into
//! `dist/`, which is committed, so a machine with only Rust builds a server that serves the
//! whole UI. CI rebuilds the bundle and fails when it differs from the committed one.
//!
//! The server maps every page path to [`page`]: a file of the bundle when one has that path,
//! else `index.html` (the app routes `/`, `/t/ID` … itself).

use std::borrow::Cow;

use rust_embed::RustEmbed;

/// The built bundle (`crates/web/dist`).
#[derive(RustEmbed)]
#[folder = "dist/"]
pub struct Assets;

/// One file of the bundle, ready to send.
#[derive(Clone, Debug)]
pub struct File {
    pub bytes: Cow<'static, [u8]>,
    /// The `Content-Type`, e.g. `text/javascript`.
    pub mime: String,
    /// A strong validator for `ETag` (hex of the file's SHA-256).
    pub etag: String,
    /// Whether the file name carries its content hash, so it may be cached for ever.
    pub immutable: bool,
}

/// The file at `path` (`/assets/app.js`, `assets/app.js`), if the bundle has it.
pub fn asset(path: &str) -> Option<File> {
    let path = path.trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    let file = Assets::get(path)?;
    let etag = file
        .metadata
        .sha256_hash()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mime = match file.metadata.mimetype() {
        // Browsers refuse module scripts served as anything but JavaScript.
        m if path.ends_with(".js") => {
            if m.contains("javascript") {
                m.to_string()
            } else {
                "text/javascript".to_string()
            }
        }
        m if m.starts_with("text/") && !m.contains("charset") => format!("{m}; charset=utf-8"),
        m => m.to_string(),
    };
    Some(File {
        bytes: file.data,
        mime,
        etag,
        immutable: path.starts_with("assets/") && has_hash(path),
    })
}

/// The response to a page request: the file at `path`, else the app's `index.html` (for the
/// app's own routes, `/` and `/t/ID`). `None` only for a missing file that looks like one (it
/// has an extension), so a wrong asset path is a 404, not a page.
pub fn page(path: &str) -> Option<File> {
    if let Some(f) = asset(path) {
        return Some(f);
    }
    let last = path.rsplit('/').next().unwrap_or("");
    if last.contains('.') {
        return None;
    }
    asset("index.html")
}

/// `assets/app-3f2a9c1b.js`: Vite puts an 8-character content hash after the last `-`.
fn has_hash(path: &str) -> bool {
    // Vite names a built file `name-HASH.ext` with an 8-character base64url hash, whose
    // alphabet includes `-` and `_`: read the hash from the end of the stem, not from a split.
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = name.split('.').next().unwrap_or(name).as_bytes();
    const HASH: usize = 8;
    stem.len() > HASH + 1
        && stem[stem.len() - HASH - 1] == b'-'
        && stem[stem.len() - HASH..]
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vite_hash_may_hold_dashes_and_underscores() {
        assert!(has_hash("assets/index-CkmShL_B.css"));
        assert!(has_hash("assets/index-a-b_cdef.js"));
        assert!(!has_hash("assets/index.js"));
        assert!(!has_hash("assets/logo-small.svg"));
    }

    #[test]
    fn the_index_page_is_served_for_the_root_and_app_routes() {
        let root = page("/").expect("index.html is in the bundle");
        assert_eq!(root.mime, "text/html; charset=utf-8");
        let html = String::from_utf8_lossy(&root.bytes);
        assert!(html.contains("<div id=\"app\">"), "{html}");
        let table = page("/t/abc123").unwrap();
        assert_eq!(table.bytes, root.bytes);
        assert!(!root.immutable);
    }

    #[test]
    fn every_script_and_style_the_index_names_is_served_with_its_type() {
        let html = String::from_utf8(page("/").unwrap().bytes.into_owned()).unwrap();
        let mut found = 0;
        for part in html.split(['"', '\'']) {
            if part.starts_with("/assets/") {
                let f = asset(part).unwrap_or_else(|| panic!("{part} is not in the bundle"));
                if part.ends_with(".js") {
                    assert_eq!(f.mime, "text/javascript");
                    found += 1;
                }
                if part.ends_with(".css") {
                    assert_eq!(f.mime, "text/css; charset=utf-8");
                }
                assert!(f.immutable, "{part}");
                assert_eq!(f.etag.len(), 64);
            }
        }
        assert!(found >= 1, "no script in {html}");
    }

    #[test]
    fn a_missing_file_is_not_a_page() {
        assert!(page("/assets/nothing-here.js").is_none());
        assert!(asset("/no-such-thing").is_none());
    }

    #[test]
    fn hashed_names_are_recognised() {
        assert!(has_hash("assets/index-DxK3a9Zq.js"));
        assert!(!has_hash("index.html"));
        assert!(!has_hash("assets/app.js"));
    }
}
