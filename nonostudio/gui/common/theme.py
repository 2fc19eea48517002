"""Colour schemes: follow the system, or force a light or dark palette (widgets paint from it)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

THEMES = ("system", "light", "dark")
THEME_LABELS = {"system": "Follow &System", "light": "&Light", "dark": "&Dark"}

_system: dict[str, object] = {}


def dark_palette() -> QPalette:
    """A dark palette with enough contrast for the grid, clues and table views."""
    p = QPalette()
    role = QPalette.ColorRole
    group = QPalette.ColorGroup
    colours = {
        role.Window: "#2b2d31",
        role.WindowText: "#e6e6e6",
        role.Base: "#1f2023",
        role.AlternateBase: "#292b2f",
        role.ToolTipBase: "#3a3d42",
        role.ToolTipText: "#f0f0f0",
        role.PlaceholderText: "#8d9096",
        role.Text: "#e6e6e6",
        role.Button: "#34373c",
        role.ButtonText: "#e6e6e6",
        role.BrightText: "#ff6b6b",
        role.Light: "#45484e",
        role.Midlight: "#3b3e43",
        role.Mid: "#2f3136",
        role.Dark: "#18191b",
        role.Shadow: "#000000",
        role.Highlight: "#4f8fd8",
        role.HighlightedText: "#ffffff",
        role.Link: "#7fb2f0",
        role.LinkVisited: "#b49ae8",
    }
    for r, colour in colours.items():
        p.setColor(r, QColor(colour))
    for r in (role.WindowText, role.Text, role.ButtonText):
        p.setColor(group.Disabled, r, QColor("#7a7d83"))
    p.setColor(group.Disabled, role.Highlight, QColor("#3d4450"))
    return p


def light_palette() -> QPalette:
    style = QStyleFactory.create("Fusion")
    return style.standardPalette()


def apply_theme(app: QApplication, theme: str) -> None:
    """Switch the whole application to ``theme`` (one of :data:`THEMES`)."""
    if theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}; expected one of {', '.join(THEMES)}")
    if not _system:
        _system["style"] = app.style().name()
        _system["palette"] = QPalette(app.palette())
    if theme == "system":
        if app.style().name() != _system["style"]:
            app.setStyle(str(_system["style"]))
        app.setPalette(_system["palette"])  # type: ignore[arg-type]
        return
    if app.style().name() != "fusion":
        app.setStyle("Fusion")
    app.setPalette(dark_palette() if theme == "dark" else light_palette())
