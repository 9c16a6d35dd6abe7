#!/usr/bin/env python3
"""An outside check of the lab's numbers: for placements chosen here (two thirds of them at
boundaries: touching within the tolerance, starting inside, points on edge lines, grazing
paths, smallest and largest sizes), it computes each verdict and number itself, exactly
(Python fractions, then f64), from the f32 shapes the lab tested, and compares them with what
the lab prints (through `cargo run --example lab_probe`). None of the project's code computes
an expected value here.

Run from the workspace: python3 core/examples/lab_check.py
"""
import math
import re
import subprocess
import sys
from fractions import Fraction as F

TOL = 1e-4  # the lab's stated touch tolerance


def num(v):
    return F(float(v))


# ---------------------------------------------------------------- parsing the probe's shapes
def floats(text):
    text = text.replace("Vec2", "")
    return [float(x) for x in re.findall(r"-?(?:\d+\.?\d*(?:e-?\d+)?|inf|NaN)", text)]


def parse_shapes(text):
    shapes = []
    for part in text.split(";"):
        if not part:
            continue
        ink, fig = part.split(":", 1)
        kind = fig.split("(", 1)[0]
        v = floats(fig)
        shapes.append((ink, kind, v))
    return shapes


# ---------------------------------------------------------------- exact geometry
def dot(a, b):
    return a[0] * b[0] + a[1] * b[1]


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


def cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def seg_dist2(p, a, b):
    ab = sub(b, a)
    ap = sub(p, a)
    t = dot(ap, ab)
    l2 = dot(ab, ab)
    if t <= 0 or l2 == 0:
        return dot(ap, ap)
    if t >= l2:
        bp = sub(p, b)
        return dot(bp, bp)
    c = cross(ap, ab)
    return c * c / l2


def poly_signed_dist(p, poly):
    """Signed distance from p to a convex polygon (negative inside), exact up to one sqrt."""
    n = len(poly)
    area = sum(cross(poly[i], poly[(i + 1) % n]) for i in range(n))
    inside = True
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        c = cross(sub(b, a), sub(p, a))
        if (c < 0 and area > 0) or (c > 0 and area < 0):
            inside = False
    d2 = min(seg_dist2(p, poly[i], poly[(i + 1) % n]) for i in range(n))
    d = math.sqrt(d2)
    return -d if inside else d


def clip(a, b, poly):
    """Cyrus-Beck: the [t_in, t_out] of segment a→b inside a convex polygon, exactly."""
    n = len(poly)
    area = sum(cross(poly[i], poly[(i + 1) % n]) for i in range(n))
    t0, t1 = F(0), F(1)
    d = sub(b, a)
    for i in range(n):
        e0, e1 = poly[i], poly[(i + 1) % n]
        e = sub(e1, e0)
        # inside when cross(e, p - e0) has the sign of the area
        s = 1 if area > 0 else -1
        num_ = s * cross(e, sub(a, e0))
        den = s * cross(e, d)
        if den == 0:
            if num_ < 0:
                return None
            continue
        t = -num_ / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return t0, t1


def obb_corners(v):
    cx, cy, hx, hy, _angle, ux, uy = [num(x) for x in v]
    vx, vy = -uy, ux
    return [
        (cx - ux * hx - vx * hy, cy - uy * hx - vy * hy),
        (cx + ux * hx - vx * hy, cy + uy * hx - vy * hy),
        (cx + ux * hx + vx * hy, cy + uy * hx + vy * hy),
        (cx - ux * hx + vx * hy, cy - uy * hx + vy * hy),
    ]


def aabb_corners(v):
    x0, y0, x1, y1 = [num(x) for x in v]
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def corners(kind, v):
    if kind == "Aabb":
        return aabb_corners(v)
    if kind == "Obb":
        return obb_corners(v)
    if kind == "Triangle":
        return [(num(v[0]), num(v[1])), (num(v[2]), num(v[3])), (num(v[4]), num(v[5]))]
    raise ValueError(kind)


