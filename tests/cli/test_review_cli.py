"""`memdesk review|approve|reject`: the queue from the command line, JSON shapes of SPEC 7."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.core.review import test_llm_reviewer
from tests.core.review.test_llm_reviewer import ChatServer, Reply

server = test_llm_reviewer.server  # a real chat-completions server on 127.0.0.1

PROPOSAL_KEYS = {"id", "memory_id", "trigger", "decision", "reasons", "status"}


def test_review_lists_the_queue_and_approve_applies(cli: Cli, demo: Path) -> None:
    result = cli("review", demo, "--json")
    assert result.code == 0, result.err
    proposals = result.json()
    assert proposals and all(set(p) >= PROPOSAL_KEYS for p in proposals)
    assert all(p["status"] == "pending" for p in proposals)
    first = proposals[0]
    text = cli("review", demo, "--list").out
    assert f"#{first['id']}" in text

    applied = cli("approve", demo, first["id"], "--json")
    assert applied.code == 0 and applied.json()["applied"] == [first["id"]]
    assert first["id"] not in [p["id"] for p in cli("review", demo, "--list", "--json").json()]
    assert cli("activity", demo).out.count("review: approved") == 1


def test_reject_all_and_an_unknown_proposal(cli: Cli, demo: Path) -> None:
    cli("review", demo)
    before = (demo / "MEMORY.md").read_bytes()
    rejected = cli("reject", demo, "--all", "--json").json()["rejected"]
    assert rejected
    assert (demo / "MEMORY.md").read_bytes() == before
    assert cli("review", demo, "--list", "--json").json() == []
    refused = cli("approve", demo, 99999)
    assert refused.code == 1 and "no proposal 99999" in refused.err
    usage = cli("approve", demo)
    assert usage.code == 2 and "--all" in usage.err


def test_the_llm_reviewer_from_the_command_line(
    cli: Cli, demo: Path, server: ChatServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMDESK_LLM_API_KEY", "cli-test-key-42")
    server.respond = lambda seen: (
        Reply("[SEARCH:coffee]")
        if len(seen.messages) < 4
        else Reply("Stable and used often.\n[KEEP]")
    )
    result = cli(
        "review", demo, "--reviewer", "llm", "--llm-base-url", server.base_url,
        "--llm-model", "m", "--llm-timeout", "2", "--json",
    )  # fmt: skip
    assert result.code == 0, result.err
    proposals = result.json()
    assert proposals and {p["reviewer"] for p in proposals} == {"llm"}
    assert any("[SEARCH:coffee]" in p["transcript"] for p in proposals)
    assert server.seen[0].headers["Authorization"] == "Bearer cli-test-key-42"
    assert not any(
        "cli-test-key-42" in p.read_text(errors="replace") for p in demo.rglob("*") if p.is_file()
    )


def test_the_llm_reviewer_needs_its_endpoint(cli: Cli, demo: Path) -> None:
    result = cli("review", demo, "--reviewer", "llm")
    assert result.code == 2 and "--llm-base-url" in result.err


def test_a_decay_runs_archive_and_delete_proposals_go_to_the_queue(cli: Cli, demo: Path) -> None:
    preview = cli("decay", demo, "--at", "2027-03-01", "--json").json()
    assert preview["transitions"], "a year on, some demo memories fall below the marks"
    applied = cli("decay", demo, "--at", "2027-03-01", "--apply")
    assert applied.code == 0 and "new in the review queue" in applied.out
    queued = cli("review", demo, "--list", "--json").json()
    decays = {p["memory_id"] for p in queued if "decay" in p["triggers"]}
    named = {other for p in queued for other in p["related"]}  # its own proposal comes after
    assert {t["id"] for t in preview["transitions"]} <= decays | named
    assert all(
        p["decision"] in ("ARCHIVE", "DELETE", "KEEP") for p in queued if p["trigger"] == "decay"
    )
    cli("decay", demo, "--at", "2027-03-01", "--apply")
    again = cli("review", demo, "--list", "--json").json()
    assert len(again) == len(queued)  # waiting proposals are not made twice


@pytest.mark.parametrize(
    ("setup", "said"),
    [
        ("refused", "connection refused"),
        ("timeout", "no answer from"),
        ("http500", "HTTP 500"),
        ("garbage", "not a chat completion"),
    ],
)
def test_a_review_the_llm_could_not_give_fails_loudly(
    cli: Cli, demo: Path, server: ChatServer, setup: str, said: str
) -> None:
    url = "http://127.0.0.1:9/v1" if setup == "refused" else server.base_url
    server.respond = lambda _seen: {
        "timeout": Reply("[KEEP]", delay=3.0),
        "http500": Reply(status=500, body="upstream is down", headers={"Retry-After": "0"}),
        "garbage": Reply(body="<html>not json</html>"),
    }.get(setup, Reply("[KEEP]"))
    result = cli(
        "review", demo, "--reviewer", "llm", "--llm-base-url", url, "--llm-model", "m",
        "--llm-timeout", "1",
    )  # fmt: skip

    assert result.code == 1
    failed = [line for line in result.err.splitlines() if " failed: " in line]
    assert failed and all(said in line for line in failed)
    assert "failed" in result.out.splitlines()[0]
    listed = cli("review", demo, "--list", "--json").json()
    assert listed and {p["status"] for p in listed} == {"failed"}
    assert cli("approve", demo, "--all").out.strip() == "the review queue is empty"


def test_a_wait_the_server_asks_for_is_said_on_stderr(
    cli: Cli, demo: Path, server: ChatServer
) -> None:
    answers = iter([Reply(status=429, body="slow down", headers={"Retry-After": "1"})])
    server.respond = lambda _seen: next(answers, Reply("Fine as it is.\n[KEEP]"))
    result = cli(
        "review", demo, "--reviewer", "llm", "--llm-base-url", server.base_url,
        "--llm-model", "m", "--llm-timeout", "5",
    )  # fmt: skip
    assert result.code == 0, result.err
    assert "memdesk: HTTP 429 (Too Many Requests)" in result.err and "retrying in 1 s" in result.err
