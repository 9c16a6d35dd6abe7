//! The lab agrees with itself at every boundary: the verdict, the printed gap or depth and the
//! steps come from one computation, and each case reported against it is pinned here with its
//! exact numbers.

use sokoshot_core::lab::{Key, Lab, SceneId, Verdict};

fn press(lab: &mut Lab, keys: &str) {
    for c in keys.chars() {
        lab.press(Key::Char(c));
    }
}

fn command(lab: &mut Lab, line: &str) {
    lab.press(Key::Char(':'));
    press(lab, line);
    lab.press(Key::Enter);
}

/// The lines of the step titled `title`, with the steps shown.
fn step_lines(lab: &Lab, title: &str) -> Vec<String> {
    let (_, steps) = lab.step().expect("steps shown");
    steps
        .into_iter()
        .find(|s| s.title == title)
        .unwrap_or_else(|| panic!("no step {title:?}"))
        .lines
}

#[test]
fn w1_a_disk_one_float_step_past_a_corner_misses_and_says_so() {
    let cases = [
        (
            SceneId::DiskAabb,
            "angle 0",
            "pos 3.70710678 1.70710678",
            "1.0000001",
        ),
        (
            SceneId::DiskObb,
            "angle 90",
            "pos 1.70710678 3.70710678",
            "1.0000001",
        ),
        (
            SceneId::DiskObb,
            "angle 180",
            "pos 3.70710678 1.70710678",
            "1.0000001",
        ),
    ];
    for (scene, angle, pos, d2) in cases {
        let mut lab = Lab::new(scene);
        press(&mut lab, "a");
        command(&mut lab, angle);
        press(&mut lab, "a");
        command(&mut lab, pos);
        let readout = lab.readout();
        let case = format!("{scene} {angle} {pos}");
        assert_eq!(readout.verdict, Verdict::Miss, "{case}");
        assert_eq!(readout.value("depth"), None, "{case}: {readout:?}");
        assert_eq!(readout.value("gap"), Some("5.96e-8"), "{case}");
        press(&mut lab, "e");
        let lines = step_lines(&lab, "in the corner square?");
        assert_eq!(
            lines[2..],
            [
                format!("ax² + ay² = {d2}"),
                "> r² = 1.0000000: MISS".to_owned()
            ],
            "{case}"
        );
    }
}

#[test]
fn w1_exactly_touching_a_corner_is_a_hit_with_depth_zero() {
    let mut lab = Lab::new(SceneId::DiskAabb);
    // 0.75² + 1² = 1.25², all exact in binary: the disk touches the corner (3, 1).
    command(&mut lab, "radius 1.25");
    command(&mut lab, "pos 3.75 2");
    let readout = lab.readout();
    assert_eq!(readout.verdict, Verdict::Hit);
    assert_eq!(readout.value("depth"), Some("0 (touching)"));
    press(&mut lab, "e");
    let lines = step_lines(&lab, "in the corner square?");
    assert_eq!(lines[2..4], ["ax² + ay² = 1.56", "<= r² = 1.56: HIT"]);
}

#[test]
fn w2_the_ball_s_bounce_path_starts_where_the_ball_was_the_tick_before() {
    let mut lab = Lab::new(SceneId::Slope);
    press(&mut lab, "x p");
    // The reported run had a few ticks go by before `p`; step until the first bounce.
    let mut before = String::new();
    for _ in 0..60 {
        if lab.readout().value("bounce") != Some("0") {
            break;
        }
        before = lab.readout().value("ball").unwrap().to_owned();
        press(&mut lab, ".");
    }
    assert_eq!(lab.readout().value("bounce"), Some("1"));
    press(&mut lab, "e");
    let lines = step_lines(&lab, "old → new position");
    assert_eq!(before, "(-2.45, 0.00)", "the tick before the bounce");
    assert_eq!(lines[0], format!("from {before}"));
    assert_eq!(lines[1], "to (-2.25, 0.00)");
}
