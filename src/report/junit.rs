//! The JUnit XML report, for CI systems: one `testsuite` per solution and one `testcase` per
//! case, plus a `cases` suite for the suite's own checks (case assertions, strict claims,
//! case-file errors). Written with quick-xml, which does the escaping.
//!
//! Which cases fail: [`super::case_fails`] (in `accepted/` every non-AC case; in `wrong_answer/`
//! and the other folders any verdict other than AC and the promised one). A solution that is
//! not as expected although no case fails (its promised verdict never happened) gets one extra
//! failing testcase, `promised <verdict>`. So a suite has a failure exactly when its solution is
//! not as expected, and the report has a failure or an error exactly when `run` exits non-zero.

use std::io;

use quick_xml::events::{BytesDecl, BytesText, Event};
use quick_xml::Writer;

use super::{failing_cases, missing_promise, returned, witness_lines, Reporter};
use crate::judge::runner::{CaseResult, ClaimReport, RunReport, SolutionReport};
use crate::judge::verdict::VerdictKind;

/// JUnit XML in the schema most consumers read (Jenkins, GitLab, GitHub test reporters):
/// `testsuites > testsuite > testcase > failure | error | system-out`, times in seconds.
pub struct Junit;

/// A failure or error of one testcase.
struct Problem {
    /// `failure`, `error` or `skipped`.
    element: &'static str,
    /// The `type` attribute: a verdict code, `assertion`, `claim` or `case-file`.
    kind: String,
    /// One line: what went wrong, with the input and the numbers.
    message: String,
    /// The details, several lines.
    body: String,
}

struct TestCase {
    name: String,
    classname: String,
    /// Seconds.
    time: f64,
    problem: Option<Problem>,
    system_out: Option<String>,
}

struct Suite {
    name: String,
    properties: Vec<(&'static str, String)>,
    cases: Vec<TestCase>,
}

impl Suite {
    fn count(&self, element: &str) -> usize {
        self.cases
            .iter()
            .filter(|c| c.problem.as_ref().is_some_and(|p| p.element == element))
            .count()
    }

