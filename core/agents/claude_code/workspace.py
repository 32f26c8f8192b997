"""An open Claude Code project: its auto-memory folder `memory/` (MEMORY.md, the index, and one
topic file per memory). The workspace is the project folder `~/.claude/projects/<folder>/`,
not the memory folder, so that MemDesk's own folder (journal, backups) stays out of the tree the
agent's memory scan walks: a backup of a topic file there would be recalled as a memory."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from core.agents.claude_code.format import Topic, TopicFormat, new_topic
from core.agents.claude_code.index import INDEX, IndexFormat, IndexLine, index_line
from core.formats.text import InputError
from core.messages import N_, say
from core.ops import ChangeSet
from core.store.document import Document, Saved
from core.store.documents import EDITED, AnyDocument, DocumentSet
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.merge import Change, Resolution

if TYPE_CHECKING:
    from core.agent import AnyAgent
    from core.store.backups_view import BackupFile

MEMORY = "memory"
INDEX_FILE = f"{MEMORY}/{INDEX}"
LOCK = f"{MEMORY}/.consolidate-lock"
_SLUG = re.compile(r"[^a-z0-9]+")
HOOK = 100  # an index line's hook is cut here: the agent asks for lines under ~150 characters


def pointed_file(line: IndexLine) -> str | None:
    """The workspace-relative file an index line points at (None: no link, or a web link)."""
    target = line.target
    if target is None or "://" in target:
        return None
    return (PurePosixPath(MEMORY) / target).as_posix()


def topic_files(root: Path) -> list[str]:
    """Every topic file of the memory folder, workspace-relative, as the agent's scan finds
    them: `*.md` in any sub-folder but MEMORY.md itself (hidden folders left out)."""
    memory = root / MEMORY
    if not memory.is_dir():
        return []
    found = []
    for path in memory.rglob("*.md"):
        rel = path.relative_to(root)
        hidden = any(part.startswith(".") for part in rel.parts)
        if path.is_file() and not hidden and rel.as_posix() != INDEX_FILE:
            found.append(rel.as_posix())
    return sorted(found)


def memory_format(rel: str) -> IndexFormat | TopicFormat | None:
    """The format of the agent's file at `rel` (workspace-relative), there or not: the index,
    or a topic file as `topic_files` finds them; None for any other file."""
    if rel == INDEX_FILE:
        return IndexFormat(rel)
    parts = PurePosixPath(rel).parts
    hidden = any(part.startswith(".") for part in parts)
    if parts[0] == MEMORY and len(parts) > 1 and rel.endswith(".md") and not hidden:
        return TopicFormat(rel)
    return None


class ClaudeCodeWorkspace(DocumentSet):
    @property
    def agent(self) -> AnyAgent:
        from core.agents.claude_code import AGENT

        return AGENT

    def folders(self) -> list[Path]:
        memory = self.root / MEMORY
        return [f for f in (self.root, memory) if f.is_dir() and not f.is_symlink()]

    def index(self) -> Document[Any, Any]:
        return self.open_document(INDEX_FILE, IndexFormat(INDEX_FILE))

    def topic(self, rel: str) -> Document[Any, Any]:
        return self.open_document(rel, TopicFormat(rel))

    def document_at(self, rel: str) -> AnyDocument:
        if rel == INDEX_FILE:
            return self.index()
        if rel.startswith(f"{MEMORY}/") and rel.endswith(".md"):
            return self.topic(rel)
        return super().document_at(rel)

    def new_topic_file(self, text: str, kind: str) -> ChangeSet:
        """A new topic file for `text` in the agent's template (name, description,
        metadata.type), named `<type>_<slug>.md` as the agent names them."""
        first = text.strip().split("\n", 1)[0].strip()
        slug = topic_slug(first)
        taken = set(topic_files(self.root)) | {d.rel for d in self.documents()}
        rel, n = f"{MEMORY}/{kind}_{slug.replace('-', '_')}.md", 1
        while rel in taken:
            n += 1
            rel = f"{MEMORY}/{kind}_{slug.replace('-', '_')}_{n}.md"
        description = first if len(first) <= 150 else first[:149] + "…"
        topic: Topic = new_topic(slug, _yaml_text(description), kind, text)
        document = self.topic(rel)
        return ChangeSet(document, say("Add memory {file}", file=rel), [Change("", None, topic)])

    def add_entry(self, document: AnyDocument, text: str) -> ChangeSet:
        """What the page's Add does: a line of the index, else a new topic file."""
        from core.agents.claude_code.index import index_line
        from core.ops.entries import add_entry

        if document.rel == INDEX_FILE:
            return add_entry(document, index_line(text), N_("Add a line to MEMORY.md"))
        return self.new_topic_file(text, "project")

    def save_all(
        self,
        resolutions: Mapping[str, Mapping[str, Resolution]] | None = None,
        *,
        cause: str = EDITED,
        op_id: str | None = None,
    ) -> list[Saved[Any]]:
        """As every workspace saves, refused while Claude Code's consolidation holds its lock."""
        from core.agents.claude_code.lock import consolidation_holder

        if self.modified:
            holder = consolidation_holder(self.root / LOCK)
            if holder is not None:
                raise WorkspaceError(
                    say(
                        "{path}: Claude Code is consolidating this memory (process "
                        "{holder} holds .consolidate-lock); nothing was written: save again when "
                        "it has finished",
                        path=self.root / MEMORY,
                        holder=holder,
                    ),
                    exit_code=EXIT_REFUSED,
                )
        self._drop_index_lines_of_removed_topics()
        self._index_added_topics()
        return super().save_all(resolutions, cause=cause, op_id=op_id)

    def _index_added_topics(self) -> None:
        """A topic file added gets its MEMORY.md line in the same operation, as the agent saves
        a memory in two steps (the file, then its pointer in the index); without the line the
        agent finds the memory only by searching."""
        added = [
            d
            for d in self.modified_documents()
            if isinstance(d.fmt, TopicFormat) and not d.exists and d.entries()
        ]
        if not added:
            return
        index = self.index()
        pointed = {pointed_file(line) for line in index.entries()}
        lines = [
            self._former_pointer(d) or _pointer(d.rel, d.entries()[0])
            for d in added
            if d.rel not in pointed
        ]
        if lines:
            index.apply([Change("", None, line) for line in lines])

    def _former_pointer(self, topic: AnyDocument) -> IndexLine | None:
        """For a topic file brought back as a backup of it holds it (a restore), the line the
        index had for it, from the newest of MemDesk's backups of MEMORY.md holding one."""
        from core.store.backups_view import own_backups

        root, data = self.root, topic.render()
        mine = own_backups(root, root / topic.rel, topic.fmt)
        if not any(_holds(b, data) for b in mine):
            return None
        for backup in reversed(own_backups(root, root / INDEX_FILE, IndexFormat(INDEX_FILE))):
            with contextlib.suppress(InputError, WorkspaceError, UnicodeDecodeError):
                for line in [] if backup.big else backup.fmt.entries(backup.read()):
                    if pointed_file(line) == topic.rel:
                        return index_line(line.text)
        return None

    def _drop_index_lines_of_removed_topics(self) -> None:
        """A topic file deleted takes its MEMORY.md line with it, in the same operation (the
        agent's own rule: a pointer to a file that is gone is noise in every session)."""
        gone = {
            d.rel
            for d in self.modified_documents()
            if isinstance(d.fmt, TopicFormat) and d.exists and not d.entries()
        }
        if not gone or not (self.root / INDEX_FILE).is_file():
            return
        index = self.index()
        stale = [
            line
            for line in index.entries()
            if line.target is not None and f"{MEMORY}/{line.target}" in gone
        ]
        if stale:
            index.apply([Change(line.key, line, None) for line in stale])


