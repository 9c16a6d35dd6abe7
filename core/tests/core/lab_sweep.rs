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
