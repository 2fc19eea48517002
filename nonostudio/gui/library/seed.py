"""The bundled sample puzzles in a new library: added at the first start, and again when a
session that ran on an in-memory library finally opens its file."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nonostudio.core.library import Library


def seed_library(library: Library) -> list[str]:
    """Add the bundled samples to a new library (once); messages for the user if that fails."""
    from nonostudio.core.errors import PuzzleError
    from nonostudio.core.library import LibraryError
    from nonostudio.core.paths import samples_dir

    if library.read_only:
        return []
    try:
        library.seed_samples(samples_dir())
    except (PuzzleError, LibraryError, OSError) as exc:
        return [f"The sample puzzles could not be added to the library: {exc}"]
    return []
