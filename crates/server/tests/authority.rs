//! The server is the authority (docs/PROTOCOL.md, rules 1–3): tokens, seats, versions,
//! legality, spectators — every refusal answered with a reason, never a silent drop.

mod common;

use common::*;
use serde_json::json;
use tabletop_server::client::Ws;

#[tokio::test]
async fn the_first_frames_are_hello_and_the_whole_state() {
    let s = server("hello").await;
    let (table, you, _) = firefly_two(&s, 7).await;
    let mut ws = Ws::connect(s.addr(), &table, Some(&you)).await.unwrap();
    let hello = ws.recv().await.unwrap();
    assert_eq!(hello["type"], "hello");
    assert_eq!(hello["protocol"], 1);
    assert_eq!(hello["role"], "player");
    assert_eq!(hello["seats"], json!([0]));
    assert_eq!(hello["table"]["game"], "firefly");
    assert_eq!(hello["table"]["options"]["players"], 2);
    let state = ws.recv_type("state").await.unwrap();
    assert_eq!(state["version"], 0);
    assert_eq!(state["seat"], 0);
    assert_eq!(state["log"]["from"], 0);
    assert!(state["view"].is_object());
}

#[tokio::test]
async fn a_wrong_token_is_refused_before_the_socket_opens() {
    let s = server("wrongtoken").await;
    let (table, _, _) = firefly_two(&s, 7).await;
    let err = Ws::connect(s.addr(), &table, Some("not-a-token"))
        .await
        .err()
        .expect("refused");
    assert!(format!("{err:#}").contains("403"), "{err:#}");
}

#[tokio::test]
async fn only_the_actor_s_token_may_act() {
    let s = server("notyours").await;
    let (table, you, invite) = firefly_two(&s, 7).await;
    let mut p = Pair::join(&s, &table, [&you, &invite]).await;
    let actor = p.acting().expect("someone is to act");
    let other = 1 - actor;
    // The one who is not to act has no legal actions and is refused with a reason.
    assert_eq!(p.last[other]["legal"], json!([]));
    let action = first_legal(&p.last[actor]);
    let v = p.version();
    p.ws[other]
        .send(&json!({"type": "act", "id": 5, "version": v, "action": action}))
        .await
        .unwrap();
    let r = p.ws[other].recv_type("refused").await.unwrap();
    assert_eq!(r["id"], 5);
    assert!(r["reason"].as_str().unwrap().contains("not yours"), "{r}");
    assert_eq!(r["version"], v);
}

#[tokio::test]
async fn a_spectator_sees_the_public_view_and_cannot_act() {
    let s = server("spectator").await;
    let (table, _, _) = firefly_two(&s, 7).await;
    let mut ws = Ws::connect(s.addr(), &table, None).await.unwrap();
    let hello = ws.recv().await.unwrap();
    assert_eq!(hello["role"], "spectator");
    assert_eq!(hello["seats"], json!([]));
    let state = ws.recv_type("state").await.unwrap();
    assert_eq!(state["seat"], json!(null));
    assert_eq!(state["legal"], json!([]));
    assert_eq!(state["undo"], json!(null));
    for p in state["view"]["players"].as_array().unwrap() {
        assert_eq!(p["hand"], json!(null), "a spectator sees no hand: {p}");
    }
    ws.send(&json!({"type": "act", "version": 0, "action": {"a": "choose-leader", "v": 0}}))
        .await
        .unwrap();
    let r = ws.recv_type("refused").await.unwrap();
    assert!(r["reason"].as_str().unwrap().contains("spectator"), "{r}");
}

#[tokio::test]
async fn a_stale_version_is_refused_and_the_current_state_follows() {
    let s = server("stale").await;
    let (table, you, invite) = firefly_two(&s, 7).await;
    let mut p = Pair::join(&s, &table, [&you, &invite]).await;
    let v0 = p.version();
    assert!(p.step(|_| 0).await);
    assert_eq!(p.version(), v0 + 1);
    // Acting again on the version before, whoever acts now, is stale.
    let i = p.acting().expect("someone is to act");
    let (ws2, st2) = (&mut p.ws[i], &p.last[i]);
    ws2.send(&json!({"type": "act", "version": v0, "action": first_legal(st2)}))
        .await
        .unwrap();
    let r = ws2.recv_type("refused").await.unwrap();
    assert!(r["reason"].as_str().unwrap().contains("changed"), "{r}");
    assert_eq!(r["version"], v0 + 1);
    let resent = ws2.recv().await.unwrap();
    assert_eq!(resent["type"], "state");
    assert_eq!(resent["version"], v0 + 1);
    assert_eq!(resent["log"]["from"], 0, "the resent state is whole");
}

#[tokio::test]
async fn an_illegal_action_is_refused_with_the_engine_s_reason() {
    let s = server("illegal").await;
    let (table, you, invite) = firefly_two(&s, 7).await;
    let mut p = Pair::join(&s, &table, [&you, &invite]).await;
    let i = p.acting().expect("someone is to act");
    let (ws, st) = (&mut p.ws[i], p.last[i].clone());
    // A well-formed Firefly action that is not legal during set-up.
    ws.send(&json!({"type": "act", "id": "x", "version": 0, "action": {"a": "full-burn"}}))
        .await
        .unwrap();
    let r = ws.recv_type("refused").await.unwrap();
    assert_eq!(r["id"], "x");
    let reason = r["reason"].as_str().unwrap();
    assert!(!reason.is_empty());
    // Not an action at all.
    ws.send(&json!({"type": "act", "version": 0, "action": {"a": "fly-to-the-moon"}}))
        .await
        .unwrap();
    let r = ws.recv_type("refused").await.unwrap();
    assert!(
        r["reason"]
            .as_str()
            .unwrap()
            .contains("not a firefly action"),
        "{r}"
    );
    // Not even a message.
    ws.send(&json!({"type": "dance"})).await.unwrap();
    let r = ws.recv_type("refused").await.unwrap();
    assert!(
        r["reason"]
            .as_str()
            .unwrap()
            .contains("unknown message type"),
        "{r}"
    );
    // Nothing changed: the legal action still works at version 0.
    let after = act_first(ws, &st).await;
    assert_eq!(after["version"], 1);
}
