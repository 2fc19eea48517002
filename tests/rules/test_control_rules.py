"""The shipped control rules (docs/rule-language.md §7): contents, examples (interpreter and
line solver), set loading."""

from __future__ import annotations

import functools
import itertools
from pathlib import Path

import pytest

from nonostudio.core.line import FILLED, Line, clue_of
from nonostudio.core.linesolver import maximal_transition
from nonostudio.rules.language.examples import format_example
from nonostudio.rules.language.interpreter import apply_rule, is_valid_fill
from nonostudio.rules.language.parser import RuleSyntaxError, parse_rule
from nonostudio.rules.ruleset import RuleSet, available_rule_sets, dump_rules, load_rule_set

# docs/rule-language.md §7, in its order: name and the example fills of its table (the file may
# hold more).
CONTROL = {
    "full_hint": ["(5) ----- -> true [0,5)"],
    "full_hint_pair_1": ["(3 1) ----- -> true [0,3)"],
    "full_hint_pair_2": ["(3 1) ----- -> true [4,5)"],
    "full_hint_pair_3": ["(3 1) ----- -> false [3,4)"],
    "big_hint": [
        "(8) ---------- -> true [2,8)",
        "(1 8) ---------- -> true [0,1)",
        "(1 8) ---------- -> true [2,10)",
    ],
    "edge_fill": ["(6) --O------- -> true [3,6)"],
    "full_edge_gap": ["(4 4) xxxO-------x--------x -> true [4,7)", "(2) xO--- -> true [2,3)"],
    "cross_small_gap_singleton": ["(4) ----x---x--- -> false [5,8)", "(2) -x--- -> false [0,1)"],
    "cross_small_gap_min": [
        "(4 5) ----x---x--------- -> false [5,8)",
        "(3 2) ----x----x-x--x-- -> false [10,11)",
    ],
    "cross_small_gap_left": ["(3 1) xx--x----x-- -> false [2,4)"],
    "punctuate_maximum": ["(1 3) ---OOO---- -> false [2,3)"],
    "punctuate_first_hint": ["(4 1) x---OOOO-- -> false [1,4)"],
    "mercury": ["(4) ----OO---- -> false [0,2)"],
    "force_maximum": ["(4 1) ---x----x-- -> true [4,8)", "(3) x--x----x-- -> true [5,7)"],
}

# The rules as the paper writes them; the file keeps the original implementation's redundant
# terms (for its published costs) in four of them, which must not change what they fill.
PLAIN_FORMS = {
    "full_hint_pair_2": """def full_hint_pair_2:
        with h0 = constant(hint, 0) and h1 = constant(hint, 1):
        if line_size = 1 + size(h0) + size(h1):
        then fill(true, 1 + size(h0), 1 + size(h0) + size(h1))""",
    "edge_fill": """def edge_fill:
        with h0 = constant(hint, 0) and b = arbitrary(block):
        if size(h0) - 1 > start(b) and size(h0) > start(b) + size(b):
        then fill(true, start(b) + size(b), size(h0))""",
    "punctuate_first_hint": """def punctuate_first_hint:
        with h0 = constant(hint, 0) and b0 = constant(block, 0) and g0 = constant(gap, 0):
        if size(h0) = size(b0) and start(b0) > start(g0) and size(h0) >= start(b0) - start(g0):
        then fill(false, start(g0), start(b0))""",
    "mercury": """def mercury:
        with h0 = constant(hint, 0) and b0 = constant(block, 0) and g0 = constant(gap, 0):
        if start(b0) + size(b0) > size(h0) and size(h0) >= start(b0):
        then fill(false, 0, start(b0) + size(b0) - size(h0))""",
}


# The other ten exactly as the paper writes them: the file must hold these very trees.
TABLE_FORMS = {
    "full_hint": "with h = singleton(hint): if size(h) = line_size: then fill(true, 0, line_size)",
    "full_hint_pair_1": "with h0 = constant(hint,0) and h1 = constant(hint,1): "
    "if line_size = 1 + size(h0) + size(h1): then fill(true, 0, size(h0))",
    "full_hint_pair_3": "with h0 = constant(hint,0) and h1 = constant(hint,1): "
    "if line_size = 1 + size(h0) + size(h1): then fill(false, size(h0), 1 + size(h0))",
    "big_hint": "with h = arbitrary(hint): if lowest_end_cell(h) > highest_start_cell(h): "
    "then fill(true, highest_start_cell(h), lowest_end_cell(h))",
    "full_edge_gap": "with h0 = constant(hint,0) and g = constant(gap,0) "
    "and b = constant(block,0): "
    "if start(g) = start(b) and size(h0) > 1: "
    "then fill(true, start(g) + 1, start(g) + size(h0))",
    "cross_small_gap_singleton": "with h = singleton(hint) and g = arbitrary(gap): "
    "if size(h) > size(g): "
    "then fill(false, start(g), start(g) + size(g))",
    "cross_small_gap_min": "with h = arbitrary(hint) and g = arbitrary(gap): "
    "if minimal(h) and size(h) > size(g): "
    "then fill(false, start(g), start(g) + size(g))",
    "cross_small_gap_left": "with h0 = constant(hint,0) and g0 = constant(gap,0): "
    "if size(h0) > size(g0): then fill(false, start(g0), start(g0) + size(g0))",
    "punctuate_maximum": "with h = arbitrary(hint) and b = arbitrary(block): "
    "if maximal(h) and size(h) = size(b) and start(b) > 0: "
    "then fill(false, start(b) - 1, start(b))",
    "force_maximum": "with h = arbitrary(hint) and g = arbitrary(gap): "
    "if (g is unique where size(g) >= size(h)) and size(h) + size(h) > size(g): "
    "then fill(true, start(g) + size(g) - size(h), start(g) + size(h))",
}


