"""`python -m nonostudio SUBCOMMAND`: the headless command-line interface."""

import sys

from nonostudio.console import cli

sys.exit(cli())
