"""OpenClaw's short-term recall store (spec/openclaw.md §4, §8.2): the legacy
`memory/.dreams/short-term-recall.json` and `phase-signals.json`, normalised as the agent's
doctor imports them. Ranking and gates: core.agents.openclaw.ranking; snippet text and concept
tags: core.agents.openclaw.snippets.

Everything here works on JSON values already read (no I/O). Numbers, strings and their
lengths follow the agent's JavaScript: lengths and cuts are in UTF-16 units, whitespace is
JavaScript's, fixed-point output rounds halves up.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from core.agents.openclaw.curated import normalize_project_key
from core.agents.openclaw.snippets import (
    derive_concept_tags,
    is_contaminated_snippet,
    normalize_snippet,
)
from core.formats.js import js_trim, js_trim_end, truncate_utf16, utf16_len

JsonObject = dict[str, Any]
DAY_MS = 86_400_000


def js_to_fixed(value: float, digits: int) -> str:
    """Number.prototype.toFixed (halves of the exact binary value round up)."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    quantum = Decimal(1).scaleb(-digits)
    magnitude = Decimal(abs(value)).quantize(quantum, rounding=ROUND_HALF_UP)
    text = f"{magnitude:f}"
    return f"-{text}" if value < 0 and magnitude != 0 else text


def js_number_text(value: float) -> str:
    """String(number) for the numbers the agent prints in reasons."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if float(value).is_integer() and abs(value) < 1e21:
        return str(int(value))
    text = repr(float(value))
    if "e" in text:
        mantissa, exponent = text.split("e")
        text = f"{mantissa}e{'+' if int(exponent) > 0 else '-'}{abs(int(exponent))}"
    return text


_NUMERIC_TEXT = re.compile(r"[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|Infinity)")


def js_number(value: Any) -> float:
    """Number(value) for JSON values."""
    if value is None:
        return 0.0
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        text = js_trim(value)
        if not text:
            return 0.0
        if re.fullmatch(r"0[xX][0-9a-fA-F]+", text):
            return float(int(text, 16))
        if re.fullmatch(r"0[oO][0-7]+", text):
            return float(int(text[2:], 8))
        if re.fullmatch(r"0[bB][01]+", text):
            return float(int(text[2:], 2))
        if _NUMERIC_TEXT.fullmatch(text):
            return float(text.replace("Infinity", "inf"))
        return math.nan
    if isinstance(value, list):
        if not value:
            return 0.0
        if len(value) == 1 and not isinstance(value[0], list | dict):
            inner = value[0]
            return js_number("" if inner is None else js_string(inner))
        return math.nan
    return math.nan


def js_string(value: Any) -> str:
    """String(value) for JSON scalars."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return js_number_text(value)
    return str(value)


def is_finite(value: float) -> bool:
    return not (math.isnan(value) or math.isinf(value))


def clamp_score(value: float) -> float:
    """clampScore: 0 for non-finite values, else within 0..1."""
    if not is_finite(value):
        return 0.0
    return max(0.0, min(1.0, value))


def _floor_nonneg(value: Any) -> int | float:
    """Math.max(0, Math.floor(Number(value) || 0))."""
    number = js_number(value)
    if math.isnan(number) or number == 0:
        return 0
    if math.isinf(number):
        return number if number > 0 else 0
    return max(0, math.floor(number))


def to_finite_score(value: Any, fallback: float) -> float:
    number = js_number(value) if value is not None else math.nan
    if not is_finite(number) or number < 0 or number > 1:
        return fallback
    return number


def to_finite_nonneg_int(value: Any, fallback: int) -> int:
    number = js_number(value) if value is not None else math.nan
    if not is_finite(number):
        return fallback
    floored = math.floor(number)
    return fallback if floored < 0 else floored


def to_finite_positive(value: Any, fallback: float) -> float:
    number = js_number(value) if value is not None else math.nan
    if not is_finite(number) or number <= 0:
        return fallback
    return number


_ISO = re.compile(
    r"([+-]\d{6}|\d{4})(?:-(\d{2})(?:-(\d{2}))?)?"
    r"(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}:\d{2})?)?"
)


