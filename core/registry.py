"""The agent plug-ins MemDesk knows, and which one a folder belongs to (SPEC 2.6).

Each name is a package `core.agents.<name>` whose `AGENT` implements `core.agent.Agent`.
Packages are imported only when needed (a `memdesk --help` imports none). A new agent is one more
package and one more name here.

Detection asks every agent which of its sources the folder holds. When more than one agent fits,
the person chooses; the choice is remembered in the workspace's journal.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from core.agent import Agent, AnyAgent, SeveralWorkspaces, Source
from core.messages import say
from core.store.errors import EXIT_ERROR, WorkspaceError
from core.store.files import read_error, read_head

if TYPE_CHECKING:
    from core.ops.restore import FileKind, KindOf

__all__ = [
    "NAMES",
    "Detection",
    "agent_named",
    "all_agents",
    "demo_layouts",
    "detect",
    "file_kinds",
    "first_fitting",
    "found_homes",
    "home_workspaces",
    "indexer",
    "remember_agent",
    "remembered_agent",
    "resolve",
    "user_folders",
    "workspace_root",
]

NAMES: tuple[str, ...] = (
    "everbot",
    "hermes",
    "picoclaw",
    "codex",
    "openclaw",
    "pomelobot",
    "claude_code",
)  # most specific first
SETTING = "layout"
_OLD_NAMES = {"structured": "everbot"}  # what journals of earlier versions remember


@cache
def agent_named(name: str) -> AnyAgent:
    """The plug-in called `name`; ValueError for a name MemDesk does not know."""
    name = _OLD_NAMES.get(name, name)
    if name not in NAMES:
        raise ValueError(
            say("unknown agent {name} (known: {names})", name=repr(name), names=", ".join(NAMES))
        )
    module = importlib.import_module(f"core.agents.{name}")
    agent = module.AGENT
    assert isinstance(agent, Agent)
    return agent


def all_agents() -> list[AnyAgent]:
    return [agent_named(name) for name in NAMES]


def demo_layouts() -> dict[str, AnyAgent]:
    """Every `memdesk demo --layout` name and the agent that writes it."""
    return {layout: agent for agent in all_agents() for layout in agent.demo_layouts}


def default_demo_layout() -> str:
    """The demo `memdesk demo` writes and the window opens when given nothing: the first
    registered agent's first."""
    return all_agents()[0].demo_layouts[0]


def bench_module() -> Any:
    """`memdesk bench` (SPEC 8): MemDesk's figures on a structured MEMORY.md, EverBot's file,
    beside their baselines (`run_bench(entries, repeat)`)."""
    return importlib.import_module("core.agents.everbot.bench")


def found_homes() -> list[tuple[AnyAgent, Path]]:
    """The agents whose memory is where they keep it when told nothing else (`Agent.home`:
    HERMES_HOME, ~/.hermes, ~/.claude, ...), with that folder, the most recently changed first.
    A home that holds several workspaces (Claude Code's projects) counts: opening it asks."""
    found = []
    for agent in all_agents():
        home = agent.home()
        changed = _last_changed(agent, home) if home is not None else None
        if home is not None and changed is not None:
            found.append((changed, agent, home))
    found.sort(key=lambda f: f[0], reverse=True)  # stable: registry order among equals
    return [(agent, home) for _, agent, home in found]


def _last_changed(agent: AnyAgent, home: Path) -> float | None:
    """When the agent's memory in `home` last changed (its newest source); None when `home`
    holds none of it."""
    try:
        roots = home_workspaces(agent, home)
    except (OSError, WorkspaceError):
        return None  # unreadable, or not a home MemDesk opens: the person opens it by hand
    times = [_changed(source.path) for root in roots for source in agent.detect(root)]
    return max(times, default=0.0) if roots else None


def home_workspaces(
    agent: AnyAgent, home: Path, *, fleet: bool = True, fitting: Fitting | None = None
) -> list[Path]:
    """The workspaces of `agent`'s memory in the folder `home`: itself, the one inside it, each
    of several (Claude Code's projects), else (`fleet`) each user's folder it holds
    (`user_folders`); [] when it holds none. Reads, never writes; OSError or WorkspaceError
    when it cannot be read."""
    if not home.is_dir():
        return []
    if agent.detect(home):
        return [home]
    try:
        inner = agent.workspace_in(home)
    except SeveralWorkspaces as several:
        return [path for path, _ in several.choices]
    if inner is not None:
        return [inner]
    return [ws for _, ws in user_folders([agent], home, fitting=fitting)] if fleet else []


