"""``nonostudio-cli learn``: learning runs (run, extend, list, delete), their export as a rule file
and the learning report.
"""
