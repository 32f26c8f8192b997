"""Demo workspaces: a lived-in agent memory with its history, for first runs, screenshots, tests
and benchmarks (``memdesk demo DIR [--layout everbot|tiered|picoclaw|pomelobot]``).

Each agent package writes its own demo (``core.agents.<agent>.demo.write_demo``, whose docstring
says what it writes); ``write_demo`` here hands a layout to its agent. This module holds what the
demos share: the phrase engine and the corpus files it reads, the checks on the target folder and
the entry count, dates and seeded times of day, and writing dated files.

The phrases are data, not code: ``demo_corpus.json`` next to this module holds the developer
assistant's topics that several agents use, and each agent package has its own
``demo_corpus.json``. They are read on first use (``load_corpus``), never when ``core`` is
imported. A template's ``{slot}`` holes are filled from a seeded ``Random``, so a 100,000-entry
demo is varied and mostly distinct while every run with the same seed is identical. No template or
value may produce a line starting with ``#``: the agents drop ``# ``/``## `` lines.

Everything is drawn from one seeded ``Random``: the same seed and ``today`` give the same bytes
(file times, and PicoClaw's compression stamp, are in local time and so depend on the time zone).
Nothing is dated after yesterday, so a demo written early in the morning is not from the future.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import cache
from importlib.resources import files
from pathlib import Path
from random import Random
from typing import Final

from core.agent import DemoResult

__all__ = [
    "DEVELOPER_CATEGORIES",
    "DEVELOPER_WEIGHTS",
    "DEVELOPER_ZH_SHARE",
    "Corpus",
    "CorpusError",
    "DateStrings",
    "DemoError",
    "DemoResult",
    "PhraseMaker",
    "Preset",
    "Voice",
    "check_layout",
    "check_target",
    "day_times",
    "developer_slots",
    "developer_text",
    "entry_count",
    "load_corpus",
    "moments",
    "put",
    "random_moment",
    "shared_corpus",
    "unique_text",
    "write_demo",
    "write_text",
]


class DemoError(ValueError):
    """The demo cannot be written where or as asked; the message says why."""


def write_demo(
    target: Path,
    *,
    layout: str | None = None,
    entries: int | None = None,
    seed: int = 0,
    today: date | None = None,
) -> DemoResult:
    """Create ``target`` (or fill it if empty) with a demo workspace of ``layout`` (default: the
    registry's first), written by the
    agent plug-in whose demo layouts include it. Raises DemoError if the layout is unknown,
    ``target`` exists and is not an empty folder, or ``entries`` < 0."""
    from core.registry import default_demo_layout, demo_layouts

    writers = demo_layouts()
    layout = layout or default_demo_layout()
    if layout not in writers:
        raise DemoError(f"unknown demo layout {layout!r} (known: {', '.join(sorted(writers))})")
    return writers[layout].demo(target, layout=layout, entries=entries, seed=seed, today=today)


# --- Arguments -----------------------------------------------------------------------------------


def check_layout(layout: str, known: Iterable[str]) -> None:
    """DemoError unless ``layout`` is one of ``known``."""
    names = tuple(known)
    if layout not in names:
        raise DemoError(f"unknown demo layout {layout!r}: choose one of {', '.join(names)}")


def entry_count(entries: int | None, default: int) -> int:
    """``entries``, or ``default`` when None; DemoError when negative."""
    count = default if entries is None else entries
    if count < 0:
        raise DemoError(f"the number of entries must be 0 or more, not {count}")
    return count


def check_target(target: Path) -> None:
    """DemoError unless ``target`` is missing or an empty folder."""
    if not target.exists():
        return
    if not target.is_dir():
        raise DemoError(f"{target} exists and is not a folder; choose a new or empty folder")
    if next(target.iterdir(), None) is not None:
        raise DemoError(f"{target} is not empty; the demo only goes into a new or empty folder")


# --- Corpus files --------------------------------------------------------------------------------

Strings = tuple[str, ...]
Pair = tuple[Strings, Strings]  # (Chinese, English)
CORPUS_FILE: Final = "demo_corpus.json"


class CorpusError(ValueError):
    """A corpus file that is not what the demo expects (a broken installation or edit)."""


@dataclass(frozen=True, slots=True)
class Preset:
    """A hand-written memory (itself a template) placed before the generated ones.

    ``score``, ``hits`` and ``days_ago`` (before the agent's last save) pin the tiered review cases;
    ``None`` lets the generator choose. ``source``/``verified`` go to the tiered memory_meta line.
    """

    category: str
    text: str
    score: float | None = None
    hits: int | None = None
    days_ago: int | None = None
    source: str = "background_ai"
    verified: bool = False


class Corpus:
    """One corpus file's JSON object, with typed views of its parts (each checked when read).

    A pair is ``{"zh": [...], "en": [...]}``; slots map a name to its values; templates map a
    category to a pair; presets are objects with the fields of `Preset`.
    """

    def __init__(self, data: Mapping[str, object], name: str) -> None:
        self._data = data
        self.name = name

    def _get(self, key: str) -> object:
        if key not in self._data:
            raise CorpusError(f"{self.name}: no {key!r}")
        return self._data[key]

    def _fail(self, where: str, expected: str) -> CorpusError:
        return CorpusError(f"{self.name}: {where} is not {expected}")

    def _strings(self, value: object, where: str) -> Strings:
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return tuple(value)
        raise self._fail(where, "a list of texts")

    def _object(self, value: object, where: str) -> dict[str, object]:
        if isinstance(value, dict):
            return value
        raise self._fail(where, "an object")

    def _pair(self, value: object, where: str) -> Pair:
        pair = self._object(value, where)
        if set(pair) != {"zh", "en"}:
            raise self._fail(where, 'an object of "zh" and "en"')
        return self._strings(pair["zh"], f"{where}.zh"), self._strings(pair["en"], f"{where}.en")

    def text(self, key: str) -> str:
        value = self._get(key)
        if isinstance(value, str):
            return value
        raise self._fail(key, "a text")

    def strings(self, key: str) -> Strings:
        return self._strings(self._get(key), key)

    def texts(self, key: str) -> dict[str, str]:
        """An object of texts, in file order."""
        table = self._object(self._get(key), key)
        return {name: self._text_in(value, f"{key}.{name}") for name, value in table.items()}

    def _text_in(self, value: object, where: str) -> str:
        if isinstance(value, str):
            return value
        raise self._fail(where, "a text")

    def pair(self, key: str) -> Pair:
        return self._pair(self._get(key), key)

    def slots(self, key: str) -> dict[str, Strings]:
        table = self._object(self._get(key), key)
        slots = {name: self._strings(values, f"{key}.{name}") for name, values in table.items()}
        if not all(slots.values()):
            raise self._fail(key, "slots with one value or more each")
        return slots

    def templates(self, key: str) -> dict[str, Pair]:
        table = self._object(self._get(key), key)
        return {name: self._pair(value, f"{key}.{name}") for name, value in table.items()}

    def presets(self, key: str) -> tuple[Preset, ...]:
        value = self._get(key)
        if not isinstance(value, list):
            raise self._fail(key, "a list of presets")
        return tuple(self._preset(item, f"{key}[{i}]") for i, item in enumerate(value))

    def _preset(self, value: object, where: str) -> Preset:
        fields = self._object(value, where)
        category, text = fields.get("category"), fields.get("text")
        score, hits, days_ago = fields.get("score"), fields.get("hits"), fields.get("days_ago")
        source, verified = fields.get("source", "background_ai"), fields.get("verified", False)
        if not (
            isinstance(category, str)
            and isinstance(text, str)
            and (score is None or isinstance(score, int | float))
            and (hits is None or isinstance(hits, int))
            and (days_ago is None or isinstance(days_ago, int))
            and isinstance(source, str)
            and isinstance(verified, bool)
            and set(fields) <= set(Preset.__dataclass_fields__)
        ):
            raise self._fail(where, "a preset")
        score = None if score is None else float(score)
        return Preset(category, text, score, hits, days_ago, source, verified)


@cache
def load_corpus(package: str) -> Corpus:
    """The ``demo_corpus.json`` of ``package`` (like ``"core.agents.picoclaw"``), read once."""
    name = f"{package.replace('.', '/')}/{CORPUS_FILE}"
    data = json.loads(files(package).joinpath(CORPUS_FILE).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise CorpusError(f"{name}: not a JSON object")
    return Corpus(data, name)


def shared_corpus() -> Corpus:
    """``core/demo_corpus.json``: what several agents' demos use."""
    return load_corpus("core")


# --- The phrase engine ---------------------------------------------------------------------------


class _Filler(dict[str, str]):
    """``str.format_map`` mapping: fixed values first, else one seeded choice per slot."""

    __slots__ = ("_pick", "_slots")

    def __init__(self, rng: Random, slots: Mapping[str, Strings], fixed: Mapping[str, str]) -> None:
        super().__init__(fixed)
        self._pick = rng.choice
        self._slots = slots

    def __missing__(self, key: str) -> str:
        value = self[key] = self._pick(self._slots[key])
        return value


@dataclass(frozen=True, slots=True)
class Voice:
    """One agent's way of writing: templates per category, slots, language mix, remarks."""

    templates: Mapping[str, Pair]
    slots: Mapping[str, Strings]
    zh_share: float
    remarks: Pair  # a second sentence on provenance: many contents carry one
    remark_share: float
    plain: frozenset[str]  # categories whose contents never get a remark


class PhraseMaker:
    """Makes memory contents of one voice from its templates and a seeded ``Random``."""

    def __init__(self, rng: Random, voice: Voice) -> None:
        self._rng = rng
        self._voice = voice

    def text(self, category: str, **fixed: str) -> str:
        """A fresh content of ``category``: a template, its slots filled, maybe a remark.

        A remark shares the filled slots with its sentence (same project), and its ``md`` /
        ``md_en`` slots should be the memory's activation day.
        """
        voice, rng = self._voice, self._rng
        zh = rng.random() < voice.zh_share
        filler = _Filler(rng, voice.slots, fixed)
        text = rng.choice(voice.templates[category][0 if zh else 1]).format_map(filler).strip()
        if category in voice.plain or rng.random() >= voice.remark_share:
            return text
        remark = rng.choice(voice.remarks[0 if zh else 1]).format_map(filler)
        if "\n" in text:  # a list or a Lesson: line; the remark goes on a line of its own
            return f"{text}\n{remark}"
        return f"{text}{remark}" if zh else f"{text} {remark}"

    def fill(self, template: str, **fixed: str) -> str:
        """``template`` with its slots filled (``fixed`` values first)."""
        return template.format_map(_Filler(self._rng, self._voice.slots, fixed)).strip()


# --- The developer assistant (EverBot's seed 003), which PicoClaw and Pomelobot borrow from ------

DEVELOPER_CATEGORIES: Final = (
    "preference",
    "fact",
    "experience",
    "workflow",
    "decision",
    "skill_usage",
    "todo",
)
DEVELOPER_WEIGHTS: Final = (18, 20, 14, 12, 10, 10, 16)  # in DEVELOPER_CATEGORIES order
DEVELOPER_ZH_SHARE: Final = 0.6  # Chinese share of generated contents


def developer_slots(*, remarks: bool = True) -> dict[str, Strings]:
    """The shared slots and the developer's Chinese and English ones (and the remarks' slots)."""
    corpus = shared_corpus()
    slots = {
        **corpus.slots("shared_slots"),
        **corpus.slots("developer_slots_zh"),
        **corpus.slots("developer_slots_en"),
    }
    if remarks:
        slots.update(corpus.slots("remark_slots"))
    return slots


def developer_text(
    rng: Random,
    phrases: PhraseMaker,
    category: str,
    template: str,
    *,
    dates: DateStrings,
    days_ago: int,
) -> str:
    """A preset's or a fresh content; a to-do is due 1-40 days after it was last mentioned."""
    fixed = dates.spoken(days_ago)
    if category == "todo":
        fixed = {**fixed, "due": dates[days_ago - 1 - rng.randrange(40)]}
    return phrases.fill(template, **fixed) if template else phrases.text(category, **fixed)


def unique_text(make: Callable[[], str], seen: set[str], *, tries: int = 5) -> str:
    """A content from ``make`` not in ``seen`` (after a few tries, whatever comes), now seen."""
    text = make()
    for _ in range(tries - 1):
        if text not in seen:
            break
        text = make()
    seen.add(text)
    return text


# --- Dates and times -----------------------------------------------------------------------------

_MONTHS: Final = (
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
)  # fmt: skip


class DateStrings:
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


def random_moment(
    today: date, age: int, rng: Random, *, first_hour: int, last_hour: int
) -> datetime:
    """A seeded time from ``first_hour``:00 to ``last_hour``:59:59, ``age`` days before ``today``."""
    moment = time(rng.randint(first_hour, last_hour), rng.randrange(60), rng.randrange(60))
    return datetime.combine(today - timedelta(days=age), moment)


def day_times(rng: Random, count: int, *, first_hour: int, last_hour: int) -> list[time]:
    """``count`` distinct times of day from ``first_hour``:00 to ``last_hour``:59:59, in order."""
    span = (last_hour - first_hour + 1) * 3600
    seconds = sorted(rng.sample(range(span), count))
    return [time(first_hour + s // 3600, s // 60 % 60, s % 60) for s in seconds]


def moments(
    rng: Random, today: date, ages: Iterable[int], *, first_hour: int = 8, last_hour: int = 22
) -> list[datetime]:
    """One distinct moment per age (days before ``today``), oldest first."""
    result: list[datetime] = []
    for age, n in sorted(Counter(ages).items(), reverse=True):
        day = today - timedelta(days=age)
        times = day_times(rng, n, first_hour=first_hour, last_hour=last_hour)
        result += [datetime.combine(day, t) for t in times]
    return result


# --- Files ---------------------------------------------------------------------------------------


def write_text(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8"))  # "\n" line endings on every platform, like the agents


def put(path: Path, text: str, at: datetime) -> Path:
    """Write ``text`` (creating folders) and date the file ``at`` (local time), when it was written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, text)
    stamp = at.timestamp()
    os.utime(path, (stamp, stamp))
    return path
