"""The rule language itself: its tokens, syntax tree, parser and printer, what a rule fills on a
line (the interpreter), its cost, linear forms, mirror images, cheaper equivalent forms and
example fills.
"""
