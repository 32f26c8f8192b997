"""What Pomeloclaw puts into its prompt when a session starts (spec/pomeloclaw.md 6).

Two messages, byte-identical to the agent's own:

* the bootstrap message (``buildPromptBootstrapMessage``, first turn of a thread): AGENTS.md,
  TOOLS.md, SOUL.md, HEARTBEAT.md and the scope's long-term MEMORY.md, each cut to its first
  4000 characters, all five to 12 000 (MEMORY gets the largest share);
* the startup memory injection (``buildSessionStartupMemoryInjection``, when the thread has no
  history yet): the last 80 non-blank lines of today's and yesterday's daily files, each cut to
  its first 1200 characters, both to 2400, wrapped as the session's first user message.

The agent keeps the *head* of MEMORY.md while ``memory_save`` appends at its end: once the file
passes the window, the newest memories are no longer in the prompt (``prompt_window_losses``).

The functions are pure over the files' texts (a mapping of workspace-relative path to text, None
for a file that does not exist); ``read_files`` reads them from a workspace as the agent would.
Lengths, cuts and windows are in UTF-16 units, as JavaScript counts them: a cut may split an emoji
and leave half of it (a lone surrogate) in the text, as it does in the agent's prompt.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Final

from core.agent import Context, Injected, Unseen
from core.agents.pomelobot.scope_keys import sanitize_path_segment
from core.formats.js import js_trim, js_trim_end, js_trim_start
from core.messages import say
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import read_or_none

__all__ = [
    "BOOTSTRAP_HEADER",
    "FILE_MAX_CHARS",
    "STARTUP_HEADER",
    "Files",
    "bootstrap_message",
    "check_scope",
    "context",
    "context_of",
    "prompt_window_losses",
    "read_files",
    "startup_injection",
    "startup_message",
]

Files = Mapping[str, str | None]  # workspace-relative path -> text, None: no such file

FILE_MAX_CHARS: Final = 4000  # DEFAULT_BOOTSTRAP_FILE_MAX_CHARS
TOTAL_MAX_CHARS: Final = 12_000  # DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS
MEMORY_MIN_CHARS: Final = 1800  # DEFAULT_MEMORY_SECTION_MIN_CHARS
STARTUP_MAX_LINES: Final = 80
STARTUP_FILE_CHARS: Final = 1200
STARTUP_TOTAL_CHARS: Final = 2400
STARTUP_MIN_CHARS: Final = 20
ELLIPSIS: Final = "…"

BOOTSTRAP_HEADER: Final = "\n".join(
    [
        "【Prompt Bootstrap / 系统上下文转述】",
        "以下内容来自工作区 Markdown 引导文件（参考 智能体 的多文件注入思路）。",
        "规则优先级（高 -> 低）：",
        "1) 平台与运行时硬约束（安全策略、审批、工具白名单/黑名单）",
        "2) 系统提示词中的硬规则",
        "3) 用户当前任务目标与明确约束",
        "4) AGENTS（项目协作与执行规范）",
        "5) TOOLS（工具使用约定）",
        "6) SOUL（身份、语气、偏好边界；可 scope 覆盖）",
        "7) HEARTBEAT（纠错与复盘经验；可 scope 覆盖）",
        "8) MEMORY（长期/关键记忆事实；按 scope 注入）",
        "冲突处理：安全/边界冲突按高优先级执行；若仅为风格冲突，优先满足用户当前任务并在 "
        "HEARTBEAT 记录纠偏经验。",
    ]
)
STARTUP_HEADER: Final = (
    "【会话启动记忆注入（今昨摘要）】\n"
    "以下内容来自 Markdown 记忆文件（非向量库），仅作首轮上下文补充。\n"
    "若用户追问历史细节，仍应调用 memory_search / memory_get 取证。\n"
)
_WEIGHTS: Final = {"agents": 1.7, "tools": 1.2, "soul": 1.0, "heartbeat": 1.0, "memory": 3.5}

_STAMPED = re.compile(r"\[\d{2}:\d{2}:\d{2}\] ")
_HEARTBEAT = re.compile(r"## \[\d{2}:\d{2}:\d{2}\] ")
_TEAM_HEADING: Final = "## 团队记忆条目"
_TEAM_TITLE = re.compile(r"- 标题:[ \t]*(\S.*)")
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")
_WORDS: Final = 60  # characters of a memory that name it in `unseen`
_SEEN: Final = 12  # a memory is in the prompt when this much of its first line is: "[HH:MM:SS] x"


# --- JavaScript strings ---------------------------------------------------------------------------


def _units(text: str) -> str:
    """`text` with each character beyond U+FFFF as its two UTF-16 surrogates, so that len() and
    slices count as JavaScript does."""
    if text.isascii():
        return text
    return _ASTRAL.sub(_surrogates, text)


def _surrogates(match: re.Match[str]) -> str:
    code = ord(match.group()) - 0x10000
    return chr(0xD800 + (code >> 10)) + chr(0xDC00 + (code & 0x3FF))


def _plain(units: str) -> str:
    """Surrogate pairs joined back into characters (a lone one is kept)."""
    if units.isascii():
        return units
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def _clip(text: str, limit: int) -> tuple[str, bool]:
    """``clipInjectedText``: CRLF to LF, trimmed, the head kept with "…" (units in, units out)."""
    normalized = js_trim(text.replace("\r\n", "\n"))
    if limit <= 0:
        return "", bool(normalized)
    if len(normalized) <= limit:
        return normalized, False
    return normalized[: limit - 1] + ELLIPSIS, True


def _head(text: str, limit: int) -> str:
    """``text.slice(0, limit - 1) + "…"`` when longer than `limit`."""
    return text if len(text) <= limit else text[: max(0, limit - 1)] + ELLIPSIS


# --- The bootstrap message ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Candidate:
    rel: str
    name: str
    scoped: bool  # memory/scopes/<scope>/… (else the workspace root)


@dataclass(frozen=True, slots=True)
class _Section:
    topic: str
    file: _Candidate
    missing: bool
    truncated: bool
    content: str  # UTF-16 units
    raw: str | None  # the file's text (units), None when it does not exist
    squeezed: bool = False  # cut to fit the five files' total, below the per-file window

    def frame(self, content: str) -> str:
        meta = ", ".join(
            [
                f"path={self.file.rel}",
                f"name={self.file.name}",
                f"scope={'scope' if self.file.scoped else 'global'}",
                f"missing={'true' if self.missing else 'false'}",
                f"truncated={'true' if self.truncated else 'false'}",
            ]
        )
        return f"## {self.topic.upper()}\n[{meta}]\n{content}"


def _candidates(scope: str) -> list[tuple[str, list[_Candidate]]]:
    """Each topic's files, in the agent's order; the first that exists is read."""
    folder = f"memory/scopes/{sanitize_path_segment(scope)}"

    def scoped(name: str) -> list[_Candidate]:
        return [_Candidate(f"{folder}/{name}", name, True), _Candidate(name, name, False)]

    memory = [
        _Candidate(f"{folder}/MEMORY.md", "MEMORY.md", True),
        _Candidate(f"{folder}/LONG_TERM.md", "LONG_TERM.md", True),
    ]
    if sanitize_path_segment(scope) == "main":
        memory.append(_Candidate("MEMORY.md", "MEMORY.md", False))
    agents = [
        _Candidate("AGENTS.md", "AGENTS.md", False),
        _Candidate("AGENT.md", "AGENT.md", False),
    ]
    return [
        ("agents", agents),
        ("tools", scoped("TOOLS.md")),
        ("soul", scoped("SOUL.md")),
        ("heartbeat", scoped("HEARTBEAT.md")),
        ("memory", memory),
    ]


def _load(files: Files, topic: str, candidates: list[_Candidate]) -> _Section:
    """``readBootstrapFile`` of the first candidate that exists (else of the first)."""
    file = next((c for c in candidates if files.get(c.rel) is not None), candidates[0])
    text = files.get(file.rel)
    if text is None:
        return _Section(topic, file, True, False, f"(文件缺失) {file.rel}", None)
    raw = _units(text)
    content, truncated = _clip(raw, FILE_MAX_CHARS)
    if not content:
        return _Section(topic, file, True, False, f"(文件为空) {file.rel}", raw)
    return _Section(topic, file, False, truncated, content, raw)


def _sections(files: Files, scope: str) -> list[_Section]:
    """The five sections as the message holds them (``applyBootstrapBodyBudget``)."""
    loaded = [_load(files, topic, found) for topic, found in _candidates(scope)]
    body_max = max(0, TOTAL_MAX_CHARS - len(BOOTSTRAP_HEADER) - 2)
    separators = (len(loaded) - 1) * 2
    frames = sum(len(s.frame("")) for s in loaded)
    budgets = _allocate(loaded, max(0, body_max - separators - frames))
    out = []
    for section, budget in zip(loaded, budgets, strict=True):
        content, cut = _clip(section.content, budget)
        out.append(
            _Section(
                section.topic,
                section.file,
                section.missing,
                section.truncated or cut,
                content,
                section.raw,
                cut,
            )
        )
    return out


def _allocate(sections: list[_Section], available: int) -> list[int]:
    """``allocateBodyContentBudgets``: MEMORY's floor first, then shares by topic weight."""
    lengths = [len(s.content) for s in sections]
    budgets = [0] * len(sections)
    if available <= 0 or not sections:
        return budgets
    if sum(lengths) <= available:
        return lengths
    memory = next((i for i, s in enumerate(sections) if s.topic == "memory"), None)
    if memory is not None:
        budgets[memory] = max(0, min(MEMORY_MIN_CHARS, lengths[memory], available))
    remaining = available - sum(budgets)
    pending = [i for i in range(len(sections)) if lengths[i] > budgets[i]]
    while remaining > 0 and pending:
        weights = [_WEIGHTS[sections[i].topic] for i in pending]
        total = 0.0
        for weight in weights:
            total += weight
        distributed = 0
        for i, weight in zip(list(pending), weights, strict=True):
            share = max(1, math.floor(remaining * weight / total))
            grant = min(lengths[i] - budgets[i], share, remaining - distributed)
            if grant <= 0:
                continue
            budgets[i] += grant
            distributed += grant
            if budgets[i] >= lengths[i]:
                pending.remove(i)
            if distributed >= remaining:
                break
        if distributed <= 0:
            break
        remaining -= distributed
    return budgets


