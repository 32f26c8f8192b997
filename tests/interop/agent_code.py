"""The agents' own reading and writing of their memory files, written after their code and
independent of MemDesk's parsers (test_agent_code.py proves each equal to the agents' recorded
outputs in tests/fixtures/). Where MemDesk already has the agent's exact writer
(EverBot's `normalize`), that writer is used and proven instead of a second copy.

- EverBot: xforce-io/alfred `src/everbot/core/memory/store.py` (MemoryStore, 603d2cf) and
  `profile_store.py` (ProfileStore, fd3a84a: the newer agent that writes memory_meta).
- PicoClaw: seanly/picoclaw `pkg/agent/memory.go` (dd622d1); the hybrid profile of
  zhaopengme/picoclaw (`json.Unmarshal` / `json.MarshalIndent` of a map[string]string).
- Pomelobot: yuki-aigc/pomelobot `src/middleware/memory-runtime.ts` chunkMarkdown and
  `memory-runtime/store-layer.ts` MemoryStoreLayer.save (e67f77d).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from core.agents.everbot import document as evdoc
from tests.cli.test_cli import HEADER_RE

# ---------------------------------------------------------------------------------------------
# EverBot

_META_RE = re.compile(r"^<!--\s*memory_meta:\s*(\{.*\})\s*-->$")
_PROCESSED_RE = re.compile(r"<!--\s*last_processed_count:\s*(\d+)\s*-->")
_MAX_ENTRIES, _MAX_TRACE_ENTRIES, _FLOOR = 30, 5, 0.05
_STATUSES = ("active", "superseded")


@dataclass(frozen=True)
class Memory:
    """A MemoryEntry as the agent holds it after `load()`."""

    id: str
    category: str
    score: float
    last_activated: str
    activation_count: int
    content: str
    meta: dict[str, Any] = field(default_factory=dict)  # the newer agent's relation fields

    @property
    def status(self) -> str:
        return str(self.meta.get("status", "active"))

    def shown(self) -> tuple[str, str, str, str]:
        """id, category, score at the file's precision, content."""
        return (self.id, self.category, format(self.score, ".2f"), self.content)


@dataclass(frozen=True)
class Loaded:
    entries: list[Memory]
    last_processed_count: int


def everbot_load(data: bytes, *, newer: bool = False) -> Loaded:
    """`MemoryStore.load()` (`newer`: `ProfileStore.load()`, which reads memory_meta lines)."""
    # Path.read_text: UTF-8, BOM kept, universal newlines.
    text = data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        return Loaded([], 0)
    found = _PROCESSED_RE.search(text)
    entries: list[Memory] = []
    current: dict[str, Any] | None = None
    lines: list[str] = []
    for line in [*text.split("\n"), None]:
        header = None if line is None else HEADER_RE.match(line.strip())
        if line is None or header is not None:
            if current is not None and "\n".join(lines).strip():
                entries.append(Memory(**current, content="\n".join(lines).strip()))
            if header is not None:
                current, lines = _header_fields(header, newer), []
            continue
        if current is None:
            continue
        stripped = line.strip()
        meta = _META_RE.match(stripped) if newer else None
        if meta is not None:
            current["meta"] = _relations(meta.group(1), current["meta"])
        elif not stripped.startswith(("## ", "# ")):
            lines.append(line)
    return Loaded(entries, int(found.group(1)) if found else 0)


def _header_fields(m: re.Match[str], newer: bool) -> dict[str, Any]:
    id_, category, score, when, count = m.groups()
    meta = _relations("{}", {}) if newer else {}
    return dict(
        id=id_,
        category=category,
        score=float(score),
        last_activated=when,
        activation_count=int(count),
        meta=meta,
    )


def _relations(raw: str, before: dict[str, Any]) -> dict[str, Any]:
    """The fields `MemoryEntry.from_dict` keeps of a memory_meta comment (and writes back)."""
    try:
        meta = json.loads(raw)
    except json.JSONDecodeError:
        return before
    status = str(meta.get("status", "active"))
    return {
        "status": status if status in _STATUSES else "active",
        "supersedes": _relation_list(meta.get("supersedes", [])),
        "superseded_by": _relation_list(meta.get("superseded_by", [])),
        "source_session": str(meta.get("source_session", "")),
    }


def _relation_list(raw: Any) -> list[str]:
    if isinstance(raw, str):
        return [value.strip() for value in raw.split(",") if value.strip()]
    if isinstance(raw, list | tuple | set):
        return [str(value) for value in raw if value]
    return []


