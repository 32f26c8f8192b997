"""The agent's drift guard is one function (`risks.drift`): what check and the page warn of is
what approving a staged replace or remove refuses, in the agent's own words.

Tried as a Hermes user would: a MEMORY.md holding only a `§` line between blank lines made
`memdesk check` stop with "max() arg is an empty sequence", while Hermes refuses its next replace
there; now check says so, as approving does."""

from __future__ import annotations

from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from core.agents.hermes import AGENT
from core.agents.hermes.approval import replay
from core.agents.hermes.format import parse_memory_file
from core.agents.hermes.risks import file_risks

_PIECES = st.lists(
    st.sampled_from(["alpha", "beta", " beta ", "", "\n", "x" * 40, "§", "\r\n", "a\nb"]),
    min_size=1,
    max_size=5,
)
_GLUE = st.sampled_from(["\n§\n", "\r\n§\r\n", "\n\n§\n", "\n"])


@given(_PIECES, _GLUE, st.sampled_from([30, 2200]))
@example(["", ""], "\n§\n", 2200)
def test_check_warns_of_the_drift_approval_refuses(
    pieces: list[str], glue: str, limit: int
) -> None:
    raw = glue.join(pieces)
    doc = parse_memory_file(raw.encode(), "MEMORY.md")
    warned = any(r.kind == "drift" for r in file_risks(doc, "MEMORY.md", limit))
    outcome = replay(raw, {"action": "remove", "old_text": "no such text"}, limit, "MEMORY.md")
    refused = (outcome.error or "").startswith("Refusing to write MEMORY.md: file on disk")
    assert warned == refused


def test_check_reads_a_file_of_only_a_section_sign_line(tmp_path: Path) -> None:
    (tmp_path / "memories").mkdir()
    (tmp_path / "memories/MEMORY.md").write_text("\n§\n", encoding="utf-8")
    kinds = [w.kind for w in AGENT.check(tmp_path).warnings]
    assert "drift" in kinds
