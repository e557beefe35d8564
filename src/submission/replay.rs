//! The verdict cache of `grade`: a submission's calls, recorded as a tape, and replayed when the
//! same build is graded again on the same cases under the same judge, limits and sandbox.
//!
//! A tape holds every call the runner made, in order: the input, the wall limit in force, and
//! the outcome the judge measured (answer or failure, CPU and wall time, peak memory), plus how
//! the worker's start went. Replaying feeds the runner those outcomes instead of calling the
//! worker, so every verdict, rerun, skip, sweep and minimised input is decided again by the
//! same code from the same measurements: the report is the one the first run gave. When the
//! runner asks for a call the tape does not hold next (a minimiser whose wall-clock budget let
//! it try one more candidate), the tape is left and the worker is started and called for real
//! from there on. What the key covers is the caller's business ([`Key`]); a tape is read only
//! under its key, from the cache root, which no sandboxed build or worker can see or write.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::submission::execute::{Executor, Failure, Outcome, Unjudged};
use crate::submission::verdict::Limit;

/// Bumped when a tape's meaning changes: older tapes are then never read.
const TAPE_FORMAT: &str = "zuma-judge verdict tape 1";

/// Everything that decides a submission's calls, hashed: the caller puts in the build's
/// content key, the judge binary, the cases, the limits and judging rules, and the sandbox.
#[derive(Clone)]
pub struct Key(Sha256);

impl Key {
    /// An empty key of the current tape format.
    pub fn new() -> Key {
        let mut k = Key(Sha256::new());
        k.put(TAPE_FORMAT.as_bytes());
        k
    }

    /// Adds one part (length-prefixed, so parts never run into each other).
    pub fn put(&mut self, part: &[u8]) -> &mut Key {
        self.0.update((part.len() as u64).to_le_bytes());
        self.0.update(part);
        self
    }

    /// The tape's file under `root`: `root/verdicts/<hex>.json`, the first 16 bytes of the
    /// hash in hex.
    pub fn path(&self, root: &Path) -> PathBuf {
        root.join("verdicts")
            .join(format!("{}.json", &self.hex()[..32]))
    }

    /// The whole hash, in hex.
    pub fn hex(&self) -> String {
        format!("{:x}", self.0.clone().finalize())
    }
}

impl Default for Key {
    fn default() -> Self {
        Key::new()
    }
}

/// A submission's recorded calls.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tape {
    /// How the worker's start went: `None` for a start without trouble, else why the
    /// submission was judged on no case (an RE while loading).
    pub unprepared: Option<Unprepared>,
    /// Every call, in the order the runner made them.
    pub calls: Vec<Call>,
}

/// Why a worker could not be prepared, as recorded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "message", rename_all = "snake_case")]
pub enum Unprepared {
    /// [`Unjudged::CompileError`].
    CompileError(String),
    /// [`Unjudged::LoadError`].
    LoadError(String),
}

/// One recorded call. On disk a row, `[board, hand, wall_limit_ms, answer or failure, wall_ms,
/// cpu_ms, memory_kib]`: a tape holds every class of the sweep, so its size counts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "Row", into = "Row")]
pub struct Call {
    /// The board passed.
    pub board: String,
    /// The hand passed, as written.
    pub hand: String,
    /// The wall limit set by the runner (`None`: the limits' own).
    pub wall_limit_ms: Option<u64>,
    /// The answer, or why there is none.
    pub result: Result<i32, Failed>,
    /// Wall time, milliseconds.
    pub wall_ms: f64,
    /// CPU time, milliseconds.
    pub cpu_ms: f64,
    /// Peak resident memory, KiB.
    pub memory_kib: Option<u64>,
}

/// A [`Call`] on disk.
#[derive(Serialize, Deserialize)]
struct Row(String, String, Option<u64>, Answered, f64, f64, Option<u64>);

/// A call's answer or failure on disk: a number, or `{"kind": ..., "message": ...}`.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Answered {
    Answer(i32),
    Failed(Failed),
}

impl From<Call> for Row {
    fn from(c: Call) -> Row {
        let answered = match c.result {
            Ok(n) => Answered::Answer(n),
            Err(f) => Answered::Failed(f),
        };
        Row(
            c.board,
            c.hand,
            c.wall_limit_ms,
            answered,
            c.wall_ms,
            c.cpu_ms,
            c.memory_kib,
        )
    }
}

