"""The learning report's chart puts the paper's figures beside ours only when the report was
measured on the paper's own test set; on any other set (the bundled one, a run's training lines)
ours are charted alone and the caption says why."""

from __future__ import annotations

from nonostudio.gui.jobs.report_view import ReportView, chart_bars
from nonostudio.learn.choosing.report import PAPER, PAPER_SET, Report, TopRules


def report(transitions: int, cells: int, learned: int) -> Report:
    top = TopRules(("a",), (learned,), (20,), learned)
    return Report(transitions, cells, 12, 14, learned, learned - 10, learned + 5, top, top, {})


def test_figures_on_another_set_are_not_charted_beside_the_papers(qtbot) -> None:
    view = ReportView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show_report(report(120, 900, 593))  # a small set of our own, as the bundled one
    bars = view.chart.bars()
    assert bars[0] == ("learned", 593, None)
    assert all(paper is None for _, _, paper in bars), "the paper's 7558 is not on this set"
    caption = view.chart_caption.text()
    assert "900 to fill on 120 test lines" in caption
    assert f"its own {PAPER_SET[0]} lines" in caption and "not charted" in caption
    assert "paper" not in view.chart.toolTip()
    view.chart.grab()  # paints one bar a figure, without a warning


def test_figures_on_the_papers_set_are_charted_beside_the_papers(qtbot) -> None:
    view = ReportView()
    qtbot.addWidget(view)
    view.show_report(report(*PAPER_SET, 7000))
    assert chart_bars(view.report())[0] == ("learned", 7000, PAPER["learned"])
    assert "the paper's test set" in view.chart_caption.text()
    assert "7558 in the paper" in view.chart.toolTip()
    view.chart.grab()
