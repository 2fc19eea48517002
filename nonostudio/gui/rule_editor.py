"""Write or change one rule: live syntax checking with the error marked in the text, and "Prove".

The text is parsed a moment after each edit; a syntax error is underlined with a squiggle at its
line and column and spelled out under the editor.  *Prove* runs the soundness prover on the thread
pool: the bar on a row of its own with the prover's words under it, and Cancel, which stops z3
(the prover's ``should_stop`` interrupts its queries); focus stays in the text.  An unsound rule's
counterexample is drawn as a line picture: the line, the rule's wrong fill on it, and a solution
of the line that the fill contradicts.

Each rule opened with :meth:`RuleEditor.open_rule` keeps a draft of what was typed
(:mod:`nonostudio.gui.rule_drafts`): switching to another rule and back, or restarting, shows the
draft; *Revert* asks before discarding it; *Save to rule set…* writes the rule into one of the
user's rule sets.  A shipped rule whose text matches the build's proof record is shown as proved
(:mod:`nonostudio.rules.proof_record`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QHideEvent,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from nonostudio.core.line import cells_from_text, cells_to_text
from nonostudio.gui.line_picture import MARK_WRONG, LinePicture, PictureRow
from nonostudio.gui.rule_drafts import (
    RuleDrafts,
    SaveRuleError,
    draft_key,
    save_rule,
    user_rule_sets,
)
from nonostudio.gui.rule_highlighter import RuleHighlighter
from nonostudio.gui.save_rules_dialog import SaveWrittenRuleDialog
from nonostudio.gui.workers import Progress, ShouldStop, Worker, run_in_background
from nonostudio.rules.ast import Rule
from nonostudio.rules.parser import RuleSyntaxError, parse_rule
from nonostudio.rules.proof_record import RecordedProof, recorded_proof
from nonostudio.rules.prover import Counterexample, ProofResult, prove

PARSE_DELAY_MS = 150
DEFAULT_MAX_LENGTH = 30
ERROR_COLOR = QColor(220, 50, 47)


def counterexample_rows(example: Counterexample) -> list[PictureRow]:
    """Before, the wrong fill applied to it, and the witness solution (when there is one)."""
    fill = example.fill
    rows = [PictureRow("line", example.cells)]
    cells = list(cells_from_text(example.cells))
    inside = range(max(0, fill.start), min(len(cells), fill.end))
    for i in inside:
        cells[i] = fill.value
    verb = "fills" if fill.value == 1 else "crosses"
    rows.append(PictureRow(f"rule {verb}", cells_to_text(cells), (fill.start, fill.end), MARK_WRONG))
    if example.witness:
        rows.append(PictureRow("solution", example.witness, (fill.start, fill.end), MARK_WRONG))
    return rows


def proof_summary(result: ProofResult) -> str:
    """One sentence about a proof result."""
    if result.sound is None:
        return f"Proof interrupted after {result.seconds:.1f} s."
    if result.sound:
        return (
            f"Sound: proved for every line of up to {result.max_length} cells "
            f"in {result.seconds:.1f} s."
        )
    example = result.counterexample
    if example is None:
        return f"Not sound for lines of up to {result.max_length} cells."
    fill = example.fill
    what = "fill" if fill.value == 1 else "cross out"
    hints = " ".join(map(str, example.hints)) or "0"
    where = f"cells {fill.start + 1}–{fill.end}" if fill.end > fill.start else "no cells"
    if example.witness:
        why = "but a solution of the line disagrees"
    else:
        why = "but that range is empty or outside the line"
    return f"Not sound: on ({hints}) {example.cells} it would {what} {where}, {why}."


def shipped_proof_text(proof: RecordedProof) -> str:
    """The result line for a rule the build's record says is proved."""
    return (f"Proved to {proof.max_length} cells (shipped): the build proved this exact rule "
            f"sound for every line of up to {proof.max_length} cells ({proof.prover}, z3 "
            f"{proof.z3}, {proof.date}).")