FLEET_DEPTH: Final = 3  # PicoClaw's users/<channel>/<chatID>/, Hermes's profiles/<name>/


def first_fitting(agents: Sequence[AnyAgent], folder: Path) -> AnyAgent | None:
    """The first of `agents` whose layout the folder holds."""
    return next((a for a in agents if a.detect(folder)), None)


Fitting = Callable[[Sequence[AnyAgent], Path], AnyAgent | None]


def user_folders(
    agents: Sequence[AnyAgent],
    fleet: Path,
    depth: int = FLEET_DEPTH,
    *,
    fitting: Fitting | None = None,
) -> list[tuple[AnyAgent, Path]]:
    """A fleet's workspaces (a bot's per-user memory folders): each folder up to `depth` levels
    below `fleet` that one of `agents` fits (the first that does, as `fitting` tells: by default
    `first_fitting`; the scan's index remembers it), sorted by path; hidden folders, backups and
    the workspaces found are not looked into."""
    fits = fitting or first_fitting
    found: list[tuple[AnyAgent, Path]] = []
    if depth == 0:
        return found
    with os.scandir(fleet) as entries:
        folders = sorted(
            Path(e.path)
            for e in entries
            if e.is_dir(follow_symlinks=False) and e.name[0] != "." and e.name != "backups"
        )
    for folder in folders:
        agent = fits(agents, folder)
        found += (
            [(agent, folder)] if agent else user_folders(agents, folder, depth - 1, fitting=fits)
        )
    return found


