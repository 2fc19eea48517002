"""``nonostudio-cli learn run|extend|status|export|report``: learning runs from the command line.

``run`` mines the specifications of lines up to ``--max-length`` cells, stores them as a run in
the job store and synthesises a rule for each (Ctrl-C cancels cleanly; ``--resume`` continues);
``extend`` adds longer lines or more patterns to a run; ``status`` summarises a run; ``export``
optimises the rules of one or more runs (and of rule files given with ``--pool``), optionally
widens and simplifies the chosen ones, and writes the best ``--top`` as a rule file; ``report``
compares a rule set with the control rules on the Butler testing set (why ``export`` optimises
on that set by default: docs/design/cli.md).  This module builds the parsers; the actions are in
:mod:`nonostudio.cli.learning.learn_runs` and :mod:`nonostudio.cli.learning.learn_export`.
"""

from __future__ import annotations

import argparse
from dataclasses import fields
from typing import Any

from nonostudio.cli.common import positive_int_arg, seconds_arg
from nonostudio.cli.learning.learn_export import run_export
from nonostudio.cli.learning.learn_runs import (
    run_extend,
    run_learn,
    run_report,
    run_status,
    sigint_cancels,
)
from nonostudio.learn.synthesis.enumerate import CONSTRUCTS, EXTENSIONS, MAX_WEIGHT
from nonostudio.rules.language.cost import CostWeights

NAME = "learn"
HELP = "learn rules: run synthesis, follow it, export and compare the learned set"

__all__ = [
    "HELP",
    "NAME",
    "register",
    "run_export",
    "run_extend",
    "run_learn",
    "run_report",
    "run_status",
    "sigint_cancels",
    "weight_arg",
]

_STORE_ARG: dict[str, Any] = {
    "metavar": "PATH",
    "default": None,
    "help": "the job store (default: jobs.sqlite3 in the user data folder)",
}
_RUN_ID_ARG: dict[str, Any] = {
    "metavar": "RUN_ID",
    "type": positive_int_arg,
    "nargs": "?",
    "default": None,
    "help": "the run (default: the latest)",
}
_THREE_FIRST_ARG: dict[str, Any] = {
    "action": "store_true",
    "help": "of the three-pattern sets, only those naming the first hint, block and gap (about "
    "a tenth of them)",
}
_TEST_HELP = (
    "test transitions, such as the paper's testing-set.json (default: "
    "$NONOSTUDIO_TEST_SET, else the set made from the bundled samples"
)


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``learn`` subcommand with its ``run``, ``extend``, ``status``, ``export`` and
    ``report``."""
    parser = subparsers.add_parser(NAME, help=HELP, description=HELP + ".")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    _add_run(actions, parent)
    _add_extend(actions, parent)
    _add_status(actions, parent)
    _add_export(actions, parent)
    _add_report(actions, parent)


def _add_run(actions: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """``learn run``: start (or resume) a run and synthesise its rules."""
    run = actions.add_parser(
        "run", parents=[parent], help="synthesise rules for lines up to a length (resumable)"
    )
    _add_run_size_options(run)
    _add_run_worker_options(run)
    _add_run_search_options(run)
    run.add_argument("--store", **_STORE_ARG)
    run.add_argument(
        "--resume",
        metavar="RUN_ID",
        type=positive_int_arg,
        default=None,
        help="continue this run instead of starting one (its stored length, "
        "patterns and budget are kept)",
    )
    run.set_defaults(run=run_learn)


def _add_run_size_options(parser: argparse.ArgumentParser) -> None:
    """``learn run``'s line length and pattern count."""
    parser.add_argument(
        "--max-length",
        metavar="N",
        type=positive_int_arg,
        default=7,
        help="train on lines of at most N cells (default: 7)",
    )
    parser.add_argument(
        "--max-patterns",
        metavar="K",
        type=positive_int_arg,
        default=3,
        help="bind at most K elements in a rule (default: 3)",
    )


