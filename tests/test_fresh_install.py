"""What a fresh install meets on the command line: the bundled samples and test set are what the
commands use when nothing else is named, pictures show the solution, collections and shadowing
names are said, not silently handled."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from nonostudio.console import main  # the command line with the studio's picture writer
from nonostudio.core.formats import read_file
from nonostudio.core.paths import (
    TEST_SET_ENV,
    bundled_test_set,
    default_test_set,
    resolve_test_set,
    samples_dir,
    user_rules_dir,
)
from nonostudio.rules.measuring.coverage import cells_to_fill, load_transitions

SOUP = "number-loom-soups-on.non"  # a bundled 5x10 sample whose file holds no goal picture


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main([*args, "--json"])
    captured = capsys.readouterr()
    return code, json.loads(captured.out)


@pytest.fixture
def no_test_set_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """As after ``pip install .``: nothing names the paper's test set."""
    monkeypatch.delenv(TEST_SET_ENV, raising=False)


# --- the bundled test set ------------------------------------------------------------------------


def test_bundled_test_set_is_the_default_without_the_variable(no_test_set_env) -> None:
    assert default_test_set() == resolve_test_set(None) == bundled_test_set()
    transitions = load_transitions(bundled_test_set())
    assert len(transitions) > 1000 and cells_to_fill(transitions) > 3000
    # the lines are the samples' lines: every hint list is one of some sample's clues
    clues = {
        tuple(c)
        for path in samples_dir().glob("*.non")
        for p in [read_file(path)]
        for c in (*p.rows, *p.cols)
    }
    assert {tuple(t.hints) for t in transitions} <= clues


