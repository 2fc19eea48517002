"""What a user rule set may be called (:mod:`nonostudio.rules.set_names`): the one rule the rule
editor's *Save to Rule Set*, the Jobs panel's *Save Rules…* and ``learn export`` into the rule
folders apply, each refusal saying why."""

from __future__ import annotations

import pytest

from nonostudio.cli import main
from nonostudio.core.paths import user_rules_dir
from nonostudio.gui.learned_rules import check_save
from nonostudio.gui.rule_drafts import SaveRuleError, check_set_name
from nonostudio.rules.ruleset import available_rule_sets, load_rule_set, rule_set_path
from nonostudio.rules.set_names import (
    RuleSetNameError,
    check_rule_set_name,
    shipped_rule_sets,
    tidy_rule_set_name,
)

ACCEPTED = ["mine", "my rules", "règles-2", "v1.2", "tiny_learned", "2024 set", "Set (copy)"]
NOT_IN_NAMES = 'leave out / \\ : * ? " < > |, control characters and a leading dot'
NOT_FILE_NAMES = ["a/b", "../escape", "a\\b", "c:d", "what?", "x*", "<x>", "a|b", '"q"', ".hid"]
REFUSED = [
    ("", "give the rule set a name"),
    ("   ", "give the rule set a name"),
    (" mine", "“ mine” is not a rule-set name: it starts or ends with a space"),
    ("mine ", "“mine ” is not a rule-set name: it starts or ends with a space"),
    *(
        (n, f"“{n}” is not a rule-set name: it names a file, so {NOT_IN_NAMES}")
        for n in NOT_FILE_NAMES
    ),
    ("tab\there", f"'tab\\there' is not a rule-set name: it names a file, so {NOT_IN_NAMES}"),
    (
        "mine.rules",
        "“mine.rules” is not a rule-set name: leave out the .rules ending (the name would be "
        "read as a path)",
    ),
    *(
        (n, f"“{n}” is the name of a shipped rule set: a set of your own needs another name")
        for n in ("control", "learned", "concise")
    ),
]
RULE = "def r:\n  with h = arbitrary(hint):\n  if size(h) > 0:\n  then fill(true, 0, 0)\n"


def test_the_shipped_sets_are_the_ones_refused() -> None:
    assert shipped_rule_sets() == {"control", "learned", "concise"}


@pytest.mark.parametrize("name", ACCEPTED)
def test_accepted_names_name_a_set_that_reads_back_by_name(name: str) -> None:
    assert check_rule_set_name(name) == name
    path = user_rules_dir() / f"{name}.rules"
    path.write_text(RULE, encoding="utf-8")
    try:
        assert name in available_rule_sets()
        assert rule_set_path(name) == path and load_rule_set(name).name == name
    finally:
        path.unlink()


@pytest.mark.parametrize(("name", "said"), REFUSED)
def test_refused_names_say_why(name: str, said: str) -> None:
    with pytest.raises(RuleSetNameError) as caught:
        check_rule_set_name(name)
    assert str(caught.value) == said


def test_what_is_typed_is_tidied_first_in_the_rule_editor() -> None:
    assert tidy_rule_set_name("  mine.rules ") == "mine"
    assert check_set_name("  mine.rules ") == "mine"
    with pytest.raises(SaveRuleError, match=r"^“control” is the name of a shipped rule set: .*\.$"):
        check_set_name("control.rules")
    with pytest.raises(SaveRuleError, match=r"^Give the rule set a name\.$"):
        check_set_name(" ")


@pytest.mark.parametrize("name", ["control", " mine", "mine.rules", "a/b", ".hid"])
def test_saving_learned_rules_refuses_what_the_rule_editor_refuses(name: str) -> None:
    # The Jobs panel saves under the name as given.  Its own rule refused only some characters:
    # learned rules saved as "control" went where the shipped set hid them.
    with pytest.raises(RuleSetNameError) as caught:
        check_save(name, None, None)
    if tidy_rule_set_name(name) != name:  # the rule editor tidies what is typed, then checks
        assert check_set_name(name) == tidy_rule_set_name(name)
        return
    with pytest.raises(SaveRuleError) as editor:
        check_set_name(name)
    reason = str(caught.value)
    assert str(editor.value) == f"{reason[:1].upper()}{reason[1:]}."


@pytest.mark.parametrize("name", ACCEPTED)
def test_saving_learned_rules_accepts_what_the_rule_editor_accepts(name: str) -> None:
    check_save(name, None, None)
    assert check_set_name(name) == name


def test_learn_export_into_the_user_rule_folder_applies_the_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name, said in (
        ("control", "“control” is the name of a shipped rule set"),
        ("c:d", "“c:d” is not a rule-set name: it names a file"),
    ):
        out = user_rules_dir() / f"{name}.rules"
        assert main(["learn", "export", "--pool", "control", str(out)]) == 2
        err = capsys.readouterr().err
        assert said in err and str(out) in err and "Traceback" not in err
        assert not out.exists()
