"""`memdesk restore`, `memdesk activity` and `memdesk undo`: a restore is one operation through
the guarded commit (the file backed up first), and any saved operation can be undone from the
journal unless a later change depends on it."""

from __future__ import annotations

import difflib
import hashlib
from pathlib import Path

from tests.cli.conftest import Cli


def oldest_backup(ws: Path) -> str:
    """The demo's oldest agent backup (its name carries a date relative to today)."""
    names = sorted(p.name for p in (ws / "memory" / "backups").glob("*_MEMORY.md"))
    return f"memory/backups/{names[0]}"


def _pico(cli: Cli, tmp_path: Path) -> Path:
    assert cli("demo", tmp_path / "home", "--layout", "picoclaw").code == 0
    return tmp_path / "home" / "workspace"


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_restoring_two_memories_changes_only_their_lines(cli: Cli, tmp_path: Path) -> None:
    ws = _pico(cli, tmp_path)
    live = ws / "memory" / "MEMORY.md"
    before = live.read_text(encoding="utf-8")
    diff = cli("diff", ws, oldest_backup(ws), "--json").json()
    changed = diff["changed"][0]
    removed = diff["removed"][0]
    backups_before = set((ws / "memory" / "backups").iterdir())

    result = cli("restore", ws, oldest_backup(ws), "--only", changed["key"], removed["key"])

    assert result.code == 0, result.err
    after = live.read_text(encoding="utf-8")
    # The file as it was is the new backup.
    [new_backup] = set((ws / "memory" / "backups").iterdir()) - backups_before
    assert new_backup.read_text(encoding="utf-8") == before
    # Only the restored memories' text changed: the edited one's text, the removed one appended.
    removed_lines = [
        line
        for line in difflib.ndiff(before.splitlines(), after.splitlines())
        if line.startswith("- ")
    ]
    old_text, new_text = changed["fields"]["content"]
    assert removed_lines == [f"- {new_text}"]
    assert old_text in after and removed["content"] in after
    again = cli("diff", ws, oldest_backup(ws), "--json").json()
    assert changed["key"] not in [c["key"] for c in again["changed"]]
    assert removed["key"] not in [m["key"] for m in again["removed"]]
    assert len(again["removed"]) == len(diff["removed"]) - 1


def test_a_whole_restore_then_undo_gives_back_every_byte(cli: Cli, tmp_path: Path) -> None:
    ws = _pico(cli, tmp_path)
    live = ws / "memory" / "MEMORY.md"
    original = live.read_bytes()

    refused = cli("restore", ws, oldest_backup(ws))  # it removes most memories: asked first
    assert refused.code == 1 and "--force" in refused.err
    assert live.read_bytes() == original
    assert cli("restore", ws, oldest_backup(ws), "--force").code == 0
    assert live.read_bytes() == (ws / oldest_backup(ws)).read_bytes()
    [op] = cli("activity", ws, "--json").json()
    assert op["cause"] == f"restored from {oldest_backup(ws)}"
    assert op["files"] == ["memory/MEMORY.md"] and op["undone_by"] is None

    undo = cli("undo", ws, op["op_id"][:8])

    assert undo.code == 0, undo.err
    assert live.read_bytes() == original
    ops = cli("activity", ws, "--json").json()
    assert ops[0]["undoes"] == op["op_id"]
    assert ops[1]["undone_by"] == ops[0]["op_id"]
    refused = cli("undo", ws, op["op_id"])
    assert refused.code == 1 and "undone already" in refused.err
    # Undoing the undo makes the restore again.
    assert cli("undo", ws).code == 0
    assert live.read_bytes() == (ws / oldest_backup(ws)).read_bytes()


def test_undo_of_an_edit_keeps_a_later_agent_append(cli: Cli, tmp_path: Path) -> None:
    ws = _pico(cli, tmp_path)
    live = ws / "memory" / "MEMORY.md"
    key = cli("list", ws, "--json").json()[0]["id"]
    assert cli("edit", ws, key, "--text", "edited by the person").code == 0
    with live.open("a", encoding="utf-8") as f:  # the agent appends, with no lock
        f.write("\n\n## 2026-11-26\n\nappended by the agent")

    assert cli("undo", ws).code == 0

    text = live.read_text(encoding="utf-8")
    assert "edited by the person" not in text
    assert text.endswith("appended by the agent")
    assert cli("list", ws, "--json").json()[0]["content"] != "edited by the person"


