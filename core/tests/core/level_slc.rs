//! SLC collections (XML) read to the same levels as their pack text, with problems placed in
//! the XML, and hostile XML refused with one clear error for that file.

use sokoshot_core::level::{
    LevelError, MAX_SLC_LEVELS_WITHOUT_ROWS_LISTED, MAX_XML_DEPTH, PackReport, check_file,
    parse_pack, parse_pack_bytes,
};

const MICROBAN: &str = include_str!("../../../levels/microban.xsb");
const MICROBAN_SLC: &str = include_str!("../data/microban_1_3.slc");

/// Every diagnostic of a report as `sokoshot check` prints it.
fn messages(report: &PackReport) -> Vec<String> {
    report.diagnostics().iter().map(|d| d.to_string()).collect()
}

/// A collection of the given `Level` elements.
fn collection(levels: &str) -> String {
    format!(
        "<?xml version=\"1.0\"?>\n<SokobanLevels>\n<Title>T</Title>\n<LevelCollection>\n{levels}</LevelCollection>\n</SokobanLevels>\n"
    )
}

/// The one level of `collection`, valid.
const GOOD: &str = "<Level Id=\"a\" Width=\"5\" Height=\"3\">\n<L>#####</L>\n<L>#@$.#</L>\n<L>#####</L>\n</Level>\n";

#[test]
fn slc_and_xsb_read_to_the_same_boards() {
    let slc = parse_pack(MICROBAN_SLC);
    assert!(slc.is_valid(), "{:?}", messages(&slc));
    assert!(messages(&slc).is_empty(), "{:?}", messages(&slc));
    let slc = slc.into_pack().expect("valid");
    let xsb = parse_pack(MICROBAN).into_pack().expect("Microban is valid");
    assert_eq!(slc.levels.len(), 3);
    assert_eq!(slc.title.as_deref(), Some("Microban"));
    assert_eq!(slc.author.as_deref(), Some("David W. Skinner"));
    for (i, (a, b)) in slc.levels.iter().zip(&xsb.levels).enumerate() {
        assert_eq!(a.title.as_deref(), Some((i + 1).to_string().as_str()));
        assert_eq!(
            (a.width, a.height, &a.tiles, a.player, &a.boxes),
            (b.width, b.height, &b.tiles, b.player, &b.boxes),
            "level {}",
            i + 1
        );
    }
}

#[test]
fn an_slc_file_is_checked_from_disk_like_a_pack() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/microban_1_3.slc");
    let report = check_file(std::path::Path::new(path)).expect("readable");
    assert_eq!(report, parse_pack_bytes(MICROBAN_SLC.as_bytes()));
}

#[test]
fn a_board_problem_is_placed_in_the_xml() {
    // The second row's `X` is on line 7 of the XML, in column 6 (`<L>#@X` starts at 1).
    let text =
        collection("<Level Id=\"bad\">\n<L>#####</L>\n<L>#@X.#</L>\n<L>#####</L>\n</Level>\n");
    let report = parse_pack(&text);
    let all = messages(&report);
    assert!(!report.is_valid());
    assert!(
        all.iter().any(|m| m.starts_with("7:6: level 1 \"bad\": ")),
        "{all:?}"
    );
    assert_eq!(report.levels[0].line, 6);
}

#[test]
fn a_width_or_height_that_disagrees_with_the_rows_is_a_warning_at_the_level() {
    let text = collection(
        &GOOD
            .replace("Width=\"5\"", "Width=\"9\"")
            .replace("Height=\"3\"", "Height=\"x\""),
    );
    let report = parse_pack(&text);
    assert!(report.is_valid());
    assert_eq!(
        messages(&report),
        [
            "5:1: level 1 \"a\": warning: the level's `Width` says 9 but its rows make 5; the rows are read",
            "5:1: level 1 \"a\": warning: the level's `Height` says x but its rows make 3; the rows are read",
        ]
    );
}

#[test]
fn a_level_without_rows_is_skipped_with_a_warning_and_the_rest_kept() {
    let text = collection(&format!("<Level Id=\"empty\"/>\n{GOOD}"));
    let report = parse_pack(&text);
    assert!(report.is_valid());
    assert_eq!(report.levels.len(), 1);
    assert_eq!(
        messages(&report),
        ["5:1: warning: this SLC `<Level>` has no `<L>` rows; it is skipped"]
    );
}