# ---------------------------------------------------------------- what the lab should print
def classify(gap):
    if gap > TOL:
        return "apart"
    if gap < -TOL:
        return "overlap"
    return "touching"


def printed_number(text):
    m = re.match(r"\s*(-?\d+\.\d+)", text)
    return float(m.group(1)) if m else None


def close(printed, exact):
    """A printed number agrees with the exact one to its last printed digit."""
    m = re.match(r"\s*-?\d+\.(\d+)", printed)
    if m is None:
        return False
    digits = len(m.group(1))
    return abs(printed_number(printed) - exact) <= 0.5 * 10 ** -digits + 1e-9


def check_gap_rows(rows, gap):
    """The gap/depth rows a contact scene prints, against the exact signed gap."""
    c = classify(gap)
    if c == "apart":
        return "gap" in rows and "depth" not in rows and close(rows["gap"], gap)
    if c == "touching":
        return rows.get("depth") == "0 (touching)"
    return "depth" in rows and close(rows["depth"], -gap)


# ---------------------------------------------------------------- the scenes' checks
def disk_box(res):
    verdict, rows, shapes = res
    disk = next(v for ink, k, v in shapes if k == "Disk" and ink == "Subject")
    box = next((k, v) for ink, k, v in shapes if k in ("Aabb", "Obb") and ink == "Target")
    p = (num(disk[0]), num(disk[1]))
    gap = poly_signed_dist(p, corners(*box)) - disk[2]
    want = "MISS" if classify(gap) == "apart" else "HIT"
    return verdict == want and check_gap_rows(rows, gap), gap


def disk_triangle(res):
    verdict, rows, shapes = res
    disk = next(v for ink, k, v in shapes if k == "Disk" and ink == "Subject")
    tri = next(v for ink, k, v in shapes if k == "Triangle")
    poly = corners("Triangle", tri)
    p = (num(disk[0]), num(disk[1]))
    gap = poly_signed_dist(p, poly) - disk[2]
    want = "MISS" if classify(gap) == "apart" else "HIT"
    # The region code: bit set where the exact cross product is >= 0 (seed order: area <= 0).
    a, b, c = poly
    if cross(sub(b, a), sub(c, a)) > 0:
        b, c = c, b
    bits = [cross(sub(p, a), sub(b, a)) >= 0, cross(sub(p, b), sub(c, b)) >= 0,
            cross(sub(p, c), sub(a, c)) >= 0]
    code = bits[0] * 4 + bits[1] * 2 + bits[2]
    ok_code = rows.get("region", "").startswith(f"{code} (")
    return verdict == want and check_gap_rows(rows, gap) and ok_code, gap


def obb_obb(res):
    verdict, rows, shapes = res
    boxes = [v for ink, k, v in shapes if k == "Obb" and ink in ("Subject", "Target")]
    green, blue = boxes[-2], boxes[-1]
    gaps = []
    for axis_box in (blue, green):
        ux, uy = num(axis_box[5]), num(axis_box[6])
        for ax in ((ux, uy), (-uy, ux)):
            norm = math.sqrt(dot(ax, ax))
            pa = [dot(c, ax) for c in obb_corners(blue)]
            pb = [dot(c, ax) for c in obb_corners(green)]
            gaps.append(float(max(min(pb) - max(pa), min(pa) - max(pb))) / norm)
    widest = max(gaps)
    want = "MISS" if classify(widest) == "apart" else "HIT"
    ok = verdict == want
    if classify(widest) == "apart":
        ok = ok and close(rows.get("ax gap", "x"), widest)
    elif classify(widest) == "touching":
        ok = ok and rows.get("depth") == "0 (touching)"
    else:
        ok = ok and close(rows.get("depth", "x"), -widest)
    return ok, widest


