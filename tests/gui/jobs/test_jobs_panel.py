"""The Jobs panel: runs listed from the store, a real tiny learning run in the background,
cancel within a second, resume without redoing anything, rules saved as a named rule set (one
run's, or several runs' pooled and simplified)."""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QDialogButtonBox

from nonostudio.gui.dialogs.save_rules import SaveChoice, SaveRulesDialog
from nonostudio.gui.jobs.model import FINISHED, RULES, STATUS, JobsModel, time_left
from nonostudio.gui.jobs.panel import RUNNING_SET, JobsPanel
from nonostudio.gui.learn_settings import LearnSettingsDialog
from nonostudio.learn.choosing.export import pooled_rules, run_rules, specification_key
from nonostudio.learn.choosing.optimize import covered_cells, rule_cells
from nonostudio.learn.mining.specs import all_specifications, mine_transitions
from nonostudio.learn.store.jobs import JobStore
from nonostudio.learn.store.run_settings import LearnSettings, create_run
from nonostudio.learn.synthesis.enumerate import SearchOptions
from nonostudio.rules.language.ast import Maximal, Minimal, Unique, walk
from nonostudio.rules.language.cost import cost
from nonostudio.rules.language.interpreter import apply_rule
from nonostudio.rules.language.mirror import mirrored
from nonostudio.rules.proving.prover import AT_ONCE, prove
from nonostudio.rules.ruleset import load_rule_set, rule_set_path

# Lines of up to 3 cells, one pattern per specification: 27 specifications, a few need z3.
TINY = LearnSettings(max_length=3, max_patterns=1, budget_s=20.0, jobs=2, mode="thread")


@pytest.fixture(autouse=True)
def no_jobs_left(qapp):
    yield
    pool = QThreadPool.globalInstance()
    assert pool.waitForDone(10000), "a learning job was still running"
    assert pool.activeThreadCount() == 0


def test_sample_is_a_seeded_subset_in_mined_order() -> None:
    every = [s.key for s in all_specifications(3, 1)]
    sample = [s.key for s in LearnSettings(max_length=3, max_patterns=1, sample=5).specifications()]
    assert len(every) == 27 and len(sample) == 5
    assert sample == [k for k in every if k in sample]
    again = LearnSettings(max_length=3, max_patterns=1, sample=5).specifications()
    assert [s.key for s in again] == sample
    other = LearnSettings(max_length=3, max_patterns=1, sample=5, seed=1).specifications()
    assert [s.key for s in other] != sample


def test_settings_round_trip_through_the_store_and_the_dialog(qtbot, store: JobStore) -> None:
    run_id = create_run(store, TINY)
    assert LearnSettings.from_json(store.run(run_id).settings) == TINY
    assert store.run(run_id).total == 27
    dialog = LearnSettingsDialog(settings=TINY)
    qtbot.addWidget(dialog)
    assert dialog.settings() == TINY
    dialog.max_length.setValue(5)
    dialog.sample.setValue(40)
    assert dialog.settings().max_length == 5 and dialog.settings().sample == 40
    assert not dialog.three_first.isEnabled()  # TINY binds one pattern
    assert not dialog.three_narrow.isEnabled()
    dialog.max_patterns.setValue(3)
    assert dialog.three_first.isEnabled() and dialog.three_narrow.isEnabled()
    dialog.three_first.setChecked(True)
    dialog.three_narrow.setChecked(True)
    assert dialog.settings().runner_options()["narrow_from"] == 3
    dialog.narrow.setChecked(False)  # no narrow search: nothing to restrict three patterns to
    assert not dialog.three_narrow.isEnabled()
    chosen = dialog.settings()
    assert chosen.three_first and not chosen.narrow
    assert chosen.runner_options()["narrow_from"] is None
    assert LearnSettings.from_json(chosen.to_json()) == chosen
    # The search space and cost weights: every construct and the original weights at first.
    assert chosen.search_options() == SearchOptions()
    dialog.constructs["unique"].setChecked(False)
    dialog.constructs["geometry"].setChecked(False)
    dialog.weights["geometry"].setValue(3)
    dialog.weights["operator"].setValue(2)
    narrowed = dialog.settings()
    assert narrowed.search == {
        "without": ["geometry", "unique"],
        "weights": {"geometry": 3, "operator": 2},
    }
    assert LearnSettings.from_json(narrowed.to_json()) == narrowed
    again = LearnSettingsDialog(settings=narrowed)
    qtbot.addWidget(again)
    assert again.settings() == narrowed and not again.constructs["unique"].isChecked()
    again.original_weights.click()
    assert again.settings().search == {"without": ["geometry", "unique"], "weights": {}}
    # Totals, beyond the paper's DSL, are off until asked for, and kept with the run.
    assert not again.extensions["totals"].isChecked()
    again.extensions["totals"].setChecked(True)
    counted = again.settings()
    assert counted.search_options().extensions == {"totals"}
    third = LearnSettingsDialog(settings=counted)
    qtbot.addWidget(third)
    assert third.extensions["totals"].isChecked() and third.settings() == counted
    # Three-pattern sets naming later elements are left out of such a run.
    wide = LearnSettings(max_length=4, max_patterns=3)
    first = LearnSettings(max_length=4, max_patterns=3, three_first=True)
    assert (
        {s.key for s in first.specifications()}
        == {s.key for s in all_specifications(4, 3, three_first=True)}
        < {s.key for s in wide.specifications()}
    )


