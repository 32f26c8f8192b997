"""The PicoClaw MemoryPolicy page on a copy of the fixture home in tmp_path: the table the fixture
README documents, overrides checked then written by the work the page hands to the desk (a snapshot
of the previous bytes first), snapshots compared and restored, corrupt files shown, never written."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QTableWidget
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from core.agents.picoclaw.policy import list_snapshots
from core.agents.picoclaw.workspace import PicoClawWorkspace
from core.registry import agent_named
from tests.conftest import FIXTURES
from ui.agents.picoclaw.policy_view import OVERRIDE, PolicyView

HOME = FIXTURES / "picoclaw" / "home"
OVERRIDES = "memory/policy_overrides.json"
FIXTURE_SNAPSHOT = "memory/policy_snapshots/20260221_100000.json"
OVERRIDES_BYTES = b'{\n  "recent_days": 2,\n  "retrieve_limit": 9\n}'


class Recorder:
    """What the page emits and asks."""

    def __init__(self, view: PolicyView, answer: bool = True) -> None:
        self.failed: list[str] = []
        self.notices: list[str] = []
        self.writes: list[tuple[Callable[[], Any], str]] = []
        self.questions: list[str] = []
        self.answer = answer
        view.failed.connect(self.failed.append)
        view.notice.connect(self.notices.append)
        view.write_requested.connect(lambda work, message: self.writes.append((work, message)))
        view.confirm = self.confirm  # type: ignore[method-assign]

    def confirm(self, text: str) -> bool:
        self.questions.append(text)
        return self.answer

    def nothing(self) -> bool:
        return not (self.failed or self.notices or self.writes or self.questions)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    shutil.copytree(HOME, tmp_path / "home")
    return tmp_path / "home" / "workspace"


def open_pico(root: Path) -> PicoClawWorkspace:
    ws = agent_named("picoclaw").open(root)
    assert isinstance(ws, PicoClawWorkspace)
    return ws


@pytest.fixture
def view(qtbot: QtBot, root: Path) -> PolicyView:
    page = PolicyView()
    qtbot.addWidget(page)
    page.show_workspace(open_pico(root))
    return page


def readme_table() -> dict[str, tuple[str, str]]:
    """key: (value, source) as the fixture's README tabulates them."""
    rows = {}
    for line in (HOME / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 3 and cells[2] in ("default", "config", "override"):
            rows[cells[0]] = (cells[1], cells[2])
    return rows


def shown(view: PolicyView) -> dict[str, tuple[str, str]]:
    model = view.table.model()
    return {
        model.index(r, 0).data(): (model.index(r, 1).data(), model.index(r, 2).data())
        for r in range(model.rowCount())
    }


def cell(view: PolicyView, key: str, column: int) -> str:
    row = view.model.row_of(key)
    assert row is not None
    return str(view.model.index(row, column).data())


def type_override(view: PolicyView, key: str, text: str) -> bool:
    row = view.model.row_of(key)
    assert row is not None
    return view.model.setData(view.model.index(row, OVERRIDE), text, Qt.ItemDataRole.EditRole)


def new_snapshots(root: Path) -> list[bytes]:
    return [s.path.read_bytes() for s in list_snapshots(root) if s.rel != FIXTURE_SNAPSHOT]


def diff_rows(view: PolicyView) -> list[tuple[str, ...]]:
    table = view.findChild(QTableWidget, "snapshotDiff")
    assert table is not None
    return [
        tuple(table.item(r, c).text() for c in range(table.columnCount()))
        for r in range(table.rowCount())
    ]


# -- showing ------------------------------------------------------------------------------------
def test_table_shows_the_values_and_sources_the_fixture_documents(
    view: PolicyView, qtmodeltester: ModelTester
) -> None:
    qtmodeltester.check(view.model)
    assert shown(view) == readme_table() and len(shown(view)) == 9
    assert cell(view, "retrieve_limit", 3) == "6"  # config.json's value, overridden
    assert cell(view, "retrieve_limit", OVERRIDE) == "9"
    assert cell(view, "session_summary_keep_count", OVERRIDE) == ""
    assert "long-term memory chunks" in cell(view, "retrieve_limit", 5)
    assert view.error_label.isHidden()
    assert not view.unset_button.isEnabled()  # nothing selected


def test_snapshots_newest_first_with_what_they_hold(view: PolicyView, root: Path) -> None:
    later = root / "memory" / "policy_snapshots" / "20260222_080000.json"
    later.write_bytes(b'{\n  "evolution_enabled": true\n}')
    view.refresh()
    table = view.versions.table
    rows = [[table.item(r, c).text() for c in range(3)] for r in range(table.rowCount())]
    assert rows == [
        ["2026-02-22 08:00:00", "memory/policy_snapshots/20260222_080000.json",
         '{"evolution_enabled": true}'],
        ["2026-02-21 10:00:00", FIXTURE_SNAPSHOT, '{"retrieve_limit": 8}'],
    ]  # fmt: skip


# -- overrides ----------------------------------------------------------------------------------
def test_typed_override_is_confirmed_then_written_after_a_snapshot(
    qtbot: QtBot, view: PolicyView, root: Path
) -> None:
    asked = Recorder(view)
    with qtbot.waitSignal(view.write_requested) as emitted:
        type_override(view, "retrieve_limit", " 11 ")
    work, message = emitted.args
    assert "Set retrieve_limit to 11" in asked.questions[0]
    assert message == "retrieve_limit set to 11"
    assert (root / OVERRIDES).read_bytes() == OVERRIDES_BYTES  # nothing written yet
    assert cell(view, "retrieve_limit", OVERRIDE) == "9"

    work()

    assert (root / OVERRIDES).read_bytes() == b'{\n  "recent_days": 2,\n  "retrieve_limit": 11\n}'
    assert new_snapshots(root) == [OVERRIDES_BYTES]
    view.refresh()
    assert shown(view)["retrieve_limit"] == ("11", "override")
    assert asked.failed == []


def test_typing_in_the_override_cell_goes_through_the_delegate(
    qtbot: QtBot, view: PolicyView
) -> None:
    asked = Recorder(view, answer=False)
    view.show()
    qtbot.waitExposed(view)
    index = view.model.index(view.model.row_of("recent_days") or 0, OVERRIDE)
    view.table.setCurrentIndex(index)
    view.table.edit(index)
    editor = view.table.viewport().findChild(QLineEdit)
    assert editor is not None and editor.text() == "2"
    editor.setText("5")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bool(asked.questions))
    assert "Set recent_days to 5" in asked.questions[0]
    assert asked.writes == []  # not confirmed: nothing asked of the desk
    assert cell(view, "recent_days", OVERRIDE) == "2"


