"""Generation rates: `mipsolve generate` beside Simon Tatham's own generators (Debian's
sgt-puzzles) on the same requests, one process per set, one core each (-j 1), seeds from 1.
Prints a Markdown table: puzzles per second (wall), the givens kept (mean, min-max), and for
sets Tatham's games make too, their rate on the same level and size.
Usage: python3 bench/generate.py BIN [SCALE] [ONLY]  (SCALE multiplies the puzzle counts; ONLY
keeps the sets whose label holds it, e.g. "Sudoku 9x9")"""

import json
import statistics
import subprocess
import sys
import time

BIN = sys.argv[1]
SCALE = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
ONLY = sys.argv[3] if len(sys.argv) > 3 else ""

SOLO = dict(trivial="t", basic="b", intermediate="i", advanced="a", extreme="e", unreasonable="u")
KEEN = dict(easy="e", normal="n", hard="h", extreme="x", unreasonable="u")
UNRULY = dict(trivial="t", easy="e", normal="n")

# (label, generate arguments, count, Tatham's game and params or None)
SETS = []
for level, code in SOLO.items():
    SETS.append((f"Sudoku 9x9 {level}", ["sudoku", "--difficulty", level], 20, ("solo", f"3x3d{code}")))
SETS += [
    ("Sudoku 9x9 any level", ["sudoku"], 50, None),
    ("Sudoku 9x9 minimal", ["sudoku", "--minimal"], 50, None),
    ("Sudoku 9x9 minimal, r2", ["sudoku", "--minimal", "--symmetry", "r2"], 10, None),
    ("Sudoku 16x16 minimal", ["sudoku", "--size", "16", "--minimal"], 5, None),
    ("Sudoku 25x25 minimal", ["sudoku", "--size", "25", "--minimal"], 2, None),
    ("Killer 9x9", ["sudoku", "--variant", "killer"], 10, None),
    ("Jigsaw 9x9", ["sudoku", "--variant", "jigsaw"], 10, None),
]
for size in (6, 9):
    for level, code in KEEN.items():
        SETS.append((f"KenKen {size}x{size} {level}", ["kenken", "--size", str(size), "--difficulty", level],
                     10, ("keen", f"{size}d{code}")))
for size in (10, 14):
    for level, code in UNRULY.items():
        SETS.append((f"Takuzu {size}x{size} {level}", ["takuzu", "--size", str(size), "--difficulty", level],
                     10, ("unruly", f"{size}x{size}ud{code}")))


def timed(cmd):
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    return time.perf_counter() - start, out


print("| set | puzzles | mipsolve puzzles/s | givens: mean (min-max) | levels | Tatham's generator puzzles/s |")
print("|---|---|---|---|---|---|")
for label, args, count, peer in (s for s in SETS if ONLY in s[0]):
    count = max(1, round(count * SCALE))
    cmd = [BIN, "generate", *args, "-n", str(count), "--seed", "1", "-j", "1", "-q", "--format", "json"]
    seconds, out = timed(cmd)
    records = [json.loads(line) for line in out.stdout.splitlines()]
    made = [r for r in records if "error" not in r]
    givens = [r["givens"] for r in made]
    clues = "-" if args[0] == "kenken" or not givens else (
        f"{statistics.mean(givens):.1f} ({min(givens)}-{max(givens)})")
    levels = sorted({r["level"] for r in made})
    peer_rate = "-"
    if peer:
        game, params = peer
        peer_seconds, peer_out = timed([f"/usr/games/sgt-{game}", "--generate", str(count), f"{params}#bench"])
        peer_rate = f"{len(peer_out.stdout.splitlines()) / peer_seconds:.3g}"
    failed = "" if len(made) == count else f" ({count - len(made)} failed)"
    print(f"| {label} | {count}{failed} | {len(made) / seconds:.3g} | {clues} | {', '.join(levels)} | {peer_rate} |",
          flush=True)
