"""A chosen rule set as the entries of a rule file: each learned rule's title (the control rules
it recovers), the specification it was learned from, its greedy gain and its example; and the
specification keys of mirror images (split from :mod:`nonostudio.learn.choosing.export`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from nonostudio.core.errors import PuzzleError
from nonostudio.core.line import FILLED, Line
from nonostudio.learn.choosing.optimize import OptimisedSet, rule_cells
from nonostudio.learn.choosing.report import recovered_rules
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.examples import Example
from nonostudio.rules.language.interpreter import apply_rule
from nonostudio.rules.language.parser import RuleEntry
from nonostudio.rules.measuring.coverage import Transition
from nonostudio.rules.ruleset import load_rule_set


def mirrored_key(key: str) -> str:
    """The specification key of a mirror image: the line read backwards (``hints|cells|...``
    keys; anything else unchanged), so the entry's example is the mirror of the original's."""
    parts = key.split("|")
    if len(parts) < 2:
        return key
    hints = " ".join(reversed(parts[0].split()))
    return "|".join([hints, parts[1][::-1], "mirror of " + key.replace("|", " ")])


# ---- the written entries -----------------------------------------------------------------------


def chosen_entries(
    chosen: OptimisedSet, source: Mapping[str, str], transitions: Sequence[Transition], where: str
) -> list[RuleEntry]:
    """The chosen rules as a rule file's entries: "learned rule 1, covers force maximum" (the
    control rules each recovers on ``transitions``), the specification it was learned from
    (``source``: rule name to key) and its greedy gain on ``where``, and its fill on that
    specification's line as the example.  The title names the rule in every step of an
    explained solution, so it stays short; the cost is the rule's own, shown wherever it is."""
    like = _control_rules_recovered(chosen.rules, transitions)
    return [
        RuleEntry(
            rule,
            f"learned rule {i}{like.get(rule.name, '')}",
            f"specification {source[rule.name]}; adds {gain} cells in the greedy choice on {where}",
            _example_on_its_line(rule, source[rule.name]),
            0,
        )
        for i, (rule, gain) in enumerate(zip(chosen.rules, chosen.gains, strict=True), 1)
    ]


def specification_key(entry: RuleEntry) -> str:
    """The key of the specification an entry was learned from: its source reads "specification
    KEY; adds N cells …" (or "specification KEY" in older files); its rule's name if none."""
    return entry.source.removeprefix("specification ").split(";")[0].strip() or entry.rule.name


def _example_on_its_line(rule: Rule, key: str) -> tuple[Example, ...]:
    """The fill ``rule`` makes on the line of the specification it was learned from (``key``
    starts ``hints|cells|``), as the rule's example: the widest one when it makes several."""
    parts = key.split("|")
    try:
        hints = tuple(int(h) for h in parts[0].split())
        line = Line.parse(hints, parts[1])
    except (IndexError, ValueError, PuzzleError):
        return ()  # not a specification key (a pooled file's rule that names none)
    fills = apply_rule(rule, line, flipped=False)
    if not fills:
        return ()
    fill = max(fills, key=lambda f: (f.end - f.start, -f.start))
    return (Example(hints, parts[1], fill.value == FILLED, fill.start, fill.end),)


def _control_rules_recovered(
    rules: Sequence[Rule], transitions: Sequence[Transition]
) -> dict[str, str]:
    """Per learned rule, the control rules it recovers on ``transitions`` (as a title suffix such
    as ``, covers big hint``), so a player meets a familiar strategy by its name."""
    control = load_rule_set("control")
    titles = {e.rule.name: e.title for e in control.entries}
    recovered = recovered_rules(
        rules,
        [rule_cells(r, transitions) for r in rules],
        list(control.rules),
        [rule_cells(r, transitions) for r in control.rules],
    )
    names: dict[str, list[str]] = {}
    for control_name, learned_name in recovered.items():
        if learned_name is not None:
            names.setdefault(learned_name, []).append(titles.get(control_name) or control_name)
    return {k: ", covers " + ", ".join(v) for k, v in names.items()}
