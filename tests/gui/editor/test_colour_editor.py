"""The colour puzzle editor: opening a colour file in the window (picture, coloured clues,
metadata), painting with the palette, palette changes, saving in the colour formats and the
public colour files opened, drawn and saved without loss."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QMessageBox

from nonostudio.core.colour.clue_text import letters_legend
from nonostudio.core.colour.model import (
    WHITE,
    Colour,
    ColourPuzzle,
    Palette,
    clues_of_colour_grid,
)
from nonostudio.core.colour.solver import solve_colour
from nonostudio.core.contrast import contrast_ratio, text_colour
from nonostudio.core.formats import read_any, write_file
from nonostudio.core.library import Library
from nonostudio.gui.common.theme import apply_theme
from nonostudio.gui.editor.colour.view import ColourEditorView
from nonostudio.gui.grid.colour import cells_between
from nonostudio.gui.window.main_window import MainWindow

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from _anchors import PUBLIC_COLOUR  # noqa: E402

ANCHORS = Path(__file__).resolve().parents[4] / "shared" / "anchors" / "puzzles"
PUBLIC = list(PUBLIC_COLOUR)
RED = Colour("red", "#d62728", "r")
BLUE = Colour("blue", "#1f77b4", "b")
YELLOW = Colour("yellow", "#ffdd00", "y")
RGB = Palette((WHITE, RED, BLUE, YELLOW))
# A 4x3 picture: every colour, blocks of different colours touching.
PICTURE = ((1, 1, 2, 0), (0, 3, 2, 2), (1, 0, 0, 3))


class Warnings:
    """Records warnings and questions; questions get ``answer``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[str] = []
        self.questions: list[str] = []
        self.answer = QMessageBox.StandardButton.Discard
        monkeypatch.setattr(
            QMessageBox, "warning", lambda parent, title, text, *a: self.texts.append(text)
        )
        monkeypatch.setattr(QMessageBox, "question", self._question)

    def _question(self, parent, title, text, *args):
        self.questions.append(text)
        return self.answer


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> Warnings:
    return Warnings(monkeypatch)


@pytest.fixture
def window(qtbot, small_library: Library, settings: QSettings, warnings: Warnings):
    win = MainWindow(small_library, settings)
    qtbot.addWidget(win)
    win.resize(1300, 850)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.cancel_background()
    apply_theme(QApplication.instance(), "system")


def colour_file(tmp_path: Path, name: str = "pic.xml") -> tuple[Path, ColourPuzzle]:
    rows, cols = clues_of_colour_grid(PICTURE)
    puzzle = ColourPuzzle(RGB, rows, cols, title="Flags", author="Ann", goal=PICTURE)
    path = tmp_path / name
    write_file(puzzle, path)
    return path, puzzle


def click(qtbot, editor: ColourEditorView, row: int, col: int, button=Qt.MouseButton.LeftButton):
    centre = editor.grid.cell_rect(row, col).center()
    qtbot.mouseClick(editor.grid, button, pos=centre)


def pixel(editor: ColourEditorView, point: QPoint) -> str:
    return QColor(editor.grid.grab().toImage().pixel(point)).name()


# --- contrast --------------------------------------------------------------------------------


def test_clue_text_colour_contrasts_with_its_box() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert text_colour("#ffff00") == "#000000"  # yellow: black numbers
    assert text_colour("#000080") == "#ffffff"  # navy: white numbers
    assert text_colour("#a52a2a") == "#ffffff"  # acorn's brown
    for rgb in ("#ff0000", "#ffa500", "#1f77b4", "#808080", "#d62728"):
        assert contrast_ratio(rgb, text_colour(rgb)) >= 3.0


# --- opening ---------------------------------------------------------------------------------


