"""Export Picture's file dialog opens where Save As's does, in the puzzle's folder, for both kinds
of puzzle.  Seen in the studio: after Import Files from another folder (or a puzzle taken back
after a crash, the home folder), Export Picture opened there while Save As opened beside the
puzzle's file."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import write_file
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.window.main_window import MainWindow

PALETTE = Palette((WHITE, Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")))


@pytest.fixture
def window(open_window) -> MainWindow:
    return open_window()


@pytest.mark.parametrize("colour", [False, True], ids=["black-and-white", "colour"])
def test_export_picture_opens_where_save_as_does(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, colour: bool
) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    if colour:
        rows, cols = clues_of_colour_grid(((1, 1, 2), (0, 2, 2)))
        path = folder / "flags.xml"
        write_file(ColourPuzzle(PALETTE, rows, cols, title="Flags"), path)
    else:
        path = folder / "steps.non"
        write_file(Puzzle.from_grid([[1, 1, 0], [0, 1, 1]], title="Steps"), path)
    assert window.files.open_file(path, ask=False)
    window.last_folder = str(tmp_path / "downloads")  # (Import Files from elsewhere)
    starts: list[Path] = []

    def dialog(parent: object, caption: str, start: str, *rest: object) -> tuple[str, str]:
        starts.append(Path(start))
        return "", ""  # cancelled

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    window.files.save_as()
    window.files.export_picture()
    save_start, export_start = starts
    assert save_start.parent == folder
    assert export_start.parent == folder
    assert export_start.name == ("Flags" if colour else "Steps") + ".png"
