"""Walk every puzzle of the anchor corpora (INDEX.csv) and every other puzzle file beside them."""

from __future__ import annotations

import csv
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pytest
from formats_fuzz_inputs import INDEX_FORMATS

from nonostudio.core.errors import (
    InconsistentPuzzleError,
    PuzzleError,
    UnsupportedPuzzleError,
)
from nonostudio.core.formats import detect_format, read_all, read_entries

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from _anchors import PUBLIC_COLOUR  # noqa: E402

# Colour puzzles by their content although INDEX.csv gives a verdict for them (the converter
# used for the index dropped their colours): XML files counting blocks in two colours and Olšák
# .g files whose blocks carry colour letters, and the two copies of pynogram's UK flag (TOML).
# bicycle.g is the only black-and-white .g file.  They are the public colour files, all of them.
COLOUR_BY_CONTENT = frozenset(PUBLIC_COLOUR)


@pytest.mark.slow
def test_every_indexed_puzzle(anchors: Path) -> None:
    root = anchors / "puzzles"
    by_file: dict[str, list[dict[str, str]]] = defaultdict(list)
    with (root / "INDEX.csv").open(newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            by_file[row["file"]].append(row)
    assert sum(map(len, by_file.values())) > 23000
    outcomes: Counter[str] = Counter()
    for name, rows in by_file.items():
        path = root / name
        assert detect_format(path) == INDEX_FORMATS[rows[0]["format"]], name
        if name in COLOUR_BY_CONTENT or rows[0]["pbnsolve_u_b"] == "not-run(colour)":
            with pytest.raises(UnsupportedPuzzleError, match="colour"):
                read_all(path)
            outcomes["colour"] += len(rows)
            continue
        entries = dict(read_entries(path))
        for row in rows:
            build = entries[row["item"]]
            if row["pbnsolve_u_b"] == "contradiction":
                try:
                    build()
                except InconsistentPuzzleError:
                    outcomes["contradiction refused"] += 1
                except PuzzleError as exc:
                    assert "a 0 beside other numbers" in exc.message, str(exc)
                    outcomes["contradiction refused"] += 1
                else:
                    outcomes["contradiction parsed"] += 1
                continue
            puzzle = build()
            if row["width"]:
                assert (puzzle.width, puzzle.height) == (int(row["width"]), int(row["height"])), (
                    f"{name} {row['item']}"
                )
            outcomes["parsed"] += 1
    # Every one of the 257 contradictions (all in r-nonogram's puzzle string library) is refused
    # on reading: 242 have row and column totals that differ; the other 15 are consistent on the
    # surface only when their clues' inner 0s (``4,0,3``) are dropped, and a 0 beside other
    # numbers is refused.
    assert outcomes["contradiction refused"] == 257
    assert outcomes["contradiction parsed"] == 0
    assert outcomes["colour"] == 2 + 11
    assert outcomes["parsed"] > 23000


def test_butler_set(anchors: Path) -> None:
    puzzles = read_all(anchors / "butler/test-set-extended.json")
    assert len(puzzles) == 17
    assert all(p.title == name for name, p in puzzles)


def test_solution_files_beside_the_puzzles_are_not_mistaken_for_puzzles(anchors: Path) -> None:
    # y_*.npz hold n*n solution bits per row: 15x15 rows have the wrong length, and 10x10 rows
    # (100 values, like the clues) have gaps between their ones where clues are right-aligned
    with pytest.raises(PuzzleError, match="do not match"):
        read_all(anchors / "puzzles/nonodataset/15x15/y_test_backtracking_15x15.npz")
    with pytest.raises(PuzzleError, match="right-aligned"):
        read_all(anchors / "puzzles/nonodataset/10x10/y_train_backtracking.npz")
