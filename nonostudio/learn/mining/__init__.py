"""The data rules are learned from and measured on: specification mining, pools of line states and
test transitions from rollouts of real puzzles.
"""