def _add_run_worker_options(parser: argparse.ArgumentParser) -> None:
    """``learn run``'s workers and time budget."""
    parser.add_argument(
        "--jobs",
        metavar="N",
        type=positive_int_arg,
        default=None,
        help="parallel workers (default: one per core)",
    )
    parser.add_argument(
        "--budget",
        metavar="S",
        type=seconds_arg,
        default=60.0,
        help="seconds per specification (default: 60)",
    )
    parser.add_argument(
        "--mode",
        choices=("process", "thread"),
        default="process",
        help="workers are processes (default) or threads",
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        default=None,
        help="run on a Dask cluster instead (the 'cluster' extra): local[:N] starts one of N "
        "worker processes here, tcp://host:8786 or tls://host:8786 is a running scheduler's "
        "address (default: $NONOSTUDIO_CLUSTER, else this machine's workers; never stored "
        "with the run, so a run may be resumed elsewhere)",
    )


def _add_run_search_options(parser: argparse.ArgumentParser) -> None:
    """``learn run``'s search: which patterns, constructs and cost weights."""
    parser.add_argument("--three-first", **_THREE_FIRST_ARG)
    parser.add_argument(
        "--three-narrow",
        action="store_true",
        help="three-pattern specifications get only the constant-level search, "
        "no climb of the pattern lattice (much faster; see the README)",
    )
    parser.add_argument(
        "--no-narrow",
        action="store_true",
        help="finish skipped specifications at once (by default each still gets "
        "one search at its constant level: first hint, first block ...)",
    )
    parser.add_argument(
        "--without",
        metavar="CONSTRUCT",
        action="append",
        default=[],
        choices=sorted(CONSTRUCTS),
        help="leave a DSL construct out of the search (repeatable): "
        + "; ".join(f"{k}: {v}" for k, v in CONSTRUCTS.items()),
    )
    parser.add_argument(
        "--with",
        dest="extensions",
        metavar="EXTENSION",
        action="append",
        default=[],
        choices=sorted(EXTENSIONS),
        help="also search a construct beyond the paper's DSL (repeatable): "
        + "; ".join(f"{k}: {v}" for k, v in EXTENSIONS.items()),
    )
    parser.add_argument(
        "--weight",
        metavar="NAME=N",
        action="append",
        default=[],
        type=weight_arg,
        help="rank candidates by another cost weight (repeatable; default: the "
        "original's: " + ", ".join(f"{f.name} {f.default}" for f in fields(CostWeights)) + ")",
    )


