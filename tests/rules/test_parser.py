"""Rule parser: trees for the paper's syntax, precedence, metadata, error positions, junk input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonostudio.paths import rules_dir
from nonostudio.rules.ast import (
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
)
from nonostudio.rules.examples import Example
from nonostudio.rules.parser import RuleSyntaxError, parse_rule, parse_rules

HINT, BLOCK, GAP = ElementType.HINT, ElementType.BLOCK, ElementType.GAP

FIGURE_7 = """
def big_hint_rule_general:
  with h = arbitrary(hint):
  if lowest_end_cell(h) > highest_start_cell(h):
  then fill(true , highest_start_cell(h),
            lowest_end_cell(h))
"""


def cond_of(text: str):
    return parse_rule(
        "def r: with h = arbitrary(hint) and g = arbitrary(gap) and b = arbitrary(block):"
        f" if {text}: then fill(true, 0, 1)").condition


def expr_of(text: str):
    return cond_of(f"{text} = 0").left


def test_the_papers_figure_7():
    assert parse_rule(FIGURE_7) == Rule(
        "big_hint_rule_general",
        (Binding("h", Arbitrary(HINT)),),
        Compare(">", LowestEndCell("h"), HighestStartCell("h")),
        Fill(True, HighestStartCell("h"), LowestEndCell("h")),
    )


def test_patterns():
    r = parse_rule("def r: with a = singleton(block) and b = constant(gap, 2) and c = arbitrary(hint):"
                   " if true: then fill(false, line_size, 0)")
    assert r.bindings == (Binding("a", Singleton(BLOCK)), Binding("b", Constant(GAP, 2)),
                          Binding("c", Arbitrary(HINT)))
    assert r.condition == TrueCond()
    assert r.action == Fill(False, LineSize(), Lit(0))


@pytest.mark.parametrize(("text", "tree"), [
    ("1 - 2 + 3", Arith("+", Arith("-", Lit(1), Lit(2)), Lit(3))),
    ("1 - (2 + 3)", Arith("-", Lit(1), Arith("+", Lit(2), Lit(3)))),
    ("(1 - 2) + 3", Arith("+", Arith("-", Lit(1), Lit(2)), Lit(3))),
    ("((size(h)))", Size("h")),
    ("start(g) - -1", Arith("-", Start("g"), Lit(-1))),
    ("-2 + line_size", Arith("+", Lit(-2), LineSize())),
    ("size(b)-1", Arith("-", Size("b"), Lit(1))),
])
def test_arithmetic_is_left_associative(text, tree):
    assert expr_of(text) == tree


@pytest.mark.parametrize(("text", "tree"), [
    ("size(h) + 1 >= size(g) - 1",
     Compare(">=", Arith("+", Size("h"), Lit(1)), Arith("-", Size("g"), Lit(1)))),
    ("maximal(h) and minimal(g) and true", And(And(Maximal("h"), Minimal("g")), TrueCond())),
    ("maximal(h) and (minimal(g) and true)", And(Maximal("h"), And(Minimal("g"), TrueCond()))),
    ("(size(h) > 1)", Compare(">", Size("h"), Lit(1))),
    ("(size(h) + 1) - 2 > 0", Compare(">", Arith("-", Arith("+", Size("h"), Lit(1)), Lit(2)), Lit(0))),
    ("((size(h) + 1) > 2 and true)", And(Compare(">", Arith("+", Size("h"), Lit(1)), Lit(2)), TrueCond())),
    ("(g is unique where size(g) >= size(h) and start(g) > 0) and size(h) > 1",
     And(Unique("g", And(Compare(">=", Size("g"), Size("h")), Compare(">", Start("g"), Lit(0)))),
         Compare(">", Size("h"), Lit(1)))),
    ("((g is unique where true))", Unique("g", TrueCond())),
    ("line_size = 1 + size(h)", Compare("=", LineSize(), Arith("+", Lit(1), Size("h")))),
])
def test_comparisons_bind_looser_than_arithmetic_and_and_loosest(text, tree):
    assert cond_of(text) == tree


def test_whitespace_and_comments_anywhere():
    compact = parse_rule("def r: with h = arbitrary(hint): if size(h) > 1: then fill(true, 0, 1)")
    spread = parse_rule(
        "# a leading comment\n\n"
        "def   r :  # the name\n"
        "\twith h\n = arbitrary ( hint ) :\n"
        "  if size(h)   # comment mid-condition\n > 1:\n"
        "  then\n fill(true,0,\n1)  # trailing\n")
    assert spread == compact


def test_metadata_and_lines():
    text = (
        "# Header line one\n"
        "#   indented\n"
        "\n"
        "#: title: first rule\n"
        "#: source: somewhere\n"
        "#: example: (3 1) ----- -> true [0,3)\n"
        "#: example: () x-x → false [1,2)\n"
        "def one: with h = arbitrary(hint): if true: then fill(true, 0, 1)  #: not metadata\n"
        "\n"
        "def two: with h = arbitrary(hint): if true: then fill(true, 0, 1)\n"
    )
    one, two = parse_rules(text, "mem.rules")
    assert (one.title, one.source, one.line) == ("first rule", "somewhere", 8)
    assert one.examples == (Example((3, 1), "-----", True, 0, 3), Example((), "x-x", False, 1, 2))
    assert (two.title, two.source, two.examples, two.line) == ("two", "", (), 10)


def test_the_shipped_control_file_parses():
    entries = parse_rules((rules_dir() / "control.rules").read_text(encoding="utf-8"))
    assert len(entries) == 14


def locate(marked: str) -> tuple[str, int, int]:
    """The text without its '@@' marker, and the marker's line and column (1-based)."""
    i = marked.index("@@")
    text = marked[:i] + marked[i + 2:]
    line = marked.count("\n", 0, i) + 1
    column = i - (marked.rfind("\n", 0, i) + 1) + 1
    return text, line, column


