"""Decoding memory files: bytes to text and lines, keeping what is needed to write them back exactly."""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from core.messages import say

BOM = "\ufeff"
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


class InputError(ValueError):
    """A file MemDesk refuses to read: the message names the file and, where known, the line."""

    def __init__(self, path: Path | str, message: str, *, line: int | None = None) -> None:
        where = f"{path}:{line}" if line is not None else str(path)
        super().__init__(f"{where}: {message}")
        self.path = str(path)
        self.line = line
        self.reason = message


@dataclass(frozen=True, slots=True)
class DecodedText:
    """A file's text without its BOM, and how its lines end."""

    text: str
    bom: bool
    newline: str  # the dominant line ending: "\n", "\r\n" or "\r"
    mixed_newlines: bool


def decode(data: bytes, path: Path | str) -> DecodedText:
    """Decode UTF-8 strictly; invalid bytes and NUL bytes are refused with their line number."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        said = say(
            "not valid UTF-8 (byte 0x{byte} at offset {offset})",
            byte=f"{data[exc.start]:02x}",
            offset=exc.start,
        )
        raise InputError(path, said, line=line) from None
    nul = text.find("\0")
    if nul >= 0:
        said = say("contains a NUL byte: not a text file")
        raise InputError(path, said, line=text.count("\n", 0, nul) + 1)
    bom = text.startswith(BOM)
    if bom:
        text = text[1:]
    if "\r" not in text:
        return DecodedText(text, bom, "\n", False)
    crlf = text.count("\r\n")
    counts = {"\r\n": crlf, "\n": text.count("\n") - crlf, "\r": text.count("\r") - crlf}
    newline = max(counts, key=lambda k: (counts[k], k == "\n"))
    mixed = sum(1 for n in counts.values() if n) > 1
    return DecodedText(text, bom, newline, mixed)


def split_lines(text: str) -> list[str]:
    """Lines with their endings, split only on \\n, \\r\\n and \\r (as the agents read files)."""
    lines = text.splitlines(keepends=True)
    # str.splitlines also breaks at \f, \x1c, \u2028 and the like; count the real breaks to
    # know whether it did (cheaper than searching for those characters).
    breaks = text.count("\n")
    if "\r" in text:
        breaks += text.count("\r") - text.count("\r\n")
    if len(lines) == breaks + (0 if not text or text[-1] in "\r\n" else 1):
        return lines
    return _LINE.findall(text)


def found_indented(pattern: re.Pattern[bytes], data: bytes) -> bool:
    """Whether `pattern` matches somewhere with nothing but spaces and tabs before it on its
    line: `^[ \t]*` with re.MULTILINE, without the regex engine trying every byte. The
    pattern starts with neither (so the look back never passes the match before)."""
    found = pattern.search(data)
    while found is not None:
        at = found.start()
        while at and data[at - 1] in b" \t":
            at -= 1
        if at == 0 or data[at - 1] == 0x0A:  # b"\n"
            return True
        found = pattern.search(data, found.start() + 1)
    return False


def to_lf(text: str) -> str:
    """Universal newlines, as the agents' readers see the text."""
    if "\r" not in text:
        return text
    return text.replace("\r\n", "\n").replace("\r", "\n")


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while building many small objects.

    Parsing 100,000 memories allocates a few hundred thousand objects; the collector would
    otherwise run hundreds of times over them, doubling the load time. Nothing built here
    forms reference cycles.

    What was built is long-lived (memories, their history): it goes to the oldest generation
    at once (`freeze` then `unfreeze`, each a constant-time list move). Left young, the first
    collection after the pause would walk all of it: 0.19 s after a decay run over 100,000
    memories. The oldest generation is still collected in full from time to time.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()
            gc.unfreeze()
            gc.enable()
