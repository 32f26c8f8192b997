"""What a file holds that the person should know about, whatever the agent: one shape for every
format, so `memdesk check` and the window's Problems list report them alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.messages import say


# Not frozen: a file may have a million of them and a frozen dataclass is built five times
# slower. None is ever changed.
@dataclass(slots=True, unsafe_hash=True)
class Problem:
    """Something in a file that needs the person's attention, or (severity warning) is worth knowing."""

    file: str
    line: int
    end_line: int
    kind: str
    message: str
    text: str = ""
    severity: Literal["problem", "warning"] = "problem"


def excerpt(token: str, limit: int = 24) -> str:
    """Text from a file as a message quotes it: a long one cut, with its length."""
    if len(token) <= limit:
        return token
    return say("{text}… ({count} characters)", text=token[: limit - 8], count=len(token))
