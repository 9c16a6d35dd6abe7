//! One-tick carries: named cases, then shots at up to 100 cells per tick against walls 0.01
//! thick (never ending inside them or beyond them), and long bouncing flights in a closed room.

use super::support::{Rng, aabb_poly, dv, gap_disk_poly, obb_poly};
use sokoshot_core::geom::*;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// A 45° slope: right angle at (3, 3), long side from (3, 0) to (0, 3) facing up-left.
fn slope() -> Triangle {
    Triangle::new(v(3.0, 0.0), v(3.0, 3.0), v(0.0, 3.0))
}

/// A thin vertical wall at x in [5, 5.01].
fn wall() -> Aabb {
    Aabb::new(v(5.0, -10.0), v(5.01, 10.0))
}

#[test]
fn carry_table() {
    let shot = Disk::new(v(0.5, 1.0), 0.1);
    // name, obstacles, start, delta, max bounces, want (stopped_by, bounces, end centre, end delta)
    type Want = (Option<usize>, u32, Vec2, Vec2);
    type Case = (&'static str, Vec<Obstacle>, Disk, Vec2, u32, Want);
    let cases: [Case; 9] = [
        (
            "nothing in the way",
            vec![],
            shot,
            v(3.0, 0.0),
            4,
            (None, 0, v(3.5, 1.0), v(3.0, 0.0)),
        ),
        (
            "stops at a wall",
            vec![Obstacle::stop(wall())],
            shot,
            v(100.0, 0.0),
            4,
            (Some(0), 0, v(4.9 - CONTACT_GAP, 1.0), v(100.0, 0.0)),
        ),
        (
            "the nearer of two walls, whatever the order",
            vec![
                Obstacle::stop(wall().translated(v(2.0, 0.0))),
                Obstacle::stop(wall()),
            ],
            shot,
            v(100.0, 0.0),
            4,
            (Some(1), 0, v(4.9 - CONTACT_GAP, 1.0), v(100.0, 0.0)),
        ),
        (
            "a tie goes to the lower index",
            vec![Obstacle::stop(wall()), Obstacle::stop(wall())],
            shot,
            v(100.0, 0.0),
            4,
            (Some(0), 0, v(4.9 - CONTACT_GAP, 1.0), v(100.0, 0.0)),
        ),
        (
            "bounces off a slope, then flies on",
            vec![Obstacle::reflect(slope())],
            Disk::new(v(-2.0, 1.0), 0.0),
            v(5.0, 0.0),
            4,
            (None, 1, v(2.0, 0.0), v(0.0, -5.0)),
        ),
        (
            "bounces off a slope into a wall above",
            vec![
                Obstacle::reflect(slope()),
                Obstacle::stop(Aabb::new(v(0.0, -1.0), v(4.0, 0.5))),
            ],
            Disk::new(v(-2.0, 1.0), 0.0),
            v(5.0, 0.0),
            4,
            (Some(1), 1, v(2.0, 0.5), v(0.0, -5.0)),
        ),
        (
            "no bounces left: ends touching the slope, motion unchanged",
            vec![Obstacle::reflect(slope())],
            Disk::new(v(-2.0, 1.0), 0.0),
            v(5.0, 0.0),
            0,
            (None, 0, v(2.0, 1.0), v(5.0, 0.0)),
        ),
        (
            "starts inside a stop obstacle: stopped at once",
            vec![Obstacle::stop(wall())],
            Disk::new(v(5.0, 0.0), 0.1),
            v(-3.0, 0.0),
            4,
            (Some(0), 0, v(5.0, 0.0), v(-3.0, 0.0)),
        ),
        (
            "leaving a bounce surface it touches: not caught",
            vec![Obstacle::reflect(slope())],
            Disk::new(v(1.5 - 0.05, 1.5 - 0.05), 0.1),
            v(-3.0, -3.0),
            4,
            (None, 0, v(-1.55, -1.55), v(-3.0, -3.0)),
        ),
    ];
    for (name, obstacles, disk, delta, max_bounces, (stopped_by, bounces, end, end_delta)) in cases
    {
        let f = carry_disk(disk, delta, &obstacles, max_bounces);
        assert_eq!(f.stopped_by, stopped_by, "{name}: {f:?}");
        assert_eq!(f.bounces, bounces, "{name}: {f:?}");
        assert!(f.disk.center.abs_diff_eq(end, 2e-4), "{name}: {f:?}");
        assert!(f.delta.abs_diff_eq(end_delta, 1e-4), "{name}: {f:?}");
        assert_eq!(f.disk.radius, disk.radius, "{name}");
    }
}

#[test]
fn carry_handles_degenerate_input() {
    let obstacles = [Obstacle::stop(wall()), Obstacle::reflect(slope())];
    // Standing still: nothing happens unless it already overlaps a stop obstacle.
    let f = carry_disk(Disk::new(v(0.0, -5.0), 0.5), Vec2::ZERO, &obstacles, 4);
    assert_eq!(
        (f.stopped_by, f.bounces, f.disk.center),
        (None, 0, v(0.0, -5.0))
    );
    // NaN goes in and comes out, without a panic.
    let f = carry_disk(Disk::new(v(f32::NAN, 0.0), 0.5), v(1.0, 0.0), &obstacles, 4);
    assert!(f.disk.center.is_nan() && f.stopped_by.is_none());
    let f = carry_disk(Disk::new(v(0.0, 0.0), 0.5), v(f32::NAN, 1.0), &obstacles, 4);
    assert!(f.disk.center.is_nan());
    // A NaN obstacle is never hit.
    let ghost = [Obstacle::stop(Aabb::new(v(f32::NAN, 0.0), v(1.0, 1.0)))];
    let f = carry_disk(Disk::new(v(-2.0, 0.5), 0.1), v(4.0, 0.0), &ghost, 4);
    assert_eq!((f.stopped_by, f.disk.center), (None, v(2.0, 0.5)));
}

/// Which side of the wall's plane (through `point` with unit `normal`) a disk's centre is on.
fn side(c: Vec2, point: Vec2, normal: Vec2) -> f32 {
    (c - point).dot(normal)
}

/// Shots at up to 100 cells per tick at walls 0.01 thick, turned any way: a stop wall stops
/// them before it, a bounce wall sends them back, and none ever ends inside or beyond it.
#[test]
fn fast_shots_never_tunnel_through_thin_walls() {
    let mut rng = Rng(2024);
    let mut stopped = 0;
    for i in 0..20_000 {
        let centre = rng.point(20.0);
        let angle = rng.angle(true);
        let wall = Obb::new(centre, v(0.01, rng.range(1.0, 6.0)), angle);
        let [normal, along] = wall.axes();
        let r = rng.range(0.0, 0.5);
        // Start on the wall's −x side, aim at a point on its face, and fly up to 100 cells.
        let gap = rng.range(0.0, 10.0);
        let start = centre - normal * (0.005 + r + gap + 1e-3) + along * rng.range(-2.0, 2.0);
        let aim = centre + along * rng.range(-0.9, 0.9) * wall.half_size.y;
        let speed = rng.range((aim - start).length() + 0.5, 100.0);
        let delta = (aim - start).normalize() * speed;
        let disk = Disk::new(start, r);
        let response = if i % 2 == 0 {
            Response::Stop
        } else {
            Response::Reflect
        };
        let shape = if i % 4 < 2 {
            Shape::Obb(wall)
        } else {
            // The same wall as a triangle pair's thin half: a sliver triangle along the face.
            let [a, b, c, _] = wall.corners();
            Shape::Triangle(Triangle::new(a, b, c))
        };
        let obstacles = [Obstacle { shape, response }];
        let f = carry_disk(disk, delta, &obstacles, 3);
        let poly = match shape {
            Shape::Obb(o) => obb_poly(&o),
            Shape::Triangle(t) => super::support::tri_poly(&t),
            _ => unreachable!(),
        };
        assert!(
            gap_disk_poly(&f.disk, &poly) > 0.0,
            "ends inside: {disk:?} {delta} {shape:?} {f:?}"
        );
        assert!(
            !f.disk.intersects(&wall) || matches!(shape, Shape::Triangle(_)),
            "{f:?}"
        );
        let far_face = centre + normal * 0.005;
        assert!(
            side(f.disk.center, far_face, normal) < 0.0,
            "ends beyond: {disk:?} {delta} {shape:?} {f:?}"
        );
        if response == Response::Stop {
            assert_eq!(f.stopped_by, Some(0), "{disk:?} {delta} {shape:?} {f:?}");
            stopped += 1;
        } else {
            assert!(f.bounces >= 1, "{disk:?} {delta} {shape:?} {f:?}");
            assert!((f.delta.length() - speed).abs() <= 1e-5 * speed, "{f:?}");
        }
    }
    assert_eq!(stopped, 10_000);
}

/// A disk bouncing for 200 ticks at up to 100 cells per tick inside a room of four walls
/// 0.01 thick never leaves it, and keeps its speed.
#[test]
fn long_flights_stay_in_a_closed_room() {
    let mut rng = Rng(9);
    let room = [
        Aabb::new(v(-0.01, -0.01), v(10.01, 0.0)),
        Aabb::new(v(-0.01, 10.0), v(10.01, 10.01)),
        Aabb::new(v(-0.01, -0.01), v(0.0, 10.01)),
        Aabb::new(v(10.0, -0.01), v(10.01, 10.01)),
    ];
    // A slope in one corner and a turned bar in the middle, to mix the normals.
    let mut obstacles: Vec<Obstacle> = room.iter().map(|&w| Obstacle::reflect(w)).collect();
    obstacles.push(Obstacle::reflect(Triangle::new(
        v(10.0, 7.0),
        v(10.0, 10.0),
        v(7.0, 10.0),
    )));
    obstacles.push(Obstacle::reflect(Obb::new(v(5.0, 5.0), v(3.0, 0.01), 0.6)));
    for _ in 0..50 {
        let r = rng.range(0.0, 0.3);
        let mut disk = Disk::new(v(rng.range(1.0, 3.0), rng.range(1.0, 3.0)), r);
        let speed = rng.range(1.0, 100.0);
        let mut delta = rng.direction() * speed;
        for tick in 0..200 {
            let f = carry_disk(disk, delta, &obstacles, 16);
            disk = f.disk;
            delta = f.delta;
            let c = disk.center;
            assert!(
                (0.0..=10.0).contains(&c.x) && (0.0..=10.0).contains(&c.y),
                "left at tick {tick}: {f:?}"
            );
            for w in &room {
                assert!(
                    gap_disk_poly(&disk, &aabb_poly(w)) > 0.0,
                    "inside a wall at tick {tick}: {f:?}"
                );
            }
            assert!(
                (delta.length() - speed).abs() <= 1e-4 * speed,
                "speed changed: {f:?}"
            );
        }
        let _ = dv(disk.center);
    }
}

#[test]
fn earliest_hit_names_what_carry_disk_meets_first() {
    let shot = Disk::new(v(0.5, 1.0), 0.1);
    let near = Aabb::new(v(2.0, -1.0), v(2.5, 3.0));
    let obstacles = [Obstacle::stop(wall()), Obstacle::stop(near)];
    let (index, hit) = earliest_hit(&shot, v(10.0, 0.0), &obstacles).expect("a hit");
    assert_eq!(index, 1, "the nearer wall comes first");
    assert!((hit.toi - 0.14).abs() < 1e-5, "{hit:?}");
    let flight = carry_disk(shot, v(10.0, 0.0), &obstacles, 4);
    assert_eq!(flight.stopped_by, Some(index));
    // A bounce surface the disk is moving away from is not a hit.
    let leaving = [Obstacle::reflect(Aabb::new(v(0.0, 0.0), v(0.45, 2.0)))];
    assert_eq!(earliest_hit(&shot, v(1.0, 0.0), &leaving), None);
    assert_eq!(earliest_hit(&shot, v(1.0, 0.0), &[]), None);
}
