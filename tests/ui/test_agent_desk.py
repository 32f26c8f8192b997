"""PicoClaw and Pomeloclaw / Pomelobot workspaces in the main window, driven as a person would: open
the demo, edit one entry of each kind, save, undo; files on disk are checked after every save."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from core.agents.picoclaw import format as picoclaw
from core.agents.picoclaw.profile import render_profile
from core.agents.picoclaw.retrieval import memory_context
from core.agents.pomelobot.scopes import heartbeat_path, list_scopes, long_term_path
from core.demo import write_demo
from core.store.merge import OUTSIDE, Conflict
from core.store.retention import DEFAULT_KEEP, backups_to_keep
from tests.conftest import FIXTURES
from ui.agents.everbot.desk import EverBotDesk
from ui.agents.picoclaw.desk import PicoClawDesk
from ui.agents.pomelobot.desk import PomelobotDesk
from ui.conflict_dialog import ConflictDialog
from ui.main_window import MainWindow
from ui.sidebar_desk import SidebarDesk

TODAY = date(2026, 3, 3)


@pytest.fixture
def pico(tmp_path: Path) -> Path:
    """A PicoClaw home folder (config.json, workspace/)."""
    home = tmp_path / "picoclaw"
    write_demo(home, layout="picoclaw", seed=3, today=TODAY)
    return home


@pytest.fixture
def pomelo(tmp_path: Path) -> Path:
    root = tmp_path / "pomelo"
    write_demo(root, layout="pomelobot", seed=3, today=TODAY)
    return root


def conflict_dialog(qtbot: QtBot, window: MainWindow) -> ConflictDialog:
    """The conflict dialog a save opened (not blocking), once it shows and the save has ended."""
    qtbot.waitUntil(
        lambda: (
            window.conflict_dialog is not None
            and window.conflict_dialog.isVisible()
            and not window.tasks.busy
        ),
        timeout=10_000,
    )
    dialog = window.conflict_dialog
    assert dialog is not None
    return dialog


def opened(qtbot: QtBot, window: MainWindow, path: Path) -> MainWindow:
    """Open a PicoClaw or Pomeloclaw / Pomelobot workspace; returns once its desk shows it."""
    before = window.desk
    window.open_workspace(path)
    qtbot.waitUntil(
        lambda: (
            window.ws is not None
            and window.desk is not before
            and isinstance(window.desk, SidebarDesk)
        ),
        timeout=10_000,
    )
    return window


def save(qtbot: QtBot, window: MainWindow) -> None:
    window.save()
    qtbot.waitUntil(lambda: not window.tasks.busy and not window.modified(), timeout=10_000)


def edit_selected(window: MainWindow, row: int, text: str) -> str:
    entries = window.desk.entries
    entries.select_row(row)
    key = entries.current_key()
    assert key is not None
    entries.editor.setPlainText(text)
    entries.apply_edit()
    return key


def test_picoclaw_home_opens_its_workspace_with_every_source(
    qtbot: QtBot, qtmodeltester: ModelTester, window: MainWindow, pico: Path
) -> None:
    opened(qtbot, window, pico)
    qtmodeltester.check(window.desk.entries.model)
    assert window.ws is not None and window.ws.root == (pico / "workspace").resolve()
    assert isinstance(window.desk, PicoClawDesk) and window.desks.currentWidget() is window.desk
    titles = [window.desk.sidebar.item(r).text() for r in range(window.desk.sidebar.count())]
    assert titles[0].startswith("Long-term memory (24)")
    assert titles[1].startswith("Daily notes (")
    assert titles[2].startswith("Profile (")
    assert titles[3] == "What the agent sees"
    assert window.desk.entries.row_count() == 24
    assert "PicoClaw workspace" in window.desk.header.text()


def test_picoclaw_longterm_edit_save_undo_save(
    qtbot: QtBot, window: MainWindow, pico: Path
) -> None:
    memory = pico / "workspace" / "memory" / "MEMORY.md"
    original = memory.read_bytes()
    opened(qtbot, window, pico)
    key = edit_selected(window, 2, "用户改喝美式咖啡，不加奶。")
    assert window.isWindowModified()
    assert window.desk.sidebar.item(0).text().endswith("*")
    save(qtbot, window)
    after = memory.read_text(encoding="utf-8")
    doc = picoclaw.parse_longterm(memory.read_bytes())
    assert doc.find(key).content == "用户改喝美式咖啡，不加奶。"  # type: ignore[union-attr]
    before_doc = picoclaw.parse_longterm(original)
    for entry in before_doc.entries():  # every other entry keeps its exact bytes
        if entry.key != key:
            assert entry.render() in after
    backups = sorted((pico / "workspace" / "memory" / "backups").glob("*_MEMORY.md"))
    assert any(b.read_bytes() == original for b in backups)
    window.undo_stack.undo()
    assert window.modified()
    save(qtbot, window)
    assert memory.read_bytes() == original


def test_picoclaw_add_entry_uses_the_agents_format(
    qtbot: QtBot, window: MainWindow, pico: Path
) -> None:
    memory = pico / "workspace" / "memory" / "MEMORY.md"
    original = memory.read_text(encoding="utf-8")
    opened(qtbot, window, pico)
    window.desk.entries.editor.setPlainText("  用户的新猫叫 Mochi。 ")
    window.desk.entries.add_entry()
    save(qtbot, window)
    assert memory.read_text(encoding="utf-8") == (
        f"{original}\n\n## {date.today().isoformat()}\n\n用户的新猫叫 Mochi。"
    )


def test_picoclaw_delete_refused_text_is_reported(
    qtbot: QtBot, window: MainWindow, pico: Path
) -> None:
    opened(qtbot, window, pico)
    edit_selected(window, 0, "   ")  # blank: refused with a message, nothing changes
    assert not window.modified()
    assert "blank" in window.banner.text()


def test_picoclaw_daily_note_and_profile_edits_saved(
    qtbot: QtBot, window: MainWindow, pico: Path
) -> None:
    workspace = pico / "workspace"
    opened(qtbot, window, pico)
    window.desk.select_page("daily")
    note = window.ws.daily_notes()[-1]  # type: ignore[union-attr]
    notes = window.desk.notes
    notes.select_day(note.date)
    notes.editor.setPlainText(notes.editor.toPlainText() + "\n补充：晚上和用户确认了周报格式。")
    notes.apply()
    window.desk.select_page("profile")
    window.desk.profile.add_key("city", "杭州")
    save(qtbot, window)
    assert note.path.read_text(encoding="utf-8").endswith("\n补充：晚上和用户确认了周报格式。")
    profile = workspace / "memory" / "profile.json"
    items = window.ws.profile().doc.as_dict()  # type: ignore[union-attr]
    assert items["city"] == "杭州"
    assert profile.read_text(encoding="utf-8") == render_profile(items)
    assert list((workspace / ".memdesk" / "backups" / "memory").glob("*_profile.json"))


def test_picoclaw_session_start_page_shows_each_file_and_the_message(
    qtbot: QtBot, window: MainWindow, pico: Path
) -> None:
    opened(qtbot, window, pico)
    window.desk.select_page("context")
    view = window.desk.context_view
    assert view is not None and view.isVisible()
    memory = pico / "workspace" / "memory" / "MEMORY.md"
    text = picoclaw.parse_longterm(memory.read_bytes()).agent_text()
    notes = [
        (n.date, picoclaw.read_daily_note(n))
        for n in picoclaw.list_daily_notes(memory.parent.parent)
    ]
    day = max(n[0] for n in notes)
    view.day.setDate(day)  # a day the demo's notes fall within recent_days
    assert view.files.rowCount() == 1 + len(notes)
    assert view.files.item(0, 0).text() == "Long-term memory (memory/MEMORY.md)"
    expected = memory_context(text, "", recent_days=2, daily_notes=notes, today=day)
    assert view.messages.toPlainText() == expected
    assert view.part_text.toPlainText() == text


def test_picoclaw_agent_view_shows_what_the_agent_injects(
    qtbot: QtBot, window: MainWindow, pico: Path
) -> None:
    opened(qtbot, window, pico)
    window.desk.select_page("agent")
    window.desk.agent.set_message("咖啡")
    memory = pico / "workspace" / "memory" / "MEMORY.md"
    text = picoclaw.parse_longterm(memory.read_bytes()).agent_text()
    notes = [
        (n.date, picoclaw.read_daily_note(n))
        for n in picoclaw.list_daily_notes(memory.parent.parent)
    ]
    expected = memory_context(text, "咖啡", limit=15, recent_days=5, daily_notes=notes)
    shown = window.desk.agent.text.toPlainText()
    assert "咖啡" in shown
    profile = window.desk.agent.profile_text.toPlainText()
    assert profile == window.ws.profile().doc.markdown()  # type: ignore[union-attr]
    assert profile.startswith("## Core Profile (Facts & Preferences)\n\n- **")
    assert window.desk.agent.profile_box.isVisible()
    assert shown.split("## Recent Daily Notes")[0] == expected.split("## Recent Daily Notes")[0]


def test_picoclaw_agent_appending_meanwhile_is_merged(
    qtbot: QtBot, window: MainWindow, pico: Path
) -> None:
    memory = pico / "workspace" / "memory" / "MEMORY.md"
    opened(qtbot, window, pico)
    key = edit_selected(window, 1, "用户周末一般不看工作消息。")
    script = (
        "import sys, pathlib; p = pathlib.Path(sys.argv[1]); "
        "p.write_text(p.read_text(encoding='utf-8') + '\\n\\n## 2026-03-03\\n\\n用户买了新键盘。', encoding='utf-8')"
    )
    subprocess.run([sys.executable, "-c", script, str(memory)], check=True)
    save(qtbot, window)
    doc = picoclaw.parse_longterm(memory.read_bytes())
    assert doc.find(key).content == "用户周末一般不看工作消息。"  # type: ignore[union-attr]
    assert memory.read_text(encoding="utf-8").endswith("## 2026-03-03\n\n用户买了新键盘。")
    assert "merged" in window.banner.text()


def test_picoclaw_same_entry_changed_on_both_sides_asks(
    qtbot: QtBot, window: MainWindow, pico: Path
) -> None:
    memory = pico / "workspace" / "memory" / "MEMORY.md"
    opened(qtbot, window, pico)
    key = edit_selected(window, 0, "我这边的版本。")
    theirs_doc = picoclaw.parse_longterm(memory.read_bytes())
    base = theirs_doc.find(key).content  # type: ignore[union-attr]
    theirs_doc.replace_entry(key, "另一个程序的版本。")
    appended = "\n\n## 2026-03-03\n\n用户买了新键盘。"  # clashes with nothing
    memory.write_bytes(theirs_doc.to_bytes() + appended.encode())
    on_disk = memory.read_bytes()
    window.save()
    dialog = conflict_dialog(qtbot, window)
    assert dialog.file == "memory/MEMORY.md"
    assert [b.conflict for b in dialog.boxes] == [
        Conflict(key, base, "我这边的版本。", "另一个程序的版本。")
    ]
    assert memory.read_bytes() == on_disk  # nothing written before the person chose
    assert window.modified()
    dialog.boxes[0].keep_mine.setChecked(True)
    assert dialog.resolutions() == {key: "mine"}
    dialog.accept()
    qtbot.waitUntil(lambda: not window.tasks.busy and not window.modified(), timeout=10_000)
    doc = picoclaw.parse_longterm(memory.read_bytes())
    assert doc.find(key).content == "我这边的版本。"  # type: ignore[union-attr]
    assert memory.read_text(encoding="utf-8").endswith("## 2026-03-03\n\n用户买了新键盘。")


def test_pomelobot_scopes_in_the_sidebar(qtbot: QtBot, window: MainWindow, pomelo: Path) -> None:
    opened(qtbot, window, pomelo)
    assert isinstance(window.desk, PomelobotDesk)
    titles = [window.desk.sidebar.item(r).text() for r in range(window.desk.sidebar.count())]
    assert titles[0].startswith("Scope main (")
    assert any(t.startswith("Scope direct_") for t in titles)
    assert any(t.startswith("Scope group_") for t in titles)
    assert titles[-5].startswith("Search & read")
    assert titles[-4:] == ["At session start", "Review queue", "Backups", "Activity"]


def test_pomelobot_edit_daily_and_promote_to_long_term(
    qtbot: QtBot, window: MainWindow, pomelo: Path
) -> None:
    opened(qtbot, window, pomelo)
    entries = window.desk.entries
    rel = list_scopes(pomelo)[0].of_kind("daily")[-1].path
    daily = pomelo / rel
    entries.select_file(rel)
    assert entries.promote_button.isVisible()
    key = edit_selected(window, 0, "用户确认周五发布。")
    entries.promote_entry()
    save(qtbot, window)
    assert "用户确认周五发布。" in daily.read_text(encoding="utf-8")
    long_term = (pomelo / long_term_path("main")).read_text(encoding="utf-8")
    assert long_term.endswith("] 用户确认周五发布。\n")  # where the agent saves it today
    assert key in daily.read_text(encoding="utf-8")


def hand_written_heartbeat(pomelo: Path) -> Path:
    """Main's HEARTBEAT.md as a person keeps it: notes, no `## [HH:MM:SS]` entries."""
    path = pomelo / heartbeat_path("main")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "# Heartbeat (main)\n\n值班交接先看告警群。\n- 变更窗口：周二、周四\n", encoding="utf-8"
    )
    return path


