"""An open Codex memory root: memory_summary.md, MEMORY.md and the ad-hoc notes MemDesk edits
(spec/codex.md 1.1, 6). Everything else of the folder is only ever read."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from core.agents.codex import layout
from core.agents.codex.earlier import move_out
from core.agents.codex.format import (
    Bullet,
    BulletFormat,
    NoteFormat,
    checked_bullet,
)
from core.agents.codex.lease import consolidation_lease
from core.formats.text import InputError
from core.formats.whole_text import WholeText
from core.messages import say
from core.ops import ChangeSet
from core.ops.entries import add_entry
from core.store.document import Saved
from core.store.documents import EDITED, AnyDocument, DocumentSet
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.merge import Resolution

if TYPE_CHECKING:
    from core.agent import AnyAgent


class CodexWorkspace(DocumentSet):
    @property
    def agent(self) -> AnyAgent:
        from core.agents.codex import AGENT

        return AGENT

    @classmethod
    def open(cls, root: Path) -> Self:
        """The Codex home at `root`, after moving an earlier MemDesk's folder out of memories/."""
        move_out(Path(root))
        return super().open(root)

    def save_all(
        self,
        resolutions: Mapping[str, Mapping[str, Resolution]] | None = None,
        *,
        cause: str = EDITED,
        op_id: str | None = None,
    ) -> list[Saved[Any]]:
        """As every workspace saves, refused while Codex's consolidation holds its lease."""
        if self.modified:
            until = consolidation_lease(self.root)
            if until is not None:
                why = say(
                    "{path}: Codex is consolidating this memory now (its lease runs until "
                    "{ends}); MemDesk writes nothing here until it has finished; nothing was "
                    "written",
                    path=self.root / layout.MEMORIES,
                    ends=layout.lease_ends(until),
                )
                raise WorkspaceError(why, exit_code=EXIT_REFUSED)
        return super().save_all(resolutions, cause=cause, op_id=op_id)

    def warm_up(self) -> None:
        with contextlib.suppress(InputError, WorkspaceError):  # its page says why
            self.summary()

    def folders(self) -> list[Path]:
        found = [self.root / layout.MEMORIES, self.root / layout.NOTES]
        return [f for f in found if f.is_dir() and not f.is_symlink()]

    def searched(self) -> list[str]:
        """memories/ only: CODEX_HOME's sessions/ and logs are gigabytes of transcripts."""
        return [layout.MEMORIES]

    def summary(self) -> AnyDocument:
        return self.open_document(layout.SUMMARY, BulletFormat(layout.SUMMARY))

    def handbook(self) -> AnyDocument:
        return self.open_document(layout.HANDBOOK, BulletFormat(layout.HANDBOOK))

    def note(self, rel: str) -> AnyDocument:
        return self.open_document(rel, NoteFormat(rel))

    def document_at(self, rel: str) -> AnyDocument:
        if rel == layout.SUMMARY:
            return self.summary()
        if rel == layout.HANDBOOK:
            return self.handbook()
        if rel.startswith(layout.NOTES + "/") and layout.NOTE_NAME.fullmatch(rel.split("/")[-1]):
            return self.note(rel)
        return super().document_at(rel)

    def add_entry(self, document: AnyDocument, text: str) -> ChangeSet:
        """A bullet at the end of memory_summary.md or MEMORY.md; on a note, a new note."""
        if document.rel in layout.EDITABLE:
            return add_entry(document, Bullet(checked_bullet(text)))
        return self.add_note(text)

    def forget(self, document: AnyDocument, key: str) -> ChangeSet:
        """A note asking Codex to forget the memory `key` (the memory itself is left as it is:
        the next consolidation removes it, and what only it supported)."""
        bullet = document.find(key)
        if bullet is None:
            raise WorkspaceError(
                say("{file}: no memory {key}", file=document.rel, key=key), exit_code=EXIT_REFUSED
            )
        return self.add_note(layout.FORGET + document.fmt.content(bullet))

    def forget_request(self, text: str) -> ChangeSet:
        """What "forget everywhere" adds: raw_memories.md and rollout_summaries/ still hold the
        text and feed the next consolidation, which forgets it only when a note asks."""
        return self.add_note(layout.FORGET + text)

    def noted(self, text: str) -> bool:
        """Whether a note already says `text` (a request made once is not made twice)."""
        asked = text.strip()
        for path in layout.notes(self.root):
            document = self.note(path.relative_to(self.root).as_posix())
            if any(document.fmt.content(e).strip() == asked for e in document.entries()):
                return True
        return False

    @staticmethod
    def forget_request_said(text: str) -> str:
        """What `forget_request` writes, in words for the person who confirms it."""
        return say(
            "a note in {folder}/ asking Codex: “{request_text}”",
            folder=layout.NOTES,
            request_text=layout.FORGET + text,
        )

    def add_note(self, text: str, now: datetime | None = None) -> ChangeSet:
        """A new ad-hoc note, the change Codex supports: the next consolidation applies it."""
        body = NoteFormat(layout.NOTES).checked(text)
        taken = {p.name for p in layout.notes(self.root)}
        taken |= {d.rel.split("/")[-1] for d in self.documents()}
        name = layout.note_name(body, now or datetime.now(), taken)
        document = self.note(f"{layout.NOTES}/{name}")
        return add_entry(document, WholeText(body), say("Add note {name}", name=name))