def everbot_kept(entries: Sequence[Memory], *, newer: bool = False) -> list[Memory]:
    """What `save()` keeps: scores from 0.05, the best 30 (`newer`: the best 30 active and the
    5 latest superseded, whatever their score)."""
    if newer:
        kept = [e for e in entries if e.status == "superseded" or e.score >= _FLOOR]
        active = sorted((e for e in kept if e.status == "active"), key=_score, reverse=True)
        trace = [e for e in kept if e.status == "superseded"]
        trace.sort(key=lambda e: e.last_activated, reverse=True)
        return active[:_MAX_ENTRIES] + trace[:_MAX_TRACE_ENTRIES]
    kept = [e for e in entries if e.score >= _FLOOR]
    if len(kept) > _MAX_ENTRIES:
        kept = sorted(kept, key=_score, reverse=True)[:_MAX_ENTRIES]
    return kept


def everbot_save(loaded: Loaded, now: datetime, *, newer: bool = False) -> bytes:
    """The file `save(entries)` writes for the entries it loaded."""
    kept = [_as_entry(e) for e in everbot_kept(loaded.entries, newer=newer)]
    text = evdoc.normalize(
        kept, last_processed_count=loaded.last_processed_count, now=now, with_meta=newer
    )
    return text.encode("utf-8")


def _as_entry(m: Memory) -> evdoc.Entry:
    return evdoc.Entry(
        m.id, m.id, m.category, m.score, m.last_activated, m.activation_count, m.content,
        "active", meta=dict(m.meta) or None,
    )  # fmt: skip


def _score(e: Memory) -> float:
    return e.score


# ---------------------------------------------------------------------------------------------
# PicoClaw

# Go's unicode.IsSpace: Latin-1 spaces, then the White_Space property.
_GO_SPACE = frozenset(
    "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000"
)
_BIGRAM_DROPPED = frozenset(" \t?？。.")
SEPARATOR = "\n\n---\n\n"


def go_trim_space(s: str) -> str:
    start, end = 0, len(s)
    while start < end and s[start] in _GO_SPACE:
        start += 1
    while end > start and s[end - 1] in _GO_SPACE:
        end -= 1
    return s[start:end]


def go_lower(s: str) -> str:
    """strings.ToLower: each rune's simple lower-case mapping (one rune for one)."""
    return "".join(c.lower() if len(c.lower()) == 1 else c.lower()[0] for c in s)


def split_memory_chunks(content: str) -> list[str]:
    chunks = []
    for block in content.split("\n## "):
        block = go_trim_space(block)
        if block:
            chunks += [p for p in (go_trim_space(p) for p in block.split("\n\n")) if p]
    if not chunks and go_trim_space(content):
        chunks = [content]
    return chunks


def tokenize_for_match(s: str) -> list[str]:
    words = [w for w in re.split(r"[^a-z]+", s) if len(w) >= 2]
    if words:
        return words
    runes = [r for r in s if r not in _BIGRAM_DROPPED]
    return list(dict.fromkeys(runes[i] + runes[i + 1] for i in range(len(runes) - 1)))


def _score_chunk(chunk: str, query_lower: str, words: Sequence[str]) -> int:
    lower = go_lower(chunk)
    return (10 if query_lower in lower else 0) + sum(1 for w in words if w in lower)


def retrieve(long_term: str, query: str, limit: int) -> str:
    """`MemoryStore.Retrieve(query, limit)` over MEMORY.md's text."""
    limit = limit if limit > 0 else 10
    query = go_trim_space(query)
    raw = split_memory_chunks(long_term) if long_term else []
    query_lower = go_lower(query)
    words = tokenize_for_match(query_lower)
    ranked = []
    for i, text in enumerate(raw):
        text = go_trim_space(text)
        if text:
            ranked.append((_score_chunk(text, query_lower, words) * (len(raw) + 1) + i, text))
    ranked.sort(key=lambda chunk: chunk[0], reverse=True)  # effective scores are distinct
    out: list[str] = []
    for i, (effective, text) in enumerate(ranked[:limit]):
        if effective <= 0 and i > 0:
            break
        out.append(text)
    return SEPARATOR.join(out)


def memory_context(long_term: str, query: str, limit: int) -> str:
    """`GetMemoryContext(query, days, limit)` of a workspace without daily notes."""
    if query == "":
        return f"## Long-term Memory\n\n{long_term}" if long_term else ""
    retrieved = retrieve(long_term, query, limit)
    return f"## Long-term Memory (relevant)\n\n{retrieved}" if retrieved else ""


def long_term_sections(content: str) -> list[tuple[str, str]]:
    """MEMORY.md's entries where the agent's retrieval cuts it (at "\\n## ", and a "## " the file
    starts with: the agent's append to an empty file): the heading, trimmed, and the text below
    it as written."""
    blocks = content.split("\n## ")
    if not blocks[0].startswith("## "):
        blocks = blocks[1:]
    else:
        blocks[0] = blocks[0][3:]
    sections = []
    for block in blocks:
        heading, _, text = block.partition("\n")
        sections.append((go_trim_space(heading), text))
    return sections


