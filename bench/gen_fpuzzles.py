"""Generator of the f-puzzles test fixtures in tests/fixtures/fpuzzles/, verdicts by CP-SAT
(bench/cpsat_fpuzzles.py), never by mipsolve.

  python3 bench/gen_fpuzzles.py OUTDIR [NAME...]   (re)writes <name>.txt (one f-puzzles link),
      expected.json; with NAMEs only those families are made (expected.json is merged)

For each family: a solution grid (a line of sudoku-top95 solutions for plain 9x9 families, else
one CP-SAT finds under the family's own rules from a random first row), clues of the family that
the grid satisfies (random, seeded from SEED and the family name), then all givens, removed in
random order while CP-SAT still finds the grid the only solution. "-none" variants change one
clue until CP-SAT finds no solution; "-several" variants drop rule clues (then givens) until
CP-SAT finds two. Needs ortools and lzstring (see bench/cpsat_fpuzzles.py)."""
import copy
import json
import os
import random
import sys

from ortools.sat.python import cp_model

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cpsat_fpuzzles as C  # noqa: E402
import lzstring  # noqa: E402

SEED = 20250611
TOP95 = os.path.join(
    os.environ.get("PUZZLES_PUBLIC", os.path.join(os.path.dirname(__file__), "..", "..", "shared", "puzzles-public")),
    "solutions", "sudoku-top95.txt")
KING = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
ORTHO = [(0, 1), (1, 0), (0, -1), (-1, 0)]
LINK = "https://www.f-puzzles.com/?load="


def R(cell):
    return f"R{cell[0] + 1}C{cell[1] + 1}"


def encode(p):
    return LINK + lzstring.LZString().compressToBase64(json.dumps(p, separators=(",", ":")))


def blank(n, title):
    return {"size": n, "title": title, "author": "bench/gen_fpuzzles.py", "ruleset": "",
            "grid": [[{} for _ in range(n)] for _ in range(n)]}


def top95(i):
    line = [l.strip() for l in open(TOP95) if l.strip()][i]
    return [[int(line[9 * r + c]) for c in range(9)] for r in range(9)]


def rule_keys(p):
    return [k for k in p if k in C.RULE_KEYS]


# ------------------------------------------------------------ CP-SAT helpers

def other_solution_exists(p, sol, time_limit=120):
    m, v, b = C.build(p)
    n = len(sol)
    m.Add(sum(b[r][c][sol[r][c]] for r in range(n) for c in range(n)) <= n * n - 1)
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.max_time_in_seconds = time_limit
    st = s.Solve(m)
    if st == cp_model.INFEASIBLE:  # confirm without presolve (see cpsat_fpuzzles.solve)
        s.parameters.cp_model_presolve = False
        st = s.Solve(m)
    if st == cp_model.UNKNOWN:
        raise RuntimeError("CP-SAT timed out")
    return st != cp_model.INFEASIBLE


def random_solution(p, rng, attempts=50):
    """A solution grid of the (given-less) puzzle p, from a random first row."""
    n = len(p["grid"])
    for k in range(attempts):
        m, v, b = C.build(p)
        row = list(range(1, n + 1))
        rng.shuffle(row)
        for c in range(n):
            if k % 2 == 0:
                m.Add(v[0][c] == row[c])
        for _ in range(2 if k % 2 == 0 else 4):
            r, c = rng.randrange(1, n), rng.randrange(n)
            m.Add(v[r][c] == rng.randrange(1, n + 1))
        s = cp_model.CpSolver()
        s.parameters.num_workers = 1
        s.parameters.max_time_in_seconds = 20
        s.parameters.random_seed = rng.randrange(1000)
        if s.Solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return [[s.Value(x) for x in row_] for row_ in v]
    raise RuntimeError("no random solution")


def set_givens(p, sol, cells):
    for r, row in enumerate(p["grid"]):
        for c, cell in enumerate(row):
            cell.pop("value", None)
            cell.pop("given", None)
            if (r, c) in cells:
                cell["value"] = sol[r][c]
                cell["given"] = True


def givens_of(p):
    return {(r, c) for r, row in enumerate(p["grid"]) for c, cell in enumerate(row) if cell.get("given")}


