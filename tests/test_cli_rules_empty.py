"""A rule file with no rule (empty, blank lines, only comments) is an error for the rule tools
that act on its rules: ``rules prove`` said "0 of 0 rules proved sound" (exit 0), ``show`` "0
rules" and ``coverage`` "0 of 4032 cells covered"; now each says why, naming the file (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nonostudio.cli import main

FILES = {
    "empty": ("", "it is empty"),
    "blank": ("\n  \n", "it holds only blank lines"),
    "comments": ("# rules to come\n\n# one a paragraph\n", "it holds only comments"),
}
ACTIONS = {"show": "to show", "prove": "to prove", "coverage": "to measure the coverage of"}


@pytest.mark.parametrize("kind", FILES)
@pytest.mark.parametrize("action", ACTIONS)
def test_a_file_without_rules_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], action: str, kind: str
) -> None:
    text, what = FILES[kind]
    path = tmp_path / f"{kind}.rules"
    path.write_text(text, encoding="utf-8")
    assert main(["rules", action, str(path), "--json"]) == 2
    data = json.loads(capsys.readouterr().out)
    assert data["error"].startswith(f"{path}: no rules {ACTIONS[action]}: {what};")
    assert data["source"] == str(path)
