"""`memdesk check` and `list` for the other agents' workspaces (PicoClaw, Pomelobot/OpenClaw):
read every memory file as the agent would; report counts, problems and warnings, or the memories
themselves. Nothing is written."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from core.agents.picoclaw import format as picoclaw
from core.agents.picoclaw import profile as profile_json
from core.agents.pomelobot import format as pomelobot
from core.formats.problems import Problem
from core.formats.text import InputError
from core.layout import Detection


@dataclass
class SourceReport:
    kind: str
    path: str
    entries: int


@dataclass(frozen=True)
class ListedMemory:
    """A memory of another agent's file, in the shape of `memdesk list --json`."""

    id: str
    source: str  # PicoClaw: longterm; Pomelobot: <scope>:<long_term|daily|transcript>
    when: str  # PicoClaw: the heading's date (or title); Pomelobot: the entry's time
    content: str
    file: str
    line: int

    def as_json(self) -> dict[str, object]:
        """SPEC 7's keys; score, category and hits do not exist in these formats (None)."""
        return {
            "id": self.id,
            "category": self.source,
            "score": None,
            "last_activated": self.when,
            "activation_count": None,
            "section": self.source,
            "content": self.content,
            "file": self.file,
            "line": self.line,
        }


@dataclass
class CheckReport:
    layout: str
    sources: list[SourceReport] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    @property
    def entries(self) -> int:
        return sum(s.entries for s in self.sources)


def check_other(root: Path, found: Detection) -> CheckReport:
    if found.chosen == "picoclaw":
        return _check_picoclaw(root)
    if found.chosen == "pomelobot":
        return _check_pomelobot(root)
    raise ValueError(f"no check for layout {found.chosen!r}")


def _check_picoclaw(root: Path) -> CheckReport:
    report = CheckReport("picoclaw")
    longterm = root / "memory" / "MEMORY.md"
    if longterm.is_file():
        try:
            doc = picoclaw.parse_longterm(longterm.read_bytes(), longterm)
        except (OSError, InputError) as exc:
            report.problems.append(_problem(longterm, "unreadable", str(exc)))
        else:
            report.sources.append(SourceReport("longterm", str(longterm), len(doc.entries())))
            report.problems += doc.problems
            report.warnings += doc.warnings
    for note in picoclaw.list_daily_notes(root):
        report.sources.append(SourceReport("daily_note", str(note.path), 1))
    profile = root / "memory" / "profile.json"
    if profile.is_file():
        try:
            loaded = profile_json.load_profile(profile)
        except profile_json.ProfileError as exc:
            report.problems.append(_problem(profile, "corrupt_json", str(exc), exc.line or 1))
        else:
            report.sources.append(SourceReport("profile", str(profile), len(loaded.items())))
    try:
        picoclaw.effective_policy(root)
    except InputError as exc:
        report.problems.append(_problem(Path(exc.path), "policy", str(exc), exc.line or 1))
    return report


def _check_pomelobot(root: Path) -> CheckReport:
    report = CheckReport("pomelobot")
    for scope in pomelobot.list_scopes(root):
        for item in scope.files:
            path = root / item.path
            try:
                doc = pomelobot.parse_memory_file(path.read_bytes(), path, kind=item.kind)
            except (OSError, InputError) as exc:
                report.problems.append(_problem(path, "unreadable", str(exc)))
                continue
            kind = f"{scope.name}:{item.kind}"
            report.sources.append(SourceReport(kind, str(path), len(doc.entries())))
    return report


def _problem(path: Path, kind: str, message: str, line: int = 1) -> Problem:
    return Problem(str(path), line, line, kind, message)


def list_other(root: Path, found: Detection) -> list[ListedMemory]:
    """Every memory of a PicoClaw or Pomelobot/OpenClaw workspace, file by file in order."""
    if found.chosen == "picoclaw":
        return _list_picoclaw(root)
    out: list[ListedMemory] = []
    for scope in pomelobot.list_scopes(root):
        for item in scope.files:
            path = root / item.path
            doc = pomelobot.parse_memory_file(path.read_bytes(), path, kind=item.kind)
            source = f"{scope.name}:{item.kind}"
            out += [
                ListedMemory(e.key, source, e.time, e.content, str(path), e.line)
                for e in doc.entries()
            ]
    return out


def _list_picoclaw(root: Path) -> list[ListedMemory]:
    longterm = root / "memory" / "MEMORY.md"
    if not longterm.is_file():
        return []
    doc = picoclaw.parse_longterm(longterm.read_bytes(), longterm)
    return [
        ListedMemory(e.key, "longterm", e.title, e.content, str(longterm), e.line)
        for e in doc.entries()
    ]
