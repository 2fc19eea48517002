"""Write or change one rule: live syntax checking with the error marked in the text, and "Prove".

The text is parsed a moment after each edit; a syntax error is underlined with a squiggle at its
line and column and spelled out under the editor.  Proving is in
:mod:`nonostudio.gui.rules.editor_proof`, drafts and saving in
:mod:`nonostudio.gui.rules.editor_drafts` (docs/design/gui-editing.md says how they fit).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QHideEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QTextEdit, QWidget

from nonostudio.gui.rule_drafts import RuleDrafts, draft_key
from nonostudio.gui.rules.editor_drafts import RuleDrafting
from nonostudio.gui.rules.editor_proof import shipped_proof_text
from nonostudio.gui.rules.editor_widgets import PARSE_DELAY_MS
from nonostudio.rules.ast import Rule
from nonostudio.rules.parser import RuleSyntaxError, parse_rule
from nonostudio.rules.proof_record import RecordedProof, recorded_proof

ERROR_COLOR = QColor(220, 50, 47)


class RuleEditor(RuleDrafting):
    """A rule text editor with live syntax errors, per-rule drafts and a background proof."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        delay_ms: int = PARSE_DELAY_MS,
        drafts: RuleDrafts | None = None,
    ) -> None:
        super().__init__(parent, delay_ms=delay_ms, drafts=drafts)
        self._timer.timeout.connect(self.parse_now)
        self.text_edit.textChanged.connect(self._on_text_changed)
        self.prove_button.clicked.connect(self.prove)
        self.cancel_button.clicked.connect(self.cancel_proof)
        self.revert_button.clicked.connect(self.ask_revert)
        self.save_button.clicked.connect(self.ask_save)
        self.parse_now()

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
            self.text_edit.setPlainText(text)
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
        self.prove_button.setEnabled(rule is not None and self._worker is None)
        self.save_button.setEnabled(rule is not None)
        if self._result is None and self._worker is None:
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
        self.result_label.setText("" if proof is None else shipped_proof_text(proof))

    def _show_error(self, error: RuleSyntaxError | None) -> None:
        if error is None:
            self._error_span = None
            self.error_label.setText("")
            self.error_label.setStyleSheet("")
            self.text_edit.setExtraSelections([])
            return
        self.error_label.setStyleSheet(f"color: {ERROR_COLOR.name()}")
        self.error_label.setText(str(error))
        self.text_edit.setExtraSelections([self._squiggle(error.line, error.column)])

    def _squiggle(self, line: int, column: int) -> QTextEdit.ExtraSelection:
        """A wavy underline from the error position to the end of its word (at least one char)."""
        doc = self.text_edit.document()
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
