//! Building a submission: probing its language's toolchain, running the language's recipe in a
//! fresh directory, and caching the result (a build or a compile error) under a key made of the
//! recipe (source, prelude, harness, flags) and the toolchain's version. A second build of the
//! same paste with the same toolchain runs nothing.
//!
//! A compiler reads a stranger's text, so it runs sandboxed like a worker
//! ([`sandbox::wrap_build`]): in its own namespaces and view, as the builds' own user, writing
//! only its build folder, under the `[build]` limits ([`BuildLimits`]). Its output is read while
//! the clock runs: a build past its wall limit, or stopped by Ctrl-C, is killed with every
//! process it started.

use std::collections::HashMap;
use std::os::unix::fs::PermissionsExt as _;
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

pub use crate::cases::config::BuildLimits;
use crate::submission::execute::Unjudged;
use crate::submission::language::{Failed, Language, Paste, Recipe, Tool};
use crate::submission::sandbox;

/// How builds run: where their cache is, their limits, and the flag that stops them.
#[derive(Clone, Debug)]
pub struct Builder {
    /// The cache folder ([`cache_root`] by default).
    pub cache: PathBuf,
    /// What one build may use.
    pub limits: BuildLimits,
    /// Set by Ctrl-C or SIGTERM: a build running then is killed, and none starts after.
    pub stop: Option<&'static AtomicBool>,
}

impl Builder {
    /// Builds in `cache` under the default limits, never stopped.
    pub fn in_cache(cache: &Path) -> Builder {
        Builder {
            cache: cache.to_path_buf(),
            limits: BuildLimits::default(),
            stop: None,
        }
    }

    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::SeqCst))
    }
}

/// Bytes of a compiler's message kept for the report.
const MESSAGE_BYTES: usize = 6 * 1024;

/// Bumped when the layout of a cached build changes, so old entries are not reused.
const CACHE_FORMAT: &str = "zuma-judge build cache 2";

/// A successful build.
#[derive(Clone, Debug, PartialEq)]
pub struct Built {
    /// The directory holding the build, where the worker starts.
    pub dir: PathBuf,
    /// The toolchain's version line, e.g. `g++ (Debian 12.2.0-14) 12.2.0`.
    pub toolchain: String,
}

/// What building a paste gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The build, or why there is none.
    pub result: Result<Built, Unjudged>,
    /// The toolchain's version line, when the toolchain was found.
    pub toolchain: Option<String>,
    /// Whether the result came from the cache.
    pub cached: bool,
    /// Whether a build ran now (false when it came from the cache, and when the text alone or
    /// a missing toolchain ruled it out).
    pub compiled: bool,
    /// Wall time of the build that ran now, a failed one too, in milliseconds (else 0).
    pub ms: f64,
}

/// Why a toolchain's version could not be had: the submission cannot be built here, and the
/// text is the verdict's message (a missing toolchain).
#[derive(Clone, Debug, thiserror::Error)]
pub enum ProbeError {
    /// The program is not on `PATH` (nor, sandboxed, where the sandbox looks).
    #[error("cannot build: `{program}` not found on PATH; Debian package {package}")]
    NotFound {
        /// The program, e.g. `g++`.
        program: &'static str,
        /// The Debian package that installs it.
        package: &'static str,
    },
    /// The program was found but could not be started.
    #[error("cannot build: `{program}` does not run: {error}")]
    DoesNotRun {
        /// The program, e.g. `g++`.
        program: &'static str,
        /// What the system said (shared: a probe's answer is kept for the process).
        error: Arc<std::io::Error>,
    },
}

/// The version line of `tool`, or why there is none (not found, naming its Debian package).
/// Probed once per process.
pub fn probe(tool: &Tool) -> Result<String, ProbeError> {
    static SEEN: OnceLock<Mutex<HashMap<&'static str, Result<String, ProbeError>>>> =
        OnceLock::new();
    let seen = SEEN.get_or_init(Default::default);
    if let Some(r) = seen
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(tool.program)
    {
        return r.clone();
    }
    let r = probe_now(tool);
    seen.lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(tool.program, r.clone());
    r
}

/// Raised when how a version is asked changes (2: argv[0] is the tool's name, so `g++` says
/// `g++ (Debian ...)`, not `x86_64-linux-gnu-g++-12 (Debian ...)`): the lines kept on disk by an
/// earlier judge are then asked again.
const PROBE_FORMAT: u32 = 2;

