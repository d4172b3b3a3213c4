//! Hidden information never leaves the server (docs/PROTOCOL.md rule 3): the raw frames a
//! seat receives hold no other seat's hand, no job accepted face down by a rival, no seed.

mod common;

use common::*;
use serde_json::{json, Value};

/// Choices that get captains jobs: accept jobs, deal, never discard one; otherwise a
/// deterministic spread.
fn pick(step: usize) -> impl Fn(&[Value]) -> usize {
    move |legal: &[Value]| {
        let kind = |i: usize| legal[i]["action"]["a"].as_str().unwrap_or("").to_string();
        for wanted in ["accept-job", "consider-draw", "deal"] {
            if let Some(i) = (0..legal.len()).find(|&i| kind(i) == wanted) {
                return i;
            }
        }
        let keep: Vec<usize> = (0..legal.len())
            .filter(|&i| kind(i) != "discard-job")
            .collect();
        if keep.is_empty() {
            return 0;
        }
        keep[(step * 7 + 3) % keep.len()]
    }
}

/// Both captains start at Londinium, Harken's planet, so that they Deal on their first turn.
const AT_HARKEN: &str = r#"
title = "two captains at Harken's"
[[player]]
leader = "malcolm"
ship = "serenity"
sector = "londinium"
[[player]]
leader = "womack"
ship = "bonnie-mae"
sector = "londinium"
"#;

#[tokio::test]
async fn a_rival_s_jobs_never_reach_a_captain_s_frames() {
    let s = server("hidden").await;
    let (status, c) = s
        .http
        .post(
            "/api/tables/import",
            &json!({"game": "firefly", "scenario": AT_HARKEN,
                    "seats": [{"kind": "you"}, {"kind": "invite"}]}),
        )
        .await
        .unwrap();
    assert_eq!(status, 201, "{c}");
    let table = c["table"].as_str().unwrap();
    let (you, invite) = (
        c["you"].as_str().unwrap(),
        c["invites"][0]["token"].as_str().unwrap(),
    );
    let mut p = Pair::join(&s, table, [you, invite]).await;
    let accepted = |p: &Pair, me: usize| {
        let own = format!("captain {} accepts \\\"", me + 1);
        p.ws[me].raw.iter().any(|r| r.contains(&own))
    };
    let mut step = 0;
    // Play until both captains have accepted a job (FF-DEAL). In the raw JSON, the quote
    // before the job's name is escaped.
    while step < 600 && !(accepted(&p, 0) && accepted(&p, 1)) {
        assert!(p.step(pick(step)).await, "someone is to act");
        step += 1;
    }
    for me in 0..2 {
        assert!(
            accepted(&p, me),
            "captain {} read the names of their own jobs",
            me + 1
        );
        let rival = 1 - me;
        let rival_accepts = format!("captain {} accepts \\\"", rival + 1);
        let mut saw_faceless = false;
        for raw in &p.ws[me].raw {
            assert!(!raw.contains("\"seed\""), "a frame holds the seed: {raw}");
            assert!(
                !raw.contains(&rival_accepts),
                "captain {} read a rival's job: {raw}",
                me + 1
            );
            saw_faceless |= raw.contains(&format!("captain {} accepts a job", rival + 1));
            let f: Value = serde_json::from_str(raw).unwrap();
            if f["type"] == "state" {
                assert_eq!(
                    f["view"]["players"][rival]["hand"],
                    json!(null),
                    "captain {} saw a rival's hand",
                    me + 1
                );
            }
        }
        assert!(
            saw_faceless,
            "captain {} is told that the rival accepted a job",
            me + 1
        );
    }
}

#[tokio::test]
async fn a_spectator_of_the_mandalorian_sees_no_hand() {
    let s = server("mando-spectator").await;
    let c = s
        .http
        .create(
            &json!({"game": "mandalorian", "seed": 3, "options": {"mission": 1},
                        "seats": [{"kind": "you"}, {"kind": "invite"}]}),
        )
        .await
        .unwrap();
    let table = c["table"].as_str().unwrap();
    let (_, seat0) = join(&s, table, c["you"].as_str()).await;
    assert!(
        !seat0["view"]["hand"].as_array().unwrap().is_empty(),
        "a seat sees its hand"
    );
    let (_, spectator) = join(&s, table, None).await;
    assert_eq!(spectator["view"]["hand"], json!([]));
    assert_eq!(spectator["legal"], json!([]));
    assert_eq!(spectator["view"]["plan_drawn"], json!([]));
}
