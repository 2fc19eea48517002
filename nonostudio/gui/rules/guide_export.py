"""Write the strategy guide (:func:`nonostudio.analysis.helping.guide.guide_html`) as an HTML page
or, through Qt's rich text, as a PDF to print."""

from __future__ import annotations

import errno
import re
import stat
from pathlib import Path

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument

from nonostudio.core.atomic import write_text_atomic
from nonostudio.core.file_kind import file_kind

_CELL_TD = re.compile(r'<td class="(f|x|u)((?: [a-z]+)*)">(×?)</td>')
_FILL = {"f": "#222222", "x": "", "u": ""}
_MARK_FILL = {"new": "#dd6600", "pl": "#2a6fc9", "bad": "#cc0000"}  # a filled cell's colour
_MARK_PALE = {"new": "#ffe0c0", "sup": "#cfe0f7", "bad": "#f7c8c8"}  # an open or empty cell's
_MARK_INK = {"new": "#dd6600", "bad": "#cc0000"}


def _print_cell(base: str, marks: list[str]) -> str:
    """A cell with content and colours Qt's rich text shows (it ignores CSS sizes and
    outlines): filled cells take the mark's colour, the others a pale tint of it."""
    colour = _FILL[base]
    if base == "f":
        colour = next((_MARK_FILL[m] for m in marks if m in _MARK_FILL), colour)
    else:
        colour = next((_MARK_PALE[m] for m in marks if m in _MARK_PALE), colour)
    bg = f' bgcolor="{colour}"' if colour else ""
    if base == "x":
        ink = next((_MARK_INK[m] for m in marks if m in _MARK_INK), "#777777")
        mark = "<b>×</b>" if ink != "#777777" else "×"
        return f'<td align="center"{bg}><font color="{ink}">{mark}</font></td>'
    return f"<td{bg}>&nbsp;&nbsp;&nbsp;</td>"


def printable_html(page: str) -> str:
    """The guide's HTML in the subset Qt's rich text lays out (for the PDF): its line pictures
    draw cells by CSS sizes and outlines Qt ignores, so empty cells would collapse; here every
    cell has content, borders come from the table and colours from ``bgcolor``; the ruler's
    numbers and the labels stand outside the cells' borders."""
    page = page.replace(
        '<table class="line">',
        '<table class="line" border="1" cellspacing="0" cellpadding="1" '
        'style="border-color: #888888; border-style: solid;">',
    )
    page = page.replace('<td class="clue">', '<td class="clue" style="border: none;">')
    page = page.replace("<th>", '<th style="border: none;"><font size="1" color="#666666">')
    page = page.replace("</th>", "</font></th>")
    page = page.replace(
        '<th class="lab">', '<th class="lab" style="border: none;" align="left"><font size="2">'
    )
    return _CELL_TD.sub(lambda m: _print_cell(m.group(1), m.group(2).split()), page)


def write_guide(page: str, path: Path | str) -> Path:
    """Write the guide's HTML ``page`` to ``path``: a PDF for ``.pdf``, else the page itself.
    Raises OSError naming the file when it cannot be written, at once for a path that holds
    no regular file (a FIFO no program reads froze the window for good)."""
    out = Path(path)
    try:
        mode: int | None = out.stat().st_mode
    except OSError:
        mode = None  # (not there yet: written anew)
    if mode is not None and not stat.S_ISREG(mode):
        raise OSError(
            errno.EINVAL, f"is {file_kind(mode)}, not a file to write the guide in", str(out)
        )
    if out.suffix.lower() == ".pdf":
        writer = QPdfWriter(str(out))
        writer.setTitle("Nonogram strategy guide")
        writer.setCreator("nonostudio")
        writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter)
        document = QTextDocument()
        document.setHtml(printable_html(page))
        document.print_(writer)
        del writer  # ends the PDF
        if not out.is_file() or out.stat().st_size == 0:
            raise OSError(f"cannot write the guide to {out}")
        return out
    try:
        write_text_atomic(out, page)
    except OSError as exc:
        raise OSError(exc.errno, f"cannot write the guide: {exc.strerror}", str(out)) from None
    return out