    /// Seconds. Folded from +0.0: an empty float `sum()` is -0.0, which prints as "-0.000000".
    fn time(&self) -> f64 {
        self.cases.iter().fold(0.0, |t, c| t + c.time)
    }
}

impl Reporter for Junit {
    fn render(&self, r: &RunReport) -> String {
        let mut suites: Vec<Suite> = r.solutions.iter().map(|s| solution_suite(r, s)).collect();
        suites.push(cases_suite(r));
        let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
        write(&mut w, &suites).expect("writing XML to memory cannot fail");
        let mut s = String::from_utf8(w.into_inner()).expect("quick-xml writes UTF-8");
        s.push('\n');
        s
    }
}

fn seconds(ms: f64) -> String {
    format!("{:.6}", ms / 1e3)
}

fn write(w: &mut Writer<Vec<u8>>, suites: &[Suite]) -> io::Result<()> {
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    let total = |f: &dyn Fn(&Suite) -> usize| suites.iter().map(f).sum::<usize>().to_string();
    w.create_element("testsuites")
        .with_attribute(("name", "zuma-judge"))
        .with_attribute(("tests", total(&|s| s.cases.len()).as_str()))
        .with_attribute(("failures", total(&|s| s.count("failure")).as_str()))
        .with_attribute(("errors", total(&|s| s.count("error")).as_str()))
        .with_attribute((
            "time",
            seconds(suites.iter().fold(0.0, |t, s| t + s.time()) * 1e3).as_str(),
        ))
        .write_inner_content(|w| {
            for s in suites {
                write_suite(w, s)?;
            }
            Ok(())
        })?;
    Ok(())
}

fn write_suite(w: &mut Writer<Vec<u8>>, s: &Suite) -> io::Result<()> {
    w.create_element("testsuite")
        .with_attribute(("name", clean(&s.name).as_str()))
        .with_attribute(("tests", s.cases.len().to_string().as_str()))
        .with_attribute(("failures", s.count("failure").to_string().as_str()))
        .with_attribute(("errors", s.count("error").to_string().as_str()))
        .with_attribute(("skipped", s.count("skipped").to_string().as_str()))
        .with_attribute(("time", seconds(s.time() * 1e3).as_str()))
        .write_inner_content(|w| {
            if !s.properties.is_empty() {
                w.create_element("properties").write_inner_content(|w| {
                    for (k, v) in &s.properties {
                        w.create_element("property")
                            .with_attribute(("name", *k))
                            .with_attribute(("value", clean(v).as_str()))
                            .write_empty()?;
                    }
                    Ok(())
                })?;
            }
            for c in &s.cases {
                write_case(w, c)?;
            }
            Ok(())
        })?;
    Ok(())
}

fn write_case(w: &mut Writer<Vec<u8>>, c: &TestCase) -> io::Result<()> {
    let el = w
        .create_element("testcase")
        .with_attribute(("name", clean(&c.name).as_str()))
        .with_attribute(("classname", clean(&c.classname).as_str()))
        .with_attribute(("time", format!("{:.6}", c.time).as_str()));
    if c.problem.is_none() && c.system_out.is_none() {
        el.write_empty()?;
        return Ok(());
    }
    el.write_inner_content(|w| {
        if let Some(p) = &c.problem {
            w.create_element(p.element)
                .with_attribute(("message", clean(&one_line(&p.message)).as_str()))
                .with_attribute(("type", p.kind.as_str()))
                .write_text_content(BytesText::new(&clean(&p.body)))?;
        }
        if let Some(out) = &c.system_out {
            w.create_element("system-out")
                .write_text_content(BytesText::new(&clean(out)))?;
        }
        Ok(())
    })?;
    Ok(())
}

/// Replaces the characters XML 1.0 forbids even escaped (control characters other than tab,
/// newline and carriage return; U+FFFE, U+FFFF) with U+FFFD. A solution's panic message can
/// hold anything.
fn clean(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\t' | '\n' | '\r' => c,
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => '\u{FFFD}',
            c => c,
        })
        .collect()
}

/// Attribute values lose their newlines in XML parsers; say it with `; ` instead.
fn one_line(s: &str) -> String {
    s.lines().collect::<Vec<_>>().join("; ")
}

fn solution_suite(r: &RunReport, s: &SolutionReport) -> Suite {
    let failing: Vec<&str> = failing_cases(s).iter().map(|c| c.case.as_str()).collect();
    let mut cases: Vec<TestCase> = s
        .cases
        .iter()
        .map(|c| test_case(s, c, failing.contains(&c.case.as_str())))
        .collect();
    cases.extend(build_case(s));
    cases.extend(promise_case(s));
    Suite {
        name: s.name.clone(),
        properties: vec![
            ("expected", s.expected.name().to_string()),
            ("verdict", s.verdict.name().to_string()),
            ("as_expected", s.as_expected.to_string()),
            ("path", s.path.clone()),
            ("source", s.source.clone()),
            ("limits", r.config.describe()),
            ("judging", r.config.describe_judging()),
            ("language", s.language.clone()),
            ("sandbox", r.sandbox.describe()),
        ]
        .into_iter()
        .chain(s.toolchain.clone().map(|t| ("toolchain", t)))
        .chain(r.incomplete.clone().map(|why| ("incomplete", why)))
        .chain(super::sweep_summary(s).map(|w| ("sweep", w)))
        .collect(),
        cases,
    }
}

/// One judged case: skipped, a failure when it `fails` the solution's folder, else passed
/// (with a note when its verdict is not AC but the folder promises it).
fn test_case(s: &SolutionReport, c: &CaseResult, fails: bool) -> TestCase {
    let skipped = c.verdict.is_skipped();
    let problem = if skipped {
        Some(Problem {
            element: "skipped",
            kind: c.verdict.to_string(),
            message: c.message.clone().unwrap_or_default(),
            body: String::new(),
        })
    } else {
        fails.then(|| case_failure(s, c))
    };
    let promised = !fails && !skipped && !c.verdict.is(VerdictKind::Accepted);
    TestCase {
        name: c.case.clone(),
        classname: s.name.clone(),
        time: c.time_ms / 1e3,
        problem,
        system_out: promised.then(|| {
            format!(
                "{} as {} promises: {} + {}: oracle {}, returned {}",
                c.verdict,
                s.expected.name(),
                c.board,
                c.hand,
                c.oracle,
                returned(c.got, c.message.as_deref())
            )
        }),
    }
}

