"""A rule the proof has just shown wrong is not saved into a rule set (a set's rules solve and
explain puzzles: it would give false reasons there); the text stays a draft.  Saving it opened
the dialog and wrote it, as if nothing were wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QThreadPool

from nonostudio.gui.rules.editor import RuleEditor

# Unsound: a clue's length from the line's start is not necessarily filled.
TOO_EAGER = """def too_eager:
  with h = constant(hint, 0):
  if true:
  then fill(true, 0, size(h))"""


@pytest.fixture
def editor(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RuleEditor:
    monkeypatch.setenv("NONOSTUDIO_DATA_DIR", str(tmp_path))
    widget = RuleEditor(delay_ms=1)
    qtbot.addWidget(widget)
    widget.resize(700, 500)
    widget.show()
    yield widget
    widget.cancel_proof()
    assert QThreadPool.globalInstance().waitForDone(60000)


def test_a_rule_the_proof_refuted_is_not_saved(qtbot, editor: RuleEditor) -> None:
    editor.set_text(TOO_EAGER)
    editor.ui.length_spin.setValue(4)
    with qtbot.waitSignal(editor.proofFinished, timeout=60000) as blocker:
        editor.ui.prove_button.click()
    assert blocker.args[0].sound is False
    editor.ui.save_button.click()
    assert editor.save_dialog is None  # no dialog: nothing to save into
    assert editor.ui.draft_label.text().startswith("Not saved: the proof found a line")
    # Once the text changes the verdict is gone, and saving is offered again.
    editor.set_text(TOO_EAGER.replace("too_eager", "changed"))
    qtbot.waitUntil(lambda: editor.rule() is not None and editor.rule().name == "changed")
    editor.ui.save_button.click()
    assert editor.save_dialog is not None
    editor.save_dialog.reject()
