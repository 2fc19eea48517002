"""Fuzzing the rule parser: any bytes or text give rules or a ``RuleSyntaxError`` that
says where (line and column), never another exception, and quickly; what parses prints and reads
back.  Inputs: random bytes and text, mutations of the shipped rule files, and repetitions far
past the parser's limits (long ``and`` chains and sums, deep parentheses, long numbers)."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nonostudio.cli import main
from nonostudio.core.paths import rules_dir
from nonostudio.rules.language.cost import cost
from nonostudio.rules.language.parser import RuleSyntaxError, parse_rule
from nonostudio.rules.language.printer import format_rule
from nonostudio.rules.ruleset import RuleSet, parse_rule_set
from nonostudio.rules.words.explain import explain

SHIPPED = {p.stem: p.read_bytes() for p in sorted(rules_dir().glob("*.rules"))}
SECONDS = 5.0  # the slowest input may take (a few tenths in practice, on a busy machine)


def _parse(data: bytes | str) -> RuleSet | None:
    """The rule set, or None after checking the error is a clear RuleSyntaxError."""
    started = time.perf_counter()
    try:
        rule_set = parse_rule_set(data, "fuzz", "fuzz.rules")
    except RuleSyntaxError as err:
        text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
        assert 1 <= err.line <= text.count("\n") + 1
        assert err.column >= 1
        assert str(err).startswith(f"fuzz.rules, line {err.line}, column {err.column}: ")
        rule_set = None
    assert time.perf_counter() - started < SECONDS
    if rule_set is not None:
        for rule in rule_set.rules:  # whatever parses, every tool can read
            assert parse_rule(format_rule(rule)) == rule
            explain(rule)
            cost(rule)
    return rule_set


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes(data):
    _parse(data)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_random_text(text):
    _parse(text)


def _mutate(data: bytes, edits: list[tuple[int, int, int, bytes]]) -> bytes:
    out = bytearray(data)
    for kind, pos, length, chunk in edits:
        pos %= len(out) + 1
        if kind == 0:  # flip a byte
            if pos < len(out):
                out[pos] ^= 1 << (length % 8)
        elif kind == 1:  # insert
            out[pos:pos] = chunk
        elif kind == 2:  # delete
            del out[pos : pos + length]
        else:  # repeat a span many times
            out[pos:pos] = bytes(out[pos : pos + length % 16]) * (length * 37 % 3000)
    return bytes(out)


EDITS = st.lists(
    st.tuples(
        st.integers(0, 3), st.integers(0, 70_000), st.integers(0, 200), st.binary(max_size=12)
    ),
    min_size=1,
    max_size=6,
)


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(SHIPPED)), EDITS)
def test_mutated_shipped_files(name, edits):
    _parse(_mutate(SHIPPED[name], edits))


HEAD = "def r:\n  with h = arbitrary(hint) and g = arbitrary(gap):\n  if "
TAIL = ":\n  then fill(true, start(h), start(h) + 1)\n"


def _huge(kind: str, n: int) -> str:
    if kind == "and":
        return " and ".join(["size(h) > 0"] * n)
    if kind == "sum":
        return "size(h) > " + " + ".join(["1"] * n)
    if kind == "minus":
        return "size(h) > " + " - ".join(["start(g)"] * n)
    if kind == "digits":
        return "size(h) > -" + "9" * n
    if kind == "parens":
        return "(" * n + "size(h)" + ")" * n + " > 0"
    if kind == "unique":
        return "(h is unique where " * n + "size(h) > 0" + ")" * n
    return "true" + " and true" * n  # "trues"


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["and", "sum", "minus", "digits", "parens", "unique", "trues"]),
    st.integers(1, 6000),
)
def test_huge_rules_parse_or_say_which_limit(kind, n):
    text = HEAD + _huge(kind, n) + TAIL
    rule_set = _parse(text)
    if rule_set is None:
        with pytest.raises(RuleSyntaxError, match="at most"):
            parse_rule(text)


@pytest.mark.slow
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)  # readouterr empties it
@given(
    st.binary(max_size=300)
    | st.sampled_from(sorted(SHIPPED)).flatmap(
        lambda name: EDITS.map(lambda edits: _mutate(SHIPPED[name], edits))
    )
)
def test_rules_show_never_leaks_a_traceback(tmp_path_factory, capsys, data):
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.rules"
    path.write_bytes(data)
    code = main(["rules", "show", "--json", str(path)])
    out, err = capsys.readouterr()
    assert code in (0, 2), err
    assert "Traceback" not in err and out.strip().startswith("{")
