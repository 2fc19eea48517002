"""The puzzles the technique browser looks for worked examples in: the smallest of the library,
or the bundled samples when there is no library."""

from __future__ import annotations

from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import Library, LibraryError
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.samples import sample_files

MAX_EXAMPLE_PUZZLES = 60  # the smallest library puzzles searched for real examples
MAX_EXAMPLE_SIZE = 30  # ... up to this many rows and columns


def example_puzzles(library: Library | None) -> list[tuple[str, Puzzle, str]]:
    """``(source, puzzle, attribution)`` of the smallest puzzles of the library (up to
    :data:`MAX_EXAMPLE_SIZE` cells a side), or of the bundled samples without a library; damaged
    records are left out."""
    out: list[tuple[str, Puzzle, str]] = []
    if library is not None:
        try:
            entries = [
                e
                for e in library.entries()
                if e.width <= MAX_EXAMPLE_SIZE and e.height <= MAX_EXAMPLE_SIZE
            ]
        except LibraryError:
            entries = []
        entries.sort(key=lambda e: (e.width * e.height, e.id))
        for entry in entries[:MAX_EXAMPLE_PUZZLES]:
            try:
                puzzle = library.get(entry.id)
            except (LibraryError, PuzzleError):
                continue
            who = entry.author or "author unknown"
            out.append(
                (
                    f"library puzzle {entry.id}",
                    puzzle,
                    f"{entry.title or 'untitled'} (library puzzle {entry.id}): {who}"
                    + (f", {entry.licence}" if entry.licence else ""),
                )
            )
        if out:
            return out
    from nonostudio.core.formats import read_all  # only when there is no library to read

    for path in sample_files():
        try:
            for _, puzzle in read_all(path):
                if puzzle.width <= MAX_EXAMPLE_SIZE and puzzle.height <= MAX_EXAMPLE_SIZE:
                    who = puzzle.copyright or puzzle.author or "author unknown"
                    out.append(
                        (
                            path.name,
                            puzzle,
                            f"{puzzle.title or path.name} ({path.name}): "
                            f"{who}" + (f", {puzzle.licence}" if puzzle.licence else ""),
                        )
                    )
        except (PuzzleError, OSError):
            continue
    out.sort(key=lambda item: (item[1].width * item[1].height, item[0]))
    return out[:MAX_EXAMPLE_PUZZLES]
