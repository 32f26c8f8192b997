"""A fleet of users (issue 26, item 3): a folder holding a bot's per-user memory folders, added
to the scan, is each user's workspace with the user's memory count; a change to one user's file
is seen by re-reading that one."""

from __future__ import annotations

import gc
import os
import re
import shutil
import sqlite3
import sys
from pathlib import Path
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import index
from core.inbox import search
from core.registry import agent_named
from core.scan import Found, figures, rescan, scan
from core.store.settled import journal_for_writing
from core.watch import OTHER_SYSTEMS, Watcher, watch_limit
from tests.benchmarks import fleet_bench
from tests.helpers import fingerprint

USERS = 200
MEMORIES = 6_000


@pytest.fixture(scope="module", params=fleet_bench.LAYOUTS)
def fleet(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp(request.param) / "fleet"
    fleet_bench.write_fleet(out, request.param, USERS, MEMORIES, seed=3)
    return out


def test_every_user_folder_is_a_workspace_with_its_memories(fleet: Path) -> None:
    layout = fleet.parent.name.rstrip("0123456789")
    expected = fleet_bench.split_memories(USERS, MEMORIES, Random(3))
    found = sorted(scan(homes=[], extra=[fleet]), key=lambda f: str(f.path))
    assert [f.error for f in found if f.error] == []
    assert {f.agent for f in found} == {layout}
    assert len(found) == USERS
    assert sum(f.memories for f in found) == MEMORIES == sum(expected)
    assert sorted(f.memories for f in found) == sorted(expected)


def test_a_change_to_one_user_s_file_is_seen_by_re_reading_that_user(own_fleet: Path) -> None:
    found = scan(homes=[], extra=[own_fleet])
    one = max(found, key=lambda f: str(f.path))
    again = fleet_bench.rescan_one(one)
    assert (again.error, again.path, again.memories) == ("", one.path, one.memories + 1)
    assert again.size > one.size


# -- the scan's index (issue 26, item 3: opens and searches within the targets) ---------------
@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files as old as a real fleet's: the index keeps what it reads of them."""
    monkeypatch.setattr(index, "SETTLE_NS", 0)


@pytest.fixture
def own_fleet(fleet: Path, tmp_path: Path) -> Path:
    """A copy of the fleet this test may change."""
    copy = tmp_path / fleet.parent.name / "fleet"
    shutil.copytree(fleet, copy, symlinks=True)
    return copy


def _figures(found: list[Found]) -> list[tuple[object, ...]]:
    return sorted(
        (
            str(f.path),
            f.agent,
            f.memories,
            f.size,
            f.waiting,
            f.staged,
            f.warnings,
            f.problems,
            f.changed,
            f.error,
        )
        for f in found
    )


def _no_reading(monkeypatch: pytest.MonkeyPatch, agent: str) -> None:
    """From here on, the agent's files are never parsed: what a scan shows comes from the index."""

    def refused(*_: object, **__: object) -> None:
        raise AssertionError("read again, though the index holds it")

    monkeypatch.setattr(type(agent_named(agent)), "check", refused)


def test_the_index_gives_the_figures_a_plain_scan_reads(
    fleet: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried as a team with 10,000 users: every open of the fleet re-read every user's files
    (13-40 s). Now the first scan keeps each user's figures in MemDesk's cache folder, and the
    next one, in a new process as in the same, shows the same figures without parsing a file."""
    plain = [figures(agent_named(f.agent), f.path) for f in scan(homes=[], extra=[fleet])]
    steps: list[tuple[int, int]] = []
    first = scan(homes=[], extra=[fleet], progress=lambda done, total: steps.append((done, total)))
    assert steps[-1] == (USERS, USERS) and len(steps) == USERS
    _no_reading(monkeypatch, first[0].agent)
    index.close_all()  # as a new window: the index file read again
    again = scan(homes=[], extra=[fleet])
    assert _figures(again) == _figures(first) == _figures(plain)
    assert [p.parent for p in index.cache_folder().glob("*.sqlite")] == [index.cache_folder()]


def test_a_rewrite_keeping_size_and_mtime_shows_on_the_next_scan(
    own_fleet: Path, settled: None
) -> None:
    """An agent rewrites one user's file in place, same size, and sets its old modification
    time back (or writes it within the same clock tick): the next scan shows the new figures."""
    before = {f.path: f for f in scan(homes=[], extra=[own_fleet])}
    user = sorted(before)[7]
    agent = agent_named(before[user].agent)
    memory = next(s.path for s in agent.detect(user) if s.path.name == "MEMORY.md")
    info = memory.stat()
    data = memory.read_bytes()
    new_entry = {"hermes": "\n§\n", "picoclaw": "\n\n## 2026-11-01\n\n"}[agent.name].encode()
    cut = next(  # inside a memory's English text
        i
        for i in range(len(data) // 2, len(data))
        if re.fullmatch(rb"[A-Za-z' ]+", data[i : i + len(new_entry) + 1])
    )
    changed = data[:cut] + new_entry + data[cut + len(new_entry) :]  # a memory cut in two
    assert len(changed) == len(data)
    with memory.open("r+b") as f:
        f.write(changed)
    os.utime(memory, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert (memory.stat().st_size, memory.stat().st_mtime_ns) == (info.st_size, info.st_mtime_ns)
    after = {f.path: f for f in scan(homes=[], extra=[own_fleet])}
    assert _figures([after[user]]) == _figures([figures(agent, user)])  # as read afresh
    assert _figures([after[user]]) != _figures([before[user]])


def test_a_file_changed_just_now_is_read_again(
    own_fleet: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file written in the last two seconds may change again within the same clock tick with
    every stat figure the same: the index reads such a workspace but does not keep it."""
    first = scan(homes=[], extra=[own_fleet])  # the fleet was written just now
    calls: list[Path] = []
    agent = agent_named(first[0].agent)
    check = type(agent).check
    monkeypatch.setattr(
        type(agent), "check", lambda self, path, **kw: calls.append(path) or check(self, path, **kw)
    )
    assert _figures(scan(homes=[], extra=[own_fleet])) == _figures(first)
    assert len(calls) == USERS


@pytest.mark.parametrize("damage", ["garbage", "truncated", "other version", "empty"])
def test_a_damaged_index_is_made_again_without_a_word(
    fleet: Path, settled: None, damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    first = scan(homes=[], extra=[fleet])
    index.close_all()
    (path,) = index.cache_folder().glob("*.sqlite")
    if damage == "garbage":
        path.write_bytes(b"not SQLite at all\n" * 1000)
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 3])
    elif damage == "empty":
        path.write_bytes(b"")
    else:
        with sqlite3.connect(path) as db:
            db.execute("PRAGMA user_version = 999")
        db.close()
    assert _figures(scan(homes=[], extra=[fleet])) == _figures(first)
    index.close_all()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == index.SCHEMA
        assert db.execute("SELECT count(*) FROM workspaces").fetchone()[0] == USERS
    db.close()
    assert not [r for r in caplog.records if r.levelname in ("WARNING", "ERROR")]


def test_an_unwritable_cache_folder_leaves_the_scan_as_it_was(
    fleet: Path,
    settled: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The cache folder cannot be made (a file in its place, a read-only disk): the scan and the
    search read every file, as before the index, and the log says why."""
    blocked = tmp_path / "a-file-not-a-folder"
    blocked.write_text("x")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    found = scan(homes=[], extra=[fleet])
    assert len(found) == USERS and not [f.error for f in found if f.error]
    assert sum(f.memories for f in found) == MEMORIES
    assert "no scan index" in caplog.text and "every file is read" in caplog.text
    hits, failed = search(found, "deadline")
    assert not failed and sum(len(h.rows) for h in hits) > 0


def test_the_fleet_folder_is_left_as_it_was(fleet: Path, settled: None) -> None:
    """Scanning, searching and watching write nothing in the users' folders (the index lives in
    MemDesk's cache folder)."""
    before = fingerprint(fleet)
    found = scan(homes=[], extra=[fleet])
    scan(homes=[], extra=[fleet])
    search(found, "deadline 2026")
    Watcher(found).poll()
    assert fingerprint(fleet) == before


_WORDS = sorted(
    {w for text in fleet_bench._EN for w in text.replace("{", " ").replace("}", " ").split()}
    | set(fleet_bench._WHO + fleet_bench._THING + fleet_bench._TOPIC)
    | {"乌龙", "茶", "截止", "2026-11", "2026-10-0", "#1)", "ALICE", "Deadline", "(#"}
)
_KEYSTROKES = "".join(sorted(set("".join(fleet_bench._ZH + fleet_bench._WHO)) - set("{} ")))


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    words=st.lists(
        st.sampled_from(_WORDS)
        | st.text(alphabet="aeiouns李娜茶 -#1", max_size=4)
        | st.text(alphabet=_KEYSTROKES, min_size=1, max_size=2),
        max_size=3,
    )
)
def test_the_index_finds_what_the_plain_search_finds(
    fleet: Path, words: list[str], settled: None
) -> None:
    """`memdesk list --all QUERY` from the index lists, in each user's workspace, exactly the
    memories `memdesk list --query` lists there (the same words, in Chinese as in English)."""
    _same_as_plain_search(fleet, " ".join(words))


@pytest.mark.parametrize("query", ["乌", "茶", "截止", "喝", "de", "al", "zzyzx", "乌 de", "\x00"])
def test_a_keystroke_s_query_finds_what_the_plain_search_finds(
    fleet: Path, query: str, settled: None
) -> None:
    """What a person types first: one or two Chinese characters, a two-letter prefix, a word
    matching nothing."""
    _same_as_plain_search(fleet, query)


def test_a_memory_holding_the_separator_is_searched_as_the_plain_search_does() -> None:
    hays = [index.Hay(["a\x00b", "ab \ud800"]), index.Hay(["ü b"])]
    entries = [index.Entry(Path(f"/ws{i}"), "hermes", b"", {}, hay) for i, hay in enumerate(hays)]
    joined = index._Joined(entries)
    assert [(e.path.name, list(n)) for e, n in joined.search(["b"])] == [
        ("ws0", [0, 1]),
        ("ws1", [0]),
    ]
    assert [(e.path.name, list(n)) for e, n in joined.search(["a\x00b"])] == [("ws0", [0])]
    assert [(e.path.name, list(n)) for e, n in joined.search(["\ud800", "a"])] == [("ws0", [1])]
    assert [(e.path.name, list(n)) for e, n in joined.search([])] == [("ws0", [0, 1]), ("ws1", [0])]
    assert joined.search(["b\x00a"]) == []


def _same_as_plain_search(fleet: Path, query: str) -> None:
    _same_as_plain(_indexed_scan(fleet), query)


_SCANNED: dict[Path, list[Found]] = {}


def _indexed_scan(fleet: Path) -> list[Found]:
    """One scan of the fleet per test run (hypothesis calls the test many times)."""
    if fleet not in _SCANNED or index.index_of(_SCANNED[fleet][0].path) is None:
        _SCANNED[fleet] = scan(homes=[], extra=[fleet])
    return _SCANNED[fleet]


@pytest.mark.parametrize("notify", [True, False], ids=["told", "polling"])
def test_an_agent_s_change_is_seen_by_polling_that_user_alone(
    own_fleet: Path, settled: None, notify: bool
) -> None:
    """A change to one user's file by the agent, seen by the next poll, that user read again
    alone, and searchable at once; the window is told to poll when the folders would not fit
    the system's limit on file watches."""
    found = scan(homes=[], extra=[own_fleet])
    watcher = Watcher(found, notify=notify)
    assert watcher.poll() == []
    user = max(found, key=lambda f: str(f.path))
    fleet_bench.append_memory(user)
    (again,) = watcher.poll()
    assert (again.path, again.memories) == (user.path, user.memories + 1)
    assert watcher.poll() == []
    hits, _ = search([again], "A new memory from the agent")
    assert [len(h.rows) for h in hits] == [1]
    plan = watcher.plan(limit=len(watcher.plan().paths))
    assert plan.mode == "notify" and str(user.path) in plan.paths
    assert watcher.plan(limit=10).mode == "poll"


def test_the_watch_limit_is_half_the_system_s(tmp_path: Path) -> None:
    limit = tmp_path / "max_user_watches"
    limit.write_text("8192\n")
    assert watch_limit(limit) == 4096
    assert watch_limit(tmp_path / "missing") == OTHER_SYSTEMS


def test_a_link_in_a_user_s_folder_is_watched_through(
    own_fleet: Path, settled: None, tmp_path: Path
) -> None:
    """A link in a user's folder is not followed into its tree, but its target's change is a
    change of the user's (and an unchanged link is not one, poll after poll)."""
    outside = tmp_path / "outside.md"
    outside.write_text("kept elsewhere\n")
    found = scan(homes=[], extra=[own_fleet])
    user = min(found, key=lambda f: str(f.path))
    (user.path / "linked.md").symlink_to(outside)
    found = scan(homes=[], extra=[own_fleet])
    watcher = Watcher(found)
    assert watcher.changed() == [] and watcher.changed() == []
    outside.write_text("changed elsewhere, longer\n")
    assert watcher.changed() == [user.path]


def test_rows_the_index_file_no_longer_holds_are_read_from_the_files(
    own_fleet: Path, settled: None
) -> None:
    """Another MemDesk re-scanned a user the agent changed after this one searched: the rows it
    shows come from the files as they are, with the query's rule, never from another version."""
    found = scan(homes=[], extra=[own_fleet])
    hits, _ = search(found, "deadline")
    hit = hits[0]
    fleet_bench.append_memory(hit.found)  # the agent, then the other MemDesk's scan
    (path,) = index.cache_folder().glob("*.sqlite")
    with sqlite3.connect(path) as other:
        other.execute("UPDATE workspaces SET digest = x'00' WHERE path = ?", (str(hit.found.path),))
    other.close()
    plain = agent_named(hit.found.agent).rows(hit.found.path, query="deadline")
    assert [(r.id, r.key, r.text) for r in hit.rows] == [(r.id, r.key, r.text) for r in plain]


def test_a_window_scanning_again_still_searches_from_the_index(fleet: Path, settled: None) -> None:
    """The window scans again (the person pressed Refresh) after a search: the next search
    still comes from the index, not from every user's files."""
    scan(homes=[], extra=[fleet])
    index.close_all()
    found = scan(homes=[], extra=[fleet])
    first, _ = search(found, "deadline")
    again, _ = search(scan(homes=[], extra=[fleet]), "deadline")
    assert all(isinstance(h.rows, index.IndexedRows) for h in first + again)
    assert [len(h.rows) for h in again] == [len(h.rows) for h in first]


def test_a_search_of_every_user_leaves_the_garbage_collector_idle(
    fleet: Path, settled: None
) -> None:
    """A keystroke's search builds a few objects for each of thousands of workspaces: left
    young, they set the collector walking the whole fleet every other keystroke (60 ms of 100
    at 10,000 users)."""
    found = _indexed_scan(fleet)
    search(found, "x")  # the memories loaded from the index
    collections: list[int] = []
    gc.collect()
    gc.callbacks.append(track := lambda phase, info: collections.append(info["generation"]))
    try:
        for query in ("de", "乌", "a"):
            hits, _ = search(found, query)
            assert len(hits) > USERS / 2
    finally:
        gc.callbacks.remove(track)
    assert collections == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")
def test_a_change_is_told_by_the_system_without_a_look_at_every_file(
    own_fleet: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 10,000 users a poll stats 50,000 files and folders (0.15 s of the 0.5 s a change may
    take to show, more on a busy machine): the system now tells which folder changed, the
    user's new folders watched as they come."""
    found = scan(homes=[], extra=[own_fleet])
    watcher = Watcher(found)
    assert watcher.poll() == [] and watcher.told is not None  # the first looks at every file
    looked: list[str] = []
    lstat = os.lstat
    monkeypatch.setattr(os, "lstat", lambda path: looked.append(str(path)) or lstat(path))
    user = max(found, key=lambda f: str(f.path))
    assert watcher.poll() == [] and looked == []
    fleet_bench.append_memory(user)
    (again,) = watcher.poll()
    assert (again.path, again.memories) == (user.path, user.memories + 1)
    assert len(looked) < USERS / 4, len(looked)  # a poll: every one of the 200 users
    new = next(p for p in user.path.iterdir() if p.is_dir()) / "later"
    new.mkdir()
    assert [f.path for f in watcher.poll()] == [user.path]
    (new / "notes.txt").write_text("a note")
    assert [f.path for f in watcher.poll()] == [user.path]
    assert watcher.poll() == []


@pytest.mark.parametrize("notify", [True, False], ids=["told", "polling"])
def test_a_change_between_the_scan_and_the_watch_is_seen(
    own_fleet: Path, settled: None, notify: bool
) -> None:
    found = scan(homes=[], extra=[own_fleet])
    user = max(found, key=lambda f: str(f.path))
    fleet_bench.append_memory(user)
    watcher = Watcher(found, notify=notify)
    assert [(f.path, f.memories) for f in watcher.poll()] == [(user.path, user.memories + 1)]
    assert watcher.poll() == []


def test_every_user_read_again_is_written_out_as_it_goes(
    own_fleet: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried as a person whose Home watched a fleet while `memdesk review --all` ran: every
    user's folder changed (its journal made), every user was read again, and MemDesk held all
    of it before writing the index: 915 MB at 10,000 users. It now writes it out every
    SAVE_EVERY users, as a scan does (175 MB)."""
    from core import scan as scanning

    found = scan(homes=[], extra=[own_fleet])
    monkeypatch.setattr(scanning, "SAVE_EVERY", 10)
    most: list[int] = []
    real_save = index.Index.save

    def save(self: index.Index, *, prune: bool = True) -> None:
        most.append(self.unsaved)
        real_save(self, prune=prune)

    monkeypatch.setattr(index.Index, "save", save)
    for f in found:
        (f.path / "touched.txt").write_text("a note\n", encoding="utf-8")  # the tree changes
    again = scanning.rescan(found)
    assert len(again) == USERS and all(not f.error for f in again)
    assert len(most) >= USERS // 10 and max(most) <= 10


# -- right after a change: only what changed is read, searched apart from the rest ------------
def _joinings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The workspaces each joining of memories to search holds, as they are made."""
    joinings: list[int] = []
    made = index._Joined.__init__

    def joined(self: index._Joined, entries: list[index.Entry]) -> None:
        joinings.append(len(entries))
        made(self, entries)

    monkeypatch.setattr(index._Joined, "__init__", joined)
    return joinings


def test_the_search_right_after_one_user_s_change_joins_that_user_alone(
    own_fleet: Path, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried as a person searching a 10,000-user fleet while the agent wrote to one user's
    file: the first search after it joined every user's memories again (136-190 ms of the
    100 ms a keystroke may take). Now the changed user is searched apart from the rest."""
    joinings = _joinings(monkeypatch)
    found = scan(homes=[], extra=[own_fleet])
    search(found, "deadline")
    user = max(found, key=lambda f: str(f.path))
    fleet_bench.append_memory(user)
    (again,) = Watcher(found).refresh([user.path])
    found = [again if f.path == user.path else f for f in found]
    hits, _ = search(found, "new memory from")
    assert [(h.found.path, len(h.rows)) for h in hits] == [(user.path, 1)]
    assert joinings == [USERS, 1]
    _same_as_plain(found, "deadline")
    assert joinings == [USERS, 1]


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    steps=st.lists(
        st.tuples(st.sampled_from(["change", "add", "remove"]), st.integers(0, 1_000)),
        min_size=1,
        max_size=6,
    ),
    queries=st.lists(
        st.sampled_from(["new memory", "deadline", "乌", "de", "alice 2026", "zzyzx", "(#1)"]),
        min_size=6,
        max_size=6,
    ),
    apart=st.booleans(),
)
def test_the_search_finds_what_the_plain_search_finds_as_users_change(
    fleet: Path,
    settled: None,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    steps: list[tuple[str, int]],
    queries: list[str],
    apart: bool,
) -> None:
    """Users changed by the agent, added and removed between two searches: each search lists,
    in each user's workspace, exactly what `memdesk list --query` lists there."""
    if apart:  # every changed user searched apart, never all joined again
        monkeypatch.setattr(index, "REJOIN", 1, raising=False)
    layout = fleet.parent.name.rstrip("0123456789")
    out = tmp_path_factory.mktemp(layout) / "fleet"
    fleet_bench.write_fleet(out, layout, 40, 1_200, seed=5)
    found = scan(homes=[], extra=[out])
    _same_as_plain(found, "deadline")
    for (step, k), query in zip(steps, queries, strict=False):
        user = sorted(found, key=lambda f: str(f.path))[k % len(found)]
        if step == "change":
            fleet_bench.append_memory(user)
            (again,) = Watcher(found).refresh([user.path])
            found = [again if f.path == user.path else f for f in found]
        else:
            if step == "add":
                _add_user(out, layout, k)
            else:
                shutil.rmtree(user.path)
            found = scan(homes=[], extra=[out])  # as the window's Home scans again
        _same_as_plain(found, query)


def _add_user(out: Path, layout: str, k: int) -> None:
    rng = Random(k)
    folder = fleet_bench._user_folder(out, layout, 50_000 + k, rng)
    if not folder.exists():
        write = {"picoclaw": fleet_bench._picoclaw_user, "hermes": fleet_bench._hermes_user}
        write[layout](folder, fleet_bench.memory_texts(rng.randint(1, 40), rng), rng)


def _same_as_plain(found: list[Found], query: str) -> None:
    hits, failed = search(found, query)
    assert not failed
    listed = {h.found.path: h.rows for h in hits}
    for f in found:
        plain = agent_named(f.agent).rows(f.path, query=query)
        rows = listed.get(f.path, [])
        assert isinstance(rows, index.IndexedRows) or not plain
        assert [(r.id, r.file, r.key, r.line, r.text) for r in rows] == [
            (r.id, r.file, r.key, r.line, r.text) for r in plain
        ]
        assert [r.fields["content"] for r in rows] == [r.fields["content"] for r in plain]


@pytest.mark.parametrize("notify", [True, False], ids=["told", "polling"])
def test_a_review_s_journal_is_counted_without_reading_the_memories_again(
    own_fleet: Path, settled: None, monkeypatch: pytest.MonkeyPatch, notify: bool
) -> None:
    """Tried as a person whose Home watched a 10,000-user fleet while `memdesk review --all`
    ran: each user's journal (in MemDesk's own folder, inside the user's folder) changed their
    tree, and every user's memories were read again (19-40 s of CPU). Now only the proposals
    waiting are counted again; the memory files are not read, here or in the next window."""
    found = scan(homes=[], extra=[own_fleet])
    watcher = Watcher(found, notify=notify)
    assert watcher.poll() == []
    reviewed = sorted(found, key=lambda f: str(f.path))[:4]
    proposals = fleet_bench.review_all(reviewed)
    assert proposals > 0
    plain = [figures(agent_named(f.agent), f.path) for f in reviewed]  # every file read
    assert sum(f.waiting for f in plain) == proposals
    _no_reading(monkeypatch, found[0].agent)
    monkeypatch.setattr(type(agent_named(found[0].agent)), "rows", _refused)
    assert _figures(watcher.poll()) == _figures(plain)
    assert watcher.poll() == []
    hits, _ = search(found, "deadline")  # still from the index: no user's files read
    assert sum(len(h.rows) for h in hits) > 0
    index.close_all()  # a new window: the counts as the index file now keeps them
    again = {f.path: f for f in scan(homes=[], extra=[own_fleet])}
    assert _figures([again[f.path] for f in reviewed]) == _figures(plain)


def _refused(*_: object, **__: object) -> None:
    raise AssertionError("a memory file read again, though only the journal changed")


def test_the_memories_part_of_a_tree_leaves_out_what_only_says_what_waits(tmp_path: Path) -> None:
    """MemDesk's own folder (journal, lock, backups) and the folder's own times are left out,
    and a change to them just now leaves the memories settled; its scoring profile and any
    other file are the memories'."""
    ws = tmp_path / "user"

    def tree(*entries: tuple[str, int], root_time: int = 1) -> index.Tree:
        folder = [(str(ws), (0o40755, 4096, root_time, 7, root_time))]
        files = [
            (str(ws / path), (0o100644, 10, t, 8 + i, t)) for i, (path, t) in enumerate(entries)
        ]
        return index.Tree((*folder, *files), settled=False, newest=100)

    memory = ("memory/MEMORY.md", 1)
    kept, settled = tree(memory).memories()
    assert settled
    for own in (".memdesk", ".memdesk/memdesk.db", ".memdesk/backups/a.md", ".memdesk ->"):
        assert tree(memory, (own, 500), root_time=500).memories() == (kept, True), own
    for theirs in (".memdesk/profile.json", ".memdeskish", "notes.md"):
        assert tree(memory, (theirs, 1)).memories()[0] != kept, theirs
    assert tree(memory, ("notes.md", 500)).memories()[1] is False
    assert tree(("memory/MEMORY.md", 2)).memories()[0] != kept


def test_an_agent_reading_the_journal_is_read_again_when_it_changes(
    tmp_path: Path, settled: None, fixtures_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """EverBot's scores and profile come partly from MemDesk's journal: a change to it alone
    has its memories read again."""
    ws = tmp_path / "everbot"
    ws.mkdir()
    shutil.copy(fixtures_dir / "everbot" / "canonical.input.md", ws / "MEMORY.md")
    (found,) = scan(homes=[], extra=[ws])
    assert found.agent == "everbot" and not found.error
    calls: list[Path] = []
    agent = agent_named("everbot")
    check = type(agent).check
    monkeypatch.setattr(
        type(agent), "check", lambda self, path, **kw: calls.append(path) or check(self, path, **kw)
    )
    with journal_for_writing(ws) as journal:
        journal.set_setting("profile", "tiered")
    assert rescan([found]) and calls == [ws]
