"""Atomic replace: content, mode, refusals, simulated failures and stale temp clean-up."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.store import atomic
from core.store.atomic import (
    WriteRefused,
    atomic_write_bytes,
    clean_stale_temps,
    is_memdesk_temp,
    list_stale_temps,
)

OLD = b"\xef\xbb\xbf# Agent Memory\r\n\r\n## Active Memories\r\n\xe7\x94\xa8\xe6\x88\xb7\r\n"
NEW = b"# Agent Memory\n\n## Active Memories\n" + bytes(range(256)) * 64


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _dead_pid() -> int:
    """The pid of a process that has exited and been reaped."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def _names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_creates_a_new_file_with_the_default_mode(tmp_path: Path) -> None:
    target = tmp_path / "MEMORY.md"
    atomic_write_bytes(target, NEW)
    assert target.read_bytes() == NEW
    assert target.stat().st_mode & 0o7777 == 0o644 & ~_current_umask()
    assert _names(tmp_path) == {"MEMORY.md"}


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664, 0o755])
def test_replaces_content_and_keeps_the_mode(tmp_path: Path, mode: int) -> None:
    target = tmp_path / "MEMORY.md"
    target.write_bytes(OLD)
    target.chmod(mode)
    atomic_write_bytes(target, NEW)
    assert target.read_bytes() == NEW
    assert target.stat().st_mode & 0o7777 == mode
    assert _names(tmp_path) == {"MEMORY.md"}


def test_writes_empty_content(tmp_path: Path) -> None:
    target = tmp_path / "MEMORY.md"
    target.write_bytes(OLD)
    atomic_write_bytes(target, b"")
    assert target.read_bytes() == b""


def test_symlink_is_refused_and_both_ends_untouched(tmp_path: Path) -> None:
    real = tmp_path / "real.md"
    real.write_bytes(OLD)
    link = tmp_path / "MEMORY.md"
    link.symlink_to(real)
    with pytest.raises(WriteRefused, match="symbolic link") as info:
        atomic_write_bytes(link, NEW)
    assert str(link) in str(info.value)
    assert link.is_symlink()
    assert real.read_bytes() == OLD
    assert _names(tmp_path) == {"real.md", "MEMORY.md"}


def test_dangling_symlink_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "MEMORY.md"
    link.symlink_to(tmp_path / "elsewhere.md")
    with pytest.raises(WriteRefused):
        atomic_write_bytes(link, NEW)
    assert not (tmp_path / "elsewhere.md").exists()


def test_read_only_file_is_refused_with_nothing_written(tmp_path: Path) -> None:
    target = tmp_path / "MEMORY.md"
    target.write_bytes(OLD)
    target.chmod(0o444)
    with pytest.raises(WriteRefused, match="read-only") as info:
        atomic_write_bytes(target, NEW)
    assert info.value.filename == str(target)
    assert target.read_bytes() == OLD
    assert target.stat().st_mode & 0o777 == 0o444
    assert _names(tmp_path) == {"MEMORY.md"}


