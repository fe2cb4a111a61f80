"""The timings of bench/python.sh: the Python package's solve_many beside the command line on
Royle's 17-clue 9x9s, then both beside the Python peers on a sample of them. Prints a Markdown
table: puzzles, seconds and µs a puzzle for each, uniqueness proven everywhere."""

import argparse
import json
import statistics
import subprocess
import time

import mipsolve

RUNS = 3  # each mipsolve figure is the median of this many runs, taken in turn


def timed(run):
    """Wall seconds of `run()`, which returns how many puzzles it answered, all unique."""
    started = time.perf_counter()
    count = run()
    return time.perf_counter() - started, count


def cli(binary, path, jobs):
    """The command line on a file: text output, quiet, as bench/tdoku.sh times it."""

    def run():
        out = subprocess.run(
            [binary, "sudoku", "--check-unique", "-q", "-j", str(jobs), path],
            capture_output=True, text=True, check=True,
        ).stdout
        return out.count("# unique")

    return run


def many(source, jobs):
    """solve_many over `source` (a path: one input; a list: one input per line)."""

    def run():
        records = mipsolve.solve_many(source, kind="sudoku", unique=True, jobs=jobs)
        return sum(r["unique"] is True for r in records)

    return run


def one_by_one(lines):
    """solve() called once per puzzle."""

    def run():
        records = (mipsolve.solve(line, kind="sudoku", unique=True) for line in lines)
        return sum(record["unique"] is True for record in records)

    return run


def peer(python, solver, path):
    """A peer on a file, one thread: its wall seconds, and the sum of its per-puzzle seconds
    (model, solve, check, and the uniqueness re-solve) from its records."""
    started = time.perf_counter()
    out = subprocess.run(
        [python, "../shared/peers/peers.py", solver, "sudoku", path, "--check-unique",
         "--no-solution"],
        capture_output=True, text=True, check=False,
    ).stdout
    wall = time.perf_counter() - started
    records = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    puzzles = [r for r in records if not r.get("summary")]
    unique = sum(r["status"] == "solved" and r.get("unique") is True for r in puzzles)
    inside = sum(r["seconds"] + r.get("unique_seconds", 0) for r in puzzles)
    return wall, inside, unique, len(puzzles)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--royle", required=True)
    ap.add_argument("--sample", required=True)
    ap.add_argument("--peers", default="")
    args = ap.parse_args()
    lines = open(args.royle).read().splitlines()
    sample = open(args.sample).read().splitlines()
    rows = []

    def median(name, run, n):
        times, counts = zip(*(timed(run) for _ in range(RUNS)))
        assert set(counts) == {n}, f"{name}: {counts} unique of {n}"
        seconds = statistics.median(times)
        rows.append((name, n, f"{seconds:.3f}", f"{seconds / n * 1e6:.1f}"))
        print(*rows[-1], sep=" | ", flush=True)

    for jobs in (1, 2):
        median(f"command line, `-j {jobs}`", cli(args.bin, args.royle, jobs), len(lines))
        median(f"`solve_many(path, jobs={jobs})`: the file as one input", many(args.royle, jobs),
               len(lines))
        median(f"`solve_many(lines, jobs={jobs})`: a string per puzzle", many(lines, jobs),
               len(lines))
    median("sample: command line, `-j 1`", cli(args.bin, args.sample, 1), len(sample))
    median("sample: `solve_many(path, jobs=1)`", many(args.sample, 1), len(sample))
    median("sample: `solve()` per puzzle", one_by_one(sample), len(sample))
    for solver in ("cpsat", "highspy", "pulp-cbc") if args.peers else ():
        wall, inside, unique, n = peer(args.peers, solver, args.sample)
        assert unique == n == len(sample), f"{solver}: {unique} unique of {n}"
        rows.append((f"sample: peer {solver} (its per-puzzle times; process {wall:.1f} s)", n,
                     f"{inside:.3f}", f"{inside / n * 1e6:.1f}"))
        print(*rows[-1], sep=" | ", flush=True)
    print("\n| run | puzzles | seconds | µs a puzzle |\n|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(str(v) for v in row) + " |")


if __name__ == "__main__":
    main()
