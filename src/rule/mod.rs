//! Rules as data for the shared machinery. A puzzle is its shape, its givens and a list of
//! rules ([`RuleSet`]); every rule checks a complete grid exactly, narrows candidates and
//! writes its rows (linear in `x[r,c,k]`) into the model, and reduce, split, constrain and
//! verify are written once over the list. [`engine`] holds that machinery and the parts
//! kinds lower to; `kinds` holds one file per rule kind; the registry names each kind once.
//! Adding a rule is a file in `kinds/` and its registry line (see docs/architecture.md).

pub mod engine;
#[cfg(test)]
mod harness;
mod kinds;
mod registry;

pub use engine::areas::{repeated, Areas};
pub use engine::cages::{CageFormulation, Cages};
pub use engine::reading;
pub use engine::set::{Reduced, Reductions, RuleSet};
pub use engine::{Changed, OptionalRule, Rule};
pub use kinds::consecutive::marked as consecutive_marks;
pub use kinds::killer::{add_fpuzzles_cages, own_json as killer_cages};
pub use registry::{
    global, has_rule_clues, placement, read_rules, CHOICES, EXTRA_REGIONS, ISS_TYPES, PLACEMENTS,
    RULES, SAME_VALUES, WEIGHTED_SUMS,
};
