"""The rule editor's drafts and saving: each opened rule keeps what was typed for it.

Switching to another rule and back, or restarting, shows the draft
(:mod:`nonostudio.gui.rule_drafts` stores it); *Revert* asks before discarding it; *Save to rule
set…* writes the rule into one of the user's rule sets.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from nonostudio.gui.dialogs.save_rules import SaveWrittenRuleDialog
from nonostudio.gui.rule_drafts import (
    RuleDrafts,
    SaveRuleError,
    draft_key,
    save_rule,
    user_rule_sets,
)
from nonostudio.gui.rules.editor_proof import RuleProving
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

    def has_draft(self) -> bool:
        """True when the text differs from the opened rule's (a draft is kept)."""
        return self._key() is not None and self.text() != self._original

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
