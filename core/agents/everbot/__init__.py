"""EverBot's structured MEMORY.md and the tiered reviewer memory of seed 004 (SPEC 2.1, 2.5).

`format` reads and writes the file, `workspace` opens it with its policy and the journal's
full-precision scores, `prompt` is what the agent injects, `demo` writes demo workspaces.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from core.agent import (
    Agent,
    CheckReport,
    Context,
    DecayReport,
    DemoResult,
    Injected,
    Retrieved,
    Row,
    Shown,
    Source,
    SourceCount,
    Unseen,
    checked_section,
)
from core.agents.everbot.document import Entry, Section
from core.capabilities import (
    Archiving,
    Decaying,
    Editing,
    Pinning,
    Policy,
    Retrieval,
    SessionStart,
    Snapshots,
)
from core.formats.problems import Problem
from core.messages import N_, say
from core.ops import ChangeSet
from core.store.backups_view import BackupFile
from core.store.errors import EXIT_ERROR, WorkspaceError
from core.store.files import read_head

if TYPE_CHECKING:
    from core.agents.everbot.workspace import Workspace


MEMORY_FILE = "MEMORY.md"
# A header at the start of a line; the agent reads a lone CR as a line end too.
_STRUCTURED_HEADER = re.compile(rb"(?:^|\r)[ \t]*###\s+\[\w+\]", re.MULTILINE)
_SNIFF_BYTES = 256 * 1024  # enough to see entry headers; a 50 MB file is not read whole here
SECTIONS = ("active", "archived", "all")
LIST_HEADER = (
    f"{'ID':<8} {'CATEGORY':<12} {'SCORE':>6}  {'ACTIVATED':<10} {'HITS':>4}  SECTION   CONTENT"
)


class EverBot(
    Agent["Workspace"],
    Editing["Workspace"],
    Archiving["Workspace"],
    Pinning["Workspace"],
    Decaying["Workspace"],
    Policy["Workspace"],
    Snapshots["Workspace"],
    Retrieval,
    SessionStart,
):
    name: ClassVar[str] = "everbot"
    title: ClassVar[str] = "EverBot (structured MEMORY.md)"
    demo_layouts: ClassVar[tuple[str, ...]] = ("everbot", "tiered")
    file_name: ClassVar[str | None] = "MEMORY.md"
    file_hint: ClassVar[str] = "EverBot's memories, '### [id] category | score | date | hits'"
    profiles: ClassVar[tuple[str, ...]] = ("everbot", "tiered")
    list_header: ClassVar[str] = LIST_HEADER
    query_is_words: ClassVar[bool] = False  # the window's search language
    reads_journal: ClassVar[bool] = True  # the profile saved, the precise scores

    def detect(self, root: Path) -> Sequence[Source]:
        path = root / MEMORY_FILE
        if not path.is_file() or not _has_structured_entries(path):
            return []
        return [Source("structured", path)]

    def where(self, path: Path) -> str:
        return str(path / MEMORY_FILE if path.is_dir() else path)

    def adopts(self, root: Path) -> bool:
        return (root / MEMORY_FILE).is_file()  # a new agent's file may have no entries yet

    # -- reading -------------------------------------------------------------------------------
    def open(self, root: Path) -> Workspace:
        return _open(root, None)

    def backups(self, path: Path) -> list[BackupFile]:
        """MemDesk's backups of MEMORY.md and the agent's one MEMORY.md.bak, oldest first."""
        from core.agents.everbot.workspace import locate_memory_file, memory_backups

        return memory_backups(*locate_memory_file(path))

    def file_kind(self, data: bytes) -> str | None:
        from core.agents.everbot.workspace import detect_profile

        head = data[:_SNIFF_BYTES].lstrip(b"\xef\xbb\xbf")
        if not head.lstrip().startswith(b"# Agent Memory") and not _has_headers(head):
            return None
        return (
            N_("the tiered memory") if detect_profile(data) == "tiered" else N_("EverBot's memory")
        )

    def check(self, path: Path, *, profile: str | None = None) -> CheckReport:
        ws = _open(path, profile)
        summary = ws.summary()
        report = CheckReport(
            self.name,
            [SourceCount("structured", ws.file, summary.entries)],
            list(ws.doc.problems),
            ws.warnings(),
            summary=say(
                "{path}: {count} memories ({active} active, {archived} archived), profile {name}",
                path=ws.path,
                count=summary.entries,
                active=summary.active,
                archived=summary.archived,
                name=ws.profile.name,
            ),
        )
        report.extra = {
            **{k: v for k, v in asdict(summary).items() if k != "entries"},
            "profile": ws.profile.name,
        }
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
        return self._rows_of(_open(path, profile), _section(section), query)

    def list_lines(
        self,
        path: Path,
        *,
        section: str = "all",
        query: str | None = None,
        profile: str | None = None,
        problems: list[Problem] | None = None,
    ) -> list[str]:
        """From the document's columns: a million memories print without a row or an `Entry`
        for each."""
        from core.agents.everbot.workspace import Workspace

        if query:
            return super().list_lines(
                path, section=section, query=query, profile=profile, problems=problems
            )
        section = _section(section)
        # The journal's precise scores print as the file's (`use_precise_scores` takes only
        # those that round alike), and taking them would make every memory.
        ws = Workspace.open(path, profile=profile, precise_scores=False)
        listed = ws.doc.listed()
        columns: Iterable[tuple[Any, ...]] = zip(
            listed.keys, listed.categories, listed.scores, listed.dates, listed.counts,
            listed.sections, map(_shortened, listed.first_lines), strict=True,
        )  # fmt: skip
        if section != "all":
            columns = (c for c in columns if c[5] == section)
        return list(map(_LIST_LINE.__mod__, columns))

    def rows_in(self, ws: Workspace) -> list[Row]:
        return self._rows_of(ws, "all", None)

    def _rows_of(self, ws: Workspace, section: str, query: str | None) -> list[Row]:
        from core.agents.everbot.fields import memory_fields

        entries = [e for e in ws.doc.iter_entries() if section in ("all", e.section)]
        if query:
            # numpy, rapidfuzz: only for a query
            from core.agents.everbot.search import QueryError, search

            try:
                keys = search(entries, query, today=date.today())
            except QueryError as exc:
                raise WorkspaceError(
                    f"--query: {exc} (at character {exc.position + 1})", exit_code=EXIT_ERROR
                ) from None
            by_key = {e.key: e for e in entries}
            entries = [by_key[key] for key in keys]
        file, rel = str(ws.path), ws.file

        def fields(e: Entry) -> dict[str, Any]:
            return memory_fields(e, file)

        return [Row(e.id, rel, e.line, fields, _list_line, e.key, e) for e in entries]

    def candidates(
        self,
        path: Path,
        memory_id: str,
        *,
        profile: str | None = None,
        problems: list[Problem] | None = None,
    ) -> list[Row]:
        """A big file's memories with the id, found without parsing the others (`Peek`)."""
        from core.agents.everbot.fields import memory_fields
        from core.agents.everbot.peek import Peek

        peek = Peek.open(path, memory_id, profile=profile)
        if peek is None:
            return super().candidates(path, memory_id, profile=profile, problems=problems)
        return [
            Row(e.id, peek.file, e.line, memory_fields(e, str(peek.path)), _list_line(e), e.key)
            for e in peek.entries
        ]

    def show(self, path: Path, row: Row, *, profile: str | None = None) -> Shown:
        from core.agents.everbot.history import show_memory
        from core.agents.everbot.peek import Peek

        peek = Peek.open(path, row.key, profile=profile)
        return show_memory(peek or _open(path, profile), row)

    # -- operations for scripts ------------------------------------------------------------------
    def add(
        self,
        ws: Workspace,
        text: str,
        *,
        file: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet:
        from core.agents.everbot import ops
        from core.agents.everbot.scoring import initial_score

        if file not in (None, ws.file):
            raise WorkspaceError(f"--file {file}: EverBot keeps its memories in {ws.file}")
        value = score if score is not None else initial_score(ws.profile, None)
        return ops.create(ws, content=text, category=category or "fact", score=value)

    def edit(
        self,
        ws: Workspace,
        row: Row,
        *,
        text: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet:
        from core.agents.everbot import ops

        fields: dict[str, object] = {"content": text, "category": category, "score": score}
        wanted = {k: v for k, v in fields.items() if v is not None}
        return ops.edit(ws, row.key, label=say("Edit [{id}]", id=row.id), **wanted)

    def delete(self, ws: Workspace, row: Row) -> ChangeSet:
        from core.agents.everbot import ops

        return ops.delete(ws, [row.key], say("Delete [{id}]", id=row.id))

    def archive(self, ws: Workspace, row: Row, *, archived: bool) -> ChangeSet:
        from core.agents.everbot import ops

        section: Section = "archived" if archived else "active"
        label = say("Archive [{id}]", id=row.id) if archived else say("Unarchive [{id}]", id=row.id)
        return ops.move(ws, [row.key], section, label)

    def pin(self, ws: Workspace, row: Row) -> ChangeSet:
        from core.agents.everbot import ops

        return ops.pin(ws, row.key, say("Pin [{id}] to core", id=row.id))

    def promote(self, ws: Workspace, row: Row) -> ChangeSet:
        """A reviewer's PROMOTE: the memory pinned to core."""
        return self.pin(ws, row)

    def merge(self, ws: Workspace, *, keep: Row, drop: Row, text: str) -> list[ChangeSet]:
        """One memory of two: the merged text, the higher score, the hits summed."""
        from core.agents.everbot import ops

        return [
            ops.merge(
                ws,
                keep.key,
                drop.key,
                text,
                say("Merge [{id}] into [{into_id}]", id=drop.id, into_id=keep.id),
            )
        ]

    # -- what the agent does with it -------------------------------------------------------------
    def retrieve(self, path: Path, query: str, limit: int | None) -> Retrieved:
        """EverBot injects its best memories whatever the message (score >= 0.5, top 20)."""
        from core.agents.everbot.prompt import EVERBOT_PROMPT_TOP_K, everbot_prompt

        ws = _open(path, None)
        return Retrieved([everbot_prompt(ws.entries(), top_k=limit or EVERBOT_PROMPT_TOP_K)])

    def context(
        self,
        path: Path,
        *,
        today: date | None = None,
        scope: str | None = None,
        project: str | None = None,
    ) -> Context:
        """The memory block of EverBot's system prompt (every session, whatever the message)."""
        from core.agents.everbot.prompt import everbot_prompt, prompt_entries

        ws = _open(path, None)
        entries = ws.entries()
        seen = {id(e) for e in prompt_entries(entries)}
        unseen = tuple(
            Unseen(e.line, f"[{e.id}] {e.content.splitlines()[0][:60]}")
            for e in entries
            if e.content and id(e) not in seen
        )
        text = everbot_prompt(entries)
        part = Injected(
            file=ws.document.rel,
            chars=sum(len(e.content) for e in entries),
            injected_chars=len(text),
            truncated=bool(unseen),
            text=text,
            label=say("Memories in the system prompt"),
            notes=(
                say(
                    "EverBot writes the memories scoring 0.5 or more (as the file writes the "
                    "score), the 20 best, into its system prompt; the others are not seen."
                ),
            ),
            unseen=unseen,
        )
        return Context([part], [text] if text else [], say("EverBot system prompt"))

    # -- MemDesk's scoring profile of the workspace (`memdesk policy|snapshots|policy-restore`) ---
    def policy(self, path: Path) -> list[Any]:
        return list(_open(path, None).profile_values().rows())

    def set_policy(self, ws: Workspace, values: dict[str, str | None]) -> ChangeSet:
        changeset: ChangeSet = ws.set_profile(values)
        return changeset

    def snapshots(self, path: Path) -> list[Any]:
        from core.agents.everbot.profile_file import profile_versions

        return list(profile_versions(path))

    def restore_snapshot(self, ws: Workspace, name: str) -> ChangeSet:
        from core.agents.everbot.profile_file import find_profile_version

        version = find_profile_version(ws.root, name)
        try:
            changeset: ChangeSet = ws.profile_values().replace_with(
                version.values(), say("Restore scoring profile {file}", file=version.rel)
            )
        except WorkspaceError as exc:
            raise WorkspaceError(f"{version.rel}: {exc}", exit_code=exc.exit_code) from None
        return changeset

    def what_if(
        self,
        ws: Workspace,
        values: dict[str, str | None],
        at: date,
        *,
        query: str | None = None,
        snapshot: str | None = None,
    ) -> Any:
        """What the profile values as typed would do to the memories; nothing is written."""
        from core.agents.everbot.what_if import what_if

        if query is not None or snapshot is not None:
            raise WorkspaceError(
                f"{ws.root}: --query and --snapshot are for PicoClaw's policy; EverBot's what-if "
                "takes the values to try (--set, --unset)",
                exit_code=EXIT_ERROR,
            )
        return what_if(ws, ws.profile_values().tried(values), at)

    def decay_transitions(
        self, ws: Workspace, at: date
    ) -> dict[tuple[str, str], tuple[str, float]]:
        from core.agents.everbot.decay import preview_decay

        return {(ws.file, t.key): (t.to, t.score) for t in preview_decay(ws, at).transitions}

    def decay(
        self, path: Path, *, at: date, apply: bool, profile: str | None = None
    ) -> DecayReport:
        from core.agents.everbot.decay import decay_and_queue, preview_decay

        ws = _open(path, profile)
        preview = preview_decay(ws, at)
        done = decay_and_queue(self, ws, preview) if apply else None
        saved = done.saved if done is not None else None
        return DecayReport(
            at,
            ws.profile.name,
            preview.changed,
            preview.transitions,
            applied=apply,
            queued=len(done.proposals) if done is not None else 0,
            wrote=saved.path if saved is not None else None,
            backup=saved.backup if saved is not None else None,
        )

    def demo(
        self,
        target: Path,
        *,
        layout: str,
        entries: int | None,
        seed: int,
        today: date | None = None,
    ) -> DemoResult:
        from core.agents.everbot.demo import write_demo

        return write_demo(target, layout=layout, entries=entries, seed=seed, today=today)


def _open(path: Path, profile: str | None) -> Workspace:
    from core.agents.everbot.workspace import Workspace

    return Workspace.open(path, profile=profile)


def _has_structured_entries(path: Path) -> bool:
    head = read_head(path, _SNIFF_BYTES)
    return head is not None and _has_headers(head.lstrip(b"\xef\xbb\xbf"))


def _has_headers(head: bytes) -> bool:
    return _STRUCTURED_HEADER.search(head) is not None


def _section(section: str) -> str:
    return checked_section(section, SECTIONS, "EverBot")


def _list_line(e: Any) -> str:
    return _LIST_LINE % (
        e.key,
        e.category,
        e.score,
        e.last_activated,
        e.activation_count,
        e.section,
        _shortened(e.content.partition("\n")[0]),
    )


# %-formatting: 2.5x faster than the same f-string with widths, a million times over.
_LIST_LINE = "%-8s %-12s %6.2f  %-10s %4d  %-9s %s"


def _shortened(first_line: str) -> str:
    return first_line if len(first_line) <= 60 else first_line[:59] + "…"


AGENT = EverBot()
