//! The symmetries a generated puzzle's givens may keep, under the names of Simon Tatham's
//! Solo: a given's whole orbit is kept or removed together.

use crate::grid::Cell;

/// A symmetry group of the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symmetry {
    /// None: each cell alone.
    None,
    /// Half-turn rotation.
    R2,
    /// Quarter-turn rotation.
    R4,
    /// Left-right mirror.
    M2,
    /// Mirror in the main diagonal.
    Md2,
    /// Left-right and up-down mirrors.
    M4,
    /// Both diagonal mirrors.
    Md4,
    /// Every rotation and mirror of the square.
    M8,
}

impl Symmetry {
    /// Every symmetry with its name, as options and messages spell them.
    pub const ALL: [(&'static str, Symmetry); 8] = [
        ("none", Symmetry::None),
        ("r2", Symmetry::R2),
        ("r4", Symmetry::R4),
        ("m2", Symmetry::M2),
        ("md2", Symmetry::Md2),
        ("m4", Symmetry::M4),
        ("md4", Symmetry::Md4),
        ("m8", Symmetry::M8),
    ];

    /// The symmetry of that name.
    pub fn named(name: &str) -> Option<Symmetry> {
        Self::ALL.iter().find(|(n, _)| *n == name).map(|&(_, s)| s)
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(_, s)| *s == self)
            .map_or("none", |(n, _)| n)
    }

    /// Whether it maps the cells onto themselves only on a square grid.
    pub fn needs_square(self) -> bool {
        matches!(
            self,
            Symmetry::R4 | Symmetry::Md2 | Symmetry::Md4 | Symmetry::M8
        )
    }

    /// The maps that generate the group on a `rows` x `cols` grid.
    fn generators(self, rows: usize, cols: usize) -> Vec<Box<dyn Fn(Cell) -> Cell>> {
        let (last_r, last_c) = (rows - 1, cols - 1);
        let half_turn = move |(r, c): Cell| (last_r - r, last_c - c);
        let quarter_turn = move |(r, c): Cell| (c, last_r - r);
        let mirror = move |(r, c): Cell| (r, last_c - c);
        let flip = move |(r, c): Cell| (last_r - r, c);
        let diagonal = |(r, c): Cell| (c, r);
        let anti_diagonal = move |(r, c): Cell| (last_c - c, last_r - r);
        match self {
            Symmetry::None => Vec::new(),
            Symmetry::R2 => vec![Box::new(half_turn)],
            Symmetry::R4 => vec![Box::new(quarter_turn)],
            Symmetry::M2 => vec![Box::new(mirror)],
            Symmetry::Md2 => vec![Box::new(diagonal)],
            Symmetry::M4 => vec![Box::new(mirror), Box::new(flip)],
            Symmetry::Md4 => vec![Box::new(diagonal), Box::new(anti_diagonal)],
            Symmetry::M8 => vec![Box::new(quarter_turn), Box::new(mirror)],
        }
    }

    /// The orbits of the cells of a `rows` x `cols` grid, each sorted, in order of first cell.
    pub fn orbits(self, rows: usize, cols: usize) -> Vec<Vec<Cell>> {
        let maps = self.generators(rows, cols);
        let mut seen = vec![false; rows * cols];
        let mut orbits = Vec::new();
        for start in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
            if seen[start.0 * cols + start.1] {
                continue;
            }
            seen[start.0 * cols + start.1] = true;
            let mut orbit = vec![start];
            let mut i = 0;
            while i < orbit.len() {
                for map in &maps {
                    let next = map(orbit[i]);
                    if !seen[next.0 * cols + next.1] {
                        seen[next.0 * cols + next.1] = true;
                        orbit.push(next);
                    }
                }
                i += 1;
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbit_sizes_on_a_nine_by_nine_grid() {
        let sizes = |s: Symmetry| {
            let orbits = s.orbits(9, 9);
            let mut sizes: Vec<usize> = orbits.iter().map(Vec::len).collect();
            sizes.sort_unstable();
            sizes.dedup();
            (orbits.len(), sizes)
        };
        assert_eq!(sizes(Symmetry::None), (81, vec![1]));
        assert_eq!(sizes(Symmetry::R2), (41, vec![1, 2]));
        assert_eq!(sizes(Symmetry::R4), (21, vec![1, 4]));
        assert_eq!(sizes(Symmetry::M2), (45, vec![1, 2]));
        assert_eq!(sizes(Symmetry::Md2), (45, vec![1, 2]));
        assert_eq!(sizes(Symmetry::M4), (25, vec![1, 2, 4]));
        assert_eq!(sizes(Symmetry::Md4), (25, vec![1, 2, 4]));
        assert_eq!(sizes(Symmetry::M8), (15, vec![1, 4, 8]));
    }

    #[test]
    fn half_turn_pairs_opposite_cells() {
        let orbits = Symmetry::R2.orbits(4, 6);
        assert!(orbits.contains(&vec![(0, 0), (3, 5)]));
        assert!(orbits.contains(&vec![(1, 2), (2, 3)]));
        assert_eq!(orbits.len(), 12);
    }
}
