use std::path::Path;

use super::*;
use crate::cases::case;
use crate::game::rules::Constraints;
use crate::judge::execute::InProcess;

/// Right when the hand is written in `RYBGW` order, -1 otherwise: a solution whose answer
/// depends on the order of the hand.
pub(super) struct SortedHandOnly;

impl Solution for SortedHandOnly {
    fn name(&self) -> &str {
        "sorted_hand_only"
    }
    fn expected(&self) -> verdict::Expected {
        VerdictKind::WrongAnswer.into()
    }
    fn source(&self) -> &str {
        "a fake whose answer depends on the hand's order"
    }
    fn path(&self) -> &str {
        "solutions/wrong_answer/sorted_hand_only.rs"
    }
    fn find_min_step(&self, board: String, hand: String) -> i32 {
        let inst = Instance::parse(&board, &hand, &Constraints::default()).unwrap();
        if inst.hand.to_string() == hand {
            crate::game::oracle::solve(&inst).unwrap().as_i32()
        } else {
            -1
        }
    }
}

#[test]
fn minimised_input_keeps_the_hand_as_written_when_the_sorted_hand_passes() {
    let text = "[[case]]\nname = \"unsorted\"\nboard = \"R\"\nhand = \"YRR\"\n";
    let (cases, errors) =
        case::parse_file(Path::new("t.toml"), "t.toml", text, &Constraints::default());
    let suite = Suite {
        cases,
        errors,
        files: 1,
        ..Suite::default()
    };
    let report = run(
        &suite,
        &[&SortedHandOnly],
        &Config::default(),
        &mut |s| Box::new(InProcess::new(s)) as Box<dyn Executor + '_>,
        &mut |_| {},
    )
    .unwrap();
    let sol = &report.solutions[0];
    let first = sol.first_failure.as_ref().unwrap();
    assert_eq!((first.board.as_str(), first.hand.as_str()), ("R", "YRR"));
    let small = sol.minimised.as_ref().unwrap();
    assert_eq!((small.board.as_str(), small.hand.as_str()), ("R", "YRR"));
    assert_eq!(
        (small.oracle, small.got, small.verdict),
        (2, Some(-1), VerdictKind::WrongAnswer.into())
    );
}
