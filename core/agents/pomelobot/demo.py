"""Pomelobot's and Pomeloclaw's demo workspaces (``memdesk demo DIR --layout pomelobot|pomeloclaw``).

``pomelobot`` (SPEC 2.4, the older layout): main scope ``MEMORY.md`` and ``memory/YYYY-MM-DD.md``,
a group and a direct scope with their long-term, daily and transcript files.

``pomeloclaw`` (spec/pomeloclaw.md, the renamed agent's layout): every scope in
``memory/scopes/<scope>/`` with ``MEMORY.md``, daily files, ``HEARTBEAT.md`` and transcripts; team
entries in the main scope; the root ``AGENTS.md`` and ``SOUL.md`` its prompt starts with.

The bot is an SRE team's (seed 002); its phrases are in this package's ``demo_corpus.json``, with
slot values borrowed from ``core/demo_corpus.json``.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from datetime import date, datetime, time, timedelta
from functools import cache, partial
from pathlib import Path
from random import Random
from typing import Final

from core.agent import DemoResult
from core.agents.pomelobot import format as pomelo
from core.agents.pomelobot.scope_keys import ChannelContext, resolve_scope_key
from core.agents.pomelobot.scopes import MAIN
from core.agents.pomelobot.team import upsert_team_entry
from core.demo import (
    Corpus,
    PhraseMaker,
    Voice,
    check_layout,
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

__all__ = ["CLAW_DEFAULT_ENTRIES", "DEFAULT_ENTRIES", "LAYOUTS", "write_demo"]

CLAW: Final = "pomeloclaw"
LAYOUTS: Final = ("pomelobot", CLAW)
DEFAULT_ENTRIES: Final = 16  # in the main MEMORY.md; the scopes get a third and a fifth as many
CLAW_DEFAULT_ENTRIES: Final = 60  # enough for the main MEMORY.md to pass the prompt's window

_POMELO_WEEK: Final = 7
_SCOPE_CHARS: Final = "abcdefghijklmnopqrstuvwxyz0123456789"

_File = tuple[str, str, datetime]  # workspace-relative path, text, when it was last written


def write_demo(
    target: Path,
    *,
    layout: str = "pomelobot",
    entries: int | None = None,
    seed: int = 0,
    today: date | None = None,
) -> DemoResult:
    """Create ``target`` (or fill it if empty) with a workspace of ``layout`` (see `LAYOUTS`).

    ``pomelobot``: the main scope, ``group_cid…`` and ``direct_u…`` scopes. ``entries`` (in the main ``MEMORY.md``) defaults to 16; the group and direct
    scopes get a third and a fifth as many. The index database was down one day this week: that
    day's chats went to transcript files.

    ``pomeloclaw``: see `write_pomeloclaw`. Raises DemoError for another layout, if ``target``
    exists and is not an empty folder, or ``entries`` < 0. Everything is written inside ``target``.
    """
    check_layout(layout, LAYOUTS)
    if layout == CLAW:
        return write_pomeloclaw(target, entries=entries, seed=seed, today=today)
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
        _pomelo_long_term(rng, phrases, MAIN, count, "long_term", today),
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
        files.append(_pomelo_daily(rng, MAIN, day, lines))
    for age in sorted({outage, *rng.sample(range(1, _POMELO_WEEK + 1), 3)}, reverse=True):
        lines = [phrases.text("group_daily") for _ in range(rng.randint(1, 3))]
        files.append(_pomelo_daily(rng, group, today - timedelta(days=age), lines))
    for age in sorted({outage, rng.randint(1, _POMELO_WEEK)}, reverse=True):
        lines = [phrases.text("direct_daily", uid=uid) for _ in range(rng.randint(1, 2))]
        files.append(_pomelo_daily(rng, direct, today - timedelta(days=age), lines))
    outage_day = today - timedelta(days=outage)
    files.append(_pomelo_transcript(rng, phrases, group, outage_day, rng.randint(3, 4)))
    files.append(_pomelo_transcript(rng, phrases, direct, outage_day, rng.randint(1, 2)))
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
    *,
    layout: str = "pomelobot",
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
    return _long_term_rel(layout, scope), doc.render(), last


def _long_term_rel(layout: str, scope: str) -> str:
    """Where the layout keeps a scope's long-term file (Pomelobot: the main scope's at the root,
    the others' as LONG_TERM.md)."""
    if layout == CLAW:
        return f"memory/scopes/{scope}/MEMORY.md"
    return "MEMORY.md" if scope == MAIN else f"memory/scopes/{scope}/LONG_TERM.md"


