"""The types of the package's arguments and records, for type checkers (the package's calls and
its native module share them)."""

from __future__ import annotations

import os
from typing import Any, Dict, List, Literal, Optional, TypedDict, Union

Puzzle = Union[str, "os.PathLike[str]"]
"""A puzzle's text, or a file's path."""

Solver = Literal["auto", "highs", "cbc", "microlp", "cadical"]
"""The engine: ``auto`` (exact reductions and a bounded split, then CaDiCaL), or one solver alone.
This package is built without CBC: ``cbc`` raises ``SolveError``."""

Grid = List[List[int]]
"""A grid as rows of values."""


class Record(TypedDict, total=False):
    """One puzzle's record, key for key the command line's JSON record (docs/usage.md#output).

    Every record has ``file`` to ``solution``; the other keys come only when they say something.
    ``status`` is ``"solved"``, ``"infeasible"``, ``"timeout"``, ``"rejected"`` (a proposed grid
    that is no solution) or ``"error"`` (only in ``solve_many``, which goes on past bad input);
    ``unique`` is True, False (then ``second_solution`` is the witness) or None (not asked).
    """

    file: str  # the path as given, or "<string>"
    index: Optional[int]  # the puzzle's place in its input (0 for a single puzzle)
    line: Optional[int]  # the 1-based line it starts on
    kind: Optional[str]  # "sudoku", "kenken" or "takuzu"
    variant: List[str]  # a Sudoku's rules beyond rows, columns and boxes
    rows: Optional[int]
    cols: Optional[int]
    status: str
    unique: Optional[bool]
    seconds: float  # the puzzle's time: solve and analysis
    solution: Optional[Grid]
    second_solution: Grid
    count: int  # count(): solutions found
    count_complete: bool  # count(): whether they are all
    solutions: List[Grid]  # count(): each of them
    verified: bool  # verify(): whether the grid is a solution
    broken: List[str]  # verify(): every rule the grid breaks
    error: str  # solve_many(): the message the call would have raised
    note: str  # what else is known (a time limit reached during an analysis, ...)
    operators: List[Dict[str, Any]]  # hidden-operator cages: the operators the solution uses
    conflict: Dict[str, Any]  # explain(): the givens (row, col, value) and cages that conflict
    differs: List[List[int]]  # explain(): cells (row, col) where two solutions differ
    repair: Dict[str, Any]  # explain()'s greedy givens, or repair()'s edits and repaired puzzle
    warnings: List[str]  # what a link's reader could not take
    candidates: List[List[List[int]]]  # candidates(): each cell's values, row by row
    unproven: List[List[int]]  # candidates(): (row, col, value) left open by the time limit
    grade: Dict[str, Any]  # grade(): level, score, guesses, trials (and variant_level)
    steps: List[Dict[str, Any]]  # grade(steps=True): each step a person takes


class Generated(TypedDict):
    """A generated puzzle, as ``mipsolve generate --format json`` writes it."""

    seed: int
    kind: str
    variant: Optional[List[str]]
    rows: int
    cols: int
    level: str  # its grade on Simon Tatham's ladder for the kind
    givens: int
    attempts: int
    puzzle: str  # in the tool's input form: a grid, or JSON text (KenKen, variants)
    solution: Grid
    gameid: Optional[str]  # Simon Tatham's game ID, where his game has one
