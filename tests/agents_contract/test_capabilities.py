"""What only some agents can do is a capability each plug-in declares by inheriting it, not a
method of the base that raises.

Tried as the author of a new agent would: the `Agent` interface had 28 methods, 14 of which
raised NotApplicable, so nothing said which of them an agent had to write and which it could
leave; the CLI found out by calling them. Now the base holds what every agent has, a missing
capability is asked for (`Policy.of(agent, path)`) and answered in one line, in the words the
commands gave before."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.agent import Agent, AnyAgent, Capability, NotApplicable
from core.capabilities import (
    Archiving,
    Chunks,
    Decaying,
    Editing,
    Pinning,
    Policy,
    PolicyDiff,
    Retrieval,
    SessionStart,
    Snapshots,
)
from core.registry import agent_named, all_agents
from core.store.errors import EXIT_REFUSED

CAPABILITIES: list[type[Capability]] = [
    Editing, Archiving, Pinning, Decaying, Policy, Snapshots, PolicyDiff, Retrieval, SessionStart,
    Chunks,
]  # fmt: skip

# What each agent of today could do before the split (its methods that did not raise).
DECLARED = {
    "everbot": {Editing, Archiving, Pinning, Decaying, Policy, Snapshots, Retrieval, SessionStart},
    "openclaw": {Editing, Pinning, SessionStart},
    "picoclaw": {Editing, Policy, Snapshots, PolicyDiff, Retrieval, SessionStart},
    "pomelobot": {Editing, SessionStart, Chunks},
    "hermes": {Editing, SessionStart},
    "claude_code": {Editing, SessionStart},
}


def test_no_method_of_the_base_is_one_only_some_agents_have() -> None:
    for capability in CAPABILITIES:
        for method in getattr(capability, "__abstractmethods__", ()):
            assert not hasattr(Agent, method), f"Agent.{method} belongs to {capability.__name__}"


@pytest.mark.parametrize("name", list(DECLARED))
def test_each_agent_declares_what_it_can_do(name: str) -> None:
    agent = agent_named(name)
    assert {c for c in CAPABILITIES if isinstance(agent, c)} == DECLARED[name]


@pytest.mark.parametrize("agent", all_agents(), ids=lambda agent: agent.name)
def test_a_missing_capability_is_said_in_one_line(agent: AnyAgent, tmp_path: Path) -> None:
    for capability in CAPABILITIES:
        if isinstance(agent, capability):
            assert capability.of(agent, tmp_path) is agent
            continue
        with pytest.raises(NotApplicable) as refused:
            capability.of(agent, tmp_path)
        message = str(refused.value)
        assert refused.value.exit_code == EXIT_REFUSED
        assert message.startswith(f"{tmp_path}: ") and "\n" not in message


def test_the_words_are_those_the_commands_gave() -> None:
    openclaw, picoclaw = agent_named("openclaw"), agent_named("picoclaw")
    where = Path("/ws")
    said = {
        (Archiving, "", picoclaw): "PicoClaw has no archive: its memories are active until deleted",
        (Pinning, "", picoclaw): "PicoClaw keeps no scores that decay, so there is nothing to pin",
        (Decaying, "", picoclaw): "PicoClaw keeps no scores, so nothing of it decays",
        (Policy, "", openclaw): "OpenClaw keeps no memory policy of its own",
        (Policy, "what_if", openclaw): "OpenClaw has no what-if preview of its policy",
        (Snapshots, "", openclaw): "OpenClaw keeps no policy snapshots",
        (Chunks, "", picoclaw): "PicoClaw does not cut its memory files into index chunks",
    }  # fmt: skip
    for (capability, operation, agent), words in said.items():
        with pytest.raises(NotApplicable) as refused:
            capability.of(agent, where, operation)
        assert str(refused.value) == f"/ws: {words}"
    with pytest.raises(NotApplicable) as refused:
        Retrieval.of(openclaw, where)
    assert str(refused.value).startswith("/ws: OpenClaw chooses no memory by the message")
