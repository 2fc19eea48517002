"""The Solve views' panes (:class:`PaneKeeper`): whether the steps pane is shown beside the grid
(the player's choice when replaying; by hand hidden until asked, since the steps give the solution
away) and the splitters' sizes, kept in the studio's settings."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QSplitter, QWidget

from nonostudio.gui.solve.layout import STEPS_BESIDE_WIDTH, STEPS_WIDTH, WordsPane


class PanesUi(Protocol):
    """What of a Solve view's UI the panes are kept on (the black-and-white and colour views'
    alike): the steps splitter and pane, the grid's splitter over the words, and the actions."""

    splitter: QSplitter
    grid_splitter: QSplitter
    steps_pane: QWidget
    words_pane: WordsPane
    steps_action: QAction
    hand_action: QAction


# Where the layout is kept in the settings: whether the steps pane is shown when replaying, its
# width, and the height of the words under the grid.
STEPS_KEY = "solve/steps_shown"
STEPS_WIDTH_KEY = "solve/steps_width"
WORDS_HEIGHT_KEY = "solve/words_height"
STEPS_TIP = "Show or hide the list of steps beside the grid (S)"
STEPS_TIP_HAND = "Show the solving steps: they give the solution away (S)"


class PaneKeeper:
    """Shows and hides the steps pane of ``ui`` and keeps the layout in ``settings`` (None:
    nowhere)."""

    def __init__(self, ui: PanesUi, settings: QSettings | None) -> None:
        self._ui = ui
        self._settings = settings
        self._replay: bool | None = None  # the player's choice (None: not made yet)
        self._hand = False  # asked for by hand
        ui.splitter.splitterMoved.connect(lambda _pos, _index: self._splitter_moved())
        ui.grid_splitter.splitterMoved.connect(lambda _pos, _index: self._save())
        self._restore()

    def _by_hand(self) -> bool:
        return self._ui.hand_action.isChecked()

    def shown(self) -> bool:
        """Whether the steps pane is on screen beside the grid (not hidden nor dragged shut)."""
        return not self._ui.steps_pane.isHidden() and self._ui.splitter.sizes()[1] > 0

    def first_shown(self, width: int) -> None:
        """The view is on screen, ``width`` pixels wide: on a first start the steps are beside
        the grid only if there is room for both."""
        if self._replay is None:
            self._replay = width >= STEPS_BESIDE_WIDTH
        self.update()

    def set_shown(self, shown: bool) -> None:
        """Show or hide the steps pane: replaying, the choice is kept; by hand it holds until
        the mode is left."""
        if self._by_hand():
            self._hand = shown
        else:
            self._replay = shown
            self._save()
        self.update()

    def hand_mode_changed(self) -> None:
        """Solving by hand started or ended: by hand the steps are hidden until asked."""
        self._hand = False
        self.update()

    def update(self) -> None:
        """Show the steps pane as the mode's choice says (and the Steps action checked so)."""
        ui = self._ui
        hand = self._by_hand()
        shown = self._hand if hand else bool(self._replay)
        ui.steps_action.setChecked(shown)
        ui.steps_action.setToolTip(STEPS_TIP_HAND if hand else STEPS_TIP)
        ui.steps_pane.setVisible(shown)
        sizes = ui.splitter.sizes()
        if shown and sizes[1] == 0:  # dragged shut before: open it at its usual width
            total = sum(sizes)
            width = min(STEPS_WIDTH, total // 2)
            ui.splitter.setSizes([total - width, width])

    def _splitter_moved(self) -> None:
        """A steps pane dragged shut is hidden (Steps opens it again)."""
        if self._ui.splitter.sizes()[1] == 0:
            self.set_shown(False)
        self._save()

    def _restore(self) -> None:
        settings = self._settings
        if settings is None:
            return
        shown = settings.value(STEPS_KEY, None)
        if shown is not None:
            self._replay = str(shown).lower() == "true"
        ui = self._ui
        width = _setting_int(settings, STEPS_WIDTH_KEY)
        if width > 0:
            ui.splitter.setSizes([max(1, sum(ui.splitter.sizes()) - width), width])
        height = _setting_int(settings, WORDS_HEIGHT_KEY)
        if height > 0:
            ui.grid_splitter.setSizes([max(1, sum(ui.grid_splitter.sizes()) - height), height])

    def _save(self) -> None:
        settings = self._settings
        if settings is None:
            return
        if self._replay is not None:
            settings.setValue(STEPS_KEY, "true" if self._replay else "false")
        width = self._ui.splitter.sizes()[1]
        if width > 0:
            settings.setValue(STEPS_WIDTH_KEY, width)
        # the words' own height: a hint button under them is given its room again on start
        pane = self._ui.words_pane
        settings.setValue(WORDS_HEIGHT_KEY, self._ui.grid_splitter.sizes()[1] - pane.under_height())


def _setting_int(settings: QSettings, key: str) -> int:
    """The whole number kept under ``key`` (0 when there is none or it is not a number)."""
    try:
        return int(str(settings.value(key, 0)))
    except ValueError:
        return 0
