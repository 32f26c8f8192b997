"""Hermes' staged memory writes decided in MemDesk's review queue, checked against the oracle
of hermes-agent 0.19.0 (tests/fixtures/hermes/, see its README).

Tried as a Hermes user with `memory.write_approval` on would: the writes the agent staged piled
up in `pending/memory/` and MemDesk only counted them. Now each is a proposal with the change it
would make to the file as it is now, approved and rejected exactly as `/memory approve|reject`
does (the files and the records left are the agent's, byte for byte), through the guarded
commit (backed up, undoable), and approve-all is all or nothing."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from core.agents.hermes import AGENT
from core.capabilities import StagedRefused
from core.ops.undo import undo_and_save
from core.review.staged import approve_staged, gate, reject_staged, set_gate, staged_writes
from core.session import Session
from core.store.errors import WorkspaceError
from tests.conftest import FIXTURES

ORACLE = FIXTURES / "hermes"
CLOCK = 1784563200.0  # the oracle's clock: a record's created_at is this plus its id's number
_LABELS = {
    ("add", "memory"): "add to memory",
    ("add", "user"): "add to user profile",
    ("replace", "memory"): "replace in memory",
    ("replace", "user"): "replace in user profile",
    ("remove", "memory"): "remove from memory",
    ("remove", "user"): "remove from user profile",
}


def stage(home: Path, pending_id: str, args: dict[str, Any], origin: str = "foreground") -> Path:
    """The record `tools.write_approval.stage_write` writes for the tool call `args`."""
    target = args.get("target") or "memory"
    if "operations" in args:
        ops = args["operations"]
        detail = "\n".join(_op_line(op) for op in ops)
        label = f"apply {len(ops)} op(s) to {'memory' if target == 'memory' else 'user profile'}"
        action, payload = "batch", {"action": "batch", "target": target, "operations": ops}
    else:
        action = args["action"]
        content, old = args.get("content"), args.get("old_text")
        detail = {"add": content, "remove": old}.get(action) or f"old: {old}\nnew: {content}"
        label = _LABELS[(action, target)]
        payload = {"action": action, "target": target, "content": content, "old_text": old}
    record = {
        "id": pending_id,
        "subsystem": "memory",
        "action": action,
        "summary": f"{label}: {detail[:120]}".strip(),
        "origin": origin,
        "created_at": CLOCK + int(pending_id),
        "payload": payload,
    }
    path = home / "pending/memory" / f"{pending_id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=2, ensure_ascii=False), encoding="utf-8")
    os.utime(path, (record["created_at"], record["created_at"]))
    return path


def _op_line(op: dict[str, Any]) -> str:
    if op["action"] == "add":
        return f"- add: {op['content']}"
    if op["action"] == "replace":
        return f"- replace: {op['old_text']} -> {op['content']}"
    return f"- remove: {op['old_text']}"


@contextmanager
def session_of(home: Path) -> Iterator[Session[Any]]:
    session = Session(AGENT, AGENT.open(home))
    try:
        yield session
    finally:
        session.close()


def _files(home: Path) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for name in ("MEMORY.md", "USER.md"):
        path = home / "memories" / name
        out[name] = path.read_bytes().decode("utf-8") if path.exists() else None
    return out


def _records(home: Path) -> dict[str, str]:
    folder = home / "pending/memory"
    return {
        f"pending/memory/{p.name}": hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.glob("*.json"))
    }


def _oracle_records(step: dict[str, Any]) -> dict[str, str]:
    return {
        rel: entry["sha256"]
        for rel, entry in step["tree"].items()
        if rel.startswith("pending/memory/") and rel.endswith(".json")
    }


def _approve_one_by_one(home: Path, which: str) -> None:
    """`/memory approve <id|all>`: each record oldest first, a failing one left waiting."""
    with session_of(home) as session:
        ids = [w.id for w in staged_writes(session)] if which.lower() == "all" else [which]
    for pending_id in ids:
        with session_of(home) as session, contextlib.suppress(StagedRefused):
            approve_staged(session, [pending_id])


def _replay(case: str, home: Path) -> int:
    """Walk the oracle case; MemDesk decides every /memory step. Returns the steps compared."""
    given = json.loads((ORACLE / case / "input.json").read_text("utf-8"))
    outputs = json.loads((ORACLE / case / "output.json").read_text("utf-8"))["steps"]
    for name, text in given["files"].items():
        (home / name).parent.mkdir(parents=True, exist_ok=True)
        (home / name).write_bytes(text.encode("utf-8"))
    if given["config"] is not None:
        (home / "config.yaml").write_text(given["config"], encoding="utf-8")
    origin, compared = "foreground", 0
    for step, out in zip(given["steps"], outputs, strict=True):
        do, args = step["do"], step.get("args")
        result = out.get("result") or {}
        if do == "origin":
            origin = step["value"]
        elif do == "config":
            (home / "config.yaml").write_text(step["content"], encoding="utf-8")
        elif do == "write_file":
            (home / step["path"]).write_bytes(step["content"].encode("utf-8"))
        elif do == "tool" and result.get("staged"):
            stage(home, result["pending_id"], args, origin)
        elif do == "tool" and result.get("success"):  # the agent wrote at once (gate off)
            for name in ("MEMORY.md", "USER.md"):
                if out[name] is not None:
                    (home / "memories").mkdir(exist_ok=True)
                    (home / "memories" / name).write_bytes(out[name].encode("utf-8"))
        elif do == "slash" and len(args) == 2 and args[0] in ("approve", "apply"):
            _approve_one_by_one(home, args[1])
        elif do == "slash" and len(args) == 2 and args[0] in ("reject", "deny", "drop"):
            with session_of(home) as session:
                _reject(session, args[1])
        assert _files(home) == {"MEMORY.md": out["MEMORY.md"], "USER.md": out["USER.md"]}, (
            case,
            out["step"],
        )
        if "tree" in out:
            assert _records(home) == _oracle_records(out), (case, out["step"])
        compared += 1
    return compared


def _reject(session: Session[Any], which: str) -> None:
    """`/memory reject <id|all>`; an id no longer waiting is refused in the agent's words."""
    if which.lower() == "all":
        reject_staged(session)
    elif which in {w.id for w in staged_writes(session)}:
        reject_staged(session, [which])
    else:
        with pytest.raises(WorkspaceError, match=f"No pending memory write with id '{which}'"):
            reject_staged(session, [which])


