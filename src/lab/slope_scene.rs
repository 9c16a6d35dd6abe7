//! A ball bouncing in a box with angled walls (seed 004). The ball flies with `carry_disk`,
//! the function the game's shots use; each bounce is measured with `earliest_hit`, the same
//! choice `carry_disk` makes: where
//! the centre was when the ball touched (the crossing point), how far it would have gone on
//! past it that tick (the overshoot), and the angles in and out against the normal.

use crate::geom::{
    Aabb, Contact, Disk, Intersects, Obstacle, Segment, Shape, Triangle, Vec2, carry_disk,
    contact_disk_aabb, contact_disk_triangle, earliest_hit, sq_distance_point_segment,
};

use super::TICK;
use super::format::{contact_rows, degrees, num, vec2};
use super::keys::{self, Action, Binding};
use super::motion::HORIZON;
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::scene::{Scene, contact_marks, nudge_offset, turn_degrees, turned};

/// Where the ball starts: left of the slope, on the line through the slope's middle.
const BALL_START: Vec2 = Vec2::new(-9.25, 0.0);

/// The ball's radius.
const RADIUS: f32 = 0.75;

/// The ball's speed in world units per second.
const SPEED: f32 = 12.0;

/// The most bounces `carry_disk` may make in one tick.
const MAX_BOUNCES: u32 = 4;

/// The inside of the box: x in ±`INNER.x`, y in ±`INNER.y`.
const INNER: Vec2 = Vec2::new(13.0, 8.0);

/// How close the movement keys may bring the ball to a straight wall.
const WALL_CLEARANCE: f32 = 0.1;

/// How far the angled walls cut into each corner.
const CORNER: f32 = 4.0;

/// How many ticks ahead the path preview runs.
const PREVIEW_TICKS: usize = 90;

/// How long the drawn incoming and outgoing rays of the last bounce are.
const RAY: f32 = 2.5;

/// The part of the world on screen: the whole box and its walls.
const VIEW: ViewBox = ViewBox {
    center: Vec2::ZERO,
    half: Vec2::new(14.2, 9.2),
};

/// The length of the slope's two short sides.
const SLOPE_SIDE: f32 = 4.0;

/// The slope in the middle: a right triangle with its right angle at the bottom right, whose
/// long side faces up and to the left, towards the ball; its centroid is the origin.
fn slope() -> Triangle {
    let third = SLOPE_SIDE / 3.0;
    Triangle::new(
        Vec2::new(third, third),
        Vec2::new(third, third - SLOPE_SIDE),
        Vec2::new(third - SLOPE_SIDE, third),
    )
}

/// Everything the ball can hit: the slope first, then the four angled corners, then the four
/// straight walls. All of them reflect.
fn obstacles() -> Vec<Obstacle> {
    let (x, y, c) = (INNER.x, INNER.y, CORNER);
    let mut all = vec![Obstacle::reflect(slope())];
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
fn obstacle_name(i: usize) -> &'static str {
    match i {
        0 => "slope",
        1..=4 => "corner",
        _ => "wall",
    }
}

/// The disk's contact with one obstacle.
fn contact(ball: &Disk, shape: &Shape) -> Option<Contact> {
    match shape {
        Shape::Aabb(b) => Some(contact_disk_aabb(ball, b)),
        Shape::Triangle(t) => Some(contact_disk_triangle(ball, t)),
        Shape::Obb(_) | Shape::Segment(_) => None,
    }
}

/// Whether the disk touches one obstacle.
fn touches(ball: &Disk, shape: &Shape) -> bool {
    match shape {
        Shape::Aabb(b) => ball.intersects(b),
        Shape::Obb(b) => ball.intersects(b),
        Shape::Triangle(t) => ball.intersects(t),
        Shape::Segment(s) => sq_distance_point_segment(ball.center, s) <= ball.radius * ball.radius,
    }
}

/// The measurements of one bounce.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Bounce {
    obstacle: usize,
    crossing: Vec2,
    point: Vec2,
    normal: Vec2,
    overshoot: f32,
    incoming: Vec2,
    outgoing: Vec2,
}

