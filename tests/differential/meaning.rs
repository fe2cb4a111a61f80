//! What an f-puzzles object means, written from f-puzzles' description of each key and not
//! from mipsolve's rules: the cells' allowed values and a list of checks, each a test of the
//! values of its cells that the brute-force search makes once all of them are filled.

use serde_json::{json, Value};

/// A cell, 0-based (row, column).
pub type Cell = (usize, usize);

/// A grid of values 1..n, 0 for an empty cell.
pub type Values = Vec<Vec<u32>>;

/// One condition on the values of `cells`.
pub struct Check {
    pub cells: Vec<Cell>,
    pub holds: Box<dyn Fn(&Values) -> bool>,
}

/// A puzzle's meaning: its side, each cell's region, the values each cell may hold, checks.
pub struct Meaning {
    pub n: usize,
    pub region: Vec<Vec<Option<usize>>>,
    pub allowed: Vec<Vec<Vec<u32>>>,
    pub checks: Vec<Check>,
}

/// `R3C4` as (2, 3); outside cells are -1 or n.
pub fn reference(text: &Value) -> (i64, i64) {
    let text = text
        .as_str()
        .expect("a cell reference")
        .to_ascii_uppercase();
    let (r, c) = text[1..].split_once('C').expect("RxCy");
    (r.parse::<i64>().unwrap() - 1, c.parse::<i64>().unwrap() - 1)
}

fn cell(text: &Value) -> Cell {
    let (r, c) = reference(text);
    (r as usize, c as usize)
}

fn cells(list: &Value) -> Vec<Cell> {
    list.as_array()
        .map_or(Vec::new(), |l| l.iter().map(cell).collect())
}

/// A clue's number, written as a number or a string; `None` when absent or empty.
fn number(item: &Value, key: &str) -> Option<i64> {
    match item.get(key)? {
        Value::Number(x) => x.as_i64(),
        Value::String(s) if s.trim().is_empty() => None,
        Value::String(s) => Some(s.trim().parse().expect("a number")),
        _ => None,
    }
}

fn items<'a>(p: &'a Value, key: &str) -> Vec<&'a Value> {
    p.get(key)
        .and_then(Value::as_array)
        .map_or(Vec::new(), |l| l.iter().collect())
}

fn lines_of(item: &Value) -> Vec<Vec<Cell>> {
    item.get("lines")
        .and_then(Value::as_array)
        .map_or(Vec::new(), |l| l.iter().map(cells).collect())
}

fn flag(p: &Value, key: &str) -> bool {
    p.get(key) == Some(&Value::Bool(true))
}

/// The cells of the row or column read from an outside clue cell, nearest first.
pub fn outside_line(n: usize, (r, c): (i64, i64)) -> Vec<Cell> {
    let n_ = n as i64;
    let i = |x: i64| x as usize;
    match (r, c) {
        (-1, c) => (0..n).map(|k| (k, i(c))).collect(),
        (r, c) if r == n_ => (0..n).rev().map(|k| (k, i(c))).collect(),
        (r, -1) => (0..n).map(|k| (i(r), k)).collect(),
        (r, c) if c == n_ => (0..n).rev().map(|k| (i(r), k)).collect(),
        _ => panic!("clue {r},{c} is not outside"),
    }
}

/// The class of a value on an entropic line: low, middle or high thirds of 1..n.
fn entropy(n: usize, d: u32) -> usize {
    let (s3, l3) = (n / 3, n.div_ceil(3));
    let sizes = if n % 3 == 1 {
        [s3, s3 + 1, s3]
    } else {
        [l3, s3, l3]
    };
    let mut top = 0;
    for (class, size) in sizes.iter().enumerate() {
        top += size;
        if (d as usize) <= top {
            return class;
        }
    }
    2
}

/// The meaning of the f-puzzles object `p`.
pub fn meaning(p: &Value) -> Meaning {
    let grid = p["grid"].as_array().expect("a grid");
    let n = grid.len();
    let h = (1..=n)
        .filter(|h| h * h <= n && n.is_multiple_of(*h))
        .max()
        .unwrap();
    let w = n / h;
    let mut region = vec![vec![None; n]; n];
    let mut allowed = vec![vec![(1..=n as u32).collect::<Vec<_>>(); n]; n];
    for (r, row) in grid.iter().enumerate() {
        for (c, cell) in row.as_array().unwrap().iter().enumerate() {
            region[r][c] = match cell.get("region") {
                None => Some((r / h) * h + c / w),
                Some(Value::Null) => None,
                Some(v) => Some(v.as_u64().unwrap() as usize),
            };
            let keep = &mut allowed[r][c];
            if cell.get("given") == Some(&Value::Bool(true)) {
                let v = cell["value"].as_u64().unwrap() as u32;
                keep.retain(|&d| d == v);
            }
            if let Some(Value::Array(marks)) = cell.get("givenPencilMarks") {
                let marks: Vec<u32> = marks.iter().map(|m| m.as_u64().unwrap() as u32).collect();
                keep.retain(|d| marks.contains(d));
            }
            match cell.get("parity").and_then(Value::as_str) {
                Some("Odd") => keep.retain(|d| d % 2 == 1),
                Some("Even") => keep.retain(|d| d % 2 == 0),
                _ => {}
            }
        }
    }
    let mut m = Meaning {
        n,
        region,
        allowed,
        checks: Vec::new(),
    };
    m.add_layout(p);
    m.add_marks(p);
    m.add_cells(p);
    m.add_outside(p);
    m.add_lines(p);
    m.add_iss_rules(p);
    m
}

