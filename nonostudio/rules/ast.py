"""The rule language's syntax tree (seed 000, Appendix A; RULES.md §2): immutable nodes.

A rule is ``with PATTERNS: if CONDITION: then fill(VALUE, START, END)``.  Patterns bind names to
elements of a line (hints, blocks, gaps); conditions and the fill's cell range are expressions over
those bindings.  Nodes are frozen dataclasses, so trees are hashable, comparable and safe to
share between threads; the parser builds them, the printer, cost function, interpreter, prover
and explainer read them.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass


class ElementType(enum.Enum):
    """What a pattern binds: one of the line's hints, blocks (filled runs) or gaps (non-crossed runs)."""

    HINT = "hint"
    BLOCK = "block"
    GAP = "gap"


# ---- patterns ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Singleton:
    """The only element of its type (does not bind when there are zero or several)."""

    type: ElementType


@dataclass(frozen=True, slots=True)
class Constant:
    """The ``index``-th element of its type (0-based; does not bind when there are fewer).

    A negative index counts from the end, as in Python: ``-1`` is the last element, ``-2`` the
    one before it.  Not in the paper's DSL (its constants count from the start only): the mirror
    image of a rule about the first clue is a rule about the last one (:mod:`.mirror`).
    """

    type: ElementType
    index: int


@dataclass(frozen=True, slots=True)
class Arbitrary:
    """Any element of its type: the rule is tried with each."""

    type: ElementType


Pattern = Singleton | Constant | Arbitrary


@dataclass(frozen=True, slots=True)
class Binding:
    """``name = pattern`` in a rule's ``with`` clause."""

    name: str
    pattern: Pattern


# ---- integer expressions ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lit:
    value: int


@dataclass(frozen=True, slots=True)
class LineSize:
    """The number of cells of the line."""


@dataclass(frozen=True, slots=True)
class Arith:
    """``left + right`` or ``left - right``."""

    op: str  # "+" or "-"
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Start:
    """A hint's index, or the first cell of a block or gap."""

    var: str


@dataclass(frozen=True, slots=True)
class Size:
    """A hint's value, or the length of a block or gap."""

    var: str


@dataclass(frozen=True, slots=True)
class LowestEndCell:
    """One past the last cell of hint ``var`` when all hints are packed left (hints only)."""

    var: str


@dataclass(frozen=True, slots=True)
class HighestStartCell:
    """The first cell of hint ``var`` when all hints are packed right (hints only)."""

    var: str


@dataclass(frozen=True, slots=True)
class Total:
    """The sizes of every element of ``type`` added up: the sum of the hints, the number of
    filled cells (blocks) or the number of cells not crossed (gaps).

    Not in the paper's DSL: an extension for the counting strategies people use ("every clue is
    placed, so the rest is empty"), which the paper's language cannot state.
    """

    type: ElementType


Expr = Lit | LineSize | Arith | Start | Size | LowestEndCell | HighestStartCell | Total


# ---- conditions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrueCond:
    """Always holds."""


@dataclass(frozen=True, slots=True)
class And:
    left: Cond
    right: Cond


@dataclass(frozen=True, slots=True)
class Compare:
    """``left = right``, ``left >= right`` or ``left > right``."""

    op: str  # "=", ">=" or ">"
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Maximal:
    """``var``'s size is at least the size of every element of its type."""

    var: str


@dataclass(frozen=True, slots=True)
class Minimal:
    """``var``'s size is at most the size of every element of its type."""

    var: str


@dataclass(frozen=True, slots=True)
class Unique:
    """``(var is unique where cond)``: cond holds for var's element and for no other of its type."""

    var: str
    cond: Cond


Cond = TrueCond | And | Compare | Maximal | Minimal | Unique


# ---- action and rule --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fill:
    """Set cells ``[start, end)`` to filled (``value`` True) or crossed (False)."""

    value: bool
    start: Expr
    end: Expr


@dataclass(frozen=True, slots=True)
class Rule:
    """``def name: with bindings: if condition: then action``."""

    name: str
    bindings: tuple[Binding, ...]
    condition: Cond
    action: Fill

    def binding(self, name: str) -> Binding:
        for b in self.bindings:
            if b.name == name:
                return b
        raise KeyError(name)

    def type_of(self, name: str) -> ElementType:
        """The element type a bound name refers to."""
        return self.binding(name).pattern.type


def conjuncts(cond: Cond) -> list[Cond]:
    """The parts of a chain of ``and`` (a single condition is a chain of one; ``true`` of none)."""
    if isinstance(cond, TrueCond):
        return []
    if isinstance(cond, And):
        return conjuncts(cond.left) + conjuncts(cond.right)
    return [cond]


def conjoin(parts: list[Cond]) -> Cond:
    """The ``and`` of ``parts`` (``true`` when empty), associated to the left."""
    if not parts:
        return TrueCond()
    out = parts[0]
    for p in parts[1:]:
        out = And(out, p)
    return out


def walk(node: object) -> Iterator[object]:
    """Every node below and including ``node`` (expressions, conditions, patterns), pre-order."""
    yield node
    if isinstance(node, Rule):
        for b in node.bindings:
            yield from walk(b)
        yield from walk(node.condition)
        yield from walk(node.action)
    elif isinstance(node, Binding):
        yield from walk(node.pattern)
    elif isinstance(node, Arith | Compare | And):
        yield from walk(node.left)
        yield from walk(node.right)
    elif isinstance(node, Unique):
        yield from walk(node.cond)
    elif isinstance(node, Fill):
        yield from walk(node.start)
        yield from walk(node.end)


def variables(node: object) -> set[str]:
    """Names referred to by expressions and conditions under ``node``."""
    names = set()
    for n in walk(node):
        if isinstance(n, Start | Size | LowestEndCell | HighestStartCell | Maximal | Minimal | Unique):
            names.add(n.var)
    return names
