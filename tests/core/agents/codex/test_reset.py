"""What Codex's reset (`codex debug clear-memories`, the app's "Reset all memories") deletes,
reproduced against the oracle run of the real 0.171.0 binary (tests/fixtures/codex/oracle/
clear-memories/), and MemDesk's warning that it takes the person's notes and skills with it."""

from __future__ import annotations

import hashlib
from pathlib import Path

from core.agents.codex import AGENT, layout
from tests.conftest import FIXTURES

ORACLE = FIXTURES / "codex" / "oracle" / "clear-memories"
# The CODEX_HOME run-oracle.sh builds, byte for byte.
BEFORE = {
    "memories/memory_summary.md": b"v1\n## User Profile\n- Backend engineer.\n",
    "memories/MEMORY.md": b"# Task Group: web-shop deploys\nscope: deploys\n"
    b"applies_to: cwd=/home/alice/code/web-shop; reuse_rule=same repo\n",
    "memories/raw_memories.md": b"# Raw Memories\n\nNo raw memories yet.\n",
    "memories/rollout_summaries/2026-07-01T10-00-00-abcd-deploy.md": (
        b"thread_id: 019c0000-0000-7000-8000-000000000001\n\nsummary\n"
    ),
    "memories/extensions/ad_hoc/notes/2026-07-20T16-00-00-use-pnpm.md": (
        b"Forget that I use npm; I use pnpm now.\n"
    ),
    "memories/skills/deploy/SKILL.md": b"---\nname: deploy\n---\nsteps\n",
    "memories_extensions/legacy/instructions.md": b"x\n",
    "memories_v2/memories/MEMORY.md": b"y\n",
    "config.toml": b'# user config, must survive\nmodel = "gpt-5.4"\n',
}


def _tree(home: Path, gone: set[Path] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """run-oracle.sh's `snap`: every folder and file (size, sha256), sorted."""
    lines = []
    for path in home.rglob("*"):
        if path in gone or any(parent in gone for parent in path.parents):
            continue
        rel = f"./{path.relative_to(home).as_posix()}"
        if path.is_dir():
            lines.append(f"d {rel}")
        else:
            data = path.read_bytes()
            lines.append(f"f {rel} {len(data)} {hashlib.sha256(data).hexdigest()}")
    return sorted(lines)


def _home(tmp_path: Path) -> Path:
    home = tmp_path / "codex_home"
    for rel, data in BEFORE.items():
        (home / rel).parent.mkdir(parents=True, exist_ok=True)
        (home / rel).write_bytes(data)
    return home


def test_the_home_is_the_oracles_byte_for_byte(tmp_path: Path) -> None:
    home = _home(tmp_path)
    assert _tree(home) == (ORACLE / "before.tree.txt").read_text(encoding="utf-8").splitlines()


def test_what_the_reset_deletes_is_what_codex_deleted(tmp_path: Path) -> None:
    home = _home(tmp_path)
    gone = set(layout.reset_deletes(home))
    oracle = (ORACLE / "after.tree.txt").read_text(encoding="utf-8").splitlines()
    made_by_the_run = ("d ./tmp", "d ./tmp/arg0-linux")  # every codex start makes it
    assert _tree(home, gone) == [line for line in oracle if line not in made_by_the_run]
    assert all(p.exists() for p in gone)  # told, never done


def test_check_warns_the_reset_takes_the_persons_notes_and_skills(tmp_path: Path) -> None:
    home = _home(tmp_path)
    [warning] = [w for w in AGENT.check(home).warnings if w.kind == "reset_deletes"]
    assert warning.message == layout.reset_warning(1, 1)
    assert "1 ad-hoc note(s) and 1 skill(s)" in warning.message
