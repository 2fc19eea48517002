"""A file of several puzzles opens at its first, and Save never writes that one puzzle over the
file: seen under Xvfb, r-nonogram's puzzle-string library (4,239 lines) opened, a title typed
and Ctrl+S pressed left a file of one line, with no question asked (/tmp/p7/x01.png, x02.png).
Save now asks for a file of the puzzle's own, and the status bar says what the file holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog

from nonostudio.core.formats import read_entries
from nonostudio.gui.window.file_commands import FileCommands, read_document, read_puzzle_text
from nonostudio.gui.window.open_typo import document_for

#: Three puzzles in the puzzle-string format (rows-columns), one a line, as r-nonogram's
#: library keeps them.
LINES = "1:0-1:0\n2:2-2:2\n1:1-1:1\n"


def test_save_asks_for_a_file_of_its_own(
    files: FileCommands, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    collection = tmp_path / "library.txt"
    collection.write_text(LINES)
    assert len(read_entries(collection)) == 3
    asked: list[str] = []
    mine = tmp_path / "first.non"

    def dialog(_parent: Any, _title: str, start: str, *_args: Any) -> tuple[str, str]:
        asked.append(start)
        return str(mine), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    said: list[str] = []
    files.status.connect(lambda words, _ms: said.append(words))
    assert files.open_file(collection, ask=False)
    assert files.save()
    assert collection.read_text() == LINES
    assert any("library.txt holds 3 puzzles: this is the first" in words for words in said)
    assert len(asked) == 1 and Path(asked[0]).name != collection.name
    assert read_document(mine)[0].rows == read_document(collection)[0].rows


def test_one_puzzle_files_are_saved_where_they_are(tmp_path: Path) -> None:
    single = tmp_path / "one.txt"
    single.write_text(LINES.splitlines()[0] + "\n")
    assert read_document(single)[1].file_format == "string"
    assert read_document(tmp_path.joinpath("one.txt"))[1].items == 1


def test_a_mended_collection_is_not_saved_over(tmp_path: Path) -> None:
    """The typo dialog opens a file whose first puzzle's clues make no picture, mended: its
    document is the file's, and for a collection Save must ask for a file there too."""
    collection = tmp_path / "typo.txt"
    collection.write_text("1:0-1:1\n" + LINES)  # the first: rows fill 1 cell, columns 2
    single = tmp_path / "one.txt"
    single.write_text(LINES.splitlines()[1] + "\n")
    mended = read_document(single)[0]
    assert document_for(collection, mended).file_format is None
    assert document_for(single, mended).file_format == "string"


def test_pasting_several_puzzles_says_the_first_is_open(
    files: FileCommands, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Paste Puzzle String with three puzzles in the text opened the first and said nothing."""
    from nonostudio.gui.dialogs.paste import PasteDialog

    class Accepted(PasteDialog):
        """The dialog as OK leaves it, with the text it was given."""

        def exec(self) -> int:
            self.accept()
            return 1

    parent = files.parent()
    monkeypatch.setattr(files, "paste_dialog", lambda: Accepted(read_puzzle_text, LINES, parent))
    said: list[str] = []
    files.status.connect(lambda words, _ms: said.append(words))
    files.paste_puzzle_string()
    assert files.current_puzzle() is not None
    assert files.current_puzzle() == read_puzzle_text(LINES.splitlines()[0])
    assert any("The pasted text holds 3 puzzles: this is the first" in words for words in said)


#: A red-on-white puzzle in the XML format: one colour, but not black.
RED_XML = """<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="white">
<color name="white" char=".">fff</color><color name="red" char="r">f00</color>
<clues type="columns"><line><count color="red">1</count></line>
<line><count color="red">1</count></line></clues>
<clues type="rows"><line><count color="red">2</count></line><line></line></clues>
</puzzle></puzzleset>
"""


def test_a_one_colour_file_opens_in_colour(tmp_path: Path) -> None:
    """A red-only file opened as black and white was drawn black, and Save dropped its red: it
    opens as a colour puzzle, its red kept and Save writing it back with colour."""
    from nonostudio.core.colour.model import ColourPuzzle

    red = tmp_path / "red.xml"
    red.write_text(RED_XML)
    puzzle, document = read_document(red)
    assert isinstance(puzzle, ColourPuzzle)
    assert [c.rgb for c in puzzle.palette.colours][1:] == ["#ff0000"]
    assert (document.file_format, document.items) == ("xml", 1)