def test_a_colour_file_opens_in_the_colour_editor_with_picture_clues_and_metadata(
    window: MainWindow, tmp_path: Path, warnings: Warnings
) -> None:
    path, puzzle = colour_file(tmp_path)
    assert window.files.open_file(path, ask=False), warnings.texts
    editor = window.colour_editor
    assert window.tabs.widget(0) is editor and window.tabs.tabText(0) == "&Editor"
    assert window.files.is_colour()
    assert editor.grid.cells() == PICTURE
    assert editor.grid.clues() == (puzzle.rows, puzzle.cols)
    assert editor.meta_edits["title"].text() == "Flags"
    assert editor.meta_edits["author"].text() == "Ann"
    assert editor.puzzle() == puzzle
    assert not editor.is_modified() and not window.isWindowModified()
    assert window.windowTitle().startswith("pic.xml")
    assert window.document.file_format == "xml"
    texts = [editor.palette_panel.list.item(i).text() for i in range(4)]
    assert texts == [
        "Background: white (#ffffff)",
        "1  red (#d62728)",
        "2  blue (#1f77b4)",
        "3  yellow (#ffdd00)",
    ]


def test_the_grid_draws_cells_and_clue_boxes_in_their_colours(
    window: MainWindow, tmp_path: Path
) -> None:
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    editor = window.colour_editor
    for r, row in enumerate(PICTURE):
        for c, value in enumerate(row):
            corner = editor.grid.cell_rect(r, c).topLeft() + QPoint(3, 3)
            assert pixel(editor, corner) == RGB[value].rgb, (r, c)
    # Row 1's clue is 2r 1b: two boxes left of the grid, red then blue.
    size = editor.grid.cell_size()
    first = editor.grid.cell_rect(0, 0).topLeft() + QPoint(-2 * size + 3, 3)
    second = editor.grid.cell_rect(0, 0).topLeft() + QPoint(-size + 3, 3)
    assert (pixel(editor, first), pixel(editor, second)) == (RED.rgb, BLUE.rgb)