def _daily_rel(layout: str, scope: str, day: date) -> str:
    """Where the layout keeps a scope's daily file (Pomelobot: the main scope's in memory/)."""
    if layout == "pomelobot" and scope == MAIN:
        return f"memory/{day.isoformat()}.md"
    return _claw_path(scope, f"{day.isoformat()}.md")


def _pomelo_daily(
    rng: Random, scope: str, day: date, lines: Sequence[str], layout: str = "pomelobot"
) -> _File:
    """A scope's daily file: the agent's header, then each line saved at its time."""
    times = day_times(rng, len(lines), first_hour=8, last_hour=22)
    doc = pomelo.new_daily_file(day, scope)
    for at, line in zip(times, lines, strict=True):
        doc.append_entry(line, at)
    return _daily_rel(layout, scope, day), doc.render(), datetime.combine(day, times[-1])


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


# --- Pomeloclaw ------------------------------------------------------------------------------------

_CLAW_SPAN: Final = 60  # days of long-term memories in the main scope
_ARCHIVE_HOUR: Final = 4  # the agent's archive run: "0 4 */3 * *" (days 1, 4, 7, … of a month)
_TEAM_AGES: Final = {"release": 55, "oncall": 40, "cert": 14}  # days ago
_MERGE_AGE: Final = 20  # the archive run that merged "slow_query" was at least this long ago
_HAND_NOTE_AGE: Final = 12  # a person added a note at the end of main/MEMORY.md
_TEAM_DAILY_AGE: Final = 3  # a team entry saved to that day's main daily file
_Event = tuple[datetime, Callable[[str], str]]  # when, and what it does to a file's text
_FIELD_BREAK: Final = "\x00"  # between the fields of a team entry while their slots are filled


