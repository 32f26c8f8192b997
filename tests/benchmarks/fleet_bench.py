"""A fleet of users (issue 26, item 3): many users' memory folders in one folder, in an agent's
own per-user layout, and what MemDesk does on it beside the raw read of every file.

    .venv/bin/python tests/benchmarks/fleet_bench.py --users 10000 --memories 500000 \
        --layout picoclaw [--out DIR] [--seed 1] [--review-sample N] [--profile STEP]

Layouts (where the spec keeps one memory folder per user):
- picoclaw: `users/<channel>/<chatID>/memory/MEMORY.md` (the agent's template, then its dated
  appends) and the latest memory in the day's note `memory/YYYYMM/YYYYMMDD.md`.
- hermes: `profiles/<name>/memories/MEMORY.md` and `USER.md` (entries joined by `\\n§\\n`, no
  trailing newline, mode 0600).

Printed, in one run: the generation, the raw read (every byte of every file: the baseline),
the first scan (discovery of every user workspace with its figures, `memdesk scan` on the folder,
building the scan's index in MemDesk's cache folder) and the scan / open from the index as a new
process would (the index file read again), a rules review of every user (or of `--review-sample`
users, the whole extrapolated and said so), the first search (loading the memories from the index)
and each of the QUERIES across all users (median and worst), one user's change by the agent seen
by the watcher (told by the system; and polling, as where it cannot be) and re-read alone, a
search right after it, a poll finding nothing, and the peak RSS; each beside issue 26's target
and as a ratio to the raw read. The fleet is left `index.SETTLE_NS` before it
is read: files written that instant are read, not kept, by the index.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import os
import pstats
import resource
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import date, timedelta
from functools import partial
from pathlib import Path
from random import Random
from typing import Final, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core import index
from core.agents.hermes.format import DELIMITER
from core.agents.picoclaw.format import LONGTERM_TEMPLATE, longterm_entry_text
from core.inbox import search
from core.registry import agent_named
from core.review.fleet import pool_size, review_each
from core.review.queue import run_review
from core.review.rules import RulesReviewer
from core.scan import Found, figures, scan
from core.session import Session
from core.watch import Watcher

T = TypeVar("T")
LAYOUTS: Final = ("picoclaw", "hermes")
CHANNELS: Final = ("telegram", "discord", "feishu", "dingtalk", "slack", "qq")
TODAY: Final = date(2026, 11, 1)  # the fleet's "now": the same files for the same seed
# Issue 26 item 3's targets, in seconds (memory in MB).
TARGETS: Final = {"scan": 3.0, "review": 60.0, "search": 0.1, "change": 0.5, "rss_mb": 1024.0}
_EN: Final = (
    "{who} prefers {thing} in the morning and asks for short answers.",
    "{who}'s deadline for the {topic} report is {day}.",
    "Remind {who} to renew the {thing} subscription before {day}.",
    "{who} works on {topic} and uses {thing} every day.",
    "{who} said the {topic} meeting moved to {day}.",
)
_ZH: Final = (
    "{who}喜欢早上喝{thing}，回答要简短。",
    "{who}的{topic}报告截止日期是{day}。",
    "提醒{who}在{day}之前续订{thing}。",
    "{who}在做{topic}项目，每天都用{thing}。",
)
_WHO: Final = ("Alice", "Bob", "Chen Wei", "李娜", "王芳", "Sam", "张伟", "Priya")
_THING: Final = ("oat latte", "green tea", "VS Code", "乌龙茶", "咖啡", "Notion", "飞书", "Vim")
_TOPIC: Final = ("billing", "onboarding", "Q3 budget", "数据迁移", "客服", "search", "年度总结")
QUERIES: Final = ("deadline", "乌龙茶", "Alice", "subscription", "乌", "截止", "de", "zzyzx")
# the last four: what a person types first (one or two Chinese characters, a prefix, no match)


# -- the fleet -------------------------------------------------------------------------------------
def split_memories(users: int, memories: int, rng: Random) -> list[int]:
    """Each user's memory count (at least one), adding up to `memories`; uneven as real users."""
    base, extra = divmod(memories, users)
    counts = [base + (1 if i < extra else 0) for i in range(users)]
    for i in range(0, users - 1, 2):
        shift = rng.randint(0, max(0, min(counts[i], counts[i + 1]) - 1))
        counts[i] += shift
        counts[i + 1] -= shift
    return counts


