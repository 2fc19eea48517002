"""The record of which shipped rules were proved sound, and to how many cells.

The build writes ``resources/rules/proofs.json`` from a real proof run (:func:`record_verdicts`);
the app shows a shipped rule as proved only while its text hashes to the recorded hash
(:func:`recorded_proof`, :func:`shipped_status`).  How the record is made and checked:
``docs/design/rules.md``.  A proof may also name the way its rule is proved fastest (``strategy``,
measured: ``docs/design/prover.md``), which the proof runs use while the rule's text is the one
recorded (:func:`proof_strategy`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from nonostudio.core.atomic import write_text_atomic
from nonostudio.core.paths import rules_dir
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.printer import format_rule

if TYPE_CHECKING:
    from nonostudio.rules.proving.prover import ProofStrategy

RECORD_NAME = "proofs.json"
RECORD_ENV = "NONOSTUDIO_RECORD_PROOFS"
"""Set to a file, the shipped-rule tests write that record from their proof run (a build step)."""
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class RecordedProof:
    """One rule proved sound for all lines up to ``max_length`` cells, as the build recorded it."""

    rule_set: str
    rule: str
    sha256: str
    max_length: int
    prover: str
    z3: str
    date: str
    seconds: float = 0.0
    strategy: dict[str, bool] | None = None
    """The at-once way this rule is proved fastest, ``{"fast": bool, "by_end": bool}`` (the
    :class:`~nonostudio.rules.proving.prover.ProofStrategy` fields), or None: the default way
    (``AT_ONCE``).  Only a speed choice: every way is a complete prover."""


class ProofRecordError(ValueError):
    """The record file is not a proof record (names the file and what is wrong)."""


def record_path() -> Path:
    """The shipped proof record (``resources/rules/proofs.json``)."""
    return rules_dir() / RECORD_NAME


def rule_hash(rule: Rule) -> str:
    """SHA-256 (hex) of the rule's canonical text: what the prover proved, name included."""
    return hashlib.sha256(format_rule(rule).encode("utf-8")).hexdigest()


def load_record(path: Path | None = None) -> dict[tuple[str, str], RecordedProof]:
    """The record's proofs keyed by ``(rule set, rule name)``; empty when there is no record.

    Raises :class:`ProofRecordError` (naming the file and the entry) for a file that is not one.
    """
    path = record_path() if path is None else path
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProofRecordError(
            f"{path}: line {exc.lineno}, column {exc.colno}: not JSON ({exc.msg})"
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("proofs"), list):
        raise ProofRecordError(f'{path}: expected an object with a list of "proofs"')
    found: dict[tuple[str, str], RecordedProof] = {}
    for i, item in enumerate(data["proofs"], 1):
        try:
            proof = RecordedProof(**item)
        except TypeError as exc:
            raise ProofRecordError(f"{path}: proof {i}: {exc}") from None
        if not isinstance(proof.max_length, int) or not isinstance(proof.sha256, str):
            raise ProofRecordError(
                f"{path}: proof {i}: max_length must be a whole number and sha256 a string"
            )
        way = proof.strategy
        if way is not None and (
            not isinstance(way, dict)
            or set(way) != {"fast", "by_end"}
            or not all(isinstance(v, bool) for v in way.values())
        ):
            raise ProofRecordError(
                f'{path}: proof {i}: strategy must be {{"fast": true/false, "by_end": true/false}}'
            )
        found[(proof.rule_set, proof.rule)] = proof
    return found


_CACHE: dict[Path, tuple[float, dict[tuple[str, str], RecordedProof]]] = {}


def _cached_record(path: Path) -> dict[tuple[str, str], RecordedProof]:
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return {}
    cached = _CACHE.get(path)
    if cached is None or cached[0] != stamp:
        try:
            cached = (stamp, load_record(path))
        except (ProofRecordError, OSError):
            cached = (stamp, {})  # a broken record claims nothing
        _CACHE[path] = cached
    return cached[1]


def recorded_proof(rule_set: str, rule: Rule, path: Path | None = None) -> RecordedProof | None:
    """The recorded proof of ``rule`` in the shipped set ``rule_set``, or None when there is none
    or the rule's text has changed since (its hash differs from the recorded one)."""
    proof = _cached_record(record_path() if path is None else path).get((rule_set, rule.name))
    if proof is None or proof.sha256 != rule_hash(rule):
        return None
    return proof


def proof_strategy(rule_set: str, rule: Rule, path: Path | None = None) -> ProofStrategy:
    """How to prove ``rule`` of the shipped set ``rule_set``: at once, the way the record names
    for it while its text is the one recorded, else the default way (``AT_ONCE``: a new or
    changed rule is proved as any other)."""
    from nonostudio.rules.proving.prover import AT_ONCE, ProofStrategy

    proof = recorded_proof(rule_set, rule, path)
    if proof is None or proof.strategy is None:
        return AT_ONCE
    return ProofStrategy(at_once=True, fast=proof.strategy["fast"], by_end=proof.strategy["by_end"])


