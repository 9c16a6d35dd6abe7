//! The editor's small forms: the level's title, author and comment, and its settings (the
//! `Shots:` limit, and the spinner under the cursor's length, speed and angle). Typed text
//! is kept to [`MAX_FIELD_CHARS`] characters a field.
//!
//! The spinner's speed is given in degrees a beat, the unit of play's clock (the status
//! line counts beats, and a bar turns the same angle every beat); the level file keeps its
//! own field, degrees a second of the game's clock (a beat is [`WAIT_TICKS`] ticks of
//! [`TICKS_PER_SECOND`]).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use sokoshot_core::edit::{Editor, Sketch};
use sokoshot_core::game::{TICKS_PER_SECOND, WAIT_TICKS};
use sokoshot_core::level::{Pos, Spinner};

/// The label of the spinner's length: the whole bar, hub included.
pub const LENGTH_LABEL: &str = "Spinner length in cells, whole bar (3: hub and 1 each side)";
/// The label of the spinner's speed, in degrees a beat (the level file keeps degrees a
/// second: the editor's help says so).
pub const SPEED_LABEL: &str = "Spinner speed in ° a beat (above 0 clockwise, 0 stands still)";
/// The label of the spinner's angle where the level starts (y points down the screen, so a
/// positive angle turns clockwise: 45 lies as `\`).
pub const ANGLE_LABEL: &str = "Spinner angle at beat 0 in ° (0 across, 45 like \\, 90 up-down)";
/// The label of whether the bar pushes the boxes it turns onto.
pub const PUSHES_LABEL: &str = "Spinner pushes boxes it turns onto (y or n)";

/// Beats in a second of the game's clock.
fn beats_a_second() -> f64 {
    f64::from(TICKS_PER_SECOND) / f64::from(WAIT_TICKS)
}

/// A speed of the level file (degrees a second) in degrees a beat, as the form shows it.
#[must_use]
pub fn degrees_a_beat(speed: f32) -> f32 {
    (f64::from(speed) / beats_a_second()) as f32
}

/// Degrees a beat, as typed in the form, as the level file's speed (degrees a second).
#[must_use]
pub fn speed_of(degrees_a_beat: f32) -> f32 {
    (f64::from(degrees_a_beat) * beats_a_second()) as f32
}

/// The most characters one field holds.
pub const MAX_FIELD_CHARS: usize = 200;

/// Which form is open.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FormKind {
    /// Title, author, comment.
    Meta,
    /// Shots, and the spinner at this hub if the cursor is on one.
    Settings(Option<Pos>),
}

/// One labelled field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// What it is.
    pub label: &'static str,
    /// What is typed in it.
    pub value: String,
}

/// A form being filled in.
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    /// Which form.
    pub kind: FormKind,
    /// Its fields, top to bottom.
    pub fields: Vec<Field>,
    /// The field typed into.
    pub at: usize,
    /// Why the last Enter was refused.
    pub error: Option<String>,
}

/// What a key did to a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormEnd {
    /// Still open.
    Open,
    /// Applied and closed.
    Applied,
    /// Closed without a change.
    Cancelled,
}

fn field(label: &'static str, value: String) -> Field {
    Field { label, value }
}

impl Form {
    /// The title, author and comment form, filled in from the board.
    #[must_use]
    pub fn meta(editor: &Editor) -> Self {
        let s = editor.sketch();
        let fields = vec![
            field("Title", s.title.clone().unwrap_or_default()),
            field("Author", s.author.clone().unwrap_or_default()),
            field("Comment", s.comments.join(" ")),
        ];
        Self {
            kind: FormKind::Meta,
            fields,
            at: 0,
            error: None,
        }
    }

    /// The settings form: shots, and the spinner under the cursor if there is one.
    #[must_use]
    pub fn settings(editor: &Editor) -> Self {
        let s = editor.sketch();
        let shots = s.shots.map(|n| n.to_string()).unwrap_or_default();
        let mut fields = vec![field("Shots (empty: no limit)", shots)];
        let hub = s
            .spinners()
            .iter()
            .find(|sp| sp.hub == editor.cursor())
            .copied();
        if let Some(sp) = hub {
            fields.push(field(LENGTH_LABEL, sp.length.to_string()));
            fields.push(field(SPEED_LABEL, degrees_a_beat(sp.speed).to_string()));
            fields.push(field(ANGLE_LABEL, sp.angle.to_string()));
            let pushes = if sp.pushes { "y" } else { "n" };
            fields.push(field(PUSHES_LABEL, pushes.to_owned()));
        }
        Self {
            kind: FormKind::Settings(hub.map(|sp| sp.hub)),
            fields,
            at: 0,
            error: None,
        }
    }

