//! The metamorphic check both hunters make: the candidate called on a variant of an input it
//! already answered (board reversed, colours renamed, hand reordered), and, when the two answers
//! differ, the inconsistency with the laws it breaks. `exhaust` and `fuzz` differ only in the
//! variant they pick and in what they make of a disagreement.

use crate::hunt::worker::{not_stopped, ExhaustError};
use crate::judge::execute::{Executor, Failure};
use crate::judge::metamorphic::{self, Inconsistency};

/// A variant as judged.
pub(crate) struct Variant {
    /// Its board.
    pub(crate) board: String,
    /// Its hand.
    pub(crate) hand: String,
    /// The candidate's answer on it.
    pub(crate) got: Result<i32, Failure>,
    /// When that answer is not the one on the input: the inconsistency.
    pub(crate) inconsistency: Option<Inconsistency>,
}

/// Calls the candidate on `variant` of `input`, on which it answered `got`; when the answers
/// differ, also on the single-law variants of `input`, to name the laws it breaks
/// ([`metamorphic::broken_laws`]).
///
/// Errors: [`ExhaustError::Stopped`] when the judge could not make a call.
pub(crate) fn check_variant(
    exec: &mut dyn Executor,
    (board, hand): (&str, &str),
    got: &Result<i32, Failure>,
    (variant_board, variant_hand): (String, String),
) -> Result<Variant, ExhaustError> {
    let vgot = exec.call(&variant_board, &variant_hand).result;
    not_stopped(&vgot)?;
    let got = got.as_ref().ok().copied();
    let inconsistency = (vgot.as_ref().ok().copied() != got).then(|| Inconsistency {
        board: board.to_string(),
        hand: hand.to_string(),
        got,
        variant_board: variant_board.clone(),
        variant_hand: variant_hand.clone(),
        variant_got: vgot.as_ref().ok().copied(),
        laws: metamorphic::broken_laws(exec, board, hand, got),
    });
    Ok(Variant {
        board: variant_board,
        hand: variant_hand,
        got: vgot,
        inconsistency,
    })
}
