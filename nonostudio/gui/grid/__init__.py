"""The interactive puzzle grid: clues around cells the user paints with mouse or keyboard.

Its state is in :mod:`nonostudio.gui.grid.base`, editing in :mod:`nonostudio.gui.grid.input`,
painting in :mod:`nonostudio.gui.grid.paint`, the widget that joins them in
:mod:`nonostudio.gui.grid.view` and fitting the window in :mod:`nonostudio.gui.grid.scroll`
(docs/design/gui-editing.md says how they fit together).
"""