def write_pomeloclaw(
    target: Path, *, entries: int | None = None, seed: int = 0, today: date | None = None
) -> DemoResult:
    """Create ``target`` (or fill it if empty) with a Pomeloclaw workspace used for two months.

    ``memory/scopes/main/``: ``MEMORY.md`` with ``entries`` memories (default 60, enough to pass
    the 4000 characters the agent injects) and four team entries, one with a two-line summary,
    the last followed by a hand-written note and the memories saved after it; a week of daily
    files with the agent's Chinese working summaries (before compactions and on its 3-day archive
    runs, one of which merged a team entry) and a team entry; ``HEARTBEAT.md``. Scopes of a
    DingTalk group and direct chat, a web group, and ``direct_ios_unknown``, which two iOS users
    with Chinese IDs share; transcripts of two group chats; ``AGENTS.md`` and ``SOUL.md`` at the
    root. Nothing is dated after yesterday. Raises DemoError if ``target`` exists and is not an
    empty folder, or ``entries`` < 0.
    """
    count = entry_count(entries, CLAW_DEFAULT_ENTRIES)
    check_target(target)
    today = today or date.today()
    rng = Random(seed)
    phrases = PhraseMaker(rng, _voice())
    corpus = _corpus()
    group = _scope("dingtalk", _dingtalk_id(rng, "cid"), False, "")
    direct = _scope("dingtalk", "", True, _dingtalk_id(rng, "$:LWCP_v1:$"))
    web_group = _scope("web", f"Sess {rng.randint(10, 99)}", False, "alice")
    ios = _scope("ios", "c1", True, corpus.strings("ios_senders")[0])
    uid = f"u{rng.randrange(1000, 10_000)}"
    start = datetime.combine(today - timedelta(days=_CLAW_SPAN + 5), time(10, 12, 40))
    long_term = partial(_pomelo_long_term, rng, phrases, today=today, layout=CLAW)
    files: list[_File] = [
        ("AGENTS.md", corpus.text("agents_md"), start),
        ("SOUL.md", corpus.text("soul_md"), start + timedelta(minutes=9)),
        _claw_main_memory(rng, phrases, count, group, today),
        _claw_heartbeat(rng, phrases, today),
        *_claw_main_dailies(rng, phrases, group, today),
        long_term(group, count // 3, "group_long_term"),
        long_term(direct, count // 5, "direct_long_term", uid=uid),
        long_term(web_group, 2, "web_group_long_term"),
        _claw_ios_memory(rng, ios, today),
    ]
    week = range(_POMELO_WEEK, 0, -1)
    for age in sorted(rng.sample(week, 4), reverse=True):
        lines = [phrases.text("group_daily") for _ in range(rng.randint(1, 3))]
        files.append(_pomelo_daily(rng, group, today - timedelta(days=age), lines, CLAW))
    for age in sorted(rng.sample(week, 2), reverse=True):
        lines = [phrases.text("direct_daily", uid=uid) for _ in range(rng.randint(1, 2))]
        files.append(_pomelo_daily(rng, direct, today - timedelta(days=age), lines, CLAW))
    web_day = today - timedelta(days=rng.randint(1, 3))
    files.append(_pomelo_daily(rng, web_group, web_day, [phrases.text("web_group_daily")], CLAW))
    files.append(_pomelo_transcript(rng, phrases, group, today - timedelta(days=1), 3))
    files.append(_pomelo_transcript(rng, phrases, web_group, web_day, 2))
    for rel, text, at in files:
        put(target / rel, text, at)
    return DemoResult(target / _claw_path(MAIN, "MEMORY.md"), count, (), None, target)


def _scope(channel: str, conversation: str, direct: bool, sender: str) -> str:
    """The scope the agent keeps a conversation's memories in."""
    return resolve_scope_key(ChannelContext(channel, conversation, direct, sender)).key


def _dingtalk_id(rng: Random, prefix: str) -> str:
    """A DingTalk conversation or sender ID: a prefix and base64 (mixed case, +, / and =)."""
    return prefix + base64.b64encode(rng.randbytes(rng.choice((13, 16)))).decode()


def _claw_path(scope: str, name: str) -> str:
    return f"memory/scopes/{scope}/{name}"


def _replay(header: str, events: list[_Event]) -> tuple[str, datetime]:
    """A file's text after its events in time order, the first finding only the agent's header
    (``memory_save_team`` starts a new file with the same header)."""
    events.sort(key=lambda e: e[0])
    text = header
    for _, apply in events:
        text = apply(text)
    return text, events[-1][0]


def _saved(at: datetime, content: str) -> _Event:
    """``memory_save``: ``\\n[HH:MM:SS] content\\n`` appended, the content as given (blank lines
    and ``##`` headings too)."""
    line = f"\n[{pomelo.format_time(at)}] {content}\n"
    return at, lambda text: text + line


def _team_saved(at: datetime, args: dict[str, str], scope: str) -> _Event:
    """``memory_save_team`` called from `scope`: the whole file rewritten with the entry."""
    return at, lambda text: upsert_team_entry(text, args, at, scope)


def _team_args(phrases: PhraseMaker, name: str, target: str) -> dict[str, str]:
    """The tool's arguments as the model passes them: the corpus entry, its slots filled."""
    fields = _corpus().texts(f"team_{name}")
    # filled as one text, so that every field names the same service, drill, …
    filled = phrases.fill(_FIELD_BREAK.join(fields.values())).split(_FIELD_BREAK)
    return {"target": target, **dict(zip(fields, filled, strict=True))}


def _claw_main_memory(
    rng: Random, phrases: PhraseMaker, count: int, group: str, today: date
) -> _File:
    """main/MEMORY.md: memories saved over two months, team entries promoted from the group (one
    merged later by an archive run), a note a person wrote at the end, and the memories saved
    after it."""
    merged = _archive_day(today - timedelta(days=_MERGE_AGE))
    created = (today - merged).days + 1  # the day before the archive run merged it
    # A merge replaces everything from the entry's heading to the next one: no memory was
    # saved between the two (the agent would have deleted it).
    days = [age for age in range(1, _CLAW_SPAN + 1) if age != created]
    seen: set[str] = set()
    make = partial(phrases.text, "long_term")
    ages = [rng.choice(days) for _ in range(count)]
    events = [_saved(at, unique_text(make, seen)) for at in moments(rng, today, ages)]
    for name, age in (*_TEAM_AGES.items(), ("slow_query", created)):
        at = random_moment(today, age, rng, first_hour=9, last_hour=21)
        scope = MAIN if name == "oncall" else group
        events.append(_team_saved(at, _team_args(phrases, name, "long-term"), scope))
    note_at = random_moment(today, _HAND_NOTE_AGE, rng, first_hour=19, last_hour=22)
    note = phrases.fill(_corpus().text("hand_written"))
    events.append((note_at, lambda text: f"{text.rstrip()}\n\n{note}\n"))
    merge_at = datetime.combine(merged, time(_ARCHIVE_HOUR, 0, rng.randint(20, 59)))
    events.append(_team_saved(merge_at, _team_args(phrases, "update", "long-term"), MAIN))
    text, last = _replay(pomelo.long_term_header(MAIN), events)
    return _claw_path(MAIN, "MEMORY.md"), text, last


def _archive_day(before: date) -> date:
    """The last day up to `before` that the agent's 3-day archive ran (the 1st, 4th, 7th, …)."""
    day = before
    while day.day % 3 != 1:
        day -= timedelta(days=1)
    return day


def _claw_main_dailies(rng: Random, phrases: PhraseMaker, group: str, today: date) -> list[_File]:
    """The main scope's last week: memories of the day, working summaries (the archive run's at
    04:00, and before compactions on busy days, yesterday's among them) and one team entry."""
    files = []
    for age in range(_POMELO_WEEK, 0, -1):
        day = today - timedelta(days=age)
        busy = age == 1  # yesterday: more than the startup injection's 1200 characters
        times = day_times(
            rng, rng.randint(6, 8) if busy else rng.randint(2, 4), first_hour=8, last_hour=22
        )
        events = [_saved(datetime.combine(day, t), phrases.text("daily")) for t in times]
        if day.day % 3 == 1:
            at = datetime.combine(day, time(_ARCHIVE_HOUR, 0, rng.randint(5, 19)))
            events.append(_saved(at, _working_summary(rng, phrases)))
        compactions = [10, 13, 16, 20] if busy else [15] if rng.random() < 0.3 else []
        for hour in compactions:
            at = datetime.combine(day, time(hour, rng.randrange(60), rng.randrange(60)))
            events.append(_saved(at, _working_summary(rng, phrases)))
        if age == _TEAM_DAILY_AGE:
            at = datetime.combine(day, time(16, rng.randrange(60), rng.randrange(60)))
            events.append(_team_saved(at, _team_args(phrases, "drill", "daily"), group))
        text, last = _replay(pomelo.daily_header(day, MAIN), events)
        files.append((_claw_path(MAIN, f"{day.isoformat()}.md"), text, last))
    return files


def _working_summary(rng: Random, phrases: PhraseMaker) -> str:
    """The Chinese working summary the agent asks the model to save (a ``- `` line or 无 a
    section)."""
    sections = []
    for heading, values in _corpus().slots("working_summary").items():
        value = phrases.fill(rng.choice(values))
        sections.append(f"## {heading}\n{value if value == '无' else '- ' + value}")
    return "\n\n".join(sections)


def _claw_heartbeat(rng: Random, phrases: PhraseMaker, today: date) -> _File:
    """main/HEARTBEAT.md: lessons from corrections (``heartbeat_save``), time-stamped only."""
    lessons = _corpus().slots("heartbeat")
    ages = sorted(rng.sample(range(2, 45), len(lessons)), reverse=True)
    text = f"# Heartbeat ({MAIN})\n\n"
    at = datetime.min
    for age, (category, contents) in zip(ages, lessons.items(), strict=True):
        at = random_moment(today, age, rng, first_hour=9, last_hour=22)
        content = phrases.fill(rng.choice(contents))
        text += f"\n## [{pomelo.format_time(at)}] {category}\n{content}\n"
    return _claw_path(MAIN, "HEARTBEAT.md"), text, at


def _claw_ios_memory(rng: Random, scope: str, today: date) -> _File:
    """The scope two iOS users share (their IDs have no Latin letters): each one's memories."""
    contents = _corpus().strings("ios_direct")
    ages = [rng.randint(2, 20) for _ in contents]
    events = [_saved(at, c) for at, c in zip(moments(rng, today, ages), contents, strict=True)]
    text, last = _replay(pomelo.long_term_header(scope), events)
    return _claw_path(scope, "MEMORY.md"), text, last
