"""OR-Tools CP-SAT model of f-puzzles puzzles, written apart from mipsolve (from the format and
rule description of the f-puzzles JSON, not from mipsolve's reader): the independent engine
behind the verdicts of tests/fixtures/fpuzzles/.

  python3 bench/cpsat_fpuzzles.py check FILE...   for each puzzle (an f-puzzles link
      https://www.f-puzzles.com/?load=<lz-string base64>, a SudokuPad .../fpuzzles<base64> link,
      the bare base64 string, or the decoded JSON), one JSON line
      {"file", "solutions": 0|1|2 (2 = several), "first": rows or null, "second": rows or null,
      "seconds": reading, modelling and solving, Python's start and imports left out}
      [--time-limit SECONDS]: give up after that long per solve ("solutions": null)
      [--no-cross]: skip the second, presolve-off count (see solve(); faster on hard puzzles)
  python3 bench/cpsat_fpuzzles.py candidates FILE...   each cell's values over every solution
      (all enumerated, up to 100,000): {"file", "solutions", "complete", "candidates": rows of
      lists of values}

Modelled: size 4..16 (digits 1..N, N = number of grid rows), givens (only cells with
"given": true), regions (default boxes, "region" overrides, null = in no region),
givenPencilMarks, the cell field "parity", and the rule keys in RULE_KEYS below. Cosmetic keys
(COSMETIC_KEYS) are ignored; any other key is an error. Solutions are enumerated by CP-SAT
(enumerate_all_solutions) with a callback stopping at the second, twice: with and without
CP-SAT's presolve (they must agree; see solve()).

Needs ortools and lzstring (e.g. python3 -m venv /tmp/cpsat-venv &&
/tmp/cpsat-venv/bin/pip install ortools lzstring; run with /tmp/cpsat-venv/bin/python)."""
import json
import math
import re
import sys
import time
import urllib.parse

from ortools.sat.python import cp_model

RULE_KEYS = {
    "diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "nonconsecutive",
    "negative", "killercage", "littlekillersum", "sandwichsum", "xsum", "skyscraper",
    "thermometer", "slowthermometer", "arrow", "difference", "ratio", "xv", "odd", "even",
    "minimum", "maximum", "palindrome", "renban", "whispers", "betweenline", "entropicline",
    "modularline", "zipperline", "regionsumline", "doublearrow", "nabner", "extraregion",
    "clone", "quadruple", "rowindexer", "columnindexer", "boxindexer",
}
COSMETIC_KEYS = {
    "size", "grid", "title", "author", "ruleset", "solution", "line", "circle", "rectangle",
    "text", "cage", "highlightConflicts", "disabledlogic", "truecandidatesoptions",
}


class PuzzleError(Exception):
    pass


# ---------------------------------------------------------------- reading

def decode(text):
    """The f-puzzles JSON (a dict) from a link, a bare lz-string base64 string or JSON text."""
    import lzstring
    text = text.strip()
    if text.startswith("{"):
        return json.loads(text)
    if "?load=" in text:
        payload = text.split("?load=", 1)[1]
    else:
        m = re.search(r"/(?:fpuzzles|fpuz)([A-Za-z0-9+/=%\\]+)$", text)
        payload = m.group(1) if m else text
    payload = payload.split("&")[0].strip()
    if "%" in payload:
        payload = urllib.parse.unquote(payload)
    payload = payload.replace("\\", "=").replace(" ", "+")
    out = lzstring.LZString().decompressFromBase64(payload)
    if not out:
        raise PuzzleError("cannot decompress the lz-string payload")
    return json.loads(out)


def load(path):
    with open(path, encoding="utf-8") as f:
        return decode(f.read())


def intval(x):
    """int of a clue value, or None for "", missing or non-integer."""
    if x is None or isinstance(x, bool):
        return None
    if isinstance(x, (int, float)):
        return int(x)
    try:
        return int(str(x).strip())
    except ValueError:
        return None


