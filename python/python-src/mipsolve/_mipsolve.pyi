"""The native module the package ``mipsolve`` wraps (built from the Rust crate with PyO3)."""

import os
from typing import Iterable, Iterator, List, Optional, Tuple, Union

from .records import Generated, Grid, Puzzle, Record

class PuzzleError(ValueError):
    """The input is no puzzle, or a malformed one (the command line's message)."""

    line: Optional[int]
    column: Optional[int]

class SolveError(RuntimeError):
    """Solving failed, or no puzzle could be generated."""

class SolveMany(Iterator[Record]):
    def __iter__(self) -> SolveMany: ...
    def __next__(self) -> Record: ...

def solve(
    puzzle: Puzzle,
    kind: Optional[str] = None,
    unique: bool = False,
    solver: str = "auto",
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Record: ...
def count(
    puzzle: Puzzle,
    limit: int,
    kind: Optional[str] = None,
    solver: str = "auto",
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Record: ...
def candidates(
    puzzle: Puzzle,
    kind: Optional[str] = None,
    solver: str = "auto",
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Record: ...
def verify(
    puzzle: Puzzle,
    grid: Union[Grid, str, os.PathLike[str]],
    kind: Optional[str] = None,
    unique: bool = False,
    solver: str = "auto",
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Record: ...
def explain(
    puzzle: Puzzle,
    kind: Optional[str] = None,
    solver: str = "auto",
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Record: ...
def repair(
    puzzle: Puzzle,
    kind: Optional[str] = None,
    solver: str = "auto",
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Record: ...
def grade(
    puzzle: Puzzle,
    kind: Optional[str] = None,
    steps: bool = False,
    solver: str = "auto",
    time_limit: Optional[float] = None,
    **options: Union[str, bool],
) -> Record: ...
def svg(
    puzzle: Puzzle,
    solution: Optional[Grid] = None,
    kind: Optional[str] = None,
    **options: Union[str, bool],
) -> str: ...
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
) -> Generated: ...
def solve_many(
    puzzles: Union[Iterable[Puzzle], Puzzle],
    kind: Optional[str] = None,
    unique: bool = False,
    solver: str = "auto",
    time_limit: Optional[float] = None,
    jobs: Optional[int] = None,
    **options: Union[str, bool],
) -> SolveMany: ...