def test_model_lists_the_runs(qtmodeltester, store: JobStore) -> None:
    first = create_run(store, TINY)
    create_run(store, LearnSettings(max_length=2, max_patterns=1, sample=3))
    model = JobsModel(store)
    qtmodeltester.check(model)
    assert model.rowCount() == 2
    assert model.index(0, STATUS).data() == "pending"
    store.set_run_status(first, "finished")
    model.refresh()
    qtmodeltester.check(model)
    assert model.index(0, STATUS).data() == "finished"


def test_time_left_reads_like_a_clock() -> None:
    assert time_left(None) == "unknown"
    assert time_left(12.4) == "12 s"
    assert time_left(250) == "4 min 10 s"
    assert time_left(3900) == "1 h 05 min"


def _wait_idle(qtbot, panel: JobsPanel, timeout: int = 60000) -> None:
    qtbot.waitUntil(lambda: not panel.is_busy(), timeout=timeout)


@pytest.mark.slow
def test_tiny_run_finds_sound_rules_and_shows_them(qtbot, store: JobStore, tmp_path: Path) -> None:
    panel = JobsPanel(store)
    qtbot.addWidget(panel)
    shown: list = []
    panel.ruleSetChanged.connect(shown.append)
    settings = LearnSettings(
        max_length=3, max_patterns=1, sample=6, seed=3, budget_s=20.0, jobs=2, mode="thread"
    )
    run_id = panel.start(settings)
    assert run_id is not None and panel.is_busy()
    assert not panel.new_button.isEnabled() and panel.cancel_button.isEnabled()
    _wait_idle(qtbot, panel)

    status = store.status(run_id)
    assert status.finished == status.total == 6
    assert store.run(run_id).status == "finished"
    assert panel.progress_bar.value() == panel.progress_bar.maximum() == 6
    row = panel.model.row_of(run_id)
    assert panel.model.index(row, FINISHED).data() == 6
    assert panel.model.index(row, RULES).data() == status.rules_found > 0
    # The browser was offered the rules as they came, and the last offer holds all of them.
    assert shown and shown[-1].name == RUNNING_SET
    assert len(shown[-1].entries) == status.rules_found
    sizes = [len(rule_set.entries) for rule_set in shown]
    assert sizes[0] == 0 and sizes == sorted(sizes)  # empty at the start, growing one by one
    assert set(sizes) == set(range(sizes[-1] + 1))
    # Each learned rule does what its specification asks on the specification's own line.
    by_key = {r.key: r.spec for r in store.records(run_id)}
    for entry in shown[-1].entries:
        spec = by_key[entry.source]
        fills = apply_rule(entry.rule, spec.line)
        assert any(
            f.value == spec.value and f.start <= spec.start and spec.end <= f.end for f in fills
        ), entry.rule.name

    learned = [e.rule for e in shown[-1].entries]
    saved_names: list[str] = []
    panel.ruleSetSaved.connect(saved_names.append)
    worker = panel.save_rules("tiny-learned", tmp_path, top_k=1)
    qtbot.waitUntil(worker.is_delivered, timeout=30000)
    assert saved_names == ["tiny-learned"]
    saved = load_rule_set(tmp_path / "tiny-learned.rules")
    assert len(saved.entries) == 1 and saved.entries[0].rule in learned
    assert f"run {run_id}" in saved.header and "top 1" in saved.header
    # Written as `learn export` writes them: a short title, the specification it came from
    # and its gain, and its fill on that specification's line as the example.
    kept = saved.entries[0]
    assert re.fullmatch(r"learned rule 1(, covers [a-z0-9 ,()]+)?", kept.title), kept.title
    key = specification_key(kept)
    assert key in by_key and kept.source.startswith(f"specification {key}; adds ")
    assert [e.cells for e in kept.examples] == [key.split("|")[1]]
    # The one kept is the one that fills the most cells of the training transitions on its own.
    training = mine_transitions(3)
    best = max(len(covered_cells([r], training)) for r in learned)
    assert len(covered_cells([saved.entries[0].rule], training)) == best
    with pytest.raises(ValueError, match="not a rule-set name"):
        panel.save_rules("../escape", tmp_path)

    # The report: the chart shows the report's coverage figures; measured on the training lines,
    # not the paper's test set, so the paper's figures are not charted beside them.
    control = load_rule_set("control").rules
    panel.report_view.compute(learned, control, training)
    qtbot.waitUntil(lambda: not panel.is_busy(), timeout=20000)
    bars = dict((label, (ours, paper)) for label, ours, paper in panel.report_view.chart.bars())
    assert bars["learned"] == (len(covered_cells(learned, training)), None)
    assert "not charted" in panel.report_view.chart_caption.text()
    assert bars["control"][0] == len(covered_cells(list(control), training))
    assert "control rules recovered" in panel.report_view.table.toPlainText()
    panel.report_view.chart.grab()  # paints without a warning


