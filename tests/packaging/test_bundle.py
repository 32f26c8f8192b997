"""`make dist` then `make dist-smoke`, from scratch: the one-folder bundle built by PyInstaller
(packaging/memdesk.spec) starts offscreen on an EverBot and a Hermes demo, edits a memory, saves
it (backup made) and closes with exit 0. PyInstaller comes with the dist extra, which the dev
extra includes, so CI builds the bundle too; the build takes about half a minute on a quiet
machine, the whole test about 75 s."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT
from tests.packaging.test_smoke import CATALOG

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        importlib.util.find_spec("PyInstaller") is None,
        reason="PyInstaller is not installed (the dist extra): `make dist-smoke` builds the "
        "bundle and runs this smoke",
    ),
]


def test_the_bundle_built_from_the_spec_starts_edits_saves_and_closes(tmp_path: Path) -> None:
    started = time.monotonic()
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            str(PROJECT_ROOT / "packaging" / "memdesk.spec"),
            "--noconfirm",
            "--log-level",
            "WARN",
            "--distpath",
            str(tmp_path / "dist"),
            "--workpath",
            str(tmp_path / "build"),
        ],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    print(f"bundle built in {time.monotonic() - started:.0f} s")
    bundle = tmp_path / "dist" / "memdesk" / "memdesk"
    smoke = subprocess.run(
        [sys.executable, str(PROJECT_ROOT / "packaging" / "smoke.py"), str(bundle)],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert smoke.returncode == 0, smoke.stderr
    assert smoke.stdout.count("closed with exit 0") == 2, smoke.stdout
    if CATALOG.exists():  # built by `make`: the bundle carries it
        assert "(zh_CN.UTF-8: 文件(&F) menu)" in smoke.stdout
