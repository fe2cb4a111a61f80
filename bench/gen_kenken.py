"""Random KenKen generator used for bench/kenken-random (not a puzzle source: the puzzles
usually have several solutions). Usage: python3 bench/gen_kenken.py SIZE SEED
writes kk<SIZE>_<SEED>.json: a shuffled cyclic Latin square cut into random cages of 1-4
cells, each with a random op its values meet."""
import json, random, sys
n = int(sys.argv[1]); random.seed(int(sys.argv[2]))
perm = list(range(1, n + 1)); random.shuffle(perm)
rows = list(range(n)); random.shuffle(rows)
L = [[perm[(rows[r] + c) % n] for c in range(n)] for r in range(n)]
free = {(r, c) for r in range(n) for c in range(n)}; cages = []
while free:
    start = min(free); cells = [start]; free.discard(start)
    size = random.choice([1, 2, 2, 2, 3, 3, 4])
    while len(cells) < size:
        r, c = random.choice(cells)
        nb = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)) if (r + dr, c + dc) in free]
        if not nb: break
        x = random.choice(nb); cells.append(x); free.discard(x)
    vals = [L[r][c] for r, c in cells]
    if len(cells) == 1: op, t = "=", vals[0]
    elif len(cells) == 2 and random.random() < 0.5:
        a, b = sorted(vals)
        if b % a == 0 and random.random() < 0.5: op, t = "/", b // a
        else: op, t = "-", b - a
    elif random.random() < 0.5:
        op, t = "+", sum(vals)
    else:
        op, t = "*", 1
        for v in vals: t *= v
    cages.append({"op": op, "target": t, "cells": [[r + 1, c + 1] for r, c in cells]})
json.dump({"size": n, "cages": cages}, open(f"kk{n}_{sys.argv[2]}.json", "w"))
