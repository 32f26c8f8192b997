"""`memdesk check` warns before OpenClaw destroys or hides something (spec/openclaw.md §10):
each warning on a workspace crafted to trigger it, naming what is concerned, and none of them on
a clean workspace."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.conftest import FIXTURES

CLEAN_MEMORY = "# Long-Term Memory\n\n## Preferences\n\n- Likes tea.\n- Works in Go.\n"
PROMOTED = (
    "\n## Promoted From Short-Term Memory (2026-06-28)\n\n"
    "<!-- openclaw-memory-promotion:memory:memory/2026-06-27.md:4:4 -->\n"
    "- Router VLAN 20 is for IoT [score=0.888 signals=5 recalls=4 avg=0.780 "
    "source=memory/2026-06-27.md:4-4] <!-- trigger: router --> <!-- importance: 9 -->\n"
)
WARNING_KINDS = {
    "promotion_budget",
    "promotion_trim",
    "consolidation",
    "mixed_line_ends",
    "not_in_prompt",
    "legacy_recall_store",
}


def _clean(root: Path) -> None:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(CLEAN_MEMORY, encoding="utf-8")
    (root / "USER.md").write_text("# USER.md\n\n- Call me Lin.\n", encoding="utf-8")
    (root / "memory" / "2026-11-25.md").write_text("# 2026-11-25\n\n- Met 小林.\n")


def _over_budget(root: Path) -> None:
    lines = "".join(f"- Hand-written fact number {n} about the home lab.\n" for n in range(400))
    (root / "MEMORY.md").write_text(CLEAN_MEMORY + lines, encoding="utf-8")


def _edited_promotion(root: Path) -> None:
    """The person rewrote the agent's bullet: the section is still the agent's to trim."""
    bullet = PROMOTED.split("\n")[-2]
    edited = PROMOTED.replace(bullet, "- Router VLAN 20 is for the cameras and the TV")
    (root / "MEMORY.md").write_text(CLEAN_MEMORY + edited, encoding="utf-8")


def _dreaming_writes_here(root: Path) -> None:
    (root / "MEMORY.md").write_text(CLEAN_MEMORY + PROMOTED, encoding="utf-8")


def _crlf(root: Path) -> None:
    (root / "MEMORY.md").write_bytes(CLEAN_MEMORY.replace("\n", "\r\n").encode())


def _project_filtered(root: Path) -> None:
    text = CLEAN_MEMORY + "- Deploys on Tuesdays <!-- project: github.com/acme/shop -->\n"
    (root / "MEMORY.md").write_text(text, encoding="utf-8")


def _typed_inside_a_fence(root: Path) -> None:
    cases = json.loads((FIXTURES / "openclaw" / "managed-blocks" / "output.json").read_text())
    original = cases["results"]["userTextInsideBlock"]["original"]
    typed = original.replace("- MY OWN NOTE", "MY OWN NOTE")  # a line not in the agent's form
    (root / "memory" / "2026-11-24.md").write_text("# 2026-11-24\n\n" + typed)


def _legacy_store(root: Path) -> None:
    dot = root / "memory" / ".dreams"
    dot.mkdir()
    (dot / "short-term-recall.json").write_text('{"version": 1, "entries": {}}\n')


CRAFTED: dict[str, tuple[Callable[[Path], None], str, str]] = {
    # kind: (how to provoke it, the file it names, words its message holds)
    "promotion_budget": (_over_budget, "MEMORY.md", "silently stop"),
    "promotion_trim": (_edited_promotion, "MEMORY.md", "your edits of line 11"),
    "consolidation": (_dreaming_writes_here, "MEMORY.md", "line 5: - Likes tea."),
    "mixed_line_ends": (_crlf, "MEMORY.md", "mixed line ends"),
    "not_in_prompt": (_project_filtered, "MEMORY.md", "Deploys on Tuesdays"),
    "inside_fence": (_typed_inside_a_fence, "memory/2026-11-24.md", "MY OWN NOTE"),
    "legacy_recall_store": (
        _legacy_store,
        "memory/.dreams/short-term-recall.json",
        "changes nothing",
    ),
}


def _warnings(cli: Cli, root: Path) -> list[dict[str, object]]:
    result = cli("check", root, "--json")
    assert result.code == 0, result.err
    report = result.json()
    assert report["problems"] == []
    warnings: list[dict[str, object]] = report["warnings"]
    return warnings


def test_a_clean_workspace_has_no_warning(cli: Cli, tmp_path: Path) -> None:
    _clean(tmp_path)
    assert _warnings(cli, tmp_path) == []


@pytest.mark.parametrize("kind", sorted(CRAFTED))
def test_each_warning_on_the_workspace_that_calls_for_it(
    cli: Cli, tmp_path: Path, kind: str
) -> None:
    craft, file, words = CRAFTED[kind]
    _clean(tmp_path)
    craft(tmp_path)
    found = [w for w in _warnings(cli, tmp_path) if w["kind"] == kind]
    assert found, kind
    assert any(w["file"] == file and words in str(w["message"]) for w in found), found


def test_pin_keeps_the_section_and_the_warning_goes(cli: Cli, tmp_path: Path) -> None:
    _clean(tmp_path)
    _edited_promotion(tmp_path)
    before = (tmp_path / "MEMORY.md").read_text(encoding="utf-8")
    rows = cli("list", tmp_path, "--json").json()
    promoted = next(r for r in rows if r["content"].startswith("Router VLAN 20"))
    hand = next(r for r in rows if r["content"] == "Likes tea.")
    refused = cli("pin", tmp_path, hand["id"])
    assert refused.code == 1 and "not in a promotion section" in refused.err
    assert cli("pin", tmp_path, promoted["id"]).code == 0
    after = (tmp_path / "MEMORY.md").read_text(encoding="utf-8")
    assert after.startswith(before.rstrip("\n")) and after.count("\n") == before.count("\n") + 1
    assert "Kept by hand" in after.splitlines()[-1]
    assert [w for w in _warnings(cli, tmp_path) if w["kind"] == "promotion_trim"] == []
    # The note is glued to the bullet above it (as the agent reads it): the memory's text, and
    # so its id, now holds it.
    rows = cli("list", tmp_path, "--json").json()
    pinned = next(r for r in rows if r["content"].startswith("Router VLAN 20"))
    assert pinned["content"].endswith(
        "Kept by hand (MemDesk): OpenClaw's budget trimmer keeps this section."
    )
    again = cli("pin", tmp_path, pinned["id"])
    assert again.code == 1 and "pinned already" in again.err