def memory_texts(count: int, rng: Random) -> list[str]:
    """`count` memories, a third of them in Chinese."""
    texts = []
    for n in range(count):
        pattern = rng.choice(_ZH if rng.random() < 0.33 else _EN)
        day = (TODAY + timedelta(days=rng.randint(-60, 60))).isoformat()
        text = pattern.format(
            who=rng.choice(_WHO), thing=rng.choice(_THING), topic=rng.choice(_TOPIC), day=day
        )
        texts.append(f"{text} (#{n + 1})")
    return texts


def write_fleet(out: Path, layout: str, users: int, memories: int, seed: int) -> list[Path]:
    """The fleet's user workspaces, written under `out` (which must be empty or new)."""
    out.mkdir(parents=True, exist_ok=True)
    if any(out.iterdir()):
        raise SystemExit(f"{out}: not empty; give a new or empty folder")
    rng = Random(seed)
    write = {"picoclaw": _picoclaw_user, "hermes": _hermes_user}[layout]
    folders = []
    for i, count in enumerate(split_memories(users, memories, rng)):
        folder = _user_folder(out, layout, i, rng)
        write(folder, memory_texts(count, rng), rng)
        folders.append(folder)
        _progress("generate", i + 1, users)
    return folders


def _user_folder(out: Path, layout: str, i: int, rng: Random) -> Path:
    if layout == "picoclaw":
        return out / "users" / rng.choice(CHANNELS) / str(100_000_000 + i * 7919)
    return out / "profiles" / f"user{i:05d}"


def _picoclaw_user(ws: Path, texts: list[str], rng: Random) -> None:
    """memory/MEMORY.md as the agent appends to its template, and the last day's note."""
    days = sorted(TODAY - timedelta(days=rng.randint(0, 400)) for _ in texts)
    kept = zip(texts[:-1], days[:-1], strict=True)  # the last one is still in the day's note
    entries = [longterm_entry_text(text, day) for text, day in kept]
    (ws / "memory").mkdir(parents=True)
    _put(ws / "memory" / "MEMORY.md", "\n\n".join([LONGTERM_TEMPLATE, *entries]))
    last = days[-1]
    note = ws / "memory" / last.strftime("%Y%m") / f"{last:%Y%m%d}.md"
    note.parent.mkdir()
    _put(note, f"# {last.isoformat()}\n\n{texts[-1]}\n")


def _hermes_user(profile: Path, texts: list[str], rng: Random) -> None:
    """About the person in USER.md (a third), the rest in MEMORY.md; mode 0600 as the agent."""
    memories = profile / "memories"
    memories.mkdir(parents=True)
    cut = len(texts) // 3
    for name, part in (("USER.md", texts[:cut]), ("MEMORY.md", texts[cut:])):
        if part or name == "MEMORY.md":
            _put(memories / name, DELIMITER.join(part), mode=0o600)


def _put(path: Path, text: str, mode: int = 0o644) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write(text)


# -- what MemDesk does on it ---------------------------------------------------------------------
def raw_read(root: Path) -> tuple[int, int]:
    """Files and bytes: every byte of every file under `root` read (the baseline)."""
    files = size = 0
    for folder, _, names in os.walk(root):
        for name in names:
            with open(os.path.join(folder, name), "rb") as f:
                size += len(f.read())
            files += 1
    return files, size


def review_all(found: list[Found]) -> int:
    """A rules review of each workspace, as `memdesk review --all` runs it; the proposals it
    left in all."""
    reviewed = review_each(
        found, RulesReviewer(), today=TODAY, progress=partial(_progress, "review")
    )
    failed = [r for r in reviewed if r.error]
    if failed:
        raise SystemExit(f"{len(failed)} users not reviewed, the first: {failed[0].error}")
    return sum(len(r.run.stored) for r in reviewed if r.run is not None)


def review_all_one_by_one(found: list[Found]) -> int:
    """The review as it ran before the fleet's (each user's session through the event loop, one
    after another): what the fleet's must decide exactly as."""
    reviewer, proposals = RulesReviewer(), 0
    for ws in found:
        with Session.open(agent_named(ws.agent), ws.path) as session:
            run = asyncio.run(run_review(session, reviewer, today=TODAY))
            proposals += len(run.stored)
    return proposals


def search_all(found: list[Found], query: str) -> int:
    """Rows matching `query` across every workspace, as `memdesk list --all QUERY` finds them."""
    hits, _ = search(found, query)
    return sum(len(h.rows) for h in hits)


