"""A Codex note the reviewer would remove is removed the way Codex allows (issue 25): Codex never
deletes an ad-hoc note (spec/codex.md 3.5, 6), so approving the removal writes a note asking it
to forget the memory; the request is made once, and undo takes it back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main
from core.agents.codex import layout
from core.demo import write_demo

JUNK = "ls -la /tmp && rm -rf build"
SAID = "writes a note asking Codex to forget it"


def _home_with_note(tmp_path: Path, *texts: str) -> tuple[Path, list[Path]]:
    home = write_demo(tmp_path / "codex", layout="codex").workspace
    before = set(layout.notes(home))
    for text in texts:
        assert main(["add", str(home), text]) == 0
    return home, sorted(set(layout.notes(home)) - before)


def _bytes(home: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in layout.notes(home)}


def _reviewed(home: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    capsys.readouterr()
    assert main(["review", str(home), "--json"]) == 0
    return [p for p in json.loads(capsys.readouterr().out) if p["kind"] == "proposal"]


def test_junk_in_a_codex_note_is_removed_by_a_forget_note_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Tried as a Codex user would: a shell command saved as a note was proposed as KEEP ("edit
    it yourself"), so the week's junk stayed; now it is DELETE, saying that approving writes a
    note asking Codex to forget it, and approving writes that note once (the junk note itself is
    left as it was); it is not proposed again while the request waits, and undo takes it back."""
    home, [note] = _home_with_note(tmp_path, JUNK)
    [proposal] = [p for p in _reviewed(home, capsys) if str(p["file"]).endswith(note.name)]
    assert proposal["decision"] == "DELETE"
    assert SAID in str(proposal["reasons"])
    before = _bytes(home)

    assert main(["approve", str(home), str(proposal["id"])]) == 0

    [request] = set(layout.notes(home)) - set(before)
    assert request.read_text(encoding="utf-8") == f"{layout.FORGET}{JUNK}\n"
    assert all(p.read_bytes() == data for p, data in before.items())  # the note stays
    assert main(["approve", str(home), str(proposal["id"])]) != 0  # decided once
    assert not [p for p in _reviewed(home, capsys) if str(p["file"]).endswith(note.name)]
    assert set(layout.notes(home)) - set(before) == {request}

    assert main(["undo", str(home)]) == 0
    assert _bytes(home) == before


def test_a_forget_note_already_there_is_not_written_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The person asked Codex to forget the note themselves after the review: approving the
    proposal writes no second request and says no file needed to change."""
    home, [note] = _home_with_note(tmp_path, JUNK)
    [proposal] = [p for p in _reviewed(home, capsys) if str(p["file"]).endswith(note.name)]
    assert proposal["decision"] == "DELETE"
    assert main(["add", str(home), f"{layout.FORGET}{JUNK}"]) == 0
    before = _bytes(home)
    capsys.readouterr()

    assert main(["approve", str(home), str(proposal["id"])]) == 0

    assert "no file needed to change" in capsys.readouterr().out
    assert _bytes(home) == before


def test_the_weaker_of_two_duplicate_notes_is_dropped_by_a_note_keeping_the_other(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two notes saying the same: the one the rules drop is asked to be dropped as a repeat of
    the other, which the request quotes as staying (a plain "forget this" would lose both)."""
    text = "The user deploys web-shop only from the release branch"
    home, notes = _home_with_note(tmp_path, text, text + ".")
    [proposal] = [p for p in _reviewed(home, capsys) if p["trigger"] == "duplicate"]
    dropped, [kept] = str(proposal["file"]), proposal["related_memories"]
    assert {home / dropped, home / kept["file"]} == set(notes)  # type: ignore[index]
    assert proposal["decision"] == "DELETE" and SAID in str(proposal["reasons"])
    before = _bytes(home)

    assert main(["approve", str(home), str(proposal["id"])]) == 0

    [request] = set(layout.notes(home)) - set(before)
    kept_text = (home / kept["file"]).read_text(encoding="utf-8").strip()  # type: ignore[index]
    assert request.read_text(encoding="utf-8").strip() == layout.repeat_request(dropped, kept_text)
    assert Path(dropped).name in request.read_text(encoding="utf-8")
    assert all(p.read_bytes() == data for p, data in before.items())
    assert not [p for p in _reviewed(home, capsys) if p["file"] == dropped]  # it waits for Codex
