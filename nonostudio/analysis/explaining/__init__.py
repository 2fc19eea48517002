"""A step explained as a player reads it: the premises that prove its cells, their words,
contradiction chains, and a trace told step by step.
"""
