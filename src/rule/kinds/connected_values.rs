//! Connected values (`connectedvalues`: `[{"values": [1, 2], "size": 5}]`): the cells of the
//! grid holding one of the values form one orthogonally connected group, not empty, of
//! `"size"` cells when given (the Interactive Sudoku Solver's `ConnectedValues` on the grid).
//! Rows: per cell `in = sum x[cell, values]`; one root among the cells in; every other cell in
//! has a parent beside it, in, one step shallower (depth bits `g[c,t]`: at least `t`).

use serde_json::Value;

use crate::domains::Domains;
use crate::error::{Problem, Violation};
use crate::grid::{beside, cell_name, Cell, Grid};
use crate::model::{LinExpr, Model, Var};
use crate::rule::engine::entry::RuleKind;
use crate::rule::engine::keyed::{Keyed, Part};
use crate::rule::engine::reading::{at, items, number, wrong, Board, Found};
use crate::rule::engine::Changed;

/// The registry entry.
pub static KIND: RuleKind = RuleKind::new("connectedvalues", read);

/// Per item: its values (mipsolve's, from 1) and the group's size if given.
#[derive(Debug, Default)]
struct Groups(Vec<(Vec<u32>, Option<usize>)>);

fn read(value: &Value, board: &Board) -> Result<Found, Problem> {
    let mut rule = Keyed::<Groups>::new("connected values", KIND.key, value);
    for (i, item) in items(value)?.into_iter().enumerate() {
        let place = || format!("connected values {}", i + 1);
        let Some(Value::Array(list)) = item.get("values") else {
            return Err(at(place(), wrong("no \"values\" (a list of values)")));
        };
        let values: Vec<u32> = (list.iter())
            .map(|v| v.as_u64().and_then(|w| board.value(w)))
            .collect::<Option<_>>()
            .ok_or_else(|| {
                at(
                    place(),
                    wrong(format!(
                        "the values are the grid's, {}",
                        board.written_range()
                    )),
                )
            })?;
        if values.is_empty() {
            return Err(at(place(), wrong("no values")));
        }
        let size = match item.get("size") {
            None | Some(Value::Null) => None,
            Some(_) => match number(item, "size", None).map_err(|p| at(place(), p))? {
                s @ 1.. => Some(s as usize),
                _ => return Err(at(place(), wrong("\"size\" is 1 or more"))),
            },
        };
        rule.part.0.push((values, size));
    }
    Ok(rule.found())
}

