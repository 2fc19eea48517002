"""Rule parser: trees for the paper's syntax, precedence, metadata, error positions, junk input."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonostudio.core.line import Line
from nonostudio.core.paths import rules_dir
from nonostudio.rules.language.ast import (
    And,
    Arbitrary,
    Arith,
    Binding,
    Compare,
    Cond,
    Constant,
    ElementType,
    Expr,
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
    walk,
)
from nonostudio.rules.language.cost import cost
from nonostudio.rules.language.examples import Example
from nonostudio.rules.language.interpreter import apply_rule
from nonostudio.rules.language.mirror import mirrored
from nonostudio.rules.language.parser import (
    MAX_CLAUSES,
    MAX_DIGITS,
    MAX_NESTING,
    MAX_OPERATIONS,
    MAX_PATTERNS,
    MAX_TEXT_CHARS,
    RuleSyntaxError,
    parse_rule,
    parse_rules,
)
from nonostudio.rules.language.printer import format_rule
from nonostudio.rules.language.tidy import tidy, unpinned
from nonostudio.rules.proving.prover import prove
from nonostudio.rules.ruleset import load_rule_set, parse_rule_set
from nonostudio.rules.words.explain import explain

HINT, BLOCK, GAP = ElementType.HINT, ElementType.BLOCK, ElementType.GAP

FIGURE_7 = """
def big_hint_rule_general:
  with h = arbitrary(hint):
  if lowest_end_cell(h) > highest_start_cell(h):
  then fill(true , highest_start_cell(h),
            lowest_end_cell(h))
