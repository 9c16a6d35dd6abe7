//! The panel beside the canvas — scene, verdict, numbers, clock — and the `?` key help.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

use sokoshot_core::lab::{Action, Binding, Lab, Readout, SceneId};

use super::Palette;

/// How wide the label column of the panel is.
const LABEL_WIDTH: usize = 7;

/// How wide the keys column of the help is.
const KEYS_WIDTH: usize = 10;

/// Draws the panel for `lab` into `area`.
pub fn render(lab: &Lab, readout: &Readout, palette: Palette, area: Rect, buf: &mut Buffer) {
    let block = Block::new().borders(Borders::LEFT);
    let inner = block.inner(area);
    block.render(area, buf);
    let [body, footer] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(2)]).areas(inner);
    let scene = lab.scene_id();
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut lines = vec![
        Line::from(vec![
            Span::styled(format!(" {}/{} ", scene.number(), SceneId::ALL.len()), bold),
            Span::styled(scene.name(), bold),
        ]),
        Line::from(format!(" active {}", lab.active_name())),
        Line::from(Span::styled(
            format!(" {}", readout.verdict.word()),
            palette.verdict(readout.verdict),
        )),
    ];
    if let Some((shown, steps)) = lab.step() {
        if let Some(step) = steps.get(shown) {
            let decides = if step.decides { " ◀ decides" } else { "" };
            lines.push(Line::from(Span::styled(
                format!(" step {}/{}{decides}", shown + 1, steps.len()),
                bold,
            )));
            lines.push(Line::from(Span::styled(format!(" {}", step.title), bold)));
            lines.extend(step.lines.iter().map(|l| Line::from(format!("  {l}"))));
            lines.push(Line::from(" ] next · [ back · e hide"));
        }
    } else {
        lines.push(Line::from(""));
    }
    lines.extend(
        readout
            .rows
            .iter()
            .map(|row| Line::from(format!(" {:<LABEL_WIDTH$}{}", row.label, row.value))),
    );
    Paragraph::new(lines).render(body, buf);
    let clock = if let Some(typed) = lab.prompt() {
        format!(" :{typed}_")
    } else if let Some(message) = lab.message() {
        format!(" {message}")
    } else if lab.paused() {
        format!(" {} · paused", speed_text(lab.speed()))
    } else {
        format!(" {} · running", speed_text(lab.speed()))
    };
    let hint = format!(" ? keys · Tab scene · {} quit", quit_key(lab));
    Paragraph::new(vec![Line::from(clock), Line::from(hint)]).render(footer, buf);
}

/// A speed factor as `1×`, `0.5×`, `0.125×`.
fn speed_text(speed: f32) -> String {
    format!("{speed}×")
}

/// The first key that quits in this scene (`q`, or `Esc` where `q` turns a box).
fn quit_key(lab: &Lab) -> &'static str {
    let quits = lab
        .bindings()
        .into_iter()
        .flatten()
        .find(|binding| binding.map.iter().any(|(_, a)| *a == Action::Quit));
    match quits.map(|binding| binding.keys.split(' ').next()) {
        Some(Some(key)) => key,
        _ => "^C",
    }
}

/// Draws the key help of the scene on screen over `area`.
pub fn render_help(lab: &Lab, area: Rect, buf: &mut Buffer) {
    let [own, common] = lab.bindings();
    let mut lines = Vec::new();
    lines.extend(own.iter().map(help_line));
    lines.push(Line::from(""));
    lines.extend(common.iter().map(help_line));
    let width = area.width.min(44);
    let height = area
        .height
        .min(u16::try_from(lines.len() + 2).unwrap_or(u16::MAX));
    let popup = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    Clear.render(popup, buf);
    let title = format!(" keys: {} ", lab.scene_id().name());
    Paragraph::new(lines)
        .block(Block::bordered().title(title))
        .render(popup, buf);
}

fn help_line(binding: &Binding) -> Line<'static> {
    Line::from(format!(" {:<KEYS_WIDTH$}{}", binding.keys, binding.help))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_print_without_trailing_zeros() {
        assert_eq!(speed_text(1.0), "1×");
        assert_eq!(speed_text(0.125), "0.125×");
        assert_eq!(speed_text(8.0), "8×");
    }

    #[test]
    fn the_quit_hint_names_a_key_that_quits() {
        for scene in SceneId::ALL {
            let mut lab = Lab::new(scene);
            let key = quit_key(&lab);
            let pressed = match key {
                "q" => sokoshot_core::lab::Key::Char('q'),
                "Esc" => sokoshot_core::lab::Key::Esc,
                other => panic!("{scene}: unexpected quit key {other}"),
            };
            assert_eq!(
                lab.press(pressed),
                sokoshot_core::lab::Outcome::Quit,
                "{scene}"
            );
        }
    }
}
