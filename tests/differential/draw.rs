//! Random small f-puzzles: a 4x4 or 6x6 grid (default boxes, shuffled regions, or cells in no
//! region), a random grid of values, clues of one to three rule keys drawn from it (most
//! agree with it, some are changed so that they need not), and some of its values as givens.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Map, Value};

use super::meaning::{meaning, Cell, Values};
use super::search;

/// Every key and flag the test draws clues of.
pub const KEYS: [&str; 67] = [
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "difference",
    "ratio",
    "xv",
    "negative-ratio",
    "negative-xv",
    "negative-ratio-marked",
    "negative-xv-marked",
    "odd",
    "even",
    "minimum",
    "maximum",
    "killercage",
    "extraregion",
    "clone",
    "quadruple",
    "rowindexer",
    "columnindexer",
    "boxindexer",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "thermometer",
    "slowthermometer",
    "palindrome",
    "renban",
    "whispers",
    "betweenline",
    "entropicline",
    "modularline",
    "zipperline",
    "regionsumline",
    "doublearrow",
    "nabner",
    "arrow",
    "givenPencilMarks",
    "parity",
    "sum",
    "equalsum",
    "greaterthan",
    "relation",
    "samevalues",
    "countingcircles",
    "numberedroom",
    "statemachine",
    "or",
    "contains",
    "countdistinct",
    "antitaxicab",
    "dutchflatmates",
    "equalitycage",
    "hiddenskyscraper",
    "lockout",
    "lunchbox",
    "rellik",
    "sumline",
    "valueindexing",
    "fullrank",
    "fullrankties",
    "chaos",
    "connectedvalues",
];

/// The keys an `or` option's clues are drawn from.
const OPTION_KEYS: [&str; 8] = [
    "killercage",
    "thermometer",
    "sum",
    "greaterthan",
    "relation",
    "arrow",
    "renban",
    "statemachine",
];

/// A drawn puzzle: its f-puzzles object, the keys drawn, and the grid its clues came from.
pub struct Drawn {
    pub puzzle: Value,
    pub keys: Vec<&'static str>,
    pub base: Values,
}

struct Board<'a> {
    rng: &'a mut ChaCha8Rng,
    n: usize,
    region: Vec<Vec<Option<usize>>>,
    base: Values,
}

fn name((r, c): Cell) -> Value {
    json!(format!("R{}C{}", r + 1, c + 1))
}

fn names(cells: &[Cell]) -> Value {
    Value::Array(cells.iter().map(|&c| name(c)).collect())
}

/// Draws one puzzle of side `n`.
pub fn draw(rng: &mut ChaCha8Rng, n: usize) -> Drawn {
    let h = 2;
    let w = n / h;
    let mut keys: Vec<&'static str> = Vec::new();
    for _ in 0..rng.random_range(1..=3) {
        let key = *KEYS.choose(rng).unwrap();
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    let mut region: Vec<Vec<Option<usize>>> = (0..n)
        .map(|r| (0..n).map(|c| Some((r / h) * h + c / w)).collect())
        .collect();
    let shape = rng.random_range(0..10);
    if shape < 2 {
        for _ in 0..rng.random_range(1..4) {
            let (a, b) = (rng.random_range(0..n * n), rng.random_range(0..n * n));
            let held = region[a / n][a % n];
            region[a / n][a % n] = region[b / n][b % n];
            region[b / n][b % n] = held;
        }
    } else if shape == 2
        && !keys
            .iter()
            .any(|k| ["boxindexer", "disjointgroups"].contains(k))
    {
        // (Both need whole regions: mipsolve refuses them on a cell in no region.)
        let i = rng.random_range(0..n * n);
        region[i / n][i % n] = None;
    }
    let base = grid_keeping(rng, n, &region, &keys).unwrap_or_else(|| random_grid(rng, n, &region));
    let mut board = Board {
        rng,
        n,
        region,
        base,
    };
    let mut object = Map::new();
    let mut marks: Vec<(Cell, Value)> = Vec::new();
    for &key in &keys {
        board.add(key, &mut object, &mut marks);
    }
    let givens = match n {
        4 => board.rng.random_range(1..=6),
        _ => board.rng.random_range(6..=16),
    };
    let mut cells: Vec<Cell> = (0..n * n).map(|i| (i / n, i % n)).collect();
    cells.shuffle(board.rng);
    let mut grid = vec![vec![json!({}); n]; n];
    for &(r, c) in &cells[..givens] {
        grid[r][c] = json!({"value": board.base[r][c], "given": true});
    }
    let default = |r: usize, c: usize| Some((r / h) * h + c / w);
    for (r, row) in grid.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let here = board.region[r][c];
            if here != default(r, c) {
                cell["region"] = here.map_or(Value::Null, |k| json!(k));
            }
        }
    }
    for ((r, c), mark) in marks {
        for (k, v) in mark.as_object().unwrap() {
            grid[r][c][k] = v.clone();
        }
    }
    object.insert("size".into(), json!(n));
    object.insert("grid".into(), json!(grid));
    Drawn {
        puzzle: Value::Object(object),
        keys,
        base: board.base,
    }
}

