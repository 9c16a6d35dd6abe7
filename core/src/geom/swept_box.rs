//! A swept box against a box, as noonat/intersect's `sweepAABB`: box `moving` travels by
//! `delta` (its path for one tick) past the still box `still`; the answer is the first time
//! in `[0, 1]` at which they touch, a point where they touch, and the normal of the face of
//! `still` that `moving` meets, pointing from `still` towards `moving` (as every `geom` normal
//! points, out of the obstacle). It reduces to a point: the centre of `moving`, cast at
//! `still` grown by `moving`'s half size on each side (their Minkowski sum), so it shares the
//! casts' conventions: touching counts, boxes that already touch or overlap meet at time 0
//! with the normal of the nearest way out, and NaN or infinite input gives `None`.

use super::{Aabb, Disk, Hit, sweep_disk_aabb};
use glam::Vec2;

/// The first contact of box `moving`, travelling by `delta`, with box `still`, or `None`.
///
/// The hit's point lies on the face of `still` named by the normal, in the middle of the two
/// boxes' overlap along that face at the time of impact (the point [`super::push_out_aabb_aabb`]
/// gives for two boxes that touch). The moved box at the time of impact is `moving` shifted by
/// `delta × toi`.
#[must_use]
#[inline]
pub fn sweep_aabb_aabb(moving: &Aabb, delta: Vec2, still: &Aabb) -> Option<Hit> {
    let half = moving.half_size();
    let grown = Aabb {
        min: still.min - half,
        max: still.max + half,
    };
    let hit = sweep_disk_aabb(&Disk::new(moving.center(), 0.0), delta, &grown)?;
    let shift = delta * hit.toi;
    let (lo, hi) = (
        (moving.min + shift).max(still.min),
        (moving.max + shift).min(still.max),
    );
    let middle = (lo + hi) / 2.0;
    let point = if hit.normal.x.abs() >= hit.normal.y.abs() {
        let face = if hit.normal.x > 0.0 {
            still.max.x
        } else {
            still.min.x
        };
        Vec2::new(face, middle.y)
    } else {
        let face = if hit.normal.y > 0.0 {
            still.max.y
        } else {
            still.min.y
        };
        Vec2::new(middle.x, face)
    };
    Some(Hit { point, ..hit })
}

/// The nearest first contact of box `moving`, travelling by `delta`, with any of `stills`, as
/// noonat/intersect's `sweepInto`: which box it meets first and the hit, as
/// [`sweep_aabb_aabb`] gives it for that box. The earliest time of impact wins; on a tie, the
/// box listed first.
#[must_use]
pub fn sweep_aabb_into(moving: &Aabb, delta: Vec2, stills: &[Aabb]) -> Option<(usize, Hit)> {
    let mut nearest: Option<(usize, Hit)> = None;
    for (i, still) in stills.iter().enumerate() {
        if let Some(hit) = sweep_aabb_aabb(moving, delta, still)
            && nearest.is_none_or(|(_, best)| hit.toi < best.toi)
        {
            nearest = Some((i, hit));
        }
    }
    nearest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_sliding_right_meets_the_left_face_halfway() {
        let moving = Aabb::from_center_size(Vec2::new(-4.0, 0.5), Vec2::new(2.0, 2.0));
        let still = Aabb::from_center_size(Vec2::ZERO, Vec2::new(2.0, 2.0));
        let hit = sweep_aabb_aabb(&moving, Vec2::new(4.0, 0.0), &still).expect("meets");
        assert_eq!(hit.toi, 0.5);
        assert_eq!(hit.normal, -Vec2::X);
        assert_eq!(hit.point, Vec2::new(-1.0, 0.25));
        let short = sweep_aabb_aabb(&moving, Vec2::new(1.9, 0.0), &still);
        assert_eq!(short, None, "stops short");
        let nan = sweep_aabb_aabb(&moving, Vec2::NAN, &still);
        assert_eq!(nan, None);
    }
}
