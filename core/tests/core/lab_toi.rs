//! The lab's time of impact for a box moving on its own (oscillating, or orbiting and
//! turning), against a fine-stepped reference: the exact answer, found by conservative
//! advancement and bisection, must agree with stepping time in 1e-5 s steps and asking the
//! `geom` intersection test at each.

use proptest::prelude::*;
use sokoshot_core::geom::{Disk, Intersects, Obb, Vec2, contact_disk_obb, sat_obb_obb};
use sokoshot_core::lab::{HORIZON, Key, Lab, Motion, MotionKind, SceneId, TOLERANCE, first_time};

/// The reference's step, in seconds: ten times finer than the tolerance.
const FINE: f32 = 1e-5;

fn motion(kind: MotionKind) -> Motion {
    let mut motion = Motion::default();
    motion.kind = kind;
    motion.on = true;
    motion
}

fn boxed(motion: &Motion, t: f32, size: Vec2, angle: f32) -> Obb {
    let (center, angle) = motion.at(t).pose(Vec2::ZERO, angle);
    Obb::new(center, size, angle)
}

/// The first multiple of [`FINE`] at which `hit` holds, within the horizon.
fn stepped(hit: impl Fn(f32) -> bool) -> Option<f32> {
    // Precision is not at stake: 200 000 steps.
    let steps = (HORIZON / FINE) as u32;
    (0..=steps).map(|i| i as f32 * FINE).find(|&t| hit(t))
}

fn agree(exact: Option<f32>, reference: Option<f32>) -> Result<(), TestCaseError> {
    match (exact, reference) {
        (Some(a), Some(b)) => prop_assert!((a - b).abs() <= TOLERANCE + FINE, "{a} vs {b}"),
        (a, b) => prop_assert_eq!(a, b),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn disk_against_a_moving_box_meets_when_the_fine_steps_say(
        x in -9.0_f32..4.0,
        y in -7.0_f32..7.0,
        radius in 0.3_f32..2.0,
        angle in 0.0_f32..6.3,
        orbit in any::<bool>(),
    ) {
        let kind = if orbit { MotionKind::Orbit } else { MotionKind::Oscillate };
        let motion = motion(kind);
        let size = Vec2::new(6.0, 2.0);
        let disk = Disk::new(Vec2::new(x, y), radius);
        let speed = motion.speed_bound(size.length() / 2.0);
        let exact = first_time(HORIZON, speed, |t| {
            contact_disk_obb(&disk, &boxed(&motion, t, size, angle)).distance
        });
        let reference = stepped(|t| disk.intersects(&boxed(&motion, t, size, angle)));
        agree(exact, reference)?;
    }

    #[test]
    fn two_boxes_meet_when_the_fine_steps_say(
        x in -10.0_f32..4.0,
        y in -7.0_f32..7.0,
        blue_angle in 0.0_f32..6.3,
        green_angle in 0.0_f32..6.3,
        orbit in any::<bool>(),
    ) {
        let kind = if orbit { MotionKind::Orbit } else { MotionKind::Oscillate };
        let motion = motion(kind);
        let size = Vec2::new(6.0, 2.0);
        let blue = Obb::new(Vec2::new(x, y), size, blue_angle);
        let speed = motion.speed_bound(size.length() / 2.0);
        let exact = first_time(HORIZON, speed, |t| {
            let sat = sat_obb_obb(&blue, &boxed(&motion, t, size, green_angle));
            sat.axes.iter().map(|a| a.gap()).fold(f32::NEG_INFINITY, f32::max)
        });
        let reference = stepped(|t| blue.intersects(&boxed(&motion, t, size, green_angle)));
        agree(exact, reference)?;
    }
}

#[test]
fn a_moving_scene_shows_the_time_to_four_places_and_ghosts_at_impact() {
    for scene in [SceneId::DiskObb, SceneId::ObbObb] {
        let mut lab = Lab::new(scene);
        // Above the box's path as it swings down.
        for _ in 0..12 {
            lab.press(Key::Char('l'));
        }
        // y points up in these pages' scenes: `k` moves to +y.
        for _ in 0..8 {
            lab.press(Key::Char('k'));
        }
        lab.press(Key::Char('p'));
        lab.press(Key::Char('s'));
        let toi = lab.readout().value("toi").map(str::to_owned).unwrap();
        let seconds: f32 = toi
            .strip_prefix("in ")
            .and_then(|t| t.strip_suffix(" s"))
            .unwrap_or_else(|| panic!("{scene}: {toi}"))
            .parse()
            .unwrap();
        assert!(
            toi.split('.').nth(1).is_some_and(|d| d.len() == 6),
            "{scene}: {toi}"
        );
        assert!(seconds > 0.0, "{scene}: {toi}");
        let ghosts = lab
            .picture()
            .marks
            .iter()
            .filter(|m| m.ink == sokoshot_core::lab::Ink::Ghost)
            .count();
        assert_eq!(ghosts, 2, "{scene}: both shapes at the moment of impact");
    }
}
