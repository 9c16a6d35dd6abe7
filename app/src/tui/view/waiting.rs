//! The screen shown while a level file has no level that can be played: what is wrong with
//! it, and that saving a fix loads it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Text};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use sokoshot_core::level::visible;

/// The waiting screen.
#[derive(Debug, Clone, Copy)]
pub struct Waiting<'a> {
    /// Why the file cannot be played, one problem per line.
    pub problems: &'a str,
}

impl Widget for Waiting<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let mut lines = vec![
            Line::styled("No level here can be played yet:", bold),
            Line::raw(""),
        ];
        lines.extend(
            self.problems
                .lines()
                .map(|line| Line::raw(visible(line).into_owned())),
        );
        lines.push(Line::raw(""));
        lines.push(Line::raw(
            "Save a fix in your editor and it loads here. q quits.",
        ));
        Paragraph::new(Text::from(lines))
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }
}

/// The screen shown while the folder of packs is read, before the first level.
#[derive(Debug, Clone, Copy)]
pub struct Reading<'a> {
    /// The folder.
    pub dir: &'a std::path::Path,
}

impl Widget for Reading<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let dir = self.dir.display().to_string();
        let lines = vec![
            Line::styled(
                format!("Reading the packs in {} …", visible(&dir)),
                Style::new().add_modifier(Modifier::BOLD),
            ),
            Line::raw(""),
            Line::raw("q quits."),
        ];
        Paragraph::new(Text::from(lines))
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }
}
