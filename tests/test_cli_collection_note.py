"""``explain`` and ``convert`` of a collection file named without an item say that they take its
first puzzle, as ``solve`` does (they took it with nothing said)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonostudio.cli import main


@pytest.fixture
def two_puzzles(anchors: Path, tmp_path: Path) -> Path:
    """The first two puzzles of a TAAI tournament file (25x25 each, 51 lines a puzzle)."""
    source = anchors / "puzzles" / "taai-tournaments" / "question" / "icga2017.txt"
    path = tmp_path / "two.txt"
    path.write_text("".join(source.read_text().splitlines(keepends=True)[:102]))
    return path


def test_convert_says_it_takes_the_first_puzzle(
    two_puzzles: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["convert", str(two_puzzles), str(tmp_path / "first.non")]) == 0
    err = capsys.readouterr().err
    assert "two.txt holds 2 puzzles; converting the first (item 1)" in err
    assert f"{two_puzzles}#ID converts another" in err
    assert main(["convert", f"{two_puzzles}#2", str(tmp_path / "second.non")]) == 0
    assert "holds 2 puzzles" not in capsys.readouterr().err


def test_explain_says_it_takes_the_first_puzzle(
    two_puzzles: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["explain", "--no-fallback", str(two_puzzles)])
    assert "two.txt holds 2 puzzles; explaining the first (item 1)" in capsys.readouterr().err
