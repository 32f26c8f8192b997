"""What EverBot puts in its system prompt from its memory (xforce-io/alfred,
``MemoryManager.get_prompt_memories``), byte for byte."""

from __future__ import annotations

from collections.abc import Sequence

from core.agents.everbot.document import Entry

EVERBOT_PROMPT_MIN_SCORE = 0.5
EVERBOT_PROMPT_TOP_K = 20


def everbot_prompt(
    entries: Sequence[Entry],
    *,
    min_score: float = EVERBOT_PROMPT_MIN_SCORE,
    top_k: int = EVERBOT_PROMPT_TOP_K,
) -> str:
    """The ``# 历史记忆`` block EverBot puts in its system prompt (``get_prompt_memories``).

    Exactly the agent's format (lines joined with ``"\\n"``, no trailing newline)::

        # 历史记忆
        <blank line>
        关于用户的关键信息：
        <blank line>
        - [preference] 用户喜欢简洁的代码风格
        - [fact] ...

    The memories scoring >= 0.5 (as written in the file: 2 decimals, so 0.497 written as
    ``0.50`` counts), at most 20, by score descending; ties keep file order (Python's stable
    sort). Sections do not matter: the agent ignores them. Memories without text are left out,
    as the agent drops them when it loads the file. ``""`` when none qualifies. Multi-line text
    is written as is after the ``- [category] `` prefix.

    The seed document shows ``- content`` without the blank line after ``关于用户的关键信息：``;
    the real code (every version of ``manager.py``) writes the category and the blank line.
    """
    qualified = prompt_entries(entries, min_score=min_score, top_k=top_k)
    if not qualified:
        return ""
    lines = ["# 历史记忆", "", "关于用户的关键信息：", ""]
    lines += [f"- [{e.category}] {e.content}" for e in qualified]
    return "\n".join(lines)


def prompt_entries(
    entries: Sequence[Entry],
    *,
    min_score: float = EVERBOT_PROMPT_MIN_SCORE,
    top_k: int = EVERBOT_PROMPT_TOP_K,
) -> list[Entry]:
    """The memories `everbot_prompt` writes, in its order."""
    scored = [(float(e.score_token()), e) for e in entries if e.content]
    qualified = sorted(
        (pair for pair in scored if pair[0] >= min_score), key=lambda pair: pair[0], reverse=True
    )
    return [e for _, e in qualified[:top_k]]
