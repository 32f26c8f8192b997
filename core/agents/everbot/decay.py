"""A decay run over a whole memory file: preview first, apply on request (SPEC 3).

Decay is idempotent: each memory's score is decayed from its anchor (the date up to which its
stored score already holds decay, kept in the journal) to the run's date, and the anchor moves
to that date. Archive and delete transitions are only proposed, never applied here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

import numpy as np

from core.agents.everbot.document import Entry
from core.agents.everbot.scoring import Transition, transition_with_rule
from core.agents.everbot.workspace import Workspace
from core.formats.text import gc_paused
from core.messages import say
from core.scoring.policy import DecayRule, PolicyProfile
from core.store.document import Saved
from core.store.errors import WorkspaceError
from core.store.journal import DecayState, DecayStates, JournalError, utc_now
from core.store.merge import Change
from core.store.settled import journal_for_reading
from core.times import iso_day

if TYPE_CHECKING:
    from core.agent import AnyAgent


@dataclass(frozen=True, slots=True)
class ScoreChange:
    key: str
    id: str
    before: float
    after: float


@dataclass(frozen=True, slots=True)
class PendingTransition:
    """A memory the decay run would archive or delete: for the person (or reviewer) to decide."""

    key: str
    id: str
    to: Transition
    score: float


class DecayPreview:
    """The outcome of a decay run before it is written. Score changes are materialised on first
    use: with 100,000 memories, building them is most of the cost and a summary needs none."""

    def __init__(
        self,
        at: date,
        entries: list[Entry],
        befores: list[float],
        scores: list[float],
        changed_index: list[int],
        transitions: list[PendingTransition],
        revision: int = -1,
    ) -> None:
        self.at = at
        self.revision = revision  # the workspace's, when previewed
        self.transitions = transitions
        self.changed_count = len(changed_index)
        self._entries = entries
        self._befores = befores  # each score as previewed (an entry may be edited since)
        self._scores = scores
        self._changed_index = changed_index
        self._changed: list[ScoreChange] | None = None

    @property
    def changed(self) -> list[ScoreChange]:
        if self._changed is None:
            entries, befores, scores = self._entries, self._befores, self._scores
            self._changed = [
                ScoreChange(entries[i].key, entries[i].id, befores[i], scores[i])
                for i in self._changed_index
            ]
        return self._changed

    def score_changes(self) -> Iterator[tuple[str, float, float]]:
        """(key, score before, score after) of each change, without building a ScoreChange."""
        return ((e.key, before, after) for e, before, after in self.entry_changes())

    def entry_changes(self) -> Iterator[tuple[Entry, float, float]]:
        """(memory as previewed, score before, score after) of each change."""
        entries, befores, scores = self._entries, self._befores, self._scores
        return ((entries[i], befores[i], scores[i]) for i in self._changed_index)

    def as_json(self) -> dict[str, object]:
        return {
            "at": self.at.isoformat(),
            "changed": [{"id": c.id, "before": c.before, "after": c.after} for c in self.changed],
            "transitions": [{"id": t.id, "to": t.to} for t in self.transitions],
        }

    def new_states(self) -> DecayStates:
        """After applying, every evaluated memory's score holds all decay up to `at`."""
        keys = [e.key for e in self._entries]
        return DecayStates(self.at, utc_now(), dict(zip(keys, self._scores, strict=True)))


def preview_decay(ws: Workspace, at: date, profile: PolicyProfile | None = None) -> DecayPreview:
    """What decaying every memory up to `at` would change; nothing is written. `profile`: what
    another profile would do (a what-if), else the workspace's own.

    Vectorised with numpy over all memories; the formula is scoring.decay_with_rule,
    which the tests hold this against memory by memory.
    """
    with gc_paused():
        return _preview(ws, at, profile or ws.profile)


def _preview(ws: Workspace, at: date, profile: PolicyProfile) -> DecayPreview:
    entries = ws.entries()
    dates = _DateCache()
    lasts = [dates.get(e.last_activated) for e in entries]
    entries = [e for e, last in zip(entries, lasts, strict=True) if last is not None]
    last_days = np.array([d.toordinal() for d in lasts if d is not None], dtype=np.int64)
    known = _known_anchors(ws)
    default = ws.default_anchor().toordinal()
    anchor_days = np.maximum(
        np.array([known.get(e.key, default) for e in entries], dtype=np.int64), last_days
    )
    scores = np.array([e.score for e in entries], dtype=np.float64)
    rules = _RuleTable(profile, entries)
    at_day = at.toordinal()
    grace = rules.column("grace_days")
    exponent = np.maximum(0.0, at_day - last_days - grace) - np.maximum(
        0.0, anchor_days - last_days - grace
    )
    exponent = np.where((anchor_days < at_day) & rules.decays, np.maximum(exponent, 0.0), 0.0)
    after = np.where(exponent > 0, scores * rules.column("daily_factor") ** exponent, scores)
    values = after.tolist()
    changed = np.flatnonzero(after != scores).tolist()
    kept_lasts = [d for d in lasts if d is not None]
    transitions = _transitions(profile, entries, kept_lasts, rules, after, at)
    befores = scores.tolist()
    return DecayPreview(at, entries, befores, values, changed, transitions, ws.revision)


def _transitions(
    profile: PolicyProfile,
    entries: list[Entry],
    lasts: list[date],
    rules: _RuleTable,
    after: np.ndarray[Any, Any],
    at: date,
) -> list[PendingTransition]:
    """Archive/delete proposals, decided by scoring.py for the memories that may need one."""
    out = []
    values = after.tolist()
    for i in np.flatnonzero(rules.may_transition(after, entries)).tolist():
        e = entries[i]
        to = transition_with_rule(
            rules.rules[i], profile, score_after=values[i], section=e.section,
            last_activated=lasts[i], at=at,
        )  # fmt: skip
        if to is not None:
            out.append(PendingTransition(e.key, e.id, to, values[i]))
    return out


