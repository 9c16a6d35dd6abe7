//! Placements that an independent calculation (in `f64`, on the values as placed) found
//! wrong or misleading, each pinned with its numbers, with variants at other placements of
//! the same kind. The expected numbers were worked out by hand from the stored `f32` inputs:
//! `-4.0002` is stored as `-4.00019979`, `-4.00008` as `-4.00008011`, `-4.0001` as
//! `-4.00010014`.

use sokoshot_core::lab::{Lab, SceneId, Verdict};

use crate::lab_support::{command, maybe_value, press, step_lines};

/// The two-AABB scene with box A (4 × 2) at `pos`; box B is 4 × 3 at the origin.
fn two_aabbs(pos: &str) -> Lab {
    let mut lab = Lab::new(SceneId::AabbAabb);
    command(&mut lab, pos);
    lab
}

#[test]
fn the_aabb_gap_is_the_true_distance_with_the_axis_gaps_named_as_such() {
    // Reported: `:pos -5 -4` showed gap 1.50 (the larger axis gap); the distance is
    // √(1² + 1.5²) = 1.80. `:pos -4.0002 -2.5002` showed 0.0002 against 2.83e-4 (now 0.00028).
    let cases = [
        // name, pos, verdict, dist, x gap, y gap
        ("corner to corner", "pos -5 -4", "1.80", "1.00", "1.50"),
        (
            "corner, just apart",
            "pos -4.0002 -2.5002",
            "0.00028",
            "0.00020",
            "0.00020",
        ),
        // Both axis gaps 8.01e-5, within the tolerance, yet the corners are 1.13e-4 apart.
        (
            "corner, axis gaps within the tolerance",
            "pos -4.00008 -2.50008",
            "0.00011",
            "touching",
            "touching",
        ),
        ("side by side", "pos -7 0", "3.00", "3.00", "overlap 2.50"),
        ("above", "pos 1 -4", "1.50", "overlap 3.00", "1.50"),
    ];
    for (name, pos, dist, x, y) in cases {
        let lab = two_aabbs(pos);
        assert_eq!(lab.readout().verdict, Verdict::Miss, "{name}");
        assert_eq!(maybe_value(&lab, "dist").as_deref(), Some(dist), "{name}");
        assert_eq!(maybe_value(&lab, "x gap").as_deref(), Some(x), "{name}");
        assert_eq!(maybe_value(&lab, "y gap").as_deref(), Some(y), "{name}");
        assert_eq!(maybe_value(&lab, "gap"), None, "{name}: no unnamed gap");
    }
    // Within the tolerance corner to corner (axis gaps 7.01e-5, 9.91e-5 apart): touching.
    let lab = two_aabbs("pos -4.00007 -2.50007");
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    assert_eq!(maybe_value(&lab, "depth").as_deref(), Some("0 (touching)"));
}

#[test]
fn corner_to_corner_within_the_tolerance_on_each_axis_is_a_miss_that_says_why() {
    let mut lab = two_aabbs("pos -4.00008 -2.50008");
    press(&mut lab, "e");
    let conclusion = step_lines(&lab, "conclusion").join(" ");
    assert!(
        conclusion.contains("all four hold within 1e-4, but corner to corner:"),
        "{conclusion}"
    );
    assert!(conclusion.contains("= 0.00011"), "{conclusion}");
    assert!(conclusion.contains("> 1e-4: MISS"), "{conclusion}");
}

#[test]
fn an_aabb_comparison_within_the_tolerance_is_marked_as_touching_not_as_holding() {
    // Reported: `✓ A.right >= B.left` while A.right was -2.00005 and B.left -2, which reads
    // as false. It is `≈` now: it fails as written, by no more than the tolerance.
    let mut lab = two_aabbs("pos -4.00005 0");
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    assert_eq!(
        maybe_value(&lab, "1").as_deref(),
        Some("≈ A.right >= B.left")
    );
    assert_eq!(
        maybe_value(&lab, "2").as_deref(),
        Some("✓ A.left <= B.right")
    );
    press(&mut lab, "e");
    let first = step_lines(&lab, "comparison 1");
    assert_eq!(
        first,
        [
            "A.right >= B.left",
            "-2.0001 fails vs -2.0000",
            "margin -5.01e-5",
            "within 1e-4: touching,",
            "counts as holding (≈)",
        ]
    );
    // Exactly touching holds as written; overlapping by more than the tolerance too.
    let cases = [
        ("exactly touching", "pos -4 0", "✓ A.right >= B.left"),
        ("overlapping", "pos -3.9 0", "✓ A.right >= B.left"),
        ("apart", "pos -4.0002 0", "✗ A.right >= B.left"),
    ];
    for (name, pos, want) in cases {
        let lab = two_aabbs(pos);
        assert_eq!(maybe_value(&lab, "1").as_deref(), Some(want), "{name}");
    }
}

