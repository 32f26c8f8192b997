"""Pomelobot's index chunks, exactly as the agent's chunkMarkdown computes them."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

MAX_CHUNK_CHARS = 1200  # DEFAULT_CHUNK_CHARS
CHUNK_OVERLAP_CHARS = 180  # DEFAULT_CHUNK_OVERLAP


@dataclass(frozen=True, slots=True)
class Chunk:
    """One index chunk. `content` may hold a lone surrogate where the agent cut a pair in two."""

    chunk_index: int
    start_line: int
    end_line: int
    content: str
    hash: str

    def to_json(self) -> dict[str, Any]:
        return {
            "chunk_index": self.chunk_index,
            "start_line": self.start_line,
            "end_line": self.end_line,
            "content": self.content,
            "hash": self.hash,
        }


_Row = tuple[str, int, int]  # (line or slice, 1-based line number, length in UTF-16 units)


def index_chunks(
    text: str, *, max_chars: int = MAX_CHUNK_CHARS, overlap_chars: int = CHUNK_OVERLAP_CHARS
) -> list[Chunk]:
    """The agent's chunks of a file's text (read as Node reads it: BOM and `\\r` kept).

    Lines are split on `\\n` only and cost their UTF-16 length + 1; longer lines are cut into
    `max_chars` slices. Before a line is added the buffer is flushed if it would pass
    `max_chars`; whole trailing lines worth at least `overlap_chars` are carried over, and the
    next line is then added unchecked (so chunks can exceed `max_chars`).
    """
    chunks: list[Chunk] = []
    rows: list[_Row] = []
    size = 0
    for number, line in enumerate(text.split("\n"), start=1):
        for piece, length in _slices(line, max_chars):
            if size + length + 1 > max_chars and rows:
                chunks.append(_chunk(len(chunks), rows))
                rows = _overlap(rows, overlap_chars)
                size = sum(r[2] + 1 for r in rows)
            rows.append((piece, number, length))
            size += length + 1
    chunks.append(_chunk(len(chunks), rows))
    return chunks


def index_chunks_of_file(data: bytes) -> list[Chunk]:
    """Chunks of a file's bytes decoded as Node's readFile(..., 'utf-8') does (BOM kept)."""
    return index_chunks(data.decode("utf-8", errors="replace"))


def _slices(line: str, max_chars: int) -> list[tuple[str, int]]:
    units = line.encode("utf-16-le", "surrogatepass")
    length = len(units) // 2
    if length == 0:
        return [("", 0)]
    if length == len(line):  # no astral characters: code points are UTF-16 units
        return [
            (line[k : k + max_chars], min(max_chars, length - k))
            for k in range(0, length, max_chars)
        ]
    step = 2 * max_chars
    return [
        (units[k : k + step].decode("utf-16-le", "surrogatepass"), len(units[k : k + step]) // 2)
        for k in range(0, len(units), step)
    ]


def _overlap(rows: list[_Row], overlap_chars: int) -> list[_Row]:
    if overlap_chars <= 0:
        return []
    size, start = 0, len(rows)
    while start > 0 and size < overlap_chars:
        start -= 1
        size += rows[start][2] + 1
    return rows[start:]


def _chunk(index: int, rows: list[_Row]) -> Chunk:
    text = "\n".join(r[0] for r in rows)
    return Chunk(index, rows[0][1], rows[-1][1], text, js_sha256(text))


def js_sha256(text: str) -> str:
    """sha256 of a JS string as Node hashes it: UTF-8, a lone surrogate as U+FFFD."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        units = text.encode("utf-16-le", "surrogatepass")
        data = units.decode("utf-16-le", errors="replace").encode("utf-8")
    return hashlib.sha256(data).hexdigest()
