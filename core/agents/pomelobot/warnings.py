"""What Pomeloclaw is about to destroy or hide, said before it happens (spec/pomeloclaw.md 8):
`memdesk check` lists these, and a file's page shows those of the file as a banner.

Each warning names the entries concerned, its file relative to the workspace. Nothing here
changes a file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import date
from pathlib import Path

from core.agent import Injected
from core.agents.pomelobot import context as prompt
from core.agents.pomelobot import format as pomelo
from core.agents.pomelobot.access import scope_of_path
from core.agents.pomelobot.scope_keys import colliding_scopes
from core.agents.pomelobot.scopes import MAIN, Scope, ScopeFile, scope_folder, superseded
from core.agents.pomelobot.team import TeamEntry, merge_losses
from core.formats.problems import Problem, excerpt
from core.messages import say
from core.store.errors import WorkspaceError

SHOWN = 5  # entries a warning names before it only counts the rest
_DAILY = re.compile(r"\d{4}-\d{2}-\d{2}\.md")


def is_team_file(rel: str) -> bool:
    """Where the agent's memory_save_team writes (and merges): main's MEMORY.md and daily files."""
    folder, _, name = rel.rpartition("/")
    return folder == scope_folder(MAIN) and (name == "MEMORY.md" or bool(_DAILY.fullmatch(name)))


def team_merge_losses(rel: str, text: str) -> list[Problem]:
    """What the next same-title memory_save_team deletes of each team entry in a team file."""
    if not is_team_file(rel):
        return []
    return [
        Problem(
            rel,
            loss.line,
            loss.end_line,
            "team_merge_loss",
            say(
                "team entry '{title}': {what}: {snippet}",
                title=loss.title,
                what=loss.what(),
                snippet=excerpt(loss.text.split(chr(10), 1)[0], 40),
            ),
            loss.text,
            "warning",
        )
        for loss in merge_losses(text)
    ]


def shared_scopes(scopes: Sequence[Scope], counts: dict[str, int]) -> list[Problem]:
    """Scopes whose folder name shows that several senders may share them (`counts`: memories
    of each file)."""
    by_name = {s.name: s for s in scopes}
    found = []
    for shared in colliding_scopes(s.name for s in scopes if s.name != MAIN):
        scope = by_name[shared.scope]
        files = [f.path for f in scope.files]
        held = ", ".join(f"{f.rsplit('/', 1)[-1]} ({counts.get(f, 0)})" for f in files)
        total = sum(counts.get(f, 0) for f in files)
        message = _shared(shared.why, total, held)
        where = files[0] if files else scope_folder(scope.name)
        found.append(Problem(where, 1, 1, "shared_scope", message, severity="warning"))
    return found


def legacy_files(
    scopes: Iterable[Scope], documents: dict[str, pomelo.MemoryFileDocument]
) -> list[Problem]:
    """Long-term files of the older layout the agent no longer injects: a newer one exists."""
    found = []
    for scope in scopes:
        for file, instead in superseded(scope):
            doc = documents.get(file.path)
            if doc is None or not (doc.entries() or doc.other_text()):
                continue
            named = [f"line {e.line}: {_first_words(e)}" for e in doc.entries()]
            message = _no_longer_injected(instead, named)
            last = doc.entries()[-1].end_line if doc.entries() else 1
            first = doc.entries()[0].line if doc.entries() else 1
            found.append(
                Problem(file.path, first, last, "legacy_file", message, severity="warning")
            )
    return found


def legacy_note(file: ScopeFile) -> list[str]:
    """What the agent does with a file of the older layout, for its page."""
    return [say("older layout: {note}", note=file.legacy)] if file.legacy else []


def not_in_prompt(parts: Iterable[Injected]) -> list[Problem]:
    """Memories the model will not see when a session starts (a head window, a cut, a limit),
    one warning per file."""
    found = []
    for part in parts:
        if not part.unseen:
            continue
        why = "; ".join(part.notes) or say("the agent leaves them out of its prompt")
        listed = _listed([u.label for u in part.unseen])
        if len(part.unseen) == 1:
            message = say(
                "one memory is not in the prompt at session start ({why}): {memories_text}",
                why=why,
                memories_text=listed,
            )
        else:
            message = say(
                "{count} memories are not in the prompt at session start ({why}): {memories_text}",
                count=len(part.unseen),
                why=why,
                memories_text=listed,
            )
        first = part.unseen[0].line
        found.append(Problem(part.file, first, first, "not_in_prompt", message, severity="warning"))
    return found


def scopes_not_in_prompt(workspace: Path, scopes: Iterable[Scope], today: date) -> list[Problem]:
    """`not_in_prompt` of every scope's session start on `today` (a file once)."""
    found: list[Problem] = []
    seen: set[str] = set()
    for scope in scopes:
        try:
            parts = prompt.context(workspace, scope.name, today).parts
        except WorkspaceError:
            continue  # a folder name the agent never makes: no session reads it
        fresh = [p for p in parts if p.file not in seen]
        seen.update(p.file for p in fresh)
        found += not_in_prompt(fresh)
    return found


def unseen_in(workspace: Path, rel: str, text: str, today: date) -> list[Problem]:
    """`not_in_prompt` of one file, from its text as shown (maybe not saved yet)."""
    scope = scope_of_path(rel)
    try:
        files = prompt.read_files(workspace, scope, today)
    except WorkspaceError:
        return []
    if rel not in files:
        return []
    files[rel] = text
    parts = prompt.context_of(files, scope, today).parts
    return not_in_prompt(p for p in parts if p.file == rel)


def _shared(why: str, total: int, held: str) -> str:
    """A scope several senders may share: why, and the memories they share."""
    if not held:
        if total == 1:
            return say("scope {why}; its one memory is shared alike", why=why)
        return say("scope {why}; its {count} memories are shared alike", why=why, count=total)
    if total == 1:
        return say("scope {why}; its one memory is shared alike: {files}", why=why, files=held)
    return say(
        "scope {why}; its {count} memories are shared alike: {files}",
        why=why,
        count=total,
        files=held,
    )


def _no_longer_injected(instead: str, named: list[str]) -> str:
    """A long-term file of the older layout the agent no longer injects, and its memories."""
    if not named:
        return say(
            "a long-term file of the older layout: the agent injects {file} at session start "
            "instead, so its text is no longer in the prompt",
            file=instead,
        )
    if len(named) == 1:
        return say(
            "a long-term file of the older layout: the agent injects {file} at session start "
            "instead, so its one memory is no longer in the prompt: {memories_text}",
            file=instead,
            memories_text=_listed(named),
        )
    return say(
        "a long-term file of the older layout: the agent injects {file} at session start "
        "instead, so its {count} memories are no longer in the prompt: {memories_text}",
        file=instead,
        count=len(named),
        memories_text=_listed(named),
    )


def _listed(items: Sequence[str]) -> str:
    more = f" and {len(items) - SHOWN} more" if len(items) > SHOWN else ""
    return "; ".join(items[:SHOWN]) + more


def _first_words(entry: pomelo.Entry) -> str:
    if isinstance(entry, TeamEntry):
        return excerpt(f"团队记忆条目: {entry.title}", 60)
    return excerpt(f"[{entry.time}] {entry.content.split(chr(10), 1)[0]}", 60)
