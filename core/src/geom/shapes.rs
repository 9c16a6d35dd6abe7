//! The shapes: small `Copy` structs with public fields and normalising constructors.

use super::trig::sin_cos;
use glam::Vec2;
use std::f64::consts::FRAC_PI_2;

/// How close (radians) an [`Obb`]'s angle must be to a multiple of 90° for
/// [`Obb::as_aabb`] to call it axis-aligned.
pub const AXIS_ALIGNED_EPSILON: f32 = 1e-5;

/// A solid disk: every point within `radius` of `center`, the boundary included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Disk {
    /// The centre.
    pub center: Vec2,
    /// The radius, `>= 0` (a zero radius is a point).
    pub radius: f32,
}

impl Disk {
    /// A disk at `center`; a negative `radius` is stored as its absolute value.
    #[must_use]
    #[inline]
    pub fn new(center: Vec2, radius: f32) -> Self {
        Self {
            center,
            radius: radius.abs(),
        }
    }

    /// The same disk moved by `offset`.
    #[must_use]
    #[inline]
    pub fn translated(self, offset: Vec2) -> Self {
        Self {
            center: self.center + offset,
            ..self
        }
    }
}

/// A solid axis-aligned box from `min` to `max`, both edges included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb {
    /// The corner with the smallest coordinates (top-left on screen, as y grows downward).
    pub min: Vec2,
    /// The corner with the largest coordinates.
    pub max: Vec2,
}

impl Aabb {
    /// The box spanning two opposite corners, given in any order (a NaN coordinate makes the
    /// whole box NaN, which intersects nothing).
    #[must_use]
    #[inline]
    pub fn new(min: Vec2, max: Vec2) -> Self {
        if min.is_nan() || max.is_nan() {
            return Self {
                min: Vec2::NAN,
                max: Vec2::NAN,
            };
        }
        Self {
            min: min.min(max),
            max: min.max(max),
        }
    }

    /// The box of the given full `size` centred on `center` (a negative size counts as positive).
    #[must_use]
    #[inline]
    pub fn from_center_size(center: Vec2, size: Vec2) -> Self {
        let half = size.abs() * 0.5;
        Self {
            min: center - half,
            max: center + half,
        }
    }

    /// The centre of the box.
    #[must_use]
    #[inline]
    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    /// Half the width and half the height.
    #[must_use]
    #[inline]
    pub fn half_size(&self) -> Vec2 {
        (self.max - self.min) * 0.5
    }

    /// The full width and height.
    #[must_use]
    #[inline]
    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    /// The same box moved by `offset`.
    #[must_use]
    #[inline]
    pub fn translated(self, offset: Vec2) -> Self {
        Self {
            min: self.min + offset,
            max: self.max + offset,
        }
    }
}

/// A solid rectangle turned by an angle about its centre, the boundary included.
///
/// At angle 0 its width lies along +x; a positive angle turns +x towards +y. The box keeps
/// its angle together with the unit axis that angle gives, worked out once in [`Obb::new`]
/// (or [`Obb::with_angle`]), so no test computes a sine or cosine. Both are private, so the
/// axis cannot go stale: change the angle with [`Obb::with_angle`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obb {
    /// The centre.
    pub center: Vec2,
    /// Half the width (along the box's own x axis) and half the height, both `>= 0`.
    pub half_size: Vec2,
    /// The rotation in radians; positive turns +x towards +y.
    angle: f32,
    /// The box's unit x axis, `(cos angle, sin angle)` from the table in `trig`.
    axis: Vec2,
}

impl Obb {
    /// A box of full `size` (width, height) centred on `center`, turned by `angle_radians`.
    ///
    /// A negative size counts as positive. The axis comes from a built-in sine/cosine table
    /// that gives the same bits on every platform (within about three ulps of the true values
    /// for angles below 800 radians).
    #[must_use]
    #[inline]
    pub fn new(center: Vec2, size: Vec2, angle_radians: f32) -> Self {
        Self {
            center,
            half_size: size.abs() * 0.5,
            angle: angle_radians,
            axis: unit_axis(angle_radians),
        }
    }