def minimize(p, sol, rng):
    n = len(sol)
    cells = [(r, c) for r in range(n) for c in range(n)]
    keep = set(cells)
    set_givens(p, sol, keep)
    rng.shuffle(cells)
    for cell in cells:
        keep.discard(cell)
        set_givens(p, sol, keep)
        if other_solution_exists(p, sol):
            keep.add(cell)
    set_givens(p, sol, keep)
    return p


# ------------------------------------------------------------ geometry on a solution grid

def inside(n, r, c):
    return 0 <= r < n and 0 <= c < n


def find_line(sol, rng, lo, hi, prefix_ok, final_ok, used, tries=20000, moves=KING):
    n = len(sol)
    val = lambda path: [sol[r][c] for r, c in path]
    for _ in range(tries):
        start = (rng.randrange(n), rng.randrange(n))
        if start in used:
            continue
        path = [start]
        target = rng.randint(lo, hi)
        while len(path) < target:
            r, c = path[-1]
            opts = [(r + a, c + b) for a, b in moves if inside(n, r + a, c + b)
                    and (r + a, c + b) not in path and (r + a, c + b) not in used]
            opts = [o for o in opts if prefix_ok(val(path + [o]))]
            if not opts:
                break
            path.append(rng.choice(opts))
        for L in range(len(path), lo - 1, -1):
            if final_ok(val(path[:L])):
                return path[:L]
    return None


def lines(sol, rng, count, lo, hi, prefix_ok=lambda v: True, final_ok=lambda v: True,
          used=None, moves=KING):
    used = set() if used is None else used
    out = []
    for _ in range(count):
        line = find_line(sol, rng, lo, hi, prefix_ok, final_ok, used, moves=moves)
        if line:
            out.append(line)
            used |= set(line)
    return out


def pairs(n):
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                yield (r, c), (r, c + 1)
            if r + 1 < n:
                yield (r, c), (r + 1, c)


def outside_cells(n):
    return ([(-1, c) for c in range(n)] + [(n, c) for c in range(n)]
            + [(r, -1) for r in range(n)] + [(r, n) for r in range(n)])


def read_outside(sol, cell):
    n = len(sol)
    return [sol[r][c] for r, c in C.outside_line(n, cell)]


def L(line):
    return [R(x) for x in line]


# ------------------------------------------------------------ families

def entropic_class(n):
    s3, l3 = n // 3, (n + 2) // 3
    sizes = [s3, s3 + 1, s3] if n % 3 == 1 else [l3, s3, l3]
    out, d = {}, 1
    for g, size in enumerate(sizes):
        for _ in range(size):
            out[d] = g
            d += 1
    return out


def fam_kropki(p, sol, rng):
    n = len(sol)
    p["difference"], p["ratio"] = [], []
    for a, b in pairs(n):
        x, y = sol[a[0]][a[1]], sol[b[0]][b[1]]
        if abs(x - y) == 1 and rng.random() < 0.5:
            p["difference"].append({"cells": [R(a), R(b)]})
        elif (x == 2 * y or y == 2 * x) and rng.random() < 0.5:
            p["ratio"].append({"cells": [R(a), R(b)]})
        elif abs(x - y) == 3 and rng.random() < 0.15:
            p["difference"].append({"cells": [R(a), R(b)], "value": "3"})
        elif (x == 3 * y or y == 3 * x) and rng.random() < 0.4:
            p["ratio"].append({"cells": [R(a), R(b)], "value": "3"})


def fam_kropki_neg(p, sol, rng):
    n = len(sol)
    p["nonconsecutive"] = True
    p["negative"] = ["ratio"]
    p["difference"], p["ratio"] = [], []
    for a, b in pairs(n):
        x, y = sol[a[0]][a[1]], sol[b[0]][b[1]]
        is_d, is_r = abs(x - y) == 1, x == 2 * y or y == 2 * x
        if is_d and is_r:
            p[rng.choice(["difference", "ratio"])].append({"cells": [R(a), R(b)]})
        elif is_d:
            p["difference"].append({"cells": [R(a), R(b)]})
        elif is_r:
            p["ratio"].append({"cells": [R(a), R(b)]})


def fam_xv(p, sol, rng, negative=False):
    n = len(sol)
    p["xv"] = []
    for a, b in pairs(n):
        s = sol[a[0]][a[1]] + sol[b[0]][b[1]]
        if s in (5, 10) and (negative or rng.random() < 0.5):
            p["xv"].append({"cells": [R(a), R(b)], "value": "X" if s == 10 else "V"})
    if negative:
        p["negative"] = ["xv"]


