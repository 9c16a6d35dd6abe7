//! The board view: every cell two columns wide (four columns by two rows where the terminal
//! has room: [`BoardView::scale`]), things over tiles, shots and spinner bars as
//! braille dots over the floor.
//!
//! What is drawn is what blocks: a bar is drawn only in the cells it covers by the game's
//! rule ([`World::barred`]), and those cells are shaded whole, with whatever stands in them,
//! so a player sees exactly which cells cannot be entered at this moment. A spinner's hub
//! always blocks, and is always shaded the same way. A covered cell's columns where no dot of
//! the bar falls take the covered shade ([`Thing::Covered`]) in place of the floor or the
//! goal under it, so a goal under a bar reads as covered and, without colour, a covered cell
//! reads neither as a wall nor as a hole in one. Walls and slopes are solid whatever turns
//! over them, and are never shaded. The hub a message points at is drawn marked
//! ([`Thing::MarkedHub`]).
//!
//! In `--ascii` each terminal column of a bar is the character nearest in shape to the braille
//! dots it would have (`'` `-` `_` across, `|` `!` `:` up and down, `/` `\` slanting), so a
//! bar visibly moves at every beat there too, as long as it lies over a cell beside its hub.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::dots::{BRAILLE_BITS, DotLayer, braille};
use super::theme::{Theme, Thing};
use sokoshot_core::game::World;
use sokoshot_core::geom::{Obb, Vec2};
use sokoshot_core::level::{Level, Pos, Spinner, Tile};

/// The cells inside the walls: those the player could reach if nothing but walls stood in
/// the way. Floor outside them is drawn as blank space.
#[must_use]
pub fn inside_mask(level: &Level) -> Vec<bool> {
    let mut inside = vec![false; level.tiles.len()];
    let index = |pos: Pos| usize::try_from(pos.y * level.width + pos.x).ok();
    let mut stack = vec![level.player];
    while let Some(pos) = stack.pop() {
        if level.tile(pos) == Tile::Wall {
            continue;
        }
        let Some(i) = index(pos) else { continue };
        if std::mem::replace(&mut inside[i], true) {
            continue;
        }
        stack.extend([
            Pos::new(pos.x - 1, pos.y),
            Pos::new(pos.x + 1, pos.y),
            Pos::new(pos.x, pos.y - 1),
            Pos::new(pos.x, pos.y + 1),
        ]);
    }
    inside
}

/// The terminal columns and rows a level's board takes with cells at their smallest.
#[must_use]
pub fn board_size(level: &Level) -> (u16, u16) {
    let columns = u16::try_from(level.width.max(0).saturating_mul(2)).unwrap_or(u16::MAX);
    let rows = u16::try_from(level.height.max(0)).unwrap_or(u16::MAX);
    (columns, rows)
}

/// The board of a world, drawn at the top-left of the area it is given.
#[derive(Debug, Clone, Copy)]
pub struct BoardView<'a> {
    /// The world to draw.
    pub world: &'a World,
    /// Which cells are inside the walls (from [`inside_mask`] of the world's level).
    pub inside: &'a [bool],
    /// How things look.
    pub theme: Theme,
    /// The hub the message below the board points at, drawn marked.
    pub marked: Option<Pos>,
    /// How many times its size each cell is drawn: 1 (two columns, one row) or 2 (four
    /// columns, two rows).
    pub scale: u16,
    /// Where the last shot flew, if it missed (world points, a tick apart), drawn faintly
    /// until the next command.
    pub trace: &'a [Vec2],
}

/// A spinner's bar in the dots of a board drawn `factor` times its size.
fn scaled_bar(bar: &Obb, factor: f32) -> Obb {
    Obb::new(
        bar.center * factor,
        bar.half_size * 2.0 * factor,
        bar.angle(),
    )
}