@pytest.mark.slow
def test_rules_of_several_runs_are_pooled_simplified_and_saved(
    qtbot, store: JobStore, tmp_path: Path
) -> None:
    panel = JobsPanel(store)
    qtbot.addWidget(panel)
    runs = []
    for seed in (3, 4):
        runs.append(
            panel.start(
                LearnSettings(
                    max_length=3,
                    max_patterns=1,
                    sample=8,
                    seed=seed,
                    budget_s=20.0,
                    jobs=2,
                    mode="thread",
                )
            )
        )
        _wait_idle(qtbot, panel)
    a, b = runs
    found = {r: {(x.bindings, x.condition, x.action) for _, x in run_rules(store, r)} for r in runs}
    assert found[a] and found[b] and found[a] != found[b]

    # The dialog: the shown run is checked; Save needs a name and at least one run.
    dialog = SaveRulesDialog([(store.run(r), store.status(r).rules_found) for r in runs], b)
    qtbot.addWidget(dialog)
    save = dialog.buttons.button(QDialogButtonBox.StandardButton.Save)
    assert dialog.checked_runs() == (b,) and save.isEnabled()
    assert f"{store.status(a).rules_found} rules" in dialog.runs.item(0).text()
    dialog.runs.item(1).setCheckState(Qt.CheckState.Unchecked)
    assert dialog.checked_runs() == () and not save.isEnabled()
    dialog.runs.item(0).setCheckState(Qt.CheckState.Checked)
    dialog.runs.item(1).setCheckState(Qt.CheckState.Checked)
    dialog.name.setText("  ")
    assert not save.isEnabled()
    dialog.name.setText("pooled")
    dialog.simplify.setChecked(True)
    assert dialog.choice() == SaveChoice("pooled", (a, b), None, True, False)
    dialog.widen.setChecked(True)
    assert dialog.choice() == SaveChoice("pooled", (a, b), None, True, True)
    dialog.mirror.setChecked(True)
    assert dialog.choice() == SaveChoice("pooled", (a, b), None, True, True, True)
    # A mean-cost bound needs a number of rules to keep; it becomes a total-cost budget.
    assert not dialog.max_mean_cost.isEnabled()
    dialog.top_k.setValue(3)
    assert dialog.max_mean_cost.isEnabled() and dialog.choice().cost_budget is None
    dialog.max_mean_cost.setValue(31.7)
    assert dialog.choice() == SaveChoice("pooled", (a, b), 3, True, True, True, 31.7)
    assert dialog.choice().cost_budget == 95
    dialog.top_k.setValue(0)
    assert dialog.choice().max_mean_cost is None and not dialog.max_mean_cost.isEnabled()

    worker = panel.save_rules("pooled", tmp_path, run_ids=[a, b], simplify=True)
    qtbot.waitUntil(worker.is_delivered, timeout=60000)
    saved = load_rule_set(tmp_path / "pooled.rules")
    assert f"run {a} " in saved.header and f"run {b} " in saved.header
    assert "simplified" in saved.header
    pool = {x.name: x for _, x in pooled_rules(store, [a, b])}
    assert len(pool) == len(found[a] | found[b])  # each distinct rule once
    training = mine_transitions(3)
    # Every useful rule kept: the saved set covers what the whole pool covers, each saved rule
    # is a pooled rule or its simplification (never costlier, proved sound, same cells).
    assert len(covered_cells(saved.rules, training)) == len(
        covered_cells(list(pool.values()), training)
    )
    for rule in saved.rules:
        original = pool[rule.name]
        assert cost(rule) <= cost(original)
        assert rule_cells(rule, training) >= rule_cells(original, training)
        if rule != original:
            assert prove(rule, 30, strategy=AT_ONCE).sound
    with pytest.raises(ValueError, match="not a rule-set name"):
        panel.save_rules("a/b", tmp_path, run_ids=[a, b])
    with pytest.raises(ValueError, match="is the name of a shipped rule set"):
        panel.save_rules("concise", tmp_path, run_ids=[a, b])  # hidden by the shipped one
    with pytest.raises(ValueError, match="choose how many rules to keep"):
        panel.save_rules("cheap", tmp_path, run_ids=[a, b], cost_budget=60)
    # Within a cost budget: the two best rules whose costs add up to at most the budget.
    budget = sum(sorted(map(cost, pool.values()))[:2]) + 5
    worker = panel.save_rules("cheap", tmp_path, run_ids=[a, b], top_k=2, cost_budget=budget)
    qtbot.waitUntil(worker.is_delivered, timeout=60000)
    concise = load_rule_set(tmp_path / "cheap.rules")
    assert 1 <= len(concise) <= 2 and sum(map(cost, concise.rules)) <= budget
    assert f"within a total cost of {budget}" in concise.header

    # With mirror images: every saved rule is a pooled rule or the proved mirror image of one,
    # and together they cover what the pool and its mirrors cover.
    worker = panel.save_rules("mirrored", tmp_path, run_ids=[a, b], mirror=True)
    qtbot.waitUntil(worker.is_delivered, timeout=120000)
    mirrored_set = load_rule_set(tmp_path / "mirrored.rules")
    assert "mirror images pooled" in mirrored_set.header
    images = [mirrored(r) for r in pool.values()]
    everything = list(pool.values()) + [m for m in images if m is not None]
    assert len(covered_cells(mirrored_set.rules, training)) == len(
        covered_cells(everything, training)
    )
    for rule in mirrored_set.rules:
        if rule.name not in pool:
            assert "_mirror" in rule.name and prove(rule, 30, strategy=AT_ONCE).sound

    # Widened too: each saved rule is a pooled rule or one proved sound that sets at least its
    # cells on the lines it was learned from.
    worker = panel.save_rules("widened", tmp_path, run_ids=[a, b], simplify=True, widen=True)
    qtbot.waitUntil(worker.is_delivered, timeout=120000)
    widened = load_rule_set(tmp_path / "widened.rules")
    assert "widened" in widened.header
    for rule in widened.rules:
        original = pool[rule.name]
        if rule != original:
            assert prove(rule, 30, strategy=AT_ONCE).sound
            assert rule_cells(rule, training) >= rule_cells(original, training)


