"""PicoClaw's demo workspace (``memdesk demo DIR --layout picoclaw``; SPEC 2.2, 2.3).

``DIR`` becomes a PicoClaw home like ``~/.picoclaw``: ``DIR/config.json`` with a ``memory`` block,
and the workspace ``DIR/workspace`` (open that one). Its ``memory/MEMORY.md`` is the agent's
template followed by appends in the agent's own format, after a long-term compression that kept
some entries verbatim and dropped the rest (the backup taken before it still has them); backups
of the last appends, daily notes of the last ten days, policy overrides with two snapshots, the
compression stamp and a hybrid ``profile.json``.

The assistant (seed 000) writes about EverBot's developer topics (``core/demo_corpus.json``); this
package's ``demo_corpus.json`` holds its hand-written entries, daily-note phrases and profile.
The compression stamp, Unix seconds of a local time, also depends on the time zone.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import cache, partial
from pathlib import Path
from random import Random
from typing import Final

from core.agent import DemoResult
from core.agents.picoclaw import format as pico
from core.agents.picoclaw import policy as pc_policy
from core.agents.picoclaw.profile import render_profile
from core.demo import (
    DEVELOPER_CATEGORIES,
    DEVELOPER_WEIGHTS,
    DEVELOPER_ZH_SHARE,
    Corpus,
    DateStrings,
    PhraseMaker,
    Voice,
    check_target,
    day_times,
    developer_slots,
    developer_text,
    entry_count,
    load_corpus,
    moments,
    put,
    random_moment,
    shared_corpus,
    unique_text,
)

__all__ = ["DEFAULT_ENTRIES", "PICOCLAW_WORKSPACE", "write_demo"]

DEFAULT_ENTRIES: Final = 24  # long-term entries, kept by the compression or appended since
PICOCLAW_WORKSPACE: Final = "workspace"
_PICO_THRESHOLD: Final = 12_000  # config.json long_term_compress_char_threshold (it counts bytes)
_PICO_KEPT_SHARE: Final = 0.3  # of the current entries, those the compression kept
_PICO_MIN_DROPPED: Final = 3
_PICO_AVG_ENTRY: Final = 150  # bytes, to spread the kept entries over the compressed history
_PICO_GAPS: Final = (0, 0, 1, 1, 1, 2, 3)  # days between two appends before the compression
_PICO_APPEND_BACKUPS: Final = 3  # backups of the latest appends left: the person pruned the rest
_PICO_NOTE_DAYS: Final = 10
# A compression keeps lasting preferences and facts, and drops to-dos and old incidents.
_PICO_KEPT_WEIGHTS: Final = (30, 30, 5, 15, 15, 4, 1)  # in DEVELOPER_CATEGORIES order
_PICO_DROPPED_WEIGHTS: Final = (8, 10, 22, 8, 8, 14, 30)
# config.json as `picoclaw onboard` writes it (no providers or keys), plus the memory block.
_PICO_CONFIG: Final = {
    "agents": {
        "defaults": {
            "workspace": "~/.picoclaw/workspace",
            "restrict_to_workspace": True,
            "model": "glm-4.7",
            "max_tokens": 8192,
            "temperature": 0.7,
            "max_tool_iterations": 20,
        }
    },
    "memory": {
        "retrieve_limit": 6,
        "session_summary_keep_count": 6,
        "long_term_compress_char_threshold": _PICO_THRESHOLD,
        "evolution_enabled": True,
    },
}


@dataclass(frozen=True, slots=True)
class _Append:
    """One ``memory_append`` to MEMORY.md: when, and the content as the model passed it."""

    at: datetime
    text: str

    def entry(self) -> str:
        """What the append adds to a non-empty file: ``"\\n\\n" + NormalizeLongTermEntry``."""
        return "\n\n" + pico.longterm_entry_text(self.text, self.at.date())


def write_demo(
    target: Path, *, entries: int | None = None, seed: int = 0, today: date | None = None
) -> DemoResult:
    """Create ``target`` (or fill it if empty) with a PicoClaw home (see the module doc).

    ``entries`` (in ``MEMORY.md``) defaults to 24. Raises DemoError if ``target`` exists and is
    not an empty folder, or ``entries`` < 0. Everything is written inside ``target``.
    """
    count = entry_count(entries, DEFAULT_ENTRIES)
    check_target(target)
    today = today or date.today()
    rng = Random(seed)
    corpus = _corpus()
    dates = DateStrings(today)
    phrases = PhraseMaker(rng, _voice())
    user = rng.choice(corpus.strings("users"))
    dog = corpus.text("dog")
    fixed = {
        "dog": dog,
        "email": f"{user.lower()}@example.com",
        "project": phrases.fill("{project}"),  # one seeded value of the slot
        "deadline": dates.spoken(-rng.randint(10, 40))["md"],
        "dog_age": phrases.fill("{dog_age}"),
    }
    kept = round(count * _PICO_KEPT_SHARE)
    compress_age = 14 + rng.randrange(7) + min((count - kept) // 2, 300)
    seen: set[str] = set()  # generated contents, so that none is there twice
    old = _pico_old(rng, phrases, dates, fixed, seen, kept=kept, compress_age=compress_age)
    recent = _pico_recent(rng, phrases, dates, fixed, seen, count=count - kept, before=compress_age)
    compressed_at = old[-1][0].at + timedelta(minutes=rng.randint(1, 20))

    workspace = target / PICOCLAW_WORKSPACE
    memory = workspace / "memory"
    memory_file, backups = _write_pico_longterm(memory, old, recent, compressed_at=compressed_at)
    put(memory / ".last_longterm_compress", str(int(compressed_at.timestamp())), compressed_at)
    setup = old[0][0].at - timedelta(days=1, hours=2)
    put(target / "config.json", json.dumps(_PICO_CONFIG, indent=2) + "\n", setup)
    _write_pico_policy(rng, memory, today, compress_age=compress_age)
    _write_pico_notes(rng, workspace, today, recent, dog=dog)
    # The profile agrees with MEMORY.md (the coffee preference as corrected there).
    values = {**fixed, "user": user}
    profile = {key: text.format_map(values) for key, text in corpus.texts("profile").items()}
    saved = random_moment(today, 1 + rng.randrange(3), rng, first_hour=9, last_hour=21)
    put(memory / "profile.json", render_profile(profile), saved)
    return DemoResult(memory_file, count, tuple(backups), backups[-1], workspace)


# --- Phrases (read on first use) -----------------------------------------------------------------


def _corpus() -> Corpus:
    """This package's ``demo_corpus.json``."""
    return load_corpus("core.agents.picoclaw")


