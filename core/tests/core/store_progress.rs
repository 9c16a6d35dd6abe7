//! The progress file is never saved larger than it is read back at: a save that would pass
//! the cap drops games to resume (oldest first), then kept solutions, never a result.

use sokoshot_core::store::progress::{
    Figures, MAX_PROGRESS_BYTES, MAX_PROGRESS_WRITE_BYTES, Progress, Resume, SaveFile, Solution,
};

const PACK: &str = "/levels/pack.xsb";

fn figures(i: usize) -> Figures {
    let n = u32::try_from(i % 1000).unwrap_or(0);
    Figures {
        moves: 10 + n,
        pushes: 2 + n,
        shots: n % 3,
    }
}

fn id(i: usize) -> u64 {
    0x5eed_0000_0000 + i as u64
}

/// A progress of solved levels, each also half-played again (a 32,000-byte resume line,
/// older the lower the level), grown to exactly `size` bytes of text; and how many levels.
fn progress_of(size: usize) -> (Progress, usize) {
    let mut progress = Progress::default();
    let steps = vec!["rrr".to_owned(); 8_000];
    let mut levels = 0;
    // Levels added a batch at a time (each takes a little over 32,000 bytes), so that the
    // text is made only a few times.
    loop {
        let gap = size.saturating_sub(progress.to_string().len() + 40_000);
        let batch = gap / 33_000;
        if batch == 0 {
            break;
        }
        for _ in 0..batch {
            progress.record(PACK, levels, id(levels), figures(levels));
            let at = u128::try_from(levels).unwrap_or(0);
            progress.set_resume(PACK, id(levels), Resume::fitted(levels, at, &steps));
            levels += 1;
        }
    }
    // The last game to resume fills the rest to the byte: one more move passes `size`.
    let last = levels;
    progress.record(PACK, last, id(last), figures(last));
    let mut fill = Resume::fitted(last, 1 << 60, &["r".to_owned()]);
    progress.set_resume(PACK, id(last), fill.clone());
    let gap = size - progress.to_string().len();
    fill.steps[0].push_str(&"r".repeat(gap));
    progress.set_resume(PACK, id(last), fill);
    assert_eq!(progress.to_string().len(), size);
    (progress, levels + 1)
}

#[test]
fn a_save_past_the_cap_keeps_every_result_and_reads_back() {
    let write = usize::try_from(MAX_PROGRESS_WRITE_BYTES).unwrap_or(usize::MAX);
    let read = usize::try_from(MAX_PROGRESS_BYTES).unwrap_or(usize::MAX);
    // Just under the write cap in the game; just under the read cap on disk (written by a
    // version without the write cap), read, then one more move.
    for (name, size, on_disk) in [
        ("in the game, at the write cap", write, false),
        ("on disk, just under the read cap", read - 10, true),
    ] {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let file = SaveFile::at(dir.path().join("progress.txt"));
        let (mut progress, levels) = progress_of(size);
        if on_disk {
            std::fs::write(file.path(), progress.to_string()).expect("written");
            let (read_back, warning) = file.load();
            assert_eq!(warning, None, "{name}");
            progress = read_back;
        }
        // One more move on the newest game to resume.
        let last = levels - 1;
        let mut resume = progress.resume(PACK, id(last)).expect("resumable").clone();
        resume.steps.push("u".to_owned());
        progress.set_resume(PACK, id(last), resume.clone());
        assert!(progress.to_string().len() > write, "{name}");

        let (saved, notice) = file.save_telling(&progress).expect("saved");
        let notice = notice.unwrap_or_default();
        assert!(
            notice.contains("half-played game") && notice.contains("(the oldest)"),
            "{name}: {notice}"
        );
        let bytes = std::fs::metadata(file.path()).expect("on disk").len();
        assert!(bytes <= MAX_PROGRESS_WRITE_BYTES, "{name}: {bytes} bytes");

        let (read_back, warning) = file.load();
        assert_eq!(warning, None, "{name}");
        assert_eq!(read_back, saved, "{name}");
        for i in 0..levels {
            let best = read_back.best(PACK, i, id(i)).expect("still solved");
            let want = figures(i);
            assert_eq!(
                (best.moves, best.pushes, best.shots),
                (want.moves, want.pushes, want.shots),
                "{name}: level {i}"
            );
        }
        // The oldest game to resume went first; the one just played is kept.
        assert_eq!(read_back.resume(PACK, id(0)), None, "{name}");
        assert_eq!(read_back.resume(PACK, id(last)), Some(&resume), "{name}");
    }
}

#[test]
fn fitting_drops_games_then_solutions_never_results() {
    let solution = Solution::new(&"r".repeat(2_000)).expect("a solution");
    let mut progress = Progress::default();
    for i in 0..4 {
        progress.record(PACK, i, id(i), figures(i));
        progress.keep_solution(PACK, id(i), &solution, 0);
        let at = u128::try_from(i).unwrap_or(0);
        let steps = vec!["l".to_owned(); 500];
        progress.set_resume(PACK, id(i), Resume::fitted(i, at, &steps));
    }
    let whole = progress.to_string().len();
    let results_only = {
        let mut bare = Progress::default();
        for i in 0..4 {
            bare.record(PACK, i, id(i), figures(i));
        }
        bare.to_string().len()
    };
    // (name, the cap, games to resume kept, solutions kept, a message)
    let cases = [
        ("room for all", whole, 4, 4, false),
        ("one game short", whole - 1, 3, 4, true),
        ("no room for any game", whole - 4 * 1_000, 0, 4, true),
        ("room for the results only", results_only, 0, 0, true),
    ];
    for (name, max, games, solutions, told) in cases {
        let (fitted, text, notice) = progress.clone().fitted(max as u64).expect(name);
        assert!(text.len() <= max, "{name}");
        assert_eq!(text, fitted.to_string(), "{name}");
        assert_eq!(notice.is_some(), told, "{name}: {notice:?}");
        let kept_games = (0..4)
            .filter(|&i| fitted.resume(PACK, id(i)).is_some())
            .count();
        assert_eq!(kept_games, games, "{name}");
        // The newest games are the ones kept.
        for i in 4 - games..4 {
            assert!(fitted.resume(PACK, id(i)).is_some(), "{name}: game {i}");
        }
        let kept_solutions = (0..4)
            .filter(|&i| {
                fitted
                    .kept(PACK, id(i))
                    .is_some_and(|k| k.by_moves.is_some())
            })
            .count();
        assert_eq!(kept_solutions, solutions, "{name}");
        for i in 0..4 {
            assert!(fitted.best(PACK, i, id(i)).is_some(), "{name}: level {i}");
        }
    }
    let too_small = progress.clone().fitted(results_only as u64 - 1);
    assert!(too_small.is_err(), "{too_small:?}");
}
