"""Swapping a tab's page in place (a page built late, the editor or Solve view of the other
puzzle kind): same place, same title, the tab shown kept, and no ``currentChanged`` for it."""

from __future__ import annotations

from PySide6.QtWidgets import QTabWidget, QWidget


def replace_tab(tabs: QTabWidget, index: int, page: QWidget) -> QWidget | None:
    """Put ``page`` in tab ``index`` under that tab's title; returns the page it replaced."""
    current, title, old = tabs.currentIndex(), tabs.tabText(index), tabs.widget(index)
    blocked = tabs.blockSignals(True)
    try:
        tabs.removeTab(index)
        tabs.insertTab(index, page, title)
        tabs.setCurrentIndex(current)
    finally:
        tabs.blockSignals(blocked)
    return old
