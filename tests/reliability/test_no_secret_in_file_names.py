"""A secret never names a file (issue 25 leftovers): `memdesk add` on Codex (an ad-hoc note's
slug) and Claude Code (a topic file's name) made the name from the start of the text, so
`memdesk add WS "token is sk-live-…"` put the key into a file name, shown by `ls`, git and logs.
The names still follow each agent's rules (spec/codex.md 3.5, spec/claude-code.md 2.2)."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from app.cli import main
from core.agents.claude_code.workspace import topic_slug
from core.agents.codex import layout
from core.demo import write_demo
from core.review.secrets import find_secrets, without_secrets

KEY = "sk-live-abc123DEF456ghi789JKL012"
SECRETS = (
    f"token is {KEY}",
    "password: Hunter2!xyz",
    "github token ghp_9aZbY8xWv7Ut6sR5qP4oN3mL2kJ1iH0gF9eD",
    "AKIAIOSFODNN7EXAMPLE is the aws key",
    "api_key=Zx81Kq0Lm2Np3Rs4Tu5V",
)
_RUN = re.compile(r"[a-z0-9]{6,}")


def _leaked(text: str, name: str) -> list[str]:
    """The runs of a secret of `text` that show in `name` (and nowhere else in the text)."""
    elsewhere = without_secrets(text, " ").casefold()
    found = []
    for hit in find_secrets(text):
        for run in _RUN.findall(text[hit.start : hit.end].casefold()):
            if run in name and run not in elsewhere:
                found.append(run)
    return found


def test_memdesk_add_puts_no_key_into_a_codex_note_name(tmp_path: Path) -> None:
    """Tried as a Codex user would: the note was named …-token-is-sk-live-abc123….md."""
    home = write_demo(tmp_path / "codex", layout="codex").workspace
    before = set(layout.notes(home))
    assert main(["add", str(home), f"token is {KEY}"]) == 0
    [note] = set(layout.notes(home)) - before
    assert layout.NOTE_NAME.fullmatch(note.name)
    assert note.name.endswith("-token-is.md")
    assert KEY in note.read_text(encoding="utf-8")  # the text itself is as typed


def test_memdesk_add_puts_no_key_into_a_claude_code_topic_name(tmp_path: Path) -> None:
    root = write_demo(tmp_path / "cc", layout="claude-code").workspace
    assert main(["add", str(root), "password: Hunter2!xyz for the staging db"]) == 0
    names = [p.name for p in root.rglob("project_*.md")]
    assert "project_password_for_the_staging_db.md" in names
    assert not any("hunter2" in n.casefold() for n in names)


_TEXTS = st.lists(st.one_of(st.sampled_from(SECRETS), st.text(max_size=40)), max_size=5).map(
    " ".join
)


@settings(max_examples=300, deadline=None)
@given(_TEXTS)
def test_a_codex_note_name_is_valid_and_carries_no_secret(text: str) -> None:
    name = layout.note_name(text, datetime(2026, 11, 28, 3, 0, 0), set())
    assert layout.NOTE_NAME.fullmatch(name) and len(name.encode()) <= 128
    assert _leaked(text, name) == []


@settings(max_examples=300, deadline=None)
@given(_TEXTS)
def test_a_claude_code_topic_slug_is_kebab_case_and_carries_no_secret(text: str) -> None:
    slug = topic_slug(text)
    assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", slug) and len(slug) <= 40
    assert _leaked(text, slug) == []
