//! The distance scene against a calculation by hand: a 3 × 2 box on the left of a right
//! triangle with legs 3 and 2 whose centroid is the origin: its corners are (-1, 2/3),
//! (2, 2/3) and (-1, -4/3), its vertical leg on x = -1.

use sokoshot_core::lab::{Key, Lab, SceneId, Verdict};

use crate::lab_support::{command, value};

#[test]
fn the_distance_scene_gives_distance_touching_and_depth_by_hand() {
    let mut lab: Lab = "distance"
        .parse::<SceneId>()
        .map(Lab::new)
        .expect("a scene");
    // The box's right face x = -4.75 faces the leg x = -1: 3.75 apart.
    assert_eq!(lab.readout().verdict, Verdict::Miss);
    assert_eq!(value(&lab, "dist"), "3.75");
    assert_eq!(value(&lab, "normal"), "(1.00, 0.00) → B");
    command(&mut lab, "pos -2.5 0");
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    assert_eq!(value(&lab, "depth"), "0 (touching)");
    command(&mut lab, "pos -2 0");
    assert_eq!(value(&lab, "depth"), "0.50");
    // Corner to corner: moved up by 3, the box's corner (-4.75, 2) is nearest the
    // triangle's corner (-1, 2/3): √(3.75² + (4/3)²) apart.
    command(&mut lab, "pos -6.25 3");
    assert_eq!(
        value(&lab, "dist"),
        format!("{:.2}", 3.75f32.hypot(4.0 / 3.0))
    );
    assert_eq!(value(&lab, "on A"), "(-4.75, 2.00)");
    assert_eq!(value(&lab, "on B"), "(-1.00, 0.67)");
    // `c` makes A a turned box, then a disk: a disk of radius 1.5 at (-6.25, 0) is 5.25 from
    // the leg, less its radius.
    lab.press(Key::Char('c'));
    lab.press(Key::Char('c'));
    command(&mut lab, "pos -6.25 0");
    assert_eq!(value(&lab, "test"), "GJK disk × triangle");
    assert_eq!(value(&lab, "dist"), "3.75");
    lab.press(Key::Char('e'));
    let (_, steps) = lab.step().expect("steps");
    assert!(steps.len() >= 2, "{steps:?}");
    assert!(steps[0].title.starts_with("GJK 1: simplex of"), "{steps:?}");
}
