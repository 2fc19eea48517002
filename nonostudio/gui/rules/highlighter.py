"""Syntax colouring for the rule language in any QTextDocument.

Keywords, pattern constructors, element types, functions, numbers and comments each get a format
derived from the palette, so the colours work in light and dark schemes
(docs/design/gui-editing.md says where the tokens come from).
"""

from __future__ import annotations

import re

from PySide6.QtGui import (
    QColor,
    QFont,
    QPalette,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextDocument,
)

KEYWORDS = ("def", "with", "if", "then", "and", "is", "unique", "where", "true", "false")
PATTERNS = ("singleton", "constant", "arbitrary")
TYPES = ("hint", "block", "gap")
FUNCTIONS = (
    "fill",
    "start",
    "size",
    "lowest_end_cell",
    "highest_start_cell",
    "line_size",
    "maximal",
    "minimal",
    "total",
)

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NUMBER = re.compile(r"(?<![A-Za-z0-9_])\d+")
_RULE_NAME = re.compile(r"\bdef\s+([A-Za-z_][A-Za-z0-9_]*)")


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    return QColor(
        round(a.red() * (1 - t) + b.red() * t),
        round(a.green() * (1 - t) + b.green() * t),
        round(a.blue() * (1 - t) + b.blue() * t),
    )


def rule_formats(palette: QPalette) -> dict[str, QTextCharFormat]:
    """One text format per token class, readable on the palette's Base colour."""
    text = palette.color(QPalette.ColorRole.Text)
    dark = palette.color(QPalette.ColorRole.Base).lightness() < 128
    hues = {
        "keyword": QColor("#7fb2f0") if dark else QColor("#1a4fa0"),
        "pattern": QColor("#d7a0f0") if dark else QColor("#7a2a9a"),
        "type": QColor("#7fd8c0") if dark else QColor("#0f7560"),
        "function": QColor("#f0c674") if dark else QColor("#8a5a00"),
        "number": QColor("#f09a7f") if dark else QColor("#a23b12"),
        "name": text,
        "comment": palette.color(QPalette.ColorRole.PlaceholderText),
    }
    formats: dict[str, QTextCharFormat] = {}
    for kind, colour in hues.items():
        fmt = QTextCharFormat()
        fmt.setForeground(_mix(colour, text, 0.15) if kind not in ("name", "comment") else colour)
        if kind in ("keyword", "name"):
            fmt.setFontWeight(QFont.Weight.Bold)
        if kind == "comment":
            fmt.setFontItalic(True)
        formats[kind] = fmt
    return formats


def token_kind(word: str) -> str | None:
    """The token class of an identifier (None for a user's name such as ``h0``)."""
    if word in KEYWORDS:
        return "keyword"
    if word in PATTERNS:
        return "pattern"
    if word in TYPES:
        return "type"
    if word in FUNCTIONS:
        return "function"
    return None


class RuleHighlighter(QSyntaxHighlighter):
    """Colours rule text; call :meth:`set_palette` when the colour scheme changes."""

    def __init__(self, document: QTextDocument, palette: QPalette) -> None:
        super().__init__(document)
        self._formats = rule_formats(palette)

    def set_palette(self, palette: QPalette) -> None:
        self._formats = rule_formats(palette)
        self.rehighlight()

    def highlightBlock(self, text: str) -> None:
        code, hash_, _comment = text.partition("#")
        if hash_:
            self.setFormat(len(code), len(text) - len(code), self._formats["comment"])
        for match in _WORD.finditer(code):
            kind = token_kind(match.group())
            if kind is not None:
                self.setFormat(match.start(), match.end() - match.start(), self._formats[kind])
        for match in _NUMBER.finditer(code):
            self.setFormat(match.start(), match.end() - match.start(), self._formats["number"])
        for match in _RULE_NAME.finditer(code):
            self.setFormat(match.start(1), match.end(1) - match.start(1), self._formats["name"])