    /// Takes a key: typing, Tab and the arrows between fields, Enter to apply, Esc to
    /// cancel.
    pub fn key(&mut self, key: KeyEvent, editor: &mut Editor) -> FormEnd {
        let last = self.fields.len() - 1;
        match key.code {
            KeyCode::Esc => return FormEnd::Cancelled,
            KeyCode::Enter => {
                return match self.apply(editor) {
                    Ok(()) => FormEnd::Applied,
                    Err(why) => {
                        self.error = Some(why);
                        FormEnd::Open
                    }
                };
            }
            KeyCode::Tab | KeyCode::Down => self.at = if self.at == last { 0 } else { self.at + 1 },
            KeyCode::BackTab | KeyCode::Up => self.at = self.at.checked_sub(1).unwrap_or(last),
            KeyCode::Backspace => {
                self.fields[self.at].value.pop();
            }
            KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => {
                self.type_char(c);
            }
            _ => {}
        }
        FormEnd::Open
    }

    /// Types `c` into the field, if it is printable and the field has room.
    pub fn type_char(&mut self, c: char) {
        let value = &mut self.fields[self.at].value;
        if !c.is_control() && value.chars().count() < MAX_FIELD_CHARS {
            value.push(c);
        }
    }

    fn apply(&self, editor: &mut Editor) -> Result<(), String> {
        let value = |i: usize| self.fields[i].value.trim();
        match self.kind {
            FormKind::Meta => {
                editor.set_meta(value(0), value(1), value(2));
                Ok(())
            }
            FormKind::Settings(hub) => {
                let shots = match value(0) {
                    "" => None,
                    n => Some(n.parse::<u32>().map_err(|_| {
                        format!("shots: `{n}` is not a whole number (leave it empty for no limit)")
                    })?),
                };
                let number = |i: usize| -> Result<f32, String> {
                    value(i)
                        .parse::<f32>()
                        .ok()
                        .filter(|v| v.is_finite())
                        .ok_or_else(|| {
                            let label = self.fields[i].label;
                            let name = label.split(" in ").next().unwrap_or(label);
                            format!("{name}: `{}` is not a number", value(i))
                        })
                };
                let spinner = match hub {
                    Some(hub) => {
                        let length = number(1)?;
                        if length <= 0.0 {
                            return Err("the spinner's length must be more than 0".into());
                        }
                        // The spinner keeps its speed as written when the degrees a beat shown
                        // are not changed.
                        let was = editor
                            .sketch()
                            .spinners()
                            .iter()
                            .find(|s| s.hub == hub)
                            .copied();
                        let per_beat = number(2)?;
                        let pushes = match value(4).to_lowercase().as_str() {
                            "y" | "yes" => true,
                            "n" | "no" | "" => false,
                            other => {
                                return Err(format!("pushes: `{other}` is neither y nor n"));
                            }
                        };
                        let speed = match was {
                            Some(was) if degrees_a_beat(was.speed) == per_beat => was.speed,
                            _ => speed_of(per_beat),
                        };
                        Some(Spinner {
                            hub,
                            length,
                            speed,
                            angle: number(3)?,
                            pushes,
                        })
                    }
                    None => None,
                };
                editor.set_shots(shots);
                if let Some(spinner) = spinner {
                    editor.set_spinner(spinner).map_err(|e| e.to_string())?;
                }
                Ok(())
            }
        }
    }
}

/// What a form set, from the board `before` it to the board `after`: `title set to “X”`,
/// `shots set to 5`, `the spinner at row 4 col 8 set: …`, or `nothing changed`.
#[must_use]
pub fn what_was_set(before: &Sketch, after: &Sketch) -> String {
    let text = |label: &str, was: Option<&str>, now: Option<&str>| match (was, now) {
        (a, b) if a == b => None,
        (_, None) => Some(format!("{label} cleared")),
        (_, Some(now)) => Some(format!("{label} set to “{now}”")),
    };
    let joined = |c: &[String]| (!c.is_empty()).then(|| c.join(" "));
    let mut said: Vec<String> = [
        text("title", before.title.as_deref(), after.title.as_deref()),
        text("author", before.author.as_deref(), after.author.as_deref()),
        text(
            "comment",
            joined(&before.comments).as_deref(),
            joined(&after.comments).as_deref(),
        ),
    ]
    .into_iter()
    .flatten()
    .collect();
    if before.shots != after.shots {
        said.push(match after.shots {
            Some(n) => format!("shots set to {n}"),
            None => "shots: no limit".to_owned(),
        });
    }
    for sp in after.spinners() {
        if !before.spinners().contains(sp) {
            said.push(format!(
                "the spinner at row {} col {} set: a bar of {} cells, {}° a beat, at {}° at beat 0",
                sp.hub.y + 1,
                sp.hub.x + 1,
                sp.length,
                degrees_a_beat(sp.speed),
                sp.angle
            ));
        }
    }
    if said.is_empty() {
        "nothing changed".to_owned()
    } else {
        said.join("; ")
    }
}
