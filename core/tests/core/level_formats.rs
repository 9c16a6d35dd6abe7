//! XSB as it is found in the wild, and sokoshot's extensions, read to the levels they mean.

use sokoshot_core::level::{Level, Pack, Pos, Slope, Spinner, Tile, parse_pack};

/// A small level in plain standard XSB.
const PLAIN: &str = "\
#######
#.@ # #
#$* $ #
#   $ #
# ..  #
#  *  #
#######
";

fn plain() -> Level {
    PLAIN.parse().expect("the plain level is valid")
}

/// Reads `text` as one level, or panics naming the case.
fn level(name: &str, text: &str) -> Level {
    text.parse()
        .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"))
}

#[test]
fn board_spellings_read_as_the_plain_board() {
    let cases = [
        (
            "dashes for floor",
            "#######\n#.@-#-#\n#$*-$-#\n#---$-#\n#-..--#\n#--*--#\n#######\n".to_owned(),
        ),
        ("underscores for floor", PLAIN.replace(' ', "_")),
        (
            "alternate letters",
            "#######\n#.p # #\n#bB b #\n#   b #\n# ..  #\n#  B  #\n#######\n".to_owned(),
        ),
        ("CRLF line ends", PLAIN.replace('\n', "\r\n")),
        ("trailing spaces", PLAIN.replace('\n', "   \n")),
        (
            "run-length",
            "7#|#.@-#-#|#$*-$-#|#3-$-#|#-..2-#|#2-*2-#|7#\n".to_owned(),
        ),
        (
            "run-length nested",
            "7#|#.@-#-#|#$*-$-#|#3-$-#|#-2.2-#|#2-*2-#|7(#)\n".to_owned(),
        ),
        (
            "run-length trailing bar and dashes",
            "7#|#.@-#-#--|#$*-$-#|#3-$-#|#-..2-#|#2-*2-#|7#|\n".to_owned(),
        ),
        ("byte-order mark", format!("\u{feff}{PLAIN}")),
        (
            "blank lines and a single-space line around",
            format!(" \n\n{PLAIN}\n \n"),
        ),
    ];
    let want = plain();
    for (name, text) in cases {
        let got = level(name, &text);
        assert_eq!(got.tiles, want.tiles, "{name}");
        assert_eq!(
            (got.player, &got.boxes),
            (want.player, &want.boxes),
            "{name}"
        );
        assert_eq!((got.width, got.height), (want.width, want.height), "{name}");
    }
}

#[test]
fn player_on_goal_and_box_on_goal() {
    let l = level("plus", "#####\n#+$ #\n#*$.#\n#####\n");
    assert_eq!(l.player, Pos::new(1, 1));
    assert_eq!(l.tile(l.player), Tile::Goal);
    assert_eq!(
        l.boxes,
        vec![Pos::new(1, 2), Pos::new(2, 1), Pos::new(2, 2)]
    );
    assert_eq!(l.tile(Pos::new(1, 2)), Tile::Goal);
}

#[test]
fn titles_in_every_place_players_put_them() {
    let board = "#####\n#@$.#\n#####\n";
    let cases = [
        ("semicolon number", format!("; 12\n\n{board}"), Some("12")),
        (
            "bare quoted",
            format!("; 3\n'The Dungeon'\n\n{board}"),
            Some("The Dungeon"),
        ),
        (
            "bare text right above",
            format!("Level 7\n{board}"),
            Some("Level 7"),
        ),
        (
            "Title before",
            format!("Title: Early\n{board}"),
            Some("Early"),
        ),
        ("Title after", format!("{board}Title: Late\n"), Some("Late")),
        (
            "Title wins over a comment",
            format!("; 4\n{board}Title: Named\n"),
            Some("Named"),
        ),
        ("none", board.to_owned(), None),
    ];
    for (name, text, want) in cases {
        assert_eq!(level(name, &text).title.as_deref(), want, "{name}");
    }
}

#[test]
fn authors_comments_and_comment_blocks() {
    let text = "\
; 5
Author: Someone
#####
#@$.#
#####
Comment: short one
Comment:
first line
 second line
Comment-End:
";
    let l = level("meta", text);
    assert_eq!(l.title.as_deref(), Some("5"));
    assert_eq!(l.author.as_deref(), Some("Someone"));
    assert_eq!(l.comments, vec!["short one", "first line\nsecond line"]);
}

