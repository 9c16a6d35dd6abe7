//! The editor's small forms: the level's title, author and comment, and its settings (the
//! `Shots:` limit, and the spinner under the cursor's length, speed and angle). Typed text
//! is kept to [`MAX_FIELD_CHARS`] characters a field.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use sokoshot_core::edit::Editor;
use sokoshot_core::level::{Pos, Spinner};

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
            fields.push(field("Spinner length (cells)", sp.length.to_string()));
            fields.push(field("Spinner speed (°/s)", sp.speed.to_string()));
            fields.push(field("Spinner angle (°)", sp.angle.to_string()));
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
                            format!("{}: `{}` is not a number", self.fields[i].label, value(i))
                        })
                };
                let spinner = match hub {
                    Some(hub) => {
                        let length = number(1)?;
                        if length <= 0.0 {
                            return Err("the spinner's length must be more than 0".into());
                        }
                        // The form does not show `pushes`; the spinner keeps what it had.
                        let pushes = editor
                            .sketch()
                            .spinners()
                            .iter()
                            .any(|s| s.hub == hub && s.pushes);
                        Some(Spinner {
                            hub,
                            length,
                            speed: number(2)?,
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