def fam_arrow(p, sol, rng):
    n = len(sol)
    used = set()
    p["arrow"] = []
    val = lambda c: sol[c[0]][c[1]]
    # a 2-cell pill
    for _ in range(5000):
        a = (rng.randrange(n), rng.randrange(n - 1))
        b = (a[0], a[1] + 1)
        total = 10 * val(a) + val(b)
        if total > 30:
            continue
        used_here = {a, b}
        sh = find_line_from(sol, rng, b, total, used | used_here)
        if sh:
            p["arrow"].append({"cells": [R(a), R(b)], "lines": [L([b] + sh)]})
            used |= used_here | set(sh)
            break
    # a circle with two arrows
    for _ in range(5000):
        c0 = (rng.randrange(n), rng.randrange(n))
        if c0 in used or val(c0) < 4:
            continue
        s1 = find_line_from(sol, rng, c0, val(c0), used | {c0})
        if not s1:
            continue
        s2 = find_line_from(sol, rng, c0, val(c0), used | {c0} | set(s1))
        if s2:
            p["arrow"].append({"cells": [R(c0)], "lines": [L([c0] + s1), L([c0] + s2)]})
            used |= {c0} | set(s1) | set(s2)
            break
    k = 0
    for _ in range(5000):
        if k == 5:
            break
        c0 = (rng.randrange(n), rng.randrange(n))
        if c0 in used or val(c0) < 3:
            continue
        sh = find_line_from(sol, rng, c0, val(c0), used | {c0})
        if sh:
            p["arrow"].append({"cells": [R(c0)], "lines": [L([c0] + sh)]})
            used |= {c0} | set(sh)
            k += 1


def find_line_from(sol, rng, start, total, used, tries=30):
    """shaft cells (2+) leaving start by king moves, summing to total."""
    n = len(sol)
    for _ in range(tries):
        path, s = [], 0
        cur = start
        while s < total:
            opts = [(cur[0] + a, cur[1] + b) for a, b in KING if inside(n, cur[0] + a, cur[1] + b)
                    and (cur[0] + a, cur[1] + b) not in used and (cur[0] + a, cur[1] + b) not in path]
            opts = [o for o in opts if s + sol[o[0]][o[1]] <= total]
            if not opts:
                break
            cur = rng.choice(opts)
            path.append(cur)
            s += sol[cur[0]][cur[1]]
        if s == total and len(path) >= 2:
            return path
    return None


def fam_thermo(p, sol, rng):
    used = set()
    inc = lambda v: all(x < y for x, y in zip(v, v[1:]))
    nondec = lambda v: all(x <= y for x, y in zip(v, v[1:]))
    p["thermometer"] = [{"lines": [L(t)]} for t in lines(sol, rng, 4, 3, 6, inc, used=used)]
    slow = lines(sol, rng, 1, 3, 6, nondec, lambda v: len(set(v)) < len(v), used=used)
    slow += lines(sol, rng, 2, 3, 6, nondec, used=used)
    p["slowthermometer"] = [{"lines": [L(t)]} for t in slow]


def cages(sol, rng, cover, lo=2, hi=5):
    n = len(sol)
    used, out = set(), []
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    for start in cells:
        if len(used) >= cover * n * n:
            break
        if start in used:
            continue
        cage, digits = [start], {sol[start[0]][start[1]]}
        target = rng.randint(lo, hi)
        while len(cage) < target:
            opts = [(r + a, c + b) for r, c in cage for a, b in ORTHO if inside(n, r + a, c + b)
                    and (r + a, c + b) not in used and (r + a, c + b) not in cage
                    and sol[r + a][c + b] not in digits]
            if not opts:
                break
            x = rng.choice(opts)
            cage.append(x)
            digits.add(sol[x[0]][x[1]])
        if len(cage) >= lo:
            out.append(sorted(cage))
            used |= set(cage)
    return out


def fam_killer(p, sol, rng):
    p["killercage"] = []
    for cage in cages(sol, rng, 0.7):
        e = {"cells": L(cage)}
        if rng.random() < 0.75:
            e["value"] = str(sum(sol[r][c] for r, c in cage))
        p["killercage"].append(e)


