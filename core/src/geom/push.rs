//! How two touching or overlapping axis-aligned boxes part: the push-out along the axis of
//! least penetration, its normal and a contact point, as noonat/intersect's `Hit` for
//! AABB × AABB. The overlap on each axis is measured from the very edges the four
//! comparisons of [`super::Intersects`] compare, so there is an answer exactly when they say
//! the boxes intersect.

use super::Aabb;
use glam::Vec2;

/// How box `b` leaves box `a` (see [`push_out_aabb_aabb`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AabbPush {
    /// The smallest move of `b` that leaves it just touching `a`: `normal × depth`.
    pub delta: Vec2,
    /// The unit normal of the face of `a` that `b` leaves through, from `a` towards `b`.
    pub normal: Vec2,
    /// How deep `b` is in `a` along the normal (`0` when they only touch).
    pub depth: f32,
    /// A contact point: on that face of `a`, in the middle of the two boxes' overlap along it.
    pub point: Vec2,
}

/// The push-out of `b` from `a`, or `None` when they are apart (or given NaN).
///
/// On each axis `b` would leave `a` on the side its centre is on (the positive side when the
/// centres are level); the axis that needs the shorter move wins, y on a tie, as in noonat's
/// `intersectAABB` (`if (px < py)` moves along x, so a tie goes to y).
#[must_use]
#[inline]
pub fn push_out_aabb_aabb(a: &Aabb, b: &Aabb) -> Option<AabbPush> {
    let overlap_lo = a.min.max(b.min);
    let overlap_hi = a.max.min(b.max);
    // The edges the intersection test compares: apart on an axis when lo > hi (NaN: apart).
    if !(overlap_lo.x <= overlap_hi.x && overlap_lo.y <= overlap_hi.y) {
        return None;
    }
    let side = (b.center() - a.center()).map(|d| if d < 0.0 { -1.0 } else { 1.0 });
    let depth = Vec2::new(
        if side.x > 0.0 {
            a.max.x - b.min.x
        } else {
            b.max.x - a.min.x
        },
        if side.y > 0.0 {
            a.max.y - b.min.y
        } else {
            b.max.y - a.min.y
        },
    );
    let middle = (overlap_lo + overlap_hi) / 2.0;
    let face = Vec2::new(
        if side.x > 0.0 { a.max.x } else { a.min.x },
        if side.y > 0.0 { a.max.y } else { a.min.y },
    );
    let (normal, depth, point) = if depth.x < depth.y {
        (Vec2::new(side.x, 0.0), depth.x, Vec2::new(face.x, middle.y))
    } else {
        (Vec2::new(0.0, side.y), depth.y, Vec2::new(middle.x, face.y))
    };
    Some(AabbPush {
        delta: normal * depth,
        normal,
        depth,
        point,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_overlapping_from_the_right_is_pushed_out_right() {
        let a = Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 2.0));
        let b = Aabb::new(Vec2::new(3.5, 1.0), Vec2::new(5.5, 3.0));
        let push = push_out_aabb_aabb(&a, &b).expect("they overlap");
        assert_eq!(push.normal, Vec2::X);
        assert_eq!(push.depth, 0.5);
        assert_eq!(push.delta, Vec2::new(0.5, 0.0));
        assert_eq!(push.point, Vec2::new(4.0, 1.5));
    }

    #[test]
    fn touching_boxes_part_with_zero_depth_and_apart_ones_do_not_meet() {
        let a = Aabb::new(Vec2::ZERO, Vec2::ONE);
        let touching = Aabb::new(Vec2::new(0.5, 1.0), Vec2::new(1.5, 2.0));
        let push = push_out_aabb_aabb(&a, &touching).expect("touching counts");
        assert_eq!((push.normal, push.depth), (Vec2::Y, 0.0));
        let apart = Aabb::new(Vec2::new(1.0 + f32::EPSILON, 0.0), Vec2::new(2.0, 1.0));
        assert_eq!(push_out_aabb_aabb(&a, &apart), None);
        let nan = Aabb::new(Vec2::NAN, Vec2::ONE);
        assert_eq!(push_out_aabb_aabb(&a, &nan), None);
    }
}