def bootstrap_message(files: Files, scope: str) -> str:
    """The bootstrap message's text, exactly as the agent sends it (role "user")."""
    return _bootstrap_text(_sections(files, scope))


def _bootstrap_text(sections: list[_Section]) -> str:
    body = "\n\n".join(s.frame(s.content) for s in sections)
    return _plain(f"{BOOTSTRAP_HEADER}\n\n{body}")


# --- The startup memory injection ----------------------------------------------------------------


def _daily_rel(scope: str, day: date) -> str:
    return f"memory/scopes/{scope}/{day.isoformat()}.md"


def _days(today: date) -> list[date]:
    return [today, today - timedelta(days=1)]


@dataclass(frozen=True, slots=True)
class _Compact:
    """``compactStartupMemoryText`` of one file, and where its lines went (units)."""

    text: str  # the last 80 non-blank lines, trimmed, cut to 1200 with "…"
    window: list[tuple[int, int]]  # (line index in the file, offset in `text`) of those lines
    shown: int  # units of `text` taken from the file (without the "…")
    skipped: int  # non-blank lines before the window


def _compact(raw: str) -> _Compact:
    lines = [(i, js_trim_end(line)) for i, line in enumerate(raw.split("\n"))]
    lines = [(i, line) for i, line in lines if js_trim(line)]
    kept = lines[-STARTUP_MAX_LINES:]
    joined = "\n".join(line for _, line in kept)
    merged = js_trim(joined)
    offset = len(js_trim_start(joined)) - len(joined)  # trimmed off the first line
    window = []
    for i, line in kept:
        window.append((i, max(0, offset)))
        offset += len(line) + 1
    text = _head(merged, STARTUP_FILE_CHARS)
    shown = len(merged) if text == merged else len(text) - 1
    return _Compact(text, window, shown, len(lines) - len(kept))


