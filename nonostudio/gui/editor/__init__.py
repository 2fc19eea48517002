"""The Editor tab: the puzzle grid with its clue editors, and the Designer Checks panel that edits
it."""