def test_a_file_without_entries_is_shown_and_edited_as_text(
    qtbot: QtBot, window: MainWindow, pomelo: Path
) -> None:
    """A heartbeat file of hand-written notes has no entries. Tried as a new user would: the
    file must not look empty; its text is shown and editable."""
    session = hand_written_heartbeat(pomelo)
    opened(qtbot, window, pomelo)
    entries = window.desk.entries
    original = session.read_text(encoding="utf-8")
    entries.select_file(session.relative_to(pomelo).as_posix())
    assert entries.tabs.currentIndex() == 1  # no entries: the whole file is shown
    assert entries.file_text.toPlainText() == original
    entries.file_text.setPlainText(original + "\n补充：支付接口超时已修复。\n")
    entries.apply_text()
    assert window.modified()
    save(qtbot, window)
    assert session.read_text(encoding="utf-8") == original + "\n补充：支付接口超时已修复。\n"
    window.undo_stack.undo()
    save(qtbot, window)
    assert session.read_text(encoding="utf-8") == original


@pytest.mark.parametrize("choice", ["theirs", "mine"])
def test_whole_file_edit_and_another_writer_ask_first(
    qtbot: QtBot, window: MainWindow, pomelo: Path, choice: str
) -> None:
    session = hand_written_heartbeat(pomelo)
    opened(qtbot, window, pomelo)
    entries = window.desk.entries
    rel = session.relative_to(pomelo).as_posix()
    original = session.read_text(encoding="utf-8")
    entries.select_file(rel)
    entries.file_text.setPlainText("# 我重写了这份摘要\n")
    entries.apply_text()
    theirs = original + "\n- 另一个程序追加的一行\n"
    session.write_text(theirs, encoding="utf-8")
    window.save()
    dialog = conflict_dialog(qtbot, window)
    assert dialog.file == rel
    assert [b.conflict.key for b in dialog.boxes] == [OUTSIDE]
    conflict = dialog.boxes[0].conflict
    assert (conflict.base, conflict.mine, conflict.theirs) == (
        original,
        "# 我重写了这份摘要\n",
        theirs,
    )
    assert session.read_text(encoding="utf-8") == theirs  # nothing written before the choice
    assert window.modified()
    button = dialog.boxes[0].keep_theirs if choice == "theirs" else dialog.boxes[0].keep_mine
    button.setChecked(True)
    assert dialog.resolutions() == {OUTSIDE: choice}
    dialog.accept()
    qtbot.waitUntil(lambda: not window.tasks.busy and not window.modified(), timeout=10_000)
    # The notes have no entries: the appended line is part of the one text that clashed.
    kept = theirs if choice == "theirs" else "# 我重写了这份摘要\n"
    assert session.read_text(encoding="utf-8") == kept


