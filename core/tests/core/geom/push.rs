//! The push-out of two axis-aligned boxes (noonat's `Hit`) against parry2d's `contact` for
//! two cuboids on 20,000 random and adversarial cases: the same cases overlap, the depth is
//! parry's penetration within 1e-4 (relative to the boxes' size), the normal parry's where
//! one axis clearly needs the shorter move, and the contact point lies on `a`'s face, within
//! both boxes along it. Cases within a few roundings of touching are skipped, as in `parry.rs`.

use super::support::{Rng, aabb_scale, band, gap_aabbs};
use parry2d::math::{Pose, Vec2 as PVec2};
use parry2d::query::contact;
use parry2d::shape::Cuboid;
use sokoshot_core::geom::{Aabb, Intersects, Vec2, push_out_aabb_aabb};

/// Random cases, and as many adversarial ones.
const CASES: u32 = 10_000;

/// How closely the depth and the normal must agree with parry2d, per unit of the boxes' size.
const AGREE: f32 = 1e-4;

fn cuboid(b: &Aabb) -> (Pose, Cuboid) {
    let c = b.center();
    let h = b.half_size();
    (
        Pose::from_translation(PVec2::new(c.x, c.y)),
        Cuboid::new(PVec2::new(h.x, h.y)),
    )
}

#[test]
fn aabb_push_out_agrees_with_parry_contacts() {
    let mut rng = Rng(11);
    let (mut compared, mut apart, mut skipped) = (0, 0, 0);
    for i in 0..2 * CASES {
        let adv = i >= CASES;
        let o = rng.offset(adv);
        let a = Aabb::from_center_size(o + rng.point(1.0), rng.size(adv));
        let sb = rng.size(adv);
        let reach = a.half_size().max_element() + sb.max_element() * 0.5;
        let b = Aabb::from_center_size(rng.near(a.center(), reach), sb);
        let ours = push_out_aabb_aabb(&a, &b);
        let what = format!("{a:?} {b:?}");
        assert_eq!(ours.is_some(), a.intersects(&b), "{what}: one test decides");
        let scale = aabb_scale(&a).max(aabb_scale(&b));
        if gap_aabbs(&a, &b).abs() <= band(scale) {
            skipped += 1;
            continue;
        }
        let ((pa, ca), (pb, cb)) = (cuboid(&a), cuboid(&b));
        let theirs = contact(&pa, &ca, &pb, &cb, 0.0).expect("cuboids are supported");
        let Some(push) = ours else {
            assert!(theirs.is_none(), "{what}: parry sees a contact");
            apart += 1;
            continue;
        };
        let theirs = theirs.unwrap_or_else(|| panic!("{what}: parry sees none"));
        let tolerance = AGREE * scale.max(1.0);
        assert!(
            (push.depth + theirs.dist).abs() <= tolerance,
            "{what}: depth {} vs parry {}",
            push.depth,
            -theirs.dist
        );
        assert_eq!(push.delta, push.normal * push.depth, "{what}");
        // Which axis is shorter is only clear when the two moves differ by more than rounding.
        let other = other_axis_depth(&a, &b, push.normal);
        if other - push.depth > tolerance {
            let n = Vec2::new(theirs.normal1.x, theirs.normal1.y);
            assert!(
                (push.normal - n).length() <= AGREE,
                "{what}: normal {} vs {n}",
                push.normal
            );
        }
        let on_face = if push.normal.x != 0.0 {
            push.point.x
                == if push.normal.x > 0.0 {
                    a.max.x
                } else {
                    a.min.x
                }
        } else {
            push.point.y
                == if push.normal.y > 0.0 {
                    a.max.y
                } else {
                    a.min.y
                }
        };
        assert!(on_face, "{what}: {:?} not on a's face", push.point);
        // Along the face, the point is in both boxes (across it, b may lie inside a).
        let along = usize::from(push.normal.x != 0.0);
        let inside = |b: &Aabb| {
            (b.min[along] - tolerance..=b.max[along] + tolerance).contains(&push.point[along])
        };
        assert!(inside(&a) && inside(&b), "{what}: {:?}", push.point);
        compared += 1;
    }
    println!("aabb push-out: {compared} compared, {apart} apart, {skipped} skipped");
    assert!(
        compared > CASES / 2 && apart > CASES / 2,
        "{compared} {apart}"
    );
    assert!(skipped < CASES / 50, "{skipped}");
}

/// The move along the other axis than `normal`'s, computed independently in f64.
fn other_axis_depth(a: &Aabb, b: &Aabb, normal: Vec2) -> f32 {
    let axis = usize::from(normal.x == 0.0) ^ 1;
    let (amin, amax, bmin, bmax) = (
        f64::from(a.min[axis]),
        f64::from(a.max[axis]),
        f64::from(b.min[axis]),
        f64::from(b.max[axis]),
    );
    let d = (bmin + bmax) / 2.0 - (amin + amax) / 2.0;
    let depth = if d < 0.0 { bmax - amin } else { amax - bmin };
    depth as f32
}
