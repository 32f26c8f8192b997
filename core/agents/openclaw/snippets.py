"""What a recalled snippet says, as OpenClaw reads it: its normal form, its concept tags and
whether it is contaminated (transcript turns, diffs, narrative leads). Lengths and whitespace
follow the agent's JavaScript; dictionary scripts are kept whole (see ConceptTags.exact).

Concept tags: the agent splits text into words with the ICU word segmenter. Text in scripts
ICU cuts with a dictionary (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar) cannot be cut
exactly here; such runs are kept whole and the tags are marked inexact (`ConceptTags.exact`).
Tags stored in an entry are always kept as stored.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from core.formats.js import JS_SPACE_RUN, js_trim, truncate_utf16, utf16_len

# --- JavaScript semantics -------------------------------------------------------------------


def normalize_snippet(raw: str) -> str:
    """normalizeSnippet: trimmed, every whitespace run one space."""
    return JS_SPACE_RUN.sub(" ", js_trim(raw))


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