impl BoardView<'_> {
    /// What is seen in cell `pos`, things over tiles.
    fn thing_at(&self, pos: Pos) -> Thing {
        let level = self.world.level();
        let tile = level.tile(pos);
        let on_goal = tile == Tile::Goal;
        if pos == self.world.player() {
            return Thing::Player {
                facing: self.world.facing(),
                on_goal,
            };
        }
        if self.world.box_at(pos) {
            return if on_goal {
                Thing::BoxOnGoal
            } else {
                Thing::Box
            };
        }
        if self.world.enemy_at(pos) {
            return Thing::Enemy;
        }
        match tile {
            Tile::Floor => {
                let index = usize::try_from(pos.y * level.width + pos.x).ok();
                let inside = index.and_then(|i| self.inside.get(i)).copied();
                if inside == Some(true) {
                    Thing::Floor
                } else {
                    Thing::Outside
                }
            }
            Tile::Goal => Thing::Goal,
            Tile::Wall => Thing::Wall,
            Tile::Slope(slope) => Thing::Slope(slope),
            Tile::Hub => Thing::Hub,
        }
    }

    /// The scale as a whole number of cells and as a factor for world points.
    fn factor(&self) -> (i32, f32) {
        let s = self.scale.clamp(1, 2);
        (i32::from(s), f32::from(s))
    }

    fn shot_layer(&self) -> DotLayer {
        let level = self.world.level();
        let (s, f) = self.factor();
        let mut layer = DotLayer::new(level.width * s, level.height * s);
        for shot in self.world.shots() {
            layer.plot(shot.pos * f);
        }
        layer
    }

    /// The dots of the missed shot's trace.
    fn trace_layer(&self) -> DotLayer {
        let level = self.world.level();
        let (s, f) = self.factor();
        let mut layer = DotLayer::new(level.width * s, level.height * s);
        for &pos in self.trace {
            layer.plot(pos * f);
        }
        layer
    }

    /// The dots of every spinner bar, and for the ASCII look the mark of the bar crossing
    /// each column.
    fn bar_layer(&self) -> (DotLayer, Vec<&'static str>) {
        let level = self.world.level();
        let bars = self.world.spinner_bars();
        bar_dots(
            bars,
            level.width,
            level.height,
            self.scale,
            self.theme.ascii,
        )
    }
}

/// The dots of `bars` over a board of `width` × `height` cells drawn `scale` times its size
/// (1 or 2), and with `ascii` the mark of the bar crossing each column (see [`bar_mark`]):
/// what the game draws of the bars, and the editor of them as they stand at beat 0.
pub(crate) fn bar_dots(
    bars: &[Obb],
    width: i32,
    height: i32,
    scale: u16,
    ascii: bool,
) -> (DotLayer, Vec<&'static str>) {
    let s = i32::from(scale.clamp(1, 2));
    let f = f32::from(scale.clamp(1, 2));
    let (width, height) = (width * s, height * s);
    let mut all = DotLayer::new(width, height);
    let columns = usize::try_from(width.max(0)).unwrap_or(0) * 2;
    let rows = usize::try_from(height.max(0)).unwrap_or(0);
    let mut marks = Vec::new();
    for bar in bars {
        let bar = &scaled_bar(bar, f);
        all.fill_obb(bar);
        if ascii {
            let mut one = DotLayer::new(width, height);
            one.fill_obb(bar);
            marks.resize(columns * rows, "");
            for row in 0..rows {
                for column in 0..columns {
                    let bits = one.bits(column, row);
                    if bits != 0 {
                        marks[row * columns + column] = bar_mark(bits, bar.angle());
                    }
                }
            }
        }
    }
    (all, marks)
}

/// Whether the hub at `pos` shows its bar's dots rather than its own `()` (see
/// [`BoardView::dots_over`]): in the ASCII look, or when its bar is no longer than a cell.
pub(crate) fn hub_shows_bar(spinners: &[Spinner], pos: Pos, theme: Theme) -> bool {
    theme.ascii || spinners.iter().any(|s| s.hub == pos && s.length <= 1.0)
}

/// Whether dots may be drawn over `thing`. Walls, slopes and the things that stand on cells
/// keep their glyph (a slope's two halves make one shape: a dot in one column would leave
/// half of it); a hub may show its bar (see [`BoardView::dots_over`]).
fn takes_dots(thing: Thing) -> bool {
    matches!(
        thing,
        Thing::Outside | Thing::Floor | Thing::Goal | Thing::Hub
    )
}

