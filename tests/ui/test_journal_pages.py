"""The Backups and Activity pages in the window, as a new user meets them: on a PicoClaw workspace
with backups, restore two memories from a backup, see the restore in Activity, undo it there; on
an EverBot workspace, undo a decay run. Every write goes through the desk, off the UI thread, and
lands on disk."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.cli import main
from core.agents.everbot.workspace import Workspace
from core.ops.activity import operations
from core.registry import agent_named
from tests.helpers import pending_at
from tests.ui.test_agent_desk import opened
from ui.main_window import MainWindow
from ui.sidebar_desk import SidebarDesk


def oldest_backup(ws: Path) -> str:
    """The demo's oldest agent backup (its name carries a date relative to today)."""
    names = sorted(p.name for p in (ws / "memory" / "backups").glob("*_MEMORY.md"))
    return f"memory/backups/{names[0]}"


def _pico(tmp_path: Path) -> Path:
    assert main(["demo", str(tmp_path / "home"), "--layout", "picoclaw"]) == 0
    return tmp_path / "home" / "workspace"


def _written(qtbot: QtBot, window: MainWindow, click: object) -> None:
    assert window.desk is not None
    with qtbot.waitSignal(window.desk.written, timeout=10_000):
        click()  # type: ignore[operator]
    window.tasks.wait()


