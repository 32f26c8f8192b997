"""OpenClaw's demo workspace (``memdesk demo DIR --layout openclaw``; spec/openclaw.md).

``DIR`` is an OpenClaw workspace (``~/.openclaw/workspace``) some months into its life, written
as the agent writes each file (every byte shape below is the spec's):

* ``MEMORY.md``: ``# Long-Term Memory``, hand-written sections of bullets in Chinese and English,
  some with ``<!-- trigger: … --> <!-- importance: N -->`` and ``<!-- project: … -->``; then what
  dreaming appended (§2.3): an old promotion section in the legacy form (``[score= recalls= avg=
  source=]``, before 2026.8), the oldest generated section and so the one the budget trimmer
  drops first; one in the current form (``signals=`` and the annotations) whose first bullet the
  person rewrote; one grouped under ``### Global`` / ``### Project: KEY``; and last a
  ``## Consolidated Memory (DATE)`` section (§2.5) that merged a hand-written line (deleted from
  its section) and superseded an older fact (its lineage comment above the marker);
* ``USER.md``: directives under ``<!-- observed: DATE | status: … -->`` comments, one superseded
  and followed by its replacement (§3); ``users/alice/USER.md`` for a second person;
* ``AGENTS.md`` and ``SOUL.md``, as the templates start them;
* daily notes ``memory/YYYY-MM-DD.md`` (``## Heading`` groups of bullets) for the last week and
  for every day a promoted or recalled memory comes from, each at the line its source says; one
  has a ``## Light Sleep`` managed block (§6.2) and its report ``memory/dreaming/light/DATE.md``;
* session summaries ``memory/YYYY-MM-DD-<slug>.md`` as the session-memory hook writes them
  (§6.3), slugged ``HHMM`` or by the model;
* ``DREAMS.md`` (§7): the Dream Diary block with two entries, the Deep Sleep block and a Memory
  Consolidation History entry for the consolidation above;
* the legacy recall store ``memory/.dreams/short-term-recall.json`` and ``phase-signals.json``
  (§4.1, §8.2), left from before the upgrade: the two memories promoted then and three that were
  not, one without provenance.

``entries`` is the number of hand-written bullets in MEMORY.md (default 14); what dreaming wrote
comes on top. Phrases are in this package's ``demo_corpus.json``; hand-written bullets borrow the
developer topics of ``core/demo_corpus.json``. Times are UTC, as the agent's are on a server.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from functools import cache, partial
from pathlib import Path
from random import Random
from typing import Any, Final

from core.agent import DemoResult
from core.agents.openclaw import dreaming, dreams_file
from core.agents.openclaw.curated import split_curated_entries
from core.demo import (
    DEVELOPER_ZH_SHARE,
    Corpus,
    PhraseMaker,
    Voice,
    check_target,
    developer_slots,
    entry_count,
    load_corpus,
    put,
    shared_corpus,
    unique_text,
)

__all__ = ["DEFAULT_ENTRIES", "write_demo"]

DEFAULT_ENTRIES: Final = 14  # hand-written MEMORY.md bullets

# How many days before `today` things happened.
_LEGACY_PROMOTION: Final = 42  # by a release before 2026.8 (the legacy line form)
_EDITED_PROMOTION: Final = 25
_GROUPED_PROMOTION: Final = 9
_CONSOLIDATION: Final = 3
_LEGACY_SOURCES: Final = (44, 43)
_EDITED_SOURCES: Final = (27, 27, 26)
_GROUPED_SOURCES: Final = (11, 11, 10, 10)
_CONSOLIDATED_SOURCES: Final = (5, 4)  # the merged memory, the superseding one
_RECALL_SOURCES: Final = (47, 46, 45)
_RECENT_DAYS: Final = 7
_LIGHT_SLEEP_AGE: Final = 2  # the daily note with an inline Light Sleep block
_DIARY_AGES: Final = (2, 1)
_SETUP_AGE: Final = 60  # AGENTS.md, SOUL.md

_TITLE: Final = "# Long-Term Memory"
_PROMOTED: Final = "## Promoted From Short-Term Memory ({day})"
_MERGED_ITEM: Final = "Health"  # the consolidation merges this promotable with a hand-written line
_SUPERSEDING_ITEM: Final = "Editor"  # and supersedes an older fact with this one
_LINEAGE: Final = "editor-choice"
_SUPERSEDED_FACT: Final = (
    "- Editor is vim Source: memory/{day}.md#L3-L3 <!-- trigger: editor --> <!-- importance: 7 -->"
)
_CONSOLIDATED_SCORE: Final = 0.8  # importance 8
_HAND_SHARES: Final = (("fact", 0.3), ("preference", 0.3), ("project", 0.25), ("decision", 0.15))
_HAND_HEADINGS: Final = {
    "fact": "## About Me",
    "preference": "## Preferences",
    "project": "## Projects",
    "decision": "## Decisions",
}

_File = tuple[str, str, datetime]  # workspace-relative path, text, when it was last written


def write_demo(
    target: Path, *, entries: int | None = None, seed: int = 0, today: date | None = None
) -> DemoResult:
    """Create ``target`` (or fill it if empty) with a lived-in OpenClaw workspace (see the module
    docstring); the same seed and ``today`` give the same bytes. Raises DemoError if ``target``
    exists and is not an empty folder, or ``entries`` < 0. Everything is written inside
    ``target``."""
    count = entry_count(entries, DEFAULT_ENTRIES)
    check_target(target)
    today = today or date.today()
    rng = Random(seed)
    phrases = PhraseMaker(rng, _voice())
    plan = _plan(rng)
    notes = _Notes(today)
    for item, age in plan.placed():
        notes.add(age, item.heading, item.text, item)
    for age in range(_RECENT_DAYS, 0, -1):
        if age == 6 and rng.random() < 0.5:
            continue  # a quiet day
        for _ in range(rng.randint(1, 3)):
            heading, text = phrases.text("daily").split("|", 1)
            notes.add(age, heading, text)
    for age in sorted({*_LEGACY_SOURCES, *_EDITED_SOURCES, *_GROUPED_SOURCES, *_RECALL_SOURCES}):
        heading, text = phrases.text("daily").split("|", 1)
        notes.add(age, heading, text)
    light = [f"Candidate: {t}" for t in notes.texts(_LIGHT_SLEEP_AGE)[:2]]
    files = notes.render(light_age=_LIGHT_SLEEP_AGE, light=light)
    memory = _memory(rng, phrases, plan, notes, count, today)
    files += [
        memory,
        *_user_files(rng, today),
        *_bootstrap_files(today),
        *_sessions(rng, phrases, today),
        _dreams(rng, plan, notes, today),
        _light_report(today, light),
        *_legacy_store(rng, plan, notes, today),
    ]
    for rel, text, at in files:
        put(target / rel, text, at)
    total = sum(1 for b in split_curated_entries(memory[1]) if b.kind == "entry")
    return DemoResult(target / "MEMORY.md", total, (), None, target)


# --- Phrases ---------------------------------------------------------------------------------------


def _corpus() -> Corpus:
    return load_corpus("core.agents.openclaw")


@cache
def _voice() -> Voice:
    """This package's templates and the developer topics of core/demo_corpus.json, one line each."""
    corpus = _corpus()
    templates = {
        **shared_corpus().templates("developer_templates"),
        **corpus.templates("templates"),
    }
    slots = {**developer_slots(remarks=False), **corpus.slots("slots")}
    return Voice(templates, slots, DEVELOPER_ZH_SHARE, ((), ()), 0.0, frozenset(templates))