@dataclass(frozen=True, slots=True)
class _Daily:
    """One day's file and what of it the injection holds."""

    day: date
    rel: str
    raw: str | None  # units; None: no such file
    compact: _Compact | None
    block: str = ""  # "### DATE (PATH)\n…" as in the injection; "" when left out
    shown: int = 0  # units of the compacted text that reach the prompt
    left_out: str = ""  # why the day is not in the injection


def _dailies(files: Files, scope: str, today: date) -> list[_Daily]:
    """Today's and yesterday's files (``buildSessionStartupMemoryInjection`` with
    ``trimInjectionByTotalChars``: a block that does not fit is cut, and ends the injection)."""
    out: list[_Daily] = []
    room = STARTUP_TOTAL_CHARS - len(STARTUP_HEADER)
    for day in _days(today):
        rel = _daily_rel(scope, day)
        text = files.get(rel)
        if text is None:
            out.append(_Daily(day, rel, None, None, left_out=say("no such file")))
            continue
        raw = _units(text)
        found = _compact(raw)
        if len(found.text) < STARTUP_MIN_CHARS:
            why = say("under {count} characters of text", count=STARTUP_MIN_CHARS)
            out.append(_Daily(day, rel, raw, found, left_out=why))
            continue
        head = f"### {day.isoformat()} ({rel})\n"
        block = head + found.text
        if len(block) <= room:
            room -= len(block)
            out.append(_Daily(day, rel, raw, found, block, found.shown))
        elif room >= STARTUP_MIN_CHARS:
            shown = min(found.shown, max(0, room - 1 - len(head)))
            out.append(_Daily(day, rel, raw, found, _head(block, room), shown))
            room = 0
        else:
            why = say(
                "the startup injection's {count} characters are used up", count=STARTUP_TOTAL_CHARS
            )
            out.append(_Daily(day, rel, raw, found, left_out=why))
            room = 0
    return out


