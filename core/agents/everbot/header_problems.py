"""What is wrong with a header line (or a heading, or the last_processed_count comment) the agent
rejects or cannot use, in a person's words."""

from __future__ import annotations

import re
from collections.abc import Callable

from core.agents.everbot.document import INFINITY, LAST_PROCESSED_RE, Entry, safe_float
from core.formats.problems import Problem, excerpt
from core.messages import say


def number_problem(score_text: str, count: str) -> str:
    score = safe_float(score_text)
    if score is None:
        return say(
            "score '{score_text}' is not a number (the agent fails to load this file)",
            score_text=excerpt(score_text),
        )
    if score == INFINITY:
        return say(
            "score '{score_text}' is too large for a number: the agent takes it as "
            "infinity and saves 'inf', which it cannot read back",
            score_text=excerpt(score_text),
        )
    return say(
        "hits '{hits_text}' is too long a number (the agent fails to load this file)",
        hits_text=excerpt(count),
    )


def explain_bad_header(s: str) -> str:
    hashes = len(s) - len(s.lstrip("#"))
    if hashes != 3:
        return say("starts with {count} '#' instead of 3", count=hashes)
    rest = s[3:]
    if not rest[:1].isspace():
        return say("has no space after '###'")
    parts = [p.strip() for p in rest.split("|")]
    if len(parts) != 4:
        return say(
            "has {count} fields separated by '|' instead of 4 (id+category, score, date, hits)",
            count=len(parts),
        )
    head = re.match(r"^\[(\w+)\]\s+(\w+)$", parts[0])
    if head is None:
        return say("needs '[id] category' with letters, digits or _ only")
    if safe_float(parts[1]) is None or not re.fullmatch(r"[\d.]+", parts[1]):
        return say("score '{score_text}' is not a number from 0 up", score_text=parts[1])
    if not re.fullmatch(r"[\d-]+", parts[2]):
        return say("date '{date_text}' must be YYYY-MM-DD", date_text=parts[2])
    if not re.fullmatch(r"\d+", parts[3]):
        return say("hits '{hits_text}' must be a whole number", hits_text=parts[3])
    return say("does not match the agent's header pattern")


def stray_heading(prev: Entry | None, *, below: bool) -> str:
    if not below:
        return say("a heading among the memories: the agent deletes this line at its next save")
    if prev is None:
        return say(
            "a heading among the memories: the agent deletes this line at its next save "
            "and ignores the lines below it"
        )
    return say(
        "a heading among the memories: the agent deletes this line at its next save "
        "and reads the lines below it as part of memory [{id}]",
        id=prev.id,
    )


def last_processed(
    text: str, path: str, line_at: Callable[[int], int]
) -> tuple[int, Problem | None]:
    """The first last_processed_count comment's number (0 without one), as the agent reads it."""
    m = LAST_PROCESSED_RE.search(text)
    if m is None:
        return 0, None
    try:
        return int(m.group(1)), None
    except ValueError:
        line = line_at(m.start())
        what = say(
            "last_processed_count '{number_text}' is too long a number "
            "(the agent fails to load this file)",
            number_text=excerpt(m.group(1)),
        )
        return 0, Problem(path, line, line, "bad_header", what)
