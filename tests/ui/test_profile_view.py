"""The PicoClaw profile page on a real workspace in tmp_path: edits go on a real QUndoStack, saves
write the agent's exact bytes, and a corrupt profile.json is shown and never written."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QLabel, QLineEdit, QPlainTextEdit, QTableView, QWidget
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from core.agents.picoclaw.profile import ProfileError, render_profile
from core.agents.picoclaw.workspace import PicoClawWorkspace, Profile
from tests.helpers import open_workspace
from ui.agents.picoclaw.profile_view import AddKeyDialog, ProfileView

PROFILE = {"name": "李雷", "city": "杭州", "咖啡偏好": "美式"}
# What the agent writes for PROFILE: sorted keys (byte order), 2-space indent, raw UTF-8, no
# final newline (spelled out so the test does not trust render_profile alone).
AGENT_BYTES = '{\n  "city": "杭州",\n  "name": "李雷",\n  "咖啡偏好": "美式"\n}'.encode()
W = TypeVar("W", bound=QWidget)
CORRUPT = b'{"name": "x",\n  "city": }'


def agent_write(root: Path, items: dict[str, str]) -> bytes:
    """profile.json as the agent writes it (Go's MarshalIndent; same as json.dumps here)."""
    data = json.dumps(items, indent=2, ensure_ascii=False, sort_keys=True).encode()
    (root / "memory" / "profile.json").write_bytes(data)
    return data


@pytest.fixture
def root(tmp_path: Path) -> Path:
    memory = tmp_path / "memory"
    memory.mkdir()
    (memory / "MEMORY.md").write_text("# Long-term Memory\n\n- likes tea\n", encoding="utf-8")
    return tmp_path


def open_pico(root: Path) -> PicoClawWorkspace:
    ws = open_workspace(root)
    assert isinstance(ws, PicoClawWorkspace)
    return ws


def open_profile(root: Path) -> Profile:
    return open_pico(root).profile()


def open_corrupt(root: Path) -> tuple[PicoClawWorkspace, ProfileError]:
    """The workspace and the error its unreadable profile raises (shown, never written over)."""
    ws = open_pico(root)
    with pytest.raises(ProfileError) as caught:
        ws.profile()
    return ws, caught.value


def make_view(
    qtbot: QtBot,
    source: Profile | None,
    stack: QUndoStack,
    failures: list[str],
    error: ProfileError | None = None,
) -> ProfileView:
    view = ProfileView(stack.push)
    qtbot.addWidget(view)
    view.failed.connect(failures.append)
    view.show_source(source, error)
    return view


@pytest.fixture
def profile(root: Path) -> Profile:
    assert agent_write(root, PROFILE) == AGENT_BYTES
    return open_profile(root)


@pytest.fixture
def view(qtbot: QtBot, profile: Profile, stack: QUndoStack, failures: list[str]) -> ProfileView:
    return make_view(qtbot, profile, stack, failures)


def child(view: ProfileView, kind: type[W], name: str) -> W:
    found = view.findChild(kind, name)
    assert isinstance(found, kind), name
    return found


def table(view: ProfileView) -> QTableView:
    return child(view, QTableView, "profileTable")


def shown_items(view: ProfileView) -> list[tuple[str, str]]:
    model = table(view).model()
    return [(model.index(r, 0).data(), model.index(r, 1).data()) for r in range(model.rowCount())]


def injected(view: ProfileView) -> str:
    box = child(view, QPlainTextEdit, "profileMarkdown")
    assert box is not None and box.isReadOnly()
    return box.toPlainText()


def cell(view: ProfileView, key: str, column: int) -> tuple[int, int]:
    row = next(r for r, (k, _v) in enumerate(shown_items(view)) if k == key)
    return row, column


def set_cell(view: ProfileView, key: str, column: int, text: str) -> bool:
    model = table(view).model()
    return model.setData(model.index(*cell(view, key, column)), text, Qt.ItemDataRole.EditRole)


# -- showing ------------------------------------------------------------------------------------
def test_table_shows_the_items_and_what_the_agent_injects(
    view: ProfileView, profile: Profile, qtmodeltester: ModelTester
) -> None:
    qtmodeltester.check(view.model)
    assert shown_items(view) == [("city", "杭州"), ("name", "李雷"), ("咖啡偏好", "美式")]
    model = table(view).model()
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(2)]
    assert headers == ["Key", "Value"]
    assert injected(view) == profile.doc.markdown()
    assert "- **name**: 李雷" in injected(view)
    assert str(profile.path) in view.title.text()
    assert child(view, QLabel, "profileError").isHidden()
    assert child(view, QPlainTextEdit, "profileRaw").isHidden()
    assert table(view).isEnabled() and view.add_button.isEnabled()


