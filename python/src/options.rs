//! A call's arguments read into the library's typed options, as the command line reads its
//! flags: the kind, the kind's own options (keyword arguments named as the flags, `_` for
//! `-`), the engine and the time limit. A value that does not read is a `ValueError` saying
//! why, an unknown option a `TypeError`.

use std::time::Duration;

use mipsolve::backend::{Backend, Mip};
use mipsolve::pipeline::Engine;
use mipsolve::puzzle::{self, Kind, OptionSpec, OptionValue, Options, KINDS};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The longest time limit the command line takes, in seconds.
const MAX_SECONDS: f64 = 1e9;

/// The kind named, or `None` (each input's own).
pub fn kind(name: Option<&str>) -> PyResult<Option<&'static Kind>> {
    name.map(named_kind).transpose()
}

/// The kind of that name.
pub fn named_kind(name: &str) -> PyResult<&'static Kind> {
    puzzle::find(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown kind '{name}': expected {}",
            names(KINDS.iter().map(|k| k.name))
        ))
    })
}

/// The kind's own options given as keyword arguments (every kind's when no kind is named),
/// each written by its own parser.
pub fn kind_options(
    kind: Option<&'static Kind>,
    given: Option<&Bound<'_, PyDict>>,
) -> PyResult<Options> {
    let specs: Vec<&'static OptionSpec> = match kind {
        Some(kind) => kind.options.iter().collect(),
        None => KINDS.iter().flat_map(|k| k.options.iter()).collect(),
    };
    let mut options = Options::new();
    for (key, value) in given.into_iter().flat_map(|d| d.iter()) {
        let key: String = key.extract()?;
        let name = key.replace('_', "-");
        let matching: Vec<&OptionSpec> = specs.iter().copied().filter(|s| s.name == name).collect();
        if matching.is_empty() {
            // Kinds share some options (`grid`, `line`): each is named once.
            let mut known: Vec<String> = Vec::new();
            for name in specs.iter().map(|s| s.name.replace('-', "_")) {
                if !known.contains(&name) {
                    known.push(name);
                }
            }
            let known = names(known.iter());
            return Err(PyTypeError::new_err(format!(
                "unknown option '{key}': the options are {known}"
            )));
        }
        for spec in matching {
            set(&mut options, spec, &key, &value)?;
        }
    }
    Ok(options)
}

/// Writes one option's value: a flag takes a bool, a choice one of its words, a value its text.
fn set(
    options: &mut Options,
    spec: &OptionSpec,
    key: &str,
    value: &Bound<'_, PyAny>,
) -> PyResult<()> {
    match &spec.value {
        OptionValue::Flag { set } => {
            let on: bool = value
                .extract()
                .map_err(|_| PyTypeError::new_err(format!("{key}: expected True or False")))?;
            if on {
                set(options);
            }
        }
        OptionValue::Choice { choices, set, .. } => {
            let word: String = value.extract()?;
            match choices.iter().find(|(name, _)| *name == word) {
                Some((name, _)) => set(options, name),
                None => {
                    return Err(PyValueError::new_err(format!(
                        "{key}: expected {}, found '{word}'",
                        names(choices.iter().map(|(name, _)| *name))
                    )))
                }
            }
        }
        OptionValue::Value { set, .. } => {
            let text: String = value.str()?.extract()?;
            set(options, &text).map_err(|e| PyValueError::new_err(format!("{key}: {e}")))?;
        }
    }
    Ok(())
}

/// The engine `solver` names, as `--solver` names it.
pub fn engine(solver: &str) -> PyResult<Engine> {
    Ok(match solver {
        "auto" => Engine::Auto,
        "highs" => Engine::Only(Backend::Mip(Mip::Highs)),
        "cbc" => Engine::Only(Backend::Mip(Mip::Cbc)),
        "microlp" => Engine::Only(Backend::Mip(Mip::Microlp)),
        "cadical" => Engine::Only(Backend::Cadical),
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown solver '{other}': expected auto, highs, cbc, microlp or cadical"
            )))
        }
    })
}

/// The MIP solver a repair minimizes with: HiGHS unless another is named; CaDiCaL cannot.
pub fn repair_solver(solver: &str) -> PyResult<Mip> {
    match engine(solver)? {
        Engine::Auto | Engine::Only(Backend::Mip(Mip::Highs)) => Ok(Mip::Highs),
        Engine::Only(Backend::Mip(mip)) => Ok(mip),
        Engine::Only(Backend::Cadical) => Err(PyValueError::new_err(
            "repair minimizes with a MIP solver: solver highs, cbc or microlp; CaDiCaL cannot \
             minimize",
        )),
    }
}

/// The time limit in seconds, positive and finite, as `--time-limit` takes it.
pub fn time_limit(seconds: Option<f64>) -> PyResult<Option<Duration>> {
    match seconds {
        None => Ok(None),
        Some(s) if s.is_finite() && s > 0.0 && s <= MAX_SECONDS => {
            Ok(Some(Duration::from_secs_f64(s)))
        }
        Some(s) if s > MAX_SECONDS => Err(PyValueError::new_err(format!(
            "time_limit: at most {MAX_SECONDS:.0} seconds (about 31 years), found {s}"
        ))),
        Some(s) => Err(PyValueError::new_err(format!(
            "time_limit: expected a positive number of seconds, found {s}"
        ))),
    }
}

/// `a`, `a or b`, `a, b or c`.
pub fn names(words: impl Iterator<Item = impl ToString>) -> String {
    let words: Vec<String> = words.map(|w| w.to_string()).collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}
