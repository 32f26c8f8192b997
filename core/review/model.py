"""What every part of the review shares: a memory as a reviewer sees it (whatever the agent), why
it is up for review, and what a reviewer answers. Reviewers plug in through `Reviewer`."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Literal, Protocol, get_args, runtime_checkable

__all__ = [
    "DECISIONS",
    "MERGE_ALLOWANCE_CHARS",
    "MERGE_CEILING_CHARS",
    "PRIORITY",
    "TRIGGERS",
    "Candidate",
    "Deciding",
    "Decision",
    "Finding",
    "Memory",
    "Review",
    "ReviewContext",
    "Reviewer",
    "Trigger",
    "in_its_language",
    "is_chinese",
    "merge_limit",
]

Trigger = Literal[
    "promotion",  # the score reached the promotion threshold
    "decay",  # the score fell below the decay review threshold, or a decay run would archive
    # or delete it
    "duplicate",  # very similar to another memory of the same category
    "contradiction",  # similar to another memory that says the opposite
    "expired",  # a todo past its expires_at (or the deadline its text names)
    "temporary",  # a state that lasts hours or days ("tired today"), not a lasting fact
    "secret",  # a key, token, password or private key inside the memory
    "junk",  # what agents write by mistake: shell commands, half sentences, leaked metadata
    "agent_written",  # the agent added it on its own since the last review
]
TRIGGERS: tuple[Trigger, ...] = get_args(Trigger)

Decision = Literal["PROMOTE", "KEEP", "ARCHIVE", "DELETE", "MERGE", "REDACT"]
DECISIONS: tuple[Decision, ...] = get_args(Decision)


@dataclass(frozen=True, slots=True)
class Memory:
    """One memory as the reviewer sees it. Fields an agent's format lacks are None."""

    file: str  # workspace-relative
    key: str  # unique within its file
    id: str  # as the person knows it
    content: str
    category: str | None = None
    score: float | None = None
    hits: int | None = None
    last_activated: str | None = None  # ISO date or time, as the file says it
    section: str | None = None  # active / archived where the format has sections
    expires_at: str | None = None
    read_only: bool = False  # MemDesk does not write it (a block the agent manages itself)
    # How its agent lets it be removed (`core.agent.Agent.removal`): "delete", "request" (the
    # agent is asked to forget it: `removal_said` says how), None (never: it is edited).
    removal: str | None = "delete"
    removal_said: str = ""

    def fields(self) -> dict[str, object]:
        """Its fields by name (what the journal keeps of the memory as reviewed)."""
        return {name: getattr(self, name) for name in _FIELDS}

    def as_json(self) -> str:
        """Its fields as the journal keeps them (keys sorted: what `digest` hashes)."""
        return json.dumps(self.fields(), ensure_ascii=False, sort_keys=True)

    def digest(self) -> str:
        """A hash of the memory as reviewed: a proposal whose memory's digest changed is stale."""
        return digest_of(self.as_json())


def digest_of(memory_json: str) -> str:
    """`Memory.digest` of the memory whose `as_json` this is."""
    return hashlib.sha256(memory_json.encode("utf-8")).hexdigest()


_AGENTS_OWN = ("read_only", "removal", "removal_said")  # what its agent says, not the memory
_FIELDS = tuple(f.name for f in fields(Memory) if f.name not in _AGENTS_OWN)


@dataclass(frozen=True, slots=True)
class Finding:
    """One trigger that fired for a memory, and why (words a person can check)."""

    trigger: Trigger
    why: str
    related: tuple[Memory, ...] = ()  # the other memory of a duplicate or contradiction
    suggested: Decision | None = None  # what the trigger itself implies (a decay run's archive)


