"""SPEC 9: nothing under `.memdesk/` is reached through a symbolic link (issue 22, finding 5).

With `.memdesk/memdesk.db` a link to an outside SQLite file, `edit` created MemDesk's tables and
wrote events inside it (and `list` migrated it); with `.memdesk/backups` a link to an outside
folder, `edit` and `decay --apply` wrote full copies of MEMORY.md there. Each path MemDesk keeps
or makes under `.memdesk/` becomes a link (to a folder or file outside the workspace, or to one
inside it), then write and read commands run as real processes: nothing outside changes, the
memory file is not written, and a refusal is one line naming the link. PicoClaw's own
`memory/backups/`, where MemDesk writes its backups too, may not lead outside either.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.reliability.test_hostile_input import LAYOUTS, Layout, argv, memdesk, picture

OUTSIDE_DB_ROWS = [("kept",)]


@dataclass(frozen=True)
class LinkCase:
    layout: str
    link: str  # relative to the workspace
    target: str  # "folder", "db", "file", "missing" (outside) or a path inside the workspace
    before: tuple[str, ...] = ()  # run first, without the link (a journal, backups to list)
    refused: bool = True  # writes are refused (else the link is only never followed)

    @property
    def id(self) -> str:
        return f"{self.layout}:{self.link}->{self.target}"


POMELO_OWN = ".memdesk/backups/memory/scopes/main"  # MemDesk's backups of the main scope's file
CASES = [
    LinkCase("everbot", ".memdesk", "folder"),
    LinkCase("everbot", ".memdesk", "memory-inside"),
    LinkCase("everbot", ".memdesk/memdesk.db", "db"),
    LinkCase("everbot", ".memdesk/memdesk.db", "missing"),
    LinkCase("everbot", ".memdesk/memdesk.db-wal", "file", before=("add",)),
    LinkCase("everbot", ".memdesk/memdesk.db-shm", "file", before=("add",)),
    LinkCase("everbot", ".memdesk/memdesk.db-journal", "file", before=("add",)),
    LinkCase("everbot", ".memdesk/backups", "folder"),
    LinkCase("everbot", ".memdesk/backups", "folder", before=("add",)),
    LinkCase("everbot", ".memdesk/backups", "memory-inside"),
    # A link named as a backup: never listed, read or removed; saves go on beside it.
    LinkCase(
        "everbot",
        ".memdesk/backups/20260101_000000_MEMORY.md",
        "file",
        before=("add",),
        refused=False,
    ),
    # The scoring profile as a link is not read (a warning names it): MemDesk scores with the
    # built-in profile, as the agent does with a profile it cannot use, and writes on.
    LinkCase("everbot", ".memdesk/profile.json", "file", refused=False),
    LinkCase("pomelobot", ".memdesk/backups/memory", "folder"),
    LinkCase("pomelobot", POMELO_OWN, "folder", before=("add",)),
    LinkCase("picoclaw", "memory/backups", "folder"),
]
WRITES = {"everbot": ("edit", "decay-apply"), "pomelobot": ("add",), "picoclaw": ("edit",)}
READS = ("list", "backups", "check")


def _outside(folder: Path) -> Path:
    """A folder outside the workspace: an SQLite file, a plain file, an empty folder."""
    folder.mkdir()
    with sqlite3.connect(folder / "victim.db") as conn:
        conn.execute("CREATE TABLE mine (x)")
        conn.executemany("INSERT INTO mine VALUES (?)", OUTSIDE_DB_ROWS)
    conn.close()
    (folder / "plain").write_bytes(b"the person's own file\n")
    (folder / "empty").mkdir()
    return folder


def _make_link(ws: Path, case: LinkCase, outside: Path) -> None:
    link = ws / case.link
    link.parent.mkdir(parents=True, exist_ok=True)
    if link.is_dir() and not link.is_symlink():
        os.rename(link, ws / "set-aside")  # what was there steps aside for the link
    elif link.exists():
        link.unlink()
    target = {
        "folder": outside / "empty",
        "db": outside / "victim.db",
        "file": outside / "plain",
        "missing": outside / "new.db",
        "memory-inside": ws / "memory-inside",
    }[case.target]
    if case.target == "memory-inside":
        target.mkdir()
    link.symlink_to(target)


def _build(tmp_path: Path, case: LinkCase) -> tuple[Layout, Path, Path, Path]:
    """(layout, what to name on the command line, the workspace, the outside folder)."""
    layout = LAYOUTS[case.layout]
    copy = tmp_path / "copy"
    ws = layout.build(copy)
    path = copy if layout.workspace else ws
    for command in case.before:
        assert memdesk(argv(command, layout, path)).code == 0
    outside = _outside(tmp_path / "outside")
    _make_link(ws, case, outside)
    return layout, path, ws, outside


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_no_command_goes_through_a_link_under_memdesk(tmp_path: Path, case: LinkCase) -> None:
    layout, path, ws, outside = _build(tmp_path, case)
    before_outside = picture(outside)
    main = (ws / layout.main).read_bytes()
    refusals = 0
    for command in (*WRITES[case.layout], *READS):
        result = memdesk(argv(command, layout, path))
        shown = f"memdesk {command}: exit {result.code}\n{result.out[-2000:]}\n{result.err}"
        assert result.code in (0, 1, 2) and "Traceback" not in result.out + result.err, shown
        assert "failed:" not in result.err, shown
        if command in WRITES[case.layout] and case.refused:
            assert result.code != 0, f"{shown}\nwrote although {case.link} is a link"
        if result.code:
            refusal = [s for s in result.err.splitlines() if not s.startswith("memdesk: warning:")]
            assert len(refusal) == 1, shown
            assert str(ws / case.link) in result.err or case.link in result.err, shown
            refusals += 1
        assert picture(outside) == before_outside, f"{command} changed {outside}"
    assert ((ws / layout.main).read_bytes() == main) == case.refused
    assert (ws / case.link).is_symlink()
    with sqlite3.connect(outside / "victim.db") as conn:
        tables = conn.execute("SELECT name FROM sqlite_master").fetchall()
        assert tables == [("mine",)] and conn.execute("SELECT x FROM mine").fetchall() == [
            ("kept",)
        ]
    conn.close()
    assert refusals >= len(WRITES[case.layout]) * case.refused


def test_a_journal_swapped_for_a_link_after_the_check_is_refused_before_any_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program puts the link in place between the check of `.memdesk/` and SQLite's
    open (here: the check sees nothing): the file SQLite opened is not the one in the folder,
    so the journal is closed before anything is read or written."""
    from core.store.confine import ConfinementError
    from core.store.journal import Journal, opening

    ws = tmp_path / "ws"
    (ws / ".memdesk").mkdir(parents=True)
    outside = _outside(tmp_path / "outside")
    (ws / ".memdesk" / "memdesk.db").symlink_to(outside / "victim.db")
    before = picture(outside)
    monkeypatch.setattr(opening, "_refuse_odd", lambda *_args: None)
    for open_journal in (Journal.open, Journal.open_readonly):
        with pytest.raises(ConfinementError, match=r"memdesk\.db: a symbolic link"):
            open_journal(ws).close()
    assert picture(outside) == before
