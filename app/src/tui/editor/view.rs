//! Drawing the editor: a header, the board in a frame with the cursor, the palette, the
//! status line of the proof, and the message or key line; the help, a form or a question
//! over it; or the game itself while the level is tried.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::{EditorApp, HELP, Overlay, Target, proof_words};
use crate::tui::board::{bar_dots, hub_shows_bar};
use crate::tui::dots::braille;
use crate::tui::theme::{Theme, Thing};
use crate::tui::view::help::{border_set, with_scroll_mark, wrap_words};
use crate::words::{self, session};
use sokoshot_core::edit::proof::{Optimum, Status};
use sokoshot_core::edit::{PALETTE, Sketch};
use sokoshot_core::game::{Dir, bar_covers, spinner_obb};
use sokoshot_core::game::{TICKS_PER_SECOND, WAIT_TICKS};
use sokoshot_core::geom::Obb;
use sokoshot_core::level::{Pos, Slope};

/// What the game draws for a level character.
fn thing_of(c: char, inside: bool) -> Thing {
    match c {
        '#' => Thing::Wall,
        '.' => Thing::Goal,
        '$' => Thing::Box,
        '*' => Thing::BoxOnGoal,
        '@' | '+' => Thing::Player {
            facing: Dir::Up,
            on_goal: c == '+',
        },
        'E' => Thing::Enemy,
        'F' => Thing::Slope(Slope::TopLeft),
        '7' => Thing::Slope(Slope::TopRight),
        'L' => Thing::Slope(Slope::BottomLeft),
        'J' => Thing::Slope(Slope::BottomRight),
        '%' => Thing::Hub,
        _ if inside => Thing::Floor,
        _ => Thing::Outside,
    }
}

/// The cells the player could reach if nothing but walls stood in the way (all of them when
/// there is no player).
fn inside(sketch: &Sketch) -> Vec<bool> {
    let (w, h) = (sketch.width(), sketch.height());
    let Some(start) = sketch.player() else {
        return vec![true; w * h];
    };
    let mut seen = vec![false; w * h];
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        let (Ok(x), Ok(y)) = (usize::try_from(p.x), usize::try_from(p.y)) else {
            continue;
        };
        if x >= w || y >= h || seen[y * w + x] || sketch.get(p) == '#' {
            continue;
        }
        seen[y * w + x] = true;
        stack.extend([
            Pos::new(p.x - 1, p.y),
            Pos::new(p.x + 1, p.y),
            Pos::new(p.x, p.y - 1),
            Pos::new(p.x, p.y + 1),
        ]);
    }
    seen
}

/// The first cell shown along one side: 0 when the board fits, else the cursor kept in view.
fn first_shown(len: usize, room: usize, cursor: i32) -> usize {
    if len <= room {
        return 0;
    }
    let cursor = usize::try_from(cursor).unwrap_or(0);
    cursor.saturating_sub(room / 2).min(len - room)
}

impl Widget for &EditorApp {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if let Overlay::Trying(app) = &self.overlay {
            return (&**app).render(area, buf);
        }
        if area.width < 24 || area.height < 8 {
            let text = format!("{} for the editor", session::too_small(24, 8));
            Paragraph::new(text)
                .wrap(Wrap { trim: true })
                .render(area, buf);
            return;
        }
        let [header, middle, palette, status, bottom] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        self.header(header, buf);
        self.board(middle, buf);
        self.palette(palette, buf);
        self.status_line(status, buf);
        self.bottom_line(bottom, buf);
        match &self.overlay {
            Overlay::Help => self.help(middle, buf),
            Overlay::Form(form) => form_view(self.theme, form, middle, buf),
            _ => {}
        }
    }
}

impl EditorApp {
    fn header(&self, area: Rect, buf: &mut Buffer) {
        let s = self.editor.sketch();
        let place = match &self.target {
            Target::File(file) => {
                let path = file.path();
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                let name = sokoshot_core::level::visible(&name).into_owned();
                format!(
                    "{name}, level {} of {}",
                    file.level_number(),
                    file.level_count()
                )
            }
            Target::Store(stored, _) => match stored.number() {
                Some(number) => format!("your levels, level {number}"),
                None => "a new level of yours".to_owned(),
            },
            Target::Nowhere(_) => "a new level (not kept)".to_owned(),
        };
        let mut spans = vec![
            Span::styled("Editing ", self.theme.heading()),
            Span::raw(format!("{place}, {} × {}", s.width(), s.height())),
        ];
        if let Some(title) = &s.title {
            spans.push(Span::raw(format!(": {title}")));
        }
        if self.editor.is_modified() {
            spans.push(Span::styled(" (not saved)", self.theme.warning()));
        }
        Line::from(spans).render(area, buf);
    }

