"""Save As: whatever file type is chosen in the dialog and whatever name is typed, the file
written reopens as the same puzzle (seen under Xvfb: the .g type chosen and "mine.mk" typed wrote
.g text into mine.mk, which then failed to open, "line 1: expected 'height width'")."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import FORMATS, write_file
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.file_filters import puzzle_filters
from nonostudio.gui.window.file_commands import not_written_text, read_document
from nonostudio.gui.window.main_window import MainWindow

PALETTE = Palette((WHITE, Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")))
PICTURE = ((1, 1, 2), (0, 2, 2), (1, 0, 1))
#: Every extension a reader knows, none, and two it does not.
TYPED = sorted({e for f in FORMATS for e in f.extensions} | {"", ".bak", ".v2"})


class Answers:
    """Records questions; answers Save (.g keeps no title: save anyway; replace)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.questions: list[str] = []
        self.warnings: list[str] = []
        monkeypatch.setattr(QMessageBox, "question", self._question)
        monkeypatch.setattr(
            QMessageBox, "warning", lambda parent, title, text, *a: self.warnings.append(text)
        )

    def _question(self, parent, title, text, *args):
        self.questions.append(text)
        return QMessageBox.StandardButton.Save


@pytest.fixture
def window(open_window) -> MainWindow:
    return open_window()


def _puzzle_file(tmp_path: Path, colour: bool, title: str = "Flags") -> tuple[Path, object]:
    rows, cols = clues_of_colour_grid(PICTURE)
    if colour:
        puzzle: object = ColourPuzzle(PALETTE, rows, cols, title=title)
        path = tmp_path / "source.xml"
    else:
        puzzle = Puzzle.from_grid([[1, 1, 0], [0, 1, 1], [1, 0, 1]], title="Steps")
        path = tmp_path / "source.non"
    write_file(puzzle, path)  # type: ignore[arg-type]
    return path, puzzle


@pytest.mark.parametrize("colour", [False, True], ids=["black-and-white", "colour"])
def test_every_file_type_with_every_extension_typed_reopens_as_the_same_puzzle(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, colour: bool
) -> None:
    answers = Answers(monkeypatch)
    source, puzzle = _puzzle_file(tmp_path, colour)
    assert window.files.open_file(source, ask=False)
    filters, by_filter = puzzle_filters(writing=True, colour=colour)
    for n, (chosen, fmt) in enumerate(by_filter.items()):
        for ext in TYPED:
            folder = tmp_path / f"{n}{ext or '-'}"
            folder.mkdir()
            typed = folder / f"mine{ext}"
            monkeypatch.setattr(
                QFileDialog, "getSaveFileName", lambda *a, t=typed, c=chosen: (str(t), c)
            )
            assert window.files.save_as(), (fmt, ext, answers.warnings)
            saved = window.document.path
            assert saved is not None and saved.parent == folder, (fmt, ext)
            assert [p.name for p in folder.iterdir()] == [saved.name], (fmt, ext)
            again, document = read_document(saved)
            assert (again.rows, again.cols) == (puzzle.rows, puzzle.cols), (fmt, ext, saved)  # type: ignore[attr-defined]
            if colour:
                assert again.palette == puzzle.palette, (fmt, ext)  # type: ignore[attr-defined]
            # saved again in place (Save), it is written in the same format
            assert document.file_format == window.document.file_format, (fmt, ext)
            assert window.files.save()
            again, _ = read_document(saved)
            assert (again.rows, again.cols) == (puzzle.rows, puzzle.cols), (fmt, ext)  # type: ignore[attr-defined]
    assert not answers.warnings


def test_an_added_extension_does_not_replace_a_file_unasked(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dialog confirmed replacing "mine.mk", not "mine.mk.g": the studio asks itself."""
    answers = Answers(monkeypatch)
    asked: list[str] = []
    monkeypatch.setattr(
        QMessageBox,
        "question",
        lambda parent, title, text, *a: asked.append(text) or QMessageBox.StandardButton.Cancel,
    )
    source, _ = _puzzle_file(tmp_path, True, title="")  # untitled: .g loses nothing, no question
    assert window.files.open_file(source, ask=False)
    kept = tmp_path / "mine.mk.g"
    kept.write_text("precious\n")
    filters, by_filter = puzzle_filters(writing=True, colour=True)
    chosen = next(f for f, name in by_filter.items() if name == "g")
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *a: (str(tmp_path / "mine.mk"), chosen)
    )
    assert not window.files.save_as()
    assert kept.read_text() == "precious\n" and not (tmp_path / "mine.mk").exists()
    assert window.document.path == source and not answers.warnings
    assert len(asked) == 1 and asked[0].startswith("mine.mk.g already exists")


def test_a_write_into_a_folder_removed_since_says_so(tmp_path: Path) -> None:
    """Seen under Xvfb: Save on a puzzle whose folder was removed since it was opened said only
    '…/soup.non: No such file or directory' (what Save and Export show: not_written_text)."""
    folder = tmp_path / "gone"
    path = folder / "steps.non"
    puzzle = Puzzle.from_grid([[1, 1, 0], [0, 1, 1], [1, 0, 1]], title="Steps")
    with pytest.raises(OSError) as raised:
        write_file(puzzle, path)
    said = not_written_text(path, raised.value, {folder})
    assert said.startswith(f"{path}: its folder {folder} no longer exists. Nothing was written")
    folder.mkdir()
    said = not_written_text(path, PermissionError(13, "Permission denied"))
    assert said.startswith(f"{path}: Permission denied. Nothing was written")
