//! The scene on the terminal, with the world kept square on cells that are twice as tall as
//! they are wide. Figures are rasterised here onto a grid of braille dots (2 × 4 per cell);
//! each cell shows the role ([`Ink`]) drawn last over it. In colour a role is a colour; with
//! `NO_COLOR` it is a line style (solid, dashed, dotted) and a weight; with `--ascii` it is
//! a character of its own. A legend under the canvas says which is which.

use std::f32::consts::TAU;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

use crate::tui::dots::braille;
use sokoshot_core::geom::{Segment, Vec2};
use sokoshot_core::lab::{Figure, Ink, Picture, Verdict, ViewBox};

use super::Palette;
use crate::tui::dots::BRAILLE_BITS;

/// Straight pieces a disk outline is drawn with.
const DISK_SEGMENTS: usize = 48;

/// The most dots one line is drawn with, however long it is.
const MAX_LINE_DOTS: f32 = 4096.0;

/// The canvas bounds `([x_min, x_max], [y_min, y_max])` that show all of `view` in an area of
/// `width` × `height` cells with one world unit as long across as down (y as drawn: world y
/// negated).
#[must_use]
pub fn bounds(view: ViewBox, width: u16, height: u16) -> ([f64; 2], [f64; 2]) {
    let (w, h) = (f64::from(width.max(1)), f64::from(height.max(1)));
    // World units per column; a row is two columns tall.
    let unit = (f64::from(view.half.x) * 2.0 / w).max(f64::from(view.half.y) / h);
    let (cx, cy) = (f64::from(view.center.x), -f64::from(view.center.y));
    (
        [cx - unit * w / 2.0, cx + unit * w / 2.0],
        [cy - unit * h, cy + unit * h],
    )
}

/// The world point under the middle of cell `(column, row)` of an area showing `picture`.
#[must_use]
pub fn world_at(picture: &Picture, area: Rect, column: u16, row: u16) -> Option<Vec2> {
    if !(area.x..area.x + area.width).contains(&column)
        || !(area.y..area.y + area.height).contains(&row)
    {
        return None;
    }
    let ([x0, x1], [y0, y1]) = bounds(picture.view, area.width, area.height);
    let fx = (f64::from(column - area.x) + 0.5) / f64::from(area.width);
    let fy = (f64::from(row - area.y) + 0.5) / f64::from(area.height);
    let x = x0 + (x1 - x0) * fx;
    let y = y1 - (y1 - y0) * fy;
    let world_y = if picture.y_up {
        y + 2.0 * f64::from(picture.view.center.y)
    } else {
        -y
    };
    // Precision is not at stake: a cell is far larger than an f32 step at these sizes.
    Some(Vec2::new(x as f32, world_y as f32))
}

/// The dash pattern of a role without colour: of every [`PATTERN_DOTS`] dots along a line,
/// the ones whose bit is set (highest bit first) are drawn. No two roles share a pattern.
fn pattern(ink: Ink) -> u8 {
    match ink {
        Ink::Subject => 0b1111_1111,
        Ink::Target => 0b1110_0000,
        Ink::Solid => 0b1101_1011,
        Ink::Guide => 0b1000_1000,
        Ink::Normal => 0b1110_1110,
        Ink::Tested => 0b1111_0000,
        Ink::SubjectSpan => 0b1010_1010,
        Ink::TargetSpan => 0b1100_1100,
        Ink::Mark => 0b1111_1010,
        Ink::Path => 0b1000_0000,
        Ink::Ghost => 0b1010_0000,
    }
}

/// The length of a dash pattern, in dots.
const PATTERN_DOTS: u32 = 8;

/// How many cells wide a legend sample is: one whole dash pattern.
pub const SAMPLE_CELLS: u16 = 4;

/// The character of a role in `--ascii`.
#[must_use]
pub fn ascii_mark(ink: Ink) -> char {
    match ink {
        Ink::Subject => 'o',
        Ink::Target => '#',
        Ink::Solid => '%',
        Ink::Guide => '.',
        Ink::Normal => '*',
        Ink::Tested => '+',
        Ink::SubjectSpan => '=',
        Ink::TargetSpan => '~',
        Ink::Mark => 'x',
        Ink::Path => ':',
        Ink::Ghost => '\'',
    }
}

/// A grid of dots over an area, with the role drawn last in each cell.
struct Raster {
    width: usize,
    height: usize,
    bits: Vec<u8>,
    inks: Vec<Option<Ink>>,
    texts: Vec<(usize, usize, String, Ink)>,
    /// World → dot: `dot = (p - origin) * scale`, y flipped unless `y_up`.
    origin: (f64, f64),
    scale: f64,
    y_sign: f64,
    styled: bool,
}

