//! What a picture of a Latin-grid puzzle shows: boxes or regions (or a KenKen's cages) as
//! blocks, sum cages dashed with their sums, KenKen clues, the givens (the rules draw their own marks).

use super::{Family, Latin, Style};
use crate::cage::Op;
use crate::geometry::AreaName;
use crate::picture::{Drawing, Label};

impl Latin {
    /// The drawing of the puzzle.
    pub(super) fn drawing_of(&self) -> Drawing {
        let n = self.size;
        let kenken = self.family == Family::KenKen;
        let mut blocks = vec![usize::MAX; n * n];
        let mut cut = false;
        for (i, area) in (self.areas.iter())
            .filter(|a| matches!(a.name, AreaName::Box(_) | AreaName::Region(_)))
            .enumerate()
        {
            area.cells.iter().for_each(|&(r, c)| blocks[r * n + c] = i);
            cut = true;
        }
        let labels = self.cages.iter().map(|cage| Label {
            cells: cage.cells.clone(),
            text: match (kenken, cage.op) {
                (false, _) | (true, Op::Given) => cage.target.to_string(),
                (true, Op::Add) => format!("{}+", cage.target),
                (true, Op::Sub) => format!("{}\u{2212}", cage.target),
                (true, Op::Mul) => format!("{}\u{d7}", cage.target),
                (true, Op::Div) => format!("{}\u{f7}", cage.target),
                (true, Op::Any) => format!("{}?", cage.target),
            },
        });
        let (mut dashed, mut clues) = (Vec::new(), Vec::new());
        match kenken {
            true => {
                for (i, cage) in self.cages.iter().enumerate() {
                    cage.cells.iter().for_each(|&(r, c)| blocks[r * n + c] = i);
                }
                cut = true;
                clues.extend(labels);
            }
            false => dashed.extend(labels),
        }
        let symbol = |v: u32| match self.style {
            Style::Compact(alphabet) => alphabet
                .symbol(v)
                .map_or_else(|| v.to_string(), String::from),
            Style::Spaced => v.to_string(),
        };
        let mut drawing = Drawing {
            rows: n,
            cols: n,
            blocks: cut.then_some(blocks),
            dashed,
            clues,
            under: Vec::new(),
            over: Vec::new(),
            givens: (self.givens.to_rows().concat().into_iter())
                .map(|v| (v != 0).then(|| symbol(v)))
                .collect(),
            symbols: (0..=n as u32).map(symbol).collect(),
            binary: false,
        };
        self.rules.iter().for_each(|rule| rule.draw(&mut drawing));
        drawing
    }
}