    /// The rotation in radians, as given to [`Obb::new`] or [`Obb::with_angle`].
    #[must_use]
    #[inline]
    pub fn angle(&self) -> f32 {
        self.angle
    }

    /// The same box turned to `angle_radians` (not by it), its axes recomputed.
    #[must_use]
    #[inline]
    pub fn with_angle(self, angle_radians: f32) -> Self {
        Self {
            angle: angle_radians,
            axis: unit_axis(angle_radians),
            ..self
        }
    }

    /// The unit x and y axes of the box, `[(cos a, sin a), (-sin a, cos a)]`, as stored.
    #[must_use]
    #[inline]
    pub fn axes(&self) -> [Vec2; 2] {
        [self.axis, self.axis.perp()]
    }

    /// `v` (a world offset from the centre) in the box's own frame: `(v·x, v·y)` on its axes.
    #[must_use]
    #[inline]
    pub fn in_frame(&self, v: Vec2) -> Vec2 {
        Vec2::new(v.dot(self.axis), self.axis.perp_dot(v))
    }

    /// The four corners, in the box's own frame `(-,-), (+,-), (+,+), (-,+)`.
    ///
    /// With y growing downward this runs clockwise on screen from the box's own top-left.
    #[must_use]
    #[inline]
    pub fn corners(&self) -> [Vec2; 4] {
        let [ux, uy] = self.axes();
        let x = ux * self.half_size.x;
        let y = uy * self.half_size.y;
        [
            self.center - x - y,
            self.center + x - y,
            self.center + x + y,
            self.center - x + y,
        ]
    }

    /// The same box as an [`Aabb`] when its angle is within [`AXIS_ALIGNED_EPSILON`] of a
    /// multiple of 90° (width and height swapped at odd multiples), otherwise `None`.
    #[must_use]
    #[inline]
    pub fn as_aabb(&self) -> Option<Aabb> {
        let turns = f64::from(self.angle) / FRAC_PI_2;
        let nearest = turns.round();
        let off = (turns - nearest) * FRAC_PI_2;
        let aligned = off.abs() <= f64::from(AXIS_ALIGNED_EPSILON);
        if !aligned {
            return None;
        }
        // `nearest` is finite here (the angle is), so `rem_euclid` gives 0.0 or 1.0.
        let half = if nearest.rem_euclid(2.0) == 1.0 {
            Vec2::new(self.half_size.y, self.half_size.x)
        } else {
            self.half_size
        };
        Some(Aabb {
            min: self.center - half,
            max: self.center + half,
        })
    }

    /// The same box moved by `offset`.
    #[must_use]
    #[inline]
    pub fn translated(self, offset: Vec2) -> Self {
        Self {
            center: self.center + offset,
            ..self
        }
    }
}

/// `(cos θ, sin θ)` from the table (NaN for a NaN or infinite angle).
#[inline]
fn unit_axis(angle: f32) -> Vec2 {
    let (sin, cos) = sin_cos(angle);
    Vec2::new(cos, sin)
}

impl From<Aabb> for Obb {
    #[inline]
    fn from(b: Aabb) -> Self {
        Self {
            center: b.center(),
            half_size: b.half_size(),
            angle: 0.0,
            axis: Vec2::X,
        }
    }
}

/// A solid triangle, the boundary included; the vertices may be given in either winding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Triangle {
    /// The first vertex.
    pub a: Vec2,
    /// The second vertex.
    pub b: Vec2,
    /// The third vertex.
    pub c: Vec2,
}

impl Triangle {
    /// The triangle with these vertices, in either winding.
    #[must_use]
    #[inline]
    pub fn new(a: Vec2, b: Vec2, c: Vec2) -> Self {
        Self { a, b, c }
    }

    /// Twice the signed area, `(b − a).perp_dot(c − a)`: negative in the seed's order.
    #[must_use]
    #[inline]
    pub fn signed_area2(&self) -> f32 {
        (self.b - self.a).perp_dot(self.c - self.a)
    }

