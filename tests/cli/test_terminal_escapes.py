"""Text from a memory file never drives the person's terminal: control characters reach a
terminal as visible escapes (a real pseudo-terminal here), and a pipe gets the bytes as they are."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

MEMORY = (
    "# Agent Memory\n\n## Active Memories\n\n"
    "### [e1] fact | 0.50 | 2026-01-01 | 1\n"
    "red \x1b[31mALERT\x1b]0;retitled\x07 and a bell\n"
)
MEMDESK = [sys.executable, "-m", "app.cli"]


def _in_terminal(argv: list[str]) -> bytes:
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, its stdout and stderr on the terminal
        os.execv(sys.executable, [sys.executable, *argv[1:]])
    data = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the terminal closed with the command
            break
        if not chunk:
            break
        data += chunk
    os.waitpid(pid, 0)
    return data


def test_control_characters_reach_a_terminal_escaped(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    for command in (["list"], ["show", "e1"]):
        shown = _in_terminal([*MEMDESK, command[0], str(tmp_path), *command[1:]])
        assert b"\x1b" not in shown and b"\x07" not in shown
        assert b"\\x1b[31mALERT\\x1b]0;retitled\\x07" in shown


def test_a_pipe_gets_the_text_as_it_is(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    done = subprocess.run([*MEMDESK, "list", str(tmp_path)], capture_output=True, check=True)
    assert b"\x1b[31mALERT" in done.stdout
