"""``nonostudio-cli rules show``: every rule of a set with its text, English and cost."""

from __future__ import annotations

import argparse
from typing import Any

from nonostudio.cli.common import Outcome, wrap_prose
from nonostudio.cli.rule_tools.rules_common import RULES_ARG, indent_block, load_some_rules
from nonostudio.core.counts import count
from nonostudio.rules.language.cost import cost
from nonostudio.rules.language.printer import format_rule
from nonostudio.rules.words.explain import explain

#: The widest line printed: an 80-column terminal's, less the column a full line would wrap at.
WIDTH = 79


def add_show_parser(actions: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``show`` action."""
    show = actions.add_parser("show", parents=[parent], help="every rule: text, English, cost")
    show.add_argument("rules", **RULES_ARG)
    show.set_defaults(run=run_show)


def run_show(args: argparse.Namespace) -> Outcome:
    """Every rule of the set: title, name, text, English, cost; no line wider than
    :data:`WIDTH` (a word longer than a line is kept whole)."""
    rule_set = load_some_rules(args.rules, "to show")
    items: list[dict[str, Any]] = []
    blocks: list[str] = []
    for number, entry in enumerate(rule_set.entries, 1):
        rule = entry.rule
        item: dict[str, Any] = {
            "title": entry.title,
            "name": rule.name,
            "text": format_rule(rule),
            "english": explain(rule),
            "cost": cost(rule),
            "line": entry.line,
        }
        items.append(item)
        heading = f"{number}. {entry.title or rule.name} ({rule.name}, cost {item['cost']})"
        blocks.append(
            "\n".join(
                [
                    wrap_prose(heading, WIDTH),
                    indent_block(item["text"], WIDTH),
                    indent_block(item["english"], WIDTH),
                ]
            )
        )
    text = "\n\n".join([f"{rule_set.name}: {count(len(items), 'rule')}", *blocks])
    return Outcome({"rule_set": rule_set.name, "rules": items}, text)
