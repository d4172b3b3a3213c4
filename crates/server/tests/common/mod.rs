//! A real server on 127.0.0.1 with an ephemeral port and its own data directory, and helpers
//! to play at it.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::PathBuf;

use serde_json::{json, Value};
use tabletop_server::client::{Http, Ws};
use tabletop_server::{Config, Durability, Running};

/// A scratch directory, removed at the end of the test.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "tabletop-server-test-{name}-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub struct Server {
    pub running: Running,
    pub http: Http,
    pub dir: Scratch,
}

impl Server {
    pub fn addr(&self) -> SocketAddr {
        self.running.addr
    }
}

pub async fn server(name: &str) -> Server {
    let dir = Scratch::new(name);
    server_in(dir, Durability::Full).await
}

pub async fn server_in(dir: Scratch, durability: Durability) -> Server {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), dir.0.clone());
    config.durability = durability;
    let running = tabletop_server::start(config)
        .await
        .expect("the server starts");
    let http = Http::new(running.addr);
    Server { running, http, dir }
}

/// A two-captain Firefly table: seat 0 is the creator's, seat 1 an invitation.
pub async fn firefly_two(s: &Server, seed: u64) -> (String, String, String) {
    let c = s
        .http
        .create(&json!({"game": "firefly", "seed": seed,
                        "options": {"story": "The King of All Londinium"},
                        "seats": [{"kind": "you"}, {"kind": "invite"}]}))
        .await
        .unwrap();
    (
        c["table"].as_str().unwrap().to_string(),
        c["you"].as_str().unwrap().to_string(),
        c["invites"][0]["token"].as_str().unwrap().to_string(),
    )
}

/// Connect and read `hello` and the first `state`.
pub async fn join(s: &Server, table: &str, token: Option<&str>) -> (Ws, Value) {
    let mut ws = Ws::connect(s.addr(), table, token).await.unwrap();
    let hello = ws.recv().await.unwrap();
    assert_eq!(hello["type"], "hello", "{hello}");
    let state = ws.recv_type("state").await.unwrap();
    (ws, state)
}

/// The first legal action of a state.
pub fn first_legal(state: &Value) -> Value {
    state["legal"][0]["action"].clone()
}

/// Act with the first legal action and wait for the state that follows.
pub async fn act_first(ws: &mut Ws, state: &Value) -> Value {
    let v = state["version"].as_u64().unwrap();
    ws.send(&json!({"type": "act", "version": v, "action": first_legal(state)}))
        .await
        .unwrap();
    ws.state_at_least(v + 1).await.unwrap()
}

/// Two players at one table, each with the last state it received.
pub struct Pair {
    pub ws: [Ws; 2],
    pub last: [Value; 2],
}

impl Pair {
    pub async fn join(s: &Server, table: &str, tokens: [&str; 2]) -> Pair {
        let (a, sa) = join(s, table, Some(tokens[0])).await;
        let (b, sb) = join(s, table, Some(tokens[1])).await;
        let mut p = Pair {
            ws: [a, b],
            last: [sa, sb],
        };
        // Each sees the other connect: read up to the same version.
        p.catch_up().await;
        p
    }

    pub fn version(&self) -> u64 {
        self.last[0]["version"].as_u64().unwrap()
    }

    /// Both clients read states until both have the newest version and nothing is queued.
    pub async fn catch_up(&mut self) {
        let v = self
            .last
            .iter()
            .map(|l| l["version"].as_u64().unwrap())
            .max()
            .unwrap();
        for i in 0..2 {
            if self.last[i]["version"].as_u64().unwrap() < v {
                self.last[i] = self.ws[i].state_at_least(v).await.unwrap();
            }
        }
    }

    /// The index of the client whose seat is to act, if any.
    pub fn acting(&self) -> Option<usize> {
        (0..2).find(|&i| !self.last[i]["legal"].as_array().unwrap().is_empty())
    }

    /// The actor takes legal action `pick(legal)`; both read the state that follows.
    pub async fn step(&mut self, pick: impl Fn(&[Value]) -> usize) -> bool {
        let Some(i) = self.acting() else { return false };
        let legal = self.last[i]["legal"].as_array().unwrap().clone();
        let a = legal[pick(&legal)]["action"].clone();
        let v = self.version();
        self.ws[i]
            .send(&json!({"type": "act", "version": v, "action": a}))
            .await
            .unwrap();
        for k in 0..2 {
            self.last[k] = self.ws[k].state_at_least(v + 1).await.unwrap();
        }
        true
    }
}
