"""Editing a memory's text changes neither its score, its decay anchor nor its history."""

from __future__ import annotations

from pathlib import Path

from tests.cli.conftest import Cli


def test_a_text_only_edit_moves_no_forecast_no_decay_and_no_earlier_point(
    cli: Cli, tmp_path: Path
) -> None:
    """Tried as a user would: the forecast moved two days, `decay` would change one score
    fewer, and the agent's 2026-11-25 point moved to the edit's time."""
    root = tmp_path / "ws"
    assert cli("demo", root).code == 0
    before = cli("show", root, "855f3f", "--json").json()
    decay_before = cli("decay", root, "--json").json()["changed"]

    edited = cli("edit", root, "855f3f", "--text", "用户在杭州上班，公司做跨境电商 SaaS。")

    assert edited.code == 0, edited.err
    after = cli("show", root, "855f3f", "--json").json()
    assert after["forecast"] == before["forecast"]
    assert after["history"][: len(before["history"])] == before["history"]
    assert [p["kind"] for p in after["history"][len(before["history"]) :]] == ["edit"]
    assert cli("decay", root, "--json").json()["changed"] == decay_before


def test_an_archived_memory_is_forecast_only_what_can_still_happen(
    cli: Cli, tmp_path: Path
) -> None:
    """Tried as a user would: `show` on an archived memory said its archiving was overdue."""
    root = tmp_path / "ws"
    assert cli("demo", root).code == 0
    archived = [m for m in cli("list", root, "--json").json() if m["section"] == "archived"]
    assert archived
    for memory in archived:
        shown = cli("show", root, memory["id"], "--json").json()
        assert set(shown["forecast"]) == {"delete_at"}, memory["id"]
        assert "archive_at" not in shown.get("overdue", [])
        lines = cli("show", root, memory["id"]).out.splitlines()
        assert not [s for s in lines if s.startswith(("  archive ", "  review "))], lines
