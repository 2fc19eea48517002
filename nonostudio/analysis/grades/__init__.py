"""Difficulty: the grade of a puzzle (tier, features, score, label), its explanation, blank
margins, probing, and a row of a batch grade.
"""
