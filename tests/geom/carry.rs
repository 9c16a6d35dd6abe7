//! One-tick carries through stop and bounce obstacles.

use sokoshot::geom::*;

#[test]
fn carry_bounces_off_a_slope_keeping_speed() {
    // A 45° slope's long side facing up-left; the disk comes from the left along +x.
    let slope = Obstacle::reflect(Triangle::new(
        Vec2::new(3.0, 0.0),
        Vec2::new(3.0, 3.0),
        Vec2::new(0.0, 3.0),
    ));
    let f = carry_disk(
        Disk::new(Vec2::new(-2.0, 1.0), 0.1),
        Vec2::new(4.0, 0.0),
        &[slope],
        4,
    );
    assert_eq!(f.bounces, 1);
    assert!((f.delta.length() - 4.0).abs() < 1e-5);
    assert!(f.delta.y < -3.9, "{f:?}");
    assert!(!f.disk.intersects(&Triangle::new(
        Vec2::new(3.0, 0.0),
        Vec2::new(3.0, 3.0),
        Vec2::new(0.0, 3.0),
    )));
}
