"""What every agent plug-in provides, and the shapes the CLI and the window get back.

An agent is a package under `core/agents/` whose `__init__` names one `Agent`. Everything that
knows the agent's files lives there: detection, formats, its workspace, checks, the rows `list`
and `show` print, what it injects into its prompt, its demo. The registry
(`core.registry`) lists the packages; nothing outside an agent's package names it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, ClassVar, Generic, Literal, Protocol, Self, TypeVar

from core.formats.problems import Problem
from core.messages import say
from core.ops import ChangeSet
from core.store.backups_view import BackupFile
from core.store.documents import Editable
from core.store.errors import EXIT_ERROR, EXIT_REFUSED, WorkspaceError

__all__ = [
    "LIST_HEADER",
    "Agent",
    "AnyAgent",
    "BackupFile",
    "Capability",
    "ChangeSet",
    "CheckReport",
    "Context",
    "DecayReport",
    "DemoResult",
    "Forecast",
    "Injected",
    "NotApplicable",
    "OpenWorkspace",
    "Proposed",
    "Removal",
    "Retrieved",
    "Row",
    "ScoreChanged",
    "SeveralWorkspaces",
    "Shown",
    "Source",
    "Unseen",
    "list_line",
]


class NotApplicable(WorkspaceError):
    """The command does not apply to this agent's memory; the message says why, and what does."""

    def __init__(self, message: str) -> None:
        super().__init__(message, exit_code=EXIT_REFUSED)


class SeveralWorkspaces(WorkspaceError):
    """A folder that holds several workspaces of one agent (Claude Code's config home, a
    project each): `choices`, each with how it is named; the person opens one of them."""

    def __init__(self, message: str, choices: list[tuple[Path, str]]) -> None:
        super().__init__(message)
        self.choices = choices


@dataclass(frozen=True, slots=True)
class Source:
    """One memory source in a workspace: what it is and where."""

    kind: str  # structured, longterm, daily_notes, profile, policy, backups, scope
    path: Path
    name: str = ""


@dataclass(frozen=True, slots=True)
class SourceCount:
    kind: str
    path: str
    entries: int


@dataclass
class CheckReport:
    """`memdesk check`: counts per file, problems (exit 1) and warnings."""

    agent: str
    sources: list[SourceCount] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    summary: str = ""  # the first line of the text report
    extra: dict[str, Any] = field(default_factory=dict)  # more keys for --json
    figures: list[str] = field(default_factory=list)  # lines of what the agent measures (text)

    @property
    def entries(self) -> int:
        return sum(s.entries for s in self.sources)


class Row:
    """One memory as `memdesk list` and `show` print it, whatever the agent.

    `fields` holds at least SPEC 7's keys (id, category, score, last_activated,
    activation_count, section, content, file, line); None where the format has no such value.
    `fields` and `text` (one line for `memdesk list`) may be given as functions of `source`
    that make them when first asked: a list of a million memories prints only one of the two.
    """

    __slots__ = ("_fields", "_text", "file", "id", "key", "line", "source")

    def __init__(
        self,
        id: str,
        file: str,  # relative to the workspace
        line: int,
        fields: dict[str, Any] | Callable[[Any], dict[str, Any]],
        text: str | Callable[[Any], str],
        key: str = "",  # unique within its file (an id repeated in one file gets id~2)
        source: Any = None,  # what the functions make `fields` and `text` of
    ) -> None:
        self.id, self.file, self.line, self.key = id, file, line, key
        self._fields, self._text, self.source = fields, text, source

    @property
    def fields(self) -> dict[str, Any]:
        if callable(self._fields):
            self._fields = self._fields(self.source)
        return self._fields

    @property
    def text(self) -> str:
        if callable(self._text):
            self._text = self._text(self.source)
        return self._text

    @property
    def ref(self) -> str:
        """How to name this memory when its id is not unique: FILE:KEY."""
        return f"{self.file}:{self.key or self.id}"

    def matches(self, query: str | None) -> bool:
        """`memdesk list --query` for agents without a search index: every word of the query
        is in the memory's text or its date (case-insensitive)."""
        if not query:
            return True
        text = f"{self.fields.get('last_activated')} {self.fields.get('content')}".casefold()
        return all(word in text for word in query.casefold().split())


