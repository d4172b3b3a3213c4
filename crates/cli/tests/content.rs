//! `tabletop <game> content`: the catalog a client reads instead of the content files.

use std::process::Command;

use serde_json::Value;

fn catalog(game: &str) -> Value {
    let o = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args([game, "content", "--json"])
        .output()
        .expect("the binary runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

#[test]
fn firefly_content_json_names_every_id_and_boxes_every_sector() {
    let c = catalog("firefly");
    assert_eq!(c["game"], "firefly");
    let sectors = c["sectors"].as_array().unwrap();
    // The base map's 100 sectors and the Rim sections' 24 (Blue Sun) and 28 (Kalidasa), each
    // marked with its product (a client shows those of the game's expansions).
    assert_eq!(sectors.len(), 152);
    let of = |source: &str| sectors.iter().filter(|s| s["source"] == source).count();
    assert_eq!((of("base"), of("blue-sun"), of("kalidasa")), (100, 24, 28));
    let persephone = sectors.iter().find(|s| s["id"] == "persephone").unwrap();
    assert_eq!(persephone["name"], "Persephone");
    assert_eq!(persephone["zone"], "alliance");
    assert_eq!(persephone["contact"], "badger");
    assert_eq!(persephone["box"].as_array().unwrap().len(), 4);
    for table in [
        "crew", "gear", "upgrades", "ships", "supply", "jobs", "nav", "stories",
    ] {
        let rows = c[table].as_array().unwrap();
        assert!(!rows.is_empty(), "{table}");
        for r in rows {
            assert!(
                r["name"].as_str().is_some_and(|n| !n.is_empty()),
                "{table}: {r}"
            );
            assert!(
                r["text"].as_str().is_some_and(|t| !t.is_empty()),
                "{table}: {r}"
            );
        }
    }
}

#[test]
fn mandalorian_content_json_has_each_mission_grid() {
    let c = catalog("mandalorian");
    assert_eq!(c["game"], "mandalorian");
    let m = &c["missions"][0];
    assert_eq!(m["number"], 1);
    assert!(m["grid"]["squares"].as_array().unwrap().len() > 20);
    assert!(m["grid"]["edges"].as_array().is_some());
    assert!(!c["cards"].as_array().unwrap().is_empty());
}

#[test]
fn content_without_json_is_a_readable_index() {
    let o = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["firefly", "content"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success());
    assert!(
        out.lines()
            .any(|l| l.starts_with("sectors[") && l.contains("Persephone")),
        "{out}"
    );
}
