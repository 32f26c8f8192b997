"""Core's store and ops sentences read in Chinese in a Chinese window: the guarded commit's
refusals, locks, the journal's errors, backups and restore, undo's refusals and the Activity
page's causes. Each sentence is produced for real (on the EverBot and PicoClaw demos, or on bad
input) in English, as the command line prints it, then shown through ui.i18n.core_text."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.cli import main
from core.ops.activity import operations
from core.ops.entries import delete_entry
from core.ops.undo import undo_and_save
from core.registry import agent_named
from core.store.errors import WorkspaceError
from core.store.files import open_confined
from core.store.locking import LockTimeout
from core.store.merge import Conflict, ConflictError
from tests.helpers import oldest_demo_backup, open_workspace
from ui.activity_view import ActivityView, what_text
from ui.banner import Banner, News
from ui.i18n import core_text

pytestmark = pytest.mark.usefixtures("chinese")

CJK = re.compile(r"[\u4e00-\u9fff]")


def _reads_chinese(said: str) -> str:
    shown = core_text(said)
    assert shown != said and CJK.search(shown), (said, shown)
    return shown


def _demo(tmp_path: Path, layout: str = "everbot") -> Path:
    home = tmp_path / layout
    assert main(["demo", str(home), "--layout", layout]) == 0
    return home / "workspace" if layout == "picoclaw" else home


def _refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """What the command line says when `memdesk ARGS` is refused (without its "memdesk: ")."""
    capsys.readouterr()
    assert main(list(args)) != 0
    said = capsys.readouterr().err.strip().splitlines()
    assert said and said[0].startswith("memdesk: "), said
    return said[0].removeprefix("memdesk: ")


def _raised(work: Callable[[], object]) -> str:
    with pytest.raises((WorkspaceError, OSError)) as caught:
        work()
    return str(caught.value)


def test_restore_and_undo_read_in_chinese(tmp_path: Path) -> None:
    root = _demo(tmp_path)
    assert main(["restore", str(root), oldest_demo_backup(root)]) == 0
    restored = operations(root)[0]
    _reads_chinese(restored.op.cause)  # restored from .memdesk/backups/…
    ws = open_workspace(root)
    undo, _saved = undo_and_save(ws, restored.op_id)
    shown = _reads_chinese(undo.cause)  # undo of <id>: restored from …
    assert "restored from" not in shown, "the cause it undid is translated too"
    for label in (c.label for c in undo.changesets):
        _reads_chinese(label)  # Undo: restored from … in MEMORY.md
    _reads_chinese(_raised(lambda: undo_and_save(ws, restored.op_id)))  # undone already


def test_refusals_on_bad_input_read_in_chinese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _demo(tmp_path)
    refusals = [
        _refused(capsys, "undo", str(root)),  # MemDesk has not changed anything here
        _refused(capsys, "where", str(root), "abc"),  # too short to look for
        _refused(capsys, "where", str(root), "no such words in any memory"),
        _refused(capsys, "restore", str(root), "nosuch.md"),  # unknown backup
    ]
    (root / "MEMORY.md").chmod(0o444)
    key = open_workspace(root).document_at("MEMORY.md").items()[0].key
    refusals.append(_refused(capsys, "edit", str(root), key, "--text", "x"))  # read-only
    (root / "MEMORY.md").chmod(0o644)
    (root / ".memdesk" / "memdesk.db").write_bytes(b"not a database at all" * 100)
    refusals.append(_refused(capsys, "activity", str(root)))  # not a MemDesk journal
    outside = lambda: open_confined(root, "../elsewhere.md").__enter__()  # noqa: E731
    refusals.append(_raised(outside))  # leads outside the workspace
    refusals.append(str(LockTimeout(root / "MEMORY.md.lock", 2.0)))
    conflict = Conflict("32911b", "old", "mine", "theirs")
    refusals.append(str(ConflictError(root / "MEMORY.md", [conflict])))
    refusals.append(str(ConflictError(root / "MEMORY.md", [conflict, conflict])))
    for said in refusals:
        _reads_chinese(said)


def test_a_save_over_a_file_removed_meanwhile_reads_in_chinese(tmp_path: Path) -> None:
    root = _demo(tmp_path, "picoclaw")
    ws = agent_named("picoclaw").open(root)
    document = ws.document_at("memory/MEMORY.md")
    change = delete_entry(document, document.items()[0].key)
    _reads_chinese(change.label)  # Delete … from memory/MEMORY.md
    change.apply()
    (root / "memory" / "MEMORY.md").unlink()
    _reads_chinese(_raised(ws.save_all))  # the file is gone …; nothing was written


def test_the_activity_page_shows_core_s_causes_in_chinese(qtbot: QtBot, tmp_path: Path) -> None:
    root = _demo(tmp_path)
    assert main(["restore", str(root), oldest_demo_backup(root)]) == 0
    view = ActivityView()
    qtbot.addWidget(view)
    view.show_workspace(agent_named("everbot").open(root))
    item = view.items[0]
    shown = view.table.item(0, 2).text()
    assert shown == what_text(item, {}) and CJK.search(shown) and "restored from" not in shown


def test_the_banner_shows_core_s_refusals_in_chinese(qtbot: QtBot, tmp_path: Path) -> None:
    root = _demo(tmp_path)
    assert main(["restore", str(root), oldest_demo_backup(root)]) == 0
    banner = Banner()
    qtbot.addWidget(banner)
    refusal = _raised(lambda: undo_and_save(open_workspace(root), "ffffffff"))
    banner.show_news(News(refusal, error=True, cause="page", page=""))
    assert banner.text() == _reads_chinese(refusal)
