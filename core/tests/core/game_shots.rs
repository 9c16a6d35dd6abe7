//! Shots: bank shots off slopes and bars, what stops them, and how long they live.

use crate::game_support as support;

use sokoshot_core::game::{
    Command, Dir, SHOT_LIFETIME, SHOT_RADIUS, SHOT_SPEED, TICKS_PER_SECOND, World,
};
use sokoshot_core::geom::Vec2;
use sokoshot_core::level::{Level, Pos};
use support::level;

/// Fires after the given steps (turns included) and runs until no shot is left, returning the
/// world and how many ticks that took.
fn fire_and_settle(level: &Level, aim: &[Dir]) -> (World, u32) {
    let mut w = World::new(level).expect("valid test level");
    for &dir in aim {
        // A turn against a wall is Ok, a repeat is Err; both leave the aim right.
        let _ = w.apply(Command::Step(dir));
    }
    w.apply(Command::Fire).expect("fire");
    let mut ticks = 0;
    while w.has_shots_in_flight() && ticks <= SHOT_LIFETIME {
        w.tick();
        ticks += 1;
    }
    (w, ticks)
}

/// A bank-shot case: a board, how the player aims before firing, and which enemies remain.
struct Case {
    name: &'static str,
    board: &'static str,
    aim: &'static [Dir],
    enemies_left: &'static [(i32, i32)],
}

const CASES: &[Case] = &[
    Case {
        name: "fired up into an F slope, the shot turns right and hits the enemy round the corner",
        board: "\
#######
#F  E #
#     #
#@    #
#######",
        aim: &[],
        enemies_left: &[],
    },
    Case {
        name: "two slopes send the shot round two corners",
        board: "\
########
#F   7 #
#     ##
#@   E #
########",
        aim: &[],
        enemies_left: &[],
    },
    Case {
        name: "a J slope fired into from the left sends the shot up",
        board: "\
#######
#   E #
#     #
#@  J #
#######",
        aim: &[Dir::Right],
        enemies_left: &[],
    },
    Case {
        name: "a shot into a wall vanishes and the enemy stays",
        board: "\
#######
#  #E #
#     #
#  @  #
#######",
        aim: &[],
        enemies_left: &[(4, 1)],
    },
    Case {
        name: "a shot into a box vanishes and the enemy stays",
        board: "\
#######
#  E  #
#  $  #
#  @  #
#######",
        aim: &[],
        enemies_left: &[(3, 1)],
    },
    Case {
        name: "a slope's back (an axis-aligned leg) stops the shot like a wall",
        board: "\
#######
#  E  #
#  7  #
#  @  #
#######",
        aim: &[],
        enemies_left: &[(3, 1)],
    },
    Case {
        name: "a shot hits the first enemy only",
        board: "\
#######
#@ EE #
#######",
        aim: &[Dir::Right],
        enemies_left: &[(4, 1)],
    },
    Case {
        name: "a shot fired sideways past an enemy's corner misses nothing it should not",
        board: "\
#######
#    E#
#@    #
#######",
        aim: &[Dir::Right],
        enemies_left: &[(5, 1)],
    },
];

#[test]
fn bank_shots() {
    for case in CASES {
        let (w, ticks) = fire_and_settle(&level(case.board), case.aim);
        let left: Vec<Pos> = case
            .enemies_left
            .iter()
            .map(|&(x, y)| Pos::new(x, y))
            .collect();
        assert_eq!(w.enemies(), left.as_slice(), "{}", case.name);
        assert!(
            ticks < SHOT_LIFETIME,
            "{}: the shot ended by hitting",
            case.name
        );
        assert_eq!(w.counters().shots, 1, "{}", case.name);
    }
}

