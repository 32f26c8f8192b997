"""What only some agents can do. A plug-in declares each capability it has by inheriting it
(`class PicoClaw(Agent[PicoClawWorkspace], Editing[PicoClawWorkspace], Policy[...], …)`); the
CLI and the window ask for one with `Policy[Any].of(agent, path)`, which tells the
person, in one line, when the agent has not got it (`Agent.lacks`).

The operations that change memories (`Editing`, `Archiving`, `Pinning`, `Policy.set_policy`,
`Snapshots.restore_snapshot`) return the change sets to apply to the workspace `open` returned;
the caller applies them and saves the workspace (`save_all`), all through the one guarded commit.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any, ClassVar, Generic

from core.agent import Capability, Context, DecayReport, Retrieved, Row, W
from core.messages import N_, say
from core.ops import ChangeSet
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.text_diff import diff_lines

__all__ = [
    "Archiving",
    "Chunks",
    "Decaying",
    "Editing",
    "Pinning",
    "Policy",
    "PolicyDiff",
    "Retrieval",
    "SessionStart",
    "Snapshots",
    "StagedGate",
    "StagedRefused",
    "StagedWrite",
    "StagedWrites",
]


class Editing(Capability, ABC, Generic[W]):
    """Memories added, edited, deleted (`memdesk add|edit|delete`), and what a reviewer's
    PROMOTE and MERGE do."""

    missing: ClassVar[dict[str, str]] = {
        "": N_("{title}: changing memories is not supported"),
        "add": N_("{title}: adding memories is not supported"),
        "edit": N_("{title}: editing memories is not supported"),
        "delete": N_("{title}: deleting memories is not supported"),
    }

    @abstractmethod
    def add(
        self,
        ws: W,
        text: str,
        *,
        file: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet: ...

    @abstractmethod
    def edit(
        self,
        ws: W,
        row: Row,
        *,
        text: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet: ...

    @abstractmethod
    def delete(self, ws: W, row: Row) -> ChangeSet: ...

    @abstractmethod
    def promote(self, ws: W, row: Row) -> ChangeSet:
        """A reviewer's PROMOTE as the agent knows it (into long-term memory, or pinned)."""

    def cautions(self, ws: W, changeset: ChangeSet) -> list[str]:
        """What the agent would refuse, hide or fail at because of `changeset` (an add or an
        edit, not applied yet), one line each: the window asks before applying it, the CLI
        refuses it without --force. None by default."""
        return []

    def merge(self, ws: W, *, keep: Row, drop: Row, text: str) -> list[ChangeSet]:
        """Two memories become one: `keep` gets `text`, `drop` is deleted."""
        return [self.edit(ws, keep, text=text), self.delete(ws, drop)]


class Archiving(Capability, ABC, Generic[W]):
    """Memories archived: kept, out of the agent's sight (`memdesk archive|unarchive`)."""

    missing: ClassVar[dict[str, str]] = {
        "": N_("{title} has no archive: its memories are active until deleted")
    }

    @abstractmethod
    def archive(self, ws: W, row: Row, *, archived: bool) -> ChangeSet: ...


class Pinning(Capability, ABC, Generic[W]):
    """A memory kept from what would push it out of the agent's sight (`memdesk pin`): a
    score's decay, a budget's trimming."""

    missing: ClassVar[dict[str, str]] = {
        "": N_("{title} keeps no scores that decay, so there is nothing to pin")
    }

    @abstractmethod
    def pin(self, ws: W, row: Row) -> ChangeSet: ...


class Decaying(Capability, ABC, Generic[W]):
    """Scores that decay over time (`memdesk decay`), and what a run would archive or delete."""

    missing: ClassVar[dict[str, str]] = {"": N_("{title} keeps no scores, so nothing of it decays")}

    @abstractmethod
    def decay(
        self, path: Path, *, at: date, apply: bool, profile: str | None = None
    ) -> DecayReport: ...

    @abstractmethod
    def decay_transitions(self, ws: W, at: date) -> dict[tuple[str, str], tuple[str, float]]:
        """What a decay run of the open workspace `ws` up to `at` would archive or delete, for
        the review queue: (file, memory key) -> ("archive" | "delete", the score after)."""