def append_memory(user: Found) -> None:
    """One user's memory file appended to as the agent does."""
    agent = agent_named(user.agent)
    memory = next(s.path for s in agent.detect(user.path) if s.path.name == "MEMORY.md")
    text = memory.read_text(encoding="utf-8")
    added = "A new memory from the agent."
    if user.agent == "picoclaw":
        text += "\n\n" + longterm_entry_text(added, TODAY)
    else:
        text += DELIMITER + added if text else added
    memory.write_text(text, encoding="utf-8")


def rescan_one(user: Found) -> Found:
    """One user's memory file appended to as the agent does, and that user's figures re-read."""
    append_memory(user)
    return figures(agent_named(user.agent), user.path)


def change_seen(watcher: Watcher, user: Found) -> Found:
    """The agent appends to one user's file; the watcher's polls until it reports the user."""
    append_memory(user)
    while not (again := watcher.poll()):
        pass
    return next(f for f in again if f.path == user.path)


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class AllProcesses:
    """The peak of the RSS of this process and all its descendants together, and of the largest
    descendant, sampled every `every` seconds while in the `with` block (Linux: from /proc; a
    child's own ru_maxrss counts the parent's pages it had between fork and exec). Sampling every
    50 ms cost the review 10-15% on 2 CPUs (each sample reads every process's stat)."""

    def __init__(self, every: float = 0.5) -> None:
        self.every, self.peak_mb, self.child_mb = every, 0.0, 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self) -> AllProcesses:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    def _sample(self) -> None:
        while not self._stop.wait(self.every):
            me, *children = map(_rss_mb, _family(os.getpid()))
            self.peak_mb = max(self.peak_mb, me + sum(children))
            self.child_mb = max(self.child_mb, *children, 0.0)


def _family(root: int) -> list[int]:
    """`root` and every process descending from it."""
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = Path(entry.path, "stat").read_text(encoding="ascii")
                ppid = int(stat.rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(entry.name))
    family, at = [root], 0
    while at < len(family):
        family += children.get(family[at], [])
        at += 1
    return family