@cache
def _voice() -> Voice:
    """Long-term entries: EverBot's developer topics, fewer remarks.

    Pass ``md``/``md_en`` (the entry's day) and ``due``; presets also need the fixed slots.
    """
    shared = shared_corpus()
    slots = {**developer_slots(), **_corpus().slots("slots")}
    templates, remarks = shared.templates("developer_templates"), shared.pair("developer_remarks")
    return Voice(templates, slots, DEVELOPER_ZH_SHARE, remarks, 0.3, frozenset())


@cache
def _note_voice() -> Voice:
    """Daily-note lines (category ``note``); pass ``dog``."""
    corpus = _corpus()
    slots = {**developer_slots(remarks=False), **corpus.slots("slots")}
    templates = corpus.templates("note_templates")
    return Voice(templates, slots, 0.65, ((), ()), 0.0, frozenset({"note"}))


# --- Long-term memory, its compression and backups -----------------------------------------------


def _write_pico_longterm(
    memory: Path,
    old: Sequence[tuple[_Append, bool]],
    recent: Sequence[_Append],
    *,
    compressed_at: datetime,
) -> tuple[Path, list[Path]]:
    """MEMORY.md and the backups still on disk: the file before the compression, and before
    each of the last appends (``WriteLongTerm`` backs the file up before every rewrite)."""
    template = pico.LONGTERM_TEMPLATE
    compressed = template + "".join(a.entry() for a, keep in old if keep)
    before = template + "".join(a.entry() for a, _ in old)
    backups = [put(memory / "backups" / _pico_backup_name(compressed_at), before, compressed_at)]
    pieces = [a.entry() for a in recent]
    for i in range(max(0, len(recent) - _PICO_APPEND_BACKUPS), len(recent)):
        at = recent[i].at
        text = compressed + "".join(pieces[:i])
        backups.append(put(memory / "backups" / _pico_backup_name(at), text, at))
    last_write = recent[-1].at if recent else compressed_at
    memory_file = put(memory / "MEMORY.md", compressed + "".join(pieces), last_write)
    return memory_file, backups


def _pico_backup_name(at: datetime) -> str:
    """``BackupLongTerm``'s name: Go's ``20060102_150405`` layout, local time."""
    return f"{at:%Y%m%d_%H%M%S}_MEMORY.md"


def _pico_old(
    rng: Random,
    phrases: PhraseMaker,
    dates: DateStrings,
    fixed: dict[str, str],
    seen: set[str],
    *,
    kept: int,
    compress_age: int,
) -> list[tuple[_Append, bool]]:
    """The appends before the compression, oldest first, each with whether it was kept.

    Walks back from the compression day until the file was over the compression threshold,
    ``kept`` entries were kept (hand-written ones first) and a few were dropped.
    """
    picked: list[tuple[int, str, bool]] = []  # newest first
    presets = iter(_corpus().presets("old_presets"))
    size, dropped, age = len(pico.LONGTERM_TEMPLATE), 0, compress_age
    while kept or dropped < _PICO_MIN_DROPPED or size <= _PICO_THRESHOLD:
        left = max(
            kept + max(0, _PICO_MIN_DROPPED - dropped),
            (_PICO_THRESHOLD - size) // _PICO_AVG_ENTRY + 1,
        )
        keep = rng.random() < kept / left
        preset = next(presets, None) if keep else None
        if preset is not None:
            text = phrases.fill(preset.text, **fixed, **dates.spoken(age))
        else:
            weights = _PICO_KEPT_WEIGHTS if keep else _PICO_DROPPED_WEIGHTS
            category = rng.choices(DEVELOPER_CATEGORIES, weights=weights)[0]
            make = partial(developer_text, rng, phrases, category, "", dates=dates, days_ago=age)
            text = unique_text(make, seen)
        picked.append((age, text, keep))
        day = dates.today - timedelta(days=age)
        size += len(pico.longterm_entry_text(text, day).encode("utf-8")) + 2
        kept, dropped = (kept - 1, dropped) if keep else (kept, dropped + 1)
        age += rng.choice(_PICO_GAPS)
    picked.reverse()
    times = moments(rng, dates.today, (age for age, _, _ in picked))
    return [(_Append(at, text), keep) for at, (_, text, keep) in zip(times, picked, strict=True)]


