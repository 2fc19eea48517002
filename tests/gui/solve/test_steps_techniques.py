"""The solving view's step table over a trace of complete moves: the technique column names the
technique, fallbacks read "beyond the rules", and technique steps read in display direction."""

from __future__ import annotations

from pathlib import Path

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.explaining.narrate import narrate
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.formats import read_all
from nonostudio.gui.solve.steps_model import COLUMNS, RULE_COLUMN, StepsModel, line_label, step_rows
from nonostudio.rules.ruleset import load_rule_set

SAMPLES = Path(__file__).resolve().parents[3] / "resources" / "samples"


def test_the_table_names_each_steps_technique(qtmodeltester) -> None:
    _, puzzle = read_all(SAMPLES / "webpbn-00006-cat.non")[0]
    control = load_rule_set("control")
    trace = rule_trace(puzzle, control.rules)
    rows = step_rows(
        trace,
        {e.rule.name: e.title for e in control.entries},
        list(narrate(trace, control.rules, {})),
    )
    model = StepsModel()
    model.set_rows(rows)
    qtmodeltester.check(model)
    assert COLUMNS[RULE_COLUMN] == "Technique"
    for i, step in enumerate(trace.steps):
        assert model.index(i, RULE_COLUMN).data() == BY_ID[step.technique].name
        assert rows[i].explanation == step.text
        if step.axis:
            assert line_label(step).endswith("→" if step.axis == "row" else "↓")
    assert any(step.flipped for step in trace.steps)  # some rules matched lines backwards
    kinds = {model.index(i, 1).data() for i in range(len(rows)) if rows[i].kind == "line"}
    assert kinds == {"beyond the rules (fallback)"}