def fam_littlekiller(p, sol, rng):
    n = len(sol)
    p["littlekillersum"] = []
    opts = []
    for cell in outside_cells(n) + [(-1, -1), (n, -1), (-1, n), (n, n)]:
        for d, (a, b) in {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}.items():
            path, r, c = [], cell[0] + a, cell[1] + b
            while inside(n, r, c):
                path.append((r, c))
                r, c = r + a, c + b
            if len(path) >= 2:
                opts.append((cell, d, path))
    for cell, d, path in rng.sample(opts, 10):
        p["littlekillersum"].append({"cell": R(cell), "cells": L(path), "direction": d,
                                     "value": str(sum(sol[r][c] for r, c in path))})


def fam_sandwich(p, sol, rng):
    n = len(sol)
    p["sandwichsum"] = []
    for cell in [(-1, c) for c in range(n)] + [(r, -1) for r in range(n)]:
        if rng.random() < 0.6:
            v = read_outside(sol, cell)
            i, j = sorted((v.index(1), v.index(n)))
            p["sandwichsum"].append({"cell": R(cell), "value": str(sum(v[i + 1:j]))})


def fam_xsum(p, sol, rng):
    p["xsum"] = []
    for cell in outside_cells(len(sol)):
        if rng.random() < 0.4:
            v = read_outside(sol, cell)
            p["xsum"].append({"cell": R(cell), "value": str(sum(v[:v[0]]))})


def fam_skyscraper(p, sol, rng):
    p["skyscraper"] = []
    for cell in outside_cells(len(sol)):
        if rng.random() < 0.4:
            v = read_outside(sol, cell)
            p["skyscraper"].append({"cell": R(cell), "value": str(
                sum(1 for i, x in enumerate(v) if all(x > y for y in v[:i])))})


def fam_oddeven(p, sol, rng):
    n = len(sol)
    cells = rng.sample([(r, c) for r in range(n) for c in range(n)], 24)
    p["odd"] = [{"cell": R(x)} for x in cells[:18] if sol[x[0]][x[1]] % 2]
    p["even"] = [{"cell": R(x)} for x in cells[:18] if sol[x[0]][x[1]] % 2 == 0]
    for r, c in cells[18:]:
        marks = {sol[r][c]} | set(rng.sample(range(1, n + 1), 2))
        p["grid"][r][c]["givenPencilMarks"] = sorted(marks)


def fam_minmax(p, sol, rng):
    n = len(sol)
    nb = lambda r, c: [(r + a, c + b) for a, b in ORTHO if inside(n, r + a, c + b)]
    mins = [(r, c) for r in range(n) for c in range(n) if all(sol[r][c] < sol[x][y] for x, y in nb(r, c))]
    maxs = [(r, c) for r in range(n) for c in range(n) if all(sol[r][c] > sol[x][y] for x, y in nb(r, c))]
    # a pair of neighbouring cells, both below all their other neighbours (members exempt each other)
    for a, b in pairs(n):
        grp = {a, b}
        if all(sol[x][y] < sol[o[0]][o[1]] for x, y in grp for o in nb(x, y) if o not in grp) \
                and not (set(nb(*a)) | set(nb(*b))) & set(mins):
            mins = [m for m in mins if m not in grp] + [a, b]
            break
    p["minimum"] = [{"cell": R(x)} for x in mins if rng.random() < 0.8 or x in mins[-2:]]
    p["maximum"] = [{"cell": R(x)} for x in maxs if rng.random() < 0.8]


def fam_renban(p, sol, rng):
    ok = lambda v: len(set(v)) == len(v) and max(v) - min(v) <= len(v) - 1
    fin = lambda v: ok(v) and max(v) - min(v) == len(v) - 1
    ls = lines(sol, rng, 6, 3, 6, ok, fin)
    p["renban"] = [{"lines": [L(x)]} for x in ls]
    p["line"] = [{"lines": [L(x)], "outlineC": "#F067F0", "width": 0.4, "fromConstraint": "Renban"}
                 for x in ls]


