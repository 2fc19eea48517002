"""The Solve tab: the step-by-step replay of a solution, solving by hand, and the hint ladder."""
