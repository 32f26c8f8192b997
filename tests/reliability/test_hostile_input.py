"""Hostile input through the real `memdesk` command, for every agent's layout (SPEC 5, 9).

Each case builds a workspace from tests/fixtures with one hostile thing in it, then runs the
commands as real processes, each with a time limit (no hang), and checks:

- the exit code is 0, 1 or 2, and no output holds a Python traceback;
- every message on stderr is one line of its own (`memdesk: ...`);
- an outcome other than on the untouched workspace names the hostile file (and its line
  where there is one);
- after a read, and after a write that was refused, every file is as it was (bytes and modes,
  `.memdesk/` included; a refused write may leave only the agent's empty lock file);
- a write that went ahead kept the hostile thing as found (text MemDesk cannot read as a
  memory is never dropped or changed).

CI size runs the commands that apply to each layout and one write command per case, in turn;
MEMDESK_LONG=1 runs every command on every case and a 50 MB line instead of 8 MB. Cases that
need a file MemDesk may not read run the command without root's power to read anything (or as
the user running the tests, when that is not root). `pytest -s` prints the counts.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from core.store.journal import Journal
from tests.cli.conftest import Result, run_process
from tests.conftest import FIXTURES
from tests.helpers import (
    CANNOT_DROP,
    LOCK_HOLDER,
    WITHOUT_ROOT_POWERS,
    fill,
    has_root_powers,
    small_disk,
)

pytestmark = pytest.mark.slow  # every command on every hostile file, each a process

LONG = os.environ.get("MEMDESK_LONG") == "1"
TIME_LIMIT_S = 20
LONG_LINE = (50 if LONG else 8) * 1024 * 1024
WORKERS = 2
BOM = b"\xef\xbb\xbf"
DEEP = b"[" * 100_000 + b"]" * 100_000


COUNTS: Counter[str] = Counter()


# -- layouts --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    name: str
    fixture: Path
    workspace: str  # the workspace inside the copied folder ("" for the folder itself)
    main: str  # its long-term memory file, relative to the workspace
    memory_id: str  # a memory of `main`
    marker: str  # a line of that memory's text (where a bad byte goes)
    reads: tuple[str, ...]  # read commands that apply to it (all run in long mode)

    def build(self, folder: Path) -> Path:
        """A fresh copy in `folder`; returns the workspace."""
        shutil.copytree(self.fixture, folder, symlinks=True)
        for path in [folder, *folder.rglob("*")]:  # fixtures may be read-only: a fresh copy
            path.chmod(0o755 if path.is_dir() else 0o644)
        workspace = folder / self.workspace
        if self.name == "picoclaw":  # the hybrid fork's profile too
            profile = FIXTURES / "workspaces" / "picoclaw_hybrid" / "memory" / "profile.json"
            shutil.copy(profile, workspace / "memory" / "profile.json")
        if self.name == "pomelobot":  # main's long-term file where the agent keeps it today
            (workspace / self.main).parent.mkdir(parents=True)
            (workspace / "MEMORY.md").rename(workspace / self.main)
        return workspace

    def marker_line(self, workspace: Path) -> int:
        data = (workspace / self.main).read_bytes()
        return data[: data.index(self.marker.encode())].count(b"\n") + 1


LAYOUTS = {
    layout.name: layout
    for layout in (
        Layout(
            "everbot",
            FIXTURES / "workspaces" / "tiered",
            "",
            "MEMORY.md",
            "f00001",
            "主人喜欢拉面",
            ("check", "list", "show", "retrieve", "decay"),
        ),
        Layout(
            "picoclaw",
            FIXTURES / "picoclaw" / "home",
            "workspace",
            "memory/MEMORY.md",
            "2026-02-22",
            "User has a dog",
            ("check", "list", "show", "retrieve"),
        ),
        Layout(
            "openclaw",
            FIXTURES / "workspaces" / "openclaw",
            "",
            "MEMORY.md",
            "a396a2",
            "Prefers concise answers",
            ("check", "list", "show", "context"),
        ),
        Layout(
            "pomelobot",
            FIXTURES / "workspaces" / "pomelobot",
            "",
            "memory/scopes/main/MEMORY.md",
            "09:05:40",
            "The on-call rotation",
            ("check", "list", "show", "chunks", "context"),
        ),
    )
}

READS = {
    "check": ["check"],
    "list": ["list", "--json"],
    "show": ["show", "{id}", "--json"],
    "retrieve": ["retrieve", "coffee"],
    "chunks": ["chunks", "{main}", "--json"],
    "decay": ["decay", "--at", "2027-01-01", "--json"],
    "context": ["context", "--date", "2026-03-02", "--json"],
    "backups": ["backups"],
    "diff": ["diff"],
    "list-backups": ["list", "--backups", "--query", "the"],
    "list-text": ["list"],  # the text output too: what a person reads
    "policy": ["policy"],
}
WRITES = {
    "add": ["add", "a memory the test adds"],
    "edit": ["edit", "{id}", "--text", "text the test wrote"],
    "delete": ["delete", "{id}"],
    "archive": ["archive", "{id}"],
    "pin": ["pin", "{id}"],
    "decay-apply": ["decay", "--at", "2027-01-01", "--apply"],
    "restore": ["restore", "{backup}"],  # the case's hostile file
}
ROTATED_WRITES = [w for w in WRITES if w != "restore"]  # restore: where a case names it


def argv(command: str, layout: Layout, path: Path, backup: str = "") -> list[str]:
    args = {**READS, **WRITES}[command]
    filled = [a.format(id=layout.memory_id, main=layout.main, backup=backup) for a in args]
    return [filled[0], str(path), *filled[1:]]


# -- running ----------------------------------------------------------------------------------


@cache
def can_drop_root_read() -> bool:
    if not has_root_powers():
        return True  # an ordinary user meets file modes anyway
    probe = subprocess.run(
        [sys.executable, "-c", WITHOUT_ROOT_POWERS, "-c", "pass"], check=False, timeout=30
    )
    return probe.returncode == 0


def memdesk(args: list[str], *, unprivileged: bool = False, tz: str = "") -> Result:
    """The command as a process of its own (in time zone `tz`, if given); a hang past the
    time limit fails the test."""
    prefix = ["-c", WITHOUT_ROOT_POWERS] if unprivileged and has_root_powers() else []
    env = {"TZ": tz} if tz else None
    try:
        result = run_process(*args, timeout=TIME_LIMIT_S, prefix=prefix, env_extra=env)
    except subprocess.TimeoutExpired:
        pytest.fail(f"memdesk {' '.join(args)}: still running after {TIME_LIMIT_S} s (a hang)")
    assert result.code != CANNOT_DROP or not prefix, result.err
    return result


# -- pictures of folders ----------------------------------------------------------------------


Picture = dict[str, tuple[str, int, str]]


def picture(folder: Path) -> Picture:
    """Every entry under `folder`: kind, mode and sha256 (link target), never opening a FIFO."""
    out: Picture = {}
    for base, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(base) / name
            st = path.lstat()
            rel = path.relative_to(folder).as_posix()
            mode = stat.S_IMODE(st.st_mode)
            if stat.S_ISLNK(st.st_mode):
                out[rel] = ("link", 0, os.readlink(path))
            elif stat.S_ISREG(st.st_mode):
                out[rel] = ("file", mode, _digest(path, st))
            else:
                out[rel] = ("dir" if stat.S_ISDIR(st.st_mode) else "other", mode, "")
    return out


def _digest(path: Path, st: os.stat_result) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except PermissionError:  # not root: a mode-000 file is told by its size and time
        return f"unreadable {st.st_size} {st.st_mtime_ns}"


def same_but_lock(before: Picture, after: Picture) -> bool:
    """Unchanged, but for the agent's lock file a refused save may have created (empty)."""
    empty = hashlib.sha256(b"").hexdigest()
    extra = {k: v for k, v in after.items() if k not in before}
    kept = {k: v for k, v in after.items() if k in before}
    return kept == before and all(
        k.endswith(".lock") and v[:1] == ("file",) and v[2] == empty for k, v in extra.items()
    )


