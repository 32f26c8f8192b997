"""Core's sentences of finding, opening and reading workspaces, read in a Chinese window (issue
27): what the scan and the registry say of a folder, what the SSH desk says of a server, what an
agent without a capability, a file MemDesk refuses to read and a memory the model will not see
say; each produced for real (demos, bad folders and files, a fake ssh client run as a process)
and read in Chinese through core_text, its English unchanged; the Home and Session-start pages
show them in Chinese."""

from __future__ import annotations

import json
import re
import shutil
import stat
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import IO

import pytest
from pytestqt.qtbot import QtBot

from core import __version__
from core.agent import NotApplicable, namesakes_line
from core.capabilities import (
    Archiving,
    Chunks,
    Decaying,
    Editing,
    Pinning,
    Policy,
    Retrieval,
    SessionStart,
    Snapshots,
    StagedWrites,
)
from core.demo import write_demo
from core.formats.strict_json import load_json
from core.formats.text import InputError, decode
from core.formats.whole_text import WholeTextFormat
from core.registry import agent_named, all_agents, demo_layouts, resolve
from core.remote.address import Address, parse_address
from core.remote.transport import ConnectionLost, Finished, Remote, RemoteError
from core.remote.workspace import RemoteWorkspace, Snapshot
from core.scan import added_workspaces, reason
from core.store.errors import WorkspaceError
from ui.context_view import ContextView
from ui.home_view import HomeView
from ui.i18n import core_text
from ui.remote_view import RemoteView, open_remote
from ui.settings import settings_path

CJK = re.compile(r"[\u4e00-\u9fff]")


def chinese(said: str) -> str:
    """`said` as the Chinese window shows it, checked to be translated."""
    shown = core_text(said)
    assert shown != said and CJK.search(shown), f"not translated: {said!r} -> {shown!r}"
    return shown


def refusal(call: Callable[[], object], kind: type[Exception] = WorkspaceError) -> str:
    with pytest.raises(kind) as caught:
        call()
    return str(caught.value)


# -- finding and opening workspaces (core/scan.py, core/registry.py) -------------------------


