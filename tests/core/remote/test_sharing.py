"""Where MemDesk keeps its shared connections' sockets, and when it leaves sharing to the
person: a private folder of its own (0700, ours, short enough for a socket's path), and no
sharing options at all when the person's ssh options already speak of it."""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.remote.sharing import SOCKET_PATH_LIMIT, note_version, runtime_folder, sharing_for

SSH = ["ssh", "-F", "/dev/null"]


@pytest.fixture
def short_tmp() -> Iterator[Path]:
    """A folder with a short path (pytest's are too long for a socket's)."""
    folder = Path(tempfile.mkdtemp(prefix="md-"))
    yield folder
    shutil.rmtree(folder)


def test_the_socket_folder_is_private_and_short(
    short_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tmp_path = short_tmp
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    sharing = sharing_for(SSH, [], "example.invalid")
    assert sharing is not None
    folder = sharing.socket.parent
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert len(str(sharing.socket)) + 17 < SOCKET_PATH_LIMIT


def test_a_folder_others_may_enter_is_not_used(
    short_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tmp_path = short_tmp
    runtime, fallback = tmp_path / "run", tmp_path / "tmp"
    (runtime / "memdesk").mkdir(parents=True)
    (runtime / "memdesk").chmod(0o777)
    fallback.mkdir()
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.setattr("tempfile.tempdir", str(fallback))
    assert runtime_folder() == fallback / f"memdesk-{os.getuid()}"
    (fallback / f"memdesk-{os.getuid()}").rmdir()
    (fallback / f"memdesk-{os.getuid()}").symlink_to(runtime / "memdesk")
    assert runtime_folder() is None  # a link to an open folder, planted in /tmp


@pytest.mark.parametrize(
    "options",
    [
        ["-o", "ControlMaster=no"],
        ["-S", "none"],
        ["-oControlPath=/x/%C"],
        ["-o", "controlpersist=5"],
    ],
)
def test_the_persons_own_sharing_options_decide(options: list[str]) -> None:
    assert sharing_for([*SSH, *options], [], "example.invalid") is None


def test_sharing_set_in_the_ssh_config_decides(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.write_text("Host example.invalid\n  ControlMaster auto\n  ControlPath ~/.ssh/%C\n")
    assert sharing_for(["ssh", "-F", str(config)], [], "example.invalid") is None
    assert sharing_for(["ssh", "-F", str(config)], [], "other.invalid") is not None


def test_no_note_is_left_when_the_master_is_gone(tmp_path: Path) -> None:
    note_version(tmp_path / "gone", "memdesk", "1.0")
    assert list(tmp_path.iterdir()) == []
