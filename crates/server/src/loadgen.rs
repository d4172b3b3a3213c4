//! The load generator (`tabletop loadgen`): N tables at once, each played by two WebSocket
//! clients choosing random legal actions, for a bounded time; after many tables were opened at once (they stay open during the play).
//! It reports moves per second, the latency from sending an action to receiving the view that
//! follows it (p50, p99), and the server's memory per open table. Only for a server on this
//! machine (loopback).

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::client::{Http, Ws};

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    pub addr: SocketAddr,
    /// The server's process, to read its memory (`/proc/PID/status`).
    pub pid: Option<u32>,
    pub game: String,
    /// Tables played at once.
    pub tables: usize,
    /// How long to play.
    pub seconds: f64,
    /// The moves per second asked of all tables together (each table moves at `rate /
    /// tables` per second, as people do, rather than as fast as it can); `None`: as fast as
    /// possible, where the latency is only the queue (tables / throughput).
    pub rate: Option<f64>,
    /// Tables to open afterwards for the memory figure (0: none).
    pub open: usize,
    pub seed: u64,
}

/// What it measured.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub moves: u64,
    pub seconds: f64,
    pub refused: u64,
    pub games_finished: u64,
    pub tables_created: u64,
    /// Frames the clients received, and their mean size in bytes.
    pub frames: u64,
    pub mean_frame_bytes: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub opened: usize,
    pub rss_before_open: Option<u64>,
    pub rss_after_open: Option<u64>,
}

impl Report {
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.seconds.max(1e-9)
    }

    pub fn bytes_per_open_table(&self) -> Option<f64> {
        match (self.rss_before_open, self.rss_after_open) {
            (Some(a), Some(b)) if self.opened > 0 => {
                Some(b.saturating_sub(a) as f64 / self.opened as f64)
            }
            _ => None,
        }
    }

    pub fn text(&self) -> String {
        let mut s = format!(
            "{} moves in {:.1} s: {:.0} moves/s; latency action → view p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms; {} refused; {} tables played, {} games finished; {} frames of {:.0} bytes on average",
            self.moves,
            self.seconds,
            self.moves_per_second(),
            self.p50_ms,
            self.p99_ms,
            self.max_ms,
            self.refused,
            self.tables_created,
            self.games_finished,
            self.frames,
            self.mean_frame_bytes
        );
        if let (Some(per), Some(a), Some(b)) = (
            self.bytes_per_open_table(),
            self.rss_before_open,
            self.rss_after_open,
        ) {
            s.push_str(&format!(
                "\n{} tables opened: server memory {:.1} MiB → {:.1} MiB, {:.1} KiB per table ({:.2} GiB for 10,000)",
                self.opened,
                a as f64 / 1048576.0,
                b as f64 / 1048576.0,
                per / 1024.0,
                per * 10000.0 / 1073741824.0
            ));
        }
        s
    }
}