def apply_decay(ws: Workspace, preview: DecayPreview) -> Saved[Entry]:
    """Write the previewed score changes (not the transitions) and move every anchor."""
    with gc_paused():  # a run builds a few objects per memory, none in a cycle
        return _apply(ws, preview)


@dataclass(frozen=True, slots=True)
class DecayDone:
    saved: Saved[Entry] | None  # the save (None when no score changed)
    proposals: list[int]  # the archive/delete transitions now waiting in the queue


def decay_and_queue(agent: AnyAgent, ws: Workspace, preview: DecayPreview) -> DecayDone:
    """Apply a decay preview's scores and put its archive/delete transitions in the review queue
    (SPEC 3: a decay run never archives or deletes by itself): the CLI's and the window's run."""
    from core.review.queue import queue_transitions
    from core.session import Session

    saved = apply_decay(ws, preview) if preview.changed_count else None
    moves = [(ws.file, t.key, t.to, t.score) for t in preview.transitions]
    with Session(agent, ws) as session:
        return DecayDone(saved, queue_transitions(session, moves, preview.at))


def _apply(ws: Workspace, preview: DecayPreview) -> Saved[Entry]:
    if ws.modified:
        raise WorkspaceError(
            say("{path}: save or discard your edits before running decay", path=ws.path)
        )
    changes = _score_changes(ws, preview)
    ws.apply(changes)
    shown = any(c.before.score_token() != c.after.score_token() for c in changes)  # type: ignore[union-attr]
    return ws.save(
        actor="decay",
        cause=say("decay to {day}", day=preview.at.isoformat()),
        decay_states=preview.new_states(),
        decayed=preview.at if shown else None,  # a file it does not change need not say it
    )


def _score_changes(ws: Workspace, preview: DecayPreview) -> list[Change[Entry]]:
    """The previewed score changes, each checked against the memory as it is now."""
    current = ws.revision == preview.revision  # nothing replaced since: the previewed entries
    find = ws.doc.find
    changes = []
    for previewed, before, after in preview.entry_changes():
        key = previewed.key
        entry = previewed if current else find(key)
        if entry is None or entry.score != before:
            raise WorkspaceError(
                say(
                    "{path}: memory {id} changed since the preview; preview again",
                    path=ws.path,
                    id=key.partition("~")[0],
                )
            )
        changes.append(Change(key, entry, entry.rescored(after)))
    return changes


class _DateCache:
    """Dates of last activation repeat a lot: parse each text once."""

    def __init__(self) -> None:
        self.cache: dict[str, date | None] = {}

    def get(self, text: str) -> date | None:
        try:
            return self.cache[text]
        except KeyError:
            value = self.cache[text] = iso_day(text)
            return value


class _RuleTable:
    """The effective decay rule of every memory, and its numbers as numpy columns."""

    def __init__(self, profile: PolicyProfile, entries: list[Entry]) -> None:
        cache: dict[tuple[str, bool], DecayRule] = {}
        self.rules: list[DecayRule] = []
        for e in entries:
            base = profile.decay_rules.get(e.category, profile.default_rule)
            high = base.never_below is not None and e.score >= base.never_below
            rule = cache.get((e.category, high))
            if rule is None:  # profile.rule_for builds a model per call: once per kind only
                rule = cache[(e.category, high)] = profile.rule_for(e.category, e.score)
            self.rules.append(rule)
        self.profile = profile
        self.decays = np.array([r.decays for r in self.rules], dtype=bool)

    def column(self, name: str) -> np.ndarray[Any, Any]:
        return np.array([getattr(r, name) for r in self.rules], dtype=np.float64)

    def may_transition(
        self, after: np.ndarray[Any, Any], entries: list[Entry]
    ) -> np.ndarray[Any, Any]:
        """A cheap superset of the memories a decay run proposes to archive or delete (the
        margin covers the file's rounding: see `transition_with_rule`)."""
        inf = float("inf")
        floor = np.array([-inf if r.delete_below is None else r.delete_below for r in self.rules])
        archive = -inf if self.profile.archive_below is None else self.profile.archive_below
        active = np.array([e.section == "active" for e in entries], dtype=bool)
        aged = np.array([r.delete_after_days is not None for r in self.rules], dtype=bool)
        margin = 0.01
        mask: np.ndarray[Any, Any] = (
            (after < floor + margin) | ((after < archive + margin) & active) | aged
        )
        return mask


def _known_anchors(ws: Workspace) -> dict[str, int]:
    """Each memory's decay anchor (as a day number) where the journal's score is still the
    file's: a memory the agent (or anyone) rescored since is decayed from the file's own date.
    Never before the day the file says MemDesk last decayed it to: a journal lost, or put back
    from an older copy, must not decay a memory twice."""
    floor = (ws.decayed_to() or date.min).toordinal()
    try:
        with journal_for_reading(ws.root) as journal:
            states: Mapping[str, DecayState] = (
                {} if journal is None else journal.decay_state(ws.file)
            )
    except JournalError:
        return {}
    out = {}
    for e in ws.doc.iter_entries():
        state = states.get(e.key)
        if state is not None and format(state.score, ".2f") == format(e.score, ".2f"):
            out[e.key] = max(state.anchor.toordinal(), floor)
    return out