class RuleEditor(QWidget):
    """A rule text editor with live syntax errors, per-rule drafts and a background proof."""

    ruleChanged = Signal(object)  # Rule | None, after each (debounced) parse
    proofFinished = Signal(object)  # ProofResult, also when interrupted
    ruleSaved = Signal(str, str)  # the user rule set and the rule's name, after Save to rule set

    def __init__(self, parent: QWidget | None = None, *, delay_ms: int = PARSE_DELAY_MS,
                 drafts: RuleDrafts | None = None) -> None:
        super().__init__(parent)
        self._rule: Rule | None = None
        self._error: RuleSyntaxError | None = None
        self._error_span: tuple[int, int] | None = None
        self._worker: Worker | None = None
        self._stopping: list[Worker] = []  # cancelled proofs whose thread has not ended yet
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
        self._timer.timeout.connect(self.parse_now)
        self._build()
        self.text_edit.textChanged.connect(self._on_text_changed)
        self.prove_button.clicked.connect(self.prove)
        self.cancel_button.clicked.connect(self.cancel_proof)
        self.revert_button.clicked.connect(self.ask_revert)
        self.save_button.clicked.connect(self.ask_save)
        self.parse_now()

    def _build(self) -> None:
        self.draft_label = QLabel()
        self.draft_label.setAccessibleName("Draft status")
        self.draft_label.setWordWrap(True)
        self.revert_button = QPushButton("&Revert…")
        self.revert_button.setToolTip("Discard your changes and show the rule as its set has it")
        self.revert_button.hide()
        self.save_button = QPushButton("&Save to rule set…")
        self.save_button.setToolTip("Save this rule into one of your own rule sets (a .rules "
                                    "file in your rules folder), offered in the Rules list")
        draft_bar = QHBoxLayout()
        draft_bar.addWidget(self.draft_label, 1)
        draft_bar.addWidget(self.revert_button)
        draft_bar.addWidget(self.save_button)

        self.text_edit = QPlainTextEdit()
        self.text_edit.setAccessibleName("Rule text")
        self.text_edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text_edit.setPlaceholderText(
            "def my_rule:\n  with h = arbitrary(hint):\n  if ...:\n  then fill(true, ..., ...)"
        )
        self.highlighter = RuleHighlighter(self.text_edit.document(), self.palette())
        self.error_label = QLabel()
        self.error_label.setAccessibleName("Syntax error")
        self.error_label.setWordWrap(True)
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.length_spin = QSpinBox(minimum=1, maximum=60, value=DEFAULT_MAX_LENGTH)
        self.length_spin.setAccessibleName("Longest line to prove")
        self.length_spin.setSuffix(" cells")
        self.length_spin.setToolTip("Prove the rule sound for every line up to this length")
        self.length_label = QLabel("Prove for lines up to")
        self.length_label.setBuddy(self.length_spin)
        self.length_label.setMinimumWidth(self.length_label.sizeHint().width())
        self.prove_button = QPushButton("&Prove")
        self.prove_button.setToolTip("Prove in the background that the rule never fills wrongly")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop the proof now")
        self.cancel_button.hide()
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.hide()
        self.progress_label = QLabel()  # the prover's words, wrapped, when the bar is narrow
        self.progress_label.setAccessibleName("Proof progress")
        self.progress_label.setWordWrap(True)
        self.progress_label.hide()
        self.result_label = QLabel()
        self.result_label.setAccessibleName("Proof result")
        self.result_label.setWordWrap(True)
        self.counterexample = LinePicture(cell=18)
        self.counterexample.hide()

        prove_bar = QHBoxLayout()
        prove_bar.addWidget(self.length_label)
        prove_bar.addWidget(self.length_spin)
        prove_bar.addWidget(self.prove_button)
        prove_bar.addWidget(self.cancel_button)
        prove_bar.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(draft_bar)
        layout.addWidget(self.text_edit, 1)
        layout.addWidget(self.error_label)
        layout.addLayout(prove_bar)
        layout.addWidget(self.progress)  # a row of its own: the words on it have room
        layout.addWidget(self.progress_label)
        layout.addWidget(self.result_label)
        layout.addWidget(self.counterexample)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:  # the colour scheme changed
            self.highlighter.set_palette(self.palette())
        super().changeEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:
        """Hidden (another tab, or the window closing): the draft is written now, not when the
        parse timer would have fired."""
        if self._timer.isActive():
            self.parse_now()
        super().hideEvent(event)

    # --- drafts ------------------------------------------------------------------------------

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
            self.draft_label.setText(problem or f"Your draft of “{self._rule_name}” (kept until "
                                     "you save or revert it; the set's rule is unchanged).")
            self.revert_button.show()
        else:
            self.draft_label.setText(problem)
            self.revert_button.hide()

    def ask_revert(self) -> None:
        """Ask before discarding the draft; on *Discard* show the rule as its set has it."""
        if not self.has_draft():
            return
        box = QMessageBox(QMessageBox.Icon.Question, "Discard your changes?",
                          f"Discard your changes to the rule “{self._rule_name}” and show it as "
                          f"the rule set “{self._rule_set}” has it?", parent=self)
        box.setStandardButtons(QMessageBox.StandardButton.Discard
                               | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(button: object) -> None:
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
        dialog.accepted.connect(lambda: self._save(rule, dialog.chosen_set(),
                                                   dialog.title.text()))
        dialog.finished.connect(lambda _: setattr(self, "save_dialog", None))
        self.save_dialog = dialog
        dialog.open()

    def _save(self, rule: Rule, set_name: str, title: str) -> None:
        try:
            path, replaced = save_rule(rule, set_name, title,
                                       f"written in the rule editor from {self._rule_set} "
                                       f"{self._rule_name}" if self._rule_name else "")
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
        self.draft_label.setText(f"Saved: “{rule.name}” {verb} your rule set “{path.stem}” "
                                 f"({path}).")
        self.text_edit.setFocus()

    # --- text and parsing --------------------------------------------------------------------

    def text(self) -> str:
        return self.text_edit.toPlainText()

    def set_text(self, text: str) -> None:
        """Replace the text and parse it at once (a running proof is cancelled); a text not
        tied to a rule of a set (no draft is kept)."""
        self._flush_draft()
        self._rule_set = self._rule_name = self._original = ""
        self._load(text)

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
        while end < len(text) and text[col:col + 1] and word(text[col]) and (
            word(text[end]) or text[end] == "_"
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
        selection.cursor = cursor  # type: ignore[attr-defined]
        selection.format = fmt  # type: ignore[attr-defined]
        return selection

    # --- proving ---------------------------------------------------------------------------

    def is_proving(self) -> bool:
        return self._worker is not None

    def is_stopping(self) -> bool:
        """True while a cancelled proof's thread has not ended yet."""
        self._stopping = [w for w in self._stopping if not w.is_done()]
        return bool(self._stopping)

    def proof_result(self) -> ProofResult | None:
        return self._result

    def _focus_in_bar(self) -> bool:
        focused = QApplication.focusWidget()
        return focused is None or focused in (self.prove_button, self.cancel_button,
                                               self.length_spin)

    def _keep_focus(self) -> None:
        """Before a focused button is disabled or hidden: focus the text, not whatever widget
        comes next in the window (the Library filter, once)."""
        if self._focus_in_bar() and self.isVisible():
            self.text_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def prove(self) -> None:
        """Prove the current rule sound in the background (nothing happens without a rule)."""
        rule = self._rule
        if rule is None or self._worker is not None:
            return
        max_length = self.length_spin.value()

        def job(progress: Progress, should_stop: ShouldStop) -> ProofResult:
            return prove(rule, max_length, should_stop=should_stop, progress=progress)

        self._clear_result()
        self.result_label.setText(f"Proving for lines of up to {max_length} cells…")
        self.progress.setFormat("%p%")  # not the last proof's words
        self.progress.setValue(0)
        self.progress.show()
        self.progress_label.setText("")
        self.cancel_button.show()
        self._keep_focus()
        self.prove_button.setEnabled(False)
        self._worker = run_in_background(
            job, on_result=self._proved, on_error=self._failed, on_progress=self._progress
        )
        self._worker.aborted.connect(self._aborted)

    def cancel_proof(self) -> None:
        """Stop a running proof: z3 is interrupted (the prover polls ``should_stop``) and the
        result is dropped."""
        if self._worker is None:
            return
        self._worker.cancel()
        self._stopping.append(self._worker)
        self._worker = None
        self._idle()
        self.result_label.setText("Proof cancelled.")

    def _is_current(self) -> bool:
        return self._worker is not None and self.sender() is self._worker.signals

    def _idle(self) -> None:
        self._keep_focus()
        self.progress.hide()
        self.progress_label.hide()
        self.cancel_button.hide()
        self.prove_button.setEnabled(self._rule is not None)

    def _progress(self, fraction: float, message: str) -> None:
        """The prover's ``(fraction, message)``: the bar at the fraction, the words on it and,
        wrapped, under it."""
        if self._is_current():
            self.progress_label.setText(message[:1].upper() + message[1:] if message else "")
            self.progress.setFormat(f"{message} (%p%)" if message else "%p%")
            # the words wrapped under the bar only when the bar is too narrow to hold them
            fits = self.progress.fontMetrics().horizontalAdvance(
                f"{message} (100%)") + 40 <= self.progress.width()
            self.progress_label.setVisible(not fits)
            self.progress.setValue(round(100 * fraction))

    def _proved(self, result: ProofResult) -> None:
        if not self._is_current():
            return
        self._worker = None
        self._idle()
        self._result = result
        self.result_label.setText(proof_summary(result))
        bold = QFont(self.result_label.font())
        bold.setBold(result.sound is False)
        self.result_label.setFont(bold)
        example = result.counterexample
        if example is not None:
            self.counterexample.set_line(example.hints, counterexample_rows(example))
            self.counterexample.show()
        self.proofFinished.emit(result)

    def _failed(self, message: str) -> None:
        if not self._is_current():
            return
        self._worker = None
        self._idle()
        self.result_label.setText(f"The proof failed: {message}")

    def _aborted(self) -> None:
        if self._is_current():
            self._worker = None
            self._idle()

    def _clear_result(self) -> None:
        self._result = None
        self.result_label.setText("")
        self.counterexample.hide()
