"""SPEC 9, confinement: reads of the agent's files stay inside the workspace and the scope.

Hard links, symlinked folders on the way, FIFOs and `..`/absolute paths, met by memory_get (the
agent-facing read), by the confined open itself, and by the loaders of whole workspaces.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from core.agents.everbot.workspace import Workspace
from core.agents.picoclaw import policy as pc_policy
from core.agents.picoclaw.workspace import PicoClawWorkspace
from core.agents.pomelobot.access import memory_get
from core.agents.pomelobot.scopes import MAIN as MAIN_SCOPE
from core.agents.pomelobot.search import search_scope
from core.agents.pomelobot.workspace import PomelobotWorkspace
from core.store.confine import MAX_LINKS, ConfinementError
from core.store.errors import WorkspaceError
from core.store.files import open_confined, read_or_none
from tests.conftest import FIXTURES

SECRET = "OUTSIDE-SECRET"
MAIN = Path("memory", "scopes", "main")
WAIT_S = 10.0  # a read that blocks on a FIFO would never end: this long means it blocked


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    """A Pomelobot workspace with two scopes, and a folder beside it that is none of its."""
    root = tmp_path / "ws"
    files = {
        "MEMORY.md": "[09:00:00] main memory\n",
        "memory/2026-03-01.md": "[09:30:00] main daily\n",
        "memory/scopes/main/MEMORY.md": "[09:00:00] main memory\n",
        "memory/scopes/group_a/LONG_TERM.md": "[10:00:00] group a memory\n",
        "memory/scopes/direct_b/LONG_TERM.md": "[11:00:00] direct b memory\n",
        "../outside/LONG_TERM.md": f"[12:00:00] {SECRET}\n",
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def finished(call: Callable[[], object]) -> object:
    """What `call` returned or raised, run in a thread that must end within WAIT_S."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(call())
        except Exception as exc:
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(WAIT_S)
    assert not thread.is_alive(), "the read blocked"
    return outcome[0]


# -- hard links ------------------------------------------------------------------------------------


def test_a_hard_link_to_a_file_outside_is_refused(ws: Path) -> None:
    os.link(ws.parent / "outside" / "LONG_TERM.md", ws / MAIN / "2026-03-02.md")
    with pytest.raises(ConfinementError, match=r"2026-03-02\.md: has 2 names \(hard links\)"):
        memory_get(ws, "memory/scopes/main/2026-03-02.md")
    with pytest.raises(ConfinementError, match="another one may be outside the workspace"):
        read_or_none(ws / MAIN / "2026-03-02.md", root=ws)


# -- symlinks --------------------------------------------------------------------------------------


@pytest.mark.parametrize("absolute", [True, False], ids=["absolute", "relative"])
def test_a_symlinked_folder_leading_outside_is_refused(ws: Path, absolute: bool) -> None:
    outside = ws.parent / "outside"
    link = ws / "memory" / "scopes" / "group_c"
    link.symlink_to(outside if absolute else Path("..", "..", "..", "outside"))
    with pytest.raises(
        ConfinementError, match=r"group_c/LONG_TERM\.md: leads outside the workspace"
    ):
        memory_get(ws, "memory/scopes/group_c/LONG_TERM.md", scope="group_c")


def test_a_symlink_that_stays_in_the_scope_is_followed(ws: Path) -> None:
    scope = ws / "memory" / "scopes" / "group_a"
    (scope / "again").symlink_to(scope)  # absolute, back into the scope itself
    rel = "memory/scopes/group_a/again/LONG_TERM.md"
    assert memory_get(ws, rel, scope="group_a") == "[10:00:00] group a memory\n"
    with open_confined(ws, rel) as file:
        assert file.parts == ("memory", "scopes", "group_a", "LONG_TERM.md")


def test_links_in_a_loop_are_refused(ws: Path) -> None:
    memory = ws / "memory"
    (memory / "a.md").symlink_to("b.md")
    (memory / "b.md").symlink_to("a.md")
    with pytest.raises(ConfinementError, match="symbolic links in a loop"):
        read_or_none(memory / "a.md", root=ws)
    chain = [memory / f"link{n}.md" for n in range(MAX_LINKS + 1)]
    for here, there in itertools.pairwise(chain):
        here.symlink_to(there.name)
    chain[-1].symlink_to("2026-03-01.md")
    with pytest.raises(ConfinementError, match="in a loop"):
        read_or_none(chain[0], root=ws)
    assert read_or_none(chain[1], root=ws) == b"[09:30:00] main daily\n"


# -- not a regular file ----------------------------------------------------------------------------


def test_a_fifo_is_refused_without_blocking(ws: Path) -> None:
    os.mkfifo(ws / MAIN / "2026-03-03.md")
    outcome = finished(lambda: memory_get(ws, "memory/scopes/main/2026-03-03.md"))
    assert isinstance(outcome, ConfinementError)
    assert "main/2026-03-03.md: is not a regular file" in str(outcome)


def test_a_folder_is_no_memory_file(ws: Path) -> None:
    (ws / MAIN / "2026-03-04.md").mkdir()
    with pytest.raises(WorkspaceError, match="is a folder"):
        memory_get(ws, "memory/scopes/main/2026-03-04.md")


