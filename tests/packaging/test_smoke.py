"""The smoke run `make dist-smoke` does on the bundle, here on the code as it is (no bundle
needed): `MEMDESK_SMOKE=1 memdesk open DIR` (app/smoke.py) drives the real window offscreen, and
packaging/smoke.py checks on disk what it claims."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT

SMOKE = PROJECT_ROOT / "packaging" / "smoke.py"
MEMDESK = [sys.executable, "-m", "app.cli"]
CATALOG = PROJECT_ROOT / "resources" / "i18n" / "memdesk_zh_CN.qm"

pytestmark = pytest.mark.slow  # the real window, started offscreen in a process of its own


def _run(args: list[str], timeout: int = 300, **env: str) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"QT_QPA_PLATFORM": "offscreen"} | env
    return subprocess.run(
        args, cwd=PROJECT_ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


def test_the_smoke_run_edits_saves_and_closes_the_window_on_an_everbot_and_a_hermes_demo() -> None:
    """Tried as a packager would: nothing checked that MemDesk, once built, starts and saves.
    Now the smoke run opens each demo in the window, edits a memory in the desk's editor, saves
    it with File → Save, closes with exit 0, and the file and its new backup are on disk."""
    done = _run([sys.executable, str(SMOKE), *MEMDESK])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["everbot", "hermes"], done.stdout
    assert all("memories; edited" in line and "closed with exit 0" in line for line in lines)
    if CATALOG.exists():  # `make` builds it: a Chinese desktop's window speaks Chinese
        assert "(zh_CN.UTF-8: 文件(&F) menu)" in lines[1]


def test_the_smoke_check_fails_when_the_window_only_says_it_saved(tmp_path: Path) -> None:
    """The check believes the disk, not the report: a program that prints a perfect report
    and saves nothing fails it."""
    liar = tmp_path / "liar.py"
    liar.write_text(
        "import json, sys\n"
        "from pathlib import Path\n"
        "from app.cli import main\n"
        "if sys.argv[1:2] != ['open']:\n"
        "    sys.exit(main())\n"
        "root = Path(sys.argv[2])\n"
        "print(json.dumps({'ok': True, 'shown': True, 'icons': True, 'memories': 3,\n"
        "    'root': str(root), 'file': 'MEMORY.md', 'id': 'x', 'edited': 'x'}))\n",
        encoding="utf-8",
    )
    done = _run([sys.executable, str(SMOKE), sys.executable, str(liar)])
    assert done.returncode == 1
    assert "MEMORY.md: unchanged on disk after the save" in done.stderr


def test_the_smoke_driver_says_why_and_exits_1_when_there_is_nothing_to_edit(
    tmp_path: Path,
) -> None:
    home = tmp_path / "hermes"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_bytes(b"")
    done = _run([*MEMDESK, "open", str(home)], timeout=120, MEMDESK_SMOKE="1")
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["ok"] is False and report["shown"] is True
    assert report["error"] == "the workspace shows no memory to edit"
