//! Carrying a disk through a set of obstacles for one tick: stop at solids, bounce off slopes.

use super::sweep::{Hit, sweep_disk_shape};
use super::{Aabb, Disk, Intersects, Shape, reflect};
use glam::Vec2;

/// After a hit at a time of impact above zero the disk is set this far off the surface, along
/// the contact normal, so that rounding never leaves it overlapping what it hit.
pub const CONTACT_GAP: f32 = 1e-4;

/// What a moving disk does when it meets an obstacle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Response {
    /// The disk stops against it (walls, boxes, enemies).
    Stop,
    /// The disk bounces off it with its speed unchanged (slopes, spinners).
    Reflect,
}

/// A still shape in the disk's way and how the disk responds to it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obstacle {
    /// The solid shape.
    pub shape: Shape,
    /// Stop or bounce.
    pub response: Response,
}

impl Obstacle {
    /// An obstacle that stops the disk.
    #[must_use]
    pub fn stop(shape: impl Into<Shape>) -> Self {
        Self {
            shape: shape.into(),
            response: Response::Stop,
        }
    }

    /// An obstacle the disk bounces off.
    #[must_use]
    pub fn reflect(shape: impl Into<Shape>) -> Self {
        Self {
            shape: shape.into(),
            response: Response::Reflect,
        }
    }
}

/// Where a disk carried for one tick ended up, and why.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flight {
    /// The disk where it ends this tick.
    pub disk: Disk,
    /// Its motion per tick after any bounces, as long as the input motion.
    pub delta: Vec2,
    /// The index in `obstacles` of the [`Response::Stop`] obstacle that stopped it, if any.
    pub stopped_by: Option<usize>,
    /// How many times it bounced this tick.
    pub bounces: u32,
}

/// The earliest hit of a disk at `center` moving by `motion` among the obstacles, ignoring
/// bounce surfaces it is leaving or only grazing. Ties go to the lower index.
fn first_hit(
    disk: Disk,
    center: Vec2,
    motion: Vec2,
    obstacles: &[Obstacle],
) -> Option<(usize, Hit)> {
    let moving = Disk { center, ..disk };
    // The box the disk sweeps through: obstacles whose bounds miss it are skipped unswept.
    let end = center + motion;
    let swept = Aabb {
        min: center.min(end) - disk.radius,
        max: center.max(end) + disk.radius,
    };
    let mut best: Option<(usize, Hit)> = None;
    for (i, obstacle) in obstacles.iter().enumerate() {
        if !swept.intersects(&obstacle.shape.bounds()) {
            continue;
        }
        let Some(hit) = sweep_disk_shape(&moving, motion, &obstacle.shape) else {
            continue;
        };
        if obstacle.response == Response::Reflect && hit.normal.dot(motion) >= 0.0 {
            continue;
        }
        if best.is_none_or(|(_, b)| hit.toi < b.toi) {
            best = Some((i, hit));
        }
    }
    best
}

/// The first obstacle a disk moving by `delta` meets, as [`carry_disk`] chooses it: the
/// earliest hit, skipping bounce surfaces the disk is leaving or only grazing, ties to the
/// lower index. The obstacle's index and the swept hit; `None` when the path is clear.
#[must_use]
pub fn earliest_hit(disk: &Disk, delta: Vec2, obstacles: &[Obstacle]) -> Option<(usize, Hit)> {
    first_hit(*disk, disk.center, delta, obstacles)
}

/// Carries `disk` along `delta` (this tick's motion of its centre) through `obstacles`.
///
/// The disk stops at the first [`Response::Stop`] obstacle it touches (one it already overlaps
/// stops it at time 0) and reflects off [`Response::Reflect`] ones, keeping its speed, at most
/// `max_bounces` times; at the next bounce surface after that it ends where it touches it,
/// with its motion unchanged, so the bounce happens next tick. After a hit it is set
/// [`CONTACT_GAP`] off the surface. A reflect obstacle the disk overlaps while moving away
/// from it is ignored, so a disk can always leave a surface it bounced off.
///
/// Allocates nothing; NaN anywhere in the disk or `delta` gives a NaN disk and never panics.
#[must_use]
pub fn carry_disk(disk: Disk, delta: Vec2, obstacles: &[Obstacle], max_bounces: u32) -> Flight {
    let mut center = disk.center;
    let mut remaining = delta;
    let mut velocity = delta;
    let mut bounces = 0;
    let mut stopped_by = None;
    loop {
        let Some((i, hit)) = first_hit(disk, center, remaining, obstacles) else {
            center += remaining;
            break;
        };
        center += remaining * hit.toi;
        if hit.toi > 0.0 {
            center += hit.normal * CONTACT_GAP;
        }
        if obstacles[i].response == Response::Stop {
            stopped_by = Some(i);
            break;
        }
        if bounces >= max_bounces {
            break;
        }
        remaining = reflect(remaining * (1.0 - hit.toi), hit.normal);
        velocity = reflect(velocity, hit.normal);
        bounces += 1;
    }
    if bounces > 0 {
        // Undo the rounding drift of repeated reflections: same speed as given.
        velocity = velocity.normalize_or_zero() * delta.length();
    }
    Flight {
        disk: Disk { center, ..disk },
        delta: velocity,
        stopped_by,
        bounces,
    }
}
