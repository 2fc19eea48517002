"""Settings dialogs fit the screen: fields that are too tall scroll and OK/Cancel stay in sight
(the learning-run settings are taller than a 1280x720 screen); dialogs that fit are unchanged."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox, QGroupBox

from nonostudio.gui.dialogs.form import FRAME_ALLOWANCE
from nonostudio.gui.dialogs.save_rules import SaveWrittenRuleDialog
from nonostudio.gui.learn_settings import LearnSettingsDialog

FREE_HEIGHT_720 = 720 - 32 - FRAME_ALLOWANCE  # a 1280x720 screen with a panel, less the frame


def buttons_in_sight(dialog) -> bool:
    ok = dialog.accept_button()
    top_left = ok.mapTo(dialog, ok.rect().topLeft())
    return ok.isVisible() and dialog.rect().contains(top_left + ok.rect().bottomRight())


def test_a_dialog_taller_than_the_screen_scrolls_its_fields_and_keeps_its_buttons(qtbot):
    dialog = LearnSettingsDialog(None)
    qtbot.addWidget(dialog)
    assert dialog.sizeHint().height() > FREE_HEIGHT_720  # the case this is about
    dialog.resize(dialog.sizeHint())
    dialog.show()  # fits the offscreen screen (800 high) first
    qtbot.waitExposed(dialog)
    dialog.fit_height(FREE_HEIGHT_720)
    assert dialog.height() == FREE_HEIGHT_720
    assert buttons_in_sight(dialog)
    bar = dialog.fields.verticalScrollBar()
    assert bar.isVisible() and bar.maximum() > 0  # the rest of the fields is a scroll away
    assert dialog.fields.horizontalScrollBar().maximum() == 0  # and nothing is cut sideways
    last = next(box for box in dialog.findChildren(QGroupBox) if box.title().startswith("Fixed"))
    assert last.visibleRegion().isEmpty()  # the last group starts below the fold
    bar.setValue(bar.maximum())
    qtbot.waitUntil(lambda: not last.visibleRegion().isEmpty())  # scrolled into sight


def test_showing_fits_the_dialog_to_its_screen(qtbot):
    dialog = LearnSettingsDialog(None)
    qtbot.addWidget(dialog)
    dialog.resize(400, 300)  # what a window system may first give a tall dialog
    dialog.show()
    qtbot.waitExposed(dialog)
    free = dialog.screen().availableGeometry().height() - FRAME_ALLOWANCE
    assert dialog.sizeHint().height() > free  # offscreen's screen is 800 high
    assert dialog.height() == free and buttons_in_sight(dialog)  # all the screen allows
    assert dialog.fields.horizontalScrollBar().maximum() == 0


def test_a_dialog_that_fits_keeps_its_size_and_has_no_scroll_bar(qtbot):
    dialog = SaveWrittenRuleDialog("rule_x", ["mine"])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    before = dialog.size()
    dialog.fit_height(FREE_HEIGHT_720)
    assert dialog.size() == before
    assert not dialog.fields.verticalScrollBar().isVisible()
    assert buttons_in_sight(dialog)
    assert dialog.focusWidget() is not dialog.fields  # the first field has the focus
    assert isinstance(dialog.buttons, QDialogButtonBox)
