"""`python -m nonostudio SUBCOMMAND`: the headless command-line interface."""

import sys

try:
    from nonostudio.cli import main
except KeyboardInterrupt:  # Ctrl-C while the modules load: no traceback
    sys.stderr.write("nonostudio-cli: interrupted\n")
    sys.exit(130)

sys.exit(main())
