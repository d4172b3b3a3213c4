//! The built-in content loads and has the published shape.

use tabletop_firefly::content::{Content, ContentFiles};

#[test]
fn builtin_content_loads_and_validates() {
    let c = Content::builtin();
    assert!(!c.sectors.is_empty());
}

#[test]
fn a_broken_reference_names_file_entry_and_field() {
    let mut files = ContentFiles::builtin();
    files.files.push((
        "test/bad.toml".into(),
        r#"
[[sector]]
id = "nowhere"
name = "Nowhere"
zone = "border"
source = "promo"
neighbours = ["no-such-sector"]
at = [0, 0]
"#
        .into(),
    ));
    let err = Content::load(&files).unwrap_err();
    assert_eq!(err.file, "test/bad.toml");
    assert_eq!(err.entry, "sector \"nowhere\"");
    assert_eq!(err.field, "neighbours");
    assert!(
        err.to_string()
            .contains("unknown sector \"no-such-sector\""),
        "{err}"
    );
}

#[test]
fn a_malformed_file_is_refused_with_its_name_and_line() {
    let mut files = ContentFiles::builtin();
    files.files.push((
        "test/typo.toml".into(),
        "[[crew]]\nid = \"x\"\nnmae = \"X\"\n".into(),
    ));
    let err = Content::load(&files).unwrap_err();
    assert_eq!(err.file, "test/typo.toml");
    assert!(err.message.contains("nmae"), "{err}");
    assert!(err.message.contains("line"), "{err}");
}

#[test]
fn a_story_that_both_closes_and_deals_from_a_contact_is_refused() {
    let mut files = ContentFiles::builtin();
    files.files.push((
        "test/story.toml".into(),
        r#"
[[story]]
id = "contradiction"
title = "Contradiction"
source = "promo"
premise = "Harken both deals and does not."
players = [2, 4]
setup = { starting_jobs_from = ["harken", "badger"], closed_contacts = ["harken"] }

[[story.goals]]
name = "Be rich"
requires = [{ kind = "money", amount = 20000 }]
"#
        .into(),
    ));
    let err = Content::load(&files).unwrap_err();
    assert_eq!(err.file, "test/story.toml");
    assert_eq!(err.entry, "story \"contradiction\"");
    assert_eq!(err.field, "setup.closed_contacts");
    assert!(err.message.contains("Harken"), "{err}");
}

/// A board section from an expansion joins the board by listing its links to base sectors; the
/// base files stay untouched and the link counts both ways.
#[test]
fn an_expansion_section_links_to_the_base_board_from_its_own_side() {
    let section = |source: &str| {
        format!(
            r#"
[[sector]]
id = "far-reach"
name = "Far Reach"
zone = "border"
source = "{source}"
neighbours = ["border-10"]
at = [130, 10]
"#
        )
    };
    let mut files = ContentFiles::builtin();
    files
        .files
        .push(("blue-sun/board.toml".into(), section("blue-sun")));
    let c = Content::load(&files).unwrap();
    let far = c.sector("far-reach").unwrap();
    let b10 = c.sector("border-10").unwrap();
    assert_eq!(c.neighbours[far as usize], vec![b10]);
    assert!(c.neighbours[b10 as usize].contains(&far));

    // Within one source both sectors must list the link: a one-sided base link is a typo.
    let mut files = ContentFiles::builtin();
    files.files.push(("base/extra.toml".into(), section("base")));
    let err = Content::load(&files).unwrap_err();
    assert_eq!(err.entry, "sector \"border-10\"");
    assert_eq!(err.field, "neighbours");
    assert!(err.message.contains("far-reach"), "{err}");
}