# Which finding leads when several fire for one memory: what makes a memory go comes first.
PRIORITY: tuple[Trigger, ...] = (
    "secret",
    "junk",
    "expired",  # a todo past its deadline is done, whatever other todo it resembles
    "contradiction",
    "duplicate",
    "temporary",
    "decay",
    "promotion",
    "agent_written",
)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A memory up for review: its leading finding (`trigger`, `why`, `related`, `suggested`)
    and every other trigger that fired for it (`more`). The reviewer decides once for all."""

    memory: Memory
    trigger: Trigger
    why: str
    related: tuple[Memory, ...] = ()
    suggested: Decision | None = None
    more: tuple[Finding, ...] = ()

    @property
    def findings(self) -> tuple[Finding, ...]:
        """Every reason this memory is up for review, the leading one first."""
        return (Finding(self.trigger, self.why, self.related, self.suggested), *self.more)

    @property
    def triggers(self) -> tuple[Trigger, ...]:
        return tuple(f.trigger for f in self.findings)

    def finding(self, trigger: Trigger) -> Finding | None:
        return next((f for f in self.findings if f.trigger == trigger), None)

    def named(self) -> tuple[Memory, ...]:
        """The other memories the proposal names (a pair's other side), each once."""
        seen: dict[tuple[str, str], Memory] = {}
        for f in self.findings:
            for m in f.related:
                seen.setdefault((m.file, m.key), m)
        return tuple(seen.values())

    def touched(self) -> set[tuple[str, str]]:
        """(file, key) of every memory the proposal reads: its own and the ones it names."""
        return {(self.memory.file, self.memory.key)} | {(m.file, m.key) for m in self.named()}

    @classmethod
    def of(cls, memory: Memory, findings: Sequence[Finding]) -> Candidate:
        """One candidate of a memory's findings, the leading one first (see PRIORITY)."""
        ordered = sorted(findings, key=lambda f: PRIORITY.index(f.trigger))
        lead = ordered[0]
        return cls(memory, lead.trigger, lead.why, lead.related, lead.suggested, tuple(ordered[1:]))


@dataclass(frozen=True, slots=True)
class Review:
    """A reviewer's answer. `decision` None: no decision (the transcript says why)."""

    decision: Decision | None
    reasons: str
    transcript: str = ""
    merged_text: str | None = None  # MERGE: the one memory the two become
    searches: Sequence[str] = field(default_factory=tuple)  # keywords the reviewer searched
    because: Trigger | None = None  # the finding the decision answers (None: the leading one)


class ReviewContext(Protocol):
    """What a reviewer may ask of the workspace while it reviews (read only)."""

    archives: bool  # the agent's format has an archive (else an archive is a delete)

    def related(self, memory: Memory, limit: int = 5) -> list[Memory]:
        """The memories most related to `memory` (itself excluded), best first."""
        ...

    def search(self, keywords: str, limit: int = 5) -> list[Memory]:
        """Memories matching the keywords, best first."""
        ...

    def referrers(self, memory: Memory) -> list[Memory]:
        """The other memories that name this one by its id ("see [a1b2c3]")."""
        ...


class Reviewer(Protocol):
    """A reviewer: a third one plugs in by implementing this; the UI needs nothing else."""

    name: str  # "rules", "llm", …

    async def review(self, candidate: Candidate, context: ReviewContext) -> Review: ...


@runtime_checkable
class Deciding(Reviewer, Protocol):
    """A reviewer that decides at once, waiting for nothing (the rules): reviewed without an
    event loop, and in a pool of processes over many workspaces."""

    def decide(self, candidate: Candidate, context: ReviewContext) -> Review: ...


MERGE_ALLOWANCE_CHARS = 200  # added to twice the two memories' texts: a short pair may grow
MERGE_CEILING_CHARS = 4_000  # no merged memory is longer, however long the two are


def merge_limit(first: str, second: str) -> int:
    """The longest merged text (in characters) MemDesk takes for two memories with these texts:
    twice their texts together plus MERGE_ALLOWANCE_CHARS, and never more than
    MERGE_CEILING_CHARS. The one memory two become says what both say, not much more."""
    return min(2 * (len(first) + len(second)) + MERGE_ALLOWANCE_CHARS, MERGE_CEILING_CHARS)


_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+")
_CJK_PUNCTUATION = re.compile(r"[\u3000-\u303f\uff00-\uffef]")


def is_chinese(text: str) -> bool:
    """Whether a text is written in Chinese: it has Chinese characters, at least as many as
    Latin words (a Chinese memory naming GitHub is Chinese; an English one naming 团子 is not).
    Everything MemDesk says about a memory follows this one rule."""
    cjk = len(_CJK.findall(text))
    if not cjk:  # only its punctuation ("。！")
        return _CJK_PUNCTUATION.search(text) is not None and _LATIN_WORD.search(text) is None
    return cjk >= len(_LATIN_WORD.findall(text))


def in_its_language(memory: Memory, english: str, chinese: str) -> str:
    """Words about a memory in its own language (see is_chinese)."""
    return chinese if is_chinese(memory.content) else english
