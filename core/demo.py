"""A demo workspace: a lived-in agent memory with its history, for first runs, screenshots, tests
and benchmarks (``memdesk demo DIR [--layout everbot|tiered|picoclaw|pomelobot]``).

everbot / tiered: ``MEMORY.md`` is written byte for byte in the EverBot agent's canonical layout
(its ``save()``: header block, Active >= 0.2 then Archived, each sorted by score descending,
2-decimal scores). Three earlier versions (one above 2,000 entries) go to ``.memdesk/backups/``,
named like MemDesk's own backups, and the newest one is also the agent's own ``MEMORY.md.bak``.

picoclaw: ``DIR`` becomes a PicoClaw home like ``~/.picoclaw`` (SPEC 2.2, 2.3): ``DIR/config.json``
with a ``memory`` block, and the workspace ``DIR/workspace`` (open that one). Its
``memory/MEMORY.md`` is the agent's template followed by appends in the agent's own format, after a
long-term compression that kept some entries verbatim and dropped the rest (the backup taken
before it still has them); backups of the last appends, daily notes of the last ten days, policy
overrides with two snapshots, the compression stamp and a hybrid ``profile.json``.

pomelobot: ``DIR`` is a Pomelobot workspace (SPEC 2.4): main scope ``MEMORY.md`` and
``memory/YYYY-MM-DD.md``, a group and a direct scope with their long-term, daily and transcript
files, and one OpenClaw session file ``memory/YYYY-MM-DD-<slug>.md``.

Everything is drawn from one seeded ``Random``: the same seed and ``today`` give the same bytes
(PicoClaw's compression stamp, Unix seconds of a local time, also depends on the time zone).
Nothing is dated after yesterday, so a demo written early in the morning is not from the future.

Time line of everbot / tiered (days before ``today``): the agent last saved the file ``SAVE_AGO``
days ago, so no memory was activated later than that; earlier versions are rebuilt backwards from
the current one: memories created since are absent, decaying ones scored higher, reinforced ones
lower with fewer hits, and a few memories the agent has since forgotten are still there.
"""

from __future__ import annotations

import json
import math
import os
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from functools import cache, partial
from itertools import chain
from pathlib import Path
from random import Random
from typing import Final, Literal

from core.agents.everbot.format import Entry, normalize
from core.agents.picoclaw import format as pico
from core.agents.picoclaw.profile import render_profile
from core.agents.pomelobot import format as pomelo
from core.demo_corpus import (
    EVERBOT_CATEGORIES,
    EVERBOT_PRESETS,
    PICOCLAW_OLD_PRESETS,
    PICOCLAW_RECENT_PRESETS,
    PICOCLAW_SAVED_NOTE,
    POMELOBOT_OUTAGE_NOTE,
    POMELOBOT_SESSION_SLUGS,
    TIERED_PRESETS,
    PhraseMaker,
    Preset,
    everbot_phrases,
    picoclaw_note_phrases,
    picoclaw_phrases,
    pomelobot_phrases,
    tiered_phrases,
)

__all__ = ["DEFAULT_ENTRIES", "DemoError", "DemoResult", "Layout", "write_demo"]

Layout = Literal["everbot", "tiered", "picoclaw", "pomelobot"]

# Long-term entries: everbot above the agent's cap of 30; pomelobot: in the main MEMORY.md.
DEFAULT_ENTRIES: Final[dict[str, int]] = {
    "everbot": 40,
    "tiered": 24,
    "picoclaw": 24,
    "pomelobot": 16,
}
MEMORY_FILE: Final = "MEMORY.md"
BACKUP_DIR: Final = Path(".memdesk") / "backups"
BACKUP_AGES: Final = (30, 14, 3)  # days before today, oldest first
FULL_HISTORY_MAX: Final = 2000  # above this, one backup only (keeps big demos fast)
SAVE_AGO: Final = 2  # the agent's last save of MEMORY.md, in days before today
ARCHIVE_BELOW: Final = 0.2
GRACE_DAYS: Final = 7  # no decay in the first week after an activation (both policies)


class DemoError(ValueError):
    """The demo cannot be written where or as asked; the message says why."""


@dataclass(frozen=True, slots=True)
class DemoResult:
    """What ``write_demo`` wrote: the long-term memory file, its entry count, its backups (oldest
    first), the agent's newest own backup and the workspace folder to open."""

    memory_file: Path
    entries: int
    backups: tuple[Path, ...]
    # everbot/tiered: MEMORY.md.bak, a copy of the newest backup; picoclaw: the newest file in
    # memory/backups/ (all of them are the agent's); pomelobot keeps no backups: None.
    agent_backup: Path | None
    workspace: Path  # DIR itself, or DIR/workspace for picoclaw


@dataclass(slots=True)
class _Memory:
    """One memory on the demo's time line; ages are whole days before ``today``."""

    id: str
    category: str
    score: float
    days_ago: int  # last activation
    hits: int
    created_ago: int
    body: str  # the content as written; tiered: the memory_meta line, then the text
    gone_ago: int | None = None  # when the agent forgot it; None: still in MEMORY.md


