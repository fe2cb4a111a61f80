"""mipsolve: Sudoku (and its variants), KenKen and Takuzu solved as mixed integer programs,
in-process, by the same library as the ``mipsolve`` command line.

A puzzle is given as its text (``str``: any form the command line reads, an f-puzzles or
SudokuPad link included) or as a file's path (``os.PathLike``; a one-line ``str`` naming an
existing file is read as that file). Its kind is told from the text (and a file's extension) as
``mipsolve solve`` tells it, unless ``kind`` names it. The kinds' own options are keyword
arguments named as their flags, ``_`` for ``-``: ``box="2x3"``, ``alphabet="A-Z"``,
``grid=True``, ``line=True``, ``cages="table"``, ``products="exact"``,
``allow_duplicate_lines=True``.

Each call returns the record ``mipsolve --format json`` writes for the puzzle, as a dict of plain
values (see ``Record``); grids are lists of rows of ints. Bad input raises ``PuzzleError`` with
the command line's message, an unreadable file ``OSError``, a failed solve ``SolveError``. Calls
release the GIL, stop at ``time_limit`` seconds, and Ctrl-C interrupts them.
"""

from __future__ import annotations

import os
from typing import Iterable, Iterator, List, Optional, Tuple, Union

from . import _mipsolve
from ._mipsolve import PuzzleError, SolveError
from .records import Generated, Grid, Puzzle, Record, Solver

__all__ = [
    "Generated",
    "Picture",
    "PuzzleError",
    "Record",
    "SolveError",
    "candidates",
    "count",
    "explain",
    "generate",
    "grade",
    "picture",
    "repair",
    "solve",
    "solve_many",
    "verify",
]

