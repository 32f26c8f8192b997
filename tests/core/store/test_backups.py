"""Backups: exact bytes, unique names under contention, parsing, listing and pruning."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from core.store import atomic
from core.store.backups import (
    BackupInfo,
    backup_name,
    file_time,
    list_backups,
    make_backup,
    own_backup_dir,
    parse_backup_name,
    prune_backups,
    stamp_time,
)

PROJECT_ROOT = Path(__file__).resolve().parents[3]
NOW = datetime(2026, 3, 1, 12, 0, 5)
CRLF_BOM = (
    b"\xef\xbb\xbf# Long-term Memory\r\n\r\n## 2026-02-21\r\n\r\n"
    b"\xe7\x94\xa8\xe6\x88\xb7\xe5\x96\x9c\xe6\xac\xa2 tea\r\n\xff\xfe not utf-8\x00\r"
)


def _source(folder: Path, data: bytes, name: str = "MEMORY.md") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(data)
    return path


def test_backup_has_the_exact_bytes_and_the_agent_name(tmp_path: Path) -> None:
    source = _source(tmp_path / "memory", CRLF_BOM)
    backup = make_backup(source, tmp_path / "memory" / "backups", now=NOW)
    assert backup == tmp_path / "memory" / "backups" / "20260301_120005_MEMORY.md"
    assert backup.read_bytes() == CRLF_BOM
    assert source.read_bytes() == CRLF_BOM


def test_empty_source_gives_an_empty_backup(tmp_path: Path) -> None:
    backup = make_backup(_source(tmp_path, b""), tmp_path / "backups", now=NOW)
    assert backup is not None
    assert backup.read_bytes() == b""


def test_missing_source_makes_no_backup_and_no_folder(tmp_path: Path) -> None:
    backup_dir = tmp_path / "memory" / "backups"
    assert make_backup(tmp_path / "MEMORY.md", backup_dir, now=NOW) is None
    assert not backup_dir.exists()


def test_backup_keeps_the_source_permissions(tmp_path: Path) -> None:
    source = _source(tmp_path, b"private")
    source.chmod(0o600)
    backup = make_backup(source, tmp_path / "backups", now=NOW)
    assert backup is not None
    assert backup.stat().st_mode & 0o777 == 0o600


def test_aware_time_is_converted_to_local_time(tmp_path: Path) -> None:
    aware = datetime(2026, 3, 1, 12, 0, 5, tzinfo=timezone(timedelta(hours=8)))
    local = aware.astimezone().replace(tzinfo=None)
    backup = make_backup(_source(tmp_path, b"x"), tmp_path / "backups", now=aware)
    assert backup is not None
    assert backup.name == f"{local:%Y%m%d_%H%M%S}_MEMORY.md"


def test_backups_in_the_same_second_never_collide_and_sort_in_order(tmp_path: Path) -> None:
    backup_dir = tmp_path / "backups"
    agent_backup = backup_dir / "20260301_120005_MEMORY.md"
    backup_dir.mkdir()
    agent_backup.write_bytes(b"the agent's backup")
    source = _source(tmp_path, b"")
    made: list[Path] = []
    for version in range(1, 13):
        source.write_bytes(f"version {version}".encode())
        backup = make_backup(source, backup_dir, now=NOW)
        assert backup is not None
        made.append(backup)

    assert agent_backup.read_bytes() == b"the agent's backup"
    assert [p.name for p in made[:2]] == [
        "20260301_120005_~002_MEMORY.md",
        "20260301_120005_~003_MEMORY.md",
    ]
    assert [p.read_bytes() for p in made] == [f"version {v}".encode() for v in range(1, 13)]
    in_name_order = sorted(p.name for p in backup_dir.iterdir())
    assert in_name_order == [agent_backup.name] + [p.name for p in made]
    assert [info.path for info in list_backups(backup_dir)] == [agent_backup, *made]


def test_failed_backup_leaves_no_partial_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk cannot be real here: writing the backup fails with ENOSPC."""
    source = _source(tmp_path, CRLF_BOM)
    backup_dir = tmp_path / "backups"

    def disk_full(fd: int, data: bytes) -> None:
        os.write(fd, data[:5])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic, "write_all", disk_full)
    with pytest.raises(OSError, match="No space left"):
        make_backup(source, backup_dir, now=NOW)
    assert list(backup_dir.iterdir()) == []
    assert source.read_bytes() == CRLF_BOM