def append_long_term(current: str, content: str, day: date) -> str:
    """The agent's long-term append: NormalizeLongTermEntry, then `cur + "\\n\\n" + entry`."""
    entry = f"## {day.isoformat()}\n\n{go_trim_space(content)}"
    return f"{current}\n\n{entry}" if current else entry


def append_today(existing: str, content: str, day: date) -> str:
    """`AppendToday(content)` on the note holding `existing` ("" when there is none)."""
    return f"{existing}\n{content}" if existing else f"# {day.isoformat()}\n\n{content}"


def read_profile(data: bytes) -> dict[str, str]:
    """`json.Unmarshal` into a map[string]string; the agent's reads see {} on any error."""
    try:
        value = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return {}
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        return {}
    return value


def write_profile(profile: Mapping[str, str]) -> bytes:
    """`json.MarshalIndent(profile, "", "  ")`: keys sorted by their bytes, no final newline."""
    if not profile:
        return b"{}"
    keys = sorted(profile, key=lambda k: k.encode("utf-8"))
    lines = [f"  {_go_string(k)}: {_go_string(profile[k])}" for k in keys]
    return ("{\n" + ",\n".join(lines) + "\n}").encode("utf-8")


_GO_SHORT_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\f": "\\f"}
_GO_SHORT_ESCAPES |= {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _go_string(s: str) -> str:
    """encoding/json's string encoder with HTML escaping on (its default)."""
    out = []
    for c in s:
        if c in _GO_SHORT_ESCAPES:
            out.append(_GO_SHORT_ESCAPES[c])
        elif c < " " or c in "<>&\u2028\u2029":
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


# ---------------------------------------------------------------------------------------------
# Pomelobot


@dataclass(frozen=True)
class IndexChunk:
    chunk_index: int
    start_line: int
    end_line: int
    content: str
    hash: str


def chunk_markdown(
    content: str, max_chars: int = 1200, overlap_chars: int = 180
) -> list[IndexChunk]:
    """chunkMarkdown on a JavaScript string: lengths and slices count UTF-16 code units."""
    chunks: list[IndexChunk] = []
    buffer: list[tuple[list[int], int]] = []  # (a line or slice as UTF-16 units, 1-based line)
    size = 0
    for number, line in enumerate(content.split("\n"), start=1):
        units = _utf16(line)
        segments = [units[k : k + max_chars] for k in range(0, len(units), max_chars)] or [[]]
        for segment in segments:
            if size + len(segment) + 1 > max_chars and buffer:
                chunks.append(_flush(len(chunks), buffer))
                buffer = _keep_overlap(buffer, overlap_chars)
                size = sum(len(row) + 1 for row, _ in buffer)
            buffer.append((segment, number))
            size += len(segment) + 1
    if buffer:
        chunks.append(_flush(len(chunks), buffer))
    return chunks


def _keep_overlap(
    buffer: list[tuple[list[int], int]], overlap_chars: int
) -> list[tuple[list[int], int]]:
    if overlap_chars <= 0:
        return []
    size, retained = 0, []
    for row in reversed(buffer):
        size += len(row[0]) + 1
        retained.insert(0, row)
        if size >= overlap_chars:
            break
    return retained


def _flush(index: int, buffer: list[tuple[list[int], int]]) -> IndexChunk:
    units = [u for k, (row, _) in enumerate(buffer) for u in ([0x0A] if k else []) + row]
    text = _from_utf16(units)
    return IndexChunk(index, buffer[0][1], buffer[-1][1], text, node_sha256(units))


def _utf16(s: str) -> list[int]:
    raw = s.encode("utf-16-le", "surrogatepass")
    return [int.from_bytes(raw[k : k + 2], "little") for k in range(0, len(raw), 2)]


def _from_utf16(units: list[int]) -> str:
    raw = b"".join(u.to_bytes(2, "little") for u in units)
    return raw.decode("utf-16-le", "surrogatepass")


def node_sha256(units: list[int]) -> str:
    """crypto sha256 of a JS string: its UTF-8, a lone surrogate as U+FFFD."""
    raw = b"".join(u.to_bytes(2, "little") for u in units)
    return hashlib.sha256(raw.decode("utf-16-le", "replace").encode("utf-8")).hexdigest()


def memory_get(text: str, from_line: int, lines: int) -> list[str]:
    """memory_get's lines `from_line`.. of a file's text (split on "\\n", as it numbers them)."""
    return text.split("\n")[from_line - 1 : from_line - 1 + lines]


def pomelobot_save(existing: str | None, header: str, content: str, stamp: str) -> str:
    """`MemoryStoreLayer.save`: a new file gets its header, then `\\n[HH:MM:SS] content\\n`."""
    return (header if existing is None else existing) + f"\n[{stamp}] {content}\n"