#[test]
fn a_shot_flies_twelve_cells_a_second_and_bounces_at_full_speed() {
    let mut w = World::new(&level(
        "#########\n#F      #\n#       #\n#@      #\n#########",
    ))
    .unwrap();
    w.apply(Command::Fire).unwrap();
    let per_tick = SHOT_SPEED / TICKS_PER_SECOND as f32;
    w.tick();
    let shot = w.shots()[0];
    assert_eq!(shot.pos, Vec2::new(1.5, 3.5 - per_tick));
    for _ in 0..20 {
        w.tick();
        let v = w.shots()[0].velocity;
        assert!((v.length() - per_tick).abs() < 1e-5, "speed kept: {v}");
    }
    let shot = w.shots()[0];
    assert_eq!(shot.bounces, 1);
    assert!(
        shot.velocity.x > 0.0 && shot.velocity.y.abs() < 1e-5,
        "{shot:?}"
    );
    // The disk touches the long side a radius before its centre would: it leaves the corner
    // along y = 1.5 + r·√2, still well inside the row.
    let row = 1.5 + SHOT_RADIUS * std::f32::consts::SQRT_2;
    assert!(
        (shot.pos.y - row).abs() < 1e-4,
        "leaves along the row: {shot:?}"
    );
}

#[test]
fn a_fixed_bar_reflects_a_shot() {
    // A bar at 45° (down-right on screen) sends a shot flying right down the column.
    let mut level = level("#########\n#       #\n#@   %  #\n#       #\n#     E #\n#########");
    level.spinners[0].speed = 0.0;
    level.spinners[0].angle = 45.0;
    level.spinners[0].length = 1.0;
    level.enemies = vec![Pos::new(5, 4)];
    let (w, ticks) = fire_and_settle(&level, &[Dir::Right]);
    assert!(w.enemies().is_empty(), "enemy below the hub is hit");
    assert!(ticks < 60);

    let mut level = level.clone();
    level.spinners[0].angle = -45.0;
    let (w, _) = fire_and_settle(&level, &[Dir::Right]);
    assert_eq!(
        w.enemies(),
        &[Pos::new(5, 4)],
        "an up-right bar sends it up instead"
    );
}

#[test]
fn every_shot_ends_within_its_lifetime() {
    // A closed loop of four slopes: the shot goes round and round until it fades.
    let board = "\
#######
#F   7#
#     #
#@    #
#L   J#
#######";
    let mut w = World::new(&level(board)).unwrap();
    w.apply(Command::Fire).unwrap();
    for _ in 0..120 {
        w.tick();
    }
    assert!(
        w.has_shots_in_flight(),
        "still going round after two seconds"
    );
    assert!(w.shots()[0].bounces >= 4);
    for _ in 120..=SHOT_LIFETIME {
        w.tick();
    }
    assert!(
        !w.has_shots_in_flight(),
        "gone by its lifetime or bounce limit"
    );
}

#[test]
fn a_box_pushed_onto_a_shot_absorbs_it() {
    let board = "\
########
#@     #
#    $ #
#      #
########";
    let mut w = World::new(&level(board)).unwrap();
    w.apply(Command::Step(Dir::Right)).unwrap();
    w.apply(Command::Fire).unwrap();
    for dir in [Dir::Down, Dir::Down, Dir::Right, Dir::Right, Dir::Right] {
        w.apply(Command::Step(dir)).unwrap();
    }
    for _ in 0..15 {
        w.tick();
    }
    assert_eq!(
        w.shots()[0].pos.floor(),
        Vec2::new(5.0, 1.0),
        "the shot is over (5, 1)"
    );
    w.apply(Command::Step(Dir::Up)).unwrap();
    assert_eq!(w.boxes(), &[Pos::new(5, 1)]);
    assert!(w.shots().is_empty());
}

#[test]
fn a_turning_bar_bats_a_shot_out_instead_of_swallowing_it() {
    // A long bar turning fast sweeps over a shot flying beside it.
    let mut level =
        level("###########\n#         #\n#    %    #\n#         #\n#@        #\n###########");
    level.spinners[0].speed = 360.0;
    level.spinners[0].length = 5.0;
    let mut w = World::new(&level).unwrap();
    w.apply(Command::Step(Dir::Right)).unwrap();
    w.apply(Command::Fire).unwrap();
    for _ in 0..120 {
        w.tick();
        for shot in w.shots() {
            for bar in w.spinner_bars() {
                let inner = sokoshot_core::geom::Disk::new(shot.pos, SHOT_RADIUS * 0.99);
                assert!(
                    !sokoshot_core::geom::Intersects::intersects(&inner, bar),
                    "{shot:?} inside {bar:?}"
                );
            }
        }
    }
}
