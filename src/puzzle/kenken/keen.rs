//! Simon Tatham's Keen game IDs, one per line: `W:CAGES,CLUES`. CAGES is a block structure
//! whose letters may carry a repeat count (`_6` = six `_`); CLUES are an op letter (`a` add,
//! `s` subtract, `m` multiply, `d` divide) and a target per cage, in the order of the cages'
//! first cells.

use super::parse::{build, label, CageSpec};
use super::MAX_SIZE;
use crate::cage::{Cage, Op};
use crate::error::{ParseError, Problem};
use crate::puzzle::gameid::{at, blocks, game_of, id_lines, write_blocks, Game};
use crate::puzzle::latin::Latin;
use crate::puzzle::Entry;
use crate::rule::CageFormulation;

/// The block-structure letter for a run of joins with no boundary, in Keen's decoder.
const LONG_RUN: (char, usize) = ('y', 25);

/// Reads every game ID line (blank and `#` lines skipped); a bad ID fails only itself.
pub fn parse_ids(text: &str, formulation: CageFormulation) -> Vec<Entry<Latin>> {
    id_lines(text)
        .map(|(line, id)| Entry {
            line,
            puzzle: decode(id)
                .map_err(|problem| ParseError::at(line, problem))
                .and_then(|(n, cages)| build(n, cages, formulation).map_err(|e| placed(e, line))),
        })
        .collect()
}

/// The Keen game ID of a KenKen; `None` with a hidden operator or a size outside 3 to 9,
/// which Keen does not have.
pub fn game_id(kenken: &Latin) -> Option<String> {
    let n = kenken.givens().rows();
    if !(3..=9).contains(&n) {
        return None;
    }
    let mut cages: Vec<&Cage> = kenken.cages().iter().collect();
    cages.sort_by_key(|cage| cage.cells.iter().min().copied());
    let mut block = vec![0; n * n];
    let mut clues = String::new();
    for (i, cage) in cages.iter().enumerate() {
        cage.cells.iter().for_each(|&(r, c)| block[r * n + c] = i);
        let letter = match cage.op {
            Op::Add | Op::Given => 'a',
            Op::Sub => 's',
            Op::Mul => 'm',
            Op::Div => 'd',
            Op::Any => return None,
        };
        clues.push(letter);
        clues.push_str(&cage.target.to_string());
    }
    Some(format!("{n}:{},{clues}", write_blocks(&block, n, LONG_RUN)))
}

/// An error about the puzzle, at the ID's line.
fn placed(mut e: ParseError, line: usize) -> ParseError {
    e.line.get_or_insert(line);
    e
}

/// The size and cages an ID describes.
fn decode(id: &str) -> Result<(usize, Vec<CageSpec>), Problem> {
    let (params, desc) = match game_of(id) {
        Some((Game::Keen, params, desc)) => (params, desc),
        Some((other, ..)) => return Err(other.elsewhere()),
        None => {
            return Err(at(
                1,
                "expected W:CAGES,CLUES such as 4:_a_6ac_a_a3,m6a5d2s1s1m3d2",
            ))
        }
    };
    let digits = params.chars().take_while(char::is_ascii_digit).count();
    let n: usize = params[..digits]
        .parse()
        .map_err(|_| at(1, "the params start with a size"))?;
    if !(1..=MAX_SIZE).contains(&n) {
        return Err(at(
            1,
            format!("size {n}: sizes 1 to {MAX_SIZE} are supported"),
        ));
    }
    let start = params.len() + 1;
    let (cages, clues) = desc
        .split_once(',')
        .ok_or_else(|| at(id.len(), "the clues are missing"))?;
    let block = match n {
        1 => vec![0],
        _ => blocks(repeated(cages, start)?, start + cages.len(), n, LONG_RUN)?,
    };
    let clue_start = start + cages.len() + 1;
    let mut clues = clue_list(clues, clue_start)?.into_iter();
    let count = block.iter().max().map_or(0, |m| m + 1);
    let mut specs = Vec::with_capacity(count);
    for cage in 0..count {
        let (op, target) = clues
            .next()
            .ok_or_else(|| at(id.len(), format!("{count} cages but fewer clues")))?;
        let cells = (block.iter().enumerate())
            .filter(|&(_, &b)| b == cage)
            .map(|(i, _)| (i / n, i % n))
            .collect();
        specs.push(CageSpec {
            label: label(cage, op.symbol(), &target.to_string()),
            cage: match target {
                0 => Err(Problem::Target),
                _ => Ok(Cage { op, target, cells }),
            },
        });
    }
    if clues.next().is_some() {
        return Err(at(id.len(), format!("more clues than the {count} cages")));
    }
    Ok((n, specs))
}