/// Judged on no case: one test case for the build, a failure unless the folder says so.
fn build_case(s: &SolutionReport) -> Option<TestCase> {
    let why = s.message.as_ref()?;
    let note = format!("{} {}: {why}", s.verdict.code(), s.path);
    Some(TestCase {
        name: "build".into(),
        classname: s.name.clone(),
        time: 0.0,
        problem: (!s.as_expected).then(|| Problem {
            element: "failure",
            kind: s.verdict.code().to_string(),
            message: format!("{}: {}", s.name, one_line(why)),
            body: note.clone(),
        }),
        system_out: s.as_expected.then_some(note),
    })
}

/// A failure when no case gave the verdict the solution's folder promises.
fn promise_case(s: &SolutionReport) -> Option<TestCase> {
    let why = missing_promise(s)?;
    Some(TestCase {
        name: format!("promised {}", s.expected.name()),
        classname: s.name.clone(),
        time: 0.0,
        problem: Some(Problem {
            element: "failure",
            kind: s.expected.code().to_string(),
            message: format!("{}: {why}", s.name),
            body: format!(
                "{} is in {}/ ({}), so at least one case must give {}; none did.\n\
                 Move it to accepted/ or add a case it fails.",
                s.name,
                s.expected.name(),
                s.path,
                s.expected.code()
            ),
        }),
        system_out: None,
    })
}

fn case_failure(s: &SolutionReport, c: &CaseResult) -> Problem {
    let got = returned(c.got, c.message.as_deref());
    let minimised = s.minimised.as_ref().map(|m| {
        format!(
            "{} + {} (oracle {}, returned {})",
            m.board,
            m.hand,
            m.oracle,
            returned(m.got, m.message.as_deref())
        )
    });
    let first = s.first_failure_case.as_deref().unwrap_or("?");
    let message = format!(
        "{} on {} + {}: oracle {}, returned {}{}",
        c.verdict,
        c.board,
        c.hand,
        c.oracle,
        got,
        match &minimised {
            Some(m) if first == c.case => format!("; minimised: {m}"),
            Some(m) => format!("; minimised from the first failure {first}: {m}"),
            None => String::new(),
        }
    );
    let rule = if s.expected == VerdictKind::Accepted {
        "accepted/ promises AC on every case".to_string()
    } else {
        format!(
            "{}/ allows only AC and {}",
            s.expected.name(),
            s.expected.code()
        )
    };
    let mut body = format!(
        "case: {}\nboard: {}\nhand: {}\noracle: {}\nreturned: {got}\nverdict: {} ({rule})\n",
        c.case, c.board, c.hand, c.oracle, c.verdict
    );
    if let (Some(m), Some(text)) = (&s.minimised, &minimised) {
        body.push_str(&format!(
            "minimised ({} balls, from this solution's first failure {first}): {text}\n",
            m.size,
        ));
    }
    body.push_str("oracle's witness (");
    body.push_str(super::draw::GAP_LEGEND);
    body.push_str("):\n");
    for line in witness_lines(&c.solved, &c.hand, false) {
        body.push_str("  ");
        body.push_str(&line);
        body.push('\n');
    }
    Problem {
        element: "failure",
        kind: c.verdict.to_string(),
        message,
        body,
    }
}

