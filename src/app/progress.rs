//! The progress bar on a terminal's standard error: puzzles done, a readable rate and the
//! time left at the average rate so far; cleared when the run ends or is interrupted.

use std::io::{IsTerminal, Write as _};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressState, ProgressStyle};

/// A bar for `len` puzzles (a count and a rate when the total is not known yet, as while a
/// collection streams); hidden when quiet or off a terminal.
pub fn bar(quiet: bool, len: Option<usize>) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let template = match len {
        Some(_) => "{bar:40} {pos}/{len} puzzles  {rate}  {left}",
        None => "{pos} puzzles  {rate}",
    };
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{}", rate(average_rate(s)));
        })
        .with_key("left", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
            let rate = average_rate(s);
            let left = s.len().unwrap_or(0).saturating_sub(s.pos());
            if rate > 0.0 && s.pos() > 0 {
                let _ = write!(
                    w,
                    "{} left",
                    duration(Duration::from_secs_f64(left as f64 / rate))
                );
            }
        });
    clear_on_interrupt();
    let bar = match len {
        Some(len) => ProgressBar::new(len as u64),
        None => ProgressBar::no_length(),
    };
    bar.with_style(style)
}

/// Puzzles per second since the start.
fn average_rate(state: &ProgressState) -> f64 {
    let seconds = state.elapsed().as_secs_f64();
    if seconds > 0.0 {
        state.pos() as f64 / seconds
    } else {
        0.0
    }
}

/// `1214/s`, `3.5/s`, `0.25/s`.
fn rate(per_second: f64) -> String {
    match per_second {
        r if r >= 100.0 => format!("{r:.0}/s"),
        r if r >= 1.0 => format!("{r:.1}/s"),
        r => format!("{r:.2}/s"),
    }
}

/// `42 s`, `3 min 5 s`, `2 h 10 min`.
fn duration(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}

/// On Ctrl-C: wait until standard output is free (a record is written, and the bar drawn,
/// only while holding it), erase the bar's line and exit with 130, so that no half line
/// and no stale bar is left behind. The bar's own lock is not taken: the writer holds it
/// while waiting for standard output.
fn clear_on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        let _stdout = std::io::stdout().lock();
        let mut stderr = std::io::stderr();
        let _ = stderr.write_all(b"\r\x1b[2K");
        let _ = stderr.flush();
        std::process::exit(130);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_and_durations_read_as_people_write_them() {
        assert_eq!(rate(1214.2836), "1214/s");
        assert_eq!(rate(3.51), "3.5/s");
        assert_eq!(rate(0.254), "0.25/s");
        assert_eq!(duration(Duration::from_secs(15)), "15 s");
        assert_eq!(duration(Duration::from_secs(185)), "3 min 5 s");
        assert_eq!(duration(Duration::from_secs(7800)), "2 h 10 min");
    }
}