@pytest.mark.slow
def test_cancel_stops_within_a_second_and_resume_redoes_nothing(qtbot, store: JobStore) -> None:
    panel = JobsPanel(store)
    qtbot.addWidget(panel)
    progress: list = []
    run_id = panel.start(
        LearnSettings(
            max_length=3, max_patterns=1, sample=8, seed=5, budget_s=20.0, jobs=2, mode="thread"
        )
    )
    job = panel.running_job()
    assert job is not None and job.run_id == run_id
    job.signals.snapshot.connect(progress.append)
    qtbot.waitUntil(lambda: bool(progress), timeout=30000)
    began = time.monotonic()
    panel.cancel()
    assert not panel.cancel_button.isEnabled()
    _wait_idle(qtbot, panel, timeout=5000)
    assert time.monotonic() - began < 1.5
    assert store.run(run_id).status == "cancelled"
    before = {r.key: (r.status, r.attempts, r.result) for r in store.records(run_id)}
    finished = {k for k, (s, _, _) in before.items() if s != "pending"}
    assert finished and len(finished) < 8
    assert panel.resume_button.isEnabled()

    panel.table.selectRow(panel.model.row_of(run_id))
    panel.resume_button.click()
    assert panel.is_busy()
    _wait_idle(qtbot, panel)
    after = {r.key: (r.status, r.attempts, r.result) for r in store.records(run_id)}
    assert store.run(run_id).status == "finished"
    assert all(after[k] == before[k] for k in finished), "a finished specification was redone"
    assert all(s != "pending" for s, _, _ in after.values())