impl Bounce {
    /// Measures the first bounce of a ball moving by `delta` this tick, if it has one.
    fn measure(ball: &Disk, delta: Vec2, obstacles: &[Obstacle]) -> Option<Self> {
        let (obstacle, hit) = earliest_hit(ball, delta, obstacles)?;
        let incoming = delta.normalize_or_zero();
        Some(Self {
            obstacle,
            crossing: ball.center + delta * hit.toi,
            point: hit.point,
            normal: hit.normal,
            overshoot: delta.length() * (1.0 - hit.toi),
            incoming,
            outgoing: crate::geom::reflect(incoming, hit.normal),
        })
    }

    /// The angles of the incoming and outgoing paths against the normal, in radians.
    fn angles(&self) -> (f32, f32) {
        (
            (-self.incoming).angle_to(self.normal).abs(),
            self.outgoing.angle_to(self.normal).abs(),
        )
    }
}

/// The scene's state: the ball, its aim, whether it flies, and the last bounce.
#[derive(Debug, Clone)]
pub(crate) struct SlopeScene {
    ball: Disk,
    aim: i32,
    velocity: Option<Vec2>,
    obstacles: Vec<Obstacle>,
    last: Option<Bounce>,
    bounces: u32,
}

impl SlopeScene {
    /// The starting state: the ball at rest on the left, aimed right at the slope.
    pub(crate) fn new() -> Self {
        Self {
            ball: Disk::new(BALL_START, RADIUS),
            aim: 0,
            velocity: None,
            obstacles: obstacles(),
            last: None,
            bounces: 0,
        }
    }

    /// The direction the ball flies, or would fly if launched.
    fn heading(&self) -> Vec2 {
        self.velocity.map_or_else(
            || Vec2::from_angle((self.aim as f32).to_radians()),
            Vec2::normalize_or_zero,
        )
    }

    /// The indices of the obstacles the ball touches now.
    fn touching(&self) -> Vec<usize> {
        (0..self.obstacles.len())
            .filter(|&i| touches(&self.ball, &self.obstacles[i].shape))
            .collect()
    }

    /// The obstacle nearest to the ball and the contact with it.
    fn nearest(&self) -> Option<(usize, Contact)> {
        self.obstacles
            .iter()
            .enumerate()
            .filter_map(|(i, o)| contact(&self.ball, &o.shape).map(|c| (i, c)))
            .min_by(|a, b| a.1.distance.total_cmp(&b.1.distance))
    }

    /// The next surface along the heading within [`HORIZON`] seconds: when, and which.
    fn next_hit(&self) -> Option<(f32, usize)> {
        let delta = self.heading() * SPEED * HORIZON;
        earliest_hit(&self.ball, delta, &self.obstacles).map(|(i, hit)| (hit.toi * HORIZON, i))
    }

    /// Where the ball will be over the next [`PREVIEW_TICKS`] ticks.
    fn preview(&self) -> Vec<Vec2> {
        let mut ball = self.ball;
        let mut delta = self.heading() * SPEED * TICK;
        let mut path = Vec::with_capacity(PREVIEW_TICKS);
        for _ in 0..PREVIEW_TICKS {
            let flight = carry_disk(ball, delta, &self.obstacles, MAX_BOUNCES);
            ball = flight.disk;
            delta = flight.delta;
            path.push(ball.center);
        }
        path
    }

    /// Moves the ball by `offset`, but keeps it [`WALL_CLEARANCE`] clear of the straight
    /// walls, so that walking it across the box never leaves it pressed against one.
    fn move_ball(&mut self, offset: Vec2) -> bool {
        let limit = INNER - Vec2::splat(RADIUS + WALL_CLEARANCE);
        let center = (self.ball.center + offset).clamp(-limit, limit);
        let moved = center != self.ball.center;
        self.ball.center = center;
        moved
    }
}

fn shape_figure(shape: &Shape) -> Figure {
    match shape {
        Shape::Aabb(b) => Figure::Aabb(*b),
        Shape::Obb(b) => Figure::Obb(*b),
        Shape::Triangle(t) => Figure::Triangle(*t),
        Shape::Segment(s) => Figure::Line(*s),
    }
}