impl Raster {
    fn new(picture: &Picture, width: u16, height: u16, styled: bool) -> Self {
        let (w, h) = (usize::from(width), usize::from(height));
        let ([x0, x1], [_, y1]) = bounds(picture.view, width, height);
        let scale = f64::from(width.max(1)) * 2.0 / (x1 - x0);
        // Top of the area in world y: -y1 (y down), or y1 mirrored about the centre (y up).
        let (top, y_sign) = if picture.y_up {
            (y1 + 2.0 * f64::from(picture.view.center.y), -1.0)
        } else {
            (-y1, 1.0)
        };
        Self {
            width: w,
            height: h,
            bits: vec![0; w * h],
            inks: vec![None; w * h],
            texts: Vec::new(),
            origin: (x0, top),
            scale,
            y_sign,
            styled,
        }
    }

    fn dot_of(&self, p: Vec2) -> (f64, f64) {
        (
            (f64::from(p.x) - self.origin.0) * self.scale,
            (f64::from(p.y) - self.origin.1) * self.scale * self.y_sign,
        )
    }

    fn plot(&mut self, (x, y): (f64, f64), ink: Ink) {
        if !(x >= 0.0 && y >= 0.0) {
            return;
        }
        // Both are non-negative; the casts saturate on huge values, rejected just below.
        let (x, y) = (x as usize, y as usize);
        let (column, row) = (x / 2, y / 4);
        if column < self.width && row < self.height {
            let cell = row * self.width + column;
            self.bits[cell] |= BRAILLE_BITS[x % 2][y % 4];
            self.inks[cell] = Some(ink);
        }
    }

    fn line(&mut self, a: Vec2, b: Vec2, ink: Ink) {
        let (pa, pb) = (self.dot_of(a), self.dot_of(b));
        let length = ((pb.0 - pa.0).hypot(pb.1 - pa.1) as f32).min(MAX_LINE_DOTS);
        if !length.is_finite() {
            return;
        }
        let mask = if self.styled { pattern(ink) } else { u8::MAX };
        // Precision is not at stake: at most MAX_LINE_DOTS steps.
        let n = (length.ceil() as u32).max(1);
        for k in 0..=n {
            if (mask >> (PATTERN_DOTS - 1 - k % PATTERN_DOTS)) & 1 == 0 {
                continue;
            }
            let t = f64::from(k) / f64::from(n);
            self.plot((pa.0 + (pb.0 - pa.0) * t, pa.1 + (pb.1 - pa.1) * t), ink);
        }
    }

    fn polygon(&mut self, corners: &[Vec2], ink: Ink) {
        for (i, &a) in corners.iter().enumerate() {
            self.line(a, corners[(i + 1) % corners.len()], ink);
        }
    }

    fn figure(&mut self, figure: &Figure, ink: Ink) {
        let dot = (1.0 / self.scale) as f32;
        match figure {
            Figure::Disk(disk) => {
                let outline: Vec<Vec2> = (0..DISK_SEGMENTS)
                    .map(|i| {
                        let angle = TAU * i as f32 / DISK_SEGMENTS as f32;
                        disk.center + Vec2::from_angle(angle) * disk.radius
                    })
                    .collect();
                self.polygon(&outline, ink);
            }
            Figure::Aabb(b) => self.polygon(
                &[
                    b.min,
                    Vec2::new(b.max.x, b.min.y),
                    b.max,
                    Vec2::new(b.min.x, b.max.y),
                ],
                ink,
            ),
            Figure::Obb(b) => self.polygon(&b.corners(), ink),
            Figure::Triangle(t) => self.polygon(&[t.a, t.b, t.c], ink),
            Figure::Line(s) => self.line(s.a, s.b, ink),
            Figure::Arrow(s) => self.arrow(s, ink, dot),
            Figure::Dot(p) => {
                let r = dot * 1.5;
                self.line(*p - Vec2::new(r, r), *p + Vec2::new(r, r), ink);
                self.line(*p - Vec2::new(r, -r), *p + Vec2::new(r, -r), ink);
            }
            Figure::Dots(points) => {
                for &p in points {
                    let at = self.dot_of(p);
                    self.plot(at, ink);
                }
            }
            Figure::Text(p, text) => {
                let (x, y) = self.dot_of(*p);
                if x >= 0.0 && y >= 0.0 {
                    // Non-negative and bounded by the check in `render`.
                    self.texts
                        .push(((x / 2.0) as usize, (y / 4.0) as usize, text.clone(), ink));
                }
            }
        }
    }

    fn arrow(&mut self, s: &Segment, ink: Ink, dot: f32) {
        self.line(s.a, s.b, ink);
        let back = (s.a - s.b).normalize_or_zero();
        let head = dot * 3.0;
        for side in [-0.5_f32, 0.5] {
            let wing = Vec2::from_angle(side).rotate(back) * head;
            self.line(s.b, s.b + wing, ink);
        }
    }
}

/// The style of a cell drawn with `ink`.
fn style(palette: Palette, ink: Ink, verdict: Verdict) -> Style {
    let style = Style::default().fg(palette.ink(ink, verdict));
    if palette.color {
        return style;
    }
    match ink {
        Ink::Subject | Ink::SubjectSpan => style.add_modifier(Modifier::BOLD),
        Ink::Guide | Ink::Ghost => style.add_modifier(Modifier::DIM),
        _ => style,
    }
}

