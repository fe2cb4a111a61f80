"""The examples of docs/python.md run as shown, and the error example prints what it shows."""

import contextlib
import io
import re

from conftest import REPO


def test_the_python_examples_of_the_docs_run_as_shown():
    page = (REPO / "docs/python.md").read_text()
    blocks = re.findall(r"^```python\n(.*?)^```", page, re.M | re.S)
    assert len(blocks) >= 3
    notebook = {}  # the blocks run one after the other, as a notebook's cells
    for block in blocks:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(block, notebook)  # noqa: S102 - the documentation's own examples
        shown = [line[2:] for line in block.splitlines() if line.startswith("# ")]
        if "except mipsolve.PuzzleError" in block:
            assert printed.getvalue().splitlines() == shown
    # The values the notebook example shows in its comments.
    solved = notebook["solved"]
    assert (solved["variant"], solved["unique"]) == (["antiking", "arrow", "thermometer"], True)
    assert solved["solution"][0] == [8, 6, 7, 4, 5, 2, 9, 3, 1]
    assert notebook["found"]["candidates"][1][:3] == [[6, 7], [2, 7], [2, 6]]
