"""The server's memdesk, slow in the middle of a save (for test_remote_ssh): once the new
MEMORY.md is written beside the old one, it writes its pid to $MEMDESK_SLOW_MARKER and waits
$MEMDESK_SLOW_SECONDS before the swap, so a test can cut the connection mid-commit."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from core.store import atomic

_prepare = atomic.prepare


def _slow_prepare(path: Path, *args: Any, **kwargs: Any) -> Any:
    prepared = _prepare(path, *args, **kwargs)
    if Path(path).name == "MEMORY.md":
        Path(os.environ["MEMDESK_SLOW_MARKER"]).write_text(str(os.getpid()))
        time.sleep(float(os.environ.get("MEMDESK_SLOW_SECONDS", "3")))
    return prepared


atomic.prepare = _slow_prepare  # type: ignore[assignment]

if __name__ == "__main__":
    from app.cli import main

    sys.exit(main())
