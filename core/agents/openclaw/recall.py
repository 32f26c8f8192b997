"""OpenClaw's short-term recall store (spec/openclaw.md §4, §8.2): the legacy
`memory/.dreams/short-term-recall.json` and `phase-signals.json`, normalised as the agent's
doctor imports them, ranked as its deep sweep ranks them, and the gates a candidate meets.

Everything here works on JSON values already read (no I/O). Numbers, strings and their
lengths follow the agent's JavaScript: lengths and cuts are in UTF-16 units, whitespace is
JavaScript's, fixed-point output rounds halves up.

Concept tags: the agent splits text into words with the ICU word segmenter. Text in scripts
ICU cuts with a dictionary (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar) cannot be cut
exactly here; such runs are kept whole and the tags are marked inexact (`ConceptTags.exact`).
Tags stored in an entry are always kept as stored.
"""

from __future__ import annotations

import math
import posixpath
import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from core.agents.openclaw.curated import normalize_project_key
from core.formats.js import JS_SPACE, js_trim, js_trim_end, truncate_utf16, utf16_len

JsonObject = dict[str, Any]

# --- JavaScript semantics -------------------------------------------------------------------

_JS_SPACE_RUN = re.compile(f"[{JS_SPACE}]+")
DAY_MS = 86_400_000


def normalize_snippet(raw: str) -> str:
    """normalizeSnippet: trimmed, every whitespace run one space."""
    return _JS_SPACE_RUN.sub(" ", js_trim(raw))


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


def _finite(value: float) -> bool:
    return not (math.isnan(value) or math.isinf(value))


def clamp_score(value: float) -> float:
    """clampScore: 0 for non-finite values, else within 0..1."""
    if not _finite(value):
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
    if not _finite(number) or number < 0 or number > 1:
        return fallback
    return number


def to_finite_nonneg_int(value: Any, fallback: int) -> int:
    number = js_number(value) if value is not None else math.nan
    if not _finite(number):
        return fallback
    floored = math.floor(number)
    return fallback if floored < 0 else floored


def to_finite_positive(value: Any, fallback: float) -> float:
    number = js_number(value) if value is not None else math.nan
    if not _finite(number) or number <= 0:
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


# --- concept tags ---------------------------------------------------------------------------

_STOP_WORDS = frozenset(
    """about after agent again also assistant because before being between build called could
    daily default deploy during every file files from have into just line lines long main make
    memory month more most move much next note notes over part past port same score search
    session sessions short should since some subagent system than that their there these they
    this through today user using with work workspace year
    and are for into its our the then were you your
    al con como de del el en es la las los para por que se sin su sus una uno unos unas y
    au aux avec dans de des du en est et la le les ou pour que qui sans ses son sur une un
    auf aus bei das dem den der des die ein eine einem einen einer für im in mit nach oder
    ohne über und von zu zum zur
    が から する して した で と に の は へ まで も や を 与 为 了 及 和 在 将 或 把 是 用 的
    과 는 도 로 를 에 에서 와 은 으로 을 이 하다 한 할 해 했다
    cjs cpp cts jsx json md mjs mts text toml ts tsx txt yaml yml""".split()  # noqa: SIM905
)
_GLOSSARY = tuple(
    unicodedata.normalize("NFKC", word).lower()
    for word in """backup backups embedding embeddings failover gateway glacier gpt kv network
    openai router s3 vlan sauvegarde routeur passerelle konfiguration sicherung überwachung
    configuración respaldo enrutador puerta-de-enlace バックアップ フェイルオーバー ルーター
    ネットワーク ゲートウェイ 障害対応 路由器 备份 故障转移 网络 网关 라우터 백업 페일오버 네트워크
    게이트웨이 장애대응""".split()  # noqa: SIM905
)
_HAN = ((0x2E80, 0x2FDF), (0x3005, 0x3005), (0x3007, 0x3007), (0x3021, 0x3029),
        (0x3038, 0x303B), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF),
        (0x20000, 0x3FFFF))  # fmt: skip
