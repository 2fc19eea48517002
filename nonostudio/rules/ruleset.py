"""Rule sets: rule files with their metadata, the shipped sets in ``resources/rules/``.

A rule file may open with a header comment block (free text, kept as ``RuleSet.header``); each
rule may carry ``#: title:``, ``#: source:`` and ``#: example:`` lines right above its ``def``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from nonostudio.paths import rules_dir, user_rules_dir
from nonostudio.rules.ast import Rule
from nonostudio.rules.examples import format_example
from nonostudio.rules.parser import RuleEntry, parse_rules
from nonostudio.rules.printer import format_rule

SUFFIX = ".rules"


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A named, ordered collection of rules with their metadata."""

    name: str
    entries: tuple[RuleEntry, ...]
    header: str = ""

    @property
    def rules(self) -> tuple[Rule, ...]:
        return tuple(e.rule for e in self.entries)

    def entry(self, rule_name: str) -> RuleEntry:
        """The entry whose rule is called ``rule_name``; raises KeyError."""
        for e in self.entries:
            if e.rule.name == rule_name:
                return e
        raise KeyError(rule_name)

    def __len__(self) -> int:
        return len(self.entries)


def header_of(text: str) -> str:
    """The free-text comment block a rule file opens with (``#`` lines, not ``#:``), unprefixed."""
    lines = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("#") or stripped.startswith("#:"):
            break
        body = stripped[1:]
        lines.append(body[1:] if body.startswith(" ") else body)
    return "\n".join(lines).strip("\n")


def parse_rule_set(text: str, name: str, source: str | None = None) -> RuleSet:
    """A rule set from a rule file's text; raises ``RuleSyntaxError``."""
    entries = parse_rules(text, source or name)
    return RuleSet(name, tuple(entries), header_of(text))


def available_rule_sets() -> list[str]:
    """Names of the shipped and the user's rule sets (``resources/rules/`` and the user-data
    ``rules/`` folder, file names without ``.rules``); a shipped name hides a user file's."""
    return sorted({p.stem for d in (rules_dir(), user_rules_dir()) for p in d.glob(f"*{SUFFIX}")})


def rule_set_path(name_or_path: str | Path) -> Path:
    """The file a rule-set name (``"control"``) or path refers to; raises FileNotFoundError."""
    text = str(name_or_path)
    if isinstance(name_or_path, Path) or "/" in text or "\\" in text or text.endswith(SUFFIX):
        path = Path(name_or_path)
        if not path.is_file():
            raise FileNotFoundError(f"no rule file at {path}")
        return path
    for folder in (rules_dir(), user_rules_dir()):
        path = folder / f"{text}{SUFFIX}"
        if path.is_file():
            return path
    known = ", ".join(available_rule_sets()) or "none"
    raise FileNotFoundError(f"no rule set named {text!r} (known sets: {known})")


def load_rule_set(name_or_path: str | Path) -> RuleSet:
    """Read a shipped rule set by name or a rule file by path.

    Raises FileNotFoundError for an unknown name or missing file, ``RuleSyntaxError`` for a file
    that does not parse.
    """
    path = rule_set_path(name_or_path)
    return parse_rule_set(path.read_text(encoding="utf-8"), path.stem, str(path))


def dump_rules(entries: Iterable[RuleEntry], header: str = "") -> str:
    """A rule file holding ``entries`` (metadata and all) that ``parse_rules`` reads back."""
    chunks = []
    if header:
        chunks.append("\n".join(f"# {line}".rstrip() for line in header.splitlines()))
    for e in entries:
        lines = [f"#: title: {e.title}"]
        if e.source:
            lines.append(f"#: source: {e.source}")
        lines.extend(f"#: example: {format_example(x)}" for x in e.examples)
        lines.append(format_rule(e.rule))
        chunks.append("\n".join(lines))
    return "\n\n".join(chunks) + "\n"
