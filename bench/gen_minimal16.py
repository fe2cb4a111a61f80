"""Minimal 16x16 Sudoku generator used for bench/sudoku-minimal-16x16.txt.
Usage: python3 bench/gen_minimal16.py MIPSOLVE_BINARY COUNT SEED > FILE
Each puzzle: a full grid (a pattern grid shuffled by digits, rows within bands, bands,
columns within stacks and stacks), then clues removed in random order as long as the puzzle
stays unique, so that no clue can be removed at the end (minimal). Uniqueness is decided by
the given mipsolve binary (--check-unique, one process per test). One puzzle per line, 256
characters, 1-9 then A-G, '.' for a blank."""
import random
import subprocess
import sys

BIN, COUNT, SEED = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
N, B = 16, 4
SYMBOLS = "123456789ABCDEFG"
rng = random.Random(SEED)


def shuffled(groups):
    """A permutation of 0..15 that shuffles the 4 groups and the 4 members of each."""
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
    out = subprocess.run([BIN, "sudoku", "--check-unique", "-q", "--line", "-"],
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
