//! End-to-end tests of the `tabletop` binary: they run it as a user or a script would.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tabletop"))
}

/// Run the binary with `args` and `stdin` (closed when empty), in a scratch directory of its
/// own (a game stopped before its end is autosaved in the current directory).
fn run(args: &[&str], stdin: &str) -> Output {
    run_bytes(args, stdin.as_bytes())
}

fn run_bytes(args: &[&str], stdin: &[u8]) -> Output {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let cwd = scratch(&format!("run{n}"));
    let mut child = bin()
        .args(args)
        .current_dir(&cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    {
        let mut input = child.stdin.take().unwrap();
        // The child may stop reading early (a refused file, `quit`): ignore a broken pipe.
        let _ = input.write_all(stdin);
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
    game_json_session("firefly", requests)
}

fn game_json_session(game: &str, requests: &[Value]) -> Vec<Value> {
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let answers = json_lines(game, input.as_bytes());
    assert_eq!(answers.len(), requests.len(), "{answers:?}");
    answers
}

/// JSON mode fed raw bytes: the answers, one per non-empty line. The process must end well.
fn json_lines(game: &str, input: &[u8]) -> Vec<Value> {
    let o = run_bytes(&[game, "json"], input);
    let (out, err) = text(&o);
    assert!(
        o.status.success(),
        "json mode failed ({:?}): {err}",
        o.status
    );
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
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

/// Issue 10: with every expansion on, a game plays to its end in the terminal, three heuristic
/// bots on the base game's first story (the Rim's board, bounties, Piracy and all).
#[test]
fn a_game_with_every_expansion_is_played_to_the_end() {
    let o = run(
        &[
            "firefly",
            "play",
            "--seats",
            "normal,normal,normal",
            "--seed",
            "4",
            "--expansions",
            "blue-sun,kalidasa,pirates-and-bounty-hunters,breakin-atmo",
        ],
        "",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("Most Wanted"), "the Bounty deck is out: {out}");
    let tail = &out[out.len().saturating_sub(3000)..];
    assert!(out.contains("=== Game over:"), "no end: {tail}");
    assert!(out.contains("\nWinner: captain "), "no winner: {tail}");
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
    assert!(out.contains("wins per seat: captain 1 (normal)"), "{out}");
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

/// The stories list says which stories end with Last Call, and how.
#[test]
fn the_stories_list_shows_last_call() {
    let o = run(&["firefly", "stories"], "");
    let (out, _) = text(&o);
    assert!(o.status.success());
    let respectable = out
        .lines()
        .position(|l| l.starts_with("\"Respectable\" Persons of Business"))
        .expect("the story is listed");
    assert!(out
        .lines()
        .nth(respectable)
        .unwrap()
        .contains("ends with Last Call"));
    assert!(
        out.lines()
            .nth(respectable + 2)
            .unwrap()
            .contains("Last Call: "),
        "{out}"
    );
    let king = out.lines().find(|l| l.starts_with("The King")).unwrap();
    assert!(king.contains("the first to complete them wins"), "{king}");
}

/// JSON mode: Last Call is a legal action of the Goal token's holder; once declared, the view
/// shows who declared it and who still has a turn, and the log says so; after the last turn
/// the jobs are settled and the most credits win.
#[test]
fn json_mode_shows_last_call_and_who_still_plays() {
    let scenario = json!({"player": [
        {"leader": "corbin", "ship": "serenity", "sector": "persephone", "money": 12000},
        {"leader": "womack", "ship": "yun-qi", "sector": "regina", "money": 9000,
         "hand": ["patience-henpecked-badger"]}
    ]});
    let a = json_session(&[
        json!({"cmd": "new", "options": {"players": 2, "story": "respectable-persons-of-business",
               "scenario": scenario}, "seed": 1}),
        json!({"cmd": "apply", "action": {"a": "declare-last-call"}}),
        json!({"cmd": "view", "seat": 1}),
        json!({"cmd": "apply", "action": {"a": "end-turn"}}),
        json!({"cmd": "view", "seat": 0}),
        json!({"cmd": "apply", "action": {"a": "end-turn"}}),
        json!({"cmd": "status"}),
    ]);
    assert!(a.iter().all(|x| x["ok"] == true), "{a:?}");
    assert!(a[0]["view"]["last_call"].is_null(), "not declared yet");
    assert_eq!(a[1]["events"][1]["event"], "last-call-declared");
    let line = a[1]["lines"][0].as_str().unwrap();
    assert!(line.contains("calls Last Call"), "{line}");
    assert_eq!(a[2]["view"]["last_call"]["declarer"], 0);
    assert_eq!(a[2]["view"]["last_call"]["still_to_play"], json!([0, 1]));
    assert_eq!(a[4]["view"]["last_call"]["still_to_play"], json!([1]));
    let lines: Vec<&str> = a[5]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(
        lines.iter().any(|l| l.contains("settles unfinished jobs")),
        "{lines:?}"
    );
    assert_eq!(a[6]["outcome"]["winners"], json!([0]), "{}", a[6]);
}

// ---------------------------------------------------------------------------------------------
// No input crashes a session or loses a game (issue 7, item 2)
// ---------------------------------------------------------------------------------------------

#[test]
fn json_actions_naming_ids_that_do_not_exist_are_refused_and_the_game_goes_on() {
    let a = json_session(&[
        json!({"cmd": "new", "options": {"players": 2}, "seed": 4}),
        json!({"cmd": "apply", "action": {"a": "choose-leader", "v": 99}}),
        json!({"cmd": "apply", "action": {"a": "move-to", "v": 200}}),
        json!({"cmd": "apply", "action": {"a": "place-ship", "v": 65535}}),
        json!({"cmd": "apply", "index": 0}),
        json!({"cmd": "status"}),
    ]);
    for r in &a[1..4] {
        assert_eq!(r["ok"], false, "{r}");
        assert_eq!(r["game_unchanged"], true, "{r}");
        assert_eq!(r["actions_taken"], 0, "{r}");
    }
    assert_eq!(a[4]["ok"], true, "{}", a[4]);
    assert_eq!(a[5]["actions_taken"], 1);

    let a = game_json_session(
        "mandalorian",
        &[
            json!({"cmd": "new", "seed": 2}),
            json!({"cmd": "apply", "action": {"a": "keep", "v": 20}}),
            json!({"cmd": "apply", "action": {"a": "play", "v": {"card": 14, "slot": 4}}}),
            json!({"cmd": "apply", "action": {"a": "square", "v": 54}}),
            json!({"cmd": "apply", "action": {"a": "target", "v": 250}}),
            json!({"cmd": "status"}),
        ],
    );
    for r in &a[1..5] {
        assert_eq!(r["ok"], false, "{r}");
        assert_eq!(r["actions_taken"], 0, "{r}");
    }
    assert_eq!(a[5]["ok"], true);
}

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_session_goes_on() {
    let mut input = b"{\"cmd\":\"new\",\"seed\":1}\n{\"cmd\":\"apply\",\"index\":0}\n".to_vec();
    input.extend_from_slice(b"{\"cmd\":\"st\xff\xfeatus\"}\n");
    input.extend_from_slice(b"{\"cmd\":\"status\"}\n");
    let a = json_lines("firefly", &input);
    assert_eq!(a.len(), 4);
    assert_eq!(a[2]["ok"], false);
    let e = a[2]["error"].as_str().unwrap();
    assert!(e.contains("line 3 is not UTF-8"), "{e}");
    assert_eq!(a[3]["ok"], true);
    assert_eq!(a[3]["actions_taken"], 1, "the game is kept");

    // The terminal too: the bad line is refused, the next one is read.
    let mut input = b"\xff\xfe\n1\nquit\n".to_vec();
    input.extend_from_slice(b"");
    let o = run_bytes(
        &["firefly", "play", "--seats", "human,bot", "--seed", "3"],
        &input,
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("That line is not UTF-8 text"), "{out}");
    assert!(out.contains("captain 1: Choose Leader"), "{out}");
}

#[test]
fn an_error_quotes_little_of_a_huge_input() {
    let big = "x".repeat(2_000_000);
    let a = json_session(&[
        json!({"cmd": "new", "seed": 1}),
        json!({"cmd": "apply", "action": {"a": "choose-leader", "v": big}}),
        json!({"cmd": big}),
        json!({"cmd": "status", "id": big}),
    ]);
    for r in &a[1..] {
        assert_eq!(r["ok"], false);
        assert!(r.to_string().len() < 2_000, "{} bytes", r.to_string().len());
    }
}

#[test]
fn errors_name_the_field_and_the_type_expected() {
    let a = json_session(&[
        json!({"cmd": "new", "options": {"players": -1}}),
        json!({"cmd": "new", "seed": "seven"}),
        json!({"cmd": "new", "seed": 1}),
        json!({"cmd": "apply", "index": -1}),
        json!({"cmd": "apply", "action": {"a": "choose-leader", "v": "malcolm"}}),
        json!({"cmd": "view", "seat": 5}),
        json!({"cmd": 3}),
    ]);
    let e = |i: usize| a[i]["error"].as_str().unwrap().to_string();
    assert!(e(0).contains("options.players"), "{}", e(0));
    assert!(e(0).contains("-1"), "{}", e(0));
    assert!(
        e(1).contains("\"seed\" must be a non-negative integer"),
        "{}",
        e(1)
    );
    assert!(e(1).contains("\"seven\""), "{}", e(1));
    assert!(
        e(3).contains("\"index\" must be a non-negative integer"),
        "{}",
        e(3)
    );
    assert!(e(3).contains("-1"), "{}", e(3));
    assert!(e(4).contains("action"), "{}", e(4));
    assert!(
        e(4).contains("expected u16") || e(4).contains("invalid type"),
        "{}",
        e(4)
    );
    assert!(
        e(5).contains("\"seat\" must be an integer from 0 to 1"),
        "{}",
        e(5)
    );
    assert!(e(6).contains("\"cmd\" must be a string"), "{}", e(6));
}

#[test]
fn replay_refuses_a_save_naming_an_id_that_does_not_exist() {
    let dir = scratch("replay-bad-id");
    let save = dir.join("game.json");
    play_and_save(&save, 10);
    let mut bad: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    bad["actions"][0] = json!({"a": "choose-leader", "v": 99});
    std::fs::write(&save, bad.to_string()).unwrap();
    for args in [["firefly", "replay"], ["firefly", "play"]] {
        let mut args = args.to_vec();
        if args[1] == "play" {
            args.push("--load");
        }
        args.push(save.to_str().unwrap());
        let o = run(&args, "quit\n");
        let (_, err) = text(&o);
        assert_eq!(
            o.status.code(),
            Some(1),
            "a clean refusal, not a panic: {err}"
        );
        assert!(err.contains("action #0"), "{err}");
    }
}

// ---------------------------------------------------------------------------------------------
// The client interface (item 4)
// ---------------------------------------------------------------------------------------------

#[test]
fn answers_repeat_the_request_id_and_say_the_protocol() {
    let a = json_session(&[
        json!({"cmd": "help", "id": 1}),
        json!({"cmd": "new", "seed": 1, "id": "n"}),
        json!({"cmd": "apply", "action": {"a": "end-turn"}, "id": 3}),
        json!({"cmd": "status", "id": [1]}),
    ]);
    assert_eq!(a[0]["id"], 1);
    assert_eq!(a[0]["protocol"], 2);
    assert_eq!(a[1]["id"], "n");
    assert_eq!(a[1]["protocol"], 2);
    assert_eq!(a[2]["id"], 3);
    assert_eq!(a[2]["ok"], false);
    assert_eq!(a[3]["ok"], false);
    assert!(a[3]["error"]
        .as_str()
        .unwrap()
        .contains("\"id\" must be a string or a number"));
}

#[test]
fn nothing_chosen_yet_is_null() {
    let a = json_session(&[json!({"cmd": "new", "seed": 1})]);
    let p = &a[0]["view"]["players"][0];
    for field in ["leader", "ship", "drive_core", "sector"] {
        assert!(p[field].is_null(), "{field}: {p}");
    }
}

#[test]
fn mandalorian_actions_and_events_are_encoded_like_firefly_ones() {
    let a = game_json_session(
        "mandalorian",
        &[
            json!({"cmd": "new", "seed": 3}),
            json!({"cmd": "legal"}),
            json!({"cmd": "apply", "index": 0}),
        ],
    );
    let first = &a[1]["actions"][0]["action"];
    assert_eq!(first["a"], "play", "{first}");
    assert!(
        first["v"]["card"].is_u64() && first["v"]["slot"].is_u64(),
        "{first}"
    );
    assert_eq!(a[2]["action"], *first);
    // Events too: {"event":"played","card":…,"slot":…}, as Firefly's {"event":"leader-chosen",…}.
    assert_eq!(a[2]["events"][0]["event"], "played", "{}", a[2]);
}

// ---------------------------------------------------------------------------------------------
// Undo, autosave, seats in saves (item 5)
// ---------------------------------------------------------------------------------------------

#[test]
fn json_undo_takes_back_own_decisions_and_refuses_past_another_seat() {
    let a = json_session(&[
        json!({"cmd": "new", "options": {"players": 2}, "seed": 8}),
        json!({"cmd": "view", "seat": 0}),
        json!({"cmd": "apply", "index": 0}),
        json!({"cmd": "apply", "index": 0}),
        json!({"cmd": "status"}),
        json!({"cmd": "undo", "count": 1}),
        json!({"cmd": "undo"}),
        json!({"cmd": "view", "seat": 0}),
        json!({"cmd": "undo"}),
        json!({"cmd": "apply", "index": 0}),
        json!({"cmd": "apply", "index": 0}),
        json!({"cmd": "apply", "index": 0}),
        json!({"cmd": "undo", "seat": (a_seat_of_first(8) as u64)}),
    ]);
    assert_eq!(
        a[4]["undo"]["actions"].as_array().unwrap().len(),
        2,
        "{}",
        a[4]
    );
    assert_eq!(a[5]["ok"], true, "{}", a[5]);
    assert_eq!(a[5]["taken_back"].as_array().unwrap().len(), 1);
    assert_eq!(a[6]["ok"], true, "{}", a[6]);
    assert_eq!(a[6]["actions_taken"], 0);
    assert_eq!(a[7]["view"], a[1]["view"], "the state before, exactly");
    assert_eq!(a[8]["ok"], false);
    assert!(a[8]["error"]
        .as_str()
        .unwrap()
        .contains("nothing has been done"));
    // Leader and ship of the first captain, then the second captain's Leader.
    let last = &a[12];
    assert_eq!(last["ok"], false, "{last}");
    assert!(
        last["error"].as_str().unwrap().contains("acted last"),
        "{last}"
    );
    assert_eq!(last["actions_taken"], 3);
}

/// The seat that picks first in a new 2-captain game with this seed.
fn a_seat_of_first(seed: u64) -> u8 {
    let a = json_session(&[json!({"cmd": "new", "options": {"players": 2}, "seed": seed})]);
    a[0]["actor"].as_u64().unwrap() as u8
}

#[test]
fn terminal_undo_lists_what_it_takes_back_and_asks() {
    let o = run(
        &["firefly", "play", "--seats", "human,human", "--seed", "5"],
        "\nundo\n1\nundo\nn\nundo\ny\nview\nquit\n",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        out.contains("Nothing to take back: nothing has been done yet."),
        "{out}"
    );
    assert!(out.contains("Undo takes back your last 1 action:"), "{out}");
    assert!(out.contains("  Choose Leader "), "{out}");
    assert!(out.contains("Nothing taken back."), "{out}");
    assert!(out.contains("took back 1 action."), "{out}");
    assert!(
        out.contains("You have not chosen your Leader yet."),
        "{out}"
    );
}

#[test]
fn quitting_autosaves_with_the_seats_and_load_needs_no_seats() {
    let dir = scratch("autosave");
    let auto = dir.join("auto.json");
    let o = run(
        &[
            "firefly",
            "play",
            "--seats",
            "human,human",
            "--seed",
            "5",
            "--autosave",
            auto.to_str().unwrap(),
        ],
        "\n1\n1\n",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        out.contains(&format!("The game is saved to {}", auto.display())),
        "{out}"
    );
    let save: Value = serde_json::from_str(&std::fs::read_to_string(&auto).unwrap()).unwrap();
    assert_eq!(save["seats"], json!(["human", "human"]));
    assert_eq!(save["actions"].as_array().unwrap().len(), 2);
    // Loaded without --seats: hot-seat again (the screen is passed to the next captain).
    let o = run(
        &["firefly", "play", "--load", auto.to_str().unwrap()],
        "\nquit\n",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("======== Pass to captain"), "{out}");

    // The default autosave file is in the current directory, and the message names it.
    let o = run(&["mandalorian", "play", "--seed", "1"], "quit\n");
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        out.contains("The game is saved to tabletop-mandalorian-autosave.json"),
        "{out}"
    );
}

#[test]
fn mandalorian_simulations_can_save_their_failures() {
    let dir = scratch("mando-failures");
    let o = run(
        &[
            "mandalorian",
            "simulate",
            "--games",
            "3",
            "--mission",
            "1",
            "--difficulty",
            "recruit",
            "--quiet",
            "--max-steps",
            "5",
            "--save-failures",
            dir.to_str().unwrap(),
        ],
        "",
    );
    let (_, err) = text(&o);
    assert!(o.status.success(), "{err}");
    let saves: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(saves.len(), 3, "every game stopped after 5 steps: {err}");
    let save = saves[0].as_ref().unwrap().path();
    let o = run(&["mandalorian", "replay", save.to_str().unwrap()], "");
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("#0 "), "{out}");
}

/// `{"cmd":"content"}`: the catalog turns the ids of actions and views into names.
#[test]
fn the_content_command_answers_the_catalog() {
    let a = json_session(&[
        json!({"cmd": "content", "id": 1}),
        json!({"cmd": "new", "seed": 1}),
        json!({"cmd": "legal"}),
    ]);
    assert_eq!(a[0]["ok"], true);
    assert_eq!(a[0]["id"], 1);
    let leader = &a[2]["actions"][0];
    assert_eq!(leader["action"]["a"], "choose-leader");
    let id = leader["action"]["v"].as_u64().unwrap() as usize;
    let name = a[0]["catalog"]["crew"][id]["name"].as_str().unwrap();
    assert_eq!(leader["text"], format!("Choose Leader {name}"));

    let a = game_json_session(
        "mandalorian",
        &[
            json!({"cmd": "content"}),
            json!({"cmd": "new", "seed": 3}),
            json!({"cmd": "legal"}),
        ],
    );
    let play = &a[2]["actions"][0];
    let card = play["action"]["v"]["card"].as_u64().unwrap() as usize;
    let name = a[0]["catalog"]["cards"][card]["name"].as_str().unwrap();
    assert!(
        play["text"].as_str().unwrap().contains(name),
        "{play} {name}"
    );
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

#[test]
fn the_arenas_print_win_rates_with_confidence_intervals_for_the_levels() {
    let o = run(
        &[
            "firefly",
            "arena",
            "--seats",
            "hard,easy",
            "--games",
            "2",
            "--story",
            "First Time in the Captain's Chair",
            "--max-rounds",
            "3",
            "--iterations",
            "4",
            "--quiet",
        ],
        "",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.contains("hard vs easy"), "{out}");
    assert!(
        out.contains("hard = 4 paired rollouts per searched decision"),
        "{out}"
    );
    assert!(out.contains("seat entry 1 (hard  ) wins"), "{out}");
    assert!(out.contains("seat entry 2 (easy  ) wins"), "{out}");
    assert!(
        out.contains("2 games,") && out.contains("0 failed"),
        "{out}"
    );
    assert!(out.contains(" % ["), "a rate with its interval: {out}");

    // A story of an expansion is played with the expansion it needs, named in its heading.
    let o = run(
        &[
            "firefly",
            "arena",
            "--seats",
            "normal,easy",
            "--games",
            "1",
            "--story",
            "Making Connections (Blue Sun)",
            "--max-rounds",
            "3",
            "--quiet",
        ],
        "",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        out.contains("Making Connections (Blue Sun) --expansions blue-sun — 1 games"),
        "{out}"
    );

    let o = run(
        &[
            "mandalorian",
            "arena",
            "--teams",
            "hard,normal",
            "--games",
            "2",
            "--mission",
            "4",
            "--difficulty",
            "recruit",
            "--iterations",
            "4",
            "--quiet",
        ],
        "",
    );
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        out.contains("a team of hard against a team of normal"),
        "{out}"
    );
    assert!(out.contains("4 Hangar Siege"), "{out}");
    assert!(out.contains("difference [95 % CI]"), "{out}");

    // An unknown level is refused with the levels there are.
    for args in [
        &["firefly", "arena", "--seats", "hard,genius"][..],
        &["firefly", "play", "--seats", "human,genius"][..],
        &["mandalorian", "simulate", "--seats", "genius"][..],
        &["mandalorian", "arena", "--teams", "hard,genius"][..],
    ] {
        let o = run(args, "");
        let (_, err) = text(&o);
        assert!(!o.status.success(), "{args:?}");
        assert!(
            err.contains("\"genius\"") && err.contains("easy, normal, hard, random"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn json_mode_suggests_the_move_of_each_level_without_applying_it() {
    let a = json_session(&[
        json!({"cmd": "new", "options": {"players": 2}, "seed": 4}),
        json!({"cmd": "suggest", "bot": "easy", "seed": 1}),
        json!({"cmd": "suggest", "bot": "normal"}),
        json!({"cmd": "suggest", "bot": "bot"}),
        json!({"cmd": "suggest", "bot": "hard", "seed": 2}),
        json!({"cmd": "suggest", "bot": "expert"}),
        json!({"cmd": "status"}),
    ]);
    for (i, level) in [(1, "easy"), (2, "normal"), (3, "normal"), (4, "hard")] {
        assert_eq!(a[i]["ok"], true, "{}", a[i]);
        assert_eq!(a[i]["bot"], level);
        assert!(a[i]["text"].as_str().is_some(), "{}", a[i]);
    }
    assert_eq!(a[5]["ok"], false);
    assert!(a[5]["error"]
        .as_str()
        .unwrap()
        .contains("easy, normal, hard, random"));
    assert_eq!(a[6]["actions_taken"], 0, "nothing was applied: {}", a[6]);
}