def _children() -> dict[int, str]:
    """Our child processes and their states (``Z``: defunct)."""
    out = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            state, ppid = stat.read_text().rsplit(")", 1)[1].split()[:2]
        except (OSError, ValueError):
            continue
        if int(ppid) == os.getpid():
            out[int(stat.parent.name)] = state
    return out


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see processes")
def test_cancel_of_a_process_run_leaves_no_defunct_worker(
    qtbot, store: JobStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Work that never looks at the cancel flag (a long native call): its worker processes must be
    # ended and reaped all the same, within a second.
    monkeypatch.syspath_prepend(str(Path(__file__).parents[2] / "learn"))  # for the workers too
    import interrupt_work

    log = tmp_path / "log"
    monkeypatch.setenv("LEARN_TEST_LOG", str(log))
    panel = JobsPanel(store, work=lambda: interrupt_work.stubborn)
    qtbot.addWidget(panel)
    run_id = panel.start(
        LearnSettings(
            max_length=3, max_patterns=1, budget_s=300.0, jobs=2, mode="process", narrow=False
        )
    )
    qtbot.waitUntil(lambda: log.exists() and len(log.read_text().splitlines()) == 2, timeout=60000)
    workers = {int(line.split()[2]) for line in log.read_text().splitlines()}
    assert len(workers) == 2 and workers <= set(_children())
    began = time.monotonic()
    panel.cancel()
    _wait_idle(qtbot, panel, timeout=10000)
    latency = time.monotonic() - began
    print(f"Jobs panel cancel latency, process workers ignoring the cancel: {latency:.3f} s")
    assert latency < 1.0
    assert store.run(run_id).status == "cancelled"
    assert {r.status for r in store.records(run_id)} == {"pending"}
    children = _children()
    assert "Z" not in children.values(), f"defunct processes: {children}"
    assert not workers & set(children)


@pytest.fixture
def read_only_store(tmp_path: Path):
    """A job store holding one tiny run, on a read-only medium: a tmpfs remounted read-only, or
    (where mounting is refused) a folder and file marked immutable."""
    folder = tmp_path / "ro"
    folder.mkdir()
    mounted = (
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)], capture_output=True
        ).returncode
        == 0
    )
    path = folder / "jobs.sqlite3"
    with JobStore(path) as s:
        run_id = create_run(s, TINY)
    if mounted:
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
    else:
        subprocess.run(["chattr", "+i", str(path), str(folder)], check=True)
    try:
        yield path, run_id
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)])
        else:
            subprocess.run(["chattr", "-i", str(path), str(folder)], check=True)


def test_a_read_only_job_store_is_shown_and_not_run(qtbot, read_only_store) -> None:
    path, run_id = read_only_store
    with JobStore(path) as store:
        assert store.read_only
        panel = JobsPanel(store)
        qtbot.addWidget(panel)
        assert panel.model.rowCount() == 1 and panel.selected_run() == run_id
        assert "can only be read" in panel.progress_label.text()
        assert not panel.new_button.isEnabled() and not panel.resume_button.isEnabled()
        # Asked anyway, it says why it cannot, and nothing runs or raises.
        assert panel.start(TINY) is None and not panel.is_busy()
        assert panel.progress_label.text().startswith(f"Cannot start a run: {path}: ")
        assert "read-only" in panel.progress_label.text()
        assert [r.id for r in store.runs()] == [run_id]


