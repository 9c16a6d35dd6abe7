//! What a player is told about their session, in the same words on a local terminal and
//! through the SSH server: whether progress is kept, and a terminal too small to play in.

/// A save written to the end.
pub const PROGRESS_SAVED: &str = "progress saved";
/// A guest's session (the server without a key): nothing is kept.
pub const GUEST: &str = "playing as a guest: progress is not kept";

/// Progress that will not be kept, and why: `progress is not kept: neither HOME nor …`.
#[must_use]
pub fn progress_not_kept(why: &str) -> String {
    format!("progress is not kept: {why}")
}

/// A screen too small for what is asked of it, and the size it needs:
/// `terminal too small: need 40×12`.
#[must_use]
pub fn too_small(width: u16, height: u16) -> String {
    format!("terminal too small: need {width}×{height}")
}

/// `text` as a sentence of its own: its first letter a capital, a full stop at the end
/// (`Playing as a guest: progress is not kept.`).
#[must_use]
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let first = chars.next().map(|c| c.to_uppercase().to_string());
    let end = if text.ends_with(['.', '!', '?']) {
        ""
    } else {
        "."
    };
    format!("{}{}{end}", first.unwrap_or_default(), chars.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_reads_as_a_sentence_of_its_own() {
        let cases = [
            ("guest", GUEST, "Playing as a guest: progress is not kept."),
            ("stop kept", "done.", "Done."),
            ("empty", "", "."),
        ];
        for (name, text, want) in cases {
            assert_eq!(sentence(text), want, "{name}");
        }
        assert_eq!(
            progress_not_kept("the disk is full"),
            "progress is not kept: the disk is full"
        );
        assert_eq!(too_small(40, 12), "terminal too small: need 40×12");
    }
}
