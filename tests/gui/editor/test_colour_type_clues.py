"""The colour editor's Type Clues: the clues shown as text (3r 1b, one a line), typed anew and
made the puzzle's as one undo step; the picture of typed clues with one solution is found and
can be painted again, as a file's clues are. A mistyped line or clues whose colour totals
differ keep the dialog open, saying what is wrong. Before, a colour puzzle's clues could be
typed only as a whole file's text in Paste Puzzle String, which starts a new puzzle."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from colour_red_blue import COLS, PALETTE, PICTURE, ROWS
from PySide6.QtCore import QThreadPool

from nonostudio.core.colour.clue_text import letters_legend
from nonostudio.core.colour.model import (
    BLACK,
    Colour,
    ColourClues,
    ColourPuzzle,
    Palette,
    clues_of_colour_grid,
)
from nonostudio.core.errors import PuzzleError
from nonostudio.gui.editor.colour.clue_dialog import ColourClueDialog
from nonostudio.gui.editor.colour.view import ColourEditorView

# one red block less in row 1 and column 6 of PICTURE: one solution still (line logic)
OTHER = ((2, 1, 1, 2, 0, 0), *PICTURE[1:])


@pytest.fixture
def editor(qtbot) -> Iterator[ColourEditorView]:  # type: ignore[no-untyped-def]
    view = ColourEditorView()
    qtbot.addWidget(view)
    view.resize(700, 500)
    view.show()
    view.set_puzzle(ColourPuzzle(PALETTE, ROWS, COLS, title="Typed", goal=PICTURE))
    yield view
    assert QThreadPool.globalInstance().waitForDone(10000)


def _problem(palette: Palette) -> Callable[[ColourClues, ColourClues], str]:
    """What the editor says is wrong with clues of ``palette`` ('' when they make a puzzle)."""

    def problem(r: ColourClues, c: ColourClues) -> str:
        try:
            ColourPuzzle(palette, r, c)
        except PuzzleError as exc:
            return str(exc)
        return ""

    return problem


def _type(monkeypatch: pytest.MonkeyPatch, rows: str, cols: str, seen: list[str]) -> None:
    """The dialog, when shown, has ``rows`` and ``cols`` typed and OK pressed (``seen`` gets
    what it then says is wrong, and the text it was shown with)."""

    def exec_(dialog: ColourClueDialog) -> int:
        seen.append(dialog.rows_edit.toPlainText() + "|" + dialog.cols_edit.toPlainText())
        dialog.rows_edit.setPlainText(rows)
        dialog.cols_edit.setPlainText(cols)
        dialog.accept()
        seen.append(dialog.problem())
        return int(dialog.result())

    monkeypatch.setattr(ColourClueDialog, "exec", exec_)


def test_typed_clues_become_the_puzzle_and_their_picture_is_found(
    qtbot, editor: ColourEditorView, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows, cols = clues_of_colour_grid(OTHER)
    text = ColourClueDialog(PALETTE, rows, cols, lambda r, c: "")  # (the typed form)
    seen: list[str] = []
    _type(monkeypatch, text.rows_edit.toPlainText(), text.cols_edit.toPlainText(), seen)
    editor.type_button.click()
    assert seen[0].startswith("1b 2r 1b 1r\n2r\n")  # the clues shown: the picture's
    assert seen[1] == ""
    assert editor.state().fixed == (rows, cols)  # typed: kept as they are while searched
    qtbot.waitUntil(lambda: not editor.is_searching(), timeout=10000)
    assert editor.state().fixed is None and editor.state().cells == OTHER  # paintable again
    puzzle = editor.puzzle()
    assert puzzle is not None and (puzzle.rows, puzzle.cols) == (rows, cols)
    assert editor.is_modified() and editor.undo_stack().count() == 1
    editor.undo_stack().undo()  # one undo step
    assert editor.state().cells == PICTURE and editor.state().fixed is None


def test_a_mistyped_line_or_unequal_totals_keep_the_dialog_open(
    editor: ColourEditorView, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    _type(monkeypatch, "2b 2r 1b 1q\n2r\n1r 1b 1b\n2r 1r\n2b 1r", "1b\n1r\n1r 1b\n2b 1r\n3r", seen)
    editor.type_button.click()
    assert seen[1].startswith("row 1, block 4: no colour is typed 'q' (r = red, b = blue)")
    seen.clear()
    _type(monkeypatch, "2r\n0\n0\n0\n0", "1r\n1r\n0\n0\n0\n0", seen)  # 2 red cells, and 2
    editor.type_button.click()
    assert seen[1] == ""  # (one picture: 1x2 red at the top left)
    seen.clear()
    _type(monkeypatch, "3r\n0\n0\n0\n0", "1r\n1r\n0\n0\n0\n0", seen)
    editor.type_button.click()
    assert "red" in seen[1] and "3" in seen[1] and "2" in seen[1]  # the totals that differ
    assert editor.undo_stack().count() == 1  # the one typed change, not the refused ones


def test_clues_whose_totals_differ_get_the_likely_fixes_in_the_dialogs_letters(qtbot) -> None:
    """A block typed 1 short ('1b 1r' for '1b 2r' in row 1) made the dialog say only that the
    red totals differ; now it lists the likely fixes, as a mistyped file's are, and Use this
    fix writes the chosen one into the text (OK then takes it).  Black, whose character is
    '#', is said with the letter it is typed with here ('b', not '#')."""
    black = Palette((*PALETTE.colours[:2], Colour("black", "#000000", "#")))
    rows, cols = clues_of_colour_grid(PICTURE)  # blue's index (2) is black's here
    wrong = ((1, 2), (1, 1), (1, 2), (1, 1))  # row 1, '1b 2r 1b 1r', typed 1 red short
    assert rows[0] == ((1, 2), (2, 1), (1, 2), (1, 1))

    problem = _problem(black)

    dialog = ColourClueDialog(black, (wrong, *rows[1:]), cols, problem)
    qtbot.addWidget(dialog)
    assert letters_legend(black) == "r = red, b = black"
    dialog.accept()
    assert "red" in dialog.problem() and dialog.result() == 0
    qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=10000)
    assert dialog.typos.list.currentRow() == -1  # the first is not over 50 %: not chosen
    texts = [s.edit.text() for s in dialog.typos.suggestions()]
    fix = "row 1: the 2nd item, 1r \u2192 2r (1b 1r 1b 1r becomes 1b 2r 1b 1r)"
    assert fix in texts
    dialog.typos.select(texts.index(fix))
    dialog.typos.apply_button.click()
    assert dialog.rows_edit.toPlainText().split("\n")[0] == "1b 2r 1b 1r"
    assert dialog.typos.isHidden() and "Press OK" in dialog.problem()
    dialog.accept()
    assert dialog.result() == 1 and dialog.clues() == (rows, cols)


def test_the_fixes_go_when_the_clues_are_edited(qtbot) -> None:
    """Fixes listed for the text as it was: made after an edit, Use this fix would have put
    the old text back over it."""
    rows = (((1, 2), (1, 1), (1, 2), (1, 1)), *ROWS[1:])  # row 1 typed 1 red short

    problem = _problem(PALETTE)

    dialog = ColourClueDialog(PALETTE, rows, COLS, problem)
    qtbot.addWidget(dialog)
    dialog.accept()
    qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=10000)
    assert not dialog.typos.isHidden() and dialog.typos.suggestions()
    dialog.cols_edit.appendPlainText("0")
    assert dialog.typos.isHidden() and dialog.typos.suggestions() == []


def test_a_letter_that_names_no_colour_gets_the_colours_that_balance(qtbot) -> None:
    """'2q' typed for '2r' (row 2): the dialog named the block ('no colour is typed q') and
    offered nothing; now the declared colours that balance every total are offered in its
    place, as for a file naming a colour it does not declare, and the fix is written in."""

    problem = _problem(PALETTE)

    dialog = ColourClueDialog(PALETTE, ROWS, COLS, problem)
    qtbot.addWidget(dialog)
    lines = dialog.rows_edit.toPlainText().split("\n")
    assert lines[1] == "2r"
    dialog.rows_edit.setPlainText("\n".join([lines[0], "2q", *lines[2:]]))
    dialog.accept()
    assert "no colour is typed 'q'" in dialog.problem() and dialog.result() == 0
    qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=10000)
    texts = [s.edit.text() for s in dialog.typos.suggestions()]
    assert texts and all("2q" in t for t in texts), texts
    assert any("2q \u2192 2r" in t for t in texts), texts
    assert not any("\u2192 2b" in t for t in texts)  # blue would not balance the totals
    dialog.typos.select(next(i for i, t in enumerate(texts) if "2q \u2192 2r" in t))
    dialog.typos.apply_button.click()
    assert dialog.rows_edit.toPlainText().split("\n")[1] == "2r"
    dialog.accept()
    assert dialog.result() == 1 and dialog.clues() == (ROWS, COLS)


def test_letters_that_name_no_colour_are_not_called_a_files(qtbot) -> None:
    """Two blocks typed with letters that name no colour ('2q', '1z'): no single edit mends
    them, and the dialog said '2 clue items name colours the file does not declare' of clues
    the designer typed. Now it says the letters name no colour, and which blocks."""

    dialog = ColourClueDialog(PALETTE, ROWS, COLS, _problem(PALETTE))
    qtbot.addWidget(dialog)
    lines = dialog.rows_edit.toPlainText().split("\n")
    assert lines[1] == "2r"
    last = lines[-1].rsplit(" ", 1)
    dialog.rows_edit.setPlainText("\n".join([lines[0], "2q", *lines[2:-1], f"{last[0]} 1z"]))
    dialog.accept()
    qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=10000)
    said = dialog.typos.title.text()
    assert "file" not in said and "declare" not in said, said
    assert said.startswith("2 blocks are typed with letters that name no colour"), said


def test_a_new_colour_is_given_no_character_that_reads_as_a_digit(editor) -> None:
    """Add colour 'orange' (the name the editor suggests for #ff7f0e) took the character 'o',
    kept as the colour's own: Type Clues showed its blocks as '4o' and '1o 3a 1r 1o' (ten?),
    and the .g and .non files said so too (seen under Xvfb); 'lime' took 'l'."""
    from nonostudio.core.colour.clue_text import clue_letters, clue_lines_text

    # the new colour puzzle's palette (File > New Colour Puzzle): black's character is '#'
    editor.new_puzzle(6, 4, Palette((*PALETTE.colours[:1], BLACK, *PALETTE.colours[1:])))
    before = clue_letters(editor.state().palette)
    assert before == ["", "a", "r", "b"]
    assert editor.add_colour("orange", "#ff7f0e") and editor.add_colour("lime", "#bfff00")
    # nor is it given a letter an older colour is typed with (a colour whose character is no
    # letter, '#', is typed with a free one, which it would lose)
    assert clue_letters(editor.state().palette)[: len(before)] == before
    assert editor.add_colour("Olive", "#808000") and editor.add_colour("Indigo", "#4b0082")
    palette = editor.state().palette
    chars = [c.char for c in palette.colours[-4:]]
    assert not set(chars) & set("lIoO"), chars
    clues = (((1, len(palette) - 4), (2, len(palette) - 3)),)
    text = clue_lines_text(clues, palette)
    assert text[1] not in "lIoO" and text[4] not in "lIoO", text