    fn board(&self, middle: Rect, buf: &mut Buffer) {
        let s = self.editor.sketch();
        let room = middle.inner(ratatui::layout::Margin::new(1, 1));
        let cols = usize::from(room.width / 2);
        let rows = usize::from(room.height);
        let cursor = self.editor.cursor();
        let x0 = first_shown(s.width(), cols, cursor.x);
        let y0 = first_shown(s.height(), rows, cursor.y);
        let shown_w = s.width().min(cols);
        let shown_h = s.height().min(rows);
        // Both are at most the screen's size.
        let (w, h) = (shown_w as u16 * 2, shown_h as u16);
        let frame = Rect::new(
            middle.x + (middle.width.saturating_sub(w + 2)) / 2,
            middle.y + (middle.height.saturating_sub(h + 2)) / 2,
            w + 2,
            h + 2,
        );
        let set = border_set(self.theme);
        Block::bordered()
            .border_set(set)
            .border_style(self.theme.dim())
            .render(frame, buf);
        let board = Rect::new(frame.x + 1, frame.y + 1, w, h);
        let origin = Pos::new(x0 as i32, y0 as i32);
        self.drawn.set(Some((board, origin)));
        let inside = inside(s);
        let top = s.written_rows().0 as i32;
        let problem = self.checked.first_error().and_then(|p| p.cell);
        // The bars as the game draws them at beat 0, where the level starts.
        let bars: Vec<Obb> = s.spinners().iter().map(|sp| spinner_obb(sp, 0)).collect();
        let width = i32::try_from(s.width()).unwrap_or(i32::MAX);
        let height = i32::try_from(s.height()).unwrap_or(i32::MAX);
        let (dots, marks) = bar_dots(&bars, width, height, 1, self.theme.ascii);
        for dy in 0..shown_h {
            for dx in 0..shown_w {
                let pos = Pos::new((x0 + dx) as i32, (y0 + dy) as i32);
                let c = s.get(pos);
                let i = (y0 + dy) * s.width() + x0 + dx;
                let mut thing = thing_of(c, inside[i]);
                let dead = self
                    .prover()
                    .is_some_and(|p| p.is_dead(Pos::new(pos.x, pos.y - top)));
                if thing == Thing::Floor && dead {
                    thing = Thing::DeadSquare;
                }
                // As the game: a hub blocks, and so does a cell under a bar unless a wall or
                // a slope stands there; a covered floor or goal is shaded whole.
                let blocked = thing == Thing::Hub
                    || bars.iter().any(|bar| bar_covers(bar, pos))
                        && !matches!(thing, Thing::Wall | Thing::Slope(_) | Thing::Outside);
                let shown =
                    if blocked && matches!(thing, Thing::Floor | Thing::Goal | Thing::DeadSquare) {
                        Thing::Covered
                    } else {
                        thing
                    };
                let mut style = self.theme.style(shown);
                if blocked {
                    style = style.patch(self.theme.barred());
                }
                let mark = |style: Style| {
                    let mut style = style;
                    if Some(pos) == problem {
                        style = self.theme.warning().add_modifier(Modifier::REVERSED);
                    }
                    if pos == cursor {
                        style = style.add_modifier(Modifier::REVERSED);
                    }
                    style
                };
                let glyph = self.theme.glyph(shown);
                let glyph = if shown == Thing::DeadSquare && glyph.trim().is_empty() {
                    if self.theme.ascii { " x" } else { " ·" }
                } else {
                    glyph
                };
                let (col, row) = (board.x + dx as u16 * 2, board.y + dy as u16);
                for (k, ch) in glyph.chars().enumerate().take(2) {
                    let column = (x0 + dx) * 2 + k;
                    let bits = if blocked {
                        dots.bits(column, y0 + dy)
                    } else {
                        0
                    };
                    let cell = &mut buf[(col + k as u16, row)];
                    if bits != 0
                        && (matches!(thing, Thing::Floor | Thing::Goal | Thing::DeadSquare)
                            || thing == Thing::Hub && hub_shows_bar(s.spinners(), pos, self.theme))
                    {
                        let dot_style = if thing == Thing::Hub {
                            self.theme.style(Thing::Hub)
                        } else {
                            self.theme.style(Thing::Dots)
                        };
                        let symbol = if self.theme.ascii {
                            let columns = s.width() * 2;
                            marks
                                .get((y0 + dy) * columns + column)
                                .copied()
                                .unwrap_or("-")
                                .to_owned()
                        } else {
                            braille(bits).to_string()
                        };
                        cell.set_symbol(&symbol)
                            .set_style(mark(dot_style.patch(self.theme.barred())));
                    } else {
                        cell.set_char(ch).set_style(mark(style));
                    }
                }
            }
        }
    }