def solve(
    puzzle: Puzzle,
    kind: Optional[str] = None,
    unique: bool = False,
    solver: Solver = "auto",
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Record:
    """Solves a puzzle (``mipsolve KIND``); with ``unique``, also proves its solution the only
    one or finds a second (``--check-unique``).

    >>> mipsolve.solve("....\\n12..\\n4...\\n..1.\\n", unique=True)["solution"]
    [[3, 4, 2, 1], [1, 2, 4, 3], [4, 1, 3, 2], [2, 3, 1, 4]]
    """
    return _mipsolve.solve(puzzle, kind, unique, solver, time_limit, **options)


def count(
    puzzle: Puzzle,
    limit: int,
    kind: Optional[str] = None,
    solver: Solver = "auto",
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Record:
    """Finds up to ``limit`` distinct solutions (``--count N``): ``count``, ``count_complete``
    (whether they are all) and ``solutions``."""
    return _mipsolve.count(puzzle, limit, kind, solver, time_limit, **options)


def candidates(
    puzzle: Puzzle,
    kind: Optional[str] = None,
    solver: Solver = "auto",
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Record:
    """Each cell's true candidates, the values some solution puts there, every one proven
    (``--candidates``): ``candidates`` holds a list of values per cell, row by row."""
    return _mipsolve.candidates(puzzle, kind, solver, time_limit, **options)


def verify(
    puzzle: Puzzle,
    grid: Union[Grid, str, "os.PathLike[str]"],
    kind: Optional[str] = None,
    unique: bool = False,
    solver: Solver = "auto",
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Record:
    """Checks a proposed solution (rows of values, its text, or a file) against every rule
    (``--verify``): ``verified``, and ``broken`` naming each rule it breaks (status
    ``"rejected"``); with ``unique``, also whether the puzzle has another solution."""
    return _mipsolve.verify(puzzle, grid, kind, unique, solver, time_limit, **options)


def explain(
    puzzle: Puzzle,
    kind: Optional[str] = None,
    solver: Solver = "auto",
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Record:
    """Why a puzzle is not unique (``--explain``): with no solution, ``conflict`` names a minimal
    set of clues that cannot hold together; with several, ``repair`` suggests givens that make
    it unique. Givens that clash are read, not refused."""
    return _mipsolve.explain(puzzle, kind, solver, time_limit, **options)


def repair(
    puzzle: Puzzle,
    kind: Optional[str] = None,
    solver: Solver = "auto",
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Record:
    """The fewest edits of the givens that leave exactly one solution (``--repair``), minimized
    by HiGHS (or the MIP solver ``solver`` names): ``repair`` holds the edits, whether they are
    proven the fewest, and the repaired puzzle as text."""
    return _mipsolve.repair(puzzle, kind, solver, time_limit, **options)


def grade(
    puzzle: Puzzle,
    kind: Optional[str] = None,
    steps: bool = False,
    solver: Solver = "auto",
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Record:
    """How hard a unique puzzle is for a person (``--grade``): ``grade`` holds its level on Simon
    Tatham's ladder for the kind, a score and the guesses needed; with ``steps``, ``steps`` lists
    every step (``--steps``). A puzzle that is not unique has no grade."""
    return _mipsolve.grade(puzzle, kind, steps, solver, time_limit, **options)


def generate(
    kind: str,
    size: Union[int, Tuple[int, int], None] = None,
    level: Optional[str] = None,
    seed: Optional[int] = None,
    symmetry: Optional[str] = None,
    minimal: bool = False,
    variant: Optional[List[str]] = None,
    ops: Optional[str] = None,
    hidden_ops: bool = False,
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Generated:
    """A new puzzle, proven unique (``mipsolve generate KIND``): the same for the same ``seed``
    on every machine (a random seed when none is given; the record says which).

    ``size`` is the side (Sudoku 4-64, default 9; KenKen 3-16, default 6) or a Takuzu's
    ``(rows, cols)`` (default 10x10); ``level`` a level of the kind's ladder; ``symmetry`` one
    of none, r2, r4, m2, md2, m4, md4, m8; ``variant`` Sudoku rules such as ``["killer"]`` or
    ``["jigsaw"]``; ``ops`` the operators KenKen cages may use (``"+-*/"``). The options
    ``box="RxC"`` (Sudoku) and ``allow_duplicate_lines=True`` (Takuzu) shape it too."""
    return _mipsolve.generate(
        kind, size, level, seed, symmetry, minimal, variant, ops, hidden_ops, time_limit, **options
    )


def solve_many(
    puzzles: Union[Iterable[Puzzle], Puzzle],
    kind: Optional[str] = None,
    unique: bool = False,
    solver: Solver = "auto",
    time_limit: Optional[float] = None,
    jobs: Optional[int] = None,
    **options: Union[str, bool],
) -> Iterator[Record]:
    """Solves every puzzle of an iterable on ``jobs`` threads (default: one per core), as the
    command line solves a batch, and yields each record in input order as soon as its turn
    comes.

    Each item is a puzzle's text or a file's path; one holding several puzzles (a collection,
    such as a file of one puzzle per line) yields a record for each. One text or path alone is
    one item. Bad input does not stop the batch: its record has status ``"error"`` and the
    message in ``error``. ``time_limit`` is per puzzle. Inputs are read as the records are
    taken, so an iterable of any length runs in bounded memory; dropping the iterator (or
    Ctrl-C) stops the puzzles under way.
    """
    return _mipsolve.solve_many(puzzles, kind, unique, solver, time_limit, jobs, **options)


class Picture:
    """An SVG picture of a puzzle; a notebook draws it (``_repr_svg_``)."""

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the SVG to a file."""
        with open(path, "w", encoding="utf-8") as file:
            file.write(self.svg)


def picture(
    puzzle: Puzzle,
    solution: Optional[Grid] = None,
    kind: Optional[str] = None,
    **options: Union[str, bool],
) -> Picture:
    """The puzzle as ``mipsolve --format svg`` draws it, with ``solution`` (rows of values, as a
    record's ``solution``) filled in when given."""
    return Picture(_mipsolve.svg(puzzle, solution, kind, **options))
