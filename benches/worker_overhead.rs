//! What a worker process costs per call over calling in-process: 10,000 calls of a compiled
//! solution on a trivial input (`RR` + `R`, one BFS level), each way, the worker started and
//! warm before timing. The budget (issue 3) is under 50 µs per call more than in-process, i.e.
//! the two lines below may differ by at most 500 ms per 10,000 calls.
//!
//! Run: `cargo bench --bench worker_overhead`.

use criterion::{criterion_group, criterion_main, Criterion};

use zuma_judge::config::Limits;
use zuma_judge::execute::{Executor, InProcess};
use zuma_judge::submission::registry;
use zuma_judge::submission::worker::{Launch, Settings, Worker};

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
    g.bench_function("worker", |b| {
        let launch = Launch::own_binary(env!("CARGO_BIN_EXE_zuma-judge"), SOLUTION);
        let settings = Settings {
            limits: Limits::default(),
            stop: None,
        };
        let mut exec = Worker::new(launch, settings);
        assert_eq!(exec.call("RR", "R").result, Ok(1), "the worker starts");
        b.iter(|| ten_thousand(&mut exec));
    });
    g.finish();
}

criterion_group!(benches, overhead);
criterion_main!(benches);
