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
use super::edit::{Edit, EditError, not_applicable};
use super::format::{contact_rows, degrees, num, vec2};
use super::keys::{self, Action, Binding};
use super::motion::HORIZON;
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::scene::{Scene, contact_marks};
use super::slope_steps::{self, BounceParts};
use super::steps::Step;

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

/// How deep a placed ball may sit in an obstacle, for rounding at the point of touching.
const OVERLAP_SLACK: f32 = 1e-4;

/// How many doubling rounding steps [`SlopeScene::touching_at`] tries.
const TOUCH_STEPS: u32 = 12;

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

/// The slope: a right triangle with its right angle at the bottom right (before turning),
/// whose long side faces up and to the left, towards the ball; its centroid is `center`.
fn slope(center: Vec2, angle: f32) -> Triangle {
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

/// The shapes the keys can change, in the order `a` cycles through them.
const SHAPES: &[&str] = &["ball", "slope"];

/// Everything the ball can hit: the slope first, then the four angled corners, then the four
/// straight walls. All of them reflect.
fn obstacles(slope: Triangle) -> Vec<Obstacle> {
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

    /// The numbers the steps show.
    fn parts(&self) -> BounceParts {
        BounceParts {
            crossing: self.crossing,
            point: self.point,
            normal: self.normal,
            overshoot: self.overshoot,
            incoming: self.incoming,
            outgoing: self.outgoing,
        }
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
    /// The launch direction in degrees; while the ball flies, its heading.
    aim: f32,
    velocity: Option<Vec2>,
    obstacles: Vec<Obstacle>,
    last: Option<Bounce>,
    bounces: u32,
    slope_center: Vec2,
    slope_angle: f32,
}

impl SlopeScene {
    /// The starting state: the ball at rest on the left, aimed right at the slope.
    pub(crate) fn new() -> Self {
        Self {
            ball: Disk::new(BALL_START, RADIUS),
            aim: 0.0,
            velocity: None,
            obstacles: obstacles(slope(Vec2::ZERO, 0.0)),
            last: None,
            bounces: 0,
            slope_center: Vec2::ZERO,
            slope_angle: 0.0,
        }
    }

    /// Puts the slope at `center`, turned by `angle` degrees, unless it would overlap the
    /// ball or leave the box.
    fn place_slope(&mut self, center: Vec2, angle: f32) -> Result<bool, EditError> {
        let limit = INNER - Vec2::splat(SLOPE_SIDE);
        let center = center.clamp(-limit, limit);
        let angle = angle.rem_euclid(360.0);
        if (center, angle) == (self.slope_center, angle_of(self)) {
            return Ok(false);
        }
        let moved = slope(center, angle);
        if contact_disk_triangle(&self.ball, &moved).distance < -OVERLAP_SLACK {
            return Err(EditError::Blocked("slope"));
        }
        self.obstacles[0] = Obstacle::reflect(moved);
        (self.slope_center, self.slope_angle) = (center, angle);
        Ok(true)
    }

    /// Puts the ball at `center` with radius `radius`, unless it would overlap something.
    fn place_ball(&mut self, center: Vec2, radius: f32) -> Result<bool, EditError> {
        let limit = INNER - Vec2::splat(radius + WALL_CLEARANCE);
        let ball = Disk::new(center.clamp(-limit, limit), radius);
        if self.overlaps(&ball) {
            return Err(EditError::Blocked("ball"));
        }
        let changed = ball != self.ball;
        self.ball = ball;
        Ok(changed)
    }

    /// The direction the ball flies, or would fly if launched.
    fn heading(&self) -> Vec2 {
        self.velocity.map_or_else(
            || Vec2::from_angle(self.aim.to_radians()),
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
    /// walls, and stops it where it first touches anything on the way, so that the keys can
    /// never push it into a wall, a corner or the slope (where a launched ball used to bounce
    /// on the spot, its bounce count climbing). Pressing on into what it touches does nothing.
    fn move_ball(&mut self, offset: Vec2) -> bool {
        let limit = INNER - Vec2::splat(self.ball.radius + WALL_CLEARANCE);
        let start = self.ball.center;
        let delta = (start + offset).clamp(-limit, limit) - start;
        let moved = match earliest_hit(&self.ball, delta, &self.obstacles) {
            Some((_, hit)) => self.touching_at(start + delta * hit.toi, delta),
            None => Disk {
                center: start + delta,
                ..self.ball
            },
        };
        let center = moved.center;
        if center == start || self.overlaps(&moved) {
            return false;
        }
        self.ball = moved;
        true
    }

    /// The ball at `center`, where a sweep along `delta` found it touching, moved on by the
    /// few rounding steps it may take for the intersection test to agree that it touches.
    fn touching_at(&self, center: Vec2, delta: Vec2) -> Disk {
        let along = delta.normalize_or_zero();
        let mut ball = Disk {
            center,
            ..self.ball
        };
        let mut nudge = f32::EPSILON * center.abs().max_element().max(1.0);
        for _ in 0..TOUCH_STEPS {
            if self.obstacles.iter().any(|o| touches(&ball, &o.shape)) {
                break;
            }
            ball.center = center + along * nudge;
            nudge *= 2.0;
        }
        ball
    }

    /// Whether a ball at this place would sink into an obstacle by more than rounding
    /// ([`OVERLAP_SLACK`]); touching is allowed.
    fn overlaps(&self, ball: &Disk) -> bool {
        self.obstacles
            .iter()
            .any(|o| contact(ball, &o.shape).is_some_and(|c| c.distance < -OVERLAP_SLACK))
    }

    /// Turns the aim by `degrees`; a flying ball turns its heading from where it points now.
    fn turn(&mut self, degrees: f32) {
        if let Some(velocity) = &mut self.velocity {
            *velocity = Vec2::from_angle(degrees.to_radians()).rotate(*velocity);
            self.aim = velocity.to_angle().to_degrees().rem_euclid(360.0);
        } else {
            self.aim = (self.aim + degrees).rem_euclid(360.0);
        }
    }
}

/// The slope's angle in degrees.
fn angle_of(scene: &SlopeScene) -> f32 {
    scene.slope_angle
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
    fn shape_names(&self) -> &'static [&'static str] {
        SHAPES
    }

    fn edit(&mut self, which: usize, edit: Edit) -> Result<bool, EditError> {
        let (center, angle) = (self.slope_center, self.slope_angle);
        match (which, edit) {
            (0, Edit::MoveBy(offset)) => Ok(self.move_ball(offset)),
            (0, Edit::MoveTo(at)) => self.place_ball(at, self.ball.radius),
            (0, Edit::Radius(r)) => self.place_ball(self.ball.center, r.min(SLOPE_SIDE)),
            (0, Edit::TurnBy(delta)) => {
                self.turn(delta);
                Ok(true)
            }
            (0, Edit::AngleTo(to)) => {
                let now = self.heading().to_angle().to_degrees();
                self.turn(to - now);
                Ok(true)
            }
            (_, Edit::MoveBy(offset)) => self.place_slope(center + offset, angle),
            (_, Edit::MoveTo(at)) => self.place_slope(at, angle),
            (_, Edit::TurnBy(delta)) => self.place_slope(center, angle + delta),
            (_, Edit::AngleTo(to)) => self.place_slope(center, to),
            _ => Err(not_applicable(SHAPES[which.min(1)], edit)),
        }
    }

    fn position(&self, which: usize) -> Vec2 {
        if which == 0 {
            self.ball.center
        } else {
            self.slope_center
        }
    }

    fn under(&self, point: Vec2) -> Option<usize> {
        let dot = Disk::new(point, 0.0);
        if dot.intersects(&self.ball) {
            Some(0)
        } else if touches(&dot, &self.obstacles[0].shape) {
            Some(1)
        } else {
            None
        }
    }

    fn hit(&self) -> bool {
        !self.touching().is_empty()
    }

    fn steps(&self) -> Vec<Step> {
        slope_steps::steps(self.last.as_ref().map(Bounce::parts), self.ball.radius)
    }

    fn apply(&mut self, action: Action) -> bool {
        match action {
            Action::Launch => {
                self.velocity = match self.velocity {
                    Some(_) => None,
                    None => Some(Vec2::from_angle(self.aim.to_radians()) * SPEED),
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
        let velocity = flight.delta.normalize_or_zero() * SPEED;
        self.velocity = Some(velocity);
        self.aim = velocity.to_angle().to_degrees().rem_euclid(360.0);
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
