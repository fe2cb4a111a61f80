"""Sudoku generator for the minimal 16x16s (bench/sudoku-minimal-16x16.txt) and the hard
25x25s (bench/sudoku-hard-25x25.txt, 20 puzzles: the first three of each seed 1 to 6, then
the first of seeds 7 and 8, with BOX 5 and LIMIT 2).
Usage: python3 bench/gen_minimal.py MIPSOLVE_BINARY COUNT SEED [BOX [LIMIT]] > FILE
(BOX 4 by default: 16x16; BOX 5: 25x25.) Each puzzle: a full grid (a pattern grid shuffled by
digits, rows within bands, bands, columns within stacks and stacks), then clues removed in
random order as long as the puzzle stays unique. Uniqueness is decided by the given mipsolve
binary (--check-unique, one process per test); with LIMIT (seconds per test), a test that
runs out of time keeps the clue, so the puzzle is unique but may not be minimal (the 25x25s);
without it, no clue can be removed at the end (minimal). One puzzle per line, N*N
characters, 1-9 then A-P, '.' for a blank."""
import random
import subprocess
import sys

BIN, COUNT, SEED = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
B = int(sys.argv[4]) if len(sys.argv) > 4 else 4
LIMIT = sys.argv[5] if len(sys.argv) > 5 else None
N = B * B
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"[:N]
rng = random.Random(SEED)


def shuffled(groups):
    """A permutation of 0..N-1 that shuffles the B groups and the B members of each."""
    order = list(range(B))
    rng.shuffle(order)
    out = []
    for g in order:
        members = list(range(g * B, g * B + B))
        rng.shuffle(members)
        out += members
    return out


def full_grid():
    base = [[(B * (r % B) + r // B + c) % N for c in range(N)] for r in range(N)]
    digits = list(range(N))
    rng.shuffle(digits)
    rows, cols = shuffled(B), shuffled(B)
    return [[digits[base[rows[r]][cols[c]]] for c in range(N)] for r in range(N)]


def unique(cells):
    line = "".join(SYMBOLS[v] if v is not None else "." for v in cells)
    limit = ["--time-limit", LIMIT] if LIMIT else []
    out = subprocess.run([BIN, "sudoku", "--check-unique", "-q", "--line", "-"] + limit,
                         input=line + "\n", capture_output=True, text=True)
    return out.returncode == 0 and "# unique" in out.stdout


for _ in range(COUNT):
    grid = full_grid()
    cells = [grid[r][c] for r in range(N) for c in range(N)]
    order = list(range(N * N))
    rng.shuffle(order)
    for i in order:
        kept = cells[i]
        cells[i] = None
        if not unique(cells):
            cells[i] = kept
    print("".join(SYMBOLS[v] if v is not None else "." for v in cells), flush=True)
