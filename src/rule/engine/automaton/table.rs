//! A machine as bit tables for narrowing: per state and symbol the set of states it moves
//! to, and per state the symbols it has moves on, so that a word's layers of live states are
//! found with word-wide ORs and ANDs.

use super::{Machine, BREAK};

/// Where the break between segments is among the symbols (after 64 values).
pub(super) const BREAK_SLOT: u32 = 64;

/// A symbol's slot: its value's index, or [`BREAK_SLOT`].
pub(super) fn slot(symbol: usize) -> u32 {
    match symbol {
        BREAK => BREAK_SLOT,
        k => k as u32,
    }
}

/// The bit tables of a machine.
#[derive(Debug, Clone)]
pub(super) struct Table {
    /// 64-bit words in a set of states.
    words: usize,
    start: Vec<u64>,
    accept: Vec<u64>,
    /// Per state, the slots it has moves on.
    readable: Vec<u128>,
    /// Per state and slot (65 a state), the states reached.
    next: Vec<u64>,
}

const SLOTS: usize = BREAK_SLOT as usize + 1;

/// The states of a set, lowest first.
fn members(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    (set.iter().enumerate()).flat_map(|(i, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                i * 64 + b
            })
        })
    })
}

/// The slots of a mask, lowest first.
fn slots(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            k
        })
    })
}

impl Table {
    pub(super) fn new(machine: &Machine) -> Self {
        let states = machine.accept.len();
        let words = states.div_ceil(64).max(1);
        let set = |members: &mut dyn Iterator<Item = usize>| {
            let mut bits = vec![0u64; words];
            members.for_each(|s| bits[s / 64] |= 1 << (s % 64));
            bits
        };
        let mut table = Table {
            words,
            start: set(&mut machine.start.iter().copied()),
            accept: set(&mut (0..states).filter(|&s| machine.accept[s])),
            readable: vec![0; states],
            next: vec![0; states * SLOTS * words],
        };
        for (s, moves) in machine.moves.iter().enumerate() {
            for &(symbol, t) in moves {
                let k = slot(symbol) as usize;
                table.readable[s] |= 1 << k;
                table.next[(s * SLOTS + k) * words + t / 64] |= 1 << (t % 64);
            }
        }
        table
    }

    fn row(&self, s: usize, k: usize) -> &[u64] {
        let at = (s * SLOTS + k) * self.words;
        &self.next[at..at + self.words]
    }

    /// The states on some accepted path before each step (`masks.len() + 1` layers, each
    /// [`Table::layer`]), given the slots each step may read; `None` when no path accepts.
    pub(super) fn layers(&self, masks: &[u128]) -> Option<Vec<u64>> {
        let w = self.words;
        let mut layers = vec![0u64; (masks.len() + 1) * w];
        layers[..w].copy_from_slice(&self.start);
        for (i, &mask) in masks.iter().enumerate() {
            let (done, rest) = layers.split_at_mut((i + 1) * w);
            for s in members(&done[i * w..]) {
                for k in slots(mask & self.readable[s]) {
                    (rest[..w].iter_mut().zip(self.row(s, k))).for_each(|(a, b)| *a |= b);
                }
            }
        }
        let last = masks.len() * w;
        (layers[last..].iter_mut().zip(&self.accept)).for_each(|(a, b)| *a &= b);
        for (i, &mask) in masks.iter().enumerate().rev() {
            let (done, rest) = layers.split_at_mut((i + 1) * w);
            let (layer, after) = (&mut done[i * w..], &rest[..w]);
            let dead: Vec<usize> = members(layer)
                .filter(|&s| !slots(mask & self.readable[s]).any(|k| meets(self.row(s, k), after)))
                .collect();
            dead.iter().for_each(|&s| layer[s / 64] &= !(1 << (s % 64)));
        }
        layers[..w].iter().any(|&b| b != 0).then_some(layers)
    }

    /// Layer `i` of [`Table::layers`].
    pub(super) fn layer<'a>(&self, layers: &'a [u64], i: usize) -> &'a [u64] {
        &layers[i * self.words..(i + 1) * self.words]
    }

    /// The moves at step `i` between live states: from, slot, to.
    pub(super) fn moves<'a>(
        &'a self,
        layers: &'a [u64],
        mask: u128,
        i: usize,
    ) -> impl Iterator<Item = (usize, usize, usize)> + 'a {
        let after = self.layer(layers, i + 1);
        members(self.layer(layers, i)).flat_map(move |s| {
            slots(mask & self.readable[s]).flat_map(move |k| {
                let reached: Vec<u64> = (self.row(s, k).iter().zip(after))
                    .map(|(a, b)| a & b)
                    .collect();
                members(&reached).map(|t| (s, k, t)).collect::<Vec<_>>()
            })
        })
    }

    /// The slots read at step `i` between live states.
    pub(super) fn read_at(&self, layers: &[u64], mask: u128, i: usize) -> u128 {
        let after = self.layer(layers, i + 1);
        members(self.layer(layers, i)).fold(0, |read, s| {
            slots(mask & self.readable[s] & !read)
                .filter(|&k| meets(self.row(s, k), after))
                .fold(read, |read, k| read | 1 << k)
        })
    }
}

/// Whether two sets of states share one.
fn meets(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}