def startup_injection(files: Files, scope: str, today: date) -> str | None:
    """The startup memory injection exactly as ``buildSessionStartupMemoryInjection`` returns it
    (None when neither day has 20 characters of text)."""
    return _injection_text(_dailies(files, scope, today))


def _injection_text(dailies: list[_Daily]) -> str | None:
    blocks = [d.block for d in dailies if d.block]
    return _plain(STARTUP_HEADER + "\n\n".join(blocks)) if blocks else None


def startup_message(injection: str) -> str:
    """The session's first user message that carries the injection."""
    return "\n".join(
        ["【会话启动上下文】", injection, "", "以上是会话启动补充信息，请结合当前问题作答。"]
    )


# --- Which memories the model sees --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Entry:
    index: int  # 0-based line
    offset: int  # units from the start of the text
    words: str
    seen_at: int  # units of its first line the prompt must hold for the memory to be seen


def _entries(text: str) -> list[_Entry]:
    """The memories of a memory file (LF text, units): ``[HH:MM:SS] `` lines after a blank line
    or the header, team entries (``## 团队记忆条目``) and heartbeat entries (``## [HH:MM:SS] ``)."""
    lines = text.split("\n")
    found: list[_Entry] = []
    offset = 0
    for i, line in enumerate(lines):
        after_blank = i == 0 or not js_trim(lines[i - 1]) or (i == 1 and lines[0].startswith("# "))
        if line.rstrip("\r") == _TEAM_HEADING:
            found.append(_Entry(i, offset, _team_words(lines[i + 1 : i + 8]), len(_TEAM_HEADING)))
        elif _HEARTBEAT.match(line) or (after_blank and _STAMPED.match(line)):
            found.append(_Entry(i, offset, _words(line), min(_SEEN, len(line))))
        offset += len(line) + 1
    return found