fn probe_now(tool: &Tool) -> Result<String, ProbeError> {
    let missing = || ProbeError::NotFound {
        program: tool.program,
        package: tool.package,
    };
    // The program a sandboxed worker runs, which is not always the first on PATH (a shim).
    let path = if crate::submission::sandbox::status().is_on() {
        crate::submission::sandbox::resolve(&tool.program.into()).ok_or_else(missing)?
    } else {
        which::which(tool.program).map_err(|_| missing())?
    };
    // A JVM-based compiler takes a second to say its version: the answer is kept on disk for
    // this very file (path, size and modification time), so a cached run asks nothing.
    let stamp = std::fs::metadata(&path).ok().and_then(|m| {
        let modified = m
            .modified()
            .ok()?
            .duration_since(std::time::UNIX_EPOCH)
            .ok()?;
        Some(format!(
            "{}\n{}\n{}\n{}",
            path.display(),
            m.len(),
            modified.as_nanos(),
            PROBE_FORMAT
        ))
    });
    let kept = stamp
        .filter(|_| !multiplexer(&path, tool.program))
        .map(|s| {
            let digest: String = Sha256::digest(s.as_bytes())[..12]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            cache_root()
                .join("versions")
                .join(format!("{}-{digest}", tool.program))
        });
    if let Some(line) = kept.as_ref().and_then(|k| std::fs::read_to_string(k).ok()) {
        return Ok(line);
    }
    let line = ask_version(tool, &path)?;
    if let Some(k) = &kept {
        let _ = std::fs::create_dir_all(k.parent().unwrap_or(Path::new(".")));
        let _ = crate::atomic::write(k, line.as_bytes());
    }
    Ok(line)
}

/// Whether `path`, found for `program`, is a multiplexer (rustup's `rustc` is a link to
/// `rustup`): it answers for the toolchain its configuration picks, which its file does not
/// show, so its version is asked every time rather than kept on disk.
fn multiplexer(path: &Path, program: &str) -> bool {
    path.file_name()
        .is_some_and(|n| !n.to_string_lossy().contains(program))
}

/// Runs `tool`'s version command: its first non-empty line, naming the program.
fn ask_version(tool: &Tool, path: &Path) -> Result<String, ProbeError> {
    // Named as on PATH: a multiplexer reads its role from argv[0].
    let out = Command::new(path)
        .arg0(tool.program)
        .args(tool.version_args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| ProbeError::DoesNotRun {
            program: tool.program,
            error: Arc::new(e),
        })?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let line = text.lines().map(str::trim).find(|l| !l.is_empty());
    let line = line.unwrap_or_default();
    // `node --version` says only `v20.20.2`, `tsc --version` `Version 5.9.3`: name the program
    // when the line does not (`python3` is named by `Python 3.11.7`).
    let name = tool.program.trim_end_matches(|c: char| c.is_ascii_digit());
    let named = line.to_lowercase().contains(&name.to_lowercase());
    Ok(if !named {
        format!("{} {line}", tool.program).trim_end().to_string()
    } else {
        line.to_string()
    })
}

