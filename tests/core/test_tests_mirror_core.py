"""`tests/core` mirrors `core/`: the store's tests in `store/`, the review's in `review/`, each
agent's in `agents/<agent>/`, so the tests of a module are found where the module is."""

from __future__ import annotations

import ast
from pathlib import Path

from core.registry import NAMES

HERE = Path(__file__).resolve().parent
CORE = HERE.parents[1] / "core"


def _imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    }


def test_every_agent_folder_of_the_tests_is_a_registered_agent() -> None:
    folders = {
        p.name for p in (HERE / "agents").iterdir() if p.is_dir() and p.name != "__pycache__"
    }
    assert folders <= set(NAMES)


def test_every_test_folder_names_a_package_of_core() -> None:
    for folder in HERE.rglob("*"):
        if folder.is_dir() and folder.name != "__pycache__":
            assert (CORE / folder.relative_to(HERE)).is_dir(), f"{folder} mirrors nothing in core/"


def test_tests_in_an_agents_folder_test_that_agent() -> None:
    misplaced = []
    for name in NAMES:
        for path in (HERE / "agents" / name).glob("test_*.py"):
            agents = {m.split(".")[2] for m in _imported(path) if m.startswith("core.agents.")}
            if name not in agents:
                misplaced.append(f"{path.relative_to(HERE)} tests {sorted(agents & set(NAMES))}")
    assert not misplaced
