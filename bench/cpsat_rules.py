"""OR-Tools CP-SAT on Sudokus and Latin squares with consecutive marks and thermometers, written
apart from mipsolve: the independent engine behind the test puzzles of those rules and of
--audit.

  python3 bench/cpsat_rules.py check FILE...   for each puzzle (variant JSON, the consecutive
      bar-code form, or a classic grid: n rows of n cells, '.' or 0 blank), the number of
      solutions (0, 1, or 2 for several) and the first
  python3 bench/cpsat_rules.py audit FILE      the givens whose removal alone leaves the puzzle
      unique, as JSON [[row, col, value], ...] (1-based)
  python3 bench/cpsat_rules.py make SOLUTION RULES SEED > PUZZLE.json   a puzzle over the
      solution grid SOLUTION (a .sol file: n rows of n numbers after its # header): RULES is
      thermo (random thermometers along rising paths of the solution), consec (every
      consecutive pair marked, with the negative rule) or both; givens are then removed in
      random order as long as CP-SAT finds the puzzle unique.

Needs the peers' venv (ortools)."""
import json
import random
import sys

from ortools.sat.python import cp_model


def read(path):
    """The puzzle as a dict: n, givens (0 blank), boxes (r, c) or None, bars, negative, thermos."""
    text = open(path).read()
    if text.lstrip().startswith("{"):
        raw = json.loads(text)
        givens = [[0 if ch in ".0" else int(ch, 36) for ch in row] for row in raw["givens"]]
        n = len(givens)
        box = raw.get("box")
        boxes = None if box == "none" else tuple(map(int, box.split("x"))) if box else None
        if box is None:
            boxes = {4: (2, 2), 6: (2, 3), 9: (3, 3)}[n]
        cell = lambda c: (c[0] - 1, c[1] - 1)
        bars = [tuple(map(cell, pair)) for pair in raw.get("consecutive", [])]
        thermos = [[cell(c) for c in t] for t in raw.get("thermometers", [])]
        return dict(n=n, givens=givens, boxes=boxes, bars=bars,
                    negative=raw.get("negative", False), thermos=thermos)
    lines = [l.split() for l in text.splitlines() if l.strip() and not l.startswith("#")]
    if len(lines[0]) != 2:
        rows = ["".join(l) for l in lines]
        givens = [[0 if ch in ".0" else int(ch, 36) for ch in row] for row in rows]
        n = len(givens)
        boxes = {4: (2, 2), 6: (2, 3), 9: (3, 3)}[n]
        return dict(n=n, givens=givens, boxes=boxes, bars=[], negative=False, thermos=[])
    n = int(lines[0][0])
    givens = [[0 if t == "-" else int(t) for t in row] for row in lines[1:1 + n]]
    codes = [[int(t) for t in row] for row in lines[1 + n:1 + 2 * n]]
    bars = [((r, c), (r, c + 1)) for r in range(n) for c in range(n) if codes[r][c] & 1]
    bars += [((r, c), (r + 1, c)) for r in range(n) for c in range(n) if codes[r][c] & 2]
    return dict(n=n, givens=givens, boxes=None, bars=bars, negative=True, thermos=[])


