//! The HTTP API of docs/PROTOCOL.md: information, options, creating tables (and the reasons a
//! request is refused), the lobby, rematch, saves kept secret until the end, imports.

mod common;

use common::*;
use serde_json::{json, Value};
use tabletop_server::client::Ws;

#[tokio::test]
async fn info_and_options_tell_a_client_what_it_may_ask_for() {
    let s = server("info").await;
    let (status, info) = s.http.get("/api/info").await.unwrap();
    assert_eq!(status, 200);
    assert_eq!(info["protocol"], 1);
    assert_eq!(info["games"], json!(["firefly", "mandalorian"]));
    let (_, ff) = s.http.get("/api/options/firefly").await.unwrap();
    let stories = ff["stories"].as_array().unwrap();
    assert!(stories
        .iter()
        .any(|st| st["name"] == "The King of All Londinium"));
    assert!(stories.iter().all(|st| st["players"]["min"].is_u64()));
    // An expansion's story names the expansion it needs; the Set Up cards (FF-BS-5) theirs.
    assert!(stories.iter().any(|st| st["expansion"] == "blue-sun"));
    // … and every expansion it needs, when that is more than its own (Rim Rider).
    let rim = stories.iter().find(|st| st["id"] == "rim-rider").unwrap();
    assert_eq!(rim["needs"], json!(["blue-sun", "kalidasa"]));
    let king = stories
        .iter()
        .find(|st| st["id"] == "the-king-of-all-londinium")
        .unwrap();
    assert!(king.get("needs").is_none());
    let cards = ff["setup_cards"].as_array().unwrap();
    assert!(cards
        .iter()
        .any(|x| x["id"] == "the-rims-the-thing" && x["expansion"] == "kalidasa"));
    assert!(cards.iter().all(|x| x["text"].as_str().is_some()));
    // Issue 12: three levels per seat (and random).
    assert_eq!(ff["bots"], json!(["easy", "normal", "hard", "random"]));
    let (_, ma) = s.http.get("/api/options/mandalorian").await.unwrap();
    assert!(!ma["missions"].as_array().unwrap().is_empty());
    assert_eq!(
        ma["difficulties"],
        json!(["recruit", "standard", "veteran"])
    );
    assert!(!ma["characters"].as_array().unwrap().is_empty());
    let (status, e) = s.http.get("/api/options/chess").await.unwrap();
    assert_eq!(status, 404);
    assert!(e["error"].as_str().unwrap().contains("chess"));
}

