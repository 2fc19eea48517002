"""``nonostudio FILE#ITEM`` opens one puzzle of a collection, as ``nonostudio-cli`` reads the
argument: the studio took ``taai2011.txt#3`` for a file of that name ("cannot read the file: No
such file or directory").  The item opened is not written back over the collection by Save."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from nonostudio.core.formats import read_entries
from nonostudio.core.library import Library
from nonostudio.gui.app import open_argument
from nonostudio.gui.editor.view import EditorView
from nonostudio.gui.window.collection_item import split_item
from nonostudio.gui.window.file_commands import FileCommands

LINES = "1:0-1:0\n2:2-2:2\n1:1-1:1\n"  # three puzzle strings, items 1, 2 and 3


class Folder:
    last_folder = ""


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[Any]:
    """What :func:`open_argument` uses of the main window: its File commands."""
    parent = QWidget()
    qtbot.addWidget(parent)
    library = Library(":memory:")
    files = FileCommands(parent, EditorView(parent), library, Folder())  # type: ignore[arg-type]
    yield SimpleNamespace(files=files)
    library.close()


def test_the_item_is_split_off_as_the_command_line_does(tmp_path: Path) -> None:
    collection = tmp_path / "lib.txt"
    collection.write_text(LINES)
    hashed = tmp_path / "odd#2.non"  # a file whose own name holds '#': taken whole
    hashed.write_text("")
    assert split_item(f"{collection}#2") == (str(collection), "2")
    assert split_item(f"{collection}:3") == (str(collection), "3")
    assert split_item(str(hashed)) == (str(hashed), None)
    assert split_item(str(tmp_path / "gone.txt#2")) == (str(tmp_path / "gone.txt#2"), None)
    assert split_item(str(collection)) == (str(collection), None)


def test_an_item_of_a_collection_opens_and_save_asks_for_a_file(
    window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    collection = tmp_path / "lib.txt"
    collection.write_text(LINES)
    files: FileCommands = window.files
    said: list[str] = []
    files.status.connect(lambda words, _ms: said.append(words))
    assert open_argument(window, f"{collection}#2", ask=False)
    second = read_entries(collection)[1][1]()
    shown = files.editor.puzzle()
    assert shown is not None and (shown.rows, shown.cols) == (((2,), (2,)), ((2,), (2,)))
    assert (second.rows, second.cols) == (shown.rows, shown.cols)  # (not the first's 1 / empty)
    assert any("lib.txt holds 3 puzzles: this is item 2" in words for words in said)
    asked: list[str] = []
    mine = tmp_path / "mine.non"

    def dialog(_parent: Any, _title: str, start: str, *_args: Any) -> tuple[str, str]:
        asked.append(start)
        return str(mine), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    files.editor.set_modified(True)
    assert files.save()
    assert asked and collection.read_text() == LINES  # a file of its own, not over the three
    assert read_entries(mine)[0][1]().rows == second.rows


def test_an_item_not_in_the_file_is_said(window: Any, tmp_path: Path) -> None:
    collection = tmp_path / "lib.txt"
    collection.write_text(LINES)
    failed: list[str] = []
    window.files.failed.connect(lambda _title, message: failed.append(message))
    assert not open_argument(window, f"{collection}#9", ask=False)
    assert failed and "no puzzle '9' in this file" in failed[0]
