"""A backup too big to read whole (over BIG_FILE_BYTES, 32 MB): every command that reads
backups stays under twice its size in memory, the listing never reads it whole, `diff` says so
in one line and lists what changed per memory, searching and `show` read it a memory at a time,
and restoring it is refused in one line (issue 22, finding 8)."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

import core.store.files as files
from app.cli import main
from core.registry import agent_named
from core.store.backups_view import big_summary, search_backups
from core.store.files import BIG_FILE_BYTES
from tests.conftest import PROJECT_ROOT
from tests.helpers import run_measured

pytestmark = pytest.mark.slow  # 100 MB backups, every command in its own process

SIZE = BIG_FILE_BYTES + 8 * 1024 * 1024  # just too big: a test that reads it whole is slow
RARE = "Zebrafish tank cleaning is on Fridays."
ZEBRA = {"everbot": "ffffff", "picoclaw": "1999-12-31"}  # the key of the memory holding RARE
LIVE = {"everbot": Path("MEMORY.md"), "picoclaw": Path("workspace/memory/MEMORY.md")}
BACKUP = {
    "everbot": Path(".memdesk/backups/20270101_000000_MEMORY.md"),
    "picoclaw": Path("workspace/memory/backups/20270101_000000_MEMORY.md"),
}


def _everbot_entries(count: int) -> Iterator[str]:
    yield "# Agent Memory\n\n## Active Memories\n\n"
    for i in range(count):
        yield f"### [b{i:07x}] fact | 0.50 | 2026-01-01 | 1\nOld note {i} about the staging box.\n\n"
    yield f"## Archived Memories\n\n### [{ZEBRA['everbot']}] fact | 0.10 | 2026-01-01 | 1\n{RARE}\n"


def _picoclaw_entries(count: int) -> Iterator[str]:
    yield "# Long-term Memory\n\n"
    for i in range(count):
        yield f"## 2000-01-{i % 28 + 1:02d}\n\nOld note {i} about the staging box.\n\n"
    yield f"## {ZEBRA['picoclaw']}\n\n{RARE}\n"


ENTRIES: dict[str, Callable[[int], Iterator[str]]] = {
    "everbot": _everbot_entries,
    "picoclaw": _picoclaw_entries,
}


def count_for(layout: str, size: int = SIZE) -> int:
    """How many memories make a backup of about `size` bytes."""
    return size // len(list(ENTRIES[layout](1))[1])


def write_big(path: Path, layout: str) -> None:
    """A backup of about SIZE bytes in the agent's format, its last memory holding RARE."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        for text in ENTRIES[layout](count_for(layout)):
            out.write(text)
    assert path.stat().st_size > BIG_FILE_BYTES


@pytest.fixture(scope="module")
def demos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each layout's demo workspace with one big backup (written once: copied for each test)."""
    made = {}
    for layout in ENTRIES:
        home = tmp_path_factory.mktemp(layout) / "home"
        assert main(["demo", str(home), "--layout", layout]) == 0
        write_big(home / BACKUP[layout], layout)
        made[layout] = home
    return made


def fresh(demos: dict[str, Path], layout: str, tmp_path: Path) -> Path:
    home = tmp_path / "home"
    shutil.copytree(demos[layout], home)
    return home


@pytest.mark.parametrize("layout", ["everbot", "picoclaw"])
def test_every_command_on_a_big_backup_stays_under_twice_its_size(
    demos: dict[str, Path], layout: str, tmp_path: Path
) -> None:
    home = fresh(demos, layout, tmp_path)
    live_before = (home / LIVE[layout]).read_bytes()
    backup = home / BACKUP[layout]
    bound = 2 * backup.stat().st_size / 1024 / 1024
    key = ZEBRA[layout]

    def run(*args: object) -> str:
        done = run_measured(*args, cwd=PROJECT_ROOT)
        assert done.peak_mb < bound, f"{args[0]}: {done.peak_mb:.0f} MB (bound {bound:.0f} MB)"
        assert done.code == 0, done.err
        return done.out

    assert "too big to count" in run("backups", home)
    diff = run("diff", home, backup).splitlines()
    assert "over 32 MB, so no text diff" in diff[0]
    assert f"{count_for(layout) + 1:,} removed" in diff[0] and len(diff) < 1_000
    run("list", home)
    assert RARE in run("list", home, "--backups", "--query", "zebrafish fridays")
    assert RARE in run("show", home, key)
    assert BACKUP[layout].name in run("where", home, "zebrafish tank")  # forgetting lists it

    refused = run_measured("restore", home, backup, cwd=PROJECT_ROOT)
    assert refused.code == 1 and refused.peak_mb < bound
    [line] = refused.err.strip().splitlines()
    assert "more than MemDesk will restore (32.0 MB)" in line
    assert (home / LIVE[layout]).read_bytes() == live_before


