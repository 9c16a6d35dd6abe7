//! One touch tolerance for every scene: the verdict, each axis's value, the depth and the words
//! all follow it, and casts and sweeps that start inside say so. Each case reported against the
//! lab is pinned with its exact numbers, with variants at other placements.

use sokoshot_core::lab::{Lab, SceneId, TOUCH_TOLERANCE, Verdict};

use crate::lab_support::{command, press, step_lines, value};

/// The two-box scene as reported: both boxes 2 × 2, green at the origin unturned, blue
/// turned by `angle` at `pos`.
fn two_boxes(angle: &str, pos: &str) -> Lab {
    let mut lab = Lab::new(SceneId::ObbObb);
    press(&mut lab, "a");
    command(&mut lab, "size 2 2");
    command(&mut lab, "angle 0");
    press(&mut lab, "a");
    command(&mut lab, "size 2 2");
    command(&mut lab, angle);
    command(&mut lab, pos);
    lab
}

#[test]
fn sat_near_touching_is_touching_on_every_axis_and_never_a_negative_depth() {
    // Reported: HIT with `axis 4 green y gap 1.19e-7` and `depth -1.19e-7`; the true gap is
    // 3.8e-8, within the tolerance: touching, overlap 0.
    let lab = two_boxes("angle 45", "pos 0 2.4142136");
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    assert_eq!(value(&lab, "axis 4"), "green y touching");
    assert_eq!(value(&lab, "depth"), "0 (touching)");
    assert_eq!(lab.readout().value("ax gap"), None);
    for row in &lab.readout().rows {
        assert!(!row.value.contains("e-"), "{row:?}");
        assert!(!row.value.contains("-0.0"), "{row:?}");
    }
    // Variants: the same corner on the other faces, and just apart or just overlapping.
    let cases = [
        (
            "below",
            "angle 45",
            "pos 0 -2.4142136",
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "left",
            "angle 45",
            "pos -2.4142136 0",
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "right, 135°",
            "angle 135",
            "pos 2.4142136 0",
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "face to face",
            "angle 0",
            "pos 2 0.5",
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "2e-4 apart",
            "angle 45",
            "pos 0 2.4144136",
            Verdict::Miss,
            "ax gap",
            "0.00020 (<= distance)",
        ),
        (
            "2e-4 deep",
            "angle 45",
            "pos 0 2.4140136",
            Verdict::Hit,
            "depth",
            "0.00020",
        ),
        (
            "half deep",
            "angle 0",
            "pos 1.5 0",
            Verdict::Hit,
            "depth",
            "0.50",
        ),
    ];
    for (name, angle, pos, verdict, label, want) in cases {
        let lab = two_boxes(angle, pos);
        assert_eq!(lab.readout().verdict, verdict, "{name}");
        assert_eq!(value(&lab, label), want, "{name}");
    }
}

#[test]
fn the_sat_gap_is_called_an_axis_gap_not_a_distance() {
    // Two 2 × 2 boxes at (0, 0) and (3, 3): 1.00 on an axis, 1.41 apart.
    let lab = two_boxes("angle 0", "pos 3 3");
    assert_eq!(lab.readout().verdict, Verdict::Miss);
    assert_eq!(value(&lab, "ax gap"), "1.00 (<= distance)");
    assert_eq!(value(&lab, "dist"), "1.41");
}

#[test]
fn sat_steps_follow_the_tolerance_axis_by_axis() {
    let mut lab = two_boxes("angle 45", "pos 0 2.4142136");
    press(&mut lab, "e");
    let lines = step_lines(&lab, "axis 4: green y");
    assert_eq!(lines[3..], ["touching (within 1e-4)", "no gap: go on"]);
    assert_eq!(step_lines(&lab, "conclusion")[0], "no axis has a gap: HIT");
}