def test_restore_two_memories_then_undo_from_activity(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    ws = _pico(tmp_path)
    live = ws / "memory" / "MEMORY.md"
    original = live.read_bytes()
    desk = opened(qtbot, window, ws).desk
    assert isinstance(desk, SidebarDesk)
    desk.select_page("backups")
    view = desk.backups_view
    assert view is not None and desk.stack.currentWidget() is view
    rels = [view.table.item(r, 5).text() for r in range(view.table.rowCount())]
    assert rels[-1] == oldest_backup(ws) and len(rels) == 4
    view.table.setCurrentCell(rels.index(oldest_backup(ws)), 0)
    first_two = [view.diff_table.item(r, 0) for r in range(2)]
    for item in first_two:
        assert item is not None
        item.setCheckState(Qt.CheckState.Checked)
    view.confirm = lambda _text: True  # type: ignore[method-assign]

    _written(qtbot, window, view.restore_checked.click)

    assert live.read_bytes() != original
    [op] = operations(ws)
    assert op.op.cause == f"restored from {oldest_backup(ws)}" and op.op.count == 2
    assert window.undo_stack.count() == 0
    desk.select_page("activity")
    activity = desk.activity_view
    assert activity is not None and activity.table.rowCount() == 1
    activity.table.selectRow(0)
    activity.confirm = lambda _text: True  # type: ignore[method-assign]

    _written(qtbot, window, activity.undo.click)

    assert live.read_bytes() == original
    assert activity.table.rowCount() == 2  # the page lists again after the write
    assert "undone at" in activity.table.item(1, 5).text()


def test_everbot_decay_undone_from_the_activity_page(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = tmp_path / "ws"
    assert main(["demo", str(folder), "--layout", "everbot"]) == 0
    before = (folder / "MEMORY.md").read_bytes()
    assert main(["decay", str(folder), "--at", "2027-06-01", "--apply"]) == 0
    window.open_workspace(folder)
    qtbot.waitUntil(lambda: isinstance(window.ws, Workspace), timeout=10_000)
    desk = window.desk
    assert desk is not None
    rows = [desk.sidebar.item(r).text() for r in range(desk.sidebar.count())]  # type: ignore[attr-defined]
    desk.sidebar.setCurrentRow(rows.index("Activity"))  # type: ignore[attr-defined]
    activity = desk.activity_view  # type: ignore[attr-defined]
    assert activity.table.rowCount() == 1
    activity.table.selectRow(0)
    activity.confirm = lambda _text: True

    _written(qtbot, window, activity.undo.click)

    assert (folder / "MEMORY.md").read_bytes() == before


def test_policy_set_from_the_window_then_undone(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    ws = _pico(tmp_path)
    overrides = ws / "memory" / "policy_overrides.json"
    before = overrides.read_bytes()
    desk = opened(qtbot, window, ws).desk
    assert isinstance(desk, SidebarDesk)
    desk.select_page("policy")
    view = desk.policy  # type: ignore[attr-defined]
    assert desk.stack.currentWidget() is view
    view.confirm = lambda _text: True

    _written(qtbot, window, lambda: view.set_override("retrieve_limit", "11"))

    assert b'"retrieve_limit": 11' in overrides.read_bytes()
    snapshots = sorted((ws / "memory" / "policy_snapshots").iterdir())
    assert snapshots[-1].read_bytes() == before
    desk.select_page("activity")
    activity = desk.activity_view
    assert activity is not None
    activity.table.selectRow(0)
    activity.confirm = lambda _text: True
    _written(qtbot, window, activity.undo.click)
    assert overrides.read_bytes() == before


def test_a_page_does_not_write_while_edits_are_unsaved(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    ws = _pico(tmp_path)
    overrides = ws / "memory" / "policy_overrides.json"
    before = overrides.read_bytes()
    desk = opened(qtbot, window, ws).desk
    assert isinstance(desk, SidebarDesk) and window.ws is not None
    document = window.ws.longterm()  # type: ignore[attr-defined]
    key = document.items()[0].key
    from core.ops.entries import edit_entry
    from ui.undo import OpCommand

    window.undo_stack.push(OpCommand(edit_entry(document, key, "unsaved"), lambda _c: None))
    failures: list[str] = []
    desk.failed.connect(failures.append)
    desk.select_page("policy")
    view = desk.policy  # type: ignore[attr-defined]
    view.confirm = lambda _text: True

    view.set_override("retrieve_limit", "11")

    assert failures and "unsaved edits" in failures[-1]
    assert overrides.read_bytes() == before
    window.ws.reload()


SECRET = "用户的门禁密码是 4711，放在玄关抽屉里。"


def test_where_else_and_forget_everywhere_from_the_window(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    ws = _pico(tmp_path)
    memory = ws / "memory" / "MEMORY.md"
    assert main(["add", str(ws), SECRET]) == 0
    note = next((ws / "memory").glob("2026*/*.md"))
    with note.open("a", encoding="utf-8") as f:
        f.write(f"\n- 聊到：{SECRET}\n")
    other = next(r.id for r in agent_named("picoclaw").rows(ws) if r.file == "memory/MEMORY.md")
    assert main(["edit", str(ws), other, "--text", "另一条"]) == 0  # a backup holds the secret
    desk = opened(qtbot, window, ws).desk
    assert isinstance(desk, SidebarDesk)
    desk.select_page("longterm")
    entries = desk.entries  # type: ignore[attr-defined]
    row = next(r for r, item in enumerate(entries.model.items) if item.content == SECRET)
    entries.select_row(row)

    window.menus.where_else()

    dialog = window.menus.where_dialog
    kinds = [dialog.table.item(r, 0).text() for r in range(dialog.table.rowCount())]
    assert kinds.count("live") == 2 and "backup" in kinds
    backup_row = kinds.index("backup")
    dialog.table.item(backup_row, 0).setCheckState(Qt.CheckState.Checked)
    backup = ws / dialog.found.places[backup_row].file
    dialog.confirm = lambda _text: True  # type: ignore[method-assign]
    _written(qtbot, window, dialog.forget.click)

    assert SECRET not in memory.read_text(encoding="utf-8")
    assert SECRET not in note.read_text(encoding="utf-8")
    assert not backup.exists()
    [op] = operations(ws)[:1]
    assert op.op.cause.startswith("forgot everywhere") and len(op.op.files) == 2


def test_pending_changes_show_what_the_save_will_write(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    ws = _pico(tmp_path)
    opened(qtbot, window, ws)
    assert window.ws is not None
    document = window.ws.longterm()  # type: ignore[attr-defined]
    key = document.items()[0].key
    from core.ops.entries import edit_entry
    from ui.undo import OpCommand

    window.undo_stack.push(OpCommand(edit_entry(document, key, "改过的记忆"), lambda _c: None))

    window.menus.show_pending()

    dialog = window.menus.pending_dialog
    rows = [
        [dialog.table.item(r, c).text() for c in range(3)] for r in range(dialog.table.rowCount())
    ]
    assert rows == [["changed", key, rows[0][2]]]
    assert "改过的记忆" in dialog.new_text.toPlainText()
    assert "改过的记忆" not in dialog.old_text.toPlainText()
    assert "1 memory will change" in dialog.title.text()
    dialog.close()
    window.ws.reload()


def test_a_memory_only_in_backups_found_and_restored_from_the_backups_page(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    ws = _pico(tmp_path)
    desk = opened(qtbot, window, ws).desk
    assert isinstance(desk, SidebarDesk)
    desk.select_page("backups")
    view = desk.backups_view
    assert view is not None
    view.search.setText("OKR")

    with qtbot.waitSignal(view.searched, timeout=10_000):
        view.find_in_backups()

    assert view.hits.rowCount() > 0
    hit = view.found_hits[0]
    assert "OKR" in hit.content
    view.show_hit(0)
    assert view.selected() == hit.backup and view.checked_keys() == [hit.key]
    view.confirm = lambda _text: True  # type: ignore[method-assign]
    _written(qtbot, window, view.restore_checked.click)
    memory = (ws / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    assert hit.content in memory


def test_scoring_profile_saved_from_the_window_then_undone(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = tmp_path / "ws"
    assert main(["demo", str(folder), "--layout", "everbot"]) == 0
    window.open_workspace(folder)
    qtbot.waitUntil(lambda: isinstance(window.ws, Workspace), timeout=10_000)
    desk = window.desk
    assert desk is not None
    rows = [desk.sidebar.item(r).text() for r in range(desk.sidebar.count())]  # type: ignore[attr-defined]
    desk.sidebar.setCurrentRow(rows.index("Scoring profile"))  # type: ignore[attr-defined]
    page = desk.profile  # type: ignore[attr-defined]
    assert desk.stack.currentWidget() is page  # type: ignore[attr-defined]
    row = page.model.row_of("archive_below")
    with qtbot.waitSignal(page.what_if_shown, timeout=10_000):
        page.model.setData(page.model.index(row, 4), "0.6")
    assert page.found.rows, "raising the archive mark to 0.6 archives some demo memories"
    page.confirm = lambda _text: True

    _written(qtbot, window, page.save_draft)

    profile = folder / ".memdesk" / "profile.json"
    assert b'"archive_below": 0.6' in profile.read_bytes()
    assert window.ws.profile.archive_below == 0.6  # type: ignore[union-attr]
    assert page.model.index(row, 2).data() == "workspace"
    desk.sidebar.setCurrentRow(rows.index("Activity"))  # type: ignore[attr-defined]
    activity = desk.activity_view  # type: ignore[attr-defined]
    activity.table.selectRow(0)
    activity.confirm = lambda _text: True
    _written(qtbot, window, activity.undo.click)
    assert not profile.exists()  # the save created it: undone, it is gone
    assert window.ws.profile.archive_below == 0.2  # type: ignore[union-attr]


def test_review_queue_in_the_everbot_window_by_keyboard(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    folder = tmp_path / "ws"
    assert main(["demo", str(folder), "--layout", "everbot"]) == 0
    assert main(["review", str(folder)]) == 0
    window.open_workspace(folder)
    qtbot.waitUntil(lambda: isinstance(window.ws, Workspace), timeout=10_000)
    desk = window.desk
    assert desk is not None
    rows = [desk.sidebar.item(r).text() for r in range(desk.sidebar.count())]  # type: ignore[attr-defined]
    title = next(t for t in rows if t.startswith("Review queue ("))
    desk.sidebar.setCurrentRow(rows.index(title))  # type: ignore[attr-defined]
    page = desk.review_view  # type: ignore[attr-defined]
    first = page.current()
    assert page.details.tabText(page.details.count() - 1) == "Score history"
    assert desk.review_chart.series_names()  # type: ignore[attr-defined]
    before = (folder / "MEMORY.md").read_bytes()
    page.card.setFocus()

    _written(qtbot, window, lambda: qtbot.keyClick(page.card, Qt.Key.Key_Space))

    assert (folder / "MEMORY.md").read_bytes() != before
    assert first.id not in [p.id for p in page.proposals]
    shown = desk.sidebar.item(rows.index(title)).text()  # type: ignore[attr-defined]
    assert shown.startswith(f"Review queue ({len(page.proposals)},")
    page.card.setFocus()
    _written(
        qtbot,
        window,
        lambda: qtbot.keyClick(page.card, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier),
    )
    assert (folder / "MEMORY.md").read_bytes() == before
    page.card.setFocus()
    qtbot.keyClick(page.card, Qt.Key.Key_E)
    assert desk.current_key() == page.current().memory_id  # type: ignore[attr-defined]


def test_run_decay_from_the_window_writes_scores_and_queues_what_it_would_archive_or_delete(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    from PySide6.QtCore import QDate

    folder = tmp_path / "ws"
    assert main(["demo", str(folder), "--layout", "everbot"]) == 0
    window.open_workspace(folder)
    qtbot.waitUntil(lambda: isinstance(window.ws, Workspace), timeout=10_000)
    desk = window.desk
    assert desk is not None
    before = (folder / "MEMORY.md").read_bytes()
    shown: list[object] = []

    def accept(dialog: object) -> bool:
        dialog.day.setDate(QDate.currentDate().addDays(200))  # type: ignore[attr-defined]
        shown.append(dialog.preview)  # type: ignore[attr-defined]
        return True

    desk.ask = accept  # type: ignore[attr-defined]
    _written(qtbot, window, desk.run_decay)  # type: ignore[attr-defined]

    [preview] = shown
    assert preview.changed_count and preview.transitions  # type: ignore[attr-defined]
    assert "scores change" in desk.decay_dialog.summary.text()  # type: ignore[attr-defined]
    assert (folder / "MEMORY.md").read_bytes() != before
    waiting = pending_at(folder)
    queued = {p.memory_id for p in waiting if "decay" in p.triggers}
    named = {key for p in waiting for key in p.related_ids}  # its own proposal comes after
    assert {t.key for t in preview.transitions} <= queued | named  # type: ignore[attr-defined]
    text = (folder / "MEMORY.md").read_text(encoding="utf-8")
    assert all(f"[{t.key}]" in text for t in preview.transitions)  # type: ignore[attr-defined]
    rows = [desk.sidebar.item(r).text() for r in range(desk.sidebar.count())]  # type: ignore[attr-defined]
    assert any(r.startswith(f"Review queue ({len(waiting)},") for r in rows)
