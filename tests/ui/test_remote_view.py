"""The window's view of a workspace on a server (ui/remote_view.py) against a real sshd on
127.0.0.1 (tests/sshd.py): opened from an address, it lists the server's memories and review
queue; an edit, an approval and an undo made in it leave the server's files byte for byte as
the same commands run locally leave a copy; a connection killed during a save leaves the file
whole and the view says whether the save was made; every call shares one SSH connection; a host
unreachable, memdesk missing or another version there is one clear line."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.cli.conftest import run_process
from tests.conftest import PROJECT_ROOT
from tests.sshd import Server, free_port, stop_masters
from tests.sshd import sshd as sshd  # a real OpenSSH server on 127.0.0.1
from tests.ui.test_session_reopen import on_disk, start
from ui.remote_view import RemoteView, open_remote
from ui.settings import Settings

pytestmark = pytest.mark.slow
HOSTILE = "it's $(touch pwned); `id`\n第二行 中文记忆 && echo *"


@pytest.fixture
def runtime(monkeypatch: pytest.MonkeyPatch, sshd: Server) -> Iterator[Path]:
    """The desk's ssh settings for the test server, its shared connections in a folder of the
    test's own (short: a socket's path has ~104 bytes)."""
    folder = Path(tempfile.mkdtemp(prefix="md-"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))
    monkeypatch.setenv("MEMDESK_SSH", sshd.ssh)
    monkeypatch.setenv("MEMDESK_REMOTE", sshd.memdesk)
    yield folder / "memdesk"
    stop_masters(folder / "memdesk")
    shutil.rmtree(folder, ignore_errors=True)


def _demo(folder: Path) -> Path:
    assert run_process("demo", folder, "--entries", "12").code == 0
    assert run_process("review", folder, "--at", "2030-01-01").code == 0
    return folder


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*.md"))
        if ".memdesk" not in p.parts and "backups" not in p.parts
    }


def _opened(qtbot: QtBot, text: str) -> RemoteView:
    view = open_remote(text)
    assert view is not None
    qtbot.addWidget(view, before_close_func=lambda v: v.wait())
    view.resize(1100, 650)
    view.show()
    _settled(qtbot, view)
    return view


def _settled(qtbot: QtBot, view: RemoteView, seconds: float = 90) -> None:
    qtbot.waitUntil(lambda: not view.tasks.busy, timeout=int(seconds * 1000))


def _accepted(server: Server) -> int:
    assert server.log is not None
    return server.log.read_text().count("Accepted publickey")


def test_open_edit_approve_undo_on_the_server_byte_for_byte(
    qtbot: QtBot, sshd: Server, runtime: Path, tmp_path: Path
) -> None:
    server = _demo(tmp_path / "server")
    local = tmp_path / "desk"
    shutil.copytree(server, local)
    connections = _accepted(sshd)

    view = _opened(qtbot, sshd.address(server))
    listed = run_process("list", server, "--json").json()
    assert view.memories.rowCount() == len(listed) > 0
    assert "ssh://127.0.0.1:" in view.state.text() and "proposals waiting" in view.state.text()
    shown = [view.memories.item(r, 2).text() for r in range(view.memories.rowCount())]
    assert any("中文" in text or "用户" in text for text in shown)  # Chinese, as written
    assert view.queue.rowCount() == len(run_process("review", server, "--list", "--json").json())

    view.memories.selectRow(0)
    memory = listed[0]["id"]
    assert view.editor.toPlainText() == listed[0]["content"]
    view.editor.setPlainText(HOSTILE)
    view.save_button.click()
    _settled(qtbot, view)
    assert run_process("edit", local, memory, "--text", HOSTILE).code == 0
    assert _files(server) == _files(local)
    assert HOSTILE in _files(server)["MEMORY.md"].decode()

    view.queue.selectRow(0)
    proposal = view.snapshot.queue[0]["id"]
    view.approve_button.click()
    _settled(qtbot, view)
    assert run_process("approve", local, str(proposal)).code == 0
    assert _files(server) == _files(local)
    assert view.queue.rowCount() == len(run_process("review", server, "--list", "--json").json())

    view.undo_button.click()
    _settled(qtbot, view)
    assert run_process("undo", local).code == 0
    assert _files(server) == _files(local)
    assert "read from the server" in view.state.text()
    assert view.activity.rowCount() >= 3

    view.editor.setPlainText("新的记忆：服务器上添加")
    view.add_button.click()
    _settled(qtbot, view)
    added = [m for m in run_process("list", server, "--json").json() if "新的记忆" in m["content"]]
    assert [m["content"] for m in added] == ["新的记忆：服务器上添加"]
    (row,) = [r for r, m in enumerate(view.snapshot.memories) if m["id"] == added[0]["id"]]
    view.memories.selectRow(row)
    view.delete_button.click()
    _settled(qtbot, view)
    assert _files(server) == _files(local)  # added, then deleted: as it was

    assert _accepted(sshd) - connections == 1, "the view opened more than one connection"
    assert len([p for p in runtime.iterdir() if p.is_socket()]) == 1
    assert not (server / "pwned").exists() and not (Path.home() / "pwned").exists()


def _ssh_children() -> list[int]:
    """This process's ssh clients (the view's calls run them)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            name, fields = stat.read_text().split(" (", 1)[1].rsplit(")", 1)
        except (OSError, IndexError, ValueError):
            continue
        if name == "ssh" and int(fields.split()[1]) == os.getpid():
            found.append(int(stat.parent.name))
    return found


