"""PicoClaw "MemSkill" (SPEC 2.2) and the hybrid fork's profile.json (SPEC 2.3).

`format` reads its files (long-term memory, daily notes, policy), `profile` the hybrid profile,
`retrieval` is what it injects for a message, `workspace` opens a workspace for editing.
"""

from __future__ import annotations

import logging
import re
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
    Injected,
    NotApplicable,
    Retrieved,
    Row,
    Source,
    SourceCount,
    checked_section,
    first_line,
    list_line,
)
from core.capabilities import (
    Editing,
    Policy,
    PolicyDiff,
    Retrieval,
    SessionStart,
    Snapshots,
)
from core.formats.problems import Problem
from core.formats.text import InputError
from core.messages import say
from core.ops import ChangeSet
from core.store.backups_view import (
    BackupFile,
    agent_folder_backups,
    find_backups,
    own_backups_in,
)
from core.store.errors import EXIT_ERROR, EXIT_REFUSED, WorkspaceError
from core.store.files import list_folder, read_file, read_or_none

if TYPE_CHECKING:
    from core.agents.picoclaw.policy import PolicyLayers, PolicyScalar
    from core.agents.picoclaw.workspace import PicoClawWorkspace

LONGTERM = "memory/MEMORY.md"
PROFILE = "memory/profile.json"
SECTIONS = ("longterm", "daily", "profile", "all")
_DAILY_DIR = re.compile(r"^\d{6}$")
log = logging.getLogger(__name__)