impl Part for Groups {
    fn violations(&self, name: &str, grid: &Grid) -> Vec<Violation> {
        let (rows, cols) = (grid.rows(), grid.cols());
        let all = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c)));
        let mut broken = Vec::new();
        for (i, (values, size)) in self.0.iter().enumerate() {
            let inside: Vec<Cell> = all
                .clone()
                .filter(|&(r, c)| values.contains(&grid.get(r, c)))
                .collect();
            let mut reached: Vec<Cell> = inside.first().into_iter().copied().collect();
            let mut k = 0;
            while k < reached.len() {
                for next in beside(reached[k], rows, cols) {
                    if inside.contains(&next) && !reached.contains(&next) {
                        reached.push(next);
                    }
                }
                k += 1;
            }
            let how = match (inside.is_empty(), reached.len() < inside.len()) {
                (true, _) => "holds none of its values",
                (_, true) => "is not one connected group",
                _ if size.is_some_and(|s| s != inside.len()) => "is not of its size",
                _ => continue,
            };
            broken.push(Violation::Broken {
                clue: format!("{name} {}", i + 1),
                how,
                values: inside.iter().map(|&(r, c)| grid.get(r, c)).collect(),
                cells: inside,
            });
        }
        broken
    }

    /// Left to the search and the model.
    fn narrow(&self, _: &mut Domains, _: Changed, _: &mut Vec<usize>) -> bool {
        true
    }

    fn constrain(&self, name: &str, model: &mut Model) {
        let (rows, cols) = (model.domains().rows(), model.domains().cols());
        let cells: Vec<Cell> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .collect();
        let index_of = model.domains().values().to_vec();
        for (i, (values, size)) in self.0.iter().enumerate() {
            // A group of `size` cells is at most `size - 1` steps deep.
            let depth = size
                .unwrap_or(cells.len())
                .min(cells.len())
                .saturating_sub(1);
            let id = |s: String| format!("{name}{}_{s}", i + 1);
            let inside: Vec<LinExpr> = (cells.iter())
                .map(|&(r, c)| {
                    let mut e = LinExpr::default();
                    for (k, &v) in index_of.iter().enumerate() {
                        if values.contains(&(v as u32)) {
                            e.add_expr(&model.x(r, c, k), 1.0);
                        }
                    }
                    e
                })
                .collect();
            let roots: Vec<Var> = (cells.iter())
                .map(|&c| model.binary(id(format!("root_{}", cell_name(c)))))
                .collect();
            let g: Vec<Vec<Var>> = (cells.iter())
                .map(|&c| {
                    (1..=depth)
                        .map(|t| model.binary(id(format!("depth_{}_{t}", cell_name(c)))))
                        .collect()
                })
                .collect();
            let mut one_root = LinExpr::default();
            roots.iter().for_each(|&v| one_root.add_var(v, 1.0));
            model.add(id("root".into()), one_root, 1.0, 1.0);
            let mut held = LinExpr::default();
            inside.iter().for_each(|e| held.add_expr(e, 1.0));
            if let Some(size) = size {
                model.add(id("size".into()), held, *size as f64, *size as f64);
            }
            for (j, &cell) in cells.iter().enumerate() {
                let at = cell_name(cell);
                // A root is in, at depth 0.
                let mut root_in = LinExpr::default();
                root_in.add_var(roots[j], 1.0);
                root_in.add_expr(&inside[j], -1.0);
                model.at_most(id(format!("root_in_{at}")), root_in, 0.0);
                if let Some(&first) = g[j].first() {
                    let mut shallow = LinExpr::default();
                    shallow.add_var(roots[j], 1.0);
                    shallow.add_var(first, 1.0);
                    model.at_most(id(format!("root_depth_{at}")), shallow, 1.0);
                }
                for t in 1..g[j].len() {
                    let mut order = LinExpr::default();
                    order.add_var(g[j][t], 1.0);
                    order.add_var(g[j][t - 1], -1.0);
                    model.at_most(id(format!("depth_{at}_{}", t + 1)), order, 0.0);
                }
                // A cell in and not the root has one parent.
                let mut parents = LinExpr::default();
                parents.add_expr(&inside[j], -1.0);
                parents.add_var(roots[j], 1.0);
                for next in beside(cell, rows, cols) {
                    let n = next.0 * cols + next.1;
                    let p = model.binary(id(format!("parent_{at}_{}", cell_name(next))));
                    parents.add_var(p, 1.0);
                    let mut in_too = LinExpr::default();
                    in_too.add_var(p, 1.0);
                    in_too.add_expr(&inside[n], -1.0);
                    model.at_most(
                        id(format!("parent_{at}_{}_in", cell_name(next))),
                        in_too,
                        0.0,
                    );
                    if let Some(&first) = g[j].first() {
                        let mut deep = LinExpr::default();
                        deep.add_var(p, 1.0);
                        deep.add_var(first, -1.0);
                        model.at_most(
                            id(format!("parent_{at}_{}_deep", cell_name(next))),
                            deep,
                            0.0,
                        );
                    }
                    for t in 0..g[n].len() {
                        let mut shallower = LinExpr::default();
                        shallower.add_var(p, 1.0);
                        shallower.add_var(g[n][t], 1.0);
                        if let Some(&deeper) = g[j].get(t + 1) {
                            shallower.add_var(deeper, -1.0);
                        }
                        model.at_most(
                            id(format!("parent_{at}_{}_{}", cell_name(next), t + 1)),
                            shallower,
                            1.0,
                        );
                    }
                }
                model.add(id(format!("parent_{at}")), parents, 0.0, 0.0);
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::Grid;
    use crate::rule::harness::*;

    /// 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1.
    fn square() -> Grid {
        let rows = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]];
        Grid::from_rows(rows.iter().map(|r| r.to_vec()).collect()).unwrap()
    }

    /// Whether `item` keeps the square, by its check and by its rows.
    fn keeps(item: &str) -> (bool, bool) {
        let rule = rule(&format!(r#"{{"connectedvalues": [{item}]}}"#), 4);
        (
            broken(&*rule, &square()).is_empty(),
            rows_allow(&*rule, &square()),
        )
    }

    #[test]
    fn the_cells_of_the_values_are_one_group() {
        // 1s and 2s: r1c1-r1c2, r2c3-r2c4, r3c1-r3c2, r4c3-r4c4: four pieces.
        assert_eq!(keeps(r#"{"values": [1, 2]}"#), (false, false));
        // 1s and 3s: four pairs, r1c1-r2c1, r1c3-r2c3, r3c2-r4c2, r3c4-r4c4, none beside
        // another.
        assert_eq!(keeps(r#"{"values": [1, 3]}"#), (false, false));
        // Every value: the whole grid, one group of 16.
        assert_eq!(keeps(r#"{"values": [1, 2, 3, 4]}"#), (true, true));
        assert_eq!(
            keeps(r#"{"values": [1, 2, 3, 4], "size": 16}"#),
            (true, true)
        );
        assert_eq!(
            keeps(r#"{"values": [1, 2, 3, 4], "size": 15}"#),
            (false, false)
        );
        // Three values: all but the 4s, r1c4 r2c2 r3c3 r4c1, which cut no cell off.
        assert_eq!(keeps(r#"{"values": [1, 2, 3]}"#), (true, true));
    }

    #[test]
    fn values_outside_the_grid_are_refused() {
        let error = read_error(r#"{"connectedvalues": [{"values": [5]}]}"#, 4);
        assert!(error.contains("the values are the grid's, 1..4"), "{error}");
        let size = read_error(r#"{"connectedvalues": [{"values": [1], "size": 0}]}"#, 4);
        assert!(size.contains("\"size\" is 1 or more"), "{size}");
    }
}