@dataclass(frozen=True, slots=True)
class _Policy:
    """How a layout's scores moved, to rebuild earlier versions from the current one."""

    rate: Callable[[str], float]  # daily decay factor after the grace week, per category
    cap: Callable[[str], float]  # highest score a category reaches
    unboost: Callable[[str, float, int], float]  # the score before ``k`` reinforcements


@dataclass(frozen=True, slots=True)
class _Tier:
    """A band of an EverBot file: share of entries, scores in hundredths, hits, share recent."""

    share: float
    low: int
    high: int
    hits: tuple[int, int]
    recent: float
    fresh: tuple[int, ...] = ()  # initial scores (hundredths) of memories created this week


@dataclass(frozen=True, slots=True)
class _Plan:
    """Everything to write: the current memories, those forgotten since, and the decay policy."""

    current: list[_Memory]
    forgotten: list[_Memory]
    policy: _Policy


def write_demo(
    target: Path,
    *,
    layout: Layout = "everbot",
    entries: int | None = None,
    seed: int = 0,
    today: date | None = None,
) -> DemoResult:
    """Create ``target`` (or fill it if empty) with a demo workspace of ``layout``.

    ``entries`` (long-term entries) defaults to 40 (everbot: more than the agent's cap of 30),
    24 (tiered, picoclaw) or 16 (pomelobot: the main ``MEMORY.md``; its scopes get a third and a
    fifth as many). Raises DemoError if ``target`` exists and is not an empty folder, or
    ``entries`` < 0. Everything is written inside ``target``.
    """
    count = _entry_count(layout, entries)
    _check_target(target)
    day = today or date.today()
    rng = Random(seed)
    if layout == "picoclaw":
        return _write_picoclaw(target, count, rng, day)
    if layout == "pomelobot":
        return _write_pomelobot(target, count, rng, day)
    dates = _DateStrings(day)
    plan = _plan(layout, count, rng, dates)
    target.mkdir(parents=True, exist_ok=True)
    memory_file = target / MEMORY_FILE
    updated = _at(day, SAVE_AGO, rng, first_hour=21, last_hour=23)
    processed = 40 + rng.randrange(120)
    _write(memory_file, _render(plan.current, dates, updated=updated, processed=processed))
    ages = BACKUP_AGES if count <= FULL_HISTORY_MAX else BACKUP_AGES[-1:]
    backups = [
        _write_backup(target, plan, age=age, rng=rng, dates=dates, processed=processed)
        for age in ages
    ]
    agent_backup = target / f"{MEMORY_FILE}.bak"
    agent_backup.write_bytes(backups[-1].read_bytes())
    # The agent wrote both at its last save ("Last updated" is UTC): date the files to match,
    # so a history built from file times puts them where they belong.
    saved_at = updated.replace(tzinfo=UTC).timestamp()
    for path in (agent_backup, memory_file):
        os.utime(path, (saved_at, saved_at))
    return DemoResult(memory_file, count, tuple(backups), agent_backup, target)


def _entry_count(layout: str, entries: int | None) -> int:
    if layout not in DEFAULT_ENTRIES:
        known = ", ".join(DEFAULT_ENTRIES)
        raise DemoError(f"unknown demo layout {layout!r}: choose one of {known}")
    count = DEFAULT_ENTRIES[layout] if entries is None else entries
    if count < 0:
        raise DemoError(f"the number of entries must be 0 or more, not {count}")
    return count


def _check_target(target: Path) -> None:
    if not target.exists():
        return
    if not target.is_dir():
        raise DemoError(f"{target} exists and is not a folder; choose a new or empty folder")
    if next(target.iterdir(), None) is not None:
        raise DemoError(f"{target} is not empty; the demo only goes into a new or empty folder")


def _plan(layout: str, count: int, rng: Random, dates: _DateStrings) -> _Plan:
    if layout == "tiered":
        phrases = tiered_phrases(rng)
        forgotten = _tiered_forgotten(rng, phrases, dates) if count >= 10 else []
        ids = _ids(rng, count + len(forgotten))
        current = _tiered_memories(rng, count, phrases, dates)
        return _Plan(_with_ids(current, ids), _with_ids(forgotten, ids[count:]), _TIERED)
    phrases = everbot_phrases(rng)
    forgotten = _everbot_forgotten(rng, phrases, dates) if count >= 10 else []
    ids = _ids(rng, count + len(forgotten))
    current = _everbot_memories(rng, count, phrases, dates)
    return _Plan(_with_ids(current, ids), _with_ids(forgotten, ids[count:]), _EVERBOT)


def _ids(rng: Random, count: int) -> list[str]:
    """Unique 6-hex-digit ids like the agent's ``uuid4().hex[:6]``, but seeded."""
    return [f"{n:06x}" for n in rng.sample(range(1 << 24), count)]


def _with_ids(memories: list[_Memory], ids: Sequence[str]) -> list[_Memory]:
    for memory, memory_id in zip(memories, ids, strict=False):
        memory.id = memory_id
    return memories


def _created(rng: Random, days_ago: int, hits: int) -> int:
    """When a memory was created: at its only activation if it has one hit, else earlier."""
    if hits <= 1:
        return days_ago
    return min(days_ago + 1 + rng.randrange(3 * hits + 10), 260)