/// The ASCII mark of the dots `bits` (a braille character's) of a spinner bar at `angle`
/// radians: the character whose shape is nearest to where the dots lie in the column (see
/// [`SHAPES`]), so that the bar moves on screen at every beat, not only when it turns past
/// the next of `-`, `\`, `|` and `/`. A tie goes to the line the bar's angle is nearest to.
fn bar_mark(bits: u8, angle: f32) -> &'static str {
    let eighths = (angle.rem_euclid(std::f32::consts::PI) / std::f32::consts::FRAC_PI_4).round();
    // Positive angles turn +x towards +y, which is down the screen: 45° is `\`.
    let line = match eighths as u8 % 4 {
        1 => "\\",
        2 => "|",
        3 => "/",
        _ => "-",
    };
    let dots = dot_mask(bits);
    let mut best = (0, 1, line);
    for &(mark, shape) in SHAPES {
        let shape = shape_mask(shape);
        let (common, either) = ((dots & shape).count_ones(), (dots | shape).count_ones());
        // Compared as fractions common / either, without division; the line breaks ties.
        let (c, e, _) = best;
        let better =
            common * e > c * either || common * e == c * either && mark == line && best.2 != line;
        if either > 0 && better {
            best = (common, either, mark);
        }
    }
    best.2
}

/// The dots of a braille character as a mask: bit `row` for the left column's dot in that
/// row (0 at the top), bit `4 + row` for the right column's.
fn dot_mask(bits: u8) -> u8 {
    let mut mask = 0;
    for (side, rows) in BRAILLE_BITS.iter().enumerate() {
        for (row, &bit) in rows.iter().enumerate() {
            if bits & bit != 0 {
                mask |= 1 << (side * 4 + row);
            }
        }
    }
    mask
}

/// A shape of [`SHAPES`] as a [`dot_mask`]: its text is two columns of four rows, `x` for a
/// dot, written row by row (`"x.x.x.x."` is the left column).
fn shape_mask(shape: &str) -> u8 {
    shape
        .bytes()
        .enumerate()
        .filter(|&(_, b)| b == b'x')
        .fold(0, |mask, (i, _)| mask | 1 << ((i % 2) * 4 + i / 2))
}

/// The ASCII characters a bar is drawn with, each with the dots (of a braille character's
/// two columns and four rows, written row by row) it stands for: lines across at the top,
/// middle and foot, strokes up and down of each length at each height (`|` four rows, `!`
/// three, `'` `:` `.` two), the two slants, and the steps
/// of a line that is nearly level, drawn as the slant they step by.
const SHAPES: &[(&str, &str)] = &[
    ("-", "..xxxx.."),
    ("-", "..xx...."),
    ("-", "....xx.."),
    ("'", "xx......"),
    ("'", "xxxx...."),
    ("_", "......xx"),
    ("_", "....xxxx"),
    ("|", "x.x.x.x."),
    ("|", ".x.x.x.x"),
    ("|", "xxxxxxxx"),
    ("!", "x.x.x..."),
    ("!", ".x.x.x.."),
    ("!", "..x.x.x."),
    ("!", "...x.x.x"),
    ("'", "x.x....."),
    ("'", ".x.x...."),
    (":", "..x.x..."),
    (":", "...x.x.."),
    (".", "....x.x."),
    (".", ".....x.x"),
    ("/", ".x.xx.x."),
    ("/", ".xx.x..."),
    ("/", "...x.xx."),
    ("\\", "x.x..x.x"),
    ("\\", "x..x...."),
    ("\\", "....x..x"),
    ("\\", "xx.x...."),
    ("\\", "..xx.x.."),
    ("\\", "....xx.x"),
    ("\\", "x.xx.x.."),
    ("\\", "..x.xx.x"),
    ("/", "xxx....."),
    ("/", "..xxx..."),
    ("/", "....xxx."),
    ("/", ".xxx.x.."),
    ("/", "...xxx.x"),
];