/// The cache root: `$ZUMA_JUDGE_CACHE`, else `$XDG_CACHE_HOME/zuma-judge/builds`, else
/// `$HOME/.cache/zuma-judge/builds`, else a folder in the system's temporary directory.
pub fn cache_root() -> PathBuf {
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(p) = var("ZUMA_JUDGE_CACHE") {
        return p;
    }
    let base = var("XDG_CACHE_HOME")
        .or_else(|| var("HOME").map(|h| h.join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    base.join("zuma-judge").join("builds")
}

/// Builds `paste` in `language` as `builder` says, or answers from the cache.
pub fn build(language: &Language, paste: &Paste, builder: &Builder) -> Outcome {
    let cache = builder.cache.as_path();
    let none = |u| Outcome {
        result: Err(u),
        toolchain: None,
        cached: false,
        compiled: false,
        ms: 0.0,
    };
    if let Some(why) = language.no_toolchain() {
        return none(Unjudged::ToolchainMissing(why));
    }
    if let Some(cause) = (language.diagnose)(paste.text) {
        return none(Unjudged::CompileError(cause));
    }
    let versions = match language
        .tools
        .iter()
        .map(probe)
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(v) => v,
        Err(m) => return none(Unjudged::ToolchainMissing(m.to_string())),
    };
    let toolchain = versions.first().cloned().unwrap_or_default();
    let recipe = (language.recipe)(paste);
    let key = key(language, &recipe, &versions);
    let dir = cache.join(format!("{}-{}", language.id, &key[..24]));
    build_in(dir, &recipe, (language, paste, builder), toolchain)
}

/// Cold builds of each language's `always_two` fixture, in milliseconds (GUIDE.md, "What a
/// language costs": `cargo bench --bench languages` on 2 cores; Kotlin with Debian's 1.3, which
/// 1.9.23 is slower than): the static rank by which [`slowest_first`] orders builds.
const COLD_BUILD_MS: [(&str, u32); 12] = [
    ("kotlin", 2909),
    ("cpp", 1586),
    ("typescript", 1436),
    ("java", 993),
    ("go", 331),
    ("rust", 256),
    ("csharp", 207),
    ("php", 99),
    ("c", 89),
    ("ruby", 20),
    ("python3", 0),
    ("javascript", 0),
];

/// The order in which to build pastes in `languages` (one each), as indices into it: the
/// slowest toolchain first by its cold build on 2 cores (GUIDE.md, "What a language costs"; a
/// language not yet measured counts as the slowest), ties in the order given. Started in this order, the longest builds
/// do not come last and keep the others waiting; a paste built already costs nothing whatever
/// its rank.
pub fn slowest_first(languages: &[&Language]) -> Vec<usize> {
    let cost = |l: &Language| {
        COLD_BUILD_MS
            .iter()
            .find(|(id, _)| *id == l.id)
            .map_or(u32::MAX, |(_, ms)| *ms)
    };
    let mut order: Vec<usize> = (0..languages.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(cost(languages[i])));
    order
}

/// Answers from the cache entry `dir` (a build or a compile error), or runs `recipe` there;
/// `toolchain` is the version of its first tool.
fn build_in(
    dir: PathBuf,
    recipe: &Recipe,
    (language, paste, builder): (&Language, &Paste, &Builder),
    toolchain: String,
) -> Outcome {
    let failed = dir.with_extension("ce");
    let outcome = |result, cached, compiled, ms| Outcome {
        result,
        toolchain: Some(toolchain.clone()),
        cached,
        compiled,
        ms,
    };
    if dir.join(".done").exists() {
        let built = Built {
            dir,
            toolchain: toolchain.clone(),
        };
        return outcome(Ok(built), true, false, 0.0);
    }
    if let Ok(raw) = std::fs::read_to_string(&failed) {
        // The cache holds the message before the paste's file is renamed: the same text at
        // another path shares the entry and gets its own name.
        let message = shown_message(&raw, &recipe.paste, paste.shown);
        let error = compile_error(language, paste, message, &toolchain);
        return outcome(Err(error), true, false, 0.0);
    }
    let started = Instant::now();
    let ran = run_recipe(recipe, builder, &dir);
    let ms = started.elapsed().as_secs_f64() * 1e3;
    match ran {
        Ok(()) => {
            let built = Built {
                dir,
                toolchain: toolchain.clone(),
            };
            outcome(Ok(built), false, true, ms)
        }
        Err(Step::Failed(raw)) => {
            let raw = without_build_dir(&raw, &dir);
            // A compile error is cached too: a re-grade compiles nothing.
            let _ = crate::atomic::write(&failed, raw.as_bytes());
            let message = shown_message(&raw, &recipe.paste, paste.shown);
            let error = compile_error(language, paste, message, &toolchain);
            outcome(Err(error), false, true, ms)
        }
        Err(Step::Limit(m)) => {
            // Not cached: a build that met a limit on a busy machine may pass on the next try,
            // or under other limits.
            outcome(Err(Unjudged::CompileError(m)), false, true, ms)
        }
        Err(Step::Judge(m)) => outcome(Err(Unjudged::ToolchainMissing(m)), false, false, 0.0),
        Err(Step::Interrupted) => outcome(Err(Unjudged::Interrupted), false, false, 0.0),
    }
}

/// The compile error of `paste`: the compiler's `message`, after what the language's
/// [`Language::explain`] says the paste needs that the compiler (`toolchain`) lacks.
fn compile_error(language: &Language, paste: &Paste, message: String, toolchain: &str) -> Unjudged {
    let failed = Failed {
        text: paste.text,
        message: &message,
        toolchain,
    };
    match (language.explain)(&failed) {
        Some(why) => Unjudged::CompileError(format!("{why}\n{message}")),
        None => Unjudged::CompileError(message),
    }
}

/// Why a recipe did not finish.
enum Step {
    /// A command failed: its output (the compile error).
    Failed(String),
    /// A command met a build limit (time, memory): what it met.
    Limit(String),
    /// The judge could not run it (disk full, a command missing).
    Judge(String),
    /// Ctrl-C or SIGTERM stopped it.
    Interrupted,
}

/// The hex SHA-256 of everything that decides a build.
fn key(language: &Language, recipe: &Recipe, versions: &[String]) -> String {
    let mut h = Sha256::new();
    let mut put = |s: &str| {
        h.update((s.len() as u64).to_le_bytes());
        h.update(s.as_bytes());
    };
    put(CACHE_FORMAT);
    put(language.id);
    versions.iter().for_each(|v| put(v));
    for (name, text) in &recipe.files {
        put(name);
        put(text);
    }
    for c in &recipe.commands {
        c.iter().for_each(|a| put(a));
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Writes the recipe's files into a private directory under the cache, runs its commands there,
/// and moves the directory to `dir` once every command succeeded.
fn run_recipe(recipe: &Recipe, builder: &Builder, dir: &Path) -> Result<(), Step> {
    let cache = builder.cache.as_path();
    let judge =
        |e: std::io::Error| Step::Judge(format!("cannot build in {}: {e}", cache.display()));
    std::fs::create_dir_all(cache).map_err(judge)?;
    remove_orphans(cache);
    let work = tempfile::Builder::new()
        .prefix(&format!("{BUILDING}{}-", std::process::id()))
        .tempdir_in(cache)
        .map_err(judge)?;
    // A root judge's sandbox runs the build as a user of its own, who must read it.
    std::fs::set_permissions(work.path(), std::fs::Permissions::from_mode(0o755)).map_err(judge)?;
    for (name, text) in &recipe.files {
        let file = work.path().join(name);
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent).map_err(judge)?;
        }
        crate::atomic::write(&file, text.as_bytes()).map_err(judge)?;
    }
    let here = work.path().to_string_lossy().to_string();
    let rules = build_rules(recipe, builder, work.path()).map_err(judge)?;
    let ran = recipe.commands.iter().try_for_each(|command| {
        let args: Vec<String> = command.iter().map(|a| a.replace("{dir}", &here)).collect();
        run_step(&args, work.path(), rules.as_ref(), builder)
    });
    if rules.is_some() {
        // The build user's files become the judge's again.
        own(work.path(), nix::unistd::geteuid(), nix::unistd::getegid());
    }
    ran?;
    let _ = std::fs::remove_dir_all(work.path().join(BUILD_TMP));
    crate::atomic::write(&work.path().join(".done"), b"").map_err(judge)?;
    let work = work.keep();
    if std::fs::rename(&work, dir).is_err() {
        // Another judge built the same key at the same time: theirs is as good as ours.
        let _ = std::fs::remove_dir_all(&work);
    }
    Ok(())
}

/// The name of a build folder in progress: `.building-PID-XXXXXX`.
const BUILDING: &str = ".building-";

/// Removes the build folders in progress of judges that are gone (killed before they could
/// clean up).
fn remove_orphans(cache: &Path) {
    let Ok(entries) = std::fs::read_dir(cache) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        let Some(pid) = name
            .strip_prefix(BUILDING)
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<i32>().ok())
        else {
            continue;
        };
        let alive = nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None).is_ok();
        if !alive {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Gives `dir` and everything in it to `uid`:`gid` (links themselves, never what they point to).
fn own(dir: &Path, uid: nix::unistd::Uid, gid: nix::unistd::Gid) {
    for entry in walkdir::WalkDir::new(dir).into_iter().flatten() {
        let _ = std::os::unix::fs::lchown(entry.path(), Some(uid.as_raw()), Some(gid.as_raw()));
    }
}

/// The build's private temporary folder, inside its build folder (`TMPDIR`), removed when the
/// build is done; only when the sandbox is off (in it, `/tmp` is the build's own).
const BUILD_TMP: &str = ".tmp";

/// What a build may write (its folder, and the caches next to the builds that its commands
/// name as `{dir}/../NAME`, made here) and its limits, when the sandbox is on; `None` when it
/// is off. Under a root judge, what it writes is given to the builds' user.
fn build_rules(
    recipe: &Recipe,
    builder: &Builder,
    work: &Path,
) -> std::io::Result<Option<sandbox::BuildRules>> {
    if !sandbox::status().is_on() {
        std::fs::create_dir_all(work.join(BUILD_TMP))?;
        return Ok(None);
    }
    let mut write = vec![work.to_path_buf()];
    for arg in recipe.commands.iter().flatten() {
        if let Some((_, rest)) = arg.split_once("{dir}/../") {
            let name: String = rest.chars().take_while(|c| *c != '/').collect();
            let shared = builder.cache.join(name);
            std::fs::create_dir_all(&shared)?;
            write.push(shared);
        }
    }
    if nix::unistd::geteuid().is_root() {
        let user = nix::unistd::Uid::from_raw(sandbox::BUILD_UID);
        let group = nix::unistd::Gid::from_raw(sandbox::BUILD_UID);
        for folder in &write {
            // A shared cache is given over once; the build folder is new.
            let theirs = std::fs::metadata(folder)
                .is_ok_and(|m| std::os::unix::fs::MetadataExt::uid(&m) == user.as_raw());
            if !theirs {
                own(folder, user, group);
            }
        }
    }
    Ok(Some(sandbox::BuildRules {
        write,
        cwd: work.to_path_buf(),
        cpu_s: builder.limits.cpu_s,
        memory_mib: builder.limits.memory_mib,
    }))
}

/// How a build command ended.
enum Ended {
    /// It exited (or was killed by a signal of the kernel's: a limit).
    Exited(std::process::ExitStatus),
    /// Past its wall limit: killed.
    TimedOut,
    /// Ctrl-C or SIGTERM: killed.
    Stopped,
}

/// Runs one build command in `dir`, sandboxed under `rules` when the sandbox is on, within the
/// builder's limits. Its output is read on threads of their own while the clock runs, so a
/// compiler blocked on anything (`#include "/dev/stdout"`) is still killed at the wall limit.
fn run_step(
    args: &[String],
    dir: &Path,
    rules: Option<&sandbox::BuildRules>,
    builder: &Builder,
) -> Result<(), Step> {
    if builder.stopped() {
        return Err(Step::Interrupted);
    }
    let cannot = |e: std::io::Error| Step::Judge(format!("cannot run `{}`: {e}", args[0]));
    let memory = rules.and_then(|_| sandbox::MemoryCgroup::new(builder.limits.memory_mib));
    let mut command = step_command(args, dir, rules, memory.as_ref()).map_err(cannot)?;
    command
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // SAFETY: the closure runs in the forked child before exec and makes only
    // async-signal-safe system calls.
    unsafe {
        command.pre_exec(|| {
            sandbox::close_from(3);
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
    let mut child = command.spawn().map_err(cannot)?;
    let output = read_output(&mut child);
    let ended = wait_within(&mut child, builder).map_err(cannot)?;
    // The errors first: a compiler's summary line, if it prints one, goes to stdout.
    let (err, out) = output
        .recv_timeout(Duration::from_secs(2))
        .unwrap_or_default();
    let mut all = err;
    all.extend_from_slice(&out);
    let output = String::from_utf8_lossy(&all).to_string();
    let limits = &builder.limits;
    match ended {
        Ended::Exited(s) if s.success() => Ok(()),
        Ended::Exited(_) if memory.as_ref().is_some_and(|m| m.oom_kills() > 0) => Err(Step::Limit(
            format!("the build ran out of memory ({} MiB)", limits.memory_mib),
        )),
        Ended::Exited(s) => Err(Step::Failed(if output.trim().is_empty() {
            format!("`{}` failed: {s}", args[0])
        } else {
            output
        })),
        Ended::TimedOut => Err(Step::Limit(format!(
            "build timed out after {} s",
            limits.wall_s
        ))),
        Ended::Stopped => Err(Step::Interrupted),
    }
}

/// The command that runs `args`: through [`sandbox::wrap_build`] (in `memory`, when there is
/// one) when `rules` are given, else as it is with its temporary folder in `dir`.
fn step_command(
    args: &[String],
    dir: &Path,
    rules: Option<&sandbox::BuildRules>,
    memory: Option<&sandbox::MemoryCgroup>,
) -> std::io::Result<Command> {
    let Some(rules) = rules else {
        let mut c = Command::new(&args[0]);
        c.args(&args[1..]).env("TMPDIR", dir.join(BUILD_TMP));
        return Ok(c);
    };
    let cgroups = memory.map(|m| m.dir.clone()).into_iter().collect();
    let (exe, all) = sandbox::wrap_build(&args[0], &args[1..], rules.clone(), cgroups)?;
    let mut c = Command::new(exe);
    c.args(all);
    Ok(c)
}

/// Reads the child's stderr and stdout to their ends, each on a thread of its own; the
/// receiver gets both once both are closed.
fn read_output(child: &mut std::process::Child) -> mpsc::Receiver<(Vec<u8>, Vec<u8>)> {
    let drain = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = pipe.read_to_end(&mut s);
            s
        })
    };
    let err = drain(Box::new(child.stderr.take().expect("piped")));
    let out = drain(Box::new(child.stdout.take().expect("piped")));
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let both = (
            err.join().unwrap_or_default(),
            out.join().unwrap_or_default(),
        );
        let _ = tx.send(both);
    });
    rx
}

