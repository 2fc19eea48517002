"""Write or change one rule: live syntax checking with the error marked in the text, drafts, and
"Prove".

The text is parsed a moment after each edit; a syntax error is underlined with a squiggle at its
line and column and spelled out under the editor.  Each opened rule keeps what was typed for it
(:mod:`nonostudio.gui.rule_drafts` stores the drafts): switching to another rule and back, or
restarting, shows the draft; *Revert* asks before discarding it; *Save to rule set…* writes the
rule into one of the user's rule sets.  *Prove* runs the soundness prover in the background
(:class:`~nonostudio.gui.rules.editor_proof.ProofRun`); Cancel stops z3 and focus stays in the
text; an unsound rule's counterexample is drawn as a line picture.  The widgets are
:class:`~nonostudio.gui.rules.editor_widgets.RuleEditorUi`'s (``editor.ui.…``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QHideEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QAbstractButton, QApplication, QMessageBox, QTextEdit, QWidget

from nonostudio.gui.common.progress_bars import show_progress
from nonostudio.gui.dialogs.save_rules import SaveWrittenRuleDialog
from nonostudio.gui.rule_drafts import (
    RuleDrafts,
    SaveRuleError,
    draft_key,
    save_rule,
    user_rule_sets,
)
from nonostudio.gui.rules.editor_proof import (
    ProofRun,
    counterexample_rows,
    proof_summary,
    shipped_proof_text,
)
from nonostudio.gui.rules.editor_widgets import PARSE_DELAY_MS, RuleEditorUi
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.parser import RuleSyntaxError, parse_rule
from nonostudio.rules.proving.proof_record import RecordedProof, recorded_proof

if TYPE_CHECKING:  # (z3 is loaded by the first proof, not with the Rules tab)
    from nonostudio.rules.proving.prover import ProofResult

ERROR_COLOR = QColor(220, 50, 47)


class RuleEditor(QWidget):
    """A rule text editor with live syntax errors, per-rule drafts and a background proof."""

    ruleChanged = Signal(object)  # Rule | None, after each (debounced) parse
    proofFinished = Signal(object)  # ProofResult, also when interrupted
    ruleSaved = Signal(str, str)  # the user rule set and the rule's name, after Save to rule set

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        delay_ms: int = PARSE_DELAY_MS,
        drafts: RuleDrafts | None = None,
    ) -> None:
        super().__init__(parent)
        self._rule: Rule | None = None
        self._error: RuleSyntaxError | None = None
        self._error_span: tuple[int, int] | None = None
        self._result: ProofResult | None = None
        self._drafts = drafts
        self._rule_set = ""  # the rule set and name of the opened rule ("" when none)
        self._rule_name = ""
        self._original = ""  # the opened rule's text as its set has it
        self._loading = False
        self.save_dialog: SaveWrittenRuleDialog | None = None
        self.confirm_box: QMessageBox | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self.ui = ui = RuleEditorUi(self)
        self._proof = ProofRun(self)
        self._proof.progressed.connect(self._progress)
        self._proof.proved.connect(self._proved)
        self._proof.failed.connect(self._failed)
        self._proof.aborted.connect(self._aborted)
        self._timer.timeout.connect(self.parse_now)
        ui.text_edit.textChanged.connect(self._on_text_changed)
        ui.prove_button.clicked.connect(self.prove)
        ui.cancel_button.clicked.connect(self.cancel_proof)
        ui.revert_button.clicked.connect(self.ask_revert)
        ui.save_button.clicked.connect(self.ask_save)
        self.parse_now()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:  # the colour scheme changed
            self.ui.highlighter.set_palette(self.palette())
        super().changeEvent(event)

    def text(self) -> str:
        return self.ui.text_edit.toPlainText()

    def hideEvent(self, event: QHideEvent) -> None:
        """Hidden (another tab, or the window closing): the draft is written now, not when the
        parse timer would have fired."""
        if self._timer.isActive():
            self.parse_now()
        super().hideEvent(event)

    # --- text and parsing --------------------------------------------------------------------

    def set_text(self, text: str) -> None:
        """Replace the text and parse it at once (a running proof is cancelled); a text not
        tied to a rule of a set (no draft is kept)."""
        self._flush_draft()
        self._rule_set = self._rule_name = self._original = ""
        self._load(text)

    def open_rule(self, rule_set: str, rule_name: str, text: str) -> None:
        """Show the rule ``rule_name`` of ``rule_set`` (``text`` as the set has it), or the
        draft the user left of it.  Whatever was typed for the rule shown before is kept."""
        self._flush_draft()
        self._rule_set, self._rule_name, self._original = rule_set, rule_name, text
        draft = self.drafts().get(draft_key(rule_set, rule_name))
        self._load(text if draft is None else draft)

    def _load(self, text: str) -> None:
        self._loading = True
        try:
            self.ui.text_edit.setPlainText(text)
        finally:
            self._loading = False
        self.parse_now()
        self._show_draft_state()

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
            self.ui.text_edit.setFocus()

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

    def rule(self) -> Rule | None:
        """The rule the text holds, or None while it has a syntax error."""
        return self._rule

    def error(self) -> RuleSyntaxError | None:
        return self._error

    def error_span(self) -> tuple[int, int] | None:
        """Document positions ``[start, end)`` of the squiggle under the syntax error."""
        return self._error_span

    def _on_text_changed(self) -> None:
        self.cancel_proof()
        self._clear_result()
        if not self._loading:
            self._show_draft_state()
        self._timer.start()  # the draft is written with the parse, not on every key

    def parse_now(self) -> None:
        self._timer.stop()
        self._flush_draft()
        self._show_draft_state()
        text = self.text()
        if not text.strip():
            rule, error = None, None
        else:
            try:
                rule, error = parse_rule(text, "rule text"), None
            except RuleSyntaxError as exc:
                rule, error = None, exc
        self._rule, self._error = rule, error
        self._show_error(error)
        self.ui.prove_button.setEnabled(rule is not None and not self._proof.is_running())
        self.ui.save_button.setEnabled(rule is not None)
        if self._result is None and not self._proof.is_running():
            self._show_recorded_proof()
        self.ruleChanged.emit(rule)

    def recorded_proof(self) -> RecordedProof | None:
        """The build's proof of the shown rule, when it is a shipped rule with its text as
        proved."""
        if self._rule is None or not self._rule_set:
            return None
        return recorded_proof(self._rule_set, self._rule)

    def _show_recorded_proof(self) -> None:
        proof = self.recorded_proof()
        self.ui.result_label.setText("" if proof is None else shipped_proof_text(proof))

    def _show_error(self, error: RuleSyntaxError | None) -> None:
        if error is None:
            self._error_span = None
            self.ui.error_label.setText("")
            self.ui.error_label.setStyleSheet("")
            self.ui.text_edit.setExtraSelections([])
            return
        self.ui.error_label.setStyleSheet(f"color: {ERROR_COLOR.name()}")
        self.ui.error_label.setText(str(error))
        self.ui.text_edit.setExtraSelections([self._squiggle(error.line, error.column)])

    def _squiggle(self, line: int, column: int) -> QTextEdit.ExtraSelection:
        """A wavy underline from the error position to the end of its word (at least one char)."""
        doc = self.ui.text_edit.document()
        block = doc.findBlockByNumber(max(0, line - 1))
        if not block.isValid():
            block = doc.lastBlock()
        text = block.text()
        col = min(max(0, column - 1), max(0, len(text) - 1))
        end = min(col + 1, len(text))
        word = str.isalnum
        while (
            end < len(text)
            and text[col : col + 1]
            and word(text[col])
            and (word(text[end]) or text[end] == "_")
        ):
            end += 1
        cursor = QTextCursor(block)
        cursor.setPosition(block.position() + col)
        cursor.setPosition(block.position() + end, QTextCursor.MoveMode.KeepAnchor)
        self._error_span = (block.position() + col, block.position() + end)
        fmt = QTextCharFormat()
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        fmt.setUnderlineColor(ERROR_COLOR)
        fmt.setFontUnderline(True)
        selection = QTextEdit.ExtraSelection()
        selection.cursor = cursor
        selection.format = fmt
        return selection

    # --- proving ------------------------------------------------------------------------------

    def is_proving(self) -> bool:
        return self._proof.is_running()

    def is_stopping(self) -> bool:
        """True while a cancelled proof's thread has not ended yet."""
        return self._proof.is_stopping()

    def proof_result(self) -> ProofResult | None:
        return self._result

    def _focus_in_bar(self) -> bool:
        focused = QApplication.focusWidget()
        return focused is None or focused in (
            self.ui.prove_button,
            self.ui.cancel_button,
            self.ui.length_spin,
        )

    def _keep_focus(self) -> None:
        """Before a focused button is disabled or hidden: focus the text, not whatever widget
        comes next in the window (the Library filter, once)."""
        if self._focus_in_bar() and self.isVisible():
            self.ui.text_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def prove(self) -> None:
        """Prove the current rule sound in the background (nothing happens without a rule)."""
        rule = self._rule
        if rule is None or self._proof.is_running():
            return
        max_length = self.ui.length_spin.value()
        self._clear_result()
        self.ui.result_label.setText(f"Proving for lines of up to {max_length} cells…")
        self.ui.progress.setFormat("%p%")  # not the last proof's words
        show_progress(self.ui.progress, 0)  # busy until the prover's first report
        self.ui.progress.show()
        self.ui.progress_label.setText("")
        self.ui.cancel_button.show()
        self._keep_focus()
        self.ui.prove_button.setEnabled(False)
        self._proof.start(rule, max_length)

    def cancel_proof(self) -> None:
        """Stop a running proof: z3 is interrupted (the prover polls ``should_stop``) and the
        result is dropped."""
        if not self._proof.cancel():
            return
        self._idle()
        self.ui.result_label.setText("Proof cancelled.")

    def _idle(self) -> None:
        self._keep_focus()
        self.ui.progress.hide()
        self.ui.progress_label.hide()
        self.ui.cancel_button.hide()
        self.ui.prove_button.setEnabled(self._rule is not None)

    def _progress(self, fraction: float, message: str) -> None:
        """The prover's ``(fraction, message)``: the bar at the fraction, the words on it and,
        wrapped, under it."""
        self.ui.progress_label.setText(message[:1].upper() + message[1:] if message else "")
        self.ui.progress.setFormat(f"{message} (%p%)" if message else "%p%")
        # the words wrapped under the bar only when the bar is too narrow to hold them
        fits = (
            self.ui.progress.fontMetrics().horizontalAdvance(f"{message} (100%)") + 40
            <= self.ui.progress.width()
        )
        self.ui.progress_label.setVisible(not fits)
        show_progress(self.ui.progress, fraction)

    def _proved(self, result: ProofResult) -> None:
        self._idle()
        self._result = result
        self.ui.result_label.setText(proof_summary(result))
        bold = QFont(self.ui.result_label.font())
        bold.setBold(result.sound is False)
        self.ui.result_label.setFont(bold)
        example = result.counterexample
        if example is not None:
            self.ui.counterexample.set_line(example.hints, counterexample_rows(example))
            self.ui.counterexample.show()
        self.proofFinished.emit(result)

    def _failed(self, message: str) -> None:
        self._idle()
        self.ui.result_label.setText(f"The proof failed: {message}")

    def _aborted(self) -> None:
        self._idle()

    def _clear_result(self) -> None:
        self._result = None
        self.ui.result_label.setText("")
        self.ui.counterexample.hide()

    # --- drafts and saving into a user rule set ------------------------------------------------

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
            self.ui.draft_label.setText(store.problem)

    def _show_draft_state(self) -> None:
        problem = self._drafts.problem if self._drafts is not None else ""
        if self.has_draft():
            self.ui.draft_label.setText(
                problem
                or f"Your draft of “{self._rule_name}” (kept until "
                "you save or revert it; the set's rule is unchanged)."
            )
            self.ui.revert_button.show()
        else:
            self.ui.draft_label.setText(problem)
            self.ui.revert_button.hide()

    def ask_save(self) -> None:
        """Ask which of the user's rule sets the rule goes into, then save it there."""
        rule = self._rule
        if rule is None:
            self.ui.draft_label.setText("Fix the rule's syntax error before saving it.")
            return
        if self._result is not None and self._result.sound is False:
            # A set's rules solve and explain puzzles: a rule shown wrong would give false
            # reasons there.  The text stays a draft.
            self.ui.draft_label.setText(
                "Not saved: the proof found a line this rule gets wrong (below). Fix the rule "
                "and prove it again; your text is kept as a draft."
            )
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
            self.ui.draft_label.setText(f"The rule was not saved: {exc}")
            self.ui.text_edit.setFocus()
            return
        key = self._key()
        if key is not None:
            self.drafts().remove(key)  # saved: the draft is now in the set
        self._rule_set, self._rule_name, self._original = path.stem, rule.name, self.text()
        self._show_draft_state()
        self.ruleSaved.emit(path.stem, rule.name)  # the browser may open the saved rule
        verb = "replaced in" if replaced else "added to"
        self.ui.draft_label.setText(
            f"Saved: “{rule.name}” {verb} your rule set “{path.stem}” ({path})."
        )
        self.ui.text_edit.setFocus()
