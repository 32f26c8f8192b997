"""Claude Code's topic files (spec/claude-code.md 2.2): one memory per Markdown file, YAML
frontmatter between `---` lines, then the body. The frontmatter is kept byte for byte; MemDesk
edits the body, as the agent's own Edit tool would.

Only the few keys the agent reads are parsed (`name`, `description`, `type`, `metadata:` with
its indented keys, `modified`), with the agent's normalisation; the text is never re-emitted
from them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import PurePosixPath
from typing import Any

from core.formats.text import BOM, InputError, decode
from core.formats.yaml_subset import parse_yaml_subset
from core.messages import N_

TYPES = ("user", "feedback", "project", "reference")  # the agent's whitelist, case-sensitive
MEMORY_KEY = "memory"  # a new topic's key until its file names it
_FENCE = re.compile(r"---[ \t]*(?:\r\n|\r|\n)")
_CLOSE = re.compile(r"^---[ \t]*(?:\r\n|\r|\n|\Z)", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Frontmatter:
    """What the agent reads of the frontmatter, normalised as it normalises it [B:Iu]."""

    name: str | None = None
    description: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def type(self) -> str | None:
        """`metadata.type` when it is one of the agent's four types, else None [B:HDr]."""
        value = self.metadata.get("type")
        return value if value in TYPES else None

    @property
    def modified(self) -> Any:
        return self.metadata.get("modified")


def normalise(parsed: dict[str, Any]) -> Frontmatter:
    """The agent's normalisation of a parsed frontmatter object: `name` and `description` kept
    only as non-empty strings; every other top-level key goes into `metadata`, whose own keys win."""

    def text(value: Any) -> str | None:
        return value if isinstance(value, str) and value else None

    nested = parsed.get("metadata")
    top = {k: v for k, v in parsed.items() if k not in ("name", "description", "metadata")}
    metadata = {**top, **(nested if isinstance(nested, dict) else {})}
    return Frontmatter(text(parsed.get("name")), text(parsed.get("description")), metadata)


@dataclass(frozen=True, slots=True)
class Topic:
    """A topic file's memory: its frontmatter text as written (fences included, "" for none)
    and its body."""

    front: str
    body: str
    key: str = MEMORY_KEY

    @property
    def frontmatter(self) -> Frontmatter:
        if not self.front:
            return Frontmatter()
        inner = "\n".join(self.front.splitlines()[1:-1])
        return normalise(parse_yaml_subset(inner))

    @property
    def content(self) -> str:
        """The memory as the person reads it: the body without the blank lines around it."""
        return self.body.strip("\r\n")


@dataclass(slots=True)
class TopicDocument:
    bom: bool
    topic: Topic | None  # None: the file does not exist (or its memory was deleted)


def split_topic(text: str) -> Topic:
    """Frontmatter (a leading `---` line up to the next `---` line) and body."""
    opening = _FENCE.match(text)
    if opening is None:
        return Topic("", text)
    closing = _CLOSE.search(text, opening.end())
    if closing is None:
        return Topic("", text)
    return Topic(text[: closing.end()], text[closing.end() :])


class TopicFormat:
    """A topic file as one memory (`MEMORY_KEY`): the body edited, the frontmatter kept."""

    read_only = False
    rekeys = False
    label_header = "Name"  # what the list calls label()'s column

    def __init__(self, path: str) -> None:
        self.path = path
        self.memory_key = PurePosixPath(path).stem  # the file's one memory is named by it

    def parse(self, data: bytes | None) -> TopicDocument:
        if data is None:
            return TopicDocument(False, None)
        decoded = decode(data, self.path)
        if not decoded.text:
            return TopicDocument(decoded.bom, None)
        return TopicDocument(decoded.bom, replace(split_topic(decoded.text), key=self.memory_key))

    def render(self, doc: TopicDocument) -> bytes:
        if doc.topic is None:
            return BOM.encode("utf-8") if doc.bom else b""
        return ((BOM if doc.bom else "") + doc.topic.front + doc.topic.body).encode("utf-8")

    def entries(self, doc: TopicDocument) -> list[Topic]:
        return [] if doc.topic is None else [doc.topic]

    def key(self, entry: Topic) -> str:
        return entry.key

    def label(self, entry: Topic) -> str:
        return entry.frontmatter.name or ""

    def line(self, entry: Topic) -> int:
        return entry.front.count("\n") + 1

    def content(self, entry: Topic) -> str:
        return entry.content

    def find(self, doc: TopicDocument, key: str) -> Topic | None:
        return doc.topic if key == self.memory_key else None

    def same(self, a: Topic, b: Topic) -> bool:
        return (a.front, a.body) == (b.front, b.body)

    def insert(self, doc: TopicDocument, entry: Topic) -> str:
        doc.topic = replace(entry, key=self.memory_key)
        return self.memory_key

    def replace(self, doc: TopicDocument, key: str, entry: Topic) -> None:
        doc.topic = replace(entry, key=self.memory_key)

    def remove(self, doc: TopicDocument, key: str) -> None:
        doc.topic = None

    def outside(self, doc: TopicDocument) -> object:
        return doc.bom

    def state(self, doc: TopicDocument) -> object:
        return (doc.bom, doc.topic)

    def set_state(self, doc: TopicDocument, state: object) -> None:
        assert isinstance(state, tuple)
        doc.bom, doc.topic = state

    def describe(self, entry: Topic) -> str:
        return entry.front + entry.body

    def written(self, like: Topic, text: str) -> Topic:
        """`like` with `text` as its body, set off from the frontmatter by one blank line as
        the agent writes it, in the file's own line ending."""
        return replace(like, body=body_of(text, like))

    def fields(self, entry: Topic) -> dict[str, Any]:
        meta = entry.frontmatter
        return {"content": entry.content, "name": meta.name, "type": meta.type}

    def merge_entry(self, base: Topic, mine: Topic, theirs: Topic) -> Topic | None:
        if mine.front == base.front:
            return replace(theirs, body=mine.body) if theirs.body == base.body else None
        if mine.body == base.body and theirs.front == base.front:
            return replace(mine, body=theirs.body)
        return None


def body_of(text: str, like: Topic | None = None) -> str:
    """The body a memory's text makes (ValueError for text the file could not hold)."""
    if "\0" in text:
        raise ValueError(N_("a memory cannot contain a NUL character"))
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip("\n")
    if not text.strip():
        raise ValueError(N_("a memory needs some text"))
    front = like.front if like is not None else ""
    if not front and _FENCE.match(text + "\n"):
        raise ValueError(N_("a memory of a file without frontmatter cannot start with a --- line"))
    newline = "\r\n" if front.endswith("\r\n") else "\n"
    body = ("\n" if front else "") + text + "\n"
    return body.replace("\n", newline) if newline != "\n" else body


def new_topic(name: str, description: str, kind: str, text: str) -> Topic:
    """A topic file as the agent's prompt template has it (`metadata.type`)."""
    front = f"---\nname: {name}\ndescription: {description}\nmetadata:\n  type: {kind}\n---\n"
    return Topic(front, body_of(text, Topic(front, "")))


def parse_topic(data: bytes, path: str) -> Topic | None:
    """The memory of a topic file's bytes (None for an empty file); InputError if unreadable."""
    return TopicFormat(path).parse(data).topic


__all__ = [
    "MEMORY_KEY",
    "TYPES",
    "Frontmatter",
    "InputError",
    "Topic",
    "TopicDocument",
    "TopicFormat",
    "body_of",
    "new_topic",
    "normalise",
    "parse_topic",
    "split_topic",
]
