//! The scene on a braille canvas, with the world kept square on terminal cells that are twice
//! as tall as they are wide. World y grows downward; the canvas's grows upward, so every point
//! is drawn at `-y`.

use std::f32::consts::TAU;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::symbols::Marker;
use ratatui::text::Span;
use ratatui::widgets::Widget;
use ratatui::widgets::canvas::{Canvas, Context, Line, Points};

use crate::geom::{Segment, Vec2};
use crate::lab::{Figure, Picture, Verdict, ViewBox};

use super::Palette;

/// Straight pieces a disk outline is drawn with.
const DISK_SEGMENTS: usize = 48;

/// The canvas bounds `([x_min, x_max], [y_min, y_max])` that show all of `view` in an area of
/// `width` × `height` cells with one world unit as long across as down.
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

/// Draws `picture` into `area`.
pub fn render(picture: &Picture, verdict: Verdict, palette: Palette, area: Rect, buf: &mut Buffer) {
    let (x_bounds, y_bounds) = bounds(picture.view, area.width, area.height);
    // About one braille dot, in world units, for arrow heads and point marks.
    let dot = (x_bounds[1] - x_bounds[0]) / (f64::from(area.width.max(1)) * 2.0);
    Canvas::default()
        .marker(Marker::Braille)
        .x_bounds(x_bounds)
        .y_bounds(y_bounds)
        .paint(|ctx| {
            for mark in &picture.marks {
                let color = palette.ink(mark.ink, verdict);
                draw(ctx, &mark.figure, color, dot);
            }
        })
        .render(area, buf);
}

fn point(p: Vec2) -> (f64, f64) {
    (f64::from(p.x), -f64::from(p.y))
}

fn line(ctx: &mut Context, a: Vec2, b: Vec2, color: Color) {
    let ((x1, y1), (x2, y2)) = (point(a), point(b));
    ctx.draw(&Line::new(x1, y1, x2, y2, color));
}

fn polygon(ctx: &mut Context, corners: &[Vec2], color: Color) {
    for (i, &a) in corners.iter().enumerate() {
        line(ctx, a, corners[(i + 1) % corners.len()], color);
    }
}

fn arrow(ctx: &mut Context, s: &Segment, color: Color, dot: f64) {
    line(ctx, s.a, s.b, color);
    let back = (s.a - s.b).normalize_or_zero();
    // Precision is not at stake: the head is a few dots long.
    let head = (dot * 3.0) as f32;
    for side in [-0.5_f32, 0.5] {
        let wing = Vec2::from_angle(side).rotate(back) * head;
        line(ctx, s.b, s.b + wing, color);
    }
}

fn draw(ctx: &mut Context, figure: &Figure, color: Color, dot: f64) {
    match figure {
        Figure::Disk(disk) => {
            let outline: Vec<Vec2> = (0..DISK_SEGMENTS)
                .map(|i| {
                    let angle = TAU * i as f32 / DISK_SEGMENTS as f32;
                    disk.center + Vec2::from_angle(angle) * disk.radius
                })
                .collect();
            polygon(ctx, &outline, color);
        }
        Figure::Aabb(b) => polygon(
            ctx,
            &[
                b.min,
                Vec2::new(b.max.x, b.min.y),
                b.max,
                Vec2::new(b.min.x, b.max.y),
            ],
            color,
        ),
        Figure::Obb(b) => polygon(ctx, &b.corners(), color),
        Figure::Triangle(t) => polygon(ctx, &[t.a, t.b, t.c], color),
        Figure::Line(s) => line(ctx, s.a, s.b, color),
        Figure::Arrow(s) => arrow(ctx, s, color, dot),
        Figure::Dot(p) => {
            let r = (dot * 1.5) as f32;
            line(ctx, *p - Vec2::new(r, r), *p + Vec2::new(r, r), color);
            line(ctx, *p - Vec2::new(r, -r), *p + Vec2::new(r, -r), color);
        }
        Figure::Dots(points) => {
            let coords: Vec<(f64, f64)> = points.iter().map(|&p| point(p)).collect();
            ctx.draw(&Points::new(&coords, color));
        }
        Figure::Text(p, text) => {
            let (x, y) = point(*p);
            ctx.print(x, y, Span::styled(text.clone(), Style::default().fg(color)));
        }
    }
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
}
