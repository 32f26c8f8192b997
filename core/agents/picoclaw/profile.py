"""PicoClaw's hybrid profile ``memory/profile.json``: a flat JSON object of text -> text (SPEC 2.3).

What the agent does (zhaopengme/picoclaw ``pkg/agent/memory.go`` at 3c36239, built with Go 1.25):

- it writes ``json.MarshalIndent(profile, "", "  ")`` of a ``map[string]string`` with
  ``os.WriteFile(..., 0644)``: in place, not atomic. Go sorts map keys (byte order), writes
  non-ASCII as raw UTF-8, escapes ``<`` ``>`` ``&`` as ``\\u003c`` ``\\u003e`` ``\\u0026`` and
  U+2028/U+2029 as ``\\u2028``/``\\u2029``, and adds no final newline. The example file shows the
  same: keys in sorted order, ``咖啡偏好`` as raw UTF-8, no newline after ``}``;
- its reads ignore a JSON error and see an empty profile (its writes refuse a corrupt file);
- it injects ``## Core Profile (Facts & Preferences)``, a blank line, then ``- **key**: value``
  lines in Go's map iteration order, which is random on every prompt.

MemDesk's choices: :meth:`ProfileDoc.render` writes exactly the agent's bytes (so an unchanged
agent-written file renders byte-identical and the agent's next write shows no spurious diff);
items keep the file's order for display; :meth:`ProfileDoc.markdown` lists them in that order.
A corrupt file is an error, never an empty profile; the guarded commit plans every save on the
file as it is then, so a file that no longer parses is never replaced.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from core.formats.strict_json import load_json
from core.formats.text import InputError
from core.messages import N_, say

__all__ = [
    "HEADING",
    "PROFILE_FILE",
    "Item",
    "ProfileChange",
    "ProfileDoc",
    "ProfileError",
    "ProfileFormat",
    "ProfileItem",
    "check_key",
    "check_value",
    "load_profile",
    "parse_profile",
    "render_profile",
]

PROFILE_FILE = "profile.json"
HEADING = "## Core Profile (Facts & Preferences)"

Item = tuple[str, str]

_BOM = b"\xef\xbb\xbf"
_WHITESPACE = re.compile(r"[ \t\n\r]*")  # JSON's four whitespace characters
_SURROGATE = re.compile("[\ud800-\udfff]")
# Go's encoder escapes these although it writes all other non-ASCII text raw; lone surrogates
# (only from "\udXXX" escapes in the file) are escaped so the text stays valid UTF-8.
_GO_ESCAPED = re.compile("[<>&\u2028\u2029\ud800-\udfff]")
_DECODER = json.JSONDecoder()


class ProfileError(InputError):
    """profile.json is not a readable profile; MemDesk shows it and never writes over it.

    ``raw_text`` is the file's text for display (invalid UTF-8 shown as U+FFFD), ``raw_bytes``
    its exact bytes; ``line`` and ``column`` are 1-based (the column counts characters).
    """

    line: int

    def __init__(
        self, path: Path | str, reason: str, *, line: int, column: int, raw_bytes: bytes
    ) -> None:
        super().__init__(path, reason, line=line)
        self.column = column
        self.raw_bytes = raw_bytes
        self.raw_text = raw_bytes.decode("utf-8", "replace")
        self.args = (
            say(
                "{path}: line {line}, column {column}: {reason}",
                path=path, line=line, column=column, reason=reason,
            ),
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class ProfileChange:
    """One edit: the item before and after (None = absent) and its position; enough to undo it."""

    before: Item | None
    after: Item | None
    index: int

    @property
    def kind(self) -> Literal["create", "delete", "rename", "edit", "none"]:
        if self.before is None:
            return "create" if self.after is not None else "none"
        if self.after is None:
            return "delete"
        if self.before[0] != self.after[0]:
            return "rename"
        return "edit" if self.before[1] != self.after[1] else "none"

    @property
    def key(self) -> str:
        """The key after the change (before it, for a deletion)."""
        item = self.after or self.before
        return "" if item is None else item[0]

    def inverse(self) -> ProfileChange:
        return ProfileChange(self.after, self.before, self.index)


class ProfileDoc:
    """The profile's items in file order, edited in memory; :func:`save_profile` writes it.

    ``data`` is the bytes it was loaded from (None if the file did not exist): the
    compare-and-swap token for the next save.
    """

    def __init__(
        self, items: Mapping[str, str] | Iterable[Item] = (), *, path: Path | None = None
    ) -> None:
        """A profile not read from a file (``exists`` is False); values are checked like set()'s."""
        pairs = list(items.items() if isinstance(items, Mapping) else items)
        for key, value in pairs:
            _check_text(key, "key")
            _check_text(value, "value")
        self._init(dict(pairs), path, None)

    def _init(self, items: dict[str, str], path: Path | None, data: bytes | None) -> None:
        self.path = path
        self._items = items
        self._base = dict(items) if data is not None else {}
        self._data = data

    @classmethod
    def _loaded(cls, pairs: list[Item], path: Path | None, data: bytes) -> ProfileDoc:
        doc = cls.__new__(cls)
        doc._init(dict(pairs), path, data)
        return doc

    # -- reading ---------------------------------------------------------------------------------
    @property
    def exists(self) -> bool:
        """False for a profile whose file did not exist when it was loaded (or never was)."""
        return self._data is not None

    @property
    def data(self) -> bytes | None:
        return self._data

    @property
    def in_agent_form(self) -> bool:
        """True if the loaded bytes are exactly what the agent (and :meth:`render`) would write."""
        return self._data is not None and self._data == render_profile(self._base).encode()

    def items(self) -> list[Item]:
        return list(self._items.items())

    def keys(self) -> list[str]:
        return list(self._items)

    def get(self, key: str) -> str | None:
        return self._items.get(key)

    def as_dict(self) -> dict[str, str]:
        return dict(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._items))

    # -- editing ---------------------------------------------------------------------------------
    def set(self, key: str, value: str) -> ProfileChange:
        """Change a value, or add the key (in sorted place if the items are sorted, else last)."""
        _check_key(key)
        _check_text(value, "value")
        if key in self._items:
            change = ProfileChange((key, self._items[key]), (key, value), self._index(key))
        else:
            change = ProfileChange(None, (key, value), self._insertion_index(key))
        return self.apply(change)

    def rename(self, old: str, new: str) -> ProfileChange:
        """Give ``old``'s value the key ``new`` in the same position; refuses an existing key."""
        _check_key(new)
        if old not in self._items:
            raise KeyError(say("the profile has no key {key}", key=repr(old)))
        if new in self._items and new != old:
            raise ValueError(
                say(
                    "cannot rename {old} to {new}: that key already exists",
                    old=repr(old),
                    new=repr(new),
                )
            )
        value = self._items[old]
        return self.apply(ProfileChange((old, value), (new, value), self._index(old)))

    def delete(self, key: str) -> ProfileChange:
        if key not in self._items:
            raise KeyError(say("the profile has no key {key}", key=repr(key)))
        return self.apply(ProfileChange((key, self._items[key]), None, self._index(key)))

    def undo(self, change: ProfileChange) -> ProfileChange:
        """Revert ``change`` (made on this profile); returns the change that did so (for redo)."""
        return self.apply(change.inverse())

    def apply(self, change: ProfileChange) -> ProfileChange:
        """Make ``change`` if the profile is as it expects; ValueError (and no change) if not."""
        before, after = change.before, change.after
        if before is not None and self._items.get(before[0]) != before[1]:
            raise ValueError(
                say(
                    "cannot apply this change: {key} is no longer {value} in the profile",
                    key=repr(before[0]),
                    value=repr(before[1]),
                )
            )
        if (
            after is not None
            and after[0] in self._items
            and (before is None or after[0] != before[0])
        ):
            raise ValueError(
                say("cannot apply this change: the key {key} already exists", key=repr(after[0]))
            )
        if before is None:
            if after is not None:
                self._place(after, min(change.index, len(self._items)))
        elif after is None:
            del self._items[before[0]]
        elif before[0] == after[0]:
            self._items[after[0]] = after[1]
        else:
            self._items = {
                (after[0] if k == before[0] else k): (after[1] if k == before[0] else v)
                for k, v in self._items.items()
            }
        return change

    def restore(self, items: Iterable[Item]) -> None:
        """Put the items back as a snapshot (``items()``) had them: undo across several edits."""
        self._items = dict(items)

    def _index(self, key: str) -> int:
        return list(self._items).index(key)

    def _insertion_index(self, key: str) -> int:
        """Where a new key goes: its sorted place if the keys are sorted (as the agent writes
        them), otherwise at the end."""
        keys = list(self._items)
        return bisect.bisect(keys, key) if keys == sorted(keys) else len(keys)

    def _place(self, item: Item, index: int) -> None:
        pairs = list(self._items.items())
        pairs.insert(index, item)
        self._items = dict(pairs)

    # -- writing ---------------------------------------------------------------------------------
    def render(self) -> str:
        """The file's text as the agent writes it (see :func:`render_profile`)."""
        return render_profile(self._items)

    def to_bytes(self) -> bytes:
        return self.render().encode("utf-8")

    def markdown(self) -> str:
        """The profile as the agent injects it into its prompt; "" when empty (it injects none).

        Items are listed in file order; the agent's own order is random on every prompt.
        Values are not escaped: a value with a line break breaks the list for the agent too.
        """
        if not self._items:
            return ""
        lines = "".join(f"- **{key}**: {value}\n" for key, value in self._items.items())
        return f"{HEADING}\n\n{lines}"