fn cases_suite(r: &RunReport) -> Suite {
    let mut cases = Vec::new();
    for e in &r.expectations {
        cases.push(TestCase {
            name: format!("{} {}", e.case, e.asserted),
            classname: "cases".into(),
            time: 0.0,
            problem: (!e.holds).then(|| Problem {
                element: "failure",
                kind: "assertion".into(),
                message: format!(
                    "{} (line {}): {}, but the truth is {}",
                    e.case, e.line, e.asserted, e.truth
                ),
                body: "Fix the case file with `zuma-judge audit --fix`.".into(),
            }),
            system_out: None,
        });
    }
    cases.extend(r.claims.iter().map(claim_case));
    for e in &r.case_errors {
        cases.push(TestCase {
            name: e.case.clone(),
            classname: "case-files".into(),
            time: 0.0,
            problem: Some(Problem {
                element: "error",
                kind: "case-file".into(),
                message: e.message.clone(),
                body: format!("{}\nThis case was not judged.", e.message),
            }),
            system_out: None,
        });
    }
    Suite {
        name: "cases".into(),
        properties: vec![
            ("files", r.files.to_string()),
            ("cases", r.cases.to_string()),
            ("oracle_states", r.oracle_states.to_string()),
        ]
        .into_iter()
        .chain(r.incomplete.clone().map(|why| ("incomplete", why)))
        .collect(),
        cases,
    }
}