def test_backup_folder_that_is_a_file_is_an_error(tmp_path: Path) -> None:
    source = _source(tmp_path / "memory", b"data")
    (tmp_path / "memory" / "backups").write_bytes(b"not a folder")
    with pytest.raises(OSError):
        make_backup(source, tmp_path / "memory" / "backups", now=NOW)
    assert (tmp_path / "memory" / "backups").read_bytes() == b"not a folder"


def test_fifty_threads_backing_up_at_once_get_distinct_complete_files(tmp_path: Path) -> None:
    backup_dir = tmp_path / "backups"
    contents = [f"memory of thread {i}\r\n".encode() * (i + 1) for i in range(50)]
    sources = [_source(tmp_path / f"ws{i}", data) for i, data in enumerate(contents)]
    barrier = threading.Barrier(len(sources))
    results: list[Path | None] = [None] * len(sources)
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = make_backup(sources[index], backup_dir, now=NOW)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(sources))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    made = [path for path in results if path is not None]
    assert len(set(made)) == 50
    assert [path.read_bytes() for path in made] == contents
    assert sorted(p.name for p in backup_dir.iterdir()) == sorted(p.name for p in made)


_WORKER = """
import sys
from datetime import datetime
from pathlib import Path
from core.store.backups import make_backup

source, backup_dir, start = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
while not start.exists():
    pass
for _ in range(10):
    print(make_backup(source, backup_dir, now=datetime(2026, 3, 1, 12, 0, 5)), flush=True)
"""


def test_processes_backing_up_at_once_get_distinct_complete_files(tmp_path: Path) -> None:
    backup_dir = tmp_path / "backups"
    start = tmp_path / "start"
    contents = [f"process {i}\n".encode() * 1000 for i in range(5)]
    sources = [_source(tmp_path / f"ws{i}", data) for i, data in enumerate(contents)]
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _WORKER, str(src), str(backup_dir), str(start)],
            stdout=subprocess.PIPE,
            cwd=PROJECT_ROOT,
            text=True,
        )
        for src in sources
    ]
    start.touch()
    outputs = [proc.communicate(timeout=30)[0] for proc in procs]
    assert [proc.returncode for proc in procs] == [0] * 5

    made = [[Path(line) for line in out.splitlines()] for out in outputs]
    all_made = [path for paths in made for path in paths]
    assert len(all_made) == len(set(all_made)) == 50
    for data, paths in zip(contents, made, strict=True):
        assert all(path.read_bytes() == data for path in paths)
    assert len(list_backups(backup_dir)) == 50


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("20261126_063605_MEMORY.md", (datetime(2026, 11, 26, 6, 36, 5), "MEMORY.md")),
        ("20261126_063605_~002_MEMORY.md", (datetime(2026, 11, 26, 6, 36, 5), "MEMORY.md")),
        ("20261126_063605_~999_profile.json", (datetime(2026, 11, 26, 6, 36, 5), "profile.json")),
        ("20260221_235959_2026-02-21.md", (datetime(2026, 2, 21, 23, 59, 59), "2026-02-21.md")),
        ("20261126_063605_~001_x.md", (datetime(2026, 11, 26, 6, 36, 5), "~001_x.md")),
        ("20261126_063605_~02_x.md", (datetime(2026, 11, 26, 6, 36, 5), "~02_x.md")),
        ("20261326_063605_MEMORY.md", None),
        ("20261126_246060_MEMORY.md", None),
        ("20261126_0636_MEMORY.md", None),
        ("20261126_063605_", None),
        ("20261126_063605MEMORY.md", None),
        ("MEMORY.md", None),
        ("20261126.json", None),
        (".20261126_063605_MEMORY.md.memdesk-tmp.12.0123456789abcdef", None),
    ],
)
def test_parse_backup_name(name: str, expected: tuple[datetime, str] | None) -> None:
    local = None if expected is None else (expected[0].astimezone(), expected[1])
    assert parse_backup_name(name) == local


