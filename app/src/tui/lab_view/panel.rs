//! The panel beside the canvas — scene, verdict, numbers, clock — and the `?` key help.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

use sokoshot_core::lab::{Action, Lab, Readout, SceneId, TOUCH_TOLERANCE_TEXT};

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
    let status = status_lines(lab, usize::from(inner.width));
    let footer_rows = u16::try_from(status.len() + 1).unwrap_or(u16::MAX);
    let [body, footer] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(footer_rows)]).areas(inner);
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
    let width = usize::from(inner.width);
    let mut step_lines = Vec::new();
    if let Some((shown, steps)) = lab.step() {
        if let Some(step) = steps.get(shown) {
            let decides = if step.decides { " ◀ decides" } else { "" };
            step_lines.push(Line::from(Span::styled(
                format!(" step {}/{}{decides}", shown + 1, steps.len()),
                bold,
            )));
            for text in indented(&step.title, 1, 2, width) {
                step_lines.push(Line::from(Span::styled(text, bold)));
            }
            for line in &step.lines {
                step_lines.extend(indented(line, 2, 4, width).into_iter().map(Line::from));
            }
            step_lines.push(Line::from(" ] next · [ back · e hide"));
        }
    } else {
        step_lines.push(Line::from(format!(" {}", lab.axes())));
    }
    let room = usize::from(body.height).saturating_sub(lines.len() + step_lines.len());
    lines.extend(step_lines);
    lines.extend(row_lines(readout, width, room).into_iter().map(Line::from));
    Paragraph::new(lines).render(body, buf);
    let hint = format!(" ? keys · Tab scene · {} quit", quit_key(lab));
    let mut footer_lines: Vec<Line> = status.into_iter().map(Line::from).collect();
    footer_lines.push(Line::from(hint));
    Paragraph::new(footer_lines).render(footer, buf);
}

/// `text` wrapped to `width` columns, its first line indented by `first` spaces and the rest by
/// `rest`, so that no word (and no number) is cut at the panel's edge.
fn indented(text: &str, first: usize, rest: usize, width: usize) -> Vec<String> {
    let room = width.saturating_sub(rest).max(1);
    let mut out = Vec::new();
    for (i, line) in wrap(text, room).into_iter().enumerate() {
        let pad = if i == 0 { first } else { rest };
        out.push(format!("{:pad$}{line}", ""));
    }
    out
}

