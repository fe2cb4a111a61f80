//! The model as text for other MIP solvers: CPLEX LP or free MPS, with the model's own
//! variable and row names, written exactly as good_lp hands the rows to every MIP solver (a
//! row with two different finite bounds becomes two rows, `_ge` and `_le`).

use std::fmt::Write;

use crate::grid::cell_name;
use crate::model::{Model, Readers, Row, VarKind};

/// A file format for models.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModelFormat {
    /// CPLEX LP format (`.lp`).
    Lp,
    /// Free MPS format (`.mps`).
    Mps,
}

impl ModelFormat {
    /// The file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            ModelFormat::Lp => "lp",
            ModelFormat::Mps => "mps",
        }
    }
}

/// The name of the variable that stands in for a row proven false by constant folding.
const FALSE_ROW_VAR: &str = "folded_false";

/// `model` in `format`, opened by comment lines: `title`, what the names mean, and the cells
/// decided before the model, written as columns fixed to 1 so that a solution of the file
/// alone gives the whole grid.
pub fn write(model: &Model, format: ModelFormat, title: &str) -> String {
    let comment = match format {
        ModelFormat::Lp => "\\",
        ModelFormat::Mps => "*",
    };
    let mut out = String::new();
    for line in preamble(model, title) {
        let _ = writeln!(out, "{comment} {line}");
    }
    let rows = sided_rows(model);
    let fixed: Vec<String> = (model.constant_cells().into_iter())
        .map(|(cell, value)| format!("x_{}_{value}", cell_name(cell)))
        .collect();
    match format {
        ModelFormat::Lp => lp(model, &rows, &fixed, &mut out),
        ModelFormat::Mps => mps(model, &rows, &fixed, &mut out),
    }
    out
}

/// What the comment lines say before the model: the title, and the meaning of each kind of
/// name the file uses.
fn preamble(model: &Model, title: &str) -> Vec<String> {
    let names = model.var_names();
    let uses = |prefix: &str| names.iter().any(|n| n.starts_with(prefix));
    let decided = model.constant_cells().len();
    let mut lines = vec![title.to_string()];
    if names
        .iter()
        .any(|n| n.starts_with("x_") && n.matches('_').count() == 1)
    {
        lines.push("x_r1c2 = 1: cell r1c2 holds 1, else 0".into());
    } else if uses("x_") || decided > 0 {
        // The example value is one the puzzle has (Takuzu's 0 and 1, a Sudoku's 5).
        let values = model.domains().values();
        let v = values.get(values.len() / 2).copied().unwrap_or(1);
        lines.push(format!("x_r1c2_{v} = 1: cell r1c2 holds {v}"));
    }
    if uses("y_") {
        lines.push("y_r1c2_3_5: cell r1c2 holds 5 when 1, 3 when 0".into());
    }
    let cages: Vec<&str> = [
        ("z_cage", "z_: cage assignment choices"),
        (
            "z_row",
            "z_row1_row3_5 = 1: rows 1 and 3 differ in column 5 (columns likewise)",
        ),
        (
            "z_col",
            "z_col1_col3_5 = 1: columns 1 and 3 differ in row 5",
        ),
        ("d_", "d_: signs of differences and quotients"),
        ("o_", "o_: hidden operators"),
    ]
    .into_iter()
    .filter(|(prefix, _)| uses(prefix))
    .map(|(_, text)| text)
    .collect();
    if !cages.is_empty() {
        lines.push(cages.join("; "));
    }
    lines.push("the objective is zero: any feasible point is a solution".into());
    if decided > 0 {
        let all = decided == model.domains().rows() * model.domains().cols();
        lines.push(match all {
            true => format!(
                "the exact reductions decide all {decided} cells: they are columns fixed to 1"
            ),
            false => format!("{decided} cells decided before the model are columns fixed to 1"),
        });
    }
    if let Some(row) = model.contradiction() {
        lines.push(format!(
            "row {row} folded to a false constant: the model is infeasible"
        ));
    }
    lines
}

