"""Plain-English explanations of rules, built from the syntax tree (any rule, learned or written).

:func:`explain` reads a rule as one to three sentences a player understands ("If the leftmost and
rightmost placements of a clue overlap, fill the overlap."); :func:`explain_fill` says the same of
one concrete firing, with 1-based clue and cell numbers.  Nothing here knows rule names: the text
comes from the patterns, from a few structural idioms (overlapping placements, a clue that does
not fit in a gap, a whole gap, the cell next to a block) and otherwise from a compositional
reading of expressions as lengths, counts of cells and positions in the line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from nonostudio.core.line import Line
from nonostudio.rules.language import ast
from nonostudio.rules.language.ast import Rule, variables
from nonostudio.rules.language.interpreter import Element, eval_expr
from nonostudio.rules.language.linear import Atom, End, LinearForm
from nonostudio.rules.words.phrase_compare import read_compare
from nonostudio.rules.words.phrases import (
    BLOCK,
    HINT,
    NOUN,
    Speaker,
    join_and,
    number_word,
    ordinal,
    reading_order,
)

# ---- public API ----------------------------------------------------------------------------


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _unused(rule: Rule, speak: Speaker) -> list[str]:
    """Clauses for bindings the text has not mentioned: they still have to bind for the rule to
    fire.

    (Also a name the tree mentions can vanish from the text when its terms cancel out.)
    """
    out = []
    for b in rule.bindings:
        if b.name in speak.mentioned:
            continue
        match b.pattern:
            case ast.Constant():
                out.append(f"the line has a {speak.ref(b.name).removeprefix('the ')}")
            case ast.Singleton(t):
                speak.mentioned.add(b.name)
                out.append(f"the line has only one {NOUN[t]}")
            case _:
                out.append(f"the line has {speak.ref(b.name)}")
    return out


def _verb(value: bool) -> str:
    return "fill" if value else "cross out"


def explain(rule: Rule) -> str:
    """One to three plain sentences saying when the rule applies and what it fills or crosses
    out."""
    speak = Speaker(rule)
    clauses = speak.clauses(rule.condition)
    action = f"{_verb(rule.action.value)} {speak.cell_range(rule.action.start, rule.action.end)}"
    clauses = _unused(rule, speak) + clauses
    first = _sentence(f"if {join_and(clauses)}, {action}" if clauses else f"always {action}")
    free = Counter(b.pattern.type for b in rule.bindings if isinstance(b.pattern, ast.Arbitrary))
    tried = [
        f"every {NOUN[t]}"
        if k == 1
        else f"every pair of {NOUN[t]}s"
        if k == 2
        else f"every set of {number_word(k)} {NOUN[t]}s"
        for t, k in free.items()
    ]
    if not tried:
        return first
    return first + " " + _sentence(f"the rule is tried with {join_and(tried)} in turn")


def _describe(e: Element, line: Line, flipped: bool) -> str:
    """A bound element in the original line's 1-based numbers: "clue 8 (the 2nd clue)"."""
    if e.type is HINT:
        index = len(line.hints) - 1 - e.index if flipped else e.index
        return f"clue {e.size} (the {ordinal(index)} clue)"
    first = line.size - e.start - e.size if flipped else e.start
    count = len(line.blocks() if e.type is BLOCK else line.gaps())
    index = count - 1 - e.index if flipped else e.index
    where = f"cell {first + 1}" if e.size == 1 else f"cells {first + 1}–{first + e.size}"
    return f"the {NOUN[e.type]} at {where} (the {ordinal(index)} {NOUN[e.type]})"


_SYMBOL = {">=": "≥", "<=": "≤"}


def _atom_value(atom: Atom, env: Mapping[str, Element], line: Line) -> int:
    """An atom's value on one binding (an element's end is its start plus its size)."""
    if isinstance(atom, End):
        return env[atom.var].start + env[atom.var].size
    return eval_expr(atom, env, line)


def _value(form: LinearForm, env: Mapping[str, Element], line: Line) -> int:
    """A linear form's value on one binding."""
    return form.const + sum(k * _atom_value(atom, env, line) for atom, k in form.terms)


def fill_range(
    rule: Rule, fill_env: Mapping[str, Element], line: Line, *, flipped: bool = False
) -> tuple[int, int]:
    """The cells ``[start, end)`` of ``line`` that the rule's fill names on this binding (read as
    :func:`explain_fill` reads it); possibly empty or outside the line for an unsound rule."""
    seen = line.flipped() if flipped else line
    start = eval_expr(rule.action.start, fill_env, seen)
    end = eval_expr(rule.action.end, fill_env, seen)
    if flipped:
        start, end = seen.size - end, seen.size - start
    return start, end


def explain_fill(
    rule: Rule,
    fill_env: Mapping[str, Element],
    line: Line,
    *,
    flipped: bool = False,
    backwards: str = "right to left",
) -> str:
    """The rule's explanation instantiated on one binding, with the values that made it fire.

    ``fill_env`` is the binding as the rule saw it (``RuleFill.env``): on ``line`` itself, or on
    the reversed line when ``flipped``; numbers in the text are 1-based cells and clues of ``line``.
    ``backwards`` names the flipped reading's direction ("bottom to top" for a column).
    """
    seen = line.flipped() if flipped else line
    env = dict(fill_env)
    concrete = {name: _describe(e, line, flipped) for name, e in env.items()}
    speak = Speaker(rule, concrete)
    named = [speak.ref(b.name) for b in rule.bindings if b.name in env]
    clauses = []
    for c in reading_order(rule.condition):
        if not isinstance(c, ast.Compare):
            clauses.append(speak.clause(c))
            continue
        reading = read_compare(speak, c)
        text = reading.text
        if reading.kind == "overlap":
            var = next(iter(variables(c)))
            left_end = eval_expr(ast.LowestEndCell(var), env, seen)
            right_start = eval_expr(ast.HighestStartCell(var), env, seen)
            if flipped:  # the flipped line's leftmost placement is the original's rightmost
                left_end, right_start = seen.size - right_start, seen.size - left_end
            text += (
                f" (placed leftmost it ends at cell {left_end}, placed rightmost it starts "
                f"at cell {right_start + 1})"
            )
        elif reading.kind == "half":
            big, small = (side.terms[0][0] for side in reading.sides[:2])  # size atoms
            x, y = _atom_value(big, env, seen), _atom_value(small, env, seen)
            text += f" ({x} + {x} > {y})"
        elif reading.kind == "count":
            first, second, op = reading.sides  # the numbers in the order the sentence says them
            a, b = _value(first, env, seen), _value(second, env, seen)
            text += f" ({a} {_SYMBOL.get(op, op)} {b})"
        clauses.append(text)
    start, end = fill_range(rule, env, line, flipped=flipped)
    done = "filled" if rule.action.value else "crossed out"
    if start >= end:
        result = f"so the rule has nothing to {_verb(rule.action.value)}"
    elif start < 0 or end > line.size:
        result = f"so the rule would reach outside the line (cells {start + 1}–{end})"
    elif end - start == 1:
        result = f"so cell {start + 1} is {done}"
    else:
        result = f"so cells {start + 1}–{end} are {done}"
    lead = (
        f"reading the line from {backwards} (the last clue first; start and end, left and "
        f"right, before and after are read that way too), "
        if flipped
        else ""
    )
    intro = _sentence(f"{lead}this is about {join_and(named)}") if named else ""
    body = _sentence(f"{join_and(clauses)}, {result}" if clauses else result)
    return f"{intro} {body}".strip()