def _team_words(meta: list[str]) -> str:
    for line in meta:
        title = _TEAM_TITLE.match(line)
        if title:
            return _words(f"团队记忆条目: {title.group(1)}")
    return _TEAM_HEADING


def _words(line: str) -> str:
    text = js_trim(_plain(line))
    return text if len(text) <= _WORDS else text[: _WORDS - 1] + ELLIPSIS


def _losses(raw: str, kept: int) -> list[_Entry]:
    """The entries of a head-cut file that start beyond its first `kept` units (after trim)."""
    normalized = raw.replace("\r\n", "\n").replace("\r\n", "\n")  # cut twice, as the agent does
    lead = len(normalized) - len(js_trim_start(normalized))
    return [e for e in _entries(normalized) if e.offset - lead + e.seen_at > kept]


def prompt_window_losses(text: str, *, window: int = FILE_MAX_CHARS) -> list[tuple[int, str]]:
    """The memories of a MEMORY.md (or HEARTBEAT.md) text that the agent's head window of
    `window` characters leaves out of the prompt: (1-based line, first words), oldest first."""
    raw = _units(text)
    content, truncated = _clip(raw, window)
    if not truncated:
        return []
    return [(e.index + 1, e.words) for e in _losses(raw, len(content) - 1)]


# --- Context --------------------------------------------------------------------------------------


def _bootstrap_part(section: _Section) -> Injected:
    label = f"{section.topic.upper()} ({section.file.name})"
    if section.raw is None:
        note = say("no such file: the prompt says (文件缺失) {path}", path=section.file.rel)
        return Injected(section.file.rel, 0, 0, False, "", label, (note,))
    if section.missing:
        note = say("empty: the prompt says (文件为空) {path}", path=section.file.rel)
        return Injected(section.file.rel, len(section.raw), 0, False, "", label, (note,))
    kept = len(section.content) - (1 if section.truncated else 0)
    notes: tuple[str, ...] = ()
    unseen: tuple[Unseen, ...] = ()
    if section.truncated:
        notes = (_window_note(section, kept),)
    if section.truncated and section.topic in ("memory", "heartbeat"):
        unseen = tuple(Unseen(e.index + 1, e.words) for e in _losses(section.raw, kept))
    text = _plain(section.content)
    return Injected(
        section.file.rel, len(section.raw), len(section.content), section.truncated, text,
        label, notes, unseen,
    )  # fmt: skip


def _window_note(section: _Section, kept: int) -> str:
    memories = section.topic in ("memory", "heartbeat")
    if section.squeezed and memories:
        return say(
            "the agent keeps the first {count} characters here (the five files share {total} "
            "characters): newer memories appended at the end are not in the prompt",
            count=kept, total=TOTAL_MAX_CHARS,
        )  # fmt: skip
    if section.squeezed:
        return say(
            "the agent keeps the first {count} characters here (the five files share {total} "
            "characters): the rest of the file is not in the prompt",
            count=kept, total=TOTAL_MAX_CHARS,
        )  # fmt: skip
    if memories:
        return say(
            "the agent keeps the first {count} characters of each file: newer memories "
            "appended at the end are not in the prompt",
            count=FILE_MAX_CHARS,
        )
    return say(
        "the agent keeps the first {count} characters of each file: the rest of the file is "
        "not in the prompt",
        count=FILE_MAX_CHARS,
    )