def test_no_source_shows_nothing_and_refuses_edits(
    qtbot: QtBot, stack: QUndoStack, failures: list[str]
) -> None:
    view = make_view(qtbot, None, stack, failures)
    assert shown_items(view) == []
    assert not view.add_button.isEnabled() and not view.delete_button.isEnabled()
    assert view.add_key("a", "b") is False
    assert failures == ["No profile is open."]


def test_refresh_shows_a_reloaded_file(view: ProfileView, profile: Profile, root: Path) -> None:
    view.select_key("name")
    agent_write(root, {"name": "韩梅梅", "pet": "cat"})
    profile.reload()
    view.refresh()
    assert shown_items(view) == [("name", "韩梅梅"), ("pet", "cat")]
    assert view.current_key() == "name"
    assert "- **pet**: cat" in injected(view)


# -- editing ------------------------------------------------------------------------------------
def test_editing_a_value_cell_is_an_undoable_command(
    view: ProfileView, profile: Profile, stack: QUndoStack
) -> None:
    view.select_key("name")
    assert set_cell(view, "name", 1, "韩梅梅") is True
    assert profile.doc.get("name") == "韩梅梅"
    assert ("name", "韩梅梅") in shown_items(view)
    assert "- **name**: 韩梅梅" in injected(view)
    assert stack.count() == 1 and stack.undoText() == "Edit profile key name"
    assert "Unsaved edits" in view.note.text()
    stack.undo()
    assert profile.doc.get("name") == "李雷"
    assert shown_items(view) == [("city", "杭州"), ("name", "李雷"), ("咖啡偏好", "美式")]
    assert injected(view) == profile.doc.markdown() and "韩梅梅" not in injected(view)
    assert view.current_key() == "name"
    stack.redo()
    assert ("name", "韩梅梅") in shown_items(view)


def test_unchanged_cell_text_makes_no_command(view: ProfileView, stack: QUndoStack) -> None:
    assert set_cell(view, "name", 1, "李雷") is True
    assert set_cell(view, "name", 0, "name") is True
    assert stack.count() == 0


def test_typing_in_a_key_cell_renames_it(
    qtbot: QtBot, view: ProfileView, profile: Profile, stack: QUndoStack
) -> None:
    view.show()
    qtbot.waitExposed(view)
    tv = table(view)
    index = tv.model().index(*cell(view, "city", 0))
    tv.setCurrentIndex(index)
    tv.edit(index)
    editor = tv.viewport().findChild(QLineEdit)
    assert editor is not None
    editor.setText("城市")
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # the delegate commits on a queued call
    qtbot.waitUntil(lambda: "city" not in profile.doc)
    # The renamed key goes where the agent's file (sorted keys) will have it, still selected.
    renamed = [("name", "李雷"), ("咖啡偏好", "美式"), ("城市", "杭州")]
    assert profile.doc.items() == renamed and shown_items(view) == renamed
    assert view.current_key() == "城市"
    assert stack.undoText() == "Rename profile key city → 城市"
    stack.undo()
    assert profile.doc.items()[0] == ("city", "杭州")
    assert shown_items(view)[0] == ("city", "杭州")


def test_rename_keeps_the_position_and_undoes(
    view: ProfileView, profile: Profile, stack: QUndoStack
) -> None:
    assert view.rename_key("name", "full name") is True  # sorts where "name" was
    assert [k for k, _v in shown_items(view)] == ["city", "full name", "咖啡偏好"]
    assert view.current_key() == "full name"
    assert "- **full name**: 李雷" in injected(view)
    stack.undo()
    assert profile.doc.items() == [("city", "杭州"), ("name", "李雷"), ("咖啡偏好", "美式")]
    assert [k for k, _v in shown_items(view)] == ["city", "name", "咖啡偏好"]


