"""Times --repair and --audit, one process per puzzle, on sets made here from the public ones.

Sets (fixed seeds, so every run makes the same puzzles):
  tdoku-none      tdoku's test puzzles with no solution (its counts file says 0)
  tdoku-several   tdoku's test puzzles with several solutions
  17clue-3wrong   Royle's first 10 17-clue puzzles, 3 givens each changed to another digit
                  (none repeated in its row, column or box), kept when they have no solution
  9x9-clash       Royle's first 10 17-clue puzzles, 1 given changed to a digit another given
                  of its row, column or box has (the most common typo)
  16x16-1wrong    the first 5 minimal 16x16s of bench/, 1 given changed (no repeat), kept when
  16x16-2wrong    they have no solution; and with 2 changed
  25x25-1wrong    the first 5 hard 25x25s of bench/, the same with 1 and 2 givens changed
  25x25-2wrong
  16x16-5removed  the first 10 minimal 16x16s of bench/, 5 givens each removed
  kenken9-1wrong  pkit 9x9 KenKens, one cage target each changed to another value its cells
                  can make, kept when they have no solution (the first 10)
  audit-17clue    --audit of Royle's first 10 17-clue puzzles
  audit-16x16     --audit of the first 3 minimal 16x16s
Prints per set: puzzles, how many got an answer (edits, or an audit), proven optimal, left
unique, edits min-max, and median / max wall seconds per puzzle.
Usage: python3 bench/repair.py BIN PUBLIC_DIR TMP_DIR [TIME_LIMIT [SET...]]  (default: all sets)
"""
import itertools, json, os, random, statistics, subprocess, sys, time

BIN, PUB, TMP = sys.argv[1:4]
LIMIT = sys.argv[4] if len(sys.argv) > 4 else "120"
CHOSEN = set(sys.argv[5:])


