"""Hermes' staged memory writes as proposals of MemDesk's review queue (spec/hermes.md 6):
each record shown with the change it would make to its file as the file is now, approved as
`/memory approve` replays it (`approval.replay`) and rejected as `/memory reject` drops it. The
record goes in the same operation as the memory write, backed up like any file, so undoing the
operation brings both back.

"Edited since it was staged" is known from the file's modification time: a file changed after
`created_at` may hold an edit of the entry a replace or remove names, which approving would
overwrite (0.19.0 replays by substring, spec 6.4); MemDesk says so rather than guess which
entry changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from core.agents.hermes.approval import replay, target_file
from core.agents.hermes.config import (
    CONFIG,
    GATE_KEY,
    TURNS_ON,
    ConfigShapeError,
    config_of,
    gate_is_on,
    with_gate,
)
from core.agents.hermes.format import agent_entries, matching
from core.agents.hermes.pending import PendingWrite, pending_writes
from core.agents.hermes.workspace import HermesWorkspace, MemoryFileRef, char_limit, profile_home
from core.capabilities import StagedGate, StagedRefused, StagedWrite
from core.formats.text import InputError
from core.messages import N_, say
from core.ops import ChangeSet
from core.store.errors import EXIT_REFUSED, WorkspaceError


def staged(ws: HermesWorkspace) -> list[StagedWrite]:
    """Every staged write, oldest first, each on its file as it is now."""
    return [_shown(ws, w) for w in pending_writes(ws.root)[0]]


def approve(ws: HermesWorkspace, ids: Sequence[str]) -> list[ChangeSet]:
    """The writes `ids` names replayed oldest first, each on the files as the ones before leave
    them; StagedRefused naming every one Hermes would refuse (then nothing is written)."""
    chosen = sorted(_named(ws, ids), key=lambda w: w.created_at)
    texts: dict[str, str | None] = {}
    refused: dict[str, str] = {}
    for write in chosen:
        rel = _file(write)
        if rel not in texts:
            texts[rel] = _text_now(ws, rel)
        outcome = replay(texts[rel], write.payload, _limit(ws.root, write), _name(rel))
        if outcome.error is not None:
            refused[write.key] = outcome.error
        elif outcome.text is not None:
            texts[rel] = outcome.text
    if refused:
        raise StagedRefused(ws.root, refused)
    ids = _ids(chosen)
    if len(chosen) > 1:
        label = say("Approve staged writes {ids}", ids=ids)
    else:
        label = say("Approve staged write {id}", id=ids)
    written = [
        ChangeSet(ws.memory_file(rel), label, text=text, base=_text_now(ws, rel) or "")
        for rel, text in texts.items()
        if text is not None and text != _text_now(ws, rel)
    ]
    return written + [ChangeSet(ws.text_file(w.rel), label, remove=True) for w in chosen]


def reject(ws: HermesWorkspace, ids: Sequence[str]) -> list[ChangeSet]:
    """The records removed, as `/memory reject` removes them."""
    chosen = _named(ws, ids)
    ids = _ids(chosen)
    if len(chosen) > 1:
        label = say("Reject staged writes {ids}", ids=ids)
    else:
        label = say("Reject staged write {id}", id=ids)
    return [ChangeSet(ws.text_file(w.rel), label, remove=True) for w in chosen]


def gate(path: Path, profile: str | None = None) -> StagedGate:
    """`memory.write_approval` of the profile's own config.yaml, as Hermes reads it on every
    write (spec 6.1)."""
    home = profile_home(path, profile)
    config_file = f"{home}{CONFIG}"
    try:
        config = config_of(path, home)
    except ConfigShapeError as exc:
        why = say(
            "MemDesk cannot read the memory section of {file} ({reason}): Hermes decides",
            file=config_file,
            reason=exc,
        )
        return StagedGate(None, GATE_KEY, "", config_file, TURNS_ON, (why,))
    value = config.get("write_approval")
    notes = []
    if "write_mode" in config.values:
        notes.append(
            say(
                "write_mode: {value} is the old key: Hermes "
                "0.19 reads only write_approval (its config migration turns write_mode: approve "
                "into write_approval: true, only when `hermes` migrates the file)",
                value=_shown_value(config.get("write_mode")),
            )
        )
    if isinstance(value, int) and not isinstance(value, bool):
        notes.append(
            say(
                "write_approval: {value} is a number, which Hermes reads as off: write true",
                value=value,
            )
        )
    shown = "" if "write_approval" not in config.values else _shown_value(value)
    return StagedGate(gate_is_on(value), GATE_KEY, shown, config_file, TURNS_ON, tuple(notes))


def set_gate(ws: HermesWorkspace, on: bool, profile: str | None = None) -> ChangeSet:
    """The profile's `config.yaml` with the gate's one line changed (or added); nothing else."""
    document = ws.text_file(f"{profile_home(ws.root, profile)}{CONFIG}")
    now = document.text() if document.exists else None
    try:
        text = with_gate(now, on)
    except ConfigShapeError as exc:
        raise WorkspaceError(
            say(
                "{path}: MemDesk cannot change {key} without risking the "
                "rest of the file ({reason}); run `hermes config set {key} {value}`",
                path=ws.root / document.rel,
                key=GATE_KEY,
                reason=exc,
                value=str(on).lower(),
            ),
            exit_code=EXIT_REFUSED,
        ) from None
    label = N_("Approval gate on") if on else N_("Approval gate off")
    return ChangeSet(document, label, text=text, base=now)


# -- one staged write as the queue shows it ---------------------------------------------------
def _shown(ws: HermesWorkspace, write: PendingWrite) -> StagedWrite:
    rel = _file(write)
    try:
        before = _text_now(ws, rel)
    except (InputError, WorkspaceError) as exc:  # approving says so again
        return _unreadable(
            write, rel, say("MemDesk cannot read {file}: {reason}", file=rel, reason=exc)
        )
    outcome = replay(before, write.payload, _limit(ws.root, write), _name(rel))
    after = outcome.text if outcome.text is not None else before
    return StagedWrite(
        id=write.key,
        action=write.action,
        origin=write.origin,
        summary=write.summary,
        since=write.since,
        file=rel,
        before=before or "",
        after=after or "",
        failure=outcome.error,
        warnings=tuple(_warnings(ws.root, write, rel, before)),
        record=write.rel,
        fields=write.fields or {},
    )


def _unreadable(write: PendingWrite, rel: str, why: str) -> StagedWrite:
    return StagedWrite(
        id=write.key, action=write.action, origin=write.origin, summary=write.summary,
        since=write.since, file=rel, before="", after="", failure=why, warnings=(),
        record=write.rel, fields=write.fields or {},
    )  # fmt: skip


def _warnings(root: Path, write: PendingWrite, rel: str, text: str | None) -> list[str]:
    """What the person should know about the entries the write names, on the file now."""
    entries = agent_entries(text or "")
    name = _name(rel)
    out = []
    for old in _old_texts(write.payload):
        found = matching(entries, old)
        if not found:
            out.append(
                say(
                    "'{old}' matches no entry of {name} now: Hermes refuses this write",
                    old=old,
                    name=name,
                )
            )
        elif len(found) > 1:
            out.append(
                say(
                    "'{old}' matches {count} entries of {name} now: Hermes refuses it as ambiguous",
                    old=old,
                    count=len(found),
                    name=name,
                )
            )
    changed = _changed_after(root / rel, write.since)
    if changed is not None and _old_texts(write.payload):
        out.append(
            say(
                "{name} changed after this write was staged ({changed} UTC): if "
                "the entry it names was edited since, approving overwrites that edit with the "
                "staged text (Hermes replays it by substring)",
                name=name,
                changed=f"{changed:%Y-%m-%d %H:%M}",
            )
        )
    return out


def _old_texts(payload: dict[str, Any]) -> list[str]:
    """The `old_text` of a replace or remove, or of each such operation of a batch."""
    ops = payload.get("operations") if payload.get("action") == "batch" else [payload]
    found = [op.get("old_text") for op in ops or [] if isinstance(op, dict)]
    return [str(old).strip() for old in found if old]


def _changed_after(path: Path, since: datetime) -> datetime | None:
    try:
        changed = datetime.fromtimestamp(path.stat().st_mtime, UTC)
    except OSError:
        return None
    return changed if changed > since else None


# -- helpers ----------------------------------------------------------------------------------
def _named(ws: HermesWorkspace, ids: Sequence[str]) -> list[PendingWrite]:
    by_key = {w.key: w for w in pending_writes(ws.root)[0]}
    missing = [i for i in ids if i not in by_key]
    if missing:
        raise WorkspaceError(
            say("{path}: No pending memory write with id '{id}'.", path=ws.root, id=missing[0]),
            exit_code=EXIT_REFUSED,
        )
    return [by_key[i] for i in dict.fromkeys(ids)]


def _file(write: PendingWrite) -> str:
    return f"{write.memories}/{target_file(write.payload)}"


def _name(rel: str) -> str:
    return rel.rsplit("/", 1)[-1]


def _text_now(ws: HermesWorkspace, rel: str) -> str | None:
    document = ws.memory_file(rel)
    return document.text() if document.exists else None


def _limit(root: Path, write: PendingWrite) -> int:
    return char_limit(root, MemoryFileRef(write.profile, _file(write)))


def _shown_value(value: object) -> str:
    if value is None or isinstance(value, bool):
        return "null" if value is None else str(value).lower()
    return str(value)


def _ids(writes: Sequence[PendingWrite]) -> str:
    return ", ".join(w.key for w in writes)
