"""solve() on every shipped puzzle against its known solutions (`puzzles/*/*.sol`, as the
command line's corpus test reads them), and the ways a puzzle can be handed over."""

from pathlib import Path

import pytest

import mipsolve
from conftest import REPO, known_solutions

FIXTURES = sorted(
    path.relative_to(REPO)
    for path in (REPO / "puzzles").glob("*/*")
    if path.suffix in (".txt", ".json") and path.with_suffix(".sol").exists()
)


def header(sol):
    """The `.sol` header: the expected count (or error), and the options asked for."""
    expected, options = None, {}
    for line in Path(sol).read_text().splitlines():
        if not line.startswith("#"):
            break
        if line.startswith("# solutions:"):
            expected = int(line.split(":")[1])
        elif line.startswith("# error:"):
            expected = line.split(":", 1)[1].strip()
        elif line.startswith("# options:"):
            flags = line.split(":", 1)[1].split()
            options = {flag.lstrip("-").replace("-", "_"): True for flag in flags}
    return expected, options


@pytest.mark.parametrize("path", FIXTURES, ids=str)
def test_every_shipped_puzzle_gives_its_known_solutions(path):
    expected, options = header(path.with_suffix(".sol"))
    kind = path.parent.name
    records = list(mipsolve.solve_many([path], kind=kind, unique=True, **options))
    known = known_solutions(path.with_suffix(".sol"))
    if isinstance(expected, str):
        assert [r["error"] for r in records] == [f"{path}:{expected}"]
    elif expected == 0:
        assert [r["status"] for r in records] == ["infeasible"]
    elif expected == 1:
        assert [r["solution"] for r in records] == known
        assert all(r["status"] == "solved" and r["unique"] is True for r in records)
        assert [r["index"] for r in records] == list(range(len(known)))
    else:
        (record,) = records
        assert record["unique"] is False
        assert record["solution"] != record["second_solution"]
        assert record["solution"] in known and record["second_solution"] in known


def test_text_a_path_and_a_path_string_give_the_same_record():
    path = Path("puzzles/sudoku/wikipedia-9x9.txt")
    by_path = mipsolve.solve(path, unique=True)
    by_name = mipsolve.solve(str(path), unique=True)
    by_text = mipsolve.solve(path.read_text(), unique=True)
    assert by_path["file"] == by_name["file"] == "puzzles/sudoku/wikipedia-9x9.txt"
    assert by_text["file"] == "<string>"
    for record in (by_name, by_text):
        assert record["solution"] == by_path["solution"]
    assert by_path["solution"] == known_solutions(path.with_suffix(".sol"))[0]


def test_the_record_has_the_command_lines_keys_in_its_order():
    record = mipsolve.solve("puzzles/sudoku/wikipedia-9x9.txt")
    assert list(record) == [
        "file", "index", "line", "kind", "variant", "rows", "cols", "status", "unique",
        "seconds", "solution",
    ]
    assert (record["kind"], record["rows"], record["cols"]) == ("sudoku", 9, 9)
    assert record["unique"] is None and record["status"] == "solved"


def test_the_kind_is_told_from_the_text_as_the_command_line_tells_it():
    kenken = mipsolve.solve(Path("puzzles/kenken/doc-6x6.json").read_text())
    takuzu = mipsolve.solve(Path("puzzles/takuzu/4x4.txt").read_text())
    assert (kenken["kind"], takuzu["kind"]) == ("kenken", "takuzu")
    assert kenken["solution"] == known_solutions("puzzles/kenken/doc-6x6.sol")[0]


def test_an_fpuzzles_link_is_solved_with_every_rule():
    path = Path("puzzles/sudoku/fpuzzles-clipped-arrow-thermo-antiking-9x9.txt")
    link = next(line for line in path.read_text().splitlines() if line.startswith("https://"))
    record = mipsolve.solve(link, unique=True)
    assert record["unique"] is True
    assert record["solution"] == known_solutions(path.with_suffix(".sol"))[0]
    assert {"antiking", "thermometer", "arrow"} <= set(record["variant"])


def test_a_kinds_options_are_keyword_arguments():
    text = Path("puzzles/sudoku/small-6x6.txt").read_text()
    boxed = mipsolve.solve(text, kind="sudoku", box="2x3", unique=True)
    assert boxed["solution"] == known_solutions("puzzles/sudoku/small-6x6.sol")[0]
    assert mipsolve.solve(text, kind="sudoku", box="3x2")["status"] == "infeasible"
    with pytest.raises(mipsolve.PuzzleError, match=r"^<string>:2: box 4x2 does not fit size 6"):
        mipsolve.solve(text, kind="sudoku", box="4x2")


def test_each_solver_gives_the_same_unique_solution():
    path = "puzzles/kenken/pkit-141-5x5.json"
    known = known_solutions("puzzles/kenken/pkit-141-5x5.sol")
    for solver in ("auto", "highs", "microlp", "cadical"):
        record = mipsolve.solve(path, unique=True, solver=solver)
        assert (record["unique"], [record["solution"]]) == (True, known), solver


def test_a_puzzle_with_two_solutions_gives_the_second_as_witness():
    record = mipsolve.solve("puzzles/kenken/two-solutions-4x4.json", unique=True)
    known = known_solutions("puzzles/kenken/two-solutions-4x4.sol")
    assert (record["status"], record["unique"]) == ("solved", False)
    assert sorted([record["solution"], record["second_solution"]]) == sorted(known)
