//! `sokoshot scores`: what it says when there is nothing to read, and the header of an empty
//! store (the lines of a store with entries are checked end to end, after real games).

use std::process::Command;

fn scores(home: &std::path::Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sokoshot"))
        .arg("scores")
        .args(args)
        .env_remove("XDG_DATA_HOME")
        .env("HOME", home)
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn scores_say_what_they_cannot_read() {
    let home = tempfile::tempdir().expect("temp dir");
    let default = home.path().join(".local/share/sokoshot/store.sqlite");
    let empty = home.path().join("empty.sqlite");
    let empty_spec = format!("sqlite:{}", empty.display());
    // Opened once so that it exists with the schema and no entries.
    sokoshot_store::open(&empty_spec.parse().expect("a store")).expect("opens");
    let cases: [(&str, Vec<&str>, i32, String); 5] = [
        (
            "no store yet at serve's default",
            vec![],
            2,
            format!(
                "there is no store at sqlite:{} (serve makes it when it first starts)",
                default.display()
            ),
        ),
        (
            "a folder store",
            vec!["--store", "folder:/srv/players"],
            2,
            "folder:/srv/players keeps no scores".into(),
        ),
        (
            "level 0",
            vec!["--store", &empty_spec, "Campaign", "0"],
            2,
            "levels are counted from 1".into(),
        ),
        (
            "not a store",
            vec!["--store", "mysql://h/db"],
            2,
            "is not a store".into(),
        ),
        (
            "an empty store",
            vec!["--store", &empty_spec],
            0,
            String::new(),
        ),
    ];
    for (name, args, code, said) in cases {
        let (status, out, err) = scores(home.path(), &args);
        assert_eq!(status, Some(code), "{name}: {err}");
        assert!(err.contains(&said), "{name}: {err}");
        if code == 0 {
            assert_eq!(
                out,
                "pack\tlevel\ttable\tplace\tnickname\tfingerprint\tmoves\tpushes\tshots\tdate\n",
                "{name}"
            );
        }
    }
    assert!(!default.exists(), "reading makes no store");
}
