"""The tabs of docks sharing a place (Difficulty and Designer Checks on a short screen, Library and
For you) with less room around their words, so that they read whole in a narrow dock area: at
1024x600 the right-hand area is 188 px wide and "Difficulty" and "Designer Checks" asked 78 + 125
px with the style's room, so both were cut ("Diffic…", "Designer Che…").  Each tab's tooltip
(Qt's) keeps its whole title when the area is narrower still."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QMainWindow, QProxyStyle, QStyle, QStyleOption, QTabBar, QWidget

#: Room beside a dock tab's words, both sides together (the style's is 24 px in Fusion).
TAB_ROOM = 12


class _SnugTabs(QProxyStyle):
    """The application's style with less room beside a tab's words."""

    def pixelMetric(  # noqa: N802 (Qt's name)
        self,
        metric: QStyle.PixelMetric,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
    ) -> int:
        value = super().pixelMetric(metric, option, widget)
        if metric == QStyle.PixelMetric.PM_TabBarTabHSpace:
            return min(value, TAB_ROOM)
        return value


class _DockTabs(QObject):
    """Gives each tab bar the window makes for its docks the snug style, as it is made."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self._window = window
        self._style: _SnugTabs | None = None
        window.installEventFilter(self)
        for bar in window.findChildren(QTabBar):
            self._snug(bar)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        # (at ChildAdded a child is not a QTabBar yet: it is still being made)
        if event.type() == QEvent.Type.ChildPolished and watched is self._window:
            child = event.child()  # type: ignore[attr-defined]
            if isinstance(child, QTabBar):
                self._snug(child)
        return False

    def _snug(self, bar: QTabBar) -> None:
        if bar.parent() is not self._window:
            return  # a tab widget's own bar, inside a page
        app_style = self._window.style()
        if self._style is None or self._style.baseStyle().name() != app_style.name():
            self._style = _SnugTabs(app_style.name())
            self._style.setParent(self)
        bar.setStyle(self._style)


def snug_dock_tabs(window: QMainWindow) -> None:
    """Make ``window``'s dock tabs (those there and those it makes later) snug around their
    words."""
    _DockTabs(window)