def render_profile(items: Mapping[str, str]) -> str:
    """Go's ``json.MarshalIndent(map[string]string, "", "  ")``: sorted keys, 2-space indent,
    raw UTF-8 except ``<>&`` and U+2028/U+2029, no final newline; ``{}`` when empty."""
    text = json.dumps(dict(items), indent=2, ensure_ascii=False, sort_keys=True)
    # These characters can only occur inside strings in the output, so replacing them is safe.
    return _GO_ESCAPED.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


# -- reading -------------------------------------------------------------------------------------
def load_profile(path: Path) -> ProfileDoc:
    """Read ``memory/profile.json``; a missing file is an empty profile that does not exist yet.

    Raises ProfileError for anything that is not a flat object of text values (never returns
    an empty profile for a corrupt file); other I/O errors (a folder, no permission) propagate.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return ProfileDoc(path=path)
    return parse_profile(data, path)


def parse_profile(data: bytes, path: Path) -> ProfileDoc:
    """A profile from the file's bytes (``path`` names it in errors); ProfileError if unreadable."""
    return ProfileDoc._loaded(_parse_pairs(data, path), Path(path), data)


def _parse_pairs(data: bytes, path: Path | str) -> list[Item]:
    if not data:
        return []  # the agent treats an empty file as an empty profile and writes over it
    if data.startswith(_BOM):
        raise ProfileError(
            path,
            say(
                "starts with a byte order mark (BOM), which the agent's JSON reader rejects "
                "(to the agent this profile is empty)"
            ),
            line=1, column=1, raw_bytes=data,
        )  # fmt: skip
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _byte_position(data, exc.start)
        reason = say(
            "not valid UTF-8 (byte 0x{byte} at offset {offset})",
            byte=f"{data[exc.start]:02x}",
            offset=exc.start,
        )
        raise ProfileError(path, reason, line=line, column=column, raw_bytes=data) from None
    nul = text.find("\0")
    if nul >= 0:
        raise _error_at(path, text, nul, say("contains a NUL byte: not a text file"), data)
    try:
        value = load_json(text)
    except json.JSONDecodeError as exc:
        reason = say("invalid JSON: {error} (to the agent this profile is empty)", error=exc.msg)
        raise ProfileError(
            path, reason, line=exc.lineno, column=exc.colno, raw_bytes=data
        ) from None
    if not isinstance(value, dict):
        start = _skip(text, 0)
        reason = say(
            "the profile must be a JSON object of text values, not {kind}", kind=_kind(value)
        )
        raise _error_at(path, text, start, reason, data)
    return _scan_object(text, path, data)


