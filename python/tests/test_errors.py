"""Bad input raises the command line's messages (`tests/cmd/bad-*.toml`), never a crash; bad
arguments are ValueError or TypeError; a time limit and Ctrl-C stop a long call."""

import json
import os
import re
import signal
import threading
import time
from pathlib import Path

import pytest

import mipsolve
from conftest import REPO, public

BAD = sorted((REPO / "tests/cmd").glob("bad-*.toml"))
EMPTY_9X9 = "tests/fixtures/count/empty-9x9.txt"


def case(toml):
    """A bad-input case of the command line (its args line and its stderr block): the kind
    named (None under `solve`), the file and the messages it prints, one line each."""
    text = toml.read_text()
    args = json.loads(re.search(r"^args = (\[.*\])$", text, re.M).group(1))
    stderr = re.search(r"^stderr = ('''|\"\"\")\n(.*?)\1", text, re.M | re.S).group(2)
    args = [a for a in args if not a.startswith("--") and a != "json"]
    command, path = args[0], args[-1]
    return (None if command == "solve" else command), path, stderr.strip()


@pytest.mark.parametrize("toml", BAD, ids=lambda p: p.stem)
def test_bad_input_gives_the_command_lines_messages(toml):
    kind, path, messages = case(toml)
    records = list(mipsolve.solve_many([path], kind=kind))
    errors = [r["error"] for r in records if r["status"] == "error"]
    assert "\n".join(errors) == messages
    if len(records) == 1:
        with pytest.raises(mipsolve.PuzzleError) as raised:
            mipsolve.solve(path, kind=kind)
        assert str(raised.value) == messages
        at = re.match(re.escape(path) + r":(\d+): ", messages)
        several = "\n" in messages
        assert raised.value.line == (int(at.group(1)) if at and not several else None)


def test_a_bad_character_is_placed_by_line_and_column():
    with pytest.raises(mipsolve.PuzzleError) as raised:
        mipsolve.solve("53..7....\n6..19?...\n", kind="sudoku")
    error = raised.value
    assert str(error).startswith("<string>:2: unexpected character '?'")
    assert (error.line, error.column) == (2, 6)
    assert isinstance(error, ValueError)


def test_a_collection_is_refused_by_single_calls_and_taken_by_solve_many():
    two = "puzzles/kenken/tatham-keen-ids.txt"
    with pytest.raises(mipsolve.PuzzleError, match="holds 5 puzzles, not one: solve_many"):
        mipsolve.solve(two)
    assert len(list(mipsolve.solve_many(two))) == 5


def test_values_from_zero_are_refused_not_returned_shifted():
    # Grids go back to Python as values from 1: a puzzle written from 0 is refused by name.
    with pytest.raises(mipsolve.PuzzleError, match=r"values from 0 .* are not yet returned"):
        mipsolve.solve(".Shape~4x4~0-3.~R1C1_0")


def test_a_missing_file_is_an_os_error_with_the_command_lines_message():
    with pytest.raises(FileNotFoundError, match="^nope.txt: cannot read: no such file"):
        mipsolve.solve(Path("nope.txt"))


def test_bad_arguments_say_what_is_expected():
    with pytest.raises(ValueError, match="unknown kind 'chess': expected sudoku, kenken or takuzu"):
        mipsolve.solve("x", kind="chess")
    with pytest.raises(ValueError, match="unknown solver 'gurobi'"):
        mipsolve.solve(EMPTY_9X9, solver="gurobi")
    with pytest.raises(TypeError, match="unknown option 'colour'"):
        mipsolve.solve(EMPTY_9X9, colour=True)
    with pytest.raises(ValueError, match="box: expected"):
        mipsolve.solve(EMPTY_9X9, box="seven")
    with pytest.raises(ValueError, match="time_limit"):
        mipsolve.solve(EMPTY_9X9, time_limit=-1)
    with pytest.raises(TypeError, match="expected a puzzle's text"):
        mipsolve.solve(42)


def test_a_solver_this_build_has_not_is_a_solve_error():
    with pytest.raises(mipsolve.SolveError, match="no CBC"):
        mipsolve.solve(EMPTY_9X9, kind="sudoku", solver="cbc")
    (record,) = mipsolve.solve_many([EMPTY_9X9], kind="sudoku", solver="cbc")
    assert record["status"] == "error" and "no CBC" in record["error"]


def test_a_time_limit_ends_a_long_call_with_what_it_found():
    started = time.monotonic()
    record = mipsolve.count(EMPTY_9X9, 10**6, kind="sudoku", time_limit=0.5)
    assert time.monotonic() - started < 5
    assert (record["status"], record["count_complete"]) == ("timeout", False)
    assert record["count"] >= 1


def test_ctrl_c_interrupts_a_long_call():
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        mipsolve.count(EMPTY_9X9, 10**6, kind="sudoku")
    assert time.monotonic() - started < 5
    # The interpreter goes on, and so do later calls.
    assert mipsolve.solve("puzzles/sudoku/wikipedia-9x9.txt")["status"] == "solved"


def test_a_long_call_leaves_the_interpreter_free():
    ticks = 0
    limited = {"kind": "sudoku", "time_limit": 1}
    call = threading.Thread(target=mipsolve.count, args=(EMPTY_9X9, 10**6), kwargs=limited)
    call.start()
    while call.is_alive():
        ticks += 1
    assert ticks > 10_000


def test_calls_from_several_threads_run_side_by_side():
    lines = public("sudoku-17clue-royle.txt").read_text().splitlines()[:200]
    known = public("solutions/sudoku-17clue-royle.txt").read_text().splitlines()[:200]
    found = {}

    def solve(part):
        for i in range(part, len(lines), 4):
            solution = mipsolve.solve(lines[i], kind="sudoku", unique=True)["solution"]
            found[i] = "".join(str(v) for row in solution for v in row)

    threads = [threading.Thread(target=solve, args=(part,)) for part in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [found[i] for i in range(len(lines))] == known