def _rss_mb(pid: int) -> float:
    try:
        pages = int(Path(f"/proc/{pid}/statm").read_text(encoding="ascii").split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0  # ended meanwhile
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def timed(step: Callable[[], T], profile: bool = False) -> tuple[float, T]:
    """Wall-clock seconds of `step` (its CPU seconds in `_cpu[0]`) and what it returned."""
    profiler = cProfile.Profile() if profile else None
    start, cpu = time.perf_counter(), time.process_time()
    if profiler:
        profiler.enable()
    result = step()
    if profiler:
        profiler.disable()
    took = time.perf_counter() - start
    _cpu[0] = time.process_time() - cpu
    if profiler:
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("cumulative").print_stats(25)
    return took, result


_cpu = [0.0]  # CPU seconds of the last step timed: on a machine shared with other jobs


_last_print = [0.0]


def _progress(step: str, done: int, total: int) -> None:
    now = time.monotonic()
    if done == total or now - _last_print[0] > 5:
        _last_print[0] = now
        print(f"  {step}: {done:,}/{total:,}", file=sys.stderr, flush=True)


def _line(name: str, took: float, raw: float, target: float | None, note: str = "") -> str:
    aim = f"target <= {target:g} s" if target is not None else ""
    cpu = f"cpu {_cpu[0]:.3f} s"
    return f"{name:<28} {took:9.3f} s  {took / raw:8.1f}x raw  {aim:<18} {cpu:<13} {note}"


def run(args: argparse.Namespace, out: Path) -> None:
    load = ", ".join(f"{n:.1f}" for n in os.getloadavg())
    print(f"fleet: {args.users:,} users, {args.memories:,} memories, layout {args.layout}")
    print(f"{os.cpu_count()} CPUs, load average {load} (wall clock; cpu: this process alone)")
    took, _ = timed(lambda: write_fleet(out, args.layout, args.users, args.memories, args.seed))
    print(f"{'generate':<28} {took:9.2f} s  ({args.memories / took:,.0f} memories/s)")
    time.sleep(index.SETTLE_NS / 1e9)  # files written this instant are read, not kept, by the index
    raw, (files, size) = timed(lambda: raw_read(out))
    print(f"{'raw read (baseline)':<28} {raw:9.2f} s  {files:,} files, {size / 1e6:,.1f} MB")
    build = partial(scan, homes=[], extra=[out], progress=partial(_progress, "first scan"))
    took, found = timed(build, args.profile == "build")
    counted = sum(f.memories for f in found)
    note = f"{len(found):,} workspaces, {counted:,} memories; builds the index"
    print(_line("first scan (builds index)", took, raw, None, note))
    index.close_all()  # the warm open reads the index file again, as a new window would
    took, found = timed(lambda: scan(homes=[], extra=[out]), args.profile == "scan")
    note = f"{len(found):,} workspaces, {sum(f.memories for f in found):,} memories"
    print(_line("scan / open (index)", took, raw, TARGETS["scan"], note))
    sample = found[: args.review_sample] if args.review_sample else found
    for name in ("rules review of every user", "again, nothing changed"):
        with AllProcesses() as reviewing:
            took, proposals = timed(lambda: review_all(sample), args.profile == "review")
        whole = took * len(found) / max(1, len(sample))
        note = f"{proposals:,} new proposals, {pool_size()} processes"
        if sample is not found:
            note += f"; {len(sample):,} users took {took:.1f} s, extrapolated"
        print(_line(name, whole, raw, TARGETS["review"], note))
        note = f"target <= {TARGETS['rss_mb']:g} MB (this process and the review's, sampled)"
        print(f"{'  peak RSS of all together':<28} {reviewing.peak_mb:9.0f} MB {'':13} {note}")
        note = f"(x{pool_size()} at once, sampled)"
        print(f"{'  peak RSS of a review process':<28} {reviewing.child_mb:9.0f} MB {note}")
    took, hits = timed(partial(search_all, found, QUERIES[0]))
    print(_line("first search (loads it)", took, raw, None, f"{hits:,} hits"))
    times, cpus = [], []
    for query in QUERIES:
        took, hits = timed(partial(search_all, found, query), args.profile == "search")
        times.append(took)
        cpus.append(_cpu[0])
        print(_line(f"search {query!r}", took, raw, TARGETS["search"], f"{hits:,} hits"))
    note = f"median {statistics.median(times) * 1000:.0f} ms over {len(QUERIES)} queries"
    note += f" (cpu median {statistics.median(cpus) * 1000:.0f} ms, worst {max(cpus) * 1000:.0f})"
    _cpu[0] = max(cpus)
    print(_line("search, worst", max(times), raw, TARGETS["search"], note))
    watcher = Watcher(found)
    plan = watcher.plan()
    took, first = timed(watcher.poll)
    note = f"every file looked at once; {len(first):,} users changed since the scan (journals)"
    print(_line("watching begun (first poll)", took, raw, None, note))
    took, again = timed(lambda: change_seen(watcher, found[-1]))
    how = "told by the system (inotify)" if watcher.told else "polling"
    note = f"{again.memories:,} memories after the agent added one; {how}"
    print(_line("one user's change seen", took, raw, TARGETS["change"], note))
    times, cpus = [], []
    for user in (None, found[-3], found[-4]):  # the change just seen, then two more
        if user is not None:
            change_seen(watcher, user)
        took, hits = timed(partial(search_all, found, QUERIES[0]))
        times.append(took)
        cpus.append(_cpu[0])
    note = f"{hits:,} hits, each after one more user's change; the changed users searched apart"
    note += f" (first {times[0] * 1000:.0f} ms, cpu {cpus[0] * 1000:.0f} ms;"
    note += f" cpu median {statistics.median(cpus) * 1000:.0f} ms)"
    _cpu[0] = max(cpus)
    print(_line("search after a change, worst", max(times), raw, TARGETS["search"], note))
    polling = Watcher(found, notify=False)
    took, again = timed(lambda: change_seen(polling, found[-2]))
    note = f"where the system cannot tell (no inotify, too few watches); window: {plan.mode}"
    print(_line("one user's change, polling", took, raw, TARGETS["change"], note))
    took, _ = timed(polling.changed)
    print(_line("a poll finding no change", took, raw, None, f"{len(plan.paths):,} paths"))
    rss = peak_rss_mb()
    print(f"{'peak RSS':<28} {rss:9.0f} MB {'':13} target <= {TARGETS['rss_mb']:g} MB")
    print(f"load average at the end {', '.join(f'{n:.1f}' for n in os.getloadavg())}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=200)
    parser.add_argument("--memories", type=int, default=10_000)
    parser.add_argument("--layout", choices=LAYOUTS, default="picoclaw")
    parser.add_argument("--out", type=Path, default=None, help="a new folder (default: temporary)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--review-sample", type=int, default=0, help="review only N users")
    parser.add_argument("--profile", choices=("build", "scan", "review", "search"), default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="memdesk-fleet-") as tmp:
        os.environ["XDG_CACHE_HOME"] = str(Path(tmp) / "cache")  # the index: MemDesk's cache
        run(args, args.out or Path(tmp) / "fleet")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