def _scan_object(text: str, path: Path | str, data: bytes) -> list[Item]:
    """The object's pairs in file order, with positions for errors (the JSON is known valid)."""
    pairs: list[Item] = []
    seen: dict[str, int] = {}
    pos = _skip(text, _skip(text, 0) + 1)  # past "{"
    while text[pos] == '"':
        key_pos = pos
        key, pos = _DECODER.raw_decode(text, pos)
        pos = _skip(text, _skip(text, pos) + 1)  # past ":"
        value, end = _DECODER.raw_decode(text, pos)
        if not isinstance(value, str):
            reason = say(
                "the value of {key} is {kind}; profile values must be text",
                key=repr(key),
                kind=_kind(value),
            )
            raise _error_at(path, text, pos, reason, data)
        if key in seen:
            first = text.count("\n", 0, seen[key]) + 1
            reason = say(
                "the key {key} appears twice (first on line {line}); "
                "the agent keeps only the last value",
                key=repr(key),
                line=first,
            )
            raise _error_at(path, text, key_pos, reason, data)
        seen[key] = key_pos
        pairs.append((key, value))
        pos = _skip(text, end)
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
    return pairs


def _skip(text: str, pos: int) -> int:
    match = _WHITESPACE.match(text, pos)
    assert match is not None  # "*" matches the empty string
    return match.end()


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return N_("an object")
    if isinstance(value, list):
        return N_("a list")
    if isinstance(value, bool):
        return N_("true/false")
    if value is None:
        return "null"
    if isinstance(value, str):
        return N_("a string")
    return N_("a number")