# --- EverBot: unit scale, ×0.99 a day after the grace week -----------------------------------

# Bands of a lived-in file (default 40 entries: 4, 16, 10, 7, 3). The last band is below the
# agent's delete threshold 0.05, so MemDesk can show what the agent forgets at its next save.
_TIERS: Final = (
    _Tier(0.10, 90, 99, (5, 30), recent=1.0),
    _Tier(0.40, 50, 89, (2, 15), recent=0.35, fresh=(60, 80)),
    _Tier(0.25, 20, 49, (1, 8), recent=0.2, fresh=(40,)),
    _Tier(0.18, 5, 19, (1, 4), recent=0.0),
    _Tier(0.07, 1, 4, (1, 2), recent=0.0),
)
_EVERBOT_WEIGHTS: Final = (18, 20, 14, 12, 10, 10, 16)  # in EVERBOT_CATEGORIES order
# Stable preferences and facts tend to score high, to-dos low; the noise keeps every mix possible.
_SCORE_BIAS: Final = {
    "preference": 0.7,
    "fact": 0.65,
    "workflow": 0.6,
    "skill_usage": 0.5,
    "experience": 0.5,
    "decision": 0.45,
    "todo": 0.3,
}
_OLDEST: Final = 198  # days before the last save: the file spans about 200 days


def _max_age(percent: int) -> int:
    """Days since activation that decay from a near-top score (0.97) down to ``percent``/100."""
    if percent >= 97:
        return GRACE_DAYS
    return min(_OLDEST, GRACE_DAYS + int(math.log(percent / 97) / math.log(0.99)))


_MAX_AGE: Final = tuple(_max_age(p) for p in range(1, 100))


def _everbot_memories(
    rng: Random, count: int, phrases: PhraseMaker, dates: _DateStrings
) -> list[_Memory]:
    """Categories ranked by a noisy bias, paired with scores from the bands, then written."""
    kinds = [(p.category, p.text) for p in EVERBOT_PRESETS[:count]]
    rest = rng.choices(EVERBOT_CATEGORIES, weights=_EVERBOT_WEIGHTS, k=count - len(kinds))
    kinds.extend((category, "") for category in rest)
    keys = [_SCORE_BIAS[category] + 0.8 * rng.random() for category, _ in kinds]
    order = sorted(range(count), key=keys.__getitem__, reverse=True)
    memories = []
    for index, (score, days_ago, hits) in zip(order, _everbot_shapes(rng, count), strict=True):
        category, template = kinds[index]
        text = _everbot_text(rng, phrases, category, template, dates=dates, days_ago=days_ago)
        created = _created(rng, days_ago, hits)
        memories.append(_Memory("", category, score, days_ago, hits, created, text))
    return memories


def _everbot_text(
    rng: Random,
    phrases: PhraseMaker,
    category: str,
    template: str,
    *,
    dates: _DateStrings,
    days_ago: int,
) -> str:
    """A preset's or a fresh content; a to-do is due 1-40 days after it was last mentioned."""
    fixed = dates.spoken(days_ago)
    if category == "todo":
        fixed = {**fixed, "due": dates[days_ago - 1 - rng.randrange(40)]}
    return phrases.fill(template, **fixed) if template else phrases.text(category, **fixed)


def _everbot_shapes(rng: Random, count: int) -> list[tuple[float, int, int]]:
    """(score, days_ago, hits) for ``count`` memories, best first."""
    shapes: list[tuple[float, int, int]] = []
    share = 0.0
    for tier in _TIERS:
        start = len(shapes)
        share += tier.share
        stop = count if tier is _TIERS[-1] else round(count * share)
        shapes.extend(_tier_shape(rng, tier) for _ in range(start, stop))
    shapes.sort(key=lambda shape: -shape[0])
    return shapes


def _tier_shape(rng: Random, tier: _Tier) -> tuple[float, int, int]:
    percent = tier.low + int(rng.random() * (tier.high - tier.low + 1))
    if rng.random() < tier.recent:
        age = int(rng.random() * (GRACE_DAYS + 1))  # still in its grace week: not decayed
        if tier.fresh and rng.random() < 0.5:  # created this week by the extractor, one hit
            return rng.choice(tier.fresh) / 100, SAVE_AGO + age, 1
    else:  # decayed to this score: old enough for it, activated at a plausible high score
        oldest = _MAX_AGE[percent - 1]
        age = oldest // 2 + int(rng.random() * (oldest - oldest // 2 + 1))
    return percent / 100, SAVE_AGO + age, rng.randint(*tier.hits)


def _everbot_forgotten(rng: Random, phrases: PhraseMaker, dates: _DateStrings) -> list[_Memory]:
    """Two old memories the agent deleted (below 0.05) 3-5 days ago: still in older backups."""
    memories = []
    for category in ("fact", "todo"):
        gone = 3 + rng.randrange(3)
        days_ago = gone + 150 + rng.randrange(40)
        score = 0.049 - 0.001 * rng.randrange(3)  # a little above 0.05 in the 14-day backup
        body = _everbot_text(rng, phrases, category, "", dates=dates, days_ago=days_ago)
        memories.append(_Memory("", category, score, days_ago, 1, days_ago, body, gone))
    return memories