@pytest.mark.parametrize(
    ("key", "text", "words"),
    [
        ("retrieve_limit", "0", "retrieve_limit must be at least 1"),
        ("retrieve_limit", "x", "retrieve_limit must be a whole number, not 'x'"),
        ("evolution_enabled", "1", "evolution_enabled must be true or false"),
        ("recent_days", "-1", "recent_days must be at least 1"),
    ],
)
def test_invalid_override_emits_failed_and_nothing_else(
    view: PolicyView, root: Path, key: str, text: str, words: str
) -> None:
    asked = Recorder(view)
    assert type_override(view, key, text) is False
    assert len(asked.failed) == 1 and words in asked.failed[0]
    assert asked.writes == [] and asked.questions == [] and asked.notices == []
    assert shown(view) == readme_table()  # the cell shows the file's value again
    assert (root / OVERRIDES).read_bytes() == OVERRIDES_BYTES


def test_the_same_value_or_empty_text_without_override_asks_nothing(view: PolicyView) -> None:
    asked = Recorder(view)
    type_override(view, "retrieve_limit", "9")
    type_override(view, "session_summary_keep_count", "")
    assert asked.nothing()


def test_remove_override_button_unsets_the_selected_key(
    qtbot: QtBot, view: PolicyView, root: Path
) -> None:
    asked = Recorder(view)
    view.select_key("session_summary_keep_count")
    assert not view.unset_button.isEnabled()  # no override to remove
    view.select_key("recent_days")
    assert view.unset_button.isEnabled()
    with qtbot.waitSignal(view.write_requested) as emitted:
        qtbot.mouseClick(view.unset_button, Qt.MouseButton.LeftButton)
    assert "Remove the override of recent_days" in asked.questions[0]
    emitted.args[0]()
    assert (root / OVERRIDES).read_bytes() == b'{\n  "retrieve_limit": 9\n}'
    view.refresh()
    assert shown(view)["recent_days"] == ("3", "default")
    assert view.current_key() == "recent_days" and not view.unset_button.isEnabled()


