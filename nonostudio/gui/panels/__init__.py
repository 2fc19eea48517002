"""The right-hand panels on the puzzle being edited: Check (the verdict) and Difficulty (the grade
and its charts)."""
