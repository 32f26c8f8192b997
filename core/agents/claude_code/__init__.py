"""Claude Code's auto memory (spec/claude-code.md, Claude Code 2.1.332): per project,
`~/.claude/projects/<folder>/memory/` with MEMORY.md, the index the agent loads at session start
(cut at 200 lines / 25,000 UTF-16 units), and one topic file per memory with YAML frontmatter.

`format` reads topic files, `index` the index and what of it the agent loads, `lock` its
consolidation lock, `workspace` opens a project folder for editing, `demo` writes a demo.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from core.agent import (
    LIST_HEADER,
    Agent,
    CheckReport,
    Context,
    DemoResult,
    Injected,
    NotApplicable,
    Row,
    Source,
    SourceCount,
    Unseen,
    checked_section,
    list_line,
)
from core.capabilities import Editing, SessionStart
from core.formats.problems import Problem
from core.formats.text import InputError, to_lf
from core.messages import N_, say
from core.ops import ChangeSet
from core.store.backups_view import BackupFile, own_backups_in
from core.store.errors import WorkspaceError
from core.store.files import list_folder, read_head, read_or_none

if TYPE_CHECKING:
    from core.agents.claude_code.workspace import ClaudeCodeWorkspace

SECTIONS = ("index", "topic", "all")
_FRONT = re.compile(rb"\A(?:\xef\xbb\xbf)?---[ \t]*\r?\n(?:.*\r?\n)*?(?:name|description|type)\s*:")
_OTHER_AGENTS = re.compile(r"^\d{6}$|^scopes$")  # PicoClaw's month folders, Pomelobot's scopes
_PROJECT_FOLDER = re.compile(r"^(?:-|[A-Za-z]--)[A-Za-z0-9-]*$")  # a path, sanitised [B:w]


class ClaudeCode(Agent["ClaudeCodeWorkspace"], Editing["ClaudeCodeWorkspace"], SessionStart):
    name: ClassVar[str] = "claude_code"
    title: ClassVar[str] = "Claude Code"
    demo_layouts: ClassVar[tuple[str, ...]] = ("claude-code",)
    list_header: ClassVar[str] = LIST_HEADER

    # -- finding it ---------------------------------------------------------------------------
    def detect(self, root: Path) -> Sequence[Source]:
        """A project folder of Claude Code (`~/.claude/projects/<folder>/`): its `memory/`
        holds MEMORY.md or topic files, and either the folder sits in `projects/` or a topic
        file shows the agent's frontmatter. A MEMORY.md beside memory/ is another agent's."""
        from core.agents.claude_code.workspace import INDEX_FILE, MEMORY, topic_files

        memory = root / MEMORY
        if not memory.is_dir() or (root / "MEMORY.md").exists():
            return []
        if any(_OTHER_AGENTS.match(p.name) for p in list_folder(memory) if p.is_dir()):
            return []
        topics = topic_files(root)
        index = root / INDEX_FILE
        in_projects = _project_folder(root) and (index.is_file() or bool(topics))
        if not (in_projects or any(_front(root / rel) for rel in topics[:20])):
            return []
        sources = [Source("index", index)] if index.is_file() else []
        return sources + [Source("topic", root / rel, Path(rel).stem) for rel in topics]

    home_hint: ClassVar[str] = "$CLAUDE_CONFIG_DIR, else ~/.claude"

    def home(self) -> Path:
        """The config home (`CLAUDE_CONFIG_DIR`, else `~/.claude`, spec 1.1) holding every
        project's memory."""
        from core.agents.claude_code.discover import config_home

        return config_home()

    def workspace_in(self, folder: Path) -> Path | None:
        """The project folder for its memory/ folder; for a config home (`~/.claude`), the
        folder its `autoMemoryDirectory` names, else its one project (SeveralWorkspaces
        when it has more)."""
        from core.agents.claude_code.discover import home_workspace

        if folder.name == "memory" and self.detect(folder.parent):
            return folder.parent
        return home_workspace(folder)

    # -- reading -------------------------------------------------------------------------------
    def open(self, root: Path) -> ClaudeCodeWorkspace:
        from core.agents.claude_code.workspace import ClaudeCodeWorkspace

        return ClaudeCodeWorkspace.open(root)

    def backups(self, path: Path) -> list[BackupFile]:
        """MemDesk's backups (`.memdesk/backups/`, beside memory/, out of the agent's scan) of
        the index and every topic file, deleted ones too; the agent keeps none."""
        from core.agents.claude_code.workspace import MEMORY, memory_format

        return own_backups_in(path, MEMORY, memory_format)

    def check(self, path: Path, *, profile: str | None = None) -> CheckReport:
        """The index and every topic file read as the agent reads them; warnings for what the
        agent will not see (index lines past the cut) and for the index out of step."""
        from core.agents.claude_code.warnings import index_warnings, loss_warnings

        report = CheckReport(self.name)
        problems: list[Problem] = []
        rows = self.rows(path, problems=problems)
        report.problems += problems
        for section in ("index", "topic"):
            found = [r for r in rows if r.fields["section"] == section]
            report.sources.append(SourceCount(section, str(path / "memory"), len(found)))
        report.warnings += index_warnings(path) + loss_warnings(path)
        from core.agents.claude_code.project import project_label

        report.summary = say(
            "{path}: Claude Code memory of the project {project}, {count} memories",
            path=path,
            project=project_label(path),
            count=len(rows),
        )
        return report

    def rows(
        self,
        path: Path,
        *,
        section: str = "all",
        query: str | None = None,
        profile: str | None = None,
        problems: list[Problem] | None = None,
    ) -> list[Row]:
        """One memory per topic file, with the index line that points at it; then the index
        lines that point at no topic file. `section` index: every line of the index."""
        from core.agents.claude_code.format import parse_topic
        from core.agents.claude_code.index import IndexFormat, IndexLine
        from core.agents.claude_code.workspace import INDEX_FILE, pointed_file, topic_files

        checked_section(section, SECTIONS, "Claude Code")
        lines: list[IndexLine] = []
        try:
            data = read_or_none(path / INDEX_FILE, root=path)
            lines = IndexFormat(INDEX_FILE).parse(data).lines() if data is not None else []
        except (WorkspaceError, InputError) as exc:
            _unread(problems, path / INDEX_FILE, exc)
        topics = topic_files(path)
        if section == "index":
            return [
                r for r in (_index_row(path, line, topics) for line in lines) if r.matches(query)
            ]
        pointers = {pointed_file(line): line for line in reversed(lines)}
        rows: list[Row] = []
        for rel in topics:
            try:
                topic = parse_topic(read_or_none(path / rel, root=path) or b"", rel)
            except (WorkspaceError, InputError) as exc:
                _unread(problems, path / rel, exc)
                continue
            if topic is not None:
                rows.append(_topic_row(path, rel, topic, pointers.get(rel)))
        if section == "all":
            known = set(topics)
            rows += [_index_row(path, ln, topics) for ln in lines if pointed_file(ln) not in known]
        return [r for r in rows if r.matches(query)]

    def reviewed(self, row: Row) -> bool:
        """A topic file is a memory; an index line that points at one is its pointer, context
        only (else it would be proposed as a duplicate of the memory it points at)."""
        return not row.fields.get("points_at_topic")

    def detail(self, row: Row) -> str:
        if row.fields["section"] == "index":
            target = row.fields.get("target")
            if target:
                return say("index line {line}, points at {file}", line=row.line, file=target)
            return say("index line {line}", line=row.line)
        kind = row.fields.get("category") or N_("no type")
        line = row.fields.get("index_line")
        pointer = say("MEMORY.md line {line}", line=line) if line else N_("no line of MEMORY.md")
        return say(
            "topic file {file}, type {kind}, pointed at by {pointer}",
            file=row.file,
            kind=kind,
            pointer=pointer,
        )

    # -- changing ------------------------------------------------------------------------------
    def add(
        self,
        ws: ClaudeCodeWorkspace,
        text: str,
        *,
        file: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet:
        """A new topic file in the agent's template (`category`: its type, default project);
        with `file` memory/MEMORY.md, a line of the index instead."""
        from core.agents.claude_code.format import TYPES
        from core.agents.claude_code.index import index_line
        from core.agents.claude_code.workspace import INDEX_FILE
        from core.ops.entries import add_entry

        if file == INDEX_FILE:
            return add_entry(ws.index(), index_line(text), N_("Add a line to MEMORY.md"))
        if file is not None:
            raise WorkspaceError(
                say("{file}: Claude Code adds a memory as a new topic file", file=file)
            )
        kind = category or "project"
        if kind not in TYPES:
            raise WorkspaceError(
                say(
                    "--category {value}: Claude Code's types are {types}",
                    value=kind,
                    types=", ".join(TYPES),
                )
            )
        return ws.new_topic_file(text, kind)

    def edit(
        self,
        ws: ClaudeCodeWorkspace,
        row: Row,
        *,
        text: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet:
        from core.ops.entries import edit_entry

        if text is None:
            raise WorkspaceError(N_("Claude Code memories are edited as text: give --text"))
        try:
            return edit_entry(ws.document_at(row.file), row.key, text)
        except ValueError as exc:
            raise WorkspaceError(f"{row.file}: {exc}") from None

    def delete(self, ws: ClaudeCodeWorkspace, row: Row) -> ChangeSet:
        """An index line goes from MEMORY.md; a topic file is removed."""
        from core.ops.entries import delete_entry

        document = ws.document_at(row.file)
        if row.fields["section"] == "index":
            return delete_entry(document, row.key)
        return ChangeSet(document, say("Delete {file}", file=row.file), remove=True)

    def promote(self, ws: ClaudeCodeWorkspace, row: Row) -> ChangeSet:
        raise NotApplicable(
            say(
                "{path}: Claude Code keeps no short-term notes: every memory is already one",
                path=ws.root,
            )
        )

    # -- what the agent does with it -------------------------------------------------------------
    def context(
        self,
        path: Path,
        *,
        today: date | None = None,
        scope: str | None = None,
        project: str | None = None,
    ) -> Context:
        """MEMORY.md as a new session loads it (topic files are read on demand only)."""
        from core.agents.claude_code.format import split_topic
        from core.agents.claude_code.index import INDEX, load_index, parse_index
        from core.agents.claude_code.workspace import INDEX_FILE

        data = read_or_none(path / INDEX_FILE, root=path)
        text = "" if data is None else data.decode("utf-8", "replace")
        loaded = load_index(split_topic(text).body if text.startswith("---") else text)
        unseen = tuple(
            Unseen(line.line, line.text[:60])
            for line in parse_index(text).lines()
            if line.line > loaded.kept_lines + _leading_blank(text)
        )
        message = to_lf(loaded.content)
        notes = (message.rsplit("\n\n", 1)[-1],) if loaded.truncated else ()
        part = Injected(
            INDEX_FILE, len(text), len(message), loaded.truncated, message, INDEX, notes, unseen
        )
        parts = [*_instruction_parts(path), part]
        return Context(parts, [message] if message else [""], N_("Claude Code session start"))

    def demo(
        self,
        target: Path,
        *,
        layout: str,
        entries: int | None,
        seed: int,
        today: date | None = None,
    ) -> DemoResult:
        from core.agents.claude_code.demo import write_demo

        return write_demo(target, entries=entries, seed=seed, today=today)


def _instruction_parts(root: Path) -> list[Injected]:
    """Each CLAUDE.md file there is, loaded in full before MEMORY.md (read-only here)."""
    from core.agents.claude_code.instructions import hierarchy, notes

    return [
        Injected(
            str(f.path), len(f.text), len(f.text), False, f.text, f.label, tuple(notes(f)), (), True
        )
        for f in hierarchy(root)[0]
        if f.text is not None
    ]


def _leading_blank(text: str) -> int:
    """Blank lines before the index's first text: trimmed away before the 200 lines count."""
    lines = to_lf(text).split("\n")
    return next((n for n, line in enumerate(lines) if line.strip()), 0)


def _project_folder(root: Path) -> bool:
    """A folder of `projects/` as the agent names one (its project's path, sanitised) or one
    holding its session transcripts."""
    if root.parent.name != "projects":
        return False
    return bool(_PROJECT_FOLDER.match(root.name)) or any(
        p.suffix == ".jsonl" for p in list_folder(root)
    )


def _front(path: Path) -> bool:
    head = read_head(path, 2048)
    return head is not None and _FRONT.match(head) is not None


def _index_row(root: Path, line: Any, topics: Sequence[str]) -> Row:
    from core.agents.claude_code.workspace import INDEX_FILE, MEMORY

    fields: dict[str, Any] = {
        "id": line.key,
        "category": "index",
        "score": None,
        "last_activated": None,
        "activation_count": None,
        "section": "index",
        "content": line.text,
        "file": str(root / INDEX_FILE),
        "line": line.line,
        "target": line.target,
        "points_at_topic": line.target is not None and f"{MEMORY}/{line.target}" in topics,
    }
    text = list_line(line.key, "index", "", line.text)
    return Row(line.key, INDEX_FILE, line.line, fields, text, key=line.key)


def _topic_row(root: Path, rel: str, topic: Any, pointer: Any) -> Row:
    meta = topic.frontmatter
    fields: dict[str, Any] = {
        "id": topic.key,
        "category": meta.type,
        "score": None,
        "last_activated": _modified(meta.modified, root / rel),
        "activation_count": None,
        "section": "topic",
        "content": topic.content,
        "file": str(root / rel),
        "line": topic.front.count("\n") + 1,
        "name": meta.name,
        "description": meta.description,
        "index_line": None if pointer is None else pointer.line,
    }
    text = list_line(topic.key, f"topic:{meta.type or '-'}", "", meta.description or topic.content)
    return Row(topic.key, rel, fields["line"], fields, text, key=topic.key)


def _modified(said: Any, file: Path) -> str | None:
    """When the memory was last written, as the agent orders them: `metadata.modified` when
    the frontmatter has it, else the file's mtime (UTC)."""
    if said is not None:
        return str(said)
    with contextlib.suppress(OSError):
        return datetime.fromtimestamp(file.stat().st_mtime, UTC).isoformat(timespec="seconds")
    return None


def _unread(problems: list[Problem] | None, path: Path, exc: Exception) -> None:
    if problems is None:
        raise exc
    problems.append(Problem(str(path), 1, 1, "unreadable", str(exc)))


AGENT = ClaudeCode()
