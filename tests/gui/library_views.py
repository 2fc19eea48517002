"""Helpers of the library panel tests: a panel on screen over a library, and its visible titles."""

from __future__ import annotations

from nonostudio.core.library import Library
from nonostudio.gui.library.model import TITLE
from nonostudio.gui.library.view import LibraryView


def visible_titles(view: LibraryView) -> list[str]:
    return [view.proxy.index(r, TITLE).data() for r in range(view.proxy.rowCount())]


def make_view(qtbot, library: Library) -> LibraryView:
    view = LibraryView(library)
    qtbot.addWidget(view)
    view.resize(500, 400)
    view.show()
    qtbot.waitExposed(view)
    return view
