//! The problem itself: Zuma's rules, the exact oracle and the plain reference search it is held
//! to, the best partial line, claimed move sequences replayed, and instance enumeration with its
//! symmetry classes. Pure and the lowest stage: it imports nothing else from this crate.

pub mod generate;
pub mod moves;
pub mod oracle;
pub mod partial;
pub mod reference;
pub mod rules;
