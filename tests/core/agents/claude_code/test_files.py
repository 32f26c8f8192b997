"""Claude Code's memory folders as the agent's format has them (tests/fixtures/claude_code/
examples): found, read whole, written back byte for byte, edited in the agent's way."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.claude_code import AGENT
from core.agents.claude_code.format import TopicFormat
from core.agents.claude_code.index import IndexFormat
from core.ops import apply_and_save
from core.registry import detect, resolve
from core.store.errors import WorkspaceError

EXAMPLES = Path(__file__).resolve().parents[3] / "fixtures" / "claude_code" / "examples"
PROJECTS = sorted(EXAMPLES.glob("*/home/.claude/projects/*"))
BASIC = EXAMPLES / "basic-project/home/.claude/projects/-home-alice-code-web-shop"


def _copy(tmp_path: Path, project: Path = BASIC) -> Path:
    target = tmp_path / ".claude" / "projects" / project.name
    shutil.copytree(project, target)
    return target


@pytest.mark.parametrize("project", PROJECTS, ids=[p.name[:40] for p in PROJECTS])
def test_every_example_project_is_claude_codes_alone_and_reads_clean(project: Path) -> None:
    found = detect(project)
    assert found.candidates == ("claude_code",)
    report = AGENT.check(project)
    assert report.problems == []
    topics = [r for r in AGENT.rows(project) if r.fields["section"] == "topic"]
    assert len(topics) == len(list((project / "memory").rglob("*.md"))) - 1


def test_the_config_home_opens_its_one_project(tmp_path: Path) -> None:
    project = _copy(tmp_path)
    assert resolve(tmp_path / ".claude") == (AGENT, project.resolve())


def test_the_legacy_frontmatter_and_a_file_without_any_are_read() -> None:
    project = PROJECTS[[p.name for p in PROJECTS].index("-Users-bob-Projects-my-app-v2")]
    rows = {r.id: r for r in AGENT.rows(project, section="topic")}
    assert rows["feedback_commits"].fields["category"] == "feedback"  # top-level type:
    assert rows["build"].fields["category"] is None  # no frontmatter


text_st = st.text(st.characters(blacklist_characters="\0", blacklist_categories=("Cs",)))


@given(front=text_st, body=text_st, crlf=st.booleans(), bom=st.booleans())
def test_a_topic_file_is_written_back_byte_for_byte(
    front: str, body: str, crlf: bool, bom: bool
) -> None:
    text = f"---\n{front}\n---\n{body}"
    if crlf:
        text = text.replace("\n", "\r\n")
    data = ("\ufeff" if bom else "").encode() + text.encode()
    fmt = TopicFormat("memory/x.md")
    assert fmt.render(fmt.parse(data)) == data


@given(text=text_st, bom=st.booleans())
def test_the_index_is_written_back_byte_for_byte(text: str, bom: bool) -> None:
    data = ("\ufeff" if bom else "").encode() + text.encode()
    fmt = IndexFormat("memory/MEMORY.md")
    assert fmt.render(fmt.parse(data)) == data


def test_an_edit_changes_the_body_and_keeps_the_frontmatter_to_the_byte(tmp_path: Path) -> None:
    project = _copy(tmp_path)
    path = project / "memory" / "feedback_terse.md"
    before = path.read_bytes()
    front = before[: before.index(b"\n---\n") + 5]
    [row] = AGENT.lookup(project, "feedback_terse")
    ws = AGENT.open(project)
    apply_and_save(ws, [AGENT.edit(ws, row, text="Answer in one line.")])
    assert path.read_bytes() == front + b"\nAnswer in one line.\n"


def test_a_write_waits_for_no_one_while_the_agent_consolidates(tmp_path: Path) -> None:
    """Tried as a person would while Claude Code's auto-dream runs: the save is refused, in one
    line, with nothing written; once the holder has gone, it saves."""
    project = _copy(tmp_path)
    holder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (project / "memory" / ".consolidate-lock").write_text(str(holder.pid))
        before = {p: p.read_bytes() for p in (project / "memory").rglob("*") if p.is_file()}
        [row] = AGENT.lookup(project, "feedback_terse")
        ws = AGENT.open(project)
        with pytest.raises(WorkspaceError, match="consolidating") as refused:
            apply_and_save(ws, [AGENT.edit(ws, row, text="Answer in one line.")])
        assert "\n" not in str(refused.value)
        after = {p: p.read_bytes() for p in (project / "memory").rglob("*") if p.is_file()}
        assert after == before
    finally:
        holder.kill()
        holder.wait()
    ws = AGENT.open(project)
    apply_and_save(ws, [AGENT.edit(ws, row, text="Answer in one line.")])
    assert b"Answer in one line." in (project / "memory" / "feedback_terse.md").read_bytes()


def test_an_old_lock_does_not_hold_writes(tmp_path: Path) -> None:
    """The lock's mtime is when the last consolidation ran: an hour on, it holds nothing."""
    project = _copy(tmp_path)
    lock = project / "memory" / ".consolidate-lock"
    lock.write_text(str(os.getpid()))
    os.utime(lock, (1_000_000_000, 1_000_000_000))
    [row] = AGENT.lookup(project, "feedback_terse")
    ws = AGENT.open(project)
    apply_and_save(ws, [AGENT.edit(ws, row, text="Answer in one line.")])
    assert lock.read_text() == str(os.getpid())


