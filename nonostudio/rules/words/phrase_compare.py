"""How the explainer reads a comparison (``Speaker.compare`` in
:mod:`nonostudio.rules.words.phrases`): the structural idioms tried in turn ("the leftmost and
rightmost placements of the clue overlap", "the gap is long enough for the clue", "the block starts
at or after …"), then a plain comparison of two quantities.  :func:`read_compare` returns a
:class:`Reading`: the words, how they read the comparison (``kind``) and its two sides in the
sentence's order (``sides``), which :func:`nonostudio.rules.words.explain.explain_fill` uses to put
the bound values after the words. The speaker is anything with the phrases a reading needs
(:class:`Phrasing`), so this module does not import :mod:`nonostudio.rules.words.phrases`, which
imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

from nonostudio.rules.language import ast
from nonostudio.rules.language.ast import ElementType
from nonostudio.rules.language.linear import Atom, End, LinearForm, is_position, linear
from nonostudio.rules.words.phrase_words import BLOCK, GAP, HINT, MIRRORED, cells


class Phrasing(Protocol):
    """What reading a comparison needs of the speaker
    (:class:`nonostudio.rules.words.phrases.Speaker`): the bound names' types and the words for
    names, quantities and positions."""

    @property
    def types(self) -> Mapping[str, ElementType]: ...

    def ref(self, var: str) -> str: ...

    def count(self, lin: LinearForm) -> str: ...

    def position(self, lin: LinearForm) -> str: ...

    def position_atom(self, a: Atom) -> str: ...

    def edge(self, side: LinearForm) -> ast.Start | End | None: ...

    def positional(self, lin: LinearForm) -> bool: ...


# How a comparison was read: as two numbers compared ("count"), as overlapping placements, as a
# length more than half another's, or as positions in the line.
ReadingKind = Literal["count", "overlap", "half", "position"]
Compared = tuple[LinearForm, LinearForm, str]  # two sides in the sentence's order, the operator


@dataclass(frozen=True)
class Reading:
    """A comparison in words (``text``), how they read it, and the two sides it compares in the
    order the sentence says them (the bound values of a "count" or "half" reading are theirs)."""

    text: str
    kind: ReadingKind
    sides: Compared


@dataclass(frozen=True)
class _Sides:
    """A comparison's two sides as sums of atoms, their difference and the operator."""

    left: LinearForm
    right: LinearForm
    diff: LinearForm
    op: str

    def read(
        self, text: str, kind: ReadingKind = "count", sides: Compared | None = None
    ) -> Reading:
        """``text`` read as ``kind``, comparing ``sides`` (by default: as written)."""
        return Reading(text, kind, (self.left, self.right, self.op) if sides is None else sides)


def read_compare(sp: Phrasing, c: ast.Compare) -> Reading:
    """A comparison in words, and how they read it."""
    left, right = linear(c.left, sp.types), linear(c.right, sp.types)
    sides = _Sides(left, right, left.minus(right), c.op)
    for idiom in _IDIOMS:
        reading = idiom(sp, sides)
        if reading is not None:
            return reading
    return _quantities(sp, sides)


def _overlap(sp: Phrasing, s: _Sides) -> Reading | None:
    """The leftmost and rightmost placements of a clue overlap."""
    diff = s.diff
    if s.op == ">" and diff.const == 0 and len(diff.atoms) == 2:
        (a, ka), (b, kb) = diff.terms
        if (
            isinstance(a, ast.LowestEndCell)
            and isinstance(b, ast.HighestStartCell)
            and a.var == b.var
            and ka == 1
            and kb == -1
        ):
            return s.read(
                f"the leftmost and rightmost placements of {sp.ref(a.var)} overlap", "overlap"
            )
    return None


def _lengths(sp: Phrasing, s: _Sides) -> Reading | None:
    """One element's length against another's (or twice it)."""
    sizes = _size_pair(sp, s.diff)
    if sizes is None:
        return None
    op, t = s.op, sp.types
    big, small, twice = sizes
    sizes_compared = (
        LinearForm(((ast.Size(big), 2 if twice else 1),), 0),
        LinearForm(((ast.Size(small), 1),), 0),
        op,
    )
    if twice and op == ">":
        text = f"{sp.ref(big)} is more than half as long as {sp.ref(small)}"
        return s.read(text, "half", sizes_compared)
    if twice:
        return None
    if op == ">" and t[big] is HINT and t[small] is not HINT:
        text = f"{sp.ref(big)} does not fit in {sp.ref(small)}"
    elif op == ">=" and t[small] is HINT and t[big] is not HINT:
        text = f"{sp.ref(big)} is long enough for {sp.ref(small)}"
    elif op == "=":
        text = f"{sp.ref(big)} is exactly as long as {sp.ref(small)}"
    else:
        word = "longer than" if op == ">" else "at least as long as"
        text = f"{sp.ref(big)} is {word} {sp.ref(small)}"
    return s.read(text, sides=sizes_compared)


