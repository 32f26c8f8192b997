"""`memdesk where` covers every place SPEC 6 names, as a user meets it (issue 23 item 2): an id
only a backup holds (the agent's MEMORY.md.bak, MemDesk's, the agent's own folder) is found by
its id and listed with its kind, text only backups hold is listed, an id nothing holds is an
error (exit 2), and binary, big or linked-out files never crash it nor are listed."""

from __future__ import annotations

import collections
import os
from pathlib import Path

import pytest

from core.store.files import BIG_FILE_BYTES
from tests.cli.conftest import Cli

DECISION = "项目决定使用 PostgreSQL 而非 MySQL"
HOME = {"picoclaw": "workspace"}  # the demo folder is PicoClaw's home: its workspace is inside


def _demo(cli: Cli, tmp_path: Path, layout: str) -> Path:
    assert cli("demo", tmp_path / "demo", "--layout", layout).code == 0
    return tmp_path / "demo" / HOME.get(layout, "")


def _with_bak_only_memory(cli: Cli, tmp_path: Path) -> Path:
    """EverBot's demo whose MEMORY.md.bak (the agent's own backup) alone holds [beef42]."""
    ws = _demo(cli, tmp_path, "everbot")
    bak = ws / "MEMORY.md.bak"
    text = bak.read_text(encoding="utf-8")
    memory = f"### [beef42] fact | 0.80 | 2026-11-20 | 3\n{DECISION}\n\n"
    bak.write_text(text.replace("## Active Memories\n\n", f"## Active Memories\n\n{memory}", 1))
    return ws


def test_an_id_only_the_agents_bak_holds_is_found_by_id(cli: Cli, tmp_path: Path) -> None:
    ws = _with_bak_only_memory(cli, tmp_path)

    result = cli("where", ws, "beef42", "--json")

    assert result.code == 0, result.err
    [place] = result.json()
    assert (place["file"], place["kind"]) == ("MEMORY.md.bak", "backup")
    assert place["text"] == f"[beef42] {DECISION}"
    by_text = cli("where", ws, "PostgreSQL")
    assert by_text.code == 0 and "no other place holds it" not in by_text.out
    assert f"backup     MEMORY.md.bak:10  {DECISION}" in by_text.out


@pytest.mark.parametrize("layout", ["everbot", "picoclaw", "openclaw", "pomelobot", "pomeloclaw"])
def test_a_deleted_memory_is_found_by_id_in_its_backups(
    cli: Cli, tmp_path: Path, layout: str
) -> None:
    ws = _demo(cli, tmp_path, layout)
    rows = cli("list", ws, "--json").json()
    count = collections.Counter(r["id"] for r in rows)
    row = next(r for r in rows if count[r["id"]] == 1 and len(r["content"]) > 20)
    assert cli("delete", ws, row["id"]).code == 0  # MemDesk backs the file up first

    result = cli("where", ws, row["id"], "--json")

    assert result.code == 0, result.err
    first = row["content"].strip().splitlines()[0].strip()
    held = [p for p in result.json() if p["text"] == f"[{row['id']}] {first}"[:300]]
    assert held and all(p["kind"] == "backup" for p in held)
    assert all((ws / p["file"]).is_file() for p in held)
    assert "no other place holds it" not in cli("where", ws, row["id"]).out


@pytest.mark.parametrize("json", [False, True])
def test_an_id_nothing_holds_is_an_error(cli: Cli, tmp_path: Path, json: bool) -> None:
    ws = _with_bak_only_memory(cli, tmp_path)

    result = cli("where", ws, "dead99", *(["--json"] if json else []))

    assert result.code == 2 and result.out == ""
    [line] = result.err.splitlines()
    assert "'dead99': nothing in" in line and "no memory or backup has this id" in line


def test_binary_big_and_linked_out_files_are_skipped(cli: Cli, tmp_path: Path) -> None:
    ws = _demo(cli, tmp_path, "everbot")
    secret = "the vault code is 0451, behind the painting"
    (ws / "notes.txt").write_text(f"{secret}\n", encoding="utf-8")
    (ws / "photo.md").write_bytes(b"\x89PNG\0\0" + secret.encode())  # a binary file
    with (ws / "dump.bin.md").open("wb") as big:  # a binary file too big to read whole
        big.truncate(BIG_FILE_BYTES + 1024)
        big.seek(BIG_FILE_BYTES)
        big.write(f"\n{secret}\n".encode())
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "elsewhere.md").write_text(f"{secret}\n", encoding="utf-8")
    os.symlink(outside / "elsewhere.md", ws / "linked.md")
    os.symlink(outside, ws / "linked-folder")

    result = cli("where", ws, "vault code is 0451", "--json")

    assert result.code == 0, result.err
    assert [(p["file"], p["kind"]) for p in result.json()] == [("notes.txt", "other")]
