"""JavaScript's view of strings, for agents written in JavaScript (OpenClaw, Pomeloclaw): what
`trim()` removes, and lengths and cuts counted in UTF-16 units as `.length` and `.slice` count."""

from __future__ import annotations

import re

# ECMAScript WhiteSpace and LineTerminator: what trim() removes and what `\s` matches.
JS_SPACE_CHARS = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
# The same as the body of a regular-expression character class ("[" + JS_SPACE + "]").
JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"

# JavaScript's regular-expression pieces, spelled for Python's `re`:
JS_LINE_TERMINATORS = "\n\r\u2028\u2029"
JS_S = f"[{JS_SPACE}]"  # \s
JS_DOT = f"[^{JS_LINE_TERMINATORS}]"  # . without the s flag
JS_BOL = f"(?<![^{JS_LINE_TERMINATORS}])"  # ^ with the m flag
JS_EOL = f"(?![^{JS_LINE_TERMINATORS}])"  # $ with the m flag
JS_SPACE_RUN = re.compile(f"{JS_S}+")  # /\s+/g, as `.replace(/\s+/g, " ")` collapses it


def js_trim(text: str) -> str:
    return text.strip(JS_SPACE_CHARS)


def js_trim_end(text: str) -> str:
    return text.rstrip(JS_SPACE_CHARS)


def js_trim_start(text: str) -> str:
    return text.lstrip(JS_SPACE_CHARS)


def utf16_len(text: str) -> int:
    """A JavaScript string's length (a lone surrogate counts one, as in JavaScript)."""
    if text.isascii():
        return len(text)
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def truncate_utf16(text: str, limit: int) -> str:
    """At most `limit` UTF-16 units of `text`, never half a surrogate pair."""
    limit = max(0, limit)
    if utf16_len(text) <= limit:
        return text
    units = 0
    for index, char in enumerate(text):
        units += 2 if ord(char) > 0xFFFF else 1
        if units > limit:
            return text[:index]
    return text


# String.prototype.slice cut to a count of UTF-16 units the way OpenClaw's sliceUtf16Safe does:
# on the units themselves, so a lone high and a lone low surrogate side by side are one pair.


def _units(text: str) -> bytes:
    return text.encode("utf-16-le", "surrogatepass")


def _unit(data: bytes, index: int) -> int:
    return int.from_bytes(data[2 * index : 2 * index + 2], "little")


def _high(unit: int) -> bool:
    return 0xD800 <= unit <= 0xDBFF


def _low(unit: int) -> bool:
    return 0xDC00 <= unit <= 0xDFFF


def head_utf16(text: str, count: int) -> str:
    """``sliceUtf16Safe(text, 0, count)``: at most `count` units, never half a pair."""
    if count <= 0:
        return ""
    if text.isascii() or utf16_len(text) == len(text):
        return text[:count]
    data = _units(text)
    end = min(count, len(data) // 2)
    if 0 < end < len(data) // 2 and _high(_unit(data, end - 1)) and _low(_unit(data, end)):
        end -= 1
    return data[: 2 * end].decode("utf-16-le", "surrogatepass")


def tail_utf16(text: str, count: int) -> str:
    """``sliceUtf16Safe(text, -count)``: at most `count` units, never half a pair."""
    if count <= 0:
        return ""
    if text.isascii() or utf16_len(text) == len(text):
        return text[-count:]
    data = _units(text)
    size = len(data) // 2
    start = max(size - count, 0)
    if 0 < start < size and _low(_unit(data, start)) and _high(_unit(data, start - 1)):
        start += 1
    return data[2 * start :].decode("utf-16-le", "surrogatepass")


def raw_head_utf16(text: str, count: int) -> str:
    """``text.slice(0, count)``: a pair cut in half leaves a lone surrogate, shown as U+FFFD
    (one unit, as the lone surrogate was)."""
    head = head_utf16(text, count)
    if utf16_len(head) < count and len(head) < len(text):
        return head + "\ufffd"
    return head