@dataclass(frozen=True, slots=True)
class _Item:
    """A daily-note memory dreaming promotes or recalls."""

    heading: str  # "" when it stands right under the note's title
    text: str
    tags: tuple[str, ...]
    project: str

    @property
    def snippet(self) -> str:
        return f"{self.heading}: {self.text}" if self.heading else self.text


def _items() -> list[_Item]:
    items = []
    for line in _corpus().strings("promotable"):
        heading, text, tags, project = line.split("|")
        items.append(_Item(heading, text, tuple(tags.split(",")), project))
    return items


@dataclass(frozen=True, slots=True)
class _Plan:
    """Which promotable memory went where, each with the day (age) of its daily note."""

    legacy: list[_Item]
    edited: list[_Item]  # the first one is the bullet the person rewrote
    grouped: list[_Item]
    merged: _Item
    superseding: _Item
    recalled: list[_Item]

    def placed(self) -> list[tuple[_Item, int]]:
        pairs = [
            *zip(self.legacy, _LEGACY_SOURCES, strict=True),
            *zip(self.edited, _EDITED_SOURCES, strict=True),
            *zip(self.grouped, _GROUPED_SOURCES, strict=True),
            *zip((self.merged, self.superseding), _CONSOLIDATED_SOURCES, strict=True),
            *zip(self.recalled, _RECALL_SOURCES, strict=True),
        ]
        return pairs


