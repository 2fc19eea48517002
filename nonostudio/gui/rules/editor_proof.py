"""Proving the rule in the rule editor: the background proof (:class:`ProofRun`) and the words
and pictures of its result.

*Prove* runs the soundness prover on the thread pool; Cancel stops z3 (the prover's
``should_stop`` interrupts its queries) and focus stays in the text.  An unsound rule's
counterexample is drawn as a line picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from nonostudio.core.line import cells_from_text, cells_to_text
from nonostudio.gui.common.workers import Progress, ShouldStop, Worker, run_in_background
from nonostudio.gui.rules.line_picture import MARK_WRONG, PictureRow
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.proving.proof_record import RecordedProof

if TYPE_CHECKING:  # (the prover and z3 are loaded by the first proof, on its worker thread)
    from nonostudio.rules.proving.prover import Counterexample, ProofResult


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


class ProofRun(QObject):
    """One proof at a time on the thread pool; a cancelled proof's answer never arrives (its
    thread may run on a moment: :meth:`is_stopping`)."""

    progressed = Signal(float, str)  # the prover's (fraction, message)
    proved = Signal(object)  # ProofResult, also when interrupted
    failed = Signal(str)
    aborted = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker: Worker | None = None
        self._stopping: list[Worker] = []  # cancelled proofs whose thread has not ended yet

    def is_running(self) -> bool:
        return self._worker is not None

    def is_stopping(self) -> bool:
        """True while a cancelled proof's thread has not ended yet."""
        self._stopping = [w for w in self._stopping if not w.is_done()]
        return bool(self._stopping)

    def start(self, rule: Rule, max_length: int) -> None:
        """Prove ``rule`` sound for every line of up to ``max_length`` cells."""

        def job(progress: Progress, should_stop: ShouldStop) -> ProofResult:
            from nonostudio.rules.proving.prover import prove

            return prove(rule, max_length, should_stop=should_stop, progress=progress)

        self._worker = run_in_background(
            job, on_result=self._proved, on_error=self._failed, on_progress=self._progress
        )
        self._worker.aborted.connect(self._aborted)

    def cancel(self) -> bool:
        """Stop the running proof: z3 is interrupted (the prover polls ``should_stop``) and the
        result is dropped.  False when none was running."""
        if self._worker is None:
            return False
        self._worker.cancel()
        self._stopping.append(self._worker)
        self._worker = None
        return True

    def _is_current(self) -> bool:
        return self._worker is not None and self.sender() is self._worker.signals

    def _progress(self, fraction: float, message: str) -> None:
        if self._is_current():
            self.progressed.emit(fraction, message)

    def _proved(self, result: ProofResult) -> None:
        if self._is_current():
            self._worker = None
            self.proved.emit(result)

    def _failed(self, message: str) -> None:
        if self._is_current():
            self._worker = None
            self.failed.emit(message)

    def _aborted(self) -> None:
        if self._is_current():
            self._worker = None
            self.aborted.emit()
