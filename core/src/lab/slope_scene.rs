//! A ball bouncing in a box with angled walls (seed 004). The ball flies with `carry_disk`,
//! the function the game's shots use; each bounce is measured with `earliest_hit`, the same
//! choice `carry_disk` makes: where
//! the centre was when the ball touched (the crossing point), how far it would have gone on
//! past it that tick (the overshoot), and the angles in and out against the normal.

use crate::geom::{
    Contact, Disk, Intersects, Obstacle, Segment, Shape, Vec2, carry_disk, earliest_hit,
};

use super::TICK;
use super::edit::{self, Edit, EditError};
use super::format::{contact_rows_by, degrees, num, vec2};
use super::keys::{self, Action, Binding};
use super::motion::HORIZON;
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::scene::{Scene, contact_marks};
use super::slope_steps;
use super::slope_world::{
    Bounce, Jump, SLOPE_SIDE, contact, exact_gap, obstacle_name, obstacles, shape_figure, slope,
    touches,
};
use super::steps::Step;
use super::touch::{Gap, hits};

/// Where the ball starts: left of the slope, on the line through the slope's middle.
const BALL_START: Vec2 = Vec2::new(-9.25, 0.0);

/// The ball's radius.
const RADIUS: f32 = 0.75;

/// The ball's speed in world units per second.
const SPEED: f32 = 12.0;

/// The most bounces `carry_disk` may make in one tick.
const MAX_BOUNCES: u32 = 4;

/// How many ticks ahead the path preview runs.
const PREVIEW_TICKS: usize = 90;

/// How long the drawn incoming and outgoing rays of the last bounce are.
const RAY: f32 = 2.5;

/// How much flight one jump of the point covers, in seconds: large enough to see the path
/// cross the surface and overshoot it.
const POINT_PERIOD: f32 = 0.25;

/// The most jumps of the point in one tick (at the highest speed).
const MAX_JUMPS: u32 = 4;

/// The shapes the keys can change, in the order `a` cycles through them.
const SHAPES: &[&str] = &["ball", "slope"];

/// The part of the world on screen: the whole box and its walls.
const VIEW: ViewBox = ViewBox {
    center: Vec2::ZERO,
    half: Vec2::new(14.2, 9.2),
};