def test_backup_name_round_trips() -> None:
    for seq in (1, 2, 10, 999):
        name = backup_name("MEMORY.md", NOW, seq)
        assert parse_backup_name(name) == (NOW.astimezone(), "MEMORY.md")
    with pytest.raises(ValueError):
        backup_name("MEMORY.md", NOW, 1000)


def test_list_backups_skips_foreign_names_folders_links_and_temps(tmp_path: Path) -> None:
    backup_dir = tmp_path / "backups"
    backup_dir.mkdir()
    files = {
        "20260301_120005_~002_MEMORY.md": b"b2",
        "20260301_120005_MEMORY.md": b"b1",
        "20260228_090000_MEMORY.md": b"b0",
        "20260301_080000_profile.json": b"{}",
        "notes.txt": b"foreign",
        "20261399_000000_MEMORY.md": b"bad date",
        ".20260301_120006_MEMORY.md.memdesk-tmp.1.0123456789abcdef": b"partial",
    }
    for name, data in files.items():
        (backup_dir / name).write_bytes(data)
    (backup_dir / "20260301_130000_MEMORY.md").mkdir()
    (backup_dir / "20260301_140000_MEMORY.md").symlink_to(backup_dir / "notes.txt")

    found = list_backups(backup_dir)[1:]
    assert list_backups(backup_dir)[0].path.name == "20261399_000000_MEMORY.md"  # no time: first
    assert [info.path.name for info in found] == [
        "20260228_090000_MEMORY.md",
        "20260301_080000_profile.json",
        "20260301_120005_MEMORY.md",
        "20260301_120005_~002_MEMORY.md",
    ]
    assert found[0] == BackupInfo(
        path=backup_dir / "20260228_090000_MEMORY.md",
        at=datetime(2026, 2, 28, 9, 0, 0).astimezone(),
        size=2,
        original_name="MEMORY.md",
        seq=1,
    )
    assert found[3].seq == 2
    only_memory = list_backups(backup_dir, original_name="MEMORY.md")
    assert [info.original_name for info in only_memory] == ["MEMORY.md"] * 4
    assert list_backups(tmp_path / "missing") == []


def test_prune_removes_only_owned_backups_oldest_first(tmp_path: Path) -> None:
    backup_dir = tmp_path / "backups"
    backup_dir.mkdir()
    agent_names = [f"2026030{d}_100000_MEMORY.md" for d in range(1, 6)]
    ours = [f"2026030{d}_110000_MEMORY.md" for d in range(1, 6)] + [
        "20260305_110000_~002_MEMORY.md"
    ]
    for name in [*agent_names, *ours, "20260101_000000_profile.json", "notes.txt"]:
        (backup_dir / name).write_bytes(name.encode())
    owned_names = {*ours, "20260101_000000_profile.json"}

    removed = prune_backups(backup_dir, keep=2, owned=lambda path: path.name in owned_names)

    assert [path.name for path in removed] == ours[:4]
    remaining = {path.name for path in backup_dir.iterdir()}
    assert remaining == {*agent_names, *ours[4:], "20260101_000000_profile.json", "notes.txt"}
    assert prune_backups(backup_dir, keep=2, owned=lambda path: True) == [
        backup_dir / name for name in agent_names
    ]


def test_prune_never_removes_unowned_backups(tmp_path: Path) -> None:
    backup_dir = tmp_path / "backups"
    backup_dir.mkdir()
    for day in range(1, 10):
        (backup_dir / f"2026030{day}_100000_MEMORY.md").write_bytes(b"agent")
    assert prune_backups(backup_dir, keep=1, owned=lambda path: False) == []
    assert len(list(backup_dir.iterdir())) == 9


def test_prune_rejects_keep_below_one(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="keep"):
        prune_backups(tmp_path, keep=0, owned=lambda path: True)


