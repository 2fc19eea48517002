"""Import Folder: every puzzle file under a folder, subfolders too, imported as Import Files
imports them (the same summary: added, already there, unreadable files listed with why), with
progress and Cancel; files that are no puzzle (README, LICENSE, notes, images, solutions) are
skipped without a word and counted.  Before, only files could be chosen: a corpus such as
jwilk-nonogram (151 puzzles and a LICENSE-upstream) or picross-solver (subfolders) took a visit
to each folder, and choosing every file listed each README as a file that could not be read."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from library_views import make_view
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from nonostudio.core.library import Library
from nonostudio.gui.library import importing

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4


def bar(path: Path, k: int, n: int) -> None:
    """Puzzle ``k`` of ``n`` different ones: a bar ``k + 1`` cells long in an n x 1 grid."""
    cols = "1\n" * (k + 1) + "0\n" * (n - k - 1)
    path.write_text(f'title "Bar {k:02d}"\nwidth {n}\nheight 1\nrows\n{k + 1}\ncolumns\n{cols}')


def corpus(root: Path, n: int) -> Path:
    """A corpus folder: ``n`` puzzles in two subfolders (one deeper), a copy of one of them,
    a .non with a typo, and files that are no puzzle: README, LICENSE, Markdown notes, a CSV
    table, a PNG image, a solution that reads as a broken TAAI file, and a hidden folder."""
    folder = root / "corpus"
    for k in range(n):
        sub = folder / ("a" if k % 2 else "b/deeper")
        sub.mkdir(parents=True, exist_ok=True)
        bar(sub / f"bar{k:02d}.non", k, n)
    (folder / "a" / "copy.non").write_text((folder / "b/deeper/bar00.non").read_text())
    (folder / "a" / "broken.non").write_text("width 2\n")
    (folder / "README").write_text("A selection of puzzles.\n")
    (folder / "LICENSE-upstream").write_text("Permission is hereby granted, free of charge\n")
    (folder / "notes.md").write_text("# Notes\nThe puzzles - all of them.\n")
    (folder / "results.csv").write_text("file,verdict\nbar00.non,unique\n")
    (folder / "picture.png").write_bytes(PNG)
    (folder / "solution").mkdir()
    (folder / "solution" / "game1.txt").write_text("$1\n" + "0 1 1 0\n" * 4)
    (folder / ".git").mkdir()
    (folder / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    return folder


def test_a_folder_is_imported_with_its_subfolders(
    qtbot: QtBot, tmp_path: Path, small_library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = corpus(tmp_path, 6)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(folder))
    boxes: list[tuple[str, str]] = []
    monkeypatch.setattr(
        QMessageBox, "exec", lambda box: boxes.append((box.text(), box.detailedText()))
    )
    view = make_view(qtbot, small_library)
    assert view.import_folder_action.isEnabled()
    with qtbot.waitSignal(view.importer.finished, timeout=20000) as blocker:
        view.import_folder_action.trigger()
    imported = blocker.args[0]
    assert imported.added == 6 and len(small_library) == 3 + 6
    assert {e.title for e in small_library.entries()} >= {f"Bar {k:02d}" for k in range(6)}
    # a/copy.non, read before b/deeper/bar00.non (a folder's files in order), was added
    assert [k.path.name for k in imported.known] == ["bar00.non"]
    skipped = sorted(p.name for p in imported.skipped)
    assert skipped == [
        "LICENSE-upstream",
        "README",
        "game1.txt",
        "notes.md",
        "picture.png",
        "results.csv",
    ]
    assert len(imported.errors) == 1 and "broken.non" in imported.errors[0]  # with why
    assert imported.total == 6 + 1 + 1 + 6  # every file found (the hidden folder not looked in)
    text, detail = boxes[0]
    assert text.startswith("Import of 14 files in corpus: 6 puzzles added, 1 the same puzzle as")
    assert text.endswith("; 6 files that are no puzzle skipped. These could not be imported:")
    assert "broken.non" in detail and "README" not in detail
    assert view.status_label.text().startswith("Import of 14 files in corpus: 6 puzzles added")


def test_cancel_halfway_keeps_only_what_the_summary_says(
    qtbot: QtBot, tmp_path: Path, small_library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = corpus(tmp_path, 40)
    real = small_library.add_many

    def slow_add(puzzles):
        time.sleep(0.02 * len(puzzles))  # what one write costs on a disk that syncs each write
        return real(puzzles)

    monkeypatch.setattr(small_library, "add_many", slow_add)
    monkeypatch.setattr(importing, "ADD_BATCH", 1)  # one a write: the import takes many slices
    monkeypatch.setattr(QMessageBox, "exec", lambda box: 0)
    view = make_view(qtbot, small_library)
    view.start_folder_import(folder)
    qtbot.waitUntil(lambda: "Adding to the library" in view.import_label.text(), timeout=20000)
    with qtbot.waitSignal(view.importer.finished, timeout=5000) as blocker:
        view.import_cancel.click()
    imported = blocker.args[0]
    assert imported.cancelled and 0 < imported.added < 40
    assert len(small_library) == 3 + imported.added  # nothing beyond what is said
    said = view.status_label.text()
    assert said.startswith(f"Import stopped: {imported.added} of 48 files were added")
    # the copy of bar00 (added from a/ first) is said as a copy within the import, if reached
    here = sum(k.this_import for k in imported.known)
    assert ("the same puzzle as an earlier file of this import" in said) == bool(here)
    assert "in the library already" not in said
    assert view.import_folder_action.isEnabled() and not view.import_cancel.isVisible()


def test_cancel_while_the_files_are_read_adds_nothing(
    qtbot: QtBot, tmp_path: Path, small_library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = corpus(tmp_path, 8)
    real = importing.read_all_for_import  # (each file's puzzles: a collection gives them all)

    def slow_read(path):
        time.sleep(0.05)
        return real(path)

    monkeypatch.setattr(importing, "read_all_for_import", slow_read)
    view = make_view(qtbot, small_library)
    view.start_folder_import(folder)
    qtbot.waitUntil(lambda: "Reading" in view.import_label.text(), timeout=5000)
    with qtbot.waitSignal(view.importer.finished, timeout=5000):
        view.import_cancel.click()
    assert len(small_library) == 3
    assert view.status_label.text() == (
        "Import of corpus stopped while its files were read: nothing was added."
    )
