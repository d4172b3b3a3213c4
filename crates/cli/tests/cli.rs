//! End-to-end tests of the `tabletop` binary: they run it as a user or a script would.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tabletop"))
}

/// Run the binary with `args` and `stdin` (closed when empty).
fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    {
        let mut input = child.stdin.take().unwrap();
        input.write_all(stdin.as_bytes()).unwrap();
    }
    child.wait_with_output().unwrap()
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tabletop-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// JSON mode: one answer per request line.
fn json_session(requests: &[Value]) -> Vec<Value> {
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let o = run(&["firefly", "json"], &input);
    let (out, err) = text(&o);
    assert!(o.status.success(), "json mode failed: {err}");
    let answers: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert_eq!(answers.len(), requests.len(), "{out}");
    answers
}

#[test]
fn a_bot_only_game_is_played_to_the_end_without_input() {
    let o = run(
        &[
            "firefly",
            "play",
            "--seats",
            "bot,bot",
            "--seed",
            "11",
            "--max-rounds",
            "6",
        ],
        "",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("captain 1 (random): Choose Leader") || out.contains("captain 2 ("));
    assert!(out.contains("=== Game over:"), "{out}");
    assert!(out.contains("Final standings:"), "{out}");
}

#[test]
fn refused_input_is_explained_and_the_game_goes_on() {
    let o = run(
        &["firefly", "play", "--seats", "human,bot", "--seed", "3"],
        "999\nabc\nhelp\ncard 1\n1\nview\nquit\n",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        out.contains("There is no action 999 here: choose a number from 1 to"),
        "{out}"
    );
    assert!(
        out.contains("\"abc\" is neither an action number nor a command"),
        "{out}"
    );
    assert!(out.contains("save <file>"), "help is shown: {out}");
    assert!(
        out.contains("(Leader)"),
        "card 1 shows a Leader card: {out}"
    );
    // After the refusals, action 1 was taken and the game went on to the ship.
    assert!(out.contains("captain 1: Choose Leader"), "{out}");
    assert!(out.contains("Set-up: choose your ship."), "{out}");
    assert!(out.contains("Stopped."), "{out}");
}

#[test]
fn hot_seat_players_are_told_to_pass_the_screen() {
    let o = run(
        &["firefly", "play", "--seats", "human,human", "--seed", "5"],
        "\n1\n\n1\n\n1\nquit\n",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("Pass to captain 1"), "{out}");
    assert!(out.contains("Pass to captain 2"), "{out}");
}

#[test]
fn a_simulation_prints_a_summary() {
    let o = run(
        &[
            "firefly",
            "simulate",
            "--games",
            "20",
            "--seats",
            "bot,random,bot",
            "--max-rounds",
            "12",
            "--quiet",
        ],
        "",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        out.contains("The King of All Londinium — 20 games"),
        "{out}"
    );
    assert!(out.contains("finished (a captain won):"), "{out}");
    assert!(out.contains("failed: 0"), "{out}");
    assert!(out.contains("rounds per game: average"), "{out}");
    assert!(out.contains("wins per seat: captain 1 (bot)"), "{out}");
    assert!(out.contains("wins per leader"), "{out}");

    let o = run(
        &[
            "firefly",
            "simulate",
            "--games",
            "3",
            "--seats",
            "bot,bot",
            "--story",
            "all",
            "--max-rounds",
            "5",
            "--quiet",
        ],
        "",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("Per story:"), "{out}");
    assert!(out.contains("Harken's Folly"), "{out}");
}

#[test]
fn json_mode_new_legal_apply_view_and_an_illegal_action() {
    let a = json_session(&[
        json!({"cmd": "legal"}),
        json!({"cmd": "new", "options": {"players": 3}, "seed": 9}),
        json!({"cmd": "legal"}),
        json!({"cmd": "apply", "action": {"a": "end-turn"}}),
        json!({"cmd": "apply", "index": 0}),
        json!({"cmd": "view", "seat": 2}),
        json!({"cmd": "apply", "action": {"a": "no-such-action"}}),
        json!({"cmd": "bogus"}),
    ]);
    assert_eq!(a[0]["ok"], false, "no game yet");
    assert_eq!(a[1]["ok"], true, "{}", a[1]);
    assert_eq!(a[1]["seats"], 3);
    let actor = a[1]["actor"].clone();
    assert!(a[1]["view"].is_object());
    let legal = a[2]["actions"].as_array().unwrap();
    assert!(!legal.is_empty());
    assert!(legal[0]["text"]
        .as_str()
        .unwrap()
        .starts_with("Choose Leader"));
    // An illegal action is refused with a reason and the game is untouched.
    assert_eq!(a[3]["ok"], false);
    assert!(
        a[3]["error"].as_str().unwrap().contains("EndTurn"),
        "{}",
        a[3]
    );
    assert_eq!(a[3]["actions_taken"], 0);
    assert_eq!(a[3]["actor"], actor);
    // A legal one happens, with events.
    assert_eq!(a[4]["ok"], true, "{}", a[4]);
    assert_eq!(a[4]["action"], legal[0]["action"]);
    assert_eq!(a[4]["events"][0]["event"], "leader-chosen");
    assert_eq!(a[4]["actions_taken"], 1);
    assert_eq!(a[5]["seat"], 2);
    assert!(a[5]["view"]["players"].as_array().unwrap().len() == 3);
    assert_eq!(a[6]["ok"], false);
    assert!(a[6]["error"]
        .as_str()
        .unwrap()
        .contains("not a firefly action"));
    assert_eq!(a[7]["ok"], false);
}