@pytest.mark.parametrize("layout", ["everbot", "picoclaw"])
def test_listing_backups_never_reads_a_big_one_whole(
    demos: dict[str, Path], layout: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = fresh(demos, layout, tmp_path)
    if layout == "everbot":  # the agent's own .bak, whose time is read from its first lines
        shutil.copy(home / BACKUP[layout], home / "MEMORY.md.bak")
    read_whole: list[int] = []
    real = files._read_all

    def counted(fd: int, size_hint: int, start: int = 0) -> bytes:
        data = real(fd, size_hint, start)
        read_whole.append(len(data))
        return data

    monkeypatch.setattr(files, "_read_all", counted)
    root = home / "workspace" if layout == "picoclaw" else home
    rows = [b.to_json() for b in agent_named(layout).backups(root)]

    assert max(read_whole, default=0) <= BIG_FILE_BYTES
    big = [row for row in rows if row["big"]]
    assert len(big) == (2 if layout == "everbot" else 1)
    assert all(row["entries"] is None and row["size"] > BIG_FILE_BYTES for row in big)


def test_the_summary_of_a_big_backup_counts_every_memory_and_names_the_first(
    demos: dict[str, Path], tmp_path: Path
) -> None:
    """The live file's memories, one edited, one left out, then many the file lost: the
    summary counts them all and names the changed one with its field."""
    home = fresh(demos, "everbot", tmp_path)
    fmt_live = (home / "MEMORY.md").read_text(encoding="utf-8")
    head, _sep, rest = fmt_live.partition("### [")
    entries = ["### [" + e for e in rest.split("### [")]
    edited = entries[0].replace("| 0.", "| 0.0", 1)  # its score, as the agent rewrites it
    extra = "".join(ENTRIES["everbot"](count_for("everbot")))
    backup = home / BACKUP["everbot"]
    backup.write_text(head + edited + "".join(entries[2:]) + extra, encoding="utf-8")
    found = next(b for b in agent_named("everbot").backups(home) if b.big)

    summary = big_summary(found)

    assert summary.counts["added"] == 1 and summary.counts["changed"] == 1
    assert summary.counts["removed"] == count_for("everbot") + 1
    assert len(summary.diff.removed) == 200  # SUMMARY_SHOWN: the rest only counted
    [change] = summary.diff.changed
    assert "score" in change["fields"]


def test_search_in_backups_keeps_a_big_backup_out_of_the_candidates(
    demos: dict[str, Path], tmp_path: Path
) -> None:
    """What the window keeps between keystrokes (`backup_only`) holds nothing of a big backup;
    each search reads it again a memory at a time and finds the rare memory."""
    from core.store.backups_view import backup_only

    home = fresh(demos, "picoclaw", tmp_path)
    found = agent_named("picoclaw").backups(home / "workspace")
    candidates = backup_only(found)

    assert all(not hit.backup.big for _text, hit in candidates)
    [hit] = search_backups(found, "ZEBRAFISH", candidates=candidates)
    assert hit.content == RARE and hit.key == ZEBRA["picoclaw"] and hit.backup.big


def test_the_backups_page_lists_compares_and_searches_a_big_backup_off_the_ui_thread(
    qtbot: QtBot, demos: dict[str, Path], tmp_path: Path
) -> None:
    from ui.backups_view import REMOVED, BackupsView

    root = fresh(demos, "picoclaw", tmp_path) / "workspace"
    view = BackupsView()
    qtbot.addWidget(view)
    view.show_workspace(agent_named("picoclaw").open(root))
    assert view.table.item(0, 3).text() == "too big to count"  # type: ignore[union-attr]

    with qtbot.waitSignal(view.compared, timeout=60_000):
        view.table.setCurrentCell(0, 0)  # the big one, the newest
        assert view.title.text().startswith("Comparing ")  # not on the UI thread
    assert "over 32 MB: per memory only" in view.title.text()
    assert view.diff_table.item(0, 0).text() == REMOVED  # type: ignore[union-attr]
    assert not view.restore_all.isEnabled() and not view.restore_checked.isEnabled()

    view.search.setText("zebrafish")
    with qtbot.waitSignal(view.searched, timeout=60_000):
        view.find_in_backups()
        assert view.hits.rowCount() == 0  # still searching, the page answers meanwhile
    assert [hit.content for hit in view.found_hits] == [RARE]


@pytest.mark.parametrize("layout", ["everbot", "picoclaw"])
def test_a_memory_at_a_time_reads_the_memories_the_whole_parse_reads(
    layout: str, tmp_path: Path
) -> None:
    """What a big file's diff, search and `show` see: every memory, keyed and read as the
    format's own parse of the whole file keys and reads it (repeated keys included)."""
    from core.store.backups_view import memory_pieces

    home = tmp_path / "home"
    assert main(["demo", str(home), "--layout", layout, "--entries", "3000"]) == 0
    root = home / "workspace" if layout == "picoclaw" else home
    fmt = agent_named(layout).backups(root)[0].fmt
    data = (home / LIVE[layout]).read_bytes()
    whole = list(fmt.entries(fmt.parse(data)))

    pieces = list(memory_pieces(fmt, lambda: data.splitlines(keepends=True)))

    assert [p.key for p in pieces] == [fmt.key(e) for e in whole]
    assert any("~" in p.key for p in pieces) or layout == "everbot"
    assert [fmt.fields(p.entry(fmt)) for p in pieces] == [fmt.fields(e) for e in whole]


def test_picoclaw_keys_a_heading_repeated_many_times_in_linear_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each `## 2000-01-01` after the first gets the next `~N`: found from where the last one
    ended, not counted up from 2 again (3,000 repeats took 4.5 million probes)."""
    import core.agents.picoclaw.format as picoclaw

    probes = 0
    real = picoclaw._unique

    class Probed:
        def __init__(self, keys: set[str]) -> None:
            self.keys = keys

        def __contains__(self, key: object) -> bool:
            nonlocal probes
            probes += 1
            return key in self.keys

    def probed(base: str, used: set[str], *rest: Any) -> str:
        return real(base, Probed(used), *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(picoclaw, "_unique", probed)
    count = 3_000
    data = "".join(f"## 2000-01-01\n\nnote {i}\n\n" for i in range(count)).encode()

    keys = [e.key for e in picoclaw.parse_longterm(data).entries()]

    assert keys == ["2000-01-01", *(f"2000-01-01~{n}" for n in range(2, count + 1))]
    assert probes < 3 * count