def _plan(rng: Random) -> _Plan:
    items = _items()
    by_heading = {i.heading: i for i in items}
    merged = _Item("", by_heading[_MERGED_ITEM].text, by_heading[_MERGED_ITEM].tags, "")
    superseding = by_heading[_SUPERSEDING_ITEM]
    rest = [i for i in items if i.heading not in (_MERGED_ITEM, _SUPERSEDING_ITEM)]
    plain = [i for i in rest if not i.project]
    scoped = [i for i in rest if i.project]
    rng.shuffle(plain)
    rng.shuffle(scoped)
    return _Plan(
        legacy=scoped[:2],
        edited=plain[:3],
        grouped=sorted(plain[3:5] + scoped[2:4], key=lambda i: i.project),
        merged=merged,
        superseding=superseding,
        recalled=[plain[5], *scoped[4:6]],
    )


# --- Daily notes --------------------------------------------------------------------------------------


@dataclass
class _Notes:
    """Daily notes being written: bullets under headings, and where each memory landed."""

    today: date
    days: dict[int, list[tuple[str, str, _Item | None]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    lines: dict[_Item, tuple[str, int]] = field(default_factory=dict)

    def add(self, age: int, heading: str, text: str, item: _Item | None = None) -> None:
        self.days[age].append((heading, text, item))

    def texts(self, age: int) -> list[str]:
        return [text for _h, text, _i in self.days[age]]

    def path(self, age: int) -> str:
        return f"memory/{self.day(age).isoformat()}.md"

    def day(self, age: int) -> date:
        return self.today - timedelta(days=age)

    def source(self, item: _Item) -> tuple[str, int]:
        """The note and line the memory is at."""
        return self.lines[item]

    def render(self, *, light_age: int, light: Sequence[str]) -> list[_File]:
        files = []
        for age in sorted(self.days, reverse=True):
            text = self._render(age)
            if age == light_age:
                text = dreaming.daily_phase_block(text, "light", [f"- {line}" for line in light])
            at = datetime.combine(self.day(age), time(22, 40 - age % 7))
            files.append((self.path(age), text, at))
        return files

    def _render(self, age: int) -> str:
        lines = [f"# {self.day(age).isoformat()}", ""]
        entries = self.days[age]
        for heading, text, item in entries:
            if not heading:  # right under the title
                self._put(lines, age, text, item)
        if len(lines) > 2:
            lines.append("")
        for heading in dict.fromkeys(h for h, _t, _i in entries if h):
            lines.append(f"## {heading}")
            for h, text, item in entries:
                if h == heading:
                    self._put(lines, age, text, item)
            lines.append("")
        return "\n".join(lines[:-1]) + "\n"

    def _put(self, lines: list[str], age: int, text: str, item: _Item | None) -> None:
        lines.append(f"- {text}")
        if item is not None:
            self.lines[item] = (self.path(age), len(lines))


def _light_report(today: date, body: Sequence[str]) -> _File:
    day = today - timedelta(days=_LIGHT_SLEEP_AGE)
    text = dreaming.phase_report("light", [f"- {line}" for line in body])
    return f"memory/dreaming/light/{day.isoformat()}.md", text, _at(today, 1, 3)


# --- MEMORY.md ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Score:
    score: float
    signals: int
    recalls: int
    avg: float


def _score(rng: Random) -> _Score:
    recalls = rng.randint(3, 6)
    signals = recalls + rng.randint(0, 2)
    return _Score(rng.randint(750, 950) / 1000, signals, recalls, rng.randint(600, 950) / 1000)


def _key(path: str, line: int) -> str:
    return f"memory:{path}:{line}:{line}"


def _candidate(item: _Item, notes: _Notes, score: _Score) -> dict[str, Any]:
    """The ranked candidate the deep sweep promotes (what `dreaming` writes it from)."""
    path, line = notes.source(item)
    candidate: dict[str, Any] = {
        "key": _key(path, line),
        "path": path,
        "startLine": line,
        "endLine": line,
        "snippet": item.snippet,
        "score": score.score,
        "signalCount": score.signals,
        "recallCount": score.recalls,
        "avgScore": score.avg,
        "conceptTags": list(item.tags),
    }
    if item.project:
        candidate["projectKey"] = item.project
    return candidate


def _legacy_section(day: date, candidates: Sequence[dict[str, Any]]) -> str:
    """A promotion section as releases before 2026.8 wrote it: no ``signals=``, no annotations."""
    lines = ["", _PROMOTED.format(day=day.isoformat()), ""]
    for c in candidates:
        source = f"{c['path']}:{c['startLine']}-{c['endLine']}"
        lines.append(dreaming.promotion_marker(c["key"]))
        lines.append(
            f"- {c['snippet']} [score={c['score']:.3f} recalls={c['recallCount']} "
            f"avg={c['avgScore']:.3f} source={source}]"
        )
    return "\n".join([*lines, ""])


def _append(memory: str, section: str) -> str:
    """MEMORY.md after a sweep appended `section` (no budget: the demo keeps every section)."""
    return dreaming.append_promotion(memory, section, budget=0).content


def _memory(
    rng: Random, phrases: PhraseMaker, plan: _Plan, notes: _Notes, count: int, today: date
) -> _File:
    memory = _hand_written(rng, phrases, count, plan.merged)
    day = notes.day
    legacy = [_candidate(i, notes, _score(rng)) for i in plan.legacy]
    memory = _append(memory, _legacy_section(day(_LEGACY_PROMOTION), legacy))
    edited = [_candidate(i, notes, _score(rng)) for i in plan.edited]
    section = dreaming.build_promotion_section(edited, day(_EDITED_PROMOTION).isoformat())
    memory = _append(memory, section)
    grouped = [_candidate(i, notes, _score(rng)) for i in plan.grouped]
    memory = _append(
        memory, dreaming.build_promotion_section(grouped, day(_GROUPED_PROMOTION).isoformat())
    )
    memory = _edit_first_bullet(memory, plan.edited[0], edited[0])
    memory = _consolidate(memory, plan, notes)
    return "MEMORY.md", memory, _at(today, _CONSOLIDATION, 3)


def _edit_first_bullet(memory: str, item: _Item, candidate: dict[str, Any]) -> str:
    """The person's rewrite of a promoted bullet: the heading and the score part gone, the
    annotations kept (the section stays one the trimmer may drop)."""
    promoted = dreaming.promotion_line(candidate)
    annotations = promoted[promoted.index(" <!-- trigger:") :]
    return memory.replace(promoted, f"- {item.text}{annotations}", 1)


def _hand_written(rng: Random, phrases: PhraseMaker, count: int, merged: _Item) -> str:
    """The title and the person's and the agent's own sections (the merged line among them);
    "" for none (dreaming then starts the file)."""
    if not count:
        return ""
    counts = _shares(count)
    projects = _corpus().strings("projects")
    triggers = _corpus().slots("triggers")
    lines = [_TITLE, ""]
    for kind, heading in _HAND_HEADINGS.items():
        if not counts[kind] and kind != "preference":
            continue
        lines.append(heading)
        for _ in range(counts[kind]):
            category = kind
            project = ""
            if kind == "project":
                project = rng.choice(projects)
                category = "homelab" if project.endswith("homelab") else "shop"
            text = " ".join(phrases.text(category).split())
            lines.append(f"- {text}{_hand_annotations(rng, triggers[category], project)}")
        if kind == "preference":
            lines.append(f"- {merged.text}")  # consolidation deletes it: see _consolidate
        lines.append("")
    return "\n".join(lines)


def _shares(count: int) -> dict[str, int]:
    counts = {kind: int(count * share) for kind, share in _HAND_SHARES}
    counts["fact"] += count - sum(counts.values())
    return counts


def _hand_annotations(rng: Random, words: Sequence[str], project: str) -> str:
    text = ""
    if rng.random() < 0.35:
        tags = ", ".join(rng.sample(list(words), 2))
        text = f" <!-- trigger: {tags} --> <!-- importance: {rng.randint(4, 9)} -->"
    return text + (f" <!-- project: {project} -->" if project else "")


def _consolidated_lines(plan: _Plan, notes: _Notes) -> list[list[str]]:
    """The consolidated entries: (marker, bullet) merged, (lineage, marker, bullet) superseding."""
    out = []
    for item in (plan.merged, plan.superseding):
        path, line = notes.source(item)
        bullet = f"- {item.snippet} Source: {path}#L{line}-L{line} " + dreaming.recall_annotations(
            {
                "conceptTags": list(item.tags),
                "score": _CONSOLIDATED_SCORE,
                "projectKey": item.project,
            }
        )
        lines = [dreaming.promotion_marker(_key(path, line)), bullet]
        if item is plan.superseding:
            lines.insert(0, f"<!-- openclaw-memory-lineage:{_LINEAGE} -->")
        out.append(lines)
    return out


def _consolidate(memory: str, plan: _Plan, notes: _Notes) -> str:
    """The model-assisted rewrite: the merged prior line deleted in place, the base trimEnd()-ed,
    the consolidated section appended with no blank line before its heading."""
    merged_line = f"- {plan.merged.text}"
    base = "\n".join(line for line in memory.split("\n") if line != merged_line).rstrip()
    day = notes.day(_CONSOLIDATION).isoformat()
    entries = [line for lines in _consolidated_lines(plan, notes) for line in lines]
    section = "\n".join([f"## Consolidated Memory ({day})", "", *entries]) + "\n"
    return (base + "\n" if base else _TITLE + "\n\n") + section


# --- USER.md, the bootstrap files ---------------------------------------------------------------------


def _observed(day: date, status: str = "active") -> str:
    return f"<!-- observed: {day.isoformat()} | status: {status} -->"


def _user_files(rng: Random, today: date) -> list[_File]:
    corpus = _corpus()
    zh, en = corpus.pair("directives")
    directives = rng.sample(list(zh), 2) + rng.sample(list(en), 2)
    rng.shuffle(directives)
    ages = sorted(rng.sample(range(30, 90), len(directives)), reverse=True)
    lines = ["# USER.md - About Your Human", "", "- **Name:** Ming", "- **Timezone:** UTC", ""]
    lines += ["## Directives", ""]
    for age, text in zip(ages, directives, strict=True):
        lines += [_observed(today - timedelta(days=age)), "", f"- {text}", ""]
        if age == ages[1]:
            old, new = corpus.strings("superseded")
            lines += [_observed(today - timedelta(days=age - 3), "superseded"), "", f"- {old}", ""]
            notes = " <!-- trigger: editor, helix --> <!-- importance: 7 -->"
            lines += [
                _observed(today - timedelta(days=_CONSOLIDATION + 2)),
                "",
                f"- {new}{notes}",
                "",
            ]
    user = "\n".join(lines[:-1]) + "\n"
    alice = ["# Alice", ""]
    for i, text in enumerate(corpus.strings("alice_directives")):
        alice += [_observed(today - timedelta(days=20 - 5 * i)), "", f"- {text}", ""]
    return [
        ("USER.md", user, _at(today, _CONSOLIDATION + 2, 21)),
        ("users/alice/USER.md", "\n".join(alice[:-1]) + "\n", _at(today, 10, 19)),
    ]


def _bootstrap_files(today: date) -> list[_File]:
    return [
        (name, text, _at(today, _SETUP_AGE, 10)) for name, text in _corpus().texts("files").items()
    ]


# --- Session summaries -------------------------------------------------------------------------------


def _sessions(rng: Random, phrases: PhraseMaker, today: date) -> list[_File]:
    """The session-memory hook's files: two yesterday (one slugged HHMM, one by the model) and
    one four days ago."""
    slugs = list(_corpus().strings("session_slugs"))
    files = []
    for age, by_model in ((4, True), (1, False), (1, True)):
        at = datetime.combine(
            today - timedelta(days=age),
            time(rng.randint(9, 21), rng.randrange(60), rng.randrange(60)),
        )
        slug = slugs.pop(rng.randrange(len(slugs))) if by_model else f"{at:%H%M}"
        files.append((f"memory/{at:%Y-%m-%d}-{slug}.md", _session_text(rng, phrases, at), at))
    return files


def _session_text(rng: Random, phrases: PhraseMaker, at: datetime) -> str:
    turns: list[str] = []
    seen: set[str] = set()
    for _ in range(rng.randint(1, 2)):
        exchange = unique_text(partial(phrases.text, "exchange"), seen)
        question, answer = exchange.split("\n", 1)
        turns += [f"user: {question}", f"assistant: {answer}"]
    session_id = "".join(rng.choice("0123456789abcdef") for _ in range(32))
    session_id = "-".join(
        (session_id[:8], session_id[8:12], session_id[12:16], session_id[16:20], session_id[20:])
    )
    lines = [
        f"# Session: {at:%Y-%m-%d %H:%M:%S} UTC",
        "",
        "- **Session Key**: agent:main:main",
        f"- **Session ID**: {session_id}",
        f"- **Source**: {rng.choice(('webchat', 'telegram', 'cli'))}",
        "",
        "## Conversation Summary",
        "",
        "\n".join(turns),
        "",
    ]
    return "\n".join(lines)


# --- DREAMS.md ---------------------------------------------------------------------------------------


def _dreams(rng: Random, plan: _Plan, notes: _Notes, today: date) -> _File:
    """DREAMS.md after its updates in order: the first deep sweep's block, the consolidation's
    history entry, two diary entries (the diary goes on top), the last deep sweep."""
    corpus = _corpus()
    deep = [f"- {line.format(count=len(plan.grouped))}" for line in corpus.strings("deep_sleep")]
    text = dreams_file.with_deep_block("", ["- No durable changes."])
    text = dreams_file.with_consolidation_summary(
        text, _iso(_at(today, _CONSOLIDATION, 3)), (0, 1, 1), _highlights(plan, notes)
    )
    for age, narrative in zip(
        _DIARY_AGES, rng.sample(list(corpus.strings("diary")), 2), strict=True
    ):
        moment = _epoch_ms(_at(today, age, 3))
        text = dreams_file.with_diary_entry(text, narrative, dreams_file.narrative_date(moment))
    text = dreams_file.with_deep_block(text, deep)
    return "DREAMS.md", text, _at(today, 1, 3)


def _highlights(plan: _Plan, notes: _Notes) -> list[str]:
    """The history's highlights: each consolidated entry with the prior entry it replaced."""
    old_day = notes.day(_LEGACY_PROMOTION + 20).isoformat()
    priors = (f"- {plan.merged.text}", _SUPERSEDED_FACT.format(day=old_day))
    operations = []
    for entry, prior in zip(_consolidated_lines(plan, notes), priors, strict=True):
        key = entry[-2].removeprefix("<!-- openclaw-memory-promotion:").removesuffix(" -->")
        operations.append((key, entry[-1], [prior]))
    return dreams_file.consolidation_highlights(operations)


# --- The legacy recall store ------------------------------------------------------------------------------


def _iso(moment: datetime) -> str:
    return f"{moment:%Y-%m-%dT%H:%M:%S}.000Z"


def _legacy_store(rng: Random, plan: _Plan, notes: _Notes, today: date) -> list[_File]:
    """``short-term-recall.json`` and ``phase-signals.json`` as 2026.4 left them: the memories
    promoted then (``promotedAt``) and three recalled since, the last with no provenance."""
    saved = _at(today, _LEGACY_PROMOTION, 3)
    entries: dict[str, Any] = {}
    signals: dict[str, Any] = {}
    for index, item in enumerate([*plan.legacy, *plan.recalled]):
        path, line = notes.source(item)
        key = _key(path, line)
        entry = _recall_entry(rng, item, path, line, today)
        if index < len(plan.legacy):
            entry["promotedAt"] = _iso(saved)
        if index == len(plan.legacy) + len(plan.recalled) - 1:
            del entry["provenance"]
        entries[key] = entry
        if index < 2:
            signals[key] = _phase_signal(rng, key, saved)
    store = {"version": 1, "updatedAt": _iso(saved), "entries": entries}
    phase = {"version": 1, "updatedAt": _iso(saved), "entries": signals}
    return [
        ("memory/.dreams/short-term-recall.json", _json(store), saved),
        ("memory/.dreams/phase-signals.json", _json(phase), saved),
    ]


def _recall_entry(rng: Random, item: _Item, path: str, line: int, today: date) -> dict[str, Any]:
    recalls = rng.randint(2, 6)
    queries = ["".join(rng.choice("0123456789abcdef") for _ in range(12)) for _ in range(recalls)]
    first = _at(today, _LEGACY_PROMOTION + 8, 9)
    last = _at(today, _LEGACY_PROMOTION + 1, 21)
    days = sorted(
        {(first + timedelta(days=rng.randint(0, 6))).date().isoformat() for _ in range(recalls)}
    )
    avg = rng.randint(600, 950) / 1000
    return {
        "source": "memory",
        "queryHashes": queries,
        "recallDays": days,
        "key": _key(path, line),
        "path": path,
        "startLine": line,
        "endLine": line,
        "snippet": item.snippet,
        "recallCount": recalls,
        "dailyCount": rng.randint(0, 1),
        "totalScore": round(avg * recalls, 3),
        "maxScore": min(1.0, round(avg + rng.randint(20, 50) / 1000, 3)),
        "firstRecalledAt": _iso(first),
        "lastRecalledAt": _iso(last),
        "conceptTags": list(item.tags),
        "provenance": {
            "originClass": rng.choice(("owner", "agent")),
            "sessionKind": "interactive",
            "observedAt": _epoch_ms(first),
        },
    }


def _phase_signal(rng: Random, key: str, saved: datetime) -> dict[str, Any]:
    light = saved - timedelta(days=rng.randint(1, 3))
    rem = saved - timedelta(days=rng.randint(1, 3))
    return {
        "key": key,
        "lightHits": rng.randint(1, 3),
        "remHits": rng.randint(0, 2),
        "lastLightAt": _iso(light),
        "lastRemAt": _iso(rem),
    }


def _epoch_ms(moment: datetime) -> int:
    """Milliseconds since 1970 of a UTC wall time."""
    return int((moment - datetime(1970, 1, 1)).total_seconds()) * 1000


def _json(value: object) -> str:
    """``JSON.stringify(value, null, 2) + "\\n"``."""
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def _at(today: date, age: int, hour: int) -> datetime:
    return datetime.combine(today - timedelta(days=age), time(hour, 0))