def _add_extend(actions: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """``learn extend``: add longer lines or more patterns to a run."""
    extend = actions.add_parser(
        "extend",
        parents=[parent],
        help="add longer lines or more patterns to a run (nothing redone)",
    )
    extend.add_argument("run_id", **_RUN_ID_ARG)
    extend.add_argument(
        "--max-length",
        metavar="N",
        type=positive_int_arg,
        required=True,
        help="lines of at most N cells",
    )
    extend.add_argument(
        "--max-patterns",
        metavar="K",
        type=positive_int_arg,
        required=True,
        help="at most K patterns per specification",
    )
    extend.add_argument("--three-first", **_THREE_FIRST_ARG)
    extend.add_argument("--store", **_STORE_ARG)
    extend.set_defaults(run=run_extend)


def _add_status(actions: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """``learn status``: a run's progress and timings."""
    status = actions.add_parser("status", parents=[parent], help="a run's progress and timings")
    status.add_argument("run_id", **_RUN_ID_ARG)
    status.add_argument("--store", **_STORE_ARG)
    status.set_defaults(run=run_status)


def _add_export(actions: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """``learn export``: optimise runs' rules and write the best as a rule file."""
    export = actions.add_parser(
        "export", parents=[parent], help="optimise a run's rules and write the best as a rule file"
    )
    export.add_argument("out", metavar="OUT.rules", help="the rule file to write")
    export.add_argument(
        "run_ids",
        metavar="RUN_ID",
        type=positive_int_arg,
        nargs="*",
        help="the runs whose rules to pool (default: the latest)",
    )
    _add_export_choice_options(export)
    _add_export_pool_options(export)
    export.add_argument(
        "--jobs",
        metavar="N",
        type=positive_int_arg,
        default=None,
        help="processes measuring the pooled rules' coverage (default: one per core)",
    )
    export.add_argument("--store", **_STORE_ARG)
    export.set_defaults(run=run_export)


def _add_export_choice_options(parser: argparse.ArgumentParser) -> None:
    """``learn export``'s choice of rules: how many, within what cost, measured on what."""
    parser.add_argument(
        "--top",
        metavar="K",
        type=positive_int_arg,
        default=None,
        help="keep the K best rules (default: every rule that adds a cell)",
    )
    parser.add_argument(
        "--cost-budget",
        metavar="B",
        type=positive_int_arg,
        default=None,
        help="with --top K: the K rules' costs add up to at most B (a rule is "
        "chosen by gain only while the K can still be completed within B)",
    )
    parser.add_argument(
        "--optimise-on",
        choices=("test", "training"),
        default="test",
        help="choose rules by coverage of the Butler testing set (default, as "
        "the paper) or of the run's mined transitions",
    )
    parser.add_argument("--test", metavar="FILE", default=None, help=_TEST_HELP + ")")


def _add_export_pool_options(parser: argparse.ArgumentParser) -> None:
    """``learn export``'s pool: rule files, and simplified, widened or mirrored rules."""
    parser.add_argument(
        "--pool",
        metavar="FILE",
        action="append",
        default=[],
        help="also pool the rules of a rule file (a learned set written by an "
        "earlier export, say; its header is kept in the new one); with "
        "--pool and no RUN_ID no job store is read",
    )
    parser.add_argument(
        "--simplify",
        action="store_true",
        help="simplify the chosen rules as synthesis now does (drop conjuncts "
        "and bindings they stay sound without; each step proved) and "
        "choose again",
    )
    parser.add_argument(
        "--widen",
        action="store_true",
        help="widen the unique conditions of the chosen rules as synthesis now "
        "does (conjuncts that make a rule fire on more lines of the check "
        "pool; each step proved) and choose again",
    )
    parser.add_argument(
        "--mirror",
        action="store_true",
        help="pool the mirror image of every rule too (the rule about the last "
        "clue for one about the first: lines are read forwards only when "
        "coverage is measured) and choose again; each chosen mirror is "
        "proved sound",
    )


def _add_report(actions: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """``learn report``: compare a rule set with the control rules."""
    report = actions.add_parser(
        "report", parents=[parent], help="compare a rule set with the control rules, as the paper"
    )
    report.add_argument("rules", metavar="RULES", help="a .rules file or a shipped set's name")
    report.add_argument(
        "--control",
        metavar="NAME",
        default="control",
        help="the rule set to compare with (default: control)",
    )
    report.add_argument(
        "--test",
        metavar="FILE",
        default=None,
        help=_TEST_HELP + "; the paper's figures are shown only beside its own set)",
    )
    report.add_argument(
        "--cost-budget",
        metavar="B",
        type=positive_int_arg,
        default=None,
        help="also choose a top 10 of the learned rules whose costs add up to at "
        "most B (317: a mean cost of 31.7, the control top 10's)",
    )
    report.set_defaults(run=run_report)


def weight_arg(text: str) -> tuple[str, int]:
    """``NAME=N`` of ``--weight``: a cost weight's name and a whole number from 0 to 99."""
    name, sep, value = text.partition("=")
    names = [f.name for f in fields(CostWeights)]
    if not sep or name.strip() not in names:
        raise argparse.ArgumentTypeError(
            f"expected NAME=N with NAME one of {', '.join(names)}; got {text!r}"
        )
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name}: {value!r} is not a whole number") from None
    if not 0 <= number <= MAX_WEIGHT:
        raise argparse.ArgumentTypeError(f"{name}: {number} is outside 0 to {MAX_WEIGHT}")
    return name.strip(), number