impl From<Row> for Call {
    fn from(Row(board, hand, wall_limit_ms, answered, wall_ms, cpu_ms, memory_kib): Row) -> Call {
        let result = match answered {
            Answered::Answer(n) => Ok(n),
            Answered::Failed(f) => Err(f),
        };
        Call {
            board,
            hand,
            wall_limit_ms,
            result,
            wall_ms,
            cpu_ms,
            memory_kib,
        }
    }
}

/// A [`Failure`] as recorded (a stopped call is never recorded: its tape is not kept).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "message", rename_all = "snake_case")]
pub enum Failed {
    /// [`Failure::Panic`].
    Panic(String),
    /// [`Failure::Crash`].
    Crash(String),
    /// [`Failure::TimeLimit`].
    TimeLimit(Limit),
    /// [`Failure::MemoryLimit`].
    MemoryLimit(String),
}

impl Call {
    fn of(board: &str, hand: &str, wall_limit_ms: Option<u64>, out: &Outcome) -> Option<Call> {
        let result = match &out.result {
            Ok(n) => Ok(*n),
            Err(Failure::Panic(m)) => Err(Failed::Panic(m.clone())),
            Err(Failure::Crash(m)) => Err(Failed::Crash(m.clone())),
            Err(Failure::TimeLimit(m)) => Err(Failed::TimeLimit(*m)),
            Err(Failure::MemoryLimit(m)) => Err(Failed::MemoryLimit(m.clone())),
            Err(Failure::Stopped(_)) => return None,
        };
        // A call the machine starved is not kept either: a replay could not tell it from a sleep.
        if out.starved() {
            return None;
        }
        Some(Call {
            board: board.to_string(),
            hand: hand.to_string(),
            wall_limit_ms,
            result,
            wall_ms: out.wall_ms,
            cpu_ms: out.cpu_ms,
            memory_kib: out.memory_kib,
        })
    }

    fn outcome(&self) -> Outcome {
        let result = match &self.result {
            Ok(n) => Ok(*n),
            Err(Failed::Panic(m)) => Err(Failure::Panic(m.clone())),
            Err(Failed::Crash(m)) => Err(Failure::Crash(m.clone())),
            Err(Failed::TimeLimit(m)) => Err(Failure::TimeLimit(*m)),
            Err(Failed::MemoryLimit(m)) => Err(Failure::MemoryLimit(m.clone())),
        };
        Outcome {
            result,
            wall_ms: self.wall_ms,
            cpu_ms: self.cpu_ms,
            memory_kib: self.memory_kib,
            repeats_ms: Vec::new(),
            core_wait_ms: 0.0,
        }
    }
}

impl Tape {
    /// The tape at `path`, or `None` when there is none or it cannot be read (a tape is only
    /// ever a shortcut: without it the submission is judged).
    pub fn load(path: &Path) -> Option<Tape> {
        let text = std::fs::read_to_string(path).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// Writes the tape to `path` atomically.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let text = serde_json::to_string(self).expect("a tape always serialises");
        crate::atomic::write(path, text.as_bytes())
    }
}

/// What a [`Replaying`] executor did, read by its owner once the runner is done with it.
#[derive(Debug, Default)]
pub struct Record {
    /// The calls made, replayed or live, in order: the next run's tape.
    pub tape: Tape,
    /// Calls answered from the earlier tape.
    pub replayed: usize,
    /// Calls made to the worker.
    pub live: usize,
    /// Whether a call was stopped (Ctrl-C): such a tape is never kept.
    pub stopped: bool,
}

/// An executor that answers from an earlier tape while the runner asks for the calls it holds,
/// and from the live executor after that; it records every call either way.
pub struct Replaying<'a> {
    live: Box<dyn Executor + 'a>,
    earlier: std::vec::IntoIter<Call>,
    earlier_unprepared: Option<Unprepared>,
    had_tape: bool,
    live_ready: Option<Result<(), Unjudged>>,
    wall_limit_ms: Option<u64>,
    record: Rc<RefCell<Record>>,
}

