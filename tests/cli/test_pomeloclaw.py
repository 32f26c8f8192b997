"""Pomeloclaw / Pomelobot workspaces from the command line: `memdesk context` prints the agent's
own session-start messages byte for byte, and `memdesk check` warns before the agent destroys or
hides something (spec/pomeloclaw.md 8): each warning on a workspace crafted for it, naming what is
concerned, and none on a clean workspace."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.conftest import FIXTURES, fixture_json
from tests.core.agents.pomelobot.test_pomeloclaw_context import oracle_workspace

ORACLE = fixture_json("pomeloclaw/startup-and-bootstrap/output.json")
MAIN = "memory/scopes/main"
TEAM = """## 团队记忆条目
- 标题: 发布前先冻结配置
- 来源scopes: group_ops
- 晋升原因: 标准流程
- 更新时间: 2026-04-20 10:00:00
- 标签: 发布

### 摘要
发布前冻结配置中心。

### 适用场景
所有生产发布

### 操作步骤
1. 冻结配置中心

### 边界与注意事项
- 紧急修复除外

### 证据与依据
无
"""
CLEAN_MEMORY = (
    "# Long-term Memory (main)\n\n\n[09:00:00] 用户偏好中文回答\n\n[09:10:00] 值班表在 wiki\n\n"
    + TEAM
)
WARNING_KINDS = {"team_merge_loss", "shared_scope", "not_in_prompt", "legacy_file"}


def _write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _clean(root: Path) -> None:
    _write(root, "AGENTS.md", "# AGENTS\n规则。\n")
    _write(root, f"{MAIN}/MEMORY.md", CLEAN_MEMORY)
    _write(root, f"{MAIN}/2026-04-19.md", "# Daily Memory - 2026-04-19 (main)\n\n[10:00:00] 发布\n")
    _write(root, f"{MAIN}/HEARTBEAT.md", "# Heartbeat (main)\n\n\n## [09:00:00] lesson\n先查日期\n")
    _write(root, "memory/scopes/group_ops/MEMORY.md", "# Long-term Memory (group_ops)\n\n")


def _team_merge_loss(root: Path) -> None:
    before = FIXTURES / "pomeloclaw/team-merge-trailing-content/before.MEMORY.md"
    _write(root, f"{MAIN}/MEMORY.md", before.read_text(encoding="utf-8"))


def _shared_scope(root: Path) -> None:
    text = "# Long-term Memory (direct_ios_unknown)\n\n\n[08:00:00] 我是张三\n"
    _write(root, "memory/scopes/direct_ios_unknown/MEMORY.md", text)


def _beyond_the_prompt(root: Path) -> None:
    memories = "".join(
        f"\n[08:{n // 60:02d}:{n % 60:02d}] 第 {n} 条长期记忆：发布流程与回滚步骤的细节说明。\n"
        for n in range(150)
    )
    _write(root, f"{MAIN}/MEMORY.md", CLEAN_MEMORY.replace(TEAM, "") + memories)


def _legacy_file(root: Path) -> None:
    _write(root, "MEMORY.md", "# Long-term Memory (main)\n\n\n[07:00:00] 旧的长期记忆\n")


CRAFTED: dict[str, Callable[[Path], None]] = {
    "team_merge_loss": _team_merge_loss,
    "shared_scope": _shared_scope,
    "not_in_prompt": _beyond_the_prompt,
    "legacy_file": _legacy_file,
}


def _warnings(cli: Cli, root: Path) -> list[dict[str, object]]:
    result = cli("check", root, "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["agent"] == "pomelobot" and data["problems"] == []
    warnings: list[dict[str, object]] = data["warnings"]
    return warnings


# --- memdesk context ----------------------------------------------------------------------------


def test_context_prints_the_agents_messages_byte_for_byte(cli: Cli, tmp_path: Path) -> None:
    root = oracle_workspace(tmp_path / "ws")
    scope = ORACLE["scopeKey"]
    result = cli("context", root, "--scope", scope, "--date", "2026-04-20")
    assert result.code == 0, result.err
    startup = (
        "【会话启动上下文】\n"
        + ORACLE["startupInjection"]
        + "\n\n以上是会话启动补充信息，请结合当前问题作答。"
    )
    assert result.out.endswith(
        "--- message 1 as the agent sends it ---\n"
        + ORACLE["bootstrapMessage"]["content"]
        + "\n\n--- message 2 as the agent sends it ---\n"
        + startup
        + "\n"
    )
    assert result.out.startswith(f"Pomeloclaw: a new session in scope {scope} on 2026-04-20\n")
    assert "not seen by the model (24):" in result.out


def test_context_json_names_what_each_file_gives(cli: Cli, tmp_path: Path) -> None:
    root = oracle_workspace(tmp_path / "ws")
    scope = ORACLE["scopeKey"]
    parts = cli("context", root, "--scope", scope, "--date", "2026-04-20", "--json").json()
    memory = next(p for p in parts if p["file"] == f"memory/scopes/{scope}/MEMORY.md")
    assert (memory["chars"], memory["injected_chars"]) == (ORACLE["memoryMdChars"], 4000)
    assert memory["text"] in ORACLE["bootstrapMessage"]["content"]
    assert memory["unseen"][-1] == "line 244: [23:59:59] NEWEST-ENTRY-AT-END-OF-FILE"


def test_context_of_main_by_default_and_unknown_scopes_refused(cli: Cli, tmp_path: Path) -> None:
    _clean(tmp_path)
    parts = cli("context", tmp_path, "--date", "2026-04-20", "--json").json()
    assert parts[4]["file"] == f"{MAIN}/MEMORY.md" and "用户偏好中文回答" in parts[4]["text"]
    unknown = cli("context", tmp_path, "--scope", "group_x")
    assert unknown.code == 1 and unknown.out == ""
    assert "no memory scope 'group_x' (scopes: main, group_ops)" in unknown.err
    renamed = cli("context", tmp_path, "--scope", "Group_Ops")
    assert renamed.code == 1 and "memory/scopes/group_ops" in renamed.err


def test_context_of_the_older_layout_injects_root_memory_md(cli: Cli, tmp_path: Path) -> None:
    _legacy_file(tmp_path)
    _write(tmp_path, "memory/scopes/group_ops/MEMORY.md", "# Long-term Memory (group_ops)\n\n")
    parts = cli("context", tmp_path, "--json").json()
    assert parts[4]["file"] == "MEMORY.md" and "旧的长期记忆" in parts[4]["text"]


# --- memdesk check ------------------------------------------------------------------------------


def test_a_clean_workspace_has_no_warnings(cli: Cli, tmp_path: Path) -> None:
    _clean(tmp_path)
    assert _warnings(cli, tmp_path) == []


@pytest.mark.parametrize("kind", sorted(CRAFTED))
def test_each_warning_on_a_workspace_crafted_for_it(cli: Cli, tmp_path: Path, kind: str) -> None:
    _clean(tmp_path)
    CRAFTED[kind](tmp_path)
    found = _warnings(cli, tmp_path)
    assert {w["kind"] for w in found} == {kind}
    assert all(not Path(str(w["file"])).is_absolute() for w in found)


def test_team_merge_losses_name_the_entry_and_its_lines(cli: Cli, tmp_path: Path) -> None:
    _clean(tmp_path)
    _team_merge_loss(tmp_path)
    found = _warnings(cli, tmp_path)
    assert [(w["file"], w["line"]) for w in found] == [
        (f"{MAIN}/MEMORY.md", line) for line in (12, 19, 24, 28, 30)
    ]
    assert all(str(w["message"]).startswith("team entry '数据库慢查询排查': ") for w in found)


def test_a_shared_scope_names_its_memories(cli: Cli, tmp_path: Path) -> None:
    _clean(tmp_path)
    _shared_scope(tmp_path)
    (found,) = _warnings(cli, tmp_path)
    assert found["file"] == "memory/scopes/direct_ios_unknown/MEMORY.md"
    message = str(found["message"])
    assert message.startswith("scope direct_ios_unknown: ")
    assert "everyone with such an ID shares this scope" in message
    assert message.endswith("its one memory is shared alike: MEMORY.md (1)")


def test_memories_beyond_the_prompt_window_are_listed(cli: Cli, tmp_path: Path) -> None:
    _clean(tmp_path)
    _beyond_the_prompt(tmp_path)
    (found,) = _warnings(cli, tmp_path)
    message = str(found["message"])
    unseen = int(message.split(" ", 1)[0])
    assert found["file"] == f"{MAIN}/MEMORY.md" and unseen > 5
    assert "the agent keeps the first 4000 characters of each file" in message
    assert message.count("; line ") == 4 and message.endswith(f" and {unseen - 5} more")
    assert f"line {found['line']}: [08:" in message


def test_a_long_term_file_no_longer_injected_names_its_memories(cli: Cli, tmp_path: Path) -> None:
    _clean(tmp_path)
    _legacy_file(tmp_path)
    (found,) = _warnings(cli, tmp_path)
    assert (found["file"], found["line"]) == ("MEMORY.md", 4)
    assert str(found["message"]) == (
        "a long-term file of the older layout: the agent injects memory/scopes/main/MEMORY.md "
        "at session start instead, so its one memory is no longer in the prompt: "
        "line 4: [07:00:00] 旧的长期记忆"
    )
