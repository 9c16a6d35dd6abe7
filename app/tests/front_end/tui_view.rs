//! The screens, rendered into ratatui's `TestBackend` and compared with what a player should
//! see.

use crate::support;

use crossterm::event::KeyCode;
use ratatui::style::Color;
use sokoshot::tui::app::{App, Place};
use sokoshot::tui::theme::Theme;
use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::progress::Progress;
use support::{PLAIN, app, press, press_code, render, rows, screen};

/// One of everything: player, box, goal, box on goal, enemy, the four slopes, a spinner
/// (its bar one cell long, so all of it lies on its hub).
pub const EVERYTHING: &str = "\
Title: Everything
#########
#@$.*  E#
#F7LJ%  #
#########
Spinner: 5,2 length=1 speed=0
";

/// One push to solve it.
const ONE_PUSH: &str = "\
Title: One push
#####
#@$.#
#####

Title: Second
######
#@ $.#
######
";

/// A long corridor with an enemy at the end, for shots.
const CORRIDOR: &str = "\
Title: Corridor
##########
#@      E#
##########
";

fn lines(text: &str) -> String {
    text.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_thing_on_the_board_has_its_glyph() {
    let app = app(EVERYTHING, PLAIN);
    let want = "
Test 1/1 │ Everything │ Moves 0  Pushes 0  Shots 0

                     ██████████████████
                     ██@▴[]··{}    ><██
                     ██▛▘▝▜▙▖▗▟⠶⠶    ██
                     ██████████████████

hjkl move  space fire  r restart  HJKL run  ? help  q quit";
    assert_eq!(screen(&app, 60, 8), lines(&want[1..]));
}

#[test]
fn the_ascii_look_uses_ascii_only() {
    let theme = Theme {
        ascii: true,
        color: false,
    };
    let app = app(EVERYTHING, theme);
    let want = "
Test 1/1 | Everything | Moves 0  Pushes 0  Shots 0

                     ##################
                     ##@^[]..{}    ><##
                     ###/\\##\\/#--    ##
                     ##################

hjkl move  space fire  r restart  HJKL run  ? help  q quit";
    let got = screen(&app, 60, 8);
    assert_eq!(got, lines(&want[1..]));
    assert!(got.is_ascii(), "{got}");
}

#[test]
fn the_player_shows_which_way_it_faces() {
    // Facing up at the start; bumping a wall turns without moving.
    let cases = [
        ("start", "", "██@▴[]··██"),
        ("bump left", "h", "██◂@[]··██"),
        ("bump down", "j", "██@▾[]··██"),
        ("push right", "l", "██  @▸{}██"),
    ];
    for (name, keys, want) in cases {
        let mut app = app(ONE_PUSH, PLAIN);
        press(&mut app, keys);
        press(&mut app, "~");
        let got = rows(&render(&app, 30, 7));
        assert_eq!(got[3].trim(), want, "{name}");
    }
}

#[test]
fn the_status_line_counts_and_the_hint_line_shows_a_pending_count() {
    let mut app = app(ONE_PUSH, PLAIN);
    press(&mut app, "n2");
    let got = rows(&render(&app, 50, 5));
    assert_eq!(got[0], "Test 2/2 │ Second │ Moves 0  Pushes 0  Shots 0");
    assert_eq!(got[4], "2 × the next key (Esc forgets it)");
    press(&mut app, "l");
    let got = rows(&render(&app, 70, 5));
    assert_eq!(
        got[0],
        "Test 2/2 │ Second │ Moves 2  Pushes 1  Shots 0 │ ✓ best 2/1"
    );
}

#[test]
fn a_blocked_step_says_why() {
    let mut app = app(ONE_PUSH, PLAIN);
    press(&mut app, "k");
    let got = rows(&render(&app, 50, 5));
    assert_eq!(got[4], "blocked: a wall is in the way");
    // A step into a wall while facing another way turns the player, and says so.
    press(&mut app, "h");
    let got = rows(&render(&app, 50, 5));
    assert_eq!(got[4], "turned left: a wall is in the way (not a move)");
    // Its undo says what it undid.
    press(&mut app, "u");
    let got = rows(&render(&app, 50, 5));
    assert_eq!(got[4], "undid a turn to face left");
    press(&mut app, "2");
    let got = rows(&render(&app, 50, 5));
    assert!(
        !got[4].contains("undid"),
        "the message goes at the next key"
    );
}

#[test]
fn an_undo_says_what_it_took_back_and_a_redo_what_it_brought_back() {
    let mut app = app("#######\n#@ $ .#\n#######\n", PLAIN);
    let last_row = |app: &sokoshot::tui::app::App| rows(&render(app, 60, 6))[5].clone();
    press(&mut app, "ll");
    press(&mut app, "u");
    assert_eq!(last_row(&app), "undid 1 push");
    press(&mut app, "u");
    assert_eq!(last_row(&app), "undid 1 step");
    let redo = crossterm::event::KeyEvent::new(
        crossterm::event::KeyCode::Char('r'),
        crossterm::event::KeyModifiers::CONTROL,
    );
    app.handle_key(redo);
    assert_eq!(last_row(&app), "redid 1 step");
    press(&mut app, "r");
    press(&mut app, "u");
    assert_eq!(last_row(&app), "undid a restart");
    press(&mut app, "3u");
    assert_eq!(
        last_row(&app),
        "undid 1 step",
        "only one step was left to undo"
    );
}

#[test]
fn the_solved_panel_gives_the_figures_and_does_not_claim_a_saved_solution() {
    let mut app = app(ONE_PUSH, PLAIN);
    press(&mut app, "l");
    // Too short for both: the board at the top, the panel over the fewest of its rows.
    let want = "
Test 1/2 │ One push │ Moves 1  Pushes 1  Shots 0 │ ✓ best 1/1
                           ██████████
                           ██  @▸{}██
                ┌─────────── Solved ────────────┐
                │  Moves 1  Pushes 1  Shots 0   │
                │        First solution.        │
                │                               │
                │ n next level  u undo  r again │
                └───────────────────────────────┘
n next level  u undo  r restart  g levels  ? help  q quit";
    assert_eq!(screen(&app, 64, 10), lines(&want[1..]));
    // With room to spare the panel goes below the board, which stays in view.
    let tall = rows(&render(&app, 64, 24));
    let board = tall
        .iter()
        .position(|r| r.contains("@▸{}"))
        .expect("board in view");
    let panel = tall
        .iter()
        .position(|r| r.contains("Solved"))
        .expect("panel");
    assert_eq!(panel, board + 3, "{tall:#?}");
    // Esc hides the panel to show the finished board; `n` goes on.
    press(&mut app, "~");
    assert!(screen(&app, 64, 10).contains("██  @▸{}██"));
    press(&mut app, "n");
    assert!(screen(&app, 64, 10).starts_with("Test 2/2 │ Second"));
}

#[test]
fn the_help_overlay_lists_every_key_and_the_legend() {
    let mut app = app(EVERYTHING, PLAIN);
    press(&mut app, "?");
    // Every key's row, the legend and the rules, at once on a screen tall enough.
    let shown = screen(&app, 80, 40);
    for row in sokoshot::tui::keys::ROWS {
        assert!(shown.contains(row.help), "`{}`: {shown}", row.help);
    }
    for entry in [
        "██ wall",
        "·· goal",
        "×× dead box",
        "░░ dead square",
        "∘∘ hint's path",
        "() spinner's hub",
        "⠶⠶ its bar",
        "▒▒ covered cell",
        "◆◆ the hub a message names",
        "Solve a level: every box on a goal and no enemy left.",
    ] {
        assert!(shown.contains(entry), "`{entry}`: {shown}");
    }
    let words: Vec<&str> = shown.split_whitespace().collect();
    for word in sokoshot::tui::view::help::SPINNERS.split_whitespace() {
        assert!(
            words.contains(&word),
            "the spinner's rules: `{word}`: {shown}"
        );
    }
    // The spinner's bar in the legend is shaded as the cells it blocks are.
    let buffer = render(&app, 80, 40);
    let (bar_x, bar_y) = (0..40u16)
        .find_map(|y| {
            (0..80u16)
                .find(|&x| buffer[(x, y)].symbol() == "⠶")
                .map(|x| (x, y))
        })
        .expect("the bar in the legend");
    let shade = sokoshot::tui::theme::Theme {
        ascii: false,
        color: false,
    }
    .barred();
    assert!(buffer[(bar_x, bar_y)].modifier.contains(shade.add_modifier));
    press(&mut app, "?");
    assert!(!screen(&app, 80, 24).contains("Help"), "? closes it again");
}

#[test]
fn the_help_legend_names_the_dead_box_as_it_is_drawn_with_ascii_too() {
    let ascii = Theme {
        ascii: true,
        color: false,
    };
    for (theme, glyph) in [(PLAIN, "×× dead box"), (ascii, "XX dead box")] {
        let mut app = app(EVERYTHING, theme);
        press(&mut app, "?");
        let shown = screen(&app, 80, 40);
        assert!(shown.contains(glyph), "{shown}");
        assert!(
            shown.contains("Shaded cells block."),
            "all in view: {shown}"
        );
    }
}

#[test]
fn the_level_list_marks_solved_levels_with_their_best_in_singular_for_one() {
    let mut app = app(ONE_PUSH, PLAIN);
    press(&mut app, "lg");
    let want = "
┌ Levels · all · 2 of 2 ───────── f filter  / search ┐
│Test by Tester · 1/2 solved                         │
│ ✓    1  One push                    ▸ 1 move 1 push│
│      2  Second                                     │
│                                                    │
└────── j/k select  12 jump  Esc close  q quit ──────┘";
    assert_eq!(screen(&app, 54, 6), lines(&want[1..]));
    press(&mut app, "j");
    press_code(&mut app, KeyCode::Enter);
    assert!(screen(&app, 54, 6).starts_with("Test 2/2 │ Second"));
}

#[test]
fn a_saved_solution_that_no_longer_replays_is_marked_as_such() {
    let packs = vec![sokoshot_core::store::collection::Collection::built_in(
        "Test",
        "Tester",
        support::levels(ONE_PUSH),
    )];
    let id = sokoshot_core::store::progress::level_id(&packs[0].levels[0]);
    // A solution saved under this level's fingerprint that does not solve it (as when the
    // rules change): `L` pushes nothing.
    let text = format!(
        "sokoshot-progress 1\npack built-in:Test\nlevel 1 id={id:016x} moves=1 pushes=1 shots=0 by-moves=L\n"
    );
    let progress: sokoshot_core::store::progress::Progress = text.parse().expect("progress reads");
    let mut app = sokoshot::tui::app::App::new(
        packs,
        sokoshot::tui::app::Place { pack: 0, level: 1 },
        progress,
        None,
        PLAIN,
    )
    .expect("a playable level");
    press(&mut app, "g");
    let list = screen(&app, 60, 6);
    assert!(list.contains("saved solution no longer replays"), "{list}");
    assert!(!list.contains("1 move 1 push"), "{list}");
}

#[test]
fn a_small_terminal_says_what_it_needs_and_the_game_carries_on_when_it_grows() {
    let mut app = app(EVERYTHING, PLAIN);
    let small = screen(&app, 40, 5);
    assert!(small.contains("terminal too small: need 18×6"), "{small}");
    press(&mut app, "h");
    let grown = screen(&app, 60, 8);
    assert!(grown.contains("Moves 0  Pushes 0"), "{grown}");
    assert!(grown.contains("██◂@[]··{}    ><██"), "{grown}");
}

/// The columns of row 3 (the corridor) that hold a braille character.
fn braille_columns(app: &sokoshot::tui::app::App) -> Vec<(usize, char)> {
    let buffer = render(app, 30, 7);
    rows(&buffer)[3]
        .chars()
        .enumerate()
        .filter(|(_, c)| ('\u{2801}'..='\u{28ff}').contains(c))
        .collect()
}

#[test]
fn a_shot_is_drawn_as_a_braille_dot_where_it_flies() {
    let mut app = app(CORRIDOR, PLAIN);
    press(&mut app, "l ");
    assert!(app.is_animating());
    let mut seen = Vec::new();
    while app.is_animating() && seen.len() < 100 {
        app.tick();
        seen.extend(braille_columns(&app));
    }
    assert!(seen.len() >= 10, "the shot is seen in flight: {seen:?}");
    assert!(
        seen.windows(2).all(|w| w[0].0 <= w[1].0),
        "it flies right: {seen:?}"
    );
    // The shot flies along the middle of the row: the dots are in braille rows 2 or 3.
    assert!(
        seen.iter()
            .all(|&(_, c)| (c as u32 - 0x2800) & 0b1100_0011 == 0),
        "{seen:?}"
    );
    let end = screen(&app, 30, 7);
    assert!(end.contains("Solved"), "the enemy was hit: {end}");
}

#[test]
fn a_shot_in_the_ascii_look_is_an_o() {
    let theme = Theme {
        ascii: true,
        color: false,
    };
    let mut app = app(CORRIDOR, theme);
    press(&mut app, "l ");
    for _ in 0..10 {
        app.tick();
    }
    let row = rows(&render(&app, 30, 7))[3].clone();
    assert_eq!(row.matches('o').count(), 1, "{row}");
}

#[test]
fn no_color_means_no_colour_anywhere() {
    let mut app = app(EVERYTHING, PLAIN);
    for keys in ["", "?", "~g"] {
        press(&mut app, keys);
        let buffer = render(&app, 80, 24);
        for cell in buffer.content() {
            assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset), "{keys:?}");
        }
    }
}