@pytest.mark.slow
def test_main_window_has_a_jobs_tab_feeding_the_rule_browser(
    qtbot, small_library, tmp_path: Path, monkeypatch
) -> None:
    from PySide6.QtCore import QSettings

    from nonostudio.gui.window.main_window import MainWindow
    from nonostudio.rules.ruleset import RuleSet

    monkeypatch.setenv("NONOSTUDIO_DATA_DIR", str(tmp_path / "data"))
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(small_library, settings)
    qtbot.addWidget(window)
    panel = window.jobs_panel
    assert panel is not None and window.tabs.indexOf(panel) >= 0
    assert panel.store.path == tmp_path / "data" / "jobs.sqlite3"

    control = load_rule_set("control")
    panel.ruleSetChanged.emit(RuleSet(RUNNING_SET, control.entries[:2]))
    assert window.rule_browser.rule_set().name == RUNNING_SET
    assert window.rule_browser.model.rowCount() == 2
    assert not window.rule_browser.is_busy()  # a growing set is not measured

    # A saved set is offered by name and read back from the user rules folder.
    rules_dir = tmp_path / "data" / "rules"
    rules_dir.mkdir(parents=True, exist_ok=True)
    (rules_dir / "mine.rules").write_text(
        rule_set_path("control").read_text(encoding="utf-8"), encoding="utf-8"
    )
    panel.ruleSetSaved.emit("mine")
    assert window.rule_browser.rule_set_combo.currentText() == "mine"
    assert len(window.rule_browser.rule_set()) == len(control)
    window.rule_browser.cancel()
    window.close()


@pytest.mark.slow
def test_a_run_without_unique_and_extremes_finds_rules_without_them(qtbot, store: JobStore) -> None:
    panel = JobsPanel(store)
    qtbot.addWidget(panel)
    narrow = LearnSettings(
        max_length=3,
        max_patterns=1,
        budget_s=20.0,
        jobs=2,
        mode="thread",
        search={"without": ["extremes", "unique"], "weights": {}},
    )
    full = LearnSettings(max_length=3, max_patterns=1, budget_s=20.0, jobs=2, mode="thread")
    found = {}
    for name, settings in (("narrow", narrow), ("full", full)):
        run_id = panel.start(settings)
        assert run_id is not None
        _wait_idle(qtbot, panel)
        assert store.status(run_id).finished == 27
        assert LearnSettings.from_json(store.run(run_id).settings) == settings
        found[name] = [rule for _, rule in run_rules(store, run_id)]

    def special(rule) -> bool:
        return any(isinstance(n, Unique | Maximal | Minimal) for n in walk(rule.condition))

    assert any(special(r) for r in found["full"]), "the full search uses them on these lines"
    assert found["narrow"] and not any(special(r) for r in found["narrow"])


def test_a_run_with_unreadable_search_options_does_not_start(
    qtbot, store: JobStore, monkeypatch
) -> None:
    run_id = create_run(store, TINY)
    store.extend_run(run_id, store.run(run_id).settings | {"search": {"without": ["loops"]}}, [])
    panel = JobsPanel(store)
    qtbot.addWidget(panel)
    warnings: list[str] = []
    monkeypatch.setattr(
        "nonostudio.gui.jobs.panel.QMessageBox.warning",
        lambda parent, title, text: warnings.append(text),
    )
    assert not panel.resume(run_id) and not panel.is_busy()
    assert warnings and "unknown DSL construct 'loops'" in warnings[0]


def test_the_runs_list_says_a_run_searched_narrowly() -> None:
    from nonostudio.gui.jobs.model import settings_summary

    plain = {"max_length": 7, "max_patterns": 3, "budget_s": 60.0}
    assert settings_summary(plain) == "lines ≤ 7, ≤ 3 patterns, 60 s"
    assert (
        settings_summary(plain | {"search": SearchOptions().to_json()})
        == "lines ≤ 7, ≤ 3 patterns, 60 s"
    )
    narrow = plain | {"search": {"without": ["unique"], "weights": {"geometry": 3}}}
    assert settings_summary(narrow) == (
        "lines ≤ 7, ≤ 3 patterns, 60 s, without unique; cost "
        "weights geometry 3 (the others the original's)"
    )
    assert settings_summary(plain | {"search": {"without": ["loops"]}}).endswith(
        "unreadable search options"
    )


def test_a_store_that_cannot_be_read_keeps_the_table_and_says_why(
    qtbot, store: JobStore, monkeypatch
) -> None:
    from nonostudio.learn.store.jobs import JobStoreError

    run_id = create_run(store, TINY)
    panel = JobsPanel(store)
    qtbot.addWidget(panel)
    assert panel.model.rowCount() == 1 and panel.model.error is None

    def unreadable() -> list:
        raise JobStoreError("disk I/O error while reading the job store")

    monkeypatch.setattr(store, "runs", unreadable)
    panel.refresh()  # what every refresh of the panel does
    assert panel.model.rowCount() == 1 and panel.model.row_at(0).info.id == run_id
    assert "could not be read" in panel.progress_label.text()
    assert "disk I/O error" in panel.progress_label.text()
    monkeypatch.undo()
    panel.refresh()
    assert panel.model.error is None
