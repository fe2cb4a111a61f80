//! The conversion of what clap read into the plain [`Config`]: the kind's options, the
//! questions asked, the engine, and the files named.

use clap::{ArgMatches, FromArgMatches};
use mipsolve::backend::{Backend, Mip};
use mipsolve::export::ModelFormulation;
use mipsolve::model_text::ModelFormat;
use mipsolve::pipeline::{Engine, Question, SolveOptions};
use mipsolve::puzzle::{Kind, OptionSpec, Options, KINDS};

use super::super::config::{Config, Deduce, Format, Pictures, Proposal, WriteModel};
use super::super::walk::Stdin;
use super::common_args::{Common, FormatArg, FormulationArg, ModelFormatArg, SolverArg};
use super::conflicts::{check_formulation, refuse_inapplicable};
use super::kind_options;

/// The run for one kind, or for every kind (`None`).
pub(super) fn config_from(
    kind: Option<&'static Kind>,
    sub: &ArgMatches,
) -> Result<Config, clap::Error> {
    let mut options = kind_options(kind, sub)?;
    let common = Common::from_arg_matches(sub)?;
    let formulation = match common.formulation {
        FormulationArg::Reduced => ModelFormulation::Reduced,
        FormulationArg::Documents => ModelFormulation::Documents,
    };
    check_formulation(formulation, &options)?;
    refuse_inapplicable(kind, &options, &common)?;
    // What to do about clashing givens is the question these answer: they are read.
    options.keep_clashing_givens = common.repair || common.explain || common.audit;
    let repair = repair_solver(&common)?;
    let solve = solve_options(&common, formulation);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (pdf, mut style) = common.print.spec();
    style.blank = common.blank;
    let pictures = Pictures {
        dir: common.picture.clone(),
        format: Some(common.picture_format),
        pdf,
        style,
    };
    Ok(Config {
        time_limit: common.time_limit,
        stdin: Stdin {
            name: common.stdin_name.clone(),
            index_offset: common.index_offset,
            line_offset: common.line_offset,
        },
        pictures,
        kind,
        options,
        paths: common.paths,
        solve,
        stats: common.stats,
        deduce: Deduce {
            grade: common.grade,
            steps: common.steps,
            hint: common.hint,
        },
        format: match common.format {
            FormatArg::Text => Format::Text,
            FormatArg::Json => Format::Json,
            FormatArg::Svg => Format::Svg,
            FormatArg::Iss => Format::Iss,
        },
        jobs: common.jobs.map_or(cores, usize::from),
        quiet: common.quiet,
        explain: common.explain,
        audit: common.audit,
        candidates: common.candidates,
        repair,
        verify: common.verify.map(|path| read_proposal(&path)).transpose()?,
        write_model: common.write_model.map(|dir| WriteModel {
            dir,
            format: match common.model_format {
                ModelFormatArg::Lp => ModelFormat::Lp,
                ModelFormatArg::Mps => ModelFormat::Mps,
            },
            formulation,
        }),
    })
}

/// The kind's options given on the command line (every kind's, for `solve`).
fn kind_options(kind: Option<&'static Kind>, sub: &ArgMatches) -> Result<Options, clap::Error> {
    let specs: Vec<&OptionSpec> = match kind {
        Some(kind) => kind.options.iter().collect(),
        None => KINDS.iter().flat_map(|k| k.options.iter()).collect(),
    };
    kind_options::given(&specs, sub)
}

/// What each puzzle is asked (uniqueness is what explanations, audits, repairs and grades
/// need), with the time limit, the engine and the formulation.
fn solve_options(common: &Common, formulation: ModelFormulation) -> SolveOptions {
    let unique = common.check_unique
        || common.explain
        || common.audit
        || common.repair
        || common.grade
        || common.steps
        || common.hint;
    SolveOptions {
        question: match (common.count, unique) {
            (Some(n), _) => Question::Count(n as usize),
            (None, true) => Question::Unique,
            (None, false) => Question::Solve,
        },
        engine: match common.solver {
            SolverArg::Auto => Engine::Auto,
            SolverArg::Highs => Engine::Only(Backend::Mip(Mip::Highs)),
            SolverArg::Cbc => Engine::Only(Backend::Mip(Mip::Cbc)),
            SolverArg::Microlp => Engine::Only(Backend::Mip(Mip::Microlp)),
            SolverArg::Cadical => Engine::Only(Backend::Cadical),
        },
        formulation,
    }
}

/// The MIP solver `--repair` minimizes with: HiGHS unless another is named; CaDiCaL cannot.
fn repair_solver(common: &Common) -> Result<Option<Mip>, clap::Error> {
    Ok(match (common.repair, common.solver) {
        (false, _) => None,
        (true, SolverArg::Auto | SolverArg::Highs) => Some(Mip::Highs),
        (true, SolverArg::Cbc) => Some(Mip::Cbc),
        (true, SolverArg::Microlp) => Some(Mip::Microlp),
        (true, SolverArg::Cadical) => {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::ArgumentConflict,
                "--repair minimizes with a MIP solver: --solver highs, cbc or microlp; \
                 CaDiCaL cannot minimize\n",
            ))
        }
    })
}

/// Reads `--verify`'s file; an unreadable one is a usage error.
fn read_proposal(path: &std::path::Path) -> Result<Proposal, clap::Error> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| {
        let message = format!(
            "--verify {file}: cannot read: {}\n",
            super::super::walk::io_message(&e)
        );
        clap::Error::raw(clap::error::ErrorKind::Io, message)
    })?;
    Ok(Proposal { file, text })
}
