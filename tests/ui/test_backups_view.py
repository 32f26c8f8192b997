"""The Backups page over a real PicoClaw workspace: what it lists, what it shows changed since a
backup, and the restore it asks the desk to run."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPlainTextEdit, QPushButton, QTableWidget
from pytestqt.qtbot import QtBot

from app.cli import main
from core.registry import agent_named
from core.store.backups_view import BackupFile, diff_versions
from ui.backups_view import ADDED, CHANGED, REMOVED, BackupsView


@pytest.fixture(scope="module")
def demo_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("demo") / "home"
    assert main(["demo", str(home), "--layout", "picoclaw"]) == 0
    return home


@pytest.fixture
def root(demo_home: Path, tmp_path: Path) -> Path:
    """A fresh copy of the demo workspace (a test may restore into it)."""
    import shutil

    shutil.copytree(demo_home, tmp_path / "home")
    return tmp_path / "home" / "workspace"


@pytest.fixture
def view(qtbot: QtBot, root: Path) -> Iterator[BackupsView]:
    page = BackupsView()
    qtbot.addWidget(page)
    page.show_workspace(agent_named("picoclaw").open(root))
    yield page


def backups(root: Path) -> list[BackupFile]:
    return agent_named("picoclaw").backups(root)


def table(view: BackupsView, name: str) -> QTableWidget:
    found = view.findChild(QTableWidget, name)
    assert found is not None
    return found


def button(view: BackupsView, name: str) -> QPushButton:
    found = view.findChild(QPushButton, name)
    assert found is not None
    return found


def column(grid: QTableWidget, col: int) -> list[str]:
    return [grid.item(row, col).text() for row in range(grid.rowCount())]  # type: ignore[union-attr]


def select_oldest(view: BackupsView) -> None:
    grid = table(view, "backupsTable")
    grid.setCurrentCell(grid.rowCount() - 1, 0)


def check(grid: QTableWidget, row: int) -> None:
    item = grid.item(row, 0)
    assert item is not None
    item.setCheckState(Qt.CheckState.Checked)


def test_lists_every_backup_newest_first(view: BackupsView, root: Path) -> None:
    found = backups(root)
    grid = table(view, "backupsTable")
    assert len(found) == 4
    assert column(grid, 5) == [b.rel for b in reversed(found)]
    assert column(grid, 2) == ["memory/MEMORY.md"] * 4
    assert column(grid, 1) == ["agent"] * 4
    assert column(grid, 3) == [str(b.entries()) for b in reversed(found)]
    assert column(grid, 0)[-1] == found[0].at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
    assert column(grid, 4)[-1] == f"{found[0].size:,}"


def test_the_diff_table_is_the_memory_diff(view: BackupsView, root: Path) -> None:
    oldest = backups(root)[0]
    select_oldest(view)
    diff = diff_versions(oldest.fmt, oldest.read(), oldest.read_live())
    grid = table(view, "backupDiffTable")
    keys = [m["key"] for m in (*diff.removed, *diff.changed, *diff.added)]
    changes = [REMOVED] * len(diff.removed) + [CHANGED] * len(diff.changed)
    assert column(grid, 1) == keys
    assert column(grid, 0) == changes + [ADDED] * len(diff.added)
    assert (len(diff.removed), len(diff.changed), len(diff.added)) == (92, 1, 17)
    changed = diff.changed[0]
    before, after = changed["fields"]["content"]
    row = len(diff.removed)
    assert column(grid, 3)[row] == f"content: {before.splitlines()[0]} -> {after.splitlines()[0]}"
    assert column(grid, 2)[0] == diff.removed[0]["content"].split("\n")[0]
    assert not button(view, "restoreChecked").isEnabled()
    assert button(view, "restoreAll").isEnabled()


def test_the_text_tab_holds_both_versions_with_changes_marked(
    view: BackupsView, root: Path
) -> None:
    oldest = backups(root)[0]
    select_oldest(view)
    old = view.findChild(QPlainTextEdit, "backupOldText")
    new = view.findChild(QPlainTextEdit, "backupNewText")
    assert old is not None and new is not None
    assert old.toPlainText() == ""  # filled when its tab is shown: 18 MB take seconds
    view.tabs.setCurrentWidget(view.sides)
    view.sides.whole.setChecked(True)  # every line, none folded
    old_lines = oldest.fmt.render(oldest.read()).decode("utf-8").split("\n")
    new_lines = (root / "memory" / "MEMORY.md").read_text("utf-8").split("\n")
    assert _holds_in_order(old.toPlainText().split("\n"), old_lines)
    assert _holds_in_order(new.toPlainText().split("\n"), new_lines)
    assert old.blockCount() == new.blockCount()  # row for row
    assert old.extraSelections() and new.extraSelections()


def _holds_in_order(rows: list[str], lines: list[str]) -> bool:
    """Whether `lines` are `rows` less some blank rows (where the other side has a line)."""
    rest = iter(rows)
    for line in lines:
        for row in rest:
            if row == line:
                break
            if row:
                return False
        else:
            return False
    return not any(rest)


def test_restore_checked_memories_puts_back_exactly_those(
    qtbot: QtBot, view: BackupsView, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    oldest = backups(root)[0]
    select_oldest(view)
    grid = table(view, "backupDiffTable")
    removed_row, changed_row = 0, 92
    picked = [column(grid, 1)[removed_row], column(grid, 1)[changed_row]]
    check(grid, removed_row)
    check(grid, changed_row)
    assert view.checked_keys() == picked
    asked: list[str] = []

    def confirm(text: str) -> bool:
        asked.append(text)
        return True

    monkeypatch.setattr(view, "confirm", confirm)
    before = diff_versions(oldest.fmt, oldest.read(), oldest.read_live()).to_json()
    with qtbot.waitSignal(view.write_requested) as emitted:
        button(view, "restoreChecked").click()
    work, message = emitted.args
    assert message == f"Restored 2 memories of memory/MEMORY.md from {oldest.rel}"
    assert picked[0] in asked[0] and picked[1] in asked[0]
    work()
    after = diff_versions(oldest.fmt, oldest.read(), oldest.read_live()).to_json()
    assert after == {kind: without(before[kind], picked) for kind in before}
    now = backups(root)
    assert len(now) == 5
    assert [b.rel for b in now[:4]] == [b.rel for b in backups_before(root, now)]
    view.refresh()
    assert column(table(view, "backupsTable"), 5)[-1] == oldest.rel
    selected = view.selected()
    assert selected is not None and selected.rel == oldest.rel
    assert len(column(grid, 1)) == len(after["removed"]) + len(after["added"]) == 91 + 17


def without(memories: list[dict[str, Any]], keys: list[str]) -> list[dict[str, Any]]:
    return [m for m in memories if m["key"] not in keys]


def backups_before(root: Path, now: list[BackupFile]) -> list[BackupFile]:
    """The demo's four agent backups (MemDesk's new one is the fifth, the newest)."""
    assert now[-1].origin == "memdesk"
    return [b for b in now if b.origin == "agent"]


def test_restore_whole_file_asks_then_requests(
    qtbot: QtBot, view: BackupsView, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    oldest = backups(root)[0]
    select_oldest(view)
    monkeypatch.setattr(view, "confirm", lambda _text: True)
    with qtbot.waitSignal(view.write_requested) as emitted:
        button(view, "restoreAll").click()
    work, message = emitted.args
    assert message == f"Restored memory/MEMORY.md from {oldest.rel}"
    work()
    assert (root / "memory" / "MEMORY.md").read_bytes() == oldest.path.read_bytes()
    assert len(backups(root)) == 5


def test_refusing_the_confirmation_emits_nothing(
    qtbot: QtBot, view: BackupsView, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    select_oldest(view)
    check(table(view, "backupDiffTable"), 0)
    monkeypatch.setattr(view, "confirm", lambda _text: False)
    live = (root / "memory" / "MEMORY.md").read_bytes()
    with qtbot.assertNotEmitted(view.write_requested):
        button(view, "restoreChecked").click()
        button(view, "restoreAll").click()
    assert (root / "memory" / "MEMORY.md").read_bytes() == live


def test_a_corrupt_backup_shows_why_and_offers_no_restore(qtbot: QtBot, root: Path) -> None:
    oldest = backups(root)[0]
    oldest.path.write_bytes(b"# Memory\n\n\xff\xfe not text\n")
    page = BackupsView()
    qtbot.addWidget(page)
    page.show_workspace(agent_named("picoclaw").open(root))
    assert column(table(page, "backupsTable"), 3)[-1] == "?"
    select_oldest(page)
    assert page.title.text().startswith(f"Cannot read the backup {oldest.rel}: ")
    assert table(page, "backupDiffTable").rowCount() == 0
    assert not button(page, "restoreAll").isEnabled()
    assert not button(page, "restoreChecked").isEnabled()


def test_a_live_file_that_cannot_be_read_still_offers_the_whole_backup(
    qtbot: QtBot, view: BackupsView, root: Path
) -> None:
    (root / "memory" / "MEMORY.md").write_bytes(b"# Memory\n\n\xff\xfe not text\n")
    select_oldest(view)
    assert view.title.text().startswith("Cannot read memory/MEMORY.md as it is now: ")
    assert table(view, "backupDiffTable").rowCount() == 0
    assert button(view, "restoreAll").isEnabled()
    assert not button(view, "restoreChecked").isEnabled()


def test_refresh_tells_when_the_selected_backup_is_gone(
    qtbot: QtBot, view: BackupsView, root: Path
) -> None:
    oldest = backups(root)[0]
    select_oldest(view)
    oldest.path.unlink()
    with qtbot.waitSignal(view.notice) as told:
        view.refresh()
    assert told.args == [f"The backup {oldest.rel} is gone"]
    assert view.selected() is None
    assert table(view, "backupsTable").rowCount() == 3
    assert table(view, "backupDiffTable").rowCount() == 0


def test_a_large_backup_is_compared_off_the_ui_thread(
    qtbot: QtBot, view: BackupsView, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ui.backups_view as page

    monkeypatch.setattr(page, "COMPARE_AT_ONCE_BELOW", 0)  # every backup counts as large
    with qtbot.waitSignal(view.compared, timeout=10_000):
        select_oldest(view)
        assert view.title.text().startswith("Comparing ")
        assert not view.restore_all.isEnabled()  # nothing to restore from yet
    assert view.diff_table.rowCount() > 0 and "memor" in view.title.text()
    assert view.restore_all.isEnabled()


def test_a_restore_of_another_agents_file_asks_naming_what_it_removes(
    qtbot: QtBot, tmp_path: Path, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A PicoClaw MEMORY.md placed as an EverBot backup: the question says whose file it is
    and lists the memories the restore removes; No writes nothing, Yes restores it."""
    from PySide6.QtWidgets import QMessageBox

    everbot = tmp_path / "everbot"
    assert main(["demo", str(everbot), "--entries", "30", "--seed", "5"]) == 0
    pico = (root / "memory" / "MEMORY.md").read_bytes()
    (everbot / ".memdesk" / "backups" / "20200101_000000_MEMORY.md").write_bytes(pico)
    live = (everbot / "MEMORY.md").read_bytes()
    ids = [line[5:11] for line in live.decode().splitlines() if line.startswith("### [")]
    page = BackupsView()
    qtbot.addWidget(page)
    page.show_workspace(agent_named("everbot").open(everbot))
    select_oldest(page)
    asked: list[str] = []
    answer = [QMessageBox.StandardButton.No]

    def question(_parent: Any, _title: str, text: str, *_args: Any) -> Any:
        asked.append(text)
        return answer[0]

    monkeypatch.setattr(QMessageBox, "question", question)
    with qtbot.assertNotEmitted(page.write_requested):
        button(page, "restoreAll").click()
    [text] = asked
    assert "long-term memory, a file of another agent" in text and "PicoClaw" in text
    assert "it removes 30 of the 30 memories of MEMORY.md" in text
    assert all(memory_id in text for memory_id in ids[:10]) and ids[10] not in text
    assert "… and 20 more" in text
    assert (everbot / "MEMORY.md").read_bytes() == live

    answer[0] = QMessageBox.StandardButton.Yes
    with qtbot.waitSignal(page.write_requested) as emitted:
        button(page, "restoreAll").click()
    work, _message = emitted.args
    work()
    assert (everbot / "MEMORY.md").read_bytes() == pico