#[test]
fn a_cast_or_sweep_that_starts_touching_and_moves_away_is_no_hit_as_the_help_says() {
    // The rule, as the `?` help states it: a path that starts touching (within the
    // tolerance, from either side) and moves away is no hit.
    let mut cast = Lab::new(SceneId::Cast);
    command(&mut cast, "pos -1.5 0.3");
    command(&mut cast, "angle 180");
    assert_eq!(cast.readout().verdict, Verdict::Miss);
    assert_eq!(
        maybe_value(&cast, "start").as_deref(),
        Some("touching, moves away")
    );
    assert_eq!(maybe_value(&cast, "frac").as_deref(), Some("— (no hit)"));
    // Turned back in, the same start hits at 0.
    command(&mut cast, "angle 0");
    assert_eq!(cast.readout().verdict, Verdict::Hit);
    assert_eq!(maybe_value(&cast, "frac").as_deref(), Some("0.0000"));
    for pos in ["pos 17.5 0", "pos 17.50005 0", "pos 17.49995 0"] {
        let mut sweep = Lab::new(SceneId::Sweep);
        command(&mut sweep, pos);
        command(&mut sweep, "angle 180");
        press(&mut sweep, "a");
        command(&mut sweep, "pos 20 0");
        assert_eq!(sweep.readout().verdict, Verdict::Miss, "{pos}");
        assert_eq!(
            maybe_value(&sweep, "start").as_deref(),
            Some("touching, moves away"),
            "{pos}"
        );
    }
}

