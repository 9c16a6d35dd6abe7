//! What `sokoshot check` needs: reading a pack file from disk within the size limit, and the
//! one-line summary of a checked file.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use super::{Diagnostic, LevelError, MAX_FILE_BYTES, PackReport, parse_pack_bytes};

/// Reads and checks the pack file at `path`; a file over [`MAX_FILE_BYTES`] is not read
/// past the limit and is reported as too big.
///
/// # Errors
///
/// The I/O error when the file cannot be opened or read.
pub fn check_file(path: &Path) -> io::Result<PackReport> {
    let file = File::open(path)?;
    let limit = u64::try_from(MAX_FILE_BYTES).unwrap_or(u64::MAX);
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() > MAX_FILE_BYTES {
        let size = std::fs::metadata(path).map_or(bytes.len() as u64, |m| m.len());
        return Ok(PackReport {
            file_diagnostics: vec![Diagnostic {
                line: 1,
                col: 1,
                level: None,
                title: None,
                error: LevelError::FileTooBig {
                    bytes: usize::try_from(size).unwrap_or(usize::MAX),
                },
            }],
            ..PackReport::default()
        });
    }
    Ok(parse_pack_bytes(&bytes))
}

/// The summary line for a checked file: how many levels were read, how many are invalid,
/// how many warnings there were.
#[must_use]
pub fn summary(file: &str, report: &PackReport) -> String {
    let read = report.levels.len();
    let invalid = report.invalid_count();
    let warnings = report.warning_count();
    let levels = plural(read, "level", "levels");
    let mut line = format!("{file}: {levels} read");
    if invalid == 0 && report.is_valid() {
        line.push_str(if read == 1 { ", valid" } else { ", all valid" });
    } else if invalid > 0 {
        line.push_str(&format!(", {invalid} invalid"));
    }
    if warnings > 0 {
        line.push_str(&format!(", {}", plural(warnings, "warning", "warnings")));
    }
    line
}

/// `n thing` or `n things`.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
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
