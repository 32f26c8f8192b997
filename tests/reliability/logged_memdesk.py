"""The server's memdesk, noting each call's arguments (a line each, in $MEMDESK_CALLS) before it
runs them: tells a test how often the desk asked for the version."""

from __future__ import annotations

import os
import sys

if __name__ == "__main__":
    from app.cli import main

    with open(os.environ["MEMDESK_CALLS"], "a", encoding="utf-8") as calls:
        calls.write(" ".join(sys.argv[1:]) + "\n")
    sys.exit(main())
