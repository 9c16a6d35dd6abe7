//! The spinner rule a player can see: at every tick a cell is blocked exactly when a bar
//! covers it ([`World::barred`]), the player and pushed boxes are refused exactly there, and
//! the board shades exactly those cells and draws the bar nowhere else.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::widgets::Widget;
use sokoshot::tui::board::{BoardView, inside_mask};
use sokoshot::tui::theme::Theme;
use sokoshot_core::game::{Blocker, Command, Dir, Outcome, Solid, World};
use sokoshot_core::level::{Level, Pos, Tile};

/// A room with a hub in the middle: the bar (three cells long) starts lying along the row and
/// turns at 90° a second.
const ROOM: &str = "\
#########
#@      #
#       #
#   %   #
#       #
#      E#
#########
Spinner: 4,3 length=3 speed=90";

/// Ticks between the frames the drawing is compared at: a full turn in 4 s is 240 ticks.
const FRAME_STEP: u32 = 3;
const FRAMES: u32 = 80;

/// A level from its text (board and settings lines).
fn level(text: &str) -> Level {
    text.parse().expect("test level reads")
}

fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y)
}

fn barred_cells(world: &World) -> Vec<Pos> {
    let level = world.level();
    (0..level.height)
        .flat_map(|y| (0..level.width).map(move |x| p(x, y)))
        .filter(|&pos| world.barred(pos) && level.tile(pos) != Tile::Hub)
        .collect()
}

#[test]
fn a_level_bar_covers_its_row_only_and_a_diagonal_bar_its_diagonal_only() {
    type Case = (&'static str, f32, &'static [(i32, i32)]);
    let cases: [Case; 4] = [
        ("along the row", 0.0, &[(3, 3), (5, 3)]),
        ("along the column", 90.0, &[(4, 2), (4, 4)]),
        ("down the diagonal", 45.0, &[(3, 2), (5, 4)]),
        ("up the diagonal", -45.0, &[(3, 4), (5, 2)]),
    ];
    for (name, angle, expected) in cases {
        let mut lvl = level(ROOM);
        lvl.spinners[0].speed = 0.0;
        lvl.spinners[0].angle = angle;
        let world = World::new(&lvl).unwrap();
        let expected: Vec<Pos> = expected.iter().map(|&(x, y)| p(x, y)).collect();
        let mut got = barred_cells(&world);
        got.sort_by_key(|q| (q.y, q.x));
        let mut want = expected.clone();
        want.sort_by_key(|q| (q.y, q.x));
        assert_eq!(got, want, "{name}");
    }
}

/// Every step of the player towards the hub, from each side, is refused exactly when the
/// target cell is barred, and a push exactly when the box's target cell is.
#[test]
fn steps_and_pushes_are_refused_exactly_into_barred_cells() {
    let mut checked_blocked = 0;
    let mut checked_free = 0;
    for start in 0..FRAMES {
        for (player, dir) in [
            (p(2, 3), Dir::Right),
            (p(6, 3), Dir::Left),
            (p(4, 1), Dir::Down),
            (p(4, 5), Dir::Up),
            (p(2, 2), Dir::Right),
            (p(3, 1), Dir::Down),
        ] {
            let mut lvl = level(ROOM);
            lvl.player = player;
            let mut world = World::new(&lvl).unwrap();
            world.apply(Command::Wait(start * FRAME_STEP)).ok();
            world.apply(Command::Step(dir)).ok(); // face the way first
            let to = dir.step_from(player);
            let barred = world.barred(to);
            let before = world.player();
            let outcome = world.apply(Command::Step(dir));
            if barred {
                checked_blocked += 1;
                assert_eq!(world.player(), before, "tick {start}: into {to:?}");
                assert!(
                    matches!(
                        outcome,
                        Err(sokoshot_core::game::RuleError::Blocked(Blocker::Solid(
                            Solid::Spinner
                        )))
                    ),
                    "tick {start}: {outcome:?}"
                );
            } else if world.player() == to {
                checked_free += 1;
            }
        }
    }
    assert!(checked_blocked > 20 && checked_free > 20);

    // A box pushed towards the hub along the row.
    for start in 0..FRAMES {
        let lvl =
            level("#########\n#@$ %  .#\n#       #\n#########\nSpinner: 4,1 length=3 speed=90");
        let mut world = World::new(&lvl).unwrap();
        world.apply(Command::Wait(start * FRAME_STEP)).ok();
        let barred = world.barred(p(3, 1));
        let outcome = world.apply(Command::Step(Dir::Right));
        if barred {
            assert!(
                matches!(
                    outcome,
                    Ok(Outcome::Turned {
                        blocked_by: Blocker::BoxAgainst(Solid::Spinner),
                        ..
                    })
                ),
                "tick {start}: {outcome:?}"
            );
        } else {
            assert!(
                matches!(outcome, Ok(Outcome::Pushed { .. })),
                "tick {start}: {outcome:?}"
            );
        }
    }
}