impl Scene for SlopeScene {
    fn apply(&mut self, action: Action) -> bool {
        match action {
            Action::Move(nudge) => self.move_ball(nudge_offset(nudge)),
            Action::Rotate(turn) => {
                self.aim = turned(self.aim, turn_degrees(turn));
                if let Some(velocity) = &mut self.velocity {
                    *velocity = Vec2::from_angle((self.aim as f32).to_radians()) * SPEED;
                }
                true
            }
            Action::Launch => {
                self.velocity = match self.velocity {
                    Some(_) => None,
                    None => Some(Vec2::from_angle((self.aim as f32).to_radians()) * SPEED),
                };
                true
            }
            _ => false,
        }
    }

    fn advance(&mut self, dt: f32) {
        let Some(velocity) = self.velocity else {
            return;
        };
        let delta = velocity * dt;
        let flight = carry_disk(self.ball, delta, &self.obstacles, MAX_BOUNCES);
        if flight.bounces > 0 {
            self.last = Bounce::measure(&self.ball, delta, &self.obstacles).or(self.last);
            self.bounces += flight.bounces;
        }
        self.ball = flight.disk;
        self.velocity = Some(flight.delta.normalize_or_zero() * SPEED);
    }

    fn moving(&self) -> bool {
        self.velocity.is_some()
    }

    fn picture(&self) -> Picture {
        let touching = self.touching();
        let mut picture = Picture::new(VIEW);
        for (i, obstacle) in self.obstacles.iter().enumerate() {
            let target = if touching.is_empty() {
                i == 0
            } else {
                touching.contains(&i)
            };
            let ink = if target { Ink::Target } else { Ink::Solid };
            picture.add(shape_figure(&obstacle.shape), ink);
        }
        picture.add(Figure::Dots(self.preview()), Ink::Path);
        if let Some(bounce) = &self.last {
            picture.add(
                Figure::Line(Segment::new(
                    bounce.crossing - bounce.incoming * RAY,
                    bounce.crossing,
                )),
                Ink::Path,
            );
            picture.add(
                Figure::Arrow(Segment::new(
                    bounce.crossing,
                    bounce.crossing + bounce.outgoing * RAY,
                )),
                Ink::Tested,
            );
            picture.add(Figure::Dot(bounce.crossing), Ink::Mark);
        }
        picture.add(Figure::Disk(self.ball), Ink::Subject);
        let heading = self.heading();
        picture.add(
            Figure::Arrow(Segment::new(
                self.ball.center + heading * RADIUS,
                self.ball.center + heading * (RADIUS + RAY),
            )),
            Ink::Subject,
        );
        if let Some((_, contact)) = self.nearest() {
            contact_marks(&mut picture, &contact, self.ball.center);
        }
        picture
    }

    fn readout(&self) -> Readout {
        let touching = self.touching();
        let mut readout = Readout::new(Verdict::of(!touching.is_empty()));
        if let Some((i, contact)) = self.nearest() {
            let test = match self.obstacles[i].shape {
                Shape::Aabb(_) => "disk × AABB",
                _ => "disk × triangle",
            };
            readout.row("test", test);
            readout.row("with", obstacle_name(i));
            contact_rows(&mut readout, &contact);
        }
        readout.row("ball", vec2(self.ball.center));
        readout.row(
            "aim",
            degrees(self.heading().to_angle().rem_euclid(std::f32::consts::TAU)),
        );
        let toi = match self.next_hit() {
            Some((t, i)) => format!("{t:.2} s → {}", obstacle_name(i)),
            None => format!("none within {HORIZON:.0} s"),
        };
        readout.row("toi", toi);
        match &self.last {
            Some(bounce) => {
                let (into, out) = bounce.angles();
                readout.row("cross", vec2(bounce.crossing));
                readout.row("over", num(bounce.overshoot));
                readout.row("in/out", format!("{} / {}", degrees(into), degrees(out)));
                readout.row("off", obstacle_name(bounce.obstacle));
            }
            None => readout.row("cross", "— (no bounce yet)"),
        }
        readout.row("bounce", self.bounces.to_string());
        readout
    }

    fn bindings(&self) -> &'static [Binding] {
        keys::SLOPE
    }
}
