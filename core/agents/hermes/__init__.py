"""Hermes Agent's built-in memory (spec/hermes.md, hermes-agent 0.19.0): a Hermes home
(`~/.hermes`, HERMES_HOME) holding `memories/MEMORY.md` and `memories/USER.md` for the default
profile and for every `profiles/<name>/`, each a list of entries between `§` lines.

`format` reads and edits a file as the agent splits it, byte for byte; `workspace` finds the
profiles' files and writes them under the agent's own lock; `demo` writes a demo home.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from core.agent import (
    LIST_HEADER,
    Agent,
    CheckReport,
    Context,
    DemoResult,
    NotApplicable,
    Row,
    Source,
    SourceCount,
    list_line,
)
from core.agents.hermes.format import Entry
from core.agents.hermes.threats import threats
from core.capabilities import Editing, SessionStart, StagedGate, StagedWrite, StagedWrites
from core.formats.problems import Problem
from core.formats.text import InputError
from core.messages import N_, say
from core.ops import ChangeSet
from core.store.backups_view import BackupFile, find_backups, own_backups_in
from core.store.errors import WorkspaceError
from core.store.files import read_or_none

if TYPE_CHECKING:
    from core.agents.hermes.format import MemoryFile
    from core.agents.hermes.workspace import HermesWorkspace, MemoryFileRef


# Files Hermes never writes in its memories/ folder (Codex keeps its memory root so named too).
NOT_HERMES = ("memory_summary.md", "raw_memories.md", "rollout_summaries")


class Hermes(
    Agent["HermesWorkspace"],
    Editing["HermesWorkspace"],
    SessionStart,
    StagedWrites["HermesWorkspace"],
):
    name: ClassVar[str] = "hermes"
    title: ClassVar[str] = "Hermes"
    demo_layouts: ClassVar[tuple[str, ...]] = ("hermes",)
    list_header: ClassVar[str] = LIST_HEADER
    saved_note: ClassVar[str] = N_(
        "A running Hermes session keeps the memory it read when it started: it sees this "
        "change at its next session (or after it compresses its context)."
    )

    def detect(self, root: Path) -> Sequence[Source]:
        """A Hermes home: `memories/` holding MEMORY.md or USER.md, and none of the files
        Hermes never writes there (`NOT_HERMES`: another agent keeps a `memories/` too)."""
        from core.agents.hermes.workspace import memory_files

        memories = root / "memories"
        if not any((memories / name).is_file() for name in ("MEMORY.md", "USER.md")):
            return []
        if any((memories / name).exists() for name in NOT_HERMES):
            return []  # another agent's memories/ folder: Hermes writes none of these
        return [Source("longterm", root / ref.rel, ref.section) for ref in memory_files(root)]

    home_hint: ClassVar[str] = "$HERMES_HOME, else ~/.hermes"

    def home(self) -> Path:
        """HERMES_HOME, else `~/.hermes` (`%LOCALAPPDATA%\\hermes` on Windows), as the agent's
        `get_hermes_home` resolves it (spec 1.1)."""
        given = os.environ.get("HERMES_HOME", "").strip()
        if given:
            return Path(given).expanduser()
        if os.name == "nt" and os.environ.get("LOCALAPPDATA"):
            return Path(os.environ["LOCALAPPDATA"]) / "hermes"
        return Path.home() / ".hermes"

    def open(self, root: Path) -> HermesWorkspace:
        from core.agents.hermes.workspace import HermesWorkspace

        return HermesWorkspace.open(root)

    def backups(self, path: Path) -> list[BackupFile]:
        """MemDesk's backups (`.memdesk/backups/`) of every memory file, and the copies the
        agent's drift guard leaves beside it (`MEMORY.md.bak.<seconds>`)."""
        from core.agents.hermes.format import MemoryFileFormat
        from core.agents.hermes.workspace import FILES, drift_backups, memory_files, profiles

        folders = {folder for _, folder in profiles(path)}

        def fmt_for(rel: str) -> MemoryFileFormat | None:
            folder, _, name = rel.rpartition("/")
            return MemoryFileFormat(rel) if folder in folders and name in FILES else None

        groups = [own_backups_in(path, "", fmt_for)]  # deleted files' too
        groups += [drift_backups(path, r, MemoryFileFormat(r.rel)) for r in memory_files(path)]
        return find_backups(groups)

    def check(self, path: Path, *, profile: str | None = None) -> CheckReport:
        """Every file read as the agent reads it; warnings where the agent would refuse, hide
        or drop something (`risks`)."""
        from core.agents.hermes.format import MemoryFileFormat
        from core.agents.hermes.risks import copies_line, file_risks
        from core.agents.hermes.workspace import char_limit, drift_backups

        report = CheckReport(self.name)
        budget: list[dict[str, Any]] = []
        for ref, doc in _files(path):
            file = path / ref.rel
            if isinstance(doc, Exception):
                report.problems.append(Problem(str(file), 1, 1, "unreadable", str(doc)))
                continue
            report.sources.append(SourceCount(ref.section, str(file), len(doc.entries())))
            limit, used = char_limit(path, ref), doc.chars()
            report.figures.append(
                say(
                    "{section}: {used} of {limit} characters",
                    section=ref.section,
                    used=f"{used:,}",
                    limit=f"{limit:,}",
                )
            )
            budget.append({"file": ref.rel, "used": used, "limit": limit})
            report.warnings += [
                Problem(str(file), r.line, r.line, r.kind, r.message)
                for r in file_risks(doc, ref.name, limit)
            ]
            copies = len(drift_backups(path, ref, MemoryFileFormat(ref.rel)))
            if copies:
                line = copies_line(ref.name, copies)
                report.warnings.append(Problem(str(file), 1, 1, "drift-copies", line))
        report.extra["budget"] = budget
        report.warnings += _pending_warnings(path)
        report.summary = say(
            "{path}: Hermes home, {count} memories", path=path, count=report.entries
        )
        return report

    def restore_cautions(self, root: Path, live: str, now: bytes, data: bytes) -> list[str]:
        """A drift copy restored brings back what made the drift guard fire (`risks.drift`)."""
        from core.agents.hermes.format import MemoryFileFormat
        from core.agents.hermes.risks import new_drift
        from core.agents.hermes.workspace import char_limit, memory_files

        ref = next((r for r in memory_files(root) if r.rel == live), None)
        if ref is None:
            return []
        fmt = MemoryFileFormat(ref.rel)
        return new_drift(fmt.parse(now), fmt.parse(data), ref.name, char_limit(root, ref))

    def cautions(self, ws: HermesWorkspace, changeset: ChangeSet) -> list[str]:
        """What the agent would refuse or fail at after this add or edit (`risks.cautions`)."""
        from core.agents.hermes.format import MemoryFileFormat
        from core.agents.hermes.risks import cautions
        from core.agents.hermes.workspace import char_limit
        from core.ops import preview

        ref = next((r for r in ws.files() if r.rel == changeset.document.rel), None)
        if ref is None:
            return []
        before, after = preview(changeset)
        fmt = MemoryFileFormat(ref.rel)
        return cautions(fmt.parse(before), fmt.parse(after), ref.name, char_limit(ws.root, ref))

    def rows(
        self,
        path: Path,
        *,
        section: str = "all",
        query: str | None = None,
        profile: str | None = None,
        problems: list[Problem] | None = None,
    ) -> list[Row]:
        """Every entry of every profile's files; `section` is a file (MEMORY.md, USER.md) or
        PROFILE:FILE."""
        rows: list[Row] = []
        for ref, doc in _files(path):
            if isinstance(doc, Exception):
                if problems is None:
                    raise doc
                problems.append(Problem(str(path / ref.rel), 1, 1, "unreadable", str(doc)))
                continue
            if section not in ("all", ref.section, ref.name, ref.profile):
                continue
            file = path / ref.rel
            rows += [_row(ref, file, e) for e in doc.entries()]
        return [r for r in rows if r.matches(query)]

    def detail(self, row: Row) -> str:
        return say(
            "entry {position} of {section}",
            position=row.fields["position"],
            section=row.fields["section"],
        )

    # -- operations ------------------------------------------------------------------------------
    def add(
        self,
        ws: HermesWorkspace,
        text: str,
        *,
        file: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet:
        """An entry appended as the agent's memory tool appends one: to MEMORY.md of the
        default profile, or to `file` (a profile's MEMORY.md or USER.md)."""
        return ws.add_entry(ws.memory_file(file or ws.files()[0].rel), text)

    def edit(
        self,
        ws: HermesWorkspace,
        row: Row,
        *,
        text: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet:
        from core.ops.entries import edit_entry

        if text is None or category is not None or score is not None:
            raise WorkspaceError(N_("Hermes memories have only text: give --text"))
        return edit_entry(ws.memory_file(row.file), row.key, text)

    def delete(self, ws: HermesWorkspace, row: Row) -> ChangeSet:
        from core.ops.entries import delete_entry

        return delete_entry(ws.memory_file(row.file), row.key)

    def promote(self, ws: HermesWorkspace, row: Row) -> ChangeSet:
        raise NotApplicable(
            say(
                "{path}: every Hermes memory is already in what the agent loads: nothing to "
                "promote",
                path=ws.root,
            )
        )

    # -- writes staged by the agent's approval gate (staged.py) ---------------------------------
    def staged(self, ws: HermesWorkspace) -> list[StagedWrite]:
        from core.agents.hermes import staged

        return staged.staged(ws)

    def approve_staged(self, ws: HermesWorkspace, ids: Sequence[str]) -> list[ChangeSet]:
        from core.agents.hermes import staged

        return staged.approve(ws, ids)

    def reject_staged(self, ws: HermesWorkspace, ids: Sequence[str]) -> list[ChangeSet]:
        from core.agents.hermes import staged

        return staged.reject(ws, ids)

    def gate(self, path: Path, profile: str | None = None) -> StagedGate:
        from core.agents.hermes import staged

        return staged.gate(path, profile)

    def set_gate(self, ws: HermesWorkspace, on: bool, profile: str | None = None) -> ChangeSet:
        from core.agents.hermes import staged

        return staged.set_gate(ws, on, profile)

    def gate_profiles(self, path: Path) -> list[str]:
        """Each named profile: its own config.yaml holds its own gate (HERMES_HOME per profile)."""
        from core.agents.hermes.workspace import profiles

        return [name for name, _ in profiles(path)[1:]]

    def context(
        self,
        path: Path,
        *,
        today: date | None = None,
        scope: str | None = None,
        project: str | None = None,
    ) -> Context:
        """A new session of profile `scope` (default: the default profile): the MEMORY and USER
        PROFILE blocks, byte for byte as the agent renders them."""
        from core.agents.hermes import context
        from core.agents.hermes.workspace import profile_home

        profile_home(path, scope)  # refuses a profile the home does not have
        return context.context(path, scope or "default")

    def demo(
        self,
        target: Path,
        *,
        layout: str,
        entries: int | None,
        seed: int,
        today: date | None = None,
    ) -> DemoResult:
        from core.agents.hermes.demo import write_demo

        return write_demo(target, layout=layout, entries=entries, seed=seed, today=today)


def _files(path: Path) -> list[tuple[MemoryFileRef, MemoryFile | Exception]]:
    from core.agents.hermes.format import parse_memory_file
    from core.agents.hermes.workspace import memory_files

    out: list[tuple[MemoryFileRef, MemoryFile | Exception]] = []
    for ref in memory_files(path):
        doc: MemoryFile | Exception
        try:
            doc = parse_memory_file(read_or_none(path / ref.rel, root=path) or b"", ref.rel)
        except (WorkspaceError, InputError) as exc:
            doc = exc
        out.append((ref, doc))
    return out


def _pending_warnings(path: Path) -> list[Problem]:
    """The writes the agent staged for approval, and the records it cannot read."""
    from core.agents.hermes.pending import FOLDER, pending_writes, waiting_line

    writes, skipped = pending_writes(path)
    found = [Problem(str(path / FOLDER), 1, 1, "pending", waiting_line(writes))] if writes else []
    return found + [
        Problem(
            str(path / rel), 1, 1, "unreadable", N_("Hermes skips this pending write: not JSON")
        )
        for rel in skipped
    ]


def _row(ref: MemoryFileRef, file: Path, entry: Entry) -> Row:
    fields: dict[str, Any] = {
        "id": entry.key,
        "category": ref.name.removesuffix(".md").lower(),
        "score": None,
        "last_activated": None,
        "activation_count": None,
        "section": ref.section,
        "content": entry.text,
        "file": str(file),
        "line": entry.line,
        "profile": ref.profile,
        "position": entry.position,
        "duplicate": entry.duplicate,
        "threats": threats(entry.text),  # the agent hides it from the model when any
    }
    text = list_line(entry.key, ref.section, "", entry.text)
    return Row(entry.key, ref.rel, entry.line, fields, text, key=entry.key)


AGENT = Hermes()