def test_add_key_goes_in_sorted_place_and_undoes(
    view: ProfileView, profile: Profile, stack: QUndoStack
) -> None:
    assert view.add_key("language", "zh-CN") is True
    assert [k for k, _v in shown_items(view)] == ["city", "language", "name", "咖啡偏好"]
    assert view.current_key() == "language"
    assert stack.undoText() == "Add profile key language"
    assert "- **language**: zh-CN" in injected(view)
    stack.undo()
    assert "language" not in profile.doc
    assert len(shown_items(view)) == 3


def test_delete_key_and_undo_restores_it_in_place(
    view: ProfileView, profile: Profile, stack: QUndoStack
) -> None:
    assert view.delete_key("name") is True
    assert [k for k, _v in shown_items(view)] == ["city", "咖啡偏好"]
    assert "name" not in profile.doc and "李雷" not in injected(view)
    assert stack.undoText() == "Delete profile key name"
    stack.undo()
    assert shown_items(view) == [("city", "杭州"), ("name", "李雷"), ("咖啡偏好", "美式")]


def test_delete_button_deletes_the_selected_key(qtbot: QtBot, view: ProfileView) -> None:
    assert not view.delete_button.isEnabled()  # nothing selected yet
    view.select_key("city")
    assert view.delete_button.isEnabled()
    qtbot.mouseClick(view.delete_button, Qt.MouseButton.LeftButton)
    assert [k for k, _v in shown_items(view)] == ["name", "咖啡偏好"]
    assert view.current_key() == "name"  # the row that took its place


def test_add_key_dialog_adds_the_key(qtbot: QtBot, view: ProfileView, profile: Profile) -> None:
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    dialog = view.findChild(AddKeyDialog)
    assert dialog is not None and dialog.isVisible()
    assert not dialog.ok_button.isEnabled()  # no key yet
    dialog.key_edit.setText("pet")
    dialog.value_edit.setText("猫")
    assert dialog.ok_button.isEnabled()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert profile.doc.get("pet") == "猫"
    assert view.current_key() == "pet"


Refusal = Callable[[ProfileView], bool]


@pytest.mark.parametrize(
    ("attempt", "words"),
    [
        (lambda v: set_cell(v, "city", 0, "name"), "already exists"),
        (lambda v: v.rename_key("city", "name"), "already exists"),
        (lambda v: v.rename_key("city", ""), "cannot be empty"),
        (lambda v: v.add_key("name", "Han Meimei"), "already has a key 'name'"),
        (lambda v: v.add_key("", "x"), "cannot be empty"),
        (lambda v: v.set_value("nobody", "x"), "no key 'nobody'"),
        (lambda v: v.delete_key("nobody"), "no key 'nobody'"),
        (lambda v: v.add_key("bad\ud800", "x"), "valid Unicode"),
    ],
    ids=[
        "cell-rename-dup",
        "rename-dup",
        "rename-empty",
        "add-dup",
        "add-empty",
        "set-missing",
        "delete-missing",
        "add-surrogate",
    ],
)
def test_refused_edit_emits_failed_and_changes_nothing(
    view: ProfileView,
    profile: Profile,
    stack: QUndoStack,
    failures: list[str],
    attempt: Refusal,
    words: str,
) -> None:
    before = profile.doc.items()
    assert attempt(view) is False
    assert len(failures) == 1 and words in failures[0]
    assert failures[0][0].isupper() and not failures[0].startswith("'")
    assert profile.doc.items() == before and not profile.modified
    assert shown_items(view) == before
    assert stack.count() == 0


# -- saving -------------------------------------------------------------------------------------
def test_save_writes_the_agents_bytes_and_a_backup(
    view: ProfileView, profile: Profile, root: Path
) -> None:
    view.set_value("name", "韩梅梅")
    view.add_key("age", "30")
    view.delete_key("咖啡偏好")
    view.rename_key("city", "home <city>")
    saved = profile.save()
    data = profile.path.read_bytes()
    expected = '{\n  "age": "30",\n  "home \\u003ccity\\u003e": "杭州",\n  "name": "韩梅梅"\n}'
    assert data == expected.encode() == render_profile(dict(profile.doc.items())).encode()
    backups = list((root / ".memdesk" / "backups" / "memory").iterdir())
    assert backups == [saved.backup]
    assert backups[0].read_bytes() == AGENT_BYTES
    view.refresh()
    assert "Unsaved edits" not in view.note.text()
    assert shown_items(view) == [("age", "30"), ("home <city>", "杭州"), ("name", "韩梅梅")]


