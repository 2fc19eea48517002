"""An imported file whose clues read but make no picture (a typo from a book) is told where its
likely fixes are offered: the import said only 'the totals must be equal', though File > Open
shows the file with the mistyped clue found."""

from __future__ import annotations

from pathlib import Path

from nonostudio.gui.library.importing import read_files

HINT = "(File > Open looks for the mistyped clue and offers the likely fixes)"


def test_a_file_with_a_typo_is_told_where_its_fixes_are(tmp_path: Path) -> None:
    typo = tmp_path / "duck.txt"  # the Duck, row 5's 6 typed as 5
    typo.write_text("3:2,1:3,2:2,2:5:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3\n")
    garbage = tmp_path / "notes.txt"  # no puzzle at all: no fix to offer
    garbage.write_text("hello world\n")
    said = dict(read_files([typo, garbage], lambda *_: None, lambda: False))
    assert str(said[typo]).startswith("duck.txt, line 1: row clues fill 35 cells")
    assert str(said[typo]).endswith(HINT)
    assert HINT not in str(said[garbage])
