"""The sampled mutation run (tests/mutation/run.py): which mutants it makes and how it samples."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from types import ModuleType

from tests.conftest import PROJECT_ROOT


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "mutation_run", PROJECT_ROOT / "tests/mutation/run.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


run = _tool()

SOURCE = b'''"""A module."""
import logging, os
log = logging.getLogger(__name__)
__all__ = ["save"]


def save(fd: int, data: bytes, limit: int = 3) -> int | None:
    """Docstrings are left alone."""
    if not data or len(data) > limit:
        log.warning("refused %s", data)
        raise ValueError("too long")
    total = 0
    for byte in data:
        if byte == 0:
            continue
        total += byte - 1
    os.write(fd, data)
    os.fsync(fd)
    return total if total > 0 else None
'''


def test_every_kind_of_mutant_is_made_and_each_compiles_and_changes_the_module() -> None:
    mutants = run.enumerate_mutants("core/x.py", SOURCE)
    kinds = Counter(m.kind for m in mutants)
    assert set(kinds) == {
        "negate condition", "flip comparison", "swap and/or", "swap +/-", "constant",
        "remove call", "remove raise", "remove augmented assignment", "continue -> break",
        "return None",
    }  # fmt: skip
    for m in mutants:
        mutated = m.apply(SOURCE)
        assert mutated != SOURCE
        compile(mutated, "<mutant>", "exec")
    assert len({m.apply(SOURCE) for m in mutants}) == len(mutants)
    assert [m.id for m in mutants] == [f"x.py#{n}" for n in range(1, len(mutants) + 1)]


def test_docstrings_all_and_log_calls_are_not_mutated_and_fsync_removals_set_aside() -> None:
    mutants = run.enumerate_mutants("core/x.py", SOURCE)
    touched = {m.line for m in mutants}
    assert not touched & {1, 3, 4, 8, 10}  # docstrings, the logger, __all__, the log call
    (fsync,) = [m for m in mutants if m.fsync]
    assert fsync.describe(SOURCE) == "remove call: [os.fsync(fd) -> pass]"
    assert not [m for m in run.sample(mutants, 1000, seed=1) if m.fsync]


def test_a_sample_is_the_same_for_the_same_seed() -> None:
    mutants = run.enumerate_mutants("core/x.py", SOURCE)
    first = run.sample(mutants, 5, seed=7)
    assert first == run.sample(mutants, 5, seed=7)
    assert len(first) == 5 and first != run.sample(mutants, 5, seed=8)


def test_every_target_has_tests_that_exist() -> None:
    for target, tests in run.TARGETS.items():
        assert (PROJECT_ROOT / target).is_file(), target
        assert all((PROJECT_ROOT / t).is_file() for t in tests), target
