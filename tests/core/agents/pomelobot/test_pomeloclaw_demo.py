"""The Pomeloclaw demo (``memdesk demo DIR --layout pomeloclaw``): every scope in the agent's
current layout, files as the agent writes them, team entries written by its own upsert, a main
MEMORY.md past the prompt's window, determinism."""

from __future__ import annotations

import os
import re
from datetime import date, datetime, timedelta
from pathlib import Path
from string import Formatter

import pytest

from core.agent import DemoResult
from core.agents.pomelobot import context as pc
from core.agents.pomelobot import team
from core.agents.pomelobot.demo import CLAW_DEFAULT_ENTRIES, write_demo
from core.agents.pomelobot.scope_keys import colliding_scopes, sanitize_path_segment
from core.demo import DemoError, developer_slots, load_corpus

TODAY = date(2026, 4, 20)
YESTERDAY = TODAY - timedelta(days=1)
MAIN = "memory/scopes/main"
STAMP = re.compile(r"\[(\d{2}):(\d{2}):(\d{2})\] ")
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def claw(tmp_path_factory: pytest.TempPathFactory) -> DemoResult:
    return write_demo(
        tmp_path_factory.mktemp("claw") / "ws", layout="pomeloclaw", seed=1, today=TODAY
    )


def all_files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def text_of(root: Path, rel: str) -> str:
    return (root / rel).read_bytes().decode("utf-8")


def memories(text: str) -> list[str]:
    """`[HH:MM:SS] ` lines after a blank line: the memories memory_save appended."""
    lines = text.split("\n")
    return [ln for i, ln in enumerate(lines) if STAMP.match(ln) and i and not lines[i - 1]]


def scopes_of(root: Path) -> list[str]:
    return sorted(p.name for p in (root / "memory" / "scopes").iterdir())


# --- Layout --------------------------------------------------------------------------------------


def test_every_scope_is_in_the_new_layout(claw: DemoResult) -> None:
    root = claw.workspace
    files = all_files(root)
    scopes = scopes_of(root)
    assert "main" in scopes and "direct_ios_unknown" in scopes
    kinds = [
        re.match(r"direct_ios_unknown$|direct_lwcp_v1_|group_cid|group_web_", s) for s in scopes
    ]
    assert [k.group() if k else s for k, s in zip(kinds, scopes, strict=True)] == [
        "direct_ios_unknown",
        "direct_lwcp_v1_",
        "group_cid",
        "group_web_",
        "main",
    ]
    assert all(sanitize_path_segment(s) == s for s in scopes)
    assert {f for f in files if not f.startswith("memory/scopes/")} == {"AGENTS.md", "SOUL.md"}
    daily = re.compile(r"memory/scopes/([a-z0-9_-]+)/(\d{4}-\d{2}-\d{2})\.md")
    transcript = re.compile(r"memory/scopes/([a-z0-9_-]+)/transcripts/(\d{4}-\d{2}-\d{2})\.md")
    for rel in files:
        if rel in ("AGENTS.md", "SOUL.md"):
            continue
        scope = rel.split("/")[2]
        text = text_of(root, rel)
        if rel.endswith("/MEMORY.md"):
            assert text.startswith(f"# Long-term Memory ({scope})\n\n\n["), rel
        elif rel.endswith("/HEARTBEAT.md"):
            assert scope == "main" and text.startswith("# Heartbeat (main)\n\n\n## [")
        elif m := daily.fullmatch(rel):
            head = f"# Daily Memory - {m.group(2)} ({scope})\n\n"
            assert text.startswith((head + "[", head + "## 团队记忆条目\n")), rel
            assert date.fromisoformat(m.group(2)) <= YESTERDAY
        else:
            m = transcript.fullmatch(rel)
            assert m is not None, rel
            assert text.startswith(f"# Session Transcript - {m.group(2)} ({scope})\n\n[")
        assert text.endswith("\n") and "\r" not in text, rel
    week = {f"{MAIN}/{(TODAY - timedelta(days=a)).isoformat()}.md" for a in range(1, 8)}
    assert week <= files.keys() and f"{MAIN}/{TODAY.isoformat()}.md" not in files
    assert claw.memory_file == root / MAIN / "MEMORY.md"
    assert (claw.entries, claw.backups, claw.agent_backup) == (CLAW_DEFAULT_ENTRIES, (), None)


def test_nothing_is_dated_after_yesterday(claw: DemoResult) -> None:
    end = datetime.combine(TODAY, datetime.min.time()).timestamp()
    assert all(p.stat().st_mtime < end for p in claw.workspace.rglob("*") if p.is_file())


