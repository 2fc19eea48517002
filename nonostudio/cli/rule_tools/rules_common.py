"""What the ``nonostudio-cli rules`` actions share: loading a rule set by name or path, a
throttled progress line on stderr and the indented, wrapped text blocks of ``show`` and
``families``."""

from __future__ import annotations

import textwrap
import time

from nonostudio.cli.common import say
from nonostudio.core.errors import RuleFileError
from nonostudio.rules.language.tokens import RuleSyntaxError
from nonostudio.rules.ruleset import RuleSet, load_rule_set, rule_set_path

# The FILE argument of the actions that read a rule set.
RULES_ARG = {"metavar": "FILE", "help": "a .rules file or a shipped rule set's name"}


def load_rules(name_or_path: str) -> RuleSet:
    """The rule set a name or path names; a syntax error becomes a RuleFileError (a PuzzleError:
    exit code 2)."""
    try:
        return load_rule_set(name_or_path)
    except RuleSyntaxError as exc:
        where = f"{exc.source}, line {exc.line}, column {exc.column}: "
        text = str(exc)
        message = text[len(where) :] if text.startswith(where) else text
        raise RuleFileError(message, source=exc.source, line=exc.line, column=exc.column) from None


def load_some_rules(name_or_path: str, doing: str) -> RuleSet:
    """:func:`load_rules` for an action that has nothing to do without a rule (``show``,
    ``prove`` and ``coverage``, ``doing`` as in "to prove"): a file with none (empty, or only
    comments) is a RuleFileError (exit 2); ``prove`` said "0 of 0 rules proved sound", exit 0."""
    rule_set = load_rules(name_or_path)
    if not rule_set.entries:
        path = rule_set_path(name_or_path)
        data = path.read_bytes()
        what = (
            "it is empty"
            if not data
            else "it holds only blank lines"
            if not data.strip()
            else "it holds only comments"
        )
        raise RuleFileError(
            f"no rules {doing}: {what}; a rule file holds rules such as those of "
            f"'nonostudio-cli rules show control'",
            source=str(path),
        )
    return rule_set


class Progress:
    """A :data:`~nonostudio.core.progress.ProgressCallback` printing ``[label  40%] message`` on
    stderr, at most one line every ``interval`` seconds."""

    interval = 1.0

    def __init__(self, label: str) -> None:
        self._label = label
        self._last = time.monotonic()

    def __call__(self, fraction: float, message: str) -> None:
        now = time.monotonic()
        if now - self._last >= self.interval:
            self._last = now
            say(f"[{self._label} {fraction:4.0%}] {message}")


def indent_block(text: str, width: int = 96) -> str:
    """Indented by four spaces, long lines wrapped at ``width`` columns (rule text keeps its
    lines; a wrapped line goes on two spaces deeper than it starts)."""
    out = []
    for line in text.strip().splitlines():
        lead = "    " + line[: len(line) - len(line.lstrip())]
        out.append(
            textwrap.fill(
                line.strip(),
                width,
                initial_indent=lead,
                subsequent_indent=lead + "  ",
                break_long_words=False,
                break_on_hyphens=False,
            )
            if line.strip()
            else ""
        )
    return "\n".join(out)