/// The one error of `text`, which must hold no level.
fn only_error(text: &str) -> String {
    let report = parse_pack(text);
    assert!(report.levels.is_empty());
    let all = messages(&report);
    assert_eq!(all.len(), 1, "{all:?}");
    assert!(matches!(
        report.file_diagnostics[0].error,
        LevelError::Xml { .. }
    ));
    all[0].clone()
}

#[test]
fn malformed_or_truncated_xml_is_one_error_where_it_goes_wrong() {
    let good = collection(GOOD);
    let mismatched = good.replace("</L>\n<L>#@$.#</L>", "</L>\n<L>#@$.#</X>");
    assert!(
        only_error(&mismatched).starts_with("7:"),
        "{}",
        only_error(&mismatched)
    );
    let truncated = good.trim_end().trim_end_matches("</SokobanLevels>");
    assert_eq!(
        only_error(truncated),
        "11:1: the file cannot be read as an SLC collection: it ends with 1 elements still open: is it cut short?"
    );
    let message = only_error(&good[..good.len() / 2]);
    assert!(
        message.contains("cannot be read as an SLC collection"),
        "{message}"
    );
    let two_roots = format!("{good}<SokobanLevels/>");
    assert!(only_error(&two_roots).contains("a second root element"));
    let not_slc = "<html><body>#####</body></html>";
    assert_eq!(
        only_error(not_slc),
        "1:1: the file cannot be read as an SLC collection: its root element is `<html>`; an SLC file's is `<SokobanLevels>`"
    );
}

#[test]
fn dtds_and_entities_are_refused() {
    let dtd = format!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE SokobanLevels [<!ENTITY w \"#####\">]>\n{}",
        collection(GOOD)
            .replace("<?xml version=\"1.0\"?>\n", "")
            .replace("<L>#####</L>", "<L>&w;</L>")
    );
    assert!(
        only_error(&dtd).contains("it holds a DTD"),
        "{}",
        only_error(&dtd)
    );
    let external =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE x SYSTEM \"file:///etc/passwd\">\n<SokobanLevels/>";
    assert!(only_error(external).contains("it holds a DTD"));
    let undefined = collection(&GOOD.replace("<L>#####</L>", "<L>&w;</L>"));
    let message = only_error(&undefined);
    assert!(message.starts_with("6:"), "{message}");
    let in_attribute = collection(&GOOD.replace("Id=\"a\"", "Id=\"&w;\""));
    assert!(
        only_error(&in_attribute).starts_with("5:"),
        "{}",
        only_error(&in_attribute)
    );
    // The five named by XML itself and character references are read as what they mean.
    let escaped = collection(&GOOD.replace("<L>#####</L>", "<L>&#35;##&#x23;#</L>"));
    assert!(parse_pack(&escaped).is_valid());
}

#[test]
fn deep_nesting_is_answered_not_followed() {
    let depth = 200_000;
    let deep = format!(
        "<SokobanLevels>{}{}</SokobanLevels>",
        "<x>".repeat(depth),
        "</x>".repeat(depth)
    );
    assert_eq!(
        only_error(&deep),
        format!(
            "1:{}: the file cannot be read as an SLC collection: its elements are nested more than {MAX_XML_DEPTH} deep",
            16 + 3 * (MAX_XML_DEPTH - 1)
        )
    );
    // Many elements side by side are read past.
    let many = format!(
        "<SokobanLevels>{}</SokobanLevels>",
        "<x/>".repeat(1_000_000)
    );
    assert_eq!(
        messages(&parse_pack(&many)),
        ["1:1: no level found: a level is a board of `#` walls holding one `@` player"]
    );
}

#[test]
fn a_huge_attribute_is_read_and_quoted_short() {
    let id = "i".repeat(1 << 20);
    let text = collection(&format!(
        "<Level Id=\"{id}\" Width=\"{id}\">\n<L>#####</L>\n<L>#@X.#</L>\n<L>#####</L>\n</Level>\n{GOOD}"
    ));
    let report = parse_pack(&text);
    assert_eq!(report.levels.len(), 2);
    assert!(report.levels[1].is_valid());
    assert_eq!(report.levels[0].title.as_deref(), Some(id.as_str()));
    assert!(
        messages(&report).iter().all(|m| m.len() < 300),
        "{:?}",
        messages(&report)
            .iter()
            .map(String::len)
            .collect::<Vec<_>>()
    );
}

