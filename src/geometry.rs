//! Areas as data: rows, columns, boxes, labelled regions and diagonals, each a named set of
//! cells. A puzzle lists its areas once; reductions, the model and the verifier all read them
//! (the formulation documents' `u(a,i,j)`: rows and columns are just another area).

use std::fmt;

use crate::grid::Cell;

/// What an area is, for messages; indices are 0-based and shown 1-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AreaName {
    /// A row of the grid.
    Row(usize),
    /// A column of the grid.
    Column(usize),
    /// A box of a Sudoku, numbered row by row.
    Box(usize),
    /// An irregular region, by its label in the input.
    Region(String),
    /// The diagonal from the top left to the bottom right.
    Diagonal,
    /// The diagonal from the top right to the bottom left.
    AntiDiagonal,
    /// A sum cage, whose digits never repeat; 0-based.
    Cage(usize),
    /// Another area a variant rule names, e.g. `extra region 2`.
    Extra(String),
}

impl fmt::Display for AreaName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AreaName::Row(i) => write!(f, "row {}", i + 1),
            AreaName::Column(i) => write!(f, "column {}", i + 1),
            AreaName::Box(i) => write!(f, "box {}", i + 1),
            AreaName::Region(label) => write!(f, "region {label}"),
            AreaName::Diagonal => f.write_str("the main diagonal"),
            AreaName::AntiDiagonal => f.write_str("the anti-diagonal"),
            AreaName::Cage(i) => write!(f, "cage {}", i + 1),
            AreaName::Extra(name) => f.write_str(name),
        }
    }
}

impl AreaName {
    /// A short name for model rows: `row3`, `col2`, `box1`, `region_A`, `diag`, `antidiag`,
    /// `cage4` (1-based; a region label keeps only letters, digits and `_`).
    pub fn id(&self) -> String {
        match self {
            AreaName::Row(i) => format!("row{}", i + 1),
            AreaName::Column(i) => format!("col{}", i + 1),
            AreaName::Box(i) => format!("box{}", i + 1),
            AreaName::Region(label) => {
                let safe = label.chars().map(|ch| match ch.is_ascii_alphanumeric() {
                    true => ch,
                    false => '_',
                });
                format!("region_{}", safe.collect::<String>())
            }
            AreaName::Diagonal => "diag".to_string(),
            AreaName::AntiDiagonal => "antidiag".to_string(),
            AreaName::Cage(i) => format!("cage{}", i + 1),
            AreaName::Extra(name) => name.replace(|ch: char| !ch.is_ascii_alphanumeric(), "_"),
        }
    }
}

/// A named set of cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Area {
    /// What the area is.
    pub name: AreaName,
    /// Its cells, in reading order.
    pub cells: Vec<Cell>,
}

/// The rows of a `rows` x `cols` grid.
pub fn rows(rows: usize, cols: usize) -> Vec<Area> {
    (0..rows)
        .map(|r| Area {
            name: AreaName::Row(r),
            cells: (0..cols).map(|c| (r, c)).collect(),
        })
        .collect()
}

/// The columns of a `rows` x `cols` grid.
pub fn columns(rows: usize, cols: usize) -> Vec<Area> {
    (0..cols)
        .map(|c| Area {
            name: AreaName::Column(c),
            cells: (0..rows).map(|r| (r, c)).collect(),
        })
        .collect()
}

/// The boxes of `box_rows` x `box_cols` cells tiling an `n` x `n` grid, row by row
/// (`box_rows * box_cols == n`).
pub fn boxes(n: usize, box_rows: usize, box_cols: usize) -> Vec<Area> {
    let across = n / box_cols;
    (0..n)
        .map(|b| {
            let (r0, c0) = (b / across * box_rows, b % across * box_cols);
            Area {
                name: AreaName::Box(b),
                cells: (0..n)
                    .map(|i| (r0 + i / box_cols, c0 + i % box_cols))
                    .collect(),
            }
        })
        .collect()
}

/// One region per distinct label of a grid of labels (one label per cell), in order of
/// first appearance.
pub fn regions(labels: &[Vec<String>]) -> Vec<Area> {
    let mut areas: Vec<Area> = Vec::new();
    for (r, row) in labels.iter().enumerate() {
        for (c, label) in row.iter().enumerate() {
            match areas
                .iter_mut()
                .find(|a| a.name == AreaName::Region(label.clone()))
            {
                Some(area) => area.cells.push((r, c)),
                None => areas.push(Area {
                    name: AreaName::Region(label.clone()),
                    cells: vec![(r, c)],
                }),
            }
        }
    }
    areas
}

/// The two main diagonals of an `n` x `n` grid.
pub fn diagonals(n: usize) -> Vec<Area> {
    vec![
        Area {
            name: AreaName::Diagonal,
            cells: (0..n).map(|i| (i, i)).collect(),
        },
        Area {
            name: AreaName::AntiDiagonal,
            cells: (0..n).map(|i| (i, n - 1 - i)).collect(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_by_three_boxes_tile_a_six_by_six_grid_row_by_row() {
        let b = boxes(6, 2, 3);
        assert_eq!(b.len(), 6);
        assert_eq!(
            b[1].cells,
            vec![(0, 3), (0, 4), (0, 5), (1, 3), (1, 4), (1, 5)]
        );
        assert_eq!(b[2].cells[0], (2, 0));
        assert_eq!(b[5].name.to_string(), "box 6");
    }

    #[test]
    fn regions_follow_their_labels_in_order_of_appearance() {
        let labels: Vec<Vec<String>> = ["AAB", "CAB", "CCB"]
            .iter()
            .map(|row| row.chars().map(String::from).collect())
            .collect();
        let r = regions(&labels);
        assert_eq!(r.len(), 3);
        assert_eq!(r[0].cells, vec![(0, 0), (0, 1), (1, 1)]);
        assert_eq!(r[1].cells, vec![(0, 2), (1, 2), (2, 2)]);
        assert_eq!(r[2].name.to_string(), "region C");
    }

    #[test]
    fn diagonals_cross_in_the_middle_of_an_odd_grid() {
        let d = diagonals(5);
        assert_eq!(d[0].cells[2], (2, 2));
        assert_eq!(d[1].cells, vec![(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)]);
    }

    #[test]
    fn rows_and_columns_cover_a_rectangle() {
        assert_eq!(rows(2, 3)[1].cells, vec![(1, 0), (1, 1), (1, 2)]);
        assert_eq!(columns(2, 3)[2].cells, vec![(0, 2), (1, 2)]);
        assert_eq!(columns(2, 3)[2].name.to_string(), "column 3");
    }
}
