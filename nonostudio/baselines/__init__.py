"""Baselines from Buades Rubio, Jaume-i-Capó, López González and Moyà Alcover, "Solving nonograms
using Neural Networks": a multilayer perceptron that reads a square puzzle's clues and guesses its
whole board, the eight reflections that give it more chances, a heuristic depth-first solver
alone and started from the network's guess (partial erase, full erase, intuition), and a genetic
algorithm.  They are measured beside nonostudio's complete solver, never used by it.

Layout: :mod:`~nonostudio.baselines.encoding` (the network's input and output vectors),
:mod:`~nonostudio.baselines.reflections`, :mod:`~nonostudio.baselines.network` (the MLP;
training needs the optional ``baselines`` extra, scikit-learn, prediction only numpy),
:mod:`~nonostudio.baselines.boards` (training boards we make), :mod:`~nonostudio.baselines.recipes`
(how the shipped networks were trained), :mod:`~nonostudio.baselines.heuristic` (the DFS and its
variants), :mod:`~nonostudio.baselines.genetic` (the GA),
:mod:`~nonostudio.baselines.nonodataset` (reading the paper's published test boards),
:mod:`~nonostudio.baselines.curve` (the learning curve and per-cell accuracy) and
:mod:`~nonostudio.baselines.experiment` (the paper's experiments and their statistics).
"""