def test_own_backup_directories_mirror_the_files_folder(tmp_path: Path) -> None:
    daily = tmp_path / "memory" / "scopes" / "main" / "2026-02-21.md"
    root_file = tmp_path / "MEMORY.md"
    assert own_backup_dir(tmp_path, root_file) == tmp_path / ".memdesk" / "backups"
    assert own_backup_dir(tmp_path, daily) == (
        tmp_path / ".memdesk" / "backups" / "memory" / "scopes" / "main"
    )
    with pytest.raises(ValueError):
        own_backup_dir(tmp_path, Path("/elsewhere/MEMORY.md"))


def test_memdesk_style_backup_creates_nested_folders(tmp_path: Path) -> None:
    source = _source(tmp_path / "memory", CRLF_BOM, name="2026-02-21.md")
    backup_dir = own_backup_dir(tmp_path, source)
    backup = make_backup(source, backup_dir, now=NOW)
    assert backup == backup_dir / "20260301_120005_2026-02-21.md"
    assert backup.read_bytes() == CRLF_BOM


@pytest.fixture
def zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Switch this process's local time zone (TZ and tzset), back as it was afterwards."""

    def switch(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield switch
    monkeypatch.undo()
    time.tzset()


# 00010101 is before the first day local time can hold east of UTC (and Python's conversion to
# local time steps a day back even in UTC); 99991231 after the last one west of UTC.
EXTREME = {
    "UTC": {"00010101_000000": None, "99991231_235959": datetime(9999, 12, 31, 23, 59, 59)},
    "Asia/Tokyo": {"00010101_000000": None, "99991231_235959": None},
    "America/New_York": {"00010101_000000": None, "99991231_235959": None},
}


@pytest.mark.parametrize("tz", list(EXTREME))
def test_an_extreme_stamp_is_no_time_rather_than_an_overflow(
    zone: Callable[[str], None], tz: str
) -> None:
    zone(tz)
    for stamp, expected in EXTREME[tz].items():
        at = stamp_time(stamp)
        assert at == (None if expected is None else expected.astimezone())
        assert parse_backup_name(f"{stamp}_MEMORY.md") == (
            None if at is None else (at, "MEMORY.md")
        )
    assert stamp_time("20261399_000000") is None
    assert stamp_time("00010102_000000") == datetime(1, 1, 2).astimezone()


@pytest.mark.parametrize("tz", list(EXTREME))
def test_backups_whose_name_is_no_time_are_listed_first_with_the_file_time(
    zone: Callable[[str], None], tz: str, tmp_path: Path
) -> None:
    zone(tz)
    backup_dir = tmp_path / "backups"
    backup_dir.mkdir()
    names = ["20260301_120005_MEMORY.md", "00010101_000000_MEMORY.md", "99991231_235959_MEMORY.md"]
    for name in names:
        (backup_dir / name).write_bytes(b"x")
    os.utime(backup_dir / "00010101_000000_MEMORY.md", (1_000_000_000, 1_000_000_000))
    found = list_backups(backup_dir)
    no_time = [info for info in found if info.at is None]
    assert found[: len(no_time)] == no_time  # never taken for the newest
    assert {info.path.name for info in found} == set(names)
    year_1 = next(info for info in found if info.path.name.startswith("0001"))
    assert year_1.at is None and year_1.time == datetime.fromtimestamp(1_000_000_000).astimezone()
    assert all(info.time.astimezone(UTC) for info in found)  # every time converts


def test_prune_never_removes_a_backup_whose_name_is_no_time(tmp_path: Path) -> None:
    backup_dir = tmp_path / "backups"
    backup_dir.mkdir()
    odd = backup_dir / "00010101_000000_MEMORY.md"
    odd.write_bytes(b"odd")
    for second in range(3):
        (backup_dir / backup_name("MEMORY.md", NOW + timedelta(seconds=second))).write_bytes(b"x")
    removed = prune_backups(backup_dir, keep=1, owned=lambda _path: True)
    assert len(removed) == 2 and odd.exists()
    assert len(list_backups(backup_dir)) == 2


def test_file_time_of_a_date_no_clock_holds_is_the_epoch() -> None:
    assert file_time(1e20) == datetime.fromtimestamp(0, UTC).astimezone()
