"""The main window's warning banner: a bar over the tabs that says when the library cannot be
written, lost damaged records, or unsaved work cannot be autosaved (hidden when all is well)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QLabel, QWidget

from nonostudio.core.counts import count, number


def banner_lines(
    library: Any, autosave_where: str, autosave_problem: str | None
) -> tuple[list[str], list[str]]:
    """The banner's lines and the damaged records (for the tooltip) for ``library`` (read-only,
    a warning such as a full disk, skipped records) and the autosave's problem, if any."""
    lines: list[str] = []
    if getattr(library, "read_only", False):
        reason = str(getattr(library, "read_only_reason", "") or "")
        lines.append(
            "The library is read-only"
            + (f" ({reason})" if reason else "")
            + f": changes are not saved to it; your unsaved work is kept in {autosave_where} "
            "until you save it to a file."
        )
    elif warning := str(getattr(library, "warning", "") or ""):  # e.g. a full disk
        lines.append(warning)
    skipped = [str(s) for s in (getattr(library, "skipped", None) or [])]
    if skipped:
        first = skipped[0].rstrip(". ") + (
            f"; and {number(len(skipped) - 1)} more" if len(skipped) > 1 else ""
        )
        lines.append(
            f"{count(len(skipped), 'damaged library record')}"
            f" could not be read and {'are' if len(skipped) > 1 else 'is'} not "
            f"shown: {first}."
        )
    if autosave_problem:
        lines.append(
            f"Unsaved work cannot be autosaved: {autosave_problem}. Save your puzzle to a file."
        )
    return lines, skipped


class WarningBanner(QLabel):
    """A selectable, tooltip-coloured bar of warnings, shown only when there is one."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setAccessibleName("Warning")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMargin(6)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.ToolTipBase)
        self.setForegroundRole(QPalette.ColorRole.ToolTipText)
        self.hide()

    def show_problems(
        self, library: Any, autosave_where: str, autosave_problem: str | None
    ) -> None:
        """Show (or hide) the bar for the library's state and the autosave's problem."""
        lines, skipped = banner_lines(library, autosave_where, autosave_problem)
        self.setText("\n".join(lines))
        self.setToolTip("\n".join(skipped))
        self.setVisible(bool(lines))