def ref(s):
    """'R3C4' -> (2, 3): 0-based (row, col); outside cells give -1 or N."""
    m = re.fullmatch(r"\s*[Rr](\d+)[Cc](\d+)\s*", str(s))
    if not m:
        raise PuzzleError(f"bad cell reference {s!r}")
    return int(m.group(1)) - 1, int(m.group(2)) - 1


def default_box(n):
    h = int(math.isqrt(n))
    while n % h:
        h -= 1
    return h, n // h


def regions_of(p):
    """region index of every cell (None = no region), from the grid."""
    n = len(p["grid"])
    h, w = default_box(n)
    reg = [[(r // h) * h + c // w for c in range(n)] for r in range(n)]
    for r, row in enumerate(p["grid"]):
        for c, cell in enumerate(row):
            if isinstance(cell, dict) and "region" in cell:
                reg[r][c] = cell["region"] if cell["region"] is None else int(cell["region"])
    return reg


def region_lists(reg):
    """{index: [cells in reading order]}"""
    out = {}
    for r, row in enumerate(reg):
        for c, x in enumerate(row):
            if x is not None:
                out.setdefault(x, []).append((r, c))
    return dict(sorted(out.items()))


def lines_of(entry):
    return [[ref(x) for x in line] for line in entry.get("lines", []) or []]


def outside_line(n, clue):
    """The row/column cells read from an outside clue cell, nearest first."""
    r, c = clue
    if r == -1 and 0 <= c < n:
        return [(i, c) for i in range(n)]
    if r == n and 0 <= c < n:
        return [(i, c) for i in reversed(range(n))]
    if c == -1 and 0 <= r < n:
        return [(r, i) for i in range(n)]
    if c == n and 0 <= r < n:
        return [(r, i) for i in reversed(range(n))]
    raise PuzzleError(f"outside clue at R{r + 1}C{c + 1} is not beside a row or column")


ORTHO = [(0, 1), (1, 0), (0, -1), (-1, 0)]


def adjacent_pairs(n):
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                yield (r, c), (r, c + 1)
            if r + 1 < n:
                yield (r, c), (r + 1, c)


# ---------------------------------------------------------------- model

def build(p):
    """(model, v, b): v[r][c] the digit, b[r][c][d] <=> v[r][c] == d."""
    unknown = sorted(k for k in p if k not in RULE_KEYS and k not in COSMETIC_KEYS)
    if unknown:
        raise PuzzleError("unsupported key(s): " + ", ".join(unknown))
    grid = p["grid"]
    n = len(grid)
    if any(len(row) != n for row in grid):
        raise PuzzleError("grid is not square")
    if not 1 <= n <= 16:
        raise PuzzleError(f"size {n} out of range")
    D = range(1, n + 1)
    m = cp_model.CpModel()
    v = [[m.NewIntVar(1, n, f"v{r + 1}_{c + 1}") for c in range(n)] for r in range(n)]
    b = [[{d: m.NewBoolVar(f"b{r + 1}_{c + 1}_{d}") for d in D} for c in range(n)] for r in range(n)]
    for r in range(n):
        for c in range(n):
            m.AddExactlyOne(b[r][c].values())
            m.Add(v[r][c] == sum(d * x for d, x in b[r][c].items()))

    def V(cell):
        r, c = cell
        if not (0 <= r < n and 0 <= c < n):
            raise PuzzleError(f"cell R{r + 1}C{c + 1} outside the grid")
        return v[r][c]

    def B(cell, d):
        return b[cell[0]][cell[1]][d]

    def alldiff(cells):
        cells = list(dict.fromkeys(cells))
        for d in D:
            m.AddAtMostOne(B(x, d) for x in cells)

    # Pair relations are written as clauses over the digit literals, not as
    # AddAllowedAssignments/AddForbiddenAssignments: with those, CP-SAT 9.15's presolve
    # wrongly reported a feasible entropic-line puzzle INFEASIBLE.
    def table(cells, tuples):
        a, c = cells
        ok = set(tuples)
        for x in D:
            m.AddBoolOr([B(a, x).Not()] + [B(c, y) for y in D if (x, y) in ok])
            m.AddBoolOr([B(c, x).Not()] + [B(a, y) for y in D if (y, x) in ok])

    def forbid(cells, tuples):
        a, c = cells
        for x, y in tuples:
            m.AddBoolOr([B(a, x).Not(), B(c, y).Not()])

    # sudoku
    for i in range(n):
        alldiff([(i, c) for c in range(n)])
        alldiff([(r, i) for r in range(n)])
    reg = regions_of(p)
    regs = region_lists(reg)
    for cells in regs.values():
        alldiff(cells)
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                continue
            if cell.get("given") and intval(cell.get("value")):
                m.Add(v[r][c] == intval(cell["value"]))
            gpm = cell.get("givenPencilMarks")
            if gpm:
                allowed = {intval(x) for x in gpm}
                for d in D:
                    if d not in allowed:
                        m.Add(b[r][c][d] == 0)
            par = str(cell.get("parity") or "").lower()
            if par in ("odd", "even"):
                for d in D:
                    if (d % 2 == 1) != (par == "odd"):
                        m.Add(b[r][c][d] == 0)

    # global flags
    if p.get("diagonal-"):
        alldiff([(i, i) for i in range(n)])
    if p.get("diagonal+"):
        alldiff([(n - 1 - i, i) for i in range(n)])
    for key, moves in (("antiknight", [(1, 2), (2, 1), (1, -2), (2, -1)]),
                       ("antiking", [(1, 1), (1, -1)])):
        if p.get(key):
            for r in range(n):
                for c in range(n):
                    for dr, dc in moves:
                        if 0 <= r + dr < n and 0 <= c + dc < n:
                            for d in D:
                                m.AddBoolOr([b[r][c][d].Not(), b[r + dr][c + dc][d].Not()])
    if p.get("disjointgroups"):
        lists = list(regs.values())
        for k in range(max(map(len, lists), default=0)):
            alldiff([cells[k] for cells in lists if len(cells) > k])

    # dots
    def pair(e):
        cells = [ref(x) for x in e.get("cells", [])]
        if len(cells) != 2:
            raise PuzzleError(f"dot with {len(cells)} cells")
        return cells

    dotted = set()  # pairs with a difference or ratio dot
    for e in p.get("difference", []) or []:
        a, c = pair(e)
        k = intval(e.get("value"))
        k = 1 if k is None else k
        table([a, c], [(x, y) for x in D for y in D if abs(x - y) == k])
        dotted.add(frozenset((a, c)))
    ratios = set()
    for e in p.get("ratio", []) or []:
        a, c = pair(e)
        k = intval(e.get("value"))
        k = 2 if k is None else k
        ratios.add(k)
        table([a, c], [(x, y) for x in D for y in D if x == k * y or y == k * x])
        dotted.add(frozenset((a, c)))
    xvs = set()
    for e in p.get("xv", []) or []:
        s = {"X": 10, "V": 5}.get(str(e.get("value", "")).strip().upper())
        if s is None:
            continue
        a, c = pair(e)
        xvs.add(frozenset((a, c)))
        table([a, c], [(x, y) for x in D for y in D if x + y == s])
    negative = p.get("negative") or []
    if isinstance(negative, str):
        negative = [negative]
    for x in negative:
        if x not in ("ratio", "xv"):
            raise PuzzleError(f"unsupported negative constraint {x!r}")
    for a, c in adjacent_pairs(n):
        key = frozenset((a, c))
        bad = set()
        if p.get("nonconsecutive") and key not in dotted:
            bad |= {(x, y) for x in D for y in D if abs(x - y) == 1}
        if "ratio" in negative and key not in dotted:
            for k in ratios or {2}:
                bad |= {(x, y) for x in D for y in D if x == k * y or y == k * x}
        if "xv" in negative and key not in xvs:
            bad |= {(x, y) for x in D for y in D if x + y in (5, 10)}
        forbid([a, c], sorted(bad))

    # cells
    for key, odd in (("odd", 1), ("even", 0)):
        for e in p.get(key, []) or []:
            cell = ref(e["cell"])
            for d in D:
                if d % 2 != odd:
                    m.Add(B(cell, d) == 0)
    for key, sign in (("minimum", 1), ("maximum", -1)):
        members = {ref(e["cell"]) for e in p.get(key, []) or []}
        for (r, c) in members:
            for dr, dc in ORTHO:
                o = (r + dr, c + dc)
                if 0 <= o[0] < n and 0 <= o[1] < n and o not in members:
                    if sign > 0:
                        m.Add(V((r, c)) < V(o))
                    else:
                        m.Add(V((r, c)) > V(o))
    for e in p.get("killercage", []) or []:
        cells = [ref(x) for x in e.get("cells", [])]
        alldiff(cells)
        s = intval(e.get("value"))
        if s is not None:
            m.Add(sum(V(x) for x in cells) == s)
    for e in p.get("extraregion", []) or []:
        alldiff([ref(x) for x in e.get("cells", [])])
    for e in p.get("clone", []) or []:
        a = [ref(x) for x in e.get("cells", [])]
        c = [ref(x) for x in e.get("cloneCells", [])]
        if len(a) != len(c):
            raise PuzzleError("clone with cells and cloneCells of different lengths")
        for x, y in zip(a, c):
            m.Add(V(x) == V(y))
    for e in p.get("quadruple", []) or []:
        cells = [ref(x) for x in e.get("cells", [])]
        vals = [intval(x) for x in e.get("values", [])]
        for d in set(vals):
            if d is None or not 1 <= d <= n:
                raise PuzzleError(f"quadruple digit {d} out of range")
            m.Add(sum(B(x, d) for x in cells) >= vals.count(d))
    pos_in_region = {cell: (k, i) for k, cells in regs.items() for i, cell in enumerate(cells)}
    for key in ("rowindexer", "columnindexer", "boxindexer"):
        for e in p.get(key, []) or []:
            for cell in map(ref, e.get("cells", [])):
                r, c = cell
                for d in D:
                    if key == "rowindexer":
                        m.Add(v[d - 1][c] == r + 1).OnlyEnforceIf(B(cell, d))
                    elif key == "columnindexer":
                        m.Add(v[r][d - 1] == c + 1).OnlyEnforceIf(B(cell, d))
                    else:
                        if cell not in pos_in_region:
                            raise PuzzleError("box indexer on a cell in no region")
                        k, i = pos_in_region[cell]
                        box = regs[k]
                        if d > len(box):
                            m.Add(B(cell, d) == 0)
                        else:
                            m.Add(V(box[d - 1]) == i + 1).OnlyEnforceIf(B(cell, d))

    # outside clues
    for e in p.get("littlekillersum", []) or []:
        s = intval(e.get("value"))
        if s is None or s <= 0:
            continue
        dr, dc = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}[e["direction"]]
        r, c = ref(e["cell"])
        cells = []
        if 0 <= r < n and 0 <= c < n:
            cells.append((r, c))
        r, c = r + dr, c + dc
        while 0 <= r < n and 0 <= c < n:
            cells.append((r, c))
            r, c = r + dr, c + dc
        m.Add(sum(V(x) for x in cells) == s)
    for e in p.get("sandwichsum", []) or []:
        s = intval(e.get("value"))
        if s is None:
            continue
        line = outside_line(n, ref(e["cell"]))
        for i in range(n):
            for j in range(n):
                if abs(i - j) < 1:
                    continue
                lo, hi = min(i, j), max(i, j)
                m.Add(sum(V(x) for x in line[lo + 1:hi]) == s).OnlyEnforceIf(
                    [B(line[i], 1), B(line[j], n)])
    for e in p.get("xsum", []) or []:
        s = intval(e.get("value"))
        if s is None:
            continue
        line = outside_line(n, ref(e["cell"]))
        for d in D:
            m.Add(sum(V(x) for x in line[:d]) == s).OnlyEnforceIf(B(line[0], d))
    for e in p.get("skyscraper", []) or []:
        s = intval(e.get("value"))
        if s is None:
            continue
        line = outside_line(n, ref(e["cell"]))
        seen = []
        run = V(line[0])
        for x in line[1:]:
            vis = m.NewBoolVar("")
            m.Add(V(x) > run).OnlyEnforceIf(vis)
            m.Add(V(x) <= run).OnlyEnforceIf(vis.Not())
            seen.append(vis)
            nxt = m.NewIntVar(1, n, "")
            m.AddMaxEquality(nxt, [run, V(x)])
            run = nxt
        m.Add(1 + sum(seen) == s)

    # lines
    for e in p.get("thermometer", []) or []:
        for line in lines_of(e):
            for x, y in zip(line, line[1:]):
                m.Add(V(x) < V(y))
    for e in p.get("slowthermometer", []) or []:
        for line in lines_of(e):
            for x, y in zip(line, line[1:]):
                m.Add(V(x) <= V(y))
    for e in p.get("arrow", []) or []:
        circle = [ref(x) for x in e.get("cells", [])]
        value = sum(10 ** (len(circle) - 1 - i) * V(x) for i, x in enumerate(circle))
        for line in lines_of(e):
            if len(line) >= 2:
                m.Add(sum(V(x) for x in line[1:]) == value)
    for e in p.get("palindrome", []) or []:
        for line in lines_of(e):
            for i in range(len(line) // 2):
                m.Add(V(line[i]) == V(line[-1 - i]))
    for e in p.get("renban", []) or []:
        for line in lines_of(e):
            alldiff(line)
            hi, lo = m.NewIntVar(1, n, ""), m.NewIntVar(1, n, "")
            m.AddMaxEquality(hi, [V(x) for x in line])
            m.AddMinEquality(lo, [V(x) for x in line])
            m.Add(hi - lo == len(line) - 1)
    for e in p.get("whispers", []) or []:
        k = intval(e.get("value"))
        k = (n + 1) // 2 if k is None else k
        for line in lines_of(e):
            for x, y in zip(line, line[1:]):
                table([x, y], [(a, c) for a in D for c in D if abs(a - c) >= k])
    for e in p.get("nabner", []) or []:
        for line in lines_of(e):
            alldiff(line)
            for i, x in enumerate(line):
                for y in line[i + 1:]:
                    forbid([x, y], [(a, c) for a in D for c in D if abs(a - c) == 1])
    for e in p.get("betweenline", []) or []:
        for line in lines_of(e):
            if len(line) < 3:
                continue
            up = m.NewBoolVar("")
            a, z = V(line[0]), V(line[-1])
            for x in line[1:-1]:
                m.Add(a < V(x)).OnlyEnforceIf(up)
                m.Add(V(x) < z).OnlyEnforceIf(up)
                m.Add(z < V(x)).OnlyEnforceIf(up.Not())
                m.Add(V(x) < a).OnlyEnforceIf(up.Not())
    s3, l3 = n // 3, (n + 2) // 3
    sizes = [s3, s3 + 1, s3] if n % 3 == 1 else [l3, s3, l3]
    entropic = {}
    d = 1
    for g, size in enumerate(sizes):
        for _ in range(size):
            entropic[d] = g
            d += 1
    for key, cls in (("entropicline", entropic), ("modularline", {d: d % 3 for d in D})):
        for e in p.get(key, []) or []:
            for line in lines_of(e):
                if len(line) < 2:
                    continue
                for i in range(len(line)):
                    for j in range(i + 1, min(i + 3, len(line))):
                        forbid([line[i], line[j]], [(a, c) for a in D for c in D if cls[a] == cls[c]])
                    if i + 3 < len(line):
                        table([line[i], line[i + 3]], [(a, c) for a in D for c in D if cls[a] == cls[c]])
    for e in p.get("zipperline", []) or []:
        for line in lines_of(e):
            L = len(line)
            if L < 2:
                continue
            total = m.NewIntVar(2, 2 * n, "")
            for i in range(L // 2):
                m.Add(V(line[i]) + V(line[L - 1 - i]) == total)
            if L % 2:
                m.Add(V(line[L // 2]) == total)
    for e in p.get("regionsumline", []) or []:
        for line in lines_of(e):
            runs, cur, last = [], [], object()
            for x in line:
                rg = reg[x[0]][x[1]]
                if rg is None:  # a cell in no region ends the run and counts in none
                    if cur:
                        runs.append(cur)
                    cur, last = [], object()
                    continue
                if rg != last and cur:
                    runs.append(cur)
                    cur = []
                cur.append(x)
                last = rg
            if cur:
                runs.append(cur)
            for r1, r2 in zip(runs, runs[1:]):
                m.Add(sum(V(x) for x in r1) == sum(V(x) for x in r2))
    for e in p.get("doublearrow", []) or []:
        for line in lines_of(e):
            if len(line) >= 2:
                m.Add(V(line[0]) + V(line[-1]) == sum(V(x) for x in line[1:-1]))
    return m, v, b


class Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, v, limit):
        super().__init__()
        self.v, self.limit, self.found = v, limit, []

    def on_solution_callback(self):
        self.found.append([[self.Value(x) for x in row] for row in self.v])
        if len(self.found) >= self.limit:
            self.StopSearch()


def solve(p, limit=2, time_limit=None, workers=1, cross=True):
    """(count capped at limit, [solutions]); count None on timeout. With cross, the count is
    also found with CP-SAT's presolve off, and a disagreement is an error (a presolve bug
    once turned a feasible model infeasible)."""
    runs = []
    for presolve in ((True, False) if cross else (True,)):
        m, v, _ = build(p)
        s = cp_model.CpSolver()
        s.parameters.enumerate_all_solutions = True
        s.parameters.num_workers = workers
        s.parameters.cp_model_presolve = presolve
        if time_limit:
            s.parameters.max_time_in_seconds = time_limit
        cb = Collector(v, limit)
        status = s.Solve(m, cb)
        if len(cb.found) < limit and status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
            return None, cb.found  # cut short by the time limit
        runs.append((len(cb.found), cb.found))
    if len({r[0] for r in runs}) > 1:
        raise PuzzleError(f"CP-SAT counts differ with and without presolve: {[r[0] for r in runs]}")
    return runs[0]


def check(path, time_limit=None, cross=True):
    started = time.perf_counter()
    p = load(path)
    count, sols = solve(p, 2, time_limit, cross=cross)
    return {"file": path, "solutions": count,
            "first": sols[0] if sols else None,
            "second": sols[1] if len(sols) > 1 else None,
            "seconds": time.perf_counter() - started}


def candidates(path, limit=100000):
    """Each cell's values over every solution (CP-SAT enumerates them all, up to `limit`)."""
    p = load(path)
    count, sols = solve(p, limit, None, cross=False)
    n = len(sols[0]) if sols else 0
    union = [[sorted({s[r][c] for s in sols}) for c in range(n)] for r in range(n)]
    return {"file": path, "solutions": count, "complete": count < limit, "candidates": union}


def main(argv):
    if len(argv) >= 2 and argv[0] == "candidates":
        for path in argv[1:]:
            print(json.dumps(candidates(path)), flush=True)
        return
    if len(argv) < 2 or argv[0] != "check":
        sys.exit(__doc__)
    args, time_limit = argv[1:], None
    if "--time-limit" in args:
        i = args.index("--time-limit")
        time_limit = float(args[i + 1])
        del args[i:i + 2]
    cross = "--no-cross" not in args
    args = [a for a in args if a != "--no-cross"]
    bad = False
    for path in args:
        try:
            print(json.dumps(check(path, time_limit, cross)), flush=True)
        except PuzzleError as e:
            print(f"{path}: error: {e}", file=sys.stderr)
            bad = True
    if bad:
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