def list_line(memory_id: str, section: str, when: str, content: str) -> str:
    """`memdesk list`'s line for a memory of an agent that keeps no scores: the id `show`,
    `edit` and `delete` take first, as EverBot's and OpenClaw's lines have it (LIST_HEADER)."""
    first = content.split("\n", 1)[0]
    return f"{memory_id:<14} {section:<24} {when:<12} {first[:70]}"


LIST_HEADER = f"{'ID':<14} {'SECTION':<24} {'WHEN':<12} CONTENT"


def checked_section(section: str, sections: Sequence[str], who: str) -> str:
    """`section` when it is one of `sections`, else what `--section` tells the person (exit 2)."""
    if section not in sections:
        raise WorkspaceError(
            f"--section {section}: {who}'s sections are {', '.join(sections)}",
            exit_code=EXIT_ERROR,
        )
    return section


def first_line(data: bytes) -> str:
    """A file's first line as its writer put it there (no BOM, no line end): where agents
    write the header that tells their files apart."""
    head = data[:4096].removeprefix(b"\xef\xbb\xbf").split(b"\n", 1)[0]
    return head.rstrip(b"\r").decode("utf-8", "replace")


def named(rows: Sequence[Row], memory_id: str, unread: Sequence[Problem] = ()) -> list[Row]:
    """The rows `memory_id` names: its key or FILE:KEY, else every memory with that id.

    None found while files could not be read (`unread`): WorkspaceError naming them, as the
    memory may be in one of them."""
    matches = [r for r in rows if memory_id in (r.key, r.ref)]
    matches = matches or [r for r in rows if r.id == memory_id]
    if not matches and unread:
        files = "; ".join(p.message for p in unread)
        said = [
            say("no memory with id {id} in the files read", id=memory_id),
            say("not read: {problems}", problems=files),
        ]
        raise WorkspaceError("; ".join(said), exit_code=EXIT_REFUSED)
    return matches


def namesakes(rows: Sequence[Row], row: Row) -> list[str]:
    """How to name each other memory of `rows` with `row`'s id, as `named` resolves it to that
    memory alone: its key (`dup001~2`) where no other file has that key, else FILE:KEY."""
    same = [r for r in rows if r.id == row.id]
    keys = Counter(r.key for r in same)
    return [r.key if r.key and keys[r.key] == 1 else r.ref for r in same if r is not row]


NAMESAKES_SHOWN = 10  # the other memories with an id that `show` names; the rest are counted


def namesakes_line(memory_id: str, names: Sequence[str]) -> str:
    """What `memdesk show` and the window say of the other memories with the id shown ("" for
    none): how many, and how to name each."""
    if not names:
        return ""
    listed = ", ".join(names[:NAMESAKES_SHOWN])
    more = len(names) - NAMESAKES_SHOWN
    if more > 0:
        return say(
            "{count} other memories share the id {id}: {memory_names} and {more} more",
            count=len(names),
            id=memory_id,
            memory_names=listed,
            more=more,
        )
    if len(names) > 1:
        return say(
            "{count} other memories share the id {id}: {memory_names}",
            count=len(names),
            id=memory_id,
            memory_names=listed,
        )
    return say(
        "1 other memory shares the id {id}: {memory_names}", id=memory_id, memory_names=listed
    )


@dataclass(frozen=True, slots=True)
class Forecast:
    """When a decaying memory's score crosses a mark (review, archive, delete) if nothing
    reads it: `at` None for never; `overdue_days` when that day is past and decay has not
    run since."""

    mark: str  # "review_at", "archive_at", "delete_at"
    at: date | None
    overdue_days: int | None = None


@dataclass(frozen=True, slots=True)
class Shown:
    """One memory in full (`memdesk show`): `data` is what `--json` prints (its fields, SPEC 7,
    with its score `history`; for a memory that decays, its `forecast` and what is `overdue`).

    A memory that keeps no score is the `row` as listed, with `place`, where it sits (a date, a
    heading, a key); one that keeps a score (`scored`) is told by `data` and its `forecast`."""

    row: Row
    data: dict[str, Any]
    place: str = ""
    scored: bool = False
    forecast: tuple[Forecast, ...] = ()