class Policy(Capability, ABC, Generic[W]):
    """The agent's own memory policy (`memdesk policy [--set|--unset|--what-if]`)."""

    missing: ClassVar[dict[str, str]] = {
        "": N_("{title} keeps no memory policy of its own"),
        "what_if": N_("{title} has no what-if preview of its policy"),
    }
    # The cause Activity shows for a policy saved from MemDesk (the window's or `--set`).
    CHANGED: ClassVar[str] = N_("policy changed in MemDesk")

    @abstractmethod
    def policy(self, path: Path) -> list[Any]:
        """Each policy key with its effective value and source (rows with `to_json`)."""

    @abstractmethod
    def set_policy(self, ws: W, values: dict[str, str | None]) -> ChangeSet:
        """Overrides as typed (None: unset), checked; applied and saved by the caller."""

    @abstractmethod
    def what_if(
        self,
        ws: W,
        values: dict[str, str | None],
        at: date,
        *,
        query: str | None = None,
        snapshot: str | None = None,
    ) -> Any:
        """What the policy values as typed (over the snapshot `snapshot`, when given) would
        change (`to_json`, `summary`, and `report()`: the lines `memdesk policy --what-if`
        prints): in the memories, or in what the agent injects for the
        message `query`; nothing is written."""


class Snapshots(Capability, ABC, Generic[W]):
    """The agent's snapshots of its policy (`memdesk snapshots|policy-restore`)."""

    missing: ClassVar[dict[str, str]] = {"": N_("{title} keeps no policy snapshots")}

    @staticmethod
    def restored(name: str) -> str:
        """The cause Activity shows for the snapshot `name` put back (window or command line)."""
        return say("policy snapshot {name} restored", name=name)

    @abstractmethod
    def snapshots(self, path: Path) -> list[Any]:
        """The agent's snapshots of its policy, oldest first (each with `to_json(root)`)."""

    @abstractmethod
    def restore_snapshot(self, ws: W, name: str) -> ChangeSet: ...


class PolicyDiff(Capability, ABC):
    """A policy snapshot compared with another or with the policy now (`memdesk policy-diff`)."""

    missing: ClassVar[dict[str, str]] = Snapshots.missing

    @abstractmethod
    def policy_diff(self, path: Path, first: str, second: str | None) -> Any:
        """The snapshot `first` against `second`, or against the policy now (`to_json`, and
        `report(a, b)`: the lines `memdesk policy-diff` prints, its columns named `a`, `b`)."""


class Retrieval(Capability, ABC):
    """Memory the agent chooses by the person's message (`memdesk retrieve`)."""

    missing: ClassVar[dict[str, str]] = {"": N_("{title} injects no memory chosen by the message")}

    @abstractmethod
    def retrieve(self, path: Path, query: str, limit: int | None) -> Retrieved:
        """What the agent would inject into its prompt for a user message."""


class SessionStart(Capability, ABC):
    """What the agent injects when a session starts (`memdesk context`, "At session start")."""

    missing: ClassVar[dict[str, str]] = {
        "": N_("{title}: what it injects at session start is not known")
    }

    @abstractmethod
    def context(
        self,
        path: Path,
        *,
        today: date | None = None,
        scope: str | None = None,
        project: str | None = None,
    ) -> Context:
        """What the agent puts into its prompt when a new session starts (`today`: the local
        date the session starts on, default today; `scope`: the agent's memory scope or person;
        `project`: the project the session works in, for agents that filter memories by it)."""


class Chunks(Capability, ABC):
    """A memory file cut into index chunks, as the agent's indexer does (`memdesk chunks`)."""

    missing: ClassVar[dict[str, str]] = {
        "": N_("{title} does not cut its memory files into index chunks")
    }

    @abstractmethod
    def chunks(self, path: Path, file: str) -> list[dict[str, Any]]: ...


