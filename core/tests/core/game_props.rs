//! Property tests over random boards and random command sequences: no shot ever ends a tick
//! inside a solid, undo gives back exactly the world before any command, and the same input
//! gives the same world.

use crate::game_support as support;

use proptest::prelude::*;
use sokoshot_core::game::{Command, Dir, SHOT_RADIUS, State, World, cell_aabb, slope_triangle};
use sokoshot_core::geom::{Disk, Intersects};
use sokoshot_core::level::{Level, Pos, Tile};

/// One input: a command, or some ticks of real time passing.
#[derive(Debug, Clone, Copy)]
enum Input {
    Apply(Command),
    Ticks(u8),
}

fn dir() -> impl Strategy<Value = Dir> {
    prop_oneof![
        Just(Dir::Left),
        Just(Dir::Up),
        Just(Dir::Right),
        Just(Dir::Down)
    ]
}

fn input() -> impl Strategy<Value = Input> {
    prop_oneof![
        4 => dir().prop_map(|d| Input::Apply(Command::Step(d))),
        1 => dir().prop_map(|d| Input::Apply(Command::Run(d))),
        3 => Just(Input::Apply(Command::Fire)),
        1 => (0u32..20).prop_map(|n| Input::Apply(Command::Wait(n))),
        1 => Just(Input::Apply(Command::Undo)),
        1 => Just(Input::Apply(Command::Redo)),
        1 => Just(Input::Apply(Command::Restart)),
        3 => (1u8..25).prop_map(Input::Ticks),
    ]
}

/// A walled board of random cells with the player on a floor cell; spinners get random
/// settings (some fixed, some fast, some long).
fn board() -> impl Strategy<Value = Level> {
    let cell = prop_oneof![
        8 => Just(' '),
        2 => Just('#'),
        2 => Just('$'),
        1 => Just('.'),
        2 => Just('E'),
        1 => Just('F'),
        1 => Just('7'),
        1 => Just('L'),
        1 => Just('J'),
        1 => Just('%'),
    ];
    let spinner = (0.5f32..5.0, -400.0f32..400.0, 0.0f32..360.0, 0u8..4);
    (3usize..10, 3usize..8)
        .prop_flat_map(move |(w, h)| {
            (
                proptest::collection::vec(cell.clone(), w * h),
                0..w * h,
                proptest::collection::vec(spinner.clone(), 8),
                Just((w, h)),
            )
        })
        .prop_map(|(mut cells, player, spinners, (w, _))| {
            cells[player] = '@';
            let mut rows = vec!["#".repeat(w + 2)];
            for row in cells.chunks(w) {
                rows.push(format!("#{}#", row.iter().collect::<String>()));
            }
            rows.push("#".repeat(w + 2));
            let mut level = support::level(&rows.join("\n"));
            for (s, &(length, speed, angle, fixed)) in level.spinners.iter_mut().zip(&spinners) {
                s.length = length;
                s.speed = if fixed == 0 { 0.0 } else { speed };
                s.angle = angle;
            }
            level
        })
}

/// Checks, without the game's own code, that no shot overlaps a solid by more than a hair.
fn assert_no_shot_in_a_solid(w: &World) -> Result<(), TestCaseError> {
    let level = w.level();
    for shot in w.shots() {
        let inner = Disk::new(shot.pos, SHOT_RADIUS - 1e-3);
        prop_assert!(
            level.contains(Pos::new(
                shot.pos.x.floor() as i32,
                shot.pos.y.floor() as i32
            )),
            "shot left the board: {shot:?}"
        );
        for y in 0..level.height {
            for x in 0..level.width {
                let pos = Pos::new(x, y);
                let inside = match level.tile(pos) {
                    Tile::Wall => inner.intersects(&cell_aabb(pos)),
                    Tile::Slope(s) => inner.intersects(&slope_triangle(pos, s)),
                    Tile::Floor | Tile::Goal | Tile::Hub => false,
                };
                prop_assert!(!inside, "{shot:?} inside the tile at {pos:?}");
            }
        }
        for &pos in w.boxes().iter().chain(w.enemies()) {
            prop_assert!(
                !inner.intersects(&cell_aabb(pos)),
                "{shot:?} inside the box or enemy at {pos:?}"
            );
        }
        for bar in w.spinner_bars() {
            prop_assert!(!inner.intersects(bar), "{shot:?} inside {bar:?}");
        }
    }
    Ok(())
}

