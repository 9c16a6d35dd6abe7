//! Shapes and collision queries: the seeds' tests, swept disks, and one tick of a shot's flight.
//!
//! # Conventions (said once, here)
//!
//! - **Units and axes.** World units: one level cell is a 1×1 square, cell `(x, y)` covers
//!   `[x, x+1) × [y, y+1)`; `y` grows downward, as rows do. Angles are radians, and a positive
//!   angle turns +x towards +y (clockwise as seen on screen).
//! - **Shapes are solid and closed.** A [`Disk`], [`Aabb`], [`Obb`] or [`Triangle`] is its
//!   boundary plus its inside; a [`Segment`] includes both ends.
//! - **Touching counts as intersecting, for every pair**: shapes whose boundaries meet at a
//!   single point intersect ([`Intersects`]), a swept disk that only grazes a shape hits it
//!   ([`Hit`]), and segments that share only an end cross ([`segment_crossing`]).
//! - **Winding.** [`Triangle::new`] takes either winding. The queries work on the seed's
//!   order ([`Triangle::clockwise`]): `(b − a).perp_dot(c − a) < 0`, which is clockwise with y
//!   up as in the seed's figures (counter-clockwise on our y-down screen). Its edges are
//!   numbered 0 = ab, 1 = bc, 2 = ca.
//! - **Normals** are unit vectors pointing from the obstacle towards the disk's centre (the way
//!   out), in [`Contact`] and [`Hit`] alike.
//! - **Precision.** Everything is `f32`. Cases within about `2e-6 ×` the largest coordinate
//!   of touching may go either way; everything else agrees with parry2d and with an exact
//!   `f64` reference (tested on 1.2 million random and adversarial cases). Box axes come from a
//!   built-in sine/cosine table that gives the same bits on every platform (replays rely on
//!   it), within about 3 ulps for angles below 800 radians; keep spinning angles wrapped.
//!   [`Obb::new`] computes them once and the box keeps them, so no test computes a sine.
//! - **Swept tests and carries.** A sweep returns the first time in `[0, 1]` at which the
//!   moving disk touches the shape (0 if it already touches or overlaps it), so no speed can
//!   step over a thin wall. [`carry_disk`] leaves the disk [`CONTACT_GAP`] off what it hit.
//!
//! # Degenerate input (each has a fixed answer; nothing here ever panics)
//!
//! - **Zero radius**: the disk is a point, and intersects what it lies in or on.
//! - **Zero-size box** (width and/or height 0): a segment or a point, hit when touched.
//!   Constructors store sizes and radii as absolute values; [`Aabb::new`] sorts its corners.
//!   Negative sizes or radii, or `min > max`, written straight into the fields are outside the
//!   contract (an answer without a panic, not a meaningful one).
//! - **Collinear triangle** (height below [`SLIVER_EPSILON`] of its size, or three equal
//!   points): it has no inside and is the union of its three edges, so a disk hits it when it
//!   touches one of them. [`triangle_region`] still computes the code by the formula.
//! - **Zero-length segment**: the point `a`. Its squared distance is to `a`; it crosses another
//!   segment only if it lies exactly on it; a disk sweeping at it meets a circle.
//! - **NaN** anywhere in the inputs: [`Intersects`] is `false`, every sweep is `None`,
//!   [`segment_crossing`] is [`Crossing::None`], [`Contact::distance`] is NaN,
//!   [`sq_distance_point_segment`] is NaN, [`Aabb::new`] makes an all-NaN box, [`Obb::as_aabb`]
//!   is `None`, and [`carry_disk`] carries NaN through (a NaN obstacle is never hit). Sweeps
//!   also return `None` for infinite inputs.
//!
//! # Where each algorithm comes from
//!
//! Disk × AABB folds the centre into the first quadrant and tests the nearest corner (seed 000);
//! disk × OBB projects the centre onto the box's unit axes and reuses it (seed 000); OBB × OBB
//! is the separating axis test on the four edge directions (seed 002); disk × triangle is the
//! 7-region code with its edge table (seed 001; the intersection test uses the code's three
//! signs for "inside" and measures all three edges, without branches, rather than looking
//! the edges up); AABB × AABB is four comparisons (seed 003), and [`push_out_aabb_aabb`]
//! parts two boxes along the axis of least penetration, as noonat/intersect's `Hit` does,
//! and [`sweep_aabb_aabb`] casts one box's centre at the other grown by its half size, as
//! its `sweepAABB` does;
//! [`proximity()`] gives the distance and closest points of any two convex shapes by GJK, and
//! their penetration depth, normal and contact points by the separating axis test;
//! slopes are crossing plus reflection, `v − 2(v·n)n` (seed 004), grown by the disk's radius in
//! the swept tests.

mod carry;
mod cast;
mod contact;
mod intersect;
mod proximity;
mod push;
mod region;
mod sat;
mod segment;
mod shapes;
mod sweep;
mod swept_box;
mod trig;

pub use carry::{CONTACT_GAP, Flight, Obstacle, Response, carry_disk, earliest_hit};
pub use cast::{cast_segment_aabb, cast_segment_disk, cast_segment_obb, cast_segment_triangle};
pub use contact::{Contact, contact_disk_aabb, contact_disk_obb, contact_disk_triangle};
pub use glam::Vec2;
pub use intersect::Intersects;
pub use proximity::{Convex, GjkStep, MAX_ITERATIONS, Proximity, proximity, proximity_steps};
pub use push::{AabbPush, push_out_aabb_aabb};
pub use region::{SLIVER_EPSILON, region_crosses, region_edges, triangle_region};
pub use sat::{Sat, SatAxis, sat_obb_obb};
pub use segment::{
    Crossing, closest_point_on_segment, reflect, segment_crossing, sq_distance_point_segment,
};
pub use shapes::{AXIS_ALIGNED_EPSILON, Aabb, Disk, Obb, Segment, Shape, Triangle};
pub use sweep::{
    Hit, sweep_disk_aabb, sweep_disk_obb, sweep_disk_segment, sweep_disk_shape, sweep_disk_triangle,
};
pub use swept_box::{sweep_aabb_aabb, sweep_aabb_into};