def fam_whispers(p, sol, rng):
    n = len(sol)
    k = (n + 1) // 2
    ls = lines(sol, rng, 5, 3, 7, lambda v: all(abs(x - y) >= k for x, y in zip(v, v[1:])))
    p["whispers"] = [{"lines": [L(x)]} for x in ls]
    used = {c for x in ls for c in x}
    d = lines(sol, rng, 2, 3, 6, lambda v: all(abs(x - y) >= k - 1 for x, y in zip(v, v[1:])),
              used=used)
    p["whispers"] += [{"lines": [L(x)], "value": str(k - 1)} for x in d]
    p["line"] = [{"lines": [L(x)], "outlineC": "#67F067", "width": 0.3,
                  "fromConstraint": "German Whispers"} for x in ls]


def fam_between(p, sol, rng):
    fin = lambda v: all(min(v[0], v[-1]) < x < max(v[0], v[-1]) for x in v[1:-1])
    p["betweenline"] = [{"lines": [L(x)]} for x in lines(sol, rng, 6, 3, 6, final_ok=fin)]


def fam_entropic(p, sol, rng, key="entropicline"):
    n = len(sol)
    cls = entropic_class(n) if key == "entropicline" else {d: d % 3 for d in range(1, n + 1)}
    ok = lambda v: all(len({cls[x] for x in v[i:i + 3]}) == len(v[i:i + 3]) for i in range(len(v)))
    p[key] = [{"lines": [L(x)]} for x in lines(sol, rng, 5, 3, 7, ok)]


