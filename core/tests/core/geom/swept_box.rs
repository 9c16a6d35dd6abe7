//! The swept box against parry2d's shape cast (`cast_shapes` with two cuboids, the still box
//! first so that its `normal1` is our normal) on 12,000 random and adversarial cases (at least
//! 10,000 compared). Where both hit, the time of impact agrees within 1e-4 of the case's size
//! (divided by the path's length) and the normal within 1e-3 (see [`NORMAL`]), except at a
//! corner, where it is a matter of choice, and at time 0 (starting in contact); the hit point
//! lies on the still box, and on the moved box too when they first touch later than time 0.
//! Paths that pass or end within rounding of touching are skipped.

use super::support::{Rng, band, scale};
use parry2d::math::{Pose, Vec2 as PVec2};
use parry2d::query::PointQuery;
use parry2d::query::{ShapeCastOptions, cast_shapes, distance};
use parry2d::shape::{Cuboid, Segment as PSegment, Shape as PShape};
use sokoshot_core::geom::{Aabb, Vec2, sweep_aabb_aabb, sweep_aabb_into};

/// Random cases, and as many adversarial ones.
const CASES: u32 = 6_000;

/// How closely the answers must agree.
const AGREE: f32 = 1e-4;

/// How closely the normals must agree: ours is a face's exact axis, parry2d's comes from its
/// GJK iteration and was seen up to 2.8e-4 off the axis (2 cases in 6,000 hits, both a hair
/// from a corner or from time 0); every other case agrees within 1e-4.
const NORMAL: f32 = 1e-3;

fn p(v: Vec2) -> PVec2 {
    PVec2::new(v.x, v.y)
}

/// How far `q` is from box `b` (0 inside).
fn outside(q: Vec2, b: &Aabb) -> f32 {
    (q - q.clamp(b.min, b.max)).length()
}

#[test]
fn swept_boxes_agree_with_parry_shape_casts() {
    let mut rng = Rng(31);
    let (mut hits, mut misses, mut skipped) = (0u32, 0u32, 0u32);
    for i in 0..2 * CASES {
        let adv = i >= CASES;
        let still = Aabb::from_center_size(rng.offset(adv) + rng.point(1.0), rng.size(adv));
        let size = rng.size(adv);
        let reach = still.half_size().max_element() + size.max_element();
        let from = rng.near(still.center(), 2.0 * reach);
        let to = rng.near(still.center(), 2.0 * reach);
        let moving = Aabb::from_center_size(from, size);
        let delta = to - from;
        let ours = sweep_aabb_aabb(&moving, delta, &still);
        let what = format!("{moving:?} by {delta:?} at {still:?}: {ours:?}");

        // The centre's path against the Minkowski sum: grazes and ends on it are skipped.
        let span = scale(&[from, to, still.min, still.max], &[]);
        let near = 16.0 * band(span) as f32;
        let grown = Cuboid::new(p(still.half_size() + moving.half_size()));
        let at = Pose::from_translation(p(still.center()));
        let gap = |shape: &dyn PShape, pose: &Pose| {
            distance(pose, shape, &at, &grown)
                .expect("supported")
                .distance
        };
        let whole = gap(&PSegment::new(p(from), p(to)), &Pose::IDENTITY);
        let ends = [from, to].map(|e| {
            let projected = grown.project_point(&at, p(e), false);
            (projected.point - p(e)).length()
        });
        if (whole > 0.0 && whole <= near) || ends.iter().any(|&d| d <= near) {
            skipped += 1;
            continue;
        }

        let options = ShapeCastOptions {
            max_time_of_impact: 1.0,
            target_distance: 0.0,
            stop_at_penetration: true,
            compute_impact_geometry_on_penetration: true,
        };
        let theirs = cast_shapes(
            &at,
            PVec2::ZERO,
            &Cuboid::new(p(still.half_size())),
            &Pose::from_translation(p(from)),
            p(delta),
            &Cuboid::new(p(moving.half_size())),
            options,
        )
        .expect("supported");
        match (ours, theirs) {
            (None, None) => misses += 1,
            (Some(hit), Some(them)) => {
                let tolerance = AGREE * span.max(1.0) / delta.length().max(1e-6);
                assert!(
                    (hit.toi - them.time_of_impact).abs() <= tolerance,
                    "{what}: time vs parry {}",
                    them.time_of_impact
                );
                let moved = Aabb::new(moving.min + delta * hit.toi, moving.max + delta * hit.toi);
                let on = AGREE * span.max(1.0);
                assert!(
                    outside(hit.point, &still) <= on,
                    "{what}: point off the still box"
                );
                if hit.toi > 0.0 {
                    assert!(
                        outside(hit.point, &moved) <= on,
                        "{what}: point off the moved box"
                    );
                }
                let centre = moved.center() - still.center();
                let corner = (centre.abs() - (still.half_size() + moving.half_size())).abs();
                let at_corner = corner.max_element() <= 1e-3 * span.max(1.0);
                if hit.toi > 0.0 && !at_corner {
                    let n = Vec2::new(them.normal1.x, them.normal1.y);
                    assert!(
                        hit.normal.abs_diff_eq(n, NORMAL),
                        "{what}: normal vs parry {n}"
                    );
                }
                hits += 1;
            }
            (ours, theirs) => panic!("{what}: ours {ours:?}, parry {theirs:?}"),
        }
    }
    println!("sweep aabb×aabb: hits {hits}, misses {misses}, skipped {skipped}");
    let total = 2 * CASES;
    assert!(hits > total / 5 && misses > total / 5, "{hits} {misses}");
    assert!(skipped < total / 20, "skipped {skipped}");
    assert!(hits + misses >= 10_000, "{hits} {misses}");
}

