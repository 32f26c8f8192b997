"""JSON written by another program, read strictly: one error type, with a line and column, for
everything MemDesk cannot hold as JSON. Besides what `json.loads` rejects, that is NaN and
Infinity (not JSON), a number too large for a float or with more digits than Python reads, and
nesting too deep to follow."""

from __future__ import annotations

import json
import math
from typing import Any

from core.formats.problems import excerpt

__all__ = ["load_json"]

MAX_DIGITS = 4300  # Python's own limit on reading a whole number from text


class _Unreadable(Exception):
    def __init__(self, token: str, message: str) -> None:
        super().__init__(message)
        self.token = token
        self.message = message


def _whole(token: str) -> int:
    if len(token) > MAX_DIGITS:
        raise _Unreadable(token, f"a number of {len(token)} digits is too long to read")
    return int(token)


def _real(token: str) -> float:
    value = float(token)
    if math.isinf(value):
        raise _Unreadable(token, f"the number {excerpt(token)} is too large to read")
    return value


def _constant(token: str) -> Any:
    raise _Unreadable(token, f"{token} is not JSON")


_DECODER = json.JSONDecoder(parse_int=_whole, parse_float=_real, parse_constant=_constant)


def load_json(text: str) -> Any:
    """The value in `text`; json.JSONDecodeError (with its line and column) when it is not one
    MemDesk can hold."""
    try:
        return _DECODER.decode(text)
    except _Unreadable as exc:
        raise json.JSONDecodeError(exc.message, text, max(text.find(exc.token), 0)) from None
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply to read", text, 0) from None
