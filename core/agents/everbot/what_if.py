"""What a scoring profile change would do to the memories (SPEC 3, 6 "what-if preview").

Both profiles decay every memory up to the same day (`decay.preview_decay`); a memory is
listed when its score as the file would say it, where it would end up (kept, archived, proposed
for deletion) or the review it would be sent to differs between the two. Nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, Literal

from core.agents.everbot.decay import DecayPreview, preview_decay
from core.agents.everbot.document import Entry
from core.agents.everbot.scoring import as_written
from core.agents.everbot.workspace import Workspace
from core.columns import first_line
from core.messages import N_, say
from core.scoring.policy import PolicyProfile

__all__ = ["Outcome", "WhatIf", "WhatIfRow", "what_if"]

Fate = Literal["active", "archived", "archive", "delete"]  # archive/delete: proposed by decay
Review = Literal["promotion", "decay"] | None
REVIEWS = (N_("promotion"), N_("decay"))  # the reviews a memory may be sent to, as labels


@dataclass(frozen=True, slots=True)
class Outcome:
    """One memory under one profile, decayed up to the what-if's day."""

    score: float  # as the file would say it
    fate: Fate
    review: Review

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score, "fate": self.fate, "review": self.review}


@dataclass(frozen=True, slots=True)
class WhatIfRow:
    key: str
    id: str
    category: str
    content: str
    now: Outcome  # under the workspace's profile
    new: Outcome  # under the profile being tried

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "category": self.category,
            "content": self.content,
            "now": self.now.to_json(),
            "new": self.new.to_json(),
        }


@dataclass(frozen=True, slots=True)
class WhatIf:
    at: date
    rows: list[WhatIfRow]  # the memories something happens to differently: those whose
    # section or deletion changes first, then review, then score alone; file order within
    evaluated: int  # memories both profiles decayed

    def count(self, what: str) -> int:
        """How many rows change `what`: "score", "fate", "review", or a fate/review name
        that only the new profile gives ("delete", "archive", "promotion", …)."""
        if what in ("score", "fate", "review"):
            return sum(getattr(r.now, what) != getattr(r.new, what) for r in self.rows)
        return sum(what in (r.new.fate, r.new.review) for r in self.rows) - sum(
            what in (r.now.fate, r.now.review) for r in self.rows
        )

    def summary(self) -> str:
        if not self.rows:
            return say(
                "no memory would change (of {count}, decayed to {day})",
                count=self.evaluated,
                day=self.at,
            )
        return say(
            "decayed to {day}: {scores} scores, {fates} sections or deletions, {reviews} "
            "reviews would change (of {count} memories)",
            day=self.at,
            scores=self.count("score"),
            fates=self.count("fate"),
            reviews=self.count("review"),
            count=self.evaluated,
        )

    def report(self) -> list[str]:
        """The summary, then each memory's changes in one line."""
        lines = [self.summary()]
        for row in self.rows:
            now, new = row.now, row.new
            parts = [f"score {now.score:.2f} -> {new.score:.2f}"]
            if now.fate != new.fate:
                parts.append(f"{now.fate} -> {new.fate}")
            if now.review != new.review:
                parts.append(f"review {now.review or 'none'} -> {new.review or 'none'}")
            lines.append(f"  {row.id:<8} {'; '.join(parts):<52} {first_line(row.content, 50)}")
        return [*lines, "nothing written: run without --what-if to save the values"]

    def to_json(self) -> dict[str, Any]:
        return {
            "at": self.at.isoformat(),
            "evaluated": self.evaluated,
            "changed": [r.to_json() for r in self.rows],
        }


def what_if(ws: Workspace, profile: PolicyProfile, at: date) -> WhatIf:
    """Each memory whose outcome differs between the workspace's profile and `profile`."""
    entries = ws.entries()
    now = _outcomes(entries, preview_decay(ws, at), ws.profile)
    new = _outcomes(entries, preview_decay(ws, at, profile), profile)
    rows = [
        WhatIfRow(e.key, e.id, e.category, e.content, a, b)
        for e, a, b in zip(entries, now, new, strict=True)
        if a != b
    ]
    rows.sort(key=lambda r: (r.now.fate == r.new.fate, r.now.review == r.new.review))
    return WhatIf(at, rows, len(entries))


def _outcomes(entries: list[Entry], preview: DecayPreview, profile: PolicyProfile) -> list[Outcome]:
    fates: dict[str, Fate] = {t.key: t.to for t in preview.transitions}
    scores = {key: after for key, _before, after in preview.score_changes()}
    return [_outcome(e, scores.get(e.key, e.score), fates.get(e.key), profile) for e in entries]


def _outcome(entry: Entry, score: float, fate: Fate | None, profile: PolicyProfile) -> Outcome:
    shown = as_written(score)
    review: Review = None
    if fate != "delete":
        if (
            shown >= profile.promotion_at
            and entry.activation_count >= profile.promotion_min_hits
            and entry.category not in (*profile.never_decay_categories, "core")
        ):
            review = "promotion"
        elif shown < profile.decay_review_below:
            review = "decay"
    section: Fate = "archived" if entry.section == "archived" else "active"
    return Outcome(shown, fate or section, review)