def test_missing_file_says_saving_creates_it(
    qtbot: QtBot, root: Path, stack: QUndoStack, failures: list[str]
) -> None:
    (root / "memory" / "backups").mkdir()  # PicoClaw without a profile yet
    source = open_profile(root)
    view = make_view(qtbot, source, stack, failures)
    assert shown_items(view) == [] and injected(view) == ""
    assert "memory/profile.json does not exist yet: saving will create it" in view.note.text()
    assert view.add_key("name", "李雷") is True
    source.save()
    assert source.path.read_bytes() == '{\n  "name": "李雷"\n}'.encode()
    view.refresh()
    assert "does not exist" not in view.note.text()


# -- a corrupt file -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("data", "line", "raw"),
    [
        (CORRUPT, 2, CORRUPT.decode()),
        (b'{\n  "name": "\xff"\n}', 2, '{\n  "name": "\ufffd"\n}'),
        (b'{\n  "name": "x",\n  "age": 30\n}', 3, '{\n  "name": "x",\n  "age": 30\n}'),
    ],
    ids=["invalid-json", "invalid-utf8", "number-value"],
)
def test_corrupt_file_is_shown_and_never_written(
    qtbot: QtBot,
    root: Path,
    stack: QUndoStack,
    failures: list[str],
    data: bytes,
    line: int,
    raw: str,
) -> None:
    path = root / "memory" / "profile.json"
    path.write_bytes(data)
    ws, error = open_corrupt(root)
    assert error.path == str(path) and error.line == line and error.raw_bytes == data
    view = make_view(qtbot, None, stack, failures, error)
    assert str(path) in view.title.text()
    banner = child(view, QLabel, "profileError")
    assert not banner.isHidden()
    assert f"{path}: line {line}" in banner.text()
    assert "MemDesk will not change this file until it is fixed" in banner.text()
    raw_box = child(view, QPlainTextEdit, "profileRaw")
    assert not raw_box.isHidden() and raw_box.isReadOnly()
    assert raw_box.toPlainText() == raw
    assert raw_box.textCursor().blockNumber() == line - 1  # the offending line is selected
    assert not table(view).isEnabled()
    assert not view.add_button.isEnabled() and not view.delete_button.isEnabled()
    assert shown_items(view) == [] and injected(view) == ""

    assert view.add_key("name", "李雷") is False
    assert len(failures) == 1 and str(path) in failures[0]
    assert "does not change" in failures[0]
    assert view.set_value("name", "y") is False and view.delete_key("name") is False
    assert stack.count() == 0 and not ws.modified and ws.documents() == []
    assert ws.save_all() == []
    assert path.read_bytes() == data
    assert not (root / ".memdesk" / "backups").exists()


def test_fixed_file_becomes_editable_after_reload(
    qtbot: QtBot, root: Path, stack: QUndoStack, failures: list[str]
) -> None:
    path = root / "memory" / "profile.json"
    path.write_bytes(CORRUPT)
    ws, error = open_corrupt(root)
    view = make_view(qtbot, None, stack, failures, error)
    agent_write(root, {"name": "x"})
    ws.reload()
    source = ws.profile()  # the workspace keeps no unreadable profile: it reads the file anew
    view.show_source(source)
    assert child(view, QLabel, "profileError").isHidden()
    assert child(view, QPlainTextEdit, "profileRaw").isHidden()
    assert table(view).isEnabled() and shown_items(view) == [("name", "x")]
    assert view.add_key("city", "杭州") is True
    assert source.doc.get("city") == "杭州" and ws.modified


def test_a_lone_surrogate_is_shown_escaped_and_an_unchanged_cell_changes_nothing(
    qtbot: QtBot, root: Path, stack: QUndoStack, failures: list[str]
) -> None:
    """Qt drops a lone surrogate from what it shows: the value would look empty, and Enter on
    its unchanged cell would write it empty. It is shown as the file's escape instead."""
    (root / "memory" / "profile.json").write_bytes(b'{\n  "dog": "\\ud800",\n  "x\\udc00": "y"\n}')
    view = make_view(qtbot, open_profile(root), stack, failures)
    assert shown_items(view) == [("dog", "\\ud800"), ("x\\udc00", "y")]
    assert set_cell(view, "dog", 1, "\\ud800") is True
    assert set_cell(view, "x\\udc00", 0, "x\\udc00") is True
    assert stack.count() == 0 and failures == []
