"""The rule editor driven like a user, by mouse clicks and keys: a draft per rule that survives
switching rules and restarting, a question before a draft is discarded, saving a written rule into
a user rule set the lists then offer, a proof's progress with room for its words, Cancel that
stops z3, focus kept in the text; shipped rules shown as proved from the build's record only while
their text is the one proved; plain subtitles and telling examples in the rule pane."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt, QThreadPool
from PySide6.QtWidgets import (
    QApplication,
    QDialogButtonBox,
    QLineEdit,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from nonostudio.core.paths import user_rules_dir
from nonostudio.gui.common.progress_bars import is_busy_bar
from nonostudio.gui.rule_drafts import DRAFTS_NAME
from nonostudio.gui.rules.browser import RuleBrowser
from nonostudio.gui.rules.editor import RuleEditor
from nonostudio.gui.rules.line_picture import LinePicture
from nonostudio.gui.rules.model import PROOF
from nonostudio.rules.language.printer import format_rule
from nonostudio.rules.proving import proof_record
from nonostudio.rules.proving.proof_record import RecordedProof, rule_hash, write_record
from nonostudio.rules.ruleset import available_rule_sets, load_rule_set

CONTROL = load_rule_set("control")
BIG_HINT = CONTROL.entry("big_hint")
MERCURY = CONTROL.entry("mercury")
LEARNED = load_rule_set("learned")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user-data folder of this test's own (drafts, user rule sets); no proof record unless
    a test writes one."""
    folder = tmp_path / "data"
    monkeypatch.setenv("NONOSTUDIO_DATA_DIR", str(folder))
    monkeypatch.setattr(proof_record, "record_path", lambda: tmp_path / "proofs.json")
    return folder


def make_browser(qtbot: QtBot, rule_set: str = "control") -> RuleBrowser:
    """The rule browser showing ``rule_set`` in its *All rules* tab (clicked open)."""
    widget = RuleBrowser(test_set=None)
    qtbot.addWidget(widget)
    widget.resize(1200, 700)
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_rule_set(rule_set)
    bar = widget.views.tabBar()
    qtbot.mouseClick(
        bar,
        Qt.MouseButton.LeftButton,
        pos=bar.tabRect(widget.views.indexOf(widget.all_rules)).center(),
    )
    assert widget.views.currentWidget() is widget.all_rules
    return widget


def close_browser(widget: RuleBrowser) -> None:
    widget.cancel()
    assert QThreadPool.globalInstance().waitForDone(60000)


@pytest.fixture
def browser(qtbot: QtBot) -> RuleBrowser:
    widget = make_browser(qtbot)
    yield widget
    close_browser(widget)


def click_rule(qtbot: QtBot, browser: RuleBrowser, name: str) -> None:
    """Click the rule's row in the table, as a user would."""
    index = browser.proxy.mapFromSource(browser.model.index(browser.model.row_of(name), 0))
    browser.table.scrollTo(index)
    qtbot.mouseClick(
        browser.table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=browser.table.visualRect(index).center(),
    )
    assert browser.selected_entry().rule.name == name


def open_editor_tab(qtbot: QtBot, browser: RuleBrowser) -> RuleEditor:
    bar = browser.detail_tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
    assert browser.detail_tabs.currentWidget() is browser.editor
    return browser.editor


