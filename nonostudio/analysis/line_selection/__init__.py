"""Line-selection experiments (Dandurand, Cousineau and Shultz, CogSci 2012): the line game,
strategies, SARSA and the experiment that compares them.
"""
