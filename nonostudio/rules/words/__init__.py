"""Rules in plain English: explanations built from the syntax tree, their phrases and small words,
and the rule browser's subtitles.
"""
