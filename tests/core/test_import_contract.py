"""core/ is pure Python: importing every core module works with Qt, qasync and ui unavailable."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
import tomllib
from pathlib import Path

import core
from tests.conftest import PROJECT_ROOT

_BLOCKER = """
import importlib, importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"PySide6", "shiboken6", "qasync", "ui", "app"}:
            raise ImportError(f"core must not import {name}")
sys.meta_path.insert(0, Block())
for name in sys.argv[1:]:
    importlib.import_module(name)
print("ok", len(sys.argv) - 1)
"""


def test_every_core_module_imports_without_qt() -> None:
    modules = [m.name for m in pkgutil.walk_packages(core.__path__, "core.")]
    assert "core.agents.everbot.workspace" in modules and "core.agents.everbot.format" in modules
    result = subprocess.run(
        [sys.executable, "-c", _BLOCKER, *modules],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"ok {len(modules)}"


GENERIC_CORE = {"core.store", "core.ops", "core.review", "core.formats", "core.scoring"}


def _packages(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}


def test_the_agents_folders_hold_only_the_registered_agents() -> None:
    """A new agent is a package in core/agents/, one in ui/agents/ and its line in the registry:
    the contracts below cover `core.agents.*` and `ui.agents.*`, so none names an agent."""
    from core.registry import NAMES

    for folder in (PROJECT_ROOT / "core" / "agents", PROJECT_ROOT / "ui" / "agents"):
        assert _packages(folder) == set(NAMES), folder
        modules = {p.name for p in folder.glob("*.py")}
        assert modules == {"__init__.py"}, f"{folder} holds modules that are not agents: {modules}"


def test_generic_core_imports_no_agent_package() -> None:
    """No module of the store, the operations, the review queue, the formats or the scoring
    profile imports an agent's package, directly, lazily inside a function, or through another
    module (lint-imports checks every chain)."""
    config = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    assert any(
        set(c.get("source_modules", ())) >= GENERIC_CORE
        and "core.agents" in c.get("forbidden_modules", ())
        for c in contracts
    )
    assert any(c.get("modules") == ["core.agents.*"] for c in contracts)
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run(
        [str(lint_imports), "--no-cache"],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:]