#[test]
fn colours_tell_things_apart() {
    let theme = Theme {
        ascii: false,
        color: true,
    };
    let app = app(EVERYTHING, theme);
    let buffer = render(&app, 40, 8);
    let fg = |x: u16, y: u16| buffer[(x, y)].fg;
    // Row 3: ██@▴[]··{}    ><██ from column 11.
    let wall = fg(11, 3);
    let player = fg(13, 3);
    let boxed = fg(15, 3);
    let goal = fg(17, 3);
    let on_goal = fg(19, 3);
    let enemy = fg(25, 3);
    let all = [wall, player, boxed, goal, on_goal, enemy];
    for (i, a) in all.iter().enumerate() {
        assert_ne!(*a, Color::Reset, "thing {i} has a colour");
        for b in &all[i + 1..] {
            assert_ne!(a, b, "colours differ");
        }
    }
}

#[test]
fn a_long_notice_wraps_below_the_board_while_the_board_stays() {
    let mut app = app(ONE_PUSH, PLAIN);
    let long =
        "pack.xsb:12:7: level 4 \"Far\": a second player; progress file unreadable, moved aside";
    app.tell(long, true);
    let got = rows(&render(&app, 40, 10));
    assert!(got.iter().any(|r| r.contains("██@▴[]··██")), "{got:#?}");
    let notice: String = got[6..].join(" ");
    assert!(notice.contains("pack.xsb:12:7: level 4"), "{got:#?}");
    assert!(notice.ends_with("moved aside"), "{got:#?}");
    // With no room to spare it keeps to one row and the board still shows.
    let tight = rows(&render(&app, 40, 5));
    assert!(tight.iter().any(|r| r.contains("██@▴[]··██")), "{tight:#?}");
}