/// One claim as a test case: a strict claim refuted fails; a refuted claim that is not strict
/// passes with a note.
fn claim_case(c: &ClaimReport) -> TestCase {
    let truth = match (&c.oracle, &c.rejected) {
        (Some(v), _) => format!("oracle {v}"),
        (None, Some(reason)) => format!("input rejected: {reason}"),
        (None, None) => "no answer".into(),
    };
    let text = format!(
        "{}: {} claimed {}; {truth}",
        c.case,
        c.source,
        c.claimed_text()
    );
    TestCase {
        name: format!("{} claim by {}", c.case, c.source),
        classname: "claims".into(),
        time: 0.0,
        problem: (c.strict && !c.holds).then(|| Problem {
            element: "failure",
            kind: "claim".into(),
            message: format!("strict claim refuted: {text}"),
            body: text.clone(),
        }),
        system_out: (!c.strict && !c.holds).then(|| format!("refuted (not strict): {text}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixture;
    use quick_xml::events::Event;
    use quick_xml::{Reader, XmlVersion};

    /// (suite, `tests`, `failures`, testcases inside, failures inside, failure messages and
    /// bodies), read back with quick-xml's parser, which rejects malformed XML.
    type Seen = (String, usize, usize, usize, usize, Vec<(String, String)>);

    fn read(xml: &str) -> Vec<Seen> {
        let mut r = Reader::from_str(xml);
        let mut out: Vec<Seen> = Vec::new();
        let mut in_failure = false;
        let attr = |e: &quick_xml::events::BytesStart, n: &str| {
            e.try_get_attribute(n)
                .unwrap()
                .unwrap()
                .normalized_value(XmlVersion::Implicit1_0)
                .unwrap()
                .to_string()
        };
        loop {
            match r.read_event().unwrap() {
                Event::Start(e) | Event::Empty(e) => match e.name().into_inner() {
                    "testsuite" => out.push((
                        attr(&e, "name"),
                        attr(&e, "tests").parse().unwrap(),
                        attr(&e, "failures").parse().unwrap(),
                        0,
                        0,
                        vec![],
                    )),
                    "testcase" => out.last_mut().unwrap().3 += 1,
                    "failure" => {
                        let s = out.last_mut().unwrap();
                        s.4 += 1;
                        s.5.push((attr(&e, "message"), String::new()));
                        in_failure = true;
                    }
                    _ => {}
                },
                Event::Text(t) if in_failure => {
                    let body = &mut out.last_mut().unwrap().5.last_mut().unwrap().1;
                    body.push_str(&t.xml10_content());
                }
                Event::GeneralRef(g) if in_failure => {
                    let body = &mut out.last_mut().unwrap().5.last_mut().unwrap().1;
                    body.push_str(match AsRef::<str>::as_ref(&g) {
                        "lt" => "<",
                        "gt" => ">",
                        "amp" => "&",
                        "quot" => "\"",
                        "apos" => "'",
                        other => panic!("entity {other}"),
                    });
                }
                Event::End(e) if e.name().into_inner() == "failure" => in_failure = false,
                Event::Eof => break,
                _ => {}
            }
        }
        out
    }

    #[test]
    fn failing_solutions_read_back_with_their_counts_and_messages() {
        let xml = Junit.render(&fixture::report());
        let seen = read(&xml);
        // an empty suite takes zero seconds, not "-0.000000"
        assert!(xml.contains(
            r#"<testsuite name="cases" tests="0" failures="0" errors="0" skipped="0" time="0.000000">"#
        ));
        let counts: Vec<(&str, usize, usize, usize, usize)> = seen
            .iter()
            .map(|s| (s.0.as_str(), s.1, s.2, s.3, s.4))
            .collect();
        assert_eq!(
            counts,
            [
                ("always_minus_one", 3, 2, 3, 2),
                ("panics_on_g", 3, 1, 3, 1),
                ("always_two", 3, 1, 3, 1),
                ("cases", 0, 0, 0, 0),
            ]
        );
        assert_eq!(
            seen[0].5[1].0,
            "WA on GGBB + GB: oracle 2, returned -1; minimised from the first failure t.toml#split-pair: GGBB + GB (oracle 2, returned -1)"
        );
        let (message, body) = &seen[0].5[0];
        assert_eq!(
            message,
            "WA on RRWWRRBBRR + WB: oracle 2, returned -1; minimised: GGBB + GB (oracle 2, returned -1)"
        );
        assert_eq!(
            *body,
            format!("case: t.toml#split-pair\n\
             board: RRWWRRBBRR\n\
             hand: WB\n\
             oracle: 2\n\
             returned: -1\n\
             verdict: WA (accepted/ promises AC on every case)\n\
             minimised (6 balls, from this solution's first failure t.toml#split-pair): GGBB + GB (oracle 2, returned -1)\n\
             oracle's witness ({}):\n  \
               start          R R W W R R B B R R      hand WB\n  \
               1. B at gap 1  R[B]R W W R R B B R R    hand W\n  \
               2. W at gap 3  R B R[W]W W R R B B R R  hand -\n    \
                 remove WWW   R B R R R B B R R\n    \
                 remove RRR   R B B B R R\n    \
                 remove BBB   R R R\n    \
                 remove RRR   (empty)\n", crate::report::draw::GAP_LEGEND)
        );
        assert_eq!(
            seen[1].5[0].0,
            format!(
                "RE on GGBB + GB: oracle 2, returned no answer (RE: panicked: no G please at src/report/mod.rs:{}); minimised: G + R (oracle -1, returned no answer (RE: panicked: no G please at src/report/mod.rs:{}))",
                fixture::PANIC_LINE,
                fixture::PANIC_LINE
            )
        );
        // a -1 case: the oracle's exhausted states and the best partial line
        let (message, body) = &seen[2].5[0];
        assert_eq!(
            message,
            "WA on WRRBBW + RB: oracle -1, returned 2; minimised: R + R (oracle -1, returned 2)"
        );
        assert!(
            body.ends_with(&format!(
                "oracle's witness ({}):\n  \
             no sequence of up to 2 moves empties the board: proven before any search, since every way to remove the board's balls needs more balls of some colour than the hand holds\n  \
             best partial line: 2 balls left after 2 moves (16 states explored, all of them)\n  \
             start          W R R B B W    hand RB\n  \
             1. R at gap 1  W[R]R R B B W  hand B\n    \
               remove RRR   W B B W\n  \
             2. B at gap 1  W[B]B B W      hand -\n    \
               remove BBB   W W\n",
                crate::report::draw::GAP_LEGEND
            )),
            "{body}"
        );
    }

    #[test]
    fn forbidden_characters_are_replaced() {
        assert_eq!(clean("a\u{1b}[31mb\tc\n"), "a\u{FFFD}[31mb\tc\n");
        assert_eq!(one_line("a\nb"), "a; b");
    }
}