def _everbot_unboost(_category: str, score: float, k: int) -> float:
    for _ in range(k):  # inverse of the agent's reinforce: s + (1 - s) * 0.2
        score = max(0.1, (score - 0.2) / 0.8)
    return score


_EVERBOT: Final = _Policy(
    rate=lambda _category: 0.99,
    cap=lambda _category: 0.99,
    unboost=_everbot_unboost,
)

# --- Tiered (seed 004): importance scale, per-category decay ------------------------------------

_TIERED_RATES: Final = {"fact": 0.95, "episode": 0.8}
_TIERED_CAPS: Final = {"fact": 2.9, "episode": 1.0}
_EPISODE_LIFE: Final = 14  # episodes are deleted 14 days after they happened
# Before 21:00: the agent saves in the late evening, after the day's chats.
_EPISODE_TIMES: Final = tuple(f"{h:02d}:{m:02d}" for h in range(8, 21) for m in range(0, 60, 5))


def _tiered_counts(count: int) -> dict[str, int]:
    """How many of each category: two system prompts, a fifth core, 30 % episodes, facts."""
    counts: dict[str, int] = {}
    left = count
    for category, wanted in (
        ("system", 2),
        ("core", round(count * 0.2)),
        ("episode", round(count * 0.3)),
    ):
        counts[category] = min(wanted, left)
        left -= counts[category]
    counts["fact"] = left
    return counts


def _tiered_memories(
    rng: Random, count: int, phrases: PhraseMaker, dates: _DateStrings
) -> list[_Memory]:
    setup_ago = SAVE_AGO + 150 + rng.randrange(40)  # the day the bot was set up
    memories = []
    for category, wanted in _tiered_counts(count).items():
        presets = [p for p in TIERED_PRESETS if p.category == category][:wanted]
        for preset in presets:
            memories.append(_tiered_memory(rng, preset, phrases, dates=dates, setup_ago=setup_ago))
        for _ in range(wanted - len(presets)):
            preset = _generated(rng, category)
            memories.append(_tiered_memory(rng, preset, phrases, dates=dates, setup_ago=setup_ago))
    return memories


def _generated(rng: Random, category: str) -> Preset:
    """A blank preset for a generated memory, with its memory_meta origin and verification."""
    if category == "core":
        source = "user" if rng.random() < 0.8 else "background_ai"  # said, or promoted on review
        return Preset(category, "", source=source, verified=True)
    if category == "fact" and rng.random() < 0.3:
        return Preset(category, "", source="user", verified=True)
    return Preset(category, "")


def _tiered_memory(
    rng: Random, preset: Preset, phrases: PhraseMaker, *, dates: _DateStrings, setup_ago: int
) -> _Memory:
    score, age, hits = _tiered_shape(rng, preset.category, preset.days_ago)
    score = score if preset.score is None else preset.score
    hits = hits if preset.hits is None else preset.hits
    days_ago = SAVE_AGO + age
    created = _created(rng, days_ago, hits)
    if preset.category == "system":
        days_ago = created = setup_ago
    elif preset.category == "core":
        created = days_ago + 10 + rng.randrange(120)
    body = _tiered_body(rng, preset, phrases, dates=dates, days_ago=days_ago)
    return _Memory("", preset.category, score, days_ago, hits, created, body)


