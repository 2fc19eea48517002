"""``nonostudio-cli rules show|prove|coverage|families|guide``: read, check, measure and teach.

``show`` prints every rule with its English explanation and cost, ``prove`` checks each rule's
soundness with the SMT prover (exit 1 when one is unsound), ``coverage`` measures the cells the
rules deduce on the Butler testing set (docs/rule-language.md §6), with ``--gaps`` also where
the metric leaves cells unset and what the same rules reach read both ways or with the oracle
splitting first.
``families`` lists the catalogue of solving techniques
(:mod:`nonostudio.analysis.catalogue.techniques`) and ``guide OUT.html`` writes the printable
strategy guide (:mod:`nonostudio.analysis.helping.guide`).

This module builds the ``rules`` parser; each action group lives in its own module
(``rules_show``, ``rules_prove``, ``rules_coverage``, ``rules_guide``) and what they share in
``rules_common``.
"""

from __future__ import annotations

import argparse

from nonostudio.cli.rule_tools.rules_common import Progress, load_rules
from nonostudio.cli.rule_tools.rules_coverage import add_coverage_parser, run_coverage
from nonostudio.cli.rule_tools.rules_guide import (
    add_families_parser,
    add_guide_parser,
    run_families,
    run_guide,
)
from nonostudio.cli.rule_tools.rules_prove import (
    add_prove_parser,
    counterexample_picture,
    run_prove,
)
from nonostudio.cli.rule_tools.rules_show import add_show_parser, run_show

NAME = "rules"
HELP = (
    "show, prove or measure the coverage of a rule set; list the solving techniques or "
    "write a strategy guide"
)


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``rules`` subcommand and its ``show``, ``prove``, ``coverage``, ``families`` and
    ``guide`` actions."""
    parser = subparsers.add_parser(
        NAME,
        help=HELP,
        description=HELP + ". FILE is a .rules file or the name of a shipped "
        "rule set such as 'control'.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    add_show_parser(actions, parent)
    add_prove_parser(actions, parent)
    add_coverage_parser(actions, parent)
    add_families_parser(actions, parent)
    add_guide_parser(actions, parent)


__all__ = [
    "HELP",
    "NAME",
    "Progress",
    "counterexample_picture",
    "load_rules",
    "register",
    "run_coverage",
    "run_families",
    "run_guide",
    "run_prove",
    "run_show",
]
