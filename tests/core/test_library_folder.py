"""The files of a folder to import (core.library.folder): every file under it in a stable order,
hidden folders and folder links left alone, and which files are no puzzle at all."""

from __future__ import annotations

import os
from pathlib import Path

from nonostudio.core.library.folder import files_under, is_no_puzzle, names_a_solution

NON = "width 1\nheight 1\nrows\n1\ncolumns\n1\n"


def test_files_under_walks_subfolders_in_order_and_skips_hidden_ones(tmp_path: Path) -> None:
    (tmp_path / "b" / "c").mkdir(parents=True)
    (tmp_path / ".git").mkdir()
    for name in ("z.non", "b/y.non", "b/c/x.non", "a.non", ".hidden.non", ".git/HEAD"):
        (tmp_path / name).write_text(NON)
    os.symlink(tmp_path, tmp_path / "b" / "loop")  # a link back up: not followed
    found = [p.relative_to(tmp_path).as_posix() for p in files_under(tmp_path)]
    assert found == ["a.non", "z.non", "b/y.non", "b/c/x.non"]
    assert files_under(tmp_path, should_stop=lambda: True) == []


def test_no_puzzle_by_name_and_content(tmp_path: Path) -> None:
    cases = {
        "README": (b"A selection of puzzles.\n", True),
        "LICENSE": (b"Permission is hereby granted, free of charge\n", True),
        "notes.md": (b"# Notes\n- one\n", True),
        "table.csv": (b"file,verdict\nx.non,unique\n", True),
        "image.png": (b"\x89PNG\r\n\x1a\n" + bytes(range(256)), True),
        "empty": (b"", True),
        "broken.non": (b"width 2\n", False),  # a puzzle extension: its error is said
        "typo.txt": (b"1:3:x-1:3:1\n", False),
        "dancer": (NON.encode(), False),  # a puzzle without an extension is read
        "duck.data": (b"3:2,1:3-2:2:1\n", False),
    }
    for name, (data, expected) in cases.items():
        (tmp_path / name).write_bytes(data)
        assert is_no_puzzle(tmp_path / name) is expected, name


def test_solutions_are_named_by_a_folder_or_the_file(tmp_path: Path) -> None:
    assert names_a_solution(tmp_path / "taai" / "solution" / "icga2017.txt", tmp_path)
    assert names_a_solution(tmp_path / "answers.txt", tmp_path)
    assert not names_a_solution(tmp_path / "resolution" / "x.txt", tmp_path)
    assert not names_a_solution(tmp_path / "question" / "icga2017.txt", tmp_path)
    # (the folder's own name does not count)
    assert not names_a_solution(tmp_path / "solutions" / "x.txt", tmp_path / "solutions")


def test_files_that_do_not_read_are_no_puzzle_only_when_so_named_or_pictures(
    tmp_path: Path,
) -> None:
    import io

    import numpy as np
    import pytest

    from nonostudio.core.errors import PuzzleError
    from nonostudio.core.formats import read_file
    from nonostudio.core.formats.datasets import SolutionFileError
    from nonostudio.core.library.folder import unreadable_no_puzzle

    def error_of(path: Path) -> PuzzleError:
        with pytest.raises(PuzzleError) as caught:
            read_file(path)
        return caught.value

    def npz(name: str, array: np.ndarray) -> Path:
        buffer = io.BytesIO()
        np.savez(buffer, array)
        (tmp_path / name).write_bytes(buffer.getvalue())
        return tmp_path / name

    # NonoDataset's y_*.npz: 5x5 pictures of 0 and 1, 25 values each, where clues take 30
    pictures = npz("y_test.npz", np.eye(5, dtype=np.int64).reshape(1, 25).repeat(3, axis=0))
    assert isinstance(error_of(pictures), SolutionFileError)
    assert unreadable_no_puzzle(pictures, error_of(pictures), tmp_path)
    numbers = npz("x_bad.npz", np.full((3, 25), 7, dtype=np.int64))  # 25 clue values: broken
    assert not isinstance(error_of(numbers), SolutionFileError)
    assert not unreadable_no_puzzle(numbers, error_of(numbers), tmp_path)
    # a README that begins like a puzzle string; a .txt so named is a puzzle file with a mistake
    for name, expected in (("README.md", True), ("README.txt", False), ("notes", False)):
        (tmp_path / name).write_text("1-2 - 3\n")
        assert unreadable_no_puzzle(tmp_path / name, error_of(tmp_path / name), tmp_path) is (
            expected
        ), name
