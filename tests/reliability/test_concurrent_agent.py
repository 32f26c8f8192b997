"""SPEC 9: a simulated agent edits MEMORY.md while MemDesk applies edits; nothing is lost silently.

The agent is a real separate process (a small script written into tmp_path) that behaves like
EverBot: under ``fcntl.flock`` on ``MEMORY.md.lock`` it reads the file, changes memories of its
own, copies the old file to ``MEMORY.md.bak`` and writes the new one, either in place (603d2cf)
or through a temp file and ``os.replace`` (HEAD). It logs every change it made and stops by
itself after a fixed number of changes. Meanwhile this process opens the workspace, edits
memories and saves, again and again.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from core.agents.everbot import document as evdoc
from core.agents.everbot import format as ev
from core.agents.everbot.workspace import Workspace
from core.store.document import Saved
from core.store.merge import Change, ConflictError

AGENT_IDS = ["a00001", "a00002", "a00003", "a00004"]
MEMDESK_IDS = ["b00001", "b00002", "b00003", "b00004"]
SHARED_ID = "5a0001"
UNTOUCHED_IDS = ["c00001", "c00002"]
ALL_IDS = [*AGENT_IDS, *MEMDESK_IDS, SHARED_ID, *UNTOUCHED_IDS]
HITS = 3

AGENT_CHANGES = 150
MIN_SAVES = 20
# A hard stop in case something hangs; a normal run takes a second or two.
DEADLINE_S = 30.0

_AGENT = '''
"""A simulated EverBot agent: changes its own memories in MEMORY.md under MEMORY.md.lock."""
import fcntl, os, random, sys, time

path, log_path, ids = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
iterations, rng = int(sys.argv[4]), random.Random(int(sys.argv[5]))


def change(text, memory_id, token):
    """Append the token to the memory's text and count one more activation."""
    lines = text.split("\\n")
    for i, line in enumerate(lines):
        if line.startswith(f"### [{memory_id}] "):
            head, hits = line.rsplit("| ", 1)
            lines[i] = f"{head}| {int(hits) + 1}"
            lines[i + 1] += f" {token}"
            return "\\n".join(lines)
    raise SystemExit(f"agent: memory {memory_id} is gone from {path}")


