"""Keeping a player's game of a library puzzle (:class:`ProgressKeeper`): which library puzzle
is shown, whether the player's grid changed since it was loaded or saved, writing it a moment
after the last stroke (:meth:`Library.save_hand_progress`), and saying once why it cannot be."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal

from nonostudio.core.library import HandProgress, Library, LibraryError
from nonostudio.core.puzzle import Puzzle

SAVE_DELAY_MS = 1000  # hand progress is written this long after the last stroke


class ProgressKeeper(QObject):
    """The library side of solving by hand; the Solve view gives it the grid and time."""

    saveDue = Signal()  # the delay after the last stroke is over: save now
    problem = Signal(str)  # why the progress could not be saved (once per reason)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._library: Library | None = None
        self._library_id: int | None = None
        self._save_problem = ""  # the last reason progress could not be saved (said once)
        self._dirty = False  # the player's grid changed since it was loaded or saved
        self._saved_seconds = 0.0
        self._saver = QTimer(self, singleShot=True, interval=SAVE_DELAY_MS)
        self._saver.timeout.connect(self.saveDue)

    def in_library(self) -> bool:
        """Whether the player's game of the puzzle shown is kept in a library."""
        return self._library is not None and self._library_id is not None

    def is_shown(self, library: Library | None, library_id: int | None) -> bool:
        """Whether ``library_id`` of ``library`` is the puzzle kept already."""
        return library is self._library and library_id == self._library_id

    def removed(self, ids: list[int]) -> None:
        """Library puzzles ``ids`` were deleted: the game of one of them is kept nowhere now
        (writing it would fail)."""
        if self._library_id in ids:
            self._saver.stop()
            self._library_id = None

    def new_puzzle(self) -> None:
        """Other clues are shown: no library puzzle until the window says which."""
        self._library_id = None

    def open(
        self, library: Library | None, library_id: int | None, puzzle: Puzzle | None
    ) -> HandProgress | None:
        """Keep the player's game of ``library_id`` (None: not a library puzzle) and return the
        game kept there earlier, if any.  A library puzzle whose clues are not ``puzzle``'s (the
        editor changed them) is not taken.  Raises LibraryError or PuzzleError when the stored
        puzzle or game cannot be read."""
        self._library, self._library_id = library, None
        self._save_problem = ""
        if library is None or library_id is None or puzzle is None:
            return None
        stored = library.get(library_id)
        if (stored.rows, stored.cols) != (puzzle.rows, puzzle.cols):
            return None
        self._library_id = library_id
        return library.hand_progress(library_id)

    def unchanged(self, seconds: float) -> None:
        """The player's grid is as loaded (or new), at ``seconds``: nothing to save yet."""
        self._dirty, self._saved_seconds = False, seconds

    def changed(self) -> None:
        """The player's grid changed: save it shortly."""
        self._dirty = True
        if self._library is not None and self._library_id is not None:
            self._saver.start()

    def save(self, puzzle: Puzzle | None, hand: np.ndarray, seconds: float, solved: bool) -> bool:
        """Write the player's grid and time to the library now (for a library puzzle whose grid
        or time changed since it was loaded or saved, an emptied grid included); False when
        there was nothing to save or it could not be saved (``problem`` says why, once per
        reason)."""
        self._saver.stop()
        library, pid = self._library, self._library_id
        if library is None or pid is None or puzzle is None:
            return False
        if not hand.shape == (puzzle.height, puzzle.width):
            return False
        return self._write(seconds, lambda: library.save_hand_progress(pid, hand, seconds, solved))

    def _write(self, seconds: float, write: Callable[[], object]) -> bool:
        """``write()`` the game at ``seconds`` unless nothing changed since it was loaded or
        saved; False when not written (a failure said once per reason)."""
        if not self._dirty and abs(seconds - self._saved_seconds) < 1:
            return False
        try:
            write()
        except LibraryError as exc:
            if str(exc) != self._save_problem:
                self._save_problem = str(exc)
                self.problem.emit(f"Your progress is not kept: {exc}")
            return False
        self._save_problem = ""
        self._dirty, self._saved_seconds = False, seconds
        return True
