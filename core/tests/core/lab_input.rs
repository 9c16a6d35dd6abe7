//! Direct input in the lab: the active shape, the `:` prompt, fine turns, snapping to
//! touching, pointer gestures, and distances near the boundary; and the steps of each test.

use sokoshot_core::geom::{Intersects, Obb, Vec2, sat_obb_obb};
use sokoshot_core::lab::{Figure, Ink, Key, Lab, MAX_PROMPT, Outcome, Pointer, SceneId, Verdict};

use crate::lab_support::{enter, press};

fn shapes(lab: &Lab, ink: Ink) -> Vec<Figure> {
    lab.picture().with_ink(ink).cloned().collect()
}

#[test]
fn a_cycles_the_active_shape_and_the_keys_move_it() {
    let mut lab = Lab::new(SceneId::AabbAabb);
    assert_eq!(lab.active_name(), "box A");
    press(&mut lab, "a");
    assert_eq!(lab.active_name(), "box B");
    press(&mut lab, "h");
    assert_eq!(lab.readout().value("B"), Some("(-0.50, 0.00)"));
    press(&mut lab, "a");
    assert_eq!(lab.active_name(), "box A", "wraps around");
}

#[test]
fn the_prompt_sets_exact_values_and_says_what_is_wrong() {
    let mut lab = Lab::new(SceneId::DiskObb);
    enter(&mut lab, "pos 1.5 -2");
    assert_eq!(lab.readout().value("disk"), Some("(1.50, -2.00)"));
    enter(&mut lab, "radius 0.5");
    assert!(lab.message().is_none(), "{:?}", lab.message());
    press(&mut lab, "a");
    enter(&mut lab, "angle 12.5");
    assert_eq!(lab.readout().value("angle"), Some("12.5°"));
    enter(&mut lab, "size 4 1");
    assert_eq!(lab.readout().value("box"), Some("4.00 × 1.00"));
    enter(&mut lab, "radius 2");
    assert_eq!(lab.message(), Some("the box has no radius (it has a size)"));
    enter(&mut lab, "jump 3");
    assert!(lab.message().unwrap().starts_with("unknown \"jump\""));
    lab.press(Key::Char(':'));
    for _ in 0..MAX_PROMPT + 10 {
        lab.press(Key::Char('9'));
    }
    assert_eq!(lab.prompt().map(str::len), Some(MAX_PROMPT), "bounded");
    lab.press(Key::Backspace);
    assert_eq!(lab.prompt().map(str::len), Some(MAX_PROMPT - 1));
    lab.press(Key::Esc);
    assert!(lab.prompt().is_none(), "Esc closes the prompt");
    assert_eq!(
        lab.press(Key::Char('q')),
        Outcome::Quit,
        "keys are keys again"
    );
}

#[test]
fn angle_brackets_turn_by_one_degree() {
    let mut lab = Lab::new(SceneId::DiskObb);
    // The page draws y up, where clockwise on screen (`>`) is a negative angle.
    press(&mut lab, ">>>");
    assert_eq!(lab.readout().value("angle"), Some("27.0°"));
    press(&mut lab, "<");
    assert_eq!(lab.readout().value("angle"), Some("28.0°"));
}

#[test]
fn z_snaps_to_just_touching_along_the_last_move_in_every_scene() {
    // The shot starts bouncing: its verdict is the flight's, not two shapes touching.
    for scene in SceneId::ALL
        .into_iter()
        .filter(|s| !matches!(s, SceneId::Slope | SceneId::Shot))
    {
        let mut lab = Lab::new(scene);
        press(&mut lab, "l");
        assert_eq!(lab.readout().verdict, Verdict::Miss, "{scene}");
        press(&mut lab, "z");
        assert_eq!(lab.message(), Some("snapped: just touching"), "{scene}");
        assert_eq!(
            lab.readout().verdict,
            Verdict::Hit,
            "{scene}: touching is a hit"
        );
        if let Some(gap) = lab.readout().value("depth").or(lab.readout().value("gap")) {
            assert!(gap.contains('e') || gap.starts_with('0'), "{scene}: {gap}");
        }
        // A small step back along the move, and they are apart.
        press(&mut lab, "H");
        assert_eq!(
            lab.readout().verdict,
            Verdict::Miss,
            "{scene}: just touching"
        );
        // From a hit, z goes on along the last move (never against it) to where they part.
        press(&mut lab, "lllll");
        assert_eq!(lab.readout().verdict, Verdict::Hit, "{scene}");
        let before = lab.readout().rows.clone();
        press(&mut lab, "z");
        assert_eq!(lab.readout().verdict, Verdict::Hit, "{scene}");
        assert_ne!(lab.readout().rows, before, "{scene}: it moved");
        press(&mut lab, "L");
        assert_eq!(
            lab.readout().verdict,
            Verdict::Miss,
            "{scene}: went on to the far side"
        );
    }
}