def _holds(backup: BackupFile, data: bytes) -> bool:
    """Whether a backup holds these very bytes (False for one that cannot be read)."""
    if backup.size != len(data) or backup.big:
        return False
    try:
        return backup.raw() == data
    except WorkspaceError:
        return False


def _pointer(rel: str, topic: Topic) -> IndexLine:
    """The index line of a topic file, as the agent writes one: `- [Title](file.md) — hook`."""
    meta = topic.frontmatter
    target = PurePosixPath(rel).relative_to(MEMORY).as_posix()
    hook = (meta.description or topic.content).split("\n", 1)[0].strip()
    if len(hook) > HOOK:
        hook = hook[: HOOK - 1] + "…"
    title = (meta.name or PurePosixPath(rel).stem).replace("]", ")")
    return index_line(f"[{title}]({target}) — {hook}")


def _yaml_text(text: str) -> str:
    """A one-line YAML scalar: quoted when plain YAML would read it otherwise."""
    plain = re.fullmatch(r"[^\s'\"#:\-\[\]{},&*!|>%@`?][^#]*?", text) and ": " not in text
    if plain and not text.endswith(":"):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def topic_slug(first: str) -> str:
    """A new topic's kebab-case name from its first line, without the line's secrets: it names
    the file, which shows in listings, logs and git."""
    from core.review.secrets import without_secrets

    plain = without_secrets(first, " ").casefold()
    return _SLUG.sub("-", plain).strip("-")[:40].strip("-") or "memory"
