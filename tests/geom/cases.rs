//! Named cases for every pair, including the seeds' worked examples.

use sokoshot::geom::*;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// Seed 000, figure 6: the disks at (±5, ±4) all fold onto (5, 4); the nearest corner of the
/// 8 × 4 box is (4, 2), √5 away.
#[test]
fn seed_000_quadrant_fold_examples() {
    let b = Aabb::from_center_size(Vec2::ZERO, v(8.0, 4.0));
    for c in [v(5.0, 4.0), v(-5.0, 4.0), v(-5.0, -4.0), v(5.0, -4.0)] {
        assert!(Disk::new(c, 2.24).intersects(&b), "{c}");
        assert!(!Disk::new(c, 2.23).intersects(&b), "{c}");
        let contact = contact_disk_aabb(&Disk::new(c, 0.0), &b);
        assert!((contact.distance - 5f32.sqrt()).abs() < 1e-6, "{c}");
        assert_eq!(contact.point, v(4.0f32.copysign(c.x), 2.0f32.copysign(c.y)));
    }
}

#[test]
fn seed_001_region_table() {
    // The seed's Code1 triangle (scaled by 2), clockwise with y up.
    let t = Triangle::new(Vec2::ZERO, v(1.6, 3.6), v(4.8, 0.0));
    assert_eq!(triangle_region(&t, v(2.0, 1.0)), 7);
    assert_eq!(region_edges(7), &[] as &[usize]);
    assert_eq!(triangle_region(&t, v(2.4, -1.0)), 6);
    assert_eq!(region_edges(6), &[2]);
    assert!(!Disk::new(v(-4.0, 0.0), 1.0).intersects(&t));
    assert!(Disk::new(v(2.4, -1.0), 1.0).intersects(&t));
}

#[test]
fn carry_stops_at_a_wall() {
    let wall = Obstacle::stop(Aabb::new(v(5.0, 0.0), v(5.01, 10.0)));
    let f = carry_disk(Disk::new(v(0.5, 5.0), 0.1), v(100.0, 0.0), &[wall], 4);
    assert_eq!(f.stopped_by, Some(0));
    assert!((f.disk.center.x - 4.9).abs() < 1e-3, "{f:?}");
}