# -- snapshots ----------------------------------------------------------------------------------
def test_restoring_the_fixture_snapshot(qtbot: QtBot, view: PolicyView, root: Path) -> None:
    asked = Recorder(view)
    assert not view.versions.restore_button.isEnabled()  # nothing selected
    view.versions.table.setCurrentCell(0, 1)
    assert diff_rows(view) == [
        ("retrieve_limit", "8", "9"),
        ("recent_days", "(not set)", "2"),
    ]
    assert "2 keys differ" in view.versions.title_label.text()
    with qtbot.waitSignal(view.write_requested) as emitted:
        qtbot.mouseClick(view.versions.restore_button, Qt.MouseButton.LeftButton)
    work, message = emitted.args
    assert FIXTURE_SNAPSHOT in asked.questions[0] and FIXTURE_SNAPSHOT in message

    work()

    data = (root / OVERRIDES).read_bytes()
    assert json.loads(data) == {"retrieve_limit": 8}
    assert data == (HOME / "workspace" / FIXTURE_SNAPSHOT).read_bytes()
    assert new_snapshots(root) == [OVERRIDES_BYTES]
    view.refresh()
    assert view.selected_snapshot() is not None
    assert view.selected_snapshot().rel == FIXTURE_SNAPSHOT  # type: ignore[union-attr]
    assert diff_rows(view) == [] and "same overrides" in view.versions.title_label.text()
    assert shown(view)["retrieve_limit"] == ("8", "override")
    assert shown(view)["recent_days"] == ("3", "default")


def test_a_selected_snapshot_gone_on_refresh_is_told(view: PolicyView, root: Path) -> None:
    asked = Recorder(view)
    view.versions.select(FIXTURE_SNAPSHOT)
    (root / FIXTURE_SNAPSHOT).unlink()
    view.refresh()
    assert asked.notices == [f"The policy snapshot {FIXTURE_SNAPSHOT} is gone"]
    assert view.versions.table.rowCount() == 0 and view.selected_snapshot() is None
    assert view.versions.title_label.text() == "No policy snapshots yet."
    assert not view.versions.restore_button.isEnabled()


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b'{"retrieve_limit": ', "corrupt JSON"),
        (b'{"retrieve_limit": "8"}', "whole number"),
        (b'{"retrieve_limit": 0}', "at least 1: the agent would ignore 0"),
        (b'{"retrieve_limit": 3, "retrieve_limit": 9}', "retrieve_limit is set twice"),
    ],
)
def test_a_corrupt_snapshot_shows_its_error_and_cannot_be_restored(
    qtbot: QtBot, root: Path, data: bytes, words: str
) -> None:
    bad = root / "memory" / "policy_snapshots" / "20260222_080000.json"
    bad.write_bytes(data)
    page = PolicyView()
    qtbot.addWidget(page)
    asked = Recorder(page)
    page.show_workspace(open_pico(root))
    page.versions.select("memory/policy_snapshots/20260222_080000.json")
    holds = page.versions.table.item(0, 2).text()
    assert str(bad) in holds and words in holds
    assert page.versions.title_label.text() == holds
    assert diff_rows(page) == [] and not page.versions.restore_button.isEnabled()
    assert page.restore_selected() is False
    assert asked.nothing() and bad.read_bytes() == data


# -- corrupt files ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rel", "data", "words"),
    [
        ("../config.json", b'{"memory": [1]}', ':1: "memory" must be an object'),
        ("../config.json", b'{"memory": {"recent_days": 2,}}', ":1: corrupt JSON"),
    ],
    ids=["config-type", "config-json"],
)
def test_a_corrupt_file_is_shown_plainly_and_never_written(
    qtbot: QtBot, root: Path, rel: str, data: bytes, words: str
) -> None:
    path = Path(os.path.normpath(root / rel))
    path.write_bytes(data)
    page = PolicyView()
    qtbot.addWidget(page)
    asked = Recorder(page)
    page.show_workspace(open_pico(root))
    banner = page.findChild(QLabel, "policyError")
    assert banner is not None and not banner.isHidden()
    assert banner.textFormat() == Qt.TextFormat.PlainText
    assert f"{path}{words}" in banner.text()
    assert shown(page) == {} and not page.table.isEnabled()
    assert page.set_override("retrieve_limit", "11") is False
    assert page.unset_selected() is False
    assert asked.nothing()
    assert path.read_bytes() == data


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b'{\n  "retrieve_limit": 9,\n}', ":3: corrupt JSON"),
        (b'{\n  "retrieve_limit": "<b>9</b>"\n}', ":2: retrieve_limit must be"),
    ],
    ids=["json", "type"],
)
def test_corrupt_overrides_show_what_the_agent_does_and_a_snapshot_may_replace_them(
    qtbot: QtBot, root: Path, data: bytes, words: str
) -> None:
    """The agent ignores the file: the page showed nothing at all (and no restore); it shows
    the defaults and config.json, names the file once, sets no value in it, and a snapshot
    restored over it keeps its bytes (a snapshot and a backup) first."""
    path = root / OVERRIDES
    path.write_bytes(data)
    page = PolicyView()
    qtbot.addWidget(page)
    asked = Recorder(page)
    page.show_workspace(open_pico(root))
    banner = page.findChild(QLabel, "policyError")
    assert banner is not None and not banner.isHidden()
    assert banner.textFormat() == Qt.TextFormat.PlainText
    assert f"{path}{words}" in banner.text() and banner.text().count(str(path)) == 1
    assert "defaults and config.json" in banner.text()
    assert shown(page)["retrieve_limit"] == ("6", "config")
    assert shown(page)["recent_days"] == ("3", "default")
    assert page.table.isEnabled()
    assert page.set_override("retrieve_limit", "11") is False
    assert len(asked.failed) == 1 and "restore a snapshot over it" in asked.failed[0]
    page.select_key("retrieve_limit")
    assert page.unset_selected() is False and not page.unset_button.isEnabled()
    assert asked.writes == [] and path.read_bytes() == data

    page.versions.select(FIXTURE_SNAPSHOT)
    assert page.versions.restore_button.isEnabled()
    assert page.restore_selected() is True
    work, _message = asked.writes[0]
    work()

    assert json.loads(path.read_bytes()) == {"retrieve_limit": 8}
    assert new_snapshots(root) == [data]
    backups = list((root / ".memdesk" / "backups").rglob("*policy_overrides.json"))
    assert [b.read_bytes() for b in backups] == [data]
    page.refresh()
    assert banner.isHidden() and shown(page)["retrieve_limit"] == ("8", "override")


