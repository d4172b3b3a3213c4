//! Nothing is lost (docs/PROTOCOL.md rules 2 and 5): an action is in the database before
//! anyone is told; a restarted server reloads every unfinished table; a dropped socket comes
//! back to the current state.

mod common;

use common::*;
use serde_json::{json, Value};
use sqlx::{Connection, Row};
use tabletop_server::Durability;

async fn stored_actions(dir: &std::path::Path, table: &str) -> Vec<(i64, Option<String>)> {
    let url = format!("sqlite://{}?mode=ro", dir.join("tabletop.sqlite").display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("SELECT seq, action FROM actions WHERE table_id = ? ORDER BY seq")
        .bind(table)
        .fetch_all(&mut conn)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get::<i64, _>("seq"), r.get::<Option<String>, _>("action")))
        .collect()
}

#[tokio::test]
async fn every_action_is_stored_before_its_state_is_sent() {
    let s = server("stored").await;
    let (table, you, invite) = firefly_two(&s, 5).await;
    let mut p = Pair::join(&s, &table, [&you, &invite]).await;
    for n in 1..=12u64 {
        let i = p.acting().unwrap();
        let a = p.last[i]["legal"][0]["action"].clone();
        assert!(p.step(|_| 0).await);
        assert_eq!(p.version(), n);
        // The moment the state is here, the row is in the database.
        let rows = stored_actions(&s.dir.0, &table).await;
        assert_eq!(rows.len() as u64, n);
        let (seq, action) = rows.last().unwrap();
        assert_eq!(*seq as u64, n);
        let stored: Value = serde_json::from_str(action.as_deref().unwrap()).unwrap();
        assert_eq!(stored, a);
    }
}

#[tokio::test]
async fn a_restarted_server_reloads_the_table_where_it_stood() {
    let dir = Scratch::new("restart");
    let path = dir.0.clone();
    let first = server_in(dir, Durability::Full).await;
    let (table, you, invite) = firefly_two(&first, 9).await;
    let mut p = Pair::join(&first, &table, [&you, &invite]).await;
    for _ in 0..15 {
        assert!(p.step(|l| l.len() - 1).await);
    }
    let before = p.last.clone();
    let told: Vec<Value> = before[0]["log"]["lines"].as_array().unwrap().clone();
    // A second server on the same data directory: nothing the first holds only in memory
    // may matter.
    let second = server_in(Scratch(path), Durability::Full).await;
    assert!(second.running.reloaded >= 1);
    let (_, s0) = join(&second, &table, Some(&you)).await;
    assert_eq!(s0["version"], before[0]["version"]);
    assert_eq!(s0["view"], before[0]["view"]);
    assert_eq!(s0["legal"], before[0]["legal"]);
    assert_eq!(s0["log"]["from"], 0);
    let all = s0["log"]["lines"].as_array().unwrap();
    assert!(
        all.ends_with(&told),
        "the reloaded log ends with what was told"
    );
    std::mem::forget(first.dir); // the second server owns the directory now
}

#[tokio::test]
async fn a_dropped_socket_comes_back_to_the_current_state() {
    let s = server("reconnect").await;
    let (table, you, invite) = firefly_two(&s, 13).await;
    let mut p = Pair::join(&s, &table, [&you, &invite]).await;
    let mut log0: Vec<Value> = p.last[0]["log"]["lines"].as_array().unwrap().clone();
    for _ in 0..6 {
        assert!(p.step(|_| 0).await);
        let l = &p.last[0]["log"];
        assert_eq!(
            l["from"].as_u64().unwrap() as usize,
            log0.len(),
            "no line missed"
        );
        log0.extend(l["lines"].as_array().unwrap().iter().cloned());
    }
    let Pair { ws, last } = p;
    let [a, mut b] = ws;
    a.close().await;
    // The other player acts while seat 0 is away, if it is their decision.
    let mut v = last[1]["version"].as_u64().unwrap();
    if !last[1]["legal"].as_array().unwrap().is_empty() {
        b.send(&json!({"type": "act", "version": v, "action": last[1]["legal"][0]["action"]}))
            .await
            .unwrap();
        v += 1;
        b.state_at_least(v).await.unwrap();
    }
    let (mut a, s0) = join(&s, &table, Some(&you)).await;
    assert_eq!(s0["version"].as_u64().unwrap(), v);
    let lines = s0["log"]["lines"].as_array().unwrap();
    assert!(lines.starts_with(&log0), "the whole log again, from 0");
    // And `sync` sends it all once more.
    a.send(&json!({"type": "sync"})).await.unwrap();
    let again = a.recv_type("state").await.unwrap();
    assert_eq!(again["version"], s0["version"]);
    assert_eq!(again["log"], s0["log"]);
}
