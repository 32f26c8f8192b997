"""SPEC 5: a Claude Code topic file MemDesk deleted (an approved duplicate) is findable and
restorable by its backup with the journal gone (so no undo), from the command line; the restored
topic gets its MEMORY.md line back as the index had it, so the agent finds it at session start. A file in the
backup folder that is none of the agent's is never listed as a memory backup."""

from __future__ import annotations

from pathlib import Path

from core.store.confine import OWN_FOLDER
from tests.cli.conftest import Cli

TOPIC = "memory/feedback_db_mocks.md"
LINE = "- [No DB mocks](feedback_db_mocks.md) — Integration tests hit a real database\n"
BACKUPS = f"{OWN_FOLDER}/backups/memory"


def deleted_by_approval(cli: Cli, tmp_path: Path) -> tuple[Path, bytes]:
    """A Claude Code demo whose duplicate topic `approve --all` deleted, the journal then lost:
    the project folder and the topic file's bytes before."""
    assert cli("demo", tmp_path / "home", "--layout", "claude-code").code == 0
    project = next((tmp_path / "home" / "projects").iterdir())
    before = (project / TOPIC).read_bytes()
    assert LINE in (project / "memory" / "MEMORY.md").read_text()
    assert cli("review", project).code == 0
    assert cli("approve", project, "--all").code == 0
    assert not (project / TOPIC).exists()
    assert "feedback_db_mocks.md" not in (project / "memory" / "MEMORY.md").read_text()
    for db in (project / OWN_FOLDER).glob("memdesk.db*"):
        db.unlink()
    return project, before


def test_a_deleted_topic_is_listed_restored_and_indexed_again(cli: Cli, tmp_path: Path) -> None:
    project, before = deleted_by_approval(cli, tmp_path)
    listed = [b for b in cli("backups", project, "--json").json() if b["file"] == TOPIC]
    assert len(listed) == 1 and listed[0]["entries"] == 1

    restored = cli("restore", project, listed[0]["path"])
    assert restored.code == 0, restored.err
    assert (project / TOPIC).read_bytes() == before
    assert LINE in (project / "memory" / "MEMORY.md").read_text()  # found at session start
    assert cli("undo", project).code == 0  # the restore is one operation, undone whole
    assert not (project / TOPIC).exists()
    assert "(feedback_db_mocks.md)" not in (project / "memory" / "MEMORY.md").read_text()


def test_a_stray_file_in_the_backup_folder_is_no_memory_backup(cli: Cli, tmp_path: Path) -> None:
    project, _before = deleted_by_approval(cli, tmp_path)
    folder = project / BACKUPS
    (folder / "20261101_090000_notes.txt").write_text("not a topic file\n")
    (folder / ".hidden").mkdir()
    (folder / ".hidden" / "20261101_090000_x.md").write_text("---\nname: x\n---\nhidden\n")
    (folder / "20261101_090000_MEMORY.md.orig").write_text("a copy of something\n")
    files = {b["file"] for b in cli("backups", project, "--json").json()}
    assert files == {"memory/MEMORY.md", TOPIC}


def test_a_link_in_the_backup_folder_is_never_followed(cli: Cli, tmp_path: Path) -> None:
    project, _before = deleted_by_approval(cli, tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "20261101_090000_elsewhere.md").write_text("---\nname: elsewhere\n---\nnot here\n")
    (project / BACKUPS / "linked").symlink_to(outside, target_is_directory=True)
    listed = cli("backups", project, "--json")
    assert listed.code == 0, listed.err
    assert {b["file"] for b in listed.json()} == {"memory/MEMORY.md", TOPIC}
