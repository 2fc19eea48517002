"""The English of a solving trace: each rule step says which cells it sets, once.  These tests
read rule-fill traces (``complete_moves=False``), explained from the rules' own words;
tests/analysis/explaining/test_complete_moves.py covers the technique sentences of the default
traces."""

from __future__ import annotations

import re
from pathlib import Path

from nonostudio.analysis.explaining.narrate import narrate, rules_used, summary_text
from nonostudio.analysis.tracing.steps import RULE
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.formats import read_all
from nonostudio.rules.ruleset import load_rule_set

SAMPLES = Path(__file__).resolve().parents[3] / "resources" / "samples"
_RANGE = re.compile(r"(\d+)(?:–(\d+))?")


def _cells(text: str) -> set[int]:
    """``"cells 4–7, 9"`` → {3, 4, 5, 6, 8} (0-based)."""
    out: set[int] = set()
    for m in _RANGE.finditer(text):
        first = int(m.group(1))
        out.update(range(first - 1, int(m.group(2) or first)))
    return out


def test_each_rule_step_names_its_fill_and_only_then_the_new_cells() -> None:
    _, puzzle = read_all(SAMPLES / "webpbn-00001-dancer.non")[0]
    rule_set = load_rule_set("learned")
    titles = {entry.rule.name: entry.title for entry in rule_set.entries}
    trace = rule_trace(puzzle, rule_set.rules, fallback=False, complete_moves=False)
    sentences = list(narrate(trace, rule_set.rules, titles))
    assert len(sentences) == len(trace.steps) and trace.steps
    partial = 0
    for step, text in zip(trace.steps, sentences, strict=True):
        assert step.kind == RULE and step.subline is None, "the dancer needs no oracle split"
        along = 1 if step.axis == "row" else 0
        new = {cell[along] for cell in step.cells}
        said = re.search(
            r", so (cells? [\d–]+) (?:is|are) (?:filled|crossed out)"
            r"(?:; of these, (cells? [\d–, ]+) (?:is|are) new)?$",
            text,
        )
        assert said, text
        fill = _cells(said.group(1))
        assert new <= fill, text
        if said.group(2) is None:
            assert new == fill, text
        else:
            partial += 1
            assert _cells(said.group(2)) == new != fill, text
        assert "; fills" not in text and "; crosses out" not in text, text
    assert partial, "some step's fill covers cells already set (this puzzle has several)"


def test_a_backwards_step_says_which_way_it_reads_its_line() -> None:
    _, puzzle = read_all(SAMPLES / "webpbn-00001-dancer.non")[0]
    rule_set = load_rule_set("learned")
    trace = rule_trace(puzzle, rule_set.rules, fallback=False, complete_moves=False)
    sentences = list(narrate(trace, rule_set.rules, {}))
    seen = set()
    for step, text in zip(trace.steps, sentences, strict=True):
        if step.flipped:
            way = "right to left" if step.axis == "row" else "bottom to top"
            assert (
                f"({way}): " in text and f"Reading the line from {way} (the last clue first" in text
            ), text
            seen.add(step.axis)
        else:
            assert "Reading the line from" not in text, text
    assert len(seen) == 2, "the dancer reads rows and columns backwards"


def test_the_rules_used_are_parted_by_semicolons_since_titles_hold_commas() -> None:
    _, puzzle = read_all(SAMPLES / "webpbn-00001-dancer.non")[0]
    rule_set = load_rule_set("learned")
    titles = {entry.rule.name: entry.title for entry in rule_set.entries}
    trace = rule_trace(puzzle, rule_set.rules, complete_moves=False)
    uses = trace.summary().uses
    line = next(x for x in summary_text(trace, titles).splitlines() if x.startswith("Rules used"))
    parts = line.removeprefix("Rules used: ").removesuffix(".").split("; ")
    assert len(parts) == len(uses) >= 2
    counts = [int(p.rsplit("×", 1)[1]) for p in parts]
    assert counts == sorted(counts, reverse=True) and sum(counts) == sum(uses.values())
    assert rules_used({"a": 1, "b": 2}, {"a": "x, y", "b": "z"}) == "z ×2; x, y ×1"