def _error_at(path: Path | str, text: str, pos: int, reason: str, data: bytes) -> ProfileError:
    line = text.count("\n", 0, pos) + 1
    column = pos - text.rfind("\n", 0, pos)
    return ProfileError(path, reason, line=line, column=column, raw_bytes=data)


def _byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and character column of the byte at ``offset``."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[line_start:offset].decode("utf-8", "replace")) + 1
    return data.count(b"\n", 0, offset) + 1, column


def check_key(key: str) -> None:
    """A key the agent can store (ValueError/TypeError with the reason if not)."""
    _check_key(key)


def check_value(value: str) -> None:
    _check_text(value, "value")


def _check_key(key: str) -> None:
    _check_text(key, "key")
    if not key:
        raise ValueError(say("a profile key cannot be empty"))


def _not_unicode(what: str, text: str) -> str:
    if what == "key":
        return say("a profile key must be valid Unicode text: {text}", text=repr(text))
    return say("a profile value must be valid Unicode text: {text}", text=repr(text))


def _check_text(text: str, what: str) -> None:
    if not isinstance(text, str):
        raise TypeError(f"a profile {what} must be text, not {type(text).__name__}")
    if _SURROGATE.search(text):
        raise ValueError(_not_unicode(what, text))


# -- the store's view of the file (core.store.merge.Format) ---------------------------------------
@dataclass(frozen=True, slots=True)
class ProfileItem:
    """One key of the profile and its value."""

    key: str
    value: str


class ProfileFormat:
    """profile.json as keyed entries: one per key. Written as the agent writes it (sorted keys).

    A file that is not a readable profile raises ProfileError when parsed: it is shown, never
    written over (the commit plans on what is on disk, so a file that broke meanwhile stops it).
    """

    read_only = False
    rekeys = False
    label_header = "Key"  # what the list calls label()'s column

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)

    def parse(self, data: bytes | None) -> ProfileDoc:
        return ProfileDoc(path=self.path) if data is None else parse_profile(data, self.path)

    def render(self, doc: ProfileDoc) -> bytes:
        return doc.to_bytes()

    def entries(self, doc: ProfileDoc) -> list[ProfileItem]:
        return [ProfileItem(k, v) for k, v in doc.items()]

    def key(self, entry: ProfileItem) -> str:
        return entry.key

    def label(self, entry: ProfileItem) -> str:
        return entry.key

    def line(self, entry: ProfileItem) -> int:
        return 0

    def content(self, entry: ProfileItem) -> str:
        return entry.value

    def find(self, doc: ProfileDoc, key: str) -> ProfileItem | None:
        value = doc.get(key)
        return None if value is None else ProfileItem(key, value)

    def same(self, a: ProfileItem, b: ProfileItem) -> bool:
        return a == b

    def insert(self, doc: ProfileDoc, entry: ProfileItem) -> str:
        doc.set(entry.key, entry.value)
        return entry.key

    def replace(self, doc: ProfileDoc, key: str, entry: ProfileItem) -> None:
        doc.set(key, entry.value)

    def remove(self, doc: ProfileDoc, key: str) -> None:
        doc.delete(key)

    def outside(self, doc: ProfileDoc) -> object:
        return None

    def state(self, doc: ProfileDoc) -> object:
        return doc.items()

    def set_state(self, doc: ProfileDoc, state: object) -> None:
        assert isinstance(state, list)
        doc.restore(state)

    def describe(self, entry: ProfileItem) -> str:
        return entry.value

    def written(self, like: ProfileItem, text: str) -> ProfileItem:
        _check_text(text, "value")
        return ProfileItem(like.key, text)

    def fields(self, entry: ProfileItem) -> dict[str, Any]:
        return {"content": entry.value}

    def merge_entry(
        self, base: ProfileItem, mine: ProfileItem, theirs: ProfileItem
    ) -> ProfileItem | None:
        return None
