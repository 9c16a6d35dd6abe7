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
