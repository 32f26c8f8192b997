"""OpenClaw (spec/openclaw.md, release 2026.9.6): curated MEMORY.md and USER.md bullets with
their annotations, promotion and consolidated sections written by its dreaming, daily notes,
session summaries, DREAMS.md and legacy recall stores.

`layout` lists a workspace's files; `curated` splits curated files into entries exactly as the
agent does; `format` reads them losslessly for editing; `dreaming`, `dreams_file` and `recall`
predict what the agent's own rewrites do; `context` is what it injects at session start;
`warnings` says what it is about to destroy; `workspace` opens a workspace for editing.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from core.agent import (
    Agent,
    Capability,
    CheckReport,
    Context,
    DemoResult,
    Row,
    Source,
    SourceCount,
    first_line,
)
from core.agents.openclaw import layout
from core.capabilities import Editing, Pinning, Retrieval, SessionStart
from core.formats.problems import Problem
from core.formats.text import InputError, decode
from core.messages import N_, say
from core.ops import ChangeSet
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import read_or_none

if TYPE_CHECKING:
    from core.agents.openclaw.entries import Entry
    from core.agents.openclaw.format import CuratedFile
    from core.agents.openclaw.layout import MemoryFile
    from core.agents.openclaw.workspace import OpenClawWorkspace
    from core.store.backups_view import BackupFile


class OpenClaw(
    Agent["OpenClawWorkspace"],
    Editing["OpenClawWorkspace"],
    Pinning["OpenClawWorkspace"],
    SessionStart,
):
    name: ClassVar[str] = "openclaw"
    title: ClassVar[str] = "OpenClaw"
    demo_layouts: ClassVar[tuple[str, ...]] = ("openclaw",)
    list_header: ClassVar[str] = f"{'ID':<8} {'FILE:LINE':<28} {'HEADING':<24} CONTENT"

    home_hint: ClassVar[str] = "~/.openclaw/workspace"

    # -- finding it ---------------------------------------------------------------------------
    def home(self) -> Path:
        """The workspace OpenClaw uses when its config names none (spec 1)."""
        return Path.home() / ".openclaw" / "workspace"

    def detect(self, root: Path) -> Sequence[Source]:

        if (root / "memory" / "scopes").is_dir():
            return []  # Pomeloclaw's scopes
        if (root / "memory_summary.md").is_file() or (root / "rollout_summaries").is_dir():
            return []  # Codex's memory root: its MEMORY.md is the consolidator's handbook
        files = layout.list_files(root)
        if not layout.looks_like_openclaw(root) and not _dated_notes_of_openclaw(root, files):
            return []
        return [Source(f.kind, root / f.path, f.label) for f in files]

    # -- reading -------------------------------------------------------------------------------
    def file_kind(self, data: bytes) -> str | None:
        """MEMORY.md starts with the heading the agent writes into a new or emptied one."""
        heading = first_line(data) == "# Long-Term Memory"
        return N_("OpenClaw's long-term memory") if heading else None

    def backups(self, path: Path) -> list[BackupFile]:
        """MemDesk's backups (`.memdesk/backups/`) of every file it edits, deleted ones too,
        and the agent's own pre-images of MEMORY.md in its state database (read-only)."""
        from core.agents.openclaw.format import CuratedFileFormat
        from core.store.backups_view import find_backups, own_backups_in

        def fmt_for(rel: str) -> CuratedFileFormat | None:
            return CuratedFileFormat(rel) if layout.editable_file(rel) is not None else None

        return find_backups([own_backups_in(path, "", fmt_for), _state_db_backups(path)])

    def open(self, root: Path) -> OpenClawWorkspace:
        from core.agents.openclaw.workspace import OpenClawWorkspace

        return OpenClawWorkspace.open(root)

    def check(self, path: Path, *, profile: str | None = None) -> CheckReport:
        from core.agents.openclaw import warnings

        report = CheckReport(self.name)
        for file, text in _texts(path, report.problems):
            if file.kind in layout.ENTRY_KINDS:
                count = len(_parse(file, text).entries())
                report.sources.append(SourceCount(file.kind, str(path / file.path), count))
            report.warnings += warnings.file_warnings(file.path, file.kind, text)
        with suppress(WorkspaceError, ValueError):  # an unreadable file is reported above
            report.warnings += warnings.prompt_warnings(self.context(path).parts)
        report.summary = say(
            "{path}: OpenClaw workspace, {count} memories", path=path, count=report.entries
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
        """Every entry of the curated files, daily notes and session summaries; `section` is a
        kind (memory, user, daily, session) or a file."""
        unread: list[Problem] = []
        rows: list[Row] = []
        for file, text in _texts(path, unread):
            if file.kind not in layout.ENTRY_KINDS or section not in ("all", file.kind, file.path):
                continue
            rows += [_row(path, file, e) for e in _parse(file, text).entries()]
        if unread and problems is None:
            raise WorkspaceError(unread[0].message)
        if problems is not None:
            problems += unread
        return [r for r in rows if r.matches(query)]

    def reviewed(self, row: Row) -> bool:
        """The curated MEMORY.md and USER.md; daily notes and session summaries are history."""
        return row.fields.get("section") in ("memory", "user") and super().reviewed(row)

    def detail(self, row: Row) -> str:
        f = row.fields
        bits = [f"section {f['category']}"] if f.get("category") else []
        for name in ("triggers", "importance", "project", "status"):
            value = f.get(name)
            if value:
                bits.append(f"{name} {', '.join(value) if isinstance(value, list) else value}")
        promotion = f.get("promotion")
        if promotion and promotion.get("source"):
            span = f"{promotion['source']}:{promotion['start']}-{promotion['end']}"
            bits.append(f"{promotion['kind'] or 'promoted'} from {span}")
        return ", ".join(bits)

    # -- operations for scripts ------------------------------------------------------------------
    def add(
        self,
        ws: OpenClawWorkspace,
        text: str,
        *,
        file: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet:
        """A `- text` bullet at the end of `file` (default MEMORY.md)."""
        return ws.add_entry(_editable(ws, file or "MEMORY.md"), text)

    def edit(
        self,
        ws: OpenClawWorkspace,
        row: Row,
        *,
        text: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet:
        from core.ops.entries import edit_entry

        if text is None:
            raise WorkspaceError(N_("OpenClaw memories are text with annotations: give --text"))
        return edit_entry(_editable(ws, row.file), row.key, text)

    def delete(self, ws: OpenClawWorkspace, row: Row) -> ChangeSet:
        from core.ops.entries import delete_entry

        return delete_entry(_editable(ws, row.file), row.key)

    def promote(self, ws: OpenClawWorkspace, row: Row) -> ChangeSet:
        """A daily note's or session summary's memory becomes a bullet of MEMORY.md, as the agent
        promotes one (the note keeps it); a curated memory is pinned instead."""
        if row.file.startswith("memory/"):
            return self.add(ws, str(row.fields.get("content") or ""))
        return self.pin(ws, row)

    def pin(self, ws: OpenClawWorkspace, row: Row) -> ChangeSet:
        """Keep the promotion section holding the memory from the agent's budget trimmer."""
        return ws.pin_section(_editable(ws, row.file), row.key)

    # -- what the agent does with it -------------------------------------------------------------
    def context(
        self,
        path: Path,
        *,
        today: date | None = None,
        scope: str | None = None,
        project: str | None = None,
    ) -> Context:
        """A main session started with a bare /new on `today` (`scope`: a users/<id> profile;
        `project`: the session's project, whose annotated memories it then sees)."""
        from core.agents.openclaw import context

        try:
            return context.context(
                path, today=today or date.today(), profile=scope, project=project
            )
        except ValueError as exc:
            raise WorkspaceError(str(exc), exit_code=EXIT_REFUSED) from None

    def lacks(self, capability: type[Capability], operation: str = "") -> str:
        if capability is Retrieval:
            return N_(
                "OpenClaw chooses no memory by the message before the model asks: it injects "
                "its bootstrap files when a session starts (`memdesk context PATH`), and the model "
                "searches its memory itself (`memdesk list PATH --query WORDS` finds the same "
                "entries)"
            )
        return super().lacks(capability, operation)

    def demo(
        self,
        target: Path,
        *,
        layout: str,
        entries: int | None,
        seed: int,
        today: date | None = None,
    ) -> DemoResult:
        from core.agents.openclaw.demo import write_demo

        return write_demo(target, entries=entries, seed=seed, today=today)


def _dated_notes_of_openclaw(root: Path, files: list[MemoryFile]) -> bool:
    """Daily notes beside a root MEMORY.md (or with no memory/MEMORY.md: PicoClaw's) that no
    other agent's format shows."""
    from core.agents.openclaw.layout import written_by_another_agent

    notes = [f for f in files if f.kind in ("daily", "session")]
    beside = (root / "MEMORY.md").is_file() or not (root / "memory" / "MEMORY.md").is_file()
    if not (notes and beside):
        return False
    candidates = [root / "MEMORY.md", *(root / f.path for f in notes[-20:])]
    return not any(written_by_another_agent(p) for p in candidates if p.is_file())


def _texts(root: Path, problems: list[Problem]) -> list[tuple[MemoryFile, str]]:
    """(file, its text) for every memory file that could be read; the others as problems."""

    found = []
    for file in layout.list_files(root):
        try:
            data = read_or_none(root / file.path, root=root)
            text = decode(data or b"", file.path).text
        except (WorkspaceError, InputError) as exc:
            problems.append(Problem(file.path, 1, 1, "unreadable", str(exc)))
            continue
        found.append((file, text))
    return found


def _parse(file: MemoryFile, text: str) -> CuratedFile:
    from core.agents.openclaw.format import parse_file

    return parse_file(text, file.path)


def _row(root: Path, file: MemoryFile, e: Entry) -> Row:
    promotion = e.promotion
    section = " › ".join(e.section)
    fields: dict[str, Any] = {
        "id": e.key,
        "category": section,
        "score": promotion.score if promotion else None,
        "last_activated": e.observed or (promotion.date if promotion else None) or file.day,
        "activation_count": promotion.recalls if promotion else None,
        "section": file.kind,
        "content": e.text,
        "file": str(root / file.path),
        "line": e.line,
        "triggers": list(e.triggers),
        "importance": e.importance,
        "project": e.project,
        "observed": e.observed,
        "status": e.status,
        "managed": e.managed,
        "read_only": file.read_only or e.managed is not None,
        "promotion": _promotion(e),
    }
    where = f"{file.path}:{e.line}"
    heading = excerpt_line(e.section[-1] if e.section else "", 24)
    text = f"{e.key:<8} {where:<28} {heading:<24} {excerpt_line(e.first_line, 70)}"
    return Row(e.key, file.path, e.line, fields, text, key=e.key)


def _promotion(e: Entry) -> dict[str, Any] | None:
    p = e.promotion
    if p is None:
        return None
    return {
        "kind": p.kind,
        "date": p.date,
        "candidate_key": p.candidate_key,
        "score": p.score,
        "signals": p.signals,
        "recalls": p.recalls,
        "avg": p.avg,
        "source": p.source,
        "start": p.start,
        "end": p.end,
    }


def excerpt_line(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _editable(ws: OpenClawWorkspace, rel: str) -> Any:
    from core.agents.openclaw.entries import file_kind
    from core.agents.openclaw.layout import PROFILE_ID

    parts = rel.replace("\\", "/").split("/")
    ok = rel in ("MEMORY.md", "USER.md") or (
        len(parts) == 3
        and parts[0] == "users"
        and PROFILE_ID.fullmatch(parts[1])
        and parts[2] == "USER.md"
    )
    ok = ok or (len(parts) == 2 and parts[0] == "memory" and file_kind(rel) in ("daily", "session"))
    if not ok:
        raise WorkspaceError(
            say(
                "--file {file}: OpenClaw's memory files are MEMORY.md, USER.md, "
                "users/<id>/USER.md and daily notes memory/YYYY-MM-DD.md",
                file=rel,
            ),
            exit_code=EXIT_REFUSED,
        )
    return ws.curated(rel)


AGENT = OpenClaw()


def _state_db_backups(root: Path) -> list[BackupFile]:
    """The agent's pre-images of MEMORY.md from its state database, as backups (no file)."""
    from core.agents.openclaw.format import CuratedFileFormat
    from core.agents.openclaw.state_db import NAMESPACE, find_state_db, pre_images
    from core.store.backups_view import BackupFile

    db = find_state_db(root)
    if db is None:
        return []
    fmt = CuratedFileFormat("MEMORY.md")
    return [
        BackupFile(
            db,
            f"state-db:{NAMESPACE}/{image.at:%Y%m%dT%H%M%S.%f}Z",
            "MEMORY.md",
            image.at,
            "agent_db",
            "agent",
            len(image.content),
            fmt,
            root,
            data=image.content,
        )
        for image in pre_images(root, db)
    ]
