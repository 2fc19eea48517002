"""Explanations and grades of colour puzzles: the black-and-white techniques applied to one
colour at a time (:mod:`.projection`), a small catalogue of colour techniques (:mod:`.catalogue`),
a trace at a tutor's pace (:mod:`.trace`) and its grade (:mod:`.grade`).  No Qt."""
