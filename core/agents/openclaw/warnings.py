"""What OpenClaw is about to destroy or hide, said before it happens (spec/openclaw.md §10):
`memdesk check` lists these, and the file's page shows them as a banner.

Each warning names the entries concerned by line. Nothing here changes a file."""

from __future__ import annotations

from collections.abc import Iterable

from core.agent import Injected
from core.agents.openclaw import dreaming, dreams_file
from core.agents.openclaw.layout import FileKind
from core.formats.problems import Problem, excerpt
from core.messages import N_, say

# A promotion section of a few candidates: when MEMORY.md has less room than this, the next
# sweep's trimmer starts deleting old generated sections.
TYPICAL_SECTION_CHARS = 1_000
SHOWN_LINES = 5
_DREAMING_SIGNS = ("<!-- openclaw-memory-promotion:", "## Consolidated Memory (")


def file_warnings(rel: str, kind: FileKind, text: str) -> list[Problem]:
    """The warnings of one file, from its text as it would be saved."""
    if kind == "memory":
        return [*_budget(rel, text), *_consolidation(rel, text), *_crlf(rel, text)]
    if kind == "daily":
        return _risks(rel, dreams_file.daily_note_risks(text))
    if kind == "dreams":
        return _risks(rel, dreams_file.dreams_risks(text))
    if kind == "recall":
        return [_legacy_recall(rel)]
    return []


def prompt_warnings(parts: Iterable[Injected]) -> list[Problem]:
    """Memories the model will not see when a session starts (a cut, a filter, a limit)."""
    found = []
    for part in parts:
        if not part.unseen:
            continue
        why = part.notes[0] if part.notes else N_("the agent leaves them out of its prompt")
        listed = "; ".join(u.label for u in part.unseen[:SHOWN_LINES])
        more = len(part.unseen) - SHOWN_LINES
        if more > 0:
            message = say(
                "{count} memories are not in the prompt at session start ({why}): "
                "{listed_text} and {more} more",
                count=len(part.unseen),
                why=why,
                listed_text=listed,
                more=more,
            )
        else:
            message = say(
                "{count} memories are not in the prompt at session start ({why}): {listed_text}",
                count=len(part.unseen),
                why=why,
                listed_text=listed,
            )
        first = part.unseen[0].line
        found.append(_warning(part.file, first, "not_in_prompt", message))
    return found


def _budget(rel: str, text: str) -> list[Problem]:
    report = dreaming.budget_report(text)
    found = []
    if report.promotions_blocked:
        found.append(
            _warning(
                rel,
                1,
                "promotion_budget",
                say(
                    "MEMORY.md has {size} of the {budget} characters OpenClaw allows "
                    "before it stops promoting: its dreaming will silently stop adding memories "
                    "here until the file is shorter",
                    size=f"{report.size:,}",
                    budget=f"{report.budget:,}",
                ),
            )
        )
    near = report.room < TYPICAL_SECTION_CHARS
    for section in report.drop_order:
        edited = section.edited_lines
        if not (near and section.within_loss_bound) and not edited:
            continue
        what = (
            say("your edits of line {lines} go with it", lines=", ".join(map(str, edited)))
            if edited
            else say("its {count} memories go with it", count=section.entry_count)
        )
        when = N_("at the next promotion") if near else N_("when MEMORY.md nears its size limit")
        found.append(
            _warning(
                rel,
                section.first_line,
                "promotion_trim",
                say(
                    "OpenClaw's trimmer deletes the promotion section of {day} (lines "
                    "{first}-{last}) {when}; {what}. Pin it to keep it "
                    "(a line of your own text in the section)",
                    day=section.date,
                    first=section.first_line,
                    last=section.last_line,
                    when=when,
                    what=what,
                ),
            )
        )
    return found


def _consolidation(rel: str, text: str) -> list[Problem]:
    """Only where dreaming has written here: a workspace without it never consolidates."""
    if not any(sign in text for sign in _DREAMING_SIGNS):
        return []
    lines = dreaming.rewritable_lines(text)
    if not lines:
        return []
    most = dreaming.max_lines_removed_per_sweep(text)
    named = "; ".join(
        say("line {line}: {text}", line=r.line, text=excerpt(r.text, 50))
        for r in lines[:SHOWN_LINES]
    )
    more = len(lines) - SHOWN_LINES
    if more > 0:
        message = say(
            "OpenClaw's dreaming writes here: with consolidation on it may delete or re-word up to "
            "{most} of these {count} hand-written lines per sweep, leaving a trace only in "
            "DREAMS.md: {named_text} and {more} more",
            most=most,
            count=len(lines),
            named_text=named,
            more=more,
        )
    else:
        message = say(
            "OpenClaw's dreaming writes here: with consolidation on it may delete or re-word up to "
            "{most} of these {count} hand-written lines per sweep, leaving a trace only in "
            "DREAMS.md: {named_text}",
            most=most,
            count=len(lines),
            named_text=named,
        )
    return [_warning(rel, lines[0].line, "consolidation", message)]


def _crlf(rel: str, text: str) -> list[Problem]:
    if "\r\n" not in text:
        return []
    return [
        _warning(
            rel,
            1,
            "mixed_line_ends",
            N_(
                "this file has Windows (CRLF) line ends; OpenClaw appends its promotion sections "
                "with LF, so the file will have mixed line ends"
            ),
        )
    ]


def _risks(rel: str, risks: list[dreams_file.Risk]) -> list[Problem]:
    return [
        _warning(
            rel,
            r.first_line,
            r.kind.replace("-", "_"),
            r.explanation.format(text=excerpt(r.text, 60))
            if r.text
            else r.explanation.removesuffix(": {text}"),
        )
        for r in risks
    ]


def _legacy_recall(rel: str) -> Problem:
    return _warning(
        rel,
        1,
        "legacy_recall_store",
        N_(
            "a legacy recall store: OpenClaw releases since 2026.6 keep this state in their own "
            "database and ignore this file (`openclaw doctor --fix` imports it once and renames "
            "it); editing it changes nothing"
        ),
    )


def _warning(rel: str, line: int, kind: str, message: str) -> Problem:
    return Problem(rel, line, line, kind, message, severity="warning")
