"""MemDesk's own folder of a Codex home sits beside memories/, never inside the git repository
Codex keeps and regenerates there (spec/codex.md 1.1, 2): Codex's diff sees only the person's
change, and a consolidation or `clear-memories` cannot take MemDesk's backups with it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from core.agents.codex import AGENT, layout
from core.demo import write_demo
from tests.cli.conftest import Cli

TODAY_NOTE = "Use uv, not pip, for every Python project"


def _git(memories: Path, *args: str) -> str:
    command = ["git", "-c", "user.name=Codex", "-c", "user.email=noreply@openai.com", *args]
    done = subprocess.run(command, cwd=memories, capture_output=True, text=True, check=True)
    return done.stdout


def _baseline(memories: Path) -> None:
    """What Codex does after a consolidation: everything in memories/ committed."""
    _git(memories, "add", "-A")
    _git(memories, "commit", "-q", "--allow-empty", "-m", "Initialize Codex git baseline")


def _changed(memories: Path) -> set[str]:
    lines = _git(memories, "status", "--porcelain", "--untracked-files=all").splitlines()
    return {line[3:] for line in lines}


@pytest.fixture
def home(tmp_path: Path) -> Path:
    write_demo(tmp_path / "codex", layout="codex")
    _git(tmp_path / "codex" / "memories", "init", "-q")
    _baseline(tmp_path / "codex" / "memories")
    return tmp_path / "codex"


def _summary_id(cli: Cli, home: Path, n: int = 0) -> str:
    listed = cli("list", home, "--section", "summary", "--json").json()
    return str(listed[n]["id"])


def test_every_cli_journey_shows_codex_only_the_persons_change(cli: Cli, home: Path) -> None:
    memories = home / "memories"
    summary = "memory_summary.md"
    first, second = _summary_id(cli, home, 0), _summary_id(cli, home, 1)
    journeys: list[tuple[tuple[object, ...], set[str] | None]] = [
        (("add", home, TODAY_NOTE), None),  # a new note: its name has the time
        (("edit", home, first, "--text", "The user reviews diffs in the editor"), {summary}),
        (("delete", home, second), {summary}),
        (("forget", home, "make check"), {summary}),
        (("undo", home), {summary}),
    ]
    for args, expected in journeys:
        result = cli(*args)
        assert result.code == 0, (args, result.err)
        changed = _changed(memories)
        if expected is None:
            assert len(changed) == 1 and next(iter(changed)).startswith(layout.NOTES[9:])
        else:
            assert changed == expected, args
        _baseline(memories)
    backup = cli("backups", home, "--json").json()[-1]["path"]
    assert cli("restore", home, backup, "--force").code == 0
    assert _changed(memories) <= {summary}
    assert (home / ".memdesk" / "backups" / "memories").is_dir()
    assert not (memories / ".memdesk").exists()


def _earlier_memdesk(home: Path) -> dict[str, bytes]:
    """memories/.memdesk/ as an earlier MemDesk left it: backups of the summary and of a note,
    and its journal."""
    old = home / "memories" / ".memdesk"
    note = layout.notes(home)[0].name
    files = {
        "backups/20260101_090000_memory_summary.md": b"v1\n\n- an old fact\n",
        f"backups/extensions/ad_hoc/notes/20260101_090000_{note}": b"old note\n",
        "memdesk.db": b"SQLite format 3\0 the earlier journal",
    }
    for rel, data in files.items():
        (old / rel).parent.mkdir(parents=True, exist_ok=True)
        (old / rel).write_bytes(data)
    return files


def test_an_earlier_memdesk_folder_in_memories_is_read_then_moved_out_whole(
    cli: Cli, home: Path
) -> None:
    files = _earlier_memdesk(home)
    listed = {b["path"] for b in cli("backups", home, "--json").json()}
    assert len(listed) == 2  # read where it is before anything is written
    assert AGENT.backups(home)[0].data is None

    assert cli("add", home, TODAY_NOTE).code == 0

    assert not (home / "memories" / ".memdesk").exists()
    moved = home / ".memdesk" / "backups" / "memories"
    for rel, data in files.items():
        if rel.startswith("backups/"):
            assert (moved / rel.removeprefix("backups/")).read_bytes() == data
    assert (home / ".memdesk" / "earlier" / "memdesk.db").read_bytes() == files["memdesk.db"]
    after = cli("backups", home, "--json").json()
    assert {Path(b["path"]).name for b in after} == {Path(p).name for p in listed}
    oldest = next(b["path"] for b in after if b["file"] == layout.SUMMARY)
    assert cli("restore", home, oldest, "--force").code == 0
    assert (home / layout.SUMMARY).read_bytes() == b"v1\n\n- an old fact\n"


def test_a_backup_whose_name_is_taken_beside_memories_is_kept_and_still_listed(
    cli: Cli, home: Path
) -> None:
    files = _earlier_memdesk(home)
    taken = home / ".memdesk" / "backups" / "memories" / "20260101_090000_memory_summary.md"
    taken.parent.mkdir(parents=True)
    taken.write_bytes(b"v1\n\n- another backup of that second\n")

    assert cli("add", home, TODAY_NOTE).code == 0

    kept = home / ".memdesk" / "earlier" / "backups" / "20260101_090000_memory_summary.md"
    assert kept.read_bytes() == files["backups/20260101_090000_memory_summary.md"]
    listed = [b["path"] for b in cli("backups", home, "--json").json()]
    assert ".memdesk/earlier/backups/20260101_090000_memory_summary.md" in listed
    assert not (home / "memories" / ".memdesk").exists()


def _codex_reset(home: Path) -> None:
    """What `codex debug clear-memories` does (tests/core/agents/codex/test_reset.py)."""
    for path in reversed(layout.reset_deletes(home)):
        if path.is_dir() and not path.is_symlink():
            path.rmdir()
        else:
            path.unlink()


def test_memdesks_backups_survive_codexs_reset_and_bring_the_summary_back(
    cli: Cli, home: Path
) -> None:
    [note] = layout.notes(home)
    before = {p: p.read_bytes() for p in (home / layout.SUMMARY, note)}
    assert cli("edit", home, _summary_id(cli, home), "--text", "edited before").code == 0
    assert cli("edit", home, note.stem, "--text", "note edited before").code == 0
    _codex_reset(home)
    assert not any(p.exists() for p in before)
    backups = cli("backups", home, "--json").json()
    assert {b["file"] for b in backups} == {p.relative_to(home).as_posix() for p in before}
    for backup in backups:
        assert cli("restore", home, backup["path"], "--force").code == 0
    assert {p: p.read_bytes() for p in before} == before