def test_pomelobot_scope_long_term_edit_and_read_only_transcripts(
    qtbot: QtBot, window: MainWindow, pomelo: Path
) -> None:
    opened(qtbot, window, pomelo)
    entries = window.desk.entries
    scope = next(
        r
        for r in range(window.desk.sidebar.count())
        if "direct_" in window.desk.sidebar.item(r).text()
    )
    window.desk.sidebar.setCurrentRow(scope)
    long_term = next(pomelo.glob("memory/scopes/direct_*/LONG_TERM.md"))
    before = long_term.read_text(encoding="utf-8")
    entries.select_file(long_term.relative_to(pomelo).as_posix())
    key = edit_selected(window, 0, "用户偏好用中文沟通。")
    save(qtbot, window)
    after = long_term.read_text(encoding="utf-8")
    assert f"[{key.split('~')[0]}] 用户偏好用中文沟通。" in after
    assert len(after.splitlines()) == len(before.splitlines())
    transcript = next(pomelo.glob("memory/scopes/direct_*/transcripts/*.md"))
    entries.select_file(transcript.relative_to(pomelo).as_posix())
    assert "read-only" in entries.title.text()
    assert entries.editor.isReadOnly() and entries.file_text.isReadOnly()
    assert not entries.apply_button.isEnabled() and not entries.add_button.isEnabled()


