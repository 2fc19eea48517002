"""The interactive puzzle grid: clues around cells the user paints with mouse or keyboard.

Its state is in :mod:`nonostudio.gui.grid.base`, editing on top of it in
:mod:`nonostudio.gui.grid.input`, painting and the widget everyone uses in
:mod:`nonostudio.gui.grid.view`, and fitting the window in :mod:`nonostudio.gui.grid.scroll`
(docs/design/gui-editing.md says how they fit together).
"""
