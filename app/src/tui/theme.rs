//! How things look: the two-column glyph and the colours of everything on the board, and the
//! styles of the text around it.
//!
//! Two switches shape a theme: `ascii` draws with printable ASCII only (for terminals and
//! fonts without the block and braille characters), and `color` is off when `NO_COLOR` is set
//! (<https://no-color.org>): then only bold and reverse video are used, and every kind of
//! thing still has a glyph of its own, so nothing depends on colour to be told apart.

use ratatui::style::{Color, Modifier, Style};

use sokoshot_core::game::Dir;
use sokoshot_core::level::Slope;

/// Something drawn in one board cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Thing {
    /// Blank space outside the walls.
    Outside,
    /// A wall.
    Wall,
    /// Floor inside the walls.
    Floor,
    /// An empty goal.
    Goal,
    /// A box off any goal.
    Box,
    /// A box on a goal.
    BoxOnGoal,
    /// The player facing a direction, on a goal or not.
    Player {
        /// The way the player faces.
        facing: Dir,
        /// Whether the player stands on a goal.
        on_goal: bool,
    },
    /// An enemy.
    Enemy,
    /// A slope with its solid corner.
    Slope(Slope),
    /// A spinner's hub.
    Hub,
    /// A cell crossed by shots or spinner bars, drawn as dots.
    Dots,
    /// A box that can never reach a goal (the level is lost).
    DeadBox,
    /// One of two boxes that can never both reach goals, though either could alone: each
    /// is drawn with this mark, not as dead.
    LostPair,
    /// Floor where a box could never reach a goal, shown on request.
    DeadSquare,
    /// Floor on the path of the hint shown.
    HintPath,
    /// The part of a cell under a spinner's bar (so blocked now) where no dot of the bar is
    /// drawn: a shade of its own, never reverse video alone, so that without colour a covered
    /// cell reads neither as a wall nor as a hole in one.
    Covered,
    /// A spinner's hub that the message below the board points at.
    MarkedHub,
}

/// The look of the game: glyphs and colours, as chosen by `--ascii` and `NO_COLOR`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// Draw with ASCII only.
    pub ascii: bool,
    /// Use colours (false when `NO_COLOR` is set).
    pub color: bool,
}