def keep_strategy(
    proof: RecordedProof, kept: Mapping[tuple[str, str], RecordedProof]
) -> RecordedProof:
    """``proof`` with the way ``kept`` (the record before a rewrite) names for its rule, if the
    kept proof is of the same text: a rebuild keeps each rule's measured way."""
    old = kept.get((proof.rule_set, proof.rule))
    if old is None or old.sha256 != proof.sha256 or old.strategy is None:
        return proof
    return replace(proof, strategy=dict(old.strategy))


def _entry(proof: RecordedProof) -> dict[str, object]:
    item = asdict(proof)
    if item["strategy"] is None:  # the default way: left out, as records before it had it
        del item["strategy"]
    return item


def dump_record(proofs: Iterable[RecordedProof]) -> str:
    """The record file's text, proofs sorted by set and rule name."""
    items = sorted(proofs, key=lambda p: (p.rule_set, p.rule))
    return (
        json.dumps(
            {"format": FORMAT_VERSION, "proofs": [_entry(p) for p in items]},
            indent=1,
            ensure_ascii=False,
        )
        + "\n"
    )


def write_record(proofs: Iterable[RecordedProof], path: Path | None = None) -> None:
    """Write the record atomically."""
    write_text_atomic(record_path() if path is None else path, dump_record(proofs))


def missing_or_stale(
    rule_sets: Mapping[str, Iterable[Rule]],
    record: Mapping[tuple[str, str], RecordedProof],
    min_length: int,
) -> list[str]:
    """What the record lacks for ``rule_sets``: one phrase per rule not recorded, recorded with
    another text, or proved to fewer than ``min_length`` cells."""
    problems = []
    for set_name, rules in rule_sets.items():
        for rule in rules:
            proof = record.get((set_name, rule.name))
            if proof is None:
                problems.append(f"{set_name} {rule.name}: not in the record")
            elif proof.sha256 != rule_hash(rule):
                problems.append(f"{set_name} {rule.name}: changed since it was proved")
            elif proof.max_length < min_length:
                problems.append(f"{set_name} {rule.name}: proved only to {proof.max_length} cells")
    return problems


def shipped_status(rule_set: str, rule: Rule) -> str | None:
    """The rule table's proof status from the record: ``"proved to 30 cells (shipped)"`` while
    the rule's text is the one proved, else None."""
    proof = recorded_proof(rule_set, rule)
    return None if proof is None else f"proved to {proof.max_length} cells (shipped)"


def versions() -> dict[str, str]:
    """The prover's and z3's versions, as the record states them."""
    import z3

    import nonostudio

    return {"prover": f"nonostudio {nonostudio.__version__}", "z3": z3.get_version_string()}


Verdict = tuple[str, bool | None, str]
"""A proof run's verdict on one rule: its name, whether it is sound (None: not settled), and the
counterexample ("" when there is none)."""


def record_verdicts(
    verdicts: Mapping[tuple[str, int], Verdict | BaseException],
    max_length: int,
    path: Path | None = None,
) -> list[str]:
    """Write the record from a proof run's verdicts, ``{(rule set, index): (rule name, sound,
    counterexample)}`` (or the exception the proof raised), as ``tests/shipped_proofs.py`` gives
    them: the sound rules are recorded with the hash of their current text, beside the record's
    entries that still match their rules; returns one phrase per rule not recorded (unsound, not
    settled, failed)."""
    import datetime

    from nonostudio.rules.ruleset import load_rule_set

    path = record_path() if path is None else path
    sets = {name: load_rule_set(name) for name in {name for name, _ in verdicts}}
    current = {(name, r.name): rule_hash(r) for name, s in sets.items() for r in s.rules}
    try:
        kept = load_record(path)
    except ProofRecordError:
        kept = {}
    record = {k: v for k, v in kept.items() if current.get(k) == v.sha256}
    date = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    stated = versions()
    problems = []
    for (name, index), outcome in sorted(verdicts.items()):
        rule = sets[name].rules[index]
        if isinstance(outcome, BaseException):
            problems.append(f"{name} {rule.name}: the proof failed ({outcome})")
            continue
        rule_name, sound, counterexample = outcome
        if rule_name != rule.name or sound is not True:
            problems.append(f"{name} {rule.name}: {counterexample or 'not proved'}")
            continue
        proved = RecordedProof(
            name,
            rule.name,
            rule_hash(rule),
            max_length,
            prover=stated["prover"],
            z3=stated["z3"],
            date=date,
        )
        record[(name, rule.name)] = keep_strategy(proved, kept)
    write_record(record.values(), path)
    return problems
