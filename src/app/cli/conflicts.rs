//! The option combinations refused as usage errors: what cannot apply to what was asked.

use mipsolve::cage::Products;
use mipsolve::export::ModelFormulation;
use mipsolve::puzzle::{Kind, Options};

use super::common_args::{Common, FormatArg};

/// The documents state their cages (arithmetic, with logarithms for products): the cage
/// options that say otherwise cannot go with their formulation.
pub(super) fn check_formulation(
    formulation: ModelFormulation,
    options: &Options,
) -> Result<(), clap::Error> {
    if formulation != ModelFormulation::Documents {
        return Ok(());
    }
    let asked = [
        ("cages", "table", options.kenken.cage_tables == Some(true)),
        (
            "products",
            "exact",
            options.kenken.products == Some(Products::Exact),
        ),
    ];
    match asked.into_iter().find(|a| a.2) {
        Some((name, value, _)) => Err(clap::Error::raw(
            clap::error::ErrorKind::ArgumentConflict,
            format!(
                "--{name} {value} cannot be used with --formulation documents: the \
                 documents' model writes cages as arithmetic with logarithms; use \
                 --formulation reduced --{name} {value}\n"
            ),
        )),
        None => Ok(()),
    }
}

/// Options that cannot apply to what was asked are usage errors, not silently ignored.
pub(super) fn refuse_inapplicable(
    kind: Option<&'static Kind>,
    options: &Options,
    common: &Common,
) -> Result<(), clap::Error> {
    let pictures = common.format == FormatArg::Svg || common.picture.is_some();
    let refused = if options.grid && options.line {
        Some("--grid and --line exclude each other: choose one reading")
    } else if common.blank && !pictures && !common.print.asks_pdf() {
        Some("--blank draws pictures without the solution: use it with --format svg, --picture DIR or --pdf FILE")
    } else if common.print.circles() && kind.is_some_and(|k| k.name != "takuzu") {
        Some("--circles draws Takuzu's 0s and 1s as circles: it applies to mipsolve takuzu (or solve) only")
    } else if common.print.circles() && !pictures && !common.print.asks_pdf() {
        Some("--circles draws pictures: use it with --format svg, --picture DIR or --pdf FILE")
    } else {
        None
    };
    match refused {
        Some(message) => Err(clap::Error::raw(
            clap::error::ErrorKind::ArgumentConflict,
            format!("{message}\n"),
        )),
        None => Ok(()),
    }
}
