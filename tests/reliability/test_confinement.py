"""SPEC 9, confinement: a scope folder swapped for a symlink mid-read never leaks outside text.

Another process (a small script written into tmp_path) swaps Pomelobot's scope folder
`memory/scopes/group_a` for a symlink to a folder outside the workspace and back, by renames,
as fast as it can. Meanwhile this process asks memory_get for the scope's long-term file again
and again: it may be refused or find no file mid-swap, but it must never return the outside
text. Run with ``-s`` to see the counts; ``MEMDESK_LONG=1`` runs longer.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from core.agents.pomelobot.access import memory_get
from core.store.errors import WorkspaceError

LONG = os.environ.get("MEMDESK_LONG") == "1"
DURATION_S = 30.0 if LONG else 2.5
MIN_SWAPS = 10_000 if LONG else 500  # the swapper really ran while memory_get read
INSIDE = "[10:00:00] group a, inside the workspace\n"
OUTSIDE = "[10:00:00] OUTSIDE-SECRET\n"
FILE = "memory/scopes/group_a/LONG_TERM.md"

_SWAPPER = """
import os, sys, time
scope, parked, link, duration = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
swaps, end = 0, time.monotonic() + duration
print("ready", flush=True)
while time.monotonic() < end:
    os.rename(scope, parked)  # the real folder steps aside ...
    os.rename(link, scope)  # ... and the symlink to the outside folder takes its name
    os.rename(scope, link)
    os.rename(parked, scope)  # the real folder is back
    swaps += 4
print(swaps, flush=True)
"""


def test_a_scope_folder_swapped_for_a_symlink_never_leaks(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    scopes = ws / "memory" / "scopes"
    (scopes / "group_a").mkdir(parents=True)
    (scopes / "group_a" / "LONG_TERM.md").write_text(INSIDE, encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "LONG_TERM.md").write_text(OUTSIDE, encoding="utf-8")
    (scopes / ".swap-link").symlink_to(outside)
    script = tmp_path / "swapper.py"
    script.write_text(_SWAPPER, encoding="utf-8")
    args = [scopes / "group_a", scopes / ".swap-parked", scopes / ".swap-link", DURATION_S]
    command = [sys.executable, str(script), *map(str, args)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as swapper:
        assert swapper.stdout is not None
        assert swapper.stdout.readline() == "ready\n"
        calls, inside, refused, leaks = _read_while_running(swapper, ws)
        swaps = int(swapper.stdout.read().strip() or 0)
    print(f"\nconfinement race: {calls} memory_get calls ({inside} read inside, "
          f"{refused} refused mid-swap), {swaps} renames, {len(leaks)} leaks")  # fmt: skip
    assert not leaks, f"outside text returned {len(leaks)} times in {calls} calls"
    assert swaps >= MIN_SWAPS and inside > 0 and refused > 0


def _read_while_running(
    swapper: subprocess.Popen[str], ws: Path
) -> tuple[int, int, int, list[str]]:
    """memory_get in a loop until the swapper stops: (calls, read inside, refused, leaks)."""
    calls, inside, refused, leaks = 0, 0, 0, []
    deadline = time.monotonic() + DURATION_S + 30
    while swapper.poll() is None and time.monotonic() < deadline:
        calls += 1
        try:
            text = memory_get(ws, FILE, scope="group_a")
        except (OSError, WorkspaceError):
            refused += 1  # mid-swap: no such file, or the symlink met and refused
            continue
        if "OUTSIDE" in text:
            leaks.append(text)
        else:
            inside += 1
    return calls, inside, refused, leaks
