"""A review proposal in words, as the review queue's card and the Inbox show it: the decision,
why, the memory (and the other of a pair) and the reviewer's reasons, secrets masked; how long
it has waited."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QCoreApplication

from core.review.secrets import mask_secrets
from core.store.journal import Proposal
from ui.i18n import QT_TRANSLATE_NOOP, core_text

__all__ = [
    "age_of",
    "memory_facts",
    "memory_text",
    "one_line",
    "other_of_pair",
    "proposal_detail",
    "proposal_memory",
    "proposed_line",
    "queue_title",
    "reasons_text",
    "reviewer_name",
    "trigger_line",
]

translate = QCoreApplication.translate

REVIEWERS = {
    "rules": QT_TRANSLATE_NOOP("ReviewView", "rules reviewer"),
    "llm": QT_TRANSLATE_NOOP("ReviewView", "llm reviewer"),
}


def age_of(when: datetime, now: datetime | None = None) -> str:
    """How long a proposal has waited, in words ("3 d", "5 h", "12 min")."""
    seconds = max(0.0, ((now or datetime.now(UTC)) - when).total_seconds())
    units = (
        (86400, translate("ReviewView", "{count} d")),
        (3600, translate("ReviewView", "{count} h")),
        (60, translate("ReviewView", "{count} min")),
    )
    for size, unit in units:
        if seconds >= size:
            return unit.format(count=int(seconds // size))
    return translate("ReviewView", "just now")


def queue_title(count: int, oldest: datetime | None) -> str:
    """The sidebar's entry: how many wait, and since when."""
    if not count or oldest is None:
        return translate("ReviewView", "Review queue")
    return translate("ReviewView", "Review queue ({count}, oldest {age})").format(
        count=count, age=age_of(oldest)
    )


def proposal_detail(p: Proposal) -> str:
    """A proposal as the card shows it, in one text: the decision, why, the memory (and the
    other of a pair) and the reviewer's reasons; secrets masked."""
    status = "" if p.status == "pending" else f" ({core_text(p.status)})"
    memories = [
        f"[{p.memory_id}] {memory_text(p)}\n{memory_facts(json.loads(p.memory_json or '{}'))}"
    ]
    memories += [other_of_pair(m) for m in json.loads(p.related_json or "[]")]
    return "\n".join(
        [
            f"{proposed_line(p)}{status} · #{p.id} · {reviewer_name(p.reviewer)}",
            trigger_line(p),
            "",
            "\n\n".join(memories),
            "",
            translate("ReviewView", "Reasons:"),
            reasons_text(p),
        ]
    )


def proposed_line(p: Proposal) -> str:
    if p.decision == "NONE":
        return translate("ReviewView", "No decision")
    return translate("ReviewView", "Proposed: {decision}").format(decision=core_text(p.decision))


def reviewer_name(name: str) -> str:
    """ "rules reviewer", "llm reviewer" in the window's language."""
    if name in REVIEWERS:
        return translate("ReviewView", REVIEWERS[name])
    return translate("ReviewView", "{name} reviewer").format(name=name)


def trigger_line(p: Proposal) -> str:
    return translate("ReviewView", "{triggers}: {why} — [{id}] in {file}").format(
        triggers=" + ".join(map(core_text, p.triggers)),
        why=core_text(mask_secrets(p.why)),
        id=p.memory_id,
        file=p.file,
    )


def other_of_pair(m: dict[str, Any]) -> str:
    said = translate("ReviewView", "The other memory of the pair, [{id}]:").format(id=m.get("id"))
    return f"{said}\n{mask_secrets(str(m.get('content', '')))}\n{memory_facts(m)}"


def reasons_text(p: Proposal) -> str:
    """The reviewer's reasons, secrets masked; what MemDesk itself said (a failure) in the
    window's language."""
    return core_text(mask_secrets(p.reasons))


def proposal_memory(p: Proposal) -> str:
    """The memory under review, on one line, secrets masked."""
    return one_line(memory_text(p))


def memory_text(p: Proposal) -> str:
    fields = json.loads(p.memory_json or "{}")
    return mask_secrets(str(fields.get("content", "")))


def memory_facts(fields: dict[str, Any]) -> str:
    shown = [f"{k}: {shown_fact(fields[k])}" for k in ("category", "score", "hits", "last_activated",
             "section") if fields.get(k) is not None]  # fmt: skip
    return " · ".join(shown)


def shown_fact(value: Any) -> str:
    """A score as the table shows it (0.0362, not 0.03624901679789267); the rest as it is."""
    return f"{value:.4f}" if isinstance(value, float) else str(value)


def one_line(text: str, width: int = 120) -> str:
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 1] + "…"
