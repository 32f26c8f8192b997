"""Every proposal of the review queue is one the person can approve (issue 25 leftovers): a
proposal the agent's plug-in refuses to carry out is a dead end. Codex never deletes an ad-hoc
note (spec/codex.md 3.5, 6), so a secret in one is edited out instead, and the next
consolidation applies the edit."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from core.agents.codex import layout
from core.capabilities import Editing
from core.demo import write_demo
from core.review.llm import allowed_decisions, read_reply
from core.review.model import Candidate, Memory
from core.review.queue import approve, pending
from core.review.secrets import REMOVED
from core.session import Session
from core.store.errors import WorkspaceError
from tests.helpers import session_at

KEY = "sk-live-abc123DEF456ghi789JKL012"
PLANTED = f"token is {KEY}"
JUNK = "ls -la /tmp && rm -rf build"


def _codex_with_secret_note(tmp_path: Path) -> tuple[Path, Path]:
    home = write_demo(tmp_path / "codex", layout="codex").workspace
    before = set(layout.notes(home))
    assert main(["add", str(home), PLANTED]) == 0
    [note] = set(layout.notes(home)) - before
    return home, note


def test_a_secret_in_a_codex_note_is_edited_out_when_approved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Tried as a Codex user would: `memdesk review` proposed DELETE for a note holding a key,
    and `memdesk approve` refused it ("Codex never deletes a note"); now the proposal edits the
    key out of the note, approving it works, and the note stays (backed up first)."""
    home, note = _codex_with_secret_note(tmp_path)
    assert main(["review", str(home)]) == 0
    with session_at(home) as session:
        [proposal] = [p for p in pending(session) if p.file.endswith(note.name)]
    assert proposal.decision == "REDACT"
    capsys.readouterr()

    assert main(["approve", str(home), str(proposal.id)]) == 0

    assert note.read_text(encoding="utf-8") == f"token is {REMOVED}\n"
    backups = [p for p in home.rglob(f"*{note.name}") if p != note]
    assert any(KEY in p.read_text(encoding="utf-8") for p in backups)


def _planted(root: Path, agent: Any) -> None:
    """A secret and a line of junk added as the person adds memories (where the agent can), and
    a secret written into each Markdown file MemDesk only reads (as the agent would write it)."""
    kept = {r.file for r in agent.rows(root) if r.fields.get("read_only")}
    for rel in sorted(f for f in kept if f.endswith(".md")):
        with (root / rel).open("a", encoding="utf-8") as file:
            file.write(f"\n- {PLANTED}\n")
    with Session.open(agent, root) as session:
        if not isinstance(agent, Editing):
            return
        ws = session.workspace
        for text in (PLANTED, JUNK):
            agent.add(ws, text).apply()
        ws.save_all()


LAYOUTS = ("everbot", "picoclaw", "openclaw", "pomelobot", "hermes", "claude-code", "codex")


@pytest.mark.parametrize("name", LAYOUTS)
def test_every_proposal_on_every_agents_demo_can_be_approved(tmp_path: Path, name: str) -> None:
    """Over the registry: on each agent's demo with a secret and junk planted, each proposal of
    the rules reviewer is carried out by the agent's plug-in when approved on its own (none
    is refused for what the row does not allow: a read-only file, a note never deleted)."""
    root = write_demo(tmp_path / "demo" / name, layout=name).workspace
    with session_at(root) as session:
        agent = session.agent
    _planted(root, agent)
    assert main(["review", str(root)]) == 0
    with session_at(root) as session:
        ids = [p.id for p in pending(session)]
    assert ids
    refused = {}
    for n, pid in enumerate(ids):
        copy = tmp_path / f"copy{n}"
        shutil.copytree(tmp_path / "demo", copy, symlinks=True)
        here = copy / root.relative_to(tmp_path / "demo")
        with session_at(here) as session:
            try:
                approve(session, [pid])
            except WorkspaceError as exc:  # each refusal collected, all shown at the end
                refused[pid] = str(exc)
        shutil.rmtree(copy)
    assert refused == {}


def test_the_llm_reviewer_is_offered_only_what_a_kept_memory_allows() -> None:
    """An LLM reviewer is never asked to delete or merge away a memory its agent keeps; for a
    secret there it may edit the secret out."""
    note = Memory("memories/extensions/ad_hoc/notes/n.md", "n", "n", PLANTED, removal=None)
    secret = Candidate(note, "secret", "a secret (OpenAI API key)")
    junk = Candidate(note, "junk", "a shell command")
    assert allowed_decisions(secret) == ("KEEP", "REDACT")
    assert allowed_decisions(junk) == ("KEEP",)
    answer = read_reply("It holds a key.\n[REDACT]", secret, allowed_decisions(secret))
    assert getattr(answer, "decision", None) == "REDACT"
    refused = read_reply("Junk.\n[DELETE]", junk, allowed_decisions(junk))
    assert getattr(refused, "decision", None) is None


def test_the_llm_reviewer_may_delete_a_note_its_agent_forgets_when_asked() -> None:
    """A Codex note: deleting it is asking Codex to forget it, so DELETE is offered (not MERGE,
    which would delete it); a secret there is edited out, as forgetting leaves it in the file."""
    note = Memory("memories/extensions/ad_hoc/notes/n.md", "n", "n", PLANTED, removal="request")
    assert allowed_decisions(Candidate(note, "junk", "a shell command")) == ("KEEP", "DELETE")
    assert allowed_decisions(Candidate(note, "secret", "a key")) == ("KEEP", "REDACT")
    other = Memory("memories/memory_summary.md", "b", "b", PLANTED)
    duplicate = Candidate(note, "duplicate", "the same text", related=(other,))
    assert allowed_decisions(duplicate) == ("KEEP", "DELETE")
