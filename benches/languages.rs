//! What each language costs: for the `wrong_answer/always_two_<id>` fixture of every language
//! whose toolchain is on `PATH`, the cold build (into an empty cache), the cached build, the
//! worker's start (spawn to `ready`, median of 5), and the per-call round trip on a warm worker
//! (mean of 1,000 calls of `RR` + `R`). The call does no work, so the last column is the
//! protocol's and the runtime's overhead. Prints a Markdown table for GUIDE.md.
//!
//! Run: `cargo bench --bench languages`.

use std::path::Path;
use std::time::Instant;

use zuma_judge::cases::config::Limits;
use zuma_judge::judge::execute::Executor;
use zuma_judge::judge::verdict::VerdictKind;
use zuma_judge::submission::build;
use zuma_judge::submission::languages;
use zuma_judge::submission::pasted::Pasted;
use zuma_judge::submission::sandbox;
use zuma_judge::submission::worker::{Settings, Worker};

const CALLS: usize = 1_000;
const STARTS: usize = 5;

fn main() {
    // The sandbox starts its init as the judge binary (`sandbox-init`); left to its default,
    // the running executable, it would start this bench again and again.
    sandbox::use_judge_binary(Path::new(env!("CARGO_BIN_EXE_zuma-judge")));
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/languages");
    println!("| language | toolchain | cold build ms | cached build ms | worker start ms | per call µs |");
    println!("|---|---|---|---|---|---|");
    for language in languages::ALL {
        let dir = fixtures.join(language.id).join("wrong_answer");
        let Some(file) = std::fs::read_dir(&dir)
            .ok()
            .and_then(|mut d| d.next())
            .and_then(|e| e.ok())
            .map(|e| e.path())
        else {
            println!("| {} | (no fixture) | | | | |", language.name);
            continue;
        };
        let shown = file.display().to_string();
        let stem = file.file_stem().unwrap().to_string_lossy().to_string();
        let pasted = Pasted::read(&file, shown, stem, VerdictKind::WrongAnswer.into())
            .expect("a fixture of a known language")
            .expect("readable");
        let cache = tempfile::tempdir().unwrap();
        let t = Instant::now();
        let builder = build::Builder::in_cache(cache.path());
        let cold = pasted.build(&builder);
        let cold_ms = t.elapsed().as_secs_f64() * 1e3;
        let built = match &cold.result {
            Ok(b) => b.clone(),
            Err(why) => {
                println!("| {} | {} | | | | |", language.name, why.message());
                continue;
            }
        };
        let t = Instant::now();
        let warm = pasted.build(&builder);
        let cached_ms = t.elapsed().as_secs_f64() * 1e3;
        assert!(warm.cached, "{}: the second build is cached", language.id);
        let settings = Settings {
            limits: Limits::default(),
            stop: None,
        };
        let mut starts = Vec::new();
        let mut worker = None;
        for _ in 0..STARTS {
            // As `Pasted::executor` does: the sandbox's view shows the build only when asked.
            let mut w = Worker::new(
                (language.launch)(&built.dir, &settings.limits),
                settings.clone(),
            )
            .exposing(&built.dir);
            let t = Instant::now();
            w.prepare().expect("the fixture loads");
            starts.push(t.elapsed().as_secs_f64() * 1e3);
            worker = Some(w);
        }
        let mut w = worker.unwrap();
        assert_eq!(w.call("RR", "R").result, Ok(2), "{}: warm-up", language.id);
        let t = Instant::now();
        for _ in 0..CALLS {
            assert_eq!(w.call("RR", "R").result, Ok(2));
        }
        let per_call_us = t.elapsed().as_secs_f64() * 1e6 / CALLS as f64;
        starts.sort_by(f64::total_cmp);
        println!(
            "| {} | {} | {cold_ms:.0} | {cached_ms:.1} | {:.0} | {per_call_us:.0} |",
            language.name,
            built.toolchain,
            starts[STARTS / 2]
        );
    }
}
