"""``check`` and ``solve`` name the likely typos of a puzzle with no solution, several, or unequal
totals (text and ``--json``), and keep their output otherwise as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nonostudio.analysis import typos
from nonostudio.analysis.typos import finder
from nonostudio.console import main
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.formats import parse_puzzle_arg, read_file
from nonostudio.core.samples import samples_dir

KEYS = {"line", "kind", "before", "after", "verdict", "line_solvable", "confidence"}


def _string(rows: list[tuple[int, ...]], cols: tuple[tuple[int, ...], ...]) -> str:
    """A puzzle string: rows then columns, lines by ``:``, numbers by ``,``."""

    def part(lines: list[tuple[int, ...]] | tuple[tuple[int, ...], ...]) -> str:
        return ":".join(",".join(map(str, line)) or "0" for line in lines)

    return f"{part(rows)}-{part(cols)}"


@pytest.fixture(scope="module")
def vulture() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    puzzle = read_file(samples_dir() / "jwilk-007-vulture.non")
    return puzzle.rows, puzzle.cols


def test_an_inconsistent_string_keeps_its_clues() -> None:
    with pytest.raises(InconsistentPuzzleError) as caught:
        parse_puzzle_arg("2:1-1:1")
    assert caught.value.clues == (((2,), (1,)), ((1,), (1,)))
    assert caught.value.with_source("x.non").clues == caught.value.clues


def test_solve_names_the_number_typed_wrong(vulture, capsys) -> None:
    rows, cols = vulture
    typed = list(rows)
    typed[6] = (4, 3, 6, 1, 1)  # row 7 is 3 3 6 1 1
    arg = _string(typed, cols)
    assert main(["solve", arg]) == 2
    captured = capsys.readouterr()
    assert "totals must be equal" in captured.err
    lines = captured.out.splitlines()
    assert lines[0].startswith("Row clues fill ")
    assert lines[2] == (
        "  1. row 7: 4 \u2192 3 (4 3 6 1 1 becomes 3 3 6 1 1): unique, line-solvable, "
        "confidence 100%"
    )
    assert main(["solve", arg, "--json"]) == 2
    data = json.loads(capsys.readouterr().out)
    assert data["exit_code"] == 2 and "totals must be equal" in data["error"]
    (best,) = data["suggestions"]
    assert KEYS <= set(best)
    assert (best["line"], best["kind"], best["before"], best["after"]) == (
        "row 7",
        "change",
        "4 3 6 1 1",
        "3 3 6 1 1",
    )
    assert best["verdict"] == "unique_line" and best["line_solvable"] is True
    assert best["confidence"] == 1.0


def test_solve_of_a_puzzle_without_solution_says_where_and_what_to_fix(vulture, capsys) -> None:
    rows, cols = vulture
    typed = list(rows)
    typed[5] = (4, 3, 7, 5)  # row 6 is 3 4 7 5: two numbers swapped
    assert main(["solve", _string(typed, cols)]) == 1
    out = capsys.readouterr().out
    assert "no solution in" in out
    assert "No solution: row 6 cannot hold 4 3 7 5 once columns " in out
    assert "  1. row 6: swap 4 and 3 (4 3 7 5 becomes 3 4 7 5): unique, line-solvable" in out
    assert "Error" not in out and "Traceback" not in out


def test_no_typos_leaves_the_output_as_it_was(vulture, capsys) -> None:
    rows, cols = vulture
    typed = list(rows)
    typed[5] = (4, 3, 7, 5)
    assert main(["solve", _string(typed, cols), "--no-typos", "--json"]) == 1
    assert "suggestions" not in json.loads(capsys.readouterr().out)
    assert main(["solve", _string(list(rows), cols), "--json"]) == 0
    assert "suggestions" not in json.loads(capsys.readouterr().out)


def test_check_lists_the_typos_after_the_table(vulture, tmp_path: Path, capsys) -> None:
    rows, cols = vulture
    typed = list(rows)
    typed[6] = (4, 3, 6, 1, 1)
    swapped = list(rows)
    swapped[5] = (4, 3, 7, 5)
    good, totals, none = _string(list(rows), cols), _string(typed, cols), _string(swapped, cols)
    assert main(["check", good, totals, none]) == 2  # a row with an error: bad input
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["file", "size", "verdict", "seconds"]
    assert "unique" in lines[1] and "error: " in lines[2] and "no solution" in lines[3]
    rest = "\n".join(lines[4:])
    assert f"{totals}: Row clues fill" in rest
    assert "  1. row 7: 4 \u2192 3 (4 3 6 1 1 becomes 3 3 6 1 1): unique" in rest
    assert f"{none}: No solution: row 6 cannot hold 4 3 7 5" in rest
    assert "  1. row 6: swap 4 and 3" in rest
    assert main(["check", good, totals, none, "--json"]) == 2
    table = json.loads(capsys.readouterr().out)
    assert "suggestions" not in table[0]
    assert table[1]["error"] and table[1]["suggestions"][0]["line"] == "row 7"
    assert table[2]["verdict"] == "no_solution"
    assert table[2]["suggestions"][0]["kind"] == "swap"
    assert all(KEYS <= set(s) for row in table[1:] for s in row["suggestions"])
    assert main(["check", good, totals, none, "--json", "--no-typos"]) == 2
    assert not any("suggestions" in row for row in json.loads(capsys.readouterr().out))


def _typed(clues, rows: dict[int, tuple[int, ...]]) -> str:
    """The puzzle string of ``clues`` with these rows (0-based) typed in their place."""
    typed = list(clues[0])
    for index, clue in rows.items():
        typed[index] = clue
    return _string(typed, clues[1])


def test_two_typos_a_change_and_a_swap_are_offered_as_a_pair(vulture, capsys, monkeypatch) -> None:
    # Row 7 is 3 3 6 1 1 and row 6 is 3 4 7 5.
    arg = _typed(vulture, {6: (4, 3, 6, 1, 1), 5: (4, 3, 7, 5)})
    assert main(["check", arg]) == 2
    out = capsys.readouterr().out
    assert "Perhaps two typos" in out
    assert (
        "  1. row 7: 4 \u2192 3 (4 3 6 1 1 becomes 3 3 6 1 1) and row 6: swap 4 and 3 "
        "(4 3 7 5 becomes 3 4 7 5): together unique, line-solvable, confidence 100%" in out
    )
    # Without pairs (none tried here), the first of the two is offered.
    monkeypatch.setattr(finder, "MOST_PAIRS", 0)
    assert main(["check", arg, "--json"]) == 2
    (row,) = json.loads(capsys.readouterr().out)
    assert row["suggestions"][0]["one_more_typo"] is True and "pairs_text" not in row


def test_two_typos_mended_only_together_are_offered_as_pairs(vulture, capsys, monkeypatch) -> None:
    # Row 7 is 3 3 6 1 1 and row 11 is 2 1 7 6 2: the totals differ by two.
    arg = _typed(vulture, {6: (4, 3, 6, 1, 1), 10: (3, 1, 7, 6, 2)})
    # The table's words and the JSON row are two forms of one search (seconds of it): the second
    # ``check`` gets the first one's report for the same clues and time limit.
    real, searched = typos.find_typos, {}

    def search_once(rows, cols, *, time_limit, **options):
        assert options == {"separators": True}  # (a string's lines run together: looked for)
        key = (repr(rows), repr(cols), time_limit)
        if key not in searched:
            searched[key] = real(rows, cols, time_limit=time_limit, **options)
        return searched[key]

    monkeypatch.setattr(typos, "find_typos", search_once)
    assert main(["check", arg]) == 2
    out = capsys.readouterr().out
    assert "no single edit makes the puzzle unique. Perhaps two typos:" in out
    assert (
        "  1. row 7: 4 \u2192 3 (4 3 6 1 1 becomes 3 3 6 1 1) and row 11: 3 \u2192 2 "
        "(3 1 7 6 2 becomes 2 1 7 6 2): together unique, line-solvable" in out
    )
    assert main(["check", arg, "--json"]) == 2
    (row,) = json.loads(capsys.readouterr().out)
    first = row["suggestions"][0]
    assert KEYS <= first.keys() and first["kind"] == "pair" and "rows 7" in row["pairs_text"]
    assert [(e["line"], e["after"]) for e in first["edits"]] == [
        ("row 7", "3 3 6 1 1"),
        ("row 11", "2 1 7 6 2"),
    ]


def test_the_typos_shown_say_how_many_were_found(capsys) -> None:
    """Bike with column 7's 8 2 typed 8 1: five single edits make it unique, three are shown,
    and the one that restores the book's clue is not among them.  The heading said 'Likely
    typos' alone, as if the list were all; it now says 'the 3 likeliest of 5'."""
    bike = read_file(samples_dir() / "jwilk-038-bike.non")
    assert bike.cols[6] == (8, 2)
    cols = (*bike.cols[:6], (8, 1), *bike.cols[7:])
    text = _string(list(bike.rows), cols)
    assert main(["check", "--json", text]) == 2
    row = json.loads(capsys.readouterr().out)[0]
    shown = [(s["line"], s["after"]) for s in row["suggestions"]]
    assert len(shown) == 3 and ("column 7", "8 2") not in shown
    assert row["suggestions_found"] > 3
    assert main(["check", text]) == 2
    out = capsys.readouterr().out
    assert f"the 3 likeliest of {row['suggestions_found']})" in out
    assert main(["solve", text]) == 2
    assert f"the 3 likeliest of {row['suggestions_found']})" in capsys.readouterr().out


