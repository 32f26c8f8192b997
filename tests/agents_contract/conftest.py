"""The agent contract suite's demo workspaces: one per agent and demo layout the registry names,
so that a new agent gets the whole suite by registering (issue 24 item 7).

Everything here goes through the public entry points: the registry, the `Agent` interface,
`core.ops` and the guarded commit's saves; nothing names an agent.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest

from core.agent import Agent, DemoResult, Row
from core.registry import all_agents, resolve
from tests.cli.conftest import cli  # noqa: F401 (a fixture: `cli("list", path, "--json")`)

TODAY = date(2026, 11, 1)  # the demos' today: fixed, so each run writes the same bytes
ENTRIES = 20  # small demos: the whole suite runs in seconds
SEED = 3

# (agent name, layout) for every demo layout of every registered agent.
LAYOUTS = [(agent.name, layout) for agent in all_agents() for layout in agent.demo_layouts]

Files = dict[str, bytes]


@dataclass(frozen=True)
class Demo:
    agent: Agent
    layout: str
    root: Path  # the workspace, as `resolve` gives it
    written: DemoResult

    @property
    def memory_file(self) -> str:
        """The agent's long-term memory file, workspace-relative."""
        return self.written.memory_file.relative_to(self.root).as_posix()

    def rows(self) -> list[Row]:
        return self.agent.rows(self.root)

    def memory(self, *, but: Row | None = None) -> Row:
        """A memory of the long-term file the person may edit (and the reviewer reviews)."""
        for row in self.rows():
            editable = self.agent.reviewed(row) and row.fields.get("content")
            if row.file == self.memory_file and editable and (but is None or row.key != but.key):
                return row
        raise AssertionError(f"{self.layout}: no editable memory in {self.memory_file}")


@pytest.fixture(params=LAYOUTS, ids=[f"{name}-{layout}" for name, layout in LAYOUTS])
def demo(request: pytest.FixtureRequest, tmp_path: Path) -> Demo:
    name, layout = request.param
    agent = next(a for a in all_agents() if a.name == name)
    written = agent.demo(tmp_path / layout, layout=layout, entries=ENTRIES, seed=SEED, today=TODAY)
    found, root = resolve(written.workspace)
    assert found is agent, f"{layout}: the demo opens as {found.name}, not {name}"
    return Demo(agent, layout, root, written)


def everything(root: Path) -> Files:
    """Every file under `root` (MemDesk's own folder too), by workspace-relative path."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def memory_files(root: Path) -> Files:
    return agents_part(everything(root))


def agents_part(files: Files) -> Files:
    """The files the agent owns: all but MemDesk's folder and the (empty) lock files."""
    return {
        rel: data
        for rel, data in files.items()
        if not rel.startswith(".memdesk/") and not rel.endswith(".lock")
    }


def changed(before: Files, after: Files) -> set[str]:
    return {rel for rel in before.keys() | after.keys() if before.get(rel) != after.get(rel)}
