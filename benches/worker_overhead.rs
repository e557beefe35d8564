//! What a worker process costs per call over calling in-process: 10,000 calls of a compiled
//! solution on a trivial input (`RR` + `R`, one BFS level), each way, the worker started and
//! warm before timing, in the sandbox and without it. The budget (issue 3) is under 50 µs per
//! call more than in-process, i.e. the lines may differ by at most 500 ms per 10,000 calls.
//! Then what starting a worker costs, with the sandbox and without.
//!
//! Run: `cargo bench --bench worker_overhead`.

use criterion::{criterion_group, criterion_main, Criterion};

use std::path::Path;
use zuma_judge::cases::config::Limits;
use zuma_judge::judge::execute::{Executor, InProcess};

use zuma_judge::submission::worker::{Launch, Settings, Worker};
use zuma_judge::submission::{registry, sandbox};

const CALLS: usize = 10_000;
const SOLUTION: &str = "seed000_bfs";

fn ten_thousand(exec: &mut dyn Executor) {
    for _ in 0..CALLS {
        assert_eq!(exec.call("RR", "R").result, Ok(1));
    }
}

fn overhead(c: &mut Criterion) {
    let solution = registry::find(SOLUTION).expect("a shipped solution");
    let mut g = c.benchmark_group("10000 calls");
    g.sample_size(10);
    g.bench_function("in-process", |b| {
        let mut exec = InProcess::new(solution);
        b.iter(|| ten_thousand(&mut exec));
    });
    let judge = Path::new(env!("CARGO_BIN_EXE_zuma-judge"));
    sandbox::use_judge_binary(judge);
    let on = sandbox::status();
    g.bench_function(format!("worker, sandbox {}", state(&on)), |b| {
        let mut exec = worker(judge);
        assert_eq!(exec.call("RR", "R").result, Ok(1), "the worker starts");
        b.iter(|| ten_thousand(&mut exec));
    });
    g.finish();
    // A worker's start: the process, the sandbox (namespaces, the view), and its `ready`.
    let mut g = c.benchmark_group("start a worker and call once");
    g.sample_size(20);
    g.bench_function(format!("sandbox {}", state(&on)), |b| {
        b.iter(|| assert_eq!(worker(judge).call("RR", "R").result, Ok(1)));
    });
    sandbox::disable();
    g.bench_function("sandbox off", |b| {
        b.iter(|| assert_eq!(worker(judge).call("RR", "R").result, Ok(1)));
    });
    g.finish();
    let mut g = c.benchmark_group("10000 calls");
    g.sample_size(10);
    g.bench_function("worker, sandbox off", |b| {
        let mut exec = worker(judge);
        assert_eq!(exec.call("RR", "R").result, Ok(1), "the worker starts");
        b.iter(|| ten_thousand(&mut exec));
    });
    g.finish();
}

fn worker(judge: &Path) -> Worker {
    let settings = Settings {
        limits: Limits::default(),
        stop: None,
    };
    Worker::new(Launch::own_binary(judge, SOLUTION), settings)
}

fn state(s: &sandbox::Status) -> &'static str {
    if s.is_on() {
        "on"
    } else {
        "off (cannot be built here)"
    }
}

criterion_group!(benches, overhead);
criterion_main!(benches);