def parse_date_ms(text: Any) -> float | None:
    """Date.parse for the ISO forms the agent writes (None where JavaScript gives NaN).

    A date-time without an offset is read as UTC (the agent's local time; the conformance
    data was made with TZ=UTC). Other, non-ISO forms V8 also accepts are not read here."""
    if not isinstance(text, str):
        return None
    match = _ISO.fullmatch(text)
    if not match:
        return None
    year_text, month, day, hour, minute, second, fraction, offset = match.groups()
    try:
        base = datetime(
            int(year_text),
            int(month or 1),
            int(day or 1),
            int(hour or 0),
            int(minute or 0),
            int(second or 0),
            tzinfo=UTC,
        )
    except ValueError:
        return None
    if hour == "24":
        return None
    ms = (base - datetime(1970, 1, 1, tzinfo=UTC)) // timedelta(milliseconds=1)
    ms += int((fraction or "0")[:3].ljust(3, "0"))
    if offset and offset != "Z":
        sign = 1 if offset[0] == "+" else -1
        ms -= sign * (int(offset[1:3]) * 60 + int(offset[4:6])) * 60_000
    return float(ms)


def iso_from_ms(ms: float) -> str:
    """Date.prototype.toISOString."""
    moment = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(milliseconds=ms)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


# --- paths and keys ---------------------------------------------------------------------------

_SHORT_TERM_PATH = re.compile(r"(?:^|/)memory/(?:[^/]+/)*(\d{4})-(\d{2})-(\d{2})(?:-[^/]+)?\.md$")
_DREAMING_PATH = re.compile(r"(?:^|/)memory/dreaming/")
_SESSION_CORPUS = re.compile(
    r"(?:^|/)memory/\.dreams/session-corpus/(\d{4})-(\d{2})-(\d{2})\.(?:md|txt)$"
)
_SHORT_TERM_BASENAME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:-[^/]+)?\.md$")


def normalize_memory_path(raw: str) -> str:
    text = raw.replace("\\", "/")
    return text[2:] if text.startswith("./") else text


def is_short_term_path(path: str) -> bool:
    """Paths whose recalls the agent tracks: dated daily notes and session corpus files."""
    normalized = normalize_memory_path(path)
    if _DREAMING_PATH.search(normalized):
        return False
    return bool(
        _SHORT_TERM_PATH.search(normalized)
        or _SESSION_CORPUS.search(normalized)
        or _SHORT_TERM_BASENAME.search(normalized)
    )


def is_session_corpus_path(path: str) -> bool:
    return bool(_SESSION_CORPUS.search(normalize_memory_path(path)))


def normalize_project_keys(value: Any) -> str | None:
    """normalizeProjectKeyList: `;`-separated keys as the agent compares them, invalid ones
    left out, joined with "; "."""
    if not isinstance(value, str):
        return None
    keys = dict.fromkeys(k for k in map(normalize_project_key, value.split(";")) if k)
    return "; ".join(keys) if keys else None


# --- store normalisation ----------------------------------------------------------------------

SNIPPET_MAX_UNITS = 800
MAX_ENTRIES = 512
_ORIGINS = ("owner", "agent", "system", "untrusted")
_SESSION_KINDS = ("interactive", "cron", "heartbeat", "subagent", "unknown")


def _distinct_strings(values: list[Any], limit: int) -> list[str]:
    seen: list[str] = []
    for value in values:
        if not isinstance(value, str):
            continue
        text = js_trim(value)
        if text and text not in seen:
            seen.append(text)
            if len(seen) >= limit:
                break
    return seen