#[test]
fn the_level_comment_is_shown_under_the_status_line_when_there_is_room() {
    let text = "Title: Tip\n#####\n#@$.#\n#####\nComment: Walk into the box to push it.\n";
    let app = app(text, PLAIN);
    let roomy = rows(&render(&app, 40, 8));
    assert_eq!(roomy[1], "Walk into the box to push it.");
    // Without a spare row the board comes first.
    let tight = rows(&render(&app, 40, 5));
    assert!(!tight.join("\n").contains("Walk into"), "{tight:#?}");
    assert!(tight.iter().any(|r| r.contains("██@▴[]··██")), "{tight:#?}");
}

#[test]
fn a_second_run_key_at_a_box_says_a_box_is_ahead_not_another_box() {
    let mut app = app("##########\n#@  $   .#\n##########\n", PLAIN);
    press(&mut app, "L");
    assert_eq!(app.world().counters().moves, 2);
    press(&mut app, "L");
    let shown = screen(&app, 60, 6);
    assert!(shown.contains("a box is ahead"), "{shown}");
    assert!(!shown.contains("another box"), "{shown}");
}

#[test]
fn a_shot_flying_over_a_slope_leaves_its_glyph_whole() {
    // The shot goes up into the slope and is turned right along the top row.
    let mut app = app("#######\n#F   E#\n#@ $. #\n#######\n", PLAIN);
    press(&mut app, "kk ");
    let mut seen_inside = false;
    for _ in 0..60 {
        app.tick();
        let shown = screen(&app, 40, 8);
        assert!(shown.contains("▛▘"), "the slope is drawn whole:\n{shown}");
        let over_slope = app
            .shown_world()
            .shots()
            .iter()
            .any(|shot| shot.pos.x < 2.0 && shot.pos.y < 2.0);
        seen_inside |= over_slope;
    }
    assert!(seen_inside, "the shot crossed the slope's cell");
}

