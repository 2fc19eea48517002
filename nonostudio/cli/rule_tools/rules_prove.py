"""``nonostudio-cli rules prove``: check each rule's soundness with the SMT prover (exit 1 when
one is unsound) and picture the counterexamples."""

from __future__ import annotations

import argparse
import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from nonostudio.cli.common import ExitCode, Outcome, positive_int_arg, say
from nonostudio.cli.rule_tools.rules_common import RULES_ARG, Progress, load_some_rules
from nonostudio.core.line import FILLED

if TYPE_CHECKING:
    from nonostudio.rules.proving.prover import Counterexample


def add_prove_parser(actions: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``prove`` action."""
    check = actions.add_parser(
        "prove",
        parents=[parent],
        help="prove each rule sound on all lines up to a length (exit 1 when a rule is unsound)",
    )
    check.add_argument("rules", **RULES_ARG)
    check.add_argument(
        "--max-length",
        metavar="N",
        type=positive_int_arg,
        default=30,
        help="prove for every line of at most N cells (default: 30)",
    )
    check.set_defaults(run=run_prove)


def counterexample_picture(cex: Counterexample) -> list[str]:
    """The counterexample's line, the fill under it (``O`` filled / ``x`` crossed) and a solution
    the fill contradicts."""
    hints = "(" + " ".join(map(str, cex.hints)) + ") "
    pad = " " * len(hints)
    fill = cex.fill
    mark = "O" if fill.value == FILLED else "x"
    n = len(cex.cells)
    under = "".join(mark if fill.start <= i < fill.end else " " for i in range(n)).rstrip()
    lines = [f"line     {hints}{cex.cells}", f"fill     {pad}{under}"]
    if fill.start >= fill.end:
        lines.append(f"         the fill [{fill.start}, {fill.end}) is empty")
    elif fill.start < 0 or fill.end > n:
        lines.append(
            f"         the fill [{fill.start}, {fill.end}) reaches outside the {n}-cell line"
        )
    if cex.witness:
        lines.append(f"solution {pad}{cex.witness}")
    return lines


def _cex_data(cex: Counterexample) -> dict[str, Any]:
    fill = cex.fill
    return {
        "hints": list(cex.hints),
        "cells": cex.cells,
        "witness": cex.witness,
        "fill": {
            "value": fill.value == FILLED,
            "start": fill.start,
            "end": fill.end,
            "flipped": fill.flipped,
        },
        "env": {name: [el.type.value, el.index, el.start, el.size] for name, el in cex.env.items()},
    }


def run_prove(args: argparse.Namespace) -> Outcome:
    """Prove every rule of the set; exit 1 when one is unsound.  Ctrl-C stops the proof under
    way (:func:`_ctrl_c_stops`) and says the verdicts found before it, exit 130."""
    # Only this action needs the prover and its z3 encoding: the other subcommands start faster.
    from nonostudio.rules.proving.prover import prove

    rule_set = load_some_rules(args.rules, "to prove")
    items: list[dict[str, Any]] = []
    lines: list[str] = []
    unsound = 0
    with _ctrl_c_stops() as stop:
        for number, entry in enumerate(rule_set.entries, 1):
            name = entry.rule.name
            say(f"proving {number}/{len(rule_set.entries)}: {name}")
            result = prove(
                entry.rule, args.max_length, should_stop=stop.is_set, progress=Progress(name)
            )
            if stop.is_set():  # the rule under way is not proved: said as not reached
                break
            verdict = (
                "sound" if result.sound else "interrupted" if result.sound is None else "UNSOUND"
            )
            unsound += result.sound is False
            items.append(
                {
                    "name": name,
                    "title": entry.title,
                    "sound": result.sound,
                    "max_length": result.max_length,
                    "seconds": round(result.seconds, 3),
                    "counterexample": None
                    if result.counterexample is None
                    else _cex_data(result.counterexample),
                }
            )
            lines.append(
                f"{name}: {verdict} up to {result.max_length} cells ({result.seconds:.2f} s)"
            )
            if result.counterexample is not None:
                lines += ["    " + line for line in counterexample_picture(result.counterexample)]
    lines.append(
        f"{len(items) - unsound} of {len(items)} rules proved sound"
        if not unsound
        else f"{unsound} of {len(items)} rules are unsound"
    )
    data: dict[str, Any] = {"rule_set": rule_set.name, "unsound": unsound, "rules": items}
    if stop.is_set():
        say(
            f"nonostudio-cli: interrupted: {len(items)} of {len(rule_set.entries)} rules "
            f"proved; {'their verdicts follow' if items else 'no verdict to show'}"
        )
        data["interrupted"] = True
        lines[-1] += f"; interrupted: {len(rule_set.entries) - len(items)} not proved"
        return Outcome(data, "\n".join(lines), ExitCode.INTERRUPTED)
    code = ExitCode.NOT_UNIQUE if unsound else ExitCode.OK
    return Outcome(data, "\n".join(lines), code)


@contextlib.contextmanager
def _ctrl_c_stops() -> Iterator[threading.Event]:
    """While inside, the first Ctrl-C sets the event given (the prover's ``should_stop``, whose
    watcher interrupts z3 every 50 ms until the proof ends) and a second one raises
    KeyboardInterrupt.  z3's own Ctrl-C handling is switched off: it caught the signal inside a
    query, and the prover raised "z3 gave up on rule_d7aae3a4d8 at 15 cells: interrupted from
    keyboard", said as an internal error (exit 4); a Ctrl-C that Python got instead left worker
    threads finishing their query, 30 s after it."""
    import z3

    stop = threading.Event()

    def on_sigint(signum: int, frame: object) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    if threading.current_thread() is not threading.main_thread():  # no signal handler there
        yield stop
        return
    was = z3.get_param("ctrl_c")
    z3.set_param("ctrl_c", False)
    old = signal.signal(signal.SIGINT, on_sigint)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, old)
        z3.set_param("ctrl_c", was)
