//! The seed's 7-region code for a point against a triangle, and its table of edges to test.

use super::Triangle;
use glam::Vec2;

/// A triangle whose doubled area is at most this fraction of `|ab|² + |ac|²` counts as collinear
/// (its height is then below about two millionths of its longest edge).
pub const SLIVER_EPSILON: f32 = 1e-6;

/// Whether the triangle is thicker than a sliver (see [`SLIVER_EPSILON`]); `false` for NaN.
#[inline]
pub(crate) fn is_thick(t: &Triangle) -> bool {
    let ab = t.b - t.a;
    let ac = t.c - t.a;
    thick(ab.perp_dot(ac), ab.length_squared() + ac.length_squared())
}

/// The test of [`is_thick`] from twice the signed area and `|ab|² + |ac|²`.
#[inline]
pub(crate) fn thick(area2: f32, sum_len2: f32) -> bool {
    area2.abs() > SLIVER_EPSILON * sum_len2
}

/// The triangle in the seed's order, or `None` when it is collinear (a sliver thinner than
/// [`SLIVER_EPSILON`]) or has a NaN.
#[inline]
pub(crate) fn seed_order(t: &Triangle) -> Option<Triangle> {
    let ab = t.b - t.a;
    let ac = t.c - t.a;
    let area2 = ab.perp_dot(ac);
    if !is_thick(t) {
        return None;
    }
    Some(if area2 > 0.0 {
        Triangle::new(t.a, t.c, t.b)
    } else {
        *t
    })
}

/// The 3-bit region code of `p` against a seed-ordered triangle: bit 4 when `p` is on the inner
/// side of line ab (or on it), bit 2 for bc, bit 1 for ca.
#[inline]
pub(crate) fn region_code(t: &Triangle, p: Vec2) -> u8 {
    let [ab, bc, ca] = crosses(t, p).map(|cross| u8::from(cross >= 0.0));
    ab << 2 | bc << 1 | ca
}

/// The three cross products of the region code, for a triangle already in the seed's order.
#[inline]
fn crosses(t: &Triangle, p: Vec2) -> [f32; 3] {
    [
        (p - t.a).perp_dot(t.b - t.a),
        (p - t.b).perp_dot(t.c - t.b),
        (p - t.c).perp_dot(t.a - t.c),
    ]
}

/// The three cross products [`triangle_region`] builds its code from, for the triangle in the
/// seed's order ([`Triangle::clockwise`]): `(p − a) × (b − a)`, `(p − b) × (c − b)`,
/// `(p − c) × (a − c)`. Each code bit (ab, bc, ca from the highest) is 1 where its product is
/// `>= 0`, that is where `p` lies on the inner side of that edge's line or on it.
///
/// They are worked out in `f64` from the `f32` inputs, so that each sign is the exact one (the
/// differences and products of `f32` values in a sane range are exact in `f64`, and the one
/// rounding of the last subtraction never flips a sign): a point on an edge's line gets 0,
/// and the bit follows the rule.
#[must_use]
#[inline]
pub fn region_crosses(t: &Triangle, p: Vec2) -> [f64; 3] {
    let t = t.clockwise();
    let cross = |from: Vec2, to: Vec2| {
        let (px, py) = (
            f64::from(p.x) - f64::from(from.x),
            f64::from(p.y) - f64::from(from.y),
        );
        let (ex, ey) = (
            f64::from(to.x) - f64::from(from.x),
            f64::from(to.y) - f64::from(from.y),
        );
        px * ey - py * ex
    };
    [cross(t.a, t.b), cross(t.b, t.c), cross(t.c, t.a)]
}

/// The seed's table: for each region code, the edges to test.
static TABLE: [&[usize]; 8] = [
    &[0, 1, 2], // 0: not a region of a proper triangle; test everything
    &[0, 1],    // 1: outside ab and bc (around b)
    &[2, 0],    // 2: outside ca and ab (around a)
    &[0],       // 3: outside ab only
    &[1, 2],    // 4: outside bc and ca (around c)
    &[1],       // 5: outside bc only
    &[2],       // 6: outside ca only
    &[],        // 7: inside
];

/// The seed's 3-bit region code of point `p` against triangle `t` (1..=7, 7 = inside or on
/// the boundary), computed on [`Triangle::clockwise`]: bit 4 is set when `p` is on the inner
/// side of line ab (or on it), bit 2 for line bc, bit 1 for line ca, from the exact signs of
/// [`region_crosses`].
///
/// A collinear triangle has no inside; its code is computed by the same formula (and can then
/// be 0 or 7), and the intersection test then measures all three edges instead.
#[must_use]
#[inline]
pub fn triangle_region(t: &Triangle, p: Vec2) -> u8 {
    let [ab, bc, ca] = region_crosses(t, p).map(|cross| u8::from(cross >= 0.0));
    ab << 2 | bc << 1 | ca
}

/// The edges (0 = ab, 1 = bc, 2 = ca of the clockwise triangle) that the seed's table tests
/// for region `code`: one or two edges for 1..=6, none for 7 (inside).
///
/// Any other code (0, which only a collinear triangle gives, or above 7) tests all three.
#[must_use]
#[inline]
pub fn region_edges(code: u8) -> &'static [usize] {
    TABLE.get(usize::from(code)).copied().unwrap_or(TABLE[0])
}