#[test]
fn titles_and_comments_are_shown_with_control_characters_made_visible() {
    let text = "Title: \x1b]2;PWNED\x07\x1b[2J\nComment: red \x1b[31mtext\n#####\n#@$.#\n#####\n";
    let app = app(text, PLAIN);
    let shown = screen(&app, 70, 8);
    assert!(shown.contains("PWNED"), "{shown}");
    assert!(
        !shown.contains('\x1b') && !shown.contains('\x07'),
        "{shown:?}"
    );
}

#[test]
fn the_status_line_fits_the_width_dropping_the_least_important_parts_first() {
    use sokoshot::tui::app::{App, Place};
    use sokoshot_core::store::collection::Collection;
    use sokoshot_core::store::progress::{Figures, Progress, level_id};
    let text =
        "Title: A title long enough to crowd the line\nShots: 3\n#######\n#@$.E #\n#######\n";
    let levels = support::levels(text);
    let mut progress = Progress::default();
    let figures = Figures {
        moves: 32,
        pushes: 8,
        shots: 1,
    };
    progress.record("built-in:Test", 0, level_id(&levels[0]), figures);
    let app = App::new(
        vec![Collection::built_in("Test", "Tester", levels)],
        Place { pack: 0, level: 0 },
        progress,
        None,
        PLAIN,
    )
    .expect("playable");
    let full = "Test 1/1 │ A title long enough to crowd the line │ Moves 0  Pushes 0  Shots 0 (3 left) │ ✓ best 32/8";
    let cases = [
        ("everything fits", 120, full),
        (
            "the best result goes first",
            96,
            "Test 1/1 │ A title long enough to crowd the line │ Moves 0  Pushes 0  Shots 0 (3 left)",
        ),
        (
            "then the title is shortened, at 80 columns, and the pack's name stays",
            80,
            "Test 1/1 │ A title long enough to crowd t… │ Moves 0  Pushes 0  Shots 0 (3 left)",
        ),
        (
            "down to eight columns",
            57,
            "Test 1/1 │ A title… │ Moves 0  Pushes 0  Shots 0 (3 left)",
        ),
        (
            "then the title goes",
            56,
            "Test 1/1 │ Moves 0  Pushes 0  Shots 0 (3 left)",
        ),
        (
            "then the pack's name",
            45,
            "1/1 │ Moves 0  Pushes 0  Shots 0 (3 left)",
        ),
        (
            "then the shots left",
            33,
            "1/1 │ Moves 0  Pushes 0  Shots 0",
        ),
    ];
    for (name, width, want) in cases {
        let top = rows(&render(&app, width, 12))[0].clone();
        assert_eq!(top, want, "{name} at {width} columns");
    }
}

