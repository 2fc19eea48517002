"""The bar that stays over the tabs while the session runs on an in-memory library, because the
library file could not be opened at start-up: it names the file and the reason, and its Retry
button opens the file and moves the session's puzzles into it (:meth:`Library.move_into`)."""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QStyle, QVBoxLayout

from nonostudio.core.library import LibraryError
from nonostudio.gui.library.seed import seed_library

if TYPE_CHECKING:
    from nonostudio.gui.solve.view import SolveView
    from nonostudio.gui.window.main_window import MainWindow

log = logging.getLogger(__name__)

# A strong colour of its own, readable in light and dark schemes alike: this bar must not be missed.
STYLE = (
    "#memoryLibraryBar { background: #b3261e; border: none; }"
    "#memoryLibraryBar QLabel { color: white; }"
)


class MemoryLibraryBar(QFrame):
    """Says that puzzles are not being saved, where the library is and why it could not be
    opened; *Retry* tries again and, once it opens, the window carries on with it."""

    moved = Signal(object)  # dict: each copied puzzle's old id -> its id in the library file

    def __init__(self, window: MainWindow, path: Path, reasons: list[str]) -> None:
        super().__init__(window)
        self._window = window
        self.path = path
        self.setObjectName("memoryLibraryBar")
        self.setAccessibleName("Puzzles are not being saved")
        self.setStyleSheet(STYLE)
        icon = QLabel()
        icon.setPixmap(
            self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning).pixmap(32, 32)
        )
        self.title = QLabel("Puzzles are not being saved")
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.message = QLabel()
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.retry_button = QPushButton("&Retry")
        self.retry_button.setToolTip(
            f"Open {path} again; the puzzles of this session are copied in"
        )
        self.retry_button.clicked.connect(self.retry)
        text = QVBoxLayout()
        text.addWidget(self.title)
        text.addWidget(self.message)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 6, 8, 6)
        row.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        row.addLayout(text, 1)
        row.addWidget(self.retry_button, 0, Qt.AlignmentFlag.AlignVCenter)
        reason = " ".join(reasons) or f"The puzzle library {path} could not be opened."
        self._intro = (
            f"{reason}\nThis session runs on a library kept in memory only: the puzzles you add "
            f"now are lost when nonostudio closes, unless the library {path} can be opened. "
            "Retry opens it and copies them in."
        )
        self.message.setText(self._intro)

    def retry(self) -> bool:
        """Open the library file again; on success copy this session's puzzles in, switch the
        window to it and go away (True); else say why, and stay (False)."""
        w = self._window
        solve = w.solve_view if w.is_ready() else None
        # Nothing may go on writing under the in-memory ids while they change: the background
        # checks stop, and the player's grid is kept (in memory, then copied) first.
        if (filler := w.library_commands.filler) is not None:
            filler.cancel()
        if solve is not None:
            solve.set_library_puzzle(None, None)
        notes: list[str] = []
        try:
            try:
                moved = w.library.move_into(self.path)
            except LibraryError as exc:
                if exc.moved_to is None:
                    raise
                notes.append(str(exc))  # a damaged file was kept aside: a new one is started
                moved = w.library.move_into(self.path)
        except LibraryError as exc:
            log.warning("the library still cannot be opened: %s", exc)
            self.message.setText(
                f"{self._intro}\nTried again at {time.strftime('%H:%M:%S')}: {exc}"
            )
            self._carry_on(solve)
            return False
        if (old_id := w.document.library_id) is not None:
            w.files.set_document(replace(w.document, library_id=moved.get(old_id)))
        notes.extend(seed_library(w.library))
        w.library_view.refresh()
        if (new_id := w.document.library_id) is not None:
            w.library_view.select_id(new_id)
        self._carry_on(solve)
        w.update_banner()
        w.update_title()
        n = len(moved)
        w.statusBar().showMessage(
            " ".join(
                [
                    f"The puzzle library {self.path} is open: the {n} puzzle"
                    f"{'s' if n != 1 else ''} added in this session {'were' if n != 1 else 'was'} "
                    "copied into it.",
                    *notes,
                ]
            ),
            30000,
        )
        log.info("the library %s is open after all: %d puzzles copied in", self.path, n)
        self.hide()
        self.moved.emit(moved)
        self.deleteLater()
        return True

    def _carry_on(self, solve: SolveView | None) -> None:
        """Take up again what :meth:`retry` stopped: the player's grid and the background checks."""
        w = self._window
        if solve is not None:
            solve.set_library_puzzle(w.library, w.document.library_id)
        if (filler := w.library_commands.filler) is not None:
            filler.start()


def show_memory_fallback(window: MainWindow, path: Path, reasons: list[str]) -> MemoryLibraryBar:
    """Put the bar over the window's tabs (above the warning banner); it stays until the
    library ``path`` is opened.  ``reasons``: the start-up's messages saying why it was not."""
    bar = MemoryLibraryBar(window, path, reasons)
    central = window.centralWidget()
    assert central is not None  # the window's tabs and banner, made with it
    layout = central.layout()
    assert isinstance(layout, QVBoxLayout)
    layout.insertWidget(0, bar)
    bar.show()
    return bar
