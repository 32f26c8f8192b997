"""Pomeloclaw / Pomelobot (SPEC 2.4, spec/pomeloclaw.md): scopes of long-term, daily, heartbeat
and transcript files, team entries in the main scope.

`scopes` lists the scopes and their files; `format` reads the files without losing a byte;
`chunks` cuts them into the agent's index chunks; `access` is what memory_get may read; `search`
finds a keyword in a scope; `team` reads and merges team entries; `context` is what the agent
injects at session start; `scope_keys` names the scopes; `warnings` says what the agent is about
to destroy or hide; `workspace` opens a workspace for editing; `demo` writes demo workspaces of
both layouts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from core.agent import (
    LIST_HEADER,
    Agent,
    Capability,
    CheckReport,
    Context,
    DemoResult,
    NotApplicable,
    Row,
    Source,
    SourceCount,
    first_line,
    list_line,
)
from core.capabilities import Chunks, Editing, Retrieval, SessionStart
from core.formats.problems import Problem
from core.formats.text import InputError
from core.messages import N_, say
from core.ops import ChangeSet
from core.store.backups_view import BackupFile, own_backups_in
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import list_folder, read_head, read_or_none

if TYPE_CHECKING:
    from core.agents.pomelobot.workspace import PomelobotWorkspace

_DAILY = re.compile(r"^\d{4}-\d{2}-\d{2}\.md$")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class Pomelobot(Agent["PomelobotWorkspace"], Editing["PomelobotWorkspace"], SessionStart, Chunks):
    name: ClassVar[str] = "pomelobot"
    title: ClassVar[str] = "Pomeloclaw / Pomelobot"
    demo_layouts: ClassVar[tuple[str, ...]] = ("pomelobot", "pomeloclaw")
    list_header: ClassVar[str] = LIST_HEADER

    def detect(self, root: Path) -> Sequence[Source]:
        memory = root / "memory"
        longterm = root / "MEMORY.md"
        scopes = memory / "scopes"
        daily = (
            sorted(p for p in list_folder(memory) if p.is_file() and _DAILY.match(p.name))
            if memory.is_dir()
            else []
        )
        # Without scopes (the older layout's main scope alone), the files must show the agent's
        # own headers or time stamps: other agents keep a MEMORY.md and memory/YYYY-MM-DD.md too.
        beside = longterm.is_file() or not (memory / "MEMORY.md").is_file()
        written_here = beside and any(_written_by_pomelobot(p) for p in [longterm, *daily])
        if not (scopes.is_dir() or (daily and written_here)):
            return []
        sources = [Source("scope", longterm if longterm.is_file() else memory, "main")]
        if scopes.is_dir():
            # memory/scopes/main/ (transcripts, newer long-term files) belongs to the main scope.
            sources += [
                Source("scope", p, p.name)
                for p in sorted(list_folder(scopes))
                if p.is_dir() and p.name != "main"
            ]
        return sources

    # -- reading -------------------------------------------------------------------------------
    def open(self, root: Path) -> PomelobotWorkspace:
        from core.agents.pomelobot.workspace import PomelobotWorkspace

        return PomelobotWorkspace.open(root)

    def file_kind(self, data: bytes) -> str | None:
        """The header the agent starts each of its files with, naming the scope."""
        line = first_line(data)
        for start, kind in _HEADERS:
            if line.startswith(start) and line.endswith(")"):
                scope = line.rsplit("(", 1)[-1].removesuffix(")")
                return say("Pomelobot's {kind} ({scope})", kind=kind, scope=scope)
        return None

    def backups(self, path: Path) -> list[BackupFile]:
        """MemDesk's backups (`.memdesk/backups/`) of every memory file of every scope; the
        agent keeps none of its own."""
        from core.agents.pomelobot.format import MemoryFileFormat
        from core.agents.pomelobot.scopes import editable_file

        def fmt_for(rel: str) -> MemoryFileFormat | None:
            file = editable_file(rel)
            return None if file is None else MemoryFileFormat(rel, file.kind)

        return own_backups_in(path, "", fmt_for)

    def check(self, path: Path, *, profile: str | None = None) -> CheckReport:
        """Every file read as the agent reads it; warnings of team merge losses, scopes several
        senders share, memories beyond the prompt at session start (today) and long-term files
        of the older layout no longer injected."""
        from core.agents.pomelobot import warnings
        from core.agents.pomelobot.scopes import list_scopes

        report = CheckReport(self.name)
        scopes = list_scopes(path)
        documents: dict[str, Any] = {}
        for scope, item, doc_or_error in _files(path, scopes):
            file = path / item.path
            if isinstance(doc_or_error, Exception):
                report.problems.append(_problem(file, "unreadable", str(doc_or_error)))
                continue
            documents[item.path] = doc_or_error
            kind = f"{scope}:{item.kind}"
            report.sources.append(SourceCount(kind, str(file), len(doc_or_error.entries())))
            report.warnings += warnings.team_merge_losses(item.path, doc_or_error.render())
        counts = {rel: len(doc.entries()) for rel, doc in documents.items()}
        report.warnings += warnings.shared_scopes(scopes, counts)
        report.warnings += warnings.scopes_not_in_prompt(path, scopes, date.today())
        report.warnings += warnings.legacy_files(scopes, documents)
        report.summary = say(
            "{path}: Pomeloclaw / Pomelobot workspace, {count} memories",
            path=path,
            count=report.entries,
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
        """Every entry of every scope's files; `section` is SCOPE:KIND (main:daily), a scope or
        a kind (long_term, daily, heartbeat, transcript)."""
        rows: list[Row] = []
        for scope, item, doc in _files(path):
            if isinstance(doc, Exception):
                if problems is None:
                    raise doc
                problems.append(_problem(path / item.path, "unreadable", str(doc)))
                continue
            where = f"{scope}:{item.kind}"
            if section not in ("all", scope, item.kind, where):
                continue
            rows += [_row(where, item.path, path / item.path, e) for e in doc.entries()]
        return [r for r in rows if r.matches(query)]

    def reviewed(self, row: Row) -> bool:
        """Each scope's long-term memory and HEARTBEAT.md lessons; daily files and transcripts
        are its history."""
        section = str(row.fields.get("section") or "")
        return section.endswith((":long_term", ":heartbeat")) and super().reviewed(row)

    def detail(self, row: Row) -> str:
        when = row.fields["last_activated"]
        if row.fields["category"] == "team":
            return say("team entry '{title}', updated {day}", title=row.fields["title"], day=when)
        found = _DATE.search(Path(row.file).name)
        day = found.group() if found else None
        if not row.fields["section"].endswith(":heartbeat"):
            if day is None:
                return say("time {time}", time=when)
            return say("date {day}, time {time}", day=day, time=when)
        category = row.fields["category"]
        if day is None:
            return say("time {time}, category {category_name}", time=when, category_name=category)
        return say(
            "date {day}, time {time}, category {category_name}",
            day=day,
            time=when,
            category_name=category,
        )

    # -- operations for scripts ------------------------------------------------------------------
    def add(
        self,
        ws: PomelobotWorkspace,
        text: str,
        *,
        file: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet:
        """A memory appended as the agent appends one: to `file` (a scope's file, or one the
        agent would create there), else the main long-term file; `category` is a heartbeat
        entry's."""
        from core.agents.pomelobot.scopes import MAIN, find_scope

        if file is None:
            document = ws.long_term_of(find_scope(ws.root, MAIN))
        else:
            document = ws.target_file(file)
        return ws.add_entry(document, text, category=category)

    def promote(self, ws: PomelobotWorkspace, row: Row) -> ChangeSet:
        """A daily-file passage into its scope's long-term memory, as the agent appends one
        (the daily file keeps it: it is the day's record)."""
        scope = ws.scope_of(row.file)
        kind = next(f.kind for f in scope.files if f.path == row.file)
        if kind != "daily":
            raise NotApplicable(
                say(
                    "{path}: [{id}] is not in a daily file: nothing to promote",
                    path=ws.root,
                    id=row.id,
                )
            )
        return ws.add_entry(ws.long_term_of(scope), str(row.fields.get("content") or ""))

    def edit(
        self,
        ws: PomelobotWorkspace,
        row: Row,
        *,
        text: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet:
        from core.ops.entries import edit_entry

        if category is None:
            if text is None:
                raise WorkspaceError("Pomeloclaw / Pomelobot memories have only text: give --text")
            return edit_entry(ws.memory_file(row.file), row.key, text)
        return ws.edit_heartbeat(row.file, row.key, text=text, category=category)

    def delete(self, ws: PomelobotWorkspace, row: Row) -> ChangeSet:
        from core.ops.entries import delete_entry

        return delete_entry(ws.memory_file(row.file), row.key)

    # -- what the agent does with it -------------------------------------------------------------
    def lacks(self, capability: type[Capability], operation: str = "") -> str:
        if capability is Retrieval:
            return say(
                "Pomeloclaw / Pomelobot chooses no memory by the message: it injects its memory "
                "files when a session starts (`memdesk context PATH --scope SCOPE`), and the "
                "model searches them itself when it wants (`memdesk list PATH --query WORDS` "
                "finds the same lines; `memdesk chunks PATH FILE` shows how a file is indexed)"
            )
        return super().lacks(capability, operation)

    def context(
        self,
        path: Path,
        *,
        today: date | None = None,
        scope: str | None = None,
        project: str | None = None,
    ) -> Context:
        """A new session of `scope` (default main) on `today`: the agent's bootstrap and startup
        messages, byte for byte, and what each file gives them."""
        from core.agents.pomelobot import context
        from core.agents.pomelobot.scopes import MAIN, list_scopes

        name = scope or MAIN
        context.check_scope(name)
        known = [s.name for s in list_scopes(path)]
        if name not in known:
            raise WorkspaceError(
                say(
                    "{path}: no memory scope '{name}' (scopes: {names})",
                    path=path,
                    name=name,
                    names=", ".join(known),
                ),
                exit_code=EXIT_REFUSED,
            )
        return context.context(path, name, today or date.today())

    def chunks(self, path: Path, file: str) -> list[dict[str, Any]]:
        """The file's index chunks exactly as the agent's indexer cuts them (a memory file of the
        scope it is in, read as memory_get reads it)."""
        from core.agents.pomelobot.access import read_memory_file, scope_of_path
        from core.agents.pomelobot.chunks import index_chunks_of_file

        scope = scope_of_path(file)
        try:
            data = read_memory_file(path, file, scope=scope)
        except FileNotFoundError:
            raise WorkspaceError(f"{path / file}: no such file") from None
        found = index_chunks_of_file(data)
        return [{k: v for k, v in c.to_json().items() if k != "chunk_index"} for c in found]

    def demo(
        self,
        target: Path,
        *,
        layout: str,
        entries: int | None,
        seed: int,
        today: date | None = None,
    ) -> DemoResult:
        from core.agents.pomelobot.demo import write_demo

        return write_demo(target, layout=layout, entries=entries, seed=seed, today=today)


def _files(path: Path, scopes: Sequence[Any] | None = None) -> list[tuple[str, Any, Any]]:
    """(scope, file, parsed document or the error that keeps it unread) for every memory file."""
    from core.agents.pomelobot.format import parse_memory_file
    from core.agents.pomelobot.scopes import list_scopes

    out: list[tuple[str, Any, Any]] = []
    for scope in list_scopes(path) if scopes is None else scopes:
        for item in scope.files:
            file = path / item.path
            try:
                data = read_or_none(file, root=path) or b""
                doc: Any = parse_memory_file(data, file, kind=item.kind)
            except (WorkspaceError, InputError) as exc:
                doc = exc
            out.append((scope.name, item, doc))
    return out


_HEADERS = (
    ("# Long-term Memory (", N_("long-term memory")),
    ("# Daily Memory - ", N_("daily memory")),
    ("# Session Transcript - ", N_("session transcript")),
)
_SIGNS = re.compile(
    rb"^(?:# Daily Memory - \d{4}-\d{2}-\d{2} \(|# Long-term Memory \(|\[\d{2}:\d{2}:\d{2}\] )",
    re.MULTILINE,
)


def _written_by_pomelobot(path: Path) -> bool:
    """The file starts with the agent's header or holds a `[HH:MM:SS] ` entry near its top."""
    head = read_head(path, 4096)
    return head is not None and _SIGNS.search(head.removeprefix(b"\xef\xbb\xbf")) is not None


def _row(where: str, rel: str, file: Path, entry: Any) -> Row:
    """One entry as `memdesk list` shows it: a memory, a heartbeat entry or a team entry."""
    from core.agents.pomelobot.team import TeamEntry

    fields: dict[str, Any] = {
        "id": entry.key,
        "category": where,
        "score": None,
        "last_activated": None,
        "activation_count": None,
        "section": where,
        "content": entry.content,
        "file": str(file),
        "line": entry.line,
    }
    if isinstance(entry, TeamEntry):
        written = entry.fields()
        fields |= {"category": "team", "title": entry.title, "team": written}
        fields["last_activated"] = written["更新时间"] or None
        label, first = "team", entry.title
    else:
        fields["last_activated"] = label = entry.time
        if entry.category is not None:
            fields["category"] = entry.category
        first = entry.content
    return Row(
        entry.key, rel, entry.line, fields, list_line(entry.key, where, label, first), key=entry.key
    )


def _problem(path: Path, kind: str, message: str, line: int = 1) -> Problem:
    return Problem(str(path), line, line, kind, message)


AGENT = Pomelobot()
