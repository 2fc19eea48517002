"""A Qt application object for drawing without windows (the CLI's picture export), offscreen when
there is no display."""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication

# Qt does not own the Python object; this reference keeps the application alive for the process.
_app: QGuiApplication | None = None


def _has_display() -> bool:
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def ensure_gui_app() -> QCoreApplication:
    """The running Qt application, or a new ``QGuiApplication`` (offscreen without a display).

    An existing application (the studio's QApplication, pytest-qt's) is reused as it is.
    """
    global _app
    existing = QCoreApplication.instance()
    if existing is not None:
        return existing
    if not _has_display():
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _app = QGuiApplication([sys.argv[0] if sys.argv else "nonostudio-cli"])
    return _app