    fn palette(&self, area: Rect, buf: &mut Buffer) {
        let mut spans = Vec::new();
        for (c, _) in PALETTE {
            let thing = thing_of(c, true);
            spans.push(Span::styled(
                self.theme.glyph(thing),
                self.theme.style(thing),
            ));
            let key = if c == ' ' { '-' } else { c };
            let style = if c == self.brush {
                self.theme.key().add_modifier(Modifier::REVERSED)
            } else {
                self.theme.key()
            };
            spans.push(Span::styled(key.to_string(), style));
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled(" x floor", self.theme.dim()));
        Line::from(spans).render(area, buf);
    }

    fn status_line(&self, area: Rect, buf: &mut Buffer) {
        let (text, warn) = match self.checked.first_error() {
            Some(problem) => {
                let at = problem
                    .cell
                    .map(|p| format!(" at row {} col {} (marked)", p.y + 1, p.x + 1))
                    .unwrap_or_default();
                (format!("check{at}: {}", problem.diagnostic.error), true)
            }
            None => match self.prover() {
                Some(p) => proof_words(p.status()),
                None if self.proofs.is_waiting() => ("drawing…".to_owned(), false),
                None => (String::new(), false),
            },
        };
        let style = if warn {
            self.theme.warning()
        } else {
            self.theme.heading()
        };
        // Where the line has room, what the layouts of the difficulty are.
        let mut text = text;
        let proven = matches!(
            self.prover().map(|p| p.status()),
            Some(Status::Solvable {
                optimum: Optimum::Proven { .. },
                ..
            })
        );
        let more = format!(" ({})", words::LAYOUTS_SHORT);
        if proven
            && self.checked.first_error().is_none()
            && text.chars().count() + more.chars().count() <= usize::from(area.width)
        {
            text.push_str(&more);
        }
        Line::styled(text, style).render(area, buf);
    }

    fn bottom_line(&self, area: Rect, buf: &mut Buffer) {
        let line = match (&self.overlay, &self.message) {
            (Overlay::ConfirmQuit, _) => Line::styled(
                "unsaved changes: y saves and quits, n quits without saving, any other key stays",
                self.theme.warning(),
            ),
            (Overlay::ConfirmGo(number), _) => Line::styled(
                format!(
                    "unsaved changes: y saves and goes to level {number}, n drops them and goes, other keys stay"
                ),
                self.theme.warning(),
            ),
            (_, Some((text, warn))) => {
                let style = if *warn {
                    self.theme.warning()
                } else {
                    Style::new()
                };
                Line::styled(sokoshot_core::level::visible(text).into_owned(), style)
            }
            _ => {
                let keys = [
                    ("?", "keys"),
                    ("Ctrl-s", "save"),
                    ("t", "try it"),
                    ("s", "settings"),
                    ("m", "title"),
                    ("u", "undo"),
                    ("< >", "level"),
                    ("q", "quit"),
                ];
                let mut spans = Vec::new();
                for (key, what) in keys {
                    spans.push(Span::styled(key, self.theme.key()));
                    spans.push(Span::raw(format!(" {what}  ")));
                }
                Line::from(spans)
            }
        };
        line.render(area, buf);
    }

    fn help(&self, middle: Rect, buf: &mut Buffer) {
        let (area, lines) = help_layout(self.theme, middle);
        let rows = usize::from(area.height.saturating_sub(2));
        let most = u16::try_from(lines.len().saturating_sub(rows)).unwrap_or(u16::MAX);
        let scroll = self.help_scroll.min(most);
        Clear.render(area, buf);
        let set = border_set(self.theme);
        let block = Block::bordered()
            .border_set(set)
            .title(" Editor keys (Esc closes) ");
        let block = with_scroll_mark(block, self.theme, lines.len(), rows, scroll);
        Paragraph::new(lines)
            .scroll((scroll, 0))
            .block(block)
            .render(area, buf);
    }
}