CASES = [
    "pending-stage-and-list",
    "pending-approve-after-change",
    "pending-approve-all-mixed",
    "pending-reject",
    "origin-and-inline-approval",
]


@pytest.mark.parametrize("case", CASES)
def test_every_approve_and_reject_of_the_oracle_leaves_the_agents_files_and_records(
    case: str, tmp_path: Path
) -> None:
    assert _replay(case, tmp_path) >= 4
    final = ORACLE / case
    for name in ("MEMORY.md", "USER.md"):
        if (final / f"after.{name}").exists():
            assert (tmp_path / "memories" / name).read_bytes() == (
                final / f"after.{name}"
            ).read_bytes()
    kept = (
        sorted(p.name for p in (final / "pending/memory").glob("*.json"))
        if (final / "pending/memory").is_dir()
        else []
    )
    assert sorted(p.name for p in (tmp_path / "pending/memory").glob("*.json")) == kept
    for name in kept:
        mine = (tmp_path / "pending/memory" / name).read_bytes()
        assert mine == (final / "pending/memory" / name).read_bytes()


def _mixed_home(home: Path) -> None:
    """pending-approve-all-mixed before its first `/memory approve all`."""
    given = json.loads((ORACLE / "pending-approve-all-mixed/input.json").read_text("utf-8"))
    (home / "config.yaml").write_text(
        "memory:\n  write_approval: false\n  memory_char_limit: 120\n", encoding="utf-8"
    )
    for n, step in enumerate(given["steps"][:5], start=1):
        stage(home, f"{n:08d}", step["args"])


def test_memdesks_approve_all_of_the_mixed_case_changes_nothing_and_names_each_failure(
    tmp_path: Path,
) -> None:
    _mixed_home(tmp_path)
    before = _records(tmp_path)
    with session_of(tmp_path) as session, pytest.raises(StagedRefused) as refused:
        approve_staged(session)
    assert sorted(refused.value.reasons) == ["00000003", "00000004"]
    assert refused.value.reasons["00000003"].startswith("Memory at 113/120 chars.")
    assert refused.value.reasons["00000004"].startswith("No entry matched 'ZZZ'.")
    assert not (tmp_path / "memories/MEMORY.md").exists()
    assert _records(tmp_path) == before