@dataclass(frozen=True, slots=True)
class StagedWrite:
    """A write the agent's own approval gate staged for the person, as the review queue shows
    it: what the agent recorded, and what approving it would do to the file as it is now."""

    id: str  # as the agent names it (approve / reject take it)
    action: str  # the agent's word: add, replace, remove, batch
    origin: str  # who asked for it (the agent's word: foreground, background_review)
    summary: str
    since: datetime  # when it was staged (UTC)
    file: str  # the file it would change, workspace-relative
    before: str  # that file's text now
    after: str  # its text once approved (`before` when approving would fail or write nothing)
    failure: str | None  # why the agent would refuse it now, in its words (None: it applies)
    warnings: tuple[str, ...]  # what the person should know before approving
    record: str  # the agent's record of it, workspace-relative
    fields: Mapping[str, Any] = field(default_factory=dict)  # every field of the record

    def diff(self) -> list[str]:
        """The change it would make, as lines (`- `, `+ `, `  `)."""
        return diff_lines(self.before, self.after)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "action": self.action,
            "origin": self.origin,
            "summary": self.summary,
            "since": self.since.isoformat(),
            "file": self.file,
            "record": self.record,
            "diff": self.diff(),
            "failure": self.failure,
            "warnings": list(self.warnings),
            "fields": dict(self.fields),
        }


@dataclass(frozen=True, slots=True)
class StagedGate:
    """The agent's setting that makes it stage writes: on, off, or None (MemDesk cannot read
    it: `notes` says why)."""

    on: bool | None
    key: str  # as the agent's config names it
    value: str  # as written there ("" when it is not set)
    file: str  # the config file, workspace-relative
    turns_on: tuple[str, ...]  # the values that turn it on
    notes: tuple[str, ...] = ()  # old keys that no longer count, values read otherwise

    def state(self) -> str:
        return {True: "on", False: "off", None: "unknown"}[self.on]

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "state": self.state(),
            "value": self.value,
            "file": self.file,
            "turns_on": list(self.turns_on),
            "notes": list(self.notes),
        }


class StagedRefused(WorkspaceError):
    """Approving was refused and nothing was written: `reasons` says why, per staged write."""

    def __init__(self, path: Path, reasons: Mapping[str, str]) -> None:
        self.reasons = dict(reasons)
        shown = "; ".join(f"{i}: {why}" for i, why in self.reasons.items())
        said = say("{path}: nothing was applied: {reasons}", path=path, reasons=shown)
        super().__init__(said, exit_code=EXIT_REFUSED)


class StagedWrites(Capability, ABC, Generic[W]):
    """An agent whose own gate stages its memory writes for the person's approval: the staged
    writes are proposals of MemDesk's review queue, approved or rejected there as the agent
    itself would, and the gate is shown and switched."""

    missing: ClassVar[dict[str, str]] = {"": N_("{title} stages no memory writes for approval")}

    @abstractmethod
    def staged(self, ws: W) -> list[StagedWrite]:
        """The staged writes oldest first, each against the workspace's files as they are."""

    @abstractmethod
    def approve_staged(self, ws: W, ids: Sequence[str]) -> list[ChangeSet]:
        """The writes applied oldest first, each on the files as the ones before leave them, and
        their records removed: all of them, or StagedRefused naming each that would fail."""

    @abstractmethod
    def reject_staged(self, ws: W, ids: Sequence[str]) -> list[ChangeSet]:
        """Their records removed, as the agent's own reject does."""

    @abstractmethod
    def gate(self, path: Path, profile: str | None = None) -> StagedGate:
        """The gate of the workspace's own home, or of the agent's named `profile` (which has
        its own config)."""

    @abstractmethod
    def set_gate(self, ws: W, on: bool, profile: str | None = None) -> ChangeSet:
        """The gate switched in the agent's config (`profile`'s own), nothing else changed."""

    def gate_profiles(self, path: Path) -> list[str]:
        """The named profiles that have a gate of their own besides the home's."""
        return []
