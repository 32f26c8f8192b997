"""An open OpenClaw workspace: its curated files as documents, edits of every file kept until
saved, and the operations the window and the CLI make of them (spec/openclaw.md).

Saving goes through the one guarded commit: an atomic temp file + rename, so the agent's
content-hash check sees the change, and the file is never held open."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.agents.openclaw import dreaming, dreams_file, layout, ranking, warnings
from core.agents.openclaw import entries as oc_entries
from core.agents.openclaw import format as curated_format
from core.formats.text import InputError, decode
from core.messages import N_, say
from core.ops import ChangeSet
from core.ops.entries import add_entry, set_text
from core.store.document import Document
from core.store.documents import AnyDocument, DocumentSet
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import list_folder, read_or_none
from core.store.merge import Change

if TYPE_CHECKING:
    from core.agent import AnyAgent

CuratedDocument = Document[curated_format.CuratedFile, oc_entries.Entry]
PIN_NOTE = "Kept by hand (MemDesk): OpenClaw's budget trimmer keeps this section."


@dataclass(frozen=True, slots=True)
class ReadOnlyView:
    """A file MemDesk only shows (DREAMS.md, a dreaming report, a legacy recall store): its
    text, what it holds, why it is read-only, and what the agent may destroy in it."""

    text: str
    summary: str
    why: str
    warnings: list[str]
    candidates: list[ranking.Reviewed]


class OpenClawWorkspace(DocumentSet):
    @property
    def agent(self) -> AnyAgent:
        """The plug-in that reads this workspace (its one name: `agent.name`)."""
        from core.agents.openclaw import AGENT

        return AGENT

    def files(self) -> list[layout.MemoryFile]:
        return layout.list_files(self.root)

    def file(self, rel: str) -> layout.MemoryFile:
        found = next((f for f in self.files() if f.path == rel), None)
        if found is None:
            raise WorkspaceError(
                say("{file}: not an OpenClaw memory file of {path}", file=rel, path=self.root)
            )
        return found

    def curated(self, rel: str) -> CuratedDocument:
        """A file read as entries: MEMORY.md, USER.md, a daily note, a session summary."""
        kind = oc_entries.file_kind(rel)
        return self.open_document(rel, curated_format.CuratedFileFormat(rel, kind))

    def document_at(self, rel: str) -> AnyDocument:
        if layout.editable_file(rel) is None:  # one MemDesk deleted may be restored
            self.file(rel)  # WorkspaceError for no memory file at all
            raise WorkspaceError(say("{path}: read-only in MemDesk", path=rel))
        return self.curated(rel)

    def memory(self) -> CuratedDocument:
        """MEMORY.md, where the agent would create it when there is none."""
        return self.curated("MEMORY.md")

    def folders(self) -> list[Path]:
        memory = self.root / "memory"
        found = [self.root, memory, memory / "dreaming", memory / ".dreams", self.root / "users"]
        found += [memory / "dreaming" / phase for phase in ("light", "rem", "deep")]
        users = self.root / "users"
        if users.is_dir() and not users.is_symlink():
            found += [p for p in list_folder(users) if p.is_dir()]
        return [f for f in found if f.is_dir() and not f.is_symlink()]

    def read_only(self, rel: str) -> ReadOnlyView:
        """A file of the Dreaming or Legacy pages, as saved on disk."""
        file = self.file(rel)
        try:
            text = decode(read_or_none(self.root / rel, root=self.root) or b"", rel).text
        except InputError as exc:
            raise WorkspaceError(str(exc)) from None
        found = [
            w.message
            for w in warnings.file_warnings(rel, file.kind, text)
            if w.kind != "legacy_recall_store"  # the page says why it is read-only
        ]
        if file.kind == "recall":
            return self._recall_view(rel, text, found)
        return ReadOnlyView(text, _summary(file.kind, text), _WHY[file.kind], found, [])

    def _recall_view(self, rel: str, text: str, found: list[str]) -> ReadOnlyView:
        if not rel.endswith("short-term-recall.json"):
            return ReadOnlyView(text, "", _WHY["recall"], found, [])
        phases_rel = "memory/.dreams/phase-signals.json"
        try:
            store = json.loads(text)
            raw = read_or_none(self.root / phases_rel, root=self.root)
            phases = json.loads(raw) if raw else None
        except ValueError as exc:
            invalid = say("not valid JSON: {detail}", detail=exc)
            return ReadOnlyView(text, invalid, _WHY["recall"], found, [])
        reviewed = ranking.review_store(store, phases, time.time() * 1000)
        promoted = sum(1 for r in reviewed if r.verdict == ranking.PROMOTED)
        summary = say(
            "{count} entries ranked as the agent ranks them; {promoted} would pass every "
            "gate of a scheduled deep sweep",
            count=len(reviewed),
            promoted=promoted,
        )
        return ReadOnlyView(text, summary, _WHY["recall"], found, reviewed)

    # -- operations -------------------------------------------------------------------------------
    def add_entry(self, document: AnyDocument, text: str) -> ChangeSet:
        """A new `- text` bullet at the end of the file, as the person or the agent writes one."""
        draft = curated_format.draft_entry(text, kind=oc_entries.file_kind(document.rel))
        return add_entry(document, draft)

    def set_fields(self, document: CuratedDocument, key: str, fields: dict[str, Any]) -> ChangeSet:
        """New trailing annotations of one entry: `fields` maps "triggers" (a list),
        "importance" (1-10) and "project" to their values; None removes the annotation."""
        current = _entry(document, key)
        kind = oc_entries.file_kind(document.rel)
        setters: dict[str, Callable[[Any, Any, Any], oc_entries.Entry]] = {
            "triggers": lambda e, v, k: curated_format.with_triggers(e, v or (), k),
            "importance": curated_format.with_importance,
            "project": curated_format.with_project,
        }
        new = current
        for name, value in fields.items():
            if name not in setters:
                raise ValueError(
                    say(
                        "{name}: OpenClaw annotates entries with triggers, importance, project",
                        name=name,
                    )
                )
            new = setters[name](new, value, kind)
        label = say("Annotate {memory} in {file}", memory=excerpt_of(current), file=document.rel)
        return ChangeSet(document, label, [Change(key, current, new)])

    def pin_section(self, document: CuratedDocument, key: str) -> ChangeSet:
        """Keep the promotion section holding entry `key` from the agent's budget trimmer: a
        line of the person's own text in it, the documented way (spec §2.4)."""
        entry = _entry(document, key)
        day = entry.promotion.date if entry.promotion else None
        if entry.promotion is None or entry.promotion.kind != "promoted" or day is None:
            raise WorkspaceError(
                say(
                    "{memory} is not in a promotion section: the trimmer never drops it",
                    memory=excerpt_of(entry),
                ),
                exit_code=EXIT_REFUSED,
            )
        try:
            text = dreaming.pin_section(document.text(), day, PIN_NOTE)
        except KeyError:
            raise WorkspaceError(
                say(
                    "the promotion section of {day} is pinned already: the trimmer keeps it",
                    day=day,
                ),
                exit_code=EXIT_REFUSED,
            ) from None
        label = say("Pin the promotion section of {day} in {file}", day=day, file=document.rel)
        return set_text(document, text, label)

    def supersede(
        self, document: CuratedDocument, key: str, text: str, day: date | None = None
    ) -> ChangeSet:
        """USER.md's way to replace a directive: the old one is marked superseded and the new
        one, observed today, goes right after it."""
        if oc_entries.file_kind(document.rel) != "user":
            raise WorkspaceError(
                say(
                    "{file}: superseding is USER.md's convention; edit the memory instead",
                    file=document.rel,
                ),
                exit_code=EXIT_REFUSED,
            )
        current = _entry(document, key)
        flipped = curated_format.superseded(current, "user")
        observed = (day or date.today()).isoformat()
        draft = curated_format.draft_entry(text, kind="user", observed=observed, after=key)
        label = say("Supersede {memory} in {file}", memory=excerpt_of(current), file=document.rel)
        return ChangeSet(document, label, [Change(key, current, flipped), Change("", None, draft)])