H = "def r: with h = arbitrary(hint): "
ERRORS = [
    ("def r @@with h = arbitrary(hint): if true: then fill(true, 0, 1)", "':'"),
    ("def r: @@h = arbitrary(hint): if true: then fill(true, 0, 1)", "'with'"),
    ("def @@: with h = arbitrary(hint): if true: then fill(true, 0, 1)", "a rule name"),
    ("def r: with h = @@any(hint): if true: then fill(true, 0, 1)", "'singleton', 'constant' or 'arbitrary'"),
    ("def r: with h = arbitrary(@@hints): if true: then fill(true, 0, 1)", "'hint', 'block' or 'gap'"),
    ("def r: with h = constant(hint@@): if true: then fill(true, 0, 1)", "',' and an index"),
    ("def r: with h = constant(hint, @@-x): if true: then fill(true, 0, 1)", "an index"),
    ("def r: with @@size = arbitrary(hint): if true: then fill(true, 0, 1)", "not a keyword"),
    ("def r: with h = arbitrary(hint) and @@h = arbitrary(gap): if true: then fill(true, 0, 1)",
     "a new name"),
    ("def r: with h = arbitrary(hint) and@@: if true: then fill(true, 0, 1)", "a name"),
    ("def r: with h = arbitrary(hint) @@if true: then fill(true, 0, 1)", "'and' or ':'"),
    (H + "if size(@@q) > 1: then fill(true, 0, 1)", "a bound name"),
    (H + "if maximal(@@q): then fill(true, 0, 1)", "a bound name"),
    (H + "if (@@q is unique where true): then fill(true, 0, 1)", "a bound name"),
    ("def r: with g = arbitrary(gap): if lowest_end_cell(@@g) > 1: then fill(true, 0, 1)", "a hint"),
    ("def r: with b = arbitrary(block): if true: then fill(true, highest_start_cell(@@b), 1)", "a hint"),
    (H + "if (size(h) > 1 @@then fill(true, 0, 1)", "'and' or ')'"),
    (H + "if size(h) > (1 + 2@@: then fill(true, 0, 1)", "')' or an operator"),
    (H + "if size(h)@@: then fill(true, 0, 1)", "'+', '-', '=', '>=' or '>'"),
    (H + "if size(h) @@< 1: then fill(true, 0, 1)", "a name, a number"),
    (H + "if size(h) > 1 @@then fill(true, 0, 1)", "'and' or ':'"),
    (H + "if size(h) > @@h: then fill(true, 0, 1)", "an expression"),
    (H + "if size(h) > @@: then fill(true, 0, 1)", "an expression"),
    (H + "if true: @@fill(true, 0, 1)", "'then'"),
    (H + "if true: then fill(@@yes, 0, 1)", "'true' or 'false'"),
    (H + "if true: then fill(true, 0 @@1)", "',' or an operator"),
    (H + "if true: then fill(true, 0, 1@@", "')' or an operator"),
    (H + "if true: then fill(true, 0, 1) @@extra", "'def' or the end of the text"),
    (H + "if true:\n  then fill(true, 0, 1)\n@@# only a comment: a rule was expected\n", None),
    (H + "if (h is unique where size(@@g) > 0): then fill(true, 0, 1)", "a bound name"),
    (H + "if (h is @@uniq where true): then fill(true, 0, 1)", "'unique'"),
    (H + "if ((((size(h) > 1)))@@: then fill(true, 0, 1)", "'and' or ')'"),
]


@pytest.mark.parametrize(("marked", "expected"), ERRORS)
def test_error_positions(marked, expected):
    if expected is None:  # this one is fine: a comment after the last rule
        parse_rule(marked.replace("@@", ""))
        return
    text, line, column = locate(marked)
    with pytest.raises(RuleSyntaxError) as info:
        parse_rules(text, "typo.rules")
    err = info.value
    assert (err.source, err.line, err.column) == ("typo.rules", line, column), str(err)
    assert expected in err.expected
    assert str(err).startswith(f"typo.rules, line {line}, column {column}: ")


