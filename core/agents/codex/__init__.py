"""Codex CLI's memories (spec/codex.md, Codex 0.171.0): `<CODEX_HOME>/memories/`.

The workspace is the memory root. memory_summary.md (what every new session reads, cut at 2,500
tokens) and MEMORY.md are edited with a warning: the next consolidation may rewrite them. The
change Codex supports is an ad-hoc note, which is MemDesk's add. raw_memories.md and
rollout_summaries/ are shown read-only: Codex regenerates them. `.git/` and the databases are
never written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from core.agent import (
    LIST_HEADER,
    Agent,
    CheckReport,
    Context,
    DemoResult,
    Injected,
    Removal,
    Row,
    Source,
    SourceCount,
    Unseen,
    checked_section,
    list_line,
)
from core.agents.codex import layout
from core.capabilities import Editing, SessionStart
from core.formats.problems import Problem
from core.formats.text import InputError
from core.messages import N_, say
from core.ops import ChangeSet
from core.store.backups_view import (
    BackupFile,
    find_backups,
    list_backups,
    own_backups,
    own_backups_in,
)
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import read_or_none

if TYPE_CHECKING:
    from core.agents.codex.workspace import CodexWorkspace

SECTIONS = ("summary", "handbook", "notes", "raw", "rollouts", "all")


class Codex(Agent["CodexWorkspace"], Editing["CodexWorkspace"], SessionStart):
    name: ClassVar[str] = "codex"
    title: ClassVar[str] = "Codex"
    demo_layouts: ClassVar[tuple[str, ...]] = ("codex",)
    list_header: ClassVar[str] = LIST_HEADER

    def detect(self, root: Path) -> Sequence[Source]:
        """CODEX_HOME (~/.codex) with its memories/: the workspace, so that MemDesk's own
        folder is beside memories/, never in the git repository Codex keeps there."""
        if not layout.is_codex_home(root):
            return []
        found = [
            Source("longterm", root / layout.SUMMARY, layout.SUMMARY),
            Source("longterm", root / layout.HANDBOOK, layout.HANDBOOK),
            Source("daily_notes", root / layout.RAW, layout.RAW),
            Source("daily_notes", root / layout.ROLLOUTS, layout.ROLLOUTS),
            Source("structured", root / layout.NOTES, "notes"),
        ]
        # memories/ itself when Codex's reset has emptied it (its backups are still there)
        return [s for s in found if s.path.exists()] or [Source("longterm", root / "memories")]

    home_hint: ClassVar[str] = "$CODEX_HOME, else ~/.codex"

    def home(self) -> Path:
        """`CODEX_HOME`, else `~/.codex` (spec 1), holding memories/."""
        return layout.codex_home()

    def workspace_in(self, folder: Path) -> Path | None:
        """The memories/ folder stands for its CODEX_HOME."""
        home = folder.parent
        return home if folder.name == layout.MEMORIES and self.detect(home) else None

    def open(self, root: Path) -> CodexWorkspace:
        from core.agents.codex.workspace import CodexWorkspace

        return CodexWorkspace.open(root)

    def file_kind(self, data: bytes) -> str | None:
        return None

    def backups(self, path: Path) -> list[BackupFile]:
        """MemDesk's backups of memory_summary.md, MEMORY.md and the notes it edited (with
        those an earlier MemDesk left in memories/.memdesk/)."""
        from core.agents.codex.earlier import earlier_backup_dirs
        from core.agents.codex.format import BulletFormat, NoteFormat

        def note_format(rel: str) -> NoteFormat | None:
            folder, _, name = rel.rpartition("/")
            return NoteFormat(rel) if folder == layout.NOTES and layout.is_note(name) else None

        noted = own_backups_in(path, layout.NOTES, note_format)  # deleted notes' too
        files: list[tuple[Path, Any]] = [(path / r, BulletFormat(r)) for r in layout.EDITABLE]
        for note in sorted({*layout.notes(path), *(path / b.live for b in noted)}):
            files.append((note, NoteFormat(note.relative_to(path).as_posix())))
        groups = [noted, *(own_backups(path, live, fmt) for live, fmt in files)]
        for live, fmt in files:
            for folder in earlier_backup_dirs(path, live):
                groups.append(list_backups(folder, path, live=live, fmt=fmt))
        return find_backups(groups)

    # -- reading -------------------------------------------------------------------------------
    def check(self, path: Path, *, profile: str | None = None) -> CheckReport:
        report = CheckReport(self.name)
        problems: list[Problem] = []
        rows = self.rows(path, problems=problems)
        report.problems += problems
        for rel in (*layout.EDITABLE, layout.RAW):
            count = sum(1 for r in rows if r.file == rel)
            if (path / rel).exists():
                report.sources.append(SourceCount(Path(rel).name, str(path / rel), count))
        for section, rel in (("notes", layout.NOTES), ("rollouts", layout.ROLLOUTS)):
            count = sum(1 for r in rows if r.fields["section"] == section)
            if count:
                report.sources.append(SourceCount(Path(rel).name, str(path / rel), count))
        report.warnings += self._warnings(path)
        report.summary = say(
            "{path}: Codex memories, {count} memories", path=path, count=report.entries
        )
        return report

    def _warnings(self, path: Path) -> list[Problem]:
        from core.agents.codex.lease import consolidation_lease

        found = []
        notes, skills = len(layout.notes(path)), len(layout.skills(path))
        if notes or skills:
            message = layout.reset_warning(notes, skills)
            found.append(Problem(str(path / layout.MEMORIES), 1, 1, "reset_deletes", message))
        until = consolidation_lease(path)
        if until is not None:
            message = layout.consolidating(path, until)
            found.append(Problem(str(path / layout.MEMORIES), 1, 1, "consolidating", message))
        summary = path / layout.SUMMARY
        data = read_or_none(summary, root=path)
        if data is not None and data.strip():
            first = data.removeprefix(b"\xef\xbb\xbf").split(b"\n", 1)[0].rstrip(b"\r")
            if first != b"v1":
                found.append(Problem(str(summary), 1, 1, "not_v1", layout.NOT_V1))
            cut = layout.summary_cut(data)
            if not cut.utf8:
                found.append(Problem(str(summary), 1, 1, "not_utf8", layout.NOT_UTF8))
            elif cut.truncated:
                found.append(Problem(str(summary), 1, 1, "truncated", layout.CUT))
        return found

    def rows(
        self,
        path: Path,
        *,
        section: str = "all",
        query: str | None = None,
        profile: str | None = None,
        problems: list[Problem] | None = None,
    ) -> list[Row]:
        """The summary's and the handbook's bullets, the notes, then the read-only files."""
        checked_section(section, SECTIONS, "Codex")
        makers: dict[str, Callable[[], list[Row]]] = {
            "summary": lambda: _bullet_rows(path, layout.SUMMARY, "summary"),
            "handbook": lambda: _bullet_rows(path, layout.HANDBOOK, "handbook"),
            "notes": lambda: _note_rows(path),
            "raw": lambda: _whole_rows(path, [path / layout.RAW], "raw"),
            "rollouts": lambda: _whole_rows(path, layout.rollouts(path), "rollouts"),
        }
        rows: list[Row] = []
        for name, make in makers.items():
            if section not in (name, "all"):
                continue
            try:
                rows += make()
            except (WorkspaceError, InputError) as exc:
                if problems is None:
                    raise
                where = str(getattr(exc, "path", path))
                problems.append(Problem(where, 1, 1, "unreadable", str(exc)))
        return [r for r in rows if r.matches(query)]

    def reviewed(self, row: Row) -> bool:
        """The summary's and the handbook's bullets and the notes; a bullet that points at a
        rollout summary or an extension's file (the consolidator's index of its sources) is
        context only: two such pointers to one file are not duplicate memories; so is a note
        asking Codex to forget (a request, not a memory), and a note such a request names (it
        awaits Codex's next consolidation)."""
        section = row.fields["section"]
        if section in ("summary", "handbook"):
            return _POINTER.match(str(row.fields["content"])) is None
        asked = layout.is_forget(str(row.fields["content"])) or row.fields.get("forget_asked")
        return section == "notes" and not asked

    removal_said = N_("writes a note asking Codex to forget it")

    def removal(self, row: Row) -> Removal:
        """A bullet is deleted; a note never is (the consolidator is told so, spec 3.5): Codex
        is asked to forget it in a note of its own; the read-only files are never written."""
        section = row.fields["section"]
        if section in ("summary", "handbook"):
            return "delete"
        return "request" if section == "notes" else None

    def removal_request(
        self, ws: CodexWorkspace, row: Row, kept: Row | None = None
    ) -> list[ChangeSet]:
        """A note asking Codex to forget the note `row`, or (`kept`) to drop it as a repeat of
        that memory, which stays; none when such a note is there already."""
        text = str(row.fields.get("content") or "").strip()
        if kept is None:
            return [] if ws.noted(layout.FORGET + text) else [ws.forget_request(text)]
        asked = layout.repeat_request(row.file, str(kept.fields.get("content") or ""))
        return [] if ws.noted(asked) else [ws.add_note(asked)]

    def detail(self, row: Row) -> str:
        section = row.fields["section"]
        if section == "raw":
            return layout.REGENERATED
        if section == "rollouts":
            return f"{layout.REGENERATED}; {layout.PRUNED}"
        if section == "notes":
            return say("ad-hoc note: {note}", note=layout.NOTE_KEPT)
        return f"{row.file}: {layout.REWRITTEN}"

    # -- writing -------------------------------------------------------------------------------
    def add(
        self,
        ws: CodexWorkspace,
        text: str,
        *,
        file: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet:
        """A new ad-hoc note (the change Codex supports), or a bullet at the end of
        memory_summary.md or MEMORY.md when `file` names one."""
        if file in layout.EDITABLE:
            return ws.add_entry(ws.document_at(str(file)), text)
        if file is not None:
            raise WorkspaceError(
                say(
                    "{file}: MemDesk adds to {files} or as a note",
                    file=file,
                    files=", ".join(layout.EDITABLE),
                ),
                exit_code=EXIT_REFUSED,
            )
        return ws.add_note(text)

    def edit(
        self,
        ws: CodexWorkspace,
        row: Row,
        *,
        text: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet:
        from core.formats.whole_text import WHOLE_TEXT_KEY
        from core.ops.entries import edit_entry

        if text is None:
            raise WorkspaceError(N_("Codex's memories have only text: give --text"))
        self._refuse_read_only(row)
        key = WHOLE_TEXT_KEY if row.fields["section"] == "notes" else row.key
        return edit_entry(ws.document_at(row.file), key, text)

    def delete(self, ws: CodexWorkspace, row: Row) -> ChangeSet:
        from core.ops.entries import delete_entry

        self._refuse_read_only(row)
        if self.removal(row) != "delete":
            raise WorkspaceError(
                say(
                    "{file}: Codex never deletes a note; edit it, or add a note asking it to "
                    "forget instead",
                    file=row.file,
                ),
                exit_code=EXIT_REFUSED,
            )
        return delete_entry(ws.document_at(row.file), row.key)

    def promote(self, ws: CodexWorkspace, row: Row) -> ChangeSet:
        raise WorkspaceError(
            say("{file}: Codex promotes nothing itself; add a note instead", file=row.file),
            exit_code=EXIT_REFUSED,
        )

    @staticmethod
    def _refuse_read_only(row: Row) -> None:
        if row.fields["section"] in ("raw", "rollouts"):
            raise WorkspaceError(
                say(
                    "{file}: read-only: Codex rebuilds it from its database before every "
                    "consolidation; an edit here is lost",
                    file=row.file,
                ),
                exit_code=EXIT_REFUSED,
            )

    # -- what the agent sees -------------------------------------------------------------------
    def context(
        self,
        path: Path,
        *,
        today: date | None = None,
        scope: str | None = None,
        project: str | None = None,
    ) -> Context:
        """memory_summary.md as every new session gets it: trimmed, its middle cut past 2,500
        tokens; the bullets in the cut are the memories the model does not see."""
        data = read_or_none(path / layout.SUMMARY, root=path) or b""
        cut = layout.summary_cut(data)
        part = Injected(
            layout.SUMMARY,
            len(data.decode("utf-8", "replace")),
            len(cut.seen),
            cut.truncated or not cut.utf8,
            cut.seen,
            label="Memory summary",
            notes=_cut_notes(cut),
            unseen=tuple(_unseen(data, cut)),
        )
        return Context([part], [cut.seen] if cut.seen else [], N_("Every new Codex session"))

    # -- demo ----------------------------------------------------------------------------------
    def demo(
        self,
        target: Path,
        *,
        layout: str,
        entries: int | None,
        seed: int,
        today: date | None = None,
    ) -> DemoResult:
        from core.agents.codex.demo import write_demo

        return write_demo(target, entries=entries, seed=seed, today=today)


_POINTER = re.compile(r"<?(?:rollout_summaries|extensions)/\S+\.md\b")


def _row(id_: str, section: str, when: str, content: str, rel: str, line: int, path: Path) -> Row:
    fields = {
        "id": id_,
        "category": section,
        "score": None,
        "last_activated": when,
        "activation_count": None,
        "section": section,
        "content": content,
        "file": str(path),
        "line": line,
        "read_only": section in ("raw", "rollouts"),
    }
    return Row(id_, rel, line, fields, list_line(id_, section, when, content), key=id_)


def _bullet_rows(root: Path, rel: str, section: str) -> list[Row]:
    from core.agents.codex.format import BulletFormat

    path = root / rel
    data = read_or_none(path, root=root)
    if data is None:
        return []
    doc = BulletFormat(rel).parse(data)
    return [_row(b.key, section, "", b.text, rel, b.line, path) for b in doc.bullets()]


def _note_rows(root: Path) -> list[Row]:
    from core.agents.codex.format import NoteFormat

    rows = []
    for note in layout.notes(root):
        rel = note.relative_to(root).as_posix()
        doc = NoteFormat(rel).parse(read_or_none(note, root=root))
        if doc.note is not None and doc.note.text:
            when = note.name[:10]
            rows.append(_row(note.stem, "notes", when, doc.note.text, rel, 1, note))
    requests = [
        str(r.fields["content"]) for r in rows if layout.is_forget(str(r.fields["content"]))
    ]
    for r in rows:  # a note Codex is asked to forget awaits its consolidation: nothing to review
        r.fields["forget_asked"] = layout.forget_asked(r.file, str(r.fields["content"]), requests)
    return rows


def _whole_rows(root: Path, files: list[Path], section: str) -> list[Row]:
    rows = []
    for path in files:
        data = read_or_none(path, root=root)
        if data is None:
            continue
        rel = path.relative_to(root).as_posix()
        text = data.decode("utf-8", "replace")
        rows.append(_row(path.stem, section, "", text, rel, 1, path))
    return rows


def _cut_notes(cut: layout.SummaryCut) -> tuple[str, ...]:
    if not cut.utf8:
        return (layout.NOT_UTF8,)
    if not cut.truncated:
        return ()
    head, tail = len(cut.head.encode("utf-8")), len(cut.tail.encode("utf-8"))
    return (
        say(
            "past {limit} tokens Codex keeps the first {head} and the last {tail} "
            "bytes and puts {marker} for the middle",
            limit=layout.SUMMARY_TOKENS,
            head=head,
            tail=tail,
            marker=repr(cut.marker),
        ),
    )


def _unseen(data: bytes, cut: layout.SummaryCut) -> list[Unseen]:
    """The bullets with any of their text in the cut (all of them when nothing is read)."""
    text = data.decode("utf-8", "replace")
    lead = len(text) - len(text.lstrip(layout.WHITE_SPACE)) if cut.utf8 else 0
    first, last = cut.dropped if cut.utf8 else (0, len(text))
    if cut.utf8 and not cut.truncated:
        return []
    found, offset = [], -lead
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        bullet = line.removeprefix("\ufeff") if number == 1 else line
        if bullet.startswith("- ") and offset < last and offset + len(line) > first:
            found.append(Unseen(number, bullet[2:60].rstrip()))
        offset += len(line)
    return found


AGENT = Codex()