# -- hostile cases ----------------------------------------------------------------------------


@dataclass
class Hostile:
    """What a case did to the workspace."""

    file: str  # the hostile file, relative to the workspace (what messages must name)
    line: int | None = None  # its line, where messages must give it
    refused: bool = False  # a write that reaches it must be refused
    kept: Callable[[Path], bool] | None = None  # after a write that went ahead (default: as found)
    gone: bool = False  # the agent no longer sees the memory commands name (the file is read)
    same_output: tuple[str, ...] = ()  # reads that print what they print on the untouched copy


@dataclass(frozen=True)
class Case:
    name: str
    make: Callable[[Path, Layout, ExitStack], Hostile]
    layouts: tuple[str, ...] = tuple(LAYOUTS)
    unprivileged: bool = False
    commands: tuple[str, ...] | None = None  # at CI size, only these
    slow: bool = False  # run in the background from the start (see `slow_cases`)
    tz: str = ""  # the commands run in this time zone


CASES: list[Case] = []


def case(
    *layouts: str,
    unprivileged: bool = False,
    commands: tuple[str, ...] | None = None,
    slow: bool = False,
    tz: str = "",
) -> Callable[[Callable[[Path, Layout, ExitStack], Hostile]], None]:
    def register(make: Callable[[Path, Layout, ExitStack], Hostile]) -> None:
        name = make.__name__.removeprefix("make_")
        layout_names = layouts or tuple(LAYOUTS)
        CASES.append(Case(name, make, layout_names, unprivileged, commands, slow, tz))

    return register


