"""SPEC 9: every document kind, written at the same time by MemDesk and by the agent's own
writing style. Nothing is lost silently.

For each case a real separate process (a small script written into tmp_path) writes tokens into
the file the way that agent writes, as fast as it can with tiny random pauses, and logs each
token once it is written. Meanwhile this process edits the same file through the core API, as
the window does: it adds an entry (or a profile key) with a unique token or appends a token to
its own entry, saves (settling a ConflictError by keeping "mine" for its own keys), and after
every save calls ``refresh_from_disk()`` as the window's watcher does, collecting the keys it
reports as ``overwritten``.

Afterwards:

- every token the agent logged is in the final file, once (the lock, the last look and the
  late-write merge: MemDesk never loses the agent's writes);
- every token MemDesk saved is in the final file, or its loss was reported (``overwritten``,
  after the last save that wrote it), or the save was refused with an error. A read-modify-write
  agent without a lock can always write a copy older than MemDesk's save: that is only
  detectable, so the test asks that it was reported, not that the token survived.

Sizes: ``WRITES`` agent writes and at least as many MemDesk saves per case (about a second);
``MEMDESK_LONG=1`` runs ``LONG_WRITES``. Run with ``-s`` to see the counts.

The last tests replay, each at one chosen instant, the races these runs found (see
docs/reliability.md, "Losses found").
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import threading
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from core.agents.everbot import document as evdoc
from core.agents.everbot import format as ev
from core.agents.everbot.workspace import Workspace
from core.agents.openclaw import format as openclaw
from core.agents.openclaw.workspace import OpenClawWorkspace
from core.agents.picoclaw import format as picoclaw
from core.agents.picoclaw import ops as profile_ops
from core.agents.picoclaw.profile import render_profile
from core.agents.picoclaw.workspace import PicoClawWorkspace
from core.agents.pomelobot import format as pomelobot
from core.agents.pomelobot.workspace import PomelobotWorkspace
from core.formats.text import InputError
from core.formats.whole_text import WHOLE_TEXT_KEY
from core.ops.entries import add_entry, edit_entry
from core.store import atomic
from core.store.document import Document
from core.store.errors import WorkspaceError
from core.store.merge import Change, ConflictError

pytestmark = pytest.mark.slow  # agents writing in real processes while MemDesk saves

LONG = os.environ.get("MEMDESK_LONG") == "1"
WRITES = 60  # agent writes per case in CI (MemDesk saves at least as many)
LONG_WRITES = 600
N = LONG_WRITES if LONG else WRITES
MAX_PAUSE_S = 0.008  # the agent's longest pause between two writes (MemDesk saves take ~5 ms)
DEADLINE_S = 120.0 if LONG else 30.0  # a hard stop in case something hangs

AGENT_TOKEN = re.compile(r"agent-\d{5}")
MEMDESK_TOKEN = re.compile(r"memdesk-\d{5}")
DAY = date(2026, 3, 1)  # the agent's day (its daily note, its long-term headings)

_AGENT = '''
"""A simulated agent writing tokens into one file in its own style; logs each token written."""
import fcntl, json, os, random, sys, time

style, path, log_path = sys.argv[1], sys.argv[2], sys.argv[3]
count, rng, pause = int(sys.argv[4]), random.Random(int(sys.argv[5])), float(sys.argv[6])
day = "2026-03-01"


def read():
    with open(path, encoding="utf-8") as f:
        return f.read()


def replace(text):
    """Temp file and rename (no lock)."""
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def everbot(n, token):
    """EverBot: under its flock on MEMORY.md.lock, read, add a memory, .bak, write the file
    (in place as 603d2cf does, or temp + rename as HEAD does)."""
    with open(path + ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        text = read()
        new = text + f"\\n### [a{n:05x}] fact | 0.80 | {day} | 1\\n{token}\\n"
        with open(path + ".bak", "w", encoding="utf-8") as f:
            f.write(text)
        if n % 2:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
        else:
            replace(new)


def think():
    """A read-modify-write agent works a moment between its read and its write."""
    time.sleep(rng.uniform(0, pause / 2))


def rewrite(n, token):
    """PicoClaw's long-term save: read the whole file, append, temp + rename, no lock."""
    text = read()
    think()
    replace(text + f"\\n\\n## {day}\\n\\n{token}")


