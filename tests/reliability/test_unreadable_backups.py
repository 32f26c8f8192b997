"""Backups MemDesk cannot read, through the real `memdesk` command (SPEC 5, 9).

A backup holding a NUL byte or bytes that are not UTF-8 is refused with one line naming the
backup and its line, exit 2 as other bad input, nothing written (it took the unexpected-error
path: "failed: ValueError"); a backup turned into a folder after it was listed is refused too.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from core.formats.text import InputError
from core.ops.restore import restore_and_save
from core.registry import resolve
from core.store.errors import WorkspaceError
from tests.cli.conftest import run_process, snapshot
from tests.conftest import FIXTURES


@dataclass(frozen=True)
class Layout:
    fixture: Path
    workspace: str  # inside the copy
    backups: str  # the backup folder MemDesk reads, relative to the workspace
    main: str


LAYOUTS = {
    "everbot": Layout(FIXTURES / "workspaces" / "tiered", "", ".memdesk/backups", "MEMORY.md"),
    "picoclaw": Layout(
        FIXTURES / "picoclaw" / "home", "workspace", "memory/backups", "memory/MEMORY.md"
    ),
}
BAD_BYTES = {
    "nul": (b"\x00", "contains a NUL byte"),
    "invalid-utf8": (b"\xff\xfe", "not valid UTF-8"),
}


def build(tmp_path: Path, layout: Layout) -> tuple[Path, Path]:
    """A fresh writable copy: (the folder to name on the command line, the workspace)."""
    copy = tmp_path / "copy"
    shutil.copytree(layout.fixture, copy, symlinks=True)
    for path in [copy, *copy.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    return copy, copy / layout.workspace


def put_backup(ws: Path, layout: Layout, name: str, data: bytes) -> str:
    folder = ws / layout.backups
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)
    return f"{layout.backups}/{name}"


@pytest.mark.parametrize("bad", list(BAD_BYTES))
@pytest.mark.parametrize("layout_name", list(LAYOUTS))
@pytest.mark.parametrize("only", [False, True], ids=["whole", "only"])
def test_restoring_a_backup_that_is_not_text_is_refused_in_one_line(
    tmp_path: Path, layout_name: str, bad: str, only: bool
) -> None:
    layout = LAYOUTS[layout_name]
    folder, ws = build(tmp_path, layout)
    data = (ws / layout.main).read_bytes()
    inserted, reason = BAD_BYTES[bad]
    at = data.index(b"\n", data.index(b"\n") + 1) + 1  # on the third line
    rel = put_backup(ws, layout, "20260301_120000_MEMORY.md", data[:at] + inserted + data[at:])
    before = snapshot(folder)
    extra = ["--only", "anything"] if only else []
    result = run_process("restore", folder, rel, *extra)
    assert (result.code, result.out) == (2, ""), result.err
    assert result.err.count("\n") == 1 and result.err.startswith(f"memdesk: {rel}:3: {reason}")
    assert "failed" not in result.err
    assert snapshot(folder) == before


@pytest.mark.parametrize("layout_name", list(LAYOUTS))
def test_diff_names_the_backup_that_is_not_text_not_the_file(
    tmp_path: Path, layout_name: str
) -> None:
    layout = LAYOUTS[layout_name]
    folder, ws = build(tmp_path, layout)
    rel = put_backup(ws, layout, "20260301_120000_MEMORY.md", b"# Memory\n\x00\n")
    result = run_process("diff", folder, rel)
    assert result.code == 2
    assert result.err == f"memdesk: {rel}:2: contains a NUL byte: not a text file\n"


@pytest.mark.parametrize("layout_name", list(LAYOUTS))
def test_a_backup_turned_into_a_folder_after_listing_is_refused(
    tmp_path: Path, layout_name: str
) -> None:
    layout = LAYOUTS[layout_name]
    _folder, ws = build(tmp_path, layout)
    rel = put_backup(ws, layout, "20260301_120000_MEMORY.md", (ws / layout.main).read_bytes())
    agent, path = resolve(ws)
    [backup] = [b for b in agent.backups(path) if b.rel == rel]
    os.unlink(ws / rel)
    (ws / rel).mkdir()
    before = (ws / layout.main).read_bytes()
    with pytest.raises(WorkspaceError) as refused:
        restore_and_save(agent.open(path), backup)
    assert str(refused.value) == f"{ws / rel}: is a folder, not a memory file"
    assert refused.value.exit_code == 2
    assert (ws / layout.main).read_bytes() == before


def test_restore_of_a_nul_backup_raises_input_error_before_anything_is_written(
    tmp_path: Path,
) -> None:
    """The window's restore goes through restore_and_save too: an InputError is a refusal it
    shows in one line; a bare ValueError opened the crash dialog."""
    layout = LAYOUTS["everbot"]
    _folder, ws = build(tmp_path, layout)
    rel = put_backup(ws, layout, "20260301_120000_MEMORY.md", b"# Memory\n\x00\n")
    agent, path = resolve(ws)
    [backup] = [b for b in agent.backups(path) if b.rel == rel]
    with pytest.raises(InputError, match="nothing was restored"):
        restore_and_save(agent.open(path), backup)
    assert not (ws / ".memdesk" / "memdesk.db").exists()


# -- finding 6: backups whose name is no time -----------------------------------------------------

EXTREME_NAMES = ["00010101_000000_MEMORY.md", "99991231_235959_MEMORY.md"]
WEST = {"TZ": "America/New_York"}  # where 99991231_235959 overflows too


@pytest.mark.parametrize("layout_name", list(LAYOUTS))
def test_backups_named_out_of_range_are_listed_as_such_and_the_rest_works(
    tmp_path: Path, layout_name: str
) -> None:
    layout = LAYOUTS[layout_name]
    folder, ws = build(tmp_path, layout)
    live = (ws / layout.main).read_bytes()
    good = put_backup(ws, layout, "20260301_120000_MEMORY.md", live + b"\n")
    odd = [put_backup(ws, layout, name, live) for name in EXTREME_NAMES]
    listed = run_process("backups", folder, env_extra=WEST)
    assert listed.code == 0 and listed.err == "", listed.err
    rows = listed.out.splitlines()
    for rel in [good, *odd]:
        [row] = [r for r in rows if f"  {rel}" in r]
        assert ("its name holds no time MemDesk can read" in row) == (rel in odd), row
    as_json = run_process("backups", folder, "--json", env_extra=WEST).json()
    sources = {b["path"]: b["at_source"] for b in as_json}
    assert [sources[rel] for rel in odd] == ["unreadable_name"] * 2 and sources[good] == "name"
    newest = run_process("diff", folder, env_extra=WEST)  # the newest: never one without a time
    assert newest.code == 0 and f"against {good} (" in newest.out, newest.err
    for rel in odd:
        diff = run_process("diff", folder, rel, env_extra=WEST)
        assert diff.code == 0 and f"against {rel} (" in diff.out, diff.err
    hits = run_process("list", folder, "--backups", "--query", "the", env_extra=WEST)
    assert hits.code == 0 and hits.err == "", hits.err
    restored = run_process("restore", folder, odd[0], env_extra=WEST)
    assert restored.code == 0 and restored.err == "", restored.err
    assert (ws / layout.main).read_bytes() == live


def test_everbot_show_reads_history_past_a_backup_named_out_of_range(tmp_path: Path) -> None:
    layout = LAYOUTS["everbot"]
    folder, ws = build(tmp_path, layout)
    for name in EXTREME_NAMES:
        put_backup(ws, layout, name, (ws / layout.main).read_bytes())
    shown = run_process("show", folder, "f00001", "--json", env_extra=WEST)
    assert shown.code == 0 and shown.err == "", shown.err


def test_policy_snapshots_named_out_of_range_are_listed(tmp_path: Path) -> None:
    folder, ws = build(tmp_path, LAYOUTS["picoclaw"])
    snapshots = ws / "memory" / "policy_snapshots"
    (snapshots / "00010101_000000.json").write_bytes(b'{"retrieve_limit": 8}\n')
    listed = run_process("snapshots", folder, env_extra=WEST)
    assert listed.code == 0 and "00010101_000000.json" in listed.out, listed.err