def _iso_day(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    match = re.match(r"(\d{4}-\d{2}-\d{2})", js_trim(value))
    return match.group(1) if match else None


def _provenance(raw: Any, last_recalled_at: str, now_iso: str) -> JsonObject | None:
    if not isinstance(raw, dict):
        return None
    origin = raw.get("originClass")
    kind = raw.get("sessionKind")
    observed = raw.get("observedAt")
    number = isinstance(observed, int | float) and not isinstance(observed, bool)
    if not number or not is_finite(float(observed or 0)):
        fallback = parse_date_ms(last_recalled_at)
        fallback = fallback if fallback is not None else parse_date_ms(now_iso)
        observed = None if fallback is None else _num(fallback)
    result: JsonObject = {
        "originClass": origin if origin in _ORIGINS else "untrusted",
        "sessionKind": kind if kind in _SESSION_KINDS else "unknown",
        "observedAt": observed,
    }
    supersedes = raw.get("supersedesKey")
    if isinstance(supersedes, str) and js_trim(supersedes):
        result["supersedesKey"] = js_trim(supersedes)
    return result


def _entry_key(path: str, start: float, end: float, claim_hash: str | None) -> str:
    base = f"memory:{path}:{js_number_text(start)}:{js_number_text(end)}"
    return f"{base}:{claim_hash}" if claim_hash else base


def _is_integer(number: float) -> bool:
    return is_finite(number) and number.is_integer()


def _num(value: float | int) -> float | int:
    """A whole number as int (JSON writes 4, not 4.0), else the float."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def normalize_recall_entry(key: str, value: Any, now_iso: str) -> JsonObject | None:
    """One entry as normalizeShortTermRecallStore keeps it, or None when the agent drops it
    (no `source: "memory"`, no path or line numbers, or a contaminated snippet)."""
    if not isinstance(value, dict):
        return None
    path = normalize_memory_path(value["path"]) if isinstance(value.get("path"), str) else ""
    start = js_number(value["startLine"]) if "startLine" in value else math.nan
    end = js_number(value["endLine"]) if "endLine" in value else math.nan
    if (
        not path
        or not _is_integer(start)
        or not _is_integer(end)
        or value.get("source") != "memory"
    ):
        return None
    daily = _floor_nonneg(value.get("dailyCount"))
    grounded = _floor_nonneg(value.get("groundedCount"))
    total = js_number(value.get("totalScore"))
    max_score = js_number(value.get("maxScore"))
    first = value.get("firstRecalledAt")
    last = value.get("lastRecalledAt")
    first = first if isinstance(first, str) else now_iso
    last = last if isinstance(last, str) else now_iso
    claim = value.get("claimHash")
    claim = js_trim(claim) if isinstance(claim, str) and js_trim(claim) else None
    full_snippet = (
        normalize_snippet(value["snippet"]) if isinstance(value.get("snippet"), str) else ""
    )
    if full_snippet and is_contaminated_snippet(
        full_snippet, allow_transcript_turn=is_session_corpus_path(path)
    ):
        return None
    snippet = full_snippet
    if utf16_len(snippet) > SNIPPET_MAX_UNITS:
        snippet = js_trim_end(truncate_utf16(snippet, SNIPPET_MAX_UNITS))
    raw_queries = value.get("queryHashes")
    queries = _distinct_strings(raw_queries, 32) if isinstance(raw_queries, list) else []
    raw_user = value.get("userQueryHashes")
    user_queries = (
        _distinct_strings(raw_user, 32)
        if isinstance(raw_user, list)
        else (queries if daily == 0 and grounded == 0 else None)
    )
    raw_days = value.get("recallDays")
    days = [d for d in (_iso_day(x) for x in raw_days) if d] if isinstance(raw_days, list) else []
    raw_tags = value.get("conceptTags")
    if isinstance(raw_tags, list):
        lowered = [js_trim(t).lower() if isinstance(t, str) else t for t in raw_tags]
        tags = _distinct_strings(lowered, 8)
    else:
        tags = derive_concept_tags(path, full_snippet).tags
    entry: JsonObject = {
        "key": key or _entry_key(path, start, end, claim),
        "path": path,
        "startLine": int(start),
        "endLine": int(end),
        "source": "memory",
        "snippet": snippet,
        "recallCount": _floor_nonneg(value.get("recallCount")),
        "dailyCount": daily,
        "groundedCount": grounded,
        "totalScore": _num(0 if math.isnan(total) else max(0.0, total)),
        "maxScore": _num(clamp_score(0 if math.isnan(max_score) else max_score)),
        "firstRecalledAt": first,
        "lastRecalledAt": last,
        "queryHashes": queries,
    }
    if user_queries is not None:
        entry["userQueryHashes"] = user_queries
    entry["recallDays"] = days[-16:]
    entry["conceptTags"] = tags
    provenance = _provenance(value.get("provenance"), last, now_iso)
    if provenance:
        entry["provenance"] = provenance
    if claim:
        entry["claimHash"] = claim
    project = normalize_project_keys(value.get("projectKey"))
    if project:
        entry["projectKey"] = project
    if isinstance(value.get("promotedAt"), str) and value["promotedAt"]:
        entry["promotedAt"] = value["promotedAt"]
    return entry


def normalize_recall_store(raw: Any, now_iso: str) -> JsonObject:
    """normalizeShortTermRecallStore, the call `openclaw doctor` makes when it imports the
    legacy JSON store: entries it cannot use are dropped, missing fields filled."""
    if not isinstance(raw, dict):
        return {"version": 1, "updatedAt": now_iso, "entries": {}}
    entries: JsonObject = {}
    raw_entries = raw.get("entries")
    if isinstance(raw_entries, dict):
        for key, value in raw_entries.items():
            entry = normalize_recall_entry(key, value, now_iso)
            if entry is not None:
                entries[entry["key"]] = entry
    updated = raw.get("updatedAt")
    return {
        "version": 1,
        "updatedAt": updated if isinstance(updated, str) else now_iso,
        "entries": entries,
    }


def normalize_phase_signals(raw: Any, now_iso: str) -> JsonObject:
    """normalizeShortTermPhaseSignalStore: entries without light or REM hits are dropped."""
    if not isinstance(raw, dict) or not isinstance(raw.get("entries"), dict):
        return {"version": 1, "updatedAt": now_iso, "entries": {}}
    entries: JsonObject = {}
    for map_key, value in raw["entries"].items():
        if not isinstance(value, dict):
            continue
        key = _non_blank(value.get("key")) or map_key
        light = to_finite_nonneg_int(value.get("lightHits"), 0)
        rem = to_finite_nonneg_int(value.get("remHits"), 0)
        if light == 0 and rem == 0:
            continue
        entry: JsonObject = {"key": key, "lightHits": light, "remHits": rem}
        for name in ("lastLightAt", "lastRemAt", "lastRemConsideredAt"):
            text = _non_blank(value.get(name))
            if text:
                entry[name] = text
        entries[key] = entry
    return {
        "version": 1,
        "updatedAt": _non_blank(raw.get("updatedAt")) or now_iso,
        "entries": entries,
    }


def _non_blank(value: Any) -> str | None:
    return value if isinstance(value, str) and js_trim(value) else None


def signal_count(entry: Mapping[str, Any]) -> int:
    """recallCount + dailyCount + groundedCount."""
    return sum(
        int(max(0, math.floor(js_number(entry.get(name) or 0))))
        for name in ("recallCount", "dailyCount", "groundedCount")
    )


def retained_keys(store: Mapping[str, Any]) -> list[str]:
    """Keys the agent keeps when a store holds more than 512 entries (newest recall first)."""
    entries: dict[str, JsonObject] = store.get("entries", {})
    if len(entries) <= MAX_ENTRIES:
        return list(entries)

    def order(item: tuple[str, JsonObject]) -> tuple[float, int, float, float, float, str]:
        key, entry = item
        last = parse_date_ms(entry.get("lastRecalledAt"))
        promoted = parse_date_ms(entry.get("promotedAt"))
        return (
            -(last if last is not None else -math.inf),
            -signal_count(entry),
            -float(entry.get("totalScore", 0)),
            -float(entry.get("maxScore", 0)),
            -(promoted if promoted is not None else -math.inf),
            key,
        )

    return sorted(k for k, _ in sorted(entries.items(), key=order)[:MAX_ENTRIES])