/// The resident memory of a process, in bytes.
pub fn rss(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = s.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The head of a `state` frame: what a random player needs (the view is skipped).
#[derive(Deserialize)]
struct Frame {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    version: u64,
    #[serde(default)]
    legal: Vec<Legal>,
    #[serde(default)]
    outcome: Value,
}

#[derive(Deserialize)]
struct Legal {
    action: Value,
}

/// xorshift64*: the clients' random choices.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

struct Counters {
    moves: AtomicU64,
    refused: AtomicU64,
    finished: AtomicU64,
    created: AtomicU64,
    frames: AtomicU64,
    frame_bytes: AtomicU64,
}

fn seats_body(game: &str) -> Value {
    json!({"game": game, "seats": [{"kind": "invite"}, {"kind": "invite"}]})
}

/// When a table may make its next move (shared by its two seats).
type Pace = Arc<std::sync::Mutex<Instant>>;

/// Play one seat until the game ends or the deadline: latencies in microseconds.
async fn play_seat(
    mut ws: Ws,
    seed: u64,
    deadline: Instant,
    counters: Arc<Counters>,
    pace: Option<(Pace, Duration)>,
) -> Result<Vec<u32>> {
    let mut rng = Rng(seed | 1);
    let mut lat = Vec::new();
    let mut pending: Option<(u64, Instant)> = None;
    loop {
        ws.recv_raw().await?;
        let text = ws.raw.pop().unwrap_or_default();
        counters.frames.fetch_add(1, Ordering::Relaxed);
        counters
            .frame_bytes
            .fetch_add(text.len() as u64, Ordering::Relaxed);
        let f: Frame = serde_json::from_str(&text)?;
        match f.kind.as_str() {
            "state" => {
                if let Some((sent_at, t)) = pending {
                    if f.version > sent_at {
                        lat.push(t.elapsed().as_micros().min(u32::MAX as u128) as u32);
                        counters.moves.fetch_add(1, Ordering::Relaxed);
                        pending = None;
                    }
                }
                if !f.outcome.is_null() {
                    counters.finished.fetch_add(1, Ordering::Relaxed);
                    break;
                }
                if Instant::now() >= deadline {
                    break;
                }
                if pending.is_none() && !f.legal.is_empty() {
                    if let Some((next, every)) = &pace {
                        let at = {
                            let mut n = next.lock().expect("pace lock");
                            let at = (*n).max(Instant::now());
                            *n = at + *every;
                            at
                        };
                        tokio::time::sleep_until(at.into()).await;
                    }
                    let a = &f.legal[rng.below(f.legal.len())].action;
                    ws.send(&json!({"type": "act", "version": f.version, "action": a}))
                        .await?;
                    pending = Some((f.version, Instant::now()));
                }
            }
            "refused" => {
                counters.refused.fetch_add(1, Ordering::Relaxed);
                pending = None;
                ws.send(&json!({"type": "sync"})).await?;
            }
            _ => {}
        }
    }
    ws.close().await;
    Ok(lat)
}

/// One of the N table slots: tables one after the other until the deadline.
async fn table_slot(
    http: Http,
    cfg: Arc<LoadConfig>,
    slot: usize,
    deadline: Instant,
    counters: Arc<Counters>,
) -> Result<Vec<u32>> {
    let mut lat = Vec::new();
    let mut round = 0u64;
    while Instant::now() < deadline {
        let created = http.create(&seats_body(&cfg.game)).await?;
        counters.created.fetch_add(1, Ordering::Relaxed);
        let id = created["table"].as_str().unwrap_or_default().to_string();
        let pace = cfg.rate.map(|rate| {
            let every = Duration::from_secs_f64(cfg.tables as f64 / rate.max(1e-3));
            // Tables start spread over one interval, not all at once.
            let offset = every.mul_f64(slot as f64 / cfg.tables.max(1) as f64);
            (
                Arc::new(std::sync::Mutex::new(Instant::now() + offset)),
                every,
            )
        });
        let mut tasks = Vec::new();
        for inv in created["invites"].as_array().cloned().unwrap_or_default() {
            let token = inv["token"].as_str().unwrap_or_default().to_string();
            let mut ws = Ws::connect(cfg.addr, &id, Some(&token)).await?;
            ws.keep_raw = true;
            let seed = cfg
                .seed
                .wrapping_add((slot as u64) << 32)
                .wrapping_add(round * 7 + inv["seat"].as_u64().unwrap_or(0));
            tasks.push(tokio::spawn(play_seat(
                ws,
                seed,
                deadline,
                counters.clone(),
                pace.clone(),
            )));
        }
        for t in tasks {
            lat.extend(t.await??);
        }
        round += 1;
    }
    Ok(lat)
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

/// Run the load.
pub async fn run(cfg: LoadConfig) -> Result<Report> {
    if !cfg.addr.ip().is_loopback() {
        bail!("the load generator only targets a server on this machine (127.0.0.1)");
    }
    let cfg = Arc::new(cfg);
    let http = Http::new(cfg.addr);
    let counters = Arc::new(Counters {
        moves: AtomicU64::new(0),
        refused: AtomicU64::new(0),
        finished: AtomicU64::new(0),
        created: AtomicU64::new(0),
        frames: AtomicU64::new(0),
        frame_bytes: AtomicU64::new(0),
    });
    // Open tables first, on a server that has played nothing yet, so that freed memory
    // of finished games does not hide what open tables hold.
    let (mut opened_before, mut opened_after) = (None, None);
    if cfg.open > 0 {
        opened_before = cfg.pid.and_then(rss);
        let next = Arc::new(AtomicU64::new(0));
        let mut workers = Vec::new();
        for _ in 0..32 {
            let http = http.clone();
            let next = next.clone();
            let game = cfg.game.clone();
            let n = cfg.open as u64;
            workers.push(tokio::spawn(async move {
                while next.fetch_add(1, Ordering::Relaxed) < n {
                    http.create(&seats_body(&game)).await?;
                }
                Ok::<(), anyhow::Error>(())
            }));
        }
        for w in workers {
            w.await??;
        }
        opened_after = cfg.pid.and_then(rss);
    }
    let start = Instant::now();
    let deadline = start + Duration::from_secs_f64(cfg.seconds);
    let mut slots = Vec::new();
    for slot in 0..cfg.tables {
        slots.push(tokio::spawn(table_slot(
            http.clone(),
            cfg.clone(),
            slot,
            deadline,
            counters.clone(),
        )));
    }
    let mut lat = Vec::new();
    for s in slots {
        lat.extend(s.await??);
    }
    let seconds = start.elapsed().as_secs_f64();
    lat.sort_unstable();
    let report = Report {
        moves: counters.moves.load(Ordering::Relaxed),
        seconds,
        refused: counters.refused.load(Ordering::Relaxed),
        games_finished: counters.finished.load(Ordering::Relaxed) / 2,
        tables_created: counters.created.load(Ordering::Relaxed),
        frames: counters.frames.load(Ordering::Relaxed),
        mean_frame_bytes: counters.frame_bytes.load(Ordering::Relaxed) as f64
            / counters.frames.load(Ordering::Relaxed).max(1) as f64,
        p50_ms: percentile(&lat, 0.50),
        p99_ms: percentile(&lat, 0.99),
        max_ms: lat.last().map_or(0.0, |&m| m as f64 / 1000.0),
        opened: cfg.open,
        rss_before_open: opened_before,
        rss_after_open: opened_after,
    };
    Ok(report)
}