def test_chinese_and_english(claw: DemoResult) -> None:
    text = claw.memory_file.read_text("utf-8")
    contents = [STAMP.sub("", m, count=1) for m in memories(text)]
    chinese = sum(1 for c in contents if CJK.search(c))
    assert 0 < chinese < len(contents)
    assert CJK.search(text_of(claw.workspace, "AGENTS.md")) and "Working rules" in text_of(
        claw.workspace, "AGENTS.md"
    )


# --- main/MEMORY.md --------------------------------------------------------------------------------


def test_main_memory_holds_the_memories_and_team_entries(claw: DemoResult) -> None:
    text = claw.memory_file.read_text("utf-8")
    assert len(memories(text)) == CLAW_DEFAULT_ENTRIES
    blocks = team.parse_team_blocks(text)
    titles = [b.record.title for b in blocks]
    assert titles == [
        "生产发布前检查清单",
        "On-call handover",
        "数据库慢查询排查",
        "证书过期导致 TLS 握手失败",
    ]
    release, oncall, merged, cert = (b.record for b in blocks)
    assert oncall.source_scopes == ("main",) and release.source_scopes[0].startswith("group_cid")
    # merged by a 3-day archive run (04:00 on the 1st, 4th, 7th, … of a month), from main
    assert merged.source_scopes[1:] == ("main",)
    merged_raw = team.parse_team_blocks(text)[2].raw
    assert "### 操作步骤\n1. 打开慢日志\n2. 确认是否有长事务\n" in merged_raw
    assert "EXPLAIN" not in merged_raw  # the agent's merge kept only the first step of three
    when = datetime.strptime(merged.updated_at, "%Y-%m-%d %H:%M:%S")
    assert when.hour == 4 and when.day % 3 == 1
    # the two-line summary the agent's parser cuts to its first line
    assert "### 摘要\n网关证书过期会让所有 HTTPS 调用失败，告警表现为 5xx 突增。\n续签后" in text
    assert cert.summary == "网关证书过期会让所有 HTTPS 调用失败，告警表现为 5xx 突增。"


def test_team_entries_are_the_agents_upserts(claw: DemoResult) -> None:
    """Each block is what memory_save_team rendered: its meta lines as the agent re-renders
    them, then every section in order, starting with the line the agent reads of it."""
    text = claw.memory_file.read_text("utf-8")
    for block in team.parse_team_blocks(text):
        rendered = team.render_team_entry(block.record)
        meta, _ = rendered.split("\n\n### 摘要\n", 1)
        assert block.raw.startswith(meta + "\n\n### 摘要\n" + block.record.summary + "\n")
        places = [block.raw.index(f"\n\n### {name}\n") for name in team.SECTIONS]
        assert places == sorted(places)


def test_text_after_the_last_team_entry_gives_warnings(claw: DemoResult) -> None:
    text = claw.memory_file.read_text("utf-8")
    last = team.parse_team_blocks(text)[-1]
    after = text[last.span[0] :].split("## 我手写的备注\n", 1)
    assert len(after) == 2 and memories(after[1])  # memories saved after the note
    losses = team.merge_losses(text)
    kinds = {(loss.title, loss.kind, loss.section) for loss in losses}
    assert ("证书过期导致 TLS 握手失败", "section_lines", "摘要") in kinds
    assert ("证书过期导致 TLS 握手失败", "after_entry", None) in kinds
    tail = next(
        loss for loss in losses if loss.title == last.record.title and loss.kind == "after_entry"
    )
    assert "## 我手写的备注" in tail.text


def test_the_prompt_keeps_only_the_head_of_main_memory(claw: DemoResult) -> None:
    found = pc.context(claw.workspace, "main", TODAY)
    memory = found.parts[4]
    assert memory.file == f"{MAIN}/MEMORY.md" and memory.chars > 4000 and memory.truncated
    newest = memories(claw.memory_file.read_text("utf-8"))[-1]
    assert newest not in found.messages[0] and memory.unseen[-1].words.endswith(newest[:50])
    assert any("团队记忆条目" in u.words for u in memory.unseen) or len(memory.unseen) >= 5
    heartbeat, agents, soul = found.parts[3], found.parts[0], found.parts[2]
    assert heartbeat.file == f"{MAIN}/HEARTBEAT.md" and not heartbeat.truncated
    assert (agents.file, soul.file) == ("AGENTS.md", "SOUL.md")
    yesterday = found.parts[6]
    assert yesterday.truncated and yesterday.injected_chars == 1200  # a busy day
    assert len(found.messages) == 2 and "## 当前任务" in found.messages[1]


