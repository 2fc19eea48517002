"""The proof record the build keeps (``resources/rules/proofs.json``): it covers every shipped rule
with the hash of its current text and at least 30 cells, so a shipped rule changed without a new
proof run fails here; a rule is claimed proved only while its text hashes as recorded."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from nonostudio.core.paths import rules_dir
from nonostudio.rules.language.parser import parse_rule
from nonostudio.rules.language.printer import format_rule
from nonostudio.rules.proving.proof_record import (
    ProofRecordError,
    RecordedProof,
    Verdict,
    dump_record,
    load_record,
    missing_or_stale,
    record_path,
    record_verdicts,
    recorded_proof,
    rule_hash,
    shipped_status,
    write_record,
)
from nonostudio.rules.ruleset import load_rule_set

SHIPPED = {p.stem: load_rule_set(p.stem).rules for p in sorted(rules_dir().glob("*.rules"))}
MERCURY = load_rule_set("control").entry("mercury").rule


def test_the_record_covers_every_shipped_rule_as_its_text_is_now() -> None:
    record = load_record()
    assert record, f"no proof record at {record_path()}: run packaging/record_proofs.py"
    problems = missing_or_stale(SHIPPED, record, min_length=30)
    assert problems == [], (
        "the proof record does not match the shipped rules (re-prove with "
        "packaging/record_proofs.py --stale-only): " + "; ".join(problems)
    )
    for rule_set, rules in SHIPPED.items():
        for rule in rules:
            assert shipped_status(rule_set, rule) == "proved to 30 cells (shipped)"
    # Nothing recorded that is not shipped.
    shipped_keys = {(name, r.name) for name, rules in SHIPPED.items() for r in rules}
    assert set(record) <= shipped_keys
    for proof in record.values():
        assert proof.prover.startswith("nonostudio ") and proof.z3 and proof.date[:2] == "20"


def test_the_hash_is_of_the_rule_not_its_layout() -> None:
    text = format_rule(MERCURY)
    relaid = "  " + text.replace("\n", "\n\n    ").replace(" and ", "  and\n   ") + "\n\n"
    assert parse_rule(relaid, "relaid") == MERCURY
    assert rule_hash(parse_rule(relaid, "relaid")) == rule_hash(MERCURY)
    changed = parse_rule(text.replace("fill(false", "fill(true"), "changed")
    assert rule_hash(changed) != rule_hash(MERCURY)


def test_a_rule_is_claimed_proved_only_while_its_text_matches(tmp_path: Path) -> None:
    path = tmp_path / "proofs.json"
    write_record(
        [
            RecordedProof(
                "control", "mercury", rule_hash(MERCURY), 30, "nonostudio 0", "4", "2026-11-26"
            )
        ],
        path,
    )
    proof = recorded_proof("control", MERCURY, path)
    assert proof is not None and proof.max_length == 30
    edited = parse_rule(format_rule(MERCURY).replace("> 0 + size", "> 1 + size"), "edited")
    assert edited != MERCURY
    assert edited.name == MERCURY.name
    assert recorded_proof("control", edited, path) is None
    assert recorded_proof("learned", MERCURY, path) is None  # another set's record
    # Rewritten (a newer record): read afresh, not from the cache.
    write_record([], path)
    os.utime(path, (1, 1))
    assert recorded_proof("control", MERCURY, path) is None


def test_missing_or_stale_names_each_rule_and_why() -> None:
    record = {
        ("control", "mercury"): RecordedProof("control", "mercury", "0" * 64, 30, "", "", ""),
        ("control", "big_hint"): RecordedProof(
            "control",
            "big_hint",
            rule_hash(load_rule_set("control").entry("big_hint").rule),
            12,
            "",
            "",
            "",
        ),
    }
    rules = [load_rule_set("control").entry(n).rule for n in ("mercury", "big_hint", "full_hint")]
    assert missing_or_stale({"control": rules}, record, 30) == [
        "control mercury: changed since it was proved",
        "control big_hint: proved only to 12 cells",
        "control full_hint: not in the record",
    ]


def test_a_broken_record_is_named_and_claims_nothing(tmp_path: Path) -> None:
    path = tmp_path / "proofs.json"
    path.write_text('{"proofs": [\n  {"rule_set": "control",,}]}', encoding="utf-8")
    with pytest.raises(ProofRecordError, match=r"proofs.json: line 2, column"):
        load_record(path)
    assert recorded_proof("control", MERCURY, path) is None
    path.write_text('{"proofs": [{"rule": "x"}]}', encoding="utf-8")
    with pytest.raises(ProofRecordError, match="proof 1"):
        load_record(path)
    assert load_record(tmp_path / "absent.json") == {}


def test_the_record_reads_back_sorted(tmp_path: Path) -> None:
    proofs = [
        RecordedProof("b", "r2", "h2", 30, "p", "z", "d", 1.5),
        RecordedProof("a", "r1", "h1", 20, "p", "z", "d"),
    ]
    path = tmp_path / "proofs.json"
    write_record(proofs, path)
    assert [p["rule"] for p in json.loads(path.read_text())["proofs"]] == ["r1", "r2"]
    assert load_record(path) == {("a", "r1"): proofs[1], ("b", "r2"): proofs[0]}
    assert dump_record(proofs) == path.read_text()


def test_a_proof_run_s_verdicts_become_the_record(tmp_path: Path) -> None:
    """What the CI proof run writes when NONOSTUDIO_RECORD_PROOFS names a file."""
    control = load_rule_set("control").rules
    path = tmp_path / "proofs.json"
    verdicts: dict[tuple[str, int], Verdict | BaseException] = {
        ("control", 0): (control[0].name, True, ""),
        ("control", 1): (control[1].name, False, "(1) - → fill(false, 0, 1)"),
        ("control", 2): RuntimeError("z3 gave up"),
    }
    problems = record_verdicts(verdicts, 30, path)
    assert len(problems) == 2 and control[1].name in problems[0] and "gave up" in problems[1]
    record = load_record(path)
    assert set(record) == {("control", control[0].name)}
    assert record[("control", control[0].name)].sha256 == rule_hash(control[0])
    # A later run adds to the record and keeps what still matches.
    record_verdicts({("control", 1): (control[1].name, True, "")}, 30, path)
    assert set(load_record(path)) == {("control", control[0].name), ("control", control[1].name)}


def test_a_rule_s_recorded_way_is_kept_by_a_rewrite_of_the_same_text_only(tmp_path: Path) -> None:
    """The way a rule is proved fastest (``strategy``) survives a proof run that records the rule
    again with the same text, and is dropped with a changed text (a new rule is proved the default
    way until it is measured); a proof without one is written as before, without the field."""
    control = load_rule_set("control").rules
    path = tmp_path / "proofs.json"
    way = {"fast": True, "by_end": False}
    write_record(
        [
            RecordedProof(
                "control", control[0].name, rule_hash(control[0]), 30, "", "", "", 1.0, way
            ),
            RecordedProof("control", control[1].name, "0" * 64, 30, "", "", "", 1, way),
            RecordedProof("control", control[2].name, rule_hash(control[2]), 30, "", "", ""),
        ],
        path,
    )
    entries = json.loads(path.read_text())["proofs"]
    assert [e.get("strategy") for e in entries] == [way, way, None]
    assert "strategy" not in entries[2]
    verdicts: dict[tuple[str, int], Verdict | BaseException] = {
        ("control", i): (control[i].name, True, "") for i in range(3)
    }
    record_verdicts(verdicts, 30, path)
    record = load_record(path)
    assert record[("control", control[0].name)].strategy == way
    assert record[("control", control[1].name)].strategy is None  # its text changed
    assert record[("control", control[2].name)].strategy is None
    assert record[("control", control[1].name)].sha256 == rule_hash(control[1])


def test_a_malformed_way_is_named_as_the_record_s_error(tmp_path: Path) -> None:
    path = tmp_path / "proofs.json"
    good = {"rule_set": "control", "rule": "r", "sha256": "h", "max_length": 30}
    good |= {"prover": "p", "z3": "z", "date": "d"}
    for bad in ({"fast": True}, {"fast": 1, "by_end": True}, [True, True], "fast"):
        path.write_text(json.dumps({"proofs": [good | {"strategy": bad}]}), encoding="utf-8")
        with pytest.raises(ProofRecordError, match="proof 1: strategy"):
            load_record(path)
    path.write_text(json.dumps({"proofs": [good]}), encoding="utf-8")  # a record before the field
    assert load_record(path)[("control", "r")].strategy is None