print("ready", flush=True)
with open(log_path, "a", encoding="utf-8") as log:
    for n in range(iterations):
        memory_id, token = ids[n % len(ids)], f"agent-{n}"
        with open(path + ".lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            new = change(text, memory_id, token)
            with open(path + ".bak", "w", encoding="utf-8") as f:
                f.write(text)
            if n % 2:  # 603d2cf: overwrite in place
                with open(path, "w", encoding="utf-8") as f:
                    f.write(new)
            else:  # HEAD: temp file, then os.replace
                with open(path + ".tmp", "w", encoding="utf-8") as f:
                    f.write(new)
                os.replace(path + ".tmp", path)
            log.write(f"{memory_id} {token}\\n")
            log.flush()
        time.sleep(rng.uniform(0.001, 0.004))
'''


def original_content(memory_id: str) -> str:
    return f"memory {memory_id}: 记忆 {memory_id[-1]}"


def memory_file() -> str:
    """A file as the agent writes it: header block, one section, entries split by a blank line."""
    entries = [
        f"### [{memory_id}] fact | 0.{90 - i:02d} | 2026-02-{i + 1:02d} | {HITS}\n"
        f"{original_content(memory_id)}\n"
        for i, memory_id in enumerate(ALL_IDS)
    ]
    head = (
        "# Agent Memory\n\n<!-- Last updated: 2026-02-28T09:15:00 -->\n"
        f"<!-- Total entries: {len(ALL_IDS)} -->\n<!-- last_processed_count: 0 -->\n\n"
        "## Active Memories\n\n"
    )
    return head + "\n".join(entries)


@pytest.fixture
def memory(tmp_path: Path) -> Path:
    root = tmp_path / "workspace"
    root.mkdir()
    path = root / "MEMORY.md"
    path.write_text(memory_file(), encoding="utf-8")
    return path


@contextmanager
def agent(
    tmp_path: Path, memory: Path, ids: list[str], *, changes: int, seed: int
) -> Iterator[subprocess.Popen[str]]:
    """Start the simulated agent; it is running (and has read nothing yet) when this yields."""
    script = tmp_path / "agent.py"
    script.write_text(_AGENT, encoding="utf-8")
    args = [str(memory), str(agent_log_path(tmp_path)), ",".join(ids), str(changes), str(seed)]
    with subprocess.Popen(
        [sys.executable, str(script), *args], stdout=subprocess.PIPE, text=True
    ) as proc:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "ready\n"
        try:
            yield proc
        finally:
            if proc.poll() is None:
                proc.kill()


def agent_log_path(tmp_path: Path) -> Path:
    return tmp_path / "agent.log"


def agent_changes(tmp_path: Path) -> list[tuple[str, str]]:
    """(memory id, token) of every change the agent made, in order."""
    lines = agent_log_path(tmp_path).read_text(encoding="utf-8").splitlines()
    return [(memory_id, token) for memory_id, token in (line.split() for line in lines)]


def append(ws: Workspace, key: str, token: str, *, score: float | None = None) -> None:
    """MemDesk's edit: the person appends a token to a memory (and may set its score)."""
    entry = ws.find(key)
    assert entry is not None, f"memory {key} missing from what MemDesk read"
    fields: dict[str, object] = {"content": f"{entry.content} {token}"}
    if score is not None:
        fields["score"] = score
    ws.apply([Change(key, entry, entry.edited(**fields))])


def save(ws: Workspace) -> Saved[evdoc.Entry]:
    return ws.save(actor="person", cause="concurrency test")


def final_document(memory: Path) -> evdoc.StructuredDocument:
    """The file after both sides stopped: it must parse cleanly with every memory still there."""
    doc = ev.parse(memory.read_bytes(), memory)
    assert doc.problems == []
    assert [e.key for e in doc.entries()] == ALL_IDS
    return doc


def tokens_of(doc: evdoc.StructuredDocument, memory_id: str) -> list[str]:
    """The tokens appended to a memory's original text, in order."""
    entry = doc.find(memory_id)
    assert entry is not None
    prefix = original_content(memory_id)
    assert entry.content.startswith(prefix), entry.content
    return entry.content[len(prefix) :].split()


def test_disjoint_edits_of_agent_and_memdesk_are_all_kept(tmp_path: Path, memory: Path) -> None:
    rng = random.Random(20260226)
    saved: dict[str, list[str]] = {key: [] for key in MEMDESK_IDS}
    last_score: dict[str, float] = {}
    saves = merged = conflicts = 0
    deadline = time.monotonic() + DEADLINE_S

    with agent(tmp_path, memory, AGENT_IDS, changes=AGENT_CHANGES, seed=7) as proc:
        while proc.poll() is None or saves < MIN_SAVES:
            assert time.monotonic() < deadline, f"only {saves} saves in {DEADLINE_S} s"
            key, token, score = MEMDESK_IDS[saves % 4], f"memdesk-{saves}", 0.5 + saves / 1000
            ws = Workspace.open(memory.parent)
            ws.lock_timeout = 5.0
            for _attempt in range(3):
                append(ws, key, token, score=score)
                time.sleep(rng.uniform(0.0, 0.005))  # the agent may write meanwhile
                try:
                    result = save(ws)
                except ConflictError:
                    conflicts += 1
                    ws.reload()
                    continue
                break
            else:
                pytest.fail(f"{key}: three conflicts in a row for an id the agent never edits")
            saved[key].append(token)
            last_score[key] = score
            saves += 1
            merged += result.merged
        assert proc.wait(timeout=10) == 0

    log = agent_changes(tmp_path)
    assert len(log) == AGENT_CHANGES
    doc = final_document(memory)
    for memory_id in AGENT_IDS:
        mine = [token for logged_id, token in log if logged_id == memory_id]
        assert tokens_of(doc, memory_id) == mine, memory_id
        entry = doc.find(memory_id)
        assert entry is not None and entry.activation_count == HITS + len(mine)
    for key in MEMDESK_IDS:
        assert tokens_of(doc, key) == saved[key], key
        entry = doc.find(key)
        assert entry is not None and entry.score_token() == format(last_score[key], ".2f")
    for memory_id in [SHARED_ID, *UNTOUCHED_IDS]:
        assert tokens_of(doc, memory_id) == []
    # The journal still holds the scores the file rounds.
    reopened = Workspace.open(memory.parent)
    assert {e.key: e.score for e in reopened.entries() if e.key in last_score} == last_score
    # Disjoint ids never conflict; and the agent did write between our loads and saves.
    assert conflicts == 0
    assert merged > 0, f"no save of {saves} had to merge: the agent never wrote in between"


def test_the_same_memory_edited_on_both_sides_is_a_conflict(tmp_path: Path, memory: Path) -> None:
    ws = Workspace.open(memory.parent)
    append(ws, SHARED_ID, "memdesk-0")
    with agent(tmp_path, memory, [SHARED_ID], changes=1, seed=1) as proc:
        assert proc.wait(timeout=10) == 0
    theirs = memory.read_bytes()

    with pytest.raises(ConflictError) as caught:
        save(ws)

    assert [c.key for c in caught.value.conflicts] == [SHARED_ID]
    assert memory.read_bytes() == theirs
    assert tokens_of(final_document(memory), SHARED_ID) == ["agent-0"]
    # The person reloads, sees the agent's text and edits again: both are kept.
    ws.reload()
    append(ws, SHARED_ID, "memdesk-1")
    save(ws)
    assert tokens_of(final_document(memory), SHARED_ID) == ["agent-0", "memdesk-1"]


def test_racing_on_the_same_memory_never_overwrites_the_agent(tmp_path: Path, memory: Path) -> None:
    rng = random.Random(20260227)
    saved: list[str] = []
    refused: list[str] = []
    deadline = time.monotonic() + DEADLINE_S

    with agent(tmp_path, memory, [SHARED_ID], changes=60, seed=3) as proc:
        n = 0
        while proc.poll() is None:
            assert time.monotonic() < deadline
            token = f"memdesk-{n}"
            n += 1
            ws = Workspace.open(memory.parent)
            ws.lock_timeout = 5.0
            append(ws, SHARED_ID, token)
            time.sleep(rng.uniform(0.0, 0.004))
            try:
                save(ws)
            except ConflictError as exc:
                assert [c.key for c in exc.conflicts] == [SHARED_ID]
                refused.append(token)
            else:
                saved.append(token)
        assert proc.wait(timeout=10) == 0

    assert saved or refused
    log = agent_changes(tmp_path)
    assert len(log) == 60
    tokens = tokens_of(final_document(memory), SHARED_ID)
    # Every change of the agent and every save of MemDesk is there, once and in its order;
    # an edit refused as a conflict was not written at all.
    assert [t for t in tokens if t.startswith("agent-")] == [token for _id, token in log]
    assert [t for t in tokens if t.startswith("memdesk-")] == saved
    assert not set(refused) & set(tokens)