/// A one-sided row as written: `name: terms SENSE rhs`.
struct Sided<'a> {
    name: String,
    row: &'a Row,
    sense: &'static str,
    rhs: f64,
}

/// The rows as the MIP solvers are handed them: equalities, and each finite side of the others.
fn sided_rows(model: &Model) -> Vec<Sided<'_>> {
    let mut out = Vec::new();
    for row in (model.constraints().iter()).filter(|row| row.readers != Readers::Clauses) {
        let both = row.lo.is_finite() && row.hi.is_finite();
        let sides = match row.lo == row.hi {
            true => vec![("", "=", row.lo)],
            false => [("_ge", ">=", row.lo), ("_le", "<=", row.hi)]
                .into_iter()
                .filter(|&(_, _, rhs)| rhs.is_finite())
                .collect(),
        };
        for (suffix, sense, rhs) in sides {
            let suffix = if both { suffix } else { "" };
            let name = format!("{}{suffix}", row.name);
            out.push(Sided {
                name,
                row,
                sense,
                rhs,
            });
        }
    }
    out
}

/// A number as the formats read it: integers without a fraction, `-0` as `0`.
fn number(x: f64) -> String {
    if x == 0.0 {
        return "0".into();
    }
    format!("{x}")
}

/// The model in CPLEX LP format.
fn lp(model: &Model, rows: &[Sided], fixed: &[String], out: &mut String) {
    let names = model.var_names();
    out.push_str("Minimize\n obj:");
    // Every column appears in the objective with a zero cost, so that readers declare the
    // fixed ones too.
    let mut objective: Vec<&str> = names.first().into_iter().map(String::as_str).collect();
    objective.extend(fixed.iter().map(String::as_str));
    if objective.is_empty() && model.is_contradictory() {
        objective.push(FALSE_ROW_VAR);
    }
    for (i, name) in objective.iter().enumerate() {
        let sign = if i == 0 { "" } else { " +" };
        if i > 0 && i % 8 == 0 {
            out.push_str("\n   ");
        }
        let _ = write!(out, "{sign} 0 {name}");
    }
    out.push('\n');
    out.push_str("Subject To\n");
    for side in rows {
        let _ = write!(out, " {}:", side.name);
        for (i, &(v, a)) in side.row.terms.iter().enumerate() {
            if i > 0 && i % 8 == 0 {
                out.push_str("\n   ");
            }
            let sign = match (a < 0.0, i) {
                (true, _) => " -",
                (false, 0) => "",
                (false, _) => " +",
            };
            match a.abs() {
                1.0 => {
                    let _ = write!(out, "{sign} {}", names[v.0]);
                }
                m => {
                    let _ = write!(out, "{sign} {} {}", number(m), names[v.0]);
                }
            }
        }
        let _ = writeln!(out, " {} {}", side.sense, number(side.rhs));
    }
    if let Some(row) = model.contradiction() {
        let _ = writeln!(out, " {row}: {FALSE_ROW_VAR} >= 1");
    }
    out.push_str("Bounds\n");
    for (name, kind) in names.iter().zip(model.vars()) {
        if let VarKind::Continuous { lo, hi } = *kind {
            let _ = writeln!(out, " {} <= {name} <= {}", bound(lo), bound(hi));
        }
    }
    for name in fixed {
        let _ = writeln!(out, " {name} = 1");
    }
    if model.is_contradictory() {
        let _ = writeln!(out, " {FALSE_ROW_VAR} = 0");
    }
    let binaries: Vec<&String> = (names.iter().zip(model.vars()))
        .filter(|(_, kind)| **kind == VarKind::Binary)
        .map(|(name, _)| name)
        .collect();
    if !binaries.is_empty() {
        out.push_str("Binary\n");
        for chunk in binaries.chunks(8) {
            let joined: Vec<&str> = chunk.iter().map(|s| s.as_str()).collect();
            let _ = writeln!(out, " {}", joined.join(" "));
        }
    }
    out.push_str("End\n");
}

