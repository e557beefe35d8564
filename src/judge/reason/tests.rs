//! Reasons read off reports: each message below is what the judge said for a fixture under
//! `tests/fixtures/` (compilers' own words), and each failing case one the fixture run judged.

use super::*;
use crate::cases::case::Visibility;
use crate::judge::case_verdict::CaseVerdict;
use crate::judge::report::SolutionReport;

/// `always_minus_one` of the reporters' fixture: WA on split-pair (case 1) and green.
fn wrong() -> SolutionReport {
    crate::report::fixture::report().solutions[0].clone()
}

/// A submission judged on no case, with `message`.
fn unjudged(verdict: VerdictKind, message: &str) -> SolutionReport {
    let mut s = wrong();
    s.cases.clear();
    s.first_failure = None;
    s.first_failure_case = None;
    s.verdict = verdict;
    s.message = Some(message.to_string());
    s
}

fn grader(s: &SolutionReport) -> String {
    of(s).describe(Audience::Grader)
}

#[test]
fn a_compile_error_names_file_line_and_the_first_error() {
    let cpp = "tests/fixtures/languages/cpp/compile_error/syntax_cpp.cpp: In member function ‘int Solution::findMinStep(std::string, std::string)’:\ntests/fixtures/languages/cpp/compile_error/syntax_cpp.cpp:6:5: error: expected ‘;’ before ‘}’ token";
    assert_eq!(
        grader(&unjudged(VerdictKind::CompileError, cpp)),
        "compile error: syntax_cpp.cpp:6:5: expected ';' before '}' token"
    );
    let java = "tests/fixtures/languages/java/compile_error/syntax_java.java:4: error: ';' expected\n        return 2\n                ^\n1 error";
    assert_eq!(
        grader(&unjudged(VerdictKind::CompileError, java)),
        "compile error: syntax_java.java:4: ';' expected"
    );
    let cases = [
        ("tests/x/syntax_csharp.cs(4,18): error CS1525: Unexpected symbol `;'\nCompilation failed: 1 error(s), 0 warnings", "compile error: syntax_csharp.cs:4:18: Unexpected symbol `;'"),
        ("# command-line-arguments\ntests/x/syntax_go.go:5:1: syntax error: unexpected }, expecting expression", "compile error: syntax_go.go:5:1: unexpected }, expecting expression"),
        ("SyntaxError: Unexpected token ';' (line 4)", "compile error: fake.rs:4: SyntaxError: Unexpected token ';'"),
        ("Parse error: syntax error, unexpected token \";\" in tests/x/syntax_php.php on line 5", "compile error: syntax_php.php:5: syntax error, unexpected token \";\""),
        ("tests/x/syntax_ruby.rb:5: syntax error, unexpected `end', expecting ']'", "compile error: syntax_ruby.rb:5: syntax error, unexpected `end', expecting ']'"),
        ("error: expected `;`, found `steps`\n --> tests/x/syntax_rust.rs:4:22\n  |\n4 |         let steps = 2\n\nerror: aborting due to 1 previous error", "compile error: syntax_rust.rs:4:22: expected `;`, found `steps`"),
        ("tests/x/syntax_typescript.ts(4,14): error TS1005: ')' expected.", "compile error: syntax_typescript.ts:4:14: ')' expected."),
        ("tests/x/syntax_kotlin.kt:4:18: error: expecting ')'\n        return (2\n                 ^", "compile error: syntax_kotlin.kt:4:18: expecting ')'"),
    ];
    for (message, want) in cases {
        assert_eq!(grader(&unjudged(VerdictKind::CompileError, message)), want);
    }
}

#[test]
fn a_wrong_method_name_says_what_was_found() {
    let s = unjudged(
        VerdictKind::CompileError,
        "no entry point: class Solution has no method findMinStep; found findMinSteps — did you mean it?",
    );
    assert_eq!(
        grader(&s),
        "no method findMinStep; found findMinSteps — did you mean it?"
    );
    let none = unjudged(
        VerdictKind::CompileError,
        "no entry point: no class Solution; found classes Node",
    );
    assert_eq!(
        grader(&none),
        "no entry point: no class Solution; found classes Node"
    );
}

#[test]
fn python_2_code_is_named_by_its_sign_and_line() {
    let s = unjudged(
        VerdictKind::CompileError,
        "this is Python 2 code (`xrange`, line 11); LeetCode's Python3 and this judge run Python 3",
    );
    assert_eq!(
        of(&s),
        Reason::Python2 {
            token: "xrange".into(),
            line: 11
        }
    );
    assert_eq!(grader(&s), "Python 2 code (xrange, line 11)");
}

