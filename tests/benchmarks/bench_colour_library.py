"""Colour in the library, batch grading, image import and pictures (run by hand; prints figures).

``python tests/benchmarks/bench_colour_library.py`` prints:

* ``library`` — the 13 public colour files and the 200 generated ones added to a library in
  memory, listed and read back: seconds, and how many read back equal to what was added;
* ``batch`` — Grade a Folder's job (``grade_named_folder``) on the 200 generated XML files:
  seconds, errors, and "Not unique" against pbnsolve's "multiple" (VERDICTS.csv);
* ``stall`` — the longest gap of a 5 ms heartbeat on the GUI thread while Grade a Folder starts
  on the generated folder (400 files) and grades for two seconds (offscreen; goal <= 0.2 s);
* ``quantise`` — the image import's colour mode on an 800x800 noise picture, k = 8: median of 5;
* ``contrast`` — the lowest WCAG ratio of the clue text over every palette colour of the public
  files (goal >= 4.5).
"""

from __future__ import annotations

import csv
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from _anchors import PUBLIC_COLOUR, PUZZLES, require_anchors  # noqa: E402

from nonostudio.core.colour.model import ColourPuzzle  # noqa: E402
from nonostudio.core.contrast import contrast_ratio, text_colour  # noqa: E402
from nonostudio.core.formats import read_any  # noqa: E402
from nonostudio.core.library import Library  # noqa: E402

GENERATED = PUZZLES / "colour-generated"


def _puzzles() -> list[tuple[str, ColourPuzzle]]:
    files = [PUZZLES / p for p in PUBLIC_COLOUR] + sorted(GENERATED.glob("*.xml"))
    out = []
    for path in files:
        (_, puzzle), *_ = read_any(path)
        assert isinstance(puzzle, ColourPuzzle), path
        out.append((path.name, puzzle))
    return out


def bench_library() -> None:
    puzzles = _puzzles()
    with Library(":memory:") as library:
        start = time.perf_counter()
        ids = [library.add(p, source=name) for name, p in puzzles]
        added = time.perf_counter() - start
        start = time.perf_counter()
        entries = library.entries()
        listed = time.perf_counter() - start
        start = time.perf_counter()
        same = sum(library.get_any(i) == p for i, (_, p) in zip(ids, puzzles, strict=True))
        read = time.perf_counter() - start
    colours = sum(1 for e in entries if e.colours)
    print(
        f"library: {len(puzzles)} colour puzzles added in {added:.3f} s, listed in {listed:.3f} s "
        f"({colours} with a colour count), read back in {read:.3f} s: {same}/{len(puzzles)} equal"
    )


def bench_batch() -> None:
    from nonostudio.analysis.defaults import DEFAULT_RULE_SET
    from nonostudio.gui.library.batch_grade import grade_named_folder

    with (GENERATED / "VERDICTS.csv").open(encoding="utf-8") as f:
        verdicts = {row["file"]: row["pbnsolve"] for row in csv.DictReader(f)}
    with tempfile.TemporaryDirectory() as folder:
        for path in sorted(GENERATED.glob("*.xml")):
            shutil.copy(path, folder)
        rows: list[dict] = []
        start = time.perf_counter()
        grade_named_folder(
            Path(folder), DEFAULT_RULE_SET, rows.append, lambda f, m: None, lambda: False
        )
        seconds = time.perf_counter() - start
    errors = [r for r in rows if r["error"]]
    agree = sum(
        (r["label"] == "Not unique") == (verdicts[r["file"]] == "multiple")
        for r in rows
        if not r["error"]
    )
    labels: dict[str, int] = {}
    for r in rows:
        labels[r["label"]] = labels.get(r["label"], 0) + 1
    print(
        f"batch: {len(rows)} generated colour puzzles graded in {seconds:.1f} s "
        f"({seconds / max(1, len(rows)):.3f} s each), {len(errors)} errors; "
        f"'Not unique' agrees with pbnsolve's 'multiple' on {agree}/{len(rows) - len(errors)}; "
        f"labels {dict(sorted(labels.items()))}"
    )


def bench_stall() -> None:
    from PySide6.QtCore import QThreadPool, QTimer
    from PySide6.QtWidgets import QApplication

    from nonostudio.gui.library.batch_grade import BatchGradeDialog

    app = QApplication.instance() or QApplication([])
    dialog = BatchGradeDialog()
    dialog.show()
    beats: list[float] = []
    heartbeat = QTimer()
    heartbeat.setInterval(5)
    heartbeat.timeout.connect(lambda: beats.append(time.perf_counter()))
    heartbeat.start()
    end = time.perf_counter() + 0.2
    while time.perf_counter() < end:
        app.processEvents()
    dialog.folder_edit.setText(str(GENERATED))
    QTimer.singleShot(0, dialog.start_button.click)
    end = time.perf_counter() + 2.0
    while time.perf_counter() < end:
        app.processEvents()
    heartbeat.stop()
    rows = dialog.model.rowCount()
    dialog.cancel()
    QThreadPool.globalInstance().waitForDone(60000)
    stall = max(b - a for a, b in zip(beats, beats[1:], strict=False))
    print(
        f"stall: longest GUI-thread gap {stall:.3f} s while Grade a Folder started on "
        f"{len(list(GENERATED.iterdir()))} files and graded {rows} in 2 s (goal <= 0.2 s)"
    )


def bench_quantise() -> None:
    import numpy as np

    from nonostudio.core.formats.quantise import colour_puzzle_from_pixels

    image = np.random.default_rng(1).integers(0, 256, size=(800, 800, 3), dtype=np.uint8)
    for cells in (30, 100):
        times = []
        for _ in range(5):
            start = time.perf_counter()
            colour_puzzle_from_pixels(image, cells, cells, 8)
            times.append(time.perf_counter() - start)
        print(
            f"quantise: 800x800 noise to {cells}x{cells} cells, 8 colours: median "
            f"{statistics.median(times):.3f} s, max {max(times):.3f} s"
        )


def bench_contrast() -> None:
    worst = (99.0, "", "")
    count = 0
    for name in PUBLIC_COLOUR:
        (_, puzzle), *_ = read_any(PUZZLES / name)
        for colour in puzzle.palette.colours:
            ratio = contrast_ratio(colour.rgb, text_colour(colour.rgb))
            count += 1
            worst = min(worst, (ratio, name, colour.rgb))
    print(
        f"contrast: {count} palette colours of {len(PUBLIC_COLOUR)} public files, lowest clue "
        f"text ratio {worst[0]:.2f} ({worst[1]} {worst[2]}; goal >= 4.5)"
    )


def main() -> None:
    require_anchors()
    bench_library()
    bench_contrast()
    bench_quantise()
    bench_stall()
    bench_batch()


if __name__ == "__main__":
    main()