#[test]
fn sok_solutions_are_kept_with_their_level() {
    let text = "\
#####
#@$.#
#####
Solution (moves)
rR
lR
";
    assert_eq!(level("sok", text).solution.as_deref(), Some("rRlR"));
    let text = "#####\n#@$.#\n#####\nSolution: 2rR\n";
    assert_eq!(level("key", text).solution.as_deref(), Some("2rR"));
}

#[test]
fn file_notes_stay_with_the_pack() {
    let text = "\
:: Made by hand
Collection: Tiny Pack
Author: Somebody

; 1
#####
#@$.#
#####

; 2
#####
#@$.#
#####
";
    let pack: Pack = text.parse().expect("valid pack");
    assert_eq!(pack.title.as_deref(), Some("Tiny Pack"));
    assert_eq!(pack.author.as_deref(), Some("Somebody"));
    assert_eq!(
        pack.notes,
        vec![
            ":: Made by hand",
            "Collection: Tiny Pack",
            "Author: Somebody"
        ]
    );
    let titles: Vec<_> = pack.levels.iter().map(|l| l.title.clone()).collect();
    assert_eq!(titles, [Some("1".into()), Some("2".into())]);
}

#[test]
fn metadata_between_levels_goes_to_the_right_level() {
    let text = "\
Title: First
#####
#@$.#
#####
Author: A

Solution: R

; second
#####
#@$.#
#####

Title: Third
Author: C

#####
#@$.#
#####
";
    let pack: Pack = text.parse().expect("valid pack");
    let got: Vec<_> = pack
        .levels
        .iter()
        .map(|l| {
            (
                l.title.as_deref(),
                l.author.as_deref(),
                l.solution.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (Some("First"), Some("A"), Some("R")),
            (Some("second"), None, None),
            (Some("Third"), Some("C"), None),
        ]
    );
}

#[test]
fn decorative_boxes_on_goals_out_of_reach_are_legal() {
    let text = "#########\n#@$.#*#*#\n#########\n";
    let l = level("decor", text);
    assert_eq!(l.boxes.len(), 3);
}

#[test]
fn sokoshot_extensions() {
    let text = "\
#########
#@ F7 E #
#  LJ % #
#$.     #
#########
Spinner: 6,2 length=2.5 speed=-45 angle=30
Shots: 4
Solution: fR
Par: 12
";
    let l = level("extensions", text);
    assert_eq!(l.enemies, vec![Pos::new(6, 1)]);
    let slopes = [
        (3, 1, Slope::TopLeft),
        (4, 1, Slope::TopRight),
        (3, 2, Slope::BottomLeft),
        (4, 2, Slope::BottomRight),
    ];
    for (x, y, slope) in slopes {
        assert_eq!(l.tile(Pos::new(x, y)), Tile::Slope(slope), "{x},{y}");
    }
    assert_eq!(
        l.spinners,
        vec![Spinner {
            hub: Pos::new(6, 2),
            length: 2.5,
            speed: -45.0,
            angle: 30.0,
            pushes: false
        }]
    );
    assert_eq!(l.shot_limit, Some(4));
    assert_eq!(l.solution.as_deref(), Some("fR"));
    assert_eq!(
        l.unknown_settings,
        vec![("Par".to_owned(), "12".to_owned())]
    );
    let report = parse_pack(text);
    assert_eq!(report.warning_count(), 1);
}

#[test]
fn a_hub_without_settings_gets_the_default_spinner() {
    let l = level("hub", "######\n#@%E #\n######\n");
    assert_eq!(l.spinners, vec![Spinner::at(Pos::new(2, 1))]);
}

#[test]
fn enemies_alone_are_something_to_do() {
    let l = level("enemy only", "#####\n#@ E#\n#####\n");
    assert!(l.boxes.is_empty());
    assert_eq!(l.enemies.len(), 1);
}

#[test]
fn latin1_files_read_with_a_warning() {
    let bytes = b"; Caf\xe9\n#####\n#@$.#\n#####\n";
    let report = sokoshot_core::level::parse_pack_bytes(bytes);
    assert_eq!(report.levels[0].title.as_deref(), Some("Café"));
    assert_eq!(report.warning_count(), 1);
}