impl Theme {
    /// The theme for this process: ASCII if asked for, colour unless `NO_COLOR` is set to a
    /// non-empty value.
    #[must_use]
    pub fn from_env(ascii: bool) -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        Self {
            ascii,
            color: !no_color,
        }
    }

    /// The two columns that draw `thing`.
    #[must_use]
    pub fn glyph(self, thing: Thing) -> &'static str {
        if self.ascii {
            ascii_glyph(thing)
        } else {
            unicode_glyph(thing)
        }
    }

    /// The rows that draw `thing` where each cell is drawn `scale` times its size (1: the
    /// two columns of [`Theme::glyph`]; 2: two rows of four columns, where the terminal has
    /// room). Things made of strokes (boxes, slopes) get shapes of their own at twice the
    /// size; walls and shades fill the cell; the rest stand in its middle.
    #[must_use]
    pub fn cell_rows(self, thing: Thing, scale: u16) -> [String; 2] {
        let small = self.glyph(thing);
        let pair = |a: &str, b: &str| [a.to_owned(), b.to_owned()];
        if scale < 2 {
            return pair(small, "");
        }
        let twice = format!("{small}{small}");
        let middle = format!(" {small} ");
        match (thing, self.ascii) {
            (Thing::Outside | Thing::Floor | Thing::Dots, _) => pair("    ", "    "),
            (Thing::Wall | Thing::Covered | Thing::DeadSquare, _) => pair(&twice, &twice),
            (Thing::Box, false) => pair("┌──┐", "└──┘"),
            (Thing::Box, true) => pair("+--+", "+--+"),
            (Thing::BoxOnGoal, false) => pair("╔══╗", "╚══╝"),
            (Thing::BoxOnGoal, true) => pair("{==}", "{==}"),
            (Thing::Slope(slope), ascii) => big_slope(slope, ascii),
            (Thing::Player { .. }, _) => pair(&middle, "    "),
            _ => pair(&middle, &middle),
        }
    }

    /// The style `thing` is drawn in.
    #[must_use]
    pub fn style(self, thing: Thing) -> Style {
        if !self.color {
            return match thing {
                Thing::Player { .. } | Thing::Box | Thing::BoxOnGoal | Thing::Enemy => {
                    Style::new().add_modifier(Modifier::BOLD)
                }
                Thing::DeadBox | Thing::LostPair => {
                    Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
                }
                Thing::DeadSquare => Style::new().add_modifier(Modifier::DIM),
                Thing::MarkedHub => Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED),
                _ => Style::new(),
            };
        }
        let fg = |color| Style::new().fg(color);
        match thing {
            Thing::Outside | Thing::Floor => Style::new(),
            Thing::Wall => fg(Color::Blue),
            Thing::Goal => fg(Color::LightRed),
            Thing::Box => fg(Color::Yellow).add_modifier(Modifier::BOLD),
            Thing::BoxOnGoal => fg(Color::LightGreen).add_modifier(Modifier::BOLD),
            Thing::Player { .. } => fg(Color::LightCyan).add_modifier(Modifier::BOLD),
            Thing::Enemy => fg(Color::LightMagenta).add_modifier(Modifier::BOLD),
            Thing::Slope(_) => fg(Color::Cyan),
            Thing::Hub => fg(Color::White).add_modifier(Modifier::BOLD),
            Thing::Dots => fg(Color::White),
            Thing::DeadBox => fg(Color::LightRed)
                .bg(Color::Red)
                .add_modifier(Modifier::BOLD),
            Thing::LostPair => fg(Color::LightRed)
                .bg(Color::Magenta)
                .add_modifier(Modifier::BOLD),
            Thing::DeadSquare => fg(Color::DarkGray),
            Thing::HintPath => fg(Color::LightGreen),
            Thing::Covered => fg(Color::Gray).bg(Color::DarkGray),
            Thing::MarkedHub => fg(Color::Black)
                .bg(Color::LightYellow)
                .add_modifier(Modifier::BOLD),
        }
    }

    /// The style of a missed shot's trace: fainter than a shot in flight.
    #[must_use]
    pub fn trace(self) -> Style {
        if self.color {
            Style::new().fg(Color::Yellow)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    /// The style of a shot's dots.
    #[must_use]
    pub fn shot(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::LightYellow)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    /// What is laid over a cell that a spinner's bar covers (and so blocks) right now: a grey
    /// background; without colour, underlined (the cell's empty columns also take the
    /// [`Thing::Covered`] shade, so it never rests on reverse video or colour alone).
    #[must_use]
    pub fn barred(self) -> Style {
        if self.color {
            Style::new().bg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::UNDERLINED)
        }
    }

    /// The style of the key names in help and hints.
    #[must_use]
    pub fn key(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::LightCyan)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    /// The style of headings, level titles and the word **Solved**.
    #[must_use]
    pub fn heading(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::LightGreen)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    /// The style of text that is less important (hints, dimmed figures).
    #[must_use]
    pub fn dim(self) -> Style {
        if self.color {
            Style::new().fg(Color::Gray)
        } else {
            Style::new()
        }
    }

    /// The style of warnings and errors on the status line.
    #[must_use]
    pub fn warning(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// The style of the selected row in a list.
    #[must_use]
    pub fn selected(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// The mark of a solved level in the level list.
    #[must_use]
    pub fn solved_mark(self) -> &'static str {
        if self.ascii { "*" } else { "✓" }
    }

    /// The separator between parts of the status line.
    #[must_use]
    pub fn separator(self) -> &'static str {
        if self.ascii { " | " } else { " │ " }
    }
}

fn unicode_glyph(thing: Thing) -> &'static str {
    match thing {
        Thing::Outside | Thing::Floor | Thing::Dots => "  ",
        Thing::Wall => "██",
        Thing::Goal => "··",
        Thing::Box => "[]",
        Thing::BoxOnGoal => "{}",
        Thing::Player { facing, on_goal } => player_glyph(facing, on_goal, false),
        Thing::Enemy => "><",
        Thing::Slope(Slope::TopLeft) => "▛▘",
        Thing::Slope(Slope::TopRight) => "▝▜",
        Thing::Slope(Slope::BottomLeft) => "▙▖",
        Thing::Slope(Slope::BottomRight) => "▗▟",
        Thing::Hub => "()",
        Thing::DeadBox => "××",
        Thing::LostPair => "&&",
        Thing::DeadSquare => "░░",
        Thing::HintPath => "∘∘",
        Thing::Covered => "▒▒",
        Thing::MarkedHub => "◆◆",
    }
}

