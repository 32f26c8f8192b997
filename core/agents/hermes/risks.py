"""What Hermes will refuse, hide or rewrite in a memory file (spec/hermes.md 2.3-2.5, 4.4, 8),
said before it happens: of a file as it is (`memdesk check`, the page's banner), and of an edit
or add before MemDesk makes it (`cautions`).

`drift` is the agent's drift guard, run as it runs it before every replace, remove and batch
(approving a staged write runs it too, `approval`):
a file whose text is not exactly its entries joined by `§` lines, or with one entry longer than
the file's whole limit, makes the agent refuse the write and copy the file to
`<file>.bak.<seconds>`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from core.agents.hermes.format import DELIMITER, MemoryFile, agent_entries, as_agent_reads
from core.agents.hermes.threats import threats
from core.messages import N_, say


@dataclass(frozen=True, slots=True)
class Risk:
    line: int  # 1-based; 1 for the whole file
    kind: str  # over-limit, drift, duplicate, blocked, normalised
    message: str


def drift(raw: str, limit: int) -> str | None:
    """Why the agent's drift guard fires on this file's text, else None."""
    text = as_agent_reads(raw)
    parsed = agent_entries(text)
    longest = max(map(len, parsed), default=0)
    if longest > limit:
        return say(
            "an entry of {longest} characters is longer than the whole file's {limit}: "
            "shorten or split it",
            longest=f"{longest:,}",
            limit=f"{limit:,}",
        )
    if text.strip() != DELIMITER.join(parsed):
        return N_("blank lines or spaces around a '§' line, or an empty entry: remove them")
    return None


def drift_line(name: str, reason: str) -> str:
    return say(
        "Hermes refuses its next replace or remove in {name} and copies the file to "
        "{name}.bak.<seconds>: {reason}",
        name=name,
        reason=reason,
    )


def over_limit_line(name: str, used: int, limit: int) -> str:
    return say(
        "{name} holds {used} of its {limit} characters: Hermes refuses every add until "
        "entries are removed or shortened",
        name=name,
        used=f"{used:,}",
        limit=f"{limit:,}",
    )


def copies_line(name: str, copies: int) -> str:
    """The drift copies the agent left beside the file (spec 8.9)."""
    if copies == 1:
        return say(
            "1 copy of {name} left by Hermes when it refused a write ({name}.bak.<seconds>): "
            "it never deletes them; Backups lists them",
            name=name,
        )
    return say(
        "{count} copies of {name} left by Hermes when it refused a write "
        "({name}.bak.<seconds>): it never deletes them; Backups lists them",
        count=f"{copies:,}",
        name=name,
    )


def file_risks(doc: MemoryFile, name: str, limit: int) -> list[Risk]:
    """Everything the agent will refuse, hide or drop in the file as it is."""
    risks = []
    used = doc.chars()
    if used > limit:
        risks.append(Risk(1, "over-limit", over_limit_line(name, used, limit)))
    reason = drift(doc.raw, limit)
    if reason:
        risks.append(Risk(1, "drift", drift_line(name, reason)))
    for entry in doc.entries():
        found = threats(entry.text)
        if entry.duplicate:
            message = N_("repeats an earlier entry: Hermes drops it at its next write")
            risks.append(Risk(entry.line, "duplicate", message))
        elif found:
            message = say(
                "hidden from the model: Hermes' threat scan flags it ({threats}) and "
                "puts [BLOCKED] in its place",
                threats=", ".join(found),
            )
            risks.append(Risk(entry.line, "blocked", message))
    changed = normalised(doc)
    if changed:
        message = say("Hermes' next add rewrites the whole file: {changed}", changed=changed)
        risks.append(Risk(1, "normalised", message))
    return risks


def normalised(doc: MemoryFile) -> str:
    """What the agent's next add changes of the file, which it rewrites from its entries ("" for
    nothing); duplicates are told of each."""
    raw = doc.raw
    text = as_agent_reads(raw)
    parts = []
    if text != raw:
        parts.append(N_("its Windows line ends (CRLF) become Unix ones (LF)"))
    pieces = text.strip().split(DELIMITER)  # blanks around the whole text are no one's data
    if any(not p.strip() for p in pieces) and text.strip():
        parts.append(N_("its empty entries go"))
    if any(p.strip() and p != p.strip() for p in pieces):
        parts.append(N_("the blank lines and spaces around entries go"))
    return ", ".join(parts)


def as_agent_writes(doc: MemoryFile) -> str:
    """The file as the agent's next write leaves it: its entries once each, LF, stripped,
    joined by `§` lines, nothing around them (what "Write it as Hermes writes it" saves)."""
    return DELIMITER.join(dict.fromkeys(doc.texts()))


def cautions(before: MemoryFile, after: MemoryFile, name: str, limit: int) -> list[str]:
    """What an edit or add (`before` → `after`) makes the agent refuse, hide or fail at."""
    out = []
    old = Counter(before.texts())
    new = Counter(after.texts())
    added = [t for t in new if t not in old]
    used = after.chars()
    if used > limit and used > before.chars():
        out.append(over_limit_line(name, used, limit))
    for text in added:
        found = threats(text)
        if found:
            out.append(
                say(
                    "Hermes refuses to write this text and hides it from the model: its threat "
                    "scan flags it ({threats})",
                    threats=", ".join(found),
                )
            )
    if any(new[t] > 1 and new[t] > old[t] for t in new):
        out.append(
            say("the same text is already an entry of {name}: Hermes drops the repeat", name=name)
        )
    return out + new_drift(before, after, name, limit)


def new_drift(before: MemoryFile, after: MemoryFile, name: str, limit: int) -> list[str]:
    """The drift guard's refusal that `after` brings and `before` did not have (a change, or a
    drift copy restored)."""
    reason = drift(after.raw, limit)
    return [drift_line(name, reason)] if reason and not drift(before.raw, limit) else []