/// A random grid that keeps the rules of `keys` that hold everywhere (diagonals, anti-king,
/// nonconsecutive, a negative without marks...), so that givens drawn from it need not clash.
fn grid_keeping(
    rng: &mut ChaCha8Rng,
    n: usize,
    region: &[Vec<Option<usize>>],
    keys: &[&str],
) -> Option<Values> {
    let grid: Vec<Vec<Value>> = (0..n)
        .map(|r| (0..n).map(|c| json!({"region": region[r][c]})).collect())
        .collect();
    let mut object = json!({"grid": grid});
    for &key in keys {
        match key {
            "diagonal+" | "diagonal-" | "antiknight" | "antiking" | "disjointgroups"
            | "nonconsecutive" | "antitaxicab" | "dutchflatmates" => object[key] = json!(true),
            "negative-ratio" => object["negative"] = json!(["ratio"]),
            "negative-xv" => object["negative"] = json!(["xv"]),
            "fullrankties" => object[key] = json!("none"),
            _ => {}
        }
    }
    search::random_solution(&meaning(&object), rng, 200_000)
}

/// A random grid with rows, columns and regions all different (a Latin square when the
/// regions allow none).
fn random_grid(rng: &mut ChaCha8Rng, n: usize, region: &[Vec<Option<usize>>]) -> Values {
    for regions in [true, false] {
        for _ in 0..20 {
            let mut grid = vec![vec![0; n]; n];
            let mut steps = 0;
            if fill(rng, &mut grid, 0, region, regions, &mut steps) {
                return grid;
            }
        }
    }
    panic!("no Latin square drawn");
}

fn fill(
    rng: &mut ChaCha8Rng,
    grid: &mut Values,
    at: usize,
    region: &[Vec<Option<usize>>],
    regions: bool,
    steps: &mut u32,
) -> bool {
    let n = grid.len();
    if at == n * n {
        return true;
    }
    let (r, c) = (at / n, at % n);
    let mut values: Vec<u32> = (1..=n as u32).collect();
    values.shuffle(rng);
    for d in values {
        *steps += 1;
        if *steps > 20_000 {
            return false;
        }
        let clash = (0..n).any(|k| grid[r][k] == d || grid[k][c] == d)
            || (regions
                && region[r][c].is_some()
                && (0..n * n)
                    .any(|i| region[i / n][i % n] == region[r][c] && grid[i / n][i % n] == d));
        if clash {
            continue;
        }
        grid[r][c] = d;
        if fill(rng, grid, at + 1, region, regions, steps) {
            return true;
        }
        grid[r][c] = 0;
    }
    false
}

