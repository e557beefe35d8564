//! No data lost and no file dropped without a word: discovery (unreadable folders, symlinks,
//! empty files) and Ctrl-C during `audit --fix` and `fuzz`.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const ONE: &str = "[[case]]\nname = \"a\"\nboard = \"RR\"\nhand = \"R\"\nexpected = 1\n";

/// The judge, run in `dir`.
fn judge_in(dir: &Path) -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin("zuma-judge"));
    c.current_dir(dir)
        .env("ZUMA_JUDGE_CACHE", crate::common::test_cache());
    c
}

/// The judge, run in `dir`; as root, in a fresh user namespace, where root's files belong to
/// an unmapped user, so `chmod 000` holds for it too (root ignores permission bits). `dir`
/// must be readable by others.
fn judge_as_a_user(dir: &Path) -> Command {
    let mut c = judge_in(dir);
    // SAFETY: geteuid(2) cannot fail.
    if unsafe { libc::geteuid() } == 0 {
        // SAFETY: one system call in the forked child before exec.
        unsafe {
            c.pre_exec(|| match libc::unshare(libc::CLONE_NEWUSER) {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            });
        }
    }
    c
}

/// A temporary folder that others may read (the judge runs as another user in it).
fn open_tempdir() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    fs::set_permissions(tmp.path(), PermissionsExt::from_mode(0o755)).unwrap();
    tmp
}

/// An unreadable sub-folder is an error for that folder only; the other files load, the
/// symlinked folder is followed and counted, the empty file is a warning that names it.
#[test]
fn an_unreadable_folder_fails_alone_symlinks_count_and_empty_files_warn() {
    let tmp = open_tempdir();
    let root = tmp.path();
    fs::create_dir_all(root.join("cases/locked")).unwrap();
    fs::create_dir_all(root.join("other")).unwrap();
    fs::write(root.join("cases/a.toml"), ONE).unwrap();
    fs::write(root.join("cases/empty.toml"), "# to do\n").unwrap();
    fs::write(root.join("cases/locked/hidden.toml"), ONE).unwrap();
    // Another input: the same board and hand would be judged once (one input, one point).
    fs::write(root.join("other/b.toml"), ONE.replace('R', "G")).unwrap();
    std::os::unix::fs::symlink("../other", root.join("cases/linked")).unwrap();
    fs::set_permissions(root.join("cases/locked"), PermissionsExt::from_mode(0o000)).unwrap();
    let out = judge_as_a_user(root)
        .args(["run", "--cases", "cases", "--solution", "seed000_bfs"])
        .args(["--format", "json"])
        .output()
        .unwrap();
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(2));
    let ids: Vec<&str> = r["solutions"][0]["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["case"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["a.toml#a", "linked/b.toml#a"]);
    assert_eq!(
        (
            &r["files"],
            &r["files_unreadable"],
            &r["files_via_symlinks"]
        ),
        (&Value::from(3), &Value::from(0), &Value::from(1))
    );
    assert_eq!(
        r["case_errors"],
        serde_json::json!([{"case": "cases/locked", "message": "cases/locked: cannot read this folder: Permission denied (os error 13)"}])
    );
    assert_eq!(
        r["case_warnings"],
        serde_json::json!([{"path": "cases/empty.toml", "message": "cases/empty.toml: empty: no [[case]] in this file, so nothing in it is judged"}])
    );
    let out = judge_as_a_user(root)
        .args(["run", "--cases", "cases", "--solution", "seed000_bfs"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().next().unwrap(), "zuma-judge run: 1 of 1 solution as expected, 2 cases from 3 files (1 via symlinks), 0 case assertions wrong, 0 of 0 claims refuted, 1 case-file error");
    assert!(text.contains("Case-file warnings (no case lost)\n  warning: cases/empty.toml: empty: no [[case]] in this file, so nothing in it is judged\n\nCase-file errors (the cases or claims they name were not judged)\n  cases/locked: cannot read this folder: Permission denied (os error 13)\n\nexit 2\n"), "{text}");
    let out = judge_as_a_user(root)
        .args(["audit", "cases"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "cases/locked: cannot read this folder: Permission denied (os error 13)\nwarning: cases/empty.toml: empty: no [[case]] in this file, so nothing in it is judged\naudited 3 files (and 1 path that could not be audited): 1 error, 0 corrections proposed (run with --fix to write them), 0 claims refuted\n"
    );
}

/// A symlink loop is a warning naming the link; the files are found once.
#[test]
fn a_symlink_loop_is_named_and_not_followed_again() {
    let tmp = open_tempdir();
    fs::create_dir_all(tmp.path().join("cases/sub")).unwrap();
    fs::write(tmp.path().join("cases/sub/a.toml"), ONE).unwrap();
    std::os::unix::fs::symlink("..", tmp.path().join("cases/sub/up")).unwrap();
    let out = judge_as_a_user(tmp.path())
        .args(["run", "--cases", "cases", "--solution", "seed000_bfs"])
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&r["files"], &r["cases"]),
        (&Value::from(1), &Value::from(1))
    );
    assert_eq!(
        r["case_warnings"],
        serde_json::json!([{"path": "cases/sub/up", "message": "cases/sub/up: symlink loop: it leads back to cases, which is already searched; not followed again"}])
    );
}

