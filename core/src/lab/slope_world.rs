//! The slope scene's world (seed 004): the box with its angled corners and straight walls,
//! the movable slope in the middle, and the measurements of one bounce.

use crate::geom::{
    Aabb, Contact, Disk, Intersects, Obstacle, Segment, Shape, Triangle, Vec2, contact_disk_aabb,
    contact_disk_triangle, earliest_hit, sq_distance_point_segment,
};

use super::exact::{self, Poly, wide};
use super::picture::{Figure, Ink, Picture};
use super::slope_steps::BounceParts;

/// The inside of the box: x in ±`INNER.x`, y in ±`INNER.y`.
pub(crate) const INNER: Vec2 = Vec2::new(13.0, 8.0);

/// How far the angled walls cut into each corner.
const CORNER: f32 = 4.0;

/// The length of the slope's two short sides.
pub(crate) const SLOPE_SIDE: f32 = 4.0;

/// The slope: a right triangle with its right angle at the bottom right (before turning),
/// whose long side faces up and to the left, towards the ball; its centroid is `center`.
pub(crate) fn slope(center: Vec2, angle: f32) -> Triangle {
    let third = SLOPE_SIDE / 3.0;
    let turn = Vec2::from_angle(angle.to_radians());
    let [a, b, c] = [
        Vec2::new(third, third),
        Vec2::new(third, third - SLOPE_SIDE),
        Vec2::new(third - SLOPE_SIDE, third),
    ]
    .map(|v| center + turn.rotate(v));
    Triangle::new(a, b, c)
}

/// Everything the ball can hit: the slope first, then the four angled corners, then the four
/// straight walls. All of them reflect.
pub(crate) fn obstacles(slope: Triangle) -> Vec<Obstacle> {
    let (x, y, c) = (INNER.x, INNER.y, CORNER);
    let mut all = vec![Obstacle::reflect(slope)];
    for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
        let corner = Vec2::new(sx * x, sy * y);
        all.push(Obstacle::reflect(Triangle::new(
            corner,
            corner - Vec2::new(sx * c, 0.0),
            corner - Vec2::new(0.0, sy * c),
        )));
    }
    let walls = [
        Aabb::new(Vec2::new(-x - 1.0, -y - 1.0), Vec2::new(x + 1.0, -y)),
        Aabb::new(Vec2::new(-x - 1.0, y), Vec2::new(x + 1.0, y + 1.0)),
        Aabb::new(Vec2::new(-x - 1.0, -y), Vec2::new(-x, y)),
        Aabb::new(Vec2::new(x, -y), Vec2::new(x + 1.0, y)),
    ];
    all.extend(walls.into_iter().map(Obstacle::reflect));
    all
}

/// What the panel calls obstacle `i` of [`obstacles`].
pub(crate) fn obstacle_name(i: usize) -> &'static str {
    match i {
        0 => "slope",
        1..=4 => "corner",
        _ => "wall",
    }
}

/// The disk's contact with one obstacle.
pub(crate) fn contact(ball: &Disk, shape: &Shape) -> Option<Contact> {
    match shape {
        Shape::Aabb(b) => Some(contact_disk_aabb(ball, b)),
        Shape::Triangle(t) => Some(contact_disk_triangle(ball, t)),
        Shape::Obb(_) | Shape::Segment(_) => None,
    }
}

/// The disk's signed gap to one obstacle in `f64` on the values as placed (a wall by its
/// corners, the slope and the corners by theirs), or `None` for a shape the lab has no
/// contact for.
pub(crate) fn exact_gap(ball: &Disk, shape: &Shape) -> Option<f64> {
    let poly = match shape {
        Shape::Aabb(b) => Poly::corners_of(b),
        Shape::Triangle(t) => Poly::triangle(t),
        Shape::Obb(_) | Shape::Segment(_) => return None,
    };
    Some(
        exact::Shape::Disk(wide(ball.center), f64::from(ball.radius))
            .gap(&exact::Shape::Poly(poly)),
    )
}

/// Whether the disk touches one obstacle.
pub(crate) fn touches(ball: &Disk, shape: &Shape) -> bool {
    match shape {
        Shape::Aabb(b) => ball.intersects(b),
        Shape::Obb(b) => ball.intersects(b),
        Shape::Triangle(t) => ball.intersects(t),
        Shape::Segment(s) => sq_distance_point_segment(ball.center, s) <= ball.radius * ball.radius,
    }
}

/// The measurements of one bounce.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Bounce {
    pub(crate) obstacle: usize,
    /// Where the centre was when the tick (or the point's jump) that bounced began.
    pub(crate) from: Vec2,
    pub(crate) crossing: Vec2,
    pub(crate) point: Vec2,
    pub(crate) normal: Vec2,
    pub(crate) overshoot: f32,
    pub(crate) incoming: Vec2,
    pub(crate) outgoing: Vec2,
}

impl Bounce {
    /// Measures the first bounce of a ball moving by `delta` this tick, if it has one.
    pub(crate) fn measure(ball: &Disk, delta: Vec2, obstacles: &[Obstacle]) -> Option<Self> {
        let (obstacle, hit) = earliest_hit(ball, delta, obstacles)?;
        let incoming = delta.normalize_or_zero();
        Some(Self {
            obstacle,
            from: ball.center,
            crossing: ball.center + delta * hit.toi,
            point: hit.point,
            normal: hit.normal,
            overshoot: delta.length() * (1.0 - hit.toi),
            incoming,
            outgoing: crate::geom::reflect(incoming, hit.normal),
        })
    }

    /// The numbers the steps show.
    pub(crate) fn parts(&self) -> BounceParts {
        BounceParts {
            from: self.from,
            crossing: self.crossing,
            point: self.point,
            normal: self.normal,
            overshoot: self.overshoot,
            incoming: self.incoming,
            outgoing: self.outgoing,
        }
    }

    /// The angles of the incoming and outgoing paths against the normal, in radians.
    pub(crate) fn angles(&self) -> (f32, f32) {
        (
            (-self.incoming).angle_to(self.normal).abs(),
            self.outgoing.angle_to(self.normal).abs(),
        )
    }
}

pub(crate) fn shape_figure(shape: &Shape) -> Figure {
    match shape {
        Shape::Aabb(b) => Figure::Aabb(*b),
        Shape::Obb(b) => Figure::Obb(*b),
        Shape::Triangle(t) => Figure::Triangle(*t),
        Shape::Segment(s) => Figure::Line(*s),
    }
}

/// One jump of the page's moving point: where it was, where it would have gone without the
/// surface, where it ended up, and the bounce on the way, if any.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Jump {
    pub(crate) old: Vec2,
    pub(crate) straight: Vec2,
    pub(crate) end: Vec2,
    pub(crate) bounce: Option<Bounce>,
}

impl Jump {
    /// The page's construction: the segment from the old to the new position, the crossing
    /// point, the overshoot S past it, and the reflected segment.
    pub(crate) fn draw(&self, picture: &mut Picture) {
        picture.add(
            Figure::Line(Segment::new(self.old, self.straight)),
            Ink::Path,
        );
        let Some(bounce) = self.bounce else {
            return;
        };
        picture.add(
            Figure::Line(Segment::new(bounce.crossing, self.straight)),
            Ink::Tested,
        );
        picture.add(
            Figure::Arrow(Segment::new(
                bounce.crossing,
                bounce.crossing + bounce.outgoing * bounce.overshoot,
            )),
            Ink::Normal,
        );
        picture.add(Figure::Dot(bounce.crossing), Ink::Mark);
    }
}