def _daily_part(daily: _Daily) -> Injected:
    label = say("Daily notes {day}", day=daily.day.isoformat())
    if daily.raw is None or daily.compact is None:
        note = say("no such file: nothing of this day is injected")
        return Injected(daily.rel, 0, 0, False, "", label, (note,))
    if not daily.block:
        unseen = tuple(Unseen(e.index + 1, e.words) for e in _entries(daily.raw))
        note = say("left out: {reason}", reason=daily.left_out)
        return Injected(daily.rel, len(daily.raw), 0, bool(unseen), "", label, (note,), unseen)
    found = daily.compact
    shown = dict(found.window)
    unseen = tuple(
        Unseen(e.index + 1, e.words)
        for e in _entries(daily.raw)
        if e.index not in shown or shown[e.index] + e.seen_at > daily.shown
    )
    notes = []
    if found.skipped:
        notes.append(
            say(
                "only the last {count} non-blank lines are injected (from line {number}): "
                "the older lines before them are not in the prompt",
                count=STARTUP_MAX_LINES,
                number=found.window[0][0] + 1,
            )
        )
    if daily.shown < found.shown:
        notes.append(
            say(
                "cut after {count} characters to fit the startup injection's {total}: "
                "the newest lines at the end are not in the prompt",
                count=daily.shown,
                total=STARTUP_TOTAL_CHARS,
            )
        )
    elif found.shown < len(found.text):
        notes.append(
            say(
                "cut after {count} characters (the agent keeps the first {total} characters "
                "of those lines): the newest lines at the end are not in the prompt",
                count=found.shown,
                total=STARTUP_FILE_CHARS,
            )
        )
    injected = daily.block[len(f"### {daily.day.isoformat()} ({daily.rel})\n") :]
    return Injected(
        daily.rel, len(daily.raw), len(injected), bool(notes), _plain(injected), label,
        tuple(notes), unseen,
    )  # fmt: skip


def context_of(files: Files, scope: str, today: date) -> Context:
    """What the agent injects for a new session of `scope` on `today` (the local date), from the
    files' texts: a part per file, in the agent's order, and the messages [bootstrap, startup]."""
    sections, dailies = _sections(files, scope), _dailies(files, scope, today)
    parts = [_bootstrap_part(s) for s in sections] + [_daily_part(d) for d in dailies]
    messages = [_bootstrap_text(sections)]
    injection = _injection_text(dailies)
    if injection is not None:
        messages.append(startup_message(injection))
    title = say(
        "Pomeloclaw: a new session in scope {scope} on {day}", scope=scope, day=today.isoformat()
    )
    return Context(parts, messages, title)


def check_scope(scope: str) -> None:
    """Refuses a name the agent would read another scope's folder for (WorkspaceError)."""
    if sanitize_path_segment(scope) != scope:
        raise WorkspaceError(
            say(
                "'{scope}' is not a scope name as the agent makes them (letters a-z, digits, "
                "'_' and '-'; it would read memory/scopes/{folder})",
                scope=scope,
                folder=sanitize_path_segment(scope),
            ),
            exit_code=EXIT_REFUSED,
        )


def read_files(workspace: Path, scope: str, today: date) -> dict[str, str | None]:
    """The files the agent reads for a new session of `scope`, decoded as Node decodes them
    (invalid UTF-8 as U+FFFD, BOM kept); of each topic's candidates, up to the first found."""
    check_scope(scope)
    files: dict[str, str | None] = {}
    for _topic, candidates in _candidates(scope):
        for candidate in candidates:
            files[candidate.rel] = _read(workspace, candidate.rel)
            if files[candidate.rel] is not None:
                break
    for day in _days(today):
        rel = _daily_rel(scope, day)
        files[rel] = _read(workspace, rel)
    return files


def _read(workspace: Path, rel: str) -> str | None:
    data = read_or_none(workspace / rel, root=workspace)
    return None if data is None else data.decode("utf-8", errors="replace")


def context(workspace: Path, scope: str, today: date) -> Context:
    """`context_of` the workspace's files."""
    return context_of(read_files(workspace, scope, today), scope, today)
