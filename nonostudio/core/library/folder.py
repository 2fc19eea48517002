"""The files of a folder to import (Import Folder): every file under it, subfolders too, sorted,
and which of them are no puzzle at all, skipped without a word but counted.

A corpus folder holds more than puzzles: README and LICENSE files, notes in Markdown, tables of
results in CSV, images, R data, solutions.  Listing each as "could not be imported" buried the
few real mistakes among them (jwilk-nonogram: 151 puzzles and a LICENSE-upstream; picross-solver:
2 READMEs, 2 Markdown notes, a CSV beside its 57 puzzles).  A file is **no puzzle** when

* its name has no puzzle file extension (:func:`puzzle_extensions`: ``.non``, ``.txt``, ...) and
  its content matches no format's signature (:func:`~nonostudio.core.formats.detect.detect`);
  a file without a puzzle extension whose content is a puzzle is read as any other, or
* it could not be read and its path names it a solution (a folder or file called
  ``solution(s)``, ``answer(s)``: the TAAI tournaments' ``solution/*.txt`` read as broken
  puzzles), or the reader found pictures where clues go
  (:class:`~nonostudio.core.formats.datasets.SolutionFileError`: NonoDataset's ``y_*.npz``), or
  it has no puzzle extension and is named as a project's documents are (``README``,
  ``LICENSE``, ``COPYING``, ...: a README that begins like a puzzle string).

A file with a puzzle extension that does not read is never skipped: a typo breaks a format's
signature, and such a file is listed with why, as Import Files lists it.  Hidden files and
folders (a name starting with ``.``, such as ``.git``) are not looked into; links to folders are
not followed (no loop).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

#: Names a solution file or folder has (a file that does not read and is so named is no puzzle).
_SOLUTION = re.compile(r"(solution|answer)s?\b", re.IGNORECASE)
#: The names of a project's documents (README.md, LICENSE-upstream, COPYING, ...).
_DOCUMENT = re.compile(
    r"(readme|licen[cs]e|copying|changelog|changes|notice|authors|contributing)",
    re.IGNORECASE,
)
#: The bytes of a file looked at to tell whether it is a puzzle at all.
HEAD_BYTES = 64 * 1024


def puzzle_extensions() -> frozenset[str]:
    """The file extensions the readers know (lower case, with the dot): a file so named is read
    and, when it does not read, listed with why."""
    from nonostudio.core.formats import FORMATS
    from nonostudio.core.formats.detect import EXTENSIONS

    known = {ext.lower() for fmt in FORMATS for ext in fmt.extensions}
    return frozenset(known | set(EXTENSIONS))


def files_under(folder: Path, should_stop: Callable[[], bool] = lambda: False) -> list[Path]:
    """Every file under ``folder``, subfolders too, in a stable order (by path, a folder's own
    files before its subfolders'); hidden files and folders left out, links to folders not
    followed.  Stops early (with what was found) when ``should_stop()``."""
    found: list[Path] = []
    for root, dirs, files in os.walk(folder):
        if should_stop():
            break
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += [Path(root) / f for f in sorted(files) if not f.startswith(".")]
    return found


def is_no_puzzle(path: Path, extensions: frozenset[str] | None = None) -> bool:
    """Whether ``path`` is no puzzle by its name and content: no puzzle extension, and content
    no format recognises (text that matches no signature, or bytes no reader decodes).  A file
    that cannot be opened is not said to be no puzzle (its error is said)."""
    from nonostudio.core.errors import PuzzleError
    from nonostudio.core.formats.detect import detect

    known = puzzle_extensions() if extensions is None else extensions
    if path.suffix.lower() in known:
        return False
    try:
        with path.open("rb") as handle:
            head = handle.read(HEAD_BYTES)
    except OSError:
        return False
    try:
        detect(head, None)
    except PuzzleError:
        return True
    return False


def names_a_solution(path: Path, folder: Path | None = None) -> bool:
    """Whether ``path`` (below ``folder``, when given) is named as a solution: its name or a
    folder's on the way is ``solution(s)``/``answer(s)`` or starts with it (``solutions.txt``,
    ``solution/icga2017.txt``, ``answers-2016``)."""
    parts = path.relative_to(folder).parts if folder is not None else path.parts
    return any(_SOLUTION.match(part) for part in parts)


def unreadable_no_puzzle(
    path: Path,
    error: Exception,
    folder: Path | None = None,
    extensions: frozenset[str] | None = None,
) -> bool:
    """Whether ``path``, which did not read (``error``), is no puzzle rather than a puzzle
    file with a mistake: named a solution (:func:`names_a_solution`), found to hold pictures
    where clues go, or without a puzzle extension and named as a project's documents are."""
    from nonostudio.core.formats.datasets import SolutionFileError

    if isinstance(error, SolutionFileError) or names_a_solution(path, folder):
        return True
    known = puzzle_extensions() if extensions is None else extensions
    return path.suffix.lower() not in known and bool(_DOCUMENT.match(path.name))


__all__ = [
    "HEAD_BYTES",
    "files_under",
    "is_no_puzzle",
    "names_a_solution",
    "puzzle_extensions",
    "unreadable_no_puzzle",
]