impl Board<'_> {
    fn value(&self, (r, c): Cell) -> u32 {
        self.base[r][c]
    }

    fn cell(&mut self) -> Cell {
        (
            self.rng.random_range(0..self.n),
            self.rng.random_range(0..self.n),
        )
    }

    /// Two side-by-side cells.
    /// `len` different cells anywhere.
    fn scattered(&mut self, len: usize) -> Vec<Cell> {
        let mut cells = Vec::new();
        while cells.len() < len {
            let cell = self.cell();
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        cells
    }

    fn pair(&mut self) -> (Cell, Cell) {
        loop {
            let a = self.cell();
            let b = if self.rng.random_bool(0.5) {
                (a.0, a.1 + 1)
            } else {
                (a.0 + 1, a.1)
            };
            if b.0 < self.n && b.1 < self.n {
                return (a, b);
            }
        }
    }

    /// A walk of `len` distinct cells, each a king's move from the one before.
    fn walk(&mut self, len: usize) -> Vec<Cell> {
        'again: loop {
            let mut cells = vec![self.cell()];
            while cells.len() < len {
                let (r, c) = *cells.last().unwrap();
                let mut next = Vec::new();
                for (dr, dc) in [
                    (-1, -1),
                    (-1, 0),
                    (-1, 1),
                    (0, -1),
                    (0, 1),
                    (1, -1),
                    (1, 0),
                    (1, 1),
                ] {
                    let (r2, c2) = (r as i64 + dr, c as i64 + dc);
                    let fits = (0..self.n as i64).contains(&r2) && (0..self.n as i64).contains(&c2);
                    if fits && !cells.contains(&(r2 as usize, c2 as usize)) {
                        next.push((r2 as usize, c2 as usize));
                    }
                }
                match next.choose(self.rng) {
                    Some(&cell) => cells.push(cell),
                    None => continue 'again,
                }
            }
            return cells;
        }
    }

    /// An outside clue cell beside a row or column.
    fn outside(&mut self) -> (i64, i64) {
        let (n, i) = (self.n as i64, self.rng.random_range(0..self.n) as i64);
        *[(-1, i), (n, i), (i, -1), (i, n)].choose(self.rng).unwrap()
    }

    /// Whether `item` under `key` holds on the base grid.
    fn agrees(&self, key: &str, item: &Value) -> bool {
        let grid: Vec<Vec<Value>> = (0..self.n)
            .map(|r| {
                (0..self.n)
                    .map(|c| json!({"region": self.region[r][c]}))
                    .collect()
            })
            .collect();
        let p = json!({"grid": grid, key: [item]});
        meaning(&p)
            .checks
            .iter()
            .all(|check| (check.holds)(&self.base))
    }

    /// A number near `value`: itself mostly, one off sometimes.
    /// A random automaton of two to four states over one or two segments of scattered
    /// cells; the base grid's word is accepted most of the time (its path's moves added).
    fn machine(&mut self, n: usize) -> Value {
        let states = self.rng.random_range(2..=4usize);
        let segments: Vec<Vec<Cell>> = (0..self.rng.random_range(1..=2))
            .map(|_| {
                let len = self.rng.random_range(1..=4);
                self.scattered(len)
            })
            .collect();
        let mut moves: Vec<(usize, Value, usize)> = Vec::new();
        for from in 0..states {
            for v in (1..=n as u32).map(Value::from).chain([json!("-")]) {
                for to in 0..states {
                    if self.rng.random_bool(0.25) {
                        moves.push((from, v.clone(), to));
                    }
                }
            }
        }
        let mut accept: Vec<usize> = (0..states).filter(|_| self.rng.random_bool(0.4)).collect();
        if self.rng.random_bool(0.9) {
            let mut at = 0;
            let word = segments.iter().enumerate().flat_map(|(i, s)| {
                let values: Vec<Value> = s.iter().map(|&c| json!(self.value(c))).collect();
                (i > 0).then(|| json!("-")).into_iter().chain(values)
            });
            for symbol in word.collect::<Vec<_>>() {
                let to = self.rng.random_range(0..states);
                moves.push((at, symbol, to));
                at = to;
            }
            accept.push(at);
        }
        let moves: Vec<Value> = moves
            .into_iter()
            .map(|(a, v, b)| json!([a, v, b]))
            .collect();
        let segments: Vec<Value> = segments.iter().map(|s| names(s)).collect();
        json!({"segments": segments, "start": [0], "accept": accept, "moves": moves})
    }

    fn noisy(&mut self, value: i64) -> i64 {
        match self.rng.random_range(0..10) {
            0 => value + 1,
            1 => (value - 1).max(1),
            _ => value,
        }
    }

    /// Adds clues of `key` to the object (cell marks go to `marks`).
    fn add(
        &mut self,
        key: &'static str,
        object: &mut Map<String, Value>,
        marks: &mut Vec<(Cell, Value)>,
    ) {
        let n = self.n;
        match key {
            "diagonal+" | "diagonal-" | "antiknight" | "antiking" | "disjointgroups"
            | "nonconsecutive" | "antitaxicab" | "dutchflatmates" => {
                object.insert(key.into(), json!(true));
            }
            "negative-ratio" | "negative-xv" | "negative-ratio-marked" | "negative-xv-marked" => {
                let rule = if key.contains("ratio") { "ratio" } else { "xv" };
                let list = object.entry("negative").or_insert(json!([]));
                list.as_array_mut().unwrap().push(json!(rule));
                match (key.ends_with("marked"), self.rng.random_bool(0.8)) {
                    // Every pair of the base grid in the relation marked: it stays a solution.
                    (true, true) => {
                        let all = self.all_marks(rule);
                        let list = object.entry(rule).or_insert(json!([]));
                        list.as_array_mut().unwrap().extend(all);
                    }
                    (true, false) => self.add(rule, object, marks),
                    _ => {}
                }
            }
            "fullrankties" => {
                object.insert(key.into(), json!("none"));
            }
            // On a 4x4 only (the brute force labels every cut).
            "chaos" if n == 4 => self.add_chaos(object),
            "chaos" => {}
            "givenPencilMarks" | "parity" => {
                for _ in 0..self.rng.random_range(1..=3) {
                    let cell = self.cell();
                    let v = self.value(cell);
                    let mark = if key == "parity" {
                        let odd = (v % 2 == 1) ^ self.rng.random_bool(0.1);
                        json!({"parity": if odd { "Odd" } else { "Even" }})
                    } else {
                        let mut set: Vec<u32> = (1..=n as u32)
                            .filter(|_| self.rng.random_bool(0.3))
                            .collect();
                        if self.rng.random_bool(0.85) && !set.contains(&v) {
                            set.push(v);
                        }
                        if set.is_empty() {
                            set.push(v);
                        }
                        set.sort();
                        json!({"givenPencilMarks": set})
                    };
                    marks.push((cell, mark));
                }
            }
            _ => {
                let count = self.rng.random_range(1..=3);
                let agree = self.rng.random_bool(0.8);
                let mut list = Vec::new();
                for _ in 0..count {
                    let mut item = self.item(key);
                    for _ in 0..200 {
                        if !agree || self.agrees(key, &item) {
                            break;
                        }
                        item = self.item(key);
                    }
                    list.push(item);
                }
                let all = object.entry(key).or_insert(json!([]));
                all.as_array_mut().unwrap().extend(list);
            }
        }
    }

    /// Chaos construction with up to three clues (runs and counts), most of them kept by the
    /// base grid cut into its rows.
    fn add_chaos(&mut self, object: &mut Map<String, Value>) {
        let n = self.n;
        object.insert("chaos".into(), json!(true));
        for _ in 0..self.rng.random_range(0..=3) {
            let first = self.cell();
            let offset = self.rng.random_range(0..=1i64);
            let (key, mut item, measure) = match self.rng.random_bool(0.5) {
                true => {
                    let mut arms: Vec<Vec<Cell>> = Vec::new();
                    for (dr, dc) in [(0i64, 1i64), (0, -1), (1, 0), (-1, 0)] {
                        if self.rng.random_bool(0.5) {
                            continue;
                        }
                        let arm: Vec<Cell> = (0..)
                            .map(|k| (first.0 as i64 + k * dr, first.1 as i64 + k * dc))
                            .take_while(|&(r, c)| {
                                (0..n as i64).contains(&r) && (0..n as i64).contains(&c)
                            })
                            .map(|(r, c)| (r as usize, c as usize))
                            .collect();
                        arms.push(arm);
                    }
                    if arms.is_empty() {
                        arms.push(vec![first, (first.0, (first.1 + 1) % n)]);
                    }
                    // Cut into rows, a run goes on along its row only.
                    let on_row =
                        |arm: &Vec<Cell>| arm[1..].iter().take_while(|c| c.0 == first.0).count();
                    let measure = 1 + arms.iter().map(on_row).sum::<usize>() as i64;
                    let arms: Vec<Value> = arms.iter().map(|a| names(a)).collect();
                    ("chaosarrow", json!({"arms": arms}), measure)
                }
                false => {
                    let mut counted = vec![first];
                    let more = self.rng.random_range(1..=5);
                    for c in self.scattered(more) {
                        if !counted.contains(&c) {
                            counted.push(c);
                        }
                    }
                    let measure = counted.iter().filter(|c| c.0 == first.0).count() as i64;
                    ("chaoscount", json!({"cells": names(&counted)}), measure)
                }
            };
            let value = measure - offset;
            let cell = match (1..=n as i64).contains(&value) && self.rng.random_bool(0.8) {
                true => {
                    let r = self.rng.random_range(0..n);
                    let c = (0..n)
                        .find(|&c| i64::from(self.base[r][c]) == value)
                        .unwrap();
                    (r, c)
                }
                false => self.cell(),
            };
            item["cell"] = name(cell);
            item["offset"] = json!(offset);
            let list = object.entry(key).or_insert(json!([]));
            list.as_array_mut().unwrap().push(item);
        }
    }

    /// A mark on every side-by-side pair of the base grid in the relation of `rule`: a black
    /// dot between a value and its double, an X or a V between values adding up to 10 or 5.
    fn all_marks(&self, rule: &str) -> Vec<Value> {
        let n = self.n;
        let mut marks = Vec::new();
        for r in 0..n {
            for c in 0..n {
                for b in [(r, c + 1), (r + 1, c)] {
                    if b.0 >= n || b.1 >= n {
                        continue;
                    }
                    let (x, y) = (self.value((r, c)), self.value(b));
                    let cells = json!([name((r, c)), name(b)]);
                    if rule == "ratio" && (x == 2 * y || y == 2 * x) {
                        marks.push(json!({"cells": cells}));
                    } else if rule == "xv" && (x + y == 5 || x + y == 10) {
                        let letter = if x + y == 10 { "X" } else { "V" };
                        marks.push(json!({"cells": cells, "value": letter}));
                    }
                }
            }
        }
        marks
    }

    /// One random clue of `key`, its value read off the base grid (and sometimes changed).
    fn item(&mut self, key: &str) -> Value {
        let n = self.n;
        match key {
            "difference" | "ratio" | "xv" => {
                let (a, b) = self.pair();
                let (x, y) = (self.value(a) as i64, self.value(b) as i64);
                let (lo, hi) = (x.min(y), x.max(y));
                let mut item = json!({"cells": [name(a), name(b)]});
                match key {
                    "difference" => {
                        let k = self.noisy(hi - lo);
                        if k != 1 || self.rng.random_bool(0.3) {
                            item["value"] = json!(k.to_string());
                        }
                    }
                    "ratio" => {
                        let k = if hi % lo == 0 && hi > lo { hi / lo } else { 2 };
                        if k != 2 || self.rng.random_bool(0.3) {
                            item["value"] = json!(k.to_string());
                        }
                    }
                    _ => item["value"] = json!(if x + y == 10 { "X" } else { "V" }),
                }
                item
            }
            "odd" | "even" | "minimum" | "maximum" => json!({"cell": name(self.cell())}),
            "killercage" | "extraregion" => {
                let cells = {
                    let len = self.rng.random_range(2..=n.min(4));
                    self.walk(len)
                };
                let sum: i64 = cells.iter().map(|&c| self.value(c) as i64).sum();
                let mut item = json!({"cells": names(&cells)});
                if key == "killercage" && self.rng.random_bool(0.9) {
                    item["value"] = json!(self.noisy(sum).to_string());
                }
                item
            }
            "sum" => {
                // Any cells (not only a walk), each weighed -2..=2 (never 0) in a third of sums.
                let mut cells: Vec<Cell> = Vec::new();
                for _ in 0..self.rng.random_range(1..=3) {
                    let cell = self.cell();
                    if !cells.contains(&cell) {
                        cells.push(cell);
                    }
                }
                let weighed = self.rng.random_bool(0.3);
                let weights: Vec<i64> = (cells.iter())
                    .map(|_| match weighed {
                        true => *[-2, -1, 1, 2].choose(self.rng).unwrap(),
                        false => 1,
                    })
                    .collect();
                let total: i64 = (cells.iter().zip(&weights))
                    .map(|(&c, w)| w * self.value(c) as i64)
                    .sum();
                let mut item = json!({"cells": names(&cells), "value": self.noisy(total)});
                if weighed {
                    item["weights"] = json!(weights);
                }
                item
            }
            "equalsum" => {
                let segments: Vec<Vec<Cell>> = (0..self.rng.random_range(2..=3))
                    .map(|_| {
                        let len = self.rng.random_range(1..=3);
                        self.walk(len)
                    })
                    .collect();
                let list: Vec<Value> = segments.iter().map(|s| names(s)).collect();
                json!({"segments": list})
            }
            "relation" => {
                // A random table of pairs, holding the grid's own pairs most of the time.
                let len = self.rng.random_range(2..=3);
                let cells = self.walk(len);
                let every = self.rng.random_bool(0.3);
                let mut allowed: Vec<[u32; 2]> = Vec::new();
                for a in 1..=n as u32 {
                    for b in 1..=n as u32 {
                        if self.rng.random_bool(0.4) {
                            allowed.push([a, b]);
                        }
                    }
                }
                let related: Vec<(Cell, Cell)> = match every {
                    true => vec![
                        (cells[0], cells[1]),
                        (cells[0], cells[len - 1]),
                        (cells[1], cells[len - 1]),
                    ],
                    false => cells.windows(2).map(|w| (w[0], w[1])).collect(),
                };
                for (a, b) in related.into_iter().filter(|(a, b)| a != b) {
                    let pair = [self.value(a), self.value(b)];
                    if !allowed.contains(&pair) && self.rng.random_bool(0.9) {
                        allowed.push(pair);
                    }
                }
                json!({"cells": names(&cells), "allowed": allowed, "every": every})
            }
            "statemachine" => self.machine(n),
            "contains" => {
                // Some of the cells' own values (now and then another), at least or exactly.
                let len = self.rng.random_range(2..=4);
                let cells = self.scattered(len);
                let mut values: Vec<u32> = Vec::new();
                for &c in &cells {
                    if self.rng.random_bool(0.6) {
                        values.push(self.value(c));
                    }
                }
                if values.is_empty() || self.rng.random_bool(0.15) {
                    values.push(self.rng.random_range(1..=n as u32));
                }
                values.truncate(cells.len());
                let exact = self.rng.random_bool(0.5);
                let mut item = json!({"cells": names(&cells), "values": values, "exact": exact});
                // Now and then a value none of them holds (look-and-say's count of 0).
                if self.rng.random_bool(0.3) {
                    item["absent"] = json!([self.rng.random_range(1..=n as u32)]);
                }
                item
            }
            "countdistinct" => {
                let len = self.rng.random_range(1..=4);
                let cells = self.scattered(len);
                let cell = match self.rng.random_bool(0.3) {
                    true => cells[0],
                    false => self.cell(),
                };
                json!({"cell": name(cell), "cells": names(&cells)})
            }
            "or" => {
                // Two or three options, each one or two clues of a key drawn from the grid.
                let options: Vec<Value> = (0..self.rng.random_range(2..=3))
                    .map(|_| {
                        let mut option = Map::new();
                        for _ in 0..self.rng.random_range(1..=2) {
                            let key = *OPTION_KEYS.choose(self.rng).unwrap();
                            self.add(key, &mut option, &mut Vec::new());
                        }
                        Value::Object(option)
                    })
                    .collect();
                json!({"options": options})
            }
            "samevalues" => {
                // Two or three sets of one or two scattered cells.
                let (count, size) = (self.rng.random_range(2..=3), self.rng.random_range(1..=2));
                let cells = self.scattered(count * size);
                let sets: Vec<Value> = cells.chunks(size).map(names).collect();
                json!({"sets": sets})
            }
            "connectedvalues" => {
                let mut values: Vec<u32> = (1..=n as u32)
                    .filter(|_| self.rng.random_bool(0.4))
                    .collect();
                if values.is_empty() {
                    values.push(self.rng.random_range(1..=n as u32));
                }
                let mut item = json!({ "values": values });
                if self.rng.random_bool(0.5) {
                    let held = (0..n * n)
                        .filter(|&i| values.contains(&self.base[i / n][i % n]))
                        .count();
                    item["size"] = json!(self.noisy(held as i64));
                }
                item
            }
            "countingcircles" => {
                let len = self.rng.random_range(1..=5);
                json!({"cells": names(&self.scattered(len))})
            }
            "greaterthan" => {
                let (a, b) = self.pair();
                let (a, b) = match self.value(a) > self.value(b) || self.rng.random_bool(0.2) {
                    true => (a, b),
                    false => (b, a),
                };
                json!({"cells": [name(a), name(b)]})
            }
            "clone" => {
                let len = self.rng.random_range(1..=2);
                let (a, b) = (self.walk(len), self.walk(len));
                json!({"cells": names(&a), "cloneCells": names(&b)})
            }
            "quadruple" => {
                let (r, c) = (
                    self.rng.random_range(0..n - 1),
                    self.rng.random_range(0..n - 1),
                );
                let cells = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
                let mut values: Vec<u32> = cells.iter().map(|&x| self.value(x)).collect();
                values.shuffle(self.rng);
                values.truncate(self.rng.random_range(1..=4));
                if self.rng.random_bool(0.1) {
                    values[0] = self.rng.random_range(1..=n as u32);
                }
                values.sort();
                json!({"cells": names(&cells), "values": values})
            }
            "rowindexer" | "columnindexer" | "boxindexer" => {
                let cells = {
                    let len = self.rng.random_range(1..=2);
                    self.walk(len)
                };
                json!({"cells": names(&cells)})
            }
            "littlekillersum" => {
                let (r, c) = self.outside();
                let towards = |x: i64| if x < 0 { 1 } else { -1 };
                let (dr, dc) = match (r < 0 || r == n as i64, c < 0 || c == n as i64) {
                    (true, _) => (towards(r), if self.rng.random_bool(0.5) { 1 } else { -1 }),
                    (_, _) => (if self.rng.random_bool(0.5) { 1 } else { -1 }, towards(c)),
                };
                let direction = match (dr, dc) {
                    (-1, -1) => "UL",
                    (-1, 1) => "UR",
                    (1, -1) => "DL",
                    _ => "DR",
                };
                let (mut x, mut y, mut sum, mut cells) = (r + dr, c + dc, 0, Vec::new());
                while (0..n as i64).contains(&x) && (0..n as i64).contains(&y) {
                    sum += self.value((x as usize, y as usize)) as i64;
                    cells.push((x as usize, y as usize));
                    (x, y) = (x + dr, y + dc);
                }
                if cells.is_empty() {
                    return self.item(key);
                }
                let value = self.noisy(sum);
                json!({"cell": format!("R{}C{}", r + 1, c + 1), "direction": direction,
                       "value": value.to_string(), "cells": names(&cells)})
            }
            "equalitycage" => {
                let len = *[2, 2, 4].choose(self.rng).unwrap();
                json!({"cells": names(&self.scattered(len))})
            }
            "lunchbox" | "rellik" => {
                let len = self.rng.random_range(2..=n.min(4));
                let cells = self.scattered(len);
                let total = self
                    .rng
                    .random_range(i64::from(key == "rellik")..=2 * n as i64);
                json!({"cells": names(&cells), "value": total.to_string()})
            }
            "lockout" | "sumline" | "valueindexing" => {
                let least = if key == "valueindexing" { 3 } else { 2 };
                let len = self.rng.random_range(least..=n.min(5));
                let jumps = self.rng.random_bool(0.5);
                let line = match jumps {
                    true => self.scattered(len),
                    false => self.walk(len),
                };
                let mut item = json!({"lines": [names(&line)], "jumps": jumps});
                match key {
                    "lockout" => item["value"] = json!(self.rng.random_range(1..n).to_string()),
                    "sumline" => {
                        let total: i64 = line.iter().map(|&c| self.value(c) as i64).sum();
                        let part = self.rng.random_range(1..=total);
                        item["value"] = json!(if self.rng.random_bool(0.5) {
                            total
                        } else {
                            part
                        }
                        .to_string());
                        item["loop"] = json!(self.rng.random_bool(0.3));
                    }
                    _ => {}
                }
                item
            }
            "fullrank" => {
                // The rank of the number read from a side: one more than the smaller ones.
                let (r, c) = self.outside();
                let line = super::meaning::outside_line(n, (r, c));
                let read =
                    |line: &[Cell]| line.iter().map(|&x| self.value(x)).collect::<Vec<u32>>();
                let own = read(&line);
                let mut less = 0;
                for i in 0..n {
                    let row: Vec<Cell> = (0..n).map(|j| (i, j)).collect();
                    let column: Vec<Cell> = (0..n).map(|j| (j, i)).collect();
                    for other in [row, column] {
                        let reversed: Vec<Cell> = other.iter().rev().copied().collect();
                        less += [other, reversed].iter().filter(|o| read(o) < own).count() as i64;
                    }
                }
                json!({"cell": format!("R{}C{}", r + 1, c + 1), "value": self.noisy(less + 1).to_string()})
            }
            "sandwichsum" | "xsum" | "skyscraper" | "numberedroom" | "hiddenskyscraper" => {
                let (r, c) = self.outside();
                let line = super::meaning::outside_line(n, (r, c));
                let v: Vec<i64> = line.iter().map(|&x| self.value(x) as i64).collect();
                let total = match key {
                    "sandwichsum" => {
                        let one = v.iter().position(|&d| d == 1).unwrap();
                        let top = v.iter().position(|&d| d == n as i64).unwrap();
                        v[one.min(top) + 1..one.max(top)].iter().sum()
                    }
                    "xsum" => v[..v[0] as usize].iter().sum(),
                    "numberedroom" => v[v[0] as usize - 1],
                    "hiddenskyscraper" => {
                        let hidden = (1..v.len()).find(|&i| v[..i].iter().any(|&d| d > v[i]));
                        hidden.map_or(1, |i| v[i])
                    }
                    _ => {
                        let mut top = 0;
                        v.iter()
                            .filter(|&&d| {
                                let new = d > top;
                                top = top.max(d);
                                new
                            })
                            .count() as i64
                    }
                };
                json!({"cell": format!("R{}C{}", r + 1, c + 1), "value": self.noisy(total).to_string()})
            }
            "arrow" => {
                let line = {
                    let len = self.rng.random_range(2..=4);
                    self.walk(len)
                };
                json!({"cells": [name(line[0])], "lines": [names(&line)]})
            }
            _ => {
                let least = if key == "betweenline" || key == "doublearrow" {
                    3
                } else {
                    2
                };
                let len = self.rng.random_range(least..=n.min(5));
                // A fifth of the lines jump between cells that need not touch.
                let jumps = self.rng.random_bool(0.2);
                let line = match jumps {
                    true => self.scattered(len),
                    false => self.walk(len),
                };
                let mut item = json!({"lines": [names(&line)]});
                if jumps {
                    item["jumps"] = json!(true);
                }
                if key == "whispers" && self.rng.random_bool(0.3) {
                    item["value"] = json!(self.rng.random_range(1..n).to_string());
                }
                if key == "modularline" && self.rng.random_bool(0.5) {
                    item["value"] = json!(self.rng.random_range(2..=n.min(5)).to_string());
                }
                item
            }
        }
    }
}
