"""The Rules tab: the rule browser, the technique browser and guide, and the rule editor that writes
and proves a rule."""