def append(text):
    with open(path, "a", encoding="utf-8") as f:
        f.write(text)


def profile(n, token):
    """PicoClaw's profile.json: read, add a key, os.WriteFile in place (truncate, write)."""
    try:
        items = json.loads(read() or "{}")
    except ValueError:
        items = {}
    items[f"agent_{n:05d}"] = token
    think()
    text = json.dumps(items, indent=2, ensure_ascii=False, sort_keys=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def promote(n, token):
    """OpenClaw's dreaming: read MEMORY.md, plan a promotion section, and just before the atomic
    replace check the file's sha256 is still what it planned on; else plan again."""
    import hashlib

    while True:
        text = read()
        planned = hashlib.sha256(text.encode()).hexdigest()
        think()
        source = f"memory/{day}.md:{n + 1}:{n + 1}"
        section = (
            f"\\n## Promoted From Short-Term Memory ({day})\\n\\n"
            f"<!-- openclaw-memory-promotion:memory:{source} -->\\n"
            f"- {token} [score=0.800 signals=3 recalls=3 avg=0.700 source={source}] "
            "<!-- trigger: t --> <!-- importance: 8 -->\\n"
        )
        new = text + ("\\n" if text and not text.endswith("\\n") else "") + section
        temp = path + ".promotion.tmp"
        with open(temp, "w", encoding="utf-8") as f:
            f.write(new)
        if hashlib.sha256(read().encode()).hexdigest() != planned:
            os.unlink(temp)
            continue
        os.replace(temp, path)
        return


styles = {
    "openclaw-promotion": promote,
    "everbot-lock-rewrite": everbot,
    "rmw-no-lock": rewrite,
    "append-longterm": lambda n, t: append(f"\\n\\n## {day}\\n\\n{t}"),
    "append-note": lambda n, t: append("\\n" + t),
    "append-stamped": lambda n, t: append(f"\\n[{12 + n // 3600:02d}:{n // 60 % 60:02d}:{n % 60:02d}] {t}\\n"),
    "profile-in-place": profile,
}
write = styles[style]
print("ready", flush=True)
sys.stdin.readline()
log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
for n in range(count):
    token = f"agent-{n:05d}"
    write(n, token)
    os.write(log, (token + "\\n").encode())
    time.sleep(rng.uniform(0, pause / 2 if write in (rewrite, profile, promote) else pause))
'''


# -- the document kinds, as MemDesk edits them -------------------------------------------------


class Desk:
    """MemDesk's side of one case: the open workspace, its one document, its edits."""

    rel: str
    style: str  # the agent's writing style (see _AGENT)

    def __init__(self, root: Path) -> None:
        self.root = root
        self.own: list[str] = []  # keys of the entries MemDesk added
        self.key_of: dict[str, str] = {}  # MemDesk's token -> the key of the entry holding it

    @property
    def path(self) -> Path:
        return self.root / self.rel

    def seed(self) -> None:
        raise NotImplementedError

    def open(self) -> None:
        raise NotImplementedError

    def edit(self, n: int, token: str) -> None:
        """Even n: add an entry holding the token; odd n: append it to MemDesk's last entry."""
        last = self.own[-1] if self.own else None
        if n % 2 == 0 or last is None or self.document().find(last) is None:
            last = self.add(n, token)
            self.own.append(last)
        else:
            self.append(last, token)
        self.key_of[token] = last

    def add(self, n: int, token: str) -> str:
        raise NotImplementedError

    def append(self, key: str, token: str) -> None:
        entry = self.document().find(key)
        content = self.document().fmt.content(entry)
        edit_entry(self.document(), key, f"{content} {token}").apply()

    def document(self) -> Document[Any, Any]:
        raise NotImplementedError

    def workspace(self) -> Any:
        raise NotImplementedError

    def check_final(self, data: bytes) -> None:
        """The final file parses (as MemDesk and as the agent read it)."""
        self.document().fmt.parse(data)


class EverBotDesk(Desk):
    rel = "MEMORY.md"
    style = "everbot-lock-rewrite"

    def seed(self) -> None:
        self.path.write_text(
            "# Agent Memory\n\n<!-- Last updated: 2026-02-28T09:15:00 -->\n\n## Active Memories\n\n"
            "### [c00001] fact | 0.90 | 2026-02-01 | 3\nseed memory\n",
            encoding="utf-8",
        )

    def open(self) -> None:
        self.ws = Workspace.open(self.root)
        self.ws.lock_timeout = 5.0

    def add(self, n: int, token: str) -> str:
        memory_id = f"b{n:05x}"
        entry = evdoc.Entry(memory_id, memory_id, "fact", 0.5, "2026-03-01", 1, token, "active")
        self.ws.apply([Change(memory_id, None, entry)])
        return memory_id

    def append(self, key: str, token: str) -> None:
        entry = self.ws.find(key)
        assert entry is not None
        self.ws.apply([Change(key, entry, entry.edited(content=f"{entry.content} {token}"))])

    def document(self) -> Document[Any, Any]:
        return self.ws.document

    def workspace(self) -> Any:
        return self.ws

    def check_final(self, data: bytes) -> None:
        doc = ev.parse(data, self.path)
        assert doc.problems == []


class PicoClawDesk(Desk):
    def open(self) -> None:
        self.ws = PicoClawWorkspace.open(self.root)

    def workspace(self) -> Any:
        return self.ws


class LongTermDesk(PicoClawDesk):
    rel = "memory/MEMORY.md"

    def __init__(self, root: Path, style: str) -> None:
        super().__init__(root)
        self.style = style

    def seed(self) -> None:
        self.path.parent.mkdir(parents=True)
        self.path.write_text(
            picoclaw.LONGTERM_TEMPLATE + "\n\n## 2026-02-28\n\nseed", encoding="utf-8"
        )

    def document(self) -> Document[Any, Any]:
        return self.ws.longterm()

    def add(self, n: int, token: str) -> str:
        # Each of MemDesk's entries under a date of its own: keys the agent's never take.
        draft = picoclaw.draft_entry(token, date(2000, 1, 1) + timedelta(days=n))
        (made,) = add_entry(self.document(), draft).apply()
        return made.key


class NoteDesk(PicoClawDesk):
    rel = "memory/202603/20260301.md"
    style = "append-note"

    def seed(self) -> None:
        self.path.parent.mkdir(parents=True)
        self.path.write_text("# 2026-03-01\n\nfirst line", encoding="utf-8")

    def document(self) -> Document[Any, Any]:
        return self.ws.note(DAY)

    def edit(self, n: int, token: str) -> None:
        """The person writes one more line into the note (its one entry)."""
        self.append(WHOLE_TEXT_KEY, token)
        self.own = [WHOLE_TEXT_KEY]
        self.key_of[token] = WHOLE_TEXT_KEY

    def append(self, key: str, token: str) -> None:
        text = self.document().fmt.content(self.document().find(key))
        edit_entry(self.document(), key, f"{text}\n{token}").apply()


class ProfileDesk(PicoClawDesk):
    rel = "memory/profile.json"
    style = "profile-in-place"

    def seed(self) -> None:
        self.path.parent.mkdir(parents=True)
        self.path.write_text(render_profile({"name": "tester"}), encoding="utf-8")

    def document(self) -> Document[Any, Any]:
        return self.ws.profile()

    def add(self, n: int, token: str) -> str:
        key = f"memdesk_{n:05d}"
        profile_ops.add_key(self.document(), key, token).apply()
        return key

    def append(self, key: str, token: str) -> None:
        item = self.document().find(key)
        profile_ops.set_value(self.document(), key, f"{item.value} {token}").apply()

    def check_final(self, data: bytes) -> None:
        super().check_final(data)
        assert isinstance(json.loads(data), dict)  # as the agent reads it


class PomelobotDesk(Desk):
    style = "append-stamped"

    def __init__(self, root: Path, rel: str, header: str) -> None:
        super().__init__(root)
        self.rel = rel
        self.header = header

    def seed(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(self.header, encoding="utf-8")

    def open(self) -> None:
        self.ws = PomelobotWorkspace.open(self.root)

    def workspace(self) -> Any:
        return self.ws

    def document(self) -> Document[Any, Any]:
        return self.ws.memory_file(self.rel)

    def add(self, n: int, token: str) -> str:
        # MemDesk's stamps count from midnight, the agent's from noon: keys never shared.
        stamp = f"{n // 3600:02d}:{n // 60 % 60:02d}:{n % 60:02d}"
        (made,) = add_entry(self.document(), pomelobot.draft_entry(token, stamp)).apply()
        return made.key


class OpenClawDesk(Desk):
    """MEMORY.md, its bullets keyed by their text: an edit gives the entry a new key."""

    rel = "MEMORY.md"
    style = "openclaw-promotion"

    def seed(self) -> None:
        self.path.write_text("# Long-Term Memory\n\n## Notes\n\n- first note\n", encoding="utf-8")

    def open(self) -> None:
        self.ws = OpenClawWorkspace.open(self.root)

    def workspace(self) -> Any:
        return self.ws

    def document(self) -> Document[Any, Any]:
        return self.ws.memory()

    def add(self, n: int, token: str) -> str:
        (made,) = add_entry(self.document(), openclaw.draft_entry(f"note {token}")).apply()
        return made.key

    def edit(self, n: int, token: str) -> None:
        last = self.own[-1] if self.own else None
        if n % 2 == 0 or last is None or self.document().find(last) is None:
            self.own.append(self.add(n, token))
            self.key_of[token] = self.own[-1]
            return
        entry = self.document().find(last)
        (made,) = edit_entry(self.document(), last, f"{entry.text} {token}").apply()
        self.own[-1] = made.key
        self.key_of = {t: made.key if k == last else k for t, k in self.key_of.items()}
        self.key_of[token] = made.key


CASES: dict[str, Callable[[Path], Desk]] = {
    "openclaw-memory-promotion": OpenClawDesk,
    "structured-everbot-lock-rewrite": EverBotDesk,
    "picoclaw-longterm-rmw-no-lock": lambda root: LongTermDesk(root, "rmw-no-lock"),
    "picoclaw-longterm-append": lambda root: LongTermDesk(root, "append-longterm"),
    "picoclaw-note-append": NoteDesk,
    "pomelobot-daily-append": lambda root: PomelobotDesk(
        root, "memory/2026-03-01.md", pomelobot.daily_header("2026-03-01", "main")
    ),
    "pomelobot-longterm-append": lambda root: PomelobotDesk(
        root, "MEMORY.md", pomelobot.long_term_header("main")
    ),
    "profile-json-in-place": ProfileDesk,
}


# -- the run ---------------------------------------------------------------------------------


@dataclass
class Tally:
    """What MemDesk did, and what it was told."""

    saves: int = 0
    merged: int = 0  # saves that merged the agent's writes (at read, last look or late)
    late: int = 0  # saves whose notice says a late write was merged or kept aside
    conflicts: int = 0
    refused: dict[str, str] = field(default_factory=dict)  # token -> the error
    written_at: dict[str, int] = field(default_factory=dict)  # token -> last save that wrote it
    reported_at: dict[str, int] = field(default_factory=dict)  # token -> last report of its loss
    reports: int = 0  # overwritten reports (keys)
    unreadable: int = 0  # refreshes that met a half-written file (an error in the window)
    notices: Counter[str] = field(default_factory=Counter)


@contextmanager
def agent(tmp_path: Path, desk: Desk, *, seed: int) -> Iterator[subprocess.Popen[str]]:
    """Start the simulated agent; it writes from the moment this yields."""
    script = tmp_path / "agent.py"
    script.write_text(_AGENT, encoding="utf-8")
    args = [desk.style, str(desk.path), str(tmp_path / "agent.log"), str(N), str(seed)]
    with subprocess.Popen(
        [sys.executable, str(script), *args, str(MAX_PAUSE_S)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        try:
            assert proc.stdout.readline() == "ready\n"
            proc.stdin.write("go\n")
            proc.stdin.flush()
            yield proc
        finally:
            if proc.poll() is None:
                proc.kill()


def tokens_in(value: object, pattern: re.Pattern[str] = MEMDESK_TOKEN) -> list[str]:
    return pattern.findall(value if isinstance(value, str) else json.dumps(value))


def save(desk: Desk, token: str, tally: Tally) -> None:
    """Save as the window does; a conflict on MemDesk's own keys is settled by keeping mine."""
    ws = desk.workspace()
    resolutions: dict[str, dict[str, str]] = {}
    for _attempt in range(5):
        try:
            saved = ws.save_all(resolutions)
        except ConflictError as exc:
            tally.conflicts += 1
            keys = {c.key for c in exc.conflicts}
            assert keys <= set(desk.own), f"a conflict on keys MemDesk never edited: {keys}"
            resolutions = {
                desk.rel: {**resolutions.get(desk.rel, {}), **dict.fromkeys(keys, "mine")}
            }
            continue
        except WorkspaceError as exc:
            tally.refused[token] = str(exc)
            desk.document().reload()
            return
        tally.saves += 1
        for result in saved:
            tally.merged += result.merged
            if result.notice:
                tally.late += 1
                tally.notices[result.notice.split(": ", 1)[1][:60]] += 1
            for change in result.changes:
                after = None if change.after is None else desk.document().fmt.fields(change.after)
                for written in tokens_in(after):
                    tally.written_at[written] = tally.saves
        return
    tally.refused[token] = "five conflicts in a row"
    desk.document().reload()


def refresh(desk: Desk, tally: Tally) -> None:
    """The watcher's refresh. An overwritten key stands for the tokens of that key which a save
    wrote and the file (as just read anew) no longer shows. (A rewrite can land after the
    refresh that follows the save it undoes: it is reported at a later refresh.)"""
    try:
        refreshed = desk.workspace().refresh_from_disk()
    except InputError:  # the agent is half-way through an in-place write: the window says so
        tally.unreadable += 1  # and reads the file again at its next change
        return
    for keys in refreshed.overwritten.values():
        tally.reports += len(keys)
        text = desk.document().text()
        for token in tally.written_at:
            if desk.key_of[token] in keys and token not in text:
                tally.reported_at[token] = tally.saves


@pytest.mark.parametrize("case", list(CASES))
def test_an_agent_writing_meanwhile_loses_nothing_silently(tmp_path: Path, case: str) -> None:
    root = tmp_path / "workspace"
    root.mkdir()
    desk = CASES[case](root)
    desk.seed()
    desk.open()
    desk.document()  # read, as the window shows it
    rng = random.Random(zlib.crc32(case.encode()))
    tally = Tally()
    started = time.monotonic()
    deadline = started + DEADLINE_S

    with agent(tmp_path, desk, seed=rng.randrange(1 << 30)) as proc:
        n = 0
        while proc.poll() is None or n < N:
            assert time.monotonic() < deadline, f"{case}: only {n} MemDesk edits"
            token = f"memdesk-{n:05d}"
            desk.edit(n, token)
            time.sleep(rng.uniform(0, MAX_PAUSE_S / 4))
            save(desk, token, tally)
            refresh(desk, tally)
            n += 1
        assert proc.wait(timeout=10) == 0
    refresh(desk, tally)
    elapsed = time.monotonic() - started

    data = desk.path.read_bytes()
    desk.check_final(data)
    text = data.decode("utf-8")
    logged = (tmp_path / "agent.log").read_text(encoding="utf-8").split()
    assert len(logged) == N
    in_file = Counter(AGENT_TOKEN.findall(text)) + Counter(MEMDESK_TOKEN.findall(text))
    agent_missing = [t for t in logged if not in_file[t]]
    in_backups = [t for t in agent_missing if _in_a_backup(root, t)]
    duplicated = sorted(t for t, count in in_file.items() if count > 1)
    memdesk_tokens = [f"memdesk-{i:05d}" for i in range(n)]
    missing = [t for t in memdesk_tokens if not in_file[t]]
    refused = [t for t in missing if t in tally.refused]
    reported = [
        t for t in missing if tally.reported_at.get(t, -1) >= tally.written_at.get(t, 0) > 0
    ]
    silent = [t for t in missing if t not in refused and t not in reported]
    false_reports = sorted(t for t in tally.reported_at if in_file[t])
    print(
        f"\n{case}: agent writes {len(logged)}, MemDesk edits {n} (saves {tally.saves}, merged "
        f"{tally.merged}, late writes {tally.late}, conflicts {tally.conflicts}, refused "
        f"{len(tally.refused)}), overwritten reports {tally.reports}, refreshes that met a half-written file "
        f"{tally.unreadable}; agent tokens missing "
        f"{len(agent_missing)} (found in a backup {len(in_backups)}), MemDesk tokens "
        f"missing {len(missing)} (reported {len(reported)}, refused {len(refused)}, silent "
        f"{len(silent)}), duplicated {len(duplicated)}, reported but present "
        f"{len(false_reports)}; {elapsed:.2f} s"
    )
    for notice, count in tally.notices.items():
        print(f"  notice x{count}: {notice}")
    for token, error in list(tally.refused.items())[:3]:
        print(f"  refused {token}: {error}")
    assert agent_missing == [], f"{case}: the agent's writes were lost: {agent_missing[:10]}"
    assert silent == [], f"{case}: MemDesk's saves lost without a report: {silent[:10]}"
    assert duplicated == [], f"{case}: tokens written twice: {duplicated[:10]}"


def _in_a_backup(root: Path, token: str) -> bool:
    needle = token.encode()
    return any(
        needle in p.read_bytes() for p in root.rglob("*") if p.is_file() and "backup" in str(p)
    )


# -- the races above, one instant each (deterministic) --------------------------------------------


def _pomelobot_with_an_edit(tmp_path: Path) -> tuple[PomelobotWorkspace, Path]:
    root = tmp_path / "workspace"
    (root / "memory").mkdir(parents=True)
    path = root / "memory" / "2026-03-01.md"
    path.write_text(pomelobot.daily_header("2026-03-01", "main"), encoding="utf-8")
    ws = PomelobotWorkspace.open(root)
    document = ws.memory_file("memory/2026-03-01.md")
    add_entry(document, pomelobot.draft_entry("memdesk-00000", "00:00:00")).apply()
    return ws, path


def test_a_late_write_is_kept_when_the_agent_writes_again_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An appender opened the file just before MemDesk's rename and writes into the replaced
    file (a late write, merged in a second round); before that round's rename it appends once
    more, to the new file. Both appends must be in the file, MemDesk's entry once."""
    ws, path = _pomelobot_with_an_edit(tmp_path)
    old_file = open(path, "a", encoding="utf-8")  # noqa: SIM115  # the agent's open, before the rename
    real_fsync = atomic.fsync_directory
    wrote: list[str] = []

    def agent_writes_after_the_rename(folder: Path) -> None:
        real_fsync(folder)
        if not wrote and os.stat(path).st_ino != os.fstat(old_file.fileno()).st_ino:
            old_file.write("\n[12:00:00] agent-00000\n")  # into the file just replaced
            old_file.flush()
            with open(path, "a", encoding="utf-8") as new_file:  # its next append: the new file
                new_file.write("\n[12:00:01] agent-00001\n")
            wrote.append(folder.name)

    monkeypatch.setattr(atomic, "fsync_directory", agent_writes_after_the_rename)
    try:
        (saved,) = ws.save_all()
    finally:
        old_file.close()
    text = path.read_text(encoding="utf-8")
    assert wrote, "the instant was not reached"
    print(f"\nnotice: {saved.notice}\nfile:\n{text}")
    assert "agent-00001" in text
    assert "agent-00000" in text, (
        "the late write (found after the first rename) was dropped when the next round met the agent's next append"
    )
    assert text.count("memdesk-00000") == 1, "MemDesk's entry was written twice"


def _longterm(tmp_path: Path) -> tuple[PicoClawWorkspace, Path]:
    root = tmp_path / "workspace"
    (root / "memory").mkdir(parents=True)
    path = root / "memory" / "MEMORY.md"
    path.write_text(picoclaw.LONGTERM_TEMPLATE + "\n\n## 2026-02-28\n\nseed", encoding="utf-8")
    ws = PicoClawWorkspace.open(root)
    ws.longterm()
    return ws, path


def _add(ws: PicoClawWorkspace, token: str, day: date) -> None:
    add_entry(ws.longterm(), picoclaw.draft_entry(token, day)).apply()


def test_a_rewrite_from_an_older_copy_while_an_edit_is_open_is_reported(tmp_path: Path) -> None:
    """The agent's copy predates MemDesk's save; its rewrite lands while the person edits on
    (or between the watcher's refresh and the next save). The save merges onto the agent's
    file: the earlier change is gone from it, and that must be reported."""
    ws, path = _longterm(tmp_path)
    copy = path.read_text(encoding="utf-8")  # the agent reads
    _add(ws, "memdesk-00000", date(2000, 1, 1))
    ws.save_all()
    reports = ws.refresh_from_disk().overwritten
    _add(ws, "memdesk-00001", date(2000, 1, 2))  # the person edits on
    path.write_text(copy + "\n\n## 2026-03-01\n\nagent-00000", encoding="utf-8")  # the agent
    reports |= ws.refresh_from_disk().overwritten  # kept: merged at the next save
    ws.save_all()
    reports |= ws.refresh_from_disk().overwritten
    text = path.read_text(encoding="utf-8")
    assert "agent-00000" in text and "memdesk-00001" in text
    assert "memdesk-00000" in text or reports.get("memory/MEMORY.md") == ["2000-01-01"], (
        f"memdesk-00000 is gone from the file and no refresh reported it: {reports}"
    )


def test_a_rewrite_undoing_two_saves_reports_both(tmp_path: Path) -> None:
    """The agent's copy predates two of MemDesk's saves: both changes are undone."""
    ws, path = _longterm(tmp_path)
    copy = path.read_text(encoding="utf-8")
    _add(ws, "memdesk-00000", date(2000, 1, 1))
    ws.save_all()
    assert not ws.refresh_from_disk().overwritten
    _add(ws, "memdesk-00001", date(2000, 1, 2))
    ws.save_all()
    assert not ws.refresh_from_disk().overwritten
    path.write_text(copy + "\n\n## 2026-03-01\n\nagent-00000", encoding="utf-8")
    reported = ws.refresh_from_disk().overwritten.get("memory/MEMORY.md", [])
    assert sorted(reported) == ["2000-01-01", "2000-01-02"], f"reported only {reported}"


def test_a_change_undone_again_after_it_came_back_is_reported_again(tmp_path: Path) -> None:
    """Reported once per loss: a change that came back (the agent wrote it again, or a refresh
    met a moment of the agent's write) and is undone once more is a new loss."""
    ws, path = _longterm(tmp_path)
    copy = path.read_text(encoding="utf-8")
    _add(ws, "memdesk-00000", date(2000, 1, 1))
    ws.save_all()
    saved = path.read_text(encoding="utf-8")
    path.write_text(copy, encoding="utf-8")
    assert ws.refresh_from_disk().overwritten == {"memory/MEMORY.md": ["2000-01-01"]}
    path.write_text(saved, encoding="utf-8")
    assert ws.refresh_from_disk().overwritten == {}
    path.write_text(copy + "\n\n## 2026-03-01\n\nagent-00000", encoding="utf-8")
    assert ws.refresh_from_disk().overwritten == {"memory/MEMORY.md": ["2000-01-01"]}


def test_a_refresh_meeting_an_in_place_write_half_way_waits_for_it(tmp_path: Path) -> None:
    """An agent writing profile.json in place truncates it first: a refresh at that moment
    showed an empty profile and reported MemDesk's key as overwritten, though it was not."""
    root = tmp_path / "workspace"
    (root / "memory").mkdir(parents=True)
    path = root / "memory" / "profile.json"
    path.write_text(render_profile({"name": "tester"}), encoding="utf-8")
    ws = PicoClawWorkspace.open(root)
    profile_ops.add_key(ws.profile(), "memdesk_00000", "memdesk-00000").apply()
    ws.save_all()
    text = path.read_text(encoding="utf-8").replace("tester", "the agent's tester")
    with open(path, "w", encoding="utf-8") as agent_file:  # truncated: the agent writes soon
        writer = threading.Timer(0.03, lambda: (agent_file.write(text), agent_file.flush()))
        writer.start()
        refreshed = ws.refresh_from_disk()
        writer.join()
    assert refreshed.overwritten == {}
    assert ws.profile().find("name").value == "the agent's tester"  # type: ignore[union-attr]
    assert ws.profile().find("memdesk_00000") is not None
