//! The shot scene against a calculation by hand: the game's shot (radius 0.15, 12 cells a
//! second, 60 ticks a second) fired right along y = 2.5 from x = 1.5 meets the slope `J` in
//! cell (7, 2), whose long side runs from (8, 2) to (7, 3) with the outward normal
//! (−1, −1)/√2. The disk touches it when its centre is 0.15 from that line: at x = 7.5 −
//! 0.15·√2 ≈ 7.288, after 5.788 cells, 0.4823 s (within tick 29, which ends at 0.483 s; the
//! panel gives the moment of contact). Reflected
//! straight up, it meets the top wall (y = 1) when its centre is at y = 1.15, 1.35 cells on:
//! 0.1125 s more, 0.5948 s in all, within tick 36 (0.600 s).

use sokoshot_core::lab::{Key, Lab, SceneId, Verdict};

#[test]
fn the_shot_bounces_off_the_slope_and_stops_at_the_wall_when_the_hand_calculation_says() {
    let lab = Lab::new(SceneId::Shot);
    let readout = lab.readout();
    assert_eq!(readout.verdict, Verdict::Hit);
    assert_eq!(readout.value("bounce"), Some("1"));
    assert_eq!(readout.value("#1"), Some("0.482s (-0.71, -0.71)"));
    assert_eq!(readout.value("ended"), Some("stopped by 0.600s"));
    let touch_x = 7.5 - 0.15 * 2f32.sqrt();
    let first = (touch_x - 1.5) / 12.0;
    assert!((first * 60.0).ceil() == 29.0, "{first}");
    let end = first + (2.5 - 1.15) / 12.0;
    assert!((end * 60.0).ceil() == 36.0, "{end}");
}

#[test]
fn a_shot_placed_inside_a_wall_is_refused_and_said_so() {
    let mut lab = Lab::new(SceneId::Shot);
    lab.press(Key::Char('k'));
    lab.press(Key::Char('k'));
    let readout = lab.readout();
    assert_eq!(readout.value("from"), Some("(1.50, 1.50)"));
    assert_eq!(
        readout.value("bounce"),
        Some("0"),
        "along row 1, above the slope"
    );
    lab.press(Key::Char('k'));
    lab.press(Key::Char('k'));
    let readout = lab.readout();
    assert_eq!(readout.verdict, Verdict::Miss);
    assert_eq!(readout.value("shot"), Some("not placed: in a solid"));
}
