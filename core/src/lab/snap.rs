//! `z`: move the active shape along its last move until the two shapes just touch.
//!
//! The search steps along the direction in [`SNAP_STEP`] units up to [`SNAP_REACH`] (from a
//! miss to the first hit, or from a hit on to the first miss, always along the last move), then bisects the
//! last step until the two ends are neighbouring floats (at most [`SNAP_BISECTIONS`] halvings),
//! and ends on the hit side: the last place the scene's own test calls a hit, one float step
//! from a miss, so the panel's depth there is zero or within rounding of it.

use crate::geom::Vec2;

use super::edit::Edit;
use super::scene::Scene;

/// How far along the last move the search looks, in world units.
pub const SNAP_REACH: f32 = 40.0;

/// The search's coarse step, in world units.
pub const SNAP_STEP: f32 = 0.05;

/// The most halvings of the last step: more than enough to reach neighbouring floats.
pub const SNAP_BISECTIONS: u32 = 64;

/// Snaps shape `which` of `scene` along `direction`; what happened, for the panel.
pub(crate) fn snap(scene: &mut dyn Scene, which: usize, direction: Vec2) -> String {
    let Some(dir) = direction.try_normalize() else {
        return "move first: z follows the last move".to_owned();
    };
    let start = scene.position(which);
    let hit_now = scene.hit();
    // Always along the last move: from a miss on to the first hit, from a hit on until the
    // verdict flips (out through the far side), ending on the hit side.
    // A place the scene refuses (a ball pushed into a wall) lies past touching.
    let probe = |s: f32| -> bool {
        let mut trial = scene.clone_scene();
        match trial.edit(which, Edit::MoveTo(start + dir * s)) {
            Ok(_) => trial.hit(),
            Err(_) => !hit_now,
        }
    };
    let mut near = 0.0;
    let mut far = None;
    let mut s = SNAP_STEP;
    while s <= SNAP_REACH {
        if probe(s) == hit_now {
            near = s;
        } else {
            far = Some(s);
            break;
        }
        s += SNAP_STEP;
    }
    let Some(mut far) = far else {
        return format!("nothing to touch within {SNAP_REACH} along the last move");
    };
    for _ in 0..SNAP_BISECTIONS {
        let mid = (near + far) / 2.0;
        if mid <= near || mid >= far {
            break;
        }
        if probe(mid) == hit_now {
            near = mid;
        } else {
            far = mid;
        }
    }
    // End on the hit side: touching counts as a hit.
    let end = if hit_now { near } else { far };
    match scene.edit(which, Edit::MoveTo(start + dir * end)) {
        Ok(_) => "snapped: just touching".to_owned(),
        Err(err) => err.to_string(),
    }
}
