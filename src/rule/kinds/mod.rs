//! The rule kinds: each file is one kind's keys, its validation and its lowering to the
//! engine's parts, plus what it alone does; each is named once more, in the registry.

pub mod arrow;
pub mod between;
pub mod chess;
pub mod clone;
pub mod consecutive;
pub mod diagonal;
pub mod difference;
pub mod disjoint;
pub mod double_arrow;
pub mod drawn_cage;
pub mod entropic;
pub mod extra_region;
pub mod indexer;
pub mod killer;
pub mod little_killer;
pub mod minimum;
pub mod nabner;
pub mod nonconsecutive;
pub mod palindrome;
pub mod parity;
pub mod pencil_marks;
pub mod quadruple;
pub mod ratio;
pub mod region_sum;
pub mod renban;
pub mod sandwich;
pub mod skyscraper;
pub mod slow_thermometer;
pub mod thermometer;
pub mod whispers;
pub mod xsum;
pub mod xv;
pub mod zipper;