def test_a_connection_killed_during_a_save_leaves_the_file_whole_and_says_it_was_made(
    qtbot: QtBot,
    sshd: Server,
    runtime: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = _demo(tmp_path / "server")
    local = tmp_path / "desk"
    shutil.copytree(server, local)
    memory = run_process("list", server, "--json").json()[0]["id"]
    assert run_process("edit", local, memory, "--text", "新的").code == 0
    old, new = (server / "MEMORY.md").read_bytes(), (local / "MEMORY.md").read_bytes()
    marker = tmp_path / "in-commit"
    monkeypatch.setenv(
        "MEMDESK_REMOTE",
        f"env PYTHONPATH={PROJECT_ROOT} MEMDESK_SLOW_MARKER={marker} MEMDESK_SLOW_SECONDS=2 "
        f"{sshd.memdesk.split(' ', 2)[2].replace('-m app.cli', '-m tests.reliability.slow_memdesk')}",
    )
    view = _opened(qtbot, sshd.address(server))
    view.memories.selectRow(0)
    view.editor.setPlainText("新的")
    view.save_button.click()
    qtbot.waitUntil(marker.exists, timeout=60_000)
    killed = _ssh_children()
    assert killed, "no ssh client to cut"
    for pid in killed:
        os.kill(pid, signal.SIGKILL)
    qtbot.waitUntil(
        lambda: (server / "MEMORY.md").read_bytes() in (old, new) and not view.tasks.busy,
        timeout=90_000,
    )
    assert (server / "MEMORY.md").read_bytes() == new, "the save on the server did not complete"
    said = view.state.text()
    assert "connection dropped during the save; the server completed it" in said
    assert view.memories.item(0, 2).text() == "新的"  # read again from the server
    assert run_process("check", server).code == 0


@pytest.mark.parametrize("case", ["unreachable", "missing", "version"])
def test_a_server_that_cannot_answer_is_one_clear_line(
    qtbot: QtBot,
    sshd: Server,
    runtime: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    case: str,
) -> None:
    address = sshd.address(tmp_path)
    if case == "unreachable":
        address = f"ssh://127.0.0.1:{free_port()}{tmp_path}"
    if case == "missing":
        monkeypatch.setenv("MEMDESK_REMOTE", "/nonexistent/memdesk")
    if case == "version":
        monkeypatch.setenv("MEMDESK_REMOTE", "echo memdesk 0.0.1 #")
    view = _opened(qtbot, address)
    said = view.state.text()
    assert "\n" not in said and view.memories.rowCount() == 0
    expected = {
        "unreachable": "ssh failed: ssh: connect to host 127.0.0.1 port",
        "missing": "memdesk is not installed there",
        "version": "the server runs memdesk 0.0.1, this desk ",
    }[case]
    assert expected in said


def test_a_local_path_is_not_opened_as_a_server(tmp_path: Path) -> None:
    assert open_remote(str(tmp_path)) is None


def test_a_server_page_open_when_the_window_was_killed_comes_back_and_connects_once_shown(
    qtbot: QtBot, sshd: Server, runtime: Path, tmp_path: Path, everbot: Path
) -> None:
    """Tried as a person reviewing a server's agent: after a restart the server's page was
    gone. Now it comes back with the session (saved as it changes), connects only once shown,
    and File → Close workspace takes it out of the session."""
    address = sshd.address(_demo(tmp_path / "server"))
    settings_file = tmp_path / "settings.json"
    session = Settings().with_session([str(everbot), address], str(everbot))
    settings_file.write_text(session.model_dump_json(), encoding="utf-8")
    win = start(qtbot, settings_file, None, opened=1)
    view = win.hubs[f"remote {address}"]
    assert isinstance(view, RemoteView) and win.current_tab is not None
    assert not view.tasks.busy and view.memories.rowCount() == 0  # not connected yet
    win.navigator.show_page(view)
    _settled(qtbot, view)
    assert view.memories.rowCount() == 12, view.state.text()
    assert on_disk(settings_file) == ([str(everbot), address], address)
    assert win.close_workspace()
    assert f"remote {address}" not in win.hubs
    assert on_disk(settings_file) == ([str(everbot)], None)


def test_an_unreachable_server_in_the_session_never_holds_the_start_and_can_be_tried_again(
    qtbot: QtBot, sshd: Server, runtime: Path, tmp_path: Path
) -> None:
    address = f"ssh://127.0.0.1:{free_port()}{tmp_path}"
    settings_file = tmp_path / "settings.json"
    session = Settings().with_session([address], address)
    settings_file.write_text(session.model_dump_json(), encoding="utf-8")
    win = start(qtbot, settings_file, None, opened=0)
    view = win.hubs[f"remote {address}"]
    assert isinstance(view, RemoteView) and win.desks.currentWidget() is view
    _settled(qtbot, view)
    said = view.state.text()
    assert "ssh failed: ssh: connect to host 127.0.0.1 port" in said and "\n" not in said
    assert view.reload_button.isEnabled()
    view.reload_button.click()
    assert view.tasks.busy  # tried again
    _settled(qtbot, view)
    assert "ssh failed" in view.state.text()


def test_nothing_to_act_on_before_the_server_first_answers(
    qtbot: QtBot, sshd: Server, runtime: Path, tmp_path: Path
) -> None:
    """Tried as a new user opening a server: Save, Delete, Approve and Undo were enabled with
    nothing loaded (and while the first read ran), and a click only said "select … first". Now
    the page says "connecting…" and only Reload is there until the server answered; each button
    is enabled when there is something for it to act on."""
    view = open_remote(sshd.address(_demo(tmp_path / "server")))
    assert view is not None
    qtbot.addWidget(view, before_close_func=lambda v: v.wait())
    acting = [
        view.save_button,
        view.delete_button,
        view.add_button,
        view.approve_button,
        view.reject_button,
        view.approve_all_button,
        view.undo_button,
    ]
    assert "connecting…" in view.state.text()
    assert not any(b.isEnabled() for b in acting) and view.reload_button.isEnabled()
    view.show()
    assert view.tasks.busy and "connecting…" in view.state.text()
    assert not any(b.isEnabled() for b in [*acting, view.reload_button])
    _settled(qtbot, view)
    assert view.memories.rowCount() == 12, view.state.text()
    enabled = {b.objectName() for b in acting if b.isEnabled()}
    assert enabled == {"remoteAdd", "remoteApproveAll"}  # nothing done yet: nothing to undo
    view.memories.selectRow(0)
    view.queue.selectRow(0)
    assert all(b.isEnabled() for b in acting if b is not view.undo_button)
    view.reload_button.click()
    assert "reading from the server…" in view.state.text()
    assert not any(b.isEnabled() for b in acting)
    _settled(qtbot, view)
