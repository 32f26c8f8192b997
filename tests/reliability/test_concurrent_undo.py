"""An operation is undone at most once: `memdesk undo` processes started together on the same
operation (2 to 4, ten times) record exactly one undo, and the file is as one undo leaves it
(before, two of five runs of two recorded two undos)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from core.demo import write_demo
from core.store.journal import Journal
from tests.conftest import PROJECT_ROOT

pytestmark = pytest.mark.slow  # undo processes released together, ten trials

TRIALS = 10
# Imports first, then waits at the gate (a file the test creates once every process is
# ready), so that the undos really run at the same moment.
GATED = """
import os, sys, time
from app.cli import main
print("ready", flush=True)
while not os.path.exists(sys.argv[1]):
    time.sleep(0.0005)
sys.exit(main(sys.argv[2:]))
"""


def _started_together(gate: Path, count: int, *args: str) -> list[subprocess.CompletedProcess[str]]:
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", GATED, str(gate), *args],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(count)
    ]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    gate.touch()
    done = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        done.append(subprocess.CompletedProcess(proc.args, proc.returncode, out, err))
    return done


def _undos_of(root: Path, op_id: str) -> list[str]:
    with Journal.open(root) as journal:
        return [op for op, _cause in journal.causes_starting(f"undo of {op_id}")]


@pytest.mark.parametrize("trial", range(TRIALS))
def test_undos_started_together_undo_the_operation_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], trial: int
) -> None:
    ws = tmp_path / "ws"
    write_demo(ws, entries=40, seed=trial)
    original = (ws / "MEMORY.md").read_bytes()
    key = original.split(b"### [", 1)[1][:6].decode()
    assert main(["edit", str(ws), key, "--score", "0.5"]) == 0
    with Journal.open(ws) as journal:
        op_id = journal.operations(1)[0].op_id
    capsys.readouterr()

    runs = _started_together(tmp_path / "gate", 2 + trial % 3, "undo", str(ws), op_id)

    shown = "\n".join(f"exit {r.returncode}: {r.stdout}{r.stderr}" for r in runs)
    assert [r.returncode for r in runs].count(0) == 1, shown
    assert all("undone already" in r.stderr for r in runs if r.returncode != 0), shown
    assert all("Traceback" not in r.stderr for r in runs), shown
    assert len(_undos_of(ws, op_id)) == 1, shown
    assert (ws / "MEMORY.md").read_bytes() == original


def test_the_workspace_lock_is_never_followed_out_of_the_workspace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ws, outside = tmp_path / "ws", tmp_path / "outside.txt"
    write_demo(ws, entries=10)
    outside.write_text("someone else's file\n")
    (ws / ".memdesk" / "workspace.lock").symlink_to(outside)
    assert (
        main(
            [
                "edit",
                str(ws),
                (ws / "MEMORY.md").read_text().split("### [")[1][:6],
                "--score",
                "0.5",
            ]
        )
        == 0
    )
    capsys.readouterr()

    assert main(["undo", str(ws)]) == 1
    err = capsys.readouterr().err
    assert "workspace.lock: a symbolic link where MemDesk keeps its own files" in err
    assert outside.read_text() == "someone else's file\n"