class ScoreChanged(Protocol):
    """One memory's score as a decay run changes it."""

    @property
    def id(self) -> str: ...
    @property
    def before(self) -> float: ...
    @property
    def after(self) -> float: ...


class Proposed(Protocol):
    """A memory a decay run would archive or delete: proposed to the review queue only."""

    @property
    def id(self) -> str: ...
    @property
    def to(self) -> str: ...  # "archive" or "delete"
    @property
    def score(self) -> float: ...  # the score after the run


@dataclass(frozen=True, slots=True)
class DecayReport:
    """A decay run up to `at` with the scoring profile `profile`: the scores it changes, the
    memories it proposes to archive or delete, and (`applied`) the proposals it queued and the
    file it wrote, with its backup."""

    at: date
    profile: str
    changed: Sequence[ScoreChanged]
    transitions: Sequence[Proposed]
    applied: bool
    queued: int = 0  # proposals new in the review queue
    wrote: Path | None = None
    backup: Path | None = None

    def to_json(self) -> dict[str, Any]:
        """SPEC 7's JSON of the run (`memdesk decay --json`)."""
        return {
            "at": self.at.isoformat(),
            "changed": [{"id": c.id, "before": c.before, "after": c.after} for c in self.changed],
            "transitions": [{"id": t.id, "to": t.to} for t in self.transitions],
            "applied": self.applied,
        }


@dataclass(frozen=True, slots=True)
class Retrieved:
    """What the agent injects into its prompt for one message: the chunks it takes, in order,
    and the exact text they make (`text`: joined by `separator`)."""

    chunks: list[str]
    separator: str = ""

    @property
    def text(self) -> str:
        return self.separator.join(self.chunks)


@dataclass(frozen=True, slots=True)
class Unseen:
    """A memory the model will not see at session start: the line it starts on, its first
    words."""

    line: int
    words: str

    @property
    def label(self) -> str:
        """How `context --json`, the CLI, the window and warnings name it."""
        return say("line {line}: {text}", line=self.line, text=self.words)


@dataclass(frozen=True, slots=True)
class Injected:
    """One file as the agent puts it into its prompt when a session starts (`memdesk context`).

    `text` is exactly what of the file the prompt holds (empty when the agent leaves it out);
    `unseen` are the memories of the file the model will not see (in a truncation's cut,
    beyond a window, filtered out); `notes` say why."""

    file: str  # workspace-relative, "/" separated
    chars: int  # characters of the file as the agent read it
    injected_chars: int
    truncated: bool
    text: str
    label: str = ""  # how the window names this part ("MEMORY.md", "Daily notes prelude")
    notes: tuple[str, ...] = ()
    unseen: tuple[Unseen, ...] = ()
    # A file the agent loads from outside the workspace (Claude Code's CLAUDE.md files): `file`
    # is its absolute path; MemDesk shows it and never writes it.
    outside: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "chars": self.chars,
            "injected_chars": self.injected_chars,
            "truncated": self.truncated,
            "text": self.text,
            "label": self.label or self.file,
            "notes": list(self.notes),
            "unseen": [u.label for u in self.unseen],
        }


@dataclass(frozen=True, slots=True)
class Context:
    """What the agent injects at session start: per file (`parts`, in the agent's order) and the
    exact messages it sends (`messages`: byte-identical to the agent's own)."""

    parts: list[Injected]
    messages: list[str]
    title: str = ""  # one line: which session kind, scope and day this is for


@dataclass(frozen=True, slots=True)
class DemoResult:
    """What a demo wrote: the long-term memory file, its entry count, its backups (oldest first),
    the agent's newest own backup, and the workspace folder to open."""

    memory_file: Path
    entries: int
    backups: tuple[Path, ...]
    agent_backup: Path | None
    workspace: Path


W = TypeVar("W", bound="OpenWorkspace")
# How an agent lets a memory be removed (`Agent.removal`).
Removal = Literal["delete", "request"] | None