def run(kind, args, text):
    path = os.path.join(TMP, "p.txt")
    open(path, "w").write(text)
    start = time.perf_counter()
    out = subprocess.run([BIN, kind, *args, "--format", "json", "-q", "--jobs", "1",
                          "--time-limit", LIMIT, path], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    line = json.loads(out.stdout.splitlines()[0]) if out.stdout.strip() else {}
    return line, seconds


def infeasible(kind, text):
    line, _ = run(kind, [], text)
    return line.get("status") == "infeasible"


def report(name, run_set):
    if CHOSEN and name not in CHOSEN:
        return
    results = run_set()
    seconds = sorted(s for _, s in results)
    answered = [r for r, _ in results if r is not None]
    edits = [len(r["edits"]) for r in answered if "edits" in r]
    optimal = sum(1 for r in answered if r.get("optimal"))
    unique = sum(1 for r in answered if r.get("unique"))
    span = f"{min(edits)}-{max(edits)}" if edits else "-"
    print(f"{name:<16} {len(results):>4} {len(answered):>8} {optimal:>7} {unique:>6} {span:>6} "
          f"{statistics.median(seconds):>9.2f} {seconds[-1]:>8.2f}", flush=True)


def repairs(kind, texts):
    results = []
    for text in texts:
        line, seconds = run(kind, ["--repair"], text)
        repair = line.get("repair")
        results.append((repair if repair and "edits" in repair and repair["edits"] else None,
                        seconds))
    return results


def audits(kind, texts):
    results = []
    for text in texts:
        line, seconds = run(kind, ["--audit"], text)
        results.append((line.get("audit"), seconds))
    return results


def sudoku_rows(line, n):
    return [line[r * n:(r + 1) * n] for r in range(n)]


def units(n, b):
    rows = [[(r, c) for c in range(n)] for r in range(n)]
    cols = [[(r, c) for r in range(n)] for c in range(n)]
    boxes = [[(br + r, bc + c) for r in range(b) for c in range(b)]
             for br in range(0, n, b) for bc in range(0, n, b)]
    return rows + cols + boxes


def wrong_givens(line, count, rng, n=9, symbols="123456789"):
    """`line` (n*n chars, 0 or . for blank) with `count` givens changed, no symbol repeated."""
    cells = [i for i, ch in enumerate(line) if ch not in "0."]
    b = int(n ** 0.5)
    for _ in range(1000):
        grid = list(line)
        for i in rng.sample(cells, count):
            grid[i] = rng.choice([d for d in symbols if d != line[i]])
        if all(len([grid[r * n + c] for r, c in u if grid[r * n + c] not in "0."]) ==
               len({grid[r * n + c] for r, c in u if grid[r * n + c] not in "0."})
               for u in units(n, b)):
            return "".join(grid)
    raise SystemExit("no valid change found")


def clashing_given(line, rng):
    """`line` (81 chars) with one given changed to a digit another given of its row, column or
    box has."""
    cells = [i for i, ch in enumerate(line) if ch not in "0."]
    while True:
        i = rng.choice(cells)
        r, c = divmod(i, 9)
        peers = {line[r2 * 9 + c2] for u in units(9, 3) if (r, c) in u for r2, c2 in u
                 if (r2, c2) != (r, c) and line[r2 * 9 + c2] not in "0."}
        if peers:
            grid = list(line)
            grid[i] = rng.choice(sorted(peers))
            return "".join(grid)


def wrong_set(lines, count, rng, n, symbols):
    """Each line with `count` givens changed, tried again until it has no solution."""
    found = []
    for line in lines:
        for _ in range(50):
            text = wrong_givens(line, count, rng, n, symbols)
            if infeasible("sudoku", text):
                found.append(text)
                break
    return found


def kenken_targets(cage, n):
    op, cells = cage["op"], len(cage["cells"])
    found = set()
    for values in itertools.product(range(1, n + 1), repeat=cells):
        hi, lo = max(values), min(values)
        if op == "+":
            found.add(sum(values))
        elif op == "*":
            p = 1
            for v in values:
                p *= v
            found.add(p)
        elif op == "-":
            found.add(hi - lo)
        elif op == "/" and hi % lo == 0:
            found.add(hi // lo)
    return sorted(found - {cage["target"]})


def main():
    rng = random.Random(1)
    tdoku = open(f"{PUB}/sudoku-tdoku-test.txt").read().split()
    counts = open(f"{PUB}/solutions/sudoku-tdoku-test.counts.txt").read().split()
    none = [p for p, c in zip(tdoku, counts) if c == "0"]
    several = [p for p, c in zip(tdoku, counts) if int(c) > 1]
    royle = open(f"{PUB}/sudoku-17clue-royle.txt").read().split()[:10]
    wrong = []
    for line in royle:
        while True:
            text = wrong_givens(line, 3, rng)
            if infeasible("sudoku", text):
                wrong.append(text)
                break
    minimal16 = [l for l in open("bench/sudoku-minimal-16x16.txt").read().split("\n")
                 if l.strip() and not l.startswith("#")][:10]
    removed = []
    for line in minimal16:
        cells = [i for i, ch in enumerate(line) if ch not in ".0"]
        grid = list(line)
        for i in rng.sample(cells, 5):
            grid[i] = "."
        removed.append("".join(grid))
    more = random.Random(2)  # the sets added later draw from their own sequence
    clash = [clashing_given(line, more) for line in royle]
    hard25 = [l for l in open("bench/sudoku-hard-25x25.txt").read().split("\n")
              if l.strip() and not l.startswith("#")][:5]
    sym16, sym25 = "123456789ABCDEFG", "123456789ABCDEFGHIJKLMNOP"
    wrong16 = {k: wrong_set(minimal16[:5], k, more, 16, sym16) for k in (1, 2)}
    wrong25 = {k: wrong_set(hard25, k, more, 25, sym25) for k in (1, 2)}
    names = sorted(f for f in os.listdir(f"{PUB}/pkit/kenken") if f.endswith("9x9.json"))
    kenkens = []
    for name in names:
        puzzle = json.load(open(f"{PUB}/pkit/kenken/{name}"))
        i = rng.randrange(len(puzzle["cages"]))
        targets = kenken_targets(puzzle["cages"][i], 9) if len(puzzle["cages"][i]["cells"]) <= 5 else []
        if not targets:
            continue
        puzzle["cages"][i]["target"] = rng.choice(targets)
        text = json.dumps(puzzle)
        if infeasible("kenken", text):
            kenkens.append(text)
        if len(kenkens) == 10:
            break
    print(f"{'set':<16} {'n':>4} {'answered':>8} {'optimal':>7} {'unique':>6} {'edits':>6} "
          f"{'median s':>9} {'max s':>8}", flush=True)
    report("tdoku-none", lambda: repairs("sudoku", none))
    report("tdoku-several", lambda: repairs("sudoku", several))
    report("17clue-3wrong", lambda: repairs("sudoku", wrong))
    report("9x9-clash", lambda: repairs("sudoku", clash))
    report("kenken9-1wrong", lambda: repairs("kenken", kenkens))
    report("16x16-1wrong", lambda: repairs("sudoku", wrong16[1]))
    report("16x16-2wrong", lambda: repairs("sudoku", wrong16[2]))
    report("25x25-1wrong", lambda: repairs("sudoku", wrong25[1]))
    report("25x25-2wrong", lambda: repairs("sudoku", wrong25[2]))
    report("16x16-5removed", lambda: repairs("sudoku", removed))
    report("audit-17clue", lambda: audits("sudoku", royle))
    report("audit-16x16", lambda: audits("sudoku", minimal16[:3]))


main()
