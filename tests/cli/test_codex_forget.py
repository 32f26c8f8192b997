"""Codex from the command line (spec/codex.md 3.5, 4): a first note where there is no notes
folder yet, and "forget everywhere", which must also ask Codex in its own channel: the files it
rebuilds memory from (raw_memories.md, rollout_summaries/) still hold the text."""

from __future__ import annotations

import hashlib
from pathlib import Path

from core.agents.codex import layout
from core.demo import write_demo
from tests.cli.conftest import Cli


def _regenerated(home: Path) -> dict[str, str]:
    files = [home / layout.RAW, *layout.rollouts(home)]
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


def test_a_first_note_on_a_home_with_no_notes_folder(cli: Cli, tmp_path: Path) -> None:
    home = tmp_path / "codex"
    (home / "memories").mkdir(parents=True)
    (home / layout.SUMMARY).write_text("v1\n## User preferences\n- likes tea\n")
    result = cli("add", home, "Remember: deploys only on Tuesdays")
    assert result.code == 0, result.err
    [note] = layout.notes(home)
    assert note.read_text(encoding="utf-8") == "Remember: deploys only on Tuesdays\n"


def test_forget_everywhere_asks_codex_with_a_note_and_says_what_still_holds_it(
    cli: Cli, tmp_path: Path
) -> None:
    """Tried as a Codex user would: `forget` took "runner pool" out of MEMORY.md and said
    nothing more, but raw_memories.md and the rollout summary still held it and the next
    consolidation would write it back."""
    home = tmp_path / "codex"
    write_demo(home, layout="codex")
    before = _regenerated(home)
    places = cli("where", home, "runner pool").out
    assert "memories/raw_memories.md" in places and "rollout_summaries/" in places

    result = cli("forget", home, "runner pool")

    assert result.code == 0, result.err
    assert "runner pool" not in (home / layout.HANDBOOK).read_text(encoding="utf-8")
    asked = [n for n in layout.notes(home) if "runner-pool" in n.name]
    assert [n.read_text(encoding="utf-8") for n in asked] == [f"{layout.FORGET}runner pool\n"]
    assert "still in memories/raw_memories.md (MemDesk does not edit it)" in result.out
    assert _regenerated(home) == before


def test_forgetting_a_memory_only_live_files_hold_adds_no_note(cli: Cli, tmp_path: Path) -> None:
    home = tmp_path / "codex"
    write_demo(home, layout="codex")
    notes = layout.notes(home)
    first = cli("list", home, "--section", "summary", "--json").json()[0]
    assert cli("forget", home, first["id"]).code == 0
    assert layout.notes(home) == notes
    assert first["content"] not in (home / layout.SUMMARY).read_text(encoding="utf-8")


def test_show_says_how_codex_loses_a_rollout_summary_and_a_note(cli: Cli, tmp_path: Path) -> None:
    home = tmp_path / "codex"
    write_demo(home, layout="codex")
    rollout = cli("list", home, "--section", "rollouts", "--json").json()[0]["id"]
    assert "max_unused_days" in cli("show", home, rollout).out
    note = cli("list", home, "--section", "notes", "--json").json()[0]["id"]
    assert "deletes every note" in cli("show", home, note).out


def test_where_reads_memories_and_backups_not_codexs_transcripts(cli: Cli, tmp_path: Path) -> None:
    """Tried as a Codex user with months of sessions: "where else" read every transcript of
    ~/.codex/sessions/ (gigabytes) before it answered."""
    home = tmp_path / "codex"
    write_demo(home, layout="codex")
    transcript = home / "sessions" / "2026" / "11" / "rollout-1.jsonl"
    transcript.parent.mkdir(parents=True)
    transcript.write_text('{"content": "the runner pool was too small"}\n', encoding="utf-8")
    assert cli("forget", home, "runner pool").code == 0
    places = cli("where", home, "--json", "runner pool").json()
    files = {p["file"] for p in places}
    assert not any(f.startswith("sessions/") for f in files)
    assert any(f.startswith(".memdesk/backups/memories/") for f in files)
    assert "memories/raw_memories.md" in files
