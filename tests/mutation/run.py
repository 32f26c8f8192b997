"""Sampled mutation testing of MemDesk's data-safety core (see docs/reliability.md).

    .venv/bin/python tests/mutation/run.py                  # 200 mutants, seed 1, 2 processes
    .venv/bin/python tests/mutation/run.py --sample 50 --seed 7 --only core/store/commit.py
    .venv/bin/python tests/mutation/run.py --ids store/commit.py#41,agents/everbot/decay.py#3   # these mutants
    .venv/bin/python tests/mutation/run.py --list            # the sample, without running it

Every mutant of the target modules is enumerated with `ast` (comparisons negated, conditions
negated, and/or swapped, numbers and booleans changed, a call, raise or `+=` removed, `+`/`-`
swapped, break/continue swapped, a returned value replaced by None); removals of an fsync are
set aside (only a power cut shows them). A sample is drawn with a fixed seed and each mutant is
run in a private copy of the last commit (`--worktree`: of the working tree as it is) against
the tests that cover its module (stopping at the first failure, hypothesis seeded). A mutant is killed when a test fails; a run the tests
themselves do not end within the time limit is a timeout (not a kill). Logging calls are not
mutated: they change no file.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from queue import Empty, Queue

ROOT = Path(__file__).resolve().parents[2]

_CORE_STORE = ("tests/core/store/test_commit.py", "tests/core/store/test_documents.py")
_WRITERS = (
    "tests/reliability/test_agent_writers.py",
    "tests/reliability/test_concurrent_agent.py",
    "tests/reliability/test_kill_anywhere.py",
)
_AGENT_FILES = (
    "tests/core/agents/everbot/test_workspace.py",
    "tests/core/agents/test_agent_workspace.py",
    "tests/core/agents/picoclaw/test_picoclaw.py",
    "tests/core/agents/pomelobot/test_pomelobot.py",
    "tests/core/agents/picoclaw/test_profile_json.py",
)
_GUARDS = "tests/core/store/test_store_guards.py"
_FUZZ = "tests/core/agents/test_fuzz_parsers.py"
_DETAILS = "tests/core/agents/test_format_guards.py"
_POMELOBOT = (
    _DETAILS,
    _FUZZ,
    _GUARDS,
    "tests/core/agents/pomelobot/test_pomelobot.py",
    "tests/core/agents/pomelobot/test_pomeloclaw_files.py",
    "tests/core/agents/test_agent_workspace.py",
    "tests/core/store/test_documents.py",
)

# Each target module and the tests that cover it, the quickest and most focused first.
TARGETS: dict[str, tuple[str, ...]] = {
    "core/store/commit.py": (_GUARDS, *_CORE_STORE, *_AGENT_FILES, *_WRITERS),
    "core/store/merge.py": (_GUARDS, *_CORE_STORE, *_AGENT_FILES, *_WRITERS),
    "core/store/document.py": (_GUARDS, *_CORE_STORE, *_AGENT_FILES, *_WRITERS),
    "core/store/documents.py": (_GUARDS, *_CORE_STORE, *_AGENT_FILES, *_WRITERS),
    "core/store/atomic.py": (
        _GUARDS,
        "tests/core/store/test_atomic.py",
        *_CORE_STORE,
        "tests/reliability/test_crash_safety.py",
        *_WRITERS,
        "tests/test_without_root_powers.py",  # as root, pid_alive's PermissionError is met there
    ),
    "core/agents/everbot/decay.py": (
        _GUARDS,
        "tests/core/agents/everbot/test_decay_run.py",
        "tests/core/store/test_commit.py",
        "tests/core/agents/everbot/test_workspace.py",
        "tests/reliability/test_kill_anywhere.py",
    ),
    "core/agents/everbot/format.py": (
        _DETAILS,
        _FUZZ,
        _GUARDS,
        "tests/core/agents/everbot/test_everbot_format.py",
        "tests/core/agents/everbot/test_everbot_properties.py",
        "tests/core/agents/test_hostile_values.py",
        "tests/core/agents/everbot/test_workspace.py",
        "tests/core/store/test_documents.py",
    ),
    "core/agents/everbot/document.py": (
        _DETAILS,
        _FUZZ,
        _GUARDS,
        "tests/core/agents/everbot/test_everbot_format.py",
        "tests/core/agents/everbot/test_everbot_properties.py",
        "tests/core/agents/test_hostile_values.py",
        "tests/core/agents/everbot/test_workspace.py",
        "tests/core/store/test_documents.py",
    ),
    "core/agents/picoclaw/format.py": (
        _DETAILS,
        _FUZZ,
        _GUARDS,
        "tests/core/agents/picoclaw/test_picoclaw.py",
        "tests/core/agents/test_agent_workspace.py",
        "tests/core/agents/everbot/test_policy.py",
        "tests/core/store/test_documents.py",
    ),
    "core/agents/picoclaw/policy.py": (
        _DETAILS,
        _FUZZ,
        _GUARDS,
        "tests/core/agents/picoclaw/test_picoclaw.py",
        "tests/core/agents/test_agent_workspace.py",
        "tests/core/agents/everbot/test_policy.py",
        "tests/core/store/test_documents.py",
    ),
    "core/agents/picoclaw/profile.py": (
        _DETAILS,
        _FUZZ,
        _GUARDS,
        "tests/core/agents/picoclaw/test_profile_json.py",
        "tests/core/agents/test_agent_workspace.py",
    ),
    "core/agents/pomelobot/format.py": _POMELOBOT,
    "core/agents/pomelobot/scopes.py": _POMELOBOT,
    "core/agents/pomelobot/access.py": (*_POMELOBOT, "tests/core/store/test_confine.py"),
    "core/agents/pomelobot/chunks.py": _POMELOBOT,
    "core/agents/pomelobot/search.py": _POMELOBOT,
}

_NEGATED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.GtE,
    ast.GtE: ast.Lt,
    ast.Gt: ast.LtE,
    ast.LtE: ast.Gt,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_LOGGING = frozenset({"log", "logging", "logger"})


@dataclass(frozen=True)
class Mutant:
    """One change to one module: the source from (line, col) to (end_line, end_col) (columns in
    UTF-8 bytes, as `ast` counts them) becomes `replacement`."""

    id: str  # "store/commit.py#41": the module under core/ and its n-th mutant in source order
    file: str
    line: int
    col: int
    end_line: int
    end_col: int
    replacement: str
    kind: str
    fsync: bool = False

    def apply(self, source: bytes) -> bytes:
        lines = source.splitlines(keepends=True)
        start = sum(map(len, lines[: self.line - 1])) + self.col
        end = sum(map(len, lines[: self.end_line - 1])) + self.end_col
        return source[:start] + self.replacement.encode() + source[end:]

    def describe(self, source: bytes) -> str:
        """The kind and the change in its line: `…text before [old -> new] text after…`."""
        lines = source.splitlines(keepends=True)
        start = sum(map(len, lines[: self.line - 1])) + self.col
        end = sum(map(len, lines[: self.end_line - 1])) + self.end_col
        line_start = sum(map(len, lines[: self.line - 1]))
        line_end = line_start + len(lines[self.end_line - 1].rstrip(b"\r\n"))
        if self.end_line > self.line:
            line_end = sum(map(len, lines[: self.end_line - 1])) + len(lines[self.end_line - 1])
        before = source[line_start:start].decode().lstrip()[-30:]
        after = source[end:line_end].decode().rstrip()[:20]
        old = " ".join(source[start:end].decode().split())
        return f"{self.kind}: {before}[{_short(old)} -> {_short(self.replacement)}]{after}"


def _short(text: str, limit: int = 70) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------------------------------------
# Enumeration


class _Finder(ast.NodeVisitor):
    def __init__(self, file: str) -> None:
        self.file = file
        self.found: list[tuple[ast.AST, str, str, bool]] = []  # node, replacement, kind, fsync

    def add(self, node: ast.AST, replacement: str, kind: str, *, fsync: bool = False) -> None:
        self.found.append((node, replacement, kind, fsync))

    # -- what is never mutated -------------------------------------------------------------------
    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        return  # positions inside f-strings are not reliable before Python 3.12

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for default in [*node.args.defaults, *node.args.kw_defaults]:
            if default is not None:
                self.visit(default)
        self._body(node.body)

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._body(node.body)

    def visit_Module(self, node: ast.Module) -> None:
        self._body(node.body)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)

    def visit_Assign(self, node: ast.Assign) -> None:
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return
        self.generic_visit(node)

    def visit_If(self, node: ast.If) -> None:
        if _source_name(node.test) in {"TYPE_CHECKING", "typing.TYPE_CHECKING"}:
            return
        self._condition(node.test)
        self.generic_visit(node)

    def _body(self, body: list[ast.stmt]) -> None:
        for i, stmt in enumerate(body):
            docstring = (
                i == 0
                and isinstance(stmt, ast.Expr)
                and isinstance(stmt.value, ast.Constant)
                and isinstance(stmt.value.value, str)
            )
            if not docstring:
                self.visit(stmt)

    # -- mutants ---------------------------------------------------------------------------------
    def visit_While(self, node: ast.While) -> None:
        self._condition(node.test)
        self.generic_visit(node)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        self._condition(node.test)
        self.generic_visit(node)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        for test in node.ifs:
            self._condition(test)
        self.generic_visit(node)

    def _condition(self, test: ast.expr) -> None:
        if isinstance(test, ast.Compare):
            return  # its comparison is negated instead
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            self.add(test, f"({ast.unparse(test.operand)})", "negate condition")
        else:
            self.add(test, f"(not ({ast.unparse(test)}))", "negate condition")

    def visit_Compare(self, node: ast.Compare) -> None:
        for i, op in enumerate(node.ops):
            flipped = _NEGATED[type(op)]()
            ops = [*node.ops[:i], flipped, *node.ops[i + 1 :]]
            new = ast.Compare(node.left, ops, node.comparators)
            self.add(node, f"({ast.unparse(new)})", "flip comparison")
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        self.add(node, f"({ast.unparse(ast.BoolOp(other, node.values))})", "swap and/or")
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        swap = {ast.Add: ast.Sub, ast.Sub: ast.Add}.get(type(node.op))
        if swap is not None:
            new = ast.BinOp(node.left, swap(), node.right)
            self.add(node, f"({ast.unparse(new)})", "swap +/-")
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, bool):
            self.add(node, repr(not value), "constant")
        elif isinstance(value, int):
            self.add(node, repr(1 if value == 0 else 0 if value == 1 else value + 1), "constant")
        elif isinstance(value, float):
            self.add(node, repr(value + 1.0), "constant")

    def visit_Expr(self, node: ast.Expr) -> None:
        call = node.value
        if isinstance(call, ast.Call):
            if _is_logging(call):
                return  # a log line changes no file
            fsync = "fsync" in _source_name(call.func)
            self.add(node, "pass", "remove call", fsync=fsync)
        self.generic_visit(node)

    def visit_Raise(self, node: ast.Raise) -> None:
        if not (isinstance(node.exc, ast.Call) and _source_name(node.exc.func) == "AssertionError"):
            self.add(node, "pass", "remove raise")
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.add(node, "pass", "remove augmented assignment")
        self.generic_visit(node)

    def visit_Break(self, node: ast.Break) -> None:
        self.add(node, "continue", "break -> continue")

    def visit_Continue(self, node: ast.Continue) -> None:
        self.add(node, "break", "continue -> break")

    def visit_Return(self, node: ast.Return) -> None:
        value = node.value
        if value is not None and not (isinstance(value, ast.Constant) and value.value is None):
            self.add(node, "return None", "return None")
        self.generic_visit(node)


def _source_name(node: ast.AST) -> str:
    try:
        return ast.unparse(node)
    except Exception:  # pragma: no cover - every expression unparses
        return ""


def _is_logging(call: ast.Call) -> bool:
    func = call.func
    return (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id in _LOGGING
    )


def enumerate_mutants(file: str, source: bytes) -> list[Mutant]:
    """Every mutant of one module, in source order, each compiling and changing the module."""
    finder = _Finder(file)
    finder.visit(ast.parse(source))
    name = Path(file).relative_to("core").as_posix()
    out: list[Mutant] = []
    seen: set[bytes] = set()
    ordered = sorted(
        finder.found,
        key=lambda f: (f[0].lineno, f[0].col_offset, f[2], f[1]),  # type: ignore[attr-defined]
    )
    for node, replacement, kind, fsync in ordered:
        mutant = Mutant(
            f"{name}#{len(out) + 1}",
            file,
            node.lineno,  # type: ignore[attr-defined]
            node.col_offset,  # type: ignore[attr-defined]
            node.end_lineno,  # type: ignore[attr-defined]
            node.end_col_offset,  # type: ignore[attr-defined]
            replacement,
            kind,
            fsync,
        )
        mutated = mutant.apply(source)
        digest = hashlib.sha256(mutated).digest()
        if mutated == source or digest in seen or not _compiles(mutated):
            continue
        seen.add(digest)
        out.append(mutant)
    return out


def _compiles(source: bytes) -> bool:
    try:
        compile(source, "<mutant>", "exec")
    except SyntaxError:
        return False
    return True


def all_mutants(root: Path, files: list[str]) -> list[Mutant]:
    return [m for f in files for m in enumerate_mutants(f, (root / f).read_bytes())]


def sample(mutants: list[Mutant], size: int, seed: int) -> list[Mutant]:
    pool = [m for m in mutants if not m.fsync]
    chosen = random.Random(seed).sample(pool, min(size, len(pool)))
    return sorted(chosen, key=lambda m: (m.file, m.line, m.col, m.id))


# ---------------------------------------------------------------------------------------------
# Running


@dataclass(frozen=True)
class Outcome:
    mutant: Mutant
    status: str  # killed, survived, timeout
    seconds: float
    detail: str  # the first failing test, or the survivor's description


_IGNORED = shutil.ignore_patterns(
    ".git", ".venv", "__pycache__", ".hypothesis", ".mypy_cache", ".ruff_cache", "*.egg-info"
)


def source_name(*, worktree: bool) -> str:
    """What the mutants were made of: the commit, or the working tree."""
    if worktree:
        return "the working tree"
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    )
    return f"commit {head.stdout.strip()}"


def make_copy(into: Path, *, worktree: bool) -> Path:
    """A private copy for one worker: the last commit, or the working tree as it is. No byte
    code is written there: a mutant of the same size written in the same second must never
    run as the cached original."""
    copy = into / "tree"
    if worktree:
        shutil.copytree(ROOT, copy, ignore=_IGNORED, symlinks=True)
        return copy
    copy.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "HEAD"], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(copy)], input=archive.stdout, check=True)
    return copy


def run_tests(copy: Path, tests: tuple[str, ...], timeout: float) -> tuple[str, float, str]:
    """Run `tests` in `copy`: ("passed" | "failed" | "timeout", seconds, first failure)."""
    storage = tempfile.mkdtemp(prefix="hypothesis-")
    env = {
        **os.environ,
        "PYTHONPATH": str(copy),  # subprocesses the tests start import the mutant too
        "PYTHONDONTWRITEBYTECODE": "1",
        "QT_QPA_PLATFORM": "offscreen",
        "HYPOTHESIS_PROFILE": "dev",
        "HYPOTHESIS_STORAGE_DIRECTORY": storage,
    }
    command = [
        sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--no-header",
        "--hypothesis-seed=0", "-o", "faulthandler_timeout=0", *tests,
    ]  # fmt: skip
    start = time.monotonic()
    proc = subprocess.Popen(
        command,
        cwd=copy,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return "timeout", time.monotonic() - start, ""
    finally:
        shutil.rmtree(storage, ignore_errors=True)
    seconds = time.monotonic() - start
    text = out.decode(errors="replace")
    if proc.returncode == 0:
        return "passed", seconds, ""
    failed = [line for line in text.splitlines() if line.startswith(("FAILED", "ERROR"))]
    return "failed", seconds, failed[0] if failed else text.strip().splitlines()[-1:][0]


def _tests_of(copy: Path, file: str) -> tuple[str, ...]:
    return tuple(t for t in TARGETS[file] if (copy / t).exists())


def baseline(copy: Path, files: set[str]) -> dict[str, float]:
    """Each module's tests must pass unmutated; returns how long they take."""
    times = {}
    for file in sorted(files):
        status, seconds, detail = run_tests(copy, _tests_of(copy, file), timeout=1800)
        if status != "passed":
            sys.exit(f"the tests of {file} do not pass without a mutant ({status}): {detail}")
        times[file] = seconds
        print(f"baseline {file}: {seconds:.1f} s", flush=True)
    return times


