"""Which DSL constructs a synthesis run may use and the cost weights it ranks candidates by
(:class:`SearchOptions`, stored with a run as JSON), with the names of the constructs a run may
leave out (:data:`CONSTRUCTS`) or add (:data:`EXTENSIONS`).
:mod:`nonostudio.learn.synthesis.enumerate` re-exports every name here."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from nonostudio.rules.language import ast
from nonostudio.rules.language.cost import DEFAULT_WEIGHTS, CostWeights

# The DSL constructs a run may leave out of its search, and what each is in rule text.
CONSTRUCTS = {
    "extremes": "maximal(x), minimal(x)",
    "unique": "(x is unique where C), and the widening of it",
    "geometry": "lowest_end_cell(h), highest_start_cell(h)",
    "line_size": "line_size",
}
# Constructs beyond the paper's DSL: a run searches them only when asked to (``with``).
EXTENSIONS = {
    "totals": "total(hint), total(block), total(gap): the sum of the clues, the number of filled "
    "cells, the number of cells not crossed out",
}
MAX_WEIGHT = 99


@dataclass(frozen=True)
class SearchOptions:
    """Which DSL constructs synthesis may use (the paper's, but those ``without``, plus the
    ``extensions`` beyond it) and the cost weights it ranks candidates by (the most general
    first, then the cheapest by these weights)."""

    without: frozenset[str] = frozenset()
    weights: CostWeights = field(default=DEFAULT_WEIGHTS)
    extensions: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        unknown = sorted(set(self.without) - set(CONSTRUCTS))
        if unknown:
            raise ValueError(
                f"unknown DSL construct {unknown[0]!r} (known: {', '.join(CONSTRUCTS)})"
            )
        unknown = sorted(set(self.extensions) - set(EXTENSIONS))
        if unknown:
            raise ValueError(
                f"unknown DSL extension {unknown[0]!r} (known: {', '.join(EXTENSIONS)})"
            )
        for f in fields(self.weights):
            value = getattr(self.weights, f.name)
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or not 0 <= value <= MAX_WEIGHT
            ):
                raise ValueError(
                    f"cost weight {f.name} must be a whole number from 0 to "
                    f"{MAX_WEIGHT}, not {value!r}"
                )

    def allows(self, construct: str) -> bool:
        return construct not in self.without

    def atom_allowed(self, atom: ast.Expr) -> bool:
        """Whether an expression atom (``start``, ``size``, geometry, ``line_size``) may be used."""
        match atom:
            case ast.LowestEndCell() | ast.HighestStartCell():
                return self.allows("geometry")
            case ast.LineSize():
                return self.allows("line_size")
            case ast.Total():
                return "totals" in self.extensions
            case _:
                return True

    def is_default(self) -> bool:
        return not self.without and not self.weights.changed() and not self.extensions

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"without": sorted(self.without), "weights": self.weights.changed()}
        if self.extensions:
            out["with"] = sorted(self.extensions)
        return out

    @classmethod
    def from_json(cls, data: object) -> SearchOptions:
        """Options stored with a run (None or missing keys: the defaults).  Raises ValueError
        naming the bad entry."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError(f"search options must be an object, not {data!r}")
        without = data.get("without", [])
        weights = data.get("weights", {})
        extensions = data.get("with", [])
        for key, names in (("without", without), ("with", extensions)):
            if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
                raise ValueError(f"'{key}' must be a list of construct names, not {names!r}")
        if not isinstance(weights, dict):
            raise ValueError(f"'weights' must map weight names to numbers, not {weights!r}")
        names = {f.name for f in fields(CostWeights)}
        for name in weights:
            if name not in names:
                raise ValueError(
                    f"unknown cost weight {name!r} (known: {', '.join(sorted(names))})"
                )
        return cls(frozenset(without), CostWeights(**weights), frozenset(extensions))

    def describe(self) -> str:
        """``without unique; cost weights geometry 3`` (empty for the defaults)."""
        parts = []
        if self.extensions:
            parts.append("with " + ", ".join(sorted(self.extensions)))
        if self.without:
            parts.append("without " + ", ".join(sorted(self.without)))
        if changed := self.weights.changed():
            parts.append(
                "cost weights "
                + ", ".join(f"{k} {v}" for k, v in changed.items())
                + " (the others the original's)"
            )
        return "; ".join(parts)


DEFAULT_OPTIONS = SearchOptions()
