"""Save As to a folder typed in the dialog that was never there says it does not exist: it said
"its folder … no longer exists", a false reason (seen under Xvfb, typing
/tmp/…/nosuch/x.non).  Save on a file whose folder was removed since it was opened still says
the folder is gone."""

from __future__ import annotations

import shutil
from pathlib import Path

from nonostudio.core.formats import write_file
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.window.file_commands import FileCommands

STEPS = Puzzle.from_grid([[1, 1, 0], [0, 1, 1], [1, 0, 1]], title="Steps")


def _said(files: FileCommands) -> list[str]:
    said: list[str] = []
    files.failed.connect(lambda _title, words: said.append(words))
    return said


def test_a_folder_never_there_does_not_exist(files: FileCommands, tmp_path: Path) -> None:
    source = tmp_path / "steps.non"
    write_file(STEPS, source)
    files.load_file(source)
    said = _said(files)
    target = tmp_path / "nosuch" / "x.non"
    assert not files.save_to(target)
    assert said == [
        f"{target}: its folder {target.parent} does not exist. Nothing was written: choose "
        "another place to write it."
    ]


def test_the_puzzles_folder_removed_since_no_longer_exists(
    files: FileCommands, tmp_path: Path
) -> None:
    folder = tmp_path / "gone"
    folder.mkdir()
    source = folder / "steps.non"
    write_file(STEPS, source)
    files.load_file(source)
    files.set_modified(True)
    shutil.rmtree(folder)
    said = _said(files)
    assert not files.save()
    assert said == [
        f"{source}: its folder {folder} no longer exists. Nothing was written: choose another "
        "place to write it."
    ]
    assert files.is_modified()
