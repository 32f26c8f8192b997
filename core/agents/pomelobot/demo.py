"""Pomelobot's demo workspace (``memdesk demo DIR --layout pomelobot``; SPEC 2.4).

``DIR`` is a Pomelobot workspace: main scope ``MEMORY.md`` and ``memory/YYYY-MM-DD.md``, a group
and a direct scope with their long-term, daily and transcript files, and one OpenClaw session file
``memory/YYYY-MM-DD-<slug>.md``. The bot is an SRE team's (seed 002); its phrases are in this
package's ``demo_corpus.json``, with slot values borrowed from ``core/demo_corpus.json``.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta
from functools import cache, partial
from pathlib import Path
from random import Random
from typing import Final

from core.agents.base import DemoResult
from core.agents.pomelobot import format as pomelo
from core.demo import (
    Corpus,
    PhraseMaker,
    Voice,
    check_target,
    day_times,
    developer_slots,
    entry_count,
    load_corpus,
    moments,
    put,
    random_moment,
    unique_text,
)

__all__ = ["DEFAULT_ENTRIES", "write_demo"]

DEFAULT_ENTRIES: Final = 16  # in the main MEMORY.md; the scopes get a third and a fifth as many

_POMELO_WEEK: Final = 7
_SCOPE_CHARS: Final = "abcdefghijklmnopqrstuvwxyz0123456789"

_File = tuple[str, str, datetime]  # workspace-relative path, text, when it was last written


def write_demo(
    target: Path, *, entries: int | None = None, seed: int = 0, today: date | None = None
) -> DemoResult:
    """Create ``target`` (or fill it if empty) with a Pomelobot workspace: the main scope,
    ``group_cid…`` and ``direct_u…`` scopes, and one OpenClaw session file.

    ``entries`` (in the main ``MEMORY.md``) defaults to 16; the group and direct scopes get a
    third and a fifth as many. The index database was down one day this week: that day's chats
    went to transcript files. Raises DemoError if ``target`` exists and is not an empty folder,
    or ``entries`` < 0. Everything is written inside ``target``.
    """
    count = entry_count(entries, DEFAULT_ENTRIES)
    check_target(target)
    today = today or date.today()
    rng = Random(seed)
    phrases = PhraseMaker(rng, _voice())
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
            lines.append(_corpus().text("outage_note"))
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
        put(target / rel, text, at)
    return DemoResult(target / "MEMORY.md", count, (), None, target)


# --- Phrases (read on first use) -----------------------------------------------------------------


def _corpus() -> Corpus:
    """This package's ``demo_corpus.json``."""
    return load_corpus("core.agents.pomelobot")


@cache
def _voice() -> Voice:
    """Contents by category (the corpus's ``templates``); pass ``uid`` for direct ones. One line
    each, without remarks."""
    corpus = _corpus()
    slots = {**developer_slots(), **corpus.slots("slots")}
    templates = corpus.templates("templates")
    return Voice(templates, slots, 0.65, ((), ()), 0.0, frozenset(templates))


# --- Files ---------------------------------------------------------------------------------------


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
    times = moments(rng, today, ages)
    doc = pomelo.new_long_term_file(scope)
    seen: set[str] = set()
    for at in times:
        doc.append_entry(unique_text(partial(phrases.text, category, **fixed), seen), at)
    last = times[-1] if times else datetime.combine(today - timedelta(days=span), time(9, 30))
    return doc.path, doc.render(), last


def _pomelo_daily(rng: Random, scope: str, day: date, lines: Sequence[str]) -> _File:
    """A scope's daily file: the agent's header, then each line saved at its time."""
    times = day_times(rng, len(lines), first_hour=8, last_hour=22)
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
    at = random_moment(today, rng.randint(1, _POMELO_WEEK), rng, first_hour=9, last_hour=21)
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
    slug = rng.choice(_corpus().strings("session_slugs"))
    return f"memory/{at:%Y-%m-%d}-{slug}.md", "\n".join(lines), at
