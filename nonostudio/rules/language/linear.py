"""Integer expressions of the rule language as linear forms: atoms with integer coefficients.

``start(x) + size(x)`` of a block or gap is read as one atom, :class:`End` (one past x's last
cell); ``lowest_end_cell``/``highest_start_cell`` of anything but a hint are 0 (Figure 13).  The
explainer uses these forms to recognise idioms whatever way round a rule writes its terms.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from nonostudio.rules.language import ast
from nonostudio.rules.language.ast import ElementType

HINT, BLOCK, GAP = ElementType.HINT, ElementType.BLOCK, ElementType.GAP


@dataclass(frozen=True, slots=True)
class End:
    """``start(var) + size(var)`` of a block or gap: one past its last cell."""

    var: str


Atom = (
    ast.Start | ast.Size | ast.LineSize | ast.LowestEndCell | ast.HighestStartCell | End | ast.Total
)


@dataclass(frozen=True)
class LinearForm:
    """``Σ k·atom + const``; ``terms`` hold the non-zero coefficients, larger ones first."""

    terms: tuple[tuple[Atom, int], ...]
    const: int

    @property
    def atoms(self) -> dict[Atom, int]:
        return dict(self.terms)

    def minus(self, other: LinearForm) -> LinearForm:
        c: Counter = Counter(self.atoms)
        c.subtract(other.atoms)
        return LinearForm(tuple((a, k) for a, k in c.items() if k), self.const - other.const)

    def is_atom(self, atom: Atom, k: int = 0) -> bool:
        return self.terms == ((atom, 1),) and self.const == k


def linear(e: ast.Expr, types: Mapping[str, ElementType]) -> LinearForm:
    """The linear form of ``e``; ``types`` gives each bound name's element type."""
    coef: Counter = Counter()
    const = 0

    def add(x: ast.Expr, sign: int) -> None:
        nonlocal const
        match x:
            case ast.Arith(op, left, right):
                add(left, sign)
                add(right, sign if op == "+" else -sign)
            case ast.Start() | ast.Size():
                coef[x] += sign
            case ast.Lit(value):
                const += sign * value
            case ast.LowestEndCell(var) | ast.HighestStartCell(var) if types.get(var) is not HINT:
                pass  # Figure 13: 0 for anything but a hint
            case _:
                coef[x] += sign

    add(e, 1)
    for var, t in types.items():
        if t is HINT:
            continue
        s, z = coef[ast.Start(var)], coef[ast.Size(var)]
        both = min(s, z) if s > 0 and z > 0 else max(s, z) if s < 0 and z < 0 else 0
        if both:
            coef[ast.Start(var)] -= both
            coef[ast.Size(var)] -= both
            coef[End(var)] += both
    terms = tuple(sorted(((a, k) for a, k in coef.items() if k), key=lambda ak: -ak[1]))
    return LinearForm(terms, const)


def same(a: LinearForm, b: LinearForm) -> bool:
    """Equal forms, whatever the order of their terms."""
    return a.const == b.const and dict(a.terms) == dict(b.terms)


def is_position(a: Atom, types: Mapping[str, ElementType]) -> bool:
    """Whether the atom is a cell boundary (start or end of a block or gap, line end,
    placements)."""
    if isinstance(a, ast.Start):
        return types.get(a.var) in (BLOCK, GAP)
    return isinstance(a, End | ast.LineSize | ast.LowestEndCell | ast.HighestStartCell)