/// The width of the help's column of keys.
const KEYS_WIDTH: usize = 19;

/// The help's box within the board's area `middle`, and its lines: the keys, what the
/// shaded floor means, then what the status line's difficulty counts and where the rules
/// of play are.
fn help_layout(theme: Theme, middle: Rect) -> (Rect, Vec<Line<'static>>) {
    let width = 78.min(middle.width);
    let inner = usize::from(width.saturating_sub(2));
    let mut lines: Vec<Line> = HELP
        .iter()
        .map(|(keys, what)| {
            Line::from(vec![
                Span::styled(format!("{keys:<KEYS_WIDTH$}"), theme.key()),
                Span::raw(*what),
            ])
        })
        .collect();
    let dead = Thing::DeadSquare;
    lines.push(Line::from(vec![
        Span::styled(theme.glyph(dead).to_string(), theme.style(dead)),
        Span::raw(format!(
            "{:<w$}a dead square: a box there can never reach a goal",
            "",
            w = KEYS_WIDTH - 2
        )),
    ]));
    lines.push(Line::raw(""));
    let difficulty = format!(
        "Difficulty (on the status line once the fewest pushes are proven) is counted in \
         layouts, as the campaign's levels are ranked: {}.",
        words::LAYOUTS
    );
    let rules = format!(
        "A spinner's bar is drawn where it stands at beat 0; s on its hub sets it (its speed \
         in degrees a beat, which the level file keeps in degrees a second: {} beats a \
         second). t tries the level; there ? says what shots, slopes and spinners do.",
        TICKS_PER_SECOND / WAIT_TICKS
    );
    for text in [difficulty.as_str(), rules.as_str()] {
        lines.extend(wrap_words(text, inner).into_iter().map(Line::raw));
    }
    let height = (lines.len() as u16 + 2).min(middle.height);
    let area = Rect::new(
        middle.x + (middle.width - width) / 2,
        middle.y + (middle.height - height) / 2,
        width,
        height,
    );
    (area, lines)
}

/// How far the help can scroll on a `columns` × `rows` screen.
pub(crate) fn help_max_scroll(theme: Theme, columns: u16, rows: u16) -> u16 {
    let middle = Rect::new(0, 1, columns, rows.saturating_sub(4));
    let (area, lines) = help_layout(theme, middle);
    let shown = usize::from(area.height.saturating_sub(2));
    u16::try_from(lines.len().saturating_sub(shown)).unwrap_or(u16::MAX)
}

fn form_view(theme: Theme, form: &super::Form, middle: Rect, buf: &mut Buffer) {
    let area = centred(middle, 70, form.fields.len() as u16 * 2 + 4);
    Clear.render(area, buf);
    let mut lines = Vec::new();
    for (i, field) in form.fields.iter().enumerate() {
        let mark = if i == form.at { "> " } else { "  " };
        lines.push(Line::styled(
            format!("{mark}{}", field.label),
            theme.heading(),
        ));
        let cursor = if i == form.at { "_" } else { "" };
        lines.push(Line::raw(format!("    {}{cursor}", field.value)));
    }
    match &form.error {
        Some(why) => lines.push(Line::styled(why.clone(), theme.warning())),
        None => lines.push(Line::styled(
            "Tab next field, Enter sets, Esc cancels",
            theme.dim(),
        )),
    }
    let set = border_set(theme);
    let title = match form.kind {
        super::form::FormKind::Meta => " Title, author, comment ",
        super::form::FormKind::Settings(_) => " Settings ",
    };
    Paragraph::new(lines)
        .block(Block::bordered().border_set(set).title(title))
        .render(area, buf);
}

/// A box `width` × `height` (at most `middle`'s size) in the middle of `middle`.
fn centred(middle: Rect, width: u16, height: u16) -> Rect {
    let (width, height) = (width.min(middle.width), height.min(middle.height));
    Rect::new(
        middle.x + (middle.width - width) / 2,
        middle.y + (middle.height - height) / 2,
        width,
        height,
    )
}