def test_what_the_agent_sees_is_the_index_cut_with_every_line_past_the_cut_named() -> None:
    project = EXAMPLES / "oversized-index/home/.claude/projects/-home-dave-work---rocket"
    context = AGENT.context(project)
    [part] = context.parts
    assert part.truncated and "WARNING: MEMORY.md is 230 lines" in context.messages[0]
    assert [u.line for u in part.unseen] == list(range(201, 231))
    warned = [w for w in AGENT.check(project).warnings if w.kind == "not_loaded"]
    assert len(warned) == 30


def test_a_deleted_topic_takes_its_index_line_and_undo_brings_both_back(tmp_path: Path) -> None:
    """Tried as a person would: deleting a memory left `- [Terse replies](feedback_terse.md)`
    in MEMORY.md, a pointer to nothing that every session loads; now the line goes with the
    file, in one operation that one undo reverses."""
    from core.ops.undo import undo_and_save

    project = _copy(tmp_path)
    index = project / "memory" / "MEMORY.md"
    before = index.read_bytes()
    [row] = AGENT.lookup(project, "feedback_terse")
    ws = AGENT.open(project)
    apply_and_save(ws, [AGENT.delete(ws, row)])
    assert not (project / "memory" / "feedback_terse.md").exists()
    assert b"feedback_terse.md" in before and b"feedback_terse.md" not in index.read_bytes()
    assert [w for w in AGENT.check(project).warnings if w.kind == "missing_file"] == []
    undo_and_save(AGENT.open(project), None)
    assert index.read_bytes() == before
    assert (project / "memory" / "feedback_terse.md").is_file()


def test_the_project_is_named_by_its_path_from_a_transcript_or_says_it_cannot_be(
    tmp_path: Path,
) -> None:
    """Three projects (/home/erin/a-b, a_b, a.b) share one folder: the name alone cannot say
    which; a transcript's cwd can."""
    from core.agents.claude_code.project import project_label

    project = _copy(tmp_path, next(p for p in PROJECTS if p.name == "-home-erin-a-b"))
    assert "cannot be recovered" in project_label(project)
    (project / "s1.jsonl").write_text('{"type":"user","cwd":"/home/erin/a.b"}\n')
    assert project_label(project) == "/home/erin/a.b"
    assert "/home/erin/a.b" in AGENT.check(project).summary


HIERARCHY = EXAMPLES / "claude-md-hierarchy"