class Capability:
    """What only some agents can do (core.capabilities): a plug-in declares one by
    inheriting it, and the CLI and the window ask for it (`Policy.of(agent, path)`)."""

    # What is said of an agent without it, per operation ("" for any other): "{title} …".
    missing: ClassVar[dict[str, str]]

    @classmethod
    def of(cls, agent: AnyAgent, where: Path, operation: str = "") -> Self:
        """`agent` as one that has this capability; NotApplicable, in the agent's words (after
        `where`), when it has not."""
        found: object = agent
        if not isinstance(found, cls):
            raise NotApplicable(f"{where}: {agent.lacks(cls, operation)}")
        return found


class Agent(ABC, Generic[W]):
    """One agent's memory layout, behind the interface every command and page uses; `W` is the
    workspace `open` returns, which its operations take."""

    name: ClassVar[str]  # the registry key, e.g. "picoclaw"
    title: ClassVar[str]  # how the person names it, e.g. "PicoClaw"
    demo_layouts: ClassVar[tuple[str, ...]]  # `memdesk demo --layout` names it writes
    # The one memory file that is the whole workspace (a bare file given is read as this agent's).
    file_name: ClassVar[str | None] = None
    file_hint: ClassVar[str] = ""  # how a person recognises that file: "X's memories, '…'"
    profiles: ClassVar[tuple[str, ...]] = ()  # scoring profiles `--profile` may name
    # What a person should know once the agent's memory is written ("" for nothing).
    saved_note: ClassVar[str] = ""
    home_hint: ClassVar[str] = ""  # where `home()` looks: "$HERMES_HOME, else ~/.hermes"
    # `rows(query=...)` keeps the rows whose `Row.matches` the query (the scan's index searches so)
    query_is_words: ClassVar[bool] = True
    # `check`/`rows` read MemDesk's journal (a profile saved there, precise scores): a change to
    # it may change them, so the scan's index reads them again (else only what waits)
    reads_journal: ClassVar[bool] = False

    # -- finding it ---------------------------------------------------------------------------
    @abstractmethod
    def detect(self, root: Path) -> Sequence[Source]:
        """The sources of this agent in the folder `root`; empty when it is not this agent's."""

    def workspace_in(self, folder: Path) -> Path | None:
        """The workspace inside a folder that is not one itself (PicoClaw's home), else None."""
        return None

    def where(self, path: Path) -> str:
        """How messages name the memory at `path` (EverBot: its one file)."""
        return str(path)

    def home(self) -> Path | None:
        """Where the agent keeps its memory on this machine when told nothing else (its own
        environment variable first, as the agent reads it); None for an agent without one.
        `home_hint` says it in words (`memdesk --help`)."""
        return None

    def adopts(self, root: Path) -> bool:
        """A folder no agent's layout fits that this agent reads all the same (a new, empty file)."""
        return False

    # -- reading -------------------------------------------------------------------------------
    @abstractmethod
    def open(self, root: Path) -> W:
        """The agent's workspace object for editing (what its window pages work on)."""

    @abstractmethod
    def check(self, path: Path, *, profile: str | None = None) -> CheckReport:
        """Read every memory file as the agent would; counts, problems, warnings."""

    @abstractmethod
    def rows(
        self,
        path: Path,
        *,
        section: str = "all",
        query: str | None = None,
        profile: str | None = None,
        problems: list[Problem] | None = None,
    ) -> list[Row]:
        """Every memory of every document (the window's search language or words in `query`)."""

    def list_lines(
        self,
        path: Path,
        *,
        section: str = "all",
        query: str | None = None,
        profile: str | None = None,
        problems: list[Problem] | None = None,
    ) -> list[str]:
        """`memdesk list`'s text, a line per memory as `rows` lists them (an agent that can
        write them without a row for each memory does)."""
        rows = self.rows(path, section=section, query=query, profile=profile, problems=problems)
        return [r.text for r in rows]

    def rows_in(self, ws: W) -> list[Row]:
        """Every memory of the workspace `ws` that `open` returned, as `rows` lists them (by
        default read again from its folder; an agent that can list them from `ws` does)."""
        return self.rows(ws.root)

    def rows_named(self, path: Path, memory_id: str) -> list[Row]:
        """Every memory `memory_id` names among all the workspace's memories (see `named`):
        what `where` looks for, without the shortcuts `lookup` may take."""
        return named(self.rows(path), memory_id)

    def lookup(self, path: Path, memory_id: str, *, profile: str | None = None) -> list[Row]:
        """The memories `memdesk show|edit ID` may mean (see `named`)."""
        unread: list[Problem] = []
        rows = self.candidates(path, memory_id, profile=profile, problems=unread)
        return named(rows, memory_id, unread)

    def candidates(
        self,
        path: Path,
        memory_id: str,
        *,
        profile: str | None = None,
        problems: list[Problem] | None = None,
    ) -> list[Row]:
        """The memories `lookup` chooses among: at least every one with `memory_id`'s id (an
        agent that finds them without reading every memory does)."""
        return self.rows(path, profile=profile, problems=problems)

    def show(self, path: Path, row: Row, *, profile: str | None = None) -> Shown:
        """One memory in full. This default suits files that keep no scores (no history): the
        memory as listed, and what `detail` says of its place."""
        return Shown(row, {**row.fields, "history": []}, place=self.detail(row))

    def detail(self, row: Row) -> str:
        """Where the memory sits beyond its file and line (a date, a heading, a key)."""
        return ""

    def reviewed(self, row: Row) -> bool:
        """Whether the reviewer proposes about this memory: the agent's long-term memory is
        reviewed; its daily notes, transcripts and blocks it manages itself are context only."""
        return not row.fields.get("read_only")

    # What approving a removal of a "request" memory does, in the agent's words (see `removal`).
    removal_said: ClassVar[str] = ""

    def removal(self, row: Row) -> Removal:
        """How the agent lets this memory be removed: "delete" (MemDesk deletes it, or merges it
        away), "request" (MemDesk writes the agent's own request to forget it:
        `removal_request`), None (never: it is edited, never removed)."""
        return "delete"

    def removal_request(self, ws: Any, row: Row, kept: Row | None = None) -> list[ChangeSet]:
        """The agent's own request to forget the memory `row` ("request" in `removal`; `kept`:
        the memory it repeats, which stays); no change sets when one already asks it."""
        said = say(
            "{file}: {title} takes no request to forget a memory", file=row.file, title=self.title
        )
        raise WorkspaceError(said, exit_code=EXIT_REFUSED)

    def backups(self, path: Path) -> list[BackupFile]:
        """Every backup of the agent's main memory file MemDesk can find, oldest first, each
        with the agent's format for reading it (`core.store.backups_view`). None by default."""
        return []

    def file_kind(self, data: bytes) -> str | None:
        """Which of this agent's memory files `data` is, as a person names it ("PicoClaw's
        long-term memory"), by the marks the agent's writer leaves at its top; None when it
        shows none (another agent's file, an empty one). A restore that changes it is asked."""
        return None

    def restore_cautions(self, root: Path, live: str, now: bytes, data: bytes) -> list[str]:
        """What the agent would refuse or fail at once `data` is restored over its file `live`
        (`now`: its bytes as they are), one line each: the restore is asked first. None by
        default."""
        return []

    # -- what only some agents can do (core.capabilities) -------------------------------
    def lacks(self, capability: type[Capability], operation: str = "") -> str:
        """What the person is told when this agent is asked for `operation` of a capability it
        does not have (after the path): the capability's words, or, where the agent can say
        better what it does instead, its own."""
        return capability.missing.get(operation, capability.missing[""]).format(title=self.title)

    # -- demo ----------------------------------------------------------------------------------
    @abstractmethod
    def demo(
        self,
        target: Path,
        *,
        layout: str,
        entries: int | None,
        seed: int,
        today: date | None = None,
    ) -> DemoResult:
        """Write a lived-in demo workspace of this agent into `target`."""


class OpenWorkspace(Editable, Protocol):
    """An agent's open workspace as the window holds it: what the shell drives (`Editable`),
    and the plug-in that reads it, the one source of which agent it is."""

    @property
    def agent(self) -> AnyAgent: ...


AnyAgent = Agent[Any]  # an agent of the registry, whichever its workspace