#[test]
fn a_load_error_says_what_was_raised() {
    let s = unjudged(
        VerdictKind::RunTimeError,
        "Traceback (most recent call last):\n  File \"solution.py\", line 3\nNameError: name 'collections' is not defined",
    );
    assert_eq!(
        grader(&s),
        "run-time error while loading: NameError: name 'collections' is not defined"
    );
}

#[test]
fn a_load_error_of_the_harness_is_said_once() {
    let s = unjudged(
        VerdictKind::RunTimeError,
        "cannot load: NameError: name 'undefined_name' is not defined (line 4)",
    );
    assert_eq!(
        grader(&s),
        "run-time error while loading: NameError: name 'undefined_name' is not defined (line 4)"
    );
}

#[test]
fn a_missing_toolchain_is_not_judged() {
    let mut s = unjudged(
        VerdictKind::CompileError,
        "cannot build: `kotlinc` not found on PATH; Debian package kotlin",
    );
    s.toolchain_missing = true;
    assert_eq!(grader(&s), "not judged: the grading machine has no kotlinc");
}

#[test]
fn a_wrong_answer_names_the_input_and_both_answers() {
    // split pair: RRWWRRBBRR + WB
    assert_eq!(
        grader(&wrong()),
        "wrong answer on RRWWRRBBRR + WB: expected 2, got -1"
    );
    assert_eq!(
        of(&wrong()).describe(Audience::Student),
        "wrong answer on RRWWRRBBRR + WB: expected 2, got -1"
    );
}

#[test]
fn a_hidden_case_is_only_its_position_for_students() {
    let mut s = wrong();
    s.cases[0].visibility = Visibility::Hidden;
    let student = of(&s).describe(Audience::Student);
    assert_eq!(student, "hidden case 1: wrong answer");
    for secret in ["RRWWRRBBRR", "split-pair", "t.toml", "2"] {
        assert!(!student.contains(secret), "{secret} shown in {student}");
    }
    assert_eq!(
        grader(&s),
        "wrong answer on RRWWRRBBRR + WB: expected 2, got -1 [hidden case 1]"
    );
    s.cases[0].visibility = Visibility::AfterDueDate;
    assert_eq!(student_reason(&s), "hidden case 1: wrong answer");
}

fn student_reason(s: &SolutionReport) -> String {
    of(s).describe(Audience::Student)
}

#[test]
fn a_time_limit_says_the_cpu_time_and_the_board_size() {
    let mut s = wrong();
    s.cases[0].verdict = CaseVerdict::Judged(VerdictKind::TimeLimitExceeded);
    s.cases[0].cpu_ms = 2412.0;
    s.cases[0].got = None;
    s.verdict = VerdictKind::TimeLimitExceeded;
    assert_eq!(
        grader(&s),
        "time limit: 2.4 s CPU on a 10-ball board (RRWWRRBBRR + WB)"
    );
    s.cases[0].visibility = Visibility::Hidden;
    assert_eq!(student_reason(&s), "hidden case 1: time limit exceeded");
}

#[test]
fn a_run_time_error_gives_the_last_line_of_what_happened() {
    let s = crate::report::fixture::report().solutions[1].clone();
    assert_eq!(
        grader(&s),
        format!(
            "run-time error on GGBB + GB: panicked: no G please at src/report/mod.rs:{}",
            crate::report::fixture::PANIC_LINE
        )
    );
}

#[test]
fn every_case_right_is_accepted() {
    let mut s = wrong();
    for c in &mut s.cases {
        c.verdict = CaseVerdict::Judged(VerdictKind::Accepted);
    }
    s.first_failure_case = None;
    assert_eq!(grader(&s), "accepted: all 3 cases right");
}

#[test]
fn hidden_cases_are_numbered_among_hidden_cases_only() {
    let mut s = wrong();
    s.cases[0].verdict = CaseVerdict::Judged(VerdictKind::Accepted);
    s.cases[1].visibility = Visibility::Hidden;
    s.cases[2].visibility = Visibility::Hidden;
    s.first_failure_case = Some(s.cases[2].case.clone());
    s.cases[2].verdict = CaseVerdict::Judged(VerdictKind::WrongAnswer);
    assert_eq!(student_reason(&s), "hidden case 2: wrong answer");
}

#[test]
fn a_case_the_machine_starved_is_not_judged_when_nothing_failed() {
    let mut s = wrong();
    for c in &mut s.cases {
        c.verdict = CaseVerdict::Judged(VerdictKind::Accepted);
    }
    s.cases[1].verdict = CaseVerdict::Skipped(SkipReason::Overloaded);
    s.first_failure_case = None;
    s.complete = false;
    assert_eq!(
        grader(&s),
        "not judged: machine overloaded (1 case not judged); grade again on a quieter machine"
    );
}
