"""The Solve view for colour puzzles: the colour trace step by step, solving by hand with colours
and pencil marks, and the hint ladder in colour."""