def aabb_aabb(res):
    verdict, rows, shapes = res
    boxes = [v for ink, k, v in shapes if k == "Aabb" and ink in ("Subject", "Target")]
    b, a = boxes[0], boxes[1]
    gap = float(max(num(b[0]) - num(a[2]), num(a[0]) - num(b[2]),
                    num(b[1]) - num(a[3]), num(a[1]) - num(b[3])))
    want = "MISS" if classify(gap) == "apart" else "HIT"
    return verdict == want and check_gap_rows(rows, gap), gap


def path_against(a, b, target, start_gap, start_normal):
    """The cast's expected outcome against a convex polygon target."""
    c = classify(start_gap)
    d = sub(b, a)
    length = math.sqrt(dot(d, d))
    if c == "overlap":
        span = clip(a, b, target)
        return ("inside", None if span[1] >= 1 else float(span[1]))
    if c == "touching":
        away = float(dot(d, start_normal)) / length
        return ("leaves", None) if away > 1e-6 else ("touches", 0.0)
    span = clip(a, b, target)
    if span is not None:
        return ("reaches", float(span[0]))
    # Grazing: the first fraction where the path comes within the tolerance (bisection on the
    # exact distance, which is convex along the path).
    def dist(t):
        p = (a[0] + d[0] * F(t), a[1] + d[1] * F(t))
        return poly_signed_dist(p, target)
    lo, hi = 0.0, 1.0
    # find the minimum first
    for _ in range(80):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if dist(m1) < dist(m2):
            hi = m2
        else:
            lo = m1
    tmin = (lo + hi) / 2
    if dist(tmin) > TOL:
        return ("miss", None)
    lo, hi = 0.0, tmin
    for _ in range(60):
        m = (lo + hi) / 2
        if dist(m) > TOL:
            lo = m
        else:
            hi = m
    return ("reaches", hi)


def cast(res):
    verdict, rows, shapes = res
    seg = next(v for ink, k, v in shapes if k == "Arrow")
    a, b = (num(seg[0]), num(seg[1])), (num(seg[2]), num(seg[3]))
    target = next((k, v) for ink, k, v in shapes if ink == "Target")
    kind, v = target
    if kind == "Disk":
        # A disk: the circle as a fine polygon is not exact; use the quadratic.
        c = (num(v[0]), num(v[1]))
        r = v[2]
        ac = sub(a, c)
        start_gap = math.sqrt(float(dot(ac, ac))) - r
        n = (float(ac[0]), float(ac[1]))
        nl = math.hypot(*n) or 1.0
        normal = (F(n[0] / nl), F(n[1] / nl))
        d = sub(b, a)
        A, B, C = float(dot(d, d)), 2 * float(dot(ac, d)), float(dot(ac, ac)) - r * r
        disc = B * B - 4 * A * C
        cls = classify(start_gap)
        if cls == "overlap":
            t1 = (-B + math.sqrt(disc)) / (2 * A)
            want = ("inside", None if t1 >= 1 else t1)
        elif cls == "touching":
            away = float(dot(d, normal)) / math.sqrt(A)
            want = ("leaves", None) if away > 1e-6 else ("touches", 0.0)
        else:
            R = r + TOL
            C2 = float(dot(ac, ac)) - R * R
            disc2 = B * B - 4 * A * C2
            if disc < 0 and disc2 < 0:
                want = ("miss", None)
            else:
                t = (-B - math.sqrt(max(disc, 0) if disc >= 0 else disc2)) / (2 * A)
                want = ("reaches", t) if 0 <= t <= 1 else ("miss", None)
    else:
        poly = corners(kind, v)
        sg = poly_signed_dist(a, poly)
        # the outward normal at the start: from the nearest edge
        best = None
        for i in range(len(poly)):
            e0, e1 = poly[i], poly[(i + 1) % len(poly)]
            d2 = seg_dist2(a, e0, e1)
            if best is None or d2 < best[0]:
                best = (d2, e0, e1)
        _, e0, e1 = best
        e = sub(e1, e0)
        area = sum(cross(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly)))
        normal = (e[1], -e[0]) if area > 0 else (-e[1], e[0])
        nl = math.sqrt(float(dot(normal, normal)))
        normal = (normal[0] / F(nl), normal[1] / F(nl))
        want = path_against(a, b, poly, sg, normal)
    return compare_cast(verdict, rows, want), want


