"""The writing commands answer --json (the window's remote workspaces read them through the
server's command line): what changed, each file saved with its backup, in one JSON object; the
same write as without --json."""

from __future__ import annotations

from pathlib import Path

from tests.cli.conftest import Cli


def test_add_edit_delete_undo_answer_json(cli: Cli, tmp_path: Path) -> None:
    assert cli("demo", tmp_path, "--entries", "3").code == 0
    memory = cli("list", tmp_path, "--json").json()[0]["id"]
    edited = cli("edit", tmp_path, memory, "--text", "新的 text", "--json")
    assert edited.code == 0
    assert edited.json()["changes"] == [f"Edit [{memory}]"]
    (saved,) = edited.json()["saved"]
    assert saved["path"] == str(tmp_path / "MEMORY.md") and Path(saved["backup"]).is_file()
    assert cli("list", tmp_path, "--json").json()[0]["content"] == "新的 text"
    added = cli("add", tmp_path, "one more", "--json").json()
    assert added["changes"][0].startswith("Add [") and len(added["saved"]) == 1
    deleted = cli("delete", tmp_path, memory, "--json").json()
    assert deleted["changes"] == [f"Delete [{memory}]"]
    undone = cli("undo", tmp_path, "--json").json()
    assert undone["changes"][0].startswith("Undo: ") and len(undone["saved"]) == 1
    assert memory in {m["id"] for m in cli("list", tmp_path, "--json").json()}