/// Play `n` actions (always the first legal one but End turn when possible) in JSON mode, save
/// to `path`, and return the views of every seat and the legal actions.
fn play_and_save(path: &Path, n: usize) -> (Vec<Value>, Value) {
    let mut reqs = vec![json!({"cmd": "new", "options": {"players": 2}, "seed": 21})];
    for i in 0..n {
        reqs.push(json!({"cmd": "apply", "index": i % 3}));
    }
    reqs.push(json!({"cmd": "save", "path": path}));
    reqs.push(json!({"cmd": "view", "seat": 0}));
    reqs.push(json!({"cmd": "view", "seat": 1}));
    reqs.push(json!({"cmd": "legal"}));
    let a = json_session(&reqs);
    let k = a.len();
    let applied = a[1..=n].iter().filter(|x| x["ok"] == true).count();
    assert!(applied > n / 2, "most actions applied");
    assert_eq!(a[k - 4]["ok"], true, "{}", a[k - 4]);
    (
        vec![a[k - 3]["view"].clone(), a[k - 2]["view"].clone()],
        a[k - 1]["actions"].clone(),
    )
}

#[test]
fn a_saved_game_loads_to_the_same_state() {
    let dir = scratch("save");
    let save = dir.join("game.json");
    let (views, legal) = play_and_save(&save, 40);
    let a = json_session(&[
        json!({"cmd": "load", "path": save}),
        json!({"cmd": "view", "seat": 0}),
        json!({"cmd": "view", "seat": 1}),
        json!({"cmd": "legal"}),
    ]);
    assert_eq!(a[0]["ok"], true, "{}", a[0]);
    assert_eq!(a[1]["view"], views[0]);
    assert_eq!(a[2]["view"], views[1]);
    assert_eq!(a[3]["actions"], legal);

    // The text interface saves and loads the same format.
    let save2 = dir.join("text.json");
    let o = run(
        &["firefly", "play", "--seats", "human,bot", "--seed", "2"],
        &format!("1\n1\nsave {}\nquit\n", save2.display()),
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("Saved ("), "{out}");
    let o = run(
        &["firefly", "play", "--load", save2.to_str().unwrap()],
        "view\nquit\n",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("Loaded "), "{out}");
    assert!(out.contains("You: captain 1 — Leader"), "{out}");
}

#[test]
fn a_corrupt_save_is_refused_with_the_index_of_the_bad_action() {
    let dir = scratch("corrupt");
    let save = dir.join("game.json");
    play_and_save(&save, 30);
    let good: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let n = good["actions"].as_array().unwrap().len();
    assert!(n > 10);

    // An action that is not legal where it stands: place a ship at a sector that isn't there.
    let mut bad = good.clone();
    bad["actions"][7] = json!({"a": "place-ship", "v": 9999});
    let bad_file = dir.join("bad.json");
    std::fs::write(&bad_file, serde_json::to_string_pretty(&bad).unwrap()).unwrap();
    let o = run(
        &["firefly", "play", "--load", bad_file.to_str().unwrap()],
        "",
    );
    let (_, err) = text(&o);
    assert!(!o.status.success());
    assert!(err.contains("action #7"), "{err}");
    assert!(err.contains("not legal"), "{err}");

    // An action that is not an action at all.
    let mut bad = good.clone();
    bad["actions"][4] = json!({"a": "teleport"});
    std::fs::write(&bad_file, serde_json::to_string(&bad).unwrap()).unwrap();
    let o = run(&["firefly", "replay", bad_file.to_str().unwrap()], "");
    let (_, err) = text(&o);
    assert!(!o.status.success());
    assert!(err.contains("action #4"), "{err}");

    // In JSON mode the refused load leaves the current game alone.
    let mut bad = good.clone();
    bad["actions"][5] = json!({"a": "end-turn"});
    let a = json_session(&[
        json!({"cmd": "new", "seed": 1}),
        json!({"cmd": "apply", "index": 0}),
        json!({"cmd": "load", "replay": bad}),
        json!({"cmd": "status"}),
    ]);
    assert_eq!(a[2]["ok"], false);
    assert_eq!(a[2]["index"], 5, "{}", a[2]);
    assert_eq!(a[3]["actions_taken"], 1);

    // A save of other content is refused too.
    let mut bad = good;
    bad["content"] = json!("firefly-0000");
    std::fs::write(&bad_file, serde_json::to_string(&bad).unwrap()).unwrap();
    let o = run(&["firefly", "replay", bad_file.to_str().unwrap()], "");
    let (_, err) = text(&o);
    assert!(!o.status.success());
    assert!(err.contains("content"), "{err}");
}

