//! `tabletop serve` as a process: it says where to open it, and a `kill -9` at any moment
//! loses no action a client was told about (the restarted server reloads the table from its
//! database).

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::{json, Value};
use tabletop_server::client::{Http, Ws};

struct Served {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(data: &Path) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["serve", "--bind", "127.0.0.1:0", "--data"])
        .arg(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("tabletop serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.contains("open it in a browser"), "{line}");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap()
        .parse()
        .unwrap();
    Served { child, addr }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletop-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Play `n` actions at a two-seat table (whoever is to act takes its first legal action);
/// the last state each client was told.
async fn play(addr: SocketAddr, table: &str, tokens: [&str; 2], n: u64) -> (Vec<Ws>, Vec<Value>) {
    let mut ws = Vec::new();
    let mut last = Vec::new();
    for t in tokens {
        let mut w = Ws::connect(addr, table, Some(t)).await.unwrap();
        last.push(w.recv_type("state").await.unwrap());
        ws.push(w);
    }
    let start = last
        .iter()
        .map(|s| s["version"].as_u64().unwrap())
        .max()
        .unwrap();
    for (i, w) in ws.iter_mut().enumerate() {
        if last[i]["version"].as_u64().unwrap() < start {
            last[i] = w.state_at_least(start).await.unwrap();
        }
    }
    for k in 0..n {
        let i = (0..2)
            .find(|&i| !last[i]["legal"].as_array().unwrap().is_empty())
            .expect("someone is to act");
        let v = start + k;
        let a = last[i]["legal"][0]["action"].clone();
        ws[i]
            .send(&json!({"type": "act", "version": v, "action": a}))
            .await
            .unwrap();
        for j in 0..2 {
            last[j] = ws[j].state_at_least(v + 1).await.unwrap();
        }
    }
    (ws, last)
}

#[test]
fn kill_9_loses_no_action_a_client_was_told_about() {
    let data = scratch("kill9");
    let server = serve(&data);
    let addr = server.addr;
    let (table, tokens, told) = tabletop_server::block_on(async move {
        let c = Http::new(addr)
            .create(&json!({"game": "firefly", "seed": 21,
                            "seats": [{"kind": "you"}, {"kind": "invite"}]}))
            .await
            .unwrap();
        let table = c["table"].as_str().unwrap().to_string();
        let tokens = [
            c["you"].as_str().unwrap().to_string(),
            c["invites"][0]["token"].as_str().unwrap().to_string(),
        ];
        let (mut ws, last) = play(addr, &table, [&tokens[0], &tokens[1]], 20).await;
        // One more action on its way when the server dies: it may or may not have been
        // stored, but nobody was told about it.
        let i = (0..2)
            .find(|&i| !last[i]["legal"].as_array().unwrap().is_empty())
            .unwrap();
        let v = last[i]["version"].clone();
        ws[i]
            .send(&json!({"type": "act", "version": v, "action": last[i]["legal"][0]["action"]}))
            .await
            .unwrap();
        (table, tokens, last)
    });
    drop(server); // SIGKILL: no shutdown, no flush
    let told_version = told[0]["version"].as_u64().unwrap();
    assert_eq!(told_version, 20);

    let again = serve(&data);
    let addr = again.addr;
    let (s0, s1) = tabletop_server::block_on(async move {
        let mut a = Ws::connect(addr, &table, Some(&tokens[0])).await.unwrap();
        let mut b = Ws::connect(addr, &table, Some(&tokens[1])).await.unwrap();
        (
            a.recv_type("state").await.unwrap(),
            b.recv_type("state").await.unwrap(),
        )
    });
    let v = s0["version"].as_u64().unwrap();
    assert!(v == 20 || v == 21, "version {v} after the restart");
    if v == 20 {
        assert_eq!(s0["view"], told[0]["view"]);
        assert_eq!(s1["view"], told[1]["view"]);
        assert_eq!(s0["legal"], told[0]["legal"]);
    }
    if v == 20 {
        // The last lines told before the kill end the log the restarted server tells.
        let lines = s0["log"]["lines"].as_array().unwrap();
        let last: Vec<Value> = told[0]["log"]["lines"].as_array().unwrap().clone();
        assert!(
            lines.ends_with(&last),
            "{lines:?} does not end with {last:?}"
        );
    }
    drop(again);
    let _ = std::fs::remove_dir_all(&data);
}
