"""Hermes' staged writes in the real window's review queue: shown with their change and
warnings, approved and rejected off the UI thread, approve-all refused whole when one would
fail, the gate switched, and the sidebar counting what waits.

Tried as a Hermes user would: the desk's header said writes waited, but the Review queue page
showed none of them and nothing could decide them."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.cli import main
from core.agents.hermes.workspace import HermesWorkspace
from tests.helpers import STALE_WRITE as STALE
from tests.helpers import stage_a_stale_write
from ui.main_window import MainWindow
from ui.sidebar_desk import SidebarDesk
from ui.staged_view import StagedView


def _staged(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> tuple[Path, StagedView]:
    root = tmp_path / "hermes"
    assert main(["demo", str(root), "--layout", "hermes"]) == 0
    stage_a_stale_write(root)
    window.open_workspace(root)
    qtbot.waitUntil(lambda: isinstance(window.ws, HermesWorkspace), timeout=10_000)
    desk = window.desk
    assert isinstance(desk, SidebarDesk)
    desk.select_page("review")
    view = desk.review_view.staged
    qtbot.waitUntil(lambda: len(view.writes) == 4, timeout=10_000)
    return root, view


def _settled(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=10_000)


def test_the_review_page_shows_each_staged_write_with_its_change_and_warnings(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    _root, view = _staged(qtbot, window, tmp_path)
    desk = window.desk
    assert isinstance(desk, SidebarDesk)
    assert desk.review_view.tabs.currentWidget() is view
    assert desk.review_view.title().startswith("Review queue (4, oldest")
    view.list.setCurrentRow(0)
    assert "USER.md changed after this write was staged" in view.warnings.text()
    view.list.setCurrentRow(2)
    assert "+ Name: Lin. Staff engineer, works mostly in Go now." in view.detail.toPlainText()
    view.list.setCurrentRow(3)
    assert "'Jenkins' matches no entry of MEMORY.md now" in view.warnings.text()
    assert "Approval gate: on (memory.write_approval: true" in view.gate_label.text()


def test_approve_all_refused_whole_then_approve_reject_and_the_gate(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    root, view = _staged(qtbot, window, tmp_path)
    failures: list[str] = []
    window.desk.failed.connect(failures.append)  # type: ignore[union-attr]
    before = (root / "memories/USER.md").read_bytes()

    view.approve_all_button.click()
    _settled(qtbot, window)
    assert any(f"{STALE}: No entry matched 'Jenkins'" in f for f in failures)
    assert (root / "memories/USER.md").read_bytes() == before
    assert len(view.writes) == 4

    view.list.setCurrentRow(2)
    view.approve_button.click()
    _settled(qtbot, window)
    qtbot.waitUntil(lambda: len(view.writes) == 3, timeout=10_000)
    assert "Staff engineer" in (root / "memories/USER.md").read_text("utf-8")

    view.list.setCurrentRow([w.id for w in view.writes].index(STALE))
    view.reject_button.click()
    _settled(qtbot, window)
    qtbot.waitUntil(lambda: [w.id for w in view.writes] == ["c02e6f19", "3f9a1c2e"], timeout=10_000)

    view.gate_button.click()
    _settled(qtbot, window)
    qtbot.waitUntil(lambda: view.gate_state is not None and view.gate_state.on is False)
    assert (root / "config.yaml").read_text("utf-8") == "memory:\n  write_approval: false\n"
    assert view.gate_button.text() == "Turn gate on"


def test_a_write_the_agent_stages_while_the_page_is_open_appears(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    root, view = _staged(qtbot, window, tmp_path)
    record = (root / "pending/memory/3f9a1c2e.json").read_text("utf-8")
    (root / "pending/memory/0badf00d.json").write_text(
        record.replace("3f9a1c2e", "0badf00d"), encoding="utf-8"
    )
    qtbot.waitUntil(lambda: len(view.writes) == 5, timeout=10_000)


def test_a_named_profiles_own_gate_is_chosen_shown_and_switched(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a Hermes user would: profile work stages by its own config.yaml, but the page
    showed and switched only the default home's gate."""
    root = tmp_path / "hermes"
    for memories in (root / "memories", root / "profiles/work/memories"):
        memories.mkdir(parents=True)
        (memories / "MEMORY.md").write_text("a fact", encoding="utf-8")
    (root / "config.yaml").write_text("memory:\n  write_approval: false\n", encoding="utf-8")
    work = root / "profiles/work/config.yaml"
    work.write_text("memory:\n  write_approval: true\n", encoding="utf-8")
    window.open_workspace(root)
    qtbot.waitUntil(lambda: isinstance(window.ws, HermesWorkspace), timeout=10_000)
    desk = window.desk
    assert isinstance(desk, SidebarDesk)
    desk.select_page("review")
    view = desk.review_view.staged
    qtbot.waitUntil(lambda: view.gate_state is not None, timeout=10_000)
    assert not view.gate_profile.isHidden()
    view.gate_profile.setCurrentIndex(view.gate_profile.findData("work"))
    assert "on (memory.write_approval: true in profiles/work/config.yaml" in view.gate_label.text()
    view.gate_button.click()
    _settled(qtbot, window)
    qtbot.waitUntil(lambda: view.gate_state is not None and view.gate_state.on is False)
    assert work.read_text("utf-8") == "memory:\n  write_approval: false\n"
    assert (root / "config.yaml").read_text("utf-8") == "memory:\n  write_approval: false\n"
    assert view.profile() == "work"
