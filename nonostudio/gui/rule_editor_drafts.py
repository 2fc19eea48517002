"""The rule editor's drafts and saving: each opened rule keeps what was typed for it.

Switching to another rule and back, or restarting, shows the draft
(:mod:`nonostudio.gui.rule_drafts` stores it); *Revert* asks before discarding it; *Save to rule
set…* writes the rule into one of the user's rule sets.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QMessageBox

from nonostudio.gui.rule_drafts import (
    RuleDrafts,
    SaveRuleError,
    draft_key,
    save_rule,
    user_rule_sets,
)
from nonostudio.gui.rule_editor_proof import RuleProving
from nonostudio.gui.save_rules_dialog import SaveWrittenRuleDialog
from nonostudio.rules.ast import Rule


class RuleDrafting(RuleProving):
    """Opening a rule of a set, its draft, *Revert* and *Save to rule set…*."""

    def drafts(self) -> RuleDrafts:
        """The draft store (the user-data folder's, read on first use)."""
        if self._drafts is None:
            self._drafts = RuleDrafts()
        return self._drafts

    def _key(self) -> str | None:
        return draft_key(self._rule_set, self._rule_name) if self._rule_name else None

    def open_rule(self, rule_set: str, rule_name: str, text: str) -> None:
        """Show the rule ``rule_name`` of ``rule_set`` (``text`` as the set has it), or the
        draft the user left of it.  Whatever was typed for the rule shown before is kept."""
        self._flush_draft()
        self._rule_set, self._rule_name, self._original = rule_set, rule_name, text
        draft = self.drafts().get(draft_key(rule_set, rule_name))
        self._load(text if draft is None else draft)

    def has_draft(self) -> bool:
        """True when the text differs from the opened rule's (a draft is kept)."""
        return self._key() is not None and self.text() != self._original

    def _load(self, text: str) -> None:
        self._loading = True
        try:
            self.text_edit.setPlainText(text)
        finally:
            self._loading = False
        self.parse_now()
        self._show_draft_state()

    def _flush_draft(self) -> None:
        """Store (or drop) the shown rule's draft now, not when the parse timer fires."""
        key = self._key()
        if key is None:
            return
        store = self.drafts()
        ok = store.set(key, self.text()) if self.has_draft() else store.remove(key)
        if not ok:
            self.draft_label.setText(store.problem)

    def _show_draft_state(self) -> None:
        problem = self._drafts.problem if self._drafts is not None else ""
        if self.has_draft():
            self.draft_label.setText(
                problem
                or f"Your draft of “{self._rule_name}” (kept until "
                "you save or revert it; the set's rule is unchanged)."
            )
            self.revert_button.show()
        else:
            self.draft_label.setText(problem)
            self.revert_button.hide()

    def ask_revert(self) -> None:
        """Ask before discarding the draft; on *Discard* show the rule as its set has it."""
        if not self.has_draft():
            return
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Discard your changes?",
            f"Discard your changes to the rule “{self._rule_name}” and show it as "
            f"the rule set “{self._rule_set}” has it?",
            parent=self,
        )
        box.setStandardButtons(
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(button: QAbstractButton) -> None:
            self.confirm_box = None
            if box.standardButton(button) == QMessageBox.StandardButton.Discard:
                self.revert()
            self.text_edit.setFocus()

        box.buttonClicked.connect(answered)
        box.rejected.connect(lambda: setattr(self, "confirm_box", None))
        self.confirm_box = box
        box.open()

    def revert(self) -> None:
        """Discard the draft (no question asked: :meth:`ask_revert` asks)."""
        key = self._key()
        if key is not None:
            self.drafts().remove(key)
        self._load(self._original)

    # --- saving into a user rule set -----------------------------------------------------------

    def ask_save(self) -> None:
        """Ask which of the user's rule sets the rule goes into, then save it there."""
        rule = self._rule
        if rule is None:
            self.draft_label.setText("Fix the rule's syntax error before saving it.")
            return
        dialog = SaveWrittenRuleDialog(rule.name, user_rule_sets(), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._save(rule, dialog.chosen_set(), dialog.title.text()))
        dialog.finished.connect(lambda _: setattr(self, "save_dialog", None))
        self.save_dialog = dialog
        dialog.open()

    def _save(self, rule: Rule, set_name: str, title: str) -> None:
        try:
            path, replaced = save_rule(
                rule,
                set_name,
                title,
                f"written in the rule editor from {self._rule_set} {self._rule_name}"
                if self._rule_name
                else "",
            )
        except (SaveRuleError, OSError) as exc:
            self.draft_label.setText(f"The rule was not saved: {exc}")
            self.text_edit.setFocus()
            return
        key = self._key()
        if key is not None:
            self.drafts().remove(key)  # saved: the draft is now in the set
        self._rule_set, self._rule_name, self._original = path.stem, rule.name, self.text()
        self._show_draft_state()
        self.ruleSaved.emit(path.stem, rule.name)  # the browser may open the saved rule
        verb = "replaced in" if replaced else "added to"
        self.draft_label.setText(
            f"Saved: “{rule.name}” {verb} your rule set “{path.stem}” ({path})."
        )
        self.text_edit.setFocus()
