"""Solving traces: the tutor's steps (easiest technique first), the rule queue, fallbacks beyond
line logic, and the steps they record.
"""