fn ascii_glyph(thing: Thing) -> &'static str {
    match thing {
        Thing::Outside | Thing::Floor | Thing::Dots => "  ",
        Thing::Wall => "##",
        Thing::Goal => "..",
        Thing::Box => "[]",
        Thing::BoxOnGoal => "{}",
        Thing::Player { facing, on_goal } => player_glyph(facing, on_goal, true),
        Thing::Enemy => "><",
        Thing::Slope(Slope::TopLeft) => "#/",
        Thing::Slope(Slope::TopRight) => "\\#",
        Thing::Slope(Slope::BottomLeft) => "#\\",
        Thing::Slope(Slope::BottomRight) => "/#",
        Thing::Hub => "()",
        Thing::DeadBox => "XX",
        Thing::LostPair => "&&",
        Thing::DeadSquare => "::",
        Thing::HintPath => "~~",
        Thing::Covered => "==",
        Thing::MarkedHub => "**",
    }
}

/// A slope at twice the size: its solid half on the side of its corner.
fn big_slope(slope: Slope, ascii: bool) -> [String; 2] {
    let rows = match (slope, ascii) {
        (Slope::TopLeft, false) => ["███▀", "█▀  "],
        (Slope::TopRight, false) => ["▀███", "  ▀█"],
        (Slope::BottomLeft, false) => ["█▄  ", "███▄"],
        (Slope::BottomRight, false) => ["  ▄█", "▄███"],
        (Slope::TopLeft, true) => ["###/", "#/  "],
        (Slope::TopRight, true) => ["\\###", "  \\#"],
        (Slope::BottomLeft, true) => ["#\\  ", "###\\"],
        (Slope::BottomRight, true) => ["  /#", "/###"],
    };
    rows.map(str::to_owned)
}

/// `@` (or `+` on a goal, as in XSB) with an arrow on the side the player faces.
fn player_glyph(facing: Dir, on_goal: bool, ascii: bool) -> &'static str {
    // Indexed by [ascii][on_goal][facing in LURD order].
    const GLYPHS: [[[&str; 4]; 2]; 2] = [
        [["◂@", "@▴", "@▸", "@▾"], ["◂+", "+▴", "+▸", "+▾"]],
        [["<@", "@^", "@>", "@v"], ["<+", "+^", "+>", "+v"]],
    ];
    let index = match facing {
        Dir::Left => 0,
        Dir::Up => 1,
        Dir::Right => 2,
        Dir::Down => 3,
    };
    GLYPHS[usize::from(ascii)][usize::from(on_goal)][index]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of thing, each facing and goal state of the player included.
    fn all_things() -> Vec<Thing> {
        let mut things = vec![
            Thing::Wall,
            Thing::Goal,
            Thing::Box,
            Thing::BoxOnGoal,
            Thing::Enemy,
            Thing::Hub,
            Thing::DeadBox,
            Thing::LostPair,
            Thing::DeadSquare,
            Thing::HintPath,
            Thing::Covered,
            Thing::MarkedHub,
        ];
        for slope in [
            Slope::TopLeft,
            Slope::TopRight,
            Slope::BottomLeft,
            Slope::BottomRight,
        ] {
            things.push(Thing::Slope(slope));
        }
        for facing in Dir::ALL {
            for on_goal in [false, true] {
                things.push(Thing::Player { facing, on_goal });
            }
        }
        things
    }

    #[test]
    fn every_thing_has_its_own_two_column_glyph_in_both_looks() {
        for ascii in [false, true] {
            let theme = Theme {
                ascii,
                color: false,
            };
            let glyphs: Vec<&str> = all_things().into_iter().map(|t| theme.glyph(t)).collect();
            for (i, glyph) in glyphs.iter().enumerate() {
                let columns = ratatui::text::Span::raw(*glyph).width();
                assert_eq!(columns, 2, "ascii={ascii}: {glyph:?}");
                assert!(!ascii || glyph.is_ascii(), "{glyph:?} is not ASCII");
                assert!(
                    !glyphs[i + 1..].contains(glyph),
                    "ascii={ascii}: {glyph:?} is used twice, so without colour two things look alike"
                );
            }
        }
    }

    #[test]
    fn without_colour_no_style_sets_a_colour() {
        let theme = Theme {
            ascii: false,
            color: false,
        };
        let mut styles: Vec<Style> = all_things().into_iter().map(|t| theme.style(t)).collect();
        styles.extend([
            theme.key(),
            theme.heading(),
            theme.dim(),
            theme.warning(),
            theme.selected(),
            theme.shot(),
        ]);
        for style in styles {
            assert_eq!((style.fg, style.bg), (None, None), "{style:?}");
        }
    }
}
