"""What a memory's text alone says about it (SPEC 4 triggers): a secret written into it, junk an
agent wrote by mistake, a temporary state that must never be promoted, a todo past its date.
Pure functions; each finding says in words what fired."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime

from core.review.model import Memory

__all__ = ["SecretHit", "find_junk", "find_secret", "find_temporary", "is_expired", "mask_secrets"]


@dataclass(frozen=True, slots=True)
class SecretHit:
    kind: str
    start: int
    end: int


# (kind, pattern); the secret is group "s" where given, else the whole match.
_SECRETS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        (
            "private key",
            r"-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----[\s\S]*?(?:-----END (?:[A-Z]+ )?PRIVATE KEY-----|$)",
        ),
        ("Anthropic API key", r"\bsk-ant-[A-Za-z0-9_\-]{20,}"),
        ("OpenAI API key", r"\bsk-(?:proj-)?[A-Za-z0-9_\-]{20,}"),
        ("Stripe key", r"\b[sr]k_live_[A-Za-z0-9]{16,}"),
        ("AWS access key", r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b"),
        ("GitHub token", r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})"),
        ("Slack token", r"\bxox[abprs]-[A-Za-z0-9\-]{10,}"),
        ("Google API key", r"\bAIza[A-Za-z0-9_\-]{35}\b"),
        ("JSON web token", r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"),
        ("bearer token", r"(?i)\bbearer\s+(?P<s>[A-Za-z0-9._\-+/=]{16,})"),
        (
            "password in a connection string",
            r"\b[a-z][a-z0-9+.\-]*://[^\s:/@]+:(?P<s>[^\s@/]{3,})@",
        ),
        (
            "password",
            r"(?i)(?:\b(?:password|passwd|pwd|passcode)\b|密码|口令)\s*(?:is|是|为|[:：=])\s*(?P<s>[^\s，。,;；]{4,})",
        ),
        (
            "token",
            r"(?i)\b(?:api[_\- ]?key|secret|token|access[_\- ]?key)\b\s*(?:is|[:：=])\s*(?P<s>[A-Za-z0-9._\-+/=]{12,})",
        ),
    )
)


def _secrets(text: str) -> list[SecretHit]:
    found: list[SecretHit] = []
    for kind, pattern in _SECRETS:
        for match in pattern.finditer(text):
            group = "s" if "s" in pattern.groupindex and match.group("s") else 0
            start, end = match.span(group)
            if not any(h.start < end and start < h.end for h in found):
                found.append(SecretHit(kind, start, end))
    return sorted(found, key=lambda h: h.start)


def find_secret(text: str) -> SecretHit | None:
    """The first key, token, password or private key in the text, if any."""
    found = _secrets(text)
    return found[0] if found else None


def mask_secrets(text: str) -> str:
    """The text with every secret hidden but for its first 3 characters (for lists)."""
    out, last = [], 0
    for hit in _secrets(text):
        out.append(text[last : hit.start])
        out.append(text[hit.start : hit.start + min(3, hit.end - hit.start)] + "…[hidden]")
        last = hit.end
    out.append(text[last:])
    return "".join(out)


# -- junk -------------------------------------------------------------------------------------------
_COMMAND = re.compile(
    r"^\s*(?:\$\s+|#\s+)?(?:sudo\s+)?(?:ls|cd|cat|rm|cp|mv|mkdir|chmod|chown|grep|find|curl|wget|"
    r"git|npm|pnpm|yarn|pip|pip3|python3?|node|docker|kubectl|make|apt|apt-get|brew|ssh|scp|"
    r"export|echo|tail|head|systemctl|journalctl)\b[^\n]*$"
)
_SHELL_SYNTAX = re.compile(r"^\s*[$#]\s|^\s*sudo\s|\s-{1,2}\w|[/~|&>;=]|\s\.\S*$")
_METADATA = re.compile(
    r"\[(?:score|importance|source|activation_count|last_activated)\s*[=:][^\]]*\]"
    r"|^\s*(?:importance|activation_count|last_activated|score)\s*[:=]\s*[\d.]+\s*$",
    re.IGNORECASE | re.MULTILINE,
)
_CANDIDATE = re.compile(r"^\s*Candidate\s*:", re.IGNORECASE | re.MULTILINE)
_TURN = re.compile(
    r"^\s*(?:User|Assistant|Human|AI|System|用户|助手|主人|小祥)\s*[:：]\s*\S", re.MULTILINE
)
_DANGLING = re.compile(
    r"(?:(?<![\w-])(?:and|or|but|to|the|a|of|with|because|that|which)\s*|[,，、])$",
    re.IGNORECASE,
)
_CJK = re.compile(r"[\u3400-\u9fff]")
_DANGLING_ZH = ("和", "与", "或", "但是", "因为", "喜欢", "想要", "需要", "，")


def find_junk(text: str) -> str | None:
    """Why the text looks written by mistake (quoting what fired), else None."""
    stripped = text.strip()
    if not re.sub(r"[\W_]+", "", stripped):
        return "it is empty or only punctuation"
    lines = [line for line in stripped.splitlines() if line.strip()]
    if all(_COMMAND.match(line) and _SHELL_SYNTAX.search(line) for line in lines):
        return f"it is a shell command: {_short(lines[0])}"
    checks = ((_METADATA, "it holds scoring metadata"), (_CANDIDATE, "it is a Candidate: line"),
              (_TURN, "it is a transcript turn"))  # fmt: skip
    for pattern, why in checks:
        match = pattern.search(stripped)
        if match is not None:
            return f"{why}: {_short(match.group(0))}"
    if len(lines) == 1 and _half_sentence(stripped):
        return f"it is a half sentence: {_short(stripped)}"
    return None


def _half_sentence(text: str) -> bool:
    if _CJK.search(text):
        return len(text) <= 12 and text.endswith(_DANGLING_ZH)
    return len(text.split()) <= 8 and _DANGLING.search(text) is not None


def _short(text: str) -> str:
    text = " ".join(text.split())
    return f"“{text[:60]}…”" if len(text) > 60 else f"“{text}”"


# -- temporary states and expiry --------------------------------------------------------------------
_TEMPORARY_EN = re.compile(
    r"\b(today|tonight|this (?:morning|afternoon|evening|week)|right now|at the moment|"
    r"currently|just now|tomorrow|yesterday)\b",
    re.IGNORECASE,
)
_TEMPORARY_ZH = (
    "今天",
    "今晚",
    "刚才",
    "刚刚",
    "现在",
    "这周",
    "本周",
    "明天",
    "昨天",
    "此刻",
    "目前",
    "最近",
)


def find_temporary(text: str) -> str | None:
    """The word that makes the text a temporary state ("today", "今天", …), else None."""
    match = _TEMPORARY_EN.search(text)
    if match is not None:
        return match.group(1)
    return next((word for word in _TEMPORARY_ZH if word in text), None)


def is_expired(memory: Memory, today: date) -> str | None:
    """ "expired on DATE" for a todo whose expires_at is before today."""
    if memory.category != "todo" or not memory.expires_at:
        return None
    try:
        when = datetime.fromisoformat(memory.expires_at.strip().replace("Z", "+00:00")).date()
    except ValueError:
        try:
            when = date.fromisoformat(memory.expires_at.strip()[:10])
        except ValueError:
            return None
    return f"a todo that expired on {when.isoformat()}" if when < today else None
