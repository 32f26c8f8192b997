"""The guarded commit reads the file it replaces confined to the workspace: a symlink or a hard
link to a file outside, put in place of the memory file after it was opened, is refused before
anything is written, and the outside text reaches neither the file nor a backup."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from core.agents.everbot import ops
from core.agents.everbot.workspace import Workspace
from core.store.errors import WorkspaceError
from tests.conftest import FIXTURES

SECRET = "outside-secret-4c1d"


def _symlink(memory: Path, outside: Path) -> None:
    memory.unlink()
    memory.symlink_to(outside)


def _hard_link(memory: Path, outside: Path) -> None:
    memory.unlink()
    os.link(outside, memory)


@pytest.mark.parametrize("swap", [_symlink, _hard_link], ids=["symlink", "hard link"])
def test_a_link_out_put_in_place_of_the_file_is_refused(
    tmp_path: Path, swap: Callable[[Path, Path], None]
) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    memory = root / "MEMORY.md"
    memory.write_bytes((FIXTURES / "workspaces" / "tiered" / "MEMORY.md").read_bytes())
    outside = tmp_path / "outside.md"
    # The outside file differs from the memory file only in a memory MemDesk does not edit: an
    # unconfined commit would merge it in and write the outside text into the workspace.
    original = memory.read_bytes().replace("豚骨拉面".encode(), SECRET.encode())
    outside.write_bytes(original)
    ws = Workspace.open(root)
    ws.apply(ops.edit(ws, "s00001", content="edited in MemDesk"))
    swap(memory, outside)

    with pytest.raises(WorkspaceError):
        ws.save(actor="person", cause="test")

    assert outside.read_bytes() == original
    inside = [p for p in root.rglob("*") if p.is_file() and not p.samefile(outside)]
    assert not [p for p in inside if SECRET.encode() in p.read_bytes()]