#[test]
fn the_help_overlay_at_60_by_20_wraps_and_scrolls_to_show_every_word() {
    use sokoshot::tui::keys::ROWS;
    let mut app = app(ONE_PUSH, PLAIN);
    app.set_screen_size(60, 20);
    press(&mut app, "?");
    let mut seen = String::new();
    for _ in 0..40 {
        let shown = screen(&app, 60, 20);
        for row in shown.lines() {
            assert!(row.chars().count() <= 60, "{row}");
        }
        seen.push_str(&shown);
        seen.push('\n');
        press(&mut app, "j");
    }
    let words: String = seen.split_whitespace().collect::<Vec<_>>().join(" ");
    for what in ROWS.iter().map(|row| row.help) {
        for word in what.split_whitespace() {
            assert!(
                words.contains(word),
                "`{word}` of `{what}` never shown:\n{seen}"
            );
        }
    }
    assert!(words.contains("no enemy left."), "{seen}");
    assert!(words.contains("spinners."), "{seen}");
    for word in sokoshot::tui::view::help::TIME.split_whitespace() {
        assert!(
            words.contains(word),
            "how to wait: `{word}` never shown:\n{seen}"
        );
    }
    // Scrolling back up reaches the top again.
    press(&mut app, &"k".repeat(40));
    assert!(
        screen(&app, 60, 20).contains("step; walk into a box"),
        "back at the top"
    );
}

#[test]
fn where_bars_turn_the_keys_line_says_that_pressing_no_key_waits() {
    let turning = "#######\n#@ % E#\n#######\nSpinner: 3,1 length=1 speed=90\n";
    let still = "#######\n#@ % E#\n#######\nSpinner: 3,1 length=1 speed=0\n";
    let cases = [
        ("a bar that turns", turning, true),
        ("a bar that stands", still, false),
    ];
    for (name, text, want) in cases {
        let app = app(text, PLAIN);
        let bottom = rows(&render(&app, 80, 6))[5].clone();
        assert_eq!(bottom.contains(". wait"), want, "{name}: {bottom}");
    }
}

