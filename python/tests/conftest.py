"""Where the tests find the repository, the public puzzle sets and the command line."""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# Where pytest was started: relative paths in the environment are taken from there.
STARTED_IN = Path.cwd()


def public(path=""):
    """A path in the public puzzle sets ($PUZZLES_PUBLIC, else ../shared/puzzles-public beside
    the repository). A missing one fails the test: a check that cannot run must never pass."""
    root = STARTED_IN / os.environ.get("PUZZLES_PUBLIC", REPO / "../shared/puzzles-public")
    full = root / path
    assert full.exists(), f"{full} is missing: the public puzzle sets must be beside the repository"
    return full


def cli_binary():
    """The command line to compare with: $MIPSOLVE_BIN, else the newer of the release and debug
    builds in the repository's target folder."""
    if "MIPSOLVE_BIN" in os.environ:
        return STARTED_IN / os.environ["MIPSOLVE_BIN"]
    target = STARTED_IN / os.environ.get("CARGO_TARGET_DIR", REPO / "target")
    built = [b for b in (target / "release/mipsolve", target / "debug/mipsolve") if b.exists()]
    assert built, f"no mipsolve binary in {target}: cargo build it, or name it in MIPSOLVE_BIN"
    return max(built, key=lambda b: b.stat().st_mtime)


def cli_records(*args, cwd=REPO):
    """The JSON records of `mipsolve ARGS --format json --quiet`, run in `cwd`."""
    run = subprocess.run(
        [str(cli_binary()), *args, "--format", "json", "--quiet"],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode in (0, 1, 2), run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


def without_seconds(record):
    """A record without its timing, which no two runs share."""
    return {key: value for key, value in record.items() if key != "seconds"}


def known_solutions(sol):
    """The grids of a `.sol` file: grids of spaced numbers separated by `#` lines, or one
    compact line per puzzle (collections)."""
    grids, grid = [], []
    for line in Path(sol).read_text().splitlines():
        line = line.strip()
        if line.startswith("#") or not line:
            if line.startswith("#") and grid:
                grids.append(grid)
                grid = []
            continue
        if " " in line:
            grid.append([int(v) for v in line.split()])
            continue
        cells = [int(ch, 36) for ch in line]
        side = int(len(cells) ** 0.5)
        if side >= 4 and side * side == len(cells):
            grids.append([cells[r * side : (r + 1) * side] for r in range(side)])
        else:
            grid.append(cells)
    if grid:
        grids.append(grid)
    return grids


@pytest.fixture(autouse=True)
def at_the_repository(monkeypatch):
    """Every test runs at the repository's root, as the command line's tests do: the records
    name files as given, relative to it."""
    monkeypatch.chdir(REPO)
