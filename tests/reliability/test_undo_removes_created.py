"""SPEC 5 and 9: the undo of an operation that created a file removes it, through the guarded
commit (the agent's lock, a backup first, the journal's intent, the late-write watch).

In Pomelobot's older layout (a root MEMORY.md alone) an add creates memory/scopes/main/MEMORY.md,
as the agent would; an empty file left there by the undo would hide the root file from the agent.
A SIGKILL at each step of the removal leaves the file with its bytes, or no file and its backup;
the next open settles the journal. A file an agent wrote to since the add is never removed.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from core.agent import Agent
from core.ops import apply_and_save, undo
from core.ops.undo import undo_and_save
from core.registry import all_agents, resolve
from core.store import atomic
from core.store.settled import journal_for_reading
from tests.conftest import PROJECT_ROOT

TODAY = date(2026, 11, 1)
ADDED = "Removal test: the standup moved to half past nine"
CREATED = "memory/scopes/main/MEMORY.md"
AGENT_LINE = "\n[09:00:00] the agent's own note, written after the add\n"  # as it appends one


@dataclass(frozen=True)
class Added:
    agent: Agent
    root: Path
    created: bytes  # what the add wrote into the file it created
    injected: list[str]  # what the agent injected before the add


def _added(tmp_path: Path) -> Added:
    """A Pomelobot workspace with a root MEMORY.md alone, after an add that created CREATED."""
    agent = next(a for a in all_agents() if a.name == "pomelobot")
    written = agent.demo(tmp_path / "ws", layout="pomelobot", entries=5, seed=3, today=TODAY)
    _found, root = resolve(written.workspace)
    assert not (root / CREATED).exists()
    injected = agent.context(root, today=TODAY).messages
    ws = agent.open(root)
    apply_and_save(ws, [agent.add(ws, ADDED)])
    return Added(agent, root, (root / CREATED).read_bytes(), injected)


def _kept_as_backup(root: Path, data: bytes) -> bool:
    """A backup (not a temp file the commit left) holds `data`."""
    return any(
        p.is_file() and p != root / CREATED and not atomic.is_memdesk_temp(p.name)
        and p.read_bytes() == data
        for p in root.rglob("*")
    )  # fmt: skip


def _removal(root: Path) -> Any:
    """The newest commit of CREATED (the removal, or the add when the removal was aborted)."""
    with journal_for_reading(root) as journal:
        assert journal is not None
        assert journal.pending_commits() == []
        return journal.recent_commits(CREATED, 1)[0]


def test_undo_of_an_add_that_created_a_file_removes_it_with_a_backup(tmp_path: Path) -> None:
    added = _added(tmp_path)
    undo_and_save(added.agent.open(added.root), None)
    assert not (added.root / CREATED).exists()
    assert _kept_as_backup(added.root, added.created)
    assert _removal(added.root).new_sha256 is None  # recorded as a removal
    assert added.agent.context(added.root, today=TODAY).messages == added.injected


def test_an_agent_append_before_the_undo_keeps_the_file_and_its_text(tmp_path: Path) -> None:
    added = _added(tmp_path)
    with (added.root / CREATED).open("a", encoding="utf-8") as agent:
        agent.write(AGENT_LINE)
    undo_and_save(added.agent.open(added.root), None)
    text = (added.root / CREATED).read_text(encoding="utf-8")
    assert "the agent's own note" in text
    assert ADDED not in text


def test_an_append_between_the_undo_s_plan_and_its_save_keeps_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The undo planned a removal of the file as the add left it; the agent appends before the
    save reads it: the save merges (MemDesk's memory out, the agent's in) and removes nothing."""
    added = _added(tmp_path)
    save = undo.apply_and_save

    def appended_first(*args: Any, **kwargs: Any) -> Any:
        with (added.root / CREATED).open("a", encoding="utf-8") as agent:
            agent.write(AGENT_LINE)
        return save(*args, **kwargs)

    monkeypatch.setattr(undo, "apply_and_save", appended_first)
    undo.undo_and_save(added.agent.open(added.root), None)
    text = (added.root / CREATED).read_text(encoding="utf-8")
    assert "the agent's own note" in text
    assert ADDED not in text


def test_an_append_during_the_removal_goes_back_and_keeps_its_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An agent that opened the file just before it was moved away writes into it a moment
    later: the late-write watch puts it back, and only MemDesk's memory is taken out."""
    added = _added(tmp_path)
    take_away = atomic.take_away

    def appended_meanwhile(path: Path) -> Path:
        with path.open("a", encoding="utf-8") as agent:
            taken = take_away(path)
            agent.write(AGENT_LINE)
        return taken

    monkeypatch.setattr(atomic, "take_away", appended_meanwhile)
    undo_and_save(added.agent.open(added.root), None)
    text = (added.root / CREATED).read_text(encoding="utf-8")
    assert "the agent's own note" in text
    assert ADDED not in text


# Each step of the removal, and the hook that kills the undo right after it (in the child).
_KILL = "os.kill(os.getpid(), signal.SIGKILL)"
STEPS = {
    "intent recorded": "Journal.begin_commit",
    "backup written": "commit.backup_bytes",
    "moved away": "atomic.take_away",
    "removed, not recorded done": "Journal.finish_commit",
}
_UNDO_KILLED_AFTER = """
import os, signal, sys
from pathlib import Path
from core.registry import all_agents
from core.ops import undo
from core.ops.undo import undo_and_save
from core.store import atomic, commit
from core.store.journal import Journal

owner, name = sys.argv[2].rsplit(".", 1)
where = {"Journal": Journal, "commit": commit, "atomic": atomic}[owner]
step = getattr(where, name)

def killed_after(*args, **kwargs):
    if name == "finish_commit":
        KILL
    result = step(*args, **kwargs)
    KILL

setattr(where, name, killed_after)
agent = next(a for a in all_agents() if a.name == "pomelobot")
undo_and_save(agent.open(Path(sys.argv[1])), None)
""".replace("KILL", _KILL)


@pytest.mark.parametrize("step", STEPS)
def test_a_kill_at_each_step_of_the_removal_leaves_the_file_or_its_backup(
    tmp_path: Path, step: str
) -> None:
    added = _added(tmp_path)
    child = subprocess.run(
        [sys.executable, "-c", _UNDO_KILLED_AFTER, str(added.root), STEPS[step]],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr

    created = added.root / CREATED
    if created.exists():
        assert created.read_bytes() == added.created
    else:
        assert _kept_as_backup(added.root, added.created)
    ws = added.agent.open(added.root)  # the next open: temps cleaned, the journal settled
    ws.clean_temps()
    assert [p for p in created.parent.iterdir() if atomic.is_memdesk_temp(p.name)] == []
    newest = _removal(added.root)
    assert (newest.new_sha256 is None) == (not created.exists())
    if created.exists():  # the undo did not happen: the person runs it again
        undo_and_save(added.agent.open(added.root), None)
    assert not created.exists()
    assert added.agent.context(added.root, today=TODAY).messages == added.injected
