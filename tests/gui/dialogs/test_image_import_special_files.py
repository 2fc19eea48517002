"""The image import dialog on files that are not regular files: a FIFO is read with a bounded
wait (Qt's own reader would block the window for good), a folder is refused."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from nonostudio.core.formats import _files
from nonostudio.gui.dialogs.image_import import ImageImportDialog


@pytest.fixture
def dialog(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> ImageImportDialog:
    monkeypatch.setattr(_files, "IDLE_SECONDS", 0.3)
    widget = ImageImportDialog()
    qtbot.addWidget(widget)
    return widget


def test_a_fifo_without_writer_is_refused_quickly(
    dialog: ImageImportDialog, tmp_path: Path
) -> None:
    fifo = tmp_path / "picture.png"
    os.mkfifo(fifo)
    start = time.monotonic()
    assert not dialog.load_file(fifo)
    assert time.monotonic() - start < 2
    assert dialog.message.text().startswith("picture.png: sent nothing for 0.3 s")


def test_a_fifo_with_a_picture_is_read(dialog: ImageImportDialog, tmp_path: Path) -> None:
    image = QImage(4, 4, QImage.Format.Format_RGB32)
    image.fill(QColor("black"))
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, "PNG")
    data = bytes(buffer.data().data())
    fifo = tmp_path / "square.png"
    os.mkfifo(fifo)
    writer = threading.Thread(target=fifo.write_bytes, args=(data,), daemon=True)
    writer.start()
    assert dialog.load_file(fifo)
    writer.join(2)
    assert dialog.puzzle() is not None and dialog.puzzle().rows == ((4,),) * 4


def test_a_folder_is_refused(dialog: ImageImportDialog, tmp_path: Path) -> None:
    assert not dialog.load_file(tmp_path)
    assert "is a folder" in dialog.message.text()
