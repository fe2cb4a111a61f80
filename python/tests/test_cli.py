"""The records agree with the command line's, key for key, on the public puzzle sets."""

import pytest

import mipsolve
from conftest import cli_records, public, without_seconds

SETS = [
    "sudoku-top95.txt",
    "sudoku-hardest.txt",
    "sudoku-easy50.txt",
    "sudoku-tdoku-test.txt",
    "takuzu-binarypuzzle-com-veryhard-10.txt",
    "takuzu",
    "pkit/kenken",
    "pkit/kenken-hidden-op",
    "pkit/sudoku",
    "pkit/takuzu",
    "fpuzzles",
    "variants",
]


@pytest.mark.parametrize("name", SETS)
def test_the_records_agree_with_the_command_line(name, monkeypatch):
    monkeypatch.chdir(public())
    cli = cli_records("solve", "--check-unique", "-j", "2", name, cwd=public())
    assert cli, f"the command line read nothing in {name}"
    # The files the command line found in a folder, in its order, each named as it names them.
    files = list(dict.fromkeys(record["file"] for record in cli))
    mine = list(mipsolve.solve_many(files, unique=True))
    assert [without_seconds(r) for r in mine] == [without_seconds(r) for r in cli]


def test_a_long_collection_read_by_blocks_agrees_with_the_command_line(tmp_path):
    # 10,000 Royle puzzles, past the first block of 1,024 lines, with a comment and a bad line
    # in a later block: records, lines and messages numbered as in the whole file.
    lines = public("sudoku-17clue-royle.txt").read_text().splitlines()[:10_000]
    lines[9000:9000] = ["# a comment", "12345"]
    sample = tmp_path / "royle-10000.txt"
    sample.write_text("\n".join(lines) + "\n")
    cli = cli_records("sudoku", "--check-unique", str(sample))
    mine = list(mipsolve.solve_many(sample, kind="sudoku", unique=True))
    assert len(mine) == 10_001
    assert [without_seconds(r) for r in mine] == [without_seconds(r) for r in cli]
    (bad,) = [r for r in mine if r["status"] == "error"]
    assert bad["line"] == 9002 and bad["error"].startswith(f"{sample}:9002: ")
