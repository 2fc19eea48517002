"""The library's import words count files and puzzles as every panel does, digits grouped."""

from pathlib import Path

from nonostudio.gui.library.importing import Imported, skipped_text, stopped_text, summary


def test_import_words_group_their_digits() -> None:
    said = summary(Imported(total=1500, added=1200, folder=Path("big")))
    assert said == "1,500 files in big: 1,200 puzzles added."
    assert stopped_text(Imported(total=2000, added=1001)).startswith(
        "Import stopped: 1,001 of 2,000 files were added"
    )
    assert skipped_text([Path("x")] * 1000) == "1,000 files that are no puzzle skipped"