@pytest.mark.usefixtures("chinese")
def test_what_the_scan_and_the_registry_say_of_a_folder_reads_in_chinese(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    note = tmp_path / "notes.md"
    note.write_text("# shopping\n- milk\n", encoding="utf-8")
    pico = tmp_path / "pico"
    write_demo(pico, layout="picoclaw")
    pico_memory = next(pico.rglob("MEMORY.md"))
    said = [
        refusal(lambda: added_workspaces(tmp_path / "gone")),
        refusal(lambda: added_workspaces(empty)),
        refusal(lambda: resolve(tmp_path / "gone")),
        refusal(lambda: resolve(empty)),
        refusal(lambda: resolve(note)),
        refusal(lambda: resolve(note, agent="hermes")),
        refusal(lambda: resolve(pico_memory)),
        refusal(lambda: agent_named("nobody"), ValueError),
        reason(PermissionError(13, "Permission denied", str(empty))),
    ]
    shown = [chinese(s) for s in said]
    assert (
        said[1]
        == f"{empty}: no agent memory here (looked for "
        + ", ".join(a.title for a in all_agents())
        + ")"
    )
    assert shown[1].startswith(f"{empty}：这里没有智能体的记忆")
    assert shown[6].startswith(f"{pico_memory}：这是")  # and its folder, named
    assert str(pico) in shown[6]


@pytest.mark.usefixtures("chinese")
def test_a_folder_fitting_several_agents_reads_in_chinese(tmp_path: Path) -> None:
    both = tmp_path / "both"
    for layout in ("everbot", "picoclaw"):
        shutil.copytree(
            write_demo(tmp_path / layout, layout=layout).workspace, both, dirs_exist_ok=True
        )
    said = refusal(lambda: resolve(both))
    assert said.startswith(f"{both}: this folder fits more than one agent's layout (")
    assert chinese(said).startswith(f"{both}：这个文件夹符合不止一个智能体的布局（")
    assert "--agent everbot|picoclaw" in chinese(said)


# -- what an agent cannot do, what the model does not see (core/capabilities.py, core/agent.py)


CAPABILITIES = (Editing, Archiving, Pinning, Decaying, Policy, Snapshots, Retrieval, SessionStart,
                Chunks, StagedWrites)  # fmt: skip


@pytest.mark.usefixtures("chinese")
def test_what_each_demo_s_agent_cannot_do_reads_in_chinese(tmp_path: Path) -> None:
    lacking = 0
    for layout, agent in demo_layouts().items():
        root = write_demo(tmp_path / layout, layout=layout).workspace
        for capability in CAPABILITIES:
            for operation in capability.missing:
                if isinstance(agent, capability) or agent.lacks(capability, operation) != (
                    capability.missing[operation].format(title=agent.title)
                ):
                    continue  # the agent has it, or says it in its own words
                said = refusal(partial(capability.of, agent, root, operation), NotApplicable)
                assert said.startswith(f"{root}: ")
                assert chinese(said).startswith(f"{root}: {agent.title}")
                lacking += 1
    assert lacking >= 10


@pytest.mark.usefixtures("chinese")
def test_memories_sharing_an_id_and_a_memory_not_seen_read_in_chinese(tmp_path: Path) -> None:
    assert chinese(namesakes_line("a1", ["b1"])) == "另有 1 条记忆使用 ID a1：b1"
    assert chinese(namesakes_line("a1", ["b1", "c1"])) == "另有 2 条记忆使用 ID a1：b1, c1"
    many = [f"m{i}" for i in range(12)]
    assert chinese(namesakes_line("a1", many)).endswith("及另外 2 条")
    root = write_demo(tmp_path / "everbot", layout="everbot").workspace
    agent = SessionStart.of(agent_named("everbot"), root)
    unseen = [u for part in agent.context(root).parts for u in part.unseen]
    assert unseen, "the EverBot demo has memories the model does not see"
    first = unseen[0]
    assert chinese(first.label) == f"第 {first.line} 行：{first.words}"  # its words as they are


# -- files MemDesk refuses to read (core/formats/**) --------------------------------------------


@pytest.mark.usefixtures("chinese")
def test_a_file_memdesk_refuses_to_read_says_why_in_chinese(tmp_path: Path) -> None:
    bad = refusal(lambda: decode("好\n".encode() + b"\xff\n", "MEMORY.md"), InputError)
    with pytest.raises(InputError) as caught:
        decode(b"a\0b", "MEMORY.md")
    reasons = [
        bad.split(": ", 1)[1],
        caught.value.reason,
        refusal(lambda: WholeTextFormat("note.md").checked("a\0b"), ValueError),
    ]
    for text in ('{"n": 1' + "0" * 5000 + "}", '{"n": 1e999}', '{"n": NaN}', "[" * 100_000):
        with pytest.raises(json.JSONDecodeError) as decoding:
            load_json(text)
        reasons.append(decoding.value.msg)
    assert reasons[0] == "not valid UTF-8 (byte 0xff at offset 4)"
    assert chinese(reasons[0]) == "不是有效的 UTF-8（偏移 4 处的字节 0xff）"
    for said in reasons[1:]:
        chinese(said)


# -- a workspace on a server (core/remote/**) ----------------------------------------------------


def fake_ssh(folder: Path, answer: str, code: int) -> str:
    """An ssh client that prints `answer` and exits `code` (a script run as a process)."""
    script = folder / f"ssh-{code}"
    script.write_text(f"#!/bin/sh\necho '{answer}' >&2\nexit {code}\n", encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


@pytest.mark.usefixtures("chinese")
def test_what_the_ssh_desk_says_of_a_server_reads_in_chinese(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Remote, "sharing", None)  # no shared connection: each call runs ssh
    address = parse_address("me@example.invalid:/srv/bot")
    assert address is not None
    said = []
    for answer, code in (
        ("ssh: Could not resolve hostname example.invalid", 255),
        ("sh: 1: memdesk: not found", 127),
        ("memdesk 0.0.1", 0),
    ):
        monkeypatch.setenv("MEMDESK_SSH", fake_ssh(tmp_path, answer, code))
        said.append(refusal(lambda: Remote(address).check_version(), RemoteError))
    monkeypatch.setenv("MEMDESK_SSH", str(tmp_path / "no-such-ssh"))
    said.append(refusal(lambda: Remote(address).check_version(), RemoteError))
    said.append(str(ConnectionLost(address)))
    for text in ("ssh://host", "ssh://-oProxy/x", "ssh://host:70000/x"):
        said.append(refusal(partial(parse_address, text), ValueError))
    assert said[2] == (
        f"example.invalid: the server runs memdesk 0.0.1, this desk {__version__}; "
        "install the same version on both"
    )
    shown = [chinese(s) for s in said]
    assert "ssh: Could not resolve hostname example.invalid" in shown[0]  # ssh's own words
    assert shown[1].startswith("example.invalid：那里没有安装 memdesk")


class _Unreachable(Remote):
    """A server that answered before the save and is gone after it."""

    def run(
        self, args: list[str], stdin: IO[bytes] | int | None = None, *, input: bytes | None = None
    ) -> Finished:
        raise RemoteError(f"{self.address}: ssh failed: Connection refused")


class _Answering(Remote):
    """A server whose activity lists `ops` operations."""

    def __init__(self, address: Address, ops: list[dict[str, str]]) -> None:
        super().__init__(address)
        self.ops = ops

    def run(
        self, args: list[str], stdin: IO[bytes] | int | None = None, *, input: bytes | None = None
    ) -> Finished:
        out = self.ops if args[0] == "activity" else []
        return Finished(0, json.dumps(out).encode(), b"")


@pytest.mark.usefixtures("chinese")
def test_a_save_whose_connection_dropped_says_what_became_of_it_in_chinese() -> None:
    address = parse_address("host:/srv/bot")
    assert address is not None
    before = Snapshot(activity=[{"op_id": "1"}])
    gone = RemoteWorkspace(address, _Unreachable(address)).settle(before, seconds=0)
    two = [{"op_id": "1"}, {"op_id": "2"}]
    made = RemoteWorkspace(address, _Answering(address, two)).settle(before, seconds=0)
    lost = RemoteWorkspace(address, _Answering(address, two[:1])).settle(before, seconds=0)
    assert (gone.made, made.made, lost.made) == (None, True, False)
    for dropped in (gone, made, lost):
        assert chinese(dropped.message).startswith("host:/srv/bot：保存时连接中断")
    assert "ssh 失败" in core_text(gone.message)  # the reason inside, translated too


# -- the pages ----------------------------------------------------------------------------------


@pytest.mark.usefixtures("chinese")
def test_the_home_page_says_in_chinese_that_a_folder_added_holds_no_agent_memory(
    qtbot: QtBot, tmp_path: Path
) -> None:
    home = HomeView(settings_path())
    qtbot.addWidget(home)
    home.show()
    qtbot.waitUntil(lambda: home.scanned, timeout=30_000)
    empty = tmp_path / "empty"
    empty.mkdir()
    home.choose_folder = lambda: empty
    home.add_folder()
    assert home.status.text().startswith(f"{empty}：这里没有智能体的记忆")
    home.runner.wait()
    home.search.runner.wait()


@pytest.mark.usefixtures("chinese")
def test_the_session_start_page_lists_memories_not_seen_in_chinese(
    qtbot: QtBot, tmp_path: Path
) -> None:
    root = write_demo(tmp_path / "everbot", layout="everbot").workspace
    view = ContextView()
    qtbot.addWidget(view)
    view.show_workspace(agent_named("everbot"), root)
    listed = [item for item in view.unseen_items() if item.startswith("第 ")]
    assert listed and all(re.match(r"第 \d+ 行：", item) for item in listed)
    assert not any(item.startswith("line ") for item in view.unseen_items())


def test_in_english_the_same_sentences_are_core_s_own(tmp_path: Path) -> None:
    said = refusal(lambda: resolve(tmp_path / "gone"))
    assert core_text(said) == said == f"{tmp_path / 'gone'}: no such file or folder"


@pytest.mark.usefixtures("chinese")
def test_the_remote_page_says_in_chinese_that_memdesk_is_missing_on_the_server(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Remote, "sharing", None)
    monkeypatch.setenv("MEMDESK_SSH", fake_ssh(tmp_path, "sh: 1: memdesk: not found", 127))
    view = open_remote("me@example.invalid:/srv/bot")
    assert view is not None
    qtbot.addWidget(view, before_close_func=lambda v: v.wait())
    view.show()  # a server's page connects once shown
    qtbot.waitUntil(lambda: not view.tasks.busy, timeout=30_000)
    assert view.state.text().startswith("example.invalid：那里没有安装 memdesk")


@pytest.mark.usefixtures("chinese")
def test_the_remote_page_lists_the_server_s_activity_in_chinese(qtbot: QtBot) -> None:
    address = parse_address("host:/srv/bot")
    assert address is not None
    done = {"op_id": "2", "at": "2026-11-28T10:00:00", "actor": "person", "cause": "x",
            "kinds": {"edit": 1}, "undone_by": "3"}  # fmt: skip
    view = RemoteView(address, RemoteWorkspace(address, _Answering(address, [done])))
    qtbot.addWidget(view, before_close_func=lambda v: v.wait())
    view.reload()
    qtbot.waitUntil(lambda: view.activity.rowCount() == 1, timeout=30_000)
    cells = [view.activity.item(0, c).text() for c in range(view.activity.columnCount())]
    assert cells[1] == core_text("person") != "person"
    assert cells[2] == "x（已撤销）: " + core_text("edit") + " 1"