async fn refused(s: &Server, body: Value) -> String {
    let (status, e) = s.http.post("/api/tables", &body).await.unwrap();
    assert_eq!(status, 400, "{body} → {e}");
    e["error"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_bad_table_request_is_refused_with_a_reason() {
    let s = server("bad-create").await;
    let two = json!([{"kind": "you"}, {"kind": "invite"}]);
    assert!(refused(&s, json!({"game": "chess", "seats": two}))
        .await
        .contains("chess"));
    assert!(refused(&s, json!({"game": "firefly", "seats": []}))
        .await
        .contains("at least one"));
    assert!(
        refused(&s, json!({"game": "firefly", "seats": [{"kind": "alien"}]}))
            .await
            .contains("\"alien\"")
    );
    assert!(refused(
        &s,
        json!({"game": "firefly", "seats": [{"kind": "bot", "bot": "genius"}]})
    )
    .await
    .contains("genius"));
    // The refusal names the levels there are.
    assert!(refused(
        &s,
        json!({"game": "mandalorian", "seats": [{"kind": "bot", "bot": "expert"}]})
    )
    .await
    .contains("easy, normal, hard, random"));
    assert!(refused(
        &s,
        json!({"game": "firefly", "options": {"story": "No Such Story"}, "seats": two})
    )
    .await
    .contains("No Such Story"));
    assert!(
        refused(
            &s,
            json!({"game": "mandalorian", "options": {"misson": 1}, "seats": two})
        )
        .await
        .contains("misson"),
        "a misspelled option is refused, not ignored"
    );
    assert!(
        refused(&s, json!({"game": "firefly", "seed": -3, "seats": two}))
            .await
            .contains("seed")
    );
    // Nothing was made.
    let (_, lobby) = s.http.get("/api/tables").await.unwrap();
    assert_eq!(lobby, json!([]));
}

#[tokio::test]
async fn the_lobby_lists_tables_newest_first_with_their_seats() {
    let s = server("lobby").await;
    let first = s
        .http
        .create(&json!({"game": "firefly", "options": {"first_game": true},
                        "seats": [{"kind": "you"}, {"kind": "invite"}, {"kind": "bot"}]}))
        .await
        .unwrap();
    assert_eq!(first["invites"].as_array().unwrap().len(), 1);
    assert_eq!(first["invites"][0]["seat"], 1);
    let t1 = first["table"].as_str().unwrap();
    assert_eq!(first["spectate"], format!("/t/{t1}"));
    let url = first["invites"][0]["url"].as_str().unwrap();
    assert!(url.starts_with(&format!("/t/{t1}?token=")));
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let second = s
        .http
        .create(&json!({"game": "mandalorian", "seats": [{"kind": "you"}]}))
        .await
        .unwrap();
    let (_, lobby) = s.http.get("/api/tables").await.unwrap();
    let list = lobby.as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["table"], second["table"], "newest first");
    assert_eq!(list[1]["table"], t1);
    assert_eq!(
        list[1]["status"], "waiting",
        "the invitation is not taken yet"
    );
    let summary = list[1]["summary"].as_str().unwrap();
    assert!(
        summary.contains("3 captains") && summary.contains("first game"),
        "{summary}"
    );
    assert_eq!(list[1]["seats"][2]["kind"], "bot");
    // A bot seat without a level is the normal bot.
    assert_eq!(list[1]["seats"][2]["bot"], "normal");
    assert_eq!(list[1]["seats"][1]["taken"], false);
    // The invited friend and the creator arrive: every seat is taken.
    let (_ws1, _) = join(&s, t1, first["invites"][0]["token"].as_str()).await;
    let (_ws0, _) = join(&s, t1, first["you"].as_str()).await;
    let (_, lobby) = s.http.get("/api/tables").await.unwrap();
    let t = &lobby[1];
    assert_eq!(t["seats"][1]["taken"], true);
    assert_eq!(t["seats"][1]["connected"], true);
    assert_eq!(t["status"], "playing");
}

#[tokio::test]
async fn the_save_stays_secret_while_the_game_is_on() {
    let s = server("secret-save").await;
    let (table, _, _) = firefly_two(&s, 3).await;
    for what in ["save", "replay"] {
        let (status, e) = s
            .http
            .get(&format!("/api/tables/{table}/{what}"))
            .await
            .unwrap();
        assert_eq!(status, 403, "{what}");
        assert!(e["error"].as_str().unwrap().contains("not over"), "{e}");
    }
    let (status, _) = s.http.get("/api/tables/nosuchtable/save").await.unwrap();
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_rematch_needs_a_seat_s_token_and_keeps_options_and_seats() {
    let s = server("rematch").await;
    let c = s
        .http
        .create(
            &json!({"game": "mandalorian", "options": {"mission": 2, "difficulty": "veteran"},
                        "seats": [{"kind": "you"}, {"kind": "invite"}, {"kind": "bot"}]}),
        )
        .await
        .unwrap();
    let t = c["table"].as_str().unwrap();
    let (status, _) = s
        .http
        .post(&format!("/api/tables/{t}/rematch"), &json!({}))
        .await
        .unwrap();
    assert_eq!(status, 403);
    let (status, _) = s
        .http
        .post(&format!("/api/tables/{t}/rematch?token=wrong"), &json!({}))
        .await
        .unwrap();
    assert_eq!(status, 403);
    // The invited friend asks: their seat is theirs again, the creator gets an invitation.
    let friend = c["invites"][0]["token"].as_str().unwrap();
    let (status, r) = s
        .http
        .post(
            &format!("/api/tables/{t}/rematch?token={friend}"),
            &json!({}),
        )
        .await
        .unwrap();
    assert_eq!(status, 201, "{r}");
    assert_ne!(r["table"], c["table"]);
    assert_eq!(r["invites"][0]["seat"], 0);
    let mut ws = Ws::connect(s.addr(), r["table"].as_str().unwrap(), r["you"].as_str())
        .await
        .unwrap();
    let hello = ws.recv().await.unwrap();
    assert_eq!(hello["seats"], json!([1]));
    assert_eq!(hello["table"]["options"]["mission"], 2);
    assert_eq!(hello["table"]["options"]["difficulty"], "veteran");
    assert_eq!(hello["table"]["seats"][2]["kind"], "bot");
}

#[tokio::test]
async fn a_bad_import_is_refused_and_makes_nothing() {
    let s = server("bad-import").await;
    let seats = json!([{"kind": "you"}, {"kind": "you"}]);
    let (status, e) = s
        .http
        .post(
            "/api/tables/import",
            &json!({"save": {"game": "firefly", "actions": [{"a": "warp"}]}, "seats": seats}),
        )
        .await
        .unwrap();
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().contains("refused"), "{e}");
    let (status, e) = s
        .http
        .post(
            "/api/tables/import",
            &json!({"game": "mandalorian", "scenario": "mission = ", "seats": seats}),
        )
        .await
        .unwrap();
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().contains("scenario"), "{e}");
    let (status, _) = s
        .http
        .post("/api/tables/import", &json!({"seats": seats}))
        .await
        .unwrap();
    assert_eq!(status, 400);
    let (_, lobby) = s.http.get("/api/tables").await.unwrap();
    assert_eq!(lobby, json!([]));
}

