//! Bars that push (`Spinner: … pushes`): a box a turning bar turns onto moves one cell the
//! way the bar moves there, if that cell is free; the rule in the game, its undo, its
//! symmetry (what the solver's folded clock rests on), and the format that sets it.

use sokoshot_core::game::{Command, Dir, World, bar_covers, bar_push, spinner_obb};
use sokoshot_core::level::{Level, Pos, parse_pack};

/// A 9×7 room with a hub at (4,3) and the bar's `settings`, `$` boxes at `boxes` with a goal
/// for each in the right-hand column, a box in the bottom-left corner with its goal in the bottom-right one, and the `@`
/// player at `player` (at (1,1) when not given). Nothing of the right-hand column or the
/// corner is within the bar's reach.
fn room(settings: &str, boxes: &[(i32, i32)], player: Option<(i32, i32)>) -> Level {
    let mut rows: Vec<Vec<char>> = [
        "#########",
        "#       #",
        "#       #",
        "#   %   #",
        "#       #",
        "#$     .#",
        "#########",
    ]
    .iter()
    .map(|r| r.chars().collect())
    .collect();
    for (i, &(x, y)) in boxes.iter().enumerate() {
        rows[y as usize][x as usize] = '$';
        // A goal for each box, beyond the bar's reach.
        rows[1 + i][7] = '.';
    }
    let (px, py) = player.unwrap_or((1, 1));
    rows[py as usize][px as usize] = '@';
    let mut text: String = rows
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    text.push_str(&format!("Spinner: 4,3 length=3 {settings}\n"));
    text.parse().expect("the room reads")
}

/// Lets time pass a tick at a time until the first box moves (at most two turns); where it
/// went, if anywhere.
fn first_move(world: &mut World) -> Option<Pos> {
    let before = world.boxes().to_vec();
    for _ in 0..480 {
        world.apply(Command::Wait(1)).expect("a tick passes");
        if world.boxes() != before.as_slice() {
            return world.boxes().iter().copied().find(|b| !before.contains(b));
        }
    }
    None
}

/// Each cell round the hub, the bar turning either way onto it from a quarter turn away:
/// the box moves the way that arm of the bar moves there.
#[test]
fn a_pushing_bar_moves_a_box_it_turns_onto_the_way_it_turns() {
    // (cell's offset from the hub, the way clockwise, the way anticlockwise)
    let cases = [
        ("above", (0, -1), Dir::Right, Dir::Left),
        ("above right", (1, -1), Dir::Right, Dir::Up),
        ("right", (1, 0), Dir::Down, Dir::Up),
        ("below right", (1, 1), Dir::Down, Dir::Right),
        ("below", (0, 1), Dir::Left, Dir::Right),
        ("below left", (-1, 1), Dir::Left, Dir::Down),
        ("left", (-1, 0), Dir::Up, Dir::Down),
        ("above left", (-1, -1), Dir::Up, Dir::Left),
    ];
    for (name, (dx, dy), clockwise, anticlockwise) in cases {
        let at = (4 + dx, 3 + dy);
        let toward = (dy as f32).atan2(dx as f32).to_degrees();
        for (speed, way) in [(90.0, clockwise), (-90.0, anticlockwise)] {
            let start = toward - 90.0 * speed / 90.0;
            let level = room(&format!("speed={speed} angle={start} pushes"), &[at], None);
            let mut world = World::new(&level).expect("plays");
            let moved = first_move(&mut world);
            assert_eq!(
                moved,
                Some(way.step_from(Pos::new(at.0, at.1))),
                "{name}, speed {speed}"
            );
            assert_eq!(
                world.counters().pushes,
                0,
                "{name}: the player pushed nothing"
            );
        }
    }
}

#[test]
fn a_bar_without_pushes_passes_over_a_box() {
    let level = room("speed=90 angle=-90", &[(5, 3)], None);
    let mut world = World::new(&level).expect("plays");
    assert_eq!(first_move(&mut world), None);
}

