"""What a learning run skips and the order it hands work out in: the rules found so far that
cover a specification (:class:`CoveringRules`), the pattern sets that gave a rule (their
supersets are skipped), both together (:class:`SkipsSoFar`: the coordinator's, and a batch's on
the worker that runs it) and :func:`hand_out_key`.  :class:`nonostudio.learn.running.runner.Runner`
uses them; ``CoveringRules`` and ``hand_out_key`` are also importable from there."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.store.jobs import rule_texts
from nonostudio.rules.language.ast import Binding, Constant, Rule
from nonostudio.rules.language.interpreter import CompiledRule, LineView, compiled
from nonostudio.rules.language.parser import parse_rule
from nonostudio.rules.language.tokens import RuleSyntaxError


class CoveringRules:
    """The rules a run has found so far, to skip specifications they already cover.

    A rule covers a specification when, on the specification's line (forward, as the coverage
    metric applies rules), it fires with every bound element among the elements the
    specification's patterns name and fills the specification's whole run with its value: a
    synthesis for it would start from a rule at least as good on that state.
    """

    def __init__(self, results: Iterable[tuple[str, dict[str, Any] | None]] = ()) -> None:
        self.rules: list[Rule] = []
        self._compiled: list[CompiledRule] = []
        self._texts: set[str] = set()
        for _, result in results:
            self.add(result)

    def add(self, result: dict[str, Any] | None) -> None:
        for text in rule_texts(result):
            if text not in self._texts:
                try:
                    rule = parse_rule(text)
                except RuleSyntaxError:
                    continue  # a malformed stored result covers nothing
                self._texts.add(text)
                self.rules.append(rule)
                self._compiled.append(compiled(rule))

    def covers(self, spec: Specification) -> bool:
        view = LineView(spec.line)  # one view of the line for every rule
        named = {(b.pattern.type, _element_index(b)) for b in spec.patterns}
        for rule in self._compiled:
            if rule.value != spec.value:
                continue
            for start, end, env in rule.run(view):
                if (
                    start <= spec.start
                    and spec.end <= end
                    and all((e.type, e.index) in named for e in env)
                ):
                    return True
        return False


def note_rules(ruled: dict[str, list[frozenset[str]]], key: str, result: Any) -> None:
    """Remember ``key``'s pattern set when its result holds a rule: its supersets are skipped."""
    if rule_texts(result):
        group, codes = Specification.split_key(key)
        ruled.setdefault(group, []).append(codes)


class SkipsSoFar:
    """The rules found so far and what they skip: a specification a smaller pattern set of its
    group gave a rule for (``supersets``) or that a rule covers (``covered``).  The coordinator
    keeps one for the whole run; a worker running a batch keeps one for the batch's own results,
    so an item a batch-mate's rule skips is handed back unrun."""

    def __init__(
        self,
        results: Iterable[tuple[str, dict[str, Any] | None]] = (),
        *,
        supersets: bool = True,
        covered: bool = True,
    ) -> None:
        self.supersets, self.covered = supersets, covered
        results = list(results)
        self.covering = CoveringRules(results)
        self.ruled: dict[str, list[frozenset[str]]] = {}
        for key, result in results:
            note_rules(self.ruled, key, result)

    def add(self, key: str, result: dict[str, Any] | None, *, pattern_sets: bool = True) -> None:
        """``key``'s result: its rules cover what they cover; with ``pattern_sets`` (a done or
        narrowly searched specification) its pattern set's supersets are skipped too."""
        self.covering.add(result)
        if pattern_sets:
            note_rules(self.ruled, key, result)

    def skips(self, key: str, spec: Specification) -> bool:
        group, codes = Specification.split_key(key)
        return (self.supersets and any(s < codes for s in self.ruled.get(group, ()))) or (
            self.covered and self.covering.covers(spec)
        )


def _element_index(binding: Binding) -> int:
    """The index of the element a specification pattern names (a singleton names the only one)."""
    p = binding.pattern
    return p.index if isinstance(p, Constant) else 0


def hand_out_key(spec: Specification) -> tuple[bool, int, int]:
    """The order a run hands specifications out in (a stable sort of the store's order by this
    key): one or two patterns before three (three-pattern ones give far fewer rules per second
    of work); then shortest lines first, smaller pattern sets first within a length: rules from
    short lines are the most general, and the specifications they cover are skipped."""
    return len(spec.patterns) > 2, len(spec.transition.before), len(spec.patterns)
