"""Rule sets: rule files with their metadata, the shipped sets in ``resources/rules/``.

A rule file may open with a header comment block (free text, kept as ``RuleSet.header``); each
rule may carry ``#: title:``, ``#: source:`` and ``#: example:`` lines right above its ``def``.
Rule files are UTF-8 (a byte-order mark is allowed); a file that is not, or is larger than
:data:`MAX_FILE_BYTES`, is a ``RuleSyntaxError`` saying where, like any other bad rule text.
"""

from __future__ import annotations

import errno
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from nonostudio.core.file_kind import file_kind
from nonostudio.core.paths import rules_dir, user_rules_dir
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.examples import format_example
from nonostudio.rules.language.parser import MAX_TEXT_CHARS, RuleEntry, parse_rules
from nonostudio.rules.language.printer import format_rule
from nonostudio.rules.language.tokens import RuleSyntaxError

SUFFIX = ".rules"
MAX_FILE_BYTES = 4 * MAX_TEXT_CHARS  # UTF-8 takes at most 4 bytes a character


class UnknownRuleSetError(FileNotFoundError):
    """A rule-set name that names no shipped or user set (and no file); ``known`` lists the
    names there are.  A FileNotFoundError for callers that catch those, but bad input rather
    than a failed read: the command line exits 2 for it."""

    def __init__(self, name: str, known: list[str]) -> None:
        self.name = name
        self.known = known
        listed = ", ".join(known) or "none"
        super().__init__(
            f"no rule set named {name!r} and no file of that name (known sets: "
            f"{listed}; a rule file is named by a path or a name ending in {SUFFIX})"
        )


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


def decode_rule_text(data: bytes, source: str) -> str:
    """A rule file's bytes as text (UTF-8, a leading byte-order mark dropped); raises
    ``RuleSyntaxError`` naming the line and column of the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line_start = before.rfind(b"\n") + 1
        column = len(before[line_start:].decode("utf-8", errors="replace")) + 1
        found = f"the byte 0x{data[exc.start]:02x}"
        raise RuleSyntaxError(
            source,
            before.count(b"\n") + 1,
            column,
            "UTF-8 text",
            found,
            f"not UTF-8 text ({found} cannot start or continue a character): "
            "expected UTF-8 text, as rule files are",
        ) from None


def parse_rule_set(text: str | bytes, name: str, source: str | None = None) -> RuleSet:
    """A rule set from a rule file's text (or bytes, read as UTF-8); raises ``RuleSyntaxError``."""
    if isinstance(text, bytes):
        text = decode_rule_text(text, source or name)
    entries = parse_rules(text, source or name)
    return RuleSet(name, tuple(entries), header_of(text))


def available_rule_sets() -> list[str]:
    """Names of the shipped and the user's rule sets (``resources/rules/`` and the user-data
    ``rules/`` folder, file names without ``.rules``); a shipped name hides a user file's."""
    return sorted({p.stem for d in (rules_dir(), user_rules_dir()) for p in d.glob(f"*{SUFFIX}")})


def rule_set_path(name_or_path: str | Path) -> Path:
    """The file a rule-set name (``"control"``) or path refers to; raises FileNotFoundError
    for a missing file, :class:`UnknownRuleSetError` (one too) for an unknown name."""
    text = str(name_or_path)
    path = Path(name_or_path)
    if isinstance(name_or_path, Path) or "/" in text or "\\" in text or text.endswith(SUFFIX):
        _check_file(path)
        return path
    if text.strip():
        for folder in (rules_dir(), user_rules_dir()):
            named = folder / f"{text}{SUFFIX}"
            if named.is_file():
                return named
        if path.exists():  # a file (or folder) named without a slash or the .rules suffix
            _check_file(path)
            return path
    raise UnknownRuleSetError(text, available_rule_sets())


def _check_file(path: Path) -> None:
    """Raise the error of a path that holds no regular file, saying what is there: a folder, a
    FIFO, a device or a socket (each was "no rule file at ...", as if missing).  A FIFO or a
    device is refused rather than read: opening a FIFO no program writes to waits forever."""
    if path.is_file():
        return
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a rule file", str(path))
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        mode = None
    if mode is None:
        raise FileNotFoundError(f"no rule file at {path}")
    what = file_kind(mode)
    reason = f"is {what}, not a rule file" if what.startswith("a ") else f"is {what}"
    raise OSError(errno.EINVAL, reason, str(path))


def load_rule_set(name_or_path: str | Path) -> RuleSet:
    """Read a shipped rule set by name or a rule file by path.

    Raises :class:`UnknownRuleSetError` for an unknown name, FileNotFoundError for a missing
    file (other OSErrors for one that cannot be read), ``RuleSyntaxError`` for a file that does
    not parse, is not UTF-8 or is larger than :data:`MAX_FILE_BYTES`.
    """
    path = rule_set_path(name_or_path)
    with path.open("rb") as f:
        data = f.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise RuleSyntaxError(
            str(path),
            1,
            1,
            f"a rule file of at most {MAX_FILE_BYTES:,} bytes",
            "a larger file",
            f"the file is larger than {MAX_FILE_BYTES:,} "
            f"bytes: expected a rule file of at most {MAX_FILE_BYTES:,} bytes",
        )
    return parse_rule_set(data, path.stem, str(path))


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
