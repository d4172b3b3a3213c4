//! Hidden information never leaves the server (docs/PROTOCOL.md rule 3): the raw frames a
//! seat receives hold no other seat's hand, no job accepted face down by a rival, no seed.

mod common;

use common::*;
use serde_json::{json, Value};

/// A deterministic spread of choices, so that the game gets past set-up into jobs.
fn pick(step: usize) -> impl Fn(&[Value]) -> usize {
    move |legal: &[Value]| (step * 7 + 3) % legal.len()
}

#[tokio::test]
async fn a_rival_s_jobs_never_reach_a_captain_s_frames() {
    let s = server("hidden").await;
    let (table, you, invite) = firefly_two(&s, 11).await;
    let mut p = Pair::join(&s, &table, [&you, &invite]).await;
    let mut step = 0;
    // Play until both captains hold jobs (FF-SETUP deals starting jobs face down).
    while step < 400 {
        let hands: Vec<usize> = (0..2)
            .map(|i| p.last[i]["view"]["players"][i]["hand_size"].as_u64().unwrap_or(0) as usize)
            .collect();
        if hands.iter().all(|&h| h > 0) && step > 40 {
            break;
        }
        assert!(p.step(pick(step)).await, "someone is to act");
        step += 1;
    }
    for me in 0..2 {
        let rival = 1 - me;
        let own = &p.last[me]["view"]["players"][me];
        assert!(own["hand"].as_array().is_some_and(|h| !h.is_empty()), "{own}");
        let rival_name = format!("captain {} accepts \"", rival + 1);
        let own_name = format!("captain {} accepts \"", me + 1);
        let mut saw_own_job_names = false;
        for raw in &p.ws[me].raw {
            assert!(!raw.contains("\"seed\""), "a frame holds the seed: {raw}");
            assert!(!raw.contains(&rival_name), "captain {} read a rival's job: {raw}", me + 1);
            saw_own_job_names |= raw.contains(&own_name);
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
        assert!(saw_own_job_names, "captain {} reads the names of their own jobs", me + 1);
    }
}

#[tokio::test]
async fn a_spectator_of_the_mandalorian_sees_no_hand() {
    let s = server("mando-spectator").await;
    let c = s
        .http
        .create(&json!({"game": "mandalorian", "seed": 3, "options": {"mission": 1},
                        "seats": [{"kind": "you"}, {"kind": "invite"}]}))
        .await
        .unwrap();
    let table = c["table"].as_str().unwrap();
    let (_, seat0) = join(&s, table, c["you"].as_str()).await;
    assert!(!seat0["view"]["hand"].as_array().unwrap().is_empty(), "a seat sees its hand");
    let (_, spectator) = join(&s, table, None).await;
    assert_eq!(spectator["view"]["hand"], json!([]));
    assert_eq!(spectator["legal"], json!([]));
    assert_eq!(spectator["view"]["plan_drawn"], json!([]));
}
