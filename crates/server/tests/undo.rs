//! Undo (docs/PROTOCOL.md rule 4, Board Game Arena's policy): a seat takes back its own
//! decisions since anything was revealed or anyone else acted; everyone reads it in the log;
//! the record keeps the taken-back actions and the undo (audit trail), and a restarted server
//! comes back to the same state.
#![allow(clippy::needless_range_loop)] // seats index several arrays at once

mod common;

use std::collections::HashMap;

use common::*;
use serde_json::{json, Value};
use sqlx::{Connection, Row};
use tabletop_server::Durability;

#[tokio::test]
async fn a_seat_takes_back_its_own_decisions_and_everyone_reads_it() {
    let dir = Scratch::new("undo");
    let path = dir.0.clone();
    let s = server_in(dir, Durability::Full).await;
    let (table, you, invite) = firefly_two(&s, 17).await;
    let mut p = Pair::join(&s, &table, [&you, &invite]).await;
    // Each client's state at each version, to compare with after the undo.
    let mut seen: Vec<HashMap<u64, Value>> = vec![HashMap::new(), HashMap::new()];
    let mut undoer = None;
    for _ in 0..200 {
        for (seen, last) in seen.iter_mut().zip(&p.last) {
            seen.insert(p.version(), last.clone());
        }
        if let Some(i) = (0..2).find(|&i| p.last[i]["undo"].is_object()) {
            undoer = Some(i);
            break;
        }
        assert!(p.step(|_| 0).await);
    }
    let i = undoer.expect("some decision could be taken back");
    let other = 1 - i;
    let v = p.version();
    let taken = p.last[i]["undo"]["actions"].as_array().unwrap().len() as u64;
    assert!(taken >= 1);
    // Nobody else's undo: the other seat is refused with a reason.
    p.ws[other]
        .send(&json!({"type": "undo", "id": 1, "version": v}))
        .await
        .unwrap();
    let r = p.ws[other].recv_type("refused").await.unwrap();
    assert!(!r["reason"].as_str().unwrap().is_empty());
    // A stale undo is refused too.
    p.ws[i]
        .send(&json!({"type": "undo", "version": v - 1}))
        .await
        .unwrap();
    let r = p.ws[i].recv_type("refused").await.unwrap();
    assert!(r["reason"].as_str().unwrap().contains("changed"), "{r}");
    p.ws[i].recv_type("state").await.unwrap();
    // The undo.
    p.ws[i]
        .send(&json!({"type": "undo", "version": v}))
        .await
        .unwrap();
    for k in 0..2 {
        p.last[k] = p.ws[k].state_at_least(v + 1).await.unwrap();
        let lines = p.last[k]["log"]["lines"].as_array().unwrap();
        let said = format!(
            "captain {} took back {taken} action{}",
            i + 1,
            if taken == 1 { "" } else { "s" }
        );
        assert!(lines.iter().any(|l| l == &json!(said)), "{lines:?}");
        // The game is where it stood before the taken-back actions.
        let before = &seen[k][&(v - taken)];
        assert_eq!(p.last[k]["view"], before["view"]);
        assert_eq!(p.last[k]["legal"], before["legal"]);
    }
    assert_eq!(p.version(), v + 1, "an undo is a new version");
    // The record keeps every row: the actions taken back and the undo.
    let url = format!(
        "sqlite://{}?mode=ro",
        path.join("tabletop.sqlite").display()
    );
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let rows =
        sqlx::query("SELECT seq, action, takes_back FROM actions WHERE table_id = ? ORDER BY seq")
            .bind(&table)
            .fetch_all(&mut conn)
            .await
            .unwrap();
    assert_eq!(rows.len() as u64, v + 1);
    let last = rows.last().unwrap();
    assert_eq!(last.get::<Option<i64>, _>("takes_back"), Some(taken as i64));
    assert!(rows[..rows.len() - 1]
        .iter()
        .all(|r| r.get::<Option<String>, _>("action").is_some()));
    // A restarted server replays the actions and the undo to the same state.
    let again = server_in(Scratch(path), Durability::Full).await;
    let (_, st) = join(&again, &table, Some([&you, &invite][i])).await;
    assert_eq!(st["version"], p.last[i]["version"]);
    assert_eq!(st["view"], p.last[i]["view"]);
    std::mem::forget(s.dir);
}