/// The readout's rows as panel lines `width` columns wide, each value wrapped under its own
/// column rather than cut. When they need more than `room` lines, the rows that only repeat
/// an input (positions, sizes, angles) are left out, so that the results stay on screen.
fn row_lines(readout: &Readout, width: usize, room: usize) -> Vec<String> {
    let lines_of = |keep_inputs: bool| -> Vec<String> {
        readout
            .rows
            .iter()
            .filter(|row| keep_inputs || !row.input)
            .flat_map(|row| {
                let column = 1 + LABEL_WIDTH;
                let values = wrap(&row.value, width.saturating_sub(column).max(1));
                values
                    .into_iter()
                    .enumerate()
                    .map(|(i, value)| {
                        let label = if i == 0 { row.label } else { "" };
                        format!(" {label:<LABEL_WIDTH$}{value}")
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let all = lines_of(true);
    if all.len() <= room {
        all
    } else {
        lines_of(false)
    }
}

/// The most rows a message may take at the foot of the panel.
const MAX_MESSAGE_ROWS: usize = 4;

/// The status at the foot of a panel `width` columns wide: the prompt, scrolled so that the
/// end being typed shows; or the last message, wrapped; or the clock.
fn status_lines(lab: &Lab, width: usize) -> Vec<String> {
    let room = width.saturating_sub(1).max(1);
    if let Some(typed) = lab.prompt() {
        return vec![format!(" {}", prompt_tail(typed, room))];
    }
    if let Some(message) = lab.message() {
        return wrap(message, room)
            .into_iter()
            .take(MAX_MESSAGE_ROWS)
            .map(|line| format!(" {line}"))
            .collect();
    }
    let state = if lab.paused() { "paused" } else { "running" };
    vec![format!(" {} · {state}", speed_text(lab.speed()))]
}

/// `:` and the typed text and a cursor, within `room` columns: the end, with `…` in front
/// of what scrolled off.
fn prompt_tail(typed: &str, room: usize) -> String {
    let line = format!(":{typed}_");
    let count = line.chars().count();
    if count <= room {
        return line;
    }
    let keep = room.saturating_sub(1);
    let tail: String = line.chars().skip(count - keep).collect();
    format!("…{tail}")
}

/// `text` broken at spaces into lines of at most `room` columns (a word longer than that is
/// cut into pieces).
fn wrap(text: &str, room: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > room {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            lines.push(word.drain(..room).collect());
        }
        let word: String = word.into_iter().collect();
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if needed > room && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
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

/// How wide the keys column of the help's left half is.
const OWN_KEYS_WIDTH: usize = 9;

/// The widest the help gets: two columns of keys side by side.
const HELP_WIDTH: u16 = 80;

/// The lab's touch rule as the help states it: one tolerance for shapes at rest; a cast or
/// sweep hits where it first comes within it, the fraction or time shown; and for one that
/// starts touching and moves away, no hit.
fn touch_rule() -> Vec<String> {
    vec![
        format!(" touching: within {TOUCH_TOLERANCE_TEXT} of"),
        " each other, in every scene".to_owned(),
        " (a HIT with depth 0); a".to_owned(),
        " cast or sweep hits where it".to_owned(),
        format!(" first comes within {TOUCH_TOLERANCE_TEXT}"),
        " (its frac or toi); if it".to_owned(),
        " starts touching and moves".to_owned(),
        " away, it is no hit".to_owned(),
    ]
}

/// Draws the key help of the scene on screen over `area`: the scene's own keys and the touch
/// tolerance on the left, the keys every scene shares on the right.
pub fn render_help(lab: &Lab, area: Rect, buf: &mut Buffer) {
    let [own, common] = lab.bindings();
    let mut left: Vec<String> = own
        .iter()
        .map(|b| format!(" {:<OWN_KEYS_WIDTH$}{}", b.keys, b.help))
        .collect();
    left.push(String::new());
    left.extend(touch_rule());
    let right: Vec<String> = common
        .iter()
        .map(|b| format!(" {:<KEYS_WIDTH$}{}", b.keys, b.help))
        .collect();
    let width = area.width.min(HELP_WIDTH);
    let rows = left.len().max(right.len());
    let height = area.height.min(u16::try_from(rows + 2).unwrap_or(u16::MAX));
    let popup = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    Clear.render(popup, buf);
    let title = format!(" keys: {} ", lab.scene_id().name());
    let block = Block::bordered().title(title);
    let inner = block.inner(popup);
    block.render(popup, buf);
    // The scene's column is as wide as its longest line and a space, at most half: the common
    // keys' longer lines get the rest rather than being cut at the middle.
    let widest = left
        .iter()
        .map(|l| l.chars().count() + 1)
        .max()
        .unwrap_or(0);
    let west_width = u16::try_from(widest)
        .unwrap_or(u16::MAX)
        .min(inner.width / 2);
    let [west, east] =
        Layout::horizontal([Constraint::Length(west_width), Constraint::Fill(1)]).areas(inner);
    Paragraph::new(left.into_iter().map(Line::from).collect::<Vec<_>>()).render(west, buf);
    Paragraph::new(right.into_iter().map(Line::from).collect::<Vec<_>>()).render(east, buf);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_wrap_at_spaces_within_the_room() {
        let lines = wrap(
            "the ball stays 0.1 clear of the walls: x within ±12.15, y ±7.15",
            29,
        );
        assert_eq!(
            lines,
            [
                "the ball stays 0.1 clear of",
                "the walls: x within ±12.15, y",
                "±7.15"
            ]
        );
        assert_eq!(wrap("abcdefgh", 3), ["abc", "def", "gh"]);
        assert_eq!(wrap("", 5), [""]);
    }

    #[test]
    fn the_prompt_shows_the_end_being_typed() {
        assert_eq!(prompt_tail("pos 1 2", 29), ":pos 1 2_");
        let long = "pos 12.345678 -23.456789 extra";
        let shown = prompt_tail(long, 29);
        assert_eq!(shown.chars().count(), 29);
        assert!(
            shown.starts_with('…') && shown.ends_with("extra_"),
            "{shown}"
        );
    }

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
