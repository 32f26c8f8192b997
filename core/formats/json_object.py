"""A small JSON object file as a document of keyed entries, one per key (a policy's overrides,
MemDesk's scoring profile): the store merges, backs up, journals and undoes it key by key.

Subclasses check the values when the file is parsed (a bad file raises, so nothing is written
over it), type a value the person enters, and render the object as their file is written.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.formats.strict_json import dump_json

__all__ = ["JsonItem", "JsonObjectDoc", "JsonObjectFormat"]


@dataclass(frozen=True, slots=True)
class JsonItem:
    key: str
    value: Any  # a JSON value


class JsonObjectDoc:
    """The object's keys in file order."""

    def __init__(self, items: Iterable[tuple[str, Any]] = ()) -> None:
        self.items: dict[str, Any] = dict(items)


class JsonObjectFormat:
    """The store's Format for a JSON object file; see the module docstring."""

    read_only = False
    rekeys = False
    label_header = "Key"  # what the list calls label()'s column

    def __init__(self, path: Path) -> None:
        self.path = path

    # -- what a subclass decides --------------------------------------------------------------
    def parse(self, data: bytes | None) -> JsonObjectDoc:
        raise NotImplementedError

    def render_items(self, items: dict[str, Any]) -> bytes:
        raise NotImplementedError

    def typed(self, key: str, text: str) -> Any:
        """The value the person typed for `key`; ValueError says why it is refused."""
        raise NotImplementedError

    # -- the store's Format -------------------------------------------------------------------
    def render(self, doc: JsonObjectDoc) -> bytes:
        return self.render_items(doc.items)

    def entries(self, doc: JsonObjectDoc) -> list[JsonItem]:
        return [JsonItem(k, v) for k, v in doc.items.items()]

    def key(self, entry: JsonItem) -> str:
        return entry.key

    def label(self, entry: JsonItem) -> str:
        return entry.key

    def line(self, entry: JsonItem) -> int:
        return 0

    def content(self, entry: JsonItem) -> str:
        return dump_json(entry.value)

    def find(self, doc: JsonObjectDoc, key: str) -> JsonItem | None:
        return JsonItem(key, doc.items[key]) if key in doc.items else None

    def same(self, a: JsonItem, b: JsonItem) -> bool:
        return a == b and type(a.value) is type(b.value)

    def insert(self, doc: JsonObjectDoc, entry: JsonItem) -> str:
        doc.items[entry.key] = entry.value
        return entry.key

    def replace(self, doc: JsonObjectDoc, key: str, entry: JsonItem) -> None:
        doc.items[key] = entry.value

    def remove(self, doc: JsonObjectDoc, key: str) -> None:
        doc.items.pop(key, None)

    def outside(self, doc: JsonObjectDoc) -> object:
        return None

    def state(self, doc: JsonObjectDoc) -> object:
        return list(doc.items.items())

    def set_state(self, doc: JsonObjectDoc, state: object) -> None:
        assert isinstance(state, list)
        doc.items = dict(state)

    def describe(self, entry: JsonItem) -> str:
        return f"{entry.key} = {self.content(entry)}"

    def written(self, like: JsonItem, text: str) -> JsonItem:
        return JsonItem(like.key, self.typed(like.key, text))

    def fields(self, entry: JsonItem) -> dict[str, Any]:
        return {"value": entry.value}

    def merge_entry(self, base: JsonItem, mine: JsonItem, theirs: JsonItem) -> None:
        return None