#[test]
fn disk_and_box_touching_within_the_tolerance_is_a_hit_with_depth_zero() {
    // One float step past a corner (formerly a MISS with gap 5.96e-8): touching.
    let cases = [
        (SceneId::DiskAabb, "angle 0", "pos 3.70710678 1.70710678"),
        (SceneId::DiskObb, "angle 90", "pos 1.70710678 3.70710678"),
        (SceneId::DiskObb, "angle 180", "pos 3.70710678 1.70710678"),
    ];
    for (scene, angle, pos) in cases {
        let mut lab = Lab::new(scene);
        press(&mut lab, "a");
        command(&mut lab, angle);
        press(&mut lab, "a");
        command(&mut lab, pos);
        let case = format!("{scene} {angle} {pos}");
        assert_eq!(lab.readout().verdict, Verdict::Hit, "{case}");
        assert_eq!(value(&lab, "depth"), "0 (touching)", "{case}");
        press(&mut lab, "e");
        let lines = step_lines(&lab, "in the corner square?");
        assert_eq!(lines[2], "ax² + ay² = 1.0000001", "{case}");
        assert_eq!(lines[5], "within 1e-4: touching, HIT", "{case}");
    }
    // Beyond the tolerance, apart; within it from inside, touching; deeper, overlapping.
    let cases = [
        (
            "2e-4 off the side",
            "pos 4.0002 0",
            Verdict::Miss,
            "gap",
            "0.00020",
        ),
        (
            "5e-5 off the side",
            "pos 4.00005 0",
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "5e-5 into the side",
            "pos 3.99995 0",
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "2e-4 into the side",
            "pos 3.9998 0",
            Verdict::Hit,
            "depth",
            "0.00020",
        ),
    ];
    for (name, pos, verdict, label, want) in cases {
        let mut lab = Lab::new(SceneId::DiskAabb);
        command(&mut lab, pos);
        assert_eq!(lab.readout().verdict, verdict, "{name}");
        assert_eq!(value(&lab, label), want, "{name}");
    }
}

#[test]
fn a_cast_that_starts_inside_says_so_and_shows_where_it_leaves() {
    // Reported: `:pos 0 0` showed `frac 0 (touching)`. parry's non-solid cast: it leaves at
    // 0.25, at (1.5, 0), normal (1, 0) there.
    let mut lab = Lab::new(SceneId::Cast);
    command(&mut lab, "pos 0 0");
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    assert_eq!(value(&lab, "start"), "inside, depth 1.50");
    assert_eq!(value(&lab, "exit"), "0.2500");
    assert_eq!(value(&lab, "leaves"), "(1.50, 0.00)");
    assert_eq!(value(&lab, "normal"), "(1.00, 0.00) out");
    // The turned box at 0° and the disk of radius 1.5 alike.
    for target in ["segment × turned box", "segment × disk"] {
        press(&mut lab, "c");
        assert_eq!(value(&lab, "test"), target);
        assert_eq!(value(&lab, "start"), "inside, depth 1.50", "{target}");
        assert_eq!(value(&lab, "exit"), "0.2500", "{target}");
        assert_eq!(value(&lab, "leaves"), "(1.50, 0.00)", "{target}");
    }
    // Elsewhere inside, aimed down; and a segment that ends inside has no exit.
    let mut lab = Lab::new(SceneId::Cast);
    command(&mut lab, "pos 0.5 -1");
    command(&mut lab, "angle 90");
    assert_eq!(value(&lab, "start"), "inside, depth 0.50");
    assert_eq!(value(&lab, "exit"), "0.4167");
    assert_eq!(value(&lab, "leaves"), "(0.50, 1.50)");
    assert_eq!(value(&lab, "normal"), "(0.00, 1.00) out");
    press(&mut lab, "a");
    command(&mut lab, "size 20 20");
    assert_eq!(value(&lab, "exit"), "— (ends inside)");
}

#[test]
fn a_cast_that_starts_on_an_edge_line_moving_in_touches_and_moving_out_misses() {
    // The slope's long side runs through the origin (x + y = 0), its normal up-left.
    let mut lab = Lab::new(SceneId::Cast);
    press(&mut lab, "ccc");
    assert_eq!(value(&lab, "test"), "segment × slope");
    command(&mut lab, "pos 0 0");
    assert_eq!(lab.readout().verdict, Verdict::Hit, "moving right: in");
    assert_eq!(value(&lab, "start"), "touching, moves in");
    assert_eq!(value(&lab, "frac"), "0.0000");
    command(&mut lab, "angle 180");
    assert_eq!(lab.readout().verdict, Verdict::Miss, "moving left: away");
    assert_eq!(value(&lab, "start"), "touching, moves away");
    // A box's face, the same.
    let mut lab = Lab::new(SceneId::Cast);
    command(&mut lab, "pos -1.5 0.5");
    assert_eq!(value(&lab, "start"), "touching, moves in");
    command(&mut lab, "angle 180");
    assert_eq!(value(&lab, "start"), "touching, moves away");
    assert_eq!(lab.readout().verdict, Verdict::Miss);
}