#[test]
fn the_board_stays_where_it_is_when_the_solved_panel_appears() {
    let tall = format!("#####\n#@$.#\n{}#####\n", "#   #\n".repeat(12));
    let mut app = app(&tall, PLAIN);
    let row_of = |screen: &[String], glyph: &str| {
        screen
            .iter()
            .position(|r| r.contains(glyph))
            .unwrap_or_else(|| panic!("{glyph} on screen: {screen:#?}"))
    };
    let before = rows(&render(&app, 60, 24));
    press(&mut app, "l");
    let after = rows(&render(&app, 60, 24));
    assert!(after.iter().any(|r| r.contains("Solved")), "{after:#?}");
    assert_eq!(
        row_of(&before, "[]··"),
        row_of(&after, "@▸{}"),
        "{after:#?}"
    );
    let panel = row_of(&after, "Solved");
    let bottom_wall = after
        .iter()
        .rposition(|r| r.contains("██████████"))
        .expect("wall");
    assert!(
        panel > bottom_wall,
        "the panel goes below the board: {after:#?}"
    );
}

#[test]
fn the_level_list_draws_the_level_under_the_cursor_beside_it_and_follows_it() {
    let mut app = app(
        "; First\n#####\n#@$.#\n#####\n\n; Second\n######\n#@ $.#\n#  $.#\n######\n",
        PLAIN,
    );
    press(&mut app, "g");
    // The preview draws the game's own symbols, two columns a cell as on the board.
    let screen = rows(&render(&app, 80, 24));
    assert!(screen[1].contains("██████████"), "{screen:#?}");
    assert!(screen[2].contains("██@▴[]··██"), "{screen:#?}");
    assert!(screen[5].contains("5×3, 1 box"), "{screen:#?}");
    assert!(screen[6].contains("not solved yet"), "{screen:#?}");
    press(&mut app, "j");
    let screen = rows(&render(&app, 80, 24));
    assert!(screen[2].contains("██@▴  []··██"), "{screen:#?}");
    assert!(screen[3].contains("██    []··██"), "{screen:#?}");
    assert!(screen[6].contains("6×4, 2 boxes"), "{screen:#?}");
    // Too narrow for both: the list alone.
    let screen = rows(&render(&app, 60, 24));
    assert!(
        !screen.iter().any(|row| row.contains("@▴  []")),
        "{screen:#?}"
    );
}

#[test]
fn tab_in_the_level_list_goes_to_the_next_pack_and_round() {
    let mut app = app("#####\n#@$.#\n#####\n", PLAIN);
    let second = Collection::built_in("Other", "Someone", app.packs()[0].levels.to_vec());
    let mut packs = app.packs().to_vec();
    packs.push(second);
    app = App::new(
        packs,
        Place { pack: 0, level: 0 },
        Progress::default(),
        None,
        PLAIN,
    )
    .expect("playable");
    press(&mut app, "g");
    press_code(&mut app, KeyCode::Tab);
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(app.place(), Place { pack: 1, level: 0 });
    press(&mut app, "g");
    press_code(&mut app, KeyCode::Tab);
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(app.place(), Place { pack: 0, level: 0 });
}

/// "Shots 0" alone read as no shots to a new player: a level with enemies says how many are
/// left, or that there is no limit; a level without enemies says neither.
#[test]
fn the_status_line_says_how_many_shots_are_left_or_that_there_is_no_limit() {
    let cases = [
        (
            "a limit",
            "Title: A\n######\n#@ E.#\n#$   #\n######\nShots: 2\n",
            Some("Shots 0 (2 left)"),
        ),
        (
            "enemies and no limit",
            "Title: A\n######\n#@ E.#\n#$   #\n######\n",
            Some("Shots 0 (no limit)"),
        ),
        (
            "no enemies",
            "Title: A\n######\n#@  .#\n#$   #\n######\n",
            None,
        ),
    ];
    for (name, level, want) in cases {
        let app = app(level, PLAIN);
        let top = screen(&app, 80, 8).lines().next().unwrap_or("").to_owned();
        match want {
            Some(want) => assert!(top.ends_with(want), "{name}: {top}"),
            None => assert!(top.ends_with("Shots 0"), "{name}: {top}"),
        }
    }
}
