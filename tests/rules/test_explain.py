"""Explainer tests: what the English says about the control rules and about one firing, and random
syntax trees (hypothesis) that must always read as one to three sentences naming every element."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nonostudio.core.line import Line
from nonostudio.rules.language.ast import (
    And,
    Arbitrary,
    Arith,
    Binding,
    Compare,
    Constant,
    ElementType,
    Fill,
    HighestStartCell,
    LineSize,
    Lit,
    LowestEndCell,
    Maximal,
    Minimal,
    Rule,
    Singleton,
    Size,
    Start,
    TrueCond,
    Unique,
    conjuncts,
)
from nonostudio.rules.language.interpreter import Element, apply_rule
from nonostudio.rules.language.linear import LinearForm
from nonostudio.rules.language.parser import parse_rule
from nonostudio.rules.ruleset import load_rule_set
from nonostudio.rules.words.explain import explain, explain_fill
from nonostudio.rules.words.phrase_compare import read_compare
from nonostudio.rules.words.phrases import Speaker

HINT, BLOCK, GAP = ElementType.HINT, ElementType.BLOCK, ElementType.GAP
NOUNS = {HINT: "clue", BLOCK: "block", GAP: "gap"}
ORDINALS = ["first", "second", "third", "fourth", "fifth"]


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=\.)\s+", text.strip()) if s]


def well_formed(text: str) -> bool:
    parts = sentences(text)
    return 1 <= len(parts) <= 3 and all(p[0].isupper() and p.endswith(".") for p in parts)


@pytest.fixture(scope="module")
def control() -> dict[str, Rule]:
    return {e.title: e.rule for e in load_rule_set("control").entries}


def test_all_fourteen_control_rules_read_as_one_to_three_sentences(control):
    assert len(control) == 14
    for title, rule in control.items():
        text = explain(rule)
        assert well_formed(text), (title, text)
        verb = "fill" if rule.action.value else "cross out"
        assert verb in text.lower(), (title, text)
        assert ("cross out" in text.lower()) != rule.action.value, (title, text)


def test_explanations_come_from_the_tree_not_the_name(control):
    rule = control["big hint"]
    renamed = Rule("something_else", rule.bindings, rule.condition, rule.action)
    assert explain(renamed) == explain(rule)


def test_big_hint_says_the_placements_overlap(control):
    text = explain(control["big hint"])
    assert "leftmost and rightmost placements of a clue overlap" in text
    assert "fill the overlap" in text
    assert "every clue" in text


@pytest.mark.parametrize(
    "title", ["cross small gap (singleton)", "cross small gap (min)", "cross small gap (left)"]
)
def test_cross_small_gap_says_the_clue_does_not_fit(control, title):
    text = explain(control[title])
    assert "does not fit in" in text
    assert re.search(r"cross out every cell of the (first )?gap", text), text


def test_cross_small_gap_variants_name_their_clue(control):
    assert "the only clue does not fit" in explain(control["cross small gap (singleton)"])
    assert "shortest clue" in explain(control["cross small gap (min)"])
    assert "the first clue does not fit in the first gap" in explain(
        control["cross small gap (left)"]
    )


def test_punctuate_maximum_crosses_the_cell_before_a_longest_block(control):
    text = explain(control["punctuate maximum"])
    assert "longest clue" in text
    assert "exactly as long as a block" in text
    assert "cross out the cell just before the block" in text


def test_mercury_talks_about_the_first_clue_and_the_first_block(control):
    text = explain(control["mercury"])
    assert "first clue" in text and "first block" in text
    assert "cross out the cells from the start of the line" in text
    assert "before the end of the first block" in text


def test_force_maximum_uses_the_only_gap_and_both_placements(control):
    # The rule writes the unique first; it is read last, so that its own conditions end the list.
    text = explain(control["force maximum"])
    assert text.startswith(
        "If a clue is more than half as long as a gap (a stretch of cells not "
        "crossed out) and the gap is the only gap that is long enough for the "
        "clue, fill "
    ), text
    assert "placed at the start or at the end of the gap" in text


def test_full_hint_rules_read_as_packed_clues(control):
    assert "as long as the line" in explain(control["full hint"])
    pair = explain(control["full hint pair 3"])
    assert "with one cell between them, exactly fill the line" in pair
    assert "cross out the cell between the first clue and the second clue" in pair


def test_a_learned_looking_rule_reads_compositionally():
    rule = parse_rule(
        "def learned:\n with h0 = constant(hint, 0) and b = arbitrary(block) and "
        "g = arbitrary(gap):\n if start(b) + size(b) >= line_size - 1 and "
        "size(h0) > start(g):\n then fill(true, start(g) + 2, line_size - 1)"
    )
    text = explain(rule)
    assert well_formed(text), text
    assert (
        "a block (a run of filled cells) ends at or after one cell before the end of the "
        "line" in text
    )
    assert "the length of the first clue is greater than the number of cells before a gap" in text
    assert (
        "fill the cells from two cells after the start of the gap to one cell before the end "
        "of the line" in text
    )


def test_unique_where_and_unused_bindings():
    rule = Rule(
        "u",
        (Binding("g", Arbitrary(GAP)), Binding("g1", Constant(GAP, 1))),
        Unique("g", Compare(">", Start("g"), Lit(3))),
        Fill(False, Start("g"), Arith("+", Start("g"), Lit(1))),
    )
    text = explain(rule)
    assert "the line has a second gap" in text
    assert "is the only gap that starts after three cells from the start of the line" in text
    assert "cross out the first cell of gap A" in text


def test_a_unique_condition_read_as_where_is_not_doubled():
    rule = Rule(
        "u",
        (Binding("h", Arbitrary(HINT)), Binding("g", Arbitrary(GAP))),
        Unique("g", Compare(">", LowestEndCell("h"), Size("g"))),
        Fill(True, Start("g"), Arith("+", Start("g"), Lit(1))),
    )
    text = explain(rule)
    assert "is the only gap for which where" in text and "where where" not in text, text


@pytest.mark.parametrize(("op", "words"), [(">=", "at or before"), (">", "before"), ("=", "at")])
def test_an_element_compared_with_a_position_is_the_subject_on_either_side(op, words):
    # Widened force maximum: "highest_start_cell(h) >= start(g)" is about where the gap starts.
    rule = Rule(
        "u",
        (Binding("h", Arbitrary(HINT)), Binding("g", Arbitrary(GAP))),
        Unique("g", Compare(op, HighestStartCell("h"), Start("g"))),
        Fill(True, Start("g"), Arith("+", Start("g"), Lit(1))),
    )
    text = explain(rule)
    assert well_formed(text), text
    assert (
        f"is the only gap that starts {words} where a clue starts when all clues are "
        f"packed to the right"
    ) in text


def read(bindings: str, condition: str, action: str) -> str:
    """The explanation of the rule ``with bindings: if condition: then action``, well formed."""
    text = explain(parse_rule(f"def r:\n  with {bindings}:\n  if {condition}:\n  then {action}"))
    assert well_formed(text), text
    return text


@pytest.mark.parametrize(
    ("start", "words"),
    [
        ("start(g)", "the first cell of the gap"),
        ("start(g) - 1", "the cell just before the gap"),
        ("start(b) + size(b) - 1", "the last cell of the block"),
        ("start(b) + size(b)", "the cell just after the block"),
        ("0", "the first cell of the line"),
        ("2", "the third cell of the line"),
        ("line_size - 1", "the last cell of the line"),
        ("line_size - 2", "the second cell from the end of the line"),
        (
            "lowest_end_cell(h) - 1",
            "the cell just before where the clue ends when all clues are packed to the left",
        ),
        ("start(b) - 2", "the second cell before the start of the block"),
        ("start(g) + 2", "the third cell counting from the start of the gap"),
        (
            "start(g) + size(h) + 1",
            "the second cell counting from the length of the clue after the start of the gap",
        ),
        (
            "start(g) + size(h)",
            "the cell just after the length of the clue after the start of the gap",
        ),
    ],
)
def test_one_cell_is_named_from_the_nearest_place(start, words):
    # Never "the cell just after the start of the gap" (which reads as its second cell) nor "the
    # cell just after one cell before …".
    text = read(
        "h = arbitrary(hint) and b = arbitrary(block) and g = arbitrary(gap)",
        "size(h) + size(b) > size(g)",
        f"fill(false, {start}, {start} + 1)",
    )
    assert f"cross out {words}." in text, text
    assert "just after one cell" not in text and "just after two cells" not in text


def test_the_conditions_of_a_unique_are_relative_clauses_of_the_only_element(control):
    # Widened force maximum once read "… the only gap that is long enough for the clue and it
    # starts at or before … and it ends at or after …", as if the last two were the rule's own.
    text = read(
        "h = arbitrary(hint) and g = arbitrary(gap)",
        "(g is unique where size(g) >= size(h) and highest_start_cell(h) >= start(g) and "
        "start(g) + size(g) >= lowest_end_cell(h)) and size(h) + size(h) > size(g)",
        "fill(true, start(g) + size(g) - size(h), start(g) + size(h))",
    )
    assert (
        "and the gap is the only gap that is long enough for the clue, starts at or before "
        "where the clue starts when all clues are packed to the right and ends at or after "
        "where the clue ends when all clues are packed to the left, fill "
    ) in text, text
    # A condition that is not about the element itself is a "where" clause of it.
    text = read(
        "h = arbitrary(hint) and b = arbitrary(block)",
        "(h is unique where size(h) >= size(b) and size(h) + start(b) >= lowest_end_cell(h))",
        "fill(false, start(b) - 1, start(b))",
    )
    assert (
        "is the only clue that is at least as long as a block (a run of filled cells) and "
        "where the length of it "
        "after the start of the block is at or after where it ends"
    ) in text, text


def test_a_rule_with_no_condition_is_unconditional():
    rule = Rule(
        "x",
        (Binding("b", Singleton(BLOCK)),),
        TrueCond(),
        Fill(
            False,
            Arith("+", Start("b"), Size("b")),
            Arith("+", Arith("+", Start("b"), Size("b")), Lit(1)),
        ),
    )
    assert (
        explain(rule) == "Always cross out the cell just after the only block (a run of "
        "filled cells)."
    )


# ---- explain_fill ----------------------------------------------------------------------------


def fill_text(rule: Rule, line: Line, start: int, end: int, flipped: bool) -> str:
    fills = [
        f for f in apply_rule(rule, line) if (f.start, f.end, f.flipped) == (start, end, flipped)
    ]
    assert fills, (rule.name, str(line), start, end, flipped)
    return explain_fill(rule, fills[0].env, line, flipped=flipped)


def test_explain_fill_big_hint_numbers(control):
    rule, line = control["big hint"], Line.parse((1, 8), "----------")
    text = fill_text(rule, line, 2, 10, False)
    assert "clue 8 (the second clue)" in text
    assert "ends at cell 10" in text and "starts at cell 3" in text
    assert text.endswith("so cells 3–10 are filled.")
    assert well_formed(text)
    # found on the flipped line: same clue, same cells, and the direction is said
    back = fill_text(rule, line, 2, 10, True)
    assert back.startswith(
        "Reading the line from right to left (the last clue first; start and "
        "end, left and right, before and after are read that way too), "
    )
    assert "clue 8 (the second clue)" in back
    assert "ends at cell 10" in back and "starts at cell 3" in back
    assert back.endswith("so cells 3–10 are filled.")


def test_explain_fill_names_blocks_and_gaps_by_their_cells(control):
    text = fill_text(control["mercury"], Line.parse((4,), "----OO----"), 0, 2, False)
    assert "clue 4 (the first clue)" in text
    assert "the block at cells 5–6 (the first block)" in text
    assert "the gap at cells 1–10 (the first gap)" in text
    assert text.endswith("so cells 1–2 are crossed out.")
    flipped = fill_text(control["mercury"], Line.parse((4,), "----OO----"), 8, 10, True)
    assert "the block at cells 5–6 (the first block)" in flipped
    assert flipped.endswith("so cells 9–10 are crossed out.")


def test_explain_fill_second_gap_and_single_cell(control):
    text = fill_text(
        control["cross small gap (min)"], Line.parse((3, 2), "----x----x-x--x--"), 10, 11, False
    )
    assert "clue 2 (the second clue)" in text
    assert "the gap at cell 11 (the third gap)" in text
    assert "(2 > 1)" in text
    assert text.endswith("so cell 11 is crossed out.")


def test_explain_fill_on_every_control_example(control):
    for entry in load_rule_set("control").entries:
        for ex in entry.examples:
            line = Line.parse(ex.hints, ex.cells)
            for f in apply_rule(entry.rule, line):
                if (f.start, f.end) != (ex.start, ex.end):
                    continue
                text = explain_fill(entry.rule, f.env, line, flipped=f.flipped)
                assert well_formed(text), text
                span = (
                    f"cell {ex.start + 1} is"
                    if ex.end - ex.start == 1
                    else f"cells {ex.start + 1}–{ex.end} are"
                )
                assert f"so {span} {'filled' if ex.value else 'crossed out'}." in text, text
                for e in f.env.values():
                    if e.type is HINT:
                        k = len(line.hints)
                        index = k - 1 - e.index if f.flipped else e.index
                        assert f"clue {line.hints[index]} (the {ORDINALS[index]} clue)" in text


def test_explain_fill_reports_an_empty_or_outside_fill():
    rule = Rule(
        "odd",
        (Binding("h", Singleton(HINT)),),
        TrueCond(),
        Fill(True, Size("h"), Arith("+", LineSize(), Lit(2))),
    )
    line = Line.parse((2,), "----")
    env = {"h": Element(HINT, 0, 0, 2)}
    assert "outside the line (cells 3–6)" in explain_fill(rule, env, line)
    empty = Rule("empty", rule.bindings, TrueCond(), Fill(False, Size("h"), Size("h")))
    assert "nothing to cross out" in explain_fill(empty, env, line)


# ---- random trees ----------------------------------------------------------------------------

NAMES = ["x", "y", "z"]
PATTERNS = st.one_of(
    st.builds(Singleton, st.sampled_from(list(ElementType))),
    st.builds(Arbitrary, st.sampled_from(list(ElementType))),
    st.builds(Constant, st.sampled_from(list(ElementType)), st.integers(0, 4)),
)


def tree_parts(names: list[str]) -> tuple[st.SearchStrategy, st.SearchStrategy]:
    """Conditions and fills over ``names`` (hint-only functions on any name: Figure 13 gives 0)."""
    var = st.sampled_from(names)
    atoms = st.one_of(
        st.integers(-2, 12).map(Lit),
        st.just(LineSize()),
        var.map(Start),
        var.map(Size),
        var.map(LowestEndCell),
        var.map(HighestStartCell),
    )
    exprs = st.recursive(
        atoms,
        lambda inner: st.builds(Arith, st.sampled_from(["+", "-"]), inner, inner),
        max_leaves=4,
    )
    compares = st.builds(Compare, st.sampled_from(["=", ">=", ">"]), exprs, exprs)
    simple = st.one_of(compares, var.map(Maximal), var.map(Minimal), st.just(TrueCond()))
    conds = st.recursive(
        simple,
        lambda inner: st.one_of(st.builds(And, inner, inner), st.builds(Unique, var, inner)),
        max_leaves=4,
    )
    return conds, st.builds(Fill, st.booleans(), exprs, exprs)


PARTS = {n: tree_parts(NAMES[:n]) for n in (1, 2, 3)}


@st.composite
def rules(draw: st.DrawFn) -> Rule:
    n = draw(st.integers(1, 3))
    bindings = tuple(Binding(name, draw(PATTERNS)) for name in NAMES[:n])
    conds, fills = PARTS[n]
    return Rule("random", bindings, draw(conds), draw(fills))


def expected_mentions(rule: Rule) -> list[str]:
    """What the text must contain for each binding (an ordinal, "only", or the noun)."""
    out = []
    for b in rule.bindings:
        p, noun = b.pattern, NOUNS[b.pattern.type]
        if isinstance(p, Constant):
            out.append(rf"{ORDINALS[p.index]} {noun}")
        elif isinstance(p, Singleton):
            out.append(rf"only (one )?{noun}")
        else:
            out.append(noun)
    return out  # regular expressions


@pytest.mark.slow
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules())
def test_random_rules_always_read_as_sentences_naming_every_element(rule):
    text = explain(rule)
    assert well_formed(text), text
    for phrase in expected_mentions(rule):
        assert re.search(phrase, text), (phrase, text)
    free = Counter(b.pattern.type for b in rule.bindings if isinstance(b.pattern, Arbitrary))
    for kind, k in free.items():
        noun = NOUNS[kind]
        assert {1: f"every {noun}", 2: f"every pair of {noun}s"}.get(k, "every set of") in text
    assert ("fill" in text.lower()) or ("cross out" in text.lower())


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules(),
    st.lists(st.sampled_from("-Ox"), min_size=1, max_size=12),
    st.lists(st.integers(1, 4), min_size=1, max_size=4),
)
def test_random_firings_explain_without_crashing(rule, cells, hints):
    line = Line.parse(hints, "".join(cells))
    for f in apply_rule(rule, line)[:4]:
        text = explain_fill(rule, f.env, line, flipped=f.flipped)
        assert well_formed(text), text
        if 0 <= f.start < f.end <= line.size:
            span = (
                f"cell {f.start + 1} is"
                if f.end - f.start == 1
                else f"cells {f.start + 1}–{f.end} are"
            )
            assert span in text, text


def test_full_edge_gap_compares_where_things_start(control):
    text = explain(control["full edge gap"])
    assert "the first gap (a stretch of cells not crossed out) starts where the first block" in text
    assert "the first clue is longer than one cell" in text
    assert "fill the cells from one cell after the start of the first gap" in text


def test_a_place_moved_by_a_count_of_cells_before_another_place_does_not_run_together():
    # Learned big hint: lowest_end_cell(h) + start(g0) once read "the number of cells before the
    # first gap after where the clue ends …", which reads as one place ("the first gap after").
    rule = parse_rule(
        """
        def big_after_gap:
          with h = arbitrary(hint) and g0 = constant(gap, 0):
          if lowest_end_cell(h) + start(g0) > highest_start_cell(h):
          then fill(true, highest_start_cell(h), lowest_end_cell(h) + start(g0))
    """,
        "test",
    )
    text = explain(rule)
    assert well_formed(text), text
    assert (
        "to where the clue ends when all clues are packed to the left, moved on by the "
        "number of cells before the first gap"
    ) in text
    assert "first gap after where" not in text
    # A plain amount stays in front: "two cells after the start of the gap".
    plain = parse_rule(
        "def p:\n with g = arbitrary(gap):\n if size(g) > 3:\n"
        " then fill(false, start(g) + 2, start(g) + 4)",
        "test",
    )
    assert "from two cells after the start of the gap" in explain(plain)


def test_a_place_some_cells_back_is_said_without_a_leading_minus():
    # end(b0) - size(h) + 1 once read "minus the length of the clue plus one after the end …".
    rule = parse_rule(
        """
        def back:
          with h = arbitrary(hint) and b0 = constant(block, 0):
          if size(h) > size(b0):
          then fill(false, start(b0) + size(b0) - size(h) + 1, start(b0) + size(b0) + 1)
    """,
        "test",
    )
    text = explain(rule)
    assert well_formed(text), text
    assert "from the length of the clue minus one before the end of the first block" in text
    assert "from minus" not in text


@pytest.mark.parametrize(
    ("condition", "words"),
    [
        ("1 >= size(h)", "a clue is at most one cell long"),
        ("3 > size(h)", "a clue is shorter than three cells"),
        ("1 = size(h)", "a clue is a single cell"),
        ("0 >= start(b)", "a block (a run of filled cells) starts at the beginning of the line"),
        (
            "4 >= start(b) + size(h)",
            "the number of cells before a block (a run of filled cells) plus "
            "the length of a clue is at most four",
        ),
        (
            "0 >= start(b) + size(h)",
            "the number of cells before a block (a run of filled cells) plus "
            "the length of a clue is zero",
        ),
    ],
)
def test_a_number_compared_with_a_quantity_comes_last(condition, words):
    # Once "one is at least the length of a clue", "zero is at least the number of cells before …".
    text = read(
        "h = arbitrary(hint) and b = arbitrary(block)",
        condition,
        "fill(false, start(b) - 1, start(b))",
    )
    assert f" {words}," in text, text


def test_two_free_elements_of_one_kind_are_tried_in_pairs():
    rule = parse_rule("""def r:
  with h = arbitrary(hint) and a = arbitrary(block) and b = arbitrary(block):
  if start(b) > start(a) + size(a) + size(h):
  then fill(false, start(b) - 1, start(b))""")
    assert explain(rule).endswith(
        "The rule is tried with every clue and every pair of blocks in turn."
    ), explain(rule)


_COMPARED = re.compile(r"\((-?\d+)( \+ \1)? ([>≥=<≤]) (-?\d+)\)")
_HOLDS = {">": int.__gt__, "≥": int.__ge__, "=": int.__eq__, "<": int.__lt__, "≤": int.__le__}


@pytest.mark.parametrize(
    ("condition", "hints", "cells", "said"),
    [
        # once "(0 > -1)": the raw sides, not the distance the sentence names
        (
            "0 > start(g) + size(h) - start(b)",
            (1,),
            "xx--O---",
            "The number of cells from the start "
            "of the gap at cells 3–8 to the start of the block at cell 5 is greater than "
            "the length of clue 1 (2 > 1)",
        ),
        (
            "1 >= size(h)",
            (1,),
            "xx--O---",
            "Clue 1 is at most one cell long (1 ≤ 1)",
        ),  # was (1 ≥ 1)
        (
            "size(h) + size(h) > size(g)",
            (2,),
            "xx-O-",
            "Clue 2 is more than half as long as the gap at cells 3–5 (2 + 2 > 3)",
        ),  # was "(4 > 3)", a sum the reader never saw
    ],
)
def test_the_numbers_after_a_comparison_are_the_quantities_it_names(condition, hints, cells, said):
    rule = parse_rule(f"""def r:
  with h = arbitrary(hint) and b = constant(block, 0) and g = constant(gap, 0):
  if {condition}:
  then fill(false, start(g), start(g) + 1)""")
    line = Line.parse(hints, cells)
    fill = next(f for f in apply_rule(rule, line, flipped=False))
    text = explain_fill(rule, fill.env, line)
    assert said in text, text


def test_a_comparison_is_read_into_a_value_the_speaker_keeps_nothing_of():
    # read_compare returns how it read each comparison (explain_fill's numbers come from it); the
    # speaker only remembers whom it has mentioned, so reading again changes words, not kinds.
    rule = parse_rule("""def r:
  with h = arbitrary(hint) and g = constant(gap, 0):
  if size(h) + size(h) > size(g) and 1 >= size(h)
     and lowest_end_cell(h) > highest_start_cell(h):
  then fill(false, start(g), start(g) + 1)""")
    half, count, overlap = conjuncts(rule.condition)
    speaker = Speaker(rule)
    readings = [read_compare(speaker, c) for c in (half, count, overlap)]
    assert [r.kind for r in readings] == ["half", "count", "overlap"]
    assert readings[0].text.startswith("a clue is more than half as long as the first gap")
    assert readings[0].sides == (
        LinearForm(((Size("h"), 2),), 0),
        LinearForm(((Size("g"), 1),), 0),
        ">",
    )
    # "1 >= size(h)" is said quantity first: the clue's length, at most one cell
    assert readings[1].text == "the clue is at most one cell long"
    assert readings[1].sides == (LinearForm(((Size("h"), 1),), 0), LinearForm((), 1), "<=")
    again = [read_compare(speaker, c) for c in (overlap, half)]
    assert [r.kind for r in again] == ["overlap", "half"]
    assert again[1].sides == readings[0].sides
    assert not {"kind", "sides"} & set(vars(speaker))


@pytest.mark.slow
def test_the_numbers_after_a_comparison_are_true_of_it(anchors):
    # Every "(a > b)" or "(x + x > y)" a step shows holds, on a sample of the paper's test lines.
    from nonostudio.rules.measuring.coverage import load_transitions

    transitions = load_transitions(anchors / "butler" / "testing-set.json")[::7]
    rules = [*load_rule_set("learned").rules, *load_rule_set("control").rules]
    shown = 0
    for t in transitions:
        line = Line.parse(t.hints, t.before)
        for rule in rules:
            for fill in apply_rule(rule, line):
                text = explain_fill(rule, fill.env, line, flipped=fill.flipped)
                for x, twice, op, y in _COMPARED.findall(text):
                    a = 2 * int(x) if twice else int(x)
                    assert _HOLDS[op](a, int(y)), (rule.name, str(line), text)
                    shown += 1
    assert shown > 1000