def _hierarchy(tmp_path: Path) -> tuple[Path, Path]:
    """The example's home and repo copied; the project folder named after the repo's path, with
    a transcript naming it, as the agent leaves them."""
    from core.agents.claude_code.index import folder_name

    shutil.copytree(HIERARCHY / "home", tmp_path / "home")
    shutil.copytree(HIERARCHY / "repo", tmp_path / "repo")
    [example] = (tmp_path / "home/.claude/projects").iterdir()
    project = example.rename(example.parent / folder_name(str(tmp_path / "repo")))
    (project / "s.jsonl").write_text(json.dumps({"cwd": str(tmp_path / "repo")}) + "\n")
    return project, tmp_path / "repo"


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_the_claude_md_files_are_shown_in_the_agents_order_imports_named_not_followed(
    tmp_path: Path,
) -> None:
    """Tried as a person would: the CLAUDE.md files Claude Code loads before MEMORY.md were
    nowhere in MemDesk; now `context` lists each (user, project, .claude/, rules, local) with
    its text, the `@` imports it names (none from code or comments) and writes nothing."""
    from core.agents.claude_code.instructions import hierarchy, instruction_lines

    project, repo = _hierarchy(tmp_path)
    before = _tree(tmp_path)
    files, note = hierarchy(project)
    assert note == ""
    shown = [(f.level, f.path) for f in files if f.text is not None]
    home = tmp_path / "home/.claude"
    assert shown == [
        ("user", home / "CLAUDE.md"),
        ("user", home / "rules/style.md"),
        ("project", repo / "CLAUDE.md"),
        ("project", repo / ".claude/CLAUDE.md"),
        ("project", repo / ".claude/rules/security.md"),
        ("project", repo / ".claude/rules/testing.md"),
        ("local", repo / "CLAUDE.local.md"),
    ]
    main = next(f for f in files if f.path == repo / "CLAUDE.md")
    assert main.imports == ["docs/conventions.md", "~/.claude/my-prefs.md"]
    assert [f.conditional for f in files if f.text is not None].count(True) == 1
    context = AGENT.context(project)
    assert [p.label for p in context.parts][-1] == "MEMORY.md"
    assert context.parts[2].text == (repo / "CLAUDE.md").read_text()
    text = "\n".join(instruction_lines(project))
    assert "@docs/conventions.md" in text and "# web-shop" in text
    (repo / "CLAUDE.local.md").unlink()
    assert "Local · " + str(repo / "CLAUDE.local.md") + " (not there)" in "\n".join(
        instruction_lines(project)
    )
    (project / "s.jsonl").unlink()
    assert "its path is not known" in hierarchy(project)[1]
    assert {
        k: v for k, v in _tree(tmp_path).items() if "CLAUDE.local" not in k and "s.jsonl" not in k
    } == {k: v for k, v in before.items() if "CLAUDE.local" not in k and "s.jsonl" not in k}


def test_the_ways_the_spec_names_to_lose_a_memory_are_warned_of(tmp_path: Path) -> None:
    """Tried as a person would: nothing said that the auto-dream may rewrite what was edited,
    that team/ files reach teammates, that two projects share this folder, that the agent reads
    memory elsewhere, or that topic files past the scan's 200 are never recalled; each now is a
    warning on the file it concerns."""
    project = _copy(tmp_path, next(p for p in PROJECTS if p.name == "-home-erin-a-b"))
    memory = project / "memory"
    (memory / ".consolidate-lock").write_text("999999")
    (memory / "team").mkdir()
    (memory / "team" / "oncall.md").write_text("---\nname: oncall\n---\n\nPage Bob first.\n")
    for n, cwd in enumerate(("/home/erin/a-b", "/home/erin/a_b")):
        (project / f"s{n}.jsonl").write_text(json.dumps({"cwd": cwd}) + "\n")
    (tmp_path / ".claude" / "settings.json").write_text(
        json.dumps({"autoMemoryDirectory": str(tmp_path / "elsewhere" / "memory")})
    )
    for n in range(199):  # with oncall.md, the 200 newest
        (memory / f"note_{n:03}.md").write_text(f"note {n}\n")
        os.utime(memory / f"note_{n:03}.md", (2_000_000_000 + n, 2_000_000_000 + n))
    os.utime(memory / "team" / "oncall.md", (2_100_000_000, 2_100_000_000))
    os.utime(memory / "path_note.md", (1_000_000_000, 1_000_000_000))
    kinds = {(w.kind, Path(w.file).name) for w in AGENT.check(project).warnings}
    assert {
        ("auto_dream", "MEMORY.md"),
        ("shared_folder", "MEMORY.md"),
        ("not_read", "MEMORY.md"),
        ("shared_with_team", "oncall.md"),
        ("not_recalled", "path_note.md"),
    } <= kinds
    assert [k for k, name in kinds if k == "not_recalled"] == ["not_recalled"]