/// Waits for the child until the builder's wall limit or stop flag, killing its process group
/// (and so, in the sandbox, its namespace: every process it started) when either comes first.
fn wait_within(child: &mut std::process::Child, builder: &Builder) -> std::io::Result<Ended> {
    let deadline = Instant::now() + Duration::from_secs(builder.limits.wall_s);
    let ended = loop {
        if let Some(s) = child.try_wait()? {
            return Ok(Ended::Exited(s));
        }
        if builder.stopped() {
            break Ended::Stopped;
        }
        if Instant::now() > deadline {
            break Ended::TimedOut;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let _ = nix::sys::signal::killpg(
        nix::unistd::Pid::from_raw(child.id() as i32),
        nix::sys::signal::Signal::SIGKILL,
    );
    let _ = child.wait();
    Ok(ended)
}

/// A compiler's output with the build directory's paths cut away.
fn without_build_dir(raw: &str, dir: &Path) -> String {
    let mut text = raw.to_string();
    if let Some(parent) = dir.parent() {
        // The build ran in a temporary sibling of `dir`: `<cache>/.building-XXXX/`.
        let prefix = format!("{}/.building-", parent.display());
        while let Some(i) = text.find(&prefix) {
            let rest = &text[i + prefix.len()..];
            let end = rest.find('/').map_or(rest.len(), |j| j + 1);
            text.replace_range(i..i + prefix.len() + end, "");
        }
    }
    text
}

/// A compiler's output as the submitter can read it: the paste's file named as reports show it,
/// and at most [`MESSAGE_BYTES`].
fn shown_message(raw: &str, paste: &str, shown: &str) -> String {
    let mut text = raw.to_string();
    if !paste.is_empty() {
        text = text.replace(&format!("./{paste}"), paste);
        for after in [':', '('] {
            text = text.replace(&format!("{paste}{after}"), &format!("{shown}{after}"));
        }
    }
    let text = text.trim_end().trim_start_matches('\n');
    if text.len() <= MESSAGE_BYTES {
        return text.to_string();
    }
    let mut cut = MESSAGE_BYTES;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!(
        "{}\n... (message cut at {MESSAGE_BYTES} bytes)",
        &text[..cut]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_start_with_the_slowest_toolchain() {
        use crate::submission::languages::by_id;
        let ids = ["python3", "cpp", "kotlin", "c", "cpp", "javascript", "java"];
        let languages: Vec<&Language> = ids.iter().map(|id| by_id(id).unwrap()).collect();
        let order: Vec<&str> = slowest_first(&languages)
            .into_iter()
            .map(|i| ids[i])
            .collect();
        assert_eq!(
            order,
            ["kotlin", "cpp", "cpp", "java", "c", "python3", "javascript"]
        );
    }

    #[test]
    fn rustups_rustc_is_a_multiplexer_and_debians_versioned_names_are_not() {
        let cases = [
            ("/root/.cargo/bin/rustup", "rustc", true),
            ("/usr/bin/x86_64-linux-gnu-g++-12", "g++", false),
            ("/usr/bin/mono-sgen", "mono", false),
            ("/usr/bin/php8.2", "php", false),
            (
                "/usr/lib/jvm/java-17-openjdk-amd64/bin/javac",
                "javac",
                false,
            ),
        ];
        for (path, program, want) in cases {
            assert_eq!(multiplexer(Path::new(path), program), want, "{path}");
        }
    }
}
