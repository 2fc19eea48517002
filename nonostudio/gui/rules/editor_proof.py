"""Proving the rule in the rule editor: the background proof, its progress and its result.

*Prove* runs the soundness prover on the thread pool; Cancel stops z3 (the prover's
``should_stop`` interrupts its queries) and focus stays in the text.  An unsound rule's
counterexample is drawn as a line picture.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from nonostudio.core.line import cells_from_text, cells_to_text
from nonostudio.gui.common.workers import Progress, ShouldStop, run_in_background
from nonostudio.gui.rules.editor_widgets import RuleEditorWidgets
from nonostudio.gui.rules.line_picture import MARK_WRONG, PictureRow
from nonostudio.rules.proof_record import RecordedProof
from nonostudio.rules.prover import Counterexample, ProofResult, prove


def counterexample_rows(example: Counterexample) -> list[PictureRow]:
    """Before, the wrong fill applied to it, and the witness solution (when there is one)."""
    fill = example.fill
    rows = [PictureRow("line", example.cells)]
    cells = list(cells_from_text(example.cells))
    inside = range(max(0, fill.start), min(len(cells), fill.end))
    for i in inside:
        cells[i] = fill.value
    verb = "fills" if fill.value == 1 else "crosses"
    rows.append(
        PictureRow(f"rule {verb}", cells_to_text(cells), (fill.start, fill.end), MARK_WRONG)
    )
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
    return (
        f"Proved to {proof.max_length} cells (shipped): the build proved this exact rule "
        f"sound for every line of up to {proof.max_length} cells ({proof.prover}, z3 "
        f"{proof.z3}, {proof.date})."
    )


class RuleProving(RuleEditorWidgets):
    """The rule editor's *Prove* and *Cancel*, the progress bar and the result line."""

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
        return focused is None or focused in (
            self.prove_button,
            self.cancel_button,
            self.length_spin,
        )

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
            fits = (
                self.progress.fontMetrics().horizontalAdvance(f"{message} (100%)") + 40
                <= self.progress.width()
            )
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