#[test]
fn z_brings_the_slope_ball_to_just_touching() {
    let mut lab = Lab::new(SceneId::Slope);
    press(&mut lab, "l");
    press(&mut lab, "z");
    assert_eq!(lab.message(), Some("snapped: just touching"));
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    assert_eq!(lab.readout().value("with"), Some("slope"));
}

#[test]
fn near_the_boundary_a_gap_is_never_printed_as_zero() {
    let mut lab = Lab::new(SceneId::DiskAabb);
    // The disk's edge 0.0004 short of the box's left side (-3).
    enter(&mut lab, "pos -4.0004 0");
    assert_eq!(lab.readout().verdict, Verdict::Miss);
    let gap = lab.readout().value("gap").unwrap().to_owned();
    assert!(gap.starts_with("0.0004"), "{gap}");
    assert!(
        lab.readout().value("note").is_some(),
        "the seed's >= is recalled"
    );
    enter(&mut lab, "pos -4 0");
    assert_eq!(
        lab.readout().verdict,
        Verdict::Hit,
        "touching counts as a hit"
    );
}

#[test]
fn pointer_drags_shapes_clicks_move_the_active_one_and_the_wheel_turns() {
    let mut lab = Lab::new(SceneId::ObbObb);
    // Grab the blue box off its centre and drag it onto the green one.
    assert_eq!(
        lab.point(Pointer::Press(Vec2::new(-9.25, 0.5))),
        Outcome::Redraw
    );
    lab.point(Pointer::Drag(Vec2::new(-5.0, 0.5)));
    lab.point(Pointer::Drag(Vec2::new(-3.0, 0.5)));
    lab.point(Pointer::Release);
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    // Dragging after the release does nothing.
    assert_eq!(
        lab.point(Pointer::Drag(Vec2::new(9.0, 9.0))),
        Outcome::Unchanged
    );
    // Grab the green box where the blue one is not: it becomes active.
    lab.point(Pointer::Press(Vec2::new(2.0, 1.0)));
    lab.point(Pointer::Release);
    assert_eq!(lab.active_name(), "green box");
    lab.point(Pointer::Wheel(Vec2::new(2.0, 1.0), true));
    // Counter-clockwise on screen, a positive angle with the page's y up.
    assert_eq!(lab.readout().value("angles"), Some("0.0° / 35.0°"));
    // A click on empty space moves the active (green) box there.
    lab.point(Pointer::Press(Vec2::new(6.0, 6.0)));
    lab.point(Pointer::Release);
    assert_eq!(lab.readout().verdict, Verdict::Miss);
}

#[test]
fn shapes_and_guides_stay_inside_the_view() {
    let inside = |lab: &Lab, what: &str| {
        let picture = lab.picture();
        let (lo, hi) = (
            picture.view.center - picture.view.half,
            picture.view.center + picture.view.half,
        );
        for mark in &picture.marks {
            let points: Vec<Vec2> = match &mark.figure {
                Figure::Disk(d) => vec![d.center - d.radius, d.center + d.radius],
                Figure::Obb(b) => b.corners().to_vec(),
                Figure::Aabb(b) => vec![b.min, b.max],
                Figure::Triangle(t) => vec![t.a, t.b, t.c],
                Figure::Text(p, _) | Figure::Dot(p) => vec![*p],
                _ => continue,
            };
            for p in points {
                assert!(
                    p.cmpge(lo - 1e-3).all() && p.cmple(hi + 1e-3).all(),
                    "{what}: {:?} at {p} outside {lo}..{hi}",
                    mark.ink
                );
            }
        }
    };
    for scene in SceneId::ALL {
        inside(&Lab::new(scene), scene.name());
    }
    let mut lab = Lab::new(SceneId::DiskAabb);
    press(&mut lab, &"h".repeat(40));
    press(&mut lab, &"k".repeat(40));
    inside(&lab, "disk pushed into a corner");
    let mut lab = Lab::new(SceneId::DiskTriangle);
    press(&mut lab, &"s".repeat(40));
    press(&mut lab, &"t".repeat(40));
    inside(&lab, "stretched triangle");
    let mut lab = Lab::new(SceneId::ObbObb);
    press(&mut lab, "ccqqr");
    inside(&lab, "the axis compass");
}

