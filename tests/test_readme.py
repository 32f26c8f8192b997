"""The README, read top to bottom by a new user (issue 27): short, and every `memdesk` command in
it runs as written (the window's `open` aside) on a machine with no agent of its own."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _commands() -> list[list[str]]:
    """The `.venv/bin/memdesk …` lines of the README's shell blocks, comments cut, in order."""
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
    lines = [line.split(" #")[0] for block in blocks for line in block.splitlines()]
    return [shlex.split(line)[1:] for line in lines if line.startswith(".venv/bin/memdesk ")]


def test_the_readme_is_short_and_keeps_its_required_parts() -> None:
    assert len(README.splitlines()) <= 200
    assert "make test" in README  # .ci/run calls the README's test command
    assert "## Dependencies, and why" in README


def test_every_file_the_readme_links_to_is_there() -> None:
    targets = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README)
    local = [t for t in targets if not t.startswith(("http://", "https://"))]
    assert len(local) > 10
    assert [t for t in local if not (ROOT / t).exists()] == []


@pytest.mark.slow
def test_every_memdesk_command_in_the_readme_runs(tmp_path: Path) -> None:
    commands = [c for c in _commands() if c[0] != "open"]
    assert len(commands) >= 8
    home = tmp_path / "home"
    home.mkdir()
    xdg = {f"XDG_{kind}_HOME": str(home / kind.lower()) for kind in ("CONFIG", "CACHE", "DATA")}
    env = {**os.environ, "HOME": str(home), **xdg}
    for command in commands:
        args = [arg.replace("/tmp/", f"{tmp_path}/") for arg in command]
        done = subprocess.run(
            [sys.executable, "-m", "app.cli", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, f"memdesk {shlex.join(command)}: {done.stderr}"
