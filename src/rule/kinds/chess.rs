//! Anti-king and anti-knight (`antiking: true`, `antiknight: true`): cells a chess king's
//! step apart diagonally (orthogonal neighbours already differ, in a row or column), or a
//! knight's move apart, differ.

use serde_json::Value;

use crate::error::Problem;
use crate::grid::cell_name;
use crate::rule::engine::entry::{set_flag, Global, RuleKind};
use crate::rule::engine::keyed::Keyed;
use crate::rule::engine::pairs::{Pair, Pairs, Relation};
use crate::rule::engine::reading::{flag, Board, Found};

/// The anti-king's registry entry.
pub static KING: RuleKind = RuleKind::new("antiking", |value, board| {
    apart(value, board, "antiking", &[(1, 1)], "anti-king")
});

/// The anti-knight's registry entry.
pub static KNIGHT: RuleKind = RuleKind::new("antiknight", |value, board| {
    apart(value, board, "antiknight", &[(1, 2), (2, 1)], "anti-knight")
});

/// SudokuPad's global rules.
pub static KING_GLOBAL: Global = Global::new(&["antiking"], |keys| set_flag(keys, KING.key));

/// SudokuPad's global rules.
pub static KNIGHT_GLOBAL: Global = Global::new(&["antiknight"], |keys| set_flag(keys, KNIGHT.key));

/// When the flag is set, pairs of cells each `steps` apart (rows down, columns either way)
/// that differ, named `what` in clues.
fn apart(
    value: &Value,
    board: &Board,
    key: &'static str,
    steps: &[(usize, usize)],
    what: &str,
) -> Result<Found, Problem> {
    if !flag(value)? {
        return Ok(Found::none());
    }
    let n = board.n;
    let mut pairs = Vec::new();
    for (r, c) in (0..n).flat_map(|r| (0..n).map(move |c| (r, c))) {
        for &(dr, dc) in steps {
            let below = r + dr;
            for other in [c.checked_sub(dc), Some(c + dc).filter(|&x| x < n)] {
                let Some(oc) = other.filter(|_| below < n) else {
                    continue;
                };
                let (a, b) = ((r, c), (below, oc));
                let clue = format!("{what} {}-{}", cell_name(a), cell_name(b));
                pairs.push(Pair::new(a, b, Relation::Differ, clue));
            }
        }
    }
    let json = (key, Value::Bool(true));
    Ok(Found::rule(Keyed::of(key, Pairs::of(pairs), json)))
}

#[cfg(test)]
mod tests {
    use crate::rule::harness::*;

    #[test]
    fn a_value_leaves_the_cells_touching_it_diagonally() {
        let json = r#"{"antiking": true}"#;
        let left = |cell| narrows_to(json, (9, 9), &[((0, 0), &[2])], cell).unwrap();
        assert_eq!(
            (left((1, 1)), left((0, 1))),
            (vec![1, 3, 4, 5, 6, 7, 8, 9], (1..=9).collect())
        );
        // The solved Sudoku's diagonal neighbours differ; a 1 beside r1c1's 1 breaks it.
        keeps_only(json, &sudoku_with(&[]), &sudoku_with(&[((1, 1), 1)]));
        let grid = grid_with(4, &[((1, 1), 1)]);
        let message = "anti-king r1c1-r2c2 is broken: r1c1=1, r2c2=1";
        assert_eq!(broken(&*rule(json, 4), &grid), [message]);
    }

    #[test]
    fn a_value_leaves_the_cells_a_knight_s_move_away() {
        let json = r#"{"antiknight": true}"#;
        let left = |cell| narrows_to(json, (9, 9), &[((0, 0), &[2])], cell).unwrap();
        let others = vec![1, 3, 4, 5, 6, 7, 8, 9];
        assert_eq!([left((1, 2)), left((2, 1))], [others.clone(), others]);
        assert_eq!(left((1, 1)), (1..=9).collect::<Vec<_>>());
        keeps_only(json, &sudoku_with(&[]), &sudoku_with(&[((1, 2), 1)]));
        let message = "anti-knight r1c1-r2c3 is broken: r1c1=1, r2c3=1";
        assert_eq!(
            broken(&*rule(json, 4), &grid_with(4, &[((1, 2), 1)])),
            [message]
        );
    }
}
