"""Pomeloclaw's scope keys against the agent's own resolveMemoryScope (fixtures/pomeloclaw/scope-keys)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.pomelobot.scope_keys import (
    DEFAULT_ISOLATION,
    ChannelContext,
    IsolationConfig,
    ScopeKey,
    colliding_scopes,
    js_trim,
    resolve_scope_key,
    sanitize,
    sanitize_path_segment,
)
from tests.conftest import fixture_json

ORACLE = fixture_json("pomeloclaw/scope-keys/output.json")
CASES: list[dict[str, Any]] = ORACLE["results"]


def _context(case: dict[str, Any]) -> ChannelContext | None:
    return None if case["context"] is None else ChannelContext.from_json(case["context"])


def test_the_fixtures_config_is_the_default() -> None:
    assert IsolationConfig.from_json(ORACLE["session_isolation"]) == DEFAULT_ISOLATION
    assert IsolationConfig.from_json({}) == DEFAULT_ISOLATION


@pytest.mark.parametrize("case", CASES, ids=[str(c["context"]) for c in CASES])
def test_keys_are_the_agents(case: dict[str, Any]) -> None:
    context = _context(case)
    assert resolve_scope_key(context) == ScopeKey(**case["defaultConfig"])
    if "withWebDirectScopeDirect" in case:
        web_direct = IsolationConfig(web_direct_scope="direct")
        expected = ScopeKey(**case["withWebDirectScopeDirect"])
        assert resolve_scope_key(context, web_direct) == expected


def test_isolation_switched_off_is_the_main_scope() -> None:
    context = ChannelContext("dingtalk", "cid1", False, "u1")
    assert resolve_scope_key(context, IsolationConfig(enabled=False)) == ("main", "main")
    config = IsolationConfig.from_json({"enabled": False})
    assert resolve_scope_key(context, config) == ("main", "main")


def test_direct_scope_main_keeps_direct_chats_in_main_and_groups_get_the_prefix() -> None:
    config = IsolationConfig.from_json({"direct_scope": "main", "group_scope_prefix": "g-"})
    assert resolve_scope_key(ChannelContext("dingtalk", "c", True, "u"), config) == ("main", "main")
    assert (
        resolve_scope_key(ChannelContext("Slack", "C 1", False, "u"), config).key == "g-slack_c_1"
    )


def test_sanitize() -> None:
    assert sanitize("$:LWCP_v1:$Xy9+Zz==") == "lwcp_v1_xy9_zz"
    assert sanitize("张三") == sanitize("  ") == sanitize("") == "unknown"
    assert sanitize("\ufeff a-B_c \u3000") == "a-b_c"  # JavaScript's trim takes BOM and U+3000
    assert sanitize_path_segment("张三") == sanitize_path_segment("") == "main"
    assert sanitize_path_segment("Direct_Web_Alice") == "direct_web_alice"
    assert js_trim("\x85a\x85") == "\x85a\x85"  # Python's strip() would take NEL, JavaScript not


@given(st.text())
def test_sanitized_parts_are_folder_names_and_stable(value: str) -> None:
    part = sanitize(value)
    assert part and all(c in "abcdefghijklmnopqrstuvwxyz0123456789_-" for c in part)
    assert not part.startswith("_") and not part.endswith("_")
    assert sanitize(part) == part


def test_non_latin_and_case_differing_senders_collide() -> None:
    keys = {
        resolve_scope_key(ChannelContext("ios", "c", True, sender)).key
        for sender in ("张三", "李四")
    }
    assert keys == {"direct_ios_unknown"}
    shared = colliding_scopes(["main", "group_web_sess_42", "direct_ios_unknown", "unknown"])
    assert [s.scope for s in shared] == ["direct_ios_unknown", "unknown"]
    assert "张三" in shared[0].why and "shares this scope" in shared[0].why


def test_dingtalk_sender_scopes_are_named_lossy() -> None:
    key = resolve_scope_key(ChannelContext("dingtalk", "c", True, "$:LWCP_v1:$Xy9+Zz==")).key
    same = resolve_scope_key(ChannelContext("dingtalk", "c", True, "$:LWCP_v1:$xY9/zZ")).key
    assert key == same == "direct_lwcp_v1_xy9_zz"
    (shared,) = colliding_scopes([key, "direct_u1234", "group_cidabc", "direct_unknownx"])
    assert shared.scope == key and "lower case" in shared.why
