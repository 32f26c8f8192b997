"""Pomeloclaw's memory scope keys: which folder under ``memory/scopes/`` a conversation's
memories go to (spec/pomeloclaw.md 1.2, ``src/middleware/memory-scope.ts``).

A key is made of the channel, the sender or the conversation, lower-cased and with every run of
other characters than ``a-z0-9_-`` turned into one ``_``: a scope's name cannot be turned back
into the sender it is for, and senders whose IDs differ only in case or in non-Latin letters
share one scope (``colliding_scopes`` names the folders where MemDesk can tell).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple

from core.formats.js import js_trim
from core.messages import say

__all__ = [
    "DEFAULT_ISOLATION",
    "ChannelContext",
    "IsolationConfig",
    "ScopeKey",
    "SharedScope",
    "colliding_scopes",
    "resolve_scope_key",
    "sanitize",
    "sanitize_path_segment",
]

_OTHER_CHARS: Final = re.compile(r"[^a-z0-9_-]+")
_DINGTALK: Final = "dingtalk"
_WEB: Final = "web"
_MAIN: Final = "main"
_UNKNOWN: Final = "unknown"
_DINGTALK_SENDER: Final = re.compile(r"direct_lwcp_v\d+_")  # from "$:LWCP_v1:$<base64>"

ScopeKind = Literal["main", "direct", "group"]


def sanitize(value: str) -> str:
    """``sanitizeScopePart``: one part of a key (a channel, a sender, a conversation)."""
    return _lossy(value) or _UNKNOWN


def sanitize_path_segment(scope: str) -> str:
    """``sanitizeScopePathSegment``: the folder the agent's prompt reads a scope's files from."""
    return _lossy(scope) or _MAIN


def _lossy(value: str) -> str:
    folded = js_trim(value).lower()
    return _OTHER_CHARS.sub("_", folded).strip("_") if folded else ""


@dataclass(frozen=True, slots=True)
class ChannelContext:
    """The conversation a message comes from (the agent's channel conversation context)."""

    channel: str
    conversation_id: str
    is_direct: bool
    sender_id: str

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ChannelContext:
        """From the agent's own field names (channel, conversationId, isDirect, senderId)."""
        return cls(
            str(data["channel"]),
            str(data["conversationId"]),
            bool(data["isDirect"]),
            str(data["senderId"]),
        )


@dataclass(frozen=True, slots=True)
class IsolationConfig:
    """``agent.memory.session_isolation``; the defaults are the agent's."""

    enabled: bool = True
    direct_scope: Literal["main", "direct"] = "direct"
    web_direct_scope: Literal["main", "direct"] = "main"
    group_scope_prefix: str = "group_"

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> IsolationConfig:
        """From the agent's config section (keys it does not use here are ignored)."""
        default = DEFAULT_ISOLATION
        return cls(
            bool(data.get("enabled", default.enabled)),
            "main" if data.get("direct_scope", default.direct_scope) == "main" else "direct",
            "direct"
            if data.get("web_direct_scope", default.web_direct_scope) == "direct"
            else "main",
            str(data.get("group_scope_prefix", default.group_scope_prefix)),
        )


DEFAULT_ISOLATION: Final = IsolationConfig()


class ScopeKey(NamedTuple):
    key: str
    kind: ScopeKind


def resolve_scope_key(
    context: ChannelContext | None, config: IsolationConfig = DEFAULT_ISOLATION
) -> ScopeKey:
    """``resolveMemoryScope``: the scope of a conversation (None: no channel, the main scope)."""
    if context is None or not config.enabled:
        return ScopeKey(_MAIN, "main")
    channel = sanitize(context.channel)
    if context.is_direct:
        mode = config.web_direct_scope if channel == _WEB else config.direct_scope
        if mode != "direct":
            return ScopeKey(_MAIN, "main")
        sender = sanitize(context.sender_id)
        key = f"direct_{sender}" if channel == _DINGTALK else f"direct_{channel}_{sender}"
        return ScopeKey(key, "direct")
    conversation = sanitize(context.conversation_id)
    prefix = config.group_scope_prefix
    key = f"{prefix}{conversation}" if channel == _DINGTALK else f"{prefix}{channel}_{conversation}"
    return ScopeKey(key, "group")


class SharedScope(NamedTuple):
    """A scope folder whose name shows that several senders may share it, and why."""

    scope: str
    why: str


def colliding_scopes(scope_names: Iterable[str]) -> list[SharedScope]:
    """The scopes among ``scope_names`` that several senders (or conversations) may share."""
    found: list[SharedScope] = []
    for name in scope_names:
        if name == _UNKNOWN or name.endswith("_" + _UNKNOWN):
            found.append(SharedScope(name, _unknown_why(name)))
        elif _DINGTALK_SENDER.match(name):
            found.append(SharedScope(name, _folded_why(name)))
    return found


def _unknown_why(name: str) -> str:
    return say(
        "{name}: the agent names a scope after the sender's or conversation's ID with only "
        "Latin letters, digits, '_' and '-' kept; an ID with none of those (such as 张三 or "
        "李四) becomes 'unknown', so everyone with such an ID shares this scope and reads the "
        "others' memories",
        name=name,
    )


def _folded_why(name: str) -> str:
    return say(
        "{name}: the agent names this scope after a DingTalk sender ID ($:LWCP_v1:$…) in lower "
        "case with '$', ':', '+', '/' and '=' dropped; two senders whose IDs differ only there "
        "would share it (unlikely, but the folder name cannot tell them apart)",
        name=name,
    )
