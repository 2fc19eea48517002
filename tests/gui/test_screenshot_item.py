"""``nonostudio --screenshot DIR FILE#ITEM`` shows that puzzle of a collection, as the studio's
own command line and ``nonostudio-cli`` read the argument: it said "cannot read the file: No
such file or directory" (exit 2), taking ``lib.txt#2`` for a file of that name."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from nonostudio.core.formats import read_entries
from nonostudio.gui import app
from nonostudio.gui.window import screenshots

LINES = "1:0-1:0\n2:2-2:2\n1:1-1:1\n"  # three puzzle strings, items 1, 2 and 3


@pytest.mark.parametrize("sep", ["#", ":"])
def test_a_screenshot_of_one_item_shows_that_item(
    qapp: QApplication,
    data_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    sep: str,
) -> None:
    collection = tmp_path / "lib.txt"
    collection.write_text(LINES)
    second = read_entries(collection)[1][1]()
    first = read_entries(collection)[0][1]()
    assert (first.rows, first.cols) != (second.rows, second.cols)
    monkeypatch.setattr(screenshots, "CHECK_WAIT_S", 0.0)  # (what is drawn is not looked at)
    shown: list[object] = []

    def noted_grab(widget: QWidget, path: Path) -> Path:
        shown.append(widget.window().files.current_puzzle())  # type: ignore[attr-defined]
        return path

    monkeypatch.setattr(screenshots, "_grab", noted_grab)
    out = tmp_path / "shots"
    assert app.main(["--screenshot", str(out), f"{collection}{sep}2"]) == 0
    assert shown and all(
        puzzle is not None and (puzzle.rows, puzzle.cols) == (second.rows, second.cols)
        for puzzle in shown
    )


def test_a_missing_item_is_said(
    qapp: QApplication,
    data_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    collection = tmp_path / "lib.txt"
    collection.write_text(LINES)
    monkeypatch.setattr(screenshots, "_grab", lambda _widget, path: path)
    assert app.main(["--screenshot", str(tmp_path / "shots"), f"{collection}#7"]) == 2
    err = capsys.readouterr().err
    assert "lib.txt" in err and "7" in err and "No such file" not in err
