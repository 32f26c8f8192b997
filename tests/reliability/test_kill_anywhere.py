"""SPEC 9: a MemDesk process killed with SIGKILL at any instant of any commit, for every document
kind. The file is the old or the new version, the next open settles the journal to agree with
it, and running the interrupted operation again applies it exactly once.

A reference workspace runs the same operations in this process without kills and records, after
each operation k, the file's bytes F_k and the journal (every event and the decay bookkeeping).
Operations are deterministic, so F_k and the journal after k are what any correct run holds.

A "zygote" process imports MemDesk once and forks a worker per round; the worker runs
operation n, n+1, … through the store in a loop (logging "begin n" before each) until the test
SIGKILLs it at a random instant. After each kill, with n the operation in flight:

- the file parses and is exactly F_{n-1} (old) or F_n (new);
- opening the workspace cleans MemDesk's temp files, and the settled journal has no pending
  commit and exactly the reference's events and decay bookkeeping for the version in the file;
- operation n run again (a decay run to the same date runs unconditionally; an add or edit runs
  when its token is not in the file, as the person would) leaves exactly F_n and the
  reference's journal after n: applied exactly once.

Sizes: ``KILLS`` per kind in CI (five kinds), ``LONG_KILLS`` with ``MEMDESK_LONG=1``.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from core.agents.everbot import format as ev
from core.agents.everbot import ops as everbot_ops
from core.agents.everbot.decay import apply_decay, preview_decay
from core.agents.everbot.workspace import Workspace
from core.agents.picoclaw import format as picoclaw
from core.agents.picoclaw import ops as profile_ops
from core.agents.picoclaw.profile import ProfileFormat, render_profile
from core.agents.picoclaw.workspace import PicoClawWorkspace
from core.agents.pomelobot import format as pomelobot
from core.agents.pomelobot.workspace import PomelobotWorkspace
from core.formats.whole_text import WHOLE_TEXT_KEY
from core.ops.entries import add_entry, edit_entry
from core.store import atomic
from core.store.document import Document
from core.store.journal import Journal
from core.store.settled import journal_for_reading

PROJECT_ROOT = Path(__file__).resolve().parents[2]
LONG = os.environ.get("MEMDESK_LONG") == "1"
KILLS = 6  # per kind in CI: 30 in all
LONG_KILLS = 44  # per kind with MEMDESK_LONG=1: 220 in all
MIN_KILL_WINDOW_S = 0.02  # the longest wait before a kill is at least this, …
KILL_WINDOW_OPS = 3  # … and at least this many operations of the reference run
START = date(2026, 3, 1)


def token(n: int) -> str:
    return f"tok-{n:05d}"


# -- the document kinds and their operations (deterministic in n and the workspace) ------------


class Kind:
    """One document kind: its seed file and operation n (add, edit, decay …) through the store."""

    name: str
    rel: str

    def seed(self, root: Path) -> None:
        raise NotImplementedError

    def run(self, root: Path, n: int) -> None:
        """Operation n, as a fresh MemDesk does it: open the workspace, change, save."""
        raise NotImplementedError

    def again(self, root: Path, n: int) -> None:
        """Operation n run again after a kill: as the person would (not if it is there)."""
        if token(n) not in (root / self.rel).read_text(encoding="utf-8"):
            self.run(root, n)

    def parse(self, data: bytes) -> None:
        raise NotImplementedError

    def open(self, root: Path) -> None:
        """Open the workspace as the window does after a crash."""
        raise NotImplementedError


def _edit_or_add(document: Document[Any, Any], n: int, draft: Callable[[int], Any]) -> None:
    """Even n: add an entry holding token n; odd n: append token n to the entry added at n-1."""
    if n % 2 == 0:
        add_entry(document, draft(n)).apply()
        return
    (key,) = [i.key for i in document.items() if token(n - 1) in i.content]
    text = document.item(key)
    assert text is not None
    edit_entry(document, key, f"{text.content} {token(n)}").apply()


class Structured(Kind):
    """EverBot's MEMORY.md: decay runs (even n, to day n) and edits (odd n) of its memories."""

    name = "structured-decay"
    rel = "MEMORY.md"
    ids = ("a1a1a1", "b2b2b2", "c3c3c3", "d4d4d4")

    def seed(self, root: Path) -> None:
        entries = "\n".join(
            f"### [{memory_id}] fact | 0.{95 - 10 * i} | 2026-0{1 + i % 2}-01 | 3\nmemory {i}\n"
            for i, memory_id in enumerate(self.ids)
        )
        (root / self.rel).write_text(
            "# Agent Memory\n\n<!-- Last updated: 2026-01-01T12:00:00 -->\n\n"
            f"## Active Memories\n\n{entries}",
            encoding="utf-8",
        )

    def day(self, n: int) -> date:
        return START + timedelta(days=3 * n)

    def run(self, root: Path, n: int) -> None:
        ws = Workspace.open(root)
        if n % 2 == 0:
            apply_decay(ws, preview_decay(ws, self.day(n)))
            return
        key = self.ids[n // 2 % len(self.ids)]
        entry = ws.find(key)
        assert entry is not None
        everbot_ops.edit(ws, key, content=f"{entry.content} {token(n)}", score=0.9).apply()
        ws.save(actor="person", cause="kill test", today=self.day(n))

    def again(self, root: Path, n: int) -> None:
        if n % 2 == 0:  # the same decay run, unconditionally: it must not decay twice
            self.run(root, n)
        else:
            super().again(root, n)

    def parse(self, data: bytes) -> None:
        doc = ev.parse(data)
        assert doc.problems == []
        assert [e.id for e in doc.entries()] == list(self.ids)

    def open(self, root: Path) -> None:
        Workspace.open(root)


class LongTerm(Kind):
    name = "picoclaw-longterm"
    rel = "memory/MEMORY.md"

    def seed(self, root: Path) -> None:
        (root / "memory").mkdir()
        (root / self.rel).write_text(
            picoclaw.LONGTERM_TEMPLATE + "\n\n## 2026-02-28\n\nseed", encoding="utf-8"
        )

    def run(self, root: Path, n: int) -> None:
        ws = PicoClawWorkspace.open(root)
        _edit_or_add(
            ws.longterm(), n, lambda i: picoclaw.draft_entry(token(i), START + timedelta(days=i))
        )
        ws.save_all()

    def parse(self, data: bytes) -> None:
        picoclaw.parse_longterm(data)

    def open(self, root: Path) -> None:
        PicoClawWorkspace.open(root).longterm()


class Note(Kind):
    name = "picoclaw-note"
    rel = "memory/202603/20260301.md"

    def seed(self, root: Path) -> None:
        (root / "memory" / "202603").mkdir(parents=True)
        (root / self.rel).write_text("# 2026-03-01\n\nfirst line", encoding="utf-8")

    def run(self, root: Path, n: int) -> None:
        ws = PicoClawWorkspace.open(root)
        note = ws.note(START)
        edit_entry(note, WHOLE_TEXT_KEY, f"{note.text()}\n{token(n)}").apply()
        ws.save_all()

    def parse(self, data: bytes) -> None:
        picoclaw.NoteFormat(self.rel).parse(data)

    def open(self, root: Path) -> None:
        PicoClawWorkspace.open(root).note(START)


class Pomelobot(Kind):
    name = "pomelobot-daily"
    rel = "memory/2026-03-01.md"

    def seed(self, root: Path) -> None:
        (root / "memory").mkdir()
        (root / self.rel).write_text(pomelobot.daily_header("2026-03-01", "main"), encoding="utf-8")

    def run(self, root: Path, n: int) -> None:
        ws = PomelobotWorkspace.open(root)
        stamp = lambda i: f"{i // 3600:02d}:{i // 60 % 60:02d}:{i % 60:02d}"  # noqa: E731
        _edit_or_add(
            ws.memory_file(self.rel), n, lambda i: pomelobot.draft_entry(token(i), stamp(i))
        )
        ws.save_all()

    def parse(self, data: bytes) -> None:
        pomelobot.parse_memory_file(data, self.rel)

    def open(self, root: Path) -> None:
        PomelobotWorkspace.open(root).memory_file(self.rel)


class Profile(Kind):
    name = "profile-json"
    rel = "memory/profile.json"

    def seed(self, root: Path) -> None:
        (root / "memory").mkdir()
        (root / self.rel).write_text(render_profile({"name": "tester"}), encoding="utf-8")

    def run(self, root: Path, n: int) -> None:
        ws = PicoClawWorkspace.open(root)
        profile = ws.profile()
        if n % 2 == 0:
            profile_ops.add_key(profile, f"key_{n:05d}", token(n)).apply()
        else:
            key = f"key_{n - 1:05d}"
            item = profile.find(key)
            profile_ops.set_value(profile, key, f"{item.value} {token(n)}").apply()
        ws.save_all()

    def parse(self, data: bytes) -> None:
        assert isinstance(json.loads(data), dict)  # as the agent reads it
        ProfileFormat(self.rel).parse(data)

    def open(self, root: Path) -> None:
        PicoClawWorkspace.open(root).profile()


KINDS: dict[str, Kind] = {
    k.name: k for k in (Structured(), LongTerm(), Note(), Pomelobot(), Profile())
}


# -- the journal, as compared with the reference ------------------------------------------------


JournalView = tuple[list[tuple[Any, ...]], dict[str, tuple[str, float]]]


def journal_view(root: Path, rel: str) -> JournalView:
    """Every event of the file (without times and op ids) and its decay bookkeeping, settled."""
    with journal_for_reading(root) as journal:
        if journal is None:
            return [], {}
        assert journal.pending_commits() == [], "a commit is still pending after the open"
        events = [
            (e.memory_id, e.kind, e.actor, e.cause, e.before, e.after)
            for e in reversed(journal.recent_events(1_000_000))
            if e.file == rel
        ]
        decay = {k: (s.anchor.isoformat(), s.score) for k, s in journal.decay_state(rel).items()}
    return events, decay


def pending_before_settle(root: Path) -> int:
    """Commits left pending by the kill (looked at without settling or creating anything)."""
    if not Journal.db_path(root).exists():
        return 0
    with Journal.open_readonly(root) as journal:
        return len(journal.pending_commits())


class Reference:
    """The same operations without kills: the file and the journal after each operation."""

    def __init__(self, kind: Kind, root: Path) -> None:
        self.kind = kind
        self.root = root
        root.mkdir()
        kind.seed(root)
        self.files = [(root / kind.rel).read_bytes()]  # files[k + 1] is F_k
        self.journals: list[JournalView] = [([], {})]
        self.durations: list[float] = []

    def after(self, k: int) -> tuple[bytes, JournalView]:
        """F_k and the journal after operation k (k = -1: the seed)."""
        while len(self.files) <= k + 1:
            started = time.perf_counter()
            self.kind.run(self.root, len(self.files) - 1)
            self.durations.append(time.perf_counter() - started)
            self.files.append((self.root / self.kind.rel).read_bytes())
            self.journals.append(journal_view(self.root, self.kind.rel))
        return self.files[k + 1], self.journals[k + 1]


# -- the zygote: MemDesk imported once, a forked worker per round ---------------------------------

_ZYGOTE = """
import os, sys
from tests.reliability.test_kill_anywhere import KINDS

print("ready", flush=True)
for line in sys.stdin:
    command, *args = line.split()
    if command == "run":
        kind, root, start, log = KINDS[args[0]], args[1], int(args[2]), args[3]
        pid = os.fork()
        if pid == 0:
            from pathlib import Path
            fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
            try:
                n = start
                while True:
                    os.write(fd, f"begin {n}\\n".encode())
                    kind.run(Path(root), n)
                    os.write(fd, f"done {n}\\n".encode())
                    n += 1
            finally:
                os._exit(3)
        print(pid, flush=True)
    elif command == "reap":
        _pid, status = os.waitpid(int(args[0]), 0)
        print(status, flush=True)
"""


class Zygote:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _ZYGOTE],
            cwd=PROJECT_ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self._read() == "ready"

    def _read(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline().strip()

    def _send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def kill_during_run(self, kind: Kind, root: Path, start: int, log: Path, wait: float) -> None:
        """A worker runs operations from `start` on; it is SIGKILLed after `wait` seconds."""
        self._send(f"run {kind.name} {root} {start} {log}")
        pid = int(self._read())
        time.sleep(wait)
        os.kill(pid, signal.SIGKILL)
        self._send(f"reap {pid}")
        status = int(self._read())
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, status

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)
        assert self.proc.stdout is not None
        self.proc.stdout.close()


