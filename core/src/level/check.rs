//! What `sokoshot check` needs: reading a pack file from disk within the size limit, and the
//! one-line summary of a checked file.

use std::path::Path;

use crate::words::count;

use super::{Diagnostic, LevelError, PackReport, parse_pack_bytes};
use crate::store::open::{SourceError, read_source_bytes};

/// Reads and checks the pack file at `path` with [`read_source_bytes`]; a file over
/// [`MAX_FILE_BYTES`](super::MAX_FILE_BYTES) is not read and is reported as too big, in
/// the report.
///
/// # Errors
///
/// When the path is not a regular file, or it cannot be opened or read.
pub fn check_file(path: &Path) -> Result<PackReport, SourceError> {
    match read_source_bytes(path) {
        Ok(bytes) => Ok(parse_pack_bytes(&bytes)),
        Err(SourceError::TooBig { bytes, .. }) => Ok(PackReport {
            file_diagnostics: vec![Diagnostic {
                line: 1,
                col: 1,
                level: None,
                title: None,
                error: LevelError::FileTooBig { bytes },
            }],
            ..PackReport::default()
        }),
        Err(err) => Err(err),
    }
}

/// The summary line for a checked file: how many levels were read, how many are invalid,
/// how many warnings there were.
#[must_use]
pub fn summary(file: &str, report: &PackReport) -> String {
    let read = report.levels.len();
    let invalid = report.invalid_count();
    let warnings = report.warning_count();
    let levels = count(read, "level");
    let mut line = format!("{file}: {levels} read");
    if invalid == 0 && report.is_valid() {
        line.push_str(if read == 1 { ", valid" } else { ", all valid" });
    } else if invalid > 0 {
        line.push_str(&format!(", {invalid} invalid"));
    }
    if warnings > 0 {
        line.push_str(&format!(", {}", count(warnings, "warning")));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::parse_pack;

    #[test]
    fn summary_cases() {
        let good = "####\n#@$.#\n####\n";
        let bad = "####\n# $.#\n####\n";
        let cases = [
            ("one good", good.to_owned(), "f: 1 level read, valid"),
            (
                "two good",
                format!("{good}\n{good}"),
                "f: 2 levels read, all valid",
            ),
            (
                "one bad",
                format!("{good}\n{bad}"),
                "f: 2 levels read, 1 invalid",
            ),
            (
                "warning",
                format!("{good}Foo: 1\n"),
                "f: 1 level read, valid, 1 warning",
            ),
            ("empty", String::new(), "f: 0 levels read"),
        ];
        for (name, text, want) in cases {
            assert_eq!(summary("f", &parse_pack(&text)), want, "{name}");
        }
    }
}
