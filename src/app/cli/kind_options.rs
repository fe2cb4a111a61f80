//! A kind's own options (the registry's [`OptionSpec`]s) on the command line: one clap
//! argument each, read into [`Options`] by the option's own parser. `solve`, each kind's
//! subcommand and `generate` (the options that shape the puzzles made) share them.

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches};
use mipsolve::puzzle::{OptionSpec, OptionValue, Options};

/// A kind's option as a clap argument.
pub(super) fn option_arg(spec: &'static OptionSpec) -> Arg {
    let arg = Arg::new(spec.name).long(spec.name).help(spec.help);
    match &spec.value {
        OptionValue::Flag { .. } => arg.action(ArgAction::SetTrue),
        OptionValue::Choice {
            placeholder,
            choices,
            ..
        } => {
            let values = choices
                .iter()
                .map(|&(name, help)| PossibleValue::new(name).help(help));
            let arg =
                (arg.value_name(*placeholder)).value_parser(PossibleValuesParser::new(values));
            match choices.first() {
                Some(&(default, _)) => arg.default_value(default),
                None => arg,
            }
        }
        OptionValue::Value { placeholder, set } => {
            // The option's own parser checks the value here and writes it in `config_from`.
            let set = *set;
            arg.value_name(*placeholder)
                .value_parser(move |text: &str| {
                    set(&mut Options::new(), text).map(|()| text.to_string())
                })
        }
    }
}

/// The values of `specs` given on the command line, each written by its own parser.
pub(super) fn given(specs: &[&OptionSpec], sub: &ArgMatches) -> Result<Options, clap::Error> {
    let mut options = Options::new();
    for spec in specs {
        // Only values given on the command line: a kind applies its own defaults, and a
        // value given is one the user asked for.
        let given = sub.value_source(spec.name) == Some(ValueSource::CommandLine);
        let value = || sub.get_one::<String>(spec.name).filter(|_| given);
        match &spec.value {
            OptionValue::Flag { set } if sub.get_flag(spec.name) => set(&mut options),
            OptionValue::Flag { .. } => {}
            OptionValue::Choice { set, .. } => {
                value().into_iter().for_each(|w| set(&mut options, w))
            }
            OptionValue::Value { set, .. } => {
                if let Some(text) = value() {
                    let invalid = clap::error::ErrorKind::ValueValidation;
                    set(&mut options, text).map_err(|m| clap::Error::raw(invalid, m))?;
                }
            }
        }
    }
    Ok(options)
}