/// Draws `picture` into `area`.
pub fn render(picture: &Picture, verdict: Verdict, palette: Palette, area: Rect, buf: &mut Buffer) {
    let styled = !palette.color && !palette.ascii;
    let mut raster = Raster::new(picture, area.width, area.height, styled);
    for mark in &picture.marks {
        raster.figure(&mark.figure, mark.ink);
    }
    for row in 0..raster.height {
        for column in 0..raster.width {
            let cell = row * raster.width + column;
            let Some(ink) = raster.inks[cell] else {
                continue;
            };
            let symbol = if palette.ascii {
                ascii_mark(ink)
            } else {
                braille(raster.bits[cell])
            };
            // Both fit: the raster is the area's size.
            let (x, y) = (area.x + column as u16, area.y + row as u16);
            buf[(x, y)]
                .set_char(symbol)
                .set_style(style(palette, ink, verdict));
        }
    }
    for (column, row, text, ink) in raster.texts {
        if column < raster.width && row < raster.height {
            let room = raster.width - column;
            let text: String = text.chars().take(room).collect();
            buf.set_string(
                area.x + column as u16,
                area.y + row as u16,
                text,
                style(palette, ink, verdict),
            );
        }
    }
}

/// A sample of a role's line, `width` cells long, as the canvas draws it.
#[must_use]
pub fn sample(palette: Palette, ink: Ink, width: u16) -> String {
    if palette.ascii {
        return ascii_mark(ink).to_string().repeat(usize::from(width));
    }
    let mut picture = Picture::new(ViewBox {
        center: Vec2::ZERO,
        half: Vec2::new(f32::from(width), 1.0),
    });
    let y = 0.2;
    picture.add(
        Figure::Line(Segment::new(
            Vec2::new(-f32::from(width), y),
            Vec2::new(f32::from(width), y),
        )),
        ink,
    );
    let styled = !palette.color;
    let mut raster = Raster::new(&picture, width, 1, styled);
    for mark in &picture.marks {
        raster.figure(&mark.figure, mark.ink);
    }
    raster.bits.iter().map(|&b| braille(b)).collect()
}

/// The style a legend sample is drawn in.
#[must_use]
pub fn legend_style(palette: Palette, ink: Ink) -> Style {
    style(palette, ink, Verdict::Miss)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_keep_the_world_square_and_whole() {
        let cases = [
            ("wide area", Vec2::new(10.0, 5.0), 100_u16, 20_u16),
            ("tall area", Vec2::new(10.0, 5.0), 40, 40),
            ("80x24 canvas", Vec2::new(11.0, 7.0), 49, 24),
        ];
        for (name, half, w, h) in cases {
            let view = ViewBox {
                center: Vec2::new(1.0, -2.0),
                half,
            };
            let ([x0, x1], [y0, y1]) = bounds(view, w, h);
            let per_column = (x1 - x0) / f64::from(w);
            let per_row = (y1 - y0) / f64::from(h);
            assert!((per_row - 2.0 * per_column).abs() < 1e-9, "{name}: square");
            assert!(x0 <= -9.0 + 1e-6 && x1 >= 11.0 - 1e-6, "{name}: x shown");
            // World y = -2 ± half.y appears on the canvas at 2 ∓ half.y.
            assert!(y0 <= 2.0 - f64::from(half.y) + 1e-6, "{name}: y shown");
            assert!(y1 >= 2.0 + f64::from(half.y) - 1e-6, "{name}: y shown");
        }
    }

    #[test]
    fn world_at_finds_the_point_a_cell_shows() {
        for y_up in [false, true] {
            let mut picture = Picture::new(ViewBox {
                center: Vec2::new(-2.0, 1.0),
                half: Vec2::new(10.0, 5.0),
            });
            picture.y_up = y_up;
            let area = Rect::new(0, 0, 40, 20);
            let target = Vec2::new(3.0, 2.5);
            let mut raster = Raster::new(&picture, 40, 20, false);
            raster.figure(&Figure::Dots(vec![target]), Ink::Mark);
            let cell = raster.inks.iter().position(Option::is_some).expect("drawn");
            let (column, row) = ((cell % 40) as u16, (cell / 40) as u16);
            let back = world_at(&picture, area, column, row).expect("inside");
            // Within a cell: half a unit across, one down, at this scale.
            assert!(
                (back - target).abs().max_element() < 1.0,
                "y_up {y_up}: {back}"
            );
        }
    }

    #[test]
    fn without_colour_each_role_has_its_own_line() {
        let palette = Palette {
            color: false,
            ascii: false,
        };
        let samples: Vec<String> = Ink::ALL
            .into_iter()
            .map(|ink| sample(palette, ink, SAMPLE_CELLS))
            .collect();
        for (i, a) in samples.iter().enumerate() {
            for b in &samples[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}
