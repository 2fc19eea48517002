"""The rule-set chooser every screen with a "Rules" combo box fills the same way, and keeps up to
date when a rule set is saved while the studio runs; and the rule sets read once for the panels
that show the same set (:func:`read_rule_set`), which the start reads ahead on a worker thread
(:func:`read_ahead`)."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterable

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QComboBox

from nonostudio.gui.common.workers import Progress, ShouldStop, Worker, run_in_background
from nonostudio.rules.ruleset import (
    MAX_FILE_BYTES,
    RuleSet,
    available_rule_sets,
    load_rule_set,
    parse_rule_set,
    rule_set_path,
)

# Each rule file's last reading: its path -> (a digest of its bytes, the rule set read).
_read: dict[str, tuple[bytes, RuleSet]] = {}
_read_lock = threading.Lock()


def read_rule_set(name: str) -> RuleSet:
    """The rule set ``name`` as :func:`load_rule_set` reads it (and raising as it does), read
    again only when its file changed: the panels that start with the same set share one reading
    (the default set takes ~16 ms of the thread that parses it).  Safe on any thread."""
    path = rule_set_path(name)
    with path.open("rb") as f:
        data = f.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        return load_rule_set(path)  # (says it is too large)
    digest = hashlib.blake2b(data, digest_size=16).digest()
    key = str(path)
    with _read_lock:
        known = _read.get(key)
    if known is not None and known[0] == digest:
        return known[1]
    rule_set = parse_rule_set(data, path.stem, str(path))
    with _read_lock:
        _read[key] = (digest, rule_set)
    return rule_set


def read_ahead(names: Iterable[str]) -> Worker:
    """Read the rule sets ``names`` on a worker thread, for :func:`read_rule_set` to find (a set
    that cannot be read is left to the panel that shows it to say why)."""
    wanted = list(names)

    def job(_progress: Progress, should_stop: ShouldStop) -> None:
        for name in wanted:
            if should_stop():
                return
            try:
                read_rule_set(name)
            except (OSError, ValueError):  # (a RuleSyntaxError is a ValueError)
                continue

    return run_in_background(job, on_result=lambda _nothing: None)


def offer_rule_sets(combo: QComboBox, *preferred: str) -> None:
    """Fill ``combo`` with the available rule sets and select the first of ``preferred`` that is
    among them (the combo's own first entry when none is).  The combo's ``currentTextChanged``
    says the set chosen once, not first the list's first set (which each screen then loaded and
    showed for nothing: the Rules tab a whole table, on every start)."""
    names = available_rule_sets()
    before = combo.currentText()
    with QSignalBlocker(combo):
        combo.addItems(names)
        default = next((n for n in preferred if n in names), None)
        if default is not None:
            combo.setCurrentText(default)
    if combo.currentText() != before:
        combo.currentTextChanged.emit(combo.currentText())


def take_saved_rule_set(
    combo: QComboBox, name: str, in_use: RuleSet | None, read_again: Callable[[str], None]
) -> None:
    """The rule set ``name`` was just saved (a learned set from the Jobs tab, a rule added in the
    Rules tab's editor): offer it in ``combo`` if it is new there, and when it is the set in use
    call ``read_again(name)`` (its rules as first loaded are out of date)."""
    if combo.findText(name) < 0:
        combo.addItem(name)
    if in_use is not None and in_use.name == name:
        read_again(name)