_HIRAGANA = ((0x3041, 0x3096), (0x309D, 0x309F), (0x1B001, 0x1B11F))
_KATAKANA = ((0x30A1, 0x30FA), (0x30FD, 0x30FF), (0x31F0, 0x31FF), (0x32D0, 0x32FE),
             (0x3300, 0x3357), (0xFF66, 0xFF6F), (0xFF71, 0xFF9D), (0x1B000, 0x1B000))  # fmt: skip
_HANGUL = ((0x1100, 0x11FF), (0x3131, 0x318E), (0xA960, 0xA97F), (0xAC00, 0xD7A3),
           (0xD7B0, 0xD7FF), (0xFFA0, 0xFFDC))  # fmt: skip
_DICTIONARY_SCRIPTS = ((0x0E00, 0x0EFF), (0x1000, 0x109F), (0x1780, 0x17FF), (0xAA60, 0xAA7F))


def _in(ch: str, ranges: tuple[tuple[int, int], ...]) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in ranges)


def _has(text: str, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(_in(ch, ranges) for ch in text)


def _is_latin(ch: str) -> bool:
    return ch in "ªº" or "LATIN" in unicodedata.name(ch, "")


def _script(tag: str) -> str:
    normalized = unicodedata.normalize("NFKC", tag)
    latin = any(_is_latin(ch) for ch in normalized)
    cjk = any(_has(normalized, r) for r in (_HAN, _HIRAGANA, _KATAKANA, _HANGUL))
    if latin and cjk:
        return "mixed"
    return "cjk" if cjk else "latin" if latin else "other"


def _min_length(script: str) -> int:
    return 2 if script == "cjk" else 3


_LN = "[^\\W_]"  # a letter or number
_EDGE_NOISE = re.compile(f"^(?:(?!{_LN}).)+|(?:(?!{_LN}).)+$", re.S)
_DATED_FILE = re.compile(r"^\d{4}-\d{2}-\d{2}\.[^\W_]+$", re.A)
_COMPOUND = re.compile(f"{_LN}+(?:[._/-]{_LN}+)+")
_COMMENT = re.compile(r"<!--[\s\S]*?-->")


def _is_numeric_token(token: str) -> bool:
    """/^\\p{N}+(?:[./-]\\p{N}+)*$/u"""
    parts = re.split(r"[./-]", token)
    return all(p and all(unicodedata.category(ch).startswith("N") for ch in p) for p in parts)


def _normalize_concept_token(raw: str) -> str | None:
    token = _EDGE_NOISE.sub("", unicodedata.normalize("NFKC", raw)).replace("_", "-")
    token = js_trim(token).lower()
    if not token or not re.search(_LN, token) or utf16_len(token) > 32:
        return None
    if _is_numeric_token(token) or _DATED_FILE.match(token):
        return None
    if utf16_len(token) < _min_length(_script(token)) and token not in _GLOSSARY:
        return None
    kana_only = not _has(token, _HAN) and not _has(token, _HANGUL)
    if kana_only and (_has(token, _HIRAGANA) or _has(token, _KATAKANA)) and utf16_len(token) < 3:
        return None
    return None if token in _STOP_WORDS else token


def _glossary_matches(source: str) -> list[str]:
    text = js_trim(unicodedata.normalize("NFKC", source)).lower()
    found = []
    for entry in _GLOSSARY:
        if utf16_len(entry) < _min_length(_script(entry)):
            pattern = f"(?<!{_LN}){re.escape(entry)}(?!{_LN})"
            if re.search(pattern, text):
                found.append(entry)
        elif entry in text:
            found.append(entry)
    return found


# UAX #29 word classes as ICU's root rules use them (the colon is not a mid-letter there).
_MID_LETTER = frozenset("\u00b7\u0387\u055f\u05f4\u2027\ufe13")
_MID_NUM_LET = frozenset(".'\u2018\u2019\u2024\ufe52\uff07\uff0e")
_MID_NUM = frozenset(
    ",;\u037e\u0589\u060c\u060d\u066c\u07f8\u2044\ufe10\ufe14\ufe50\ufe54\uff0c\uff1b"
)


def _word_class(ch: str) -> str:
    if _in(ch, _HAN) or _in(ch, _HIRAGANA) or _in(ch, _DICTIONARY_SCRIPTS):
        return "dict"
    if _in(ch, _KATAKANA) or ch == "\u30fc":
        return "kata"
    category = unicodedata.category(ch)
    if category == "Nd":
        return "num"
    if category.startswith("L") or category == "Nl":
        return "letter"
    if category in ("Mn", "Mc", "Me", "Cf") or ch == "\u200d":
        return "extend"
    if category == "Pc":
        return "extnum"
    if ch in _MID_LETTER:
        return "midletter"
    if ch in _MID_NUM_LET:
        return "midnumlet"
    if ch in _MID_NUM:
        return "midnum"
    return "other"


_WORDISH = ("letter", "num", "kata", "extnum")


def _joins(classes: list[str], index: int) -> bool:
    """UAX #29 rules WB5-WB13b: no word break between classes[index - 1] and classes[index].
    Runs of dictionary-segmented scripts are kept whole (ICU would cut them into words)."""
    prev, cls = classes[index - 1], classes[index]
    before = classes[index - 2] if index >= 2 else None
    after = classes[index + 1] if index + 1 < len(classes) else None
    pairs = {("letter", "letter"), ("num", "num"), ("letter", "num"), ("num", "letter"),
             ("kata", "kata"), ("dict", "dict")}  # fmt: skip
    if (prev, cls) in pairs:
        return True
    if cls == "extnum" and prev in _WORDISH:
        return True
    if prev == "extnum" and cls in ("letter", "num", "kata"):
        return True
    mid_letter = ("midletter", "midnumlet")
    mid_num = ("midnum", "midnumlet")
    if prev == "letter" and cls in mid_letter and after == "letter":
        return True
    if before == "letter" and prev in mid_letter and cls == "letter":
        return True
    if prev == "num" and cls in mid_num and after == "num":
        return True
    return before == "num" and prev in mid_num and cls == "num"


def _segments(source: str) -> Iterator[tuple[str, bool]]:
    """Word-like segments of `source` and whether each was cut exactly as ICU cuts it."""
    classes: list[str] = []
    chars: list[str] = []
    for ch in source:
        cls = _word_class(ch)
        if cls == "extend" and classes:
            chars[-1] += ch
            continue
        classes.append(cls)
        chars.append(ch)
    start = 0
    for index in range(1, len(chars) + 1):
        if index < len(chars) and _joins(classes, index):
            continue
        kinds = set(classes[start:index])
        if kinds & {"letter", "num", "kata", "dict"}:
            yield "".join(chars[start:index]), "dict" not in kinds
        start = index


@dataclass(frozen=True, slots=True)
class ConceptTags:
    """Tags the agent derives for a snippet; `exact` is false where ICU's dictionary
    segmentation of Han/Kana/Thai text could only be approximated."""

    tags: list[str]
    exact: bool


def derive_concept_tags(path: str, snippet: str, limit: int = 8) -> ConceptTags:
    """deriveConceptTags: glossary hits, compound tokens, then words of `basename snippet`."""
    source = f"{posixpath.basename(path.rstrip('/'))} {_COMMENT.sub(' ', snippet)}"
    if limit <= 0:
        return ConceptTags([], True)
    tags: list[str] = []
    exact = True
    streams: list[Iterator[tuple[str, bool]]] = [
        ((token, True) for token in _glossary_matches(source)),
        ((m.group(), True) for m in _COMPOUND.finditer(source)),
        _segments(source),
    ]
    for stream in streams:
        for raw, cut_exactly in stream:
            token = _normalize_concept_token(raw)
            if not cut_exactly:
                exact = False
            if not token or token in tags:
                continue
            tags.append(token)
            if len(tags) >= limit:
                return ConceptTags(tags, exact)
    return ConceptTags(tags, exact)


# --- contamination ----------------------------------------------------------------------------

_CONTAMINATION = [
    re.compile(r"<!--\s*openclaw-memory-promotion:", re.I),
    re.compile(
        r"\[[^\]]*dreaming-narrative[^\]]*]\s*(?:User|Assistant):\s*Write a dream diary entry from these memory fragments:?",
        re.I,
    ),
    re.compile(
        r"\bSession Key\b.{0,260}\bSession ID\b|\bSession ID\b.{0,260}\bSession Key\b", re.I
    ),
    re.compile(r"^(?:[-*+]\s*)?Conversation Summary:", re.I),
    re.compile(
        r"Save important context from this session to the daily memory file\.\s*STRICT RULES:", re.I
    ),
    re.compile(
        r"\[\s*score=\d+(?:\.\d+)?\s+(?:signals=\d+\s+)?recalls=\d+\s+avg=\d+(?:\.\d+)?\s+source=memory/",
        re.I,
    ),
]
_TRANSCRIPT_TURN = re.compile(r"^(?:[-*+]\s*)?(?:user|assistant):\s", re.I)
_DIFF_PREFIX = re.compile(r"@@\s*-\d+(?:,\d+)?\s+[-*+]\s+", re.I)


def _strip_narrative_lead(snippet: str) -> str:
    index = 0
    while index < len(snippet):
        match = _DIFF_PREFIX.match(snippet, index)
        if match:
            index = match.end()
            continue
        ch = snippet[index]
        if ch in "[(":
            index += 1
            while index < len(snippet) and snippet[index] == " ":
                index += 1
            continue
        if ch in "-*+>" and snippet[index + 1 : index + 2] == " ":
            index += 2
            continue
        break
    return snippet[index:]


def _has_narrative_lead(snippet: str) -> bool:
    rest = _strip_narrative_lead(snippet)
    if re.match(r"(?:Candidate|Reflections?):", rest, re.I):
        return True
    head = truncate_utf16(rest, 200)
    return bool(
        re.search(r"\b(?:Candidate|Reflections?):", head, re.I)
        or re.search(r"#{1,6}\s+Reflections?\b", head, re.I)
    )


def is_contaminated_snippet(raw: str, *, allow_transcript_turn: bool = False) -> bool:
    """isContaminatedDreamingSnippet: text the agent itself generated (narratives, promotion
    lines, session summaries, transcript turns, the flush prompt) never counts as a memory."""
    snippet = normalize_snippet(raw)
    if not snippet:
        return False
    if any(p.search(snippet) for p in _CONTAMINATION):
        return True
    if not allow_transcript_turn and _TRANSCRIPT_TURN.search(snippet):
        return True
    return (
        _has_narrative_lead(snippet)
        and bool(re.search(r"\bconfidence:\s*\d", snippet, re.I))
        and bool(
            re.search(r"\bevidence:\s*(?:memory/\.dreams/session-corpus/|memory/)", snippet, re.I)
        )
        and (
            bool(
                re.search(r"\bstatus:\s*staged\b", snippet, re.I)
                and re.search(r"\brecalls:\s*\d+\b", snippet, re.I)
            )
            or bool(re.search(r"\bnote:\s*reflection\b", snippet, re.I))
        )
    )


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
    if not number or not _finite(float(observed or 0)):
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
    return _finite(number) and number.is_integer()


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


# --- ranking ----------------------------------------------------------------------------------

DEFAULT_WEIGHTS: dict[str, float] = {
    "frequency": 0.24,
    "relevance": 0.3,
    "diversity": 0.15,
    "recency": 0.15,
    "consolidation": 0.1,
    "conceptual": 0.06,
}


@dataclass(frozen=True, slots=True)
class RankOptions:
    """rankShortTermPromotionCandidates' options; None means the agent's default."""

    min_score: float | None = None  # 0.75
    min_recall_count: int | None = None  # 3
    min_unique_queries: int | None = None  # 3
    max_age_days: int | None = None  # none
    include_promoted: bool = False
    recency_half_life_days: float | None = None  # 14
    weights: Mapping[str, float] = field(default_factory=dict)
    limit: int | None = None


NO_THRESHOLDS = RankOptions(min_score=0, min_recall_count=0, min_unique_queries=0)
DEEP_SWEEP = RankOptions(max_age_days=30, limit=10)


def normalize_weights(weights: Mapping[str, float]) -> dict[str, float]:
    merged = {name: max(0.0, float(weights.get(name, w))) for name, w in DEFAULT_WEIGHTS.items()}
    total = sum(merged.values())
    if total <= 0:
        return dict(DEFAULT_WEIGHTS)
    return {name: value / total for name, value in merged.items()}


def recency(age_days: float, half_life_days: float) -> float:
    if not _finite(age_days) or age_days < 0 or not _finite(half_life_days) or half_life_days <= 0:
        return 1.0
    return math.exp(-(math.log(2) / half_life_days) * age_days)


def consolidation_component(recall_days: list[str]) -> float:
    if not recall_days:
        return 0.0
    if len(recall_days) == 1:
        return 0.2
    parsed = sorted(
        ms
        for ms in (parse_date_ms(f"{day}T00:00:00.000Z") for day in recall_days)
        if ms is not None
    )
    if len(parsed) <= 1:
        return 0.2
    span_days = max(0.0, (parsed[-1] - parsed[0]) / DAY_MS)
    spacing = clamp_score(math.log1p(len(parsed) - 1) / math.log1p(4))
    return clamp_score(0.55 * spacing + 0.45 * clamp_score(span_days / 7))


def _phase_age(stamp: Any, now_ms: float) -> float | None:
    parsed = parse_date_ms(stamp) if stamp else None
    return None if parsed is None else max(0.0, (now_ms - parsed) / DAY_MS)


def phase_boost(signal: Mapping[str, Any] | None, now_ms: float) -> float:
    """Up to 0.06 for light-sleep hits and 0.09 for REM hits, fading with a 14-day half-life."""
    if not signal:
        return 0.0
    light = clamp_score(math.log1p(max(0, signal["lightHits"])) / math.log1p(6))
    rem = clamp_score(math.log1p(max(0, signal["remHits"])) / math.log1p(6))
    light_age = _phase_age(signal.get("lastLightAt"), now_ms)
    rem_age = _phase_age(signal.get("lastRemAt"), now_ms)
    light_recency = 0.0 if light_age is None else clamp_score(recency(light_age, 14))
    rem_recency = 0.0 if rem_age is None else clamp_score(recency(rem_age, 14))
    return clamp_score(0.06 * light * light_recency + 0.09 * rem * rem_recency)


def is_origin_blocked(candidate: Mapping[str, Any]) -> bool:
    """untrusted or system origin: never promoted on any path."""
    provenance = candidate.get("provenance") or {}
    return provenance.get("originClass") in ("untrusted", "system")


def _collation_key(text: str) -> tuple[str, str]:
    # localeCompare approximated: case-insensitive first, then case.
    return (text.casefold(), text.swapcase())


def rank_candidates(
    store: Mapping[str, Any],
    phases: Mapping[str, Any] | None,
    now_ms: float,
    options: RankOptions = RankOptions(),
) -> list[JsonObject]:
    """rankShortTermPromotionCandidates over a store and its phase signals (raw or normalised:
    both are normalised first, as the agent reads them)."""
    now_iso = iso_from_ms(now_ms)
    normal = normalize_recall_store(store, now_iso)
    keep = retained_keys(normal)
    signals = normalize_phase_signals(phases, now_iso)["entries"]
    min_score = to_finite_score(options.min_score, 0.75)
    min_signals = to_finite_nonneg_int(options.min_recall_count, 3)
    min_queries = to_finite_nonneg_int(options.min_unique_queries, 3)
    max_age = to_finite_nonneg_int(options.max_age_days, -1)
    half_life = to_finite_positive(options.recency_half_life_days, 14)
    weights = normalize_weights(options.weights)
    found: list[JsonObject] = []
    for key in keep:
        entry = normal["entries"][key]
        candidate = _rank_entry(entry, signals.get(entry["key"]), now_ms, weights, half_life)
        if candidate is None or (entry.get("promotedAt") and not options.include_promoted):
            continue
        if candidate["signalCount"] < min_signals or candidate["uniqueQueries"] < min_queries:
            continue
        if max_age >= 0 and candidate["ageDays"] > max_age:
            continue
        if candidate.pop("_raw_score") < min_score:
            continue
        found.append(candidate)
    found.sort(key=lambda c: _collation_key(c["path"]))
    found.sort(key=lambda c: (-c["score"], -c["recallCount"]))
    limit = options.limit if options.limit is not None else len(found)
    return found[: max(0, limit)]


def _rank_entry(
    entry: JsonObject,
    signal: JsonObject | None,
    now_ms: float,
    weights: dict[str, float],
    half_life: float,
) -> JsonObject | None:
    if not is_short_term_path(entry["path"]) or is_origin_blocked(entry):
        return None
    if is_contaminated_snippet(
        entry["snippet"], allow_transcript_turn=is_session_corpus_path(entry["path"])
    ):
        return None
    signals = signal_count(entry)
    if signals <= 0:
        return None
    avg = clamp_score(entry["totalScore"] / max(1, signals))
    frequency = clamp_score(math.log1p(signals) / math.log1p(10))
    queries = len(entry.get("userQueryHashes") or [])
    last_ms = parse_date_ms(entry["lastRecalledAt"])
    age = max(0.0, (now_ms - last_ms) / DAY_MS) if last_ms is not None else 0.0
    components = {
        "frequency": frequency,
        "relevance": avg,
        "diversity": clamp_score(queries / 5),
        "recency": clamp_score(recency(age, half_life)),
        "consolidation": max(
            consolidation_component(entry["recallDays"]),
            clamp_score(entry["groundedCount"] / 3),
        ),
        "conceptual": clamp_score(len(entry["conceptTags"]) / 6),
    }
    score = sum(weights[name] * value for name, value in components.items())
    score += phase_boost(signal, now_ms)
    candidate: JsonObject = {
        name: entry[name] for name in ("key", "path", "startLine", "endLine", "source", "snippet")
    }
    candidate.update(
        recallCount=entry["recallCount"],
        dailyCount=entry["dailyCount"],
        groundedCount=entry["groundedCount"],
        signalCount=signals,
        avgScore=avg,
        maxScore=clamp_score(entry["maxScore"]),
        uniqueQueries=queries,
    )
    for optional in ("claimHash", "projectKey", "promotedAt"):
        if entry.get(optional):
            candidate[optional] = entry[optional]
    candidate.update(
        firstRecalledAt=entry["firstRecalledAt"],
        lastRecalledAt=entry["lastRecalledAt"],
        ageDays=age,
        score=clamp_score(score),
        recallDays=entry["recallDays"],
        conceptTags=entry["conceptTags"],
        components=components,
    )
    if entry.get("provenance"):
        candidate["provenance"] = entry["provenance"]
    candidate["_raw_score"] = score
    return candidate


# --- apply gates ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GateOptions:
    """applyShortTermPromotions' thresholds. `consolidation` is true for the scheduled deep
    sweep, which always passes a consolidation object (spec §4.3)."""

    min_score: float | None = None  # 0.75
    min_recall_count: int | None = None  # 3
    min_unique_queries: int | None = None  # 3
    max_age_days: int | None = None  # none
    limit: int | None = None
    consolidation: bool = False


DEEP_SWEEP_GATES = GateOptions(max_age_days=30, limit=10, consolidation=True)


@dataclass(frozen=True, slots=True)
class Gate:
    """One check of the agent's apply step; `category` is the agent's own word for a
    rejection (it appears in DREAMS.md), `reason` its message when the check fails."""

    category: str
    passed: bool
    reason: str


def is_consolidation_eligible(candidate: Mapping[str, Any]) -> bool:
    """owner or agent origin; session-derived text only from interactive sessions."""
    provenance = candidate.get("provenance") or {}
    path = str(candidate.get("path", "")).replace("\\", "/")
    session = is_session_corpus_path(path) or path.startswith("sessions/")
    trusted = provenance.get("originClass") in ("owner", "agent")
    return trusted and (not session or provenance.get("sessionKind") == "interactive")


def gates(candidate: Mapping[str, Any], options: GateOptions = GateOptions()) -> list[Gate]:
    """Every apply gate for one ranked candidate, in the agent's order; the agent rejects
    for the first that fails (`first_rejection`). Rehydration, source-change and budget
    checks need the workspace's files and are not part of this list."""
    min_score = to_finite_score(options.min_score, 0.75)
    min_signals = to_finite_nonneg_int(options.min_recall_count, 3)
    min_queries = to_finite_nonneg_int(options.min_unique_queries, 3)
    max_age = to_finite_nonneg_int(options.max_age_days, -1)
    provenance = candidate.get("provenance") or {}
    score = float(candidate.get("score", 0))
    signals = int(candidate.get("signalCount", 0))
    queries = int(candidate.get("uniqueQueries", 0))
    age = float(candidate.get("ageDays", 0))
    result = [
        Gate("origin", not is_origin_blocked(candidate), f"origin filter ({provenance.get('originClass', 'undefined')})"),
    ]  # fmt: skip
    if options.consolidation:
        eligible = is_consolidation_eligible(candidate)
        result.append(
            Gate("consolidation origin/session", eligible, "consolidation origin/session filter")
        )
    result += [
        Gate("contamination", not is_contaminated_snippet(str(candidate.get("snippet", ""))), "contamination filter"),
        Gate("already promoted", not candidate.get("promotedAt"), "already promoted"),
        Gate("score threshold", score >= min_score, f"score threshold ({js_to_fixed(score, 3)} < {js_number_text(min_score)})"),
        Gate("signal threshold", signals >= min_signals, f"signal threshold ({signals} < {min_signals})"),
        Gate("query threshold", queries >= min_queries, f"query threshold ({queries} < {min_queries})"),
        Gate("age threshold", not (max_age >= 0 and age > max_age), f"age threshold ({js_to_fixed(age, 1)}d > {max_age}d)"),
    ]  # fmt: skip
    return result


def first_rejection(checks: list[Gate]) -> Gate | None:
    """The gate the agent reports, or None when all pass."""
    return next((gate for gate in checks if not gate.passed), None)


def gate_all(
    candidates: list[Mapping[str, Any]],
    options: GateOptions = GateOptions(),
) -> list[list[Gate]]:
    """`gates` for a list passed to the apply step, with the selection limit: eligible
    candidates past `limit` fail a final `selection limit` gate."""
    limit = options.limit if options.limit is not None else len(candidates)
    eligible = 0
    results = []
    for candidate in candidates:
        checks = gates(candidate, options)
        if first_rejection(checks) is None:
            eligible += 1
            checks.append(
                Gate("selection limit", eligible <= max(0, limit), f"selection limit ({limit})")
            )
        results.append(checks)
    return results


@dataclass(frozen=True, slots=True)
class Reviewed:
    """One entry of a legacy recall store as the window shows it: the agent's ranked candidate
    (score components included) and every gate of a scheduled deep sweep, passed or failed."""

    rank: int
    candidate: JsonObject
    gates: list[Gate]

    @property
    def verdict(self) -> str:
        failed = first_rejection(self.gates)
        return "would be promoted" if failed is None else f"rejected: {failed.reason}"


def review_store(
    store: Mapping[str, Any], phases: Mapping[str, Any] | None, now_ms: float
) -> list[Reviewed]:
    """Every entry the agent ranks (no thresholds, promoted ones included), best first, with
    the gates of a scheduled deep sweep (DEEP_SWEEP_GATES)."""
    ranked = rank_candidates(
        store, phases, now_ms, replace(NO_THRESHOLDS, include_promoted=True, max_age_days=None)
    )
    checked = gate_all(list(ranked), DEEP_SWEEP_GATES)
    return [Reviewed(n, c, g) for n, (c, g) in enumerate(zip(ranked, checked, strict=True), 1)]