def _line_start(sp: Phrasing, s: _Sides) -> Reading | None:
    """An element at the left edge of the line: start(x) > 0, start(x) = 0, 0 >= start(x)."""
    diff, op = s.diff, s.op
    if len(diff.atoms) != 1 or diff.const != 0:
        return None
    ((a, k),) = diff.terms
    if (
        isinstance(a, ast.Start)
        and sp.types.get(a.var) in (BLOCK, GAP)
        and ((k == 1 and op in (">", "=")) or (k == -1 and op in (">=", "=")))
    ):
        who = sp.ref(a.var)
        return s.read(
            f"{who} does not start at the beginning of the line"
            if op == ">"
            else f"{who} starts at the beginning of the line",
            sides=(LinearForm(((a, 1),), 0), LinearForm((), 0), op if k == 1 else MIRRORED[op]),
        )
    return None


def _length_against(sp: Phrasing, s: _Sides) -> Reading | None:
    """A length against a number of cells or against the line."""
    left, right, op, t = s.left, s.right, s.op, sp.types
    if not (
        left.terms
        and len(left.terms) == 1
        and left.const == 0
        and isinstance(left.terms[0][0], ast.Size)
        and left.terms[0][1] == 1
        and left.terms[0][0].var in t
    ):
        return None
    who = left.terms[0][0].var
    if not right.terms and right.const >= 0:
        word = {"=": "exactly", ">=": "at least", ">": "longer than"}[op]
        return s.read(
            (
                f"{sp.ref(who)} is {word} {cells(right.const)}"
                if op != ">"
                else f"{sp.ref(who)} is longer than {cells(right.const)}"
            ).replace("exactly one cell", "a single cell")
        )
    if right.is_atom(ast.LineSize()):
        word = {"=": "exactly as long as", ">=": "at least as long as", ">": "longer than"}[op]
        return s.read(f"{sp.ref(who)} is {word} the line")
    return None


def _fills_line(sp: Phrasing, s: _Sides) -> Reading | None:
    """``line_size = size(h0) + … + size(hk) + k`` over distinct clues: they fill the line."""
    diff = s.diff
    if s.op != "=":
        return None
    sign = diff.atoms.get(ast.LineSize())
    if sign not in (1, -1):
        return None
    clues = [a.var for a, k in diff.terms if isinstance(a, ast.Size) and k == -sign]
    others = [a for a, _ in diff.terms if not isinstance(a, ast.LineSize | ast.Size)]
    if (
        others
        or len(clues) != len(diff.terms) - 1
        or len(clues) < 2
        or any(sp.types.get(v) is not HINT for v in clues)
        or -sign * diff.const != len(clues) - 1
    ):
        return None
    names = [sp.ref(v) for v in clues]
    listed = ", ".join(names[:-1]) + " and " + names[-1]
    between = "them" if len(names) == 2 else "each"
    return s.read(f"{listed}, with one cell between {between}, exactly fill the line")


def _edge_left(sp: Phrasing, s: _Sides) -> Reading | None:
    """Where an element starts or ends, against another position."""
    right, op, t = s.right, s.op, sp.types
    if not (sp.positional(right) or not any(is_position(a, t) for a, _ in right.terms)):
        return None
    subject = sp.edge(s.left)
    if subject is None:
        return None
    verb = "starts" if isinstance(subject, ast.Start) else "ends"
    where = {"=": "at", ">=": "at or after", ">": "after"}[op]
    other = right.terms[0][0] if len(right.terms) == 1 else None
    if (
        op == "="
        and type(other) is type(subject)
        and right.is_atom(other)
        and isinstance(other, ast.Start | End)
        and t.get(other.var) in (BLOCK, GAP)
    ):
        return s.read(f"{sp.ref(subject.var)} {verb} where {sp.ref(other.var)} {verb}", "position")
    return s.read(f"{sp.ref(subject.var)} {verb} {where} {sp.position(right)}", "position")


def _edge_right(sp: Phrasing, s: _Sides) -> Reading | None:
    """The same with the element on the right: "g starts at or before where h starts …"."""
    if not sp.positional(s.left) or (subject := sp.edge(s.right)) is None:
        return None
    verb = "starts" if isinstance(subject, ast.Start) else "ends"
    where = {"=": "at", ">=": "at or before", ">": "before"}[s.op]
    return s.read(f"{sp.ref(subject.var)} {verb} {where} {sp.position(s.left)}", "position")


