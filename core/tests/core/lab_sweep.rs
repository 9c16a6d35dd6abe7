//! The swept-box scene against a calculation by hand: box A, 2 × 1.5, starts with its centre at
//! (−8.25, 0) and travels 5 units right; box B is 3 × 3 about the origin. A first touches B
//! when its right face (centre + 1) reaches B's left face (−1.5): centre −2.5. Three steps of
//! 0.5 right put A at −6.75, 4.25 units short: time 4.25 / 5 = 0.85, the point on B's left face
//! in the middle of their overlap (y from −0.75 to 0.75: 0), the normal pointing left.

use sokoshot_core::lab::{Key, Lab, SceneId, Verdict};

#[test]
fn the_swept_box_meets_the_still_box_when_the_hand_calculation_says() {
    let mut lab = Lab::new(SceneId::Sweep);
    assert_eq!(
        lab.readout().verdict,
        Verdict::Miss,
        "0.75 short at the start"
    );
    for _ in 0..3 {
        lab.press(Key::Char('l'));
    }
    let readout = lab.readout();
    assert_eq!(readout.verdict, Verdict::Hit);
    assert_eq!(readout.value("A from"), Some("(-6.75, 0.00)"));
    assert_eq!(readout.value("toi"), Some("0.8500"));
    assert_eq!(readout.value("ghost"), Some("(-2.50, 0.00)"));
    assert_eq!(readout.value("hit at"), Some("(-1.50, 0.00)"));
    assert_eq!(readout.value("normal"), Some("(-1.00, 0.00) out"));
}

#[test]
fn the_sweep_keeps_the_nearest_of_several_boxes() {
    // As noonat/intersect's sweepInto: box C put on the path before B is met first.
    let mut lab = Lab::new(SceneId::Sweep);
    assert_eq!(lab.readout().verdict, Verdict::Miss);
    for key in ":pos -3 0".chars() {
        lab.press(Key::Char(key));
    }
    lab.press(Key::Enter);
    // A (2 × 1.5) from (-3, 0) right by 5 meets B's face x = -1.5 at t = 0.1.
    assert_eq!(lab.readout().value("meets"), Some("B"));
    assert_eq!(lab.readout().value("toi"), Some("0.1000"));
    lab.press(Key::Char('a'));
    lab.press(Key::Char('a'));
    for key in ":pos -0.5 0".chars() {
        lab.press(Key::Char(key));
    }
    lab.press(Key::Enter);
    // C (2 × 1) at (-0.5, 0) sits inside B; its face x = -1.5 is B's: a tie goes to B.
    assert_eq!(lab.readout().value("meets"), Some("B"));
    for key in ":pos -1.5 0".chars() {
        lab.press(Key::Char(key));
    }
    lab.press(Key::Enter);
    // C now spans x -2.5..-0.5 and A's face x = -2 is already inside it: A starts inside C.
    assert_eq!(lab.readout().value("meets"), Some("C"));
    assert!(
        lab.readout()
            .value("start")
            .is_some_and(|s| s.starts_with("overlap"))
    );
    for key in ":pos 0 -0.25".chars() {
        lab.press(Key::Char(key));
    }
    lab.press(Key::Enter);
    lab.press(Key::Char('e'));
    let (_, steps) = lab.step().expect("steps shown");
    assert_eq!(steps[0].title, "sweep A at each box");
    assert_eq!(
        steps[0].lines.last().map(String::as_str),
        Some("nearest: B")
    );
}

/// The sweep scene paused, with C and D moved out of the way, A placed at `pos` and aimed at
/// `aim` degrees.
fn sweep_past_b(pos: &str, aim: &str) -> Lab {
    use crate::lab_support::{command, press};
    let mut lab = Lab::new(SceneId::Sweep);
    press(&mut lab, "paa");
    command(&mut lab, "pos -20 20");
    press(&mut lab, "a");
    command(&mut lab, "pos -20 -20");
    press(&mut lab, "a");
    command(&mut lab, &format!("pos {pos}"));
    command(&mut lab, &format!("angle {aim}"));
    lab
}

#[test]
fn a_sweep_that_grazes_or_aims_at_a_corner_shows_the_rounded_corner_s_normal() {
    // A (2 × 1.5) against B (3 × 3 at the origin): A's centre against B grown by half of A,
    // [-2.5, 2.5] × [-2.25, 2.25]. Where the centre first comes within 1e-4 of that grown box
    // off its corner, the normal is the direction from the corner to the centre (the rounded
    // corner of the Minkowski sum), as the cast scene shows it; along a face, the face's.
    // Each expected normal is worked out in f64 on the typed numbers rounded to f32
    // (e.g. -2.2501 is stored as -2.25009990: 9.999e-5 below the grown top face, the centre
    // first within 1e-4 of it 4.5e-6 before the corner: (-0.0453, -0.9990)).
    let cases = [
        // name, A at, aim, toi, normal
        (
            "along the top 9.999e-5 off",
            "-6 -2.2501",
            "0",
            "0.7000",
            "(-0.05, -1.00)",
        ),
        (
            "corner graze 7e-5",
            "-6 -2.25007",
            "0",
            "0.7000",
            "(-0.71, -0.70)",
        ),
        (
            "aimed into the corner at 45°",
            "-5.5 -5.25",
            "45",
            "0.8485",
            "(-0.71, -0.71)",
        ),
        (
            "corner graze 3e-5",
            "-6 -2.25003",
            "0",
            "0.7000",
            "(-0.95, -0.30)",
        ),
        (
            "corner graze 9e-5",
            "-6 -2.25009",
            "0",
            "0.7000",
            "(-0.44, -0.90)",
        ),
        (
            "mirrored graze from the right",
            "6 2.25007",
            "180",
            "0.7000",
            "(0.71, 0.70)",
        ),
        (
            "down beside the left face 8e-5",
            "-2.50008 -7",
            "90",
            "0.9500",
            "(-0.80, -0.60)",
        ),
        // Variants: the other corners, and the face cases that keep a face normal.
        (
            "up beside the right face 8e-5",
            "2.50008 7",
            "270",
            "0.9500",
            "(0.80, 0.60)",
        ),
        (
            "leftwards over the top-right corner 7e-5",
            "6 -2.25007",
            "180",
            "0.7000",
            "(0.71, -0.70)",
        ),
        (
            "rightwards under the bottom-left corner 7e-5",
            "-6 2.25007",
            "0",
            "0.7000",
            "(-0.71, 0.70)",
        ),
        (
            "down exactly along the left face line",
            "-2.5 -7",
            "90",
            "0.9500",
            "(0.00, -1.00)",
        ),
        (
            "into the left face near the corner",
            "-6 -2.2499",
            "0",
            "0.7000",
            "(-1.00, 0.00)",
        ),
        ("into the left face", "-6 0", "0", "0.7000", "(-1.00, 0.00)"),
    ];
    for (name, pos, aim, toi, normal) in cases {
        let lab = sweep_past_b(pos, aim);
        let readout = lab.readout();
        assert_eq!(readout.verdict, Verdict::Hit, "{name}");
        assert_eq!(readout.value("meets"), Some("B"), "{name}");
        assert_eq!(readout.value("toi"), Some(toi), "{name}");
        assert_eq!(
            readout.value("normal"),
            Some(format!("{normal} out").as_str()),
            "{name}"
        );
    }
    // Past the tolerance it is no hit at all.
    let lab = sweep_past_b("-6 -2.250102", "0");
    assert_eq!(lab.readout().verdict, Verdict::Miss, "1.02e-4 over the top");
}
