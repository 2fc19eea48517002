"""The interactive puzzle grid: clues around cells the user paints with mouse or keyboard.

The widget is :class:`nonostudio.gui.grid.view.GridView` (state, editing and painting in one
typed class); :mod:`nonostudio.gui.grid.scroll` fits it to the window (docs/design/gui-editing.md
says how they fit together).
"""