@pytest.fixture(scope="module")
def control():
    return load_rule_set("control")


@functools.cache
def valid_lines(max_n: int) -> tuple[Line, ...]:
    """Every valid line state (hints of some full line, any cells consistent with it) up to
    max_n."""
    out = []
    for n in range(1, max_n + 1):
        hints_seen = {clue_of(full) for full in itertools.product((0, 1), repeat=n)}
        for hints in sorted(hints_seen):
            for cells in itertools.product((-1, 0, 1), repeat=n):
                line = Line(hints, cells)
                if maximal_transition(line) is not None:
                    out.append(line)
    return tuple(out)


def _fills(rule, line):
    return {(f.value, f.start, f.end) for f in apply_rule(rule, line, flipped=False)}


def test_the_control_set_holds_the_fourteen_rules_in_order(control):
    assert [r.name for r in control.rules] == list(CONTROL)
    assert "control" in available_rule_sets()
    assert "Butler" in control.header
    assert control.entry("big_hint").title == "big hint"
    assert all(e.title and e.source and e.examples for e in control.entries)


def test_every_documented_example_is_in_the_file(control):
    for name, examples in CONTROL.items():
        shipped = {format_example(x) for x in control.entry(name).examples}
        assert set(examples) <= shipped, name


def test_every_example_is_produced_by_its_rule_and_is_sound(control):
    checked = 0
    for entry in control.entries:
        for ex in entry.examples:
            line = Line.parse(ex.hints, ex.cells)
            value = FILLED if ex.value else 0
            assert (value, ex.start, ex.end) in _fills(entry.rule, line), (entry.rule.name, ex)
            solved = maximal_transition(line)
            assert solved is not None
            assert all(solved.cells[i] == value for i in range(ex.start, ex.end)), (
                entry.rule.name,
                ex,
            )
            checked += 1
    assert checked >= 29


def test_no_rule_fires_on_an_example_of_the_wrong_kind(control):
    # A sanity check that the examples discriminate: full hint does not fire on a two-hint line.
    rule = control.entry("full_hint").rule
    assert _fills(rule, Line.parse((3, 1), "-----")) == set()
    assert _fills(control.entry("mercury").rule, Line.parse((4,), "----------")) == set()


@pytest.mark.parametrize("name", sorted(TABLE_FORMS))
def test_ten_rules_are_the_tables_trees(control, name):
    assert control.entry(name).rule == parse_rule(f"def {name}: {TABLE_FORMS[name]}")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PLAIN_FORMS))
def test_the_original_forms_fill_what_the_plain_forms_fill(control, name):
    plain = parse_rule(PLAIN_FORMS[name])
    shipped = control.entry(name).rule
    assert plain != shipped
    for line in valid_lines(6):
        assert _fills(plain, line) == _fills(shipped, line), (name, str(line))


@pytest.mark.slow
def test_control_rules_are_sound_on_every_short_line(control):
    # The prover checks up to length 30; this is an independent brute-force check on small lines.
    for line in valid_lines(6):
        solved = maximal_transition(line)
        assert solved is not None  # a valid line has a solution
        for rule in control.rules:
            for f in apply_rule(rule, line, flipped=True):
                assert is_valid_fill(f, line), (rule.name, str(line), f)
                assert all(solved.cells[i] == f.value for i in f.cells()), (rule.name, str(line))


def test_dumped_control_set_reads_back_the_same(control: RuleSet, tmp_path: Path) -> None:
    path = tmp_path / "copy.rules"
    path.write_text(dump_rules(control.entries, control.header), encoding="utf-8")
    again = load_rule_set(path)
    assert again.name == "copy"
    assert again.rules == control.rules
    assert [(e.title, e.source, e.examples) for e in again.entries] == [
        (e.title, e.source, e.examples) for e in control.entries
    ]
    assert again.header == control.header


def test_unknown_set_name_lists_the_shipped_sets():
    with pytest.raises(FileNotFoundError, match="control"):
        load_rule_set("no_such_set")


def test_missing_rule_file(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no rule file"):
        load_rule_set(tmp_path / "absent.rules")


def test_a_broken_rule_file_names_itself(tmp_path: Path) -> None:
    path = tmp_path / "broken.rules"
    path.write_text(
        "def r:\n  with h = arbitrary(hint):\n  if size(h) > :\n  then fill(true, 0, 1)\n"
    )
    with pytest.raises(RuleSyntaxError) as info:
        load_rule_set(path)
    assert info.value.source == str(path)
    assert (info.value.line, info.value.column) == (3, 16)
    assert str(path) in str(info.value)
