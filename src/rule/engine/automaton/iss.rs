//! Automata as ISS writes them: its encoded NFA (URL-safe base64 of a bit stream) and its
//! regular expressions over the digits.

use base64::engine::{general_purpose, DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use base64::Engine as _;

use super::{Machine, BREAK};
use crate::error::Problem;
use crate::rule::engine::reading::wrong;

/// The most states a machine may have (ISS's encoding allows 2^16).
pub const MAX_STATES: usize = 1 << 16;

/// ISS's encoded NFA: a header (format, state bits, symbol count, start and accept counts,
/// which starts accept), then per state its moves, plain (a count, then symbol and target
/// pairs) or packed (a mask of symbols, then one target each). Symbol `k` is the value `k + 1`,
/// and the symbol after the grid's values is the break between segments.
impl Machine {
    /// ISS's encoded NFA (see above) over values 1..=n.
    pub fn from_iss(code: &str, n: usize) -> Result<Machine, Problem> {
        let config = GeneralPurposeConfig::new()
            .with_decode_padding_mode(DecodePaddingMode::Indifferent)
            .with_decode_allow_trailing_bits(true);
        let bytes = GeneralPurpose::new(&base64::alphabet::URL_SAFE, config)
            .decode(code)
            .or_else(|_| general_purpose::STANDARD.decode(code))
            .map_err(|_| wrong("\"machine\" is not base64"))?;
        let mut bits = Bits {
            bytes: &bytes,
            at: 0,
        };
        let broken = || wrong("\"machine\" ends too soon: it is not an ISS NFA");
        let format = bits.read(2).ok_or_else(broken)?;
        let state_bits = bits.read(4).ok_or_else(broken)? as usize + 1;
        let symbols = bits.read(4).ok_or_else(broken)? as usize + 1;
        let starts = bits.read(state_bits).ok_or_else(broken)? as usize;
        let accepts = bits.read(state_bits).ok_or_else(broken)? as usize;
        let start_accepts = bits.read(starts).ok_or_else(broken)?;
        let symbol_bits = usize::BITS as usize - (symbols - 1).leading_zeros() as usize;
        let symbol = |index: u64| match index as usize {
            k if k < n => Ok(k),
            k if k == n => Ok(BREAK),
            k => Err(wrong(format!(
                "\"machine\" reads the value {}, past the grid's {n}",
                k + 1
            ))),
        };
        let mut moves: Vec<Vec<(usize, usize)>> = Vec::new();
        match format {
            0 => {
                let count_bits = bits.read(4).ok_or_else(broken)? as usize;
                while count_bits > 0 && bits.left() >= count_bits {
                    let count = bits.read(count_bits).ok_or_else(broken)?;
                    let mut state = Vec::new();
                    for _ in 0..count {
                        let k = symbol(bits.read(symbol_bits).ok_or_else(broken)?)?;
                        state.push((k, bits.read(state_bits).ok_or_else(broken)? as usize));
                    }
                    moves.push(state);
                }
            }
            1 => {
                while bits.left() >= symbols {
                    let mask = bits.read(symbols).ok_or_else(broken)?;
                    let mut state = Vec::new();
                    // Bit `k` of the mask (lowest first) is symbol `k`.
                    for index in (0..symbols).filter(|&k| mask >> k & 1 == 1) {
                        let target = bits.read(state_bits).ok_or_else(broken)? as usize;
                        state.push((symbol(index as u64)?, target));
                    }
                    moves.push(state);
                }
            }
            _ => return Err(wrong("\"machine\" is in no ISS NFA format mipsolve knows")),
        }
        let count = (moves.iter().flatten().map(|&(_, t)| t + 1))
            .chain([moves.len(), starts + accepts])
            .max()
            .unwrap_or(0);
        moves.resize(count, Vec::new());
        let mut accept = vec![false; count];
        (0..starts)
            .filter(|&i| start_accepts >> i & 1 == 1)
            .for_each(|i| accept[i] = true);
        (starts..starts + accepts).for_each(|i| accept[i] = true);
        Ok(Machine {
            start: (0..starts).collect(),
            accept,
            moves,
        })
    }
}

/// A stream of bits, the highest bit of each byte first.
struct Bits<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Bits<'_> {
    fn left(&self) -> usize {
        self.bytes.len() * 8 - self.at
    }

    /// The next `count` bits as a number, the first the highest; `None` past the end.
    fn read(&mut self, count: usize) -> Option<u64> {
        if count > self.left() || count > 64 {
            return None;
        }
        let mut value = 0;
        for _ in 0..count {
            let bit = self.bytes[self.at / 8] >> (7 - self.at % 8) & 1;
            value = value << 1 | u64::from(bit);
            self.at += 1;
        }
        Some(value)
    }
}

impl Machine {
    /// The automaton of ISS's regular expression over `n` values written from `first` (`0`-`9`
    /// are themselves, letters count on from 10; grouping, `|`, `.`, classes and
    /// quantifiers): the whole word must match. regex-automata builds the DFA; its live states
    /// become ours.
    pub fn from_regex(pattern: &str, n: usize, first: u32) -> Result<Machine, Problem> {
        use regex_automata::dfa::{dense, Automaton, StartKind};
        use regex_automata::util::{start, syntax};
        use regex_automata::{Anchored, MatchKind};

        let allowed = |ch: char| ch.is_ascii_alphanumeric() || "()|.[]^-*+?{},".contains(ch);
        if let Some(ch) = pattern.chars().find(|&ch| !allowed(ch)) {
            return Err(wrong(format!(
                "the pattern {pattern:?} has '{ch}', which ISS's patterns do not"
            )));
        }
        let broken = |e: &dyn std::fmt::Display| wrong(format!("the pattern {pattern:?}: {e}"));
        let dfa = dense::Builder::new()
            .configure(
                dense::Config::new()
                    .start_kind(StartKind::Anchored)
                    .match_kind(MatchKind::All),
            )
            .syntax(
                syntax::Config::new()
                    .unicode(false)
                    .utf8(false)
                    .case_insensitive(true),
            )
            .build(&format!("(?:{pattern})$"))
            .map_err(|e| broken(&e))?;
        let symbol = |k: usize| match k + first as usize {
            v @ 0..=9 => b'0' + v as u8,
            v => b'A' + (v - 10) as u8,
        };
        let first = (dfa.start_state(&start::Config::new().anchored(Anchored::Yes)))
            .map_err(|e| broken(&e))?;
        let (mut ids, mut machine) = (vec![first], Machine::default());
        let mut at = 0;
        while at < ids.len() {
            let state = ids[at];
            machine
                .accept
                .push(dfa.is_match_state(dfa.next_eoi_state(state)));
            let mut moves = Vec::new();
            for k in 0..n.min(36) {
                let next = dfa.next_state(state, symbol(k));
                if dfa.is_dead_state(next) {
                    continue;
                }
                let to = ids.iter().position(|&id| id == next).unwrap_or_else(|| {
                    ids.push(next);
                    ids.len() - 1
                });
                moves.push((k, to));
            }
            machine.moves.push(moves);
            at += 1;
            if ids.len() > MAX_STATES {
                return Err(broken(&format!("more than {MAX_STATES} states")));
            }
        }
        machine.start = vec![0];
        Ok(machine)
    }
}
