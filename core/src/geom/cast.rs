//! Segment casts: where a segment from `a` to `b` (a ray of length `|b − a|`) first meets a
//! shape, as the fraction of the way from `a` to `b`, the point and the shape's outward
//! normal there. A segment is a swept point, so each cast is the swept-disk test of
//! [`super::sweep`] with radius 0 (a disk target: the cast point swept with the disk's radius
//! against its centre), and it shares its conventions: a segment that starts inside or on
//! the shape meets it at fraction 0, at its start point, with the normal of the nearest way
//! out; grazing counts; NaN or infinite input gives `None`.

use super::{
    Aabb, Disk, Hit, Obb, Segment, Triangle, sweep_disk_aabb, sweep_disk_obb, sweep_disk_segment,
    sweep_disk_triangle,
};

/// The point that travels along `s`.
#[inline]
fn point(s: &Segment) -> Disk {
    Disk::new(s.a, 0.0)
}

/// A sweep's hit as a cast's: the point is where the segment is at the hit (the sweep's
/// point is the shape's nearest one, which differs when the segment starts inside).
#[inline]
fn on_segment(s: &Segment, hit: Hit) -> Hit {
    Hit {
        point: if hit.toi == 0.0 {
            s.a
        } else {
            s.a + (s.b - s.a) * hit.toi
        },
        ..hit
    }
}

/// Segment × AABB: the first point of the box on the segment.
#[must_use]
#[inline]
pub fn cast_segment_aabb(s: &Segment, b: &Aabb) -> Option<Hit> {
    sweep_disk_aabb(&point(s), s.b - s.a, b).map(|hit| on_segment(s, hit))
}

/// Segment × OBB (a turned box, or a spinner's bar): the AABB cast in the box's frame.
#[must_use]
#[inline]
pub fn cast_segment_obb(s: &Segment, b: &Obb) -> Option<Hit> {
    sweep_disk_obb(&point(s), s.b - s.a, b).map(|hit| on_segment(s, hit))
}

/// Segment × triangle (a slope): the first of its edges the segment reaches.
#[must_use]
#[inline]
pub fn cast_segment_triangle(s: &Segment, t: &Triangle) -> Option<Hit> {
    sweep_disk_triangle(&point(s), s.b - s.a, t).map(|hit| on_segment(s, hit))
}

/// Segment × disk: the cast point, grown by the disk's radius, swept at the disk's centre;
/// the hit point is where the segment reaches the circle.
#[must_use]
#[inline]
pub fn cast_segment_disk(s: &Segment, d: &Disk) -> Option<Hit> {
    let grown = Disk::new(s.a, d.radius);
    let delta = s.b - s.a;
    let hit = sweep_disk_segment(&grown, delta, &Segment::new(d.center, d.center))?;
    Some(on_segment(s, hit))
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    #[test]
    fn a_segment_meets_each_shape_where_the_page_would_draw_it() {
        let s = Segment::new(Vec2::new(-4.0, 0.0), Vec2::new(4.0, 0.0));
        let b = Aabb::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0));
        let hit = cast_segment_aabb(&s, &b).expect("meets the box");
        assert_eq!(
            (hit.toi, hit.point, hit.normal),
            (0.375, Vec2::new(-1.0, 0.0), -Vec2::X)
        );
        let d = Disk::new(Vec2::new(2.0, 0.0), 1.0);
        let hit = cast_segment_disk(&s, &d).expect("meets the disk");
        assert!((hit.toi - 0.625).abs() < 1e-6, "{hit:?}");
        assert!(hit.point.abs_diff_eq(Vec2::new(1.0, 0.0), 1e-6), "{hit:?}");
        assert!(hit.normal.abs_diff_eq(-Vec2::X, 1e-6), "{hit:?}");
        let short = Segment::new(Vec2::new(-4.0, 0.0), Vec2::new(-2.0, 0.0));
        assert_eq!(cast_segment_aabb(&short, &b), None, "stops short");
    }
}
