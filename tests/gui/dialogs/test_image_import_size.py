"""An image too large to decode is refused with its size and the limit, read from its header
(Qt itself only says "Unable to read image data" and logs a warning)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from pytestqt.qtbot import QtBot

from nonostudio.gui.dialogs.image_import import ImageImportDialog


def _png_header_only(path: Path, width: int, height: int) -> None:
    """A PNG whose header claims ``width`` x ``height`` grey pixels (the data is a stub)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00" * (width + 1) * 4))
        + chunk(b"IEND", b"")
    )


def test_an_over_large_image_says_its_size_and_the_limit(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = ImageImportDialog()
    qtbot.addWidget(dialog)
    path = tmp_path / "poster.png"
    _png_header_only(path, 30000, 30000)
    assert not dialog.load_file(path)
    text = dialog.message.text()
    assert text.startswith("poster.png: the image is 30000x30000 pixels"), text
    assert "900.0 megapixels" in text and "at most 64 megapixels" in text
    assert "Unable to read" not in text
    assert dialog.puzzle() is None