# -- the scope -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rel", "refusal"),
    [
        ("memory/scopes/group_a/../direct_b/LONG_TERM.md", "'..' is refused"),
        ("../ws/memory/scopes/direct_b/LONG_TERM.md", "'..' is refused"),
        ("memory/scopes/direct_b/LONG_TERM.md", "not a memory file of scope 'group_a'"),
        ("MEMORY.md", "not a memory file of scope 'group_a'"),
        ("/{ws}/memory/scopes/group_a/LONG_TERM.md", "absolute paths are refused"),
        ("/{ws}/../outside/LONG_TERM.md", "absolute paths are refused"),
    ],
)
def test_paths_out_of_the_scope_are_refused(ws: Path, rel: str, refusal: str) -> None:
    with pytest.raises(ConfinementError, match=refusal):
        memory_get(ws, rel.format(ws=ws), scope="group_a")


def test_a_link_into_another_scope_is_refused(ws: Path) -> None:
    link = ws / "memory" / "scopes" / "group_a" / "2026-03-02.md"
    link.symlink_to(Path("..", "direct_b", "LONG_TERM.md"))
    with pytest.raises(ConfinementError, match="outside scope 'group_a'"):
        memory_get(ws, "memory/scopes/group_a/2026-03-02.md", scope="group_a")


def test_the_confined_open_refuses_absolute_and_upward_paths(ws: Path) -> None:
    with (
        pytest.raises(ConfinementError, match="an absolute path"),
        open_confined(ws, str(ws / "MEMORY.md")),
    ):
        pass
    upward = r"leads outside the workspace .*\(by '\.\.'\)"
    with (
        pytest.raises(ConfinementError, match=upward),
        open_confined(ws, "memory/../../outside/LONG_TERM.md"),
    ):
        pass


# -- loaders of whole workspaces -------------------------------------------------------------------


def picoclaw_workspace(tmp_path: Path) -> Path:
    root = tmp_path / "pico"
    (root / "memory" / "202603").mkdir(parents=True)
    (root / "memory" / "202603" / "20260301.md").write_text("# 2026-03-01\n\nnote\n")
    (tmp_path / "secret.md").write_text(f"## 2026-03-01\n\n{SECRET}\n")
    return root


@pytest.mark.parametrize("rel", ["memory/MEMORY.md", "memory/profile.json"])
@pytest.mark.parametrize("kind", ["fifo", "link-out", "hard-link"])
def test_picoclaw_documents_refuse_what_is_no_file_of_theirs(
    tmp_path: Path, rel: str, kind: str
) -> None:
    root = picoclaw_workspace(tmp_path)
    path = root / rel
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "link-out":
        path.symlink_to(tmp_path / "secret.md")
    else:
        os.link(tmp_path / "secret.md", path)
    ws = PicoClawWorkspace.open(root)
    read = ws.longterm if rel.endswith(".md") else ws.profile
    outcome = finished(read)
    assert isinstance(outcome, WorkspaceError), outcome
    assert str(path) in str(outcome) and SECRET not in str(outcome)


def test_a_daily_note_reached_through_a_hard_link_is_not_read(tmp_path: Path) -> None:
    root = picoclaw_workspace(tmp_path)
    note = root / "memory" / "202603" / "20260302.md"
    os.link(tmp_path / "secret.md", note)
    ws = PicoClawWorkspace.open(root)
    assert ws.daily_notes()[-1].path == note  # listed: it looks like any other note
    with pytest.raises(ConfinementError, match="hard links"):
        ws.notes_matching(SECRET)


@pytest.mark.parametrize("kind", ["fifo", "link-out"])
def test_everbot_refuses_a_memory_file_that_is_a_fifo_or_leads_outside(
    tmp_path: Path, kind: str
) -> None:
    root = tmp_path / "everbot"
    root.mkdir()
    if kind == "fifo":
        os.mkfifo(root / "MEMORY.md")
    else:
        (root / "MEMORY.md").symlink_to(FIXTURES / "workspaces" / "tiered" / "MEMORY.md")
    outcome = finished(lambda: Workspace.open(root))
    assert isinstance(outcome, WorkspaceError), outcome
    assert str(root) in str(outcome) and "OUTSIDE" not in str(outcome)


def test_pomelobot_memory_files_through_a_hard_link_are_not_read(ws: Path) -> None:
    os.link(ws.parent / "outside" / "LONG_TERM.md", ws / "memory" / "2026-03-02.md")
    workspace = PomelobotWorkspace.open(ws)
    with pytest.raises(ConfinementError, match="hard links"):
        workspace.memory_file("memory/2026-03-02.md")
    with pytest.raises(ConfinementError, match="hard links"):
        search_scope(ws, MAIN_SCOPE, "secret")


def test_a_picoclaw_policy_file_that_is_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    """`memdesk retrieve` and `check` on PicoClaw read the policy first: they waited for ever."""
    root = picoclaw_workspace(tmp_path)
    os.mkfifo(root / "memory" / "policy_overrides.json")
    outcome = finished(lambda: pc_policy.effective_policy(root))
    assert isinstance(outcome, pc_policy.PolicyFileError), outcome
    assert "policy_overrides.json: cannot be read: is not a regular file" in str(outcome)
