"""solve_many: a batch of 1,000 puzzles against their known solutions, in input order
whatever the number of threads, collections, bad input in the middle, and stopping early."""

import itertools

import pytest

import mipsolve
from conftest import public

ROYLE = "sudoku-17clue-royle.txt"


def first_lines(path, count):
    with open(path) as lines:
        return [line.strip() for line in itertools.islice(lines, count)]


def test_a_thousand_puzzles_come_back_in_order_with_their_known_solutions():
    puzzles = first_lines(public(ROYLE), 1000)
    known = first_lines(public("solutions/" + ROYLE), 1000)
    records = list(mipsolve.solve_many(puzzles, kind="sudoku", unique=True))
    assert len(records) == 1000
    for puzzle, record, solution in zip(puzzles, records, known):
        assert (record["status"], record["unique"]) == ("solved", True), puzzle
        assert "".join(str(v) for row in record["solution"] for v in row) == solution


def test_the_records_are_the_same_on_one_thread_as_on_several():
    puzzles = first_lines(public(ROYLE), 200)
    drop = lambda r: {k: v for k, v in r.items() if k != "seconds"}  # noqa: E731
    one = [drop(r) for r in mipsolve.solve_many(puzzles, unique=True, jobs=1)]
    three = [drop(r) for r in mipsolve.solve_many(iter(puzzles), unique=True, jobs=3)]
    assert one == three


def test_a_collection_yields_a_record_per_puzzle_and_bad_input_does_not_stop_the_batch():
    inputs = [
        "puzzles/sudoku/wikipedia-9x9.txt",
        "53..7....\n6..19?...\n",
        str(public("sudoku-hardest.txt")),
        "tests/bad/empty.txt",
        "puzzles/kenken/doc-6x6.json",
    ]
    records = list(mipsolve.solve_many(inputs))
    assert len(records) == 1 + 1 + 11 + 1 + 1
    assert [r["index"] for r in records[2:13]] == list(range(11))
    statuses = [r["status"] for r in records]
    assert statuses == ["solved", "error"] + ["solved"] * 11 + ["error", "solved"]
    assert records[1]["error"].startswith("<string>: cannot tell whether this is a Sudoku")
    assert records[13]["error"] == "tests/bad/empty.txt: no puzzle found"
    assert records[14]["kind"] == "kenken"


def test_a_generator_is_read_as_the_records_are_taken_and_may_be_left_early():
    taken = []

    def puzzles():
        for line in first_lines(public(ROYLE), 5000):
            taken.append(line)
            yield line

    batch = mipsolve.solve_many(puzzles(), jobs=2)
    first = [next(batch) for _ in range(3)]
    assert all(r["status"] == "solved" for r in first)
    assert len(taken) < 5000
    del batch


def test_an_error_in_the_iterable_ends_the_batch_with_it():
    def puzzles():
        yield "puzzles/sudoku/wikipedia-9x9.txt"
        raise OSError("the source broke")

    batch = mipsolve.solve_many(puzzles())
    with pytest.raises(OSError, match="the source broke"):
        list(batch)
    assert list(batch) == []


def test_one_path_alone_is_one_input():
    records = list(mipsolve.solve_many(public("sudoku-hardest.txt")))
    assert len(records) == 11


def test_jobs_must_be_positive():
    with pytest.raises(ValueError, match="jobs"):
        mipsolve.solve_many([], jobs=0)
