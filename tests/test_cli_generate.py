"""``nonostudio-cli generate``: the JSON's puzzle string read back is the puzzle of its solution
picture, unique (counted apart from the solver) and graded as asked; ``-o`` writes a file read
back; ``--from`` a PNG (written by Qt) or a puzzle file; clear errors for a bad technique, size
or picture."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from nonostudio.analysis.generating import DEFAULT_TRIES
from nonostudio.cli import main
from nonostudio.core.formats import read_file, read_text
from nonostudio.core.puzzle import Puzzle

sys.path.insert(0, str(Path(__file__).resolve().parent / "analysis" / "generating"))
from independent import count_solutions, ladder_walk  # noqa: E402

from nonostudio.analysis.catalogue.techniques import CATALOGUE  # noqa: E402


def run(capsys, *args):
    code = main(["generate", *args, "--json"])
    out = capsys.readouterr()
    return code, (json.loads(out.out) if out.out.strip() else None), out.err


def _grid(rows: list[str]) -> np.ndarray:
    return np.array([[1 if ch == "#" else 0 for ch in row] for row in rows], dtype=np.int8)


def test_json_carries_the_puzzle_string_its_grade_and_the_technique_counts(capsys):
    code, data, _ = run(capsys, "--technique", "punctuate", "--size", "8x7", "--seed", "4")
    assert code == 0
    puzzle = read_text(data["puzzle"])
    assert (puzzle.width, puzzle.height) == (8, 7) == (data["width"], data["height"])
    solution = _grid(data["solution"])
    assert puzzle == Puzzle.from_grid(solution).without_goal()
    assert count_solutions(puzzle) == 1
    _, counts, hardest = ladder_walk(puzzle)
    assert CATALOGUE[hardest].id == "punctuate" == data["hardest_technique"]
    assert data["grade"]["tier"] == 2 and data["techniques"]["punctuate"] == data["uses"] >= 1
    assert set(data["techniques"]) == set(counts)


def test_output_file_in_another_format_reads_back(capsys, tmp_path):
    target = tmp_path / "made.non"
    code, data, err = run(
        capsys, "--technique", "overlap", "--size", "6x6", "--uses", "2", "-o", str(target)
    )
    assert code == 0 and data["output"] == str(target) and "wrote" in err
    back = read_file(target)
    given = read_text(data["puzzle"])
    assert (back.rows, back.cols) == (given.rows, given.cols)
    assert back.title == "Overlap, seed 0"
    assert (back.goal == _grid(data["solution"])).all()
    assert data["uses"] >= 2


def test_from_a_png_picture(capsys, tmp_path):
    from PySide6.QtGui import QColor, QImage

    image = QImage(12, 12, QImage.Format.Format_RGB32)
    image.fill(QColor("black"))
    for x in range(2, 10):
        for y in range(4, 6):
            image.setPixelColor(x, y, QColor("white"))
    path = tmp_path / "start.png"
    assert image.save(str(path))
    code, data, _ = run(capsys, "--technique", "overlap", "--size", "6x6", "--from", str(path))
    assert code == 0 and data["tries"] == 1  # the picture already fits: it is kept
    expected = np.ones((6, 6), dtype=np.int8)
    expected[2, 1:5] = 0
    assert (_grid(data["solution"]) == expected).all()


def test_errors_name_what_is_wrong(capsys, tmp_path):
    code, data, err = run(capsys, "--technique", "nope", "--size", "8x8")
    assert code == 2 and "unknown technique 'nope'" in data["error"] and "overlap" in data["error"]
    code, data, _ = run(capsys, "--technique", "overlap", "--size", "1x8")
    assert code == 2 and "1x8" in data["error"]
    code = main(["generate", "--technique", "overlap", "--size", "big"])
    assert code == 2 and "WIDTHxHEIGHT" in capsys.readouterr().err
    missing = tmp_path / "nowhere.png"
    code, data, _ = run(capsys, "--technique", "overlap", "--size", "8x8", "--from", str(missing))
    assert code == 3 and "nowhere.png" in data["error"]
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 20)
    code, data, _ = run(capsys, "--technique", "overlap", "--size", "8x8", "--from", str(broken))
    assert code == 2 and "broken.png" in data["error"] and "PNG" in data["error"]


def test_an_output_that_cannot_be_written_names_the_file_not_its_temporary(
    capsys, tmp_path, monkeypatch
):
    """Said before the search (it searched, up to 6000 tries, then failed to write)."""
    import nonostudio.analysis.generating as generating

    searched = []
    monkeypatch.setattr(generating, "generate", lambda *a, **k: searched.append(a))
    target = tmp_path / "no such folder" / "made.non"
    code, data, _ = run(capsys, "--technique", "overlap", "--size", "6x6", "-o", str(target))
    assert code == 3 and data["error"].startswith(f"{target}: its folder ") and not searched


def test_a_size_too_large_says_the_range_not_the_form(capsys):
    """'99999x99999' said 'expected WIDTHxHEIGHT such as 15x15' (it is of that form)."""
    code, data, _ = run(capsys, "--technique", "overlap", "--size", "99999x99999")
    assert code == 2 and "must be between 2 and" in data["error"]


def test_progress_of_the_tries_goes_to_stderr(capsys, monkeypatch):
    import nonostudio.cli.common as common

    clock = iter(range(0, 10**6, 2))  # two seconds pass between calls: every report is printed
    monkeypatch.setattr(common.time, "monotonic", lambda: float(next(clock)))
    code, data, err = run(capsys, "--technique", "glue", "--size", "8x8", "--seed", "1")
    assert code == 0 and data["tries"] >= 1
    tries = [line for line in err.splitlines() if "tried] try " in line]
    assert len(tries) == data["tries"]
    assert tries[-1].endswith(f"try {data['tries']} of {DEFAULT_TRIES}")


def test_no_puzzle_found_in_the_tries_is_an_error_with_the_closest(capsys, tmp_path):
    start = tmp_path / "full.non"
    code, _, _ = run(capsys, "--technique", "overlap", "--size", "5x5", "-o", str(start))
    assert code == 0
    code, data, _ = run(
        capsys, "--technique", "line_solver", "--size", "5x5", "--from", str(start), "--tries", "1"
    )
    assert code == 1 and "line_solver" in data["error"]
    assert data["closest"]["hardest_technique"] != "line_solver"


@pytest.mark.parametrize("depth", [8])
def test_png_reader_matches_qt_on_grey_and_rgba(tmp_path, depth):
    from PySide6.QtGui import QImage

    from nonostudio.analysis.generating.picture_file import read_picture

    rng = np.random.default_rng(depth)
    rgba = rng.integers(0, 256, size=(9, 13, 4), dtype=np.uint8)
    image = QImage(rgba.tobytes(), 13, 9, 13 * 4, QImage.Format.Format_RGBA8888).copy()
    path = tmp_path / "rgba.png"
    assert image.save(str(path))
    assert (read_picture(path) == rgba).all()
    grey = rng.integers(0, 256, size=(7, 11), dtype=np.uint8)
    gimage = QImage(grey.tobytes(), 11, 7, 11, QImage.Format.Format_Grayscale8).copy()
    gpath = tmp_path / "grey.png"
    assert gimage.save(str(gpath))
    assert (read_picture(gpath) == grey).all()


def test_text_output_from_a_pbm_picture(capsys, tmp_path):
    rows = ["111111", "111111", "100001", "111111", "111111", "111111"]
    start = tmp_path / "start.pbm"
    start.write_text("P1\n6 6\n" + "\n".join(" ".join(row) for row in rows) + "\n")
    code = main(["generate", "--technique", "overlap", "--size", "6x6", "--from", str(start)])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    expected = _grid([row.replace("1", "#").replace("0", ".") for row in rows])
    assert read_text(lines[0]) == Puzzle.from_grid(expected).without_goal()
    assert lines[1:7] == [row.replace("1", "#").replace("0", ".") for row in rows]
    assert lines[-1].startswith("unique; found in 1 try (")


def test_a_fifo_or_device_as_the_start_picture_is_refused_unread(tmp_path, capsys) -> None:
    """--from f for a FIFO no program writes to waited forever (an alarm ends the old code's
    wait here), and /dev/zero was read into all the memory there was."""
    import os
    import signal

    fifo = tmp_path / "start.pbm"
    os.mkfifo(fifo)

    def ring(signum, frame):
        raise TimeoutError("the command waited on the FIFO")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, 5)
    try:
        for path in (str(fifo), "/dev/zero"):
            args = ["generate", "--technique", "overlap", "--size", "5x5", "--from", path]
            assert main(args) == 3
            err = capsys.readouterr().err
            assert f"{path}: is a FIFO or a device, not a picture file (it is read twice)" in err
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