class PicoClaw(
    Agent["PicoClawWorkspace"],
    Editing["PicoClawWorkspace"],
    Policy["PicoClawWorkspace"],
    Snapshots["PicoClawWorkspace"],
    PolicyDiff,
    Retrieval,
    SessionStart,
):
    name: ClassVar[str] = "picoclaw"
    title: ClassVar[str] = "PicoClaw"
    demo_layouts: ClassVar[tuple[str, ...]] = ("picoclaw",)
    list_header: ClassVar[str] = LIST_HEADER

    def detect(self, root: Path) -> Sequence[Source]:
        memory = root / "memory"
        if not memory.is_dir():
            return []
        daily = sorted(p for p in list_folder(memory) if p.is_dir() and _DAILY_DIR.match(p.name))
        backups = memory / "backups"
        policy = sorted(p for p in list_folder(memory) if p.name.startswith("policy_"))
        profile = memory / "profile.json"
        if not (daily or backups.is_dir() or policy or profile.is_file()):
            return []  # memory/MEMORY.md alone could be anyone's
        sources = []
        if (memory / "MEMORY.md").is_file():
            sources.append(Source("longterm", memory / "MEMORY.md"))
        sources += [Source("daily_notes", p, p.name) for p in daily]
        if profile.is_file():
            sources.append(Source("profile", profile))
        sources += [Source("policy", p, p.name) for p in policy]
        if backups.is_dir():
            sources.append(Source("backups", backups))
        return sources

    home_hint: ClassVar[str] = "~/.picoclaw"

    def home(self) -> Path:
        """`~/.picoclaw`, whose workspace/ the agent uses (SPEC 2.2)."""
        return Path.home() / ".picoclaw"

    def workspace_in(self, folder: Path) -> Path | None:
        """PicoClaw's home folder (~/.picoclaw: config.json and workspace/) stands for its
        workspace/."""
        inner = folder / "workspace"
        return inner if inner.is_dir() and self.detect(inner) else None

    # -- reading -------------------------------------------------------------------------------
    def open(self, root: Path) -> PicoClawWorkspace:
        from core.agents.picoclaw.workspace import PicoClawWorkspace

        return PicoClawWorkspace.open(root)

    def file_kind(self, data: bytes) -> str | None:
        """memory/MEMORY.md starts with the agent's template heading."""
        return "PicoClaw's long-term memory" if first_line(data) == "# Long-term Memory" else None

    def backups(self, path: Path) -> list[BackupFile]:
        """memory/backups/ (the agent's and MemDesk's) of memory/MEMORY.md, and MemDesk's
        (`.memdesk/backups/`) of the daily notes, deleted ones too; oldest first."""
        from core.agents.picoclaw.format import LongTermFormat, NoteFormat, daily_note_day
        from core.agents.picoclaw.workspace import BACKUPS, LONGTERM

        def fmt_for(rel: str) -> NoteFormat | None:
            return NoteFormat(rel) if daily_note_day(rel) is not None else None

        longterm = agent_folder_backups(
            path, path / LONGTERM, LongTermFormat(LONGTERM), path / BACKUPS
        )
        return find_backups([longterm, own_backups_in(path, "memory", fmt_for)])

    def check(self, path: Path, *, profile: str | None = None) -> CheckReport:
        from core.agents.picoclaw import format as picoclaw
        from core.agents.picoclaw import policy as pc_policy
        from core.agents.picoclaw import profile as profile_json

        report = CheckReport(self.name)
        longterm = path / LONGTERM
        if longterm.exists():
            try:
                doc = picoclaw.parse_longterm(read_file(longterm, root=path), longterm)
            except (WorkspaceError, InputError) as exc:
                report.problems.append(_problem(longterm, "unreadable", str(exc)))
            else:
                report.sources.append(SourceCount("longterm", str(longterm), len(doc.entries())))
                report.problems += doc.problems
                report.warnings += doc.warnings
        for note in picoclaw.list_daily_notes(path):
            report.sources.append(SourceCount("daily_note", str(note.path), 1))
        profile_path = path / PROFILE
        if profile_path.exists():
            try:
                data = read_file(profile_path, root=path)
                items = profile_json.parse_profile(data, profile_path).items()
            except profile_json.ProfileError as exc:
                report.problems.append(
                    _problem(
                        profile_path,
                        "corrupt_json",
                        say("column {column}: {reason}", column=exc.column, reason=exc.reason),
                        exc.line,
                    )
                )
            except WorkspaceError as exc:
                report.problems.append(_problem(profile_path, "unreadable", str(exc)))
            else:
                report.sources.append(SourceCount("profile", str(profile_path), len(items)))
        ignored: InputError | None
        try:
            ignored = pc_policy.load_policy_layers(path).ignored
        except InputError as exc:
            ignored = exc
        if ignored is not None:
            report.problems.append(
                _problem(Path(ignored.path), "policy", ignored.reason, ignored.line or 1)
            )
        report.summary = say(
            "{path}: PicoClaw workspace, {count} memories", path=path, count=report.entries
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
        """Long-term entries, then one row per daily note, then the profile's keys."""
        checked_section(section, SECTIONS, "PicoClaw")
        rows: list[Row] = []
        wanted = [
            (name, make)
            for name, make in (
                ("longterm", _longterm_rows),
                ("daily", _note_rows),
                ("profile", _profile_rows),
            )
            if section in (name, "all")
        ]
        for _name, make in wanted:
            try:
                rows += make(path)
            except (WorkspaceError, InputError) as exc:
                if problems is None:
                    raise
                problems.append(_problem(Path(getattr(exc, "path", path)), "unreadable", str(exc)))
        return [r for r in rows if r.matches(query)]

    def reviewed(self, row: Row) -> bool:
        """Long-term memory and profile keys; daily notes are the agent's recent history."""
        return row.fields.get("section") in ("longterm", "profile") and super().reviewed(row)

    def detail(self, row: Row) -> str:
        when = str(row.fields["last_activated"])
        if row.fields["section"] == "longterm":
            dated = re.fullmatch(r"\d{4}-\d{2}-\d{2}", when)
            return say("date {day}", day=when) if dated else say("heading {heading}", heading=when)
        if row.fields["section"] == "daily":
            return say("daily note of {day}", day=when)
        return say("profile key {key}", key=row.id)

    # -- operations for scripts ------------------------------------------------------------------
    def add(
        self,
        ws: PicoClawWorkspace,
        text: str,
        *,
        file: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet:
        """A long-term memory (appended under today's date), or text appended to a daily note
        (`file` memory/YYYYMM/YYYYMMDD.md) as the agent appends it."""
        from core.agents.picoclaw import format as picoclaw
        from core.ops.entries import set_text

        if file in (None, LONGTERM):
            return ws.add_entry(ws.longterm(), text)
        day = _note_day(file)
        note = ws.note(day)
        existing = note.text() or None
        return set_text(
            note, picoclaw.daily_append_text(existing, text, day), say("Add to {file}", file=file)
        )

    def edit(
        self,
        ws: PicoClawWorkspace,
        row: Row,
        *,
        text: str | None = None,
        category: str | None = None,
        score: float | None = None,
    ) -> ChangeSet:
        from core.agents.picoclaw import ops
        from core.ops.entries import edit_entry, set_text

        if text is None:
            raise WorkspaceError("PicoClaw's memories have only text: give --text")
        section = row.fields["section"]
        if section == "profile":
            return ops.set_value(ws.profile(), row.id, text)
        if section == "daily":
            return set_text(ws.note(_note_day(row.file)), text)
        return edit_entry(ws.longterm(), row.key, text)

    def delete(self, ws: PicoClawWorkspace, row: Row) -> ChangeSet:
        from core.agents.picoclaw import ops
        from core.ops.entries import delete_entry

        section = row.fields["section"]
        if section == "profile":
            return ops.delete_key(ws.profile(), row.id)
        if section == "daily":
            raise WorkspaceError(
                say(
                    "{file}: MemDesk does not delete daily notes (the agent reads them as its "
                    "recent history); edit its text instead",
                    file=row.file,
                ),
                exit_code=EXIT_REFUSED,
            )
        return delete_entry(ws.longterm(), row.key)

    # -- what the agent does with it -------------------------------------------------------------
    def promote(self, ws: PicoClawWorkspace, row: Row) -> ChangeSet:
        """A daily-note passage goes into long-term memory, as the agent writes an entry there
        (the note keeps it: it is the day's record)."""
        if row.file == LONGTERM:
            raise NotApplicable(
                say("{path}: [{id}] is long-term memory already", path=ws.root, id=row.id)
            )
        return ws.promote_passage(str(row.fields.get("content") or ""))

    def policy(self, path: Path) -> list[Any]:
        from core.agents.picoclaw.policy import rows_of

        return rows_of(_policy_layers(path))

    def set_policy(self, ws: PicoClawWorkspace, values: dict[str, str | None]) -> ChangeSet:
        return ws.set_policy(self._typed_overrides(ws.root, values))

    def snapshots(self, path: Path) -> list[Any]:
        from core.agents.picoclaw.policy import list_snapshots

        return list_snapshots(path)

    def restore_snapshot(self, ws: PicoClawWorkspace, name: str) -> ChangeSet:
        from core.agents.picoclaw.policy import find_snapshot

        return ws.restore_snapshot(find_snapshot(ws.root, name))

    def what_if(
        self,
        ws: PicoClawWorkspace,
        values: dict[str, str | None],
        at: date,
        *,
        query: str | None = None,
        snapshot: str | None = None,
    ) -> Any:
        """What the agent injects for the message `query` (none: the no-message case) under the
        policy now and under the values tried over the overrides now (or over `snapshot`'s)."""
        from core.agents.picoclaw import what_if as pico

        typed = self._typed_overrides(ws.root, values)
        _policy_layers(ws.root)  # the warning, when the agent ignores the overrides now
        base = pico.policy_now(ws.root)
        if snapshot is not None:
            base = pico.policy_of(ws.root, self._snapshot(ws.root, snapshot))
        return pico.what_if(ws, pico.policy_tried(base, typed), query or "", at)

    def policy_diff(self, path: Path, first: str, second: str | None) -> Any:
        """The snapshot `first` against `second` (or the policy now): what each key would be."""
        from core.agents.picoclaw import what_if as pico

        _policy_layers(path)  # the warning, when the agent ignores the overrides now
        a = pico.policy_of(path, self._snapshot(path, first))
        if second is None:
            return pico.policy_diff(a, pico.policy_now(path))
        return pico.policy_diff(a, pico.policy_of(path, self._snapshot(path, second)))

    @staticmethod
    def _snapshot(path: Path, name: str) -> Any:
        from core.agents.picoclaw.policy import find_snapshot

        return find_snapshot(path, name)

    @staticmethod
    def _typed_overrides(
        path: Path, values: dict[str, str | None]
    ) -> dict[str, PolicyScalar | None]:
        from core.agents.picoclaw.policy import parse_override

        try:
            return {k: None if v is None else parse_override(k, v) for k, v in values.items()}
        except ValueError as exc:
            raise WorkspaceError(f"{path}: {exc}", exit_code=EXIT_REFUSED) from None

    def retrieve(self, path: Path, query: str, limit: int | None) -> Retrieved:
        """The long-term chunks its keyword retrieval takes for the message (SPEC 2.2)."""
        from core.agents.picoclaw import format as picoclaw
        from core.agents.picoclaw import policy as pc_policy
        from core.agents.picoclaw import retrieval

        policy = pc_policy.resolve_policy(_policy_layers(path))
        taken = limit if limit is not None else int(policy["retrieve_limit"].value)
        longterm = path / LONGTERM
        data = read_or_none(longterm, root=path) or b""
        text = picoclaw.parse_longterm(data, longterm).agent_text()
        return Retrieved(retrieval.retrieve(text, query, taken), retrieval.SEPARATOR)

    def context(
        self,
        path: Path,
        *,
        today: date | None = None,
        scope: str | None = None,
        project: str | None = None,
    ) -> Context:
        """What PicoClaw's prompt holds before any message narrows it (GetMemoryContext with
        no query): all of MEMORY.md, then the daily notes of the last `recent_days` days."""
        from core.agents.picoclaw import format as picoclaw
        from core.agents.picoclaw import policy as pc_policy
        from core.agents.picoclaw import retrieval

        policy = pc_policy.resolve_policy(_policy_layers(path))
        days = int(policy["recent_days"].value)
        longterm = path / LONGTERM
        data = read_or_none(longterm, root=path) or b""
        text = picoclaw.parse_longterm(data, longterm).agent_text()
        day = today or date.today()
        notes = [(n, picoclaw.read_daily_note(n)) for n in picoclaw.list_daily_notes(path)]
        parts = [Injected(LONGTERM, len(text), len(text), False, text, say("Long-term memory"))]
        for note, note_text in sorted(notes, key=lambda p: p[0].date, reverse=True):
            rel = note.path.relative_to(path).as_posix()
            kept = 0 <= (day - note.date).days < max(days, 1)
            why = () if kept else (_too_old(days),)
            shown = note_text if kept else ""
            parts.append(Injected(rel, len(note_text), len(shown), False, shown, rel, why))
        message = retrieval.memory_context(
            text, "", recent_days=days, daily_notes=[(n.date, t) for n, t in notes], today=day
        )
        return Context(parts, [message], say("PicoClaw, {day}, no query yet", day=day.isoformat()))

    def demo(
        self,
        target: Path,
        *,
        layout: str,
        entries: int | None,
        seed: int,
        today: date | None = None,
    ) -> DemoResult:
        from core.agents.picoclaw.demo import write_demo

        return write_demo(target, entries=entries, seed=seed, today=today)


def _policy_layers(path: Path) -> PolicyLayers:
    """The agent's policy files; overrides it ignores are named on the log (the CLI's stderr,
    once per command), and what is shown is what the agent does without them."""
    from core.agents.picoclaw import policy as pc_policy

    layers = pc_policy.load_policy_layers(path)
    if layers.ignored is not None:
        log.warning("memdesk: warning: %s; %s", layers.ignored, pc_policy.IGNORED_OVERRIDES)
    return layers


def _note_day(file: str) -> date:
    """The day of a daily note named by its path (memory/YYYYMM/YYYYMMDD.md)."""
    match = re.fullmatch(r"memory/(\d{6})/(\d{8})\.md", file)
    if match is None or not match.group(2).startswith(match.group(1)):
        raise WorkspaceError(
            f"--file {file}: PicoClaw's files are {LONGTERM} and daily notes "
            "memory/YYYYMM/YYYYMMDD.md",
            exit_code=EXIT_ERROR,
        )
    stamp = match.group(2)
    try:
        return date(int(stamp[:4]), int(stamp[4:6]), int(stamp[6:]))
    except ValueError:
        raise WorkspaceError(f"--file {file}: not a date", exit_code=EXIT_ERROR) from None


def _problem(path: Path, kind: str, message: str, line: int = 1) -> Problem:
    return Problem(str(path), line, line, kind, message)


def _row(id_: str, section: str, when: str, content: str, path: Path, rel: str, line: int) -> Row:
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
    }
    return Row(id_, rel, line, fields, list_line(id_, section, when, content), key=id_)


def _longterm_rows(root: Path) -> list[Row]:
    from core.agents.picoclaw import format as picoclaw

    path = root / LONGTERM
    data = read_or_none(path, root=root)
    if data is None:
        return []
    doc = picoclaw.parse_longterm(data, path)
    return [
        _row(e.key, "longterm", e.title, e.content, path, LONGTERM, e.line) for e in doc.entries()
    ]


def _note_rows(root: Path) -> list[Row]:
    from core.agents.picoclaw import format as picoclaw

    rows = []
    for note in picoclaw.list_daily_notes(root):
        rel = note.path.relative_to(root).as_posix()
        text = picoclaw.read_daily_note(note)
        rows.append(_row(note.path.stem, "daily", note.date.isoformat(), text, note.path, rel, 1))
    return rows


def _profile_rows(root: Path) -> list[Row]:
    from core.agents.picoclaw import profile as profile_json

    path = root / PROFILE
    data = read_or_none(path, root=root)
    if data is None:
        return []
    items = profile_json.parse_profile(data, path).items()
    lines = data.decode("utf-8", "replace").splitlines()
    return [
        _row(key, "profile", key, value, path, PROFILE, _line_of_key(lines, key))
        for key, value in items
    ]


def _line_of_key(lines: list[str], key: str) -> int:
    import json

    needle = json.dumps(key, ensure_ascii=False)
    return next((n for n, line in enumerate(lines, start=1) if needle in line), 1)


AGENT = PicoClaw()


def _too_old(days: int) -> str:
    """Why a daily note is not in the prompt."""
    return say("older than recent_days ({days}): not in the prompt", days=days)