def _tiered_shape(rng: Random, category: str, age: int | None) -> tuple[float, int, int]:
    """(score, days before the last save, hits) of a tiered memory; ``age`` if already known."""
    if category == "system":
        return 5.0, 0, 0
    if category == "core":  # never decays: any age
        age = rng.randrange(60) if age is None else age
        return round(3.0 + 0.1 * rng.randrange(16), 2), age, rng.randint(5, 30)
    if category == "episode":  # ×0.8 a day after the grace week, gone after 14 days
        age = rng.randrange(_EPISODE_LIFE + 1) if age is None else age
        fresh = rng.randint(80, 100) / 100
        return max(0.1, round(fresh * 0.8 ** max(0, age - GRACE_DAYS), 2)), age, 1
    score = rng.randint(30, 290) / 100  # a fact: ×0.95 a day, old enough for its score
    if age is None:
        oldest = min(50, GRACE_DAYS + int(math.log(score / 2.9) / math.log(0.95)))
        recent = rng.random() < 0.4
        age = rng.randrange(GRACE_DAYS + 1) if recent else rng.randint(oldest // 2, oldest)
    boosts = max(0, int((score - 1.0) / 0.3))  # BOOST is +0.3 from an extracted 1.0
    return score, age, 1 + boosts + rng.randrange(3)


def _tiered_body(
    rng: Random, preset: Preset, phrases: PhraseMaker, *, dates: _DateStrings, days_ago: int
) -> str:
    stamp = f"{dates[days_ago]} {rng.choice(_EPISODE_TIMES)}"
    fixed = {**dates.spoken(days_ago), "stamp": stamp}
    if preset.text:
        text = phrases.fill(preset.text, **fixed)
    else:
        text = phrases.text(preset.category, **fixed)
    return f"{_meta_line(preset.source, preset.verified)}\n{text}"


@cache
def _meta_line(source: str, verified: bool) -> str:
    meta = json.dumps({"source": source, "verified": verified}, separators=(",", ":"))
    return f"<!-- memory_meta: {meta} -->"


def _tiered_forgotten(rng: Random, phrases: PhraseMaker, dates: _DateStrings) -> list[_Memory]:
    """Episodes past their 14 days, seen by the 30- and 14-day backups, and a decayed fact."""
    memories = []
    for backup_age in BACKUP_AGES[:2]:
        for _ in range(2):
            days_ago = max(backup_age + 1, _EPISODE_LIFE + 3) + rng.randrange(11)
            body = _tiered_body(rng, Preset("episode", ""), phrases, dates=dates, days_ago=days_ago)
            score = rng.randint(80, 100) / 100 * 0.8**GRACE_DAYS  # when it was deleted
            gone = days_ago - _EPISODE_LIFE
            memories.append(_Memory("", "episode", score, days_ago, 1, days_ago, body, gone))
    gone = 4 + rng.randrange(7)
    days_ago = gone + 25 + rng.randrange(10)
    body = _tiered_body(rng, Preset("fact", ""), phrases, dates=dates, days_ago=days_ago)
    memories.append(_Memory("", "fact", 0.29, days_ago, 1, days_ago, body, gone))
    return memories


def _tiered_unboost(category: str, score: float, k: int) -> float:
    if category == "core":  # promoted memories stay core in the demo's history
        return max(3.0, score - 0.3 * k)
    if category == "fact":
        return max(0.3, score - 0.3 * k)  # facts below 0.3 are deleted
    return score


_TIERED: Final = _Policy(
    rate=lambda category: _TIERED_RATES.get(category, 1.0),
    cap=lambda category: _TIERED_CAPS.get(category, 5.0),
    unboost=_tiered_unboost,
)

# --- History -------------------------------------------------------------------------------------


def _state_at(memory: _Memory, age: int, policy: _Policy) -> _Memory | None:
    """``memory`` as the file held it ``age`` days ago, or None if it was not there."""
    if memory.created_ago <= age or (memory.gone_ago is not None and memory.gone_ago >= age):
        return None
    if memory.days_ago >= age:
        return _decayed_back(memory, age, policy)
    return _unreinforced(memory, age, policy)


def _decayed_back(memory: _Memory, age: int, policy: _Policy) -> _Memory:
    """Not activated since: the score was higher by the decay of the days in between."""
    rate = policy.rate(memory.category)
    if rate == 1.0:
        return memory
    seen_at = SAVE_AGO if memory.gone_ago is None else memory.gone_ago
    decayed_then = max(0, memory.days_ago - age - GRACE_DAYS)
    decayed_now = max(0, memory.days_ago - seen_at - GRACE_DAYS)
    score = memory.score / rate ** (decayed_now - decayed_then)
    return replace(memory, score=round(min(policy.cap(memory.category), score), 2))


def _unreinforced(memory: _Memory, age: int, policy: _Policy) -> _Memory:
    """Activated since: fewer hits then, a lower score, an earlier activation within a week."""
    span = memory.created_ago - memory.days_ago
    k = max(1, (memory.hits - 1) * (age - memory.days_ago) // span)
    score = policy.unboost(memory.category, memory.score, k)
    days_ago = age + min(GRACE_DAYS, (memory.created_ago - age) // 2)
    hits = max(1, memory.hits - k)
    return replace(memory, score=round(score, 2), days_ago=days_ago, hits=hits)


def _write_backup(
    target: Path, plan: _Plan, *, age: int, rng: Random, dates: _DateStrings, processed: int
) -> Path:
    """The file as it was ``age`` days ago, named like MemDesk's backups (local time)."""
    taken = _at(dates.today, age, rng, first_hour=22, last_hour=23)
    saved = taken - timedelta(minutes=rng.randint(1, 50))
    states = (_state_at(m, age, plan.policy) for m in chain(plan.current, plan.forgotten))
    memories = [m for m in states if m is not None]
    text = _render(memories, dates, updated=saved, processed=max(0, processed - 3 * age))
    path = target / BACKUP_DIR / f"{taken:%Y%m%d_%H%M%S}_{MEMORY_FILE}"
    path.parent.mkdir(parents=True, exist_ok=True)
    _write(path, text)
    return path


def _at(today: date, age: int, rng: Random, *, first_hour: int, last_hour: int) -> datetime:
    moment = time(rng.randint(first_hour, last_hour), rng.randrange(60), rng.randrange(60))
    return datetime.combine(today - timedelta(days=age), moment)


# --- Dates and rendering (the agent's MemoryStore.save()) -------------------------------------


_MONTHS: Final = (
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
)  # fmt: skip


class _DateStrings:
    """Dates by days before ``today`` (negative: ahead), each computed once."""

    def __init__(self, today: date) -> None:
        self.today = today
        self._iso: dict[int, str] = {}
        self._spoken: dict[int, dict[str, str]] = {}

    def __getitem__(self, age: int) -> str:
        """ISO date, as in an entry header."""
        text = self._iso.get(age)
        if text is None:
            text = self._iso[age] = (self.today - timedelta(days=age)).isoformat()
        return text

    def spoken(self, age: int) -> dict[str, str]:
        """The day as contents say it: slots ``md`` ("3 月 2 日") and ``md_en`` ("Mar 2")."""
        words = self._spoken.get(age)
        if words is None:
            day = self.today - timedelta(days=age)
            md, md_en = f"{day.month} 月 {day.day} 日", f"{_MONTHS[day.month - 1]} {day.day}"
            words = self._spoken[age] = {"md": md, "md_en": md_en}
        return words


def _render(
    memories: Sequence[_Memory], dates: _DateStrings, *, updated: datetime, processed: int
) -> str:
    """Byte for byte what the agent writes (core.agents.everbot.format.normalize is its writer)."""
    entries = [
        Entry(m.id, m.id, m.category, m.score, dates[m.days_ago], m.hits, m.body, "active")
        for m in memories
    ]
    stamp = updated.replace(tzinfo=UTC)  # `updated` is the agent's UTC wall time already
    return normalize(entries, last_processed_count=processed, now=stamp)


def _write(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8"))  # "\n" line endings on every platform, like the agent


def _put(path: Path, text: str, at: datetime) -> Path:
    """Write ``text`` (creating folders) and date the file ``at`` (local time), when it was written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _write(path, text)
    stamp = at.timestamp()
    os.utime(path, (stamp, stamp))
    return path


def _day_times(rng: Random, count: int, *, first_hour: int, last_hour: int) -> list[time]:
    """``count`` distinct times of day from ``first_hour``:00 to ``last_hour``:59:59, in order."""
    span = (last_hour - first_hour + 1) * 3600
    seconds = sorted(rng.sample(range(span), count))
    return [time(first_hour + s // 3600, s // 60 % 60, s % 60) for s in seconds]


def _moments(
    rng: Random, today: date, ages: Iterable[int], *, first_hour: int = 8, last_hour: int = 22
) -> list[datetime]:
    """One distinct moment per age (days before ``today``), oldest first."""
    moments: list[datetime] = []
    for age, n in sorted(Counter(ages).items(), reverse=True):
        day = today - timedelta(days=age)
        times = _day_times(rng, n, first_hour=first_hour, last_hour=last_hour)
        moments += [datetime.combine(day, t) for t in times]
    return moments


# --- PicoClaw (SPEC 2.2, 2.3): a home folder holding config.json and the workspace --------------

PICOCLAW_WORKSPACE: Final = "workspace"
_PICO_THRESHOLD: Final = 12_000  # config.json long_term_compress_char_threshold (it counts bytes)
_PICO_KEPT_SHARE: Final = 0.3  # of the current entries, those the compression kept
_PICO_MIN_DROPPED: Final = 3
_PICO_AVG_ENTRY: Final = 150  # bytes, to spread the kept entries over the compressed history
_PICO_GAPS: Final = (0, 0, 1, 1, 1, 2, 3)  # days between two appends before the compression
_PICO_APPEND_BACKUPS: Final = 3  # backups of the latest appends left: the person pruned the rest
_PICO_NOTE_DAYS: Final = 10
_PICO_USERS: Final = ("Alice", "Mike", "Lin", "Nora", "Kai")
_PICO_DOG: Final = "Bob"
# A compression keeps lasting preferences and facts, and drops to-dos and old incidents.
_PICO_KEPT_WEIGHTS: Final = (30, 30, 5, 15, 15, 4, 1)  # in EVERBOT_CATEGORIES order
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


def _write_picoclaw(target: Path, count: int, rng: Random, today: date) -> DemoResult:
    """A PicoClaw home: ``config.json`` and the workspace ``workspace/`` (see the module doc)."""
    dates = _DateStrings(today)
    phrases = picoclaw_phrases(rng)
    user = rng.choice(_PICO_USERS)
    fixed = {
        "dog": _PICO_DOG,
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
    _put(memory / ".last_longterm_compress", str(int(compressed_at.timestamp())), compressed_at)
    setup = old[0][0].at - timedelta(days=1, hours=2)
    _put(target / "config.json", json.dumps(_PICO_CONFIG, indent=2) + "\n", setup)
    _write_pico_policy(rng, memory, today, compress_age=compress_age)
    _write_pico_notes(rng, workspace, today, recent, dog=_PICO_DOG)
    profile = {
        "user_name": user,
        "email": fixed["email"],
        "咖啡偏好": "燕麦拿铁，不加糖，大杯",  # as corrected in MEMORY.md
        "dog": f"{_PICO_DOG}, a corgi",
        "favorite_color": "蓝色",
        "current_project": fixed["project"],
        "timezone": "Asia/Shanghai",
    }
    saved = _at(today, 1 + rng.randrange(3), rng, first_hour=9, last_hour=21)
    _put(memory / "profile.json", render_profile(profile), saved)
    return DemoResult(memory_file, count, tuple(backups), backups[-1], workspace)


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
    backups = [_put(memory / "backups" / _pico_backup_name(compressed_at), before, compressed_at)]
    pieces = [a.entry() for a in recent]
    for i in range(max(0, len(recent) - _PICO_APPEND_BACKUPS), len(recent)):
        at = recent[i].at
        text = compressed + "".join(pieces[:i])
        backups.append(_put(memory / "backups" / _pico_backup_name(at), text, at))
    last_write = recent[-1].at if recent else compressed_at
    memory_file = _put(memory / "MEMORY.md", compressed + "".join(pieces), last_write)
    return memory_file, backups


def _unique_text(make: Callable[[], str], seen: set[str], *, tries: int = 5) -> str:
    """A content from ``make`` not in ``seen`` (after a few tries, whatever comes), now seen."""
    text = make()
    for _ in range(tries - 1):
        if text not in seen:
            break
        text = make()
    seen.add(text)
    return text


def _pico_backup_name(at: datetime) -> str:
    """``BackupLongTerm``'s name: Go's ``20060102_150405`` layout, local time."""
    return f"{at:%Y%m%d_%H%M%S}_MEMORY.md"


def _pico_old(
    rng: Random,
    phrases: PhraseMaker,
    dates: _DateStrings,
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
    presets = iter(PICOCLAW_OLD_PRESETS)
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
            category = rng.choices(EVERBOT_CATEGORIES, weights=weights)[0]
            make = partial(_everbot_text, rng, phrases, category, "", dates=dates, days_ago=age)
            text = _unique_text(make, seen)
        picked.append((age, text, keep))
        day = dates.today - timedelta(days=age)
        size += len(pico.longterm_entry_text(text, day).encode("utf-8")) + 2
        kept, dropped = (kept - 1, dropped) if keep else (kept, dropped + 1)
        age += rng.choice(_PICO_GAPS)
    picked.reverse()
    moments = _moments(rng, dates.today, (age for age, _, _ in picked))
    return [(_Append(at, text), keep) for at, (_, text, keep) in zip(moments, picked, strict=True)]


def _pico_recent(
    rng: Random,
    phrases: PhraseMaker,
    dates: _DateStrings,
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
    slots = sorted(rng.sample(range(count), min(count, len(PICOCLAW_RECENT_PRESETS))))
    presets = dict(zip(slots, PICOCLAW_RECENT_PRESETS, strict=False))
    appends = []
    for i, (age, at) in enumerate(zip(ages, _moments(rng, dates.today, ages), strict=True)):
        preset = presets.get(i)
        if preset is not None:
            text = phrases.fill(preset.text, **fixed, **dates.spoken(age))
        else:
            category = rng.choices(EVERBOT_CATEGORIES, weights=_EVERBOT_WEIGHTS)[0]
            make = partial(_everbot_text, rng, phrases, category, "", dates=dates, days_ago=age)
            text = _unique_text(make, seen)
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
    times = [_at(today, age, rng, first_hour=9, last_hour=22) for age in ages]
    # Go's json.MarshalIndent of a map: sorted keys, 2 spaces, no final newline.
    texts = [json.dumps(v, indent=2, sort_keys=True) for v in versions]
    for previous, at in zip(texts, times[1:], strict=False):
        _put(memory / "policy_snapshots" / f"{at:%Y%m%d_%H%M%S}.json", previous, at)
    _put(memory / pico.OVERRIDES_FILE.name, texts[-1], times[-1])


def _write_pico_notes(
    rng: Random, workspace: Path, today: date, recent: Sequence[_Append], *, dog: str
) -> None:
    """Daily notes of the last ten days but two quiet ones, in ``AppendToday``'s format."""
    phrases = picoclaw_note_phrases(rng)
    quiet = set(rng.sample(range(2, _PICO_NOTE_DAYS + 1), 2))
    notes: dict[date, list[tuple[datetime, str]]] = {}
    for age in range(_PICO_NOTE_DAYS, 0, -1):
        if age in quiet:
            continue
        day = today - timedelta(days=age)
        times = _day_times(rng, rng.randint(1, 4), first_hour=8, last_hour=22)
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
        _put(pico.daily_note_path(workspace, day), text, lines[-1][0])


def _saved_note(content: str) -> str:
    first = content.split("\n", 1)[0]
    summary = first if len(first) <= 24 else first[:24].rstrip() + "…"
    chinese = any("\u4e00" <= c <= "\u9fff" for c in content)
    return PICOCLAW_SAVED_NOTE[0 if chinese else 1].format(summary=summary)


# --- Pomelobot / OpenClaw (SPEC 2.4): main scope, a group and a direct chat ---------------------

_POMELO_WEEK: Final = 7
_SCOPE_CHARS: Final = "abcdefghijklmnopqrstuvwxyz0123456789"

_File = tuple[str, str, datetime]  # workspace-relative path, text, when it was last written


def _write_pomelobot(target: Path, count: int, rng: Random, today: date) -> DemoResult:
    """The main scope, ``group_cid…`` and ``direct_u…`` scopes, and one OpenClaw session file.

    The index database was down one day this week: that day's chats went to transcript files.
    """
    phrases = pomelobot_phrases(rng)
    group = "group_cid" + "".join(rng.choice(_SCOPE_CHARS) for _ in range(8))
    uid = f"u{rng.randrange(1000, 10_000)}"
    direct = f"direct_{uid}"
    outage = rng.randint(2, _POMELO_WEEK - 1)
    files = [
        _pomelo_long_term(rng, phrases, pomelo.MAIN, count, "long_term", today),
        _pomelo_long_term(rng, phrases, group, count // 3, "group_long_term", today),
        _pomelo_long_term(rng, phrases, direct, count // 5, "direct_long_term", today, uid=uid),
    ]
    for age in range(_POMELO_WEEK, 0, -1):
        day = today - timedelta(days=age)
        if day.weekday() == 6 and age != outage and rng.random() < 0.7:
            continue  # a quiet Sunday
        lines = [phrases.text("daily") for _ in range(rng.randint(2, 4))]
        if age == outage:
            lines.append(POMELOBOT_OUTAGE_NOTE)
        files.append(_pomelo_daily(rng, pomelo.MAIN, day, lines))
    for age in sorted({outage, *rng.sample(range(1, _POMELO_WEEK + 1), 3)}, reverse=True):
        lines = [phrases.text("group_daily") for _ in range(rng.randint(1, 3))]
        files.append(_pomelo_daily(rng, group, today - timedelta(days=age), lines))
    for age in sorted({outage, rng.randint(1, _POMELO_WEEK)}, reverse=True):
        lines = [phrases.text("direct_daily", uid=uid) for _ in range(rng.randint(1, 2))]
        files.append(_pomelo_daily(rng, direct, today - timedelta(days=age), lines))
    outage_day = today - timedelta(days=outage)
    files.append(_pomelo_transcript(rng, phrases, group, outage_day, rng.randint(3, 4)))
    files.append(_pomelo_transcript(rng, phrases, direct, outage_day, rng.randint(1, 2)))
    files.append(_openclaw_session(rng, phrases, today))
    for rel, text, at in files:
        _put(target / rel, text, at)
    return DemoResult(target / "MEMORY.md", count, (), None, target)


def _pomelo_long_term(
    rng: Random,
    phrases: PhraseMaker,
    scope: str,
    count: int,
    category: str,
    today: date,
    **fixed: str,
) -> _File:
    """``count`` entries saved over the last weeks (a header alone when there are none)."""
    span = 30 + min(count, 330)
    ages = [rng.randint(1, span) for _ in range(count)]
    moments = _moments(rng, today, ages)
    doc = pomelo.new_long_term_file(scope)
    seen: set[str] = set()
    for at in moments:
        doc.append_entry(_unique_text(partial(phrases.text, category, **fixed), seen), at)
    last = moments[-1] if moments else datetime.combine(today - timedelta(days=span), time(9, 30))
    return doc.path, doc.render(), last


def _pomelo_daily(rng: Random, scope: str, day: date, lines: Sequence[str]) -> _File:
    """A scope's daily file: the agent's header, then each line saved at its time."""
    times = _day_times(rng, len(lines), first_hour=8, last_hour=22)
    doc = pomelo.new_daily_file(day, scope)
    for at, line in zip(times, lines, strict=True):
        doc.append_entry(line, at)
    return doc.path, doc.render(), datetime.combine(day, times[-1])


def _pomelo_transcript(
    rng: Random, phrases: PhraseMaker, scope: str, day: date, exchanges: int
) -> _File:
    """``# Session Transcript - DATE (scope)`` then ``[HH:MM:SS] [user|assistant] text`` entries."""
    at = datetime.combine(day, time(rng.randint(9, 19), rng.randrange(60), rng.randrange(60)))
    entries = []
    for _ in range(exchanges):
        question, answer = phrases.text("exchange").split("\n", 1)
        entries.append(f"\n[{at:%H:%M:%S}] [user] {question}\n")
        at += timedelta(seconds=rng.randint(3, 25))
        entries.append(f"\n[{at:%H:%M:%S}] [assistant] {answer}\n")
        at += timedelta(minutes=rng.randint(2, 30))
    rel = f"memory/scopes/{scope}/transcripts/{day.isoformat()}.md"
    header = f"# Session Transcript - {day.isoformat()} ({scope})\n"
    return rel, header + "".join(entries), at


def _openclaw_session(rng: Random, phrases: PhraseMaker, today: date) -> _File:
    """OpenClaw's session-memory hook (on ``/new``): ``memory/YYYY-MM-DD-<slug>.md``."""
    at = _at(today, rng.randint(1, _POMELO_WEEK), rng, first_hour=9, last_hour=21)
    session_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    conversation = []
    for _ in range(2):
        question, answer = phrases.text("exchange").split("\n", 1)
        conversation += [f"user: {question}", f"assistant: {answer}"]
    lines = [
        f"# Session: {at:%Y-%m-%d %H:%M:%S} UTC",
        "",
        "- **Session Key**: agent:main:main",
        f"- **Session ID**: {session_id}",
        "- **Source**: webchat",
        "",
        "## Conversation Summary",
        "",
        "\n".join(conversation),
        "",
    ]
    slug = rng.choice(POMELOBOT_SESSION_SLUGS)
    return f"memory/{at:%Y-%m-%d}-{slug}.md", "\n".join(lines), at