def compare_cast(verdict, rows, want):
    what, t = want
    if what == "miss":
        return verdict == "MISS"
    if what == "leaves":
        return verdict == "MISS" and rows.get("start") == "touching, moves away"
    if what == "touches":
        return verdict == "HIT" and rows.get("start", "").startswith("touching, moves in")
    frac_key = "frac" if "frac" in rows else ("toi" if "toi" in rows and rows["toi"][0] in "0123456789" else None)
    if what == "inside":
        key = "exit" if "exit" in rows else "parts"
        if t is None:
            return verdict == "HIT" and rows.get(key, "").startswith("—")
        return verdict == "HIT" and key in rows and abs(float(rows[key]) - t) <= 5e-5 + 2e-5
    try:
        shown = float(rows[frac_key])
    except (KeyError, TypeError, ValueError):
        return False
    return verdict == "HIT" and abs(shown - t) <= 5e-5 + 3e-5


def sweep(res):
    verdict, rows, shapes = res
    a_box = next(v for ink, k, v in shapes if ink == "Subject" and k == "Aabb")
    b_box = next(v for ink, k, v in shapes if ink == "Target" and k == "Aabb")
    path = next(v for ink, k, v in shapes if k == "Arrow")
    a0, b0 = (num(path[0]), num(path[1])), (num(path[2]), num(path[3]))
    hx = (num(a_box[2]) - num(a_box[0])) / 2
    hy = (num(a_box[3]) - num(a_box[1])) / 2
    grown = [(num(b_box[0]) - hx, num(b_box[1]) - hy), (num(b_box[2]) + hx, num(b_box[1]) - hy),
             (num(b_box[2]) + hx, num(b_box[3]) + hy), (num(b_box[0]) - hx, num(b_box[3]) + hy)]
    # The box gap is the Chebyshev one: the centre against the grown box, by axis.
    def gap_at(p):
        return float(max(grown[0][0] - p[0], p[0] - grown[2][0], grown[0][1] - p[1], p[1] - grown[2][1]))
    sg = gap_at(a0)
    cls = classify(sg)
    d = sub(b0, a0)
    if cls == "overlap":
        span = clip(a0, b0, grown)
        want = ("inside", None if span is None or span[1] >= 1 else float(span[1]))
    elif cls == "touching":
        gaps = [grown[0][0] - a0[0], a0[0] - grown[2][0], grown[0][1] - a0[1], a0[1] - grown[2][1]]
        normals = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        n = normals[max(range(4), key=lambda i: gaps[i])]
        away = float(dot(d, n)) / math.sqrt(float(dot(d, d)))
        want = ("leaves", None) if away > 1e-6 else ("touches", 0.0)
    else:
        span = clip(a0, b0, grown)
        if span is not None:
            want = ("reaches", float(span[0]))
        else:
            big = [(grown[0][0] - F(TOL), grown[0][1] - F(TOL)), (grown[2][0] + F(TOL), grown[0][1] - F(TOL)),
                   (grown[2][0] + F(TOL), grown[2][1] + F(TOL)), (grown[0][0] - F(TOL), grown[2][1] + F(TOL))]
            span = clip(a0, b0, big)
            want = ("reaches", float(span[0])) if span else ("miss", None)
    return compare_cast(verdict, rows, want), want


