//! The characters a compact grid writes its values with, and how a file's alphabet is told
//! from its content when no option names it.

use crate::error::Problem;

/// How single characters stand for values 1..=n.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Alphabet {
    /// `1`-`9`, then `A`=10, `B`=11, ...; `0` is a blank (the usual one).
    Digits,
    /// `0`=1, `1`=2, ... `9`=10, `A`=11, ... (hexadecimal 16x16 grids).
    ZeroDigits,
    /// `A`=1, `B`=2, ... (letter grids).
    Letters,
}

/// Characters that are always blanks.
pub const BLANKS: [char; 2] = ['.', '_'];

/// What a compact Sudoku cell may be, for messages.
const CELLS: &str = "cells are 1-9 and A-Z; blanks are '.', '0' or '_'";

/// The error for a character that is no compact Sudoku cell.
pub fn not_a_cell(ch: char) -> Problem {
    Problem::Symbol {
        ch,
        expected: CELLS,
    }
}

impl Alphabet {
    /// The alphabet named on the command line: `1-9A-Z`, `0-9A-Z` or `A-Z`.
    pub fn from_name(name: &str) -> Option<Alphabet> {
        match name.to_ascii_uppercase().as_str() {
            "1-9A-Z" => Some(Alphabet::Digits),
            "0-9A-Z" => Some(Alphabet::ZeroDigits),
            "A-Z" => Some(Alphabet::Letters),
            _ => None,
        }
    }

    /// The value of a character: `Ok(0)` for a blank, `Err` for no cell character.
    pub fn value(self, ch: char) -> Result<u32, Problem> {
        if BLANKS.contains(&ch) || ch == '0' && self != Alphabet::ZeroDigits {
            return Ok(0);
        }
        let digit = ch.to_digit(36).ok_or(not_a_cell(ch))?;
        Ok(match self {
            Alphabet::Digits => digit,
            Alphabet::ZeroDigits => digit + 1,
            Alphabet::Letters if digit >= 10 => digit - 9,
            Alphabet::Letters => return Err(not_a_cell(ch)),
        })
    }

    /// The character of value `v` (1-based); `None` past the alphabet's end.
    pub fn symbol(self, v: u32) -> Option<char> {
        let digit = match self {
            Alphabet::Digits => v,
            Alphabet::ZeroDigits => v.checked_sub(1)?,
            Alphabet::Letters => v + 9,
        };
        char::from_digit(digit, 36).map(|ch| ch.to_ascii_uppercase())
    }

    /// The alphabet of a file whose compact cells use `symbols`, for a grid of side `n`:
    /// `0` beside `.` or `_` blanks is a value; letters alone past the digits' range are
    /// letters from `A`. `Err` names the option that decides when two readings fit.
    pub fn detect(symbols: &[char], n: usize) -> Result<Alphabet, Problem> {
        let has = |f: &dyn Fn(char) -> bool| symbols.iter().any(|&ch| f(ch));
        let fits = |a: Alphabet| {
            let fit = |&ch: &char| a.value(ch).is_ok_and(|v| v as usize <= n);
            symbols.iter().all(fit)
        };
        // `0` is a value only where the values then fit the grid: in a 9x9 that writes `9`,
        // `0` and `.` are both blanks.
        if has(&|ch| ch == '0') && has(&|ch| BLANKS.contains(&ch)) && fits(Alphabet::ZeroDigits) {
            return Ok(Alphabet::ZeroDigits);
        }
        if has(&|ch| ch.is_ascii_digit() && ch != '0') || !has(&|ch| ch.is_ascii_alphabetic()) {
            return Ok(Alphabet::Digits);
        }
        match (fits(Alphabet::Digits), fits(Alphabet::Letters)) {
            (true, true) => Err(Problem::AmbiguousAlphabet),
            (false, true) => Ok(Alphabet::Letters),
            _ => Ok(Alphabet::Digits),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_beside_dots_is_a_value_only_where_the_values_fit() {
        let mixed: Vec<char> = "00.0.0.0090035".chars().collect();
        assert_eq!(Alphabet::detect(&mixed, 9), Ok(Alphabet::Digits));
        let hex: Vec<char> = "0.F1".chars().collect();
        assert_eq!(Alphabet::detect(&hex, 16), Ok(Alphabet::ZeroDigits));
    }

    #[test]
    fn each_alphabet_reads_and_writes_its_symbols() {
        assert_eq!(Alphabet::Digits.value('A'), Ok(10));
        assert_eq!(Alphabet::Digits.value('0'), Ok(0));
        assert_eq!(Alphabet::ZeroDigits.value('0'), Ok(1));
        assert_eq!(Alphabet::ZeroDigits.value('F'), Ok(16));
        assert_eq!(Alphabet::Letters.value('p'), Ok(16));
        assert_eq!(Alphabet::Letters.value('7'), Err(not_a_cell('7')));
        for a in [Alphabet::Digits, Alphabet::ZeroDigits, Alphabet::Letters] {
            for v in 1..=25 {
                assert_eq!(a.value(a.symbol(v).unwrap()), Ok(v), "{a:?} {v}");
            }
        }
    }

    #[test]
    fn zero_beside_dot_blanks_is_a_value() {
        let hex: Vec<char> = "0.1F.".chars().collect();
        assert_eq!(Alphabet::detect(&hex, 16), Ok(Alphabet::ZeroDigits));
        let classic: Vec<char> = "0019".chars().collect();
        assert_eq!(Alphabet::detect(&classic, 9), Ok(Alphabet::Digits));
    }

    #[test]
    fn letters_past_the_digit_range_are_letters_from_a() {
        let letters: Vec<char> = "AP.H".chars().collect();
        assert_eq!(Alphabet::detect(&letters, 16), Ok(Alphabet::Letters));
        let both: Vec<char> = "AB.C".chars().collect();
        assert_eq!(Alphabet::detect(&both, 16), Err(Problem::AmbiguousAlphabet));
    }
}
