"""The rule browser by technique, driven by clicks: the families in difficulty order with their
explanation, pictures, real examples from library puzzles, frequencies on the test set and the
member rules with their DSL text; a member opens in the rule list and its editor; the strategy
guide exported as HTML and PDF; the table model through qtmodeltester."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QFileDialog

from nonostudio.analysis.catalogue.placement import UNPLACED
from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES, BY_ID, example_cells
from nonostudio.analysis.helping.guide import BUILT_IN, Frequency
from nonostudio.core.line import cells_to_text
from nonostudio.core.paths import bundled_test_set
from nonostudio.gui.rules.browser import RuleBrowser
from nonostudio.gui.rules.guide_export import printable_html
from nonostudio.gui.rules.line_picture import (
    MARK_ASSUMED,
    MARK_NEW,
    MARK_PLACED,
    MARK_WRONG,
    LinePicture,
    marked_ranges,
)
from nonostudio.gui.rules.technique_browser import TechniqueBrowser
from nonostudio.gui.rules.technique_details import move_rows
from nonostudio.gui.rules.techniques_model import (
    NAME,
    PUZZLE,
    RULES,
    TEST_LINES,
    TIER,
    TechniquesModel,
)
from nonostudio.rules.language.printer import format_rule
from nonostudio.rules.ruleset import load_rule_set

# The samples' real examples traced once a session (tests/examples_once.py): the guide's tests
# and the Help menu's guide ask for the same; tests/analysis/helping/test_guide.py tests them.
pytestmark = pytest.mark.usefixtures("guide_examples_once")

SAMPLES_TEST_SET = bundled_test_set()  # the bundled test lines (small: quick to place)


def click_row(qtbot, table, row: int, column: int = NAME) -> None:
    rect = table.visualRect(table.model().index(row, column))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def on_screen(qtbot, widget, width: int, height: int):
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def techniques(qtbot) -> TechniqueBrowser:
    widget = on_screen(qtbot, TechniqueBrowser(test_set=SAMPLES_TEST_SET), 1200, 800)
    yield widget
    widget.cancel()
    assert QThreadPool.globalInstance().waitForDone(30000)


def test_model_rows_in_difficulty_order_through_modeltester(qtmodeltester) -> None:
    model = TechniquesModel()
    qtmodeltester.check(model)
    assert [model.index(r, NAME).data() for r in range(model.rowCount())] == [
        t.name for t in ALL_TECHNIQUES
    ]
    tiers = [int(model.index(r, TIER).data()) for r in range(model.rowCount())]
    assert tiers == sorted(tiers)
    assert model.index(0, RULES).data() == "…"  # not placed yet
    model.set_members({"overlap": ["a", "b"], UNPLACED: ["c"]})
    model.set_frequencies({"overlap": Frequency(50, 80)}, 200)
    model.set_uses({"overlap": 7})
    qtmodeltester.check(model)
    row = model.row_of("overlap")
    assert model.index(row, RULES).data() == "2"
    assert model.index(row, TEST_LINES).data() == "25.0 %"
    assert "on 50 of the 200 test lines" in model.index(row, TEST_LINES).data(
        Qt.ItemDataRole.ToolTipRole
    )
    assert model.index(row, PUZZLE).data() == "7"
    last = model.rowCount() - 1
    assert model.index(last, NAME).data() == "(not placed)"
    assert model.index(last, NAME).data(Qt.ItemDataRole.UserRole) == UNPLACED
    model.set_members({"overlap": ["a"]})
    assert model.rowCount() == len(ALL_TECHNIQUES)  # no unplaced rules: no such row


def test_move_pictures_mark_every_decided_range() -> None:
    assert marked_ranges("--O--x--", "xxOOOxOx") == ((0, 2), (3, 5), (6, 8))
    t = BY_ID["small_gap"]
    before, after = example_cells(t.example)
    rows = move_rows(before, after)
    assert rows[0].cells == cells_to_text(before) and rows[1].cells == cells_to_text(after)
    assert (rows[1].mark, *rows[1].more_marks) == marked_ranges(rows[0].cells, rows[1].cells)


@pytest.mark.slow
def test_families_with_explanation_picture_frequency_and_member_rules(qtbot, techniques) -> None:
    control = load_rule_set("control")
    with qtbot.waitSignal(techniques.analysisReady, timeout=120000):
        techniques.set_rule_set(control)
    placements = {p.rule: p for p in techniques.placements()}
    assert set(placements) == {e.rule.name for e in control.entries}
    table = techniques.table
    row = techniques.model.row_of("overlap")
    click_row(qtbot, table, row)
    t = BY_ID["overlap"]
    assert techniques.selected_technique() == "overlap"
    assert (
        "Overlap" in techniques.details.heading_label.text()
        and "tier 1" in techniques.details.heading_label.text()
    )
    assert techniques.details.idea_label.text() == t.idea
    assert techniques.details.example_picture.isVisible()
    rows = techniques.details.example_picture.rows()
    assert [r.label for r in rows] == ["before", "pushed left", "pushed right", "after"]
    assert rows[-1].cells == t.example.after.replace(" ", "")
    assert techniques.details.example_note.text() == t.example.note
    lines = techniques.model.test_lines()
    assert (
        lines > 1000 and f"on the {lines:,} test lines" in techniques.details.frequency_label.text()
    )
    members = [p.rule for p in placements.values() if p.technique == "overlap"]
    assert members, "the control set has an overlap rule (big hint)"
    shown = [
        techniques.details.members_list.item(i)
        for i in range(techniques.details.members_list.count())
    ]
    assert [item.data(Qt.ItemDataRole.UserRole) for item in shown] == members
    for item, name in zip(shown, members, strict=True):
        assert format_rule(control.entry(name).rule) in item.text()
    assert techniques.model.index(row, RULES).data() == str(len(members))
    # a grid technique has no line example and says when it is needed
    click_row(qtbot, table, techniques.model.row_of("contradiction"))
    assert not techniques.details.example_picture.isVisible()
    assert "no line technique helps" in techniques.details.frequency_label.text()


def test_real_examples_come_from_the_library_puzzles(qtbot, techniques, small_library) -> None:
    techniques.set_library(small_library)
    with qtbot.waitSignal(techniques.examplesReady, timeout=120000):
        techniques.set_rule_set(load_rule_set("control"), measure=True)
    found = techniques.examples()
    assert found, "the library's small puzzles need some technique"
    titles = {e.title for e in small_library.entries()}
    for shown in found.values():
        for example in shown:
            if example.source == BUILT_IN:  # no small puzzle needs search or a chained one
                assert example.technique in ("search", "deep_contradiction")
                continue
            assert example.puzzle in titles and example.source.startswith("library puzzle ")
    technique_id = next(t for t in found if BY_ID[t].scope == "line")
    click_row(qtbot, techniques.table, techniques.model.row_of(technique_id))
    shown = found[technique_id]
    details = techniques.details
    assert [label.text() for label in details.real_texts] == [e.text for e in shown]
    assert len(details.real_pictures) == len(shown)
    for picture, example in zip(details.real_pictures, shown, strict=True):
        assert picture.isVisible() and picture.hints() == tuple(c for c in example.clues if c)


def test_a_member_rule_opens_in_the_rule_list_and_its_editor(qtbot) -> None:
    browser = on_screen(qtbot, RuleBrowser(test_set=SAMPLES_TEST_SET), 1300, 800)
    try:
        assert browser.views.currentWidget() is browser.techniques  # by technique first
        with qtbot.waitSignal(browser.techniques.analysisReady, timeout=120000):
            browser.set_rule_set("control")
        tech = browser.techniques
        click_row(qtbot, tech.table, tech.model.row_of("overlap"))
        item = tech.details.members_list.item(0)
        name = item.data(Qt.ItemDataRole.UserRole)
        rect = tech.details.members_list.visualItemRect(item)
        qtbot.mouseClick(
            tech.details.members_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center()
        )  # a double click: press, release, press again
        qtbot.mouseDClick(
            tech.details.members_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center()
        )
        assert browser.views.currentWidget() is browser.all_rules
        assert browser.selected_entry().rule.name == name
        assert browser.detail_tabs.currentIndex() == 0
        browser.views.setCurrentWidget(tech)
        qtbot.mouseClick(tech.details.edit_rule_button, Qt.MouseButton.LeftButton)
        assert browser.views.currentWidget() is browser.all_rules
        assert browser.detail_tabs.currentWidget() is browser.editor
        assert browser.selected_entry().rule.name == name
    finally:
        browser.cancel()
        assert QThreadPool.globalInstance().waitForDone(30000)


@pytest.mark.parametrize("suffix", [".html", ".pdf"])
def test_export_strategy_guide_by_the_button(
    qtbot, techniques, tmp_path: Path, monkeypatch, suffix: str
) -> None:
    with qtbot.waitSignal(techniques.analysisReady, timeout=120000):
        techniques.set_rule_set(load_rule_set("control"))
    target = tmp_path / f"guide{suffix}"
    kind = "PDF document (*.pdf)" if suffix == ".pdf" else "HTML page (*.html)"
    monkeypatch.setattr(
        QFileDialog,
        "getSaveFileName",
        staticmethod(lambda *a, **k: (str(target.with_suffix("")), kind)),
    )
    qtbot.mouseClick(techniques.export_button, Qt.MouseButton.LeftButton)
    assert target.is_file(), techniques.status_label.text()
    assert f"Strategy guide written to {target}" in techniques.status_label.text()
    data = target.read_bytes()
    if suffix == ".pdf":
        assert data.startswith(b"%PDF") and len(data) > 5000
    else:
        page = data.decode("utf-8")
        assert "<h1>Nonogram strategy guide</h1>" in page
        for t in ALL_TECHNIQUES:
            assert f'<section id="{t.id}">' in page
        assert "test lines" in page  # the frequencies measured in the browser


def test_export_to_an_unwritable_place_says_so(
    qtbot, techniques, tmp_path: Path, monkeypatch
) -> None:
    target = tmp_path / "missing-folder" / "guide.html"
    monkeypatch.setattr(
        QFileDialog,
        "getSaveFileName",
        staticmethod(lambda *a, **k: (str(target), "HTML page (*.html)")),
    )
    assert techniques.choose_export() is None
    assert "The guide was not written" in techniques.status_label.text()
    assert "guide.html" in techniques.status_label.text()


def test_the_pdf_page_gives_every_picture_cell_content_and_colour() -> None:
    from nonostudio.analysis.helping.guide import line_picture

    page = line_picture((2, 1), (1, 1, 0, -1, 1), (False, True, False, False, True))
    printable = printable_html(page)
    assert 'class="f"' not in printable and "<td></td>" not in printable
    assert printable.count('bgcolor="#222222"') == 1  # an old filled cell
    assert printable.count('bgcolor="#dd6600"') == 2  # the two the move filled
    assert printable.count("×") == 1 and 'border="1"' in printable


def test_nothing_is_measured_until_the_browser_is_on_screen(qtbot) -> None:
    widget = TechniqueBrowser(test_set=SAMPLES_TEST_SET)
    qtbot.addWidget(widget)
    widget.set_rule_set(load_rule_set("control"))
    assert not widget.is_busy() and widget.placements() is None
    assert "being placed" in widget.details.members_heading.text()
    try:
        with qtbot.waitSignal(widget.analysisReady, timeout=120000):
            widget.show()
        assert widget.placements() is not None
    finally:
        widget.cancel()
        assert QThreadPool.globalInstance().waitForDone(30000)


def test_the_details_draw_numbered_pushed_placements_and_a_chain_to_its_breaking_line(
    qtbot, techniques
) -> None:
    with qtbot.waitSignal(techniques.examplesReady, timeout=120000):
        techniques.set_rule_set(load_rule_set("learned"), measure=False)
        techniques._pending.add("examples")
        techniques._start_pending()
    details = techniques.details
    click_row(qtbot, techniques.table, techniques.model.row_of("overlap"))
    worked = details.example_picture
    assert worked._ruler and worked.height() > LinePicture(cell=18).sizeHint().height()
    left, right = worked.rows()[1:3]
    assert [m[2] for m in left.marks] == [MARK_PLACED] and [m[2] for m in right.marks] == [
        MARK_PLACED
    ]
    after = worked.rows()[-1]
    assert [(a, b) for a, b, kind in after.marks if kind == MARK_NEW] == [(2, 8)]
    examples = techniques.examples()
    assert len(details.real_texts) == len(examples["overlap"]) >= 2
    for picture in details.real_pictures:
        assert [r.label for r in picture.rows()][1:3] == ["pushed left", "pushed right"]
    # a contradiction: one picture per line of the chain, the last the line that breaks
    click_row(qtbot, techniques.table, techniques.model.row_of("contradiction"))
    first = examples["contradiction"][0]
    links = [p for p in first.record.premises if p["say"] in ("forced", "dead")]
    pictures = details.real_pictures[: len(links)]
    qtbot.waitUntil(lambda: all(p.isVisible() for p in pictures))
    assert any(m[2] == MARK_ASSUMED for r in pictures[0].rows() for m in r.marks)
    (dead,) = pictures[-1].rows()
    assert any(m[2] == MARK_WRONG for m in dead.marks)
    assert details.real_texts[0].text() == first.text