def test_directory_target_is_refused(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").mkdir()
    with pytest.raises(WriteRefused, match="not a regular file"):
        atomic_write_bytes(tmp_path / "MEMORY.md", NEW)


def test_missing_folder_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "gone" / "MEMORY.md"
    with pytest.raises(WriteRefused, match="does not exist") as info:
        atomic_write_bytes(target, NEW)
    assert str(target) in str(info.value)
    assert not target.parent.exists()


@pytest.mark.without_root_powers  # root may write into any folder
def test_unwritable_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "memory"
    folder.mkdir()
    target = folder / "MEMORY.md"
    target.write_bytes(OLD)
    folder.chmod(0o555)
    try:
        with pytest.raises(WriteRefused, match="not writable") as info:
            atomic_write_bytes(target, NEW)
        assert str(target) in str(info.value)
        assert target.read_bytes() == OLD
    finally:
        folder.chmod(0o755)


def test_disk_full_mid_write_leaves_the_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk cannot be real here: the second os.write fails with ENOSPC."""
    target = tmp_path / "MEMORY.md"
    target.write_bytes(OLD)
    real_write = os.write
    calls: list[int] = []

    def write_half_then_fail(fd: int, data: bytes | memoryview) -> int:
        calls.append(fd)
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, bytes(data)[: len(data) // 2])

    monkeypatch.setattr(os, "write", write_half_then_fail)
    with pytest.raises(OSError) as info:
        atomic_write_bytes(target, NEW)
    monkeypatch.undo()
    assert info.value.errno == errno.ENOSPC
    assert info.value.filename == str(target)
    assert len(calls) == 2
    assert target.read_bytes() == OLD
    assert _names(tmp_path) == {"MEMORY.md"}


@pytest.mark.parametrize("failing", ["fsync", "replace", "fchmod"])
def test_failure_after_the_write_leaves_the_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "MEMORY.md"
    target.write_bytes(OLD)

    def fail(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, failing, fail)
    with pytest.raises(OSError, match="Input/output error"):
        atomic_write_bytes(target, NEW)
    monkeypatch.undo()
    assert target.read_bytes() == OLD
    assert _names(tmp_path) == {"MEMORY.md"}


def test_keyboard_interrupt_mid_write_leaves_the_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "MEMORY.md"
    target.write_bytes(OLD)

    def interrupted(fd: int, data: bytes) -> None:
        os.write(fd, data[:10])
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic, "write_all", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_bytes(target, NEW)
    assert target.read_bytes() == OLD
    assert _names(tmp_path) == {"MEMORY.md"}


def test_temp_name_is_recognised_and_fits_a_long_file_name(tmp_path: Path) -> None:
    long_name = "m" * 250 + ".md"
    fd, tmp = atomic.create_temp(tmp_path / long_name)
    os.close(fd)
    assert is_memdesk_temp(tmp.name)
    assert len(os.fsencode(tmp.name)) <= 255
    assert tmp.parent == tmp_path
    atomic_write_bytes(tmp_path / long_name, NEW)
    assert (tmp_path / long_name).read_bytes() == NEW


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (".MEMORY.md.memdesk-tmp.123.0123456789abcdef", True),
        (".profile.json.memdesk-tmp.99999.ffffffffffffffff", True),
        ("MEMORY.md", False),
        ("MEMORY.md.tmp", False),
        ("MEMORY.md.lock", False),
        (".MEMORY.md.memdesk-tmp.123.0123456789ABCDEF", False),
        (".MEMORY.md.memdesk-tmp.abc.0123456789abcdef", False),
        (".MEMORY.md.memdesk-tmp.0.0123456789abcdef", False),
        (".MEMORY.md.memdesk-tmp.123.0123", False),
        ("MEMORY.md.memdesk-tmp.123.0123456789abcdef", False),
        ("20261126_063605_MEMORY.md", False),
    ],
)
def test_is_memdesk_temp(name: str, expected: bool) -> None:
    assert is_memdesk_temp(name) is expected


def test_stale_temps_of_dead_processes_are_cleaned_and_nothing_else(tmp_path: Path) -> None:
    dead = _dead_pid()
    live = os.getpid()
    dead_temp = tmp_path / f".MEMORY.md.memdesk-tmp.{dead}.0123456789abcdef"
    live_temp = tmp_path / f".MEMORY.md.memdesk-tmp.{live}.fedcba9876543210"
    old_live_temp = tmp_path / f".notes.md.memdesk-tmp.{live}.00000000000000aa"
    others = {
        "MEMORY.md": b"memory",
        "MEMORY.md.tmp": b"picoclaw's own temp",
        "MEMORY.md.lock": b"",
        f".MEMORY.md.memdesk-tmp.{dead}.notrandom": b"look-alike",
        f"MEMORY.md.memdesk-tmp.{dead}.0123456789abcdef": b"not hidden",
    }
    for name, data in others.items():
        (tmp_path / name).write_bytes(data)
    for temp in (dead_temp, live_temp, old_live_temp):
        temp.write_bytes(b"partial")
    two_hours_ago = time.time() - 7200
    os.utime(old_live_temp, (two_hours_ago, two_hours_ago))
    look_alike_dir = tmp_path / f".dir.memdesk-tmp.{dead}.0123456789abcdef"
    look_alike_dir.mkdir()

    assert list_stale_temps(tmp_path) == sorted([dead_temp, old_live_temp])
    assert clean_stale_temps(tmp_path) == sorted([dead_temp, old_live_temp])

    assert not dead_temp.exists()
    assert not old_live_temp.exists()
    assert live_temp.read_bytes() == b"partial"
    assert look_alike_dir.is_dir()
    for name, data in others.items():
        assert (tmp_path / name).read_bytes() == data
    assert clean_stale_temps(tmp_path) == []


def test_clean_stale_temps_does_not_follow_symlinks(tmp_path: Path) -> None:
    victim = tmp_path / "victim.md"
    victim.write_bytes(OLD)
    link = tmp_path / f".MEMORY.md.memdesk-tmp.{_dead_pid()}.0123456789abcdef"
    link.symlink_to(victim)
    assert clean_stale_temps(tmp_path) == []
    assert link.is_symlink()
    assert victim.read_bytes() == OLD


def test_clean_stale_temps_of_a_missing_folder(tmp_path: Path) -> None:
    assert clean_stale_temps(tmp_path / "missing") == []


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=st.binary(max_size=4096), second=st.binary(max_size=70_000))
def test_any_bytes_are_read_back_identically(first: bytes, second: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "MEMORY.md"
        atomic_write_bytes(target, first)
        assert target.read_bytes() == first
        atomic_write_bytes(target, second)
        assert target.read_bytes() == second
        assert _names(Path(folder)) == {"MEMORY.md"}


def test_swap_exchanges_and_keeps_what_it_displaced(tmp_path: Path) -> None:
    target = tmp_path / "MEMORY.md"
    target.write_bytes(OLD)
    prepared = atomic.prepare(target, NEW)
    displaced = prepared.swap()
    assert target.read_bytes() == NEW
    assert displaced is not None and displaced.read_bytes() == OLD  # the caller looks, then removes
    assert atomic.is_memdesk_temp(displaced.name)


def test_swap_of_a_new_file_refuses_one_created_meanwhile(tmp_path: Path) -> None:
    target = tmp_path / "new.md"
    prepared = atomic.prepare(target, NEW)
    target.write_bytes(b"another program was first")
    with pytest.raises(FileExistsError):
        prepared.swap(new=True)
    assert target.read_bytes() == b"another program was first"
    assert _names(tmp_path) == {"new.md"}
    fresh = atomic.prepare(tmp_path / "fresh.md", NEW)
    assert fresh.swap(new=True) is None and (tmp_path / "fresh.md").read_bytes() == NEW
