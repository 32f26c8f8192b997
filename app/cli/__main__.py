"""`python -m app.cli`: the `memdesk` command."""

import sys

from app.cli import main

sys.exit(main())
