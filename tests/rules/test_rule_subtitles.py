"""What the rule pane shows about a rule besides its text: the learner's source notes said in
plain words, and a telling example (not a one-cell line) first for every shipped rule."""

from __future__ import annotations

import pytest

from nonostudio.core.line import CROSSED, FILLED, Line
from nonostudio.core.linesolver import solve_text
from nonostudio.core.paths import rules_dir
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.examples import TELLING_CELLS, Example, telling_examples
from nonostudio.rules.language.interpreter import apply_rule
from nonostudio.rules.language.parser import parse_rule
from nonostudio.rules.ruleset import load_rule_set
from nonostudio.rules.words.subtitles import plain_source

SHIPPED = sorted(p.stem for p in rules_dir().glob("*.rules"))


@pytest.mark.parametrize(
    ("source", "plain"),
    [
        (
            "specification 2 1|---OO--|x0-3|h0,b; adds 1005 cells in the greedy choice on "
            "testing-set.json (2805 transitions)",
            "learned from the line (2 1) ---OO--, crossing cells 1–3; adds 1005 cells on the test "
            "set (testing-set.json)",
        ),
        (
            "specification 1|-|O0-1|h,g (a rule of the shipped learned set); adds 2438 cells in "
            "this set's order on testing-set.json",
            "learned from the line (1) -, filling cell 1, a rule of the shipped learned set; adds "
            "2438 cells on the test set (testing-set.json)",
        ),
        (
            "specification 1 2|--OO---|mirror of 2 1 ---OO-- x0-3 h0,b; adds 776 cells in the "
            "greedy choice on testing-set.json (2805 transitions)",
            "learned from the line (1 2) --OO--- (the mirror image of a rule learned from (2 1) "
            "---OO--, crossing cells 1–3); adds 776 cells on the test set (testing-set.json)",
        ),
        (
            "Picross 7 tutorial (a special case of big hint: the hint is the whole line)",
            "Picross 7 tutorial (a special case of big hint: the hint is the whole line)",
        ),
    ],
)
def test_plain_source(source: str, plain: str) -> None:
    assert plain_source(source) == plain


@pytest.mark.parametrize("name", SHIPPED)
def test_no_shipped_subtitle_keeps_the_learner_s_shorthand(name: str) -> None:
    for entry in load_rule_set(name).entries:
        text = plain_source(entry.source)
        assert "specification" not in text and "|" not in text, (entry.rule.name, text)


def forced_fill_of(rule: Rule, example: Example) -> bool:
    line = Line.parse(example.hints, example.cells)
    value = FILLED if example.value else CROSSED
    fills = {(f.value, f.start, f.end) for f in apply_rule(rule, line, flipped=False)}
    deduced = solve_text(example.hints, example.cells)
    char = "O" if example.value else "x"
    return (
        (value, example.start, example.end) in fills
        and deduced is not None
        and all(deduced[i] == char for i in range(example.start, example.end))
    )


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_rule_is_shown_with_a_telling_example_first(name: str) -> None:
    lengthened = 0
    for entry in load_rule_set(name).entries:
        shown = telling_examples(entry.rule, entry.examples)
        first = shown[0]
        assert len(first.cells) >= TELLING_CELLS, (entry.rule.name, first)
        assert forced_fill_of(entry.rule, first), (entry.rule.name, first)
        assert shown[-len(entry.examples) :] == list(entry.examples) or not entry.examples
        if first not in entry.examples:
            # the new example sets at least one cell that was unknown
            assert any(first.cells[i] == "-" for i in range(first.start, first.end))
            lengthened += 1
    if name == "learned":
        assert lengthened >= 2  # learned rules 1 and 2 carried only "(1) -"


def test_an_unsound_rule_gets_no_made_up_example() -> None:
    too_eager = parse_rule(
        "def too_eager:\n  with h = constant(hint, 0):\n  if true:\n  then fill(true, 0, size(h))",
        "t",
    )
    shown = telling_examples(too_eager, [])
    assert all(forced_fill_of(too_eager, x) for x in shown)