def test_each_proposal_shows_its_origin_summary_age_and_the_change_to_the_file_now(
    tmp_path: Path,
) -> None:
    _replay("origin-and-inline-approval", tmp_path)
    with session_of(tmp_path) as session:
        writes = staged_writes(session)
    assert [(w.id, w.origin, w.action) for w in writes] == [
        ("00000001", "background_review", "add"),
        ("00000002", "foreground", "remove"),
        ("00000003", "foreground", "add"),
    ]
    first, second = writes[0], writes[1]
    assert first.summary == "add to user profile: bg write with gate on"
    assert first.since.timestamp() == CLOCK + 1
    assert first.file == "memories/USER.md" and first.diff() == ["+ bg write with gate on"]
    assert second.diff() == [
        "- bg write with gate off",
        "- §",
        "  fg write approved inline",
    ]
    assert second.fields["payload"] == {
        "action": "remove",
        "target": "memory",
        "content": None,
        "old_text": "gate off",
    }
    assert second.failure is None


def test_approving_after_the_person_edited_the_entry_warns_then_gives_what_the_agent_gives(
    tmp_path: Path,
) -> None:
    """Oracle pending-approve-after-change: the hand edit of the Tuesday entry is overwritten
    by the staged text, and the remove whose text vanished fails and stays."""
    home = tmp_path
    (home / "memories").mkdir()
    memory = home / "memories/MEMORY.md"
    memory.write_bytes("Deploys go out on Tuesdays\n§\nCI runs on GitHub Actions".encode())
    stage(home, "00000001", {"action": "replace", "target": "memory", "old_text": "Tuesdays",
                             "content": "Deploys go out on Thursdays"})  # fmt: skip
    stage(home, "00000002", {"action": "remove", "target": "memory", "old_text": "GitHub Actions"})
    memory.write_bytes(
        "Deploys go out on Tuesdays and Fridays (hotfixes any day)\n§\nCI moved to Buildkite "
        "in June".encode()
    )
    with session_of(home) as session:
        replace, remove = staged_writes(session)
    assert any("changed after this write was staged" in w for w in replace.warnings)
    assert any("overwrites that edit" in w for w in replace.warnings)
    assert replace.diff()[:2] == [
        "- Deploys go out on Tuesdays and Fridays (hotfixes any day)",
        "+ Deploys go out on Thursdays",
    ]
    assert any("'GitHub Actions' matches no entry" in w for w in remove.warnings)
    assert remove.failure is not None and remove.failure.startswith("No entry matched")
    with session_of(home) as session:
        approve_staged(session, ["00000001"])
        with pytest.raises(StagedRefused, match="No entry matched 'GitHub Actions'"):
            approve_staged(session, ["00000002"])
    after = ORACLE / "pending-approve-after-change/after.MEMORY.md"
    assert memory.read_bytes() == after.read_bytes()
    assert sorted(p.name for p in (home / "pending/memory").iterdir()) == ["00000002.json"]


def test_a_write_matching_several_entries_is_flagged(tmp_path: Path) -> None:
    (tmp_path / "memories").mkdir()
    (tmp_path / "memories/MEMORY.md").write_text("dark mode\n§\nlight mode", encoding="utf-8")
    os.utime(tmp_path / "memories/MEMORY.md", (CLOCK, CLOCK))
    stage(tmp_path, "00000001", {"action": "remove", "target": "memory", "old_text": "mode"})
    with session_of(tmp_path) as session:
        [write] = staged_writes(session)
    assert write.warnings == (
        "'mode' matches 2 entries of MEMORY.md now: Hermes refuses it as ambiguous",
    )
    assert write.failure == "Multiple entries matched 'mode'. Be more specific."


def test_approve_and_reject_are_backed_up_and_undo_brings_the_records_back(
    tmp_path: Path,
) -> None:
    _mixed_home(tmp_path)
    records = {p.name: p.read_bytes() for p in (tmp_path / "pending/memory").iterdir()}
    with session_of(tmp_path) as session:
        approved = approve_staged(session, ["00000001", "00000002"])
        rejected = reject_staged(session, ["00000004"])
    assert (tmp_path / "memories/MEMORY.md").read_text("utf-8") == "A" * 50 + "\n§\n" + "B" * 60
    assert sorted(p.name for p in (tmp_path / "pending/memory").iterdir()) == [
        "00000003.json",
        "00000005.json",
    ]
    assert approved.op_id is not None and rejected.op_id is not None
    for op in (rejected.op_id, approved.op_id):
        undo_and_save(AGENT.open(tmp_path), op)
    assert not (tmp_path / "memories/MEMORY.md").exists()  # the approval created it
    assert {p.name: p.read_bytes() for p in (tmp_path / "pending/memory").iterdir()} == records