def _worker(
    copy: Path,
    jobs: Queue[Mutant],
    results: list[Outcome],
    limits: dict[str, float],
    lock: threading.Lock,
    total: int,
) -> None:
    while True:
        try:
            mutant = jobs.get_nowait()
        except Empty:
            return
        path = copy / mutant.file
        original = path.read_bytes()
        path.write_bytes(mutant.apply(original))
        try:
            status, seconds, detail = run_tests(
                copy, _tests_of(copy, mutant.file), limits[mutant.file]
            )
        finally:
            path.write_bytes(original)
        outcome = {"failed": "killed", "passed": "survived"}.get(status, status)
        shown = detail if outcome == "killed" else mutant.describe(original)
        with lock:
            results.append(Outcome(mutant, outcome, seconds, shown))
            print(
                f"[{len(results)}/{total}] {outcome:8} {seconds:5.1f} s  "
                f"{mutant.file}:{mutant.line}  {mutant.id}  {mutant.describe(original)}"
                + (f"\n    by {detail}" if outcome == "killed" else ""),
                flush=True,
            )


def run(mutants: list[Mutant], copies: list[Path], factor: float) -> list[Outcome]:
    times = baseline(copies[0], {m.file for m in mutants})
    limits = {f: max(60.0, factor * t + 30.0) for f, t in times.items()}
    jobs: Queue[Mutant] = Queue()
    for mutant in mutants:
        jobs.put(mutant)
    results: list[Outcome] = []
    lock = threading.Lock()
    threads = [
        threading.Thread(target=_worker, args=(c, jobs, results, limits, lock, len(mutants)))
        for c in copies
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def report(results: list[Outcome], excluded: int, seconds: float, source: str) -> str:
    counts = Counter(r.status for r in results)
    ran = len(results)
    rate = 100.0 * counts["killed"] / ran if ran else 0.0
    lines = [
        f"mutants of {source}: {ran} (+ {excluded} fsync removals excluded)",
        f"killed: {counts['killed']}  survived: {counts['survived']}  "
        f"timeouts: {counts['timeout']}",
        f"kill rate: {rate:.1f} % (timeouts count as not killed)",
        f"time: {seconds / 60:.1f} min",
    ]
    survivors = sorted(
        (r for r in results if r.status != "killed"),
        key=lambda r: (r.mutant.file, r.mutant.line, r.mutant.id),
    )
    if survivors:
        lines.append("not killed:")
        lines += [
            f"  {r.status:8} {r.mutant.file}:{r.mutant.line}  {r.mutant.id}  {r.detail}"
            for r in survivors
        ]
    return "\n".join(lines)


def _chosen(args: argparse.Namespace, tree: Path) -> tuple[list[Mutant], int]:
    files = [args.only] if args.only else list(TARGETS)
    mutants = all_mutants(tree, files)
    excluded = sum(m.fsync for m in mutants)
    if args.ids:
        wanted = set(args.ids.split(","))
        return [m for m in mutants if m.id in wanted], 0
    return sample(mutants, args.sample, args.seed), excluded


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--sample", type=int, default=200, help="mutants to run (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the sample (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="processes at once (default 2)")
    parser.add_argument("--only", choices=sorted(TARGETS), help="one target module")
    parser.add_argument("--ids", help="run these mutants (comma-separated ids) instead")
    parser.add_argument("--list", action="store_true", help="print the mutants, run nothing")
    parser.add_argument("--json", type=Path, help="write every outcome to this file")
    parser.add_argument(
        "--worktree",
        action="store_true",
        help="mutate the working tree as it is (default: the last commit, HEAD)",
    )
    parser.add_argument(
        "--timeout-factor",
        type=float,
        default=3.0,
        help="a mutant's tests may take this many times the unmutated run, plus 30 s",
    )
    return parser.parse_args()


def main() -> None:
    args = _arguments()
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="memdesk-mutation-") as tmp:
        source = source_name(worktree=args.worktree)
        jobs = 1 if args.list else max(1, min(args.jobs, 2))
        copies = [make_copy(Path(tmp) / str(i), worktree=args.worktree) for i in range(jobs)]
        mutants, excluded = _chosen(args, copies[0])
        if args.list:
            for m in mutants:
                source = (copies[0] / m.file).read_bytes()
                print(f"{m.file}:{m.line}  {m.id}  {m.describe(source)}")
            print(f"{len(mutants)} mutants (+ {excluded} fsync removals excluded)")
            return
        results = run(mutants, copies, args.timeout_factor)
    print(report(results, excluded, time.monotonic() - start, source))
    if args.json:
        rows = [{**asdict(r.mutant), "status": r.status, "detail": r.detail} for r in results]
        args.json.write_text(json.dumps(rows, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
