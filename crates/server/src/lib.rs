//! # tabletop-server
//!
//! `tabletop serve`: the only authority over online games (docs/PROTOCOL.md is the contract
//! with the browser front end).
//!
//! * [`store`] — what is kept: tables, seats, and the append-only record of actions and undos,
//!   in SQLite ([`store::sqlite`]), written before anyone is told;
//! * [`app`] — tables in memory: creation, reloading by replaying the record, connections,
//!   actions, undo, bots played off the async runtime;
//! * [`table`] — one table: its game, version, log and connections; the `state` frames, each
//!   built for the seats the connection holds;
//! * [`live`] — a game of any kind behind one interface, engine panics caught;
//! * [`log`] — the log as each viewer may read it;
//! * [`games`] — per game: content, bots, options, scenarios, lobby summaries;
//! * [`http`], [`ws`], [`assets`] — the HTTP API, the WebSocket, the front end's files;
//! * [`client`], [`loadgen`] — a protocol client (tests, load generator) and the load
//!   generator itself.

pub mod app;
pub mod assets;
pub mod client;
pub mod games;
pub mod http;
pub mod live;
pub mod loadgen;
pub mod log;
pub mod store;
pub mod table;
pub mod ws;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result};
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::trace::TraceLayer;

pub use app::App;
pub use assets::{Asset, AssetLookup};
pub use store::sqlite::{Durability, SqliteStore};

/// The largest request body (an imported save).
pub const MAX_BODY: usize = 8 * 1024 * 1024;

/// How to run a server.
#[derive(Clone)]
pub struct Config {
    pub bind: SocketAddr,
    /// Where the database lives.
    pub data: PathBuf,
    pub durability: Durability,
    /// The front end's files; `None` serves the API only.
    pub assets: Option<AssetLookup>,
}

impl Config {
    pub fn new(bind: SocketAddr, data: PathBuf) -> Config {
        Config {
            bind,
            data,
            durability: Durability::Full,
            assets: None,
        }
    }
}

/// Every route of the server.
pub fn router(app: Arc<App>, assets: Option<AssetLookup>) -> Router {
    let api = Router::new()
        .route("/api/info", get(http::info))
        .route("/api/options/{game}", get(http::options))
        .route("/api/catalog/{game}", get(http::catalog))
        .route("/api/tables", get(http::lobby).post(http::create))
        .route("/api/tables/import", post(http::import))
        .route("/api/tables/{id}/rematch", post(http::rematch))
        .route("/api/tables/{id}/save", get(http::save))
        .route("/api/tables/{id}/replay", get(http::replay))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .with_state(app.clone());
    let ws = Router::new()
        .route("/ws/{table}", get(ws::upgrade))
        .with_state(app);
    let web = Router::new()
        .route("/", get(assets::index))
        .route("/t/{id}", get(assets::index))
        // A finished table's replay, opened from a shared link or reloaded.
        .route("/t/{id}/replay", get(assets::index))
        .fallback(assets::file)
        .with_state(assets);
    Router::new()
        .merge(api.merge(web).layer(CompressionLayer::new()))
        .merge(ws)
        .layer(TraceLayer::new_for_http())
}

/// A server running in this process.
pub struct Running {
    pub addr: SocketAddr,
    pub app: Arc<App>,
    pub task: tokio::task::JoinHandle<std::io::Result<()>>,
    /// Unfinished tables reloaded from the database on start.
    pub reloaded: usize,
}

/// Open the database, reload every unfinished table, and start serving.
pub async fn start(config: Config) -> Result<Running> {
    let store = SqliteStore::open(&config.data, config.durability).await?;
    let app = Arc::new(App::new(Arc::new(store)));
    let reloaded = app.reload().await?;
    let listener = tokio::net::TcpListener::bind(config.bind)
        .await
        .with_context(|| format!("cannot listen on {}", config.bind))?;
    let addr = listener.local_addr()?;
    let routes = router(app.clone(), config.assets.clone());
    // Small frames go out at once (no Nagle delay waiting for the client's ACK).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let task = tokio::spawn(async move { axum::serve(listener, routes).await });
    Ok(Running {
        addr,
        app,
        task,
        reloaded,
    })
}

/// `tabletop serve`: run until Ctrl-C, saying where to open the game.
pub async fn serve(config: Config) -> Result<()> {
    let data = config.data.clone();
    let running = start(config).await?;
    println!(
        "tabletop serves on http://{} — open it in a browser (data in {}, {} unfinished table{} reloaded)",
        running.addr,
        data.display(),
        running.reloaded,
        if running.reloaded == 1 { "" } else { "s" }
    );
    tokio::select! {
        r = running.task => { r??; }
        _ = tokio::signal::ctrl_c() => { println!("stopped"); }
    }
    Ok(())
}

/// Run a future on a new multi-threaded runtime (for the `tabletop` binary, which is not
/// async itself).
pub fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime starts")
        .block_on(f)
}

/// Log to standard error: `RUST_LOG` if set, else warnings and the server's own information.
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,tabletop_server=info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}
