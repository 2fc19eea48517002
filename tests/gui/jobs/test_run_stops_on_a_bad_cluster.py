"""A run started on an address where something answers that is no Dask scheduler stops at once
with words that say so, and its progress bar stops being busy.  (It said "numpy ...
_ArrayMemoryError: Unable to allocate 3.07 EiB ..." with the bar still moving, seen under Xvfb
with 'Run on: tcp://10.255.255.1:8786'.)"""

from __future__ import annotations

import socket
import threading

import pytest
from dask_threads import no_threads_left_but_dasks
from PySide6.QtCore import QThreadPool

from nonostudio.gui.common.progress_bars import is_busy_bar
from nonostudio.gui.jobs.panel import JobsPanel
from nonostudio.learn.store.jobs import JobStore
from nonostudio.learn.store.run_settings import LearnSettings

pytest.importorskip("distributed", reason="the cluster engine needs the 'cluster' extra (dask)")


@pytest.fixture(autouse=True)
def no_leaked_threads():
    """The leaked-thread check with Dask's process-wide IO loop allowed (a client that fails to
    connect leaves it, as every Dask test does)."""
    with no_threads_left_but_dasks():
        yield


TINY = LearnSettings(max_length=2, max_patterns=1, budget_s=5.0, jobs=1, mode="thread")


def test_a_run_on_an_address_that_is_no_scheduler_stops_with_clear_words(
    qtbot, store: JobStore
) -> None:
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    done = threading.Event()

    def answer() -> None:
        with server:
            peer, _ = server.accept()
            with peer:
                peer.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 4)
                done.wait(5)

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    panel = JobsPanel(store)
    qtbot.addWidget(panel)
    try:
        panel.start(TINY, cluster=f"tcp://127.0.0.1:{port}")
        qtbot.waitUntil(
            lambda: "stopped with an error" in panel.progress_label.text(), timeout=20000
        )
        qtbot.waitUntil(lambda: not panel.is_busy(), timeout=20000)
    finally:
        done.set()
        thread.join(5)
    words = panel.progress_label.text()
    assert "answered, but not as a Dask scheduler" in words, words
    assert "EiB" not in words and "numpy" not in words
    assert not is_busy_bar(panel.progress_bar)  # it kept moving as if the run were under way
    assert QThreadPool.globalInstance().waitForDone(10000)