def model(p):
    n = p["n"]
    m = cp_model.CpModel()
    v = [[m.NewIntVar(1, n, f"v{r}{c}") for c in range(n)] for r in range(n)]
    for i in range(n):
        m.AddAllDifferent(v[i])
        m.AddAllDifferent([v[r][i] for r in range(n)])
    if p["boxes"]:
        br, bc = p["boxes"]
        for r0 in range(0, n, br):
            for c0 in range(0, n, bc):
                m.AddAllDifferent([v[r][c] for r in range(r0, r0 + br) for c in range(c0, c0 + bc)])
    for r in range(n):
        for c in range(n):
            if p["givens"][r][c]:
                m.Add(v[r][c] == p["givens"][r][c])
    marked = {tuple(sorted(b)) for b in p["bars"]}
    pairs = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)]
    pairs += [((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n)]
    for a, b in pairs:
        d = m.NewIntVar(0, n, "")
        m.AddAbsEquality(d, v[a[0]][a[1]] - v[b[0]][b[1]])
        if (a, b) in marked:
            m.Add(d == 1)
        elif p["negative"]:
            m.Add(d != 1)
    for t in p["thermos"]:
        for a, b in zip(t, t[1:]):
            m.Add(v[a[0]][a[1]] < v[b[0]][b[1]])
    return m, v


def solutions(p, limit=2):
    """Up to `limit` solutions, each as rows."""
    m, v = model(p)
    found = []
    while len(found) < limit:
        s = cp_model.CpSolver()
        s.parameters.num_workers = 1
        if s.Solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        grid = [[s.Value(x) for x in row] for row in v]
        found.append(grid)
        cells = [(r, c) for r in range(p["n"]) for c in range(p["n"])]
        m.AddBoolOr([differs(m, v[r][c], grid[r][c]) for r, c in cells])
    return found


def differs(m, var, value):
    """A literal true exactly when `var` is not `value`."""
    b = m.NewBoolVar("")
    m.Add(var != value).OnlyEnforceIf(b)
    m.Add(var == value).OnlyEnforceIf(b.Not())
    return b


def thermometers(solution, rng):
    """Random thermometers: rising paths through neighbouring cells (diagonals too), 3 to 6
    cells each, no cell in two of them."""
    n = len(solution)
    used, out = set(), []
    for _ in range(60):
        r, c = rng.randrange(n), rng.randrange(n)
        path = [(r, c)]
        while len(path) < rng.randint(3, 6):
            r, c = path[-1]
            steps = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
            steps = [(a, b) for a, b in steps if 0 <= a < n and 0 <= b < n
                     and (a, b) not in used and (a, b) not in path
                     and solution[a][b] > solution[r][c]]
            if not steps:
                break
            path.append(rng.choice(steps))
        if len(path) >= 3 and not used & set(path):
            used |= set(path)
            out.append(path)
        if len(out) == n - 1:
            break
    return out


def make(sol_path, rules, seed):
    rows = [l.split() for l in open(sol_path) if l.strip() and not l.startswith("#")]
    solution = [[int(t) for t in row] for row in rows]
    n, rng = len(solution), random.Random(seed)
    p = dict(n=n, givens=[row[:] for row in solution], boxes={4: (2, 2), 6: (2, 3), 9: (3, 3)}[n],
             bars=[], negative=False, thermos=[])
    if rules in ("thermo", "both"):
        p["thermos"] = thermometers(solution, rng)
    if rules in ("consec", "both"):
        pairs = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)]
        pairs += [((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n)]
        p["bars"] = [(a, b) for a, b in pairs if abs(solution[a[0]][a[1]] - solution[b[0]][b[1]]) == 1]
        p["negative"] = True
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    for r, c in cells:
        keep = p["givens"][r][c]
        p["givens"][r][c] = 0
        if len(solutions(p)) != 1:
            p["givens"][r][c] = keep
    one = lambda cell: [cell[0] + 1, cell[1] + 1]
    out = {"givens": ["".join(str(x) if x else "." for x in row) for row in p["givens"]]}
    if p["bars"]:
        out["consecutive"] = [[one(a), one(b)] for a, b in p["bars"]]
        out["negative"] = True
    if p["thermos"]:
        out["thermometers"] = [[one(c) for c in t] for t in p["thermos"]]
    print(json.dumps(out))


def audit(p):
    """The givens whose removal alone keeps the puzzle unique, 1-based."""
    out = []
    for r in range(p["n"]):
        for c in range(p["n"]):
            value = p["givens"][r][c]
            if value:
                p["givens"][r][c] = 0
                if len(solutions(p)) == 1:
                    out.append([r + 1, c + 1, value])
                p["givens"][r][c] = value
    return out


if __name__ == "__main__":
    if sys.argv[1] == "audit":
        print(json.dumps(audit(read(sys.argv[2]))))
    elif sys.argv[1] == "check":
        for path in sys.argv[2:]:
            found = solutions(read(path))
            print(f"# {path}: solutions: {len(found)}")
            for row in found[:1][0] if found else []:
                print(" ".join(map(str, row)))
    else:
        make(sys.argv[2], sys.argv[3], int(sys.argv[4]))
