"""Pomeloclaw's team memory (memory_save_team) against the real agent's outputs
(fixtures/pomeloclaw/team-*): parsing, rendering, saving and merging byte for byte, and the
text each next merge deletes, predicted before it happens."""

from __future__ import annotations

import difflib
import re
from datetime import datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.pomelobot import team
from tests.conftest import FIXTURES, fixture_json

POMELO = FIXTURES / "pomeloclaw"
SAVE_CASES = (
    "team-save-new",
    "team-merge-same-title",
    "team-merge-multiline-sections",
    "team-merge-trailing-content",
    "team-merge-crlf",
    "team-merge-first-of-two",
    "team-content-fallback",
)
_META = ("- 标题:", "- 来源scopes:", "- 晋升原因:", "- 更新时间:", "- 标签:")


def _case(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return fixture_json(f"pomeloclaw/{name}/input.json"), fixture_json(
        f"pomeloclaw/{name}/output.json"
    )


def _scope(context: dict[str, Any]) -> str:
    """The caller's scope key in the two contexts the oracle used (DingTalk group, web direct)."""
    if context["channel"] == "web" and context["isDirect"]:
        return "main"  # web_direct_scope defaults to main
    return f"group_{context['conversationId']}"


def _at(call: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(call["at"]).replace(tzinfo=None)  # the oracle's local time


def _states(name: str) -> list[tuple[str | None, dict[str, Any], str]]:
    """(file before, call, file after) for every call of a case, as the agent ran them."""
    given_, output = _case(name)
    befores = [given_["initialMainMemory"], *output["mainMemoryAfterEachCall"][:-1]]
    return list(zip(befores, given_["calls"], output["mainMemoryAfterEachCall"], strict=True))


# -- parsing -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["multiLineExisting", "crlf", "legacy", "emptyTitle"])
def test_blocks_are_parsed_as_the_agent_parses_them(name: str) -> None:
    text = fixture_json("pomeloclaw/team-parse/input.json")[name]
    expected = fixture_json("pomeloclaw/team-parse/output.json")[name]
    assert [b.to_json() for b in team.parse_team_blocks(text)] == expected


def test_offsets_count_utf16_units_as_the_agent_does() -> None:
    text = "😀\n" + team.HEADING + "\n- 标题: x\n"
    (block,) = team.parse_team_blocks(text)
    assert (block.start, block.end) == (3, 3 + len(text) - 2)
    assert block.span == (2, len(text))
    assert text[block.span[0] :].startswith(team.HEADING)


def test_a_heading_glued_to_the_previous_entry_still_starts_a_block() -> None:
    merged = _case("team-merge-first-of-two")[1]["mainMemoryAfterEachCall"][2]
    assert "无\n## 团队记忆条目" in merged
    assert [b.record.title for b in team.parse_team_blocks(merged)] == ["条目A", "条目B"]


# -- rendering and saving ----------------------------------------------------------------------


def test_a_new_entry_renders_as_the_agent_renders_it() -> None:
    given_, output = _case("team-save-new")
    (call,) = given_["calls"]
    entry = team.team_input(call["args"], scope=_scope(given_["context"]))
    rendered = team.render_team_entry(entry, _at(call))
    header = "# Long-term Memory (main)\n\n"
    assert output["mainMemoryAfterEachCall"][0] == header + rendered + "\n"
    assert "1. 确认当前系统日期\n2. Run DATE\n\n" in rendered  # deduplicated ignoring case


@pytest.mark.parametrize("name", SAVE_CASES)
def test_every_save_gives_the_agents_file_byte_for_byte(name: str) -> None:
    given_, _ = _case(name)
    for before, call, after in _states(name):
        got = team.upsert_team_entry(before, call["args"], _at(call), _scope(given_["context"]))
        assert got == after
    assert got.encode() == (POMELO / name / "after.MEMORY.md").read_bytes()


def test_the_file_the_agent_saves_to() -> None:
    now = datetime(2026, 4, 20, 0, 0, 7)
    assert team.team_file_path("long-term", now) == "memory/scopes/main/MEMORY.md"
    assert team.team_file_path("daily", now) == "memory/scopes/main/2026-04-20.md"
    daily = team.upsert_team_entry(None, {"target": "daily", "title": "t"}, now, "main")
    assert daily.startswith("# Daily Memory - 2026-04-20 (main)\n\n## 团队记忆条目\n")
    assert "- 更新时间: 2026-04-20 00:00:07\n" in daily


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"title": "t"}, "target"),
        ({"target": "weekly", "title": "t"}, "target"),
        ({"target": "daily", "title": 3}, "title must be text"),
        ({"target": "daily", "steps": 3}, "steps must be a list or text"),
    ],
)
def test_arguments_the_tool_refuses(args: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        team.upsert_team_entry(None, args, datetime(2026, 4, 20), "main")


def test_list_arguments_as_the_tool_coerces_them() -> None:
    entry = team.team_input(
        {"steps": "1. a\n- b\n* B\n\n", "tags": '["x", 1, true]', "evidence": "无"},
        scope="main",
    )
    assert (entry.steps, entry.tags, entry.evidence) == (["a", "b"], ["x", "1", "true"], [])


def test_titles_the_agent_infers() -> None:
    assert team.infer_title("\n  ### 告警风暴时先聚合\n正文", None) == "告警风暴时先聚合"
    assert team.infer_title("-- #", "标准流程") == "标准流程记录"
    assert team.infer_title("", None) == "团队经验记录"
    assert team.infer_title("x" * 59 + "😀", None) == "x" * 59 + "\ud83d"  # 60 UTF-16 units
    written = team.upsert_team_entry(
        None, {"target": "daily", "content": "y" * 59 + "😀"}, datetime(2026, 4, 20), "main"
    )
    assert "- 标题: " + "y" * 59 + "\ufffd\n" in written  # Node writes the cut pair as U+FFFD


# -- what the next merge deletes ---------------------------------------------------------------


def _deleted(before: str, after: str) -> list[str]:
    """The lines of `before` a save took out (metadata it rewrites, headings, 无 and list
    markers it renders anew aside)."""
    a = [line.rstrip("\r") for line in before.split("\n")]
    b = [line.rstrip("\r") for line in after.split("\n")]
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    gone = [
        line
        for tag, i1, i2, _, _ in matcher.get_opcodes()
        if tag in ("delete", "replace")
        for line in a[i1:i2]
    ]
    kept = {_item(line) for line in b}
    headings = {f"### {name}" for name in team.SECTIONS} | {"无"}
    return [
        s
        for s in gone
        if s.strip() and not s.startswith(_META) and s not in headings and _item(s) not in kept
    ]


def _item(line: str) -> str:
    return re.sub(r"^(?:[-*] |\d+\. )", "", line)


def _predicted(text: str, title: str) -> list[str]:
    losses = [x for x in team.merge_losses(text) if x.title == title and x.kind != "empty_title"]
    return [line for loss in losses for line in loss.text.split("\n")]


def _merges() -> list[tuple[str, str, str, str]]:
    """(case, file before, title saved, file after) of every save that merged into a title."""
    found = []
    for name in SAVE_CASES:
        for before, call, after in _states(name):
            title = team.parse_team_record(
                team.render_team_entry(
                    team.team_input(call["args"], scope="main"), datetime(2026, 1, 1)
                )
            ).title
            if before and any(b.record.title == title for b in team.parse_team_blocks(before)):
                found.append((name, before, title, after))
    return found


def test_the_fixtures_merge_five_times() -> None:
    assert [m[0] for m in _merges()] == [
        "team-merge-same-title",
        "team-merge-multiline-sections",
        "team-merge-trailing-content",
        "team-merge-crlf",
        "team-merge-first-of-two",
        "team-merge-first-of-two",
    ]


@pytest.mark.parametrize(("name", "before", "title", "after"), _merges(), ids=lambda v: "")
def test_predicted_losses_are_what_the_agent_deleted(
    name: str, before: str, title: str, after: str
) -> None:
    assert _predicted(before, title) == _deleted(before, after)


def _final_files() -> list[str]:
    return [_case(name)[1]["mainMemoryAfterEachCall"][-1] for name in SAVE_CASES]


@pytest.mark.parametrize("text", _final_files(), ids=SAVE_CASES)
def test_predicted_losses_of_the_next_merge_of_every_title(text: str) -> None:
    """The agent's files as the fixtures leave them, merged once more (by MemDesk's copy of the
    agent's save, checked byte for byte above) with nothing new."""
    for block in team.parse_team_blocks(text):
        title = block.record.title
        merged = team.upsert_team_entry(
            text, {"target": "long-term", "title": title}, datetime(2026, 5, 1), "main"
        )
        assert _predicted(text, title) == _deleted(text, merged)


def test_losses_name_the_entry_the_line_and_the_kind() -> None:
    before = _case("team-merge-trailing-content")[0]["initialMainMemory"]
    losses = team.merge_losses(before)
    assert [(x.line, x.end_line, x.kind, x.section) for x in losses] == [
        (12, 12, "section_lines", "摘要"),
        (19, 20, "section_lines", "操作步骤"),
        (24, 24, "section_lines", "边界与注意事项"),
        (28, 28, "section_lines", "证据与依据"),
        (30, 33, "after_entry", None),
    ]
    assert losses[-1].text == (
        "[10:01:02] 这是 memory_save(long-term) 在团队条目之后追加的普通条目\n## 我手写的小节\n- 手工笔记 A"
    )
    assert all(x.message().startswith("team entry '数据库慢查询排查': ") for x in losses)
    assert "first line of ### 操作步骤" in losses[1].message()


def test_a_crlf_entry_loses_every_section() -> None:
    before = _case("team-merge-crlf")[0]["initialMainMemory"]
    losses = team.merge_losses(before)
    assert [(x.kind, x.section) for x in losses] == [
        ("section_crlf", name) for name in team.SECTIONS
    ]
    assert losses[0].text == "先看慢日志，再看执行计划。\n第二行摘要：注意锁等待。"


def test_a_summary_that_starts_with_a_heading_is_lost() -> None:
    text = _case("team-content-fallback")[1]["mainMemoryAfterEachCall"][0]
    (loss,) = team.merge_losses(text)
    assert (loss.kind, loss.section, loss.line) == ("section_heading_first", "摘要", 11)
    assert loss.text == "### 告警风暴时先聚合\n按服务聚合后再逐个分析。"


def test_an_empty_title_takes_the_next_line() -> None:
    text = fixture_json("pomeloclaw/team-parse/input.json")["emptyTitle"]
    assert team.merge_losses(text) == [
        team.TeamLoss("- 来源scopes: main", 2, 3, "empty_title", "- 来源scopes: main")
    ]


def test_text_between_two_entries_is_lost_with_the_first() -> None:
    text = (
        "# Long-term Memory (main)\n\n## 团队记忆条目\n- 标题: A\n\n### 摘要\na\n"
        "\n[10:00:00] between\n\n## 团队记忆条目\n- 标题: B\n"
    )
    (loss,) = team.merge_losses(text)
    assert (loss.title, loss.kind, loss.text, loss.line) == (
        "A",
        "after_entry",
        "[10:00:00] between",
        9,
    )
    merged = team.upsert_team_entry(
        text, {"target": "long-term", "title": "A"}, datetime(2026, 5, 1), "main"
    )
    assert "between" not in merged


# -- the property: whatever the entries, the prediction is what a merge deletes ------------------

_WORD = st.text("abcxyz数据", min_size=1, max_size=6)


@st.composite
def team_files(draw: st.DrawFn) -> str:
    """A main MEMORY.md with team entries whose sections span several lines, and other text."""
    serial = iter(range(10_000))

    def line() -> str:
        return f"{draw(_WORD)}{next(serial)}"  # every line distinct, so deletions are clear

    parts = ["# Long-term Memory (main)\n"]
    for n in range(draw(st.integers(1, 3))):
        parts.append(f"\n## 团队记忆条目\n- 标题: T{n}\n- 来源scopes: main\n")
        if draw(st.booleans()):
            parts.append(f"{line()}\n")  # no metadata line: the agent does not read it
        for name in draw(st.lists(st.sampled_from(team.SECTIONS), unique=True)):
            lines = [line() for _ in range(draw(st.integers(1, 3)))]
            bullet = draw(st.sampled_from(["", "- ", "1. "]))
            first = draw(st.sampled_from(["", "### ", "\n"]))  # a heading or a blank line first
            body = "".join(f"{bullet}{s}\n" for s in lines)
            parts.append(f"\n### {name}\n{first}{body}")
        if draw(st.booleans()):
            parts.append(f"\n[10:00:0{n}] {line()}\n")
        if draw(st.booleans()):
            parts.append(f"\n## notes {line()}\n{line()}\n")
    text = "".join(parts)
    return text.replace("\n", "\r\n") if draw(st.booleans()) else text


@given(team_files(), st.integers(0, 2))
def test_losses_predict_what_any_merge_deletes(text: str, pick: int) -> None:
    blocks = team.parse_team_blocks(text)
    title = blocks[pick % len(blocks)].record.title
    merged = team.upsert_team_entry(
        text, {"target": "long-term", "title": title}, datetime(2026, 5, 1), "main"
    )
    assert _predicted(text, title) == _deleted(text, merged)
