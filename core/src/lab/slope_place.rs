//! Placing the slope scene's ball and slope: never into each other or into the walls. The
//! ball stops where it first touches something on its way, exactly touching (a hit).

use crate::geom::{Disk, Obstacle, Vec2, contact_disk_triangle, earliest_hit};

use super::edit::EditError;
use super::slope_scene::SlopeScene;
use super::slope_world::{INNER, SLOPE_SIDE, contact, obstacle_name, slope, touches};

/// Obstacle `i` as a message names it: "the slope", "a corner", "a wall".
fn the_obstacle(i: usize) -> &'static str {
    match obstacle_name(i) {
        "slope" => "the slope",
        "corner" => "a corner",
        _ => "a wall",
    }
}

/// How close the movement keys may bring the ball to a straight wall.
const WALL_CLEARANCE: f32 = 0.1;

/// How deep a placed ball may sit in an obstacle, for rounding at the point of touching.
const OVERLAP_SLACK: f32 = 1e-4;

/// How many doubling rounding steps [`SlopeScene::touching_at`] tries.
const TOUCH_STEPS: u32 = 12;

impl SlopeScene {
    /// Puts the slope at `center`, turned by `angle` degrees, unless it would overlap the
    /// ball or leave the box.
    pub(super) fn place_slope(&mut self, center: Vec2, angle: f32) -> Result<bool, EditError> {
        let limit = INNER - Vec2::splat(SLOPE_SIDE);
        let center = center.clamp(-limit, limit);
        let angle = angle.rem_euclid(360.0);
        if (center, angle) == (self.slope_center, self.slope_angle) {
            return Ok(false);
        }
        let moved = slope(center, angle);
        if contact_disk_triangle(&self.ball, &moved).distance < -OVERLAP_SLACK {
            return Err(EditError::Blocked("slope", "the ball"));
        }
        self.obstacles[0] = Obstacle::reflect(moved);
        (self.slope_center, self.slope_angle) = (center, angle);
        Ok(true)
    }

    /// Puts the ball at `center` with radius `radius`, unless it would overlap something.
    pub(super) fn place_ball(&mut self, center: Vec2, radius: f32) -> Result<bool, EditError> {
        let limit = INNER - Vec2::splat(radius + WALL_CLEARANCE);
        if center.abs().cmpgt(limit).any() {
            return Err(EditError::Syntax(format!(
                "the ball stays {WALL_CLEARANCE} clear of the walls: x within ±{}, y ±{}",
                limit.x, limit.y
            )));
        }
        let ball = Disk::new(center, radius);
        if let Some(i) = self.overlapped(&ball) {
            return Err(EditError::Blocked("ball", the_obstacle(i)));
        }
        let changed = ball != self.ball;
        self.ball = ball;
        Ok(changed)
    }

    /// Moves the ball by `offset`, but keeps it [`WALL_CLEARANCE`] clear of the straight
    /// walls, and stops it where it first touches anything on the way, so that the keys can
    /// never push it into a wall, a corner or the slope (where a launched ball used to bounce
    /// on the spot, its bounce count climbing). Pressing on into what it touches does nothing.
    pub(super) fn move_ball(&mut self, offset: Vec2) -> bool {
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
    pub(super) fn overlaps(&self, ball: &Disk) -> bool {
        self.overlapped(ball).is_some()
    }

    /// The first obstacle a ball at this place would sink into, as in [`Self::overlaps`].
    fn overlapped(&self, ball: &Disk) -> Option<usize> {
        self.obstacles
            .iter()
            .position(|o| contact(ball, &o.shape).is_some_and(|c| c.distance < -OVERLAP_SLACK))
    }
}