def test_an_error_message_reads_well():
    with pytest.raises(RuleSyntaxError) as info:
        parse_rule("def r:\n  with h = arbitrary(hint):\n  if (size(h) > 1 then fill(true, 0, 1)")
    assert str(info.value) == "<text>, line 3, column 19: expected 'and' or ')', found 'then'"


def test_unbound_name_message_lists_the_bound_ones():
    with pytest.raises(RuleSyntaxError, match=r"'h2' is not bound \(the with clause binds h0, h1\)"):
        parse_rule("def r: with h0 = arbitrary(hint) and h1 = arbitrary(gap):"
                   " if size(h2) > 1: then fill(true, 0, 1)")


@pytest.mark.parametrize(("marked", "expected"), [
    ("#: title: a\n#: @@title: b\ndef r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
     "one 'title:' per rule"),
    ("#: @@author: me\ndef r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
     "'title:', 'source:' or 'example:'"),
    ("def r: with h = arbitrary(hint): if true: then fill(true, 0, 1)\n#: title: dangling\n@@",
     "'def'"),
    ("#: example: (3 1) ----- -> @@maybe [0,3)\ndef r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
     "'true' or 'false'"),
    ("#: example: @@3 1 ----- -> true [0,3)\ndef r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
     "hints in parentheses"),
    ("#: example: (3 1) @@abc -> true [0,3)\ndef r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
     "the line's cells"),
    ("#: example: (3 1) ----- -> true @@[0,3]\ndef r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
     "a cell range"),
    ("#: example: @@(3 1) ----- -> true [0,9)\ndef r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
     "inside the 5 cells"),
    ("#: example: @@(3 0) ----- -> true [0,1)\ndef r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
     "positive hints"),
    ("def r: with h = arbitrary(hint): if true: then fill(true, 0, 1)\n"
     "def @@r: with h = arbitrary(hint): if true: then fill(true, 0, 1)", "a new rule name"),
])
def test_metadata_and_file_errors(marked, expected):
    text, line, column = locate(marked)
    with pytest.raises(RuleSyntaxError) as info:
        parse_rules(text, "f.rules")
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert expected in info.value.expected


def test_duplicate_rule_names_point_at_the_first():
    with pytest.raises(RuleSyntaxError, match="already defined on line 2"):
        parse_rules("\ndef r: with h = arbitrary(hint): if true: then fill(true, 0, 1)\n"
                    "def r: with h = arbitrary(hint): if true: then fill(true, 0, 1)\n")


@pytest.mark.parametrize("text", ["", "# only a comment\n",
                                  "def a: with h = arbitrary(hint): if true: then fill(true, 0, 1)\n"
                                  "def b: with h = arbitrary(hint): if true: then fill(true, 0, 1)\n"])
def test_parse_rule_wants_exactly_one(text):
    with pytest.raises(RuleSyntaxError, match="exactly one rule"):
        parse_rule(text)


def test_deep_nesting_is_an_error_not_a_crash():
    deep = "(" * 500 + "1" + ")" * 500
    with pytest.raises(RuleSyntaxError, match="nested"):
        parse_rule(f"def r: with h = arbitrary(hint): if {deep} > 0: then fill(true, 0, 1)")


PIECES = ["def", "r", "with", "h", "g", "=", "arbitrary", "constant", "singleton", "(", ")", "hint",
          "gap", "block", ",", ":", "and", "if", "then", "fill", "true", "false", "size", "start",
          "lowest_end_cell", "line_size", "is", "unique", "where", "maximal", "+", "-", ">", ">=",
          "0", "1", "-1", "\n", "#", "#:", "#: title: t", "#: example: (1) - -> true [0,1)", "<", "é"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40).map(" ".join))
def test_token_junk_only_ever_raises_rule_syntax_errors(text):
    try:
        parse_rules(text)
    except RuleSyntaxError as err:
        assert err.line >= 1 and err.column >= 1


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_character_junk_only_ever_raises_rule_syntax_errors(text):
    try:
        parse_rules(text)
    except RuleSyntaxError:
        pass


CONTROL_TEXT = (rules_dir() / "control.rules").read_text(encoding="utf-8")


@settings(max_examples=100, deadline=None)
@given(st.integers(0, len(CONTROL_TEXT) - 1), st.integers(0, 6), st.sampled_from(PIECES + [""]))
def test_edited_control_file_parses_or_says_where(pos, cut, insert):
    text = CONTROL_TEXT[:pos] + insert + CONTROL_TEXT[pos + cut:]
    try:
        parse_rules(text)
    except RuleSyntaxError as err:
        assert 1 <= err.line <= text.count("\n") + 1
