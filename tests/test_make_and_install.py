"""Setting MemDesk up as the README says (issue 23 item 12): `make run` without a display says how
to see the window and ends cleanly; `pip install -e .` prints no warning banner of setuptools'."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT
from tests.helpers import copy_of_checkout

NO_DISPLAY = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")


def installed_venv(folder: Path, memdesk: str) -> Path:
    """A venv folder `make` takes as set up (its stamps newer than what they stand for), whose
    `memdesk` is the shell script given."""
    bin_ = folder / "bin"
    bin_.mkdir(parents=True)
    for stamp in (bin_ / "python", folder / ".installed", folder / ".sysdeps"):
        stamp.touch()
    (bin_ / "memdesk").write_text(f"#!/bin/sh\n{memdesk}\n", encoding="utf-8")
    (bin_ / "memdesk").chmod(0o755)
    return folder


def make_run(folder: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in NO_DISPLAY and k != "MAKEFLAGS"}
    return subprocess.run(
        ["make", "-s", "-C", str(PROJECT_ROOT), "run", f"VENV={folder}"],
        env=clean | env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")
def test_make_run_without_a_display_says_how_and_ends_cleanly(tmp_path: Path) -> None:
    folder = installed_venv(tmp_path / "venv", "echo window opened")
    done = make_run(folder)
    assert done.returncode == 0, done.stderr
    assert "xvfb-run -a make run" in done.stdout
    assert "window opened" not in done.stdout
    assert "Error" not in done.stderr


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")
def test_make_run_with_a_display_opens_the_window_and_passes_its_exit_code(
    tmp_path: Path,
) -> None:
    folder = installed_venv(tmp_path / "venv", 'echo "window opened: $*"; exit 3')
    done = make_run(folder, DISPLAY=":99")
    assert "window opened: open --demo" in done.stdout
    assert done.returncode != 0  # make reports the window's failure


@pytest.mark.slow
def test_an_editable_install_prints_no_setuptools_banner(tmp_path: Path) -> None:
    """pip shows the build backend's warnings even with --quiet; setuptools' import-hook
    editable install warns with a banner of asterisks that the project layout must not cause."""
    project = copy_of_checkout(PROJECT_ROOT, tmp_path / "memdesk")
    venv.create(tmp_path / "venv", with_pip=False)
    pip = [sys.executable, "-m", "pip", "--python", str(tmp_path / "venv" / "bin" / "python")]
    done = subprocess.run(
        [*pip, "install", "--quiet", "--no-deps", "--disable-pip-version-check", "-e", project],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "*****" not in done.stdout + done.stderr
    assert "Warning" not in done.stdout + done.stderr, done.stderr
