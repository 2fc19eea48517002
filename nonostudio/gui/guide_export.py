"""Write the strategy guide (:func:`nonostudio.analysis.guide.guide_html`) as an HTML page or,
through Qt's rich text, as a PDF to print."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument

_CELL_TD = re.compile(r'<td class="(f|x|u)( new)?">(×?)</td>')
_PRINT_CELLS = {
    ("f", False): '<td bgcolor="#222222">&nbsp;&nbsp;&nbsp;</td>',
    ("f", True): '<td bgcolor="#dd6600">&nbsp;&nbsp;&nbsp;</td>',
    ("x", False): '<td align="center"><font color="#777777">×</font></td>',
    ("x", True): '<td align="center" bgcolor="#ffe0c0"><font color="#dd6600"><b>×</b></font></td>',
    ("u", False): "<td>&nbsp;&nbsp;&nbsp;</td>",
    ("u", True): '<td bgcolor="#ffe0c0">&nbsp;&nbsp;&nbsp;</td>',
}


def printable_html(page: str) -> str:
    """The guide's HTML in the subset Qt's rich text lays out (for the PDF): its line pictures
    draw cells by CSS sizes and outlines Qt ignores, so empty cells would collapse; here every
    cell has content, borders come from the table and colours from ``bgcolor``."""
    page = page.replace(
        '<table class="line">',
        '<table class="line" border="1" cellspacing="0" cellpadding="1" '
        'style="border-color: #888888; border-style: solid;">',
    )
    page = page.replace('<td class="clue">', '<td class="clue" style="border: none;">')
    return _CELL_TD.sub(lambda m: _PRINT_CELLS[(m.group(1), bool(m.group(2)))], page)


def write_guide(page: str, path: Path | str) -> Path:
    """Write the guide's HTML ``page`` to ``path``: a PDF for ``.pdf``, else the page itself.
    Raises OSError naming the file when it cannot be written."""
    out = Path(path)
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
        out.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise OSError(exc.errno, f"cannot write the guide: {exc.strerror}", str(out)) from None
    return out
