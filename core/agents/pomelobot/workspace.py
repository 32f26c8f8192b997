"""An open Pomeloclaw / Pomelobot workspace: its scopes and their memory files (SPEC 2.4).
Edits of every file live here until saved."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from core.agents.pomelobot import format as pomelobot
from core.agents.pomelobot.scopes import (
    FileKind,
    Scope,
    daily_path,
    editable_file,
    heartbeat_path,
    list_scopes,
    long_term_path,
)
from core.ops import ChangeSet
from core.ops.entries import add_entry
from core.store.document import Document
from core.store.documents import AnyDocument, DocumentSet
from core.store.errors import WorkspaceError
from core.store.files import list_folder
from core.store.merge import Change

if TYPE_CHECKING:
    from core.agent import AnyAgent

MemoryFile = Document[pomelobot.MemoryFileDocument, pomelobot.Entry]


class PomelobotWorkspace(DocumentSet):
    @property
    def agent(self) -> AnyAgent:
        """The plug-in that reads this workspace (its one name: `agent.name`)."""
        from core.agents.pomelobot import AGENT

        return AGENT

    def scopes(self) -> list[Scope]:
        return list_scopes(self.root)

    def memory_file(self, rel: str, kind: FileKind | None = None) -> MemoryFile:
        """A memory file of any scope (read-only for transcripts)."""
        return self.open_document(rel, pomelobot.MemoryFileFormat(rel, kind))

    def long_term_of(self, scope: Scope) -> MemoryFile:
        """The long-term file the agent saves the scope's memories to; where it would create it
        when there is none (a file of the older layout is not: the agent creates the new one)."""
        existing = [f for f in scope.of_kind("long_term") if f.legacy is None]
        if existing:
            return self.memory_file(existing[0].path, "long_term")
        return self.target_file(long_term_path(scope.name))

    def heartbeat_of(self, scope: Scope) -> MemoryFile:
        """The scope's HEARTBEAT.md; where the agent would create it when there is none."""
        return self.target_file(heartbeat_path(scope.name))

    def daily_of(self, scope: Scope, day: date) -> MemoryFile:
        return self.target_file(daily_path(scope.name, day))

    def target_file(self, rel: str) -> MemoryFile:
        """A memory file to add to: one of a scope's, or one the agent would create at `rel`
        (a new document that starts with the agent's header)."""
        if any(f.path == rel for scope in self.scopes() for f in scope.files):
            return self.memory_file(rel)
        header = pomelobot.new_file_header(rel)
        if header is None or (self.root / rel).is_symlink() or (self.root / rel).exists():
            raise WorkspaceError(f"{rel}: not a memory file of any scope")
        return self.open_document(rel, pomelobot.MemoryFileFormat(rel, empty=header))

    def document_at(self, rel: str) -> AnyDocument:
        if editable_file(rel) is None:  # one MemDesk deleted may be restored
            self.scope_of(rel)  # one of a scope's files, else WorkspaceError
        document = self.memory_file(rel)
        if document.read_only:
            raise WorkspaceError(f"{rel}: read-only in MemDesk")
        return document

    def scope_of(self, rel: str) -> Scope:
        for scope in self.scopes():
            if any(f.path == rel for f in scope.files):
                return scope
        raise WorkspaceError(f"{rel}: not a memory file of any scope")

    def folders(self) -> list[Path]:
        memory = self.root / "memory"
        scopes = memory / "scopes"
        found = [self.root, memory, scopes]
        if scopes.is_dir():
            for scope in sorted(p for p in list_folder(scopes) if p.is_dir()):
                found += [scope, scope / "transcripts"]
        return [f for f in found if f.is_dir() and not f.is_symlink()]

    # -- operations -------------------------------------------------------------------------------
    def add_entry(
        self,
        document: AnyDocument,
        text: str,
        now: datetime | None = None,
        category: str | None = None,
    ) -> ChangeSet:
        """A new memory in a file, appended as the agent appends one (stamped with the time); in
        a HEARTBEAT.md with its category (`lesson` unless given)."""
        stamp = now or datetime.now()
        fmt = document.fmt
        if isinstance(fmt, pomelobot.MemoryFileFormat) and fmt.kind == "heartbeat":
            return add_entry(document, pomelobot.draft_heartbeat(text, stamp, category))
        if category is not None:
            raise WorkspaceError(f"{document.rel}: only heartbeat entries have a category")
        return add_entry(document, pomelobot.draft_entry(text, stamp))

    def edit_heartbeat(
        self, rel: str, key: str, *, text: str | None = None, category: str | None = None
    ) -> ChangeSet:
        """A HEARTBEAT.md entry with new text and/or category (its time and place stay)."""
        document = self.memory_file(rel)
        current = document.find(key)
        if current is None:
            raise WorkspaceError(f"{rel}: no entry {key}")
        if not isinstance(current, pomelobot.MemoryEntry) or current.category is None:
            raise WorkspaceError(f"{rel}: only heartbeat entries have a category")
        content = current.content if text is None else pomelobot.checked_heartbeat(text)
        new = current.edited(content, pomelobot.checked_category(category or current.category))
        return ChangeSet(document, f"Edit {key} in {rel}", [Change(key, current, new)])

    def promote_entry(self, rel: str, key: str, now: datetime | None = None) -> ChangeSet:
        """A daily entry appended to its scope's long-term file (the daily file keeps it)."""
        entry = self.memory_file(rel).find(key)
        if entry is None:
            raise WorkspaceError(f"{rel}: no entry {key}")
        if not isinstance(entry, pomelobot.MemoryEntry):
            raise WorkspaceError(f"{rel}: {key} is a team entry, already the team's memory")
        target = self.long_term_of(self.scope_of(rel))
        draft = pomelobot.draft_entry(entry.content, now or datetime.now())
        return add_entry(target, draft, f"Promote {entry.time} from {rel} to {target.rel}")