fn draw(world: &World, theme: Theme) -> Buffer {
    draw_at(world, theme, 1)
}

fn is_braille(symbol: &str) -> bool {
    symbol
        .chars()
        .any(|c| ('\u{2801}'..='\u{28ff}').contains(&c))
}

#[test]
fn the_board_shades_exactly_the_barred_cells_and_draws_the_bar_only_there() {
    let theme = Theme {
        ascii: false,
        color: true,
    };
    let mut lvl = level(ROOM);
    // A box right beside the hub: the bar sweeps over it and the box is shaded with it.
    lvl.boxes = vec![p(5, 3)];
    let mut world = World::new(&lvl).unwrap();
    let mut box_shaded = 0;
    for frame in 0..FRAMES {
        let buffer = draw(&world, theme);
        for y in 0..lvl.height {
            for x in 0..lvl.width {
                let pos = p(x, y);
                // The hub blocks at every tick, so it is shaded at every tick.
                let barred = world.barred(pos) || lvl.tile(pos) == Tile::Hub;
                for half in 0..2 {
                    let cell = &buffer[((x * 2 + half) as u16, y as u16)];
                    assert_eq!(
                        cell.bg == Color::DarkGray,
                        barred,
                        "frame {frame}, cell {pos:?}: shading"
                    );
                    if !barred {
                        assert!(
                            !is_braille(cell.symbol()),
                            "frame {frame}, cell {pos:?}: a bar drawn where it does not block"
                        );
                    }
                }
                if barred && world.box_at(pos) {
                    box_shaded += 1;
                }
            }
        }
        world.apply(Command::Wait(FRAME_STEP)).ok();
    }
    assert!(box_shaded > 0, "the bar swept over the box at least once");
}

#[test]
fn the_hub_is_shaded_as_blocked_like_the_cells_under_its_bar_in_every_look() {
    use ratatui::style::Modifier;
    let mut lvl = level(ROOM);
    lvl.spinners[0].speed = 0.0;
    let world = World::new(&lvl).unwrap();
    let (hub, under_bar) = (p(4, 3), p(5, 3));
    assert!(world.barred(under_bar), "the bar lies along the row");
    let looks = [
        ("colour", false, true),
        ("colour, ASCII", true, true),
        ("NO_COLOR", false, false),
        ("NO_COLOR, ASCII", true, false),
    ];
    for (name, ascii, color) in looks {
        let theme = Theme { ascii, color };
        let buffer = draw(&world, theme);
        let shaded = |pos: Pos, half: i32| {
            let cell = &buffer[((pos.x * 2 + half) as u16, pos.y as u16)];
            if color {
                cell.bg == Color::DarkGray
            } else {
                cell.modifier.contains(Modifier::UNDERLINED)
            }
        };
        for half in 0..2 {
            assert!(shaded(under_bar, half), "{name}: the cell under the bar");
            assert!(shaded(hub, half), "{name}: the hub, column {half}");
            assert!(!shaded(p(4, 1), half), "{name}: free floor is not shaded");
        }
    }
}

#[test]
fn a_goal_under_a_bar_is_drawn_as_covered_and_covered_cells_are_neither_walls_nor_goals() {
    use ratatui::style::Modifier;
    let mut lvl = level(ROOM);
    lvl.spinners[0].speed = 0.0;
    let goal = p(5, 3);
    lvl.tiles[(goal.y * lvl.width + goal.x) as usize] = Tile::Goal;
    lvl.boxes = vec![p(2, 1)];
    let world = World::new(&lvl).unwrap();
    assert!(world.barred(goal), "the bar lies over the goal");
    for (ascii, color) in [(false, true), (true, true), (false, false), (true, false)] {
        let theme = Theme { ascii, color };
        let buffer = draw(&world, theme);
        let glyph = |pos: Pos| -> String {
            (0..2)
                .map(|half| buffer[((pos.x * 2 + half) as u16, pos.y as u16)].symbol())
                .collect()
        };
        let look = format!("ascii {ascii}, colour {color}");
        let (wall, goal_glyph) = if ascii {
            ("##", "..")
        } else {
            ("██", "··")
        };
        for covered in [goal, p(3, 3)] {
            let shown = glyph(covered);
            assert_ne!(
                shown, goal_glyph,
                "{look}: {covered:?} reads as covered, not as a goal"
            );
            assert_ne!(shown, wall, "{look}: {covered:?} is not a wall");
            assert_ne!(shown.trim(), "", "{look}: {covered:?} is not a hole");
            let cell = &buffer[((covered.x * 2) as u16, covered.y as u16)];
            assert!(
                !cell.modifier.contains(Modifier::REVERSED),
                "{look}: not reverse video"
            );
            let shaded = if color {
                cell.bg == Color::DarkGray
            } else {
                cell.modifier.contains(Modifier::UNDERLINED)
            };
            assert!(shaded, "{look}: {covered:?} shaded as blocked");
        }
        assert_eq!(glyph(p(0, 3)), wall, "{look}: a wall stays a wall");
    }
}

