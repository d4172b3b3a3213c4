//! The browser front end, served from the binary: an asset lookup given to the server (the
//! `tabletop-web` crate embeds the built bundle), `index.html` for `/` and `/t/{id}` (the
//! single-page app routes itself), any other path looked up as a file of the bundle.

use std::borrow::Cow;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// A file of the front end: its bytes and its media type.
pub struct Asset {
    pub bytes: Cow<'static, [u8]>,
    pub mime: Cow<'static, str>,
}

/// Finds a file of the front end by its path in the bundle (`index.html`, `assets/app.js`).
pub type AssetLookup = Arc<dyn Fn(&str) -> Option<Asset> + Send + Sync>;

fn respond(asset: Asset, cache: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, asset.mime.into_owned()),
            (header::CACHE_CONTROL, cache.to_string()),
        ],
        asset.bytes.into_owned(),
    )
        .into_response()
}

fn missing(what: &str) -> Response {
    (
        StatusCode::NOT_FOUND,
        format!("{what} is not part of the front end built into this server"),
    )
        .into_response()
}

/// `/`, `/t/{id}` and `/t/{id}/replay`: the app's page.
pub async fn index(State(assets): State<Option<AssetLookup>>) -> Response {
    match assets.as_ref().and_then(|a| a("index.html")) {
        // The page names its hashed bundles, so it must never be cached stale.
        Some(a) => respond(a, "no-cache"),
        None => missing("index.html"),
    }
}

/// Any other path: a file of the bundle.
pub async fn file(State(assets): State<Option<AssetLookup>>, req: Request) -> Response {
    let path = req.uri().path().trim_start_matches('/');
    match assets.as_ref().and_then(|a| a(path)) {
        Some(a) => respond(a, "public, max-age=3600"),
        None => missing(path),
    }
}
