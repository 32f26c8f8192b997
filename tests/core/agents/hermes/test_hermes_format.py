"""Hermes' MEMORY.md / USER.md read and written as the agent reads and writes them, checked
against the oracle data of hermes-agent 0.19.0 (tests/fixtures/hermes/, see its README).

Tried as a new Hermes user would: MemDesk did not know Hermes, so `memdesk check ~/.hermes`
found no agent. Now the home is found, every profile's files are read exactly as the agent
splits them, and edits write what the agent's own tool writes, byte for byte."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.agents.hermes import AGENT
from core.agents.hermes.config import LIMITS
from core.agents.hermes.context import block
from core.agents.hermes.format import DELIMITER, agent_entries, checked_text, parse_memory_file
from core.agents.hermes.workspace import HermesWorkspace
from core.ops import apply_and_save
from core.registry import detect
from tests.conftest import FIXTURES

ORACLE = FIXTURES / "hermes"
CASES = sorted(p.name for p in ORACLE.iterdir() if (p / "output.json").is_file())


def _steps(case: str) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = json.loads((ORACLE / case / "output.json").read_text())["steps"]
    return steps


def _inputs(case: str) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = json.loads((ORACLE / case / "input.json").read_text())["steps"]
    return steps


def _home(tmp_path: Path, memory: str | None, user: str | None = None) -> Path:
    for name, text in (("MEMORY.md", memory), ("USER.md", user)):
        if text is not None:
            (tmp_path / "memories").mkdir(parents=True, exist_ok=True)
            (tmp_path / "memories" / name).write_bytes(text.encode("utf-8"))
    return tmp_path


# -- reading -------------------------------------------------------------------------------------
_PIECES = st.text(alphabet=st.sampled_from("a §\r\n\t中\ufeff"), max_size=40)


@given(_PIECES)
def test_any_text_is_written_back_byte_for_byte_and_read_as_the_agent_reads_it(text: str) -> None:
    data = text.encode("utf-8")
    doc = parse_memory_file(data, "MEMORY.md")
    assert doc.raw.encode("utf-8") == data
    assert doc.texts() == agent_entries(text)


@pytest.mark.parametrize("case", CASES)
def test_every_parse_the_agent_made_is_read_the_same(case: str) -> None:
    for step in _steps(case):
        if step["do"] == "parse":
            doc = parse_memory_file(step["MEMORY.md"].encode("utf-8"), "MEMORY.md")
            assert doc.texts() == step["entries"]


@pytest.mark.parametrize("case", CASES)
def test_every_prompt_block_of_a_new_session_is_rendered_as_the_agent_renders_it(
    case: str,
) -> None:
    for step in _steps(case):
        if step["do"] != "snapshot":
            continue
        fresh = step["fresh_session"]
        for name, entries, shown in (
            ("MEMORY.md", fresh["memory_entries"], fresh["prompt_memory_block"]),
            ("USER.md", fresh["user_entries"], fresh["prompt_user_block"]),
        ):
            assert block(name, entries, LIMITS[name]) == (shown or "")


# -- writing -------------------------------------------------------------------------------------
def _canonical(text: str | None) -> bool:
    entries = agent_entries(text or "")
    whole = (text or "") == DELIMITER.join(entries) and len(set(entries)) == len(entries)
    return whole and all(_accepted(e) for e in entries)


def _accepted(text: str) -> bool:
    """MemDesk writes it (it refuses what the agent would split at its next read)."""
    try:
        checked_text(text)
    except ValueError:
        return False
    return True


def _replayed(tmp_path: Path, before: str, args: dict[str, Any]) -> bytes:
    """The tool call `args` made by MemDesk on a home whose MEMORY.md (or USER.md) is `before`."""
    name = "USER.md" if args.get("target") == "user" else "MEMORY.md"
    home = _home(tmp_path, None)
    (home / "memories").mkdir(exist_ok=True)
    (home / "memories" / name).write_bytes(before.encode("utf-8"))
    ws = HermesWorkspace.open(home)
    rel = f"memories/{name}"
    if args["action"] == "add":
        changes = AGENT.add(ws, args["content"], file=rel)
    else:
        [target] = ws.memory_file(rel).doc.matching(args["old_text"])
        row = next(r for r in AGENT.rows(home) if r.file == rel and r.key == target.key)
        if args["action"] == "replace":
            changes = AGENT.edit(ws, row, text=args["content"])
        else:
            changes = AGENT.delete(ws, row)
    apply_and_save(ws, [changes])
    return (home / "memories" / name).read_bytes()


def test_every_successful_add_replace_remove_of_the_oracle_gives_the_agents_bytes(
    tmp_path: Path,
) -> None:
    replayed = 0
    for case in CASES:
        texts = {"MEMORY.md": None, "USER.md": None} | {
            k.split("/")[-1]: v
            for k, v in json.loads((ORACLE / case / "input.json").read_text())["files"].items()
        }
        for given_step, step in zip(_inputs(case), _steps(case), strict=True):
            args = given_step.get("args") or {}
            args = args if isinstance(args, dict) else {}
            name = "USER.md" if args.get("target") == "user" else "MEMORY.md"
            before = texts[name]
            ok = step["do"] == "tool" and step["result"].get("success") and "action" in args
            single = args.get("action") in ("add", "replace", "remove")
            refused = single and "content" in args and not _accepted(args["content"])
            if ok and single and not refused and _canonical(before) and step[name] != before:
                folder = tmp_path / f"{case}-{step['step']}"
                folder.mkdir()
                assert _replayed(folder, before or "", args) == step[name].encode(), (case, step)
                replayed += 1
            texts = {"MEMORY.md": step["MEMORY.md"], "USER.md": step["USER.md"]}
    assert replayed >= 10


def test_an_entry_with_a_section_sign_line_is_refused_with_the_reason(tmp_path: Path) -> None:
    home = _home(tmp_path, "first\n§\nsecond")
    ws = HermesWorkspace.open(home)
    row = AGENT.rows(home)[0]
    with pytest.raises(ValueError, match="split this entry in two"):
        AGENT.edit(ws, row, text="line one\n§\nline two")
    with pytest.raises(ValueError, match="split this entry in two"):
        AGENT.add(ws, "ends with a marker\n§")
    assert (home / "memories/MEMORY.md").read_bytes() == b"first\n\xc2\xa7\nsecond"


def test_an_add_after_an_entry_ending_in_a_section_sign_line_is_refused(tmp_path: Path) -> None:
    """The agent appends it and its next read moves the `§` into the new entry (oracle case
    section-sign-in-content step 6); MemDesk says so and writes nothing."""
    home = _home(tmp_path, "Release notes end with a marker\n§")
    ws = HermesWorkspace.open(home)
    with pytest.raises(ValueError, match="ends with a '§' line"):
        apply_and_save(ws, [AGENT.add(ws, "Next entry after the marker")])
    assert (
        home / "memories/MEMORY.md"
    ).read_bytes() == "Release notes end with a marker\n§".encode()


def test_a_file_the_agent_would_normalise_keeps_every_byte_an_edit_does_not_touch(
    tmp_path: Path,
) -> None:
    text = "\ufeffWindows entry\r\n§\r\n  padded  \r\n§\r\n\r\n§\r\nThird entry\r\n"
    home = _home(tmp_path, text)
    ws = HermesWorkspace.open(home)
    third = next(r for r in AGENT.rows(home) if r.fields["content"] == "Third entry")
    apply_and_save(ws, [AGENT.edit(ws, third, text="Third entry (edited)")])
    after = (home / "memories/MEMORY.md").read_bytes().decode("utf-8")
    assert after == text.replace("Third entry", "Third entry (edited)")


def test_a_save_keeps_mode_0600_and_waits_for_the_agents_lock(tmp_path: Path) -> None:
    home = _home(tmp_path, "first")
    memory = home / "memories/MEMORY.md"
    memory.chmod(0o600)
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import fcntl, sys, time; f = open(sys.argv[1], 'a'); fcntl.flock(f, fcntl.LOCK_EX);"
         " print('held', flush=True); time.sleep(1.5)", f"{memory}.lock"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    holder.stdout.close()
    started = time.monotonic()
    ws = HermesWorkspace.open(home)
    apply_and_save(ws, [AGENT.add(ws, "second")])
    waited = time.monotonic() - started
    holder.wait()
    assert waited > 0.5, "MemDesk wrote while the agent held MEMORY.md.lock"
    assert memory.read_bytes() == b"first\n\xc2\xa7\nsecond"
    assert os.stat(memory).st_mode & 0o777 == 0o600


def test_a_file_memdesk_creates_is_private_as_the_agents_are(tmp_path: Path) -> None:
    """Tried as a Hermes user would: the first USER.md entry added in MemDesk made a USER.md
    anyone on the machine could read (0644); the agent makes its memory files 0600."""
    home = _home(tmp_path, "first")
    ws = HermesWorkspace.open(home)
    apply_and_save(ws, [AGENT.add(ws, "who the user is", file="memories/USER.md")])
    user = home / "memories/USER.md"
    assert user.read_bytes() == b"who the user is"
    assert os.stat(user).st_mode & 0o777 == 0o600


# -- finding the home ----------------------------------------------------------------------------
def test_a_hermes_home_and_its_profiles_are_found_and_claimed_by_no_other_agent(
    tmp_path: Path,
) -> None:
    home = _home(tmp_path / "home", "default memory", "who the user is")
    work = home / "profiles/work/memories"
    work.mkdir(parents=True)
    (work / "MEMORY.md").write_text("work memory", encoding="utf-8")
    found = detect(home)
    assert found.candidates == ("hermes",)
    sections = {r.fields["section"]: r.fields["content"] for r in AGENT.rows(home)}
    assert sections == {
        "MEMORY.md": "default memory",
        "USER.md": "who the user is",
        "work:MEMORY.md": "work memory",
    }


def test_a_bom_entry_is_hidden_from_the_model_and_said_so(tmp_path: Path) -> None:
    home = _home(tmp_path, "\ufeffhidden\n§\nseen")
    [part, _] = AGENT.context(home).parts
    assert "[BLOCKED: MEMORY.md entry contained threat pattern(s): invisible_unicode_U+FEFF" in (
        part.text
    )
    assert part.unseen and "seen" in part.text
    assert (part.chars, part.injected_chars) == (len("\ufeffhidden\n§\nseen"), len("seen"))


# -- writes waiting for approval -----------------------------------------------------------------
def test_the_writes_the_agent_staged_are_listed_oldest_first_with_every_field(
    tmp_path: Path,
) -> None:
    """Tried as a Hermes user with the approval gate on would: writes piled up in
    pending/memory/ and `memdesk check` said nothing; now it says how many wait and since when."""
    from core.agents.hermes.pending import pending_writes

    home = _home(tmp_path, "first")
    shutil.copytree(ORACLE / "pending-stage-and-list/pending", home / "pending")
    (home / "pending/memory/broken.json").write_text("{", encoding="utf-8")
    writes, skipped = pending_writes(home)
    records = sorted((ORACLE / "pending-stage-and-list/pending/memory").glob("*.json"))
    assert [w.id for w in writes] == [p.stem for p in records]
    first = json.loads(records[0].read_text(encoding="utf-8"))
    assert (writes[0].action, writes[0].summary, writes[0].origin, writes[0].payload) == (
        first["action"],
        first["summary"],
        first["origin"],
        first["payload"],
    )
    assert skipped == ["pending/memory/broken.json"]
    report = AGENT.check(home)
    [waiting] = [w for w in report.warnings if w.kind == "pending"]
    assert f"{len(records)} memory writes wait for approval" in waiting.message
    assert "since 2026-07-20 16:00 UTC" in waiting.message
