//! What each kind's options ask the generator for, as a [`Request`], checked against the
//! grid's shape and what is known about such puzzles.

use clap::error::ErrorKind;
use mipsolve::deduce::Ladder;
use mipsolve::generate::{Design, Request, Symmetry};
use mipsolve::puzzle::sudoku::{box_for, SudokuOptions, SOLO_VARIANTS};
use mipsolve::puzzle::takuzu::TakuzuOptions;
use mipsolve::rule::PLACEMENTS;

use super::args::{Givens, KenkenArgs, SudokuArgs, TakuzuArgs};
use super::PuzzleFormat;

/// A Sudoku request: size and box shape agreeing, Jigsaw without boxes.
pub(super) fn sudoku(args: &SudokuArgs, own: &SudokuOptions) -> Result<Request, clap::Error> {
    let has = |v: &str| args.variant.iter().any(|w| w == v);
    let size = match (args.size, own.box_shape) {
        (Some(n), _) => usize::from(n),
        (None, Some((r, c))) => r * c,
        (None, None) => 9,
    };
    let boxes = match (has("jigsaw"), own.box_shape) {
        (true, Some(_)) => return Err(invalid("--box and --variant jigsaw exclude each other")),
        (true, None) => None,
        (false, shape) => Some(box_for(size, shape).map_err(|p| invalid(&p.to_string()))?),
    };
    let rules: Vec<&'static str> = (PLACEMENTS.iter().map(|rule| rule.name))
        .filter(|name| has(name))
        .collect();
    if let Some(name) = (args.batch.format == PuzzleFormat::Gameid)
        .then(|| {
            args.variant
                .iter()
                .find(|v| !SOLO_VARIANTS.contains(&v.as_str()))
        })
        .flatten()
    {
        return Err(invalid(&format!(
            "--format gameid: Solo's game IDs cannot write --variant {name}"
        )));
    }
    let design = Design::Sudoku { size, boxes, rules };
    let level = level(Ladder::Solo, args.difficulty.as_deref());
    with_givens(design, level, &args.givens, Symmetry::R2)
}

/// A KenKen request: Keen's game IDs show every operator.
pub(super) fn kenken(args: &KenkenArgs) -> Result<Request, clap::Error> {
    let design = Design::KenKen {
        size: usize::from(args.size),
        ops: args.ops.clone(),
        hidden: args.hidden_ops,
    };
    if args.hidden_ops && args.batch.format == PuzzleFormat::Gameid {
        return Err(invalid("--format gameid: Keen has no hidden operators"));
    }
    Ok(Request {
        design,
        level: level(Ladder::Keen, args.difficulty.as_deref()),
        symmetry: Symmetry::None,
        minimal: false,
        givens: None,
    })
}

/// A Takuzu request: distinct lines only where enough different lines exist.
pub(super) fn takuzu(args: &TakuzuArgs, own: &TakuzuOptions) -> Result<Request, clap::Error> {
    let (rows, cols) = args.size;
    let design = Design::Takuzu {
        rows,
        cols,
        distinct: !own.allow_duplicate_lines,
    };
    if !own.allow_duplicate_lines && !distinct_lines_fit(rows, cols) {
        let message = format!(
            "--size {rows}x{cols}: no Takuzu of this shape has distinct rows and \
             columns (too few different lines); add --allow-duplicate-lines"
        );
        return Err(invalid(&message));
    }
    let level = level(Ladder::Unruly, args.difficulty.as_deref());
    with_givens(design, level, &args.givens, Symmetry::None)
}

/// A request for a kind with givens, its symmetry checked against the grid's shape.
fn with_givens(
    design: Design,
    level: Option<&'static str>,
    givens: &Givens,
    default: Symmetry,
) -> Result<Request, clap::Error> {
    let symmetry = givens
        .symmetry
        .as_deref()
        .and_then(Symmetry::named)
        .unwrap_or(match givens.minimal {
            true => Symmetry::None,
            false => default,
        });
    let (rows, cols) = design.shape();
    if symmetry.needs_square() && rows != cols {
        let message = format!(
            "--symmetry {}: needs a square grid, not {rows}x{cols}",
            symmetry.name()
        );
        return Err(invalid(&message));
    }
    if let Some(range) = &givens.givens {
        if *range.end() > rows * cols {
            let message = format!(
                "--givens {}..{}: the grid has {} cells",
                range.start(),
                range.end(),
                rows * cols
            );
            return Err(invalid(&message));
        }
        if let Some(fewest) = fewest_givens(&design).filter(|f| range.end() < f) {
            let message = format!(
                "--givens {}..{}: no such puzzle has one solution with fewer than {fewest} \
                 givens",
                range.start(),
                range.end(),
            );
            return Err(invalid(&message));
        }
    }
    Ok(Request {
        design,
        level,
        symmetry,
        minimal: givens.minimal,
        givens: givens.givens.clone(),
    })
}

/// The fewest givens a puzzle of the design can have and one solution, where known: a
/// Sudoku with boxes and no other rule needs at least n-1 (two values never given can be
/// swapped), and the 9x9 at least 17 (McGuire, Tugemann and Civario, 2012), the 4x4 and
/// 6x6 at least 4 and 8 (exhaustive counts).
fn fewest_givens(design: &Design) -> Option<usize> {
    match *design {
        Design::Sudoku {
            size,
            boxes: Some(_),
            ref rules,
        } if rules.is_empty() => Some(match size {
            4 => 4,
            6 => 8,
            9 => 17,
            n => n - 1,
        }),
        _ => None,
    }
}

/// Whether a `rows` x `cols` Takuzu can have distinct rows and columns: lines of n cells
/// that keep the balance and no three in a row number A177790(n / 2) (OEIS), as Unruly
/// checks.
fn distinct_lines_fit(rows: usize, cols: usize) -> bool {
    const LINES: [u64; 10] = [1, 2, 6, 14, 34, 84, 208, 518, 1296, 3254];
    let fits = |length: usize, count: usize| {
        LINES
            .get(length / 2)
            .is_none_or(|&lines| count as u64 <= lines)
    };
    fits(cols, rows) && fits(rows, cols)
}

/// The level's name on the ladder, as a static string.
fn level(ladder: Ladder, name: Option<&str>) -> Option<&'static str> {
    name.and_then(|name| ladder.levels().iter().copied().find(|l| *l == name))
}

pub(super) fn invalid(message: &str) -> clap::Error {
    clap::Error::raw(ErrorKind::ValueValidation, format!("{message}\n"))
}