def test_unedited_file_changed_by_another_program_is_reloaded(
    qtbot: QtBot, window: MainWindow, pomelo: Path
) -> None:
    opened(qtbot, window, pomelo)
    memory = pomelo / "MEMORY.md"
    rows = window.desk.entries.row_count()
    with memory.open("a", encoding="utf-8") as f:
        f.write("\n[10:00:00] 用户换了新手机。\n")
    qtbot.waitUntil(lambda: window.desk.entries.row_count() == rows + 1, timeout=10_000)
    assert "Reloaded" in window.banner.text()


def test_folder_fitting_two_layouts_asks_once_and_remembers(
    qtbot: QtBot, window: MainWindow, pomelo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried as a new user would: a Pomelobot folder whose MEMORY.md also holds structured
    entries fits both layouts; MemDesk asks which, and remembers the answer in the journal."""
    memory = pomelo / "MEMORY.md"
    memory.write_text(
        memory.read_text(encoding="utf-8")
        + "\n### [fact] 1a2b3c4d\n> score: 0.50 | last: 2026-03-01 | hits: 1\n\n用户住在杭州。\n",
        encoding="utf-8",
    )
    asked: list[tuple[str, ...]] = []

    def ask(root: Path, candidates: tuple[str, ...]) -> str:
        asked.append(candidates)
        return "pomelobot"

    monkeypatch.setattr(window, "_ask_layout", ask)
    opened(qtbot, window, pomelo)
    assert asked == [("everbot", "pomelobot")]
    assert window.ws is not None and window.ws.agent.name == "pomelobot"
    assert isinstance(window.desk, PomelobotDesk)
    assert window.layout_action.isEnabled()
    assert window.close_workspace()  # opened again (an open one would only be shown):
    opened(qtbot, window, pomelo)  # remembered, not asked again
    assert len(asked) == 1
    assert window.ws.agent.name == "pomelobot"
    monkeypatch.setattr(window, "_ask_layout", lambda root, candidates: "everbot")
    window.choose_layout()
    qtbot.waitUntil(lambda: isinstance(window.desk, EverBotDesk), timeout=10_000)
    assert window.ws is not None and window.ws.agent.name == "everbot"
    assert window.desks.currentWidget() is window.desk


def test_undo_after_a_merged_save_never_drops_the_agents_change(
    qtbot: QtBot, window: MainWindow, pico: Path
) -> None:
    """Tried as a person would: edit, the agent appends, save (merged), Ctrl+Z, save again.
    The agent's entry must survive: undo steps from before the merge are gone."""
    memory = pico / "workspace" / "memory" / "MEMORY.md"
    opened(qtbot, window, pico)
    edit_selected(window, 1, "用户周末一般不看工作消息。")
    with memory.open("a", encoding="utf-8") as f:
        f.write("\n\n## 2026-03-03\n\n用户买了新键盘。")
    save(qtbot, window)
    assert window.undo_stack.count() == 0
    window.undo_stack.undo()
    window.save()
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=10_000)
    assert memory.read_text(encoding="utf-8").endswith("## 2026-03-03\n\n用户买了新键盘。")