#[test]
fn steps_go_forward_and_back_and_one_of_them_decides() {
    for scene in SceneId::ALL {
        let mut lab = Lab::new(scene);
        press(&mut lab, "llllllllll");
        assert!(lab.step().is_none());
        press(&mut lab, "e");
        let (shown, steps) = lab.step().expect("shown");
        assert_eq!(shown, 0, "{scene}");
        for _ in 0..steps.len() + 3 {
            press(&mut lab, "]");
        }
        assert_eq!(
            lab.step().unwrap().0,
            steps.len() - 1,
            "{scene}: stops at the last"
        );
        press(&mut lab, "[");
        assert_eq!(
            lab.step().unwrap().0,
            steps.len().saturating_sub(2),
            "{scene}"
        );
        if scene != SceneId::Slope {
            assert!(steps.iter().any(|s| s.decides), "{scene}: a step decides");
        }
        press(&mut lab, "e");
        assert!(lab.step().is_none());
    }
}

#[test]
fn the_disk_box_steps_name_the_sub_test_that_decided() {
    let cases = [
        ("far left", "", "outside the box grown by r?", Verdict::Miss),
        (
            "in the strip",
            "pos -3.5 0",
            "in the corner square?",
            Verdict::Hit,
        ),
        (
            "near a corner",
            "pos -3.6 -1.6",
            "in the corner square?",
            Verdict::Hit,
        ),
        (
            "past a corner",
            "pos -3.8 -1.8",
            "in the corner square?",
            Verdict::Miss,
        ),
    ];
    for (name, line, title, verdict) in cases {
        let mut lab = Lab::new(SceneId::DiskAabb);
        if !line.is_empty() {
            enter(&mut lab, line);
        }
        press(&mut lab, "e");
        let (_, steps) = lab.step().unwrap();
        let deciding: Vec<&str> = steps
            .iter()
            .filter(|s| s.decides)
            .map(|s| s.title.as_str())
            .collect();
        assert_eq!(deciding, [title], "{name}");
        assert_eq!(lab.readout().verdict, verdict, "{name}");
        let text: String = steps.iter().flat_map(|s| s.lines.clone()).collect();
        let hit_said = text.contains("HIT");
        assert_eq!(hit_said, verdict == Verdict::Hit, "{name}: {text}");
    }
    // The turned box: its own frame, then the same steps.
    let mut lab = Lab::new(SceneId::DiskObb);
    press(&mut lab, "e");
    let (_, steps) = lab.step().unwrap();
    assert!(
        steps[0].lines[0].starts_with("s = (C−T)·u"),
        "{:?}",
        steps[0].lines
    );
    assert!(steps[1].replace, "the box drawn in its own frame");
}

#[test]
fn the_triangle_steps_show_signs_code_table_and_distances_and_v_flips_the_view() {
    let mut lab = Lab::new(SceneId::DiskTriangle);
    press(&mut lab, "e");
    let (_, steps) = lab.step().unwrap();
    let titles: Vec<&str> = steps.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(
        titles[..3],
        ["three cross products", "region code", "edge table"]
    );
    assert!(
        titles
            .iter()
            .any(|t| t.starts_with("edge ") && t.ends_with("squared distance"))
    );
    assert_eq!(titles.last(), Some(&"older method: grown triangle"));
    let code = lab.readout().value("region").unwrap().to_owned();
    assert!(
        steps[1].lines[0].ends_with(&format!("= {}", &code[..1])),
        "{code}"
    );
    // The page draws y up; `v` flips it.
    assert!(lab.picture().y_up);
    assert_eq!(Some(lab.axes().as_str()), Some("y up, as its page"));
    press(&mut lab, "v");
    assert!(!lab.picture().y_up);
    assert_eq!(Some(lab.axes().as_str()), Some("y down, flipped (v)"));
}

