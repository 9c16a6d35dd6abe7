//! The campaign's chapter title cards and its last screen, rendered into ratatui's
//! `TestBackend`: a card names the chapter on its first level until the first move, and `n`
//! after the last level shows the player's totals and offers Microban before going there.
//! At 80×24, on every level of `levels/campaign.xsb`: the title stays on the status line
//! beside a best result, and neither the Solved panel (after the level's stored solution,
//! played with the keys) nor a chapter card covers the level's tip or its board.

use crate::support;

use sokoshot::tui::app::{App, Place};
use sokoshot_core::level::parse_pack;
use sokoshot_core::store::collection::{Collection, EMBEDDED};
use sokoshot_core::store::progress::{Figures, Progress, level_id};
use support::{PLAIN, press, screen};

const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;

fn built_in() -> Vec<Collection> {
    EMBEDDED
        .iter()
        .map(|pack| {
            let levels = parse_pack(pack.text).into_pack().expect("reads").levels;
            Collection::built_in(pack.name, pack.credit, levels)
        })
        .collect()
}

fn app_at(level: usize, progress: Progress) -> App {
    App::new(built_in(), Place { pack: 0, level }, progress, None, PLAIN).expect("playable")
}

#[test]
fn the_first_level_of_each_chapter_shows_its_card_until_the_first_move() {
    let packs = built_in();
    let starts: Vec<(usize, String)> = packs[0]
        .levels
        .iter()
        .enumerate()
        .filter_map(|(i, l)| l.chapter.clone().map(|c| (i, c)))
        .collect();
    assert_eq!(starts.len(), 5);
    for (n, (level, name)) in starts.iter().enumerate() {
        let mut app = app_at(*level, Progress::default());
        let shown = screen(&app, WIDTH, HEIGHT);
        assert!(
            shown.contains(&format!("Chapter {} of 5", n + 1)),
            "{shown}"
        );
        assert!(shown.contains(name.as_str()), "{shown}");
        // Any step, even one that only turns the player, starts the level and the card goes.
        press(&mut app, "hjkl");
        let after = screen(&app, WIDTH, HEIGHT);
        assert!(!after.contains("Chapter"), "{after}");
    }
    // A level inside a chapter has no card.
    let app = app_at(starts[0].0 + 1, Progress::default());
    assert!(!screen(&app, WIDTH, HEIGHT).contains("Chapter"));
}

#[test]
fn n_after_the_last_level_shows_the_end_with_totals_then_goes_on_to_microban() {
    let last = built_in()[0].levels.len() - 1;
    let mut app = app_at(last, Progress::default());
    press(&mut app, "n");
    assert_eq!(
        app.place(),
        Place {
            pack: 0,
            level: last
        },
        "still on the campaign"
    );
    let shown = screen(&app, WIDTH, HEIGHT);
    assert!(shown.contains("End of the Campaign"), "{shown}");
    assert!(
        shown.contains(&format!("Levels solved: 0 of {}", last + 1)),
        "{shown}"
    );
    assert!(shown.contains("Microban by David W. Skinner"), "{shown}");
    press(&mut app, "n");
    assert_eq!(app.place(), Place { pack: 1, level: 0 }, "on to Microban");
    assert!(!screen(&app, WIDTH, HEIGHT).contains("End of the Campaign"));
}

#[test]
fn a_finished_campaign_says_complete_with_the_sums_of_the_best_figures() {
    let packs = built_in();
    let mut progress = Progress::default();
    let (mut moves, mut pushes, mut shots) = (0, 0, 0);
    for (i, level) in packs[0].levels.iter().enumerate() {
        let n = u32::try_from(i).expect("small");
        let figures = Figures {
            moves: 20 + n,
            pushes: n,
            shots: n % 2,
        };
        (moves, pushes, shots) = (
            moves + figures.moves,
            pushes + figures.pushes,
            shots + figures.shots,
        );
        progress.record(&packs[0].key, i, level_id(level), figures);
    }
    let last = packs[0].levels.len() - 1;
    let mut app = app_at(last, progress);
    press(&mut app, "n");
    let shown = screen(&app, WIDTH, HEIGHT);
    assert!(shown.contains("Campaign complete"), "{shown}");
    assert!(
        shown.contains(&format!(
            "Best totals: {moves} moves, {pushes} pushes, {shots} shots"
        )),
        "{shown}"
    );
    // Esc or a move puts the screen away and leaves the player where they were.
    press(&mut app, "~");
    assert!(!screen(&app, WIDTH, HEIGHT).contains("Campaign complete"));
    assert_eq!(
        app.place(),
        Place {
            pack: 0,
            level: last
        }
    );
}

#[test]
fn at_80_columns_every_campaign_level_keeps_its_pack_and_title_on_the_status_line() {
    let packs = built_in();
    let mut progress = Progress::default();
    for (i, level) in packs[0].levels.iter().enumerate() {
        let figures = Figures {
            moves: 1234,
            pushes: 567,
            shots: 8,
        };
        progress.record(&packs[0].key, i, level_id(level), figures);
    }
    for (i, level) in packs[0].levels.iter().enumerate() {
        let app = app_at(i, progress.clone());
        let shown = screen(&app, WIDTH, HEIGHT);
        let top = shown.lines().next().unwrap_or_default();
        let title = level.title.as_deref().expect("campaign levels have titles");
        assert!(top.contains(title), "level {}: {top}", i + 1);
        // The best result gives way first (the level list and the Solved panel show it).
        assert!(top.starts_with("Campaign "), "level {}: {top}", i + 1);
    }
}