/// `a.toml` + `R`: a wrong `expected`, and `n` slow-to-parse filler cases.
fn case_file(n: usize) -> String {
    let mut s =
        String::from("[[case]]\nname = \"wrong\"\nboard = \"R\"\nhand = \"R\"\nexpected = 2\n");
    for i in 0..n {
        s.push_str(&format!(
            "[[case]]\nname = \"c{i}\"\nboard = \"RRGGBB\"\nhand = \"RGB\"\nexpected = 3\n"
        ));
    }
    s
}

/// Ctrl-C while `audit --fix` works on the second of three files: that file is finished and
/// written, the third is not touched, and the summary says where it stopped (exit 3).
#[test]
fn ctrl_c_during_audit_fix_finishes_the_file_and_stops() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    fs::write(dir.join("a.toml"), case_file(0)).unwrap();
    // about a second of parsing and auditing: the interrupt lands inside it
    fs::write(dir.join("b.toml"), case_file(60_000)).unwrap();
    fs::write(dir.join("c.toml"), case_file(0)).unwrap();
    let child = judge_in(dir)
        .args(["audit", "--fix", "."])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while fs::read_to_string(dir.join("a.toml")).unwrap() == case_file(0) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "a.toml never fixed"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let pid = nix::unistd::Pid::from_raw(child.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    let fixed = |n| case_file(n).replacen("expected = 2", "expected = -1", 1);
    assert_eq!(
        fs::read_to_string(dir.join("c.toml")).unwrap(),
        case_file(0)
    );
    // Nearly always the signal lands while b.toml is being audited, which is then finished.
    // On a loaded machine the judge can be descheduled between a's rename and b's start; then
    // b.toml is not read at all. Either way no file is half written.
    let b = fs::read_to_string(dir.join("b.toml")).unwrap();
    let (audited, written) = if b == case_file(60_000) {
        (1, 1)
    } else {
        (2, 2)
    };
    if audited == 2 {
        assert_eq!(b, fixed(60_000));
    }
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr.lines().last().unwrap(),
        if written == 1 {
            "interrupted: audited 1 of 3 files: 0 errors, 1 correction written to 1 file, \
             0 claims refuted; the other files were not read"
        } else {
            "interrupted: audited 2 of 3 files: 0 errors, 2 corrections written to 2 files, \
             0 claims refuted; the other files were not read"
        }
    );
    assert_eq!(
        fs::read_dir(dir).unwrap().count(),
        3,
        "a temporary file left"
    );
}

/// Ctrl-C while `fuzz` searches: the report of what was judged, exit 3, nothing recorded.
#[test]
fn ctrl_c_during_fuzz_reports_what_was_judged() {
    let tmp = tempfile::tempdir().unwrap();
    let child = Command::new(assert_cmd::cargo::cargo_bin("zuma-judge"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["fuzz", "--solution", "seed000_bfs", "--seed", "7"])
        .args(["--count", "100000000", "--format", "json", "--regressions"])
        .arg(tmp.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let pid = nix::unistd::Pid::from_raw(child.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGTERM).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    let generated = r["generated"].as_u64().unwrap();
    assert!(generated > 0);
    assert_eq!(
        r["incomplete"],
        format!("interrupted after {generated} instances")
    );
    assert_eq!(r["failure"], Value::Null);
    let histogram: u64 = r["histogram"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(histogram, generated);
    assert_eq!(fs::read_dir(tmp.path()).unwrap().count(), 0);
}
