"""A .non file with rows and columns swapped (the width and height, or the 'rows' and 'columns'
headings, given the wrong way round), opened with File > Open or named on the command line: it
showed only an error box ("... are the width (10) and height (5) swapped, or the 'rows' and
'columns' headings?"), with no fix and no text to edit.  The mistyped-file dialog now shows the
file's text, names the swap, and lists both readings with rows and columns exchanged (each the
other's transpose, so neither is chosen for the person; the file's goal picture, when it fits
one, is said to and kept with it); the one taken opens as the file's puzzle, the file unchanged
until saved."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nonostudio.analysis.typos import find_typos
from nonostudio.analysis.typos.lines import HEADINGS_SWAPPED, SIZE_SWAPPED
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_any, read_file
from nonostudio.core.formats.non import SwappedSectionsError
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.samples import samples_dir
from nonostudio.gui.window.open_typo import OpenTypoDialog, offer_fix

DANCER = samples_dir() / "webpbn-00001-dancer.non"  # 5x10, with a goal


def _swapped(tmp_path: Path, what: str) -> Path:
    """Dancer's file with its width and height (``size``) or its headings (``headings``)
    exchanged."""
    text = DANCER.read_text()
    if what == "size":
        text = re.sub(r"width 5\nheight 10", "width 10\nheight 5", text)
    else:
        text = text.replace("\nrows\n", "\nX\n").replace("\ncolumns\n", "\nrows\n")
        text = text.replace("\nX\n", "\ncolumns\n")
    path = tmp_path / f"dancer-{what}.non"
    path.write_text(text)
    return path


@pytest.mark.parametrize("what", ["size", "headings"])
def test_the_reader_keeps_the_sections_of_a_swapped_file(tmp_path, what) -> None:
    path = _swapped(tmp_path, what)
    with pytest.raises(SwappedSectionsError) as caught:
        read_any(path)
    error = caught.value
    dancer = read_file(DANCER)
    assert "swapped" in str(error)  # (the reader's words as before)
    if what == "size":  # the sections as headed: Dancer's rows, its columns
        assert error.size == (10, 5) and error.clues == (dancer.rows, dancer.cols)
    else:  # headed the wrong way: its columns under 'rows'
        assert error.size == (5, 10) and error.clues == (dancer.cols, dancer.rows)
    assert error.meta and error.meta["title"] == "Dancer"
    # both readings offered, each making one picture; a swap with totals differing is not one
    report = find_typos(*error.clues, size=error.size)
    assert [f.kind for f in report.line_fixes] == [HEADINGS_SWAPPED, SIZE_SWAPPED]
    shapes = {(f.kind, len(f.rows), len(f.cols)) for f in report.line_fixes}
    declared_w, declared_h = error.size
    assert (HEADINGS_SWAPPED, declared_h, declared_w) in shapes
    assert (SIZE_SWAPPED, declared_w, declared_h) in shapes
    assert all(f.unique and f.line_solvable for f in report.line_fixes)
    assert "rows and columns seem swapped" in report.problem


def test_a_swap_with_another_mistake_is_said_as_before(tmp_path) -> None:
    path = _swapped(tmp_path, "size")
    path.write_text(path.read_text().replace("\nrows\n2\n", "\nrows\n3\n"))  # totals differ
    with pytest.raises(PuzzleError) as caught:
        read_any(path)
    assert not isinstance(caught.value, SwappedSectionsError)


@pytest.mark.parametrize("what", ["size", "headings"])
def test_file_open_offers_both_readings_and_opens_the_one_taken(
    qtbot, tmp_path, monkeypatch, what
) -> None:
    path = _swapped(tmp_path, what)
    text = path.read_text()
    seen: dict[str, object] = {}
    right = SIZE_SWAPPED if what == "size" else HEADINGS_SWAPPED

    def answer(dialog: OpenTypoDialog) -> int:
        qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=20000)
        seen["prompt"] = dialog.prompt.text()
        seen["title"] = dialog.typos.title.text()
        shown = dialog.typos.list
        seen["listed"] = [shown.item(i).text() for i in range(shown.count())]
        seen["chosen"] = dialog.typos.list.currentRow()
        seen["text"] = dialog.text()
        kinds = [getattr(f, "kind", None) for f in dialog.typos.suggestions()]
        dialog.typos.select(kinds.index(right))
        dialog.typos.apply_button.click()
        return int(dialog.result())

    monkeypatch.setattr(OpenTypoDialog, "exec", answer)
    error = pytest.raises(SwappedSectionsError, read_any, path).value
    fixed = offer_fix(None, path, error)
    assert isinstance(fixed, tuple)
    assert seen["text"] == text  # the file's text, to edit
    assert "rows and columns seem swapped" in str(seen["prompt"])
    # the file's goal picture tells the readings apart: said, and kept with the one taken
    fits = "the width and height swapped" if what == "size" else "the row and column clues swapped"
    assert f"(its goal picture fits {fits})" in str(seen["prompt"])
    assert "Rows and columns seem swapped" in str(seen["title"])
    listed = seen["listed"]
    assert isinstance(listed, list) and len(listed) == 2
    assert listed[0].startswith("The row and column clues swapped: with the ")
    assert listed[1].startswith("The width and height swapped")
    assert seen["chosen"] == -1  # (two transposes: the person chooses)
    puzzle, document = fixed
    dancer = read_file(DANCER)
    assert (puzzle.rows, puzzle.cols) == (dancer.rows, dancer.cols)
    assert puzzle.title == "Dancer"
    assert isinstance(puzzle, Puzzle) and puzzle.goal_clues() == (dancer.rows, dancer.cols)
    assert document.path == path and path.read_text() == text  # saved only when asked
