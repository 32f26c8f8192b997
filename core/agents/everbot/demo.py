"""EverBot's demo workspaces (``memdesk demo DIR --layout everbot|tiered``).

``MEMORY.md`` is written byte for byte in the EverBot agent's canonical layout (its ``save()``:
header block, Active >= 0.2 then Archived, each sorted by score descending, 2-decimal scores).
Three earlier versions (one above 2,000 entries) go to ``.memdesk/backups/``, named like MemDesk's
own backups, and the newest one is also the agent's own ``MEMORY.md.bak``.

everbot is a developer's assistant (seed 003), whose contents come from the developer corpus in
``core/demo_corpus.json``; tiered is 小祥, the companion bot of seed 004, with the importance scale
and ``memory_meta`` lines. This package's ``demo_corpus.json`` holds the hand-written presets of
both and tiered's phrases.

Time line (days before ``today``): the agent last saved the file ``SAVE_AGO`` days ago, so no
memory was activated later than that; earlier versions are rebuilt backwards from the current one:
memories created since are absent, decaying ones scored higher, reinforced ones lower with fewer
hits, and a few memories the agent has since forgotten are still there.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from functools import cache
from itertools import chain
from pathlib import Path
from random import Random
from typing import Final

from core.agent import DemoResult
from core.agents.everbot.document import Entry, normalize
from core.demo import (
    DEVELOPER_CATEGORIES,
    DEVELOPER_WEIGHTS,
    DEVELOPER_ZH_SHARE,
    Corpus,
    DateStrings,
    PhraseMaker,
    Preset,
    Voice,
    check_layout,
    check_target,
    developer_slots,
    developer_text,
    entry_count,
    load_corpus,
    random_moment,
    shared_corpus,
    write_text,
)

__all__ = ["DEFAULT_ENTRIES", "write_demo"]

# Long-term entries by layout: everbot above the agent's cap of 30.
DEFAULT_ENTRIES: Final[dict[str, int]] = {"everbot": 40, "tiered": 24}
MEMORY_FILE: Final = "MEMORY.md"
BACKUP_DIR: Final = Path(".memdesk") / "backups"
BACKUP_AGES: Final = (30, 14, 3)  # days before today, oldest first
FULL_HISTORY_MAX: Final = 2000  # above this, one backup only (keeps big demos fast)
SAVE_AGO: Final = 2  # the agent's last save of MEMORY.md, in days before today
GRACE_DAYS: Final = 7  # no decay in the first week after an activation (both policies)
TIERED_ZH_SHARE: Final = 0.8  # the companion bot of seed 004 speaks Chinese to its 主人


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
    layout: str = "everbot",
    entries: int | None = None,
    seed: int = 0,
    today: date | None = None,
) -> DemoResult:
    """Create ``target`` (or fill it if empty) with an everbot or tiered demo workspace.

    ``entries`` defaults to 40 (everbot: more than the agent's cap of 30) or 24 (tiered). Raises
    DemoError if the layout is neither, ``target`` exists and is not an empty folder, or
    ``entries`` < 0. Everything is written inside ``target``.
    """
    check_layout(layout, DEFAULT_ENTRIES)
    count = entry_count(entries, DEFAULT_ENTRIES[layout])
    check_target(target)
    day = today or date.today()
    rng = Random(seed)
    dates = DateStrings(day)
    plan = _plan(layout, count, rng, dates)
    target.mkdir(parents=True, exist_ok=True)
    memory_file = target / MEMORY_FILE
    updated = random_moment(day, SAVE_AGO, rng, first_hour=21, last_hour=23)
    processed = 40 + rng.randrange(120)
    write_text(memory_file, _render(plan.current, dates, updated=updated, processed=processed))
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


# --- Phrases (read on first use) -----------------------------------------------------------------


def _corpus() -> Corpus:
    """This package's ``demo_corpus.json``: the presets of both layouts, tiered's phrases."""
    return load_corpus("core.agents.everbot")


@cache
def _everbot_voice() -> Voice:
    """A developer's assistant (seed 003), about 60 % Chinese; most contents get a remark.

    Pass ``md``/``md_en`` (the activation day, "3 月 2 日" / "Mar 2") and, for a to-do, ``due``.
    """
    shared = shared_corpus()
    templates = shared.templates("developer_templates")
    remarks = shared.pair("developer_remarks")
    return Voice(templates, developer_slots(), DEVELOPER_ZH_SHARE, remarks, 0.9, frozenset())


@cache
def _tiered_voice() -> Voice:
    """The companion bot 小祥 (seed 004): ``md``/``md_en`` as above; episodes need a ``stamp``."""
    shared, corpus = shared_corpus(), _corpus()
    slots = {
        **shared.slots("shared_slots"),
        **corpus.slots("tiered_slots_zh"),
        **corpus.slots("tiered_slots_en"),
        **shared.slots("remark_slots"),
    }
    templates, remarks = corpus.templates("tiered_templates"), corpus.pair("tiered_remarks")
    plain = frozenset({"system", "episode"})
    return Voice(templates, slots, TIERED_ZH_SHARE, remarks, 0.9, plain)


def _plan(layout: str, count: int, rng: Random, dates: DateStrings) -> _Plan:
    if layout == "tiered":
        phrases = PhraseMaker(rng, _tiered_voice())
        forgotten = _tiered_forgotten(rng, phrases, dates) if count >= 10 else []
        ids = _ids(rng, count + len(forgotten))
        current = _tiered_memories(rng, count, phrases, dates)
        return _Plan(_with_ids(current, ids), _with_ids(forgotten, ids[count:]), _TIERED)
    phrases = PhraseMaker(rng, _everbot_voice())
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


# --- EverBot: unit scale, ×0.99 a day after the grace week ---------------------------------------

# Bands of a lived-in file (default 40 entries: 4, 16, 10, 7, 3). The last band is below the
# agent's delete threshold 0.05, so MemDesk can show what the agent forgets at its next save.
_TIERS: Final = (
    _Tier(0.10, 90, 99, (5, 30), recent=1.0),
    _Tier(0.40, 50, 89, (2, 15), recent=0.35, fresh=(60, 80)),
    _Tier(0.25, 20, 49, (1, 8), recent=0.2, fresh=(40,)),
    _Tier(0.18, 5, 19, (1, 4), recent=0.0),
    _Tier(0.07, 1, 4, (1, 2), recent=0.0),
)
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
    rng: Random, count: int, phrases: PhraseMaker, dates: DateStrings
) -> list[_Memory]:
    """Categories ranked by a noisy bias, paired with scores from the bands, then written."""
    kinds = [(p.category, p.text) for p in _corpus().presets("everbot_presets")[:count]]
    rest = rng.choices(DEVELOPER_CATEGORIES, weights=DEVELOPER_WEIGHTS, k=count - len(kinds))
    kinds.extend((category, "") for category in rest)
    keys = [_SCORE_BIAS[category] + 0.8 * rng.random() for category, _ in kinds]
    order = sorted(range(count), key=keys.__getitem__, reverse=True)
    memories = []
    for index, (score, days_ago, hits) in zip(order, _everbot_shapes(rng, count), strict=True):
        category, template = kinds[index]
        text = developer_text(rng, phrases, category, template, dates=dates, days_ago=days_ago)
        created = _created(rng, days_ago, hits)
        memories.append(_Memory("", category, score, days_ago, hits, created, text))
    return memories


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


def _everbot_forgotten(rng: Random, phrases: PhraseMaker, dates: DateStrings) -> list[_Memory]:
    """Two old memories the agent deleted (below 0.05) 3-5 days ago: still in older backups."""
    memories = []
    for category in ("fact", "todo"):
        gone = 3 + rng.randrange(3)
        days_ago = gone + 150 + rng.randrange(40)
        score = 0.049 - 0.001 * rng.randrange(3)  # a little above 0.05 in the 14-day backup
        body = developer_text(rng, phrases, category, "", dates=dates, days_ago=days_ago)
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

# --- Tiered (seed 004): importance scale, per-category decay -------------------------------------

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
    rng: Random, count: int, phrases: PhraseMaker, dates: DateStrings
) -> list[_Memory]:
    setup_ago = SAVE_AGO + 150 + rng.randrange(40)  # the day the bot was set up
    memories = []
    all_presets = _corpus().presets("tiered_presets")
    for category, wanted in _tiered_counts(count).items():
        presets = [p for p in all_presets if p.category == category][:wanted]
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
    rng: Random, preset: Preset, phrases: PhraseMaker, *, dates: DateStrings, setup_ago: int
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
    rng: Random, preset: Preset, phrases: PhraseMaker, *, dates: DateStrings, days_ago: int
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


def _tiered_forgotten(rng: Random, phrases: PhraseMaker, dates: DateStrings) -> list[_Memory]:
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
    target: Path, plan: _Plan, *, age: int, rng: Random, dates: DateStrings, processed: int
) -> Path:
    """The file as it was ``age`` days ago, named like MemDesk's backups (local time)."""
    taken = random_moment(dates.today, age, rng, first_hour=22, last_hour=23)
    saved = taken - timedelta(minutes=rng.randint(1, 50))
    states = (_state_at(m, age, plan.policy) for m in chain(plan.current, plan.forgotten))
    memories = [m for m in states if m is not None]
    text = _render(memories, dates, updated=saved, processed=max(0, processed - 3 * age))
    path = target / BACKUP_DIR / f"{taken:%Y%m%d_%H%M%S}_{MEMORY_FILE}"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, text)
    return path


# --- Rendering (the agent's MemoryStore.save()) --------------------------------------------------


def _render(
    memories: Sequence[_Memory], dates: DateStrings, *, updated: datetime, processed: int
) -> str:
    """Byte for byte what the agent writes (core.agents.everbot.document.normalize is its writer)."""
    entries = [
        Entry(m.id, m.id, m.category, m.score, dates[m.days_ago], m.hits, m.body, "active")
        for m in memories
    ]
    stamp = updated.replace(tzinfo=UTC)  # `updated` is the agent's UTC wall time already
    return normalize(entries, last_processed_count=processed, now=stamp)