impl Meaning {
    fn check(&mut self, cells: Vec<Cell>, holds: impl Fn(&Values) -> bool + 'static) {
        self.checks.push(Check {
            cells,
            holds: Box::new(holds),
        });
    }

    /// Values of `cells` all different.
    fn distinct(&mut self, cells: Vec<Cell>) {
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                self.check(vec![a, b], move |v| v[a.0][a.1] != v[b.0][b.1]);
            }
        }
    }

    fn region_cells(&self) -> Vec<Vec<Cell>> {
        let mut lists = vec![Vec::new(); self.n];
        for r in 0..self.n {
            for c in 0..self.n {
                if let Some(k) = self.region[r][c] {
                    lists[k].push((r, c));
                }
            }
        }
        lists
    }

    fn add_layout(&mut self, p: &Value) {
        let n = self.n;
        if flag(p, "diagonal-") {
            self.distinct((0..n).map(|i| (i, i)).collect());
        }
        if flag(p, "diagonal+") {
            self.distinct((0..n).map(|i| (n - 1 - i, i)).collect());
        }
        let moves: [(&str, &[(i64, i64)]); 2] = [
            ("antiknight", &[(1, 2), (2, 1), (1, -2), (2, -1)]),
            ("antiking", &[(1, 1), (1, -1)]),
        ];
        for (key, steps) in moves {
            if !flag(p, key) {
                continue;
            }
            for r in 0..n as i64 {
                for c in 0..n as i64 {
                    for (dr, dc) in steps {
                        let (r2, c2) = (r + dr, c + dc);
                        if (0..n as i64).contains(&r2) && (0..n as i64).contains(&c2) {
                            let (a, b) = ((r as usize, c as usize), (r2 as usize, c2 as usize));
                            self.check(vec![a, b], move |v| v[a.0][a.1] != v[b.0][b.1]);
                        }
                    }
                }
            }
        }
        if flag(p, "disjointgroups") {
            let lists = self.region_cells();
            for k in 0..n {
                self.distinct(lists.iter().filter_map(|l| l.get(k).copied()).collect());
            }
        }
        for item in items(p, "extraregion") {
            self.distinct(cells(&item["cells"]));
        }
        for item in items(p, "sum") {
            let list = cells(&item["cells"]);
            let weights: Vec<i64> = match item["weights"].as_array() {
                Some(w) => w.iter().map(|w| w.as_i64().unwrap()).collect(),
                None => vec![1; list.len()],
            };
            let total = number(item, "value").unwrap();
            let read = list.clone();
            self.check(list, move |v| {
                let weighed = read.iter().zip(&weights);
                weighed.map(|(&(r, c), w)| w * v[r][c] as i64).sum::<i64>() == total
            });
        }
        for item in items(p, "equalsum") {
            let segments: Vec<Vec<Cell>> = (item["segments"].as_array().unwrap().iter())
                .map(cells)
                .collect();
            let all: Vec<Cell> = segments.iter().flatten().copied().collect();
            self.check(all, move |v| {
                let sums: Vec<i64> = segments.iter().map(|s| sum_of(v, s)).collect();
                sums.iter().all(|&s| s == sums[0])
            });
        }
        for item in items(p, "relation") {
            let list = cells(&item["cells"]);
            let allowed: Vec<(u32, u32)> = (item["allowed"].as_array().unwrap().iter())
                .map(|p| (p[0].as_u64().unwrap() as u32, p[1].as_u64().unwrap() as u32))
                .collect();
            let every = item["every"].as_bool().unwrap_or(false);
            for i in 0..list.len() {
                for j in i + 1..list.len() {
                    if j == i + 1 || every {
                        let (a, b, allowed) = (list[i], list[j], allowed.clone());
                        self.check(vec![a, b], move |v| {
                            allowed.contains(&(v[a.0][a.1], v[b.0][b.1]))
                        });
                    }
                }
            }
        }
        for item in items(p, "or") {
            // Each option's meaning on the layout alone: the grid's regions, no givens.
            let layout: Vec<Value> = (p["grid"].as_array().unwrap().iter())
                .map(|row| {
                    let cells = row.as_array().unwrap().iter();
                    Value::Array(
                        cells
                            .map(|c| match c.get("region") {
                                Some(region) => json!({ "region": region }),
                                None => json!({}),
                            })
                            .collect(),
                    )
                })
                .collect();
            let options: Vec<Meaning> = (item["options"].as_array().unwrap().iter())
                .map(|option| {
                    let mut object = option.as_object().unwrap().clone();
                    object.insert("grid".into(), Value::Array(layout.clone()));
                    meaning(&Value::Object(object))
                })
                .collect();
            let all: Vec<Cell> = (options.iter())
                .flat_map(|m| m.checks.iter().flat_map(|c| c.cells.clone()))
                .collect();
            self.check(all, move |v| {
                options
                    .iter()
                    .any(|m| m.checks.iter().all(|c| (c.holds)(v)))
            });
        }
        for item in items(p, "contains") {
            let list = cells(&item["cells"]);
            let values: Vec<u32> = (item["values"].as_array().unwrap().iter())
                .map(|v| v.as_u64().unwrap() as u32)
                .collect();
            let exact = item["exact"].as_bool().unwrap_or(false);
            let absent: Vec<u32> = (item.get("absent").and_then(Value::as_array).into_iter())
                .flatten()
                .map(|v| v.as_u64().unwrap() as u32)
                .collect();
            let read = list.clone();
            self.check(list, move |v| {
                values.iter().all(|&x| {
                    let listed = values.iter().filter(|&&y| y == x).count();
                    let held = read.iter().filter(|&&(r, c)| v[r][c] == x).count();
                    held >= listed && (!exact || held == listed)
                }) && read.iter().all(|&(r, c)| !absent.contains(&v[r][c]))
            });
        }
        for item in items(p, "countdistinct") {
            let counted = cells(&item["cells"]);
            let (r, c) = reference(&item["cell"]);
            let cell = (r as usize, c as usize);
            let all: Vec<Cell> = counted.iter().copied().chain([cell]).collect();
            self.check(all, move |v| {
                let mut seen: Vec<u32> = counted.iter().map(|&(r, c)| v[r][c]).collect();
                seen.sort();
                seen.dedup();
                seen.len() as u32 == v[cell.0][cell.1]
            });
        }
        for item in items(p, "statemachine") {
            let segments: Vec<Vec<Cell>> = (item["segments"].as_array().unwrap().iter())
                .map(cells)
                .collect();
            let list = |key: &str| -> Vec<usize> {
                let states = item[key].as_array().unwrap().iter();
                states.map(|s| s.as_u64().unwrap() as usize).collect()
            };
            let (start, accept) = (list("start"), list("accept"));
            // A move reads a value, or 0 for the break between segments.
            let moves: Vec<(usize, u32, usize)> = (item["moves"].as_array().unwrap().iter())
                .map(|m| {
                    let symbol = m[1].as_u64().map_or(0, |v| v as u32);
                    (
                        m[0].as_u64().unwrap() as usize,
                        symbol,
                        m[2].as_u64().unwrap() as usize,
                    )
                })
                .collect();
            let all: Vec<Cell> = segments.iter().flatten().copied().collect();
            self.check(all, move |v| {
                let mut at: Vec<usize> = start.clone();
                for (i, segment) in segments.iter().enumerate() {
                    let breaks = (i > 0).then_some(0);
                    for symbol in breaks
                        .into_iter()
                        .chain(segment.iter().map(|&(r, c)| v[r][c]))
                    {
                        let next = (moves.iter()).filter(|m| at.contains(&m.0) && m.1 == symbol);
                        at = next.map(|m| m.2).collect();
                    }
                }
                at.iter().any(|s| accept.contains(s))
            });
        }
        for item in items(p, "samevalues") {
            let sets: Vec<Vec<Cell>> = (item["sets"].as_array().unwrap().iter())
                .map(cells)
                .collect();
            let all: Vec<Cell> = sets.iter().flatten().copied().collect();
            self.check(all, move |v| {
                let sorted = |set: &Vec<Cell>| {
                    let mut values: Vec<u32> = set.iter().map(|&(r, c)| v[r][c]).collect();
                    values.sort();
                    values
                };
                sets.iter().all(|s| sorted(s) == sorted(&sets[0]))
            });
        }
        for item in items(p, "countingcircles") {
            let list = cells(&item["cells"]);
            let read = list.clone();
            self.check(list, move |v| {
                let value = |&(r, c): &Cell| v[r][c];
                (read.iter().map(value))
                    .all(|x| read.iter().filter(|c| value(c) == x).count() as u32 == x)
            });
        }
        for item in items(p, "greaterthan") {
            let list = cells(&item["cells"]);
            let (a, b) = (list[0], list[1]);
            self.check(list, move |v| v[a.0][a.1] > v[b.0][b.1]);
        }
        for item in items(p, "killercage") {
            let list = cells(&item["cells"]);
            self.distinct(list.clone());
            if let Some(total) = number(item, "value") {
                let sum = list.clone();
                self.check(list, move |v| sum_of(v, &sum) == total);
            }
        }
    }

    /// Kropki dots, XV and their negative forms, nonconsecutive.
    fn add_marks(&mut self, p: &Value) {
        let n = self.n;
        let key = |a: Cell, b: Cell| if a < b { (a, b) } else { (b, a) };
        let mut dotted = Vec::new();
        let mut ratios = Vec::new();
        let mut lettered = Vec::new();
        for item in items(p, "difference") {
            let [a, b] = cells(&item["cells"])[..] else {
                panic!("a dot joins two cells")
            };
            let k = number(item, "value").unwrap_or(1);
            dotted.push(key(a, b));
            self.check(vec![a, b], move |v| {
                (v[a.0][a.1] as i64 - v[b.0][b.1] as i64).abs() == k
            });
        }
        for item in items(p, "ratio") {
            let [a, b] = cells(&item["cells"])[..] else {
                panic!("a dot joins two cells")
            };
            let k = number(item, "value").unwrap_or(2);
            dotted.push(key(a, b));
            ratios.push(k);
            self.check(vec![a, b], move |v| in_ratio(v[a.0][a.1], v[b.0][b.1], k));
        }
        for item in items(p, "xv") {
            let [a, b] = cells(&item["cells"])[..] else {
                panic!("a letter joins two cells")
            };
            let total = if item["value"] == "X" { 10 } else { 5 };
            lettered.push(key(a, b));
            self.check(vec![a, b], move |v| v[a.0][a.1] + v[b.0][b.1] == total);
        }
        let negative: Vec<&str> = items(p, "negative")
            .iter()
            .filter_map(|v| v.as_str())
            .collect();
        if ratios.is_empty() {
            ratios.push(2);
        }
        for r in 0..n {
            for c in 0..n {
                for (a, b) in [((r, c), (r, c + 1)), ((r, c), (r + 1, c))] {
                    if b.0 >= n || b.1 >= n {
                        continue;
                    }
                    if flag(p, "nonconsecutive") && !dotted.contains(&(a, b)) {
                        self.check(vec![a, b], move |v| v[a.0][a.1].abs_diff(v[b.0][b.1]) != 1);
                    }
                    if negative.contains(&"ratio") && !dotted.contains(&(a, b)) {
                        let ks = ratios.clone();
                        self.check(vec![a, b], move |v| {
                            !ks.iter().any(|&k| in_ratio(v[a.0][a.1], v[b.0][b.1], k))
                        });
                    }
                    if negative.contains(&"xv") && !lettered.contains(&(a, b)) {
                        self.check(vec![a, b], move |v| {
                            let s = v[a.0][a.1] + v[b.0][b.1];
                            s != 5 && s != 10
                        });
                    }
                }
            }
        }
    }

    /// Odd, even, minimum, maximum, clones, quadruples and indexers.
    fn add_cells(&mut self, p: &Value) {
        let n = self.n;
        for (key, rest) in [("odd", 1), ("even", 0)] {
            for item in items(p, key) {
                let (r, c) = cell(&item["cell"]);
                self.allowed[r][c].retain(|d| d % 2 == rest);
            }
        }
        for (key, less) in [("minimum", true), ("maximum", false)] {
            let members: Vec<Cell> = items(p, key).iter().map(|i| cell(&i["cell"])).collect();
            for &(r, c) in &members {
                let around = [
                    (r + 1, c),
                    (r, c + 1),
                    (r.wrapping_sub(1), c),
                    (r, c.wrapping_sub(1)),
                ];
                for o in around {
                    if o.0 < n && o.1 < n && !members.contains(&o) {
                        let a = (r, c);
                        self.check(vec![a, o], move |v| {
                            (v[a.0][a.1] < v[o.0][o.1]) == less && v[a.0][a.1] != v[o.0][o.1]
                        });
                    }
                }
            }
        }
        for item in items(p, "clone") {
            let (a, b) = (cells(&item["cells"]), cells(&item["cloneCells"]));
            for (x, y) in a.into_iter().zip(b) {
                self.check(vec![x, y], move |v| v[x.0][x.1] == v[y.0][y.1]);
            }
        }
        for item in items(p, "quadruple") {
            let list = cells(&item["cells"]);
            let wanted: Vec<u32> = (item["values"].as_array().unwrap().iter())
                .map(|x| x.as_u64().unwrap() as u32)
                .collect();
            let here = list.clone();
            self.check(list, move |v| {
                let mut found: Vec<u32> = here.iter().map(|&(r, c)| v[r][c]).collect();
                wanted
                    .iter()
                    .all(|d| match found.iter().position(|x| x == d) {
                        Some(i) => {
                            found.remove(i);
                            true
                        }
                        None => false,
                    })
            });
        }
        let lists = self.region_cells();
        for key in ["rowindexer", "columnindexer", "boxindexer"] {
            for item in items(p, key) {
                for x in cells(&item["cells"]) {
                    let (r, c) = x;
                    let mut watched: Vec<Cell> = match key {
                        "rowindexer" => (0..n).map(|k| (k, c)).collect(),
                        "columnindexer" => (0..n).map(|k| (r, k)).collect(),
                        _ => self.region[r][c].map_or(Vec::new(), |k| lists[k].clone()),
                    };
                    watched.push(x);
                    let box_cells = self.region[r][c].map(|k| lists[k].clone());
                    self.check(watched, move |v| {
                        let d = v[r][c] as usize;
                        match key {
                            "rowindexer" => v[d - 1][c] as usize == r + 1,
                            "columnindexer" => v[r][d - 1] as usize == c + 1,
                            _ => {
                                // A cell in no region has no box to index: never met.
                                let Some(list) = box_cells.as_ref() else {
                                    return false;
                                };
                                let i = list.iter().position(|&y| y == (r, c)).unwrap();
                                list.get(d - 1)
                                    .is_some_and(|&(r2, c2)| v[r2][c2] as usize == i + 1)
                            }
                        }
                    });
                }
            }
        }
    }

    /// Little killers, sandwiches, X-sums and skyscrapers.
    fn add_outside(&mut self, p: &Value) {
        let n = self.n;
        for item in items(p, "littlekillersum") {
            let Some(total) = number(item, "value") else {
                continue;
            };
            let (dr, dc) = match item["direction"].as_str().unwrap() {
                "UL" => (-1, -1),
                "UR" => (-1, 1),
                "DL" => (1, -1),
                _ => (1, 1),
            };
            let (mut r, mut c) = reference(&item["cell"]);
            let mut list = Vec::new();
            (r, c) = (r + dr, c + dc);
            while (0..n as i64).contains(&r) && (0..n as i64).contains(&c) {
                list.push((r as usize, c as usize));
                (r, c) = (r + dr, c + dc);
            }
            let sum = list.clone();
            self.check(list, move |v| sum_of(v, &sum) == total);
        }
        type LineTest = fn(&[u32], usize, i64) -> bool;
        let tests: [(&str, LineTest); 5] = [
            ("sandwichsum", |line, n, total| {
                let one = line.iter().position(|&d| d == 1).unwrap();
                let top = line.iter().position(|&d| d as usize == n).unwrap();
                let (lo, hi) = (one.min(top), one.max(top));
                line[lo + 1..hi].iter().map(|&d| d as i64).sum::<i64>() == total
            }),
            ("xsum", |line, _, total| {
                line[..line[0] as usize]
                    .iter()
                    .map(|&d| d as i64)
                    .sum::<i64>()
                    == total
            }),
            ("numberedroom", |line, _, total| {
                line[line[0] as usize - 1] as i64 == total
            }),
            ("hiddenskyscraper", |line, _, total| {
                // The first value lower than one before it.
                let hidden = (1..line.len()).find(|&i| line[..i].iter().any(|&d| d > line[i]));
                hidden.is_some_and(|i| line[i] as i64 == total)
            }),
            ("skyscraper", |line, _, total| {
                let mut top = 0;
                let seen = line.iter().filter(|&&d| {
                    let new = d > top;
                    top = top.max(d);
                    new
                });
                seen.count() as i64 == total
            }),
        ];
        for (key, test) in tests {
            for item in items(p, key) {
                let Some(total) = number(item, "value") else {
                    continue;
                };
                let line = outside_line(n, reference(&item["cell"]));
                let read = line.clone();
                self.check(line, move |v| {
                    let values: Vec<u32> = read.iter().map(|&(r, c)| v[r][c]).collect();
                    test(&values, n, total)
                });
            }
        }
    }

    /// Every line rule: each line's values tested as a whole.
    fn add_lines(&mut self, p: &Value) {
        let n = self.n;
        let region = self.region.clone();
        type Test = Box<dyn Fn(&[u32], &[Cell]) -> bool>;
        let whisper = |item: &Value| number(item, "value").unwrap_or(n.div_ceil(2) as i64);
        type Make = fn(&Value, usize, &[Vec<Option<usize>>], i64) -> Test;
        let keys: Vec<(&str, Make)> = vec![
            ("thermometer", |_, _, _, _| {
                Box::new(|v, _| v.windows(2).all(|w| w[0] < w[1]))
            }),
            ("slowthermometer", |_, _, _, _| {
                Box::new(|v, _| v.windows(2).all(|w| w[0] <= w[1]))
            }),
            ("palindrome", |_, _, _, _| {
                Box::new(|v, _| v.iter().eq(v.iter().rev()))
            }),
            ("renban", |_, _, _, _| {
                Box::new(|v, _| {
                    let mut s = v.to_vec();
                    s.sort();
                    s.windows(2).all(|w| w[1] == w[0] + 1)
                })
            }),
            ("nabner", |_, _, _, _| {
                Box::new(|v, _| {
                    (0..v.len()).all(|i| (i + 1..v.len()).all(|j| v[i].abs_diff(v[j]) > 1))
                })
            }),
            ("whispers", |_, _, _, k| {
                Box::new(move |v, _| v.windows(2).all(|w| w[0].abs_diff(w[1]) as i64 >= k))
            }),
            ("betweenline", |_, _, _, _| {
                Box::new(|v, _| {
                    let (a, z) = (v[0], v[v.len() - 1]);
                    let mid = &v[1..v.len() - 1];
                    mid.iter().all(|&x| a < x && x < z) || mid.iter().all(|&x| z < x && x < a)
                })
            }),
            ("entropicline", |_, n, _, _| {
                Box::new(move |v, _| {
                    v.windows(3).all(|w| {
                        let c: Vec<usize> = w.iter().map(|&d| entropy(n, d)).collect();
                        c[0] != c[1] && c[1] != c[2] && c[0] != c[2]
                    }) && v.windows(2).all(|w| entropy(n, w[0]) != entropy(n, w[1]))
                })
            }),
            ("modularline", |item, _, _, _| {
                let m = number(item, "value").unwrap_or(3) as usize;
                // Any m cells in a row (or the whole line, when shorter) differ mod m.
                Box::new(move |v, _| {
                    (0..v.len()).all(|a| {
                        (a + 1..v.len().min(a + m)).all(|b| v[a] as usize % m != v[b] as usize % m)
                    })
                })
            }),
            ("zipperline", |_, _, _, _| {
                Box::new(|v, _| {
                    let len = v.len();
                    let total = v[0] + v[len - 1];
                    (0..len / 2).all(|i| v[i] + v[len - 1 - i] == total)
                        && (len % 2 == 0 || v[len / 2] == total)
                })
            }),
            ("doublearrow", |_, _, _, _| {
                Box::new(|v, _| v[0] + v[v.len() - 1] == v[1..v.len() - 1].iter().sum::<u32>())
            }),
            ("regionsumline", |_, _, region, _| {
                let region = region.to_vec();
                Box::new(move |v, cells| {
                    let mut sums = Vec::new();
                    let mut last = None;
                    for (i, &(r, c)) in cells.iter().enumerate() {
                        match region[r][c] {
                            None => last = None,
                            Some(k) if Some(k) == last => *sums.last_mut().unwrap() += v[i],
                            Some(k) => {
                                sums.push(v[i]);
                                last = Some(k);
                            }
                        }
                    }
                    sums.windows(2).all(|w| w[0] == w[1])
                })
            }),
        ];
        for (key, make) in keys {
            for item in items(p, key) {
                for line in lines_of(item) {
                    if key == "renban" || key == "nabner" {
                        self.distinct(line.clone());
                    }
                    let test = make(item, n, &region, whisper(item));
                    let read = line.clone();
                    self.check(line, move |v| {
                        let values: Vec<u32> = read.iter().map(|&(r, c)| v[r][c]).collect();
                        test(&values, &read)
                    });
                }
            }
        }
        for item in items(p, "arrow") {
            let circle = cells(&item["cells"]);
            for line in lines_of(item) {
                let shaft: Vec<Cell> = line[1..].to_vec();
                let (bulb, all) = (circle.clone(), [circle.clone(), shaft.clone()].concat());
                self.check(all, move |v| {
                    let value = bulb
                        .iter()
                        .fold(0i64, |acc, &(r, c)| acc * 10 + v[r][c] as i64);
                    sum_of(v, &shaft) == value
                });
            }
        }
    }
}

