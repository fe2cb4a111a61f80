"""count, candidates, verify, explain, repair, grade and picture, each against what is known
of its puzzle, and against the command line's record for the same question."""

import subprocess
from pathlib import Path

import pytest

import mipsolve
from conftest import REPO, cli_binary, cli_records, known_solutions, without_seconds

EMPTY_9X9 = "tests/fixtures/count/empty-9x9.txt"


def test_count_stops_at_its_limit_and_knows_when_it_has_all():
    all_two = mipsolve.count("puzzles/kenken/two-solutions-4x4.json", 5)
    assert (all_two["count"], all_two["count_complete"], all_two["unique"]) == (2, True, False)
    assert sorted(all_two["solutions"]) == sorted(
        known_solutions("puzzles/kenken/two-solutions-4x4.sol")
    )
    one_of_two = mipsolve.count("puzzles/kenken/two-solutions-4x4.json", 1)
    assert (one_of_two["count"], one_of_two["count_complete"]) == (1, False)
    assert one_of_two["unique"] is None
    empty = mipsolve.count(EMPTY_9X9, 3, kind="sudoku")
    assert (empty["count"], empty["count_complete"], empty["status"]) == (3, False, "solved")
    assert len({str(grid) for grid in empty["solutions"]}) == 3
    with pytest.raises(ValueError, match="limit"):
        mipsolve.count(EMPTY_9X9, 0, kind="sudoku")


def test_candidates_are_every_value_some_solution_puts_in_a_cell():
    record = mipsolve.candidates("puzzles/kenken/two-solutions-4x4.json")
    solutions = known_solutions("puzzles/kenken/two-solutions-4x4.sol")
    expected = [
        [sorted({grid[r][c] for grid in solutions}) for c in range(4)] for r in range(4)
    ]
    assert record["candidates"] == expected
    unique = mipsolve.candidates("puzzles/sudoku/wikipedia-9x9.txt")
    assert unique["candidates"] == [[[v] for v in row] for row in unique["solution"]]


def test_verify_accepts_the_solution_and_names_every_rule_a_wrong_grid_breaks():
    puzzle = "puzzles/sudoku/wikipedia-9x9.txt"
    solution = known_solutions("puzzles/sudoku/wikipedia-9x9.sol")[0]
    right = mipsolve.verify(puzzle, solution, unique=True)
    assert (right["status"], right["verified"], right["unique"]) == ("solved", True, True)
    wrong = mipsolve.verify(puzzle, Path("tests/fixtures/verify/wikipedia-9x9-wrong.txt"))
    assert (wrong["status"], wrong["verified"]) == ("rejected", False)
    assert "row 5 has 9 twice: r5c1, r5c8" in wrong["broken"]
    assert "r5c1 holds 9, not its given 4" in wrong["broken"]
    wrong_file = "tests/fixtures/verify/wikipedia-9x9-wrong.txt"
    (cli,) = cli_records("sudoku", "--verify", wrong_file, puzzle)
    assert without_seconds(wrong) == without_seconds(cli)
    swapped = [row[:] for row in solution]
    swapped[0][0], swapped[0][1] = swapped[0][1], swapped[0][0]
    assert mipsolve.verify(puzzle, swapped)["broken"]
    with pytest.raises(mipsolve.PuzzleError, match=r"<grid>:2: expected 9 cells, found 3"):
        mipsolve.verify(puzzle, [solution[0], [1, 2, 3]])


def test_explain_names_the_conflicting_cages_as_the_command_line_does():
    path = "tests/fixtures/explain/kenken-typo-6x6.json"
    record = mipsolve.explain(path)
    assert record["status"] == "infeasible"
    assert record["conflict"]["solvable_without"]["cages"] == [10]
    (cli,) = cli_records("kenken", "--explain", path)
    assert without_seconds(record) == without_seconds(cli)


def test_explain_reads_clashing_givens_and_names_them():
    record = mipsolve.explain("puzzles/sudoku/conflicting-givens-9x9.txt")
    assert record["conflict"]["givens"] == [[3, 2, 5], [3, 7, 5]]
    with pytest.raises(mipsolve.PuzzleError, match="row 3 has 5 twice"):
        mipsolve.solve("puzzles/sudoku/conflicting-givens-9x9.txt")