fn run(level: &Level, inputs: &[Input]) -> World {
    let mut w = World::new(level).expect("generated level is valid");
    for &input in inputs {
        match input {
            Input::Apply(c) => {
                let _ = w.apply(c);
            }
            Input::Ticks(n) => (0..n).for_each(|_| w.tick()),
        }
    }
    w
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn after_any_tick_no_shot_is_inside_a_solid(
        level in board(),
        inputs in proptest::collection::vec(input(), 1..60),
    ) {
        let mut w = World::new(&level).unwrap();
        for input in inputs {
            match input {
                Input::Apply(c) => { let _ = w.apply(c); }
                Input::Ticks(n) => for _ in 0..n {
                    w.tick();
                    assert_no_shot_in_a_solid(&w)?;
                },
            }
        }
    }

    #[test]
    fn no_shot_is_left_inside_a_turning_bar(
        length in 1.0f32..7.0,
        speed in prop_oneof![-720.0f32..-200.0, 200.0f32..720.0],
        angle in 0.0f32..360.0,
        player in 0usize..20,
        inputs in proptest::collection::vec(input(), 1..80),
    ) {
        let mut cells = vec![' '; 81];
        cells[40] = '%';
        // The player stands somewhere on the rim of the open 9×9 room.
        let rim: Vec<usize> = (0..81).filter(|i| i % 9 == 0 || i / 9 == 0).collect();
        cells[rim[player % rim.len()]] = '@';
        let rows: Vec<String> = cells.chunks(9).map(|r| r.iter().collect()).collect();
        let mut level = support::level(&rows.join("\n"));
        level.spinners[0].length = length;
        level.spinners[0].speed = speed;
        level.spinners[0].angle = angle;
        let mut w = World::new(&level).unwrap();
        for input in inputs {
            match input {
                Input::Apply(c) => { let _ = w.apply(c); }
                Input::Ticks(n) => for _ in 0..n {
                    w.tick();
                    assert_no_shot_in_a_solid(&w)?;
                },
            }
        }
    }

    #[test]
    fn undo_after_any_command_gives_back_the_world_before_it(
        level in board(),
        inputs in proptest::collection::vec(input(), 1..60),
    ) {
        let mut w = World::new(&level).unwrap();
        for input in inputs {
            match input {
                Input::Ticks(n) => (0..n).for_each(|_| w.tick()),
                Input::Apply(c) => {
                    let before = w.clone();
                    if w.apply(c).is_err() {
                        prop_assert_eq!(w.state(), before.state(), "an error changed the world");
                        continue;
                    }
                    let after = w.clone();
                    match c {
                        Command::Undo => {
                            w.apply(Command::Redo).unwrap();
                        }
                        _ => {
                            w.apply(Command::Undo).unwrap();
                        }
                    }
                    prop_assert_eq!(w.state(), before.state(), "undo/redo of {:?}", c);
                    w = after;
                }
            }
        }
    }

    /// Undo keeps only what a command changed; over long runs of commands, undos and redos
    /// between ticks it must give back exactly what whole copies of the state would, with
    /// every cell's occupant in step.
    #[test]
    fn undo_history_matches_whole_state_copies(
        level in board(),
        inputs in proptest::collection::vec(input(), 1..120),
    ) {
        let mut w = World::new(&level).unwrap();
        let mut undo: Vec<State> = Vec::new();
        let mut redo: Vec<State> = Vec::new();
        for input in inputs {
            match input {
                Input::Ticks(n) => (0..n).for_each(|_| w.tick()),
                Input::Apply(c) => {
                    let before = w.state().clone();
                    match (c, w.apply(c)) {
                        (_, Err(_)) => prop_assert_eq!(w.state(), &before),
                        (Command::Undo, Ok(_)) => {
                            prop_assert_eq!(Some(w.state()), undo.last());
                            undo.pop();
                            redo.push(before);
                        }
                        (Command::Redo, Ok(_)) => {
                            prop_assert_eq!(Some(w.state()), redo.last());
                            redo.pop();
                            undo.push(before);
                        }
                        (_, Ok(_)) => {
                            undo.push(before);
                            redo.clear();
                        }
                    }
                    prop_assert_eq!(w.can_undo(), !undo.is_empty());
                    prop_assert_eq!(w.can_redo(), !redo.is_empty());
                }
            }
            for y in 0..level.height {
                for x in 0..level.width {
                    let pos = Pos::new(x, y);
                    prop_assert_eq!(w.box_at(pos), w.boxes().contains(&pos), "box at {:?}", pos);
                    prop_assert_eq!(w.enemy_at(pos), w.enemies().contains(&pos), "enemy at {:?}", pos);
                }
            }
        }
    }

    #[test]
    fn the_same_input_twice_gives_the_same_world(
        level in board(),
        inputs in proptest::collection::vec(input(), 1..60),
    ) {
        let a = run(&level, &inputs);
        let b = run(&level, &inputs);
        prop_assert_eq!(a.state(), b.state());
        prop_assert_eq!(a.spinner_bars(), b.spinner_bars());
    }

    #[test]
    fn sokoban_invariants_hold(
        level in board(),
        inputs in proptest::collection::vec(input(), 1..60),
    ) {
        let mut w = World::new(&level).unwrap();
        let box_count = level.boxes.len();
        for input in inputs {
            let enemies_before = w.enemies().len();
            let counters_before = w.counters();
            match input {
                Input::Ticks(n) => (0..n).for_each(|_| w.tick()),
                Input::Apply(c) => { let _ = w.apply(c); }
            }
            prop_assert_eq!(w.boxes().len(), box_count);
            let mut taken: Vec<Pos> = w.boxes().iter().chain(w.enemies()).copied().collect();
            taken.push(w.player());
            let n = taken.len();
            taken.sort_unstable();
            taken.dedup();
            prop_assert_eq!(taken.len(), n, "two things on one cell");
            prop_assert!(matches!(level.tile(w.player()), Tile::Floor | Tile::Goal));
            for &b in w.boxes() {
                prop_assert!(matches!(level.tile(b), Tile::Floor | Tile::Goal));
            }
            if let Input::Ticks(_) = input {
                prop_assert!(w.enemies().len() <= enemies_before, "ticks never bring enemies back");
                prop_assert_eq!(w.counters(), counters_before, "ticks are not moves");
            }
        }
    }
}

#[test]
fn a_shot_centre_stays_on_the_board_even_with_an_open_edge() {
    // No walls round this board: off the board counts as wall.
    let mut w = World::new(&support::level("@  E\n    ")).unwrap();
    let _ = w.apply(Command::Step(Dir::Left));
    w.apply(Command::Fire).unwrap();
    for _ in 0..10 {
        w.tick();
    }
    assert!(w.shots().is_empty());
}