# -- compare and what-if ------------------------------------------------------------------------
def compare_rows(view: PolicyView) -> list[tuple[str, ...]]:
    table = view.findChild(QTableWidget, "compareTable")
    assert table is not None
    return [
        tuple(table.item(r, c).text() for c in range(table.columnCount()))
        for r in range(table.rowCount())
    ]


def test_compare_any_two_policies(view: PolicyView, root: Path) -> None:
    later = "memory/policy_snapshots/20260222_080000.json"
    (root / later).write_bytes(b'{\n  "retrieve_limit": 0,\n  "recent_days": 5\n}')
    assert view.compare.first.currentData() == FIXTURE_SNAPSHOT  # the newest, at first
    assert view.compare.second.currentData() is None  # against the policy now
    view.refresh()
    assert view.compare.first.currentData() == FIXTURE_SNAPSHOT  # kept across a refresh
    view.tabs.setCurrentWidget(view.compare)
    view.compare.choose(later, None)
    assert compare_rows(view) == [
        ("retrieve_limit", "10 (default; override 0 not used)", "9 (override)"),
        ("recent_days", "5 (override)", "2 (override)"),
    ]
    assert "against the policy now: 2 keys differ" in view.compare.summary.text()

    view.compare.choose(later, FIXTURE_SNAPSHOT)

    assert compare_rows(view) == [
        ("retrieve_limit", "10 (default; override 0 not used)", "8 (override)"),
        ("recent_days", "5 (override)", "3 (default)"),
    ]
    view.compare.choose(FIXTURE_SNAPSHOT, FIXTURE_SNAPSHOT)
    assert compare_rows(view) == [] and "the same policy" in view.compare.summary.text()


def test_what_if_shows_both_injections_side_by_side(view: PolicyView, root: Path) -> None:
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    box = view.what_if

    box.try_policy(None, "retrieve_limit=1", "dog")

    assert box.found is not None
    ws = open_pico(root)
    assert box.now_text.toPlainText() == ws.agent_sees("dog").injected
    assert "User has a dog named Bob." in box.new_text.toPlainText()
    assert "燕麦拿铁" in box.now_text.toPlainText() and "燕麦拿铁" not in box.new_text.toPlainText()
    assert "retrieve injects 1 chunks instead of 5" in box.summary.text()

    box.try_policy(FIXTURE_SNAPSHOT, "", "dog")
    assert box.found is not None and box.found.new.preview.limit == 8
    assert "under memory/policy_snapshots/20260221_100000.json" in box.summary.text()

    box.try_policy(None, "retrieve_limit=0", "dog")
    assert box.found is None and "retrieve_limit must be at least 1" in box.summary.text()
    assert box.new_text.toPlainText() == ""
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_what_if_and_compare_follow_what_is_typed_and_picked(
    qtbot: QtBot, view: PolicyView
) -> None:
    view.show()
    box = view.what_if
    view.tabs.setCurrentWidget(box)
    box.values.setText("retrieve_limit=1")
    qtbot.keyClicks(box.message, "dog")
    qtbot.keyClick(box.message, Qt.Key.Key_Return)
    assert box.found is not None and box.found.query == "dog"
    assert len(box.found.new.chunks) == 1
    view.tabs.setCurrentWidget(view.compare)
    view.compare.second.setCurrentIndex(view.compare.second.findData(FIXTURE_SNAPSHOT))
    assert compare_rows(view) == [] and "the same policy" in view.compare.summary.text()