"""


def cond_of(text: str) -> Cond:
    return parse_rule(
        "def r: with h = arbitrary(hint) and g = arbitrary(gap) and b = arbitrary(block):"
        f" if {text}: then fill(true, 0, 1)"
    ).condition


def expr_of(text: str) -> Expr:
    compare = cond_of(f"{text} = 0")
    assert isinstance(compare, Compare)
    return compare.left


def test_the_papers_figure_7():
    assert parse_rule(FIGURE_7) == Rule(
        "big_hint_rule_general",
        (Binding("h", Arbitrary(HINT)),),
        Compare(">", LowestEndCell("h"), HighestStartCell("h")),
        Fill(True, HighestStartCell("h"), LowestEndCell("h")),
    )


def test_patterns():
    r = parse_rule(
        "def r: with a = singleton(block) and b = constant(gap, 2) and c = arbitrary(hint):"
        " if true: then fill(false, line_size, 0)"
    )
    assert r.bindings == (
        Binding("a", Singleton(BLOCK)),
        Binding("b", Constant(GAP, 2)),
        Binding("c", Arbitrary(HINT)),
    )
    assert r.condition == TrueCond()
    assert r.action == Fill(False, LineSize(), Lit(0))


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("1 - 2 + 3", Arith("+", Arith("-", Lit(1), Lit(2)), Lit(3))),
        ("1 - (2 + 3)", Arith("-", Lit(1), Arith("+", Lit(2), Lit(3)))),
        ("(1 - 2) + 3", Arith("+", Arith("-", Lit(1), Lit(2)), Lit(3))),
        ("((size(h)))", Size("h")),
        ("start(g) - -1", Arith("-", Start("g"), Lit(-1))),
        ("-2 + line_size", Arith("+", Lit(-2), LineSize())),
        ("size(b)-1", Arith("-", Size("b"), Lit(1))),
    ],
)
def test_arithmetic_is_left_associative(text, tree):
    assert expr_of(text) == tree


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        (
            "size(h) + 1 >= size(g) - 1",
            Compare(">=", Arith("+", Size("h"), Lit(1)), Arith("-", Size("g"), Lit(1))),
        ),
        ("maximal(h) and minimal(g) and true", And(And(Maximal("h"), Minimal("g")), TrueCond())),
        ("maximal(h) and (minimal(g) and true)", And(Maximal("h"), And(Minimal("g"), TrueCond()))),
        ("(size(h) > 1)", Compare(">", Size("h"), Lit(1))),
        (
            "(size(h) + 1) - 2 > 0",
            Compare(">", Arith("-", Arith("+", Size("h"), Lit(1)), Lit(2)), Lit(0)),
        ),
        (
            "((size(h) + 1) > 2 and true)",
            And(Compare(">", Arith("+", Size("h"), Lit(1)), Lit(2)), TrueCond()),
        ),
        (
            "(g is unique where size(g) >= size(h) and start(g) > 0) and size(h) > 1",
            And(
                Unique(
                    "g", And(Compare(">=", Size("g"), Size("h")), Compare(">", Start("g"), Lit(0)))
                ),
                Compare(">", Size("h"), Lit(1)),
            ),
        ),
        ("((g is unique where true))", Unique("g", TrueCond())),
        ("line_size = 1 + size(h)", Compare("=", LineSize(), Arith("+", Lit(1), Size("h")))),
    ],
)
def test_comparisons_bind_looser_than_arithmetic_and_and_loosest(text, tree):
    assert cond_of(text) == tree


def test_whitespace_and_comments_anywhere():
    compact = parse_rule("def r: with h = arbitrary(hint): if size(h) > 1: then fill(true, 0, 1)")
    spread = parse_rule(
        "# a leading comment\n\n"
        "def   r :  # the name\n"
        "\twith h\n = arbitrary ( hint ) :\n"
        "  if size(h)   # comment mid-condition\n > 1:\n"
        "  then\n fill(true,0,\n1)  # trailing\n"
    )
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
    text = marked[:i] + marked[i + 2 :]
    line = marked.count("\n", 0, i) + 1
    column = i - (marked.rfind("\n", 0, i) + 1) + 1
    return text, line, column


H = "def r: with h = arbitrary(hint): "
ERRORS = [
    ("def r @@with h = arbitrary(hint): if true: then fill(true, 0, 1)", "':'"),
    ("def r: @@h = arbitrary(hint): if true: then fill(true, 0, 1)", "'with'"),
    ("def @@: with h = arbitrary(hint): if true: then fill(true, 0, 1)", "a rule name"),
    (
        "def r: with h = @@any(hint): if true: then fill(true, 0, 1)",
        "'singleton', 'constant' or 'arbitrary'",
    ),
    (
        "def r: with h = arbitrary(@@hints): if true: then fill(true, 0, 1)",
        "'hint', 'block' or 'gap'",
    ),
    ("def r: with h = constant(hint@@): if true: then fill(true, 0, 1)", "',' and an index"),
    ("def r: with h = constant(hint, @@-x): if true: then fill(true, 0, 1)", "an index"),
    ("def r: with @@size = arbitrary(hint): if true: then fill(true, 0, 1)", "not a keyword"),
    (
        "def r: with h = arbitrary(hint) and @@h = arbitrary(gap): if true: then fill(true, 0, 1)",
        "a new name",
    ),
    ("def r: with h = arbitrary(hint) and@@: if true: then fill(true, 0, 1)", "a name"),
    ("def r: with h = arbitrary(hint) @@if true: then fill(true, 0, 1)", "'and' or ':'"),
    (H + "if size(@@q) > 1: then fill(true, 0, 1)", "a bound name"),
    (H + "if maximal(@@q): then fill(true, 0, 1)", "a bound name"),
    (H + "if (@@q is unique where true): then fill(true, 0, 1)", "a bound name"),
    (
        "def r: with g = arbitrary(gap): if lowest_end_cell(@@g) > 1: then fill(true, 0, 1)",
        "a hint",
    ),
    (
        "def r: with b = arbitrary(block): if true: then fill(true, highest_start_cell(@@b), 1)",
        "a hint",
    ),
    (H + "if (size(h) > 1 @@then fill(true, 0, 1)", "'and' or ')'"),
    (H + "if size(h) > (1 + 2@@: then fill(true, 0, 1)", "')' or an operator"),
    (H + "if size(h)@@: then fill(true, 0, 1)", "'+', '-', '=', '>=' or '>'"),
    (H + "if size(h) @@< 1: then fill(true, 0, 1)", "a name, a number"),
    (H + "if size(h) > 1 @@then fill(true, 0, 1)", "'and' or ':'"),
    (H + "if size(h) > @@h: then fill(true, 0, 1)", "an expression"),
    (H + "if size(h) @@=> 2: then fill(true, 0, 1)", ">="),
    (H + "if size(h) @@== 2: then fill(true, 0, 1)", "="),
    (H + "if size(h) > @@: then fill(true, 0, 1)", "an expression"),
    (H + "if true: @@fill(true, 0, 1)", "'then'"),
    (H + "if true: then fill(@@yes, 0, 1)", "'true' or 'false'"),
    (H + "if true: then fill(true, 0 @@1)", "',' or an operator"),
    (H + "if true: then fill(true, 0, 1@@", "')' or an operator"),
    (H + "if true: then fill(true, 0, 1@@\n", "')' or an operator"),
    (H + "if true:\n  then fill(true, 0, 1@@  \n\n# notes\n\n", "')' or an operator"),
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


def test_a_reversed_or_doubled_comparison_is_told_the_language_s_operator():
    with pytest.raises(RuleSyntaxError) as info:
        parse_rule(H + "if size(h) => 2: then fill(true, 0, 1)")
    assert str(info.value) == (
        "<text>, line 1, column 45: '=>' is not an operator of the language: write >="
    )  # it said "expected an expression (a number, ...), found '>'" at column 46
    parse_rule(H + "if size(h) = (0 - 1) + size(h): then fill(true, 0, 1)")  # '=' then '(' is fine


def test_an_error_message_reads_well():
    with pytest.raises(RuleSyntaxError) as info:
        parse_rule("def r:\n  with h = arbitrary(hint):\n  if (size(h) > 1 then fill(true, 0, 1)")
    assert str(info.value) == "<text>, line 3, column 19: expected 'and' or ')', found 'then'"


def test_unbound_name_message_lists_the_bound_ones():
    with pytest.raises(
        RuleSyntaxError, match=r"'h2' is not bound \(the with clause binds h0, h1\)"
    ):
        parse_rule(
            "def r: with h0 = arbitrary(hint) and h1 = arbitrary(gap):"
            " if size(h2) > 1: then fill(true, 0, 1)"
        )


@pytest.mark.parametrize(
    ("marked", "expected"),
    [
        (
            "#: title: a\n#: @@title: b\n"
            "def r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
            "one 'title:' per rule",
        ),
        (
            "#: @@author: me\ndef r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
            "'title:', 'source:' or 'example:'",
        ),
        (
            "def r: with h = arbitrary(hint): if true: then fill(true, 0, 1)\n"
            "#: title: dangling@@\n",
            "'def'",
        ),
        (
            "#: example: (3 1) ----- -> @@maybe [0,3)\n"
            "def r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
            "'true' or 'false'",
        ),
        (
            "#: example: @@3 1 ----- -> true [0,3)\n"
            "def r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
            "hints in parentheses",
        ),
        (
            "#: example: (3 1) @@abc -> true [0,3)\n"
            "def r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
            "the line's cells",
        ),
        (
            "#: example: (3 1) ----- -> true @@[0,3]\n"
            "def r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
            "a cell range",
        ),
        (
            "#: example: @@(3 1) ----- -> true [0,9)\n"
            "def r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
            "inside the 5 cells",
        ),
        (
            "#: example: @@(3 0) ----- -> true [0,1)\n"
            "def r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
            "positive hints",
        ),
        (
            "def r: with h = arbitrary(hint): if true: then fill(true, 0, 1)\n"
            "def @@r: with h = arbitrary(hint): if true: then fill(true, 0, 1)",
            "a new rule name",
        ),
    ],
)
def test_metadata_and_file_errors(marked, expected):
    text, line, column = locate(marked)
    with pytest.raises(RuleSyntaxError) as info:
        parse_rules(text, "f.rules")
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert expected in info.value.expected


def test_duplicate_rule_names_point_at_the_first():
    with pytest.raises(RuleSyntaxError, match="already defined on line 2"):
        parse_rules(
            "\ndef r: with h = arbitrary(hint): if true: then fill(true, 0, 1)\n"
            "def r: with h = arbitrary(hint): if true: then fill(true, 0, 1)\n"
        )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "# only a comment\n",
        "def a: with h = arbitrary(hint): if true: then fill(true, 0, 1)\n"
        "def b: with h = arbitrary(hint): if true: then fill(true, 0, 1)\n",
    ],
)
def test_parse_rule_wants_exactly_one(text):
    with pytest.raises(RuleSyntaxError, match="exactly one rule"):
        parse_rule(text)


def test_deep_nesting_is_an_error_not_a_crash():
    deep = "(" * 500 + "1" + ")" * 500
    with pytest.raises(RuleSyntaxError, match="nested"):
        parse_rule(f"def r: with h = arbitrary(hint): if {deep} > 0: then fill(true, 0, 1)")


PIECES = [
    "def",
    "r",
    "with",
    "h",
    "g",
    "=",
    "arbitrary",
    "constant",
    "singleton",
    "(",
    ")",
    "hint",
    "gap",
    "block",
    ",",
    ":",
    "and",
    "if",
    "then",
    "fill",
    "true",
    "false",
    "size",
    "start",
    "lowest_end_cell",
    "line_size",
    "is",
    "unique",
    "where",
    "maximal",
    "+",
    "-",
    ">",
    ">=",
    "0",
    "1",
    "-1",
    "\n",
    "#",
    "#:",
    "#: title: t",
    "#: example: (1) - -> true [0,1)",
    "<",
    "é",
]


@pytest.mark.slow
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


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.integers(0, len(CONTROL_TEXT) - 1), st.integers(0, 6), st.sampled_from(PIECES + [""]))
def test_edited_control_file_parses_or_says_where(pos, cut, insert):
    text = CONTROL_TEXT[:pos] + insert + CONTROL_TEXT[pos + cut :]
    try:
        parse_rules(text)
    except RuleSyntaxError as err:
        assert 1 <= err.line <= text.count("\n") + 1


# ---- limits: past a limit a clear error naming it and where; at a limit every tool
# works


def _rule_with_condition(cond: str, patterns: str = "h = arbitrary(hint)") -> str:
    return f"def r:\n  with {patterns}:\n  if {cond}:\n  then fill(true, start(h), start(h) + 1)\n"


def test_two_thousand_and_clauses_are_a_clear_error():
    text = _rule_with_condition(" and ".join(["size(h) > 0"] * 2000))
    with pytest.raises(RuleSyntaxError) as info:
        parse_rule(text)
    # the 32nd 'and' (the 33rd condition) is where the limit is passed
    column = len("  if ") + 32 * len("size(h) > 0 and ") - len("and ") + 1
    assert (info.value.line, info.value.column) == (3, column)
    assert f"at most {MAX_CLAUSES} conditions joined with 'and'" in str(info.value)


def test_a_three_thousand_term_sum_is_a_clear_error():
    text = _rule_with_condition("size(h) > " + " + ".join(["1"] * 3000))
    with pytest.raises(RuleSyntaxError) as info:
        parse_rule(text)
    assert info.value.line == 3
    assert f"at most {MAX_OPERATIONS} '+' and '-' operations" in str(info.value)


@pytest.mark.parametrize("where", ["size(h) > {n}", "size(h) > -{n}", "start(h) + {n} = 0"])
def test_a_five_thousand_digit_literal_is_a_clear_error(where):
    text = _rule_with_condition(where.format(n="9" * 5000))
    with pytest.raises(RuleSyntaxError) as info:
        parse_rule(text)
    assert info.value.line == 3 and info.value.column == 3 + text.split("\n")[2].index("9") - 2
    assert f"a number of 5,000 digits: expected a number of at most {MAX_DIGITS} digits" in str(
        info.value
    )


def test_a_long_constant_index_and_example_numbers_are_clear_errors():
    with pytest.raises(RuleSyntaxError, match=f"at most {MAX_DIGITS} digits"):
        parse_rule(_rule_with_condition("true", f"h = constant(hint, {'1' * 5000})"))
    example = f"#: example: (1 {'2' * 5000}) ----- -> true [0,1)\n"
    with pytest.raises(RuleSyntaxError) as info:
        parse_rules(example + _rule_with_condition("true"))
    assert (info.value.line, info.value.column) == (1, len("#: example: (1 ") + 1)
    assert f"at most {MAX_DIGITS} digits" in str(info.value)


def test_example_hints_do_not_backtrack_exponentially():
    started = time.perf_counter()
    with pytest.raises(RuleSyntaxError, match="hints in parentheses"):
        parse_rules("#: example: (" + "1" * 40 + "x\n" + _rule_with_condition("true"))
    assert time.perf_counter() - started < 1.0


def test_too_many_patterns_is_a_clear_error():
    patterns = " and ".join(f"h{i} = arbitrary(hint)" for i in range(MAX_PATTERNS + 1))
    with pytest.raises(RuleSyntaxError) as info:
        parse_rule(_rule_with_condition("true", patterns + " and h = arbitrary(hint)"))
    assert info.value.line == 2
    assert f"a rule binds at most {MAX_PATTERNS} patterns" in str(info.value)


def test_too_long_a_text_is_a_clear_error_naming_the_limit():
    text = ("# " + "x" * 97 + "\n") * (MAX_TEXT_CHARS // 100 + 1)  # lines of 100 characters
    with pytest.raises(RuleSyntaxError) as info:
        parse_rules(text)
    assert info.value.line == MAX_TEXT_CHARS // 100 + 1 and info.value.column == 1
    assert f"{MAX_TEXT_CHARS:,}" in str(info.value)


def test_a_rule_file_that_is_not_utf8_names_the_byte(tmp_path):
    path = tmp_path / "latin1.rules"
    path.write_bytes("# café rules\n".encode("latin-1") + FIGURE_7.encode())
    with pytest.raises(RuleSyntaxError) as info:
        load_rule_set(path)
    assert (info.value.source, info.value.line, info.value.column) == (str(path), 1, 6)
    assert "not UTF-8" in str(info.value) and "0xe9" in str(info.value)
    with pytest.raises(RuleSyntaxError, match=r"line 3, column 4: not UTF-8"):
        parse_rule_set(b"\n\n# \xc3\xa9\xff", "bytes")  # column counts characters, not bytes


def test_a_utf8_rule_file_with_a_byte_order_mark_reads(tmp_path):
    path = tmp_path / "bom.rules"
    path.write_bytes(b"\xef\xbb\xbf" + FIGURE_7.encode())
    assert load_rule_set(path).rules[0].name == "big_hint_rule_general"


def test_shipped_rules_are_far_from_every_limit():
    """The limits are at least four times what any shipped rule needs."""
    for name in ("control", "learned", "concise"):
        path = rules_dir() / f"{name}.rules"
        assert len(path.read_text(encoding="utf-8")) * 4 <= MAX_TEXT_CHARS
        for rule in load_rule_set(name).rules:
            nodes = list(walk(rule))
            assert len(rule.bindings) * 2 <= MAX_PATTERNS
            assert sum(isinstance(n, And) for n in nodes) * 4 <= MAX_CLAUSES
            assert sum(isinstance(n, Arith) for n in nodes) * 4 <= MAX_OPERATIONS
            assert all(
                len(str(abs(n.value))) * 4 <= MAX_DIGITS + 3 for n in nodes if isinstance(n, Lit)
            )


def _rule_at_the_limits(shape: str) -> str:
    """The largest rule the parser takes: every pattern, clause and operation used, as deep a
    tree as they allow (``flat``: one long left chain; ``nested``: uniques in uniques and sums
    in parentheses to the nesting limit)."""
    # three arbitrary patterns, the others constant: the interpreter tries every combination
    with_ = " and ".join(
        f"h{i} = arbitrary(hint)" if i < 3 else f"h{i} = constant(hint, {i % 3})"
        for i in range(MAX_PATTERNS)
    )
    if shape == "flat":
        total = " + ".join(["size(h0)"] * MAX_OPERATIONS)  # and one '+' in the fill
        cond = " and ".join([f"{total} > 0"] + ["start(h1) >= 0"] * (MAX_CLAUSES - 1))
        fill = "fill(true, start(h0), start(h0) + 1)"
    else:
        uniques = MAX_NESTING // 2
        total = "size(h0)"
        for _ in range(MAX_NESTING - uniques):
            total = f"size(h0) + ({total})"
        total += " - 1" * (MAX_OPERATIONS - 1 - (MAX_NESTING - uniques))
        cond = " and ".join([f"{total} > 0"] + ["size(h2) > 0"] * (MAX_CLAUSES - 2))
        for i in range(uniques):
            cond = f"(h{i % MAX_PATTERNS} is unique where {cond})"
        cond += " and size(h3) > 0"
        fill = "fill(false, start(h0), start(h0) + 1)"
    return f"def big:\n  with {with_}:\n  if {cond}:\n  then {fill}\n"


@pytest.mark.slow
@pytest.mark.parametrize("shape", ["flat", "nested"])
def test_a_rule_at_every_limit_works_in_every_tool(shape):
    text = _rule_at_the_limits(shape)
    rule = parse_rule(text)
    assert sum(isinstance(n, And) for n in walk(rule)) == MAX_CLAUSES - 1
    assert sum(isinstance(n, Arith) for n in walk(rule)) == MAX_OPERATIONS
    assert len(rule.bindings) == MAX_PATTERNS
    # one more of anything is refused
    with pytest.raises(RuleSyntaxError, match="too many"):
        parse_rule(text.replace("if ", "if true and ", 1))
    with pytest.raises(RuleSyntaxError, match="too many"):
        parse_rule(text.replace("start(h0) + 1", "start(h0) + 1 + 1", 1))
    assert parse_rule(format_rule(rule)) == rule
    assert "clue" in explain(rule) and cost(rule) > 0
    fills = apply_rule(rule, Line.parse((1, 1, 1), "------"))
    assert all(f.rule == "big" for f in fills)
    for other in (mirrored(rule), tidy(rule)):
        if other is not None:
            assert parse_rule(format_rule(other)).name == other.name
    # unpinned (the learner's internal form) adds a clause per constant pattern, so it may pass
    # the clause limit; the tools still read it
    loose = unpinned(rule)
    assert format_rule(loose) and explain(loose) and cost(loose) > 0
    if shape == "flat":  # fills the cell at a clue's index: wrong on "(1 1 1) -----"
        result = prove(rule, 5)
        assert result.sound is False and result.counterexample is not None
        assert result.counterexample.hints == (1, 1, 1)
    else:
        assert prove(rule, 1).sound is True
