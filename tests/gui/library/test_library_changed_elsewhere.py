"""Two studios on one library: what one writes (a rename, an import, a delete) is listed in
the other when it becomes the active application again.  Under Xvfb, 'Bike' renamed 'Bike
renamed' and saved in one studio stayed 'Bike' in the other until it was started again."""

from __future__ import annotations

from pathlib import Path

from library_views import make_view
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.library.model import TITLE


def titles(view) -> list[str]:
    return sorted(view.model.index(r, TITLE).data() for r in range(view.model.rowCount()))


def test_another_studios_writes_are_listed_when_this_one_is_active_again(
    qtbot, small_library: Library
) -> None:
    view = make_view(qtbot, small_library)
    block = next(e.id for e in small_library.entries() if e.title == "Block")
    view.select_id(block)
    with Library(Path(small_library.path)) as other:  # the second studio
        tee = next(e.id for e in other.entries() if e.title == "Tee")
        renamed = other.get(tee)
        other.update(tee, Puzzle(renamed.rows, renamed.cols, title="Tee renamed"))
        other.add(Puzzle(((1,),), ((1,),), title="Dot"))
    assert titles(view) == ["Block", "Tee", "zebra crossing"]  # (not yet asked)
    app = QGuiApplication.instance()
    app.applicationStateChanged.emit(Qt.ApplicationState.ApplicationActive)
    qtbot.waitUntil(lambda: "Dot" in titles(view), timeout=5000)
    assert titles(view) == ["Block", "Dot", "Tee renamed", "zebra crossing"]
    assert view.selected_ids() == [block]  # the selection made here is kept


def test_own_writes_do_not_list_the_library_again(qtbot, small_library: Library) -> None:
    view = make_view(qtbot, small_library)
    small_library.add(Puzzle(((1,),), ((1,),), title="Dot"))
    app = QGuiApplication.instance()
    app.applicationStateChanged.emit(Qt.ApplicationState.ApplicationActive)
    assert not view.model.reading()  # (this studio shows its own writes as it makes them)


def test_the_tutors_profile_writes_do_not_list_the_library_again(
    qtbot, small_library: Library
) -> None:
    """The tutor records a player's strokes through its own connection to the library file:
    each such write changed SQLite's data version, so every switch back to the studio after a
    puzzle was solved by hand read the whole listing again (46,000 rows in a big library)."""
    from nonostudio.core.library.profiles import ProfileStore

    view = make_view(qtbot, small_library)
    app = QGuiApplication.instance()
    with ProfileStore(small_library.path) as store:
        store.ensure("Player")  # (the first switch may list again: the puzzles this studio
        app.applicationStateChanged.emit(Qt.ApplicationState.ApplicationActive)  # added)
        qtbot.waitUntil(lambda: not view.model.reading(), timeout=5000)
        for k in range(3):  # the tutor writes, then the studio is active again
            before = small_library._version()
            store.ensure(f"Player {k}")
            assert small_library._version() != before  # (a write SQLite counts)
            app.applicationStateChanged.emit(Qt.ApplicationState.ApplicationActive)
            assert not view.model.reading()