# --- Daily files, heartbeat, scopes ------------------------------------------------------------


def test_daily_files_hold_working_summaries_and_a_team_entry(claw: DemoResult) -> None:
    root = claw.workspace
    summaries = 0
    for age in range(1, 8):
        day = TODAY - timedelta(days=age)
        text = text_of(root, f"{MAIN}/{day.isoformat()}.md")
        stamps = [STAMP.match(m).group(1) for m in memories(text)]  # type: ignore[union-attr]
        summaries += text.count("] ## 当前任务\n")
        assert ("04" in stamps) == (day.day % 3 == 1)  # the archive run's summary
        assert text.count("## 团队记忆条目") == (age == 3)
    yesterday = text_of(root, f"{MAIN}/{YESTERDAY.isoformat()}.md")
    assert yesterday.count("## 当前任务") >= 3 and "## 未解决问题与风险\n" in yesterday
    assert summaries >= 4


def test_heartbeat_entries(claw: DemoResult) -> None:
    text = text_of(claw.workspace, f"{MAIN}/HEARTBEAT.md")
    categories = re.findall(r"^## \[\d{2}:\d{2}:\d{2}\] (\w+)$", text, re.M)
    assert categories == ["process", "incident", "style"]
    assert text.count("触发场景：") == 3


def test_two_ios_users_share_a_scope(claw: DemoResult) -> None:
    scopes = scopes_of(claw.workspace)
    shared = [s.scope for s in colliding_scopes(scopes)]
    assert "direct_ios_unknown" in shared and any(s.startswith("direct_lwcp_v1_") for s in shared)
    text = text_of(claw.workspace, "memory/scopes/direct_ios_unknown/MEMORY.md")
    assert "张伟" in text and "李娜" in text and len(memories(text)) == 4


def test_transcripts_of_two_groups(claw: DemoResult) -> None:
    found = sorted(p.parent.parent.name for p in claw.workspace.rglob("transcripts/*.md"))
    assert [s.split("_")[1][:3] for s in found] == ["cid", "web"]


# --- Entries, seeds, layouts -----------------------------------------------------------------------


def test_same_seed_same_workspace_other_seed_another(tmp_path: Path) -> None:
    a = write_demo(tmp_path / "a", layout="pomeloclaw", entries=7, seed=5, today=TODAY)
    b = write_demo(tmp_path / "b", layout="pomeloclaw", entries=7, seed=5, today=TODAY)
    c = write_demo(tmp_path / "c", layout="pomeloclaw", entries=7, seed=6, today=TODAY)
    assert all_files(a.workspace) == all_files(b.workspace) != all_files(c.workspace)
    times = [
        {p.relative_to(r).as_posix(): os.stat(p).st_mtime for p in r.rglob("*") if p.is_file()}
        for r in (a.workspace, b.workspace)
    ]
    assert times[0] == times[1]
    assert len(memories(a.memory_file.read_text("utf-8"))) == a.entries == 7


def test_zero_entries(tmp_path: Path) -> None:
    result = write_demo(tmp_path / "ws", layout="pomeloclaw", entries=0, today=TODAY)
    text = result.memory_file.read_text("utf-8")
    assert result.entries == 0 and memories(text) == []
    assert len(team.parse_team_blocks(text)) == 4 and "## 我手写的备注" in text


def test_layouts(tmp_path: Path) -> None:
    with pytest.raises(DemoError, match="'openclaw'"):
        write_demo(tmp_path / "x", layout="openclaw", today=TODAY)
    old = write_demo(tmp_path / "old", layout="pomelobot", entries=3, seed=2, today=TODAY)
    default = write_demo(tmp_path / "default", entries=3, seed=2, today=TODAY)
    assert all_files(old.workspace) == all_files(default.workspace)
    assert (old.workspace / "MEMORY.md").is_file() and not (tmp_path / "x").exists()


def test_new_corpus_parts_use_known_slots() -> None:
    corpus = load_corpus("core.agents.pomelobot")
    slots = developer_slots().keys() | corpus.slots("slots").keys()
    texts = [corpus.text("hand_written"), corpus.text("agents_md"), corpus.text("soul_md")]
    for name in ("release", "slow_query", "oncall", "cert", "drill", "update"):
        texts += corpus.texts(f"team_{name}").values()
    for key in ("working_summary", "heartbeat"):
        texts += [v for values in corpus.slots(key).values() for v in values]
    for text in texts:
        assert {n for _, n, _, _ in Formatter().parse(text) if n} <= slots, text
    assert all(not STAMP.match(line) for t in texts for line in t.split("\n"))
