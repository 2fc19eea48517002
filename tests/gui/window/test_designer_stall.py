"""No GUI-thread stall over 0.2 s while the Designer Checks run on Bubble Cat (30x30, needs
search: they try an edit of each cell, each verified by the complete solver) and a person goes
through the tabs.  On a thread of the studio's process their Python held Python's lock: in the
studio under X11, cycling the tabs while they ran on webpbn Wild stalled the GUI thread
0.11-0.28 s (0.5-0.74 s with the tabs' first shows); 0.03-0.07 s with the checks in a worker
process.  The probe of test_gui_stall.py, with its rules: a scenario test, skipped beside other
work (on a thread it fails: a thread of the GUI's process busy)."""

from __future__ import annotations

import pytest
from PySide6.QtTest import QTest
from test_gui_stall import (
    LONGEST_STALL_S,
    StallProbe,
    frozen_heap,
    panels_busy,
    quiet_machine,
)
from test_gui_stall import started as started  # the fixture, used by name

from nonostudio.core.paths import samples_dir
from nonostudio.gui.window.main_window import MainWindow

BUBBLE_CAT = samples_dir() / "jwilk-120-bubble-cat.non"  # 30x30, needs search

__all__ = ["frozen_heap", "quiet_machine"]  # the fixtures, used by name


@pytest.mark.slow
@pytest.mark.scenario
def test_the_designer_checks_never_stall_the_gui_thread(
    quiet_machine: None, started: MainWindow, frozen_heap: None
) -> None:
    win = started
    assert win.files.open_file(BUBBLE_CAT, ask=False)
    QTest.qWait(200)
    for _ in range(6000):  # the check, grade and trace of the puzzle opened come first
        if not panels_busy(win):
            break
        QTest.qWait(10)
    win.designer_dock.raise_()
    for index in range(win.tabs.count()):  # each tab shown once: its first show is not ours
        win.tabs.setCurrentIndex(index)
        QTest.qWait(50)
    win.tabs.setCurrentIndex(0)
    panel = win.designer_panel
    probe = StallProbe()
    probe.start()
    assert panel.run_checks()
    switches = 0
    for index in [*range(win.tabs.count()), 0]:  # a person goes through the tabs meanwhile
        if not panel.is_busy():
            break
        win.tabs.setCurrentIndex(index)
        switches += 1
        QTest.qWait(250)
    probe.run_until(lambda: True, at_least=0.1, at_most=0.2)
    panel.cancel()
    longest = probe.longest()
    print(
        f"longest GUI-thread stall while the Designer Checks ran: {longest:.3f} s "
        f"({switches} tabs shown meanwhile)"
    )
    assert switches >= 3, f"the checks ended after {switches} tabs: too soon to tell"
    assert probe.threads == 0, "the checks ran on a thread of the GUI's process"
    assert longest <= LONGEST_STALL_S, f"the GUI thread stalled {longest:.3f} s"