def convex_dist(kind, v, other_kind, w):
    """The exact signed distance between two of the distance scene's shapes (apart: the
    distance; overlapping: minus the depth, by the least overlap over the edge normals)."""
    def core(kind, v):
        if kind == "Disk":
            return [(num(v[0]), num(v[1]))], v[2]
        return corners(kind, v), 0.0
    (pa, ra), (pb, rb) = core(kind, v), core(other_kind, w)
    def sep_axes(p):
        return [(-(p[(i + 1) % len(p)][1] - p[i][1]), p[(i + 1) % len(p)][0] - p[i][0]) for i in range(len(p))] if len(p) > 1 else []
    axes = sep_axes(pa) + sep_axes(pb)
    # Apart cores: the least vertex-edge distance (or point-point for two disks).
    def d_point_poly(q, poly):
        if len(poly) == 1:
            return math.sqrt(float(dot(sub(q, poly[0]), sub(q, poly[0]))))
        return poly_signed_dist(q, poly)
    overlapping = True
    for ax in axes:
        pa_ = [dot(c, ax) for c in pa]
        pb_ = [dot(c, ax) for c in pb]
        if min(pb_) > max(pa_) or min(pa_) > max(pb_):
            overlapping = False
    if len(pa) == 1 and len(pb) == 1:
        overlapping = pa[0] == pb[0]
    if len(pa) == 1 and len(pb) > 1:
        overlapping = poly_signed_dist(pa[0], pb) <= 0
    if len(pb) == 1 and len(pa) > 1:
        overlapping = poly_signed_dist(pb[0], pa) <= 0
    if not overlapping:
        best = math.inf
        for q in pa:
            best = min(best, d_point_poly(q, pb) if len(pb) > 1 else math.sqrt(float(dot(sub(q, pb[0]), sub(q, pb[0])))))
        for q in pb:
            if len(pa) > 1:
                best = min(best, d_point_poly(q, pa))
        if len(pa) > 1 and len(pb) > 1:
            for q in pa:
                best = min(best, math.sqrt(float(min(seg_dist2(q, pb[i], pb[(i + 1) % len(pb)]) for i in range(len(pb))))))
            for q in pb:
                best = min(best, math.sqrt(float(min(seg_dist2(q, pa[i], pa[(i + 1) % len(pa)]) for i in range(len(pa))))))
        return best - ra - rb
    depth = math.inf
    for ax in axes or [(F(1), F(0))]:
        n = math.sqrt(float(dot(ax, ax)))
        pa_ = [float(dot(c, ax)) / n for c in pa]
        pb_ = [float(dot(c, ax)) / n for c in pb]
        depth = min(depth, max(pa_) + ra - (min(pb_) - rb), max(pb_) + rb - (min(pa_) - ra))
    return -depth


def distance_scene(res):
    verdict, rows, shapes = res
    a = next((k, v) for ink, k, v in shapes if ink == "Subject")
    b = next((k, v) for ink, k, v in shapes if ink == "Target")
    gap = convex_dist(a[0], a[1], b[0], b[1])
    want = "MISS" if classify(gap) == "apart" else "HIT"
    c = classify(gap)
    if c == "apart":
        ok = close(rows.get("dist", "x"), gap)
    elif c == "touching":
        ok = rows.get("depth") == "0 (touching)"
    else:
        ok = close(rows.get("depth", "x"), -gap)
    return verdict == want and ok, gap


CHECKS = {
    "distance": distance_scene,
    "disk-aabb": disk_box, "disk-obb": disk_box, "disk-triangle": disk_triangle,
    "obb-obb": obb_obb, "aabb-aabb": aabb_aabb, "cast": cast, "sweep": sweep,
}