#[tokio::test]
async fn a_mandalorian_scenario_starts_a_table_and_keeps_its_secrets() {
    let s = server("mando-scenario").await;
    let text = include_str!("../../mandalorian/tests/scenarios/vault-door.toml");
    let (status, c) = s
        .http
        .post(
            "/api/tables/import",
            &json!({"game": "mandalorian", "scenario": text,
                    "seats": [{"kind": "you"}, {"kind": "you"}]}),
        )
        .await
        .unwrap();
    assert_eq!(status, 201, "{c}");
    let mut ws = Ws::connect(s.addr(), c["table"].as_str().unwrap(), c["you"].as_str())
        .await
        .unwrap();
    let hello = ws.recv().await.unwrap();
    assert_eq!(hello["seats"], json!([0, 1]));
    // The scenario's seed and hands stay on the server while the game is on.
    assert_eq!(hello["table"]["options"]["scenario"], true);
    let st = ws.recv_type("state").await.unwrap();
    assert!(ws.raw.iter().all(|r| !r.contains("seed")));
    assert_eq!(st["version"], 0);
    assert!(st["view"]["mission"].as_str().unwrap().starts_with('3'));
    assert!(
        !st["legal"].as_array().unwrap().is_empty(),
        "hot-seat: the actor's seat is this token's"
    );
}

#[tokio::test]
async fn every_bot_level_can_take_a_seat_and_bot_is_the_normal_level() {
    let s = server("levels").await;
    let c = s
        .http
        .create(&json!({"game": "firefly", "seats": [{"kind": "you"},
            {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "Hard"},
            {"kind": "bot", "bot": "bot"}]}))
        .await
        .unwrap();
    let (_, lobby) = s.http.get("/api/tables").await.unwrap();
    let seats = &lobby[0]["seats"];
    let bots: Vec<&Value> = (1..4).map(|i| &seats[i]["bot"]).collect();
    assert_eq!(bots, [&json!("easy"), &json!("hard"), &json!("normal")]);
    assert_eq!(lobby[0]["table"], c["table"]);
}