def test_a_failing_approval_leaves_the_record_and_says_why_in_the_agents_words(
    tmp_path: Path,
) -> None:
    stage(tmp_path, "00000001", {"action": "add", "target": "memory",
                                 "content": "Key is at ~/.ssh/staging_ed25519"})  # fmt: skip
    with (
        session_of(tmp_path) as session,
        pytest.raises(StagedRefused, match="threat pattern 'ssh_access'"),
    ):
        approve_staged(session, ["00000001"])
    assert (tmp_path / "pending/memory/00000001.json").exists()
    assert not (tmp_path / "memories/MEMORY.md").exists()


def test_an_add_already_there_counts_as_approved_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "memories").mkdir()
    memory = tmp_path / "memories/MEMORY.md"
    memory.write_bytes(b"fact A  \r\n")  # the agent would normalise it: nothing is written
    stage(tmp_path, "00000001", {"action": "add", "target": "memory", "content": " fact A "})
    with session_of(tmp_path) as session:
        approve_staged(session, ["00000001"])
    assert memory.read_bytes() == b"fact A  \r\n"
    assert not (tmp_path / "pending/memory/00000001.json").exists()


# -- the gate ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("config", "on"),
    [
        (step["content"], out.get("write_approval_enabled"))
        for step, out in zip(
            json.loads((ORACLE / "gate-config-values/input.json").read_text())["steps"],
            json.loads((ORACLE / "gate-config-values/output.json").read_text())["steps"][1:],
            strict=False,
        )
        if step["do"] == "config"
    ]
    + [("memory:\n  write_approval: approve\n", True)],
)
def test_the_gate_is_read_as_the_agent_reads_it(config: str, on: bool, tmp_path: Path) -> None:
    (tmp_path / "config.yaml").write_text(config, encoding="utf-8")
    with session_of(tmp_path) as session:
        assert gate(session).on is on


def test_the_old_write_mode_key_is_shown_as_no_longer_counting(tmp_path: Path) -> None:
    (tmp_path / "config.yaml").write_text("memory:\n  write_mode: approve\n", encoding="utf-8")
    with session_of(tmp_path) as session:
        shown = gate(session)
    assert shown.on is False
    assert "approve" in shown.turns_on
    assert any("write_mode: approve is the old key" in note for note in shown.notes)


CONFIG_WITH_EVERYTHING = (
    "# Hermes config\n"
    "model: gpt-5  # the default\n"
    "memory:\n"
    "    memory_char_limit: 2200\n"
    "    write_approval: false   # staged writes\n"
    "    user_char_limit: 1375\n"
    "skills:\n"
    "  write_approval: true\n"
)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (
            CONFIG_WITH_EVERYTHING,
            CONFIG_WITH_EVERYTHING.replace(
                "write_approval: false   # staged", "write_approval: true   # staged"
            ),
        ),
        ("model: x\nmemory:\n  memory_char_limit: 100\n",
         "model: x\nmemory:\n  write_approval: true\n  memory_char_limit: 100\n"),
        ("model: x", "model: x\nmemory:\n  write_approval: true\n"),
        (None, "memory:\n  write_approval: true\n"),
    ],
)  # fmt: skip
def test_switching_the_gate_changes_its_one_line_and_nothing_else(
    before: str | None, after: str, tmp_path: Path
) -> None:
    if before is not None:
        (tmp_path / "config.yaml").write_text(before, encoding="utf-8")
    with session_of(tmp_path) as session:
        assert set_gate(session, True).on is True
    assert (tmp_path / "config.yaml").read_text("utf-8") == after


def test_a_config_memdesk_cannot_edit_safely_is_refused_and_left_alone(tmp_path: Path) -> None:
    text = "memory: {write_approval: false}\n"
    (tmp_path / "config.yaml").write_text(text, encoding="utf-8")
    with session_of(tmp_path) as session:
        assert gate(session).on is None
        with pytest.raises(Exception, match=r"hermes config set memory\.write_approval true"):
            set_gate(session, True)
    assert (tmp_path / "config.yaml").read_text("utf-8") == text


def test_a_memory_file_memdesk_cannot_read_is_said_on_the_write_not_a_crash(
    tmp_path: Path,
) -> None:
    (tmp_path / "memories").mkdir()
    (tmp_path / "memories/MEMORY.md").write_bytes(b"\xff\xfe not utf-8")
    stage(tmp_path, "00000001", {"action": "add", "target": "memory", "content": "fact"})
    with session_of(tmp_path) as session:
        [write] = staged_writes(session)
    assert write.failure is not None and "cannot read memories/MEMORY.md" in write.failure
