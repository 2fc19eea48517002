"""The Difficulty panel writes its counts as the Check panel does, digits grouped: a 200x200
puzzle's "decides 39000 of its 40000 cells" and a chart's "1234" steps were not."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from nonostudio.analysis.grades.grade_text import several_pictures_text
from nonostudio.gui.panels.difficulty_charts import RuleUsageChart


def test_several_pictures_says_its_cells_grouped() -> None:
    assert several_pictures_text(39000, 40000) == (
        "Several pictures fit these clues: step-by-step reasoning decides 39,000 of its "
        "40,000 cells, then stops."
    )


def test_the_rule_chart_counts_grouped(qtbot: QtBot) -> None:
    chart = RuleUsageChart()
    qtbot.addWidget(chart)
    chart.set_usage({"overlap": 1234, "line_complete": 7}, {"overlap": "Overlap"})
    assert chart.toolTip() == "Overlap: 1,234\nline_complete: 7"
