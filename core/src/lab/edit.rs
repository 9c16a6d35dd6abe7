//! Exact changes to a scene's shapes, and the `:` prompt that types them.
//!
//! The prompt takes `pos X Y`, `angle DEG`, `size W H` and `radius R` (or their first
//! letters). It holds at most
//! [`MAX_PROMPT`] characters; positions are within [`MAX_COORD`] of the origin, sizes and
//! radii within [`SIZE_RANGE`]. Anything else is refused with a message saying what is
//! accepted, and nothing changes.

use crate::geom::Vec2;
use crate::words;

/// The most characters the prompt holds.
pub const MAX_PROMPT: usize = 40;

/// How far from the origin a typed position may be, in world units.
pub const MAX_COORD: f32 = 40.0;

/// The smallest and largest typed size or radius, in world units.
pub const SIZE_RANGE: (f32, f32) = (0.1, 30.0);

/// A change to one shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Edit {
    /// Move by an offset.
    MoveBy(Vec2),
    /// Move the centre to a point.
    MoveTo(Vec2),
    /// Turn by some degrees (positive: clockwise on screen).
    TurnBy(f32),
    /// Set the angle, in degrees.
    AngleTo(f32),
    /// Set the width and height.
    Size(Vec2),
    /// Set the radius.
    Radius(f32),
}

/// Why an edit was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The shape has no such property.
    #[error("the {shape} has no {what}")]
    NotApplicable {
        /// The shape's name.
        shape: &'static str,
        /// The property asked for.
        what: &'static str,
    },
    /// The new place would overlap something the shape may not enter: the shape, and what.
    #[error("the {0} would overlap {1}")]
    Blocked(&'static str, &'static str),
    /// The typed command could not be read.
    #[error("{0}")]
    Syntax(String),
}

/// A position as given, or the message saying the limit when it is more than [`MAX_COORD`]
/// from the origin on either axis: the prompt, the keys and the mouse all meet this limit.
///
/// # Errors
/// When either coordinate is out of range.
pub(crate) fn position_in_range(at: Vec2) -> Result<Vec2, EditError> {
    if at.abs().max_element() <= MAX_COORD {
        Ok(at)
    } else {
        Err(EditError::Syntax(format!(
            "positions are within ±{MAX_COORD}"
        )))
    }
}

/// Whether a size or radius is within [`SIZE_RANGE`].
fn in_range(x: f32) -> bool {
    (SIZE_RANGE.0..=SIZE_RANGE.1).contains(&x)
}

/// What the prompt, the keys and the mouse all say about a size or radius out of range.
fn out_of_range() -> EditError {
    EditError::Syntax(format!("sizes are {} to {}", SIZE_RANGE.0, SIZE_RANGE.1))
}

/// A width and height as given, or the message saying the range, when either is outside
/// [`SIZE_RANGE`] (a key press that would stretch past it meets the prompt's limit).
///
/// # Errors
/// When either side is outside the range.
pub(crate) fn size_in_range(size: Vec2) -> Result<Vec2, EditError> {
    if in_range(size.x) && in_range(size.y) {
        Ok(size)
    } else {
        Err(out_of_range())
    }
}

/// Reads a prompt line into an edit.
///
/// # Errors
/// When the command is unknown, a number is missing or unreadable, or a value is out of range.
pub fn parse(line: &str) -> Result<Edit, EditError> {
    let mut words = line.split_whitespace();
    let command = words.next().unwrap_or("");
    let numbers: Vec<&str> = words.collect();
    let want = |n: usize| -> Result<Vec<f32>, EditError> {
        if numbers.len() != n {
            return Err(EditError::Syntax(format!(
                "{command} takes {}",
                words::count(n, "number")
            )));
        }
        numbers
            .iter()
            .map(|word| {
                word.parse::<f32>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| EditError::Syntax(format!("not a number: {word}")))
            })
            .collect()
    };
    let size = |x: f32| -> Result<f32, EditError> {
        if in_range(x) {
            Ok(x)
        } else {
            Err(out_of_range())
        }
    };
    match command {
        "pos" | "p" => {
            let v = want(2)?;
            Ok(Edit::MoveTo(position_in_range(Vec2::new(v[0], v[1]))?))
        }
        "angle" | "a" => {
            let v = want(1)?;
            Ok(Edit::AngleTo(v[0].rem_euclid(360.0)))
        }
        "size" | "s" => {
            let v = want(2)?;
            Ok(Edit::Size(Vec2::new(size(v[0])?, size(v[1])?)))
        }
        "radius" | "r" => {
            let v = want(1)?;
            Ok(Edit::Radius(size(v[0])?))
        }
        "" => Err(EditError::Syntax(
            "type pos X Y, angle DEG, size W H or radius R".into(),
        )),
        other => Err(EditError::Syntax(format!(
            "unknown {other:?}: pos X Y, angle DEG, size W H, radius R"
        ))),
    }
}

/// The error for a property a shape does not have.
pub(crate) fn not_applicable(shape: &'static str, edit: Edit) -> EditError {
    let what = match edit {
        Edit::MoveBy(_) | Edit::MoveTo(_) => "position",
        Edit::TurnBy(_) | Edit::AngleTo(_) => "angle",
        Edit::Size(_) => "size (it has a radius)",
        Edit::Radius(_) => "radius (it has a size)",
    };
    EditError::NotApplicable { shape, what }
}

/// The error for `:radius` on a shape that has a width and height instead.
pub(crate) fn has_size(shape: &'static str) -> EditError {
    EditError::NotApplicable {
        shape,
        what: "radius (it has a size: size W H)",
    }
}

/// The error for `:size` on a shape that has a radius instead.
pub(crate) fn has_radius(shape: &'static str) -> EditError {
    EditError::NotApplicable {
        shape,
        what: "size (it has a radius: radius R)",
    }
}

/// The error for `:size` or `:radius` on a shape whose size is fixed.
pub(crate) fn fixed_size(shape: &'static str) -> EditError {
    EditError::NotApplicable {
        shape,
        what: "size or radius to set (its size is fixed)",
    }
}

/// A size kept within [`SIZE_RANGE`] on both sides (key and mouse edits are not checked).
pub(crate) fn checked_size(size: Vec2) -> Vec2 {
    size.clamp(Vec2::splat(SIZE_RANGE.0), Vec2::splat(SIZE_RANGE.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompt_commands_parse_or_say_what_is_wrong() {
        let ok = [
            ("pos", "pos 1.5 -2", Edit::MoveTo(Vec2::new(1.5, -2.0))),
            ("angle", "angle 30", Edit::AngleTo(30.0)),
            ("negative angle", "angle -90", Edit::AngleTo(270.0)),
            ("size", "size 4 1", Edit::Size(Vec2::new(4.0, 1.0))),
            ("radius", "  radius 0.5 ", Edit::Radius(0.5)),
        ];
        for (name, line, want) in ok {
            assert_eq!(parse(line), Ok(want), "{name}");
        }
        let bad = [
            ("empty", "", "type pos"),
            ("unknown", "jump 1", "unknown \"jump\""),
            ("missing number", "pos 1", "pos takes 2 numbers"),
            ("one number", "angle", "angle takes 1 number"),
            ("not a number", "angle x", "not a number: x"),
            ("nan", "radius NaN", "not a number"),
            ("too far", "pos 100 0", "within ±40"),
            ("too small", "radius 0", "sizes are 0.1 to 30"),
        ];
        for (name, line, want) in bad {
            let err = parse(line).expect_err(name).to_string();
            assert!(err.contains(want), "{name}: {err}");
        }
    }
}