impl Meaning {
    /// The rules of the Interactive Sudoku Solver's types, as its descriptions say them.
    fn add_iss_rules(&mut self, p: &Value) {
        let n = self.n;
        let all: Vec<Cell> = (0..n * n).map(|i| (i / n, i % n)).collect();
        for item in items(p, "connectedvalues") {
            let values: Vec<u32> = (item["values"].as_array().unwrap().iter())
                .map(|v| v.as_u64().unwrap() as u32)
                .collect();
            let size = number(item, "size");
            self.check(all.clone(), move |v| {
                let inside: Vec<Cell> = (0..n * n)
                    .map(|i| (i / n, i % n))
                    .filter(|&(r, c)| values.contains(&v[r][c]))
                    .collect();
                let mut reached: Vec<Cell> = inside.iter().take(1).copied().collect();
                let mut k = 0;
                while k < reached.len() {
                    let (r, c) = reached[k];
                    for &other in &inside {
                        let touching = r.abs_diff(other.0) + c.abs_diff(other.1) == 1;
                        if touching && !reached.contains(&other) {
                            reached.push(other);
                        }
                    }
                    k += 1;
                }
                !inside.is_empty()
                    && reached.len() == inside.len()
                    && size.is_none_or(|s| s == inside.len() as i64)
            });
        }
        if flag(p, "chaos") {
            let mut clues: Vec<ChaosClue> = Vec::new();
            for item in items(p, "chaosarrow") {
                let arms = item["arms"].as_array().unwrap().iter().map(cells).collect();
                let offset = number(item, "offset").unwrap_or(0);
                clues.push((cell(&item["cell"]), offset, Some(arms), Vec::new()));
            }
            for item in items(p, "chaoscount") {
                let offset = number(item, "offset").unwrap_or(0);
                clues.push((cell(&item["cell"]), offset, None, cells(&item["cells"])));
            }
            self.check(all.clone(), move |v| chaos_cut(v, &clues));
        }
        if flag(p, "antitaxicab") {
            for (i, &a) in all.iter().enumerate() {
                for &b in &all[i + 1..] {
                    let d = (a.0.abs_diff(b.0) + a.1.abs_diff(b.1)) as u32;
                    self.check(vec![a, b], move |v| !(v[a.0][a.1] == d && v[b.0][b.1] == d));
                }
            }
        }
        if flag(p, "dutchflatmates") {
            let mid = n.div_ceil(2) as u32;
            for &(r, c) in &all {
                let mut around = vec![(r, c)];
                around.extend(r.checked_sub(1).map(|r| (r, c)));
                around.extend(Some((r + 1, c)).filter(|&(r, _)| r < n));
                self.check(around, move |v| {
                    v[r][c] != mid
                        || (r > 0 && v[r - 1][c] == 1)
                        || (r + 1 < n && v[r + 1][c] == n as u32)
                });
            }
        }
        for item in items(p, "equalitycage") {
            let list = cells(&item["cells"]);
            self.distinct(list.clone());
            let read = list.clone();
            self.check(list, move |v| {
                let held: Vec<u32> = read.iter().map(|&(r, c)| v[r][c]).collect();
                let count = |f: &dyn Fn(u32) -> bool| held.iter().filter(|&&d| f(d)).count();
                let half = (n / 2) as u32;
                count(&|d| d % 2 == 0) == count(&|d| d % 2 == 1)
                    && count(&|d| d <= half) == count(&|d| d > n as u32 - half)
                    && count(&|d| d > half && d <= n as u32 - half) == 0
            });
        }
        for item in items(p, "lockout") {
            let gap = number(item, "value").unwrap_or(4);
            for line in lines_of(item) {
                let read = line.clone();
                self.check(line, move |v| {
                    let d: Vec<i64> = read.iter().map(|&(r, c)| v[r][c] as i64).collect();
                    let (a, z) = (d[0], d[d.len() - 1]);
                    let inner = &d[1..d.len() - 1];
                    (a - z).abs() >= gap && inner.iter().all(|&x| x < a.min(z) || x > a.max(z))
                });
            }
        }
        for item in items(p, "lunchbox") {
            let list = cells(&item["cells"]);
            let total = number(item, "value").unwrap_or(0);
            self.distinct(list.clone());
            let read = list.clone();
            self.check(list, move |v| {
                let d: Vec<i64> = read.iter().map(|&(r, c)| v[r][c] as i64).collect();
                let low = (0..d.len()).min_by_key(|&i| d[i]).unwrap();
                let high = (0..d.len()).max_by_key(|&i| d[i]).unwrap();
                let (from, to) = (low.min(high), low.max(high));
                from < to && d[from + 1..to].iter().sum::<i64>() == total
            });
        }
        for item in items(p, "rellik") {
            let list = cells(&item["cells"]);
            let total = number(item, "value").unwrap_or(0);
            self.distinct(list.clone());
            let read = list.clone();
            self.check(list, move |v| {
                let d: Vec<i64> = read.iter().map(|&(r, c)| v[r][c] as i64).collect();
                (1..1usize << d.len()).all(|set| {
                    let sum: i64 = (0..d.len())
                        .filter(|i| set >> i & 1 == 1)
                        .map(|i| d[i])
                        .sum();
                    sum != total
                })
            });
        }
        for item in items(p, "sumline") {
            let total = number(item, "value").unwrap_or(10);
            let looped = item.get("loop") == Some(&Value::Bool(true));
            for line in lines_of(item) {
                let read = line.clone();
                self.check(line, move |v| {
                    let d: Vec<i64> = read.iter().map(|&(r, c)| v[r][c] as i64).collect();
                    // Some starting cell (the first, unless a loop) from which the runs close.
                    let starts = if looped { d.len() } else { 1 };
                    (0..starts).any(|s| {
                        let mut run = 0;
                        (0..d.len()).all(|i| {
                            run += d[(s + i) % d.len()];
                            if run == total {
                                run = 0;
                            }
                            run < total
                        }) && run == 0
                    })
                });
            }
        }
        // Full rank: each row and column read both ways is a number; a clue is one more than
        // how many numbers are smaller than its own, and none equals its own.
        let mut numbers: Vec<Vec<Cell>> = Vec::new();
        for i in 0..n {
            let row: Vec<Cell> = (0..n).map(|j| (i, j)).collect();
            let column: Vec<Cell> = (0..n).map(|j| (j, i)).collect();
            for line in [row, column] {
                numbers.push(line.iter().rev().copied().collect());
                numbers.push(line);
            }
        }
        let read =
            |v: &Values, line: &[Cell]| line.iter().map(|&(r, c)| v[r][c]).collect::<Vec<u32>>();
        for item in items(p, "fullrank") {
            let Some(rank) = number(item, "value") else {
                continue;
            };
            let mine = outside_line(n, reference(&item["cell"]));
            let others = numbers.clone();
            self.check(all.clone(), move |v| {
                let own = read(v, &mine);
                let theirs: Vec<Vec<u32>> = (others.iter())
                    .filter(|l| **l != mine)
                    .map(|l| read(v, l))
                    .collect();
                let less = theirs.iter().filter(|t| **t < own).count() as i64;
                less + 1 == rank && !theirs.contains(&own)
            });
        }
        if p.get("fullrankties").and_then(Value::as_str) == Some("none") {
            let lines = numbers.clone();
            self.check(all.clone(), move |v| {
                let mut read_all: Vec<Vec<u32>> = lines.iter().map(|l| read(v, l)).collect();
                read_all.sort();
                read_all.windows(2).all(|w| w[0] != w[1])
            });
        }
        for item in items(p, "valueindexing") {
            for line in lines_of(item) {
                let read = line.clone();
                self.check(line, move |v| {
                    let d: Vec<u32> = read.iter().map(|&(r, c)| v[r][c]).collect();
                    let at = d[1] as usize + 1;
                    d[1] >= 1 && at < d.len() && d[at] == d[0]
                });
            }
        }
    }
}

