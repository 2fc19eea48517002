"""A colour file's clue naming a colour it does not declare (``2q`` typed for ``2b``): the typo
finder tries each declared colour in its place and offers those that balance every colour's
totals, ranked by the puzzle they make (unique first); when none balances, or several items name
undeclared colours, it says why none is offered.  ``check`` shows the fix as it does for a
mistyped ``.non`` letter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from colour_red_blue import COLS, PALETTE, ROWS

from nonostudio.analysis.typos.colour_finder import UNDECLARED_COLOUR, find_colour_typos
from nonostudio.cli import main
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.formats import read_any_text, write_text
from nonostudio.core.formats._colour import UndeclaredColourError

G = write_text(ColourPuzzle(PALETTE, ROWS, COLS, title="Flag"), "g")
XML = write_text(ColourPuzzle(PALETTE, ROWS, COLS, title="Flag"), "xml")


def _clues(text: str, fmt: str) -> tuple:
    with pytest.raises(UndeclaredColourError) as caught:
        read_any_text(text, source=f"flag.{fmt}", fmt=fmt)
    assert caught.value.colour_clues is not None
    return caught.value.colour_clues


@pytest.mark.parametrize(
    ("fmt", "old", "new", "words"),
    [
        ("g", "\n2b 1r\n", "\n2q 1r\n", "row 5: 2q \u2192 2b (2q 1r becomes 2b 1r)"),
        # XML names its colours: the fix says them by name (it said '2? → 2b (2? 1r becomes
        # 2b 1r)', a '?' and letters the file's clues never show)
        (
            "xml",
            '"blue">2</count>',
            '"rde">2</count>',
            "row 5: 2 rde \u2192 2 blue (2 rde, 1 red becomes 2 blue, 1 red)",
        ),
    ],
)
def test_the_declared_colour_that_balances_the_totals_is_offered(fmt, old, new, words) -> None:
    text = (G if fmt == "g" else XML).replace(old, new)
    report = find_colour_typos(*_clues(text, fmt), time_limit=10)
    assert report.problem_kind == UNDECLARED_COLOUR
    assert report.problem.startswith("row 5: 2")
    assert report.complete and report.candidates == 1  # red leaves red's totals unequal
    (only,) = report.offered()
    assert only.unique and only.line_solvable and only.confidence == 1.0
    assert only.edit.text() == words
    assert only.edit.apply(*_clues(text, fmt)[1:]) == (ROWS, COLS)


def test_no_declared_colour_balancing_the_totals_offers_nothing_and_says_so() -> None:
    report = find_colour_typos(*_clues(G.replace("\n2b 1r\n", "\n3q 1r\n"), "g"), time_limit=10)
    assert report.candidates == 0 and not report.offered()
    assert report.no_suggestion_text().startswith("No declared colour in its place makes")


def test_several_undeclared_items_offer_nothing_and_say_so() -> None:
    text = G.replace("\n2b 1r\n", "\n2q 1r\n").replace("\n2r\n", "\n2x\n", 1)
    report = find_colour_typos(*_clues(text, "g"), time_limit=10)
    assert report.candidates == 0 and not report.offered()
    assert report.problem.startswith("2 clue items name colours the file does not declare")
    assert "no single edit mends them all" in report.no_suggestion_text()


def test_check_offers_the_fix_of_an_undeclared_g_colour(tmp_path: Path, capsys) -> None:
    path = tmp_path / "flag.g"
    path.write_text(G.replace("\n2b 1r\n", "\n2q 1r\n"))
    assert main(["check", "--json", str(path)]) == 2
    (row,) = json.loads(capsys.readouterr().out)
    assert "line 11, character 2 (row 5's clue)" in row["error"]
    assert row["problem"].startswith("row 5: 2q names the colour 'q', which the file does not")
    (fix,) = row["suggestions"]
    assert fix["text"] == "row 5: 2q \u2192 2b (2q 1r becomes 2b 1r)" and fix["confidence"] == 1.0


def test_check_says_why_no_fix_is_offered(tmp_path: Path, capsys) -> None:
    """The reason the studio's error box gives, not 'no single edit ... makes it unique'."""
    path = tmp_path / "flag.g"
    path.write_text(G.replace("\n2b 1r\n", "\n3q 1r\n"))
    assert main(["check", str(path)]) == 2
    out = capsys.readouterr().out
    assert "row 5: 3q names the colour 'q', which the file does not declare" in out
    assert "\n  No declared colour in its place makes every colour's row and column totals" in out
