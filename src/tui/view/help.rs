//! The help overlay (`?`): every key, what each thing on the board is, and what solves a
//! level.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::game::Dir;
use crate::level::Slope;
use crate::tui::theme::{Theme, Thing};

/// Every key, as (keys, what they do).
pub const KEYS: &[(&str, &str)] = &[
    ("h j k l  ← ↓ ↑ →", "step; walk into a box to push it"),
    ("H J K L  Shift+arrow", "run until something is in the way"),
    ("5l  12j …", "a count first repeats the next key"),
    ("space", "fire the way you face (bump a wall to turn)"),
    ("u  Ctrl-r", "undo, redo (anything, shots too)"),
    ("r", "restart the level (u brings it back)"),
    ("n  p", "next, previous level"),
    ("g", "level list with your best results"),
    ("i", "hint: the keys up to the next push"),
    ("d  D", "dead squares; deadlock warnings off/on"),
    ("w", "watch a solution (space . + - Esc h j k l)"),
    ("y  Y", "copy the level, the solution (OSC 52)"),
    ("click", "walk there; a box, then a cell: push it"),
    ("?  Esc  q", "this help; close, quit (progress is saved)"),
];

/// The help overlay, drawn in the middle of the area it is given.
#[derive(Debug, Clone, Copy)]
pub struct Help {
    /// How things look.
    pub theme: Theme,
}

impl Help {
    fn lines(self) -> Vec<Line<'static>> {
        let theme = self.theme;
        let key_width = KEYS
            .iter()
            .map(|(keys, _)| keys.chars().count())
            .max()
            .unwrap_or(0);
        let mut lines: Vec<Line> = KEYS
            .iter()
            .map(|(keys, what)| {
                let keys = if theme.ascii { ascii_keys(keys) } else { keys };
                Line::from(vec![
                    Span::styled(format!("{keys:key_width$}  "), theme.key()),
                    Span::raw(*what),
                ])
            })
            .collect();
        lines.push(Line::raw(""));
        let thing = |thing, name| (theme.glyph(thing), theme.style(thing), name);
        lines.push(legend(&[
            thing(Thing::Wall, "wall"),
            thing(Thing::Goal, "goal"),
            thing(Thing::Box, "box"),
            thing(Thing::BoxOnGoal, "box on goal"),
        ]));
        let you = Thing::Player {
            facing: Dir::Right,
            on_goal: false,
        };
        let bar = if theme.ascii { "--" } else { "⠶⠶" };
        lines.push(legend(&[
            thing(you, "you, facing right"),
            thing(Thing::Enemy, "enemy"),
            thing(Thing::Slope(Slope::TopLeft), "slope"),
            (bar, theme.style(Thing::Hub), "spinner's bar"),
        ]));
        lines.push(Line::styled(
            "Solve a level: every box on a goal and no enemy left.",
            theme.heading(),
        ));
        lines.push(Line::raw(
            "Shots stop at walls and boxes, and bounce off slopes and spinners.",
        ));
        lines
    }
}

/// A row of the legend: each glyph in its style, then its name.
fn legend(entries: &[(&'static str, Style, &'static str)]) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, (glyph, style, name)) in entries.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("   "));
        }
        spans.push(Span::styled(*glyph, *style));
        spans.push(Span::raw(format!(" {name}")));
    }
    Line::from(spans)
}

/// The key names without arrows, for the ASCII look.
fn ascii_keys(keys: &'static str) -> &'static str {
    match keys {
        "h j k l  ← ↓ ↑ →" => "h j k l  arrows",
        "5l  12j …" => "5l  12j ...",
        other => other,
    }
}

impl Widget for Help {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = self.lines();
        let width = lines.iter().map(Line::width).max().unwrap_or(0) + 4;
        let height = lines.len() + 2;
        let panel = area.centered(
            Constraint::Length(u16::try_from(width).unwrap_or(u16::MAX)),
            Constraint::Length(u16::try_from(height).unwrap_or(u16::MAX)),
        );
        Clear.render(panel, buf);
        let block = Block::bordered()
            .title(Line::styled(" Help ", self.theme.heading()).centered())
            .border_set(border_set(self.theme));
        Paragraph::new(lines)
            .block(block.padding(ratatui::widgets::Padding::horizontal(1)))
            .render(panel, buf);
    }
}

/// Box-drawing lines, or `+ - |` for the ASCII look.
pub fn border_set(theme: Theme) -> ratatui::symbols::border::Set<'static> {
    if theme.ascii {
        ratatui::symbols::border::Set {
            top_left: "+",
            top_right: "+",
            bottom_left: "+",
            bottom_right: "+",
            vertical_left: "|",
            vertical_right: "|",
            horizontal_top: "-",
            horizontal_bottom: "-",
        }
    } else {
        ratatui::symbols::border::PLAIN
    }
}