# ---------------------------------------------------------------- the placements
def placements():
    out = []  # (kind, scene|inputs)
    S2 = math.sqrt(2)
    # disk × box: the 6 × 2 box at the origin, radius 1 (touching is 4 or 2 from centre).
    for scene, angle in (("disk-aabb", 0), ("disk-obb", 0), ("disk-obb", 90), ("disk-obb", 30)):
        base = f"{scene}|a|:angle {angle}|a"
        th = math.radians(angle)
        ux, uy = math.cos(th), math.sin(th)
        for (lx, ly) in ((4, 0), (-4, 0.5), (1, 2), (-2.5, -2), (3 + 1 / S2, 1 + 1 / S2), (-3 - 1 / S2, -1 - 1 / S2)):
            for off in (0, 5e-5, -5e-5, 2e-4, -2e-4):
                n = math.hypot(lx - max(-3, min(3, lx)), ly - max(-1, min(1, ly))) or 1
                nx = (lx - max(-3, min(3, lx))) / n
                ny = (ly - max(-1, min(1, ly))) / n
                px, py = lx + nx * off, ly + ny * off
                wx, wy = px * ux - py * uy, px * uy + py * ux
                out.append(("boundary", f"{base}|:pos {wx:.9g} {wy:.9g}"))
        for (x, y, r) in ((0, 0, 1), (1, 0.5, 0.1), (-8, 3, 2), (3.1, 1.1, 0.1), (10, 10, 30), (0, 5, 0.1)):
            out.append(("plain", f"{base}|:pos {x} {y}|:radius {r}"))
    # two boxes (SAT): 2 × 2 each, corner to face and face to face, near touch.
    for angle, pos in (("45", (0, 1 + S2)), ("45", (1 + S2, 0)), ("135", (0, -1 - S2)), ("0", (2, 0.5)), ("0", (2, 2)), ("30", (0, 1 + math.cos(math.radians(15)) * S2))):
        for off in (0, 5e-5, -5e-5, 3e-4, -3e-4):
            x, y = pos
            nx, ny = (x / math.hypot(x, y), y / math.hypot(x, y))
            out.append(("boundary", f"obb-obb|a|:size 2 2|:angle 0|a|:size 2 2|:angle {angle}|:pos {x + nx * off:.9g} {y + ny * off:.9g}"))
    for pos in ((3, 3), (0, 0), (-1, 0.7), (5, -4), (1.2, 1.9)):
        out.append(("plain", f"obb-obb|a|:size 2 2|:angle 20|a|:size 0.1 3|:angle 70|:pos {pos[0]} {pos[1]}"))
    # disk × triangle: on edge lines, at vertices, inside, near touching.
    for size in ("4.5 3", "4.8 3.6", "0.1 0.1", "30 2"):
        base = f"disk-triangle|a|:size {size}|a"
        for pos in ("-2 -1", "0 0", "2.5 -1", "-0.5 2", "5 5", "-3 0", "0 -1.0000001", "1 -1", "-9 0"):
            out.append(("boundary" if pos in ("-2 -1", "0 -1.0000001", "1 -1", "2.5 -1") else "plain", f"{base}|:pos {pos}|:radius 0.1"))
    # the disk 1 from the seed triangle's bottom edge (y = -1.2 after doubling), touching
    for off in (0, 5e-5, -5e-5, 2e-4):
        out.append(("boundary", f"disk-triangle|:pos 0 {-1.2 - 1 - off:.9g}"))
    # two AABBs: A 4 × 2, B 4 × 3 at the origin; touching at x = ±4, y = ±2.5.
    for pos in ((-4, 0), (4, 1), (0, 2.5), (1, -2.5), (-4, 2.5)):
        for off in (0, 5e-5, -5e-5, 2e-4, -2e-4):
            x, y = pos
            out.append(("boundary", f"aabb-aabb|:pos {x + math.copysign(off, x) if x else x:.9g} {y + math.copysign(off, y) if y else y:.9g}"))
    for pos in ((0, 0), (-9.25, 0), (2, 1), (-3.9, 2.4)):
        out.append(("plain", f"aabb-aabb|:pos {pos[0]} {pos[1]}"))
    # casts: inside, on edges, grazing, apart, for each target kind.
    for kind in range(5):
        c = "|c" * kind
        for pos, angle in (("0 0", 0), ("0.5 -1", 90), ("-1.5 0.5", 0), ("-1.5 0.5", 180), ("-4 -1.5", 0),
                           ("-4 -1.50005", 0), ("-4 -1.4999", 0), ("-3 3", 315), ("1.5 -3", 90), ("-9.25 0", 0),
                           ("-4.5 0", 0), ("-4.5 1.2", 10)):
            tag = "plain" if pos in ("-9.25 0", "-4.5 0", "-4.5 1.2") else "boundary"
            out.append((tag, f"cast{c}|:pos {pos}|:angle {angle}"))
    # sweeps: A 2 × 1.5 moving 5, B 3 × 3 at the origin.
    for pos, angle in (("-2 0", 0), ("-2.5 0", 180), ("-2.5 0", 0), ("-2.50005 0", 0), ("-2.49995 0", 0),
                       ("-5 2.25", 0), ("-5 2.25005", 0), ("-5 2.2499", 0), ("0 0", 45), ("-6.75 0", 0),
                       ("-8.25 0", 0), ("-4 -3", 40), ("2.5 0", 0), ("2.5 0", 180)):
        tag = "plain" if pos in ("-6.75 0", "-8.25 0", "-4 -3") else "boundary"
        out.append((tag, f"sweep|:pos {pos}|:angle {angle}"))
    # the distance scene: each kind of A against the triangle B (centroid at the origin, its
    # leg on x = -1), touching, within the tolerance, overlapping, apart, corner to corner.
    for kinds in ("", "|c", "|c|c", "|c|c|c"):
        for pos in ("-2.5 0", "-2.50005 0", "-2.49995 0", "-2.4998 0", "-2 0", "-6.25 3", "-6.25 0",
                    "0 0", "-2.5 2.1666667", "3 -3"):
            tag = "plain" if pos in ("-6.25 0", "0 0", "3 -3", "-6.25 3") else "boundary"
            out.append((tag, f"distance{kinds}|:pos {pos}"))
        out.append(("boundary", f"distance{kinds}|:angle 30|:pos -2.5 0|:size 0.1 0.1"))
    return out