def type_at_end(qtbot: QtBot, editor: RuleEditor, text: str) -> None:
    """Click into the text, go to its end and type."""
    qtbot.mouseClick(editor.ui.text_edit.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    qtbot.keyClick(editor.ui.text_edit, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(editor.ui.text_edit, text)


def rename_rule(qtbot: QtBot, editor: RuleEditor, old: str, new: str) -> None:
    """Select the rule's name after ``def `` with the keyboard and type another."""
    qtbot.mouseClick(editor.ui.text_edit.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    qtbot.keyClick(editor.ui.text_edit, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    for _ in range(len("def ")):
        qtbot.keyClick(editor.ui.text_edit, Qt.Key.Key_Right)
    for _ in range(len(old)):
        qtbot.keyClick(editor.ui.text_edit, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(editor.ui.text_edit, new)


@pytest.mark.slow
def test_a_draft_survives_switching_rules_and_a_restart(
    qtbot: QtBot, browser: RuleBrowser, data_dir: Path
) -> None:
    click_rule(qtbot, browser, "mercury")
    editor = open_editor_tab(qtbot, browser)
    original = format_rule(MERCURY.rule)
    assert editor.text() == original and editor.ui.revert_button.isHidden()
    type_at_end(qtbot, editor, " + 0")
    typed = original + " + 0"
    assert editor.text() == typed
    assert not editor.ui.revert_button.isHidden() and "draft" in editor.ui.draft_label.text()

    click_rule(qtbot, browser, "big_hint")  # before the fix this replaced what was typed
    assert editor.text() == format_rule(BIG_HINT.rule) and editor.ui.revert_button.isHidden()
    click_rule(qtbot, browser, "mercury")
    assert editor.text() == typed and not editor.ui.revert_button.isHidden()

    stored = json.loads((data_dir / DRAFTS_NAME).read_text(encoding="utf-8"))
    assert stored["drafts"] == {"control/mercury": typed}
    assert not list(data_dir.glob("*.tmp")) and not list(data_dir.glob(".*"))  # none left over

    close_browser(browser)  # the studio closed: its work stops (its real examples ran on)
    restarted = make_browser(qtbot)  # a new window reads the drafts from the user-data folder
    click_rule(qtbot, restarted, "mercury")
    assert restarted.editor.text() == typed
    click_rule(qtbot, restarted, "big_hint")
    assert restarted.editor.text() == format_rule(BIG_HINT.rule)
    close_browser(restarted)


def test_revert_asks_before_discarding_the_draft(
    qtbot: QtBot, browser: RuleBrowser, data_dir: Path
) -> None:
    click_rule(qtbot, browser, "mercury")
    editor = open_editor_tab(qtbot, browser)
    type_at_end(qtbot, editor, " + 1")
    typed = editor.text()
    drafts = data_dir / DRAFTS_NAME
    qtbot.waitUntil(drafts.is_file)  # written a moment after the typing stops
    assert json.loads(drafts.read_text(encoding="utf-8"))["drafts"] == {"control/mercury": typed}

    qtbot.mouseClick(editor.ui.revert_button, Qt.MouseButton.LeftButton)
    box = editor.confirm_box
    assert box is not None and box.isVisible() and "mercury" in box.text()
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: editor.confirm_box is None)
    assert editor.text() == typed  # kept

    qtbot.mouseClick(editor.ui.revert_button, Qt.MouseButton.LeftButton)
    box = editor.confirm_box
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Discard), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: editor.text() == format_rule(MERCURY.rule))
    assert editor.ui.revert_button.isHidden()
    stored = json.loads((data_dir / DRAFTS_NAME).read_text(encoding="utf-8"))
    assert stored["drafts"] == {}


def test_a_written_rule_is_saved_into_a_user_rule_set_the_list_offers(
    qtbot: QtBot, browser: RuleBrowser
) -> None:
    click_rule(qtbot, browser, "big_hint")
    editor = open_editor_tab(qtbot, browser)
    rename_rule(qtbot, editor, "big_hint", "my_big_hint")
    qtbot.waitUntil(lambda: editor.rule() is not None and editor.rule().name == "my_big_hint")
    written = editor.rule()

    qtbot.mouseClick(editor.ui.save_button, Qt.MouseButton.LeftButton)
    dialog = editor.save_dialog
    assert dialog is not None and dialog.isVisible()
    save = dialog.buttons.button(QDialogButtonBox.StandardButton.Save)
    name_edit = dialog.set_name.lineEdit()
    qtbot.keyClick(name_edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(name_edit, "control")  # a shipped set: not writable
    assert not save.isEnabled() and "shipped" in dialog.problem.text()
    qtbot.keyClick(name_edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(name_edit, "mine")
    assert save.isEnabled() and dialog.problem.text() == ""
    qtbot.keyClick(dialog.title, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(dialog.title, "my big hint")
    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)

    path = user_rules_dir() / "mine.rules"
    qtbot.waitUntil(path.is_file)
    saved = load_rule_set("mine")
    assert saved.rules == (written,) and saved.entries[0].title == "my big hint"
    assert "mine" in available_rule_sets()
    # The browser now shows the user's set with the saved rule selected, no draft left over.
    qtbot.waitUntil(lambda: browser.rule_set() is not None and browser.rule_set().name == "mine")
    assert browser.rule_set_combo.currentText() == "mine"
    assert browser.selected_entry().rule == written
    assert editor.text() == format_rule(written) and editor.ui.revert_button.isHidden()
    assert "Saved" in editor.ui.draft_label.text() and str(path) in editor.ui.draft_label.text()
    # The shipped rule is unchanged, and its draft (the renamed text) was cleared by the save.
    browser.rule_set_combo.setCurrentText("control")
    click_rule(qtbot, browser, "big_hint")
    assert editor.text() == format_rule(BIG_HINT.rule)

    # A second rule goes into the same file beside the first.
    rename_rule(qtbot, editor, "big_hint", "second")
    qtbot.waitUntil(lambda: editor.rule() is not None and editor.rule().name == "second")
    qtbot.mouseClick(editor.ui.save_button, Qt.MouseButton.LeftButton)
    dialog = editor.save_dialog
    assert dialog.chosen_set() == "mine"  # the user's sets are offered first
    qtbot.mouseClick(
        dialog.buttons.button(QDialogButtonBox.StandardButton.Save), Qt.MouseButton.LeftButton
    )
    qtbot.waitUntil(lambda: len(load_rule_set("mine")) == 2)
    assert [r.name for r in load_rule_set("mine").rules] == ["my_big_hint", "second"]


@pytest.fixture
def editor_in_window(qtbot: QtBot) -> Iterator[tuple[QWidget, RuleEditor, QLineEdit]]:
    """A narrow window holding the editor and, after it, a line edit (the Library filter)."""
    window = QWidget()
    editor = RuleEditor(delay_ms=1)
    other = QLineEdit()
    layout = QVBoxLayout(window)
    layout.addWidget(editor)
    layout.addWidget(other)
    qtbot.addWidget(window)
    window.resize(380, 520)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    yield window, editor, other
    editor.cancel_proof()
    assert QThreadPool.globalInstance().waitForDone(60000)


def test_a_proof_shows_its_progress_legibly_and_focus_stays_in_the_text(
    qtbot: QtBot, editor_in_window: tuple[QWidget, RuleEditor, QLineEdit]
) -> None:
    _, editor, _ = editor_in_window
    editor.set_text(format_rule(BIG_HINT.rule))
    editor.ui.length_spin.setValue(6)
    qtbot.mouseClick(editor.ui.text_edit.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    messages: list[str] = []
    legible: list[bool] = []

    def shown(_: int) -> None:
        messages.append(editor.ui.progress_label.text())
        bar = editor.ui.progress
        words = bar.fontMetrics().horizontalAdvance(bar.text())
        # the words fit on the bar, or they are wrapped in full under it
        legible.append(words + 20 <= bar.width() or editor.ui.progress_label.isVisible())

    editor.ui.progress.valueChanged.connect(shown)
    with qtbot.waitSignal(editor.proofFinished, timeout=60000) as blocker:
        qtbot.mouseClick(editor.ui.prove_button, Qt.MouseButton.LeftButton)
        # While proving: the length label is not squashed ("Lines up t") and the bar has a row
        # of its own, as wide as the editor.
        label = editor.ui.length_label
        assert label.width() >= label.fontMetrics().horizontalAdvance(label.text())
        assert editor.ui.progress.width() >= editor.width() - 10
    assert blocker.args[0].sound is True
    assert messages[-1] == "Proved for lines up to 6 of 6 cells"
    assert legible and all(legible)
    assert editor.ui.result_label.text().startswith("Sound")
    # Before the fix focus went to the next widget in the window (the Library filter).
    assert QApplication.focusWidget() is editor.ui.text_edit

    # Proving from the keyboard (Alt+P) keeps focus in the text too.
    editor.ui.length_spin.setValue(3)
    with qtbot.waitSignal(editor.proofFinished, timeout=60000):
        qtbot.keyClick(editor.ui.text_edit, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is editor.ui.text_edit


def test_cancel_stops_the_z3_proof_within_a_second(
    qtbot: QtBot, editor_in_window: tuple[QWidget, RuleEditor, QLineEdit]
) -> None:
    _, editor, _ = editor_in_window
    slow = LEARNED.rules[0]  # "learned rule 1": a unique condition, about a minute at 30 cells
    editor.set_text(format_rule(slow))
    editor.ui.length_spin.setValue(30)
    finished: list[object] = []
    editor.proofFinished.connect(finished.append)
    qtbot.mouseClick(editor.ui.prove_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: editor.ui.progress.value() > 0, timeout=30000)  # z3 is at work
    assert editor.is_proving() and not editor.ui.cancel_button.isHidden()
    clicked = time.perf_counter()
    qtbot.mouseClick(editor.ui.cancel_button, Qt.MouseButton.LeftButton)
    assert not editor.is_proving() and editor.ui.result_label.text() == "Proof cancelled."
    assert editor.ui.prove_button.isEnabled() and editor.ui.cancel_button.isHidden()
    qtbot.waitUntil(lambda: not editor.is_stopping(), timeout=10000)
    stopped = time.perf_counter() - clicked
    print(f"proof thread ended {stopped:.2f} s after Cancel")
    assert stopped < 1.0
    assert QThreadPool.globalInstance().waitForDone(5000)
    QApplication.processEvents()
    assert finished == []
    assert QApplication.focusWidget() is editor.ui.text_edit


def test_a_proof_with_nothing_proved_yet_shows_a_busy_bar_not_an_empty_box(
    qtbot: QtBot, editor_in_window: tuple[QWidget, RuleEditor, QLineEdit]
) -> None:
    _, editor, _ = editor_in_window
    editor.set_text(format_rule(LEARNED.rules[0]))
    editor.ui.length_spin.setValue(30)
    editor.prove()  # (no event handled before the check: the prover's reports wait in the queue)
    assert is_busy_bar(editor.ui.progress)  # before: an empty bar at 0 %, taken for stuck
    editor._progress(0.5, "lines of 15 cells")
    assert editor.ui.progress.value() == 50 and not is_busy_bar(editor.ui.progress)
    editor.cancel_proof()


def record_control_rules(path: Path) -> None:
    write_record(
        [
            RecordedProof(
                "control", r.name, rule_hash(r), 30, "nonostudio test", "4.x", "2026-11-26"
            )
            for r in CONTROL.rules
        ],
        path,
    )


def test_shipped_rules_are_shown_proved_from_the_record_until_edited(
    qtbot: QtBot, tmp_path: Path
) -> None:
    record_control_rules(tmp_path / "proofs.json")
    browser = make_browser(qtbot)
    proved = "proved to 30 cells (shipped)"
    statuses = {
        browser.model.rule_at(r).name: browser.model.index(r, PROOF).data()
        for r in range(browser.model.rowCount())
    }
    assert set(statuses.values()) == {proved}  # before: "not proved" for every shipped rule
    click_rule(qtbot, browser, "mercury")
    editor = open_editor_tab(qtbot, browser)
    assert editor.ui.result_label.text().startswith("Proved to 30 cells (shipped)")
    type_at_end(qtbot, editor, "")
    qtbot.keyClick(editor.ui.text_edit, Qt.Key.Key_Left)  # inside the fill's closing parenthesis
    qtbot.keyClicks(editor.ui.text_edit, " + 0")  # an edited rule is not the one proved
    qtbot.waitUntil(lambda: editor.rule() is not None and editor.rule() != MERCURY.rule)
    assert editor.recorded_proof() is None and "Proved" not in editor.ui.result_label.text()

    # Another set whose rules are not in the record is not claimed proved.
    browser.rule_set_combo.setCurrentText("learned")
    assert {browser.model.index(r, PROOF).data() for r in range(browser.model.rowCount())} == {
        "not proved"
    }
    close_browser(browser)


def test_a_record_of_other_text_claims_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    write_record(
        [RecordedProof("control", "mercury", "0" * 64, 30, "p", "z", "d")], tmp_path / "proofs.json"
    )
    browser = make_browser(qtbot)
    assert browser.model.proof("mercury") == "not proved"
    close_browser(browser)


def test_the_rule_pane_says_where_a_learned_rule_came_from_in_words_with_a_telling_example(
    qtbot: QtBot, browser: RuleBrowser
) -> None:
    browser.set_rule_set("learned")
    rule_3 = next(e for e in LEARNED.entries if e.title == "learned rule 3")
    click_rule(qtbot, browser, rule_3.rule.name)
    subtitle = browser.details.title_label.text()
    assert "learned from the line (2 1) ---OO--, crossing cells 1–3" in subtitle
    assert "specification" not in subtitle and "|" not in subtitle

    rule_1 = next(e for e in LEARNED.entries if e.title.startswith("learned rule 1,"))
    assert [len(x.cells) for x in rule_1.examples] == [1]  # what the file carries
    click_rule(qtbot, browser, rule_1.rule.name)
    pictures = [
        browser.details.examples_layout.itemAt(i).widget()
        for i in range(browser.details.examples_layout.count())
    ]
    pictures = [p for p in pictures if isinstance(p, LinePicture)]
    assert len(pictures[0].rows()[0].cells) >= 5  # shown first: a line that tells something


def test_an_unreadable_draft_file_is_kept_aside_and_said(qtbot: QtBot, data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / DRAFTS_NAME).write_text('{"drafts": {"control/mercury": ', encoding="utf-8")
    browser = make_browser(qtbot)
    click_rule(qtbot, browser, "mercury")
    editor = browser.editor
    assert editor.text() == format_rule(MERCURY.rule)
    aside = data_dir / (DRAFTS_NAME + ".unreadable")
    assert aside.read_text(encoding="utf-8") == '{"drafts": {"control/mercury": '
    assert str(aside) in editor.ui.draft_label.text() and "could not be read" in (
        editor.ui.draft_label.text()
    )
    close_browser(browser)


def test_a_draft_that_cannot_be_written_is_said_and_kept_in_memory(
    qtbot: QtBot, data_dir: Path
) -> None:
    (data_dir / DRAFTS_NAME).mkdir(parents=True)  # a folder where the file should go
    browser = make_browser(qtbot)
    click_rule(qtbot, browser, "mercury")
    editor = open_editor_tab(qtbot, browser)
    assert "it is a folder" in editor.ui.draft_label.text()
    type_at_end(qtbot, editor, " + 0")
    qtbot.waitUntil(lambda: "could not be written" in editor.ui.draft_label.text())
    assert str(data_dir / DRAFTS_NAME) in editor.ui.draft_label.text()
    click_rule(qtbot, browser, "big_hint")
    click_rule(qtbot, browser, "mercury")
    assert editor.text().endswith(" + 0")  # still there for this session
    close_browser(browser)


def test_closing_right_after_typing_keeps_the_last_keys(qtbot: QtBot, data_dir: Path) -> None:
    editor = RuleEditor(delay_ms=60000)  # the parse (and draft write) would come much later
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitExposed(editor)
    editor.open_rule("control", "mercury", format_rule(MERCURY.rule))
    type_at_end(qtbot, editor, " + 2")
    assert not (data_dir / DRAFTS_NAME).exists()
    editor.close()
    stored = json.loads((data_dir / DRAFTS_NAME).read_text(encoding="utf-8"))
    assert stored["drafts"]["control/mercury"].endswith(" + 2")