    /// The same triangle in the seed's "clockwise" order (`signed_area2() <= 0`): `b` and `c`
    /// swapped if needed.
    ///
    /// The seed draws with y up, so this order is clockwise there and counter-clockwise on
    /// our y-down screen. Its edges are numbered 0 = ab, 1 = bc, 2 = ca.
    #[must_use]
    #[inline]
    pub fn clockwise(&self) -> Self {
        if self.signed_area2() > 0.0 {
            Self {
                a: self.a,
                b: self.c,
                c: self.b,
            }
        } else {
            *self
        }
    }

    /// Edge `i`: 0 = ab, 1 = bc, and 2 (or any larger index) = ca.
    #[must_use]
    #[inline]
    pub fn edge(&self, i: usize) -> Segment {
        match i {
            0 => Segment::new(self.a, self.b),
            1 => Segment::new(self.b, self.c),
            _ => Segment::new(self.c, self.a),
        }
    }

    /// The same triangle moved by `offset`.
    #[must_use]
    #[inline]
    pub fn translated(self, offset: Vec2) -> Self {
        Self {
            a: self.a + offset,
            b: self.b + offset,
            c: self.c + offset,
        }
    }
}

/// A line segment from `a` to `b`, both ends included; `a == b` is a point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// The start.
    pub a: Vec2,
    /// The end.
    pub b: Vec2,
}

impl Segment {
    /// The segment from `a` to `b`.
    #[must_use]
    #[inline]
    pub fn new(a: Vec2, b: Vec2) -> Self {
        Self { a, b }
    }

    /// The point at parameter `t` (0 at `a`, 1 at `b`).
    #[must_use]
    #[inline]
    pub fn at(&self, t: f32) -> Vec2 {
        self.a + (self.b - self.a) * t
    }

    /// The same segment moved by `offset`.
    #[must_use]
    #[inline]
    pub fn translated(self, offset: Vec2) -> Self {
        Self {
            a: self.a + offset,
            b: self.b + offset,
        }
    }
}

/// Any obstacle shape a moving disk can be carried against.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// An axis-aligned box.
    Aabb(Aabb),
    /// A turned box.
    Obb(Obb),
    /// A triangle.
    Triangle(Triangle),
    /// A segment (a wall of no thickness).
    Segment(Segment),
}

impl Shape {
    /// An axis-aligned box that holds the shape (for a turned box, the square about its
    /// circumscribed circle, which needs no sine or cosine).
    #[must_use]
    #[inline]
    pub fn bounds(&self) -> Aabb {
        match self {
            Self::Aabb(b) => *b,
            Self::Obb(b) => {
                let reach = Vec2::splat(b.half_size.length());
                Aabb {
                    min: b.center - reach,
                    max: b.center + reach,
                }
            }
            Self::Triangle(t) => Aabb {
                min: t.a.min(t.b).min(t.c),
                max: t.a.max(t.b).max(t.c),
            },
            Self::Segment(s) => Aabb {
                min: s.a.min(s.b),
                max: s.a.max(s.b),
            },
        }
    }

    /// The same shape moved by `offset`.
    #[must_use]
    #[inline]
    pub fn translated(self, offset: Vec2) -> Self {
        match self {
            Self::Aabb(s) => Self::Aabb(s.translated(offset)),
            Self::Obb(s) => Self::Obb(s.translated(offset)),
            Self::Triangle(s) => Self::Triangle(s.translated(offset)),
            Self::Segment(s) => Self::Segment(s.translated(offset)),
        }
    }
}

impl From<Aabb> for Shape {
    #[inline]
    fn from(s: Aabb) -> Self {
        Self::Aabb(s)
    }
}

impl From<Obb> for Shape {
    #[inline]
    fn from(s: Obb) -> Self {
        Self::Obb(s)
    }
}

impl From<Triangle> for Shape {
    #[inline]
    fn from(s: Triangle) -> Self {
        Self::Triangle(s)
    }
}

impl From<Segment> for Shape {
    #[inline]
    fn from(s: Segment) -> Self {
        Self::Segment(s)
    }
}