/// The scene's state: the ball, its aim, whether it flies, and the last bounce.
#[derive(Debug, Clone)]
pub(crate) struct SlopeScene {
    pub(super) ball: Disk,
    /// The launch direction in degrees; while the ball flies, its heading.
    aim: f32,
    velocity: Option<Vec2>,
    pub(super) obstacles: Vec<Obstacle>,
    last: Option<Bounce>,
    bounces: u32,
    pub(super) slope_center: Vec2,
    pub(super) slope_angle: f32,
    /// Point mode: the time since the last jump, and the last jump.
    point: Option<(f32, Option<Jump>)>,
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
            point: None,
        }
    }

    /// Switches between the ball and the page's moving point; a ball too big for where the
    /// point is stays a point.
    fn switch_mode(&mut self) -> bool {
        if self.point.is_some() {
            if self.place_ball(self.ball.center, RADIUS).is_err() {
                return false;
            }
            self.point = None;
        } else {
            self.ball.radius = 0.0;
            self.point = Some((0.0, None));
        }
        true
    }

    /// One jump of the point: [`POINT_PERIOD`] seconds of flight at once, as on the page.
    fn jump(&mut self, velocity: Vec2) -> Jump {
        let delta = velocity * POINT_PERIOD;
        let bounce = Bounce::measure(&self.ball, delta, &self.obstacles);
        let flight = carry_disk(self.ball, delta, &self.obstacles, MAX_BOUNCES);
        let jump = Jump {
            old: self.ball.center,
            straight: self.ball.center + delta,
            end: flight.disk.center,
            bounce,
        };
        if flight.bounces > 0 {
            self.last = bounce.or(self.last);
            self.bounces += flight.bounces;
        }
        self.ball = flight.disk;
        self.velocity = Some(flight.delta.normalize_or_zero() * SPEED);
        jump
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
            .filter(|&i| {
                let shape = &self.obstacles[i].shape;
                exact_gap(&self.ball, shape).map_or_else(|| touches(&self.ball, shape), hits)
            })
            .collect()
    }

    /// The obstacle nearest to the ball, the contact with it, and the gap in `f64` on the
    /// values as placed.
    fn nearest(&self) -> Option<(usize, Contact, f64)> {
        self.obstacles
            .iter()
            .enumerate()
            .filter_map(|(i, o)| {
                let gap = exact_gap(&self.ball, &o.shape)?;
                contact(&self.ball, &o.shape).map(|c| (i, c, gap))
            })
            .min_by(|a, b| a.2.total_cmp(&b.2))
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
            (0, Edit::Size(_)) => Err(edit::has_radius("ball")),
            (_, Edit::Size(_) | Edit::Radius(_)) => Err(edit::fixed_size("slope")),
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

    fn apply(&mut self, action: Action, _active: usize) -> bool {
        match action {
            Action::PointMode => self.switch_mode(),
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
        if let Some((clock, _)) = self.point {
            let mut clock = clock + dt;
            let mut last = None;
            for _ in 0..MAX_JUMPS {
                if clock < POINT_PERIOD {
                    break;
                }
                clock -= POINT_PERIOD;
                let velocity = self.velocity.unwrap_or(velocity);
                last = Some(self.jump(velocity));
            }
            // The last jump that bounced stays drawn until another one bounces.
            let kept = self.point.and_then(|(_, jump)| jump);
            let shown = match (last, kept) {
                (Some(new), Some(old)) if new.bounce.is_none() && old.bounce.is_some() => Some(old),
                (Some(new), _) => Some(new),
                (None, kept) => kept,
            };
            self.point = Some((clock.min(POINT_PERIOD), shown));
            return;
        }
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
        if let Some((_, Some(jump))) = self.point {
            jump.draw(&mut picture);
        }
        picture.add(Figure::Disk(self.ball), Ink::Subject);
        if self.point.is_some() {
            picture.add(Figure::Dot(self.ball.center), Ink::Subject);
        }
        let heading = self.heading();
        picture.add(
            Figure::Arrow(Segment::new(
                self.ball.center + heading * RADIUS,
                self.ball.center + heading * (RADIUS + RAY),
            )),
            Ink::Subject,
        );
        if let Some((_, contact, _)) = self.nearest() {
            contact_marks(&mut picture, &contact, self.ball.center);
        }
        picture
    }

    fn readout(&self) -> Readout {
        let touching = self.touching();
        let mut readout = Readout::new(Verdict::of(!touching.is_empty()));
        if let Some((i, contact, gap)) = self.nearest() {
            let test = match self.obstacles[i].shape {
                Shape::Aabb(_) => "disk × AABB",
                _ => "disk × triangle",
            };
            readout.input("test", test);
            readout.row("with", obstacle_name(i));
            contact_rows_by(&mut readout, &contact, Gap::of(gap), "ball");
        }
        readout.input("ball", vec2(self.ball.center));
        readout.input("radius", num(self.ball.radius));
        readout.input(
            "slope",
            format!(
                "{} {}",
                vec2(self.slope_center),
                degrees(self.slope_angle.to_radians())
            ),
        );
        readout.input(
            "aim",
            degrees(self.heading().to_angle().rem_euclid(std::f32::consts::TAU)),
        );
        let toi = match self.next_hit() {
            Some((t, i)) => format!("{t:.4} s → {}", obstacle_name(i)),
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
        let mode = match self.point {
            Some(_) => format!("point, jumps of {} s", num(POINT_PERIOD)),
            None => "ball".to_owned(),
        };
        readout.input("mode", mode);
        readout
    }

    fn bindings(&self) -> &'static [Binding] {
        keys::SLOPE
    }
}
