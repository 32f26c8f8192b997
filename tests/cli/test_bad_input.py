"""Bad input on the command line (SPEC 5 and 9): a clear message on stderr naming the file (and
the line where known), exit 2 for usage or I/O errors and 1 for a refused action, and nothing
written: the folder's bytes, modes and listing are the same afterwards, no `.memdesk` appears."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tests.cli.conftest import (
    Cli,
    Result,
    backups_of,
    fixture_bytes,
    fixture_workspace,
    make_workspace,
    snapshot,
)
from tests.helpers import without_decay_mark

# Every command that reads a workspace; the last ones would write if they got that far.
COMMANDS = [
    ["check"],
    ["check", "--json"],
    ["list", "--json"],
    ["show", "a1b2c3", "--json"],
    ["decay", "--at", "2027-01-01"],
    ["decay", "--at", "2027-01-01", "--apply", "--json"],
]
COMMAND_IDS = ["check", "check-json", "list", "show", "decay", "decay-apply"]


def run(cli: Cli, command: list[str], path: Path) -> Result:
    return cli(command[0], path, *command[1:])


def assert_refused(result: Result, code: int, *needles: str) -> None:
    """Exit `code`, nothing on stdout, one clear `memdesk:` line on stderr holding `needles`."""
    assert result.code == code, (result.code, result.out, result.err)
    assert result.out == ""
    assert result.err.startswith("memdesk: "), result.err
    assert "Traceback" not in result.err
    for needle in needles:
        assert needle in result.err, (needle, result.err)


def canonical_with(line: int, bad: bytes) -> bytes:
    """The canonical fixture with `bad` put into the middle of its `line` (1-based)."""
    lines = fixture_bytes("canonical").splitlines(keepends=True)
    text = lines[line - 1]
    lines[line - 1] = text[:3] + bad + text[3:]
    return b"".join(lines)


# -- undecodable files --------------------------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS, ids=COMMAND_IDS)
def test_invalid_utf8_names_file_and_line(cli: Cli, tmp_path: Path, command: list[str]) -> None:
    ws = make_workspace(tmp_path / "ws", canonical_with(13, b"\xff\xfe"))
    before = snapshot(tmp_path)
    result = run(cli, command, ws)
    assert_refused(result, 2, f"{ws / 'MEMORY.md'}:13:", "UTF-8")
    assert snapshot(tmp_path) == before
    assert not (ws / ".memdesk").exists()


def test_latin1_file_fails_on_its_first_bad_line(cli: Cli, tmp_path: Path) -> None:
    data = "# Agent Memory\n\n### [aa0001] fact | 0.50 | 2026-01-01 | 1\nCafé\n".encode("latin-1")
    ws = make_workspace(tmp_path / "ws", data)
    assert_refused(cli("check", ws), 2, f"{ws / 'MEMORY.md'}:4:", "0xe9")
    assert (ws / "MEMORY.md").read_bytes() == data


@pytest.mark.parametrize("command", COMMANDS, ids=COMMAND_IDS)
def test_nul_byte_names_file_and_line(cli: Cli, tmp_path: Path, command: list[str]) -> None:
    ws = make_workspace(tmp_path / "ws", canonical_with(17, b"\x00"))
    before = snapshot(tmp_path)
    result = run(cli, command, ws)
    assert_refused(result, 2, f"{ws / 'MEMORY.md'}:17:", "NUL")
    assert snapshot(tmp_path) == before


# -- paths that are not a memory file -----------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS, ids=COMMAND_IDS)
def test_missing_path(cli: Cli, tmp_path: Path, command: list[str]) -> None:
    missing = tmp_path / "no" / "such" / "workspace"
    before = snapshot(tmp_path)
    assert_refused(run(cli, command, missing), 2, str(missing), "no such file or folder")
    assert snapshot(tmp_path) == before
    assert not missing.exists()


@pytest.mark.parametrize("command", COMMANDS, ids=COMMAND_IDS)
def test_folder_without_memory_file(cli: Cli, tmp_path: Path, command: list[str]) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "notes.md").write_text("# Notes\n\nnot a memory file\n")
    before = snapshot(tmp_path)
    assert_refused(run(cli, command, ws), 2, str(ws), "MEMORY.md")
    assert snapshot(tmp_path) == before


def test_picoclaw_folder_gets_a_hint(cli: Cli, tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws" / "memory", fixture_bytes("canonical")).parent
    before = snapshot(tmp_path)
    assert_refused(cli("list", ws), 2, str(ws), "memory/MEMORY.md", "PicoClaw")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("through", ["folder", "file"])
@pytest.mark.parametrize("command", COMMANDS, ids=COMMAND_IDS)
def test_memory_file_that_is_a_folder(
    cli: Cli, tmp_path: Path, command: list[str], through: str
) -> None:
    """Unreadable as a file whoever runs the tests (chmod 000 does not stop root)."""
    ws = tmp_path / "ws"
    (ws / "MEMORY.md").mkdir(parents=True)
    (ws / "MEMORY.md" / "inside.md").write_bytes(fixture_bytes("canonical"))
    target = ws if through == "folder" else ws / "MEMORY.md"
    before = snapshot(tmp_path)
    assert_refused(run(cli, command, target), 2, str(target))
    assert snapshot(tmp_path) == before


@pytest.mark.without_root_powers  # a chmod 000 file is still readable to root
def test_file_without_read_permission(cli: Cli, tmp_path: Path) -> None:
    ws = fixture_workspace(tmp_path, "canonical")
    memory = ws / "MEMORY.md"
    memory.chmod(0)
    try:
        before = snapshot(tmp_path)
        for command in COMMANDS:
            assert_refused(run(cli, command, ws), 2, str(memory), "permission")
        assert snapshot(tmp_path) == before
    finally:
        memory.chmod(0o644)


# -- writes MemDesk refuses -----------------------------------------------------------------------


def without_lock_and_journal(
    snap: dict[str, tuple[str, int, bytes | str | None]], ws: str
) -> dict[str, tuple[str, int, bytes | str | None]]:
    """The snapshot without the agent's lock file (empty, shared with the agent and never
    deleted: core/locking.py) and without a journal; see test_refused_write_creates_no_journal."""
    lock, journal = f"{ws}/MEMORY.md.lock", f"{ws}/.memdesk/memdesk.db"
    assert snap.get(lock, ("file", 0, b""))[2] == b""
    return {
        k: v
        for k, v in snap.items()
        if k != lock and not k.startswith(journal) and not (k == f"{ws}/.memdesk" and v[0] == "dir")
    }


def read_only_workspace(tmp_path: Path) -> tuple[Path, Path]:
    ws = fixture_workspace(tmp_path, "canonical")
    memory = ws / "MEMORY.md"
    memory.chmod(0o444)
    return ws, memory


def symlinked_workspace(tmp_path: Path, *, outside: bool) -> tuple[Path, Path]:
    real = make_workspace(
        tmp_path / ("elsewhere" if outside else "ws/real"), fixture_bytes("canonical")
    )
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    link = ws / "MEMORY.md"
    link.symlink_to(os.path.relpath(real / "MEMORY.md", ws))
    return ws, link


def test_read_only_memory_file_is_not_decayed(cli: Cli, tmp_path: Path) -> None:
    ws, memory = read_only_workspace(tmp_path)
    before = snapshot(tmp_path)
    preview = cli("decay", ws, "--at", "2027-01-01", "--json").json()
    assert preview["changed"], "the refusal must be about writing, not about nothing to do"

    result = cli("decay", ws, "--at", "2027-01-01", "--apply")
    assert_refused(result, 1, str(memory), "read-only")
    after = snapshot(tmp_path)
    assert after[f"{ws.name}/MEMORY.md"] == before[f"{ws.name}/MEMORY.md"]  # bytes and mode
    assert stat.S_IMODE(memory.stat().st_mode) == 0o444
    assert backups_of(ws) == []
    assert without_lock_and_journal(after, ws.name) == before


@pytest.mark.parametrize("outside", [False, True], ids=["inside", "outside-the-workspace"])
def test_symlinked_memory_file_is_not_replaced(cli: Cli, tmp_path: Path, outside: bool) -> None:
    ws, link = symlinked_workspace(tmp_path, outside=outside)
    target_before = os.readlink(link)

    if outside:  # SPEC 9: a link leading out of the workspace is not read either
        assert_refused(cli("check", ws), 1, str(link), "leads outside the workspace")
    else:  # reading through a link that stays inside is fine
        assert cli("check", ws).code == 0
        assert len(cli("list", ws, "--json").json()) == 9

    before = snapshot(tmp_path)
    result = cli("decay", ws, "--at", "2027-01-01", "--apply")
    refusal = "leads outside the workspace" if outside else "symbolic link"
    assert_refused(result, 1, str(link), refusal)
    assert link.is_symlink()
    assert os.readlink(link) == target_before
    assert link.resolve().read_bytes() == fixture_bytes("canonical")
    assert backups_of(ws) == []
    assert without_lock_and_journal(snapshot(tmp_path), ws.name) == before


@pytest.mark.parametrize("case", ["read-only", "symlink"])
def test_refused_write_creates_no_journal(cli: Cli, tmp_path: Path, case: str) -> None:
    if case == "read-only":
        ws, _ = read_only_workspace(tmp_path)
    else:
        ws, _ = symlinked_workspace(tmp_path, outside=True)
    assert cli("decay", ws, "--at", "2027-01-01", "--apply").code == 1
    assert not (ws / ".memdesk").exists()


def test_something_in_the_way_of_the_memdesk_folder(cli: Cli, tmp_path: Path) -> None:
    """A file named `.memdesk` leaves no room for backups: the save stops before replacing."""
    ws = fixture_workspace(tmp_path, "canonical")
    (ws / ".memdesk").write_text("not a folder\n")
    before = snapshot(tmp_path)
    result = cli("decay", ws, "--at", "2027-01-01", "--apply")
    assert_refused(result, 2, str(ws))
    after = snapshot(tmp_path)
    after.pop(f"{ws.name}/MEMORY.md.lock", None)
    assert after == before


def test_corrupt_journal_stops_decay_before_writing(cli: Cli, tmp_path: Path) -> None:
    """A journal that cannot record the decay anchors must stop the write: otherwise every
    rerun would decay the same days again (0.92 -> 0.71 -> 0.55 was seen for a1b2c3)."""
    ws = fixture_workspace(tmp_path, "canonical")
    (ws / ".memdesk").mkdir()
    (ws / ".memdesk" / "memdesk.db").write_bytes(b"this is not SQLite\n" * 200)
    memory = ws / "MEMORY.md"
    assert cli("decay", ws, "--at", "2026-04-01", "--json").json()["changed"]

    first = cli("decay", ws, "--at", "2026-04-01", "--apply")
    once = memory.read_bytes()
    if first.code != 0:  # refused: then nothing may have been written (SPEC 5)
        assert "memdesk.db" in first.err
        assert once == fixture_bytes("canonical")
    # Whatever happened, a second run to the same date changes nothing (SPEC 3).
    cli("decay", ws, "--at", "2026-04-01", "--apply")
    assert memory.read_bytes() == once


# -- usage errors -------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["notadate", "2026-13-01", "", "tomorrow"])
def test_decay_at_must_be_an_iso_date(cli: Cli, tmp_path: Path, value: str) -> None:
    ws = fixture_workspace(tmp_path, "canonical")
    before = snapshot(tmp_path)
    result = cli("decay", ws, "--at", value, "--apply")
    assert result.code == 2
    assert result.out == ""
    assert "usage: memdesk decay" in result.err
    assert "not an ISO date" in result.err
    assert snapshot(tmp_path) == before


def test_show_unknown_id(cli: Cli, tmp_path: Path) -> None:
    ws = fixture_workspace(tmp_path, "canonical")
    before = snapshot(tmp_path)
    for args in (["ffffff"], ["ffffff", "--json"], ["a1b2c3~2"]):
        result = cli("show", ws, *args)
        assert_refused(result, 1, str(ws / "MEMORY.md"), args[0])
    assert snapshot(tmp_path) == before
    assert not (ws / ".memdesk").exists()


def test_demo_refuses_a_folder_in_use(cli: Cli, tmp_path: Path) -> None:
    ws = fixture_workspace(tmp_path, "canonical")
    (tmp_path / "a-file").write_text("keep me\n")
    before = snapshot(tmp_path)
    assert_refused(cli("demo", ws), 2, str(ws), "not empty")
    assert_refused(cli("demo", tmp_path / "a-file"), 2, str(tmp_path / "a-file"))
    assert_refused(cli("demo", tmp_path / "a-file" / "sub"), 2, str(tmp_path / "a-file"))
    assert snapshot(tmp_path) == before

    negative = cli("demo", tmp_path / "new", "--entries", "-1")
    assert negative.code == 2
    assert "--entries" in negative.err
    layout = cli("demo", tmp_path / "new", "--layout", "nosuch")
    assert layout.code == 2
    assert not (tmp_path / "new").exists()


# -- odd but valid input: kept as found ---------------------------------------------------------


def bom_crlf_canonical() -> bytes:
    text = fixture_bytes("canonical").decode()
    return ("\ufeff" + text).replace("\n", "\r\n").encode()


def test_bom_and_crlf_are_reported_as_warnings(cli: Cli, tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", bom_crlf_canonical())
    result = cli("check", ws, "--json")
    assert result.code == 0
    report = result.json()
    assert report["entries"] == 9
    assert report["problems"] == []
    assert {w["kind"] for w in report["warnings"]} == {"bom", "line_endings"}
    assert all(w["line"] == 1 for w in report["warnings"])
    # The same memories as without BOM and CRLF.
    plain = make_workspace(tmp_path / "plain", fixture_bytes("canonical"))
    strip = ("file", "line")
    ours = [
        {k: v for k, v in m.items() if k not in strip} for m in cli("list", ws, "--json").json()
    ]
    theirs = [
        {k: v for k, v in m.items() if k not in strip} for m in cli("list", plain, "--json").json()
    ]
    assert ours == theirs


def test_decay_apply_keeps_bom_and_crlf(cli: Cli, tmp_path: Path) -> None:
    original = bom_crlf_canonical()
    ws = make_workspace(tmp_path / "ws", original)
    result = cli("decay", ws, "--at", "2026-04-01", "--apply", "--json")
    assert result.code == 0, result.err
    changed = {c["id"] for c in result.json()["changed"]}
    assert len(changed) == 9

    data = without_decay_mark((ws / "MEMORY.md").read_bytes(), "2026-04-01")
    assert data != original
    assert data.startswith(b"\xef\xbb\xbf# Agent Memory\r\n")
    assert data.count("\ufeff".encode()) == 1
    lines = data.split(b"\r\n")
    assert lines[-1] == b""  # ends with CRLF
    assert all(b"\n" not in line and b"\r" not in line for line in lines)
    assert len(lines) == len(original.split(b"\r\n"))
    old_lines = original.split(b"\r\n")
    for old, new in zip(old_lines, lines, strict=True):
        if old.lstrip(b"\xef\xbb\xbf").startswith(b"### ["):
            assert new.split(b"|")[0] == old.split(b"|")[0]
        else:
            assert new == old
    assert backups_of(ws)[0].read_bytes() == original
    again = cli("check", ws, "--json").json()
    assert {w["kind"] for w in again["warnings"]} >= {"bom", "line_endings"}
