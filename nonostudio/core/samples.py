"""The sample puzzles bundled with nonostudio: their files, and the puzzles small enough for worked
examples (the strategy guide of the command line and of the studio's Help menu)."""

from __future__ import annotations

from pathlib import Path

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_all
from nonostudio.core.paths import samples_dir
from nonostudio.core.puzzle import Puzzle


def sample_files() -> list[Path]:
    """The bundled sample puzzles, by file name."""
    return sorted(samples_dir().glob("*.non"))


def sample_puzzles(max_side: int = 30) -> list[tuple[str, Puzzle]]:
    """The bundled samples of at most ``max_side`` cells a side, smallest first, as ``(file name,
    puzzle)``; a file that cannot be read is left out."""
    out = []
    for path in sample_files():
        try:
            for _, puzzle in read_all(path):
                if puzzle.width <= max_side and puzzle.height <= max_side:
                    out.append((path.name, puzzle))
        except (PuzzleError, OSError):
            continue
    return sorted(out, key=lambda item: (item[1].width * item[1].height, item[0]))