def main():
    todo = placements()
    probe = subprocess.run(
        ["cargo", "run", "-q", "-p", "sokoshot-core", "--example", "lab_probe"],
        input="\n".join(line for _, line in todo) + "\n", capture_output=True, text=True, check=True)
    answers = [l for l in probe.stdout.splitlines() if not l.startswith("ERROR")]
    errors = [l for l in probe.stdout.splitlines() if l.startswith("ERROR")]
    if errors:
        print("prompt errors:", *errors, sep="\n  ")
    counts = {}
    wrong = []
    for (tag, line), answer in zip(todo, answers):
        verdict, rows, shapes = answer.split("\t")
        rows = dict(r.split("=", 1) for r in rows.split("|") if "=" in r)
        scene = line.split("|")[0]
        ok, detail = CHECKS[scene]((verdict, rows, parse_shapes(shapes)))
        counts.setdefault((scene, tag), [0, 0])
        counts[(scene, tag)][0 if ok else 1] += 1
        if not ok:
            wrong.append((line, verdict, rows, detail))
    total = sum(a + b for a, b in counts.values())
    boundary = sum(a + b for (s, t), (a, b) in counts.items() if t == "boundary")
    print(f"{total} placements, {boundary} at boundaries")
    print(f"{'scene':14} {'kind':9} {'right':>5} {'wrong':>5}")
    for (scene, tag), (a, b) in sorted(counts.items()):
        print(f"{scene:14} {tag:9} {a:5} {b:5}")
    for line, verdict, rows, detail in wrong:
        print("WRONG", line, verdict, detail)
        print("     ", {k: rows[k] for k in rows if k in ("gap", "depth", "ax gap", "start", "frac", "exit", "parts", "toi", "path", "region")})
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