/// The board's text, row by row.
fn text(buffer: &Buffer) -> String {
    let width = usize::from(buffer.area.width);
    buffer
        .content()
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(ratatui::buffer::Cell::symbol)
                .collect::<String>()
                + "\n"
        })
        .collect()
}

/// Every level with a turning bar, the campaign's and bars of every speed the campaign
/// uses turning both ways from angles between its eighths: a beat's wait moves the bar on
/// screen in `--ascii` and without colour, at both sizes of cell, over a whole turn, at
/// every beat when the bar is drawn beside its hub before and after it. (While it lies only
/// over walls, enemies and boxes, the hub alone shows it, and a beat can leave the hub's few
/// dots as they were.)
#[test]
fn every_beat_moves_the_bar_on_screen_in_ascii_and_without_colour() {
    let campaign = crate::support::levels(include_str!("../../../levels/campaign.xsb"));
    let mut levels: Vec<(String, Level)> = campaign
        .into_iter()
        .filter(|l| l.spinners.iter().any(|s| s.speed != 0.0))
        .map(|l| (l.title.clone().unwrap_or_default(), l))
        .collect();
    for speed in [30.0, -30.0, 45.0, -45.0] {
        for angle in [0.0, 10.0, 22.5, 37.0] {
            let mut lvl = level(ROOM);
            lvl.spinners[0].speed = speed;
            lvl.spinners[0].angle = angle;
            levels.push((format!("room, {speed}°/s from {angle}°"), lvl));
        }
    }
    let mut still = Vec::new();
    for (name, lvl) in &levels {
        for (look, ascii) in [("ascii", true), ("NO_COLOR", false)] {
            for scale in [1u16, 2] {
                let theme = Theme {
                    ascii,
                    color: false,
                };
                let mut world = World::new(lvl).unwrap();
                let beats = lvl
                    .spinners
                    .iter()
                    .filter(|s| s.speed != 0.0)
                    .map(|s| (360.0 / (s.speed.abs() / 4.0)).ceil() as u32)
                    .max()
                    .unwrap_or(0);
                let mut last = draw_at(&world, theme, scale);
                let mut seen_before = drawn_beside_its_hub(&world);
                for beat in 1..=beats {
                    world
                        .apply(Command::Wait(sokoshot_core::game::WAIT_TICKS))
                        .unwrap();
                    let now = draw_at(&world, theme, scale);
                    let seen = drawn_beside_its_hub(&world);
                    if seen && seen_before && text(&now) == text(&last) {
                        still.push(format!("{name}, {look}, scale {scale}: beat {beat}"));
                    }
                    seen_before = seen;
                    last = now;
                }
            }
        }
    }
    assert!(
        still.is_empty(),
        "the bar stood still on screen: {still:#?}"
    );
}

fn draw_at(world: &World, theme: Theme, scale: u16) -> Buffer {
    let inside = inside_mask(world.level());
    let level = world.level();
    let area = Rect::new(
        0,
        0,
        (level.width * 2) as u16 * scale,
        level.height as u16 * scale,
    );
    let mut buffer = Buffer::empty(area);
    BoardView {
        world,
        inside: &inside,
        theme,
        marked: None,
        scale,
        trace: &[],
    }
    .render(area, &mut buffer);
    buffer
}

/// Whether a bar lies over a cell beside its hub where it is drawn: open floor or a goal
/// with nothing standing on it (over walls, enemies and boxes only the hub shows it).
fn drawn_beside_its_hub(world: &World) -> bool {
    let level = world.level();
    (0..level.height)
        .flat_map(|y| (0..level.width).map(move |x| p(x, y)))
        .any(|pos| {
            world.barred(pos)
                && matches!(level.tile(pos), Tile::Floor | Tile::Goal)
                && pos != world.player()
                && !world.box_at(pos)
                && !world.enemy_at(pos)
        })
}

/// Six beats of a bar turning from along its row, drawn in `--ascii` and without colour side
/// by side: each differs from the one before.
#[test]
fn six_beats_of_a_turning_bar_in_ascii_and_without_colour() {
    let mut lvl = level(ROOM);
    lvl.spinners[0].speed = 30.0;
    let mut world = World::new(&lvl).unwrap();
    let mut shown = String::new();
    for beat in 0..6 {
        let looks = [true, false].map(|ascii| {
            let buffer = draw_at(
                &world,
                Theme {
                    ascii,
                    color: false,
                },
                1,
            );
            text(&buffer)
                .lines()
                .skip(1)
                .take(5)
                .map(|row| row.chars().skip(4).take(10).collect::<String>())
                .collect::<Vec<_>>()
        });
        shown.push_str(&format!("beat {beat}\n"));
        for (ascii, plain) in looks[0].iter().zip(&looks[1]) {
            shown.push_str(&format!("{ascii}   {plain}\n"));
        }
        world
            .apply(Command::Wait(sokoshot_core::game::WAIT_TICKS))
            .unwrap();
    }
    insta::assert_snapshot!("bar_beats_ascii_and_no_color", shown);
}