/// A chaos clue: its cell, its offset, and its arms (a run) or its cells (a count).
type ChaosClue = (Cell, i64, Option<Vec<Vec<Cell>>>, Vec<Cell>);

/// Whether the grid cuts into orthogonally connected regions of n cells with different values
/// keeping every clue (a run: the cells from the arms' first along each arm while in its
/// region, the first once; a count: the cells in the first one's region; either less the
/// offset is the clue cell's value). Each cell in reading order joins a region not yet full or
/// starts the next; the full labelling is then checked.
fn chaos_cut(v: &Values, clues: &[ChaosClue]) -> bool {
    let n = v.len();
    let mut label = vec![usize::MAX; n * n];
    let mut sizes: Vec<usize> = Vec::new();
    label_from(v, clues, 0, &mut label, &mut sizes)
}

fn label_from(
    v: &Values,
    clues: &[ChaosClue],
    i: usize,
    label: &mut Vec<usize>,
    sizes: &mut Vec<usize>,
) -> bool {
    let n = v.len();
    if i == n * n {
        return labelled_well(v, clues, label);
    }
    for l in 0..=sizes.len().min(n - 1) {
        let fresh = l == sizes.len();
        if !fresh
            && (sizes[l] == n
                || (0..i).any(|j| label[j] == l && v[j / n][j % n] == v[i / n][i % n]))
        {
            continue;
        }
        if fresh {
            sizes.push(0);
        }
        sizes[l] += 1;
        label[i] = l;
        if label_from(v, clues, i + 1, label, sizes) {
            return true;
        }
        sizes[l] -= 1;
        if fresh {
            sizes.pop();
        }
    }
    label[i] = usize::MAX;
    false
}

