//! `tabletop serve` (the game server) and `tabletop loadgen` (its load generator).

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, ValueEnum};
use tabletop_server::loadgen::{self, LoadConfig};
use tabletop_server::{Asset, AssetLookup, Config, Durability};

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SyncMode {
    /// Every acknowledged action survives a power cut (fsync at each group commit).
    Full,
    /// Every acknowledged action survives a crash or kill of the server, not a power cut.
    Normal,
}

impl From<SyncMode> for Durability {
    fn from(s: SyncMode) -> Durability {
        match s {
            SyncMode::Full => Durability::Full,
            SyncMode::Normal => Durability::Normal,
        }
    }
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// The data directory (the SQLite database), created if missing.
    #[arg(long, default_value = "./tabletop-data")]
    data: PathBuf,
    /// How durable an acknowledged action is.
    #[arg(long, value_enum, default_value = "full")]
    sync: SyncMode,
}

pub fn serve(a: ServeArgs) -> Result<()> {
    tabletop_server::init_tracing();
    let mut config = Config::new(a.bind, a.data);
    config.durability = a.sync.into();
    config.assets = Some(front_end());
    tabletop_server::block_on(tabletop_server::serve(config))
}

/// The browser front end embedded in this binary (`crates/web`), for the server to serve.
fn front_end() -> AssetLookup {
    Arc::new(|path: &str| {
        tabletop_web::asset(path).map(|f| Asset {
            bytes: f.bytes,
            mime: f.mime.into(),
        })
    })
}

#[derive(Args, Debug)]
pub struct LoadgenArgs {
    /// Tables played at once, each by two WebSocket clients choosing random legal actions.
    #[arg(long, default_value_t = 500)]
    tables: usize,
    /// How long to play, in seconds.
    #[arg(long, default_value_t = 20.0)]
    seconds: f64,
    /// Moves per second asked of all tables together (each table moves at rate/tables per
    /// second); 0: as fast as possible (then the latency is only the queue).
    #[arg(long, default_value_t = 5000.0)]
    rate: f64,
    /// Tables opened first, for the server's memory per table (0: skip).
    #[arg(long, default_value_t = 10000)]
    open: usize,
    /// The game played.
    #[arg(long, default_value = "mandalorian", value_parser = ["firefly", "mandalorian"])]
    game: String,
    /// A server already running on this machine (default: start one with a fresh data
    /// directory, and stop it at the end).
    #[arg(long)]
    addr: Option<SocketAddr>,
    /// The process id of the server given with --addr, to read its memory.
    #[arg(long, requires = "addr")]
    pid: Option<u32>,
    /// The started server's durability.
    #[arg(long, value_enum, default_value = "full")]
    sync: SyncMode,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// A `tabletop serve` started for the load, with a fresh data directory.
struct Spawned {
    child: Child,
    dir: PathBuf,
}

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn spawn_server(sync: SyncMode) -> Result<(Spawned, SocketAddr)> {
    let dir = std::env::temp_dir().join(format!("tabletop-loadgen-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let exe = std::env::current_exe().context("cannot find the tabletop binary")?;
    let sync = match sync {
        SyncMode::Full => "full",
        SyncMode::Normal => "normal",
    };
    let mut child = Command::new(exe)
        .args(["serve", "--bind", "127.0.0.1:0", "--sync", sync, "--data"])
        .arg(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .context("cannot start `tabletop serve`")?;
    let stdout = child.stdout.take().expect("piped stdout");
    let spawned = Spawned { child, dir };
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line)?;
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .ok_or_else(|| anyhow!("`tabletop serve` did not say its address: {line:?}"))?
        .parse()?;
    Ok((spawned, addr))
}

pub fn loadgen(a: LoadgenArgs) -> Result<()> {
    let (spawned, addr, pid) = match a.addr {
        Some(addr) => (None, addr, a.pid),
        None => {
            let (s, addr) = spawn_server(a.sync)?;
            let pid = s.child.id();
            (Some(s), addr, Some(pid))
        }
    };
    if !addr.ip().is_loopback() {
        bail!("the load generator only targets a server on this machine (127.0.0.1)");
    }
    println!(
        "load: {} {} tables at once for {} s against {addr}, after opening {} tables",
        a.tables, a.game, a.seconds, a.open
    );
    let report = tabletop_server::block_on(loadgen::run(LoadConfig {
        addr,
        pid,
        game: a.game,
        tables: a.tables,
        seconds: a.seconds,
        rate: (a.rate > 0.0).then_some(a.rate),
        open: a.open,
        seed: a.seed,
    }))?;
    println!("{}", report.text());
    drop(spawned);
    Ok(())
}
