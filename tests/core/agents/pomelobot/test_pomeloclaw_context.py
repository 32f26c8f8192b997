"""What Pomeloclaw injects at session start, against the agent's own buildPromptBootstrapMessage and
buildSessionStartupMemoryInjection (fixtures/pomeloclaw/startup-and-bootstrap, whose workspace
run-oracle.mts builds as `oracle_workspace` does here)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agent import Unseen
from core.agents.pomelobot import context as pc
from core.store.errors import WorkspaceError
from tests.conftest import fixture_json

ORACLE = fixture_json("pomeloclaw/startup-and-bootstrap/output.json")
SCOPE = ORACLE["scopeKey"]
TODAY = date(2026, 4, 20)  # the oracle's clock: 2026-04-20T12:00:00+08:00
FOLDER = f"memory/scopes/{SCOPE}"
NEWEST = "NEWEST-ENTRY-AT-END-OF-FILE"


def oracle_workspace(root: Path) -> Path:
    """The files run-oracle.mts writes before it asks the agent (case startup-and-bootstrap)."""
    folder = root / FOLDER
    folder.mkdir(parents=True)
    today = ["# Daily Memory - 2026-04-20 (direct_web_alice)", ""]
    for i in range(100):
        today += ["", f"[09:{i % 60:02d}:00] 今日条目 {i}"]
    (folder / "2026-04-20.md").write_bytes(("\n".join(today) + "\n").encode())
    yesterday = "# Daily Memory - 2026-04-19 (direct_web_alice)\n\n[23:00:00] 昨天的条目\r\n"
    (folder / "2026-04-19.md").write_bytes(yesterday.encode())
    memory = ["# Long-term Memory (direct_web_alice)", ""]
    for i in range(120):
        memory += [
            "",
            f"[08:00:{i % 60:02d}] 长期条目 {i}：这是一条较长的长期记忆用于测试注入截断。",
        ]
    memory += ["", f"[23:59:59] {NEWEST}"]
    (folder / "MEMORY.md").write_bytes(("\n".join(memory) + "\n").encode())
    (root / "AGENTS.md").write_bytes("# AGENTS\n规则。\n".encode())
    return root


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return oracle_workspace(tmp_path / "ws")


# --- The agent's messages, byte for byte -------------------------------------------------------


def test_messages_are_the_agents(workspace: Path) -> None:
    files = pc.read_files(workspace, SCOPE, TODAY)
    assert pc.bootstrap_message(files, SCOPE) == ORACLE["bootstrapMessage"]["content"]
    assert pc.startup_injection(files, SCOPE, TODAY) == ORACLE["startupInjection"]
    found = pc.context(workspace, SCOPE, TODAY)
    assert found.messages == [
        ORACLE["bootstrapMessage"]["content"],
        "【会话启动上下文】\n"
        + ORACLE["startupInjection"]
        + "\n\n以上是会话启动补充信息，请结合当前问题作答。",
    ]


def test_the_newest_long_term_memory_is_not_in_the_prompt(workspace: Path) -> None:
    found = pc.context(workspace, SCOPE, TODAY)
    assert ORACLE["bootstrapContainsNewestEntry"] is False
    assert NEWEST not in found.messages[0]
    memory = found.parts[4]
    assert (memory.file, memory.chars, memory.injected_chars) == (
        f"{FOLDER}/MEMORY.md",
        ORACLE["memoryMdChars"],
        4000,
    )
    assert memory.truncated and memory.text.endswith("…")
    assert memory.text in found.messages[0]
    assert memory.unseen[-1] == Unseen(244, f"[23:59:59] {NEWEST}")
    # entries 0-96 start inside the first 3999 characters (97's first line is cut), 97-119 do not
    assert len(memory.unseen) == 24 and memory.unseen[0].label.startswith(
        "line 198: [08:00:37] 长期条目 97"
    )
    assert "newer memories appended at the end are not in the prompt" in memory.notes[0]
    losses = pc.prompt_window_losses((workspace / FOLDER / "MEMORY.md").read_text("utf-8"))
    assert [Unseen(n, words) for n, words in losses] == list(memory.unseen)


def test_parts_name_every_file_the_agent_looked_for(workspace: Path) -> None:
    parts = pc.context(workspace, SCOPE, TODAY).parts
    assert [p.file for p in parts] == [
        "AGENTS.md",
        f"{FOLDER}/TOOLS.md",
        f"{FOLDER}/SOUL.md",
        f"{FOLDER}/HEARTBEAT.md",
        f"{FOLDER}/MEMORY.md",
        f"{FOLDER}/2026-04-20.md",
        f"{FOLDER}/2026-04-19.md",
    ]
    agents, tools = parts[0], parts[1]
    assert (agents.text, agents.chars, agents.truncated) == ("# AGENTS\n规则。", 13, False)
    assert tools.text == "" and "(文件缺失)" in tools.notes[0]


def test_daily_parts_say_which_lines_the_injection_leaves_out(workspace: Path) -> None:
    today, yesterday = pc.context(workspace, SCOPE, TODAY).parts[5:]
    assert today.text in ORACLE["startupInjection"] and today.injected_chars == 1200
    assert today.truncated and len(today.notes) == 2
    assert "from line 44" in today.notes[0] and "cut after 1199 characters" in today.notes[1]
    numbers = [int(u.words.rsplit(" ", 1)[1]) for u in today.unseen]
    assert numbers == [*range(20), *range(83, 100)]  # 83's line is cut after "[0"
    assert yesterday.text == "# Daily Memory - 2026-04-19 (direct_web_alice)\n[23:00:00] 昨天的条目"
    assert not yesterday.truncated and not yesterday.unseen


# --- Which file the agent reads ------------------------------------------------------------------


def test_scope_files_before_root_files_and_the_legacy_long_term_files() -> None:
    files = {
        "AGENT.md": "old name",
        "SOUL.md": "root soul",
        "memory/scopes/main/SOUL.md": "scope soul",
        "HEARTBEAT.md": "root heartbeat",
        "MEMORY.md": "root memory",
        "TOOLS.md": "   \r\n  ",
    }
    message = pc.bootstrap_message(files, "main")
    assert "## AGENTS\n[path=AGENT.md, name=AGENT.md, scope=global, missing=false" in message
    assert "[path=memory/scopes/main/SOUL.md, name=SOUL.md, scope=scope," in message
    assert "[path=HEARTBEAT.md, name=HEARTBEAT.md, scope=global, missing=false" in message
    assert "[path=MEMORY.md, name=MEMORY.md, scope=global, missing=false" in message
    assert message.endswith("truncated=false]\nroot memory")
    assert "missing=true, truncated=false]\n(文件为空) TOOLS.md" in message
    legacy = {**files, "memory/scopes/main/LONG_TERM.md": "legacy"}
    assert pc.bootstrap_message(legacy, "main").endswith("\nlegacy")
    # the root MEMORY.md is the main scope's only
    other = pc.bootstrap_message(files, "group_x")
    assert other.endswith(
        "missing=true, truncated=false]\n(文件缺失) memory/scopes/group_x/MEMORY.md"
    )
    newer = {**legacy, "memory/scopes/main/MEMORY.md": "# Long-term Memory (main)\n\n"}
    assert pc.bootstrap_message(newer, "main").endswith(
        "[path=memory/scopes/main/MEMORY.md, name=MEMORY.md, scope=scope, missing=false, "
        "truncated=false]\n# Long-term Memory (main)"
    )


def test_texts_are_trimmed_with_lf_line_ends() -> None:
    files = {"AGENTS.md": "\ufeff\n  # A\r\nb\r\n\r\n\u3000"}
    assert "truncated=false]\n# A\nb\n\n## TOOLS" in pc.bootstrap_message(files, "main")


def test_lengths_are_utf16_units_as_the_agent_counts() -> None:
    files = {"memory/scopes/main/MEMORY.md": "😀" * 2500}
    message = pc.bootstrap_message(files, "main")
    assert message.endswith("truncated=true]\n" + "😀" * 1999 + "\ud83d…")
    part = pc.context_of(files, "main", TODAY).parts[4]
    assert (part.chars, part.injected_chars) == (5000, 4000)


def test_five_long_files_share_the_total() -> None:
    long = "x" * 5000
    names = ["AGENTS.md", "TOOLS.md", "SOUL.md", "HEARTBEAT.md", "memory/scopes/main/MEMORY.md"]
    files = {name: long for name in names}
    found = pc.context_of(files, "main", TODAY)
    assert len(found.messages[0]) == 12_000
    sizes = [p.injected_chars for p in found.parts[:5]]
    assert all(p.truncated for p in found.parts[:5])
    assert sizes[4] == max(sizes) and sizes[4] >= 1800 and sizes[0] > sizes[1] > sizes[2]
    assert sizes[4] == 4000  # its floor and the largest share: all of its window
    assert "the five files share 12000 characters" in found.parts[0].notes[0]


def test_team_entries_beyond_the_window_are_named_by_title() -> None:
    head = "# Long-term Memory (main)\n\n\n[10:00:00] " + "长" * 4100 + "\n"
    team = "## 团队记忆条目\n- 标题: 发布前先确认值班\n- 来源scopes: group_x\n"
    files = {"memory/scopes/main/MEMORY.md": head + "\n" + team + "\n[11:00:00] later\n"}
    part = pc.context_of(files, "main", TODAY).parts[4]
    assert part.unseen == (
        Unseen(6, "团队记忆条目: 发布前先确认值班"),
        Unseen(10, "[11:00:00] later"),
    )


def test_an_entry_needs_a_blank_line_before_its_stamp() -> None:
    text = "# Long-term Memory (main)\n\n\n[10:00:00] " + "a" * 4000 + "\n[10:00:01] glued\n"
    assert pc.prompt_window_losses(text) == []
    assert pc.prompt_window_losses(text + "\n[10:00:02] next\n") == [(7, "[10:00:02] next")]
    assert pc.prompt_window_losses("short\n\n[10:00:02] x\n") == []


# --- The startup injection ----------------------------------------------------------------------


def test_no_daily_files_no_startup_message() -> None:
    found = pc.context_of({}, "main", TODAY)
    assert pc.startup_injection({}, "main", TODAY) is None and len(found.messages) == 1
    assert [p.notes for p in found.parts[5:]] == [
        ("no such file: nothing of this day is injected",)
    ] * 2


def test_a_day_with_under_20_characters_is_left_out() -> None:
    short = {"memory/scopes/main/2026-04-20.md": "\n\n[10:00:00] 短\n"}
    assert pc.startup_injection(short, "main", TODAY) is None
    part = pc.context_of(short, "main", TODAY).parts[5]
    assert part.notes == ("left out: under 20 characters of text",)
    assert part.unseen == (Unseen(3, "[10:00:00] 短"),)


def test_yesterday_is_cut_to_what_is_left_of_2400() -> None:
    line = "[10:00:00] " + "长" * 89  # 100 units a line
    today = "\n".join([line] * 30)
    files = {
        "memory/scopes/main/2026-04-20.md": today,
        "memory/scopes/main/2026-04-19.md": today,
    }
    injection = pc.startup_injection(files, "main", TODAY)
    assert injection is not None and len(injection) == 2400 + 2  # the "\n\n" is not counted
    yesterday = pc.context_of(files, "main", TODAY).parts[6]
    assert injection.endswith(yesterday.text) and yesterday.text.endswith("…")
    assert "to fit the startup injection's 2400" in yesterday.notes[0]
    header = len(pc.STARTUP_HEADER)
    head = len("### 2026-04-19 (memory/scopes/main/2026-04-19.md)\n")
    assert yesterday.injected_chars == 2400 - header - (head + 1200) - head


def test_read_files_refuses_a_name_that_is_no_scope(workspace: Path) -> None:
    with pytest.raises(WorkspaceError, match="not a scope name"):
        pc.read_files(workspace, "../outside", TODAY)
    with pytest.raises(WorkspaceError, match="not a scope name"):
        pc.context(workspace, "Direct_Web_Alice", TODAY)


def test_read_files_reads_as_node_does(tmp_path: Path) -> None:
    (tmp_path / "AGENTS.md").write_bytes(b"\xef\xbb\xbfok \xff\r\n")
    files = pc.read_files(tmp_path, "main", TODAY)
    assert files["AGENTS.md"] == "\ufeffok \ufffd\r\n"
    assert files["memory/scopes/main/TOOLS.md"] is None and files["TOOLS.md"] is None


# --- Properties ---------------------------------------------------------------------------------


@given(st.text(alphabet=st.sampled_from("ab 长😀\r\n\t[]:0")), st.integers(200, 6000))
def test_the_window_is_the_files_head(text: str, window: int) -> None:
    files = {"memory/scopes/main/MEMORY.md": text}
    part = pc.context_of(files, "main", TODAY).parts[4]
    once = text.replace("\r\n", "\n").strip(" \t\n\r")
    whole = once.replace("\r\n", "\n").strip(" \t\n\r")  # the agent clips twice
    if part.truncated:
        assert part.text.endswith("…") and part.injected_chars == 4000
        shown = part.text[:-1]
        assert whole.encode("utf-16-le", "surrogatepass").startswith(
            shown.encode("utf-16-le", "surrogatepass")
        )
    elif whole:
        assert part.text == whole and not part.unseen
    losses = pc.prompt_window_losses(text, window=window)
    assert all(text.split("\n")[n - 1].startswith(words[:5]) for n, words in losses)


def test_crlf_is_replaced_twice_as_the_agent_clips_twice() -> None:
    files = {"AGENTS.md": "a\r\r\nb"}
    assert "truncated=false]\na\nb\n\n## TOOLS" in pc.bootstrap_message(files, "main")