def test_a_clue_only_file_opens_with_the_unique_picture_and_saves_without_adding_it(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    rows, cols = clues_of_colour_grid(PICTURE)
    path = tmp_path / "clues.non"
    write_file(ColourPuzzle(RGB, rows, cols, title="Clues"), path)
    assert window.files.open_file(path, ask=False)
    editor = window.colour_editor
    qtbot.waitUntil(lambda: not editor.is_searching(), timeout=10000)
    if solve_colour(rows, cols, 4).verdict.is_unique:
        assert editor.grid.cells() == PICTURE
    assert editor.puzzle() is not None and editor.puzzle().goal is None
    assert not editor.is_modified()


def test_clues_with_several_pictures_open_as_they_are_and_cannot_be_painted(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    # 4x2: red on either diagonal of the left square, a blue column on the right
    row = ((1, 1), (1, 2))
    cols = (((1, 1),), ((1, 1),), (), ((2, 2),))
    puzzle = ColourPuzzle(Palette((WHITE, RED, BLUE)), (row, row), cols, title="Two")
    path = tmp_path / "two.xml"
    write_file(puzzle, path)
    assert window.files.open_file(path, ask=False)
    editor = window.colour_editor
    qtbot.waitUntil(lambda: not editor.is_searching(), timeout=10000)
    assert "no unique picture" in editor.note.text() and editor.note.isVisible()
    assert not editor.width_spin.isEnabled() and not editor.resize_picture(5, 5)
    # the grid shows what line logic decides: the blue column; the red square is hatched
    assert editor.grid.cells() == ((0, 0, 0, 2), (0, 0, 0, 2))
    assert editor.grid.undecided() == {(0, 0), (0, 1), (1, 0), (1, 1)}
    click(qtbot, editor, 0, 0)
    assert editor.grid.cells() == ((0, 0, 0, 2), (0, 0, 0, 2))
    assert editor.puzzle() == puzzle and not editor.is_modified()
    assert editor.recolour(2, "#000080")  # a palette change keeps the line-logic picture
    assert editor.grid.cells() == ((0, 0, 0, 2), (0, 0, 0, 2)) and editor.grid.undecided()


def test_opening_black_and_white_again_brings_back_the_editor(
    window: MainWindow, tmp_path: Path
) -> None:
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    assert window.commands.export.isEnabled()  # a colour picture is exported in its colours
    bw = tmp_path / "bar.non"
    bw.write_text('title "Bar"\nwidth 3\nheight 1\nrows\n3\ncolumns\n1\n1\n1\n')
    assert window.files.open_file(bw, ask=False)
    assert window.tabs.widget(0) is window.editor and not window.files.is_colour()
    assert window.editor.puzzle().title == "Bar"
    assert window.commands.export.isEnabled()


# --- painting and the palette ----------------------------------------------------------------


def test_left_paints_the_current_colour_right_the_background_and_keys_pick(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    editor = window.colour_editor
    editor.grid.setFocus()
    qtbot.keyClick(editor.grid, Qt.Key.Key_3)
    assert editor.grid.current() == 3 and editor.palette_panel.current() == 3
    click(qtbot, editor, 0, 3)
    assert editor.grid.cells()[0] == (1, 1, 2, 3)
    assert editor.grid.clues()[0][0] == ((2, 1), (1, 2), (1, 3))  # the clues follow
    assert editor.is_modified() and window.isWindowModified()
    click(qtbot, editor, 0, 0, Qt.MouseButton.RightButton)
    assert editor.grid.cells()[0] == (0, 1, 2, 3)
    qtbot.keyClick(editor.grid, Qt.Key.Key_9)  # no colour 9: nothing changes
    assert editor.grid.current() == 3
    editor.undo_stack().undo()
    editor.undo_stack().undo()
    assert editor.grid.cells() == PICTURE and not editor.is_modified()


def test_the_status_names_a_cell_as_the_click_left_it(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    editor = window.colour_editor
    said: list[str] = []
    editor.grid.hovered.connect(said.append)
    editor.grid.setFocus()
    qtbot.keyClick(editor.grid, Qt.Key.Key_3)
    click(qtbot, editor, 0, 0)  # red before the click, yellow after
    # and the clues the click made (row 1 was 2 red, 1 blue; column 1 was 1 red, 1 red)
    clues = "row clue 1 yellow, 1 red, 1 blue; column clue 1 yellow, 1 red"
    assert said[-1] == f"Row 1, column 1: yellow \u2014 {clues}"


def test_a_drag_paints_a_run_as_one_undo_step(window: MainWindow, tmp_path: Path, qtbot) -> None:
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    editor = window.colour_editor
    editor.pick_colour(2)
    grid = editor.grid
    qtbot.mousePress(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(2, 0).center())
    for c in (1, 2, 3):
        qtbot.mouseMove(grid, grid.cell_rect(2, c).center())
    qtbot.mouseRelease(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(2, 3).center())
    assert grid.cells()[2] == (2, 2, 2, 2)
    assert editor.undo_stack().count() == 1


def test_palette_add_recolour_rename_and_remove(window: MainWindow, tmp_path: Path) -> None:
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    editor = window.colour_editor
    panel = editor.palette_panel
    assert editor.add_colour("green", "#2ca02c")
    assert editor.state().palette[4] == Colour("green", "#2ca02c", "g")
    assert panel.current() == 4
    assert not editor.add_colour("red", "#000000")  # the name is taken
    assert "red" in panel.message.text()
    assert editor.recolour(1, "#cc2020") and editor.state().palette[1].rgb == "#cc2020"
    assert editor.rename(2, "navy") and editor.state().palette[2].name == "navy"
    assert editor.puzzle().palette[2].name == "navy"
    # red is in the picture: removing it is refused, saying why
    assert not editor.remove_colour(1)
    assert "red is used by 3 cells" in panel.message.text()
    assert len(editor.state().palette) == 5
    # green is unused: removed; undo brings it back
    assert editor.remove_colour(4) and len(editor.state().palette) == 4
    editor.undo_stack().undo()
    assert editor.state().palette[4].name == "green"
    assert not editor.remove_colour(0)  # the background stays
    # a colour named after its value takes its new value's name (a red made green was still
    # called red, and the steps said "cells 3-5 are red" of green cells); a chosen name stays
    assert editor.recolour(1, "#00ff00") and editor.state().palette[1].name == "green 2"
    assert "red is now #00ff00, so it is called green 2" in panel.message.text()
    assert editor.recolour(2, "#ff0000") and editor.state().palette[2].name == "navy"
    editor.undo_stack().undo()
    editor.undo_stack().undo()  # a recolour is one undo step, name and value
    assert editor.state().palette[1] == Colour("red", "#cc2020", "r")


def test_removing_a_colour_of_one_cell_says_1_cell(window: MainWindow, qtbot) -> None:
    """Seen under Xvfb: "black is used by 1 cells of the picture"."""
    window.files.new_colour_puzzle(4, 4)
    editor = window.colour_editor
    editor.pick_colour(1)
    click(qtbot, editor, 0, 0)
    assert not editor.remove_colour(1)
    assert (
        "black is used by 1 cell of the picture; paint it another"
        in editor.palette_panel.message.text()
    )


def test_removing_a_colour_of_clues_kept_as_they_are_asks_to_type_them(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    """Seen under Xvfb: r0001 (clues only, several pictures: 'the grid cannot be painted'),
    Remove c1 said 'c1 is used by the clues; paint them another colour before removing it'."""
    palette = Palette((WHITE, Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")))
    two_ways = ((1, 0, 2), (0, 1, 2))  # red on either diagonal: two pictures
    rows, cols = clues_of_colour_grid(two_ways)
    path = tmp_path / "two.xml"
    write_file(ColourPuzzle(palette, rows, cols), path)
    assert window.files.open_file(path, ask=False)
    editor = window.colour_editor
    qtbot.waitUntil(lambda: not editor.is_searching(), timeout=10000)  # (no picture found)
    assert not editor.remove_colour(1)
    assert editor.palette_panel.message.text() == (
        "red is used by the clues; type them without it (Type Clues…) before removing it."
    )


def test_a_colour_renamed_by_its_new_value_is_typed_with_its_new_letter(
    window: MainWindow, qtbot
) -> None:
    """Seen under Xvfb: red recoloured #2ca02c was called green but still typed r (Type
    Clues: "r = green"; .g and .non files wrote its blocks 2r). Its letter follows its name
    when the letter was its old name's and the new one's is free; a chosen letter stays."""
    window.files.new_colour_puzzle(4, 4)
    editor = window.colour_editor
    assert editor.recolour(2, "#2ca02c")
    assert editor.state().palette[2] == Colour("green", "#2ca02c", "g")
    assert "red is now #2ca02c, so it is called green and typed g (" in (
        editor.palette_panel.message.text()
    )
    assert letters_legend(editor.state().palette) == "a = black, g = green, b = blue"
    editor.undo_stack().undo()
    assert editor.state().palette[2] == Colour("red", "#d62728", "r")
    # green's g taken: a blue made green ("green 2") keeps its b
    assert editor.recolour(2, "#2ca02c") and editor.recolour(3, "#00ff00")
    assert editor.state().palette[3] == Colour("green 2", "#00ff00", "b")
    assert "typed" not in editor.palette_panel.message.text()


def test_add_suggests_the_name_of_the_value_picked(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Add... offers the common name of the colour picked ("green"; "red 2" when red is
    taken), as the new puzzle's black, red and blue are named; it offered "colour 4", which
    the steps then said ("cells 3-5 are colour 4") and a recolour did not rename."""
    from PySide6.QtWidgets import QColorDialog, QInputDialog

    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    editor = window.colour_editor
    offered: list[str] = []
    picked = iter(["#00aa00", "#ee1111"])
    monkeypatch.setattr(QColorDialog, "getColor", lambda *a, **k: QColor(next(picked)))

    def get_text(*_args, text: str = "", **_kw):
        offered.append(text)
        return text, True

    monkeypatch.setattr(QInputDialog, "getText", get_text)
    editor._ask_add()
    editor._ask_add()
    assert offered == ["green", "red 2"]
    assert [c.name for c in editor.state().palette.colours[4:]] == ["green", "red 2"]
    assert editor.recolour(4, "#1f77b5") and editor.state().palette[4].name == "blue 2"


def test_no_two_colours_take_one_value(window: MainWindow, tmp_path: Path) -> None:
    """Recolour blue to red's value made a second red ("red 2") that the grid, the clues and
    Solve by hand's buttons drew exactly as red (seen under Xvfb: the Diagonals puzzle's clues
    all red); a colour given the background's value vanished into it.  Both are refused, saying
    why, and nothing changes (no undo step)."""
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    editor = window.colour_editor
    message = editor.palette_panel.message
    before, steps = editor.state(), editor.undo_stack().count()
    assert not editor.recolour(2, RED.rgb.upper())
    assert message.text() == (
        "Cannot recolour blue: red already is #d62728: two colours of one value look the same."
    )
    assert not editor.recolour(3, WHITE.rgb)
    assert "the background already is #ffffff" in message.text()
    assert not editor.add_colour("more yellow", YELLOW.rgb)
    assert message.text().startswith("Cannot add the colour: yellow already is #ffdd00")
    assert editor.state() == before and editor.undo_stack().count() == steps
    assert editor.recolour(2, "#1f77b5")  # a value no other colour has


def test_removing_an_unused_colour_moves_later_colours_up(
    window: MainWindow, tmp_path: Path
) -> None:
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    editor = window.colour_editor
    editor.paint(tuple(tuple(0 if v == 2 else v for v in row) for row in PICTURE))
    assert editor.remove_colour(2)
    assert [c.name for c in editor.state().palette.colours] == ["white", "red", "yellow"]
    # yellow (was 3) is now 2, and still drawn yellow
    assert editor.grid.cells()[1] == (0, 2, 0, 0)
    assert editor.puzzle().palette[2] == YELLOW


def test_a_palette_message_is_not_left_on_show_once_the_picture_changes(
    window: MainWindow, tmp_path: Path
) -> None:
    """Seen under Xvfb: "blue is used by 4 cells of the picture" stayed under the palette after
    the picture was cut to 3 columns (blue then used by 3), and after blue was painted over. A
    message is about the picture it was given for: the next change clears it (and so does
    opening another puzzle: seen over a puzzle without blue); a removal's own "Removed ..." is
    shown after its change and stays."""
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    editor = window.colour_editor
    panel = editor.palette_panel
    assert not editor.remove_colour(2)
    assert "blue is used by 3 cells" in panel.message.text()
    assert not panel.message.isHidden()
    editor.paint(tuple(tuple(0 if v == 2 else v for v in row) for row in PICTURE))
    assert panel.message.isHidden() and panel.message.text() == ""
    assert editor.remove_colour(2)
    assert panel.message.text() == "Removed blue." and not panel.message.isHidden()
    editor.undo_stack().undo()  # blue is back: "Removed blue." is no longer true
    assert panel.message.isHidden()
    assert not editor.remove_colour(1)  # red is used; then another puzzle is opened
    puzzle = editor.puzzle()
    assert puzzle is not None
    editor.set_puzzle(puzzle)
    assert panel.message.isHidden()


# --- saving ----------------------------------------------------------------------------------


def test_paint_a_three_colour_picture_save_xml_and_reopen_identical(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    window.files.new_colour_puzzle(10, 10)
    editor = window.colour_editor
    assert window.tabs.widget(0) is editor
    editor.rename(1, "green")
    editor.recolour(1, "#2ca02c")
    editor.add_colour("red", "#d62728")
    editor.add_colour("blue", "#1f77b4")
    for r in range(10):
        editor.pick_colour(1 + r % 3)
        for c in range(r % 4, 10, 2 + r % 3):
            click(qtbot, editor, r, c)
    click(qtbot, editor, 0, 0, Qt.MouseButton.RightButton)
    puzzle = editor.puzzle()
    assert puzzle is not None and len(puzzle.palette) == 4
    assert {v for row in editor.grid.cells() for v in row} == {0, 1, 2, 3}
    assert window.files.save_to(tmp_path / "painted.xml")
    assert not editor.is_modified() and window.document.file_format == "xml"
    ((_, again),) = read_any(tmp_path / "painted.xml")
    assert isinstance(again, ColourPuzzle)
    assert (again.rows, again.cols, again.palette) == (puzzle.rows, puzzle.cols, puzzle.palette)
    assert again.goal == editor.grid.cells()
    before = solve_colour(puzzle.rows, puzzle.cols, 4)
    after = solve_colour(again.rows, again.cols, 4)
    assert before.verdict == after.verdict
    # and opened again in the window: the same puzzle in the editor
    assert window.files.open_file(tmp_path / "painted.xml", ask=False)
    assert window.colour_editor.puzzle() == again


@pytest.mark.parametrize("suffix", [".xml", ".non", ".g"])
def test_save_writes_the_colour_formats(
    window: MainWindow, tmp_path: Path, suffix: str, warnings: Warnings
) -> None:
    path, puzzle = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    warnings.answer = QMessageBox.StandardButton.Save
    assert window.files.save_to(tmp_path / f"out{suffix}")
    ((_, again),) = read_any(tmp_path / f"out{suffix}")
    assert (again.rows, again.cols) == (puzzle.rows, puzzle.cols)
    assert [(c.name, c.rgb) for c in again.palette.colours] == [
        (c.name, c.rgb) for c in puzzle.palette.colours
    ]


def test_saving_a_titled_puzzle_as_g_keeps_its_title_and_asks_nothing(
    window: MainWindow, tmp_path: Path, warnings: Warnings
) -> None:
    # .g keeps the title, author, copyright and licence (its first free-text lines): the
    # question "The .g format keeps no title ... Save anyway?" it asked was no longer true
    path, original = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    warnings.answer = QMessageBox.StandardButton.Cancel
    assert window.files.save_to(tmp_path / "out.g")
    assert not warnings.questions
    ((_, again),) = read_any(tmp_path / "out.g")
    assert (again.title, again.author) == (original.title, original.author) != ("", "")
    assert window.document.path == tmp_path / "out.g"


def test_two_colours_no_clue_uses_are_told_in_the_plural(
    window: MainWindow, tmp_path: Path
) -> None:
    """Two unused colours were told 'black, blue: the file lists it ... it is dropped'."""
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    editor = window.colour_editor
    editor.add_colour("green", "#2ca02c")
    editor.add_colour("violet", "#9467bd")
    assert window.files.save_to(tmp_path / "out.xml")
    note = editor.palette_panel.message.text()
    assert note.startswith("Saved. green, violet: the file lists them, but no clue uses them, so")
    assert "they are dropped when the file is read again" in note


def test_saving_says_that_a_colour_no_clue_uses_is_dropped_when_read_again(
    window: MainWindow, tmp_path: Path
) -> None:
    """The note said the colour was 'not in the file when it is read again': every colour
    format writes it (in its colour declarations), and reading drops it.  Checked per format."""
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    editor = window.colour_editor
    editor.add_colour("green", "#2ca02c")
    assert editor.unused_colours() == ["green"]
    for ext in ("xml", "non", "g"):
        out = tmp_path / f"out.{ext}"
        editor.palette_panel.show_message("")
        assert window.files.save_to(out)
        note = editor.palette_panel.message.text()
        assert "green: the file lists it, but no clue uses it" in note, ext
        assert "dropped when the file is read again" in note and "not in the file" not in note
        # what the note says, checked: the file lists green (with its value), reading drops it
        declared = [line for line in out.read_text().splitlines() if "green" in line]
        assert len(declared) == 1 and "2ca02c" in declared[0], ext
        ((_, again),) = read_any(out)
        assert "green" not in [c.name for c in again.palette.colours], ext


def test_save_refuses_a_format_without_colours_with_a_message(
    window: MainWindow, tmp_path: Path, warnings: Warnings
) -> None:
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    target = tmp_path / "out.txt"
    assert not window.files.save_to(target)
    assert not target.exists()
    assert "no colours" in warnings.texts[-1] and "xml" in warnings.texts[-1]
    # (a picture and the library take colour: tests/gui/common/test_render_colour.py and
    # tests/gui/library/test_library_panel_colour.py)


# --- the public colour files -----------------------------------------------------------------


@pytest.mark.skipif(not ANCHORS.is_dir(), reason="the anchor puzzles are not here")
def test_every_public_colour_file_opens_draws_and_saves_without_loss(
    window: MainWindow, tmp_path: Path, warnings: Warnings, qtbot
) -> None:
    editor = window.colour_editor
    for name in PUBLIC:
        source = ANCHORS / name
        ((_, original),) = read_any(source)
        assert window.files.open_file(source, ask=False), (name, warnings.texts)
        assert window.files.is_colour() and editor.puzzle() == original, name
        qtbot.waitUntil(lambda: not editor.is_searching(), timeout=10000)
        assert not editor.note.isVisible(), name  # each has one picture: it is shown
        image = editor.grid.grab().toImage()
        assert not image.isNull()
        for fmt in ("xml", "non", "g"):
            target = tmp_path / f"{Path(name).stem}.{fmt}"
            assert window.files.save_to(target), (name, fmt, warnings.texts)
            ((_, again),) = read_any(target)
            assert (again.rows, again.cols) == (original.rows, original.cols), (name, fmt)
            assert [(c.name, c.rgb) for c in again.palette.colours] == [
                (c.name, c.rgb) for c in original.palette.colours
            ], (name, fmt)
            # .g keeps them too, as its first free-text lines: nothing asked before saving
            assert (again.title, again.author) == (original.title, original.author)
    assert not warnings.questions


# --- the Check panel -------------------------------------------------------------------------


def test_the_check_panel_decides_a_colour_puzzle_and_follows_painting(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    path, puzzle = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    panel = window.check_panel
    qtbot.waitUntil(lambda: panel.result() is not None, timeout=10000)
    expected = solve_colour(puzzle.rows, puzzle.cols, puzzle.ncolours).verdict
    assert panel.result().verdict == expected
    assert panel.verdict_label.text().lower() == expected.label
    # paint the picture blank but one cell: one solution, by line logic
    editor = window.colour_editor
    editor.paint(((2, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)))
    qtbot.waitUntil(lambda: panel.result() is not None, timeout=10000)
    assert panel.verdict_label.text() == "Unique, line-solvable"
    assert window.colour_editor.grid.undecided() == frozenset()
    assert "undecided" not in panel.detail_label.text()


def test_a_second_colour_solution_is_marked_in_the_colour_editor(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    row = ((1, 1), (1, 2))
    cols = (((1, 1),), ((1, 1),), (), ((2, 2),))
    path = tmp_path / "two.xml"
    write_file(ColourPuzzle(Palette((WHITE, RED, BLUE)), (row, row), cols), path)
    window.files.open_file(path, ask=False)
    panel = window.check_panel
    qtbot.waitUntil(lambda: panel.result() is not None, timeout=10000)
    assert panel.verdict_label.text() == "Multiple solutions"
    assert panel.alternate_button.isVisible()
    # line logic decides the blue column and the blank one, not the red diagonals
    assert window.colour_editor.grid.undecided() == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert "Line logic leaves 4 cells undecided" in panel.detail_label.text()
    panel.alternate_button.click()
    overlay = window.colour_editor.grid.overlay()
    assert overlay == panel.result().alternate
    assert window.editor.grid.overlay() is None  # not the hidden b&w editor


def test_colour_pages_take_the_panels_places_and_give_them_back_for_black_and_white(
    window: MainWindow, tmp_path: Path
) -> None:
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    # the Solve tab, the Difficulty and Designer Checks docks hold their colour pages
    # (tests/gui/solve/colour/, tests/gui/editor/colour/test_colour_designer.py)
    assert window.tabs.indexOf(window.solve_view) == -1
    assert window.tabs.indexOf(window.colour_pages().solve_view) == 1
    colour_designer = window.colour_pages().designer_panel
    assert colour_designer is not None and colour_designer.isEnabled()
    assert window.designer_dock.widget().widget() is colour_designer
    bw = tmp_path / "bar.non"
    bw.write_text('title "Bar"\nwidth 3\nheight 1\nrows\n3\ncolumns\n1\n1\n1\n')
    window.files.open_file(bw, ask=False)
    assert window.designer_panel.isEnabled()
    assert window.designer_dock.widget().widget() is window.designer_panel
    assert window.tabs.indexOf(window.solve_view) == 1
    assert window.difficulty_dock.widget().widget() is window.difficulty_panel
    assert "for now" not in window.difficulty_panel.explanation_label.text()
    assert "for now" not in window.solve_view.ui.summary_label.text()


# --- a new colour puzzle and its size ----------------------------------------------------------


def test_file_new_colour_puzzle_and_resizing_the_picture(window: MainWindow, qtbot) -> None:
    window.editor.new_puzzle(7, 5)
    window.commands.new_colour.trigger()
    editor = window.colour_editor
    assert window.tabs.widget(0) is editor and window.document.is_new()
    assert editor.picture_size() == (7, 5)
    assert [c.name for c in editor.state().palette.colours] == ["white", "black", "red", "blue"]
    assert not window.isWindowModified()
    editor.pick_colour(3)
    click(qtbot, editor, 4, 6)
    editor.width_spin.setValue(9)
    assert editor.picture_size() == (9, 5) and editor.grid.cells()[4][6] == 3
    assert editor.puzzle().cols[6] == ((1, 3),) and editor.puzzle().cols[8] == ()
    editor.height_spin.setValue(3)  # the blue cell is cut off
    assert editor.picture_size() == (9, 3) and editor.puzzle().cols[6] == ()
    editor.undo_stack().undo()
    assert editor.picture_size() == (9, 5) and editor.height_spin.value() == 5
    editor.undo_stack().undo()
    editor.undo_stack().undo()
    assert editor.picture_size() == (7, 5) and not editor.is_modified()


def test_a_fast_drag_paints_every_cell_it_crosses(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    editor = window.colour_editor
    editor.pick_colour(1)
    grid = editor.grid
    # one move event from the first cell to the last, as a fast mouse gives
    qtbot.mousePress(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(2, 0).center())
    qtbot.mouseMove(grid, grid.cell_rect(2, 3).center())
    qtbot.mouseRelease(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(2, 3).center())
    assert grid.cells()[2] == (1, 1, 1, 1)
    assert cells_between((0, 0), (2, 4)) == [(0, 0), (0, 1), (1, 2), (2, 3), (2, 4)]


@pytest.mark.parametrize(("name", "offered"), [("pic.g", "Olšák .g (*.g)"), ("pic.toml", None)])
def test_save_as_offers_the_colour_formats_starting_with_the_files_own(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, offered
) -> None:
    from PySide6.QtWidgets import QFileDialog

    if name.endswith(".toml"):  # no colour writer for TOML: Save As offers XML
        path = ANCHORS / "nonogrid/UK.toml"
        if not path.is_file():
            pytest.skip("the anchor puzzles are not here")
    else:
        path, _ = colour_file(tmp_path, name)
    assert window.files.open_file(path, ask=False)
    asked: list[tuple[str, list[str], str]] = []

    def ask(parent, title, start, filters, selected):
        asked.append((start, filters.split(";;"), selected))
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", ask)
    assert not window.files.save_as()
    ((start, filters, selected),) = asked
    assert [f.split(" (")[0] for f in filters] == ["Simpson .non", "webpbn XML", "Olšák .g"]
    if offered is None:  # a format with no colour writer: XML
        assert selected.startswith("webpbn XML") and start.endswith(".xml")
    else:
        assert selected == offered and start == str(path)


def test_unsaved_colour_work_is_asked_about_before_another_file_replaces_it(
    window: MainWindow, tmp_path: Path, warnings: Warnings, qtbot
) -> None:
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    click(qtbot, window.colour_editor, 1, 0)
    bw = tmp_path / "bar.non"
    bw.write_text('title "Bar"\nwidth 3\nheight 1\nrows\n3\ncolumns\n1\n1\n1\n')
    warnings.answer = QMessageBox.StandardButton.Cancel
    assert not window.files.open_file(bw)
    assert warnings.questions == ["The puzzle has unsaved changes. Save them first?"]
    assert window.files.is_colour() and window.colour_editor.is_modified()
    warnings.answer = QMessageBox.StandardButton.Save  # saved to its XML file, then replaced
    assert window.files.open_file(bw)
    ((_, saved),) = read_any(path)
    assert saved.goal[1][0] == 1 and not window.files.is_colour()


def test_edit_undo_and_redo_act_on_the_colour_editor(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    path, _ = colour_file(tmp_path)
    window.files.open_file(path, ask=False)
    editor = window.colour_editor
    click(qtbot, editor, 1, 0)
    assert window.active_undo_stack() is editor.undo_stack()
    assert window.commands.undo.isEnabled() and window.commands.undo.toolTip() == "Undo Paint"
    window.commands.undo.trigger()
    assert editor.grid.cells() == PICTURE
    window.commands.redo.trigger()
    assert editor.grid.cells()[1][0] == 1
