"""`memdesk open` where no window can be shown (an ssh session, a container, a bundle started
from a text console)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="a window needs no X11 there")
def test_open_without_a_display_says_how_to_get_one_instead_of_aborting(tmp_path: Path) -> None:
    """Tried as a new user would, over ssh: `memdesk open` printed Qt's plugin diagnostics and
    aborted with a core dump (exit 134). Now one line says why and what to run, exit 2."""
    (tmp_path / "MEMORY.md").write_text("", encoding="utf-8")
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "open", str(tmp_path)],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "memdesk: no display here, so no window: run it in a desktop session, or under a virtual "
        "display: xvfb-run -a memdesk open"
    ]