impl<'a> Replaying<'a> {
    /// Replays `earlier` (none: judges live) in front of `live`; what happens goes to `record`.
    pub fn new(
        live: Box<dyn Executor + 'a>,
        earlier: Option<Tape>,
        record: Rc<RefCell<Record>>,
    ) -> Replaying<'a> {
        let had_tape = earlier.is_some();
        let earlier = earlier.unwrap_or_default();
        Replaying {
            live,
            earlier: earlier.calls.into_iter(),
            earlier_unprepared: earlier.unprepared,
            had_tape,
            live_ready: None,
            wall_limit_ms: None,
            record,
        }
    }

    /// Starts the live executor once.
    fn live_ready(&mut self) -> Result<(), Unjudged> {
        if self.live_ready.is_none() {
            self.live_ready = Some(self.live.prepare());
        }
        self.live_ready.clone().expect("just set")
    }
}

impl Executor for Replaying<'_> {
    fn call(&mut self, board: &str, hand: &str) -> Outcome {
        let next = self.earlier.as_slice().first();
        let same = next.is_some_and(|c| {
            c.board == board && c.hand == hand && c.wall_limit_ms == self.wall_limit_ms
        });
        let (out, replayed) = if same {
            (self.earlier.next().expect("just looked").outcome(), true)
        } else {
            // Off the tape: from here on every call is live.
            self.earlier = Vec::new().into_iter();
            let out = match self.live_ready() {
                Ok(()) => self.live.call(board, hand),
                Err(why) => Outcome {
                    result: Err(Failure::Crash(format!(
                        "the worker did not start again: {}",
                        why.message()
                    ))),
                    wall_ms: 0.0,
                    cpu_ms: 0.0,
                    memory_kib: None,
                    repeats_ms: Vec::new(),
                    core_wait_ms: 0.0,
                },
            };
            (out, false)
        };
        let mut record = self.record.borrow_mut();
        match Call::of(board, hand, self.wall_limit_ms, &out) {
            Some(call) => record.tape.calls.push(call),
            None => record.stopped = true,
        }
        if replayed {
            record.replayed += 1;
        } else {
            record.live += 1;
        }
        out
    }

    fn describe(&self) -> String {
        self.live.describe()
    }

    /// Off the tape only (a replayed call needs no round trip): the live executor's; the
    /// calls are recorded as they are made.
    fn prefetch(&mut self, inputs: &[(&str, &str)]) -> usize {
        if !self.earlier.as_slice().is_empty() || self.live_ready().is_err() {
            return 0;
        }
        self.live.prefetch(inputs)
    }

    /// From the tape when it has calls or a load error; else the live executor starts.
    fn prepare(&mut self) -> Result<(), Unjudged> {
        let result = match (&self.earlier_unprepared, self.had_tape) {
            (Some(Unprepared::LoadError(m)), true) => Err(Unjudged::LoadError(m.clone())),
            (Some(Unprepared::CompileError(m)), true) => Err(Unjudged::CompileError(m.clone())),
            (None, true) if !self.earlier.as_slice().is_empty() => Ok(()),
            _ => self.live_ready(),
        };
        let mut record = self.record.borrow_mut();
        match &result {
            Err(Unjudged::LoadError(m)) => {
                record.tape.unprepared = Some(Unprepared::LoadError(m.clone()))
            }
            Err(Unjudged::CompileError(m)) => {
                record.tape.unprepared = Some(Unprepared::CompileError(m.clone()))
            }
            // A missing toolchain is the machine's, not the submission's: never kept.
            Err(Unjudged::ToolchainMissing(_) | Unjudged::Interrupted) => record.stopped = true,
            Ok(()) => {}
        }
        result
    }

    fn set_wall_ms(&mut self, wall_ms: Option<u64>) {
        self.wall_limit_ms = wall_ms;
        self.live.set_wall_ms(wall_ms);
    }

    /// The live executor starts again; a call replayed after it was recorded on a fresh one.
    fn restart(&mut self) -> bool {
        self.live.restart()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A live executor that answers `board.len()` and counts its starts and calls.
    struct Counting {
        starts: Rc<RefCell<usize>>,
        calls: Rc<RefCell<Vec<String>>>,
    }

    impl Executor for Counting {
        fn call(&mut self, board: &str, _hand: &str) -> Outcome {
            self.calls.borrow_mut().push(board.to_string());
            Outcome {
                result: Ok(board.len() as i32),
                wall_ms: 1.5,
                cpu_ms: 1.25,
                memory_kib: Some(100),
                repeats_ms: Vec::new(),
                core_wait_ms: 0.0,
            }
        }
        fn prepare(&mut self) -> Result<(), Unjudged> {
            *self.starts.borrow_mut() += 1;
            Ok(())
        }
    }

    /// The executor, its count of starts, and the boards it was called with.
    type Counted = (
        Box<dyn Executor>,
        Rc<RefCell<usize>>,
        Rc<RefCell<Vec<String>>>,
    );

    fn counting() -> Counted {
        let (starts, calls) = (Rc::default(), Rc::default());
        let live = Counting {
            starts: Rc::clone(&starts),
            calls: Rc::clone(&calls),
        };
        (Box::new(live), starts, calls)
    }

    /// Judged once live, then replayed: the same outcomes, and the worker never starts.
    /// A call the tape does not hold next leaves the tape and starts the worker once.
    #[test]
    fn a_tape_replays_its_calls_and_goes_live_where_it_ends() {
        let (live, starts, calls) = counting();
        let first = Rc::new(RefCell::new(Record::default()));
        let mut exec = Replaying::new(live, None, Rc::clone(&first));
        exec.prepare().unwrap();
        let a = exec.call("RRB", "B");
        exec.set_wall_ms(Some(3000));
        exec.call("RRBB", "R");
        drop(exec);
        let tape = first.borrow().tape.clone();
        assert_eq!((*starts.borrow(), calls.borrow().len()), (1, 2));
        assert_eq!(tape.calls[1].wall_limit_ms, Some(3000));

        // Round trip through JSON, as on disk.
        let tape: Tape = serde_json::from_str(&serde_json::to_string(&tape).unwrap()).unwrap();
        let (live, starts, calls) = counting();
        let again = Rc::new(RefCell::new(Record::default()));
        let mut exec = Replaying::new(live, Some(tape.clone()), Rc::clone(&again));
        exec.prepare().unwrap();
        assert_eq!(exec.call("RRB", "B"), a);
        exec.set_wall_ms(Some(3000));
        exec.call("RRBB", "R");
        assert_eq!((*starts.borrow(), calls.borrow().len()), (0, 0));
        // Off the tape: live from here on, even for an input the tape held.
        assert_eq!(exec.call("GG", "G").result, Ok(2));
        exec.call("RRB", "B");
        assert_eq!(*starts.borrow(), 1);
        assert_eq!(*calls.borrow(), ["GG", "RRB"]);
        let r = again.borrow();
        assert_eq!((r.replayed, r.live, r.stopped), (2, 2, false));
        assert_eq!(r.tape.calls[..2], tape.calls[..]);
        assert_eq!(r.tape.calls.len(), 4);
    }

    /// A different wall limit is a different call: not replayed.
    #[test]
    fn a_call_under_another_wall_limit_is_not_replayed() {
        let (live, _, calls) = counting();
        let tape = Tape {
            unprepared: None,
            calls: vec![Call {
                board: "RRB".into(),
                hand: "B".into(),
                wall_limit_ms: Some(3000),
                result: Err(Failed::TimeLimit(Limit::Wall(3000))),
                wall_ms: 3000.0,
                cpu_ms: 2.0,
                memory_kib: None,
            }],
        };
        let record = Rc::new(RefCell::new(Record::default()));
        let mut exec = Replaying::new(live, Some(tape), Rc::clone(&record));
        exec.prepare().unwrap();
        assert_eq!(exec.call("RRB", "B").result, Ok(3));
        assert_eq!(*calls.borrow(), ["RRB"]);
    }

    /// An RE while loading is replayed without a start; a stopped call marks the record.
    #[test]
    fn a_load_error_is_replayed_and_a_stopped_call_is_not_kept() {
        let (live, starts, _) = counting();
        let tape = Tape {
            unprepared: Some(Unprepared::LoadError("NameError: x".into())),
            calls: Vec::new(),
        };
        let record = Rc::new(RefCell::new(Record::default()));
        let mut exec = Replaying::new(live, Some(tape.clone()), Rc::clone(&record));
        assert_eq!(
            exec.prepare(),
            Err(Unjudged::LoadError("NameError: x".into()))
        );
        assert_eq!(*starts.borrow(), 0);
        assert_eq!(record.borrow().tape, tape);

        let stopped = Outcome {
            result: Err(Failure::Stopped("interrupted".into())),
            wall_ms: 0.0,
            cpu_ms: 0.0,
            memory_kib: None,
            repeats_ms: Vec::new(),
            core_wait_ms: 0.0,
        };
        assert_eq!(Call::of("R", "R", None, &stopped), None);
    }
}