def test_the_variable_names_the_set_and_a_missing_file_is_said(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv(TEST_SET_ENV, str(tmp_path / "gone.json"))
    with pytest.raises(FileNotFoundError, match=TEST_SET_ENV):
        resolve_test_set(None)
    assert resolve_test_set("x.json") == Path("x.json")  # --test wins over the variable


def test_coverage_works_out_of_the_box_and_names_the_set(no_test_set_env, capsys) -> None:
    code, data = run_json(capsys, "rules", "coverage", "control")
    assert code == 0
    assert data["test_set"] == str(bundled_test_set())
    assert data["transitions"] == len(load_transitions(bundled_test_set()))
    assert "bundled test set" in data["test_set_label"]
    assert "not the paper's" in data["test_set_label"]
    assert 0 < data["total"] <= data["cells_to_fill"] and data["bugs"] == []
    assert main(["rules", "coverage", "control"]) == 0
    out = capsys.readouterr()
    assert "test set: the bundled test set" in out.out
    assert "the paper" not in out.out.replace("not the paper's", "")  # no figure of the paper's


def test_coverage_names_the_papers_set_when_given(anchors, no_test_set_env, capsys) -> None:
    paper = anchors / "butler" / "testing-set.json"
    code, data = run_json(capsys, "rules", "coverage", "control", "--test", str(paper))
    assert code == 0 and data["transitions"] == 2805
    assert data["test_set_label"].startswith("the paper's test set")
    assert main(["rules", "coverage", "control", "--test", str(paper)]) == 0
    assert "the paper: 4652 of 10266 cells for its 14 control rules" in capsys.readouterr().out


def test_missing_variable_file_is_an_io_error_naming_it(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.setenv(TEST_SET_ENV, str(tmp_path / "gone.json"))
    assert main(["rules", "coverage", "control"]) == 3
    err = capsys.readouterr().err
    assert TEST_SET_ENV in err and "gone.json" in err


def test_help_no_longer_points_next_to_the_project(capsys) -> None:
    for args in (
        ["rules", "coverage", "--help"],
        ["learn", "report", "--help"],
        ["learn", "export", "--help"],
    ):
        assert main(args) == 0
        text = " ".join(capsys.readouterr().out.split())
        assert "../shared" not in text and "next to the project" not in text
        assert "NONOSTUDIO_TEST_SET" in text and "bundled" in text


# --- samples -------------------------------------------------------------------------------------


def test_samples_lists_and_copies_the_bundled_puzzles(capsys, tmp_path) -> None:
    code, data = run_json(capsys, "samples")
    assert code == 0
    names = sorted(p.name for p in samples_dir().glob("*.non"))
    assert [row["file"] for row in data["samples"]] == names and len(names) >= 10
    assert all(row["license"] for row in data["samples"])
    code, data = run_json(capsys, "samples", str(tmp_path / "puzzles"))
    assert code == 0 and data["copied"] == names
    assert (tmp_path / "puzzles" / SOUP).read_bytes() == (samples_dir() / SOUP).read_bytes()
    (tmp_path / "puzzles" / SOUP).write_text("mine", encoding="utf-8")
    code, data = run_json(capsys, "samples", str(tmp_path / "puzzles"))
    assert code == 0 and data["kept"] == names and data["copied"] == []
    assert (tmp_path / "puzzles" / SOUP).read_text(encoding="utf-8") == "mine"  # not overwritten


# --- convert draws the solution -----------------------------------------------------------------


def _png_pixels(path: Path) -> np.ndarray:
    from PySide6.QtGui import QImage

    image = QImage(str(path)).convertToFormat(QImage.Format.Format_Grayscale8)
    data = np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes())
    return data.reshape(image.height(), image.bytesPerLine())[:, : image.width()].copy()


def test_picture_of_a_puzzle_without_goal_shows_its_unique_solution(qapp, capsys, tmp_path):
    soup = samples_dir() / SOUP
    assert read_file(soup).goal is None  # the point: nothing but the clues in the file
    solved, blank = tmp_path / "soup.png", tmp_path / "soup-blank.png"
    code, data = run_json(capsys, "convert", str(soup), str(solved))
    assert code == 0 and data["with_solution"] is True
    code, data = run_json(capsys, "convert", str(soup), str(blank), "--blank")
    assert code == 0 and data["with_solution"] is False
    dark_solved = int((_png_pixels(solved) < 80).sum())
    dark_blank = int((_png_pixels(blank) < 80).sum())
    # 5x10 with 20-pixel cells: the solution's filled cells darken hundreds of pixels more
    filled = sum(sum(row) for row in read_file(soup).rows)
    assert dark_solved - dark_blank > filled * 100
    assert main(["convert", str(soup), str(tmp_path / "again.png")]) == 0
    assert "unique solution found by solving it" in capsys.readouterr().err


def test_solution_picture_of_an_ambiguous_puzzle_is_refused(qapp, capsys, tmp_path) -> None:
    code, data = run_json(capsys, "convert", "1:1-1:1", str(tmp_path / "two.png"), "--solution")
    assert code == 1 and "multiple solutions" in data["error"]
    assert not (tmp_path / "two.png").exists()
    code, data = run_json(capsys, "convert", "1:1-1:1", str(tmp_path / "two.png"))
    assert code == 0 and data["with_solution"] is False
    assert main(["convert", "1:1-1:1", str(tmp_path / "two.png")]) == 0
    err = capsys.readouterr().err
    assert "multiple solutions" in err and "drawing the clues only" in err
    assert main(["convert", "1:1-1:1", str(tmp_path / "two.non"), "--solution"]) == 2


# --- solve of a collection, export names ----------------------------------------------------------


def test_solve_of_a_collection_says_which_puzzle_it_solved(capsys, tmp_path) -> None:
    library = tmp_path / "library.txt"
    library.write_text("first\t1:1-1:1\nsecond\t1-1\nthird\t1,1:1-1:1:1\n", encoding="utf-8")
    code, data = run_json(capsys, "solve", str(library))
    assert data["items_in_file"] == 3
    assert "holds 3 puzzles; solving the first (item first)" in data["note"]
    assert "--item" in data["note"]
    code, data = run_json(capsys, "solve", str(library), "--item", "second")
    assert code == 0 and "note" not in data
    assert main(["solve", str(library)]) == 1  # the first one has two solutions
    captured = capsys.readouterr()
    assert "holds 3 puzzles" in captured.err and "the first of 3 puzzles" in captured.out


@pytest.mark.slow
def test_export_warns_on_a_shipped_name_and_refuses_the_rules_folder(capsys, tmp_path) -> None:
    out = tmp_path / "learned.rules"
    assert main(["learn", "export", "--pool", "control", str(out)]) == 0
    assert "named like the shipped rule set 'learned'" in capsys.readouterr().err
    assert out.is_file()
    hidden = user_rules_dir() / "control.rules"
    assert main(["learn", "export", "--pool", "control", str(hidden)]) == 2
    assert "shipped rule set" in capsys.readouterr().err
    assert not hidden.exists()
