//! Bots play on the server, one stored action at a time, to the end of a game; a finished
//! table gives its save and its step-by-step replay, and the save starts a table again.

mod common;

use common::*;
use serde_json::{json, Value};
use tabletop_server::client::Ws;

/// Watch a table as a spectator until its game is over.
async fn watch_to_the_end(s: &Server, table: &str) -> Value {
    let (mut ws, mut st) = join(s, table, None).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(240);
    while st["outcome"].is_null() {
        assert!(
            std::time::Instant::now() < deadline,
            "the bots did not finish in time"
        );
        st = ws.recv_type("state").await.unwrap();
        assert_eq!(st["legal"], json!([]), "a spectator gets no legal actions");
    }
    st
}

#[tokio::test]
async fn bots_play_a_mandalorian_mission_to_its_end() {
    let s = server("bots-mando").await;
    let c = s
        .http
        .create(
            &json!({"game": "mandalorian", "seed": 4, "options": {"mission": 1},
                        "seats": [{"kind": "bot"}, {"kind": "bot", "bot": "random"}]}),
        )
        .await
        .unwrap();
    let table = c["table"].as_str().unwrap();
    assert_eq!(c["you"], json!(null));
    let end = watch_to_the_end(&s, table).await;
    let version = end["version"].as_u64().unwrap();
    assert!(version > 10, "{version} actions");
    assert!(end["outcome"]["reason"].is_string());
    // The finished table: listed as over; its save and replay are open now.
    let (_, lobby) = s.http.get("/api/tables").await.unwrap();
    let entry = lobby
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["table"] == table)
        .unwrap()
        .clone();
    assert_eq!(entry["status"], "over");
    let (status, save) = s
        .http
        .get(&format!("/api/tables/{table}/save"))
        .await
        .unwrap();
    assert_eq!(status, 200);
    assert_eq!(save["actions"].as_array().unwrap().len() as u64, version);
    let (status, replay) = s
        .http
        .get(&format!("/api/tables/{table}/replay"))
        .await
        .unwrap();
    assert_eq!(status, 200, "{replay}");
    let steps = replay["steps"].as_array().unwrap();
    assert_eq!(steps.len() as u64, version);
    assert!(steps
        .iter()
        .all(|st| st["view"].is_object() && st["text"].is_string()));
    assert_eq!(replay["outcome"], end["outcome"]);
    // The save starts a new table, already over, with the same outcome.
    let (status, imported) = s
        .http
        .post(
            "/api/tables/import",
            &json!({"save": save, "seats": [{"kind": "you"}, {"kind": "you"}]}),
        )
        .await
        .unwrap();
    assert_eq!(status, 201, "{imported}");
    let (_, st) = join(
        &s,
        imported["table"].as_str().unwrap(),
        imported["you"].as_str(),
    )
    .await;
    assert_eq!(st["version"].as_u64().unwrap(), version);
    assert_eq!(st["outcome"], end["outcome"]);
}

#[tokio::test]
async fn bots_play_firefly_to_the_round_limit() {
    let s = server("bots-firefly").await;
    let c = s
        .http
        .create(
            &json!({"game": "firefly", "seed": 8, "options": {"max_rounds": 2},
                        "seats": [{"kind": "bot"}, {"kind": "bot"}]}),
        )
        .await
        .unwrap();
    let end = watch_to_the_end(&s, c["table"].as_str().unwrap()).await;
    assert!(end["version"].as_u64().unwrap() > 20);
}

#[tokio::test]
async fn a_bot_answers_a_person_s_moves() {
    let s = server("bot-answers").await;
    let c = s
        .http
        .create(
            &json!({"game": "mandalorian", "seed": 6, "options": {"mission": 1},
                        "seats": [{"kind": "you"}, {"kind": "bot"}]}),
        )
        .await
        .unwrap();
    let table = c["table"].as_str().unwrap();
    let mut ws = Ws::connect(s.addr(), table, c["you"].as_str())
        .await
        .unwrap();
    let mut st = ws.recv_type("state").await.unwrap();
    let mut mine = 0;
    let mut bots = 0;
    while (mine < 6 || bots == 0) && st["outcome"].is_null() {
        if !st["legal"].as_array().unwrap().is_empty() {
            st = act_first(&mut ws, &st).await;
            mine += 1;
        } else {
            // The bot is to act: its move arrives without anyone asking.
            assert_eq!(st["actor"], json!(1), "{st}");
            let v = st["version"].as_u64().unwrap();
            st = ws.state_at_least(v + 1).await.unwrap();
            bots += 1;
        }
    }
    assert!(bots > 0, "the bot took its turns");
}
