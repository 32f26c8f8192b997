"""The triggers (SPEC 4): which memories are up for review, and why, computed from the workspace's
memories, its scoring profile and its journal. Each candidate says why its trigger fired."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from core.policy import PolicyProfile
from core.review.detectors import find_junk, find_secret, is_expired
from core.review.model import Candidate, Memory
from core.review.model import in_its_language as say
from core.review.similar import duplicates_and_contradictions

__all__ = ["ScanInput", "find_candidates", "memory_of_row"]


@dataclass(frozen=True, slots=True)
class ScanInput:
    """What the triggers look at."""

    memories: Sequence[Memory]
    today: date
    profile: PolicyProfile | None = None  # None: the agent keeps no scores
    decay_transitions: dict[tuple[str, str], tuple[str, float]] | None = None  # (file, key) ->
    # (archive|delete, score after) a decay run up to today would propose
    agent_written: dict[tuple[str, str], str] | None = None  # (file, key) -> when the agent
    # wrote it, for those written on its own since the last review


def memory_of_row(row: Any) -> Memory:
    """A listed memory (core.agents.base.Row) as the reviewer sees it."""
    f = row.fields
    score, hits = f.get("score"), f.get("activation_count")
    expires = f.get("expires_at") or (f.get("meta") or {}).get("expires_at")
    return Memory(
        file=row.file,
        key=row.key or row.id,
        id=row.id,
        content=str(f.get("content") or ""),
        category=f.get("category"),
        score=None if score is None else float(score),
        hits=None if hits is None else int(hits),
        last_activated=None if f.get("last_activated") is None else str(f["last_activated"]),
        section=f.get("section"),
        expires_at=None if expires is None else str(expires),
        read_only=bool(f.get("read_only")),
    )


def find_candidates(scan: ScanInput) -> list[Candidate]:
    """Every trigger over every memory, in the order of the triggers, then of the memories."""
    found: list[Candidate] = []
    writable = [m for m in scan.memories if not m.read_only]  # the others are context only
    if scan.profile is not None:
        found += _score_triggers(writable, scan.profile, scan.decay_transitions or {})
    found += _text_triggers(writable, scan.today)
    found += [c for c in _pair_triggers(scan.memories) if not c.memory.read_only]
    if scan.agent_written:
        found += [
            Candidate(m, "agent_written", f"written by the agent on its own: {when}")
            for m in writable
            if (when := scan.agent_written.get((m.file, m.key))) is not None
        ]
    return found


def _score_triggers(
    memories: Iterable[Memory],
    profile: PolicyProfile,
    transitions: dict[tuple[str, str], tuple[str, float]],
) -> list[Candidate]:
    out = []
    pinned = (*profile.never_decay_categories, "core")
    for m in memories:
        if m.score is None:
            continue
        proposed = transitions.get((m.file, m.key))
        if proposed is not None:
            to, after = proposed
            shown = (
                f"{m.score:.2f}"
                if f"{m.score:.2f}" == f"{after:.2f}"
                else f"{m.score:.2f} → {after:.2f}"
            )
            why = say(
                m,
                f"a decay run to today would {to} it (score {shown})",
                f"衰减到今天会{'归档' if to == 'archive' else '删除'}它（分数 {shown}）",
            )
            out.append(
                Candidate(m, "decay", why, suggested="ARCHIVE" if to == "archive" else "DELETE")
            )
        elif m.section != "archived" and m.score < profile.decay_review_below:
            mark = profile.decay_review_below
            why = say(
                m,
                f"score {m.score:.2f} is below the decay review mark {mark}",
                f"分数 {m.score:.2f} 低于衰减审核线 {mark}",
            )
            out.append(Candidate(m, "decay", why))
        elif (
            m.score >= profile.promotion_at
            and (m.hits or 0) >= profile.promotion_min_hits
            and m.category not in pinned
        ):
            why = say(
                m,
                f"score {m.score:.2f} reached the promotion mark {profile.promotion_at} "
                f"after {m.hits or 0} uses",
                f"分数 {m.score:.2f} 达到升级线 {profile.promotion_at}，已使用 {m.hits or 0} 次",
            )
            out.append(Candidate(m, "promotion", why))
    return out


def _text_triggers(memories: Iterable[Memory], today: date) -> list[Candidate]:
    out = []
    for m in memories:
        expired = is_expired(m, today)
        if expired is not None:
            out.append(Candidate(m, "expired", expired))
        secret = find_secret(m.content)
        if secret is not None:
            out.append(Candidate(m, "secret", f"a secret ({secret.kind})"))
        junk = find_junk(m.content)
        if junk is not None:
            out.append(Candidate(m, "junk", junk))
    return out


def _pair_triggers(memories: Sequence[Memory]) -> list[Candidate]:
    """The weaker of two duplicates, the older of two that disagree: the other is `related`."""
    out = []
    duplicates, disagree = duplicates_and_contradictions(memories)
    best: dict[tuple[str, str], tuple[float, Memory, Memory]] = {}
    for pair in duplicates:  # a memory copied many times: one proposal, with its closest copy
        weak, strong = _weaker_first(pair.a, pair.b)
        known = best.get((weak.file, weak.key))
        if known is None or pair.score > known[0]:
            best[(weak.file, weak.key)] = (pair.score, weak, strong)
    for score, weak, strong in best.values():
        why = say(weak, f"{score:.0f}% similar", f"相似度 {score:.0f}%")
        out.append(Candidate(weak, "duplicate", why, (strong,)))
    for found in disagree:
        old, new = _older_first(found.a, found.b)
        out.append(Candidate(old, "contradiction", found.why, (new,)))
    return out


def _weaker_first(a: Memory, b: Memory) -> tuple[Memory, Memory]:
    def strength(m: Memory) -> tuple[float, str]:
        return (m.score if m.score is not None else 0.0, m.last_activated or "")

    return (b, a) if strength(b) <= strength(a) else (a, b)


def _older_first(a: Memory, b: Memory) -> tuple[Memory, Memory]:
    return (b, a) if (b.last_activated or "") < (a.last_activated or "") else (a, b)