/// The letters of a block structure with repeat counts expanded, each with its position.
fn repeated(section: &str, start: usize) -> Result<Vec<(usize, char)>, Problem> {
    let mut out = Vec::new();
    let mut chars = section.char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        let mut count = String::new();
        while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
            count.push(d);
            chars.next();
        }
        let times = match count.is_empty() {
            true => 1,
            false => count
                .parse::<usize>()
                .map_err(|_| at(start + i + 2, "a repeat count"))?,
        };
        if times > 4 * 64 * 64 {
            return Err(at(start + i + 2, format!("a repeat count of {times}")));
        }
        out.extend(std::iter::repeat_n((start + i + 1, ch), times));
    }
    Ok(out)
}

/// The clues: an op letter and a number each.
fn clue_list(section: &str, start: usize) -> Result<Vec<(Op, u64)>, Problem> {
    let mut clues = Vec::new();
    let mut chars = section.char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        let op = match ch {
            'a' => Op::Add,
            's' => Op::Sub,
            'm' => Op::Mul,
            'd' => Op::Div,
            other => {
                return Err(at(
                    start + i + 1,
                    format!("unexpected clue letter '{other}'"),
                ))
            }
        };
        let mut number = String::new();
        while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
            number.push(d);
            chars.next();
        }
        let target = number
            .parse()
            .map_err(|_| at(start + i + 2, "a clue needs a number"))?;
        clues.push((op, target));
    }
    Ok(clues)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::kenken::parse_kenkens;

    #[test]
    fn the_notes_four_by_four_id_reads_as_its_cages() {
        let id = parse_ids("4:_a_6ac_a_a3,m6a5d2s1s1m3d2", CageFormulation::default());
        let json = r#"{"size": 4, "cages": [
            {"op": "*", "target": 6, "cells": [[1,1],[2,1],[3,1]]},
            {"op": "+", "target": 5, "cells": [[1,2],[1,3]]},
            {"op": "/", "target": 2, "cells": [[1,4],[2,4]]},
            {"op": "-", "target": 1, "cells": [[2,2],[3,2]]},
            {"op": "-", "target": 1, "cells": [[2,3],[3,3]]},
            {"op": "*", "target": 3, "cells": [[3,4],[4,3],[4,4]]},
            {"op": "/", "target": 2, "cells": [[4,1],[4,2]]}]}"#;
        let from_json = parse_kenkens(json, CageFormulation::default()).unwrap();
        let cages = |p: &Latin| -> Vec<_> {
            let mut all: Vec<_> = p
                .cages()
                .iter()
                .map(|c| {
                    (c.op, c.target, {
                        let mut cells = c.cells.clone();
                        cells.sort();
                        cells
                    })
                })
                .collect();
            all.sort_by_key(|c| c.2.clone());
            all
        };
        let (a, b) = (
            id[0].puzzle.as_ref().unwrap(),
            from_json[0].puzzle.as_ref().unwrap(),
        );
        assert_eq!(cages(a), cages(b));
    }

    #[test]
    fn malformed_ids_name_the_position() {
        let error = |id: &str| {
            parse_ids(id, CageFormulation::default())
                .remove(0)
                .puzzle
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            error("4:_a_6ac_a_a3,m6a5x2s1s1m3d2"),
            "1: game ID, character 19: unexpected clue letter 'x'"
        );
        assert_eq!(
            error("4:_a_6ac_a_a3,m6a5d2s1s1m3"),
            "1: game ID, character 26: 7 cages but fewer clues"
        );
    }
}
