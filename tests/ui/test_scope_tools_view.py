"""The Search & read page of a Pomeloclaw / Pomelobot workspace, driven as a person would: search a
scope, open a hit, read path:line as memory_get does (and be refused where the agent would), list
a file's index chunks. Every result is checked against core's own tools on the same files."""

from __future__ import annotations

import json
import os
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.cli import main as cli_main
from core.agents.pomelobot.access import memory_get
from core.agents.pomelobot.chunks import Chunk, index_chunks_of_file
from core.agents.pomelobot.scopes import find_scope, list_scopes
from core.agents.pomelobot.search import search_scope
from core.demo import write_demo
from tests.helpers import open_workspace
from ui.agents.pomelobot.scope_tools_view import ScopeToolsView

MAIN_LONG = "memory/scopes/main/MEMORY.md"
DAY = "memory/scopes/main/2026-11-24.md"
LONG = "memory/scopes/main/2026-11-25.md"
TRANSCRIPT = "memory/scopes/main/transcripts/2026-11-24.md"
GROUP_LONG = "memory/scopes/group_ops/MEMORY.md"


def put(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))


def long_file() -> str:
    """A daily file of 200 entries (over 300 lines, several chunks) and one line over 1200 chars."""
    entries = "".join(
        f"\n[10:{n // 60:02d}:{n % 60:02d}] entry {n}: deploy notes for service {n}\n"
        for n in range(200)
    )
    return "# Daily Memory - 2026-11-25 (main)\n" + entries + "\n[11:00:00] " + "长" * 1500 + "\n"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A Pomeloclaw workspace written as the agent writes it: main and one group scope."""
    ws = tmp_path / "ws"
    put(
        ws,
        MAIN_LONG,
        "# Long-term Memory (main)\n\n\n[09:00:00] 用户每天早上喝一杯咖啡。\n\n[09:05:00] Prefers short answers.\n",
    )
    put(
        ws,
        DAY,
        "# Daily Memory - 2026-11-24 (main)\n\n[08:00:00] 讨论了部署。\n\n[08:30:00] 用户说咖啡机坏了。\n",
    )
    put(ws, LONG, long_file())
    put(
        ws,
        TRANSCRIPT,
        "# Session Transcript - 2026-11-24 (main)\n\n[08:31:00] [user] 咖啡机坏了怎么办？\n\n[08:31:05] [assistant] 先重启试试。\n",
    )
    put(
        ws,
        GROUP_LONG,
        "# Long-term Memory (group_ops)\n\n\n[11:00:00] 运维群的咖啡预算每月 200 元。\n",
    )
    put(
        ws,
        "memory/scopes/group_ops/2026-11-24.md",
        "# Daily Memory - 2026-11-24 (group_ops)\n\n[12:00:00] 值班表已更新。\n",
    )
    return ws


@pytest.fixture
def view(qtbot: QtBot, root: Path) -> ScopeToolsView:
    widget = ScopeToolsView()
    qtbot.addWidget(widget)
    widget.show_workspace(open_workspace(root))
    return widget


def rows(table: object) -> list[list[str]]:
    from PySide6.QtWidgets import QTableWidget

    assert isinstance(table, QTableWidget)
    return [
        [table.item(r, c).text() for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]


def error_shown(view: ScopeToolsView) -> str:
    assert not view.ref_error.isHidden()
    assert view.ref_text.toPlainText() == ""
    return view.ref_error.text()


# --- Scopes ----------------------------------------------------------------------------------------


def test_scopes_are_listed_main_first(view: ScopeToolsView, root: Path) -> None:
    combo = view.findChild(type(view.scope_combo), "scopeCombo")
    assert combo is view.scope_combo
    assert [combo.itemData(i) for i in range(combo.count())] == ["main", "group_ops"]
    assert view.scope_name() == "main"
    files = [view.chunk_file.itemData(i) for i in range(view.chunk_file.count())]
    assert files == [f.path for f in find_scope(root, "main").files]
    with pytest.raises(KeyError):
        view.set_scope("direct_nobody")


def test_no_workspace_shows_nothing(qtbot: QtBot) -> None:
    widget = ScopeToolsView()
    qtbot.addWidget(widget)
    widget.show_workspace(None)
    assert widget.scope_combo.count() == 0 and widget.chunk_file.count() == 0
    assert widget.search("咖啡") == [] and widget.hits_table.rowCount() == 0


# --- memory_search ---------------------------------------------------------------------------------


def test_search_finds_a_chinese_keyword_in_every_file_of_the_scope(
    view: ScopeToolsView, root: Path
) -> None:
    hits = view.search("咖啡")
    assert hits == search_scope(root, "main", "咖啡")
    assert [(h.file, h.line) for h in hits] == [
        (MAIN_LONG, 4),
        (DAY, 5),
        (TRANSCRIPT, 3),
    ]
    for hit in hits:  # the line numbers are those of the file split on "\n"
        assert (root / hit.file).read_text(encoding="utf-8").split("\n")[hit.line - 1] == hit.text
    shown = rows(view.hits_table)
    assert [r[1:] for r in shown] == [[str(h.line), h.text] for h in hits]
    assert shown[0][0] == MAIN_LONG and shown[1][0] == DAY
    assert shown[2][0].startswith(TRANSCRIPT) and "read-only" in shown[2][0]
    assert (
        "3 lines in 3 files" in view.hits_info.text() and "1 in read-only" in view.hits_info.text()
    )


def test_search_stays_in_the_chosen_scope(view: ScopeToolsView) -> None:
    view.set_scope("group_ops")
    assert [(h.file, h.line) for h in view.search("咖啡")] == [(GROUP_LONG, 4)]
    view.set_scope("main")  # the keyword is searched again in the new scope
    assert len(view.hits) == 3 and view.hits_table.rowCount() == 3
    assert view.search("   ") == [] and view.hits_table.rowCount() == 0


def test_typing_searches_after_a_short_pause(qtbot: QtBot, view: ScopeToolsView) -> None:
    view.search_box.setText("PREFERS")  # any case
    assert view.hits == []
    qtbot.waitUntil(lambda: view.hits_table.rowCount() == 1, timeout=2_000)
    assert view.hits[0].text == "[09:05:00] Prefers short answers."


def test_refresh_sees_files_written_meanwhile(view: ScopeToolsView, root: Path) -> None:
    view.search("咖啡")
    put(
        root,
        "memory/scopes/main/2026-11-26.md",
        "# Daily Memory - 2026-11-26 (main)\n\n[07:00:00] 换了新的咖啡豆。\n",
    )
    view.refresh()
    assert ("memory/scopes/main/2026-11-26.md", 3) in [(h.file, h.line) for h in view.hits]
    assert view.chunk_file.findData("memory/scopes/main/2026-11-26.md") >= 0


def test_a_file_gone_since_the_listing_is_reported(
    qtbot: QtBot, view: ScopeToolsView, root: Path
) -> None:
    (root / DAY).unlink()
    with qtbot.waitSignal(view.failed) as signal:
        view.search("咖啡")
    assert "2026-11-24.md" in signal.args[0]
    assert view.hits_table.rowCount() == 0


# --- Opening a hit ---------------------------------------------------------------------------------


def test_activating_a_hit_reads_from_its_line(
    qtbot: QtBot, view: ScopeToolsView, root: Path
) -> None:
    view.show()
    view.search("咖啡")
    view.hits_table.setCurrentCell(1, 2)
    qtbot.keyClick(view.hits_table, Qt.Key.Key_Return)
    assert view.ref_edit.text() == f"{DAY}:5"
    assert view.ref_text.toPlainText() == memory_get(root, DAY, 5, 40)
    assert view.ref_text.toPlainText().startswith("[08:30:00] 用户说咖啡机坏了。")
    assert view.ref_error.isHidden()
    assert f"{DAY}: lines 5–6" in view.ref_info.text()


def test_a_transcript_hit_opens_read_only_text(
    qtbot: QtBot, view: ScopeToolsView, root: Path
) -> None:
    view.search("咖啡")
    item = view.hits_table.item(2, 0)
    view.hits_table.itemActivated.emit(item)
    assert view.ref_text.toPlainText() == memory_get(root, TRANSCRIPT, 3)
    assert view.ref_text.isReadOnly()


# --- memory_get ------------------------------------------------------------------------------------


def test_reading_a_reference(view: ScopeToolsView, root: Path) -> None:
    view.open_ref(f"{DAY}:3", lines=1)
    assert view.ref_text.toPlainText() == "[08:00:00] 讨论了部署。"
    view.open_ref(f"[{MAIN_LONG}#L4]")
    assert view.ref_lines.value() == 40
    assert view.ref_text.toPlainText() == memory_get(root, MAIN_LONG, 4)
    view.open_ref(f"{MAIN_LONG}:999")
    assert view.ref_text.toPlainText() == "" and view.ref_error.isHidden()
    assert "nothing from line 999" in view.ref_info.text()


def test_typing_a_reference_and_enter(qtbot: QtBot, view: ScopeToolsView, root: Path) -> None:
    view.ref_edit.setText(f"{LONG}:10")
    qtbot.keyClick(view.ref_edit, Qt.Key.Key_Return)
    assert view.ref_text.toPlainText() == memory_get(root, LONG, 10, 40)
    view.ref_lines.setValue(3)  # changing the count reads again
    assert view.ref_text.toPlainText() == memory_get(root, LONG, 10, 3)
    assert len(view.ref_text.toPlainText().split("\n")) == 3


def test_the_line_count_clamps_at_300(view: ScopeToolsView, root: Path) -> None:
    assert (view.ref_lines.minimum(), view.ref_lines.maximum(), view.ref_lines.value()) == (
        1,
        300,
        40,
    )
    view.open_ref(f"{LONG}:1", lines=500)
    assert view.ref_lines.value() == 300
    text = view.ref_text.toPlainText()
    assert text == memory_get(root, LONG, 1, 300) and len(text.split("\n")) == 300
    view.ref_lines.setValue(0)
    assert (
        view.ref_lines.value() == 1
        and view.ref_text.toPlainText() == "# Daily Memory - 2026-11-25 (main)"
    )


@pytest.mark.parametrize(
    ("ref", "reason"),
    [
        ("../x.md", "'..' is refused"),
        ("memory/../../x.md:3", "'..' is refused"),
        ("/etc/passwd", "absolute paths are refused"),
        (GROUP_LONG + ":4", "not a memory file of scope 'main'"),
        ("memory/scopes/main/2030-01-01.md:1", "no such file"),
        ("memory/2026-11-24.md:1", "not a memory file of scope 'main'"),  # the older layout
        ("MEMORY.md:1", "not a memory file of scope 'main'"),
        ("notes.txt", "not a memory file"),
        ("   ", "is not a reference"),
    ],
)
def test_the_reader_refuses_what_the_agent_may_not_read(
    view: ScopeToolsView, ref: str, reason: str
) -> None:
    view.open_ref(f"{MAIN_LONG}:1")  # something shown before
    view.open_ref(ref)
    assert reason in error_shown(view)
    assert view.ref_info.text() == ""
    view.open_ref(f"{MAIN_LONG}:4")  # and the reader still works
    assert view.ref_error.isHidden() and view.ref_text.toPlainText().startswith("[09:00:00]")


def test_an_absolute_path_into_the_workspace_is_refused(view: ScopeToolsView, root: Path) -> None:
    view.open_ref(f"{root / 'MEMORY.md'}:4")
    assert "absolute paths are refused" in error_shown(view)


def test_another_scopes_file_is_refused_until_that_scope_is_chosen(view: ScopeToolsView) -> None:
    view.open_ref(f"{GROUP_LONG}:4")
    assert "not a memory file of scope 'main'" in error_shown(view)
    view.set_scope("group_ops")  # the reader reads again in the new scope
    assert view.ref_error.isHidden()
    assert view.ref_text.toPlainText().startswith("[11:00:00] 运维群的咖啡预算")
    view.open_ref(f"{MAIN_LONG}:4")  # main's long-term memory is shared with every scope
    assert view.ref_text.toPlainText().startswith("[09:00:00] 用户每天早上喝一杯咖啡。")
    view.open_ref(f"{TRANSCRIPT}:3")  # its transcripts are not
    assert "not a memory file of scope 'group_ops'" in error_shown(view)


def test_symlinks_out_of_the_workspace_or_scope_are_refused(
    view: ScopeToolsView, root: Path, tmp_path: Path
) -> None:
    secret = tmp_path / "secret.md"
    secret.write_text("API_KEY=sk-123\n", encoding="utf-8")
    os.symlink(secret, root / "memory/scopes/main/2026-11-27.md")
    os.symlink(root / GROUP_LONG, root / "memory/scopes/main/2026-11-28.md")
    view.refresh()
    # never listed as a memory file
    assert view.chunk_file.findData("memory/scopes/main/2026-11-27.md") < 0
    view.open_ref("memory/scopes/main/2026-11-27.md:1")
    message = error_shown(view)
    assert "leads outside the workspace" in message and "sk-123" not in view.ref_text.toPlainText()
    view.open_ref("memory/scopes/main/2026-11-28.md:4")
    assert "outside scope 'main'" in error_shown(view)


def test_reading_with_no_workspace_is_an_error_not_a_crash(qtbot: QtBot) -> None:
    widget = ScopeToolsView()
    qtbot.addWidget(widget)
    widget.open_ref("MEMORY.md:1")
    assert "Open a Pomeloclaw / Pomelobot workspace" in error_shown(widget)


# --- Index chunks ----------------------------------------------------------------------------------


def chunk_rows(chunks: list[Chunk]) -> list[list[str]]:
    return [
        [
            str(c.chunk_index + 1),
            f"{c.start_line}–{c.end_line}",
            str(len(c.content)),
            c.content.split("\n")[0],
        ]
        for c in chunks
    ]


def test_chunk_table_is_the_agents_index(view: ScopeToolsView, root: Path) -> None:
    expected = index_chunks_of_file((root / LONG).read_bytes())
    assert len(expected) > 3
    assert view.show_chunks(LONG) == expected
    assert view.chunk_file.currentData() == LONG
    assert rows(view.chunk_table) == chunk_rows(expected)
    shown = [tuple(map(int, r[1].split("–"))) for r in rows(view.chunk_table)]
    assert shown == [(c.start_line, c.end_line) for c in expected]
    view.chunk_table.setCurrentCell(2, 0)
    assert view.chunk_text.toPlainText() == expected[2].content
    assert view.chunk_text.isReadOnly()


def test_chunks_equal_memdesk_chunks(
    view: ScopeToolsView, root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert cli_main(["chunks", str(root), LONG, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    view.show_chunks(LONG)
    assert [(c["start_line"], c["end_line"], c["content"]) for c in printed] == [
        (c.start_line, c.end_line, c.content) for c in view.chunks
    ]


def test_choosing_a_file_in_the_combo_lists_its_chunks(view: ScopeToolsView, root: Path) -> None:
    view.chunk_file.setCurrentIndex(view.chunk_file.findData(MAIN_LONG))
    assert view.chunks == index_chunks_of_file((root / MAIN_LONG).read_bytes())
    assert view.chunk_table.rowCount() == 1 and view.chunk_text.toPlainText().startswith(
        "# Long-term Memory"
    )
    view.set_scope("group_ops")
    files = [view.chunk_file.itemData(i) for i in range(view.chunk_file.count())]
    assert files == [GROUP_LONG, "memory/scopes/group_ops/2026-11-24.md"]
    assert view.chunks == index_chunks_of_file((root / GROUP_LONG).read_bytes())


def test_chunks_of_a_file_outside_the_scope_are_refused(view: ScopeToolsView) -> None:
    assert view.show_chunks(GROUP_LONG) == []
    assert not view.chunk_error.isHidden() and "scope 'main'" in view.chunk_error.text()
    assert view.chunk_table.rowCount() == 0
    view.show_chunks(MAIN_LONG)
    assert view.chunk_error.isHidden()


def test_chunks_of_every_demo_file(qtbot: QtBot, tmp_path: Path) -> None:
    root = tmp_path / "demo"
    write_demo(root, layout="pomelobot", seed=2, today=date(2026, 3, 3))
    widget = ScopeToolsView()
    qtbot.addWidget(widget)
    widget.show_workspace(open_workspace(root))
    for scope in list_scopes(root):
        widget.set_scope(scope.name)
        for file in scope.files:
            expected = index_chunks_of_file((root / file.path).read_bytes())
            assert widget.show_chunks(file.path) == expected, file.path
            assert rows(widget.chunk_table) == chunk_rows(expected)


def test_a_chunk_cut_inside_a_surrogate_pair_is_shown(view: ScopeToolsView, root: Path) -> None:
    rel = "memory/scopes/main/2026-11-29.md"
    put(root, rel, "# Daily Memory - 2026-11-29 (main)\n\n[09:00:00] ab" + "😀" * 700 + "\n")
    view.refresh()
    chunks = view.show_chunks(rel)
    assert chunks == index_chunks_of_file((root / rel).read_bytes())
    cut = next(n for n, c in enumerate(chunks) if c.content.endswith("\ud83d"))  # the agent's slice
    view.chunk_table.setCurrentCell(cut, 0)
    assert view.chunk_text.toPlainText().endswith("😀\ufffd")
    assert view.chunk_table.item(cut, 1).text() == f"{chunks[cut].start_line}–3"