/// Where the cell beyond holds a box, a wall, an enemy or the player, the box stays and the
/// bar passes over it.
#[test]
fn a_box_with_no_room_beyond_stays_under_the_bar() {
    let cases = [
        ("a box below", vec![(5, 3), (5, 4)], None),
        ("the player below", vec![(5, 3)], Some((5, 4))),
    ];
    for (name, boxes, player) in cases {
        let level = room("speed=90 angle=-90 pushes", &boxes, player);
        let mut world = World::new(&level).expect("plays");
        // A quarter turn: the right arm comes down over (5,3) and (5,4) only.
        world.apply(Command::Wait(60)).expect("time passes");
        assert!(world.box_at(Pos::new(5, 3)), "{name}: the box stayed");
        if player.is_some() {
            assert_eq!(
                world.player(),
                Pos::new(5, 4),
                "{name}: the player is not pushed"
            );
        }
    }
    let level = room("speed=90 angle=-90 pushes", &[], Some((5, 3)));
    let mut world = World::new(&level).expect("plays");
    world.apply(Command::Wait(60)).expect("time passes");
    assert_eq!(
        world.player(),
        Pos::new(5, 3),
        "the bar passes over the player"
    );
}

#[test]
fn undo_puts_back_every_box_the_bar_pushed() {
    let level = room("speed=90 angle=-90 pushes", &[(5, 3), (3, 3)], None);
    let mut world = World::new(&level).expect("plays");
    let before = world.state().clone();
    world.play(Command::Wait(60)).expect("a wait");
    assert_ne!(
        world.boxes(),
        before.boxes.as_slice(),
        "the bar pushed both"
    );
    world.apply(Command::Undo).expect("undo");
    assert_eq!(world.state(), &before);
    world.apply(Command::Redo).expect("redo");
    assert_ne!(world.boxes(), before.boxes.as_slice());
}

/// A bar is the same after half a turn, and so is the way it pushes each cell it covers: the
/// solver folds the clock on that.
#[test]
fn a_bar_pushes_each_cell_the_same_way_after_half_a_turn() {
    let level = room("speed=45 angle=0 pushes", &[], None);
    let spinner = level.spinners[0];
    let period = 240; // half a turn at 45° a second, in ticks
    for tick in 0..period {
        let (now, later) = (
            spinner_obb(&spinner, tick),
            spinner_obb(&spinner, tick + period),
        );
        for dy in -1..=1 {
            for dx in -1..=1 {
                let cell = Pos::new(4 + dx, 3 + dy);
                // Only where the bar covers the cell does the way matter (a cell square
                // across the bar's line is never covered).
                if (dx, dy) != (0, 0) && bar_covers(&now, cell) {
                    assert!(bar_covers(&later, cell), "tick {tick}, cell {cell:?}");
                    assert_eq!(
                        bar_push(&spinner, &now, cell),
                        bar_push(&spinner, &later, cell),
                        "tick {tick}, cell {cell:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn pushes_is_read_printed_back_and_checked() {
    let level = room("speed=45 angle=10 pushes", &[], None);
    assert!(level.spinners[0].pushes);
    assert!(level.bars_push());
    let again: Level = level.to_string().parse().expect("reads back");
    assert_eq!(again, level);
    let plain = room("speed=45", &[], None);
    assert!(!plain.spinners[0].pushes && !plain.bars_push());
    let cases = [
        ("a bar that stands still", "speed=0 pushes", "stands still"),
        ("twice", "pushes pushes", "twice"),
        ("with a value", "pushes=1", "pushes"),
    ];
    for (name, settings, says) in cases {
        let text = format!("#######\n#@$ .%#\n#######\nSpinner: 5,1 {settings}\n");
        let report = parse_pack(&text);
        let found = report.diagnostics();
        assert_eq!(found.len(), 1, "{name}: {found:?}");
        let d = found[0];
        assert_eq!(
            (d.line, d.col),
            (4, 10),
            "{name}: at the value of the Spinner: line"
        );
        assert!(d.error.to_string().contains(says), "{name}: {}", d.error);
    }
}