def excerpt_of(entry: oc_entries.Entry) -> str:
    first = entry.first_line
    return f"“{first[:40]}…”" if len(first) > 40 else f"“{first}”"


def _entry(document: CuratedDocument, key: str) -> oc_entries.Entry:
    current = document.find(key)
    if current is None:
        raise WorkspaceError(
            say("{file}: no entry {key}", file=document.rel, key=key), exit_code=EXIT_REFUSED
        )
    return current


_WHY: dict[layout.FileKind, str] = {
    "dreams": N_(
        "OpenClaw rewrites DREAMS.md as a whole at every dreaming run: MemDesk only shows it."
    ),
    "report": N_(
        "OpenClaw overwrites this report at every run of that phase: MemDesk only shows it."
    ),
    "recall": N_(
        "A legacy recall store: OpenClaw releases since 2026.6 keep this state in their own "
        "database, so editing this file changes nothing. Shown with the agent's own ranking."
    ),
    "bootstrap": N_("A bootstrap file OpenClaw injects at session start (not memory)."),
    "session": N_("Written once by OpenClaw's session-memory hook; never rewritten."),
}


def _summary(kind: layout.FileKind, text: str) -> str:
    if kind == "dreams":
        found = dreams_file.read_dreams(text)
        diary = len(found.diary) if found.diary is not None else 0
        deep = (
            N_("a Deep Sleep block") if found.deep_sleep is not None else N_("no Deep Sleep block")
        )
        return say(
            "{count} diary entries, {deep}, {runs} consolidation runs recorded",
            count=diary,
            deep=deep,
            runs=len(found.history),
        )
    if kind == "report":
        report = dreams_file.read_phase_report(text)
        phase = report.phase or "unknown"
        if report.agent_form:
            return say("{phase} phase report", phase=phase)
        return say("{phase} phase report (not in the form the agent writes)", phase=phase)
    return ""