#[test]
fn replay_shows_every_action() {
    let dir = scratch("replay");
    let save = dir.join("game.json");
    play_and_save(&save, 25);
    let o = run(&["firefly", "replay", save.to_str().unwrap()], "");
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("#0 "), "{out}");
    assert!(out.contains("Choose Leader"), "{out}");
    let o = run(
        &["firefly", "replay", save.to_str().unwrap(), "--step"],
        "\nview 1\nquit\n",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("#1 "), "{out}");
    assert!(!out.contains("#3 "), "stopped after quit: {out}");
    assert!(out.contains("what captain 1 sees"), "{out}");
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

#[test]
fn validate_names_the_file_entry_and_field_of_a_problem() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../firefly/content");
    let o = run(&["firefly", "validate"], "");
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("Firefly content OK"), "{out}");
    assert!(out.contains("stories"), "{out}");

    let dir = scratch("content");
    copy_dir(&content, &dir);
    let ships = dir.join("base/ships.toml");
    let t = std::fs::read_to_string(&ships).unwrap();
    let i = t.find("drive_core = \"").expect("a ship with a drive core");
    let j = i + t[i + 14..].find('"').unwrap() + 15;
    let broken = format!("{}drive_core = \"warp-drive\"{}", &t[..i], &t[j..]);
    std::fs::write(&ships, broken).unwrap();
    let o = run(&["firefly", "validate", "--dir", dir.to_str().unwrap()], "");
    let (_, err) = text(&o);
    assert!(!o.status.success());
    assert!(err.contains("file:  base/ships.toml"), "{err}");
    assert!(err.contains("entry: ship \""), "{err}");
    assert!(err.contains("field: drive_core"), "{err}");
    assert!(err.contains("warp-drive"), "{err}");
}

#[test]
fn stories_and_cards_are_listed() {
    let o = run(&["firefly", "stories"], "");
    let (out, _) = text(&o);
    assert!(o.status.success());
    assert!(out.contains("The King of All Londinium"), "{out}");
    let o = run(&["firefly", "cards", "--kind", "ship"], "");
    let (out, _) = text(&o);
    assert!(o.status.success());
    assert!(out.contains("(Ship)"), "{out}");
    assert!(!out.contains("(Leader)"), "{out}");
    let o = run(&["firefly", "cards", "--kind", "spaceship"], "");
    assert!(!o.status.success());
}

#[test]
fn the_top_level_help_lists_every_games_commands() {
    let o = run(&["--help"], "");
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    for cmd in [
        "firefly play",
        "firefly cards",
        "mandalorian play",
        "mandalorian campaign",
        "mandalorian missions",
    ] {
        assert!(out.contains(cmd), "no {cmd:?} in\n{out}");
    }
}

/// Output that is not a terminal gets no colours and no screen clearing, whatever the game.
#[test]
fn a_pipe_gets_plain_text() {
    let o = run(
        &["firefly", "play", "--seats", "human,human", "--seed", "5"],
        "\n1\nmap\nquit\n",
    );
    let (out, _) = text(&o);
    assert!(!out.contains('\x1b'), "{out}");
    assert!(out.contains("The 'Verse"), "{out}");
    let o = run(
        &["mandalorian", "play", "--seed", "3"],
        "help symbols\nquit\n",
    );
    let (out, _) = text(&o);
    assert!(!out.contains('\x1b'), "{out}");
    assert!(out.contains("the two lights, MA-CARD-10"), "{out}");
}
