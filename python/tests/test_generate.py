"""generate(): puzzles proven unique, the same for a seed, at the level asked, as the command
line makes them."""

import json

import pytest

import mipsolve
from conftest import cli_records


@pytest.mark.parametrize(
    "kind, args",
    [
        ("sudoku", {}),
        ("sudoku", {"size": 6, "level": "basic"}),
        ("sudoku", {"variant": ["killer"]}),
        ("kenken", {"size": 5}),
        ("takuzu", {"size": (6, 8)}),
    ],
)
def test_a_generated_puzzle_is_unique_and_solves_to_its_solution(kind, args):
    made = mipsolve.generate(kind, seed=7, **args)
    solved = mipsolve.solve(made["puzzle"], kind=kind, unique=True)
    assert (solved["unique"], solved["solution"]) == (True, made["solution"])
    assert mipsolve.grade(made["puzzle"], kind=kind)["grade"]["level"] == made["level"]
    if "level" in args:
        assert made["level"] == args["level"]
    assert mipsolve.generate(kind, seed=7, **args) == made


@pytest.mark.parametrize(
    "kind, args, flags",
    [
        ("sudoku", {"level": "intermediate"}, ["--difficulty", "intermediate"]),
        ("kenken", {"size": 4, "ops": "+*"}, ["--size", "4", "--ops", "+*"]),
        (
            "takuzu",
            {"size": 8, "allow_duplicate_lines": True},
            ["--size", "8", "--allow-duplicate-lines"],
        ),
    ],
)
def test_a_seed_gives_the_command_lines_puzzle(kind, args, flags):
    made = mipsolve.generate(kind, seed=11, **args)
    (cli,) = cli_records("generate", kind, "--seed", "11", *flags)
    if isinstance(cli["puzzle"], dict):
        made["puzzle"] = json.loads(made["puzzle"])
    assert made == cli


def test_a_request_that_cannot_be_met_says_why():
    with pytest.raises(ValueError, match="symmetry 'm8': needs a square grid, not 6x8"):
        mipsolve.generate("takuzu", size=(6, 8), symmetry="m8")
    with pytest.raises(ValueError, match="level 'easy': expected trivial, basic"):
        mipsolve.generate("sudoku", level="easy")
    with pytest.raises(ValueError, match="variant 'chess'"):
        mipsolve.generate("sudoku", variant=["chess"])
    with pytest.raises(ValueError, match="only a KenKen has operators"):
        mipsolve.generate("sudoku", ops="+")
    with pytest.raises(ValueError, match="alphabet: generating a sudoku takes box"):
        mipsolve.generate("sudoku", alphabet="letters")