def test_undo_is_refused_when_a_later_change_depends_on_it(cli: Cli, tmp_path: Path) -> None:
    ws = _pico(cli, tmp_path)
    live = ws / "memory" / "MEMORY.md"
    key = cli("list", ws, "--json").json()[0]["id"]
    assert cli("edit", ws, key, "--text", "first edit").code == 0
    first = cli("activity", ws, "--json").json()[0]["op_id"]
    assert cli("edit", ws, key, "--text", "second edit").code == 0
    sha = _sha(live)

    refused = cli("undo", ws, first)

    assert refused.code == 1
    assert "changed again later" in refused.err and "undo that first" in refused.err
    assert _sha(live) == sha  # nothing written
    assert cli("undo", ws).code == 0 and cli("undo", ws, first).code == 0
    assert "first edit" not in live.read_text(encoding="utf-8")


def test_everbot_decay_is_undone_score_by_score(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "ws"
    assert cli("demo", folder, "--layout", "everbot").code == 0
    scores = {m["id"]: m["score"] for m in cli("list", folder, "--json").json()}
    assert cli("decay", folder, "--at", "2027-06-01", "--apply").code == 0
    decayed = {m["id"]: m["score"] for m in cli("list", folder, "--json").json()}
    assert decayed != scores
    [op] = cli("activity", folder, "--actor", "decay", "--json").json()
    assert op["kinds"]["decay"] > 0

    assert cli("undo", folder, op["op_id"]).code == 0

    assert {m["id"]: m["score"] for m in cli("list", folder, "--json").json()} == scores
    person = cli("activity", folder, "--actor", "person", "--json").json()
    assert person[0]["undoes"] == op["op_id"]


def test_activity_filters_and_bad_input(cli: Cli, tmp_path: Path) -> None:
    ws = _pico(cli, tmp_path)
    assert cli("activity", ws).out.endswith("MemDesk has saved nothing here yet\n")
    keys = [m["id"] for m in cli("list", ws, "--json").json()[:2]]
    for key in keys:
        assert cli("edit", ws, key, "--text", f"new {key}").code == 0

    assert len(cli("activity", ws, "--json").json()) == 2
    [one] = cli("activity", ws, "--memory", keys[0], "--json").json()
    assert keys[0] in one["memory_ids"]
    assert cli("activity", ws, "--kind", "delete", "--json").json() == []
    unknown = cli("undo", ws, "ffffffff")
    assert unknown.code == 1 and "no operation with id ffffffff" in unknown.err
    missing = cli("restore", ws, "memory/backups/nope.md")
    assert missing.code == 1 and "unknown backup" in missing.err
    nobody = cli("restore", ws, oldest_backup(ws), "--only", "1999-01-01")
    assert nobody.code == 1 and "no memory 1999-01-01" in nobody.err


def test_memories_only_in_backups_are_found_and_restored(cli: Cli, tmp_path: Path) -> None:
    ws = _pico(cli, tmp_path)
    live_keys = {m["id"] for m in cli("list", ws, "--json").json()}

    found = cli("list", ws, "--query", "OKR", "--backups", "--json").json()

    hits = [m for m in found if m.get("section") == "backup"]
    assert hits and all("okr" in m["content"].casefold() for m in hits)
    assert all(m["key"] not in live_keys and m["only_in"] == oldest_backup(ws) for m in hits)
    assert cli("restore", ws, oldest_backup(ws), "--only", hits[0]["key"]).code == 0
    again = cli("list", ws, "--query", "OKR", "--backups", "--json").json()
    assert hits[0]["key"] not in [m.get("key") for m in again if m.get("section") == "backup"]
    assert cli("list", ws, "--backups").code == 2
