//! What the lab's tests share: typing keys and prompt lines into a lab as a learner would, and
//! reading the panel and the steps back.

use sokoshot_core::lab::{Key, Lab};

/// Presses each character of `keys` in turn.
pub fn press(lab: &mut Lab, keys: &str) {
    for c in keys.chars() {
        lab.press(Key::Char(c));
    }
}

/// Types `line` at the `:` prompt and presses Enter, whatever the lab answers.
pub fn enter(lab: &mut Lab, line: &str) {
    lab.press(Key::Char(':'));
    press(lab, line);
    lab.press(Key::Enter);
}

/// Types `line` at the `:` prompt and presses Enter; the lab must take it without a word.
pub fn command(lab: &mut Lab, line: &str) {
    enter(lab, line);
    assert_eq!(lab.message(), None, "{line}");
}

/// The panel's value for `label`, if it shows one.
pub fn maybe_value(lab: &Lab, label: &str) -> Option<String> {
    lab.readout().value(label).map(str::to_owned)
}

/// The panel's value for `label`, which it must show.
pub fn value(lab: &Lab, label: &str) -> String {
    maybe_value(lab, label).unwrap_or_else(|| panic!("no {label:?} in {:?}", lab.readout()))
}

/// The lines of the step titled `title`, with the steps shown.
pub fn step_lines(lab: &Lab, title: &str) -> Vec<String> {
    let (_, steps) = lab.step().expect("steps shown");
    steps
        .into_iter()
        .find(|s| s.title == title)
        .unwrap_or_else(|| panic!("no step {title:?}"))
        .lines
}