def test_explain_makes_a_puzzle_with_several_solutions_unique_with_more_givens():
    record = mipsolve.explain("puzzles/kenken/two-solutions-4x4.json")
    assert record["repair"]["method"] == "greedy" and record["repair"]["givens"]
    assert record["differs"]


def test_repair_finds_the_fewest_edits_and_the_repaired_puzzle_is_unique():
    path = "tests/fixtures/repair/royle-17clue-typo.txt"
    record = mipsolve.repair(path, kind="sudoku")
    repair = record["repair"]
    assert repair["edits"] == [{"edit": "changed", "cell": [2, 1], "from": 5, "to": 4}]
    assert (repair["optimal"], repair["unique"]) == (True, True)
    assert mipsolve.solve(repair["puzzle"], kind="sudoku", unique=True)["unique"] is True
    (cli,) = cli_records("sudoku", "--repair", path)
    assert without_seconds(record) == without_seconds(cli)
    assert mipsolve.repair("puzzles/sudoku/wikipedia-9x9.txt")["repair"]["note"] == (
        "none needed: the puzzle is unique"
    )
    with pytest.raises(ValueError, match="CaDiCaL cannot minimize"):
        mipsolve.repair(path, kind="sudoku", solver="cadical")


@pytest.mark.parametrize(
    "fixture", sorted((REPO / "tests/fixtures/grade").glob("*.txt")), ids=lambda p: p.stem
)
def test_grade_gives_the_level_tathams_games_generated_each_puzzle_at(fixture):
    level = fixture.stem.rsplit("-", 1)[1]
    kind = {"solo": "sudoku", "keen": "kenken", "unruly": "takuzu"}[fixture.stem.split("-")[0]]
    ids = [line for line in fixture.read_text().splitlines() if line and not line.startswith("#")]
    assert len(ids) == 4
    for game_id in ids:
        record = mipsolve.grade(game_id, kind=kind)
        assert record["grade"]["level"] == level, game_id
        assert (record["grade"]["guesses"] > 0) == (level == "unreasonable")


def test_grade_with_steps_lists_each_step_to_the_solution():
    record = mipsolve.grade("puzzles/sudoku/wikipedia-9x9.txt", steps=True)
    assert record["grade"] == {"level": "trivial", "score": 510, "guesses": 0, "trials": 0}
    placed = {(r, c): v for step in record["steps"] for r, c, v in step["placed"]}
    solution = record["solution"]
    assert all(solution[r - 1][c - 1] == v for (r, c), v in placed.items())
    assert all(step["text"] for step in record["steps"])
    (cli,) = cli_records("sudoku", "--grade", "--steps", "puzzles/sudoku/wikipedia-9x9.txt")
    assert without_seconds(record) == without_seconds(cli)


def test_a_puzzle_that_is_not_unique_has_no_grade():
    record = mipsolve.grade("puzzles/kenken/two-solutions-4x4.json")
    assert record["unique"] is False and "grade" not in record


def test_a_picture_is_the_command_lines_svg_and_a_notebook_draws_it(tmp_path):
    path = "puzzles/kenken/doc-6x6.json"
    solved = mipsolve.solve(path)
    picture = mipsolve.picture(path, solved["solution"])
    assert picture._repr_svg_() == picture.svg
    assert picture.svg.startswith("<svg") or picture.svg.startswith("<?xml")
    cli = subprocess.run(
        [str(cli_binary()), "kenken", "--format", "svg", path],
        cwd=REPO, capture_output=True, text=True, check=True,
    )
    assert picture.svg == cli.stdout
    picture.save(tmp_path / "kenken.svg")
    assert (tmp_path / "kenken.svg").read_text() == cli.stdout
    blank = mipsolve.picture(path)
    assert blank.svg != picture.svg
    with pytest.raises(mipsolve.PuzzleError, match="solution: expected 6 rows of 6 values"):
        mipsolve.picture(path, [[1, 2], [2, 1]])