#[test]
fn the_counter_example_overlaps_on_x_and_y_but_another_axis_separates() {
    let mut lab = Lab::new(SceneId::ObbObb);
    press(&mut lab, "c");
    let boxes: Vec<Obb> = [Ink::Subject, Ink::Target]
        .into_iter()
        .map(|ink| match shapes(&lab, ink).first() {
            Some(Figure::Obb(b)) => *b,
            other => panic!("{other:?}"),
        })
        .collect();
    let (blue, green) = (boxes[0], boxes[1]);
    let sat = sat_obb_obb(&blue, &green);
    assert!(
        sat.axes[0].overlaps() && sat.axes[1].overlaps(),
        "x and y overlap"
    );
    assert!(!blue.intersects(&green), "yet they are apart");
    assert_eq!(lab.readout().verdict, Verdict::Miss);
    press(&mut lab, "e");
    let (_, steps) = lab.step().unwrap();
    assert_eq!(steps.len(), 5, "four axes and the conclusion");
    let deciding = steps.iter().position(|s| s.decides).unwrap();
    assert_eq!(Some(deciding), sat.separating);
}

#[test]
fn the_aabb_steps_light_each_comparison_that_holds() {
    let mut lab = Lab::new(SceneId::AabbAabb);
    assert_eq!(lab.readout().value("1"), Some("✗ A.right >= B.left"));
    assert_eq!(lab.readout().value("2"), Some("✓ A.left <= B.right"));
    press(&mut lab, &"l".repeat(12));
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    for row in ["1", "2", "3", "4"] {
        assert!(lab.readout().value(row).unwrap().starts_with('✓'), "{row}");
    }
    let lit = shapes(&lab, Ink::Tested).len();
    assert_eq!(lit, 8, "four comparisons, two edges each, all lit");
}

#[test]
fn every_panel_line_fits_the_panel() {
    // The panel is 30 columns inside its border: a row is a space, a 7-column label and its
    // value; a step line is indented by two, a title by one.
    let keys = [
        "",
        "lllllllllll",
        "lllllllllllk",
        "llllllllllllllllllll",
        "c",
        "m ",
        "e]]",
    ];
    for scene in SceneId::ALL {
        for keys in keys {
            let mut lab = Lab::new(scene);
            press(&mut lab, keys);
            for _ in 0..40 {
                lab.tick();
            }
            for row in lab.readout().rows {
                let width = row.value.chars().count();
                assert!(
                    width <= 22,
                    "{scene} after {keys:?}: {}: {:?}",
                    row.label,
                    row.value
                );
            }
            press(&mut lab, "e");
            let Some((_, steps)) = lab.step() else {
                continue;
            };
            for step in steps {
                assert!(
                    step.title.chars().count() <= 29,
                    "{scene}: {:?}",
                    step.title
                );
                for line in step.lines {
                    assert!(line.chars().count() <= 28, "{scene}: {line:?}");
                }
            }
        }
    }
}

#[test]
fn the_slope_moves_and_turns_when_active_but_never_onto_the_ball() {
    let mut lab = Lab::new(SceneId::Slope);
    press(&mut lab, "a");
    assert_eq!(lab.active_name(), "slope");
    press(&mut lab, "lr");
    assert_eq!(lab.readout().value("slope"), Some("(0.50, 0.00) 355.0°"));
    // The ball sits left of the slope on its line: the slope cannot be pushed into it.
    press(&mut lab, "a");
    enter(&mut lab, "pos -3 0");
    press(&mut lab, "a");
    press(&mut lab, "hhhhhhh");
    assert_eq!(lab.message(), Some("the slope would overlap the ball"));
    assert_eq!(lab.readout().verdict, Verdict::Miss);
}
