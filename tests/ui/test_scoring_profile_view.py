"""The scoring profile page of an EverBot workspace: each value with its source, new values typed as
a draft with the what-if of what they would do, saved by the work the page hands to the desk,
earlier versions compared and restored."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

import pytest
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from core.agents.everbot import document as evdoc
from core.agents.everbot.profile_file import PROFILE_FILE
from core.agents.everbot.workspace import Workspace
from ui.agents.everbot.profile_view import NEW, SOURCE, ProfileView


class Recorder:
    def __init__(self, view: ProfileView, answer: bool = True) -> None:
        self.failed: list[str] = []
        self.writes: list[tuple[Callable[[], Any], str]] = []
        self.questions: list[str] = []
        self.answer = answer
        view.failed.connect(self.failed.append)
        view.write_requested.connect(lambda work, message: self.writes.append((work, message)))
        view.confirm = self.confirm  # type: ignore[method-assign]

    def confirm(self, text: str) -> bool:
        self.questions.append(text)
        return self.answer


@pytest.fixture
def root(tmp_path: Path) -> Path:
    today = date.today()
    entries = [
        evdoc.Entry(
            f"m{i:05x}",
            f"m{i:05x}",
            "fact",
            score,
            (today - timedelta(days=age)).isoformat(),
            1,
            text,
            "active",
        )
        for i, (score, age, text) in enumerate(
            [(0.3, 10, "用户喜欢黑咖啡，不加糖。"), (0.8, 1, "prefers dark mode")]
        )
    ]
    data = evdoc.normalize(entries, now=datetime.combine(today, time(12), UTC))
    (tmp_path / "MEMORY.md").write_text(data, encoding="utf-8")
    return tmp_path


@pytest.fixture
def view(qtbot: QtBot, root: Path) -> ProfileView:
    page = ProfileView()
    qtbot.addWidget(page)
    page.show_workspace(Workspace.open(root))
    return page


def cell(view: ProfileView, key: str, column: int) -> str:
    row = view.model.row_of(key)
    assert row is not None
    return str(view.model.index(row, column).data())


def type_value(qtbot: QtBot, view: ProfileView, key: str, text: str) -> None:
    row = view.model.row_of(key)
    assert row is not None
    with qtbot.waitSignal(view.what_if_shown, timeout=10_000):
        assert view.model.setData(view.model.index(row, NEW), text)


def test_the_model_is_sound_and_lists_sources(qtbot: QtBot, view: ProfileView) -> None:
    ModelTester(qtbot).check(view.model)
    assert cell(view, "archive_below", SOURCE) == "default"
    assert cell(view, "base", 1) == '"everbot"'
    assert not view.save_button.isEnabled()


def test_a_new_value_shows_its_what_if_then_is_saved_and_kept_as_a_version(
    qtbot: QtBot, view: ProfileView, root: Path
) -> None:
    asked = Recorder(view)
    type_value(qtbot, view, "archive_below", "0.35")
    assert view.found is not None
    assert [(r.id, r.now.fate, r.new.fate) for r in view.found.rows] == [
        ("m00000", "active", "archive")
    ]
    assert view.what_if_table.rowCount() == 1
    assert view.what_if_table.item(0, 2).text() == "active → to archive"
    assert "用户喜欢黑咖啡" in view.what_if_table.item(0, 4).text()
    assert not (root / PROFILE_FILE).exists()  # a draft writes nothing

    assert view.save_draft()
    work, message = asked.writes[0]
    assert "archive_below = 0.35" in asked.questions[0]
    assert message == "Scoring profile saved: archive_below"
    work()
    assert json.loads((root / PROFILE_FILE).read_text(encoding="utf-8")) == {
        "archive_below": 0.35,
        "base": "everbot",
    }
    view.refresh()
    assert cell(view, "archive_below", SOURCE) == "workspace"
    assert view.versions.table.rowCount() == 0  # the file did not exist before

    type_value(qtbot, view, "archive_below", "0.1")
    view.save_draft()
    asked.writes[-1][0]()
    view.refresh()
    assert view.versions.table.rowCount() == 1
    view.versions.table.setCurrentCell(0, 0)
    assert view.versions.diff.item(0, 0).text() == "archive_below"
    assert (view.versions.diff.item(0, 1).text(), view.versions.diff.item(0, 2).text()) == (
        "0.35",
        "0.1",
    )
    view.versions.restore_button.click()
    asked.writes[-1][0]()
    assert json.loads((root / PROFILE_FILE).read_text(encoding="utf-8"))["archive_below"] == 0.35


def test_a_refused_value_says_why_and_is_not_kept(qtbot: QtBot, view: ProfileView) -> None:
    asked = Recorder(view)
    row = view.model.row_of("promotion_min_hits")
    assert row is not None
    assert not view.model.setData(view.model.index(row, NEW), "many")
    assert asked.failed == ["promotion_min_hits must be a whole number, not 'many'"]
    assert view.model.draft == {}


def test_a_profile_file_of_values_refused_is_shown_and_put_right_here(
    qtbot: QtBot, root: Path
) -> None:
    """Written by hand with daily_factor 0: the page opens, says what is wrong, shows the
    built-in values scoring uses meanwhile, refuses to restore a version just as invalid
    (before asking), and a value typed puts it right."""
    from ui.versions_box import Version

    (root / ".memdesk").mkdir()
    (root / PROFILE_FILE).write_text('{"decay.default.daily_factor": 0}\n', encoding="utf-8")
    page = ProfileView()
    qtbot.addWidget(page)
    page.show_workspace(Workspace.open(root))
    asked = Recorder(page)
    assert "daily_factor" in page.error_label.text() and not page.error_label.isHidden()
    assert cell(page, "decay.default.daily_factor", 1) == "0.99"
    assert cell(page, "decay.default.daily_factor", SOURCE) == "default"
    invalid = Version(datetime.now(UTC), "old.json", {"decay.fact.daily_factor": 0})
    assert page.restore_version(invalid) is False
    assert asked.questions == [] and "old.json" in asked.failed[0]
    type_value(qtbot, page, "decay.default.daily_factor", "0.98")
    assert page.save_draft()
    asked.writes[-1][0]()
    page.refresh()
    assert page.error_label.isHidden()
    assert cell(page, "decay.default.daily_factor", 1) == "0.98"
