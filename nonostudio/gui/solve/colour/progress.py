"""Keeping a player's colour game of a library puzzle (:class:`ColourProgressKeeper`): the
black-and-white :class:`~nonostudio.gui.solve.progress.ProgressKeeper` (which puzzle is shown,
whether the grid changed, saving a moment after the last stroke, saying once why it cannot be)
with the colour game's grid of cell sets written by :meth:`Library.save_colour_progress`."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.library import ColourHandProgress, Library
from nonostudio.core.library.colour_progress import CellSets
from nonostudio.gui.solve.progress import ProgressKeeper


class ColourProgressKeeper(ProgressKeeper):
    """The library side of solving a colour puzzle by hand; the colour Solve view gives it the
    cell sets and time."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._path: Path | None = None  # the file the library was on when the puzzle opened

    def open_colour(
        self, library: Library | None, library_id: int | None, puzzle: ColourPuzzle | None
    ) -> ColourHandProgress | None:
        """Keep the player's game of ``library_id`` (None: not a library puzzle) and return the
        game kept there earlier, if any.  A library puzzle whose palette or clues are not
        ``puzzle``'s (the editor changed them) is not taken.  Raises LibraryError or PuzzleError
        when the stored puzzle or game cannot be read."""
        self._library, self._library_id = library, None
        self._path = None if library is None else library.path
        self._save_problem = ""
        if library is None or library_id is None or puzzle is None:
            return None
        stored = library.get_any(library_id)
        if not isinstance(stored, ColourPuzzle) or (
            (stored.palette, stored.rows, stored.cols) != (puzzle.palette, puzzle.rows, puzzle.cols)
        ):
            return None
        self._library_id = library_id
        return library.colour_progress(library_id)

    def save_colour(
        self, puzzle: ColourPuzzle | None, sets: CellSets, seconds: float, solved: bool
    ) -> bool:
        """Write the player's cell sets and time to the library now (for a library puzzle whose
        grid or time changed since it was loaded or saved); False when there was nothing to
        save or it could not be saved (``problem`` says why, once per reason)."""
        self._saver.stop()
        library, pid = self._library, self._library_id
        if library is None or pid is None or puzzle is None:
            return False
        if library.path != self._path:
            # An in-memory session's library moved into its file (Library.move_into): the ids
            # changed, and ``pid`` may name another puzzle there.  The window says the new one.
            self._library_id = None
            return False
        if (len(sets), len(sets[0]) if sets else 0) != (puzzle.height, puzzle.width):
            return False
        colours = len(puzzle.palette)
        return self._write(
            seconds, lambda: library.save_colour_progress(pid, sets, seconds, solved, colours)
        )