def _changed(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def profile_names() -> list[str]:
    """Every scoring profile an agent offers (`--profile`)."""
    return sorted({p for agent in all_agents() for p in agent.profiles})


def single_file_agent() -> AnyAgent:
    """The agent whose whole workspace is one memory file (a bare file is read as its)."""
    return next(a for a in all_agents() if a.file_name is not None)


def indexer() -> AnyAgent:
    """The first agent that cuts memory files into index chunks (`memdesk chunks` on any folder)."""
    from core.capabilities import Chunks

    return next(a for a in all_agents() if isinstance(a, Chunks))


@dataclass(frozen=True, slots=True)
class Detection:
    candidates: tuple[str, ...]  # every agent whose layout fits, most specific first
    sources: tuple[Source, ...]
    chosen: str | None  # None when nothing fits or the person must choose

    @property
    def ambiguous(self) -> bool:
        return self.chosen is None and len(self.candidates) > 1

    @property
    def agent(self) -> AnyAgent | None:
        return None if self.chosen is None else agent_named(self.chosen)


def detect(root: Path) -> Detection:
    """The agents `root` fits and their sources; a choice remembered in the journal wins."""
    found = [(agent.name, tuple(agent.detect(root))) for agent in all_agents()]
    found = [(name, sources) for name, sources in found if sources]
    candidates = tuple(name for name, _ in found)
    remembered = remembered_agent(root)
    if remembered in candidates:
        chosen: str | None = remembered
    else:
        chosen = candidates[0] if len(candidates) == 1 else None
    kept = tuple(s for name, group in found if chosen in (None, name) for s in group)
    return Detection(candidates, kept, chosen)


def file_kinds(agent: AnyAgent) -> KindOf:
    """What `agent` says of bytes restored into its workspace: what kind of memory file they
    are (one of its own files, else another agent's with `FileKind.own` False, else None), and
    what it would refuse once they are restored (`Agent.restore_cautions`)."""
    return _AgentSays(agent)


@dataclass(frozen=True, slots=True)
class _AgentSays:
    agent: AnyAgent

    def kind(self, data: bytes) -> FileKind | None:
        from core.ops.restore import FileKind  # not at start-up: `memdesk --help` needs none

        own = self.agent.file_kind(data)
        if own is not None:
            return FileKind(own, True)
        for other in all_agents():
            found = other.file_kind(data) if other is not self.agent else None
            if found is not None:
                return FileKind(found, False)
        return None

    def cautions(self, root: Path, live: str, now: bytes, data: bytes) -> list[str]:
        return self.agent.restore_cautions(root, live, now, data)


def workspace_root(path: Path) -> Path:
    """The workspace to read for `path`: a folder that is no workspace but holds one (PicoClaw's
    home folder holds workspace/) stands for it; any other path is itself."""
    if not path.is_dir() or detect(path).candidates:
        return path
    for agent in all_agents():
        inner = agent.workspace_in(path)
        if inner is not None:
            return inner
    return path


def resolve(path: Path, *, agent: str | None = None) -> tuple[AnyAgent, Path]:
    """The agent whose memory `path` holds, and the path to give it.

    A file is read as the agent whose format it is (a structured MEMORY.md). `agent` names the
    agent when the person says so (or more than one fits). WorkspaceError with the reason and
    what to do otherwise.
    """
    try:
        return _resolve(path, agent)
    except OSError as exc:  # a file or folder of it MemDesk may not look into
        raise read_error(Path(exc.filename or path), exc, "file or folder") from None


def _resolve(path: Path, agent: str | None) -> tuple[AnyAgent, Path]:
    if not path.exists():
        raise WorkspaceError(say("{path}: no such file or folder", path=path))
    if path.is_file():
        return _file_agent(path, agent), path
    if agent is not None:
        try:
            return agent_named(agent), workspace_root(path)
        except ValueError as exc:
            raise WorkspaceError(str(exc), exit_code=EXIT_ERROR) from None
    root = workspace_root(path)
    found = detect(root)
    if found.agent is not None:
        return found.agent, root
    if not found.candidates:
        adopting = next((a for a in all_agents() if a.adopts(root)), None)
        if adopting is not None:
            return adopting, root
    if found.ambiguous:
        raise WorkspaceError(
            say(
                "{path}: this folder fits more than one agent's layout ({agents}); say which "
                "with --agent {names} (the window asks and remembers it)",
                path=root,
                agents=_titles(found.candidates),
                names="|".join(found.candidates),
            )
        )
    raise WorkspaceError(
        say(
            "{path}: no agent memory here (looked for {agents} files: MEMORY.md, "
            "memory/MEMORY.md with daily notes, memory/scopes/, memories/memory_summary.md)",
            path=root,
            agents=", ".join(a.title for a in all_agents()),
        )
    )


_FILE_HEAD = 256 * 1024  # enough to see a file's first memory headers


def _file_agent(path: Path, agent: str | None) -> AnyAgent:
    """The agent whose memory the file `path` is: the one whose single file is its workspace,
    when the file shows its memories or bears its file's name (a new one may hold none yet) and
    shows no other agent's marks. Any other file is refused before anything is read or
    created beside it (SPEC 5)."""
    single = single_file_agent()
    if agent not in (None, single.name):
        raise WorkspaceError(
            say(
                "{path}: a file is read as {name}'s memory; for {agent_name} give its "
                "workspace folder",
                path=path,
                name=single.name,
                agent_name=agent,
            )
        )
    head = read_head(path, _FILE_HEAD) or b""
    if single.file_kind(head) is not None:
        return single
    kind = next((k for a in all_agents() if (k := a.file_kind(head)) is not None), None)
    if kind is not None:
        raise WorkspaceError(
            say(
                "{path}: this is {kind}: open {place}",
                path=path,
                kind=kind,
                place=_workspace_folder(path),
            )
        )
    if path.name == single.file_name:
        return single
    raise WorkspaceError(
        say(
            "{path}: not an agent's memory file (MemDesk looked for {hint}, or the name "
            "{file}; for another agent give its workspace folder)",
            path=path,
            hint=single.file_hint,
            file=single.file_name,
        )
    )


def _workspace_folder(path: Path) -> str:
    """How to name the workspace folder that holds another agent's file `path`."""
    folders = [path.parent] + ([path.parent.parent] if path.parent.name == "memory" else [])
    found = next((f for f in folders if detect(f).candidates), None)
    if found is None:
        return say("its workspace folder")
    return say("its workspace folder {folder}", folder=found)


def _titles(names: Sequence[str]) -> str:
    return ", ".join(f"{agent_named(n).title} ({n})" for n in names)


def remembered_agent(root: Path) -> str | None:
    from core.store.journal import JournalError
    from core.store.settled import journal_for_reading

    try:
        with journal_for_reading(root) as journal:
            value = None if journal is None else journal.get_setting(SETTING)
    except JournalError:
        return None
    if not isinstance(value, str):
        return None
    value = _OLD_NAMES.get(value, value)
    return value if value in NAMES else None


def remember_agent(root: Path, name: str) -> None:
    """Keep the person's choice for this workspace (in its journal)."""
    from core.store.settled import journal_for_writing

    agent = agent_named(name)
    with journal_for_writing(root) as journal:
        journal.set_setting(SETTING, agent.name)
