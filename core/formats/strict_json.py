"""JSON written by another program, read strictly: one error type, with a line and column, for
everything MemDesk cannot hold as JSON. Besides what `json.loads` rejects, that is NaN and
Infinity (not JSON), a number too large for a float or with more digits than Python reads, and
nesting too deep to follow.

A lone surrogate (a "\\udxxx" escape with no partner, valid JSON that no UTF-8 text can hold) is
read as it is, shown escaped (`escape_surrogates`) and written back as the same escape
(`dump_json`), so a write of another value never changes or drops it."""

from __future__ import annotations

import json
import math
import re
from typing import Any

from core.formats.problems import excerpt
from core.messages import say

__all__ = ["dump_json", "escape_surrogates", "load_json"]

MAX_DIGITS = 4300  # Python's own limit on reading a whole number from text
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Unreadable(Exception):
    def __init__(self, token: str, message: str) -> None:
        super().__init__(message)
        self.token = token
        self.message = message


def _whole(token: str) -> int:
    if len(token) > MAX_DIGITS:
        raise _Unreadable(
            token, say("a number of {count} digits is too long to read", count=len(token))
        )
    return int(token)


def _real(token: str) -> float:
    value = float(token)
    if math.isinf(value):
        raise _Unreadable(token, say("the number {text} is too large to read", text=excerpt(token)))
    return value


def _constant(token: str) -> Any:
    raise _Unreadable(token, say("{text} is not JSON", text=token))


_DECODER = json.JSONDecoder(parse_int=_whole, parse_float=_real, parse_constant=_constant)


def load_json(text: str) -> Any:
    """The value in `text`; json.JSONDecodeError (with its line and column) when it is not one
    MemDesk can hold."""
    try:
        return _DECODER.decode(text)
    except _Unreadable as exc:
        raise json.JSONDecodeError(exc.message, text, max(text.find(exc.token), 0)) from None
    except RecursionError:
        raise json.JSONDecodeError(say("nested too deeply to read"), text, 0) from None


def escape_surrogates(text: str) -> str:
    """`text` with each lone surrogate as its JSON escape (`\\ud800`): text that UTF-8 can hold,
    to show or write. In JSON text such a character can only be inside a string."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def dump_json(value: Any, **options: Any) -> str:
    """`json.dumps` with non-ASCII text written as it is, but a lone surrogate as its escape."""
    return escape_surrogates(json.dumps(value, ensure_ascii=False, **options))