def test_check_and_solve_name_a_row_left_out_of_a_non_file(tmp_path: Path, capsys) -> None:
    """Bike with row 8 left out: the reader's error alone before ('expected 20 row clues ...,
    found only 19 before this blank line'), no typo search; now the place and the clue."""
    text = (samples_dir() / "jwilk-038-bike.non").read_text().splitlines()
    start = text.index("rows") + 1
    path = tmp_path / "bike.non"
    path.write_text("\n".join(text[: start + 7] + text[start + 8 :]) + "\n")
    assert main(["check", str(path)]) == 2
    out = capsys.readouterr().out
    assert "found only 19 before this blank line" in out
    assert f"{path}: Row clues: 19 lines for a height of 20." in out
    assert "one seems to be missing after row 7: with 3 3 2 1 1 " in out
    assert main(["solve", str(path), "--json"]) == 2
    data = json.loads(capsys.readouterr().out)
    assert data["line_fixes"][0]["line"] == 8 and data["line_fixes"][0]["clue"] == "3 3 2 1 1"


def test_check_says_a_line_fix_beside_the_two_typos_it_lists(capsys) -> None:
    """Dancer's row 1 left out (a puzzle string: no size to count against): pairs of edits also
    make the shorter clues one picture, and are listed; the line put back is said first."""
    dancer = read_file(samples_dir() / "webpbn-00001-dancer.non")
    arg = _string(list(dancer.rows[1:]), dancer.cols)
    assert main(["check", arg]) == 2
    lines = capsys.readouterr().out.splitlines()
    at = lines.index(
        f"{arg}: Row clues fill 21 cells but column clues fill 23; the totals must be equal."
    )
    assert lines[at + 1].startswith("  Row clues: 9 lines; one seems to be missing before row 1:")
    assert "Perhaps two typos" in lines[at + 2]