#[test]
fn many_attributes_are_read_in_one_pass_and_a_repeated_one_refused() {
    // 200,000 attributes on one `<Level>`: each name used to be compared with every one
    // before it. Read now with a set of the names seen, so this reads at once.
    let many: String = (0..200_000).map(|i| format!(" a{i}=\"\"")).collect();
    let text = collection(&format!(
        "<Level{many} Id=\"last\" Width=\"5\">\n<L>#####</L>\n<L>#@$.#</L>\n<L>#####</L>\n</Level>\n"
    ));
    let report = parse_pack(&text);
    assert!(report.is_valid(), "{:?}", messages(&report));
    assert_eq!(report.levels.len(), 1);
    assert_eq!(report.levels[0].title.as_deref(), Some("last"));
    let cases = [
        ("at the end", format!("<Level{many} a0=\"x\">")),
        ("side by side", "<Level Id=\"a\" Id=\"b\">".to_owned()),
        (
            "on the collection",
            "<LevelCollection x=\"\" x=\"\">".to_owned(),
        ),
    ];
    for (name, start) in cases {
        let text = if start.starts_with("<LevelCollection") {
            collection("").replace("<LevelCollection>", &start)
        } else {
            collection(&GOOD.replace("<Level Id=\"a\" Width=\"5\" Height=\"3\">", &start))
        };
        let message = only_error(&text);
        assert!(message.contains("is given twice"), "{name}: {message}");
    }
}

#[test]
fn rows_with_elements_after_their_text_are_placed_where_they_are() {
    // `<L>#<a/></L>`: the element after the row's text once sent the reading back to the
    // top of the file for every row. The places must still be each row's own.
    let rows = "<L>#####</L>\n<L>#@$.#</L><x/>\n<L>#X<a/></L>\n<L>\n#####<a/></L>\n";
    let text = collection(&format!("<Level Id=\"a\">\n{rows}</Level>\n"));
    let report = parse_pack(&text);
    let all = messages(&report);
    assert!(
        all.iter().any(|m| m.starts_with("8:5:")),
        "the X is at line 8, column 5: {all:?}"
    );
    let many = collection(&format!(
        "<Level>{}</Level>\n",
        "<L>#<a/></L>".repeat(200_000)
    ));
    let report = parse_pack(&many);
    assert_eq!(report.levels.len(), 1, "{:?}", messages(&report));
}

#[test]
fn levels_without_rows_are_listed_up_to_a_bound_and_the_rest_counted() {
    // 2,000,000 empty `<Level/>` (16 MB) once kept a warning each, 478 MB in all.
    let max = MAX_SLC_LEVELS_WITHOUT_ROWS_LISTED;
    for (name, empties, with_good) in [
        ("a few", 3, true),
        ("exactly the bound", max, false),
        ("one past the bound", max + 1, true),
        ("two million", 2_000_000, false),
    ] {
        let levels = format!(
            "{}{}",
            "<Level/>".repeat(empties),
            if with_good { GOOD } else { "" }
        );
        let report = parse_pack(&collection(&levels));
        assert_eq!(report.levels.len(), usize::from(with_good), "{name}");
        let listed = report
            .file_diagnostics
            .iter()
            .filter(|d| d.error == LevelError::SlcLevelWithoutRows)
            .count();
        assert_eq!(listed, empties.min(max), "{name}");
        let more: Vec<_> = report
            .file_diagnostics
            .iter()
            .filter_map(|d| match d.error {
                LevelError::SlcMoreLevelsWithoutRows { count } => Some(count),
                _ => None,
            })
            .collect();
        let left = empties.saturating_sub(max);
        assert_eq!(more, if left > 0 { vec![left] } else { vec![] }, "{name}");
        // The listed ones, the count of the rest, and the file's own (it holds no level).
        assert!(
            report.file_diagnostics.len() <= max + 2,
            "{name}: {:?}",
            messages(&report).iter().rev().take(3).collect::<Vec<_>>()
        );
    }
    let report = parse_pack(&collection(&"<Level/>".repeat(max + 5)));
    let last = messages(&report).pop().unwrap_or_default();
    assert!(
        last.ends_with(&format!(
            "… and 5 more SLC `<Level>`s without `<L>` rows from here on, skipped (only the first {max} are listed)"
        )),
        "{last}"
    );
}