impl BoardView<'_> {
    /// Whether the dots of bars and shots are drawn over `thing` at `pos`: everywhere
    /// [`takes_dots`] allows, but with braille a hub whose bar reaches past its cell keeps
    /// its own `()`, so that the bar's middle is seen (its angle shows in the braille of the
    /// cells beside it). A bar no longer than a cell lies within the hub, and the hub shows
    /// it, as its angle is what a player aims by; so does the ASCII look, whose few marks
    /// need the hub's cell to show the bar move at every beat.
    fn dots_over(&self, thing: Thing, pos: Pos) -> bool {
        thing != Thing::Hub || hub_shows_bar(&self.world.level().spinners, pos, self.theme)
    }
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let level = self.world.level();
        let shots = self.shot_layer();
        let trace = self.trace_layer();
        let (bars, marks) = self.bar_layer();
        let s = usize::from(self.scale.clamp(1, 2));
        let columns = usize::try_from(level.width.max(0)).unwrap_or(0) * 2 * s;
        for (cell_row, y) in (0..level.height).enumerate() {
            for (cell, x) in (0..level.width).enumerate() {
                let pos = Pos::new(x, y);
                let thing = match self.thing_at(pos) {
                    Thing::Hub if self.marked == Some(pos) => Thing::MarkedHub,
                    thing => thing,
                };
                // A hub blocks like the cells under its bar, and is shaded like them; walls
                // and slopes block whatever turns over them.
                let blocked = matches!(thing, Thing::Hub | Thing::MarkedHub)
                    || self.world.barred(pos)
                        && !matches!(thing, Thing::Wall | Thing::Slope(_) | Thing::Outside);
                let covered = blocked && matches!(thing, Thing::Floor | Thing::Goal);
                let shown = if covered { Thing::Covered } else { thing };
                let glyph = self.theme.cell_rows(shown, self.scale);
                let chars = glyph.iter().take(s).enumerate().flat_map(|(sub, text)| {
                    text.chars()
                        .enumerate()
                        .map(move |(k, ch)| (cell * 2 * s + k, cell_row * s + sub, ch))
                });
                for (column, row, ch) in chars {
                    let Some(target) = cell_in(area, column, row) else {
                        continue;
                    };
                    let shot = shots.bits(column, row);
                    let bar = if blocked && thing != Thing::MarkedHub {
                        bars.bits(column, row)
                    } else {
                        0
                    };
                    let shade = if blocked {
                        self.theme.barred()
                    } else {
                        Style::new()
                    };
                    let target = &mut buf[target];
                    if takes_dots(thing) && self.dots_over(thing, pos) && (shot | bar) != 0 {
                        let mark = marks.get(row * columns + column).copied().unwrap_or("-");
                        let (symbol, style) = self.dot_cell(thing, shot, bar, mark);
                        target.set_symbol(&symbol).set_style(style.patch(shade));
                    } else if takes_dots(thing)
                        && self.dots_over(thing, pos)
                        && trace.bits(column, row) != 0
                    {
                        let symbol = if self.theme.ascii {
                            ".".to_owned()
                        } else {
                            braille(trace.bits(column, row)).to_string()
                        };
                        target
                            .set_symbol(&symbol)
                            .set_style(self.theme.trace().patch(shade));
                    } else {
                        let style = self.theme.style(shown).patch(shade);
                        target.set_char(ch).set_style(style);
                    }
                }
            }
        }
    }
}

impl BoardView<'_> {
    /// The symbol and style of a column of `thing` crossed by shots (`shot` bits) or bars
    /// (`bar` bits); `bar_mark` is the ASCII mark of the bar there.
    fn dot_cell(&self, thing: Thing, shot: u8, bar: u8, bar_mark: &str) -> (String, Style) {
        let style = if shot != 0 {
            self.theme.shot()
        } else if thing == Thing::Hub {
            self.theme.style(Thing::Hub)
        } else {
            self.theme.style(Thing::Dots)
        };
        let symbol = match (self.theme.ascii, shot != 0) {
            (false, _) => braille(shot | bar).to_string(),
            (true, true) => "o".to_owned(),
            (true, false) => bar_mark.to_owned(),
        };
        (symbol, style)
    }
}

/// The buffer position of board column `column`, row `row`, if it falls inside `area`.
fn cell_in(area: Rect, column: usize, row: usize) -> Option<(u16, u16)> {
    let (x, y) = (u16::try_from(column).ok()?, u16::try_from(row).ok()?);
    (x < area.width && y < area.height).then_some((area.x + x, area.y + y))
}
