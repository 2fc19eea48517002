"""What a user's rule set may be called: the one rule the rule editor, the Jobs panel's *Save
Rules…* and ``learn export`` into the rule folders all apply.

A user rule set is the file ``NAME.rules`` in the user's rule folder, offered and loaded by
``NAME`` (:func:`nonostudio.rules.ruleset.rule_set_path`), so ``NAME`` must be a file name that
reads back as that set: not empty, no surrounding spaces, no character a file name cannot hold on
some system (``/ \\ : * ? " < > |``, control characters), no leading dot (a hidden file) and no
``.rules`` ending (the name would be read as a path).  Nor may it be a shipped set's name: the
shipped set hides a user file of the same name.
"""

from __future__ import annotations

from nonostudio.core.paths import rules_dir
from nonostudio.rules.ruleset import SUFFIX

_NOT_IN_FILE_NAMES = '/\\:*?"<>|'


class RuleSetNameError(ValueError):
    """A name a user rule set cannot have; the message says why, naming it."""


def shipped_rule_sets() -> set[str]:
    """The names of the rule sets shipped with nonostudio."""
    return {p.stem for p in rules_dir().glob(f"*{SUFFIX}")}


def tidy_rule_set_name(text: str) -> str:
    """A typed rule-set name without its surrounding spaces and a ``.rules`` ending (not
    checked: :func:`check_rule_set_name` says whether the result may be used)."""
    name = text.strip()
    return name[: -len(SUFFIX)] if name.endswith(SUFFIX) else name


def check_rule_set_name(name: str) -> str:
    """``name``, when a user rule set may be called so; otherwise :class:`RuleSetNameError`
    saying what is wrong with it."""
    if not name.strip():
        raise RuleSetNameError("give the rule set a name")
    shown = f"“{name}”" if name.isprintable() else repr(name)
    if name != name.strip():
        raise RuleSetNameError(f"{shown} is not a rule-set name: it starts or ends with a space")
    if any(c in _NOT_IN_FILE_NAMES for c in name) or not name.isprintable() or name[0] == ".":
        raise RuleSetNameError(
            f"{shown} is not a rule-set name: it names a file, so leave out "
            f"{' '.join(_NOT_IN_FILE_NAMES)}, control characters and a leading dot"
        )
    if name.endswith(SUFFIX):
        raise RuleSetNameError(
            f"{shown} is not a rule-set name: leave out the {SUFFIX} ending (the name would be "
            "read as a path)"
        )
    if name in shipped_rule_sets():
        raise RuleSetNameError(
            f"{shown} is the name of a shipped rule set: a set of your own needs another name"
        )
    return name