/// Plays `solution` on the app's level with the keys a player would press (`l u r d` and
/// pushes as `h k l j`, `f` as space, `w` as `.`), then lets the last command's time be
/// shown to its end, as the game's frames do.
fn play_solution(app: &mut App, solution: &str) {
    use sokoshot_core::game::{Move, parse_moves};
    for token in parse_moves(solution).expect("stored solutions parse") {
        let key = match token.action {
            Move::Step(dir) | Move::Push(dir) => dir_key(dir),
            Move::Fire => ' ',
            Move::Wait => '.',
        };
        for _ in 0..token.count {
            press(app, &key.to_string());
        }
    }
    for _ in 0..10_000 {
        if !app.is_animating() {
            break;
        }
        app.tick();
    }
}

fn dir_key(dir: sokoshot_core::game::Dir) -> char {
    use sokoshot_core::game::Dir;
    match dir {
        Dir::Left => 'h',
        Dir::Down => 'j',
        Dir::Up => 'k',
        Dir::Right => 'l',
    }
}

/// The rows of a screen (80×24) that hold the level's tip, the board and a panel titled
/// `title`, each as a range of row numbers.
struct Rows {
    tip: std::ops::Range<usize>,
    board: std::ops::Range<usize>,
    panel: std::ops::Range<usize>,
}

/// Finds the tip (the rows under the status line that spell `tip`), the board (the rows with
/// wall glyphs) and the panel (from its top border, which names `title`, to its bottom
/// border) on `shown`, and checks the tip and the panel are whole.
fn find_rows(shown: &str, tip: &str, title: &str, name: &str) -> Rows {
    let rows: Vec<&str> = shown.lines().collect();
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let tip_end = (1..rows.len())
        .find(|&end| words(&rows[1..=end].join(" ")) == words(tip))
        .unwrap_or_else(|| panic!("{name}: the tip is not whole:\n{shown}"));
    let top = rows
        .iter()
        .position(|r| r.contains('┌') && r.contains(title))
        .unwrap_or_else(|| panic!("{name}: no {title} panel:\n{shown}"));
    let bottom = (top..rows.len())
        .find(|&r| rows[r].contains('└'))
        .unwrap_or_else(|| panic!("{name}: the panel is cut:\n{shown}"));
    let walls: Vec<usize> = (0..rows.len())
        .filter(|&r| rows[r].contains("██"))
        .collect();
    Rows {
        tip: 1..tip_end + 1,
        board: walls[0]..walls[walls.len() - 1] + 1,
        panel: top..bottom + 1,
    }
}

/// Whether two ranges of rows share a row, or touch with no blank row between.
fn touch(a: &std::ops::Range<usize>, b: &std::ops::Range<usize>) -> bool {
    a.start <= b.end && b.start <= a.end
}

/// Asserts that the `what` (panel or card) in `rows` touches neither the tip nor the board.
fn assert_clear(rows: &Rows, what: &str, name: &str, shown: &str) {
    assert!(
        !touch(&rows.panel, &rows.tip),
        "{name}: {what} against the tip:\n{shown}"
    );
    assert!(
        !touch(&rows.panel, &rows.board),
        "{name}: {what} on the board:\n{shown}"
    );
}

#[test]
fn at_80_by_24_the_solved_panel_covers_neither_the_tip_nor_the_board_on_any_campaign_level() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../levels/campaign.xsb"
    ))
    .expect("the campaign's file");
    let campaign = parse_pack(&text).into_pack().expect("reads").levels;
    assert_eq!(
        campaign.len(),
        built_in()[0].levels.len(),
        "the built-in campaign is this file"
    );
    for (i, level) in campaign.iter().enumerate() {
        let name = format!("level {} {}", i + 1, level.title.as_deref().unwrap_or(""));
        let mut app = app_at(i, Progress::default());
        let solution = level
            .solution
            .as_deref()
            .expect("every level keeps a solution");
        play_solution(&mut app, solution);
        assert!(
            app.world().is_solved(),
            "{name}: the stored solution solves it"
        );
        let shown = screen(&app, WIDTH, HEIGHT);
        let rows = find_rows(&shown, &level.comments.join(" "), "Solved", &name);
        assert_clear(&rows, "panel", &name, &shown);
    }
}

#[test]
fn at_80_by_24_a_chapter_card_covers_neither_the_tip_nor_the_board() {
    let packs = built_in();
    for (i, level) in packs[0].levels.iter().enumerate() {
        let Some(chapter) = &level.chapter else {
            continue;
        };
        let name = format!("level {} ({chapter})", i + 1);
        let app = app_at(i, Progress::default());
        let shown = screen(&app, WIDTH, HEIGHT);
        let rows = find_rows(&shown, &level.comments.join(" "), "Chapter", &name);
        assert_clear(&rows, "card", &name, &shown);
    }
}