/// How many random scenes of several boxes the nearest-hit sweep is checked on.
const INTO_CASES: u32 = 5_200;

#[test]
fn sweeping_into_several_boxes_finds_parrys_nearest_hit() {
    // As noonat/intersect's `sweepInto`: the earliest of the boxes' own hits, by parry2d's
    // shape cast against each box in turn; a scene where any box's path passes or ends
    // within rounding of touching it is skipped, as above.
    let mut rng = Rng(57);
    let (mut hits, mut misses, mut skipped, mut boxes) = (0u32, 0u32, 0u32, 0u32);
    for i in 0..INTO_CASES {
        let adv = i % 2 == 1;
        let size = rng.size(adv);
        let from = rng.point(6.0);
        let to = rng.point(6.0);
        let moving = Aabb::from_center_size(from, size);
        let delta = to - from;
        let count = 2 + rng.below(5) as usize;
        let stills: Vec<Aabb> = (0..count)
            .map(|_| Aabb::from_center_size(rng.point(6.0), rng.size(adv)))
            .collect();
        let ours = sweep_aabb_into(&moving, delta, &stills);
        let what = format!("{moving:?} by {delta:?} into {stills:?}: {ours:?}");
        let mut theirs = Vec::new();
        let mut graze = false;
        for still in &stills {
            let span = scale(&[from, to, still.min, still.max], &[]);
            let near = 16.0 * band(span) as f32;
            let grown = Cuboid::new(p(still.half_size() + moving.half_size()));
            let at = Pose::from_translation(p(still.center()));
            let whole = distance(&Pose::IDENTITY, &PSegment::new(p(from), p(to)), &at, &grown)
                .expect("supported")
                .distance;
            let ends =
                [from, to].map(|e| (grown.project_point(&at, p(e), false).point - p(e)).length());
            graze |= (whole > 0.0 && whole <= near) || ends.iter().any(|&d| d <= near);
            let options = ShapeCastOptions {
                max_time_of_impact: 1.0,
                target_distance: 0.0,
                stop_at_penetration: true,
                compute_impact_geometry_on_penetration: true,
            };
            let cast = cast_shapes(
                &at,
                PVec2::ZERO,
                &Cuboid::new(p(still.half_size())),
                &Pose::from_translation(p(from)),
                p(delta),
                &Cuboid::new(p(moving.half_size())),
                options,
            )
            .expect("supported");
            theirs.push(cast.map(|c| c.time_of_impact));
        }
        if graze {
            skipped += 1;
            continue;
        }
        boxes += count as u32;
        let nearest = theirs.iter().flatten().copied().reduce(f32::min);
        match (ours, nearest) {
            (None, None) => misses += 1,
            (Some((which, hit)), Some(best)) => {
                let corners: Vec<Vec2> = stills.iter().flat_map(|b| [b.min, b.max]).collect();
                let span = scale(&corners, &[]).max(scale(&[from, to], &[])).max(1.0);
                let tolerance = AGREE * span / delta.length().max(1e-6);
                assert!(
                    (hit.toi - best).abs() <= tolerance,
                    "{what}: nearest vs parry {best}"
                );
                let picked = theirs[which].unwrap_or(f32::INFINITY);
                assert!(
                    (picked - best).abs() <= tolerance,
                    "{what}: box {which} is not parry's nearest ({theirs:?})"
                );
                assert_eq!(
                    sweep_aabb_aabb(&moving, delta, &stills[which]),
                    Some(hit),
                    "{what}: the hit is that box's own"
                );
                hits += 1;
            }
            (ours, theirs) => panic!("{what}: ours {ours:?}, parry {theirs:?}"),
        }
    }
    println!("sweep into boxes: hits {hits}, misses {misses}, skipped {skipped}, boxes {boxes}");
    assert!(
        hits > INTO_CASES / 5 && misses > INTO_CASES / 10,
        "{hits} {misses}"
    );
    assert!(skipped < INTO_CASES / 10, "skipped {skipped}");
    assert!(boxes >= 20_000, "{boxes} boxes compared");
}
