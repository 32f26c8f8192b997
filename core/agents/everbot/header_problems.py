"""What is wrong with a header line the agent rejects or cannot use, in a person's words."""

from __future__ import annotations

import re

from core.agents.everbot.document import INFINITY, safe_float
from core.formats.problems import excerpt


def number_problem(score_text: str, count: str) -> str:
    score = safe_float(score_text)
    if score is None:
        return f"score '{excerpt(score_text)}' is not a number (the agent fails to load this file)"
    if score == INFINITY:
        return (
            f"score '{excerpt(score_text)}' is too large for a number: the agent takes it as "
            "infinity and saves 'inf', which it cannot read back"
        )
    return f"hits '{excerpt(count)}' is too long a number (the agent fails to load this file)"


def explain_bad_header(s: str) -> str:
    hashes = len(s) - len(s.lstrip("#"))
    if hashes != 3:
        return f"starts with {hashes} '#' instead of 3"
    rest = s[3:]
    if not rest[:1].isspace():
        return "has no space after '###'"
    parts = [p.strip() for p in rest.split("|")]
    if len(parts) != 4:
        return f"has {len(parts)} fields separated by '|' instead of 4 (id+category, score, date, hits)"
    head = re.match(r"^\[(\w+)\]\s+(\w+)$", parts[0])
    if head is None:
        return "needs '[id] category' with letters, digits or _ only"
    if safe_float(parts[1]) is None or not re.fullmatch(r"[\d.]+", parts[1]):
        return f"score '{parts[1]}' is not a number from 0 up"
    if not re.fullmatch(r"[\d-]+", parts[2]):
        return f"date '{parts[2]}' must be YYYY-MM-DD"
    if not re.fullmatch(r"\d+", parts[3]):
        return f"hits '{parts[3]}' must be a whole number"
    return "does not match the agent's header pattern"
