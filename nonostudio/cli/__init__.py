"""The headless command line: ``nonostudio-cli SUBCOMMAND`` or ``python -m nonostudio SUBCOMMAND``.

Subcommands, one module each (``convert`` also holds ``formats`` and ``samples``):

  solve    one puzzle: its solution(s) and verdict (:mod:`nonostudio.cli.solve`)
  check    the verdicts of many puzzles, one row each (:mod:`nonostudio.cli.check`)
  convert  a puzzle in another format, or a picture (:mod:`nonostudio.cli.convert`)
  formats  the puzzle formats read and written
  samples  list or copy out the bundled sample puzzles
  rules    show, prove or measure a rule set; the techniques; the strategy guide
           (:mod:`nonostudio.cli.rule_tools.rules`)
  explain  how a puzzle is solved with a rule set, step by step (:mod:`nonostudio.cli.explain`)
  grade    the difficulty of many puzzles, one row each (:mod:`nonostudio.cli.grade`)
  learn    run rule synthesis, follow it, export and compare the learned set
           (:mod:`nonostudio.cli.learning.learn`)

Every subcommand takes ``--json`` and then prints exactly one JSON document on stdout; progress
and messages go to stderr.  The exit codes are :class:`nonostudio.cli.common.ExitCode`.
:mod:`nonostudio.cli.app` builds the parser and runs a subcommand, :mod:`nonostudio.cli.common`
holds what the subcommands share and :mod:`nonostudio.cli.batch` the table runner of ``check``
and ``grade``.  The console entry point is :mod:`nonostudio.console`, which also hands the command
line the studio's picture writer: this package imports nothing of the GUI.
"""

from nonostudio.cli.app import build_parser, main

__all__ = ["build_parser", "main"]
