"""The Rules tab's technique details read whole in a narrow pane: at 1280x720 the details are
about 310 px wide, and a real example's line of 25 cells (at 14 px, some 420 px with its
ruler and clue) made the pane scroll sideways, every sentence cut at its right edge
("cells farther from it than that clue reaches" read "cells fa").  The line pictures draw with
smaller cells to fit instead; a short line keeps its size."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QScrollArea

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.helping.guide import RealExample
from nonostudio.analysis.helping.guide_pictures import DrawnLine, Picture
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.gui.rules.technique_details import TechniqueDetails, TechniqueFacts

TECHNIQUE = "mercury"  # Reach of a box: a line technique with a worked example


def long_example() -> RealExample:
    """A 25-cell line's step: the 12 holds the boxes at cells 10-12, so 22-25 are empty."""
    before = [UNKNOWN] * 25
    before[9:12] = [FILLED] * 3
    after = list(before)
    after[21:] = [CROSSED] * 4
    lines = (
        DrawnLine("before", (12,), tuple(before)),
        DrawnLine("after", (12,), tuple(after), new=(21, 22, 23, 24)),
    )
    text = (
        "Row 19 — Reach of a box: the 12 holds the boxes at cells 10–12, so it ends by cell 21: "
        "cells 22–25 are empty."
    )
    return RealExample(
        "library puzzle 1",
        "Owl",
        58,
        "Row 19",
        (12,),
        tuple(before),
        tuple(after),
        text,
        TECHNIQUE,
        (Picture("", lines),),
    )


@pytest.mark.parametrize("width", [330, 290], ids=["1280x720", "1024x600"])
def test_a_long_line_s_example_fits_the_pane_and_its_words_wrap(qtbot, width: int) -> None:
    assert BY_ID[TECHNIQUE].scope == "line"
    details = TechniqueDetails()
    area = QScrollArea(widgetResizable=True)
    area.setWidget(details)
    qtbot.addWidget(area)
    area.resize(width, 700)
    area.show()
    qtbot.waitExposed(area)
    details.show_technique(TechniqueFacts(TECHNIQUE, examples={TECHNIQUE: (long_example(),)}))
    QApplication.processEvents()
    (picture,) = details.real_pictures
    viewport = area.viewport().width()
    assert area.horizontalScrollBar().maximum() == 0, "the details scroll sideways"
    assert details.width() <= viewport
    assert picture.isVisible() and picture.width() <= viewport
    assert picture.cell() < 14  # drawn smaller to fit...
    assert picture.height() == picture.heightForWidth(picture.width())  # ...and whole
    for label in (details.idea_label, *details.real_texts):
        assert label.width() <= viewport and label.height() >= label.heightForWidth(label.width())
    # the worked example (10 cells) keeps its 18 px cells
    assert details.example_picture.isVisible() and details.example_picture.cell() == 18
