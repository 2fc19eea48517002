"""Write or change one rule: live syntax checking with the error marked in the text, and "Prove".

The text is parsed a moment after each edit; a syntax error is underlined with a squiggle at its
line and column and spelled out under the editor.  *Prove* runs the soundness prover on the thread
pool (progress, cancel); an unsound rule's counterexample is drawn as a line picture: the line,
the rule's wrong fill on it, and a solution of the line that the fill contradicts.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontDatabase, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
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
from nonostudio.gui.rule_highlighter import RuleHighlighter
from nonostudio.gui.workers import Progress, ShouldStop, Worker, run_in_background
from nonostudio.rules.ast import Rule
from nonostudio.rules.parser import RuleSyntaxError, parse_rule
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


class RuleEditor(QWidget):
    """A rule text editor with live syntax errors and a background soundness proof."""

    ruleChanged = Signal(object)  # Rule | None, after each (debounced) parse
    proofFinished = Signal(object)  # ProofResult, also when interrupted

    def __init__(self, parent: QWidget | None = None, *, delay_ms: int = PARSE_DELAY_MS) -> None:
        super().__init__(parent)
        self._rule: Rule | None = None
        self._error: RuleSyntaxError | None = None
        self._error_span: tuple[int, int] | None = None
        self._worker: Worker | None = None
        self._result: ProofResult | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self.parse_now)
        self._build()
        self.text_edit.textChanged.connect(self._on_text_changed)
        self.prove_button.clicked.connect(self.prove)
        self.cancel_button.clicked.connect(self.cancel_proof)
        self.parse_now()

    def _build(self) -> None:
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
        self.prove_button = QPushButton("&Prove")
        self.prove_button.setToolTip("Prove in the background that the rule never fills wrongly")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.hide()
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setMaximumHeight(14)
        self.progress.hide()
        self.result_label = QLabel()
        self.result_label.setAccessibleName("Proof result")
        self.result_label.setWordWrap(True)
        self.counterexample = LinePicture(cell=18)
        self.counterexample.hide()

        prove_bar = QHBoxLayout()
        prove_bar.addWidget(QLabel("Lines up to"))
        prove_bar.addWidget(self.length_spin)
        prove_bar.addWidget(self.prove_button)
        prove_bar.addWidget(self.cancel_button)
        prove_bar.addWidget(self.progress, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text_edit, 1)
        layout.addWidget(self.error_label)
        layout.addLayout(prove_bar)
        layout.addWidget(self.result_label)
        layout.addWidget(self.counterexample)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:  # the colour scheme changed
            self.highlighter.set_palette(self.palette())
        super().changeEvent(event)

    # --- text and parsing --------------------------------------------------------------------

    def text(self) -> str:
        return self.text_edit.toPlainText()

    def set_text(self, text: str) -> None:
        """Replace the text and parse it at once (a running proof is cancelled)."""
        self.text_edit.setPlainText(text)
        self.parse_now()

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
        self._timer.start()

    def parse_now(self) -> None:
        self._timer.stop()
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
        self.ruleChanged.emit(rule)

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

    def proof_result(self) -> ProofResult | None:
        return self._result

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
        self.cancel_button.show()
        self.prove_button.setEnabled(False)
        self._worker = run_in_background(
            job, on_result=self._proved, on_error=self._failed, on_progress=self._progress
        )
        self._worker.aborted.connect(self._aborted)

    def cancel_proof(self) -> None:
        """Stop a running proof; its result is dropped."""
        if self._worker is None:
            return
        self._worker.cancel()
        self._worker = None
        self._idle()
        self.result_label.setText("Proof cancelled.")

    def _is_current(self) -> bool:
        return self._worker is not None and self.sender() is self._worker.signals

    def _idle(self) -> None:
        self.progress.hide()
        self.cancel_button.hide()
        self.prove_button.setEnabled(self._rule is not None)

    def _progress(self, fraction: float, message: str) -> None:
        """The prover's ``(fraction, message)``: the bar at the fraction, the words on it."""
        if self._is_current():
            self.progress.setFormat(f"{message} (%p%)" if message else "%p%")
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
