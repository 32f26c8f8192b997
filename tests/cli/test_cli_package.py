"""Issue 24: `app/cli/` split along its seams stays small and starts fast: `memdesk --version`
loads no window, no reviewer and no heavy library (SPEC: the CLI imports lazily)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import app.cli

HEAVY = ("PySide6", "qasync", "app.gui", "httpx", "numpy", "rapidfuzz", "pydantic", "core.review")
PROBE = """
import sys
from app.cli import main
try:
    main(["--version"])
except SystemExit:
    pass
print("\\n".join(sys.modules))
"""


def test_version_loads_no_window_reviewer_or_heavy_library() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = done.stdout.split()
    assert "app.cli.parser" in loaded  # the probe ran main
    assert [m for m in loaded if m.startswith(HEAVY)] == []


def test_no_cli_module_is_over_500_lines() -> None:
    folder = Path(app.cli.__file__).parent
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in folder.glob("*.py")}
    assert len(sizes) > 5
    assert {name: n for name, n in sizes.items() if n > 500} == {}
