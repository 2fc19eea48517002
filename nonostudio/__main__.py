"""`python -m nonostudio SUBCOMMAND`: the headless command-line interface."""

import sys

from nonostudio.cli import main

sys.exit(main())