def _positions(sp: Phrasing, s: _Sides) -> Reading | None:
    """A position against a position."""
    if not (sp.positional(s.left) and sp.positional(s.right)):
        return None
    where = {"=": "is at", ">=": "is at or after", ">": "is after"}[s.op]
    return s.read(f"{sp.position(s.left)} {where} {sp.position(s.right)}", "position")


def _distance_against(sp: Phrasing, s: _Sides) -> Reading | None:
    """The number of cells between two positions against a quantity."""
    distance = _distance(sp, s.diff)
    if distance is None:
        return None
    verb = {"=": "equals", ">=": "is at least", ">": "is greater than"}[s.op]
    (first, first_form), (second, second_form) = distance
    return s.read(f"{first} {verb} {second}", sides=(first_form, second_form, s.op))


def _quantities(sp: Phrasing, s: _Sides) -> Reading:
    """Any other comparison: the positive terms against the negative ones, a quantity first."""
    diff, op, t = s.diff, s.op, sp.types
    pos = LinearForm(tuple((a, k) for a, k in diff.terms if k > 0), max(diff.const, 0))
    neg = LinearForm(tuple((a, -k) for a, k in diff.terms if k < 0), max(-diff.const, 0))
    if pos.terms or not neg.terms:
        verb = {"=": "equals", ">=": "is at least", ">": "is greater than"}[op]
        return s.read(f"{sp.count(pos)} {verb} {sp.count(neg)}", sides=(pos, neg, op))
    # a number against a quantity: the quantity leads
    quantity_first = (neg, pos, MIRRORED[op])
    if (
        len(neg.terms) == 1
        and neg.const == 0
        and isinstance(neg.terms[0][0], ast.Size)
        and neg.terms[0][1] == 1
        and neg.terms[0][0].var in t
    ):
        who = sp.ref(neg.terms[0][0].var)  # 1 >= size(h): "the clue is at most one cell long"
        text = {
            ">=": f"{who} is at most {cells(pos.const)} long",
            ">": f"{who} is shorter than {cells(pos.const)}",
            "=": f"{who} is exactly {cells(pos.const)}",
        }[op].replace("exactly one cell", "a single cell")
    elif pos.const == 0 and op == ">=":  # every quantity here is a count: at most 0 is 0
        text = f"{sp.count(neg)} is zero"
    else:
        verb = {"=": "equals", ">=": "is at most", ">": "is less than"}[op]
        text = f"{sp.count(neg)} {verb} {sp.count(pos)}"
    return s.read(text, sides=quantity_first)


_IDIOMS: tuple[Callable[[Phrasing, _Sides], Reading | None], ...] = (
    _overlap,
    _lengths,
    _line_start,
    _length_against,
    _fills_line,
    _edge_left,
    _edge_right,
    _positions,
    _distance_against,
)


def _distance(
    sp: Phrasing, diff: LinearForm
) -> tuple[tuple[str, LinearForm], tuple[str, LinearForm]] | None:
    """``P − Q + rest`` with positions P, Q: "the number of cells from Q to P" against rest."""
    t = sp.types
    ends = [(a, k) for a, k in diff.terms if is_position(a, t) and not isinstance(a, ast.LineSize)]
    if len(ends) != 2 or {ends[0][1], ends[1][1]} != {1, -1}:
        return None
    later = ends[0][0] if ends[0][1] == 1 else ends[1][0]
    earlier = ends[1][0] if ends[0][1] == 1 else ends[0][0]
    rest = LinearForm(tuple((a, k) for a, k in diff.terms if (a, k) not in ends), diff.const)
    if all(k < 0 for _, k in rest.terms) and rest.const <= 0:
        between = (
            f"the number of cells from {sp.position_atom(earlier)} to {sp.position_atom(later)}"
        )
        amount = LinearForm(tuple((a, -k) for a, k in rest.terms), -rest.const)
        return (between, LinearForm(((later, 1), (earlier, -1)), 0)), (sp.count(amount), amount)
    if all(k > 0 for _, k in rest.terms) and rest.const >= 0:
        return (sp.count(rest), rest), (
            f"the number of cells from {sp.position_atom(later)} to {sp.position_atom(earlier)}",
            LinearForm(((earlier, 1), (later, -1)), 0),
        )
    return None


def _size_pair(sp: Phrasing, diff: LinearForm) -> tuple[str, str, bool] | None:
    """``k·size(a) − size(b)`` with k in {1, 2} and nothing else: (a, b, k == 2)."""
    if diff.const or len(diff.terms) != 2:
        return None
    (a, ka), (b, kb) = diff.terms
    if not (isinstance(a, ast.Size) and isinstance(b, ast.Size) and kb == -1 and ka in (1, 2)):
        return None
    if a.var not in sp.types or b.var not in sp.types:
        return None
    return a.var, b.var, ka == 2
