"""nonostudio: a desktop studio for analysing Nonogram puzzles (solve, explain, grade, learn
rules)."""

__version__ = "0.1.0"