def _main(ws: Path, layout: Layout) -> Path:
    return ws / layout.main


def _insert_at_marker(ws: Path, layout: Layout, bad: bytes) -> int:
    path = _main(ws, layout)
    data, line = path.read_bytes(), layout.marker_line(ws)
    at = data.index(layout.marker.encode()) + 3  # after its first character or three
    path.write_bytes(data[:at] + bad + data[at:])
    return line


def _holds(path: Path, needle: bytes) -> Callable[[Path], bool]:
    return lambda ws: needle in (ws / path).read_bytes()


@case()
def make_invalid_utf8(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    line = _insert_at_marker(ws, layout, b"\xff\xfe")
    return Hostile(layout.main, line, refused=True)


@case()
def make_nul_byte(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    line = _insert_at_marker(ws, layout, b"\x00")
    return Hostile(layout.main, line, refused=True)


@case()
def make_utf16(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    path = _main(ws, layout)
    path.write_bytes(path.read_text(encoding="utf-8").encode("utf-16"))
    return Hostile(layout.main, refused=True)


@case()
def make_bom(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    path = _main(ws, layout)
    path.write_bytes(BOM + path.read_bytes())
    return Hostile(layout.main, kept=lambda w: (w / layout.main).read_bytes().startswith(BOM))


def _newlines(ws: Path, layout: Layout, newline: bytes) -> Hostile:
    path = _main(ws, layout)
    path.write_bytes(path.read_bytes().replace(b"\n", newline))
    ends = _line_ends(path.read_bytes(), newline)

    def kept(w: Path) -> bool:
        """The lines MemDesk did not write still end as found (an agent that writes "\n"
        itself may get "\n" for the text MemDesk adds for it)."""
        return _line_ends((w / layout.main).read_bytes(), newline) >= ends - 8

    # EverBot reads its file with universal newlines: its memories are the same. PicoClaw
    # splits on "\n" only: a CR-only file has no dated entries for it (check warns).
    same = ("retrieve", "list") if layout.name == "everbot" else ()
    gone = newline == b"\r" and layout.name == "picoclaw"
    return Hostile(layout.main, kept=kept, same_output=same, gone=gone)


def _line_ends(data: bytes, newline: bytes) -> int:
    crlf = data.count(b"\r\n")
    return crlf if newline == b"\r\n" else data.count(newline) - crlf


@case()
def make_crlf(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    return _newlines(ws, layout, b"\r\n")


@case()
def make_cr_only(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    return _newlines(ws, layout, b"\r")


@case()
def make_long_line(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    path = _main(ws, layout)
    first, rest = path.read_bytes().split(b"\n", 1)  # below the title: in no memory's text
    path.write_bytes(first + b"\n" + b"x" * LONG_LINE + b"\n" + rest)
    return Hostile(layout.main, kept=lambda w: (w / layout.main).stat().st_size > LONG_LINE)


def _replace_main(ws: Path, layout: Layout, make: Callable[[Path], None]) -> Hostile:
    path = _main(ws, layout)
    path.unlink()
    make(path)
    return Hostile(layout.main, refused=True)


@case()
def make_folder_in_place(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    def folder(path: Path) -> None:
        path.mkdir()
        (path / "inside.md").write_text("# not a memory file\n", encoding="utf-8")

    return _replace_main(ws, layout, folder)


@case()
def make_fifo_in_place(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    return _replace_main(ws, layout, os.mkfifo)


@case()
def make_link_outside(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    outside = ws.parent / "outside.md"
    shutil.copy(_main(ws, layout), outside)
    return _replace_main(ws, layout, lambda path: path.symlink_to(outside))


@case()
def make_read_only(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    _main(ws, layout).chmod(0o444)
    return Hostile(layout.main, refused=True)


@case(unprivileged=True)
def make_unreadable(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    _main(ws, layout).chmod(0)
    return Hostile(layout.main, refused=True)


@case("everbot", commands=("list", "decay-apply"), slow=True)
def make_lock_held(ws: Path, layout: Layout, stack: ExitStack) -> Hostile:
    """The agent holds its lock for longer than MemDesk waits (10 s)."""
    lock = _main(ws, layout).with_name("MEMORY.md.lock")
    holder = subprocess.Popen(
        [sys.executable, "-c", LOCK_HOLDER, str(lock)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
    stack.callback(holder.wait, 10)
    stack.callback(holder.communicate)
    return Hostile("MEMORY.md.lock", refused=True)


def _journal(ws: Path) -> Path:
    with Journal.open(ws) as journal:
        journal.set_setting("layout", "kept")
    return Journal.db_path(ws)


@case()
def make_corrupt_journal(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    path = Journal.db_path(ws)
    path.parent.mkdir()
    path.write_bytes(b"this is not SQLite\n" * 200)
    return Hostile(".memdesk/memdesk.db")


@case(unprivileged=True)
def make_unreadable_journal(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    _journal(ws).chmod(0)
    return Hostile(".memdesk/memdesk.db")


@case(unprivileged=True)
def make_unreadable_journal_folder(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    _journal(ws).parent.chmod(0)
    return Hostile(".memdesk")


# EverBot's structured MEMORY.md


def _everbot_header(ws: Path, old: bytes, new: bytes) -> Hostile:
    path = ws / "MEMORY.md"
    data = path.read_bytes()
    assert old in data
    path.write_bytes(data.replace(old, new))
    line = data[: data.index(old)].count(b"\n") + 1
    return Hostile("MEMORY.md", line, kept=_holds(Path("MEMORY.md"), new))


@case("everbot")
def make_hits_too_long(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    return _everbot_header(ws, b"2026-02-27 | 14", b"2026-02-27 | " + b"9" * 5000)


@case("everbot")
def make_score_infinite(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    return _everbot_header(ws, b"core | 3.20", b"core | 1" + b"0" * 400)


@case("everbot")
def make_score_nan(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    return _everbot_header(ws, b"fact | 0.45", b"fact | nan")


@case("everbot")
def make_meta_nested(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    return _everbot_header(ws, b'{"source":"user","verified":true}', b'{"a":' + DEEP + b"}")


@case("everbot")
def make_processed_count_too_long(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    return _everbot_header(ws, b"last_processed_count: 0", b"last_processed_count: " + b"9" * 5000)


@case("everbot", commands=("show",))
def make_agent_backup_fifo(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    os.mkfifo(ws / "MEMORY.md.bak")
    return Hostile("MEMORY.md.bak")


# Backups whose name is no time (year 1; year 9999 overflows west of UTC)

BACKUP_COMMANDS = ("check", "backups", "diff", "list-backups", "show", "restore")


def _backup_named(ws: Path, layout: Layout, stamp: str) -> Hostile:
    """A copy of the main file as a backup named `stamp`, in the folder MemDesk lists (the
    agent's own for PicoClaw, else `.memdesk/backups/<the file's folder>/`)."""
    main = Path(layout.main)
    folder = (
        main.parent / "backups" if layout.name == "picoclaw" else ".memdesk/backups" / main.parent
    )
    (ws / folder).mkdir(parents=True, exist_ok=True)
    rel = (folder / f"{stamp}_{main.name}").as_posix()
    shutil.copy(_main(ws, layout), ws / rel)
    return Hostile(rel)


@case(commands=BACKUP_COMMANDS)
def make_backup_named_year_1(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    return _backup_named(ws, layout, "00010101_000000")


@case(commands=BACKUP_COMMANDS, tz="America/New_York")
def make_backup_named_year_9999_west_of_utc(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    return _backup_named(ws, layout, "99991231_235959")


@case(commands=BACKUP_COMMANDS, tz="Asia/Tokyo")
def make_backup_named_no_date(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    return _backup_named(ws, layout, "20261399_000000")


# PicoClaw


def _write(ws: Path, rel: str, data: bytes, line: int | None = None) -> Hostile:
    (ws / rel).write_bytes(data)
    return Hostile(rel, line)


@case("picoclaw")
def make_profile_number_too_long(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    data = b'{\n  "user_name": "Mike",\n  "age": ' + b"9" * 5000 + b"\n}\n"
    return _write(ws, "memory/profile.json", data, 3)


@case("picoclaw")
def make_profile_corrupt(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    return _write(ws, "memory/profile.json", b'{\n  "user_name": "Mike",\n}\n', 3)


@case("picoclaw")
def make_policy_nested(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    return _write(ws, "memory/policy_overrides.json", DEEP, 1)


@case("picoclaw")
def make_config_nested(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    (ws.parent / "config.json").write_bytes(DEEP)
    return Hostile("config.json", 1)


@case("picoclaw", unprivileged=True)
def make_profile_unreadable(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    (ws / "memory" / "profile.json").chmod(0)
    return Hostile("memory/profile.json")


@case("picoclaw", "pomelobot", unprivileged=True)
def make_memory_folder_unreadable(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    (ws / "memory").chmod(0)
    return Hostile("memory", refused=layout.main.startswith("memory/"))


@case("picoclaw", unprivileged=True)
def make_month_folder_unreadable(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    (ws / "memory" / "202602").chmod(0)
    return Hostile("memory/202602")


@case("picoclaw", unprivileged=True)
def make_daily_note_unreadable(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    (ws / "memory" / "202602" / "20260222.md").chmod(0)
    return Hostile("memory/202602/20260222.md")


# Pomelobot


@case("pomelobot", unprivileged=True)
def make_daily_file_unreadable(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    (ws / "memory" / "2026-03-01.md").chmod(0)
    return Hostile("memory/2026-03-01.md")


@case("pomelobot", unprivileged=True)
def make_scope_folder_unreadable(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    (ws / "memory" / "scopes" / "group_cid8812").chmod(0)
    return Hostile("memory/scopes/group_cid8812")


@case("pomelobot", commands=("chunks",))
def make_emoji_cut_by_a_chunk(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    """The agent cuts a long line every 1,200 UTF-16 units, here through the middle of 😀."""
    line = "[10:00:00] " + "a" * 1188 + "😀" + "b" * 1300
    with (ws / layout.main).open("a", encoding="utf-8") as handle:
        handle.write(f"\n{line}\n")
    return Hostile(layout.main, kept=_holds(Path(layout.main), line.encode()))


# A lone surrogate written as a JSON escape: valid JSON that no UTF-8 text can hold. Every
# command of the layout runs: it is shown escaped and written back as the escape it was.


def _every_command(layout: str, *more: str) -> tuple[str, ...]:
    return (*LAYOUTS[layout].reads, "list-text", *more, *WRITES)


@case("everbot", commands=_every_command("everbot", "policy"))
def make_lone_surrogate_in_the_scoring_profile(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    (ws / ".memdesk").mkdir(exist_ok=True)
    data = b'{\n  "never_decay_categories": ["\\ud800", "a\\udfffb"]\n}\n'
    return _write(ws, ".memdesk/profile.json", data)


@case("picoclaw", commands=_every_command("picoclaw", "policy"))
def make_lone_surrogate_in_the_profile(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    data = b'{\n  "dog": "\\ud800",\n  "user_name": "Mike",\n  "x\\udc00": "y"\n}'
    return _write(ws, "memory/profile.json", data)


@case("openclaw", commands=_every_command("openclaw"))
def make_lone_surrogate_in_the_recall_store(ws: Path, layout: Layout, _: ExitStack) -> Hostile:
    (ws / "memory" / ".dreams").mkdir(parents=True, exist_ok=True)
    data = b'{"version": 1, "entries": {"\\ud800": {"snippet": "a\\udfffb"}}}\n'
    return _write(ws, "memory/.dreams/short-term-recall.json", data)


# -- the suite ----------------------------------------------------------------------------------


def commands_for(hostile_case: Case, layout: Layout, index: int) -> list[str]:
    """Every command in long mode; at CI size `check` (it reads every file), one other read
    and one write, in turn from case to case."""
    if LONG:
        return [*READS, *WRITES]
    if hostile_case.commands is not None:
        return list(hostile_case.commands)
    others, writes = layout.reads[1:], ROTATED_WRITES
    return ["check", others[index % len(others)], writes[index % len(writes)]]


RUNS = [(layout, c, n) for n, c in enumerate(CASES) for layout in c.layouts]
PARAMS = [pytest.param(layout, c, n, id=f"{layout}-{c.name}") for layout, c, n in RUNS]


class Pristine:
    """Each command's outcome on an untouched copy of each layout, run once when first needed."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.lock = threading.Lock()
        self.results: dict[tuple[str, str], tuple[Result, Path]] = {}

    def __call__(self, layout: Layout, command: str) -> tuple[Result, Path]:
        with self.lock:
            key = (layout.name, command)
            if key not in self.results:
                target = self.folder / f"{layout.name}-{command}"
                workspace = layout.build(target)
                path = target if layout.workspace else workspace
                self.results[key] = (memdesk(argv(command, layout, path)), path)
            return self.results[key]


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pristine]:
    yield Pristine(tmp_path_factory.mktemp("pristine"))
    print(f"\nhostile input: {sum(COUNTS.values())} runs of memdesk")
    for key, count in sorted(COUNTS.items()):
        print(f"  {key:<40} {count:>4}")


@pytest.fixture(scope="module")
def slow_cases(
    tmp_path_factory: pytest.TempPathFactory, pristine: Pristine
) -> Iterator[dict[str, Future[None]]]:
    """The slow cases (a lock held past MemDesk's 10 s wait), started when the first case runs
    so that their wait overlaps the others."""
    with ThreadPoolExecutor(1) as pool:
        yield {
            f"{layout}-{c.name}": pool.submit(
                run_case, tmp_path_factory.mktemp(c.name), LAYOUTS[layout], c, n, pristine
            )
            for layout, c, n in RUNS
            if c.slow
        }


@pytest.mark.parametrize(("layout_name", "hostile_case", "index"), PARAMS)
def test_hostile_input(
    tmp_path: Path,
    pristine: Pristine,
    slow_cases: dict[str, Future[None]],
    layout_name: str,
    hostile_case: Case,
    index: int,
) -> None:
    layout = LAYOUTS[layout_name]
    if hostile_case.unprivileged and not can_drop_root_read():
        pytest.skip("root that cannot drop its power to read anything: chmod 000 stops nothing")
    if hostile_case.slow:
        slow_cases[f"{layout_name}-{hostile_case.name}"].result()
    else:
        run_case(tmp_path, layout, hostile_case, index, pristine)


def run_case(
    folder: Path, layout: Layout, hostile_case: Case, index: int, pristine: Pristine
) -> None:
    """The case's reads one after the other on one copy, each write on a copy of its own."""
    commands = commands_for(hostile_case, layout, index)
    runs = [Run(folder / "read", layout, hostile_case, [c for c in commands if c in READS])]
    runs += [Run(folder / c, layout, hostile_case, [c]) for c in commands if c in WRITES]
    try:
        with ThreadPoolExecutor(WORKERS) as pool:
            for done in [pool.submit(run.check, pristine) for run in runs if run.commands]:
                done.result()
    finally:
        _restore_modes(folder)


@dataclass
class Run:
    """Commands run one after the other on one copy of the hostile workspace."""

    folder: Path
    layout: Layout
    hostile_case: Case
    commands: list[str]

    def check(self, pristine: Pristine) -> None:
        with ExitStack() as stack:
            workspace = self.layout.build(self.folder / "copy")
            hostile = self.hostile_case.make(workspace, self.layout, stack)
            path = self.folder / "copy" if self.layout.workspace else workspace
            for command in self.commands:
                before = picture(self.folder)
                args = argv(command, self.layout, path, hostile.file)
                case_ = self.hostile_case
                result = memdesk(args, unprivileged=case_.unprivileged, tz=case_.tz)
                expected, pristine_path = pristine(self.layout, command)
                COUNTS[f"{self.layout.name} {command} exit {result.code}"] += 1
                outcome = Outcome(command, hostile, result, str(path))
                outcome.check(expected.code, expected.err.replace(str(pristine_path), "WS"))
                if command in hostile.same_output:
                    assert outcome.said(result.out) == expected.out.replace(
                        str(pristine_path), "WS"
                    )
                self.check_files(command, hostile, result, before, workspace)

    def check_files(
        self, command: str, hostile: Hostile, result: Result, before: Picture, workspace: Path
    ) -> None:
        after = picture(self.folder)
        if command in READS:
            assert after == before, f"{command} changed the workspace"
        elif result.code != 0:
            assert same_but_lock(before, after), f"{command} was refused but changed files"
        elif hostile.kept is not None:
            assert hostile.kept(workspace), f"{command} lost what {hostile.file} held"
        else:
            rel = (workspace / hostile.file).relative_to(self.folder).as_posix()
            assert after.get(rel) == before.get(rel), f"{command} changed {hostile.file}"


@dataclass
class Outcome:
    command: str
    hostile: Hostile
    result: Result
    path: str

    def said(self, text: str) -> str:
        return text.replace(self.path, "WS")

    def check(self, expected_code: int, expected_err: str) -> None:
        r, hostile = self.result, self.hostile
        shown = f"memdesk {self.command} ({hostile.file}): exit {r.code}\n{r.out[-3000:]}\n{r.err[-3000:]}"
        assert r.code in (0, 1, 2), shown
        assert "Traceback" not in r.out + r.err, shown
        assert all(line.startswith("memdesk: ") for line in r.err.splitlines()), shown
        if hostile.refused and expected_code == 0 and self.command in WRITES:
            assert r.code != 0, f"{shown}\nwrote through {hostile.file}"
        if r.code == expected_code and (r.code == 0 or self.said(r.err) == expected_err):
            return  # the same outcome as on the untouched workspace
        if hostile.gone and r.code == 1 and "no memory with id" in r.err:
            return
        said = r.out + r.err
        assert hostile.file in said, f"{shown}\nthe message does not name {hostile.file}"
        if hostile.line is not None:
            line = hostile.line
            assert f"{hostile.file}:{line}" in said or f"line {line}" in said, shown


def _restore_modes(folder: Path) -> None:
    """Give back every permission a case took away, so the folder can be removed."""
    for base, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(base) / name
            if not path.is_symlink() and (path.is_dir() or path.is_file()):
                path.chmod(0o755 if path.is_dir() else 0o644)


@pytest.mark.parametrize("layout_name", list(LAYOUTS))
def test_a_full_disk_refuses_the_save_and_says_so(tmp_path: Path, layout_name: str) -> None:
    """16 KB free: the journal cannot be written, so the memory file is not either."""
    layout = LAYOUTS[layout_name]
    with small_disk(tmp_path / "disk", 256) as disk:
        workspace = layout.build(disk / "copy")
        fill(disk, 16 * 1024)
        before = picture(disk)
        result = memdesk(argv("add", layout, disk / "copy" if layout.workspace else workspace))
        after = picture(disk)
    assert (result.code, result.out) == (2, ""), result.err
    assert result.err.count("\n") == 1 and result.err.startswith("memdesk: "), result.err
    assert "the disk is full" in result.err
    assert {k: v for k, v in after.items() if k in before} == before
    assert all(".memdesk" in k or k.endswith(".lock") for k in after.keys() - before.keys())
