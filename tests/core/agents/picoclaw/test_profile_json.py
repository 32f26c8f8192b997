"""PicoClaw's hybrid profile (SPEC 2.3) on real files: load, render, edit, undo, safe save.

Saving goes through the store: the profile is a `Document` over `ProfileFormat`, merged by key
with what is on disk and written by the one guarded commit. "The agent" here is the test writing
``profile.json`` in place, as the Go agent's ``os.WriteFile(json.MarshalIndent(...))`` does
between MemDesk's load and its save.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.picoclaw import profile as pj
from core.agents.picoclaw.profile import (
    ProfileChange,
    ProfileDoc,
    ProfileError,
    ProfileItem,
    load_profile,
    parse_profile,
    render_profile,
)
from core.store import atomic
from core.store import commit as store_commit
from core.store.backups import backup_bytes, own_backup_dir
from core.store.commit import Target
from core.store.document import Document
from core.store.errors import WorkspaceError
from core.store.merge import Change, Conflict, ConflictError, inverse_of
from tests.conftest import FIXTURES

HYBRID = FIXTURES / "workspaces" / "picoclaw_hybrid" / "memory" / "profile.json"
CORRUPT = FIXTURES / "workspaces" / "picoclaw_hybrid_corrupt" / "memory" / "profile.json"
EXAMPLE_ITEMS = [
    ("current_project", "picoclaw refactoring"),
    ("theme_preference", "dark mode"),
    ("user_name", "Mike"),
    ("咖啡偏好", "燕麦拿铁"),
]


def _workspace(tmp_path: Path, source: Path = HYBRID) -> Path:
    """A writable copy of an example profile at <tmp>/ws/memory/profile.json."""
    memory = tmp_path / "ws" / "memory"
    memory.mkdir(parents=True)
    target = memory / "profile.json"
    target.write_bytes(source.read_bytes())  # not shutil.copy: the fixture is read-only
    return target


def _agent_writes(path: Path, profile: dict[str, str]) -> bytes:
    """Write the way the agent does: MarshalIndent bytes, in place (truncate, then write)."""
    data = render_profile(profile).encode()
    with open(path, "wb") as handle:
        handle.write(data)
    return data


def _target(path: Path) -> Target:
    """The profile as the workspace above ``memory/`` saves it (backups in .memdesk/)."""
    root = path.parent.parent
    rel = path.relative_to(root).as_posix()
    return Target(root, rel, own_backup_dir(root, path))


def _open(path: Path) -> Document[ProfileDoc, ProfileItem]:
    """The profile document as it is on disk now; ProfileError for a corrupt file."""
    return Document.read(_target(path), pj.ProfileFormat(path))


def _set(document: Document[Any, Any], key: str, value: str) -> list[Change[Any]]:
    return document.apply([Change(key, document.find(key), ProfileItem(key, value))])


def _delete(document: Document[Any, Any], key: str) -> list[Change[Any]]:
    return document.apply([Change(key, document.find(key), None)])


def _backups(path: Path) -> list[Path]:
    folder = path.parent.parent / ".memdesk" / "backups" / "memory"
    return sorted(folder.iterdir()) if folder.is_dir() else []


def _leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if atomic.is_memdesk_temp(p.name)]


# -- reading the example ---------------------------------------------------------------------------
def test_example_profile_loads_in_file_order() -> None:
    doc = load_profile(HYBRID)
    assert doc.exists
    assert doc.items() == EXAMPLE_ITEMS
    assert doc.keys() == [k for k, _ in EXAMPLE_ITEMS]
    assert doc.get("咖啡偏好") == "燕麦拿铁"
    assert "user_name" in doc
    assert len(doc) == 4
    assert doc.to_bytes() == doc.data


def test_example_renders_back_byte_identical() -> None:
    data = HYBRID.read_bytes()
    # What the example shows about the agent's bytes (Go json.MarshalIndent, two spaces):
    assert "咖啡偏好".encode() in data  # non-ASCII written raw, not as \u escapes
    assert not data.endswith(b"\n")  # no final newline
    keys = [k for k, _ in EXAMPLE_ITEMS]
    assert keys == sorted(keys)  # keys sorted (Go sorts map keys when marshalling)
    doc = load_profile(HYBRID)
    assert doc.to_bytes() == data
    assert doc.render() == data.decode()
    assert doc.in_agent_form


def test_example_markdown_is_the_agents_injection() -> None:
    assert load_profile(HYBRID).markdown() == (
        "## Core Profile (Facts & Preferences)\n"
        "\n"
        "- **current_project**: picoclaw refactoring\n"
        "- **theme_preference**: dark mode\n"
        "- **user_name**: Mike\n"
        "- **咖啡偏好**: 燕麦拿铁\n"
    )


def test_missing_file_is_an_empty_profile_that_does_not_exist(tmp_path: Path) -> None:
    doc = load_profile(tmp_path / "memory" / "profile.json")
    assert not doc.exists
    assert doc.data is None
    assert doc.items() == []
    assert doc.render() == "{}"
    assert doc.markdown() == ""


def test_empty_file_is_an_empty_profile_as_for_the_agent(tmp_path: Path) -> None:
    path = tmp_path / "profile.json"
    path.write_bytes(b"")
    doc = load_profile(path)
    assert doc.exists
    assert doc.items() == []
    assert not doc.in_agent_form  # the agent would write "{}"


def test_file_order_is_kept_and_unsorted_or_reformatted_files_are_read(tmp_path: Path) -> None:
    path = tmp_path / "profile.json"
    path.write_bytes(b'{"b": "2",\n    "a": "\\u00e9"}\n')
    doc = load_profile(path)
    assert doc.items() == [("b", "2"), ("a", "é")]
    assert not doc.in_agent_form
    assert doc.render() == '{\n  "a": "é",\n  "b": "2"\n}'


def test_render_escapes_like_go() -> None:
    text = render_profile(
        {"b": "<i> & co", "a": "line\u2028par\u2029", "c": 'tab\t "q" \\ \x01\x08\x0c\n\x7f é😀'}
    )
    assert text == (
        "{\n"
        '  "a": "line\\u2028par\\u2029",\n'
        '  "b": "\\u003ci\\u003e \\u0026 co",\n'
        '  "c": "tab\\t \\"q\\" \\\\ \\u0001\\b\\f\\n\x7f é😀"\n'
        "}"
    )


# -- bad input -------------------------------------------------------------------------------------
def test_corrupt_example_is_an_error_with_position_and_raw_text() -> None:
    data = CORRUPT.read_bytes()
    with pytest.raises(ProfileError) as info:
        load_profile(CORRUPT)
    err = info.value
    assert isinstance(err, ValueError)
    assert (err.line, err.column) == (4, 3)  # the line after the missing comma
    message = str(err)
    assert str(CORRUPT) in message
    assert "line 4, column 3" in message
    assert "Expecting ',' delimiter" in message
    assert err.raw_text == data.decode()
    assert err.raw_bytes == data
    assert CORRUPT.read_bytes() == data


@pytest.mark.parametrize(
    ("data", "line", "column", "words"),
    [
        (b'{\n  "a": "b",\n}', 3, 1, "invalid JSON"),
        (b'{\n  "a": "b"', 2, 11, "invalid JSON"),
        (b"  \n", 2, 1, "invalid JSON"),
        (b'{"a": "b"} {}', 1, 12, "invalid JSON"),
        (b"[]", 1, 1, "not a list"),
        (b"\n null", 2, 2, "not null"),
        (b'"text"', 1, 1, "not a string"),
        (b'{\n  "a": 1}', 2, 8, "'a' is a number"),
        (b'{"a": {"b": "c"}}', 1, 7, "'a' is an object"),
        (b'{"a": ["b"]}', 1, 7, "'a' is a list"),
        (b'{"a": true}', 1, 7, "true/false"),
        (b'{"a": NaN}', 1, 7, "NaN is not JSON"),  # Go's JSON reader rejects it too
        (b'{\n  "a": "1",\n  "a": "2"\n}', 3, 3, "appears twice (first on line 2)"),
        (b'{"a": "caf\xc3"}', 1, 11, "not valid UTF-8"),
        (b'{\n"\xe5\x92\x96": "\xff"}', 2, 7, "not valid UTF-8"),
        (b'{"a": "b\x00"}', 1, 9, "NUL byte"),
        (b'\xef\xbb\xbf{"a": "b"}', 1, 1, "byte order mark"),
        (b"[" * 100_000, 1, 1, "nested too deeply"),
    ],
)
def test_bad_input_is_a_clear_error(
    tmp_path: Path, data: bytes, line: int, column: int, words: str
) -> None:
    path = tmp_path / "profile.json"
    path.write_bytes(data)
    with pytest.raises(ProfileError) as info:
        load_profile(path)
    assert (info.value.line, info.value.column) == (line, column)
    assert words in str(info.value)
    assert str(path) in str(info.value)
    assert info.value.raw_bytes == data
    assert path.read_bytes() == data


def test_no_api_path_writes_over_the_corrupt_example(tmp_path: Path) -> None:
    path = _workspace(tmp_path, CORRUPT)
    data = path.read_bytes()

    def unchanged() -> None:
        assert path.read_bytes() == data
        assert _backups(path) == []
        assert _leftovers(path.parent) == []

    with pytest.raises(ProfileError):
        load_profile(path)
    unchanged()
    with pytest.raises(ProfileError):
        parse_profile(data, path)
    unchanged()
    with pytest.raises(ProfileError):
        _open(path)
    unchanged()
    # A document of the corrupt bytes cannot even be made: there is nothing to edit or save.
    with pytest.raises(ProfileError):
        Document(_target(path), pj.ProfileFormat(path), data)
    unchanged()
    # A profile read when there was no file yet has nothing to write without edits ...
    missing = Document(_target(path), pj.ProfileFormat(path), None)
    saved = missing.save()
    assert (saved.backup, saved.changes) == (None, ())
    unchanged()
    # ... and with a key it must merge with what is on disk, which does not parse.
    _set(missing, "x", "y")
    with pytest.raises(ProfileError):
        missing.save()
    unchanged()
    assert missing.modified


def test_a_profile_corrupted_after_loading_is_never_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_commit, "UNSETTLED_PAUSE_S", 0.001)
    path = _workspace(tmp_path)
    loaded = path.read_bytes()
    document = _open(path)
    for key in document.doc:
        _delete(document, key)  # the worst case: saving would write an empty profile
    corrupt = CORRUPT.read_bytes()
    path.write_bytes(corrupt)
    with pytest.raises(ProfileError, match="line 4, column 3"):
        document.save()
    assert path.read_bytes() == corrupt
    assert _backups(path) == []
    assert _leftovers(path.parent) == []
    # The session is untouched: the person can still save once the file is readable again.
    assert document.base == loaded
    assert document.modified and document.doc.items() == []


# -- editing and undo ------------------------------------------------------------------------------
def test_set_existing_key_describes_the_edit_and_undo_restores() -> None:
    doc = load_profile(HYBRID)
    change = doc.set("user_name", "Michael")
    assert change == ProfileChange(("user_name", "Mike"), ("user_name", "Michael"), 2)
    assert change.kind == "edit"
    assert change.key == "user_name"
    assert '"user_name": "Michael"' in doc.render()
    redo = doc.undo(change)
    assert redo == change.inverse()
    assert doc.items() == EXAMPLE_ITEMS
    assert doc.to_bytes() == doc.data
    doc.undo(redo)
    assert doc.get("user_name") == "Michael"


def test_set_new_key_goes_to_its_sorted_place_in_a_sorted_profile() -> None:
    doc = load_profile(HYBRID)
    change = doc.set("language", "Go")
    assert change == ProfileChange(None, ("language", "Go"), 1)
    assert change.kind == "create"
    assert doc.to_bytes() != doc.data
    assert doc.keys()[1] == "language"
    doc.undo(change)
    assert doc.items() == EXAMPLE_ITEMS


def test_set_new_key_goes_last_in_an_unsorted_profile() -> None:
    doc = ProfileDoc([("b", "1"), ("a", "2")])
    assert doc.set("c", "3").index == 2
    assert doc.keys() == ["b", "a", "c"]


def test_same_value_is_no_change(tmp_path: Path) -> None:
    doc = load_profile(HYBRID)
    assert doc.set("user_name", "Mike").kind == "none"
    assert doc.to_bytes() == doc.data
    document = _open(_workspace(tmp_path))
    _set(document, "user_name", "Mike")
    assert not document.modified
    _set(document, "user_name", "Michael")
    _set(document, "user_name", "Mike")
    assert not document.modified and document.net_changes() == []


def test_rename_keeps_the_position_and_undo_restores() -> None:
    doc = load_profile(HYBRID)
    change = doc.rename("theme_preference", "theme")
    assert change == ProfileChange(("theme_preference", "dark mode"), ("theme", "dark mode"), 1)
    assert change.kind == "rename"
    assert change.key == "theme"
    assert doc.keys() == ["current_project", "theme", "user_name", "咖啡偏好"]
    # The file is written as the agent writes it: sorted, whatever the order on screen.
    assert list(json.loads(doc.render())) == ["current_project", "theme", "user_name", "咖啡偏好"]
    doc.undo(change)
    assert doc.items() == EXAMPLE_ITEMS


def test_rename_refuses_an_existing_or_missing_key() -> None:
    doc = load_profile(HYBRID)
    with pytest.raises(ValueError, match="already exists"):
        doc.rename("user_name", "current_project")
    with pytest.raises(KeyError):
        doc.rename("nope", "other")
    with pytest.raises(ValueError, match="empty"):
        doc.rename("user_name", "")
    assert doc.items() == EXAMPLE_ITEMS


def test_delete_describes_the_item_and_undo_puts_it_back_in_place() -> None:
    doc = load_profile(HYBRID)
    change = doc.delete("theme_preference")
    assert change == ProfileChange(("theme_preference", "dark mode"), None, 1)
    assert change.kind == "delete"
    assert "theme_preference" not in doc
    doc.undo(change)
    assert doc.items() == EXAMPLE_ITEMS
    with pytest.raises(KeyError):
        doc.delete("nope")


def test_undo_in_reverse_order_restores_everything_and_a_stale_undo_is_refused() -> None:
    doc = load_profile(HYBRID)
    changes = [
        doc.set("user_name", "Michael"),
        doc.rename("user_name", "name"),
        doc.set("new", "x"),
        doc.delete("咖啡偏好"),
    ]
    with pytest.raises(ValueError, match="no longer"):
        doc.undo(changes[0])  # "user_name" was renamed since
    for change in reversed(changes):
        doc.undo(change)
    assert doc.items() == EXAMPLE_ITEMS
    with pytest.raises(ValueError, match="already exists"):
        doc.undo(changes[3])  # undoing the deletion again would add the key twice


def test_invalid_text_is_refused() -> None:
    doc = ProfileDoc()
    with pytest.raises(ValueError, match="empty"):
        doc.set("", "x")
    with pytest.raises(ValueError, match="valid Unicode"):
        doc.set("k", "\ud800")
    with pytest.raises(ValueError, match="valid Unicode"):
        ProfileDoc({"\udfff": "x"})
    assert doc.items() == []


# -- saving ----------------------------------------------------------------------------------------
def test_save_with_unchanged_disk_writes_and_backs_up(tmp_path: Path) -> None:
    path = _workspace(tmp_path)
    path.chmod(0o640)
    loaded = path.read_bytes()
    document = _open(path)
    _set(document, "user_name", "Michael")
    saved = document.save()
    backup = saved.backup
    assert backup is not None
    assert backup.parent == tmp_path / "ws" / ".memdesk" / "backups" / "memory"
    assert backup.name.endswith("_profile.json")
    assert backup.read_bytes() == loaded
    assert path.read_bytes() == loaded.replace(b'"Mike"', b'"Michael"')
    assert os.stat(path).st_mode & 0o777 == 0o640
    assert not saved.merged
    assert [(ch.key, ch.kind) for ch in saved.changes] == [("user_name", "edit")]
    assert document.base == path.read_bytes()
    assert not document.modified
    assert _leftovers(path.parent) == []
    assert load_profile(path).as_dict() == document.doc.as_dict()


def test_save_without_edits_writes_nothing(tmp_path: Path) -> None:
    path = _workspace(tmp_path)
    document = _open(path)
    made = _set(document, "user_name", "Michael")
    document.apply(inverse_of(made))
    assert not document.modified
    saved = document.save()
    assert (saved.backup, saved.changes) == (None, ())
    assert path.read_bytes() == HYBRID.read_bytes()
    assert _backups(path) == []


def test_save_creates_a_missing_profile(tmp_path: Path) -> None:
    path = tmp_path / "ws" / "memory" / "profile.json"
    path.parent.mkdir(parents=True)
    document = _open(path)
    assert not document.exists and document.doc.items() == []
    _set(document, "user_name", "Mike")
    saved = document.save()
    assert saved.backup is None  # nothing to back up
    assert path.read_bytes() == b'{\n  "user_name": "Mike"\n}'
    assert document.exists
    assert [(ch.key, ch.kind) for ch in saved.changes] == [("user_name", "create")]


def test_save_merges_a_key_the_agent_changed_meanwhile(tmp_path: Path) -> None:
    path = _workspace(tmp_path)
    document = _open(path)
    loaded = document.base
    _set(document, "user_name", "Michael")
    _delete(document, "theme_preference")
    agents = _agent_writes(path, {**doc_dict(loaded), "current_project": "memdesk", "pet": "cat"})
    saved = document.save()
    assert saved.merged
    assert saved.backup is not None
    assert saved.backup.read_bytes() == agents  # the backup is what was replaced
    assert load_profile(path).as_dict() == {
        "current_project": "memdesk",
        "pet": "cat",
        "user_name": "Michael",
        "咖啡偏好": "燕麦拿铁",
    }
    assert document.doc.as_dict() == load_profile(path).as_dict()
    assert document.doc.keys() == ["current_project", "pet", "user_name", "咖啡偏好"]
    assert document.base == path.read_bytes()
    assert sorted((ch.key, ch.kind) for ch in saved.changes) == [
        ("theme_preference", "delete"),
        ("user_name", "edit"),
    ]


def test_merge_by_key_takes_each_sides_changes(tmp_path: Path) -> None:
    path = _workspace(tmp_path)
    base = {"a": "1", "b": "2", "c": "3", "d": "4"}
    _agent_writes(path, base)
    document = _open(path)
    # Here: b edited, c deleted, e added.
    _set(document, "b", "two")
    _delete(document, "c")
    _set(document, "e", "5")
    # There: a edited, d deleted, f added.
    _agent_writes(path, {"a": "one", "b": "2", "c": "3", "f": "6"})
    document.save()
    assert json.loads(path.read_bytes()) == {"a": "one", "b": "two", "e": "5", "f": "6"}
    assert path.read_bytes() == render_profile(json.loads(path.read_bytes())).encode()


def test_same_key_changed_on_both_sides_is_a_conflict_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    path = _workspace(tmp_path)
    document = _open(path)
    loaded = document.base
    _set(document, "user_name", "Michael")
    _set(document, "pet", "cat")
    agents = _agent_writes(path, {**doc_dict(loaded), "user_name": "Mick", "pet": "dog"})
    with pytest.raises(ConflictError) as info:
        document.save()
    assert [c.key for c in info.value.conflicts] == ["user_name", "pet"]
    assert info.value.conflicts[0] == Conflict("user_name", "Mike", "Michael", "Mick")
    assert info.value.conflicts[1] == Conflict("pet", None, "cat", "dog")
    assert info.value.exit_code == 1
    assert "user_name, pet" in str(info.value)
    assert "Nothing was written" in str(info.value)
    assert path.read_bytes() == agents
    assert _backups(path) == []
    assert document.base == loaded and document.doc.get("user_name") == "Michael"
    assert document.modified

    # The person settles it: their name, the agent's pet.
    document.save(resolutions={"user_name": "mine", "pet": "theirs"})
    assert load_profile(path).get("user_name") == "Michael"
    assert load_profile(path).get("pet") == "dog"
    assert document.doc.get("pet") == "dog"
    assert not document.modified


def test_a_conflict_settled_with_a_value_the_person_wrote(tmp_path: Path) -> None:
    path = _workspace(tmp_path)
    document = _open(path)
    _set(document, "user_name", "Michael")
    _agent_writes(path, {**doc_dict(document.base), "user_name": "Mick"})
    document.save(resolutions={"user_name": "Michael (Mick)"})
    assert load_profile(path).get("user_name") == "Michael (Mick)"
    assert document.doc.get("user_name") == "Michael (Mick)"


def test_the_same_change_on_both_sides_is_no_conflict(tmp_path: Path) -> None:
    path = _workspace(tmp_path)
    document = _open(path)
    _set(document, "user_name", "Michael")
    agents = _agent_writes(path, {**doc_dict(document.base), "user_name": "Michael"})
    saved = document.save()
    assert saved.backup is None  # disk already says so
    assert path.read_bytes() == agents
    assert load_profile(path).get("user_name") == "Michael"
    assert _backups(path) == []
    assert not document.modified


def test_a_key_changed_on_one_side_and_deleted_on_the_other_is_a_conflict(
    tmp_path: Path,
) -> None:
    path = _workspace(tmp_path)
    document = _open(path)
    loaded = document.base
    # A rename here (user_name -> name) deletes the key the agent edits meanwhile.
    value = document.doc.get("user_name")
    assert value is not None
    _delete(document, "user_name")
    _set(document, "name", value)
    # And the key edited here is one the agent deletes.
    _set(document, "theme_preference", "light mode")
    theirs = doc_dict(loaded)
    theirs["user_name"] = "Mick"
    del theirs["theme_preference"]
    agents = _agent_writes(path, theirs)
    with pytest.raises(ConflictError) as info:
        document.save()
    assert info.value.conflicts == [
        Conflict("user_name", "Mike", None, "Mick"),
        Conflict("theme_preference", "dark mode", "light mode", None),
    ]
    assert path.read_bytes() == agents


def test_save_refuses_a_read_only_profile(tmp_path: Path) -> None:
    path = _workspace(tmp_path)
    path.chmod(0o444)
    document = _open(path)
    _set(document, "user_name", "Michael")
    with pytest.raises(WorkspaceError, match="read-only") as info:
        document.save()
    assert info.value.exit_code == 1
    assert path.read_bytes() == HYBRID.read_bytes()
    assert _backups(path) == []
    assert _leftovers(path.parent) == []
    assert document.modified


def test_save_never_takes_the_file_for_what_was_not_read(tmp_path: Path) -> None:
    path = _workspace(tmp_path)
    # A document that believes there was no profile: its key meets the one on disk.
    document = Document(_target(path), pj.ProfileFormat(path), None)
    _set(document, "user_name", "Michael")
    with pytest.raises(ConflictError) as info:
        document.save()
    assert info.value.conflicts == [Conflict("user_name", None, "Michael", "Mike")]
    assert path.read_bytes() == HYBRID.read_bytes()
    assert _backups(path) == []


def test_save_waits_out_the_agents_half_done_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _workspace(tmp_path)
    document = _open(path)
    loaded = document.base
    _set(document, "user_name", "Michael")
    full = render_profile({**doc_dict(loaded), "pet": "cat"}).encode()
    path.write_bytes(full[: len(full) // 2])  # the agent truncated and has written half
    pauses: list[float] = []

    def agent_finishes(seconds: float) -> None:  # during MemDesk's pause before it reads again
        pauses.append(seconds)
        if len(pauses) == 1:
            path.write_bytes(full)

    monkeypatch.setattr(store_commit, "time", SimpleNamespace(sleep=agent_finishes))
    saved = document.save()
    assert pauses.count(store_commit.UNSETTLED_PAUSE_S) == 1  # one pause for the half-done file
    assert saved.backup is not None and saved.backup.read_bytes() == full
    assert load_profile(path).get("pet") == "cat"
    assert load_profile(path).get("user_name") == "Michael"


def test_no_backup_is_made_of_the_agents_half_done_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _workspace(tmp_path)
    document = _open(path)
    _set(document, "user_name", "Michael")
    full = render_profile({**doc_dict(document.base), "pet": "cat"}).encode()
    path.write_bytes(full[: len(full) // 2])
    monkeypatch.setattr(
        store_commit, "time", SimpleNamespace(sleep=lambda _: path.write_bytes(full))
    )
    document.save()
    assert [b.read_bytes() for b in _backups(path)] == [full]


def test_a_write_landing_during_the_backup_is_merged_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _workspace(tmp_path)
    document = _open(path)
    loaded = document.base
    _set(document, "user_name", "Michael")
    calls: list[bytes] = []

    def backup_then_agent_writes(data: bytes, name: str, folder: Path, **kwargs: Any) -> Path:
        made = backup_bytes(data, name, folder, **kwargs)
        if not calls:
            _agent_writes(path, {**doc_dict(loaded), "pet": "cat"})
        calls.append(data)
        return made

    monkeypatch.setattr(store_commit, "backup_bytes", backup_then_agent_writes)
    saved = document.save()
    assert len(calls) == 2
    assert saved.merged
    assert saved.backup is not None and saved.backup.read_bytes() == calls[-1]
    assert load_profile(path).as_dict() == {
        **doc_dict(loaded),
        "user_name": "Michael",
        "pet": "cat",
    }


def doc_dict(data: bytes | None) -> dict[str, str]:
    assert data is not None
    return dict(json.loads(data))


# -- properties ------------------------------------------------------------------------------------
@given(st.dictionaries(st.text(), st.text(), max_size=8))
def test_any_profile_renders_and_loads_back_equal(profile: dict[str, str]) -> None:
    data = ProfileDoc(profile).to_bytes()
    loaded = parse_profile(data, Path("profile.json"))
    assert loaded.as_dict() == profile
    assert loaded.keys() == sorted(profile)
    assert loaded.to_bytes() == data
    assert loaded.in_agent_form


# Lone surrogates included: a file may hold "\ud800" escapes, which Python decodes as such.
_ANY_CHAR = st.one_of(st.characters(), st.characters(categories=["Cs"]))


@given(st.dictionaries(st.text(_ANY_CHAR), st.text(_ANY_CHAR), max_size=6))
def test_escaped_surrogates_in_the_file_survive_a_round_trip(profile: dict[str, str]) -> None:
    data = json.dumps(profile, ensure_ascii=True).encode()  # "\\udXXX" escapes in the file
    first = parse_profile(data, Path("profile.json"))
    assert first.as_dict() == json.loads(data)
    again = parse_profile(first.to_bytes(), Path("profile.json"))
    assert again.as_dict() == first.as_dict()
    assert again.to_bytes() == first.to_bytes()


@given(st.binary(max_size=64))
def test_arbitrary_bytes_load_or_raise_profile_error(data: bytes) -> None:
    try:
        doc = parse_profile(data, Path("profile.json"))
    except ProfileError as exc:
        assert exc.line >= 1 and exc.column >= 1
        assert exc.raw_bytes == data
    else:
        assert all(isinstance(v, str) for v in doc.as_dict().values())
