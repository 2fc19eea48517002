"""The rule editor's drafts: what the user typed for each rule, kept until saved or discarded.

A draft is keyed by the rule set and the rule's name.  Drafts live in memory and in
``rule-drafts.json`` in the user-data folder, rewritten atomically after each change, so edits to
one rule survive looking at another and survive a restart (or a crash).  A draft file that cannot
be read is set aside as ``rule-drafts.json.unreadable`` (never overwritten: it may hold the only
copy of someone's text) and the problem is reported in :attr:`RuleDrafts.problem`.

Also here: saving a written rule into a user rule set (a ``.rules`` file in the user's ``rules``
folder, which the rule-set lists offer).
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

from nonostudio.core.atomic import write_text_atomic
from nonostudio.core.paths import user_data_dir, user_rules_dir
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.parser import RuleEntry
from nonostudio.rules.ruleset import SUFFIX, dump_rules, load_rule_set, parse_rule_set
from nonostudio.rules.set_names import (
    RuleSetNameError,
    check_rule_set_name,
    shipped_rule_sets,
    tidy_rule_set_name,
)

DRAFTS_NAME = "rule-drafts.json"
FORMAT_VERSION = 1


def draft_key(rule_set: str, rule_name: str) -> str:
    """The key of a rule's draft: ``"control/mercury"``."""
    return f"{rule_set}/{rule_name}"


class RuleDrafts:
    """Draft texts by key, persisted in ``path`` (default: the user-data folder's draft file)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else user_data_dir() / DRAFTS_NAME
        self.problem = ""  # the last reading or writing problem, in words ("" when none)
        self._drafts: dict[str, str] = {}
        self._load()

    def _load(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            drafts = data["drafts"]
            if not isinstance(drafts, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in drafts.items()
            ):
                raise ValueError('"drafts" is not a map of texts')
        except FileNotFoundError:
            return
        except IsADirectoryError:
            self.problem = (
                f"The rule drafts cannot be kept in {self.path}: it is a folder; "
                "drafts are kept only until you quit."
            )
            return
        except (OSError, ValueError, KeyError, TypeError) as exc:
            aside = self.path.with_name(self.path.name + ".unreadable")
            why = f"{exc.__class__.__name__}: {exc}"
            try:
                os.replace(self.path, aside)
                self.problem = (
                    f"The rule drafts in {self.path} could not be read ({why}); the "
                    f"file was kept as {aside}."
                )
            except OSError as move_error:
                self.problem = (
                    f"The rule drafts in {self.path} could not be read ({why}) nor "
                    f"set aside ({move_error})."
                )
            return
        self._drafts = dict(drafts)

    def get(self, key: str) -> str | None:
        return self._drafts.get(key)

    def keys(self) -> list[str]:
        return sorted(self._drafts)

    def set(self, key: str, text: str) -> bool:
        """Keep ``text`` as the draft of ``key``; False (and :attr:`problem`) when it could not
        be written to disk (it is still kept in memory)."""
        if self._drafts.get(key) == text:
            return True
        self._drafts[key] = text
        return self._write()

    def remove(self, key: str) -> bool:
        """Drop the draft of ``key`` (saved or discarded); False when the file could not be
        written."""
        if self._drafts.pop(key, None) is None:
            return True
        return self._write()

    def _write(self) -> bool:
        text = (
            json.dumps(
                {"format": FORMAT_VERSION, "drafts": self._drafts},
                indent=1,
                ensure_ascii=False,
                sort_keys=True,
            )
            + "\n"
        )
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(self.path, text)
        except OSError as exc:
            self.problem = f"Your rule drafts could not be written to {self.path}: {exc}"
            return False
        self.problem = ""
        return True


class SaveRuleError(ValueError):
    """A rule could not be saved into a user rule set; the message says why and where."""


def user_rule_sets() -> list[str]:
    """Names of the user's own rule sets (not hidden by a shipped set of the same name)."""
    shipped = shipped_rule_sets()
    return sorted(p.stem for p in user_rules_dir().glob(f"*{SUFFIX}") if p.stem not in shipped)


def check_set_name(name: str) -> str:
    """The typed ``name`` tidied (:func:`~nonostudio.rules.set_names.tidy_rule_set_name`), or
    :class:`SaveRuleError` saying what is wrong with it
    (:func:`~nonostudio.rules.set_names.check_rule_set_name`)."""
    try:
        return check_rule_set_name(tidy_rule_set_name(name))
    except RuleSetNameError as exc:
        reason = str(exc)
        raise SaveRuleError(f"{reason[:1].upper()}{reason[1:]}.") from None


def save_rule(rule: Rule, set_name: str, title: str = "", source: str = "") -> tuple[Path, bool]:
    """Add ``rule`` to the user rule set ``set_name`` (a new file, or an existing one, where a
    rule of the same name is replaced); returns the file and whether a rule was replaced.

    The file is rewritten atomically.  Raises :class:`SaveRuleError` for a bad name or an
    existing file that does not parse (its problem named), OSError when it cannot be written.
    """
    name = check_set_name(set_name)
    folder = user_rules_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}{SUFFIX}"
    entries: list[RuleEntry] = []
    header = f"Rules written in the nonostudio rule editor (set “{name}”)."
    if path.is_file():
        try:
            existing = load_rule_set(path)
        except (ValueError, OSError) as exc:
            raise SaveRuleError(
                f"The rule set {path} cannot be read, so the rule was not added to it: {exc}"
            ) from exc
        entries, header = list(existing.entries), existing.header
    entry = RuleEntry(rule, title.strip() or rule.name, source.strip(), (), 0)
    replaced = False
    for i, old in enumerate(entries):
        if old.rule.name == rule.name:
            entries[i] = replace(
                old, rule=rule, title=entry.title, source=entry.source, examples=()
            )
            replaced = True
            break
    else:
        entries.append(entry)
    text = dump_rules(entries, header)
    parse_rule_set(text, name, str(path))  # what is written reads back
    write_text_atomic(path, text)
    return path, replaced