def _pico_recent(
    rng: Random,
    phrases: PhraseMaker,
    dates: DateStrings,
    fixed: dict[str, str],
    seen: set[str],
    *,
    count: int,
    before: int,
) -> list[_Append]:
    """``count`` appends after the compression (``before`` days ago), the last one yesterday."""
    if count == 0:
        return []
    ages = sorted([1, *(rng.randint(1, before - 1) for _ in range(count - 1))], reverse=True)
    recent_presets = _corpus().presets("recent_presets")
    slots = sorted(rng.sample(range(count), min(count, len(recent_presets))))
    presets = dict(zip(slots, recent_presets, strict=False))
    appends = []
    for i, (age, at) in enumerate(zip(ages, moments(rng, dates.today, ages), strict=True)):
        preset = presets.get(i)
        if preset is not None:
            text = phrases.fill(preset.text, **fixed, **dates.spoken(age))
        else:
            category = rng.choices(DEVELOPER_CATEGORIES, weights=DEVELOPER_WEIGHTS)[0]
            make = partial(developer_text, rng, phrases, category, "", dates=dates, days_ago=age)
            text = unique_text(make, seen)
        appends.append(_Append(at, text))
    return appends


def _write_pico_policy(rng: Random, memory: Path, today: date, *, compress_age: int) -> None:
    """Three overrides the agent's evolution wrote, each update after a snapshot of the last."""
    limit = rng.choice((8, 12, 15))
    newer = rng.choice([n for n in (8, 10, 12, 15) if n != limit])
    recent_days = rng.choice((2, 5))
    versions = [
        {"retrieve_limit": limit},
        {"recent_days": recent_days, "retrieve_limit": limit},
        {"recent_days": recent_days, "retrieve_limit": newer},
    ]
    ages = (
        compress_age + 3 + rng.randrange(10),
        rng.randint(compress_age // 2, compress_age - 1),
        rng.randint(1, compress_age // 2 - 1),
    )
    times = [random_moment(today, age, rng, first_hour=9, last_hour=22) for age in ages]
    # Go's json.MarshalIndent of a map: sorted keys, 2 spaces, no final newline.
    texts = [json.dumps(v, indent=2, sort_keys=True) for v in versions]
    for previous, at in zip(texts, times[1:], strict=False):
        put(memory / "policy_snapshots" / f"{at:%Y%m%d_%H%M%S}.json", previous, at)
    put(memory / pc_policy.OVERRIDES_FILE.name, texts[-1], times[-1])


def _write_pico_notes(
    rng: Random, workspace: Path, today: date, recent: Sequence[_Append], *, dog: str
) -> None:
    """Daily notes of the last ten days but two quiet ones, in ``AppendToday``'s format."""
    phrases = PhraseMaker(rng, _note_voice())
    quiet = set(rng.sample(range(2, _PICO_NOTE_DAYS + 1), 2))
    notes: dict[date, list[tuple[datetime, str]]] = {}
    for age in range(_PICO_NOTE_DAYS, 0, -1):
        if age in quiet:
            continue
        day = today - timedelta(days=age)
        times = day_times(rng, rng.randint(1, 4), first_hour=8, last_hour=22)
        notes[day] = [(datetime.combine(day, t), phrases.text("note", dog=dog)) for t in times]
    for append in recent:  # the model often notes what it just put in MEMORY.md
        lines = notes.get(append.at.date())
        if lines is not None and rng.random() < 0.5:
            lines.append((append.at + timedelta(seconds=2), _saved_note(append.text)))
    for day, lines in notes.items():
        lines.sort(key=lambda line: line[0])
        text: str | None = None
        for _, line in lines:
            text = pico.daily_append_text(text, line, day)
        assert text is not None
        put(pico.daily_note_path(workspace, day), text, lines[-1][0])


def _saved_note(content: str) -> str:
    first = content.split("\n", 1)[0]
    summary = first if len(first) <= 24 else first[:24].rstrip() + "…"
    chinese = any("\u4e00" <= c <= "\u9fff" for c in content)
    return _corpus().texts("saved_note")["zh" if chinese else "en"].format(summary=summary)