fn labelled_well(v: &Values, clues: &[ChaosClue], label: &[usize]) -> bool {
    let n = v.len();
    let at = |(r, c): Cell| label[r * n + c];
    for l in 0..n {
        let members: Vec<usize> = (0..n * n).filter(|&i| label[i] == l).collect();
        let mut reached = vec![members[0]];
        let mut k = 0;
        while k < reached.len() {
            let i = reached[k];
            for &j in &members {
                let apart = (i / n).abs_diff(j / n) + (i % n).abs_diff(j % n);
                if apart == 1 && !reached.contains(&j) {
                    reached.push(j);
                }
            }
            k += 1;
        }
        if reached.len() != members.len() {
            return false;
        }
    }
    clues.iter().all(|(cell, offset, arms, counted)| {
        let measure = match arms {
            Some(arms) => {
                let first = arms[0][0];
                let runs: usize = arms
                    .iter()
                    .map(|arm| arm[1..].iter().take_while(|&&c| at(c) == at(first)).count())
                    .sum();
                1 + runs as i64
            }
            None => counted.iter().filter(|&&c| at(c) == at(counted[0])).count() as i64,
        };
        measure - offset == v[cell.0][cell.1] as i64
    })
}

fn sum_of(v: &Values, cells: &[Cell]) -> i64 {
    cells.iter().map(|&(r, c)| v[r][c] as i64).sum()
}

fn in_ratio(a: u32, b: u32, k: i64) -> bool {
    let (a, b) = (a as i64, b as i64);
    a == k * b || b == k * a
}