def fam_zipper(p, sol, rng):
    def fin(v):
        sums = {v[i] + v[-1 - i] for i in range(len(v) // 2)}
        return len(sums) == 1 and (len(v) % 2 == 0 or v[len(v) // 2] in sums)
    p["zipperline"] = [{"lines": [L(x)]} for x in lines(sol, rng, 6, 3, 7, final_ok=fin)]


def fam_regionsum(p, sol, rng):
    reg = C.regions_of(p)

    def runs(path):
        out, last = [], None
        for r, c in path:
            if reg[r][c] != last:
                out.append([])
            out[-1].append(sol[r][c])
            last = reg[r][c]
        return out
    ls = []
    used = set()
    for _ in range(5):
        line = None
        for _ in range(20000):
            cand = find_line(sol, rng, 3, 7, lambda v: True, lambda v: True, used, tries=1)
            if cand and len(cand) >= 3:
                for k in range(len(cand), 2, -1):
                    rs = runs(cand[:k])
                    if len(rs) >= 2 and len({sum(x) for x in rs}) == 1 \
                            and len({reg[r][c] for r, c in cand[:k]}) == len(rs):
                        line = cand[:k]
                        break
            if line:
                break
        if line:
            ls.append(line)
            used |= set(line)
    p["regionsumline"] = [{"lines": [L(x)]} for x in ls]


def fam_doublearrow(p, sol, rng):
    fin = lambda v: len(v) >= 3 and v[0] + v[-1] == sum(v[1:-1])
    p["doublearrow"] = [{"lines": [L(x)]} for x in lines(sol, rng, 6, 3, 6,
                                                          lambda v: sum(v[1:]) <= 2 * len(sol), fin)]


def fam_nabner(p, sol, rng):
    ok = lambda v: all(x != y and abs(x - y) != 1 for i, x in enumerate(v) for y in v[i + 1:])
    p["nabner"] = [{"lines": [L(x)]} for x in lines(sol, rng, 6, 3, 5, ok)]


def fam_extraregion(p, sol, rng):
    n = len(sol)
    p["extraregion"] = []
    used = set()
    for _ in range(2):
        for _ in range(2000):
            start = (rng.randrange(n), rng.randrange(n))
            if start in used:
                continue
            reg, digits = [start], {sol[start[0]][start[1]]}
            while len(reg) < n:
                opts = [(r + a, c + b) for r, c in reg for a, b in ORTHO if inside(n, r + a, c + b)
                        and (r + a, c + b) not in reg and (r + a, c + b) not in used
                        and sol[r + a][c + b] not in digits]
                if not opts:
                    break
                x = rng.choice(opts)
                reg.append(x)
                digits.add(sol[x[0]][x[1]])
            if len(reg) == n:
                p["extraregion"].append({"cells": L(sorted(reg))})
                used |= set(reg)
                break


def fam_quadruple(p, sol, rng):
    n = len(sol)
    corners = [(r, c) for r in range(n - 1) for c in range(n - 1)]
    p["quadruple"] = []
    for r, c in rng.sample(corners, 9):
        cells = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        digits = [sol[x][y] for x, y in cells]
        k = rng.randint(2, 4)
        p["quadruple"].append({"cells": L(cells), "values": sorted(rng.sample(digits, k))})


def fam_palclone(p, sol, rng):
    pass  # geometry is imposed before the grid is made (see IMPOSED)


def impose_palclone(p, rng):
    n = len(p["grid"])
    blank_sol = [[0] * n for _ in range(n)]
    pal = lines(blank_sol, rng, 2, 5, 7)
    p["palindrome"] = [{"lines": [L(x)]} for x in pal]
    shape = [(0, 0), (0, 1), (1, 0)]
    a, b = (rng.randrange(3), rng.randrange(3)), (6 + rng.randrange(2), 3 + rng.randrange(5))
    p["clone"] = [{"cells": L([(a[0] + x, a[1] + y) for x, y in shape]),
                   "cloneCells": L([(b[0] + x, b[1] + y) for x, y in shape])}]


def impose_indexer(key):
    def f(p, rng):
        n = len(p["grid"])
        if key == "rowindexer":
            cells = [(r, c) for r in (0, 4, 8) for c in range(n)]
        elif key == "columnindexer":
            cells = [(r, c) for c in (0, 4, 8) for r in range(n)]
        else:
            cells = [(r, c) for r in (1, 4, 7) for c in (1, 4, 7)]
        p[key] = [{"cells": L(cells)}]
    return f


def impose_flags(*keys):
    def f(p, rng):
        for k in keys:
            p[k] = True
    return f


def jigsaw(n, rng, h, w, steps=3000):
    reg = [[(r // h) * (n // w) + c // w for c in range(n)] for r in range(n)]

    def connected(k):
        cells = [(r, c) for r in range(n) for c in range(n) if reg[r][c] == k]
        seen, todo = {cells[0]}, [cells[0]]
        while todo:
            r, c = todo.pop()
            for a, b in ORTHO:
                x = (r + a, c + b)
                if inside(n, *x) and x not in seen and reg[x[0]][x[1]] == k:
                    seen.add(x)
                    todo.append(x)
        return len(seen) == len(cells)
    for _ in range(steps):
        r, c = rng.randrange(n), rng.randrange(n)
        A = reg[r][c]
        nbs = [(r + a, c + b) for a, b in ORTHO if inside(n, r + a, c + b) and reg[r + a][c + b] != A]
        if not nbs:
            continue
        y0 = rng.choice(nbs)
        B = reg[y0[0]][y0[1]]
        ys = [(x, y) for x in range(n) for y in range(n) if reg[x][y] == B and (x, y) != y0 and any(
            inside(n, x + a, y + b) and reg[x + a][y + b] == A for a, b in ORTHO)]
        if not ys:
            continue
        y = rng.choice(ys)
        reg[r][c], reg[y[0]][y[1]] = B, A
        if not (connected(A) and connected(B)):
            reg[r][c], reg[y[0]][y[1]] = A, B
    return reg


def impose_jigsaw(p, rng):
    n = len(p["grid"])
    hd, wd = C.default_box(n)
    h, w = (3, 3) if n == 9 else (2, 3) if n == 6 else (1, n)
    reg = jigsaw(n, rng, h, w)  # 7x7: starts from rows (the default regions of a prime size)
    for r in range(n):
        for c in range(n):
            if reg[r][c] != (r // hd) * hd + c // wd:
                p["grid"][r][c]["region"] = reg[r][c]


def impose_noregion(p, rng):
    for row in p["grid"]:
        for cell in row:
            cell["region"] = None


# name: (size, grid source (int = top95 line, None = CP-SAT), impose(p, rng) or None,
#        clue function or None, make none/several variants)
FAMILIES = {
    "kropki": (9, 1, None, fam_kropki, True),
    "kropki-negative": (9, 2, None, fam_kropki_neg, False),
    "xv": (9, 3, None, fam_xv, False),
    "xv-negative": (9, 4, None, lambda p, s, r: fam_xv(p, s, r, True), True),
    "arrow": (9, 5, None, fam_arrow, True),
    "thermo-slowthermo": (9, 6, None, fam_thermo, True),
    "killer": (9, 7, None, fam_killer, True),
    "littlekiller": (9, 8, None, fam_littlekiller, False),
    "sandwich": (9, 9, None, fam_sandwich, True),
    "xsum": (9, 10, None, fam_xsum, False),
    "skyscraper": (9, 11, None, fam_skyscraper, True),
    "antiknight": (9, None, impose_flags("antiknight"), None, True),
    "antiking": (9, None, impose_flags("antiking"), None, False),
    "disjoint-diagonals": (9, None, impose_flags("disjointgroups", "diagonal+", "diagonal-"), None, True),
    "oddeven-pencilmarks": (9, 12, None, fam_oddeven, False),
    "minmax": (9, 13, None, fam_minmax, True),
    "palindrome-clone": (9, None, impose_palclone, fam_palclone, True),
    "renban": (9, 14, None, fam_renban, False),
    "whispers": (9, 15, None, fam_whispers, True),
    "betweenline": (9, 16, None, fam_between, False),
    "entropicline": (9, 17, None, fam_entropic, True),
    "modularline": (9, 18, None, lambda p, s, r: fam_entropic(p, s, r, "modularline"), False),
    "zipperline": (9, 19, None, fam_zipper, False),
    "regionsumline": (9, 20, None, fam_regionsum, True),
    "doublearrow": (9, 21, None, fam_doublearrow, False),
    "nabner": (9, 22, None, fam_nabner, True),
    "extraregion": (9, 23, None, fam_extraregion, False),
    "quadruple": (9, 24, None, fam_quadruple, True),
    "rowindexer": (9, None, impose_indexer("rowindexer"), None, False),
    "columnindexer": (9, None, impose_indexer("columnindexer"), None, True),
    "boxindexer": (9, None, impose_indexer("boxindexer"), None, False),
    "6x6-thermo-xsum": (6, None, None, lambda p, s, r: (fam_thermo(p, s, r), fam_xsum(p, s, r)), True),
    "jigsaw-9x9": (9, None, impose_jigsaw, None, True),
    "jigsaw-7x7-kropki": (7, None, impose_jigsaw, fam_kropki, False),
    "noregion-6x6-killer": (6, None, impose_noregion, fam_killer, False),
}


# ------------------------------------------------------------ none / several variants

def mutations(p, rng):
    """candidate puzzles, each with one clue changed."""
    n = len(p["grid"])
    out = []

    def variant(f):
        q = copy.deepcopy(p)
        if f(q) is not False:
            out.append(q)
    for key in rule_keys(p):
        ents = p[key] if isinstance(p[key], list) else []
        for i, e in enumerate(ents):
            if not isinstance(e, dict):
                continue
            if key == "xv":
                variant(lambda q, i=i: q["xv"][i].update(value="V" if q["xv"][i]["value"] == "X" else "X"))
            elif key == "quadruple":
                variant(lambda q, i=i: q[key][i]["values"].__setitem__(0, q[key][i]["values"][0] % n + 1))
            elif C.intval(e.get("value")) is not None:
                for dv in (1, -1, 2):
                    variant(lambda q, i=i, dv=dv, key=key: q[key][i].update(
                        value=str(C.intval(q[key][i]["value"]) + dv)))
            elif key in ("difference", "ratio"):
                variant(lambda q, i=i, key=key: q[key][i].update(value="2" if key == "difference" else "3"))
            elif key in ("thermometer", "slowthermometer"):
                variant(lambda q, i=i, key=key: q[key][i]["lines"][0].reverse())
            elif key in ("odd", "even", "minimum", "maximum"):
                other = {"odd": "even", "even": "odd", "minimum": "maximum", "maximum": "minimum"}[key]

                def swap(q, i=i, key=key, other=other):
                    q.setdefault(other, []).append(q[key].pop(i))
                variant(swap)
            elif "lines" in e:
                def move_end(q, i=i, key=key):
                    line = q[key][i]["lines"][0]
                    cells = [C.ref(x) for x in line]
                    r, c = cells[-2]
                    opts = [(r + a, c + b) for a, b in KING if inside(n, r + a, c + b)
                            and (r + a, c + b) not in cells]
                    if not opts:
                        return False
                    line[-1] = R(rng.choice(opts))
                variant(move_end)
    rng.shuffle(out)
    return out


def several_candidates(p):
    """ways to drop one rule clue: (key, index) or (key, None) for a flag."""
    out = []
    for key in rule_keys(p):
        if isinstance(p[key], list) and key != "negative":
            out += [(key, i) for i in range(len(p[key]))]
        else:
            out.append((key, None))
    return out


def drop(p, key, i):
    q = copy.deepcopy(p)
    if i is None:
        del q[key]
    else:
        del q[key][i]
    return q


def make_none(p, rng):
    for q in mutations(p, rng)[:40]:
        if C.solve(q, 2, time_limit=120)[0] == 0:
            return q
    n = len(p["grid"])
    for r, c in sorted(givens_of(p), key=lambda x: rng.random()):
        q = copy.deepcopy(p)
        v = q["grid"][r][c]["value"]
        q["grid"][r][c]["value"] = v % n + 1
        if C.solve(q, 2, time_limit=120)[0] == 0:
            return q
    raise RuntimeError("no unsolvable variant")


def make_several(p, rng):
    q = copy.deepcopy(p)
    for _ in range(500):
        cands = several_candidates(q)
        if cands:
            key, i = rng.choice(cands)
            q2 = drop(q, key, i)
            if isinstance(q2.get(key), list) and not q2[key]:
                del q2[key]
        else:
            g = sorted(givens_of(q))
            if not g:
                break
            r, c = rng.choice(g)
            q2 = copy.deepcopy(q)
            q2["grid"][r][c].pop("value")
            q2["grid"][r][c].pop("given")
        q = q2
        if C.solve(q, 2, time_limit=120)[0] == 2:
            return q
    raise RuntimeError("no several variant")


# ------------------------------------------------------------ main

def cell_keys(p):
    keys = set()
    for row in p["grid"]:
        for cell in row:
            keys |= {k for k in ("region", "givenPencilMarks") if k in cell}
    return sorted(keys)


def strip_rules(p):
    q = copy.deepcopy(p)
    for k in rule_keys(q):
        del q[k]
    for row in q["grid"]:
        for cell in row:
            cell.pop("givenPencilMarks", None)
    return q


def make_family(name, outdir, expected):
    n, src, impose, clues, variants = FAMILIES[name]
    rng = random.Random(f"{SEED}:{name}")
    for _ in range(30):  # imposed geometry may admit no grid: impose again
        p = blank(n, f"fixture {name}")
        if impose:
            impose(p, rng)
        try:
            sol = top95(src) if src is not None else random_solution(p, rng, 5)
            break
        except RuntimeError:
            continue
    if clues:
        clues(p, sol, rng)
    for k in [k for k in rule_keys(p) if isinstance(p[k], list) and not p[k]]:
        del p[k]
    set_givens(p, sol, {(r, c) for r in range(n) for c in range(n)})
    assert C.solve(p, 2)[0] == 1, "the clues contradict the grid"
    minimize(p, sol, rng)
    puzzles = {name: p}
    if variants:
        puzzles[name + "-none"] = make_none(p, rng)
        puzzles[name + "-several"] = make_several(p, rng)
    for pname, q in puzzles.items():
        link = encode(q)
        assert C.decode(link) == q, "round trip"
        count, sols = C.solve(C.decode(link), 2)
        e = {"solutions": count, "rules": rule_keys(q) + cell_keys(q), "givens": len(givens_of(q))}
        if count >= 1:
            e["solution"] = sols[0]
        if count == 1:
            assert sols[0] == sol
            e["unique_without_rules"] = C.solve(strip_rules(q), 2)[0] == 1
        if count == 2:
            e["second"] = sols[1]
        with open(os.path.join(outdir, pname + ".txt"), "w") as f:
            f.write(link + "\n")
        expected[pname + ".txt"] = e
        print(pname, count, e["rules"], e["givens"], file=sys.stderr, flush=True)


def main(argv):
    if not argv:
        sys.exit(__doc__)
    outdir = argv[0]
    names = argv[1:] or list(FAMILIES)
    os.makedirs(outdir, exist_ok=True)
    path = os.path.join(outdir, "expected.json")
    expected = json.load(open(path)) if os.path.exists(path) else {}
    for name in names:
        make_family(name, outdir, expected)
        with open(path, "w") as f:
            json.dump(dict(sorted(expected.items())), f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
