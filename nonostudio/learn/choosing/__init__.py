"""Choosing a rule set from learned rules: optimisation, the learning report and the export of a
chosen set as a rule file.
"""
