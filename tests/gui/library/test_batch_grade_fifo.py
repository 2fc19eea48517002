"""Export Grades onto a FIFO is refused at once: the CSV written into a FIFO no program reads
waited for good for a reader, the window frozen."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from pathlib import Path

from nonostudio.gui.library.batch_grade import BatchGradeDialog


def test_export_onto_a_fifo_is_refused_at_once(dialog: BatchGradeDialog, tmp_path: Path) -> None:
    fifo = tmp_path / "grades.csv"
    os.mkfifo(fifo)
    done = threading.Event()

    def read_later() -> None:  # frees a writer the old code would keep waiting for good
        if done.wait(1.5):
            return
        fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        try:
            time.sleep(0.2)
            with contextlib.suppress(BlockingIOError):
                os.read(fd, 1 << 20)
        finally:
            os.close(fd)

    reader = threading.Thread(target=read_later, daemon=True)
    reader.start()
    start = time.monotonic()
    exported = dialog.export_csv(fifo)
    took = time.monotonic() - start
    done.set()
    reader.join(3)
    assert not exported and took < 1.0
    assert dialog.status_label.text() == (
        f"Cannot write {fifo}: it is a named pipe (FIFO), not a file to write in"
    )
