"""The ``nonostudio`` entry point: first start, damaged library, ``--screenshot`` with and without FILE."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from nonostudio.gui import app, screenshots
from nonostudio.paths import library_db_path, samples_dir

REPO = Path(__file__).resolve().parents[2]
VIEWS = ("main-window.png", "editor.png", "library.png", "check.png", "difficulty.png",
         "designer.png", "solve.png", "rules.png", "jobs.png", "main-window-dark.png")


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("NONOSTUDIO_DATA_DIR", str(folder))
    return folder


def mean_lightness(image: QImage) -> float:
    step = 16
    values = [image.pixelColor(x, y).lightness()
              for x in range(0, image.width(), step) for y in range(0, image.height(), step)]
    return sum(values) / len(values)


def distinct_colours(image: QImage) -> int:
    return len({image.pixel(x, y) for x in range(0, image.width(), 7)
                for y in range(0, image.height(), 7)})


def test_first_start_seeds_the_samples_only_once(data_dir: Path) -> None:
    library, notes = app.open_library()
    samples = sorted(p.name for p in samples_dir().glob("*.non"))
    assert notes == []
    assert sorted(e.source.removeprefix("sample: ") for e in library.entries()) == samples
    first = library.entries()[0]
    library.remove(first.id)
    library.close()
    library, notes = app.open_library()
    assert len(library) == len(samples) - 1
    assert first.id not in [e.id for e in library.entries()]
    library.close()


def test_damaged_library_is_moved_aside_and_reported(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    junk = b"GIF89a not a database" * 50
    library_db_path().write_bytes(junk)
    library, notes = app.open_library()
    assert len(notes) == 1 and "moved to" in notes[0] and str(library_db_path()) in notes[0]
    assert len(library) == len(list(samples_dir().glob("*.non")))  # a fresh, seeded library
    library.close()
    moved = [p for p in data_dir.iterdir() if ".unusable-" in p.name]
    assert [p.read_bytes() for p in moved] == [junk]


def test_screenshot_option_renders_every_view(qapp, data_dir: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "shots"
    assert app.main(["--screenshot", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(VIEWS)
    images = {name: QImage(str(out / name)) for name in VIEWS}
    for name, image in images.items():
        assert not image.isNull() and image.width() >= 150 and image.height() >= 80, name
        assert distinct_colours(image) > 3, f"{name} looks blank"
    assert (images["main-window.png"].width(), images["main-window.png"].height()) == (1440, 900)
    light, dark = images["main-window.png"], images["main-window-dark.png"]
    assert mean_lightness(dark) < mean_lightness(light) - 60
    assert capsys.readouterr().out.split() == [str(out / name) for name in VIEWS]


def test_screenshot_of_a_file_shows_that_file(qapp, data_dir: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle_file = tmp_path / "bar.non"
    puzzle_file.write_text('title "Bar"\nwidth 3\nheight 1\nrows\n3\ncolumns\n1\n1\n1\n')
    titles: list[str] = []
    grab = screenshots._grab
    monkeypatch.setattr(screenshots, "_grab",
                        lambda widget, path: (titles.append(widget.window().windowTitle()),
                                              grab(widget, path))[1])
    assert app.main(["--screenshot", str(tmp_path / "shots"), str(puzzle_file)]) == 0
    assert titles and all(t.startswith("bar.non") for t in titles)


def test_screenshot_of_a_bad_file_fails_with_message(qapp, data_dir: Path, tmp_path: Path,
                                                     capsys) -> None:
    bad = tmp_path / "bad.non"
    bad.write_text("width 2\nheight 1\nrows\nfoo\ncolumns\n1\n1\n")
    assert app.main(["--screenshot", str(tmp_path / "shots"), str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.non" in err and "line 4" in err and "Traceback" not in err


def test_screenshot_runs_headless_as_a_real_process(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "DISPLAY",
                                                           "WAYLAND_DISPLAY")}
    env["NONOSTUDIO_DATA_DIR"] = str(tmp_path / "data")
    out = tmp_path / "shots"
    result = subprocess.run(
        [sys.executable, "-m", "nonostudio.gui.app", "--screenshot", str(out)],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == sorted(VIEWS)
    assert all((out / name).stat().st_size > 1000 for name in VIEWS)