def test_watch_survives_our_own_atomic_save(qtbot: QtBot, window: MainWindow, pomelo: Path) -> None:
    """After MemDesk's save replaced the file (a rename), the agent's next append still shows."""
    opened(qtbot, window, pomelo)
    edit_selected(window, 0, "用户确认了新的发布流程。")
    save(qtbot, window)
    rows = window.desk.entries.row_count()
    qtbot.wait(400)  # let the watcher see our own save first
    with (pomelo / "MEMORY.md").open("a", encoding="utf-8") as f:
        f.write("\n[11:00:00] 用户换了新电脑。\n")
    qtbot.waitUntil(lambda: window.desk.entries.row_count() == rows + 1, timeout=10_000)


# -- the hand-written example workspaces (fixtures/workspaces), as a new user would meet them ---


def example(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copytree(FIXTURES / "workspaces" / name, target)
    for path in target.rglob("*"):  # the fixtures are read-only; a user's files are not
        path.chmod(0o755 if path.is_dir() else 0o644)
    return target


def test_example_picoclaw_hybrid_profile_edit_and_what_the_agent_sees(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    root = example("picoclaw_hybrid", tmp_path)
    opened(qtbot, window, root)
    assert "not written yet" in window.desk.entries.title.text()  # no memory/MEMORY.md yet
    window.desk.select_page("profile")
    assert window.desk.profile.model.rowCount() == 4
    window.desk.profile.set_value("咖啡偏好", "美式")
    window.desk.select_page("agent")
    assert "- **咖啡偏好**: 美式" in window.desk.agent.profile_text.toPlainText()
    save(qtbot, window)
    assert (
        json.loads((root / "memory" / "profile.json").read_text(encoding="utf-8"))["咖啡偏好"]
        == "美式"
    )
    assert not (root / "memory" / "MEMORY.md").exists()  # saving the profile creates nothing else


def test_example_corrupt_profile_is_shown_and_never_written(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    root = example("picoclaw_hybrid_corrupt", tmp_path)
    before = (root / "memory" / "profile.json").read_bytes()
    opened(qtbot, window, root)
    assert window.desk.sidebar.item(2).text() == "Profile (unreadable!)"
    window.desk.select_page("profile")
    banner = window.desk.profile.findChild(QLabel, "profileError")
    assert banner is not None and banner.isVisible() and "line 4" in banner.text()
    assert not window.desk.profile.add_key("name", "x")
    window.save()
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=10_000)
    assert (root / "memory" / "profile.json").read_bytes() == before
    assert not (root / ".memdesk" / "backups").exists()


def test_example_pomelobot_entry_edit(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    root = example("pomelobot", tmp_path)
    opened(qtbot, window, root)
    window.desk.entries.select_file("memory/2026-03-02.md")
    edit_selected(window, 0, "早会：发布冻结推迟到周五。")
    save(qtbot, window)
    assert (root / "memory" / "2026-03-02.md").read_text(encoding="utf-8") == (
        "# Daily Memory - 2026-03-02 (main)\n\n[08:30:00] 早会：发布冻结推迟到周五。\n"
    )


def test_example_openclaw_notes_are_entries_and_edits_change_one_line(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Tried as a new user would: an OpenClaw workspace of bullet notes shows its memories
    (it used to show 0 memories and only the whole text)."""
    root = example("openclaw", tmp_path)
    opened(qtbot, window, root)
    assert window.ws is not None and window.ws.agent.name == "openclaw"
    window.desk.select_page("notes")
    entries = window.desk.entries
    entries.select_file("memory/2026-03-01.md")
    assert entries.tabs.currentIndex() == 0
    assert [entries.model.items[r].content for r in range(entries.row_count())] == [
        "Discussed Iceberg table compaction settings.",
        "用户提到周三要准备演示材料。",
    ]
    before = (root / "memory" / "2026-03-01.md").read_text(encoding="utf-8")
    edit_selected(window, 1, "用户提到周四要准备演示材料。")
    save(qtbot, window)
    assert (root / "memory" / "2026-03-01.md").read_text(encoding="utf-8") == before.replace(
        "周三", "周四"
    )


def test_typed_text_survives_another_programs_change(
    qtbot: QtBot, window: MainWindow, pomelo: Path
) -> None:
    """Tried as a person would: typing a correction while the agent appends to the same file."""
    opened(qtbot, window, pomelo)
    entries = window.desk.entries
    entries.select_row(0)
    entries.editor.setPlainText("正在输入的修改")
    rows = entries.row_count()
    with (pomelo / "MEMORY.md").open("a", encoding="utf-8") as f:
        f.write("\n[12:00:00] 用户订了周五的机票。\n")
    qtbot.waitUntil(lambda: entries.row_count() == rows + 1, timeout=10_000)
    assert entries.editor.toPlainText() == "正在输入的修改"
    entries.apply_edit()
    assert window.ws.memory_file("MEMORY.md").items()[0].content == "正在输入的修改"  # type: ignore[union-attr]
    window.undo_stack.undo()
    assert entries.editor.toPlainText() == window.ws.memory_file("MEMORY.md").items()[0].content  # type: ignore[union-attr]


def test_a_daily_file_the_agent_creates_appears(
    qtbot: QtBot, window: MainWindow, pomelo: Path
) -> None:
    opened(qtbot, window, pomelo)
    files = window.desk.entries.file_list.count()
    (pomelo / "memory" / "2026-03-04.md").write_text(
        "# Daily Memory - 2026-03-04 (main)\n\n[09:00:00] 新的一天。\n", encoding="utf-8"
    )
    qtbot.waitUntil(lambda: window.desk.entries.file_list.count() == files + 1, timeout=10_000)


def test_backups_to_keep_is_a_setting_of_the_workspace(
    qtbot: QtBot, window: MainWindow, pomelo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened(qtbot, window, pomelo)
    asked: list[int] = []

    def get_int(*args: object) -> tuple[int, bool]:
        asked.append(args[3])  # type: ignore[arg-type]
        return 7, True

    monkeypatch.setattr("ui.opening.QInputDialog.getInt", get_int)
    window.choose_backups_to_keep()
    assert asked == [DEFAULT_KEEP]
    assert backups_to_keep(pomelo) == 7


def test_unreadable_long_term_memory_leaves_the_rest_usable(
    qtbot: QtBot, window: MainWindow, pico: Path
) -> None:
    """Tried as a new user would: MEMORY.md with a byte that is not UTF-8 must not hide the
    daily notes and the profile; the long-term page says what is wrong, and nothing is written."""
    memory = pico / "workspace" / "memory" / "MEMORY.md"
    memory.write_bytes(b"## 2026-01-01\n\n\xff broken\n")
    opened(qtbot, window, pico)
    assert window.desk.sidebar.item(0).text() == "Long-term memory (unreadable!)"
    assert "not valid UTF-8" in window.banner.text()
    assert not window.desk.entries.add_button.isEnabled()
    window.desk.select_page("daily")
    assert window.desk.notes.tree.topLevelItemCount() > 0
    window.desk.select_page("agent")
    assert "not valid UTF-8" in window.desk.agent.error.text()
    assert memory.read_bytes() == b"## 2026-01-01\n\n\xff broken\n"