/// A bound in LP syntax.
fn bound(x: f64) -> String {
    match x {
        f64::INFINITY => "+inf".into(),
        f64::NEG_INFINITY => "-inf".into(),
        x => number(x),
    }
}

/// The model in free MPS format.
fn mps(model: &Model, rows: &[Sided], fixed: &[String], out: &mut String) {
    out.push_str("NAME mipsolve\nROWS\n N obj\n");
    for side in rows {
        let kind = match side.sense {
            "=" => 'E',
            ">=" => 'G',
            _ => 'L',
        };
        let _ = writeln!(out, " {kind} {}", side.name);
    }
    let false_row = model.contradiction();
    if let Some(row) = false_row {
        let _ = writeln!(out, " G {row}");
    }
    columns(model, rows, fixed, false_row, out);
    out.push_str("RHS\n");
    for side in rows.iter().filter(|s| s.rhs != 0.0) {
        let _ = writeln!(out, " RHS {} {}", side.name, number(side.rhs));
    }
    if let Some(row) = false_row {
        let _ = writeln!(out, " RHS {row} 1");
    }
    bounds(model, fixed, false_row, out);
    out.push_str("ENDATA\n");
}

/// MPS's COLUMNS: each variable's entries in the rows (integers between markers), then the
/// fixed columns and the false row's column.
fn columns(
    model: &Model,
    rows: &[Sided],
    fixed: &[String],
    false_row: Option<&str>,
    out: &mut String,
) {
    let names = model.var_names();
    // Column-wise entries: for each variable, the rows it appears in.
    let mut entries: Vec<Vec<(&str, f64)>> = vec![Vec::new(); names.len()];
    for side in rows {
        for &(v, a) in &side.row.terms {
            entries[v.0].push((&side.name, a));
        }
    }
    out.push_str("COLUMNS\n");
    let mut integer = false;
    for (i, (name, kind)) in names.iter().zip(model.vars()).enumerate() {
        let binary = *kind == VarKind::Binary;
        if binary != integer {
            let marker = if binary { "INTORG" } else { "INTEND" };
            let _ = writeln!(out, " MARKER 'MARKER' '{marker}'");
            integer = binary;
        }
        if entries[i].is_empty() {
            let _ = writeln!(out, " {name} obj 0");
        }
        for &(row, a) in &entries[i] {
            let _ = writeln!(out, " {name} {row} {}", number(a));
        }
    }
    if integer {
        out.push_str(" MARKER 'MARKER' 'INTEND'\n");
    }
    for name in fixed {
        let _ = writeln!(out, " {name} obj 0");
    }
    if let Some(row) = false_row {
        let _ = writeln!(out, " {FALSE_ROW_VAR} {row} 1");
    }
}

/// MPS's BOUNDS: binaries, the continuous variables' finite and infinite bounds, and the
/// fixed columns.
fn bounds(model: &Model, fixed: &[String], false_row: Option<&str>, out: &mut String) {
    let names = model.var_names();
    out.push_str("BOUNDS\n");
    for (name, kind) in names.iter().zip(model.vars()) {
        match *kind {
            VarKind::Binary => {
                let _ = writeln!(out, " BV BND {name}");
            }
            VarKind::Continuous { lo, hi } => {
                for (tag, x) in [("LO", lo), ("UP", hi)] {
                    match x {
                        f64::INFINITY => {
                            let _ = writeln!(out, " PL BND {name}");
                        }
                        f64::NEG_INFINITY => {
                            let _ = writeln!(out, " MI BND {name}");
                        }
                        x => {
                            let _ = writeln!(out, " {tag} BND {name} {}", number(x));
                        }
                    }
                }
            }
        }
    }
    for name in fixed {
        let _ = writeln!(out, " FX BND {name} 1");
    }
    if false_row.is_some() {
        let _ = writeln!(out, " FX BND {FALSE_ROW_VAR} 0");
    }
}

#[cfg(test)]
#[path = "model_text_tests.rs"]
mod tests;