def in_flight(log: Path, start: int) -> int:
    """The operation the worker was in when killed (start - 1 if it had begun none)."""
    lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
    begun = [int(line.split()[1]) for line in lines if line.startswith("begin ")]
    return begun[-1] if begun else start - 1


def temps_left(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if atomic.is_memdesk_temp(p.name)]


@dataclass
class Outcomes:
    counts: Counter[str] = field(default_factory=Counter)
    ops: int = 0


@pytest.mark.parametrize("name", list(KINDS))
def test_a_commit_killed_anywhere_leaves_old_or_new_and_runs_again_once(
    tmp_path: Path, name: str
) -> None:
    kind = KINDS[name]
    reference = Reference(kind, tmp_path / "reference")
    reference.after(2)  # a few operations, to time them
    window = max(MIN_KILL_WINDOW_S, KILL_WINDOW_OPS * sorted(reference.durations)[1])
    root = tmp_path / "workspace"
    root.mkdir()
    kind.seed(root)
    path = root / kind.rel
    rng = random.Random(sum(map(ord, name)))
    kills = LONG_KILLS if LONG else KILLS
    seen = Outcomes()
    started = time.monotonic()
    zygote = Zygote()
    try:
        start = 0
        for round_no in range(kills):
            log = tmp_path / f"worker-{round_no}.log"
            zygote.kill_during_run(kind, root, start, log, rng.uniform(0.0, window))
            n = in_flight(log, start)
            old, journal_old = reference.after(n - 1)
            new, journal_new = reference.after(n)
            data = path.read_bytes()
            kind.parse(data)
            allowed = (old, new) if n >= start else (new,)
            assert data in allowed, f"round {round_no}: op {n}: the file is neither old nor new"
            applied = data == new
            pending = pending_before_settle(root)
            temps = bool(temps_left(root))
            kind.open(root)  # the next open settles and cleans up
            assert temps_left(root) == [], f"round {round_no}: temp files left after the open"
            journal = journal_view(root, kind.rel)
            # Where operation n left the file as it was (a decay too small to show), the journal
            # may be from before it or after it.
            agreeing = [journal_new] if applied else [journal_old]
            if old == new and n >= start:
                agreeing = [journal_old, journal_new]
            assert journal in agreeing, (
                f"round {round_no}: op {n}: the journal does not agree with the file "
                f"({'new' if applied else 'old'} version)"
            )
            seen.counts[
                f"{'new' if applied else 'old'}{', pending' if pending else ''}"
                f"{', temp left' if temps else ''}"
            ] += 1
            if n >= start:
                kind.again(root, n)
                assert path.read_bytes() == new, f"round {round_no}: op {n} run again: not F_{n}"
                assert journal_view(root, kind.rel) == journal_new, (
                    f"round {round_no}: op {n} run again: the journal is not the reference's"
                )
            seen.ops += n + 1 - start
            start = max(n + 1, start)
    finally:
        zygote.close()
    elapsed = time.monotonic() - started
    if LONG:  # the kills did land inside commits (between the journal's intent and its done)
        assert any("pending" in what for what in seen.counts), seen.counts
    print(
        f"\n{name}: {kills} kills over {seen.ops} operations (kill window {window * 1000:.0f} ms): "
        + ", ".join(f"{what} {count}" for what, count in sorted(seen.counts.items()))
        + f"; {elapsed:.2f} s"
    )
