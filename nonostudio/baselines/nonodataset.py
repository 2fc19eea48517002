"""Reading the test boards the paper published (NonoDataset): a pair of numpy ``.npz`` files,
``x`` with one encoded clue vector per row and ``y`` with the ``n * n`` solution bits, both under
the key ``arr_0``.  The files are read where the user keeps them; nonostudio ships none of them.
"""

from __future__ import annotations

import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from nonostudio.baselines.encoding import decode_clues, input_size
from nonostudio.core.errors import PuzzleError, PuzzleFileError
from nonostudio.core.puzzle import Clues


@dataclass(frozen=True)
class BoardSet:
    """Square puzzles with the boards they were made from: ``puzzles[i]`` = (rows, cols)."""

    n: int
    puzzles: list[tuple[Clues, Clues]]
    boards: np.ndarray  # (count, n, n) uint8
    source: str

    def head(self, count: int | None) -> BoardSet:
        if count is None:
            return self
        return BoardSet(self.n, self.puzzles[:count], self.boards[:count], self.source)


#: What np.load raises for a file that is no .npz archive, or one cut short or damaged (a
#: download stopped part way): each was an internal error (exit 4) or quoted numpy's advice to
#: unpickle the file.
NPZ_ERRORS = (ValueError, EOFError, zipfile.BadZipFile, zlib.error)


def npz_problem(exc: BaseException) -> str:
    """Why np.load could not read a file, in words for its user (one of :data:`NPZ_ERRORS`)."""
    if isinstance(exc, EOFError):
        return "it is empty"
    if isinstance(exc, zipfile.BadZipFile | zlib.error):
        return f"a damaged or cut .npz file: {exc}"
    if "pickle" in str(exc):  # numpy: "... If you trust the file you can load it unsafely ..."
        return "not a .npz file"
    return str(exc)


def _array(path: Path) -> np.ndarray:
    try:
        # opened here, so closed when np.load fails (it leaves a cut .npz file open)
        with open(path, "rb") as handle, np.load(handle, allow_pickle=False) as data:
            if "arr_0" not in data.files:
                raise PuzzleError(
                    f"no array 'arr_0' (found {', '.join(data.files)})", source=str(path)
                )
            return np.asarray(data["arr_0"])
    except FileNotFoundError as exc:
        raise PuzzleFileError(f"{path}: no such file", source=str(path)) from exc
    except IsADirectoryError:
        raise PuzzleFileError("is a folder, not a .npz file", source=str(path)) from None
    except OSError as exc:
        raise PuzzleFileError(f"cannot read it: {exc.strerror or exc}", source=str(path)) from exc
    except NPZ_ERRORS as exc:
        raise PuzzleError(f"not a numpy .npz file ({npz_problem(exc)})", source=str(path)) from exc


def read_test_boards(x_path: str | Path, y_path: str | Path) -> BoardSet:
    """The puzzles of ``x_path`` and the boards of ``y_path``; PuzzleError naming the file and
    the line (1-based row of the array) when they disagree or do not fit."""
    x_path, y_path = Path(x_path), Path(y_path)
    x, y = _array(x_path), _array(y_path)
    if x.ndim != 2 or y.ndim != 2:
        raise PuzzleError(
            "expected a 2-D array of vectors", source=str(x_path if x.ndim != 2 else y_path)
        )
    if len(x) != len(y):
        raise PuzzleError(
            f"{len(x)} clue vectors but {len(y)} boards in {y_path}", source=str(x_path)
        )
    n = int(round(y.shape[1] ** 0.5))
    if n * n != y.shape[1]:
        raise PuzzleError(f"a board of {y.shape[1]} cells is not square", source=str(y_path))
    if x.shape[1] != input_size(n):
        raise PuzzleError(
            f"clue vectors of {x.shape[1]} numbers, expected {input_size(n)} for {n}x{n}",
            source=str(x_path),
        )
    boards = (y.reshape(-1, n, n) != 0).astype(np.uint8)
    puzzles = []
    for i, vector in enumerate(x):
        rows, cols = decode_clues(vector, n)
        for kind, clues in (("row", rows), ("column", cols)):
            for k, clue in enumerate(clues, 1):
                if sum(clue) + len(clue) - 1 > n:
                    raise PuzzleError(
                        f"clue {' '.join(map(str, clue))} cannot fit {n} cells",
                        source=str(x_path),
                        line=i + 1,
                        clue=f"{kind} {k}",
                    )
        puzzles.append((rows, cols))
    return BoardSet(n, puzzles, boards, f"{x_path.name} + {y_path.name}")
