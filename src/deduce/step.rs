//! One deduction, and how it reads: `r3c4 = 7: hidden single in box 2`.

use std::fmt;

use super::Technique;
use crate::geometry::AreaName;
use crate::grid::{cell_name, Cell};

/// One deduction: what it placed or removed, and why.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Step {
    /// How it was found.
    pub technique: Technique,
    /// Cells given a value (0-based), with the value.
    pub placed: Vec<(Cell, u32)>,
    /// Candidates removed (0-based cells), with the value.
    pub removed: Vec<(Cell, u32)>,
    /// The cells that justify it (the set, the fish's corners, the chain's start).
    pub because: Vec<Cell>,
    /// The area it works in, when one.
    pub area: Option<AreaName>,
    /// The second area (an intersection's, a fish's last line).
    pub other_area: Option<AreaName>,
    /// The values it is about (a set's, a fish's).
    pub values: Vec<u32>,
}

impl fmt::Display for Step {
    /// `r3c4 = 7: hidden single in box 2`, `r5c1 <> 3, 8: naked pair r5c2 r5c7 in row 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        let cells = |c: &[Cell]| {
            c.iter()
                .map(|&c| cell_name(c))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut what: Vec<String> = (self.placed.iter())
            .map(|&(cell, v)| format!("{} = {v}", cell_name(cell)))
            .collect();
        let mut removed = self.removed.clone();
        removed.sort_unstable();
        for chunk in removed.chunk_by(|a, b| a.0 == b.0) {
            let values: Vec<u32> = chunk.iter().map(|p| p.1).collect();
            what.push(format!("{} <> {}", cell_name(chunk[0].0), list(&values)));
        }
        let area = |a: &Option<AreaName>| a.as_ref().map_or(String::new(), ToString::to_string);
        let name = self.technique.name();
        let why = match self.technique {
            Technique::HiddenSingle { .. }
            | Technique::LastCell
            | Technique::Balance
            | Technique::NearBalance => {
                format!("{name} in {}", area(&self.area))
            }
            Technique::NoThree => format!("{name}: {}", cells(&self.because)),
            Technique::CageDigits | Technique::CageCells | Technique::CageLine => {
                format!("{name} of {}", area(&self.area))
            }
            Technique::DistinctLines => format!(
                "{name}: {} would equal {}",
                area(&self.area),
                area(&self.other_area)
            ),
            Technique::NakedSingle | Technique::Guess | Technique::Rule(_) => name,
            Technique::Trial => {
                format!("{name}: placed, it leaves a cell, a value or a rule with no way")
            }
            Technique::Intersection => format!(
                "{name}: {} in {} only where it meets {}",
                list(&self.values),
                area(&self.area),
                area(&self.other_area)
            ),
            Technique::NakedSet(_) => {
                format!("{name} {} in {}", cells(&self.because), area(&self.area))
            }
            Technique::HiddenSet(_) => format!(
                "{name} {} in {} in {}",
                list(&self.values),
                cells(&self.because),
                area(&self.area)
            ),
            Technique::Fish(_) => format!(
                "{name} on {} in {} to {}",
                list(&self.values),
                area(&self.area),
                area(&self.other_area)
            ),
            Technique::ForcingChain => {
                let ends = [self.because.first(), self.because.last()];
                let ends: Vec<String> = ends.into_iter().flatten().map(|&c| cell_name(c)).collect();
                format!(
                    "{name} {}: {} holds {}",
                    cells(&self.because),
                    ends.join(" or "),
                    list(&self.values)
                )
            }
        };
        write!(f, "{}: {why}", what.join(", "))
    }
}
