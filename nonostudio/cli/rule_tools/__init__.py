"""``nonostudio-cli rules``: show, prove and measure a rule set, list the techniques and write the
strategy guide.
"""