#[test]
fn a_sweep_that_starts_overlapping_says_so_and_touching_apart_is_no_hit() {
    // Reported: `:pos -2 0` showed `toi 0 (touching)`; the boxes overlap by 0.5. A (2 × 1.5)
    // moves 5 right: it parts from B (3 × 3) when its left side passes 1.5, at 0.9.
    let mut lab = Lab::new(SceneId::Sweep);
    command(&mut lab, "pos -2 0");
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    assert_eq!(value(&lab, "start"), "overlap, depth 0.50");
    assert_eq!(value(&lab, "parts"), "0.9000");
    assert_eq!(value(&lab, "ghost"), "(2.50, 0.00)");
    // Touching and moving apart: no hit, as noonat's sweepAABB.
    command(&mut lab, "pos -2.5 0");
    command(&mut lab, "angle 180");
    assert_eq!(lab.readout().verdict, Verdict::Miss);
    assert_eq!(value(&lab, "start"), "touching, moves away");
    // Touching and moving in: a hit at 0.
    command(&mut lab, "angle 0");
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    assert_eq!(value(&lab, "start"), "touching, moves in");
    assert_eq!(value(&lab, "toi"), "0.0000");
    // Within the tolerance of touching, from outside and from inside, the same.
    for pos in ["pos -2.50005 0", "pos -2.49995 0"] {
        command(&mut lab, pos);
        assert_eq!(value(&lab, "start"), "touching, moves in", "{pos}");
    }
}

#[test]
fn grazing_casts_hit_for_every_shape() {
    // One rule: a segment that runs along an edge (within the tolerance) hits where it first
    // comes within the tolerance, and says it grazes.
    let cases = [
        // Along the box's top face y = -1.5, from x = -5: within 1e-4 of the corner at
        // x = -1.5001, (3.5 - 1e-4) / 6 = 0.583317.
        ("box face", 0, "pos -5 -1.5", "angle 0", "0.5833"),
        // Along the slope's long side x + y = 0, from (-3, 3): within 1e-4 of the corner
        // (-1.5, 1.5) at (1.5√2 - 1e-4) / 6 = 0.353537.
        ("slope's long side", 3, "pos -3 3", "angle 315", "0.3535"),
        // Along the bar's end face x = 1.5, from y = -3.1: within 1e-4 of its corner at
        // y = -0.1251, (2.975 - 1e-4) / 6 = 0.495817.
        ("bar's end face", 4, "pos 1.5 -3.1", "angle 90", "0.4958"),
    ];
    for (name, kind, pos, angle, frac) in cases {
        let mut lab = Lab::new(SceneId::Cast);
        press(&mut lab, &"c".repeat(kind));
        command(&mut lab, pos);
        command(&mut lab, angle);
        assert_eq!(lab.readout().verdict, Verdict::Hit, "{name}");
        assert_eq!(value(&lab, "path"), "grazes (within 1e-4)", "{name}");
        assert_eq!(value(&lab, "frac"), frac, "{name}");
    }
    // A parallel path just beyond the tolerance misses.
    let mut lab = Lab::new(SceneId::Cast);
    command(&mut lab, "pos -4 -1.5002");
    assert_eq!(
        lab.readout().verdict,
        Verdict::Miss,
        "2e-4 > {TOUCH_TOLERANCE}"
    );
}

#[test]
fn a_point_on_an_edge_line_gets_the_bit_its_sign_says() {
    // Reported: `AB: 0.00 → 0` beside `CA: 0.00 → 1`. The page's rule is "≥ 0 sets the bit",
    // on the exact cross products of the placed numbers, with their signs shown.
    let mut lab = Lab::new(SceneId::DiskTriangle);
    press(&mut lab, "a");
    command(&mut lab, "size 4.5 3");
    press(&mut lab, "a");
    command(&mut lab, "pos -2 -1");
    press(&mut lab, "e");
    let lines = step_lines(&lab, "three cross products");
    for line in &lines[..3] {
        let (value, bit) = line.split_once(" → ").expect("a value and its bit");
        let value = value.split_once(": ").expect("an edge").1;
        let sign_set = value == "0" || value.starts_with('+');
        assert_eq!(bit == "1", sign_set, "{line}");
        assert!(value != "0.00" && value != "-0.00", "{line}");
    }
    // The 4.5 × 3 triangle's corner A is at (-2, -1) exactly (its corners are worked out
    // once in f64 from the typed size), so both products through A are exactly 0.
    assert_eq!(lines[..3], ["AB: 0 → 1", "BC: +13.50 → 1", "CA: 0 → 1"]);
    assert_eq!(value(&lab, "region"), "7 (111)");
}
