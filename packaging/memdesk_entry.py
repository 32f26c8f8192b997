"""The bundle's entry: the `memdesk` command (`app.cli:main`, as pyproject's script names it).

`freeze_support` lets `memdesk review --all` start its reviewer processes from the bundle: a
frozen program has no Python to spawn them with, so it is started again as one of them.
"""

import multiprocessing
import sys

from app.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
