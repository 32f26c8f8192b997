"""Codex's memory root (spec/codex.md): its files read and written back to the byte, the
read-only files never written, add and forget as ad-hoc notes, the summary's 2,500-token cut."""

from __future__ import annotations

import hashlib
import re
import shutil
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.codex import AGENT, layout
from core.agents.codex.format import BulletFormat
from core.ops import apply_and_save
from core.registry import detect, resolve
from core.store.errors import WorkspaceError
from tests.conftest import FIXTURES

HOME = FIXTURES / "codex" / "examples" / "basic" / "codex_home"
NEVER_WRITTEN = ("raw_memories.md", "rollout_summaries", ".git", "skills")


def _copy(tmp_path: Path) -> Path:
    shutil.copytree(HOME, tmp_path / "codex_home")
    git = tmp_path / "codex_home" / "memories" / ".git"
    git.mkdir()
    (git / "HEAD").write_text("ref: refs/heads/main\n")
    (tmp_path / "codex_home" / "memories_1.sqlite").write_bytes(b"SQLite format 3\0")
    return tmp_path / "codex_home"


def _hashes(home: Path) -> dict[str, str]:
    """Every file Codex alone writes, by path: its sha256."""
    memories = home / "memories"
    found = [p for name in NEVER_WRITTEN for p in (memories / name).rglob("*") if p.is_file()]
    found += [memories / "raw_memories.md", home / "memories_1.sqlite"]
    return {str(p.relative_to(home)): hashlib.sha256(p.read_bytes()).hexdigest() for p in found}


def test_codex_home_and_its_memory_root_are_codex_and_no_one_else() -> None:
    assert detect(HOME).candidates == ("codex",)
    for path in (HOME, HOME / "memories"):
        agent, root = resolve(path)
        assert agent is AGENT and root == HOME


@pytest.mark.parametrize("rel", ["memory_summary.md", "MEMORY.md"])
def test_the_example_files_are_written_back_byte_for_byte(rel: str) -> None:
    data = (HOME / "memories" / rel).read_bytes()
    fmt = BulletFormat(rel)
    assert fmt.render(fmt.parse(data)) == data


_TEXT = st.text(alphabet=st.sampled_from(list("- ab中\r\n\t#v1\ufeff")), max_size=60)


@given(_TEXT)
def test_any_text_round_trips_and_an_edit_changes_only_its_line(text: str) -> None:
    data = text.encode("utf-8")
    fmt = BulletFormat("memory_summary.md")
    doc = fmt.parse(data)
    assert fmt.render(doc) == data
    outside = fmt.outside(doc)
    for bullet in fmt.entries(doc):
        fmt.replace(doc, bullet.key, fmt.written(bullet, "edited"))
        assert fmt.outside(doc) == outside


def test_add_is_an_ad_hoc_note_with_the_name_codex_accepts(tmp_path: Path) -> None:
    home = _copy(tmp_path)
    before = _hashes(home)
    ws = AGENT.open(home)
    apply_and_save(ws, [ws.add_note("Forget that I use npm 在 web-shop", datetime(2026, 8, 1, 9))])
    notes = sorted((home / layout.NOTES).iterdir())
    assert [p.name for p in notes][-1] == "2026-08-01T09-00-00-forget-that-i-use-npm-web-shop.md"
    assert notes[-1].read_text(encoding="utf-8") == "Forget that I use npm 在 web-shop\n"
    assert re.fullmatch(layout.NOTE_NAME, notes[-1].name)
    assert _hashes(home) == before


def test_a_note_of_chinese_only_gets_the_slug_note() -> None:
    assert (
        layout.note_name("只用中文", datetime(2026, 8, 1), set()) == "2026-08-01T00-00-00-note.md"
    )


def test_read_only_files_are_refused_and_never_written(tmp_path: Path) -> None:
    home = _copy(tmp_path)
    root = home / "memories"
    before = _hashes(home)
    ws = AGENT.open(home)
    for row in AGENT.rows(home):
        if row.fields["section"] in ("raw", "rollouts"):
            with pytest.raises(WorkspaceError, match="Codex rebuilds it"):
                AGENT.edit(ws, row, text="mine")
            with pytest.raises(WorkspaceError, match="Codex rebuilds it"):
                AGENT.delete(ws, row)
    edited = next(r for r in AGENT.rows(home) if r.fields["section"] == "summary")
    apply_and_save(ws, [AGENT.edit(ws, edited, text="Prefers pnpm, always")])
    assert "- Prefers pnpm, always\n" in (root / "memory_summary.md").read_text(encoding="utf-8")
    assert _hashes(home) == before


def test_a_note_is_never_deleted_the_person_adds_one_asking_to_forget(tmp_path: Path) -> None:
    home = _copy(tmp_path)
    note = next(r for r in AGENT.rows(home) if r.fields["section"] == "notes")
    with pytest.raises(WorkspaceError, match="add a note asking it to forget"):
        AGENT.delete(AGENT.open(home), note)


def test_the_summary_past_2500_tokens_is_cut_and_check_warns(tmp_path: Path) -> None:
    home = _copy(tmp_path)
    root = home / "memories"
    lines = ["v1", "## User preferences"] + [f"- fact {n:04d} 记住这一条" for n in range(600)]
    (root / "memory_summary.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = AGENT.context(home)
    [part] = found.parts
    assert part.truncated and "tokens truncated" in part.text
    assert part.unseen and part.unseen[0].words.startswith("fact ")
    assert any(w.kind == "truncated" for w in AGENT.check(home).warnings)


def test_a_summary_not_starting_with_v1_is_flagged(tmp_path: Path) -> None:
    home = _copy(tmp_path)
    (home / layout.SUMMARY).write_text("## User Profile\n- x\n", encoding="utf-8")
    assert any(w.kind == "not_v1" for w in AGENT.check(home).warnings)


def test_forget_is_a_note_in_the_agents_words_and_the_memory_stays(tmp_path: Path) -> None:
    home = _copy(tmp_path)
    root = home / "memories"
    summary = (root / "memory_summary.md").read_bytes()
    ws = AGENT.open(home)
    row = next(r for r in AGENT.rows(home) if r.fields["section"] == "summary")
    apply_and_save(ws, [ws.forget(ws.summary(), row.key)])
    newest = max((home / layout.NOTES).iterdir())
    assert newest.read_text(encoding="utf-8") == f"{layout.FORGET}{row.fields['content']}\n"
    assert (root / "memory_summary.md").read_bytes() == summary