#[test]
fn a_disk_placed_just_past_the_tolerance_prints_the_digits_that_say_so() {
    // Reported: `:pos -4.0001 0.3` gave MISS with gap 0.0001, the tolerance itself, and
    // `+1.00e-4 > 1e-4` in the steps. The stored x is -4.00010014: the gap is 1.0014e-4.
    let mut lab = Lab::new(SceneId::DiskAabb);
    command(&mut lab, "pos -4.0001 0.3");
    assert_eq!(lab.readout().verdict, Verdict::Miss);
    assert_eq!(maybe_value(&lab, "gap").as_deref(), Some("0.0001001"));
    press(&mut lab, "e");
    let grown = step_lines(&lab, "outside the box grown by r?");
    assert!(
        grown.contains(&"q.x − edge = +1.001e-4".to_owned()),
        "{grown:?}"
    );
    assert!(
        grown.contains(&"one > 1e-4: outside → MISS".to_owned()),
        "{grown:?}"
    );
    // Variants: stored just inside the tolerance, and further out.
    let cases = [
        (
            "within",
            "pos -4.00009 0.3",
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        ("past", "pos -4.00015 0.3", Verdict::Miss, "gap", "0.00015"),
        (
            "right side",
            "pos 4.0001 -0.3",
            Verdict::Miss,
            "gap",
            "0.0001001",
        ),
    ];
    for (name, pos, verdict, label, want) in cases {
        let mut lab = Lab::new(SceneId::DiskAabb);
        command(&mut lab, pos);
        assert_eq!(lab.readout().verdict, verdict, "{name}");
        assert_eq!(maybe_value(&lab, label).as_deref(), Some(want), "{name}");
    }
}

#[test]
fn the_distance_scene_s_deep_points_are_a_penetration_pair_on_both_shapes() {
    // Reported: `lab distance`, `:pos -2 0.5`: the 3 × 2 box spans x -3.5..-0.5 and
    // y -0.5..1.5, the triangle's leg is x = -1 from y -4/3 to 2/3. The least overlap is 0.5
    // along +x; the box's face x = -0.5 and the leg share y -0.5..2/3, whose middle is 1/12.
    // "A deep" was (-0.50, -1.33), outside the box.
    let mut lab = Lab::new(SceneId::Distance);
    command(&mut lab, "pos -2 0.5");
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    assert_eq!(maybe_value(&lab, "depth").as_deref(), Some("0.50"));
    assert_eq!(
        maybe_value(&lab, "normal").as_deref(),
        Some("(1.00, 0.00) → B")
    );
    assert_eq!(
        maybe_value(&lab, "A deep").as_deref(),
        Some("(-0.50, 0.08)")
    );
    assert_eq!(
        maybe_value(&lab, "B deep").as_deref(),
        Some("(-1.00, 0.08)")
    );
    // Lower (box y -1.5..0.5), the common span is y -4/3..0.5: its middle -5/12.
    command(&mut lab, "pos -2 -0.5");
    assert_eq!(
        maybe_value(&lab, "A deep").as_deref(),
        Some("(-0.50, -0.42)")
    );
    assert_eq!(
        maybe_value(&lab, "B deep").as_deref(),
        Some("(-1.00, -0.42)")
    );
}

#[test]
fn two_turned_boxes_corner_to_corner_follow_the_same_distance_rule() {
    // The same corner placement as the two AABBs': both 2 × 2 and unturned, 8.01e-5 apart on
    // each axis (touching on every SAT axis) and 1.13e-4 apart: a MISS, as in aabb-aabb.
    let mut lab = Lab::new(SceneId::ObbObb);
    press(&mut lab, "a");
    command(&mut lab, "size 2 2");
    command(&mut lab, "angle 0");
    press(&mut lab, "a");
    command(&mut lab, "size 2 2");
    command(&mut lab, "angle 0");
    command(&mut lab, "pos -2.00008 -2.00008");
    assert_eq!(lab.readout().verdict, Verdict::Miss);
    assert_eq!(maybe_value(&lab, "dist").as_deref(), Some("0.00011"));
    assert_eq!(
        maybe_value(&lab, "ax gap").as_deref(),
        Some("touching (<= distance)")
    );
    assert_eq!(
        maybe_value(&lab, "axis 1").as_deref(),
        Some("blue x  touching")
    );
    press(&mut lab, "e");
    let conclusion = step_lines(&lab, "conclusion").join(" ");
    assert!(
        conclusion.contains("distance is 0.00011 > 1e-4: MISS"),
        "{conclusion}"
    );
    // Nearer (7.01e-5 on each axis, 9.91e-5 apart): touching, a HIT with depth 0.
    command(&mut lab, "pos -2.00007 -2.00007");
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    assert_eq!(maybe_value(&lab, "depth").as_deref(), Some("0 (touching)"));
}

#[test]
fn a_disk_centred_on_a_triangle_s_edge_line_or_corner_shows_the_f64_nearest_point_s_normal() {
    // The default triangle (4.8 × 3.6 at the origin, stored 4.8000002 × 3.5999999) has its
    // corners in f64 at A (-2.1333334, -1.19999997), B (-0.5333, 2.4), C (2.6666668,
    // -1.19999997); edge CA is the line y = -1.19999997. A typed -1.2 is stored as
    // -1.20000005: 7.9e-8 below CA (`centre 0.000000079 away`, two significant digits), so
    // the nearest point is straight above and the normal
    // towards the disk is CA's own, (0, -1). The per-edge line and every other number come
    // from the same f64 corners: 0.746667 -2.195 is 0.99499993 from CA (0.99, where the f32
    // corners gave 0.995000005, 1.00).
    let cases = [
        // name, disk at, region, CA line, depth, normal, near
        (
            "on CA at x = 0",
            "0 -1.2",
            "6 (110)",
            "0.000000079",
            "1.00",
            "(0.00, -1.00)",
            "(0.00, -1.20)",
        ),
        (
            "on CA at x = 1",
            "1 -1.2",
            "6 (110)",
            "0.000000079",
            "1.00",
            "(0.00, -1.00)",
            "(1.00, -1.20)",
        ),
        (
            "on CA at x = -1",
            "-1 -1.2",
            "6 (110)",
            "0.000000079",
            "1.00",
            "(0.00, -1.00)",
            "(-1.00, -1.20)",
        ),
        // -2.1333333 is stored 1.3e-7 right of A, inside CA's span.
        (
            "at corner A",
            "-2.1333333 -1.2",
            "6 (110)",
            "0.000000079",
            "1.00",
            "(0.00, -1.00)",
            "(-2.13, -1.20)",
        ),
        (
            "0.995 below CA",
            "0.746667 -2.195",
            "6 (110)",
            "0.99",
            "0.0050",
            "(0.00, -1.00)",
            "(0.75, -1.20)",
        ),
        (
            "0.996 below CA",
            "0.746667 -2.196",
            "6 (110)",
            "1.00",
            "0.0040",
            "(0.00, -1.00)",
            "(0.75, -1.20)",
        ),
        // Inside, 0.1 above CA: CA's outward normal, the way out.
        (
            "inside above CA",
            "0 -1.1",
            "7 (111)",
            "",
            "1.10",
            "(0.00, -1.00)",
            "(0.00, -1.20)",
        ),
    ];
    for (name, at, region, ca, depth, normal, near) in cases {
        let mut lab = Lab::new(SceneId::DiskTriangle);
        press(&mut lab, "p");
        command(&mut lab, &format!("pos {at}"));
        let readout = lab.readout();
        assert_eq!(readout.verdict, Verdict::Hit, "{name}");
        assert_eq!(readout.value("region"), Some(region), "{name}");
        if !ca.is_empty() {
            assert_eq!(
                readout.value("CA"),
                Some(format!("centre {ca} away").as_str()),
                "{name}"
            );
        }
        assert_eq!(readout.value("depth"), Some(depth), "{name}");
        assert_eq!(
            readout.value("normal"),
            Some(format!("{normal} → disk").as_str()),
            "{name}"
        );
        assert_eq!(readout.value("near"), Some(near), "{name}");
    }
    // Variants off the other edges and a corner: the direction from the f64 nearest point.
    let directions = [
        // 1.0666667 0.6 is stored 5.7e-8 outside BC: BC's own normal.
        ("on BC's line", "1.0666667 0.6", "(0.75, 0.66)"),
        // 2.6666669 is stored 2.1e-7 right of C (2.66666677 with the stored size 4.8000002)
        // and 7.9e-8 below CA: off corner C, the corner's direction.
        ("just off corner C", "2.6666669 -1.2", "(0.94, -0.35)"),
        // -2.1333336 is stored 2.6e-7 left of A, 7.9e-8 below: nearest AB's end at A.
        ("just off corner A", "-2.1333336 -1.2", "(-0.96, -0.29)"),
        ("off corner A", "-3 -2", "(-0.73, -0.68)"),
    ];
    for (name, at, normal) in directions {
        let mut lab = Lab::new(SceneId::DiskTriangle);
        press(&mut lab, "p");
        command(&mut lab, &format!("pos {at}"));
        let shown = lab.readout().value("normal").map(str::to_owned);
        assert_eq!(shown, Some(format!("{normal} → disk")), "{name}");
    }
}

#[test]
fn two_boxes_corner_to_corner_with_both_axis_gaps_touching_say_why_they_miss() {
    // A (4 × 2) 8e-5 from B (4 × 3) on each axis, corner to corner: each axis gap is within
    // the tolerance, the distance 1.13e-4 is not.
    let lab = two_aabbs("pos -4.00008 -2.50008");
    assert_eq!(lab.readout().verdict, Verdict::Miss);
    assert_eq!(maybe_value(&lab, "x gap").as_deref(), Some("touching"));
    assert_eq!(maybe_value(&lab, "y gap").as_deref(), Some("touching"));
    assert_eq!(
        maybe_value(&lab, "why").as_deref(),
        Some("corner to corner: dist √(x² + y²) > 1e-4")
    );
    // Apart along one axis only: the axis gap is the distance, no such line.
    let lab = two_aabbs("pos -4.00012 0");
    assert_eq!(lab.readout().verdict, Verdict::Miss);
    assert_eq!(maybe_value(&lab, "why"), None);
}

#[test]
fn a_cast_ending_just_short_of_the_box_shows_a_fraction_short_of_one() {
    // Ends 9e-5 short of the box's face: a graze within the tolerance at 0.999998, not 1.
    let mut lab = Lab::new(SceneId::Cast);
    press(&mut lab, "p");
    command(&mut lab, "pos -7.50009 0");
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    assert_eq!(maybe_value(&lab, "frac").as_deref(), Some("0.999998"));
}

#[test]
fn a_place_typed_at_the_tolerance_shows_the_stored_digits() {
    // -2.5001 is stored as -2.50009990 (9.999e-5 from -2.5: touching), -4.0001 as
    // -4.00010014 (1.0014e-4 from -4: apart): the panel shows which.
    let mut lab = Lab::new(SceneId::DiskAabb);
    press(&mut lab, "p");
    command(&mut lab, "pos -4.0001 0.3");
    assert_eq!(
        maybe_value(&lab, "disk").as_deref(),
        Some("(-4.00010014, 0.30)")
    );
    assert_eq!(lab.readout().verdict, Verdict::Miss);
    command(&mut lab, "pos -3.9999 0.3");
    assert_eq!(
        maybe_value(&lab, "disk").as_deref(),
        Some("(-3.99990010, 0.30)")
    );
    assert_eq!(lab.readout().verdict, Verdict::Hit);
}
