"""`memdesk show PATH ID` on PicoClaw and Pomeloclaw / Pomelobot workspaces: ID as `list` gives it,
or FILE:ID when the same id is in several files; unknown ids exit 1, ambiguous ones 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.agents.picoclaw import format as picoclaw
from tests.cli.conftest import LIST_KEYS, Cli, fixture_workspace, run_process, snapshot


@pytest.fixture
def pico(cli: Cli, tmp_path: Path) -> Path:
    result = cli("demo", tmp_path / "home", "--layout", "picoclaw", "--seed", 3)
    assert result.code == 0, result.err
    return tmp_path / "home" / "workspace"


@pytest.fixture
def pomelo(cli: Cli, tmp_path: Path) -> Path:
    result = cli("demo", tmp_path / "pomelo", "--layout", "pomelobot", "--seed", 3)
    assert result.code == 0, result.err
    return tmp_path / "pomelo"


SAME_TIME = "09:15:40"


@pytest.fixture
def twins(tmp_path: Path) -> Path:
    """A Pomelobot workspace where one time stamp is in two files (and twice in one)."""
    root = tmp_path / "twins"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(
        f"# Long-term Memory (main)\n\n\n[{SAME_TIME}] Long-term: the user likes tea.\n",
        encoding="utf-8",
    )
    (root / "memory" / "2026-03-03.md").write_text(
        "# Daily Memory - 2026-03-03 (main)\n"
        f"\n[{SAME_TIME}] Daily: deploy at noon.\n"
        f"\n[{SAME_TIME}] Daily: same second, second memory.\n",
        encoding="utf-8",
    )
    return root


def listed(cli: Cli, path: Path) -> list[dict[str, object]]:
    result = cli("list", path, "--json")
    assert result.code == 0, result.err
    memories: list[dict[str, object]] = result.json()
    assert memories
    return memories


@pytest.mark.parametrize("layout", ["pico", "pomelo"])
def test_show_json_is_the_listed_memory(
    cli: Cli, layout: str, request: pytest.FixtureRequest
) -> None:
    root: Path = request.getfixturevalue(layout)
    memories = listed(cli, root)
    ids = [m["id"] for m in memories]
    assert len(set(ids)) == len(ids), "the demo's ids are unique"
    before = snapshot(root)
    for memory in memories[:: max(1, len(memories) // 8)]:
        shown = cli("show", root, memory["id"], "--json")
        assert shown.code == 0, shown.err
        data = shown.json()
        assert set(data) >= LIST_KEYS | {"history"}
        assert {k: data[k] for k in LIST_KEYS} == memory
        assert data["history"] == []
    assert snapshot(root) == before  # show writes nothing, not even a journal


def test_show_text_of_a_picoclaw_entry(cli: Cli, pico: Path) -> None:
    memory = pico / "memory" / "MEMORY.md"
    doc = picoclaw.parse_longterm(memory.read_bytes(), memory)
    entry = next(e for e in doc.entries() if "\n" in e.content)  # a multi-line one
    result = cli("show", pico, entry.key)
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == f"[{entry.key}] longterm | {entry.title}"
    assert lines[1] == f"  file {memory}:{entry.line}"
    assert lines[2] == f"  date {entry.title}"
    assert result.out.endswith(
        "\n\n" + "".join(f"  {line}\n" for line in entry.content.split("\n"))
    )


def test_show_text_of_pomelobot_entries(cli: Cli, pomelo: Path) -> None:
    memories = listed(cli, pomelo)
    daily = next(m for m in memories if str(m["section"]).endswith(":daily"))
    result = cli("show", pomelo, daily["id"])
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == f"[{daily['id']}] {daily['section']} | {daily['last_activated']}"
    assert lines[1] == f"  file {daily['file']}:{daily['line']}"
    day = Path(str(daily["file"])).name[:10]
    assert lines[2] == f"  date {day}, time {daily['last_activated']}"
    assert str(daily["content"]).split("\n")[0] in result.out

    long_term = next(m for m in memories if m["section"] == "main:long_term")
    result = cli("show", pomelo, long_term["id"])
    assert result.out.splitlines()[2] == f"  time {long_term['last_activated']}"


@pytest.mark.parametrize("layout", ["pico", "pomelo"])
def test_unknown_id_exits_1_like_a_structured_workspace(
    cli: Cli, layout: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    root: Path = request.getfixturevalue(layout)
    result = cli("show", root, "no-such-id", "--json")
    assert result.code == 1
    assert result.out == ""
    assert result.err == f"memdesk: {root}: no memory with id no-such-id\n"
    structured = cli("show", fixture_workspace(tmp_path, "canonical"), "no-such-id", "--json")
    assert structured.code == result.code
    assert structured.err.endswith(": no memory with id no-such-id\n")


def test_an_id_in_several_files_is_ambiguous(cli: Cli, twins: Path) -> None:
    result = cli("show", twins, SAME_TIME)
    assert result.code == 2
    assert result.out == ""
    assert "2 memories have the id 09:15:40" in result.err
    assert "FILE:ID" in result.err
    assert f"  MEMORY.md:{SAME_TIME}  (main:long_term, line 4)" in result.err
    assert f"  memory/2026-03-03.md:{SAME_TIME}  (main:daily, line 3)" in result.err
    assert "~2" not in result.err  # the repeat in the daily file has an id of its own


@pytest.mark.parametrize(
    ("ref", "content"),
    [
        (f"MEMORY.md:{SAME_TIME}", "Long-term: the user likes tea."),
        (f"memory/2026-03-03.md:{SAME_TIME}", "Daily: deploy at noon."),
        (f"memory/2026-03-03.md:{SAME_TIME}~2", "Daily: same second, second memory."),
        (f"{SAME_TIME}~2", "Daily: same second, second memory."),
    ],
)
def test_file_and_id_pick_one(cli: Cli, twins: Path, ref: str, content: str) -> None:
    result = cli("show", twins, ref, "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["content"] == content
    assert f"{data['file']}:{data['id']}".endswith(ref)


def test_file_and_id_of_no_memory_exits_1(cli: Cli, twins: Path) -> None:
    for ref in (f"memory/2026-03-04.md:{SAME_TIME}", "MEMORY.md:10:00:00", "MEMORY.md:"):
        result = cli("show", twins, ref)
        assert result.code == 1, ref
        assert f"no memory with id {ref}" in result.err


def test_picoclaw_repeated_date_headings(cli: Cli, tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory" / "202603").mkdir(parents=True)
    (root / "memory" / "202603" / "20260303.md").write_text("# 2026-03-03\n\nnote")
    (root / "memory" / "MEMORY.md").write_text(
        picoclaw.LONGTERM_TEMPLATE
        + "\n\n## 2026-03-03\n\nfirst\n\n## 2026-03-03\n\nsecond\n\n## User name\n\nNora"
    )
    second = cli("show", root, "2026-03-03~2", "--json")
    assert second.code == 0, second.err
    assert (second.json()["content"], second.json()["line"]) == ("second", 9)
    named = cli("show", root, "User name")
    assert named.code == 0, named.err
    assert "  heading User name\n" in named.out
    assert named.out.endswith("\n  Nora\n")


def test_show_in_a_real_process(pomelo: Path, tmp_path: Path) -> None:
    memories_file = pomelo / "MEMORY.md"
    first_id = memories_file.read_text(encoding="utf-8").split("[", 2)[1].split("]")[0]
    ok = run_process("show", pomelo, first_id, "--json", cwd=tmp_path)
    assert ok.code == 0, ok.err
    assert ok.json()["file"] == str(memories_file)
    unknown = run_process("show", pomelo, "99:99:99", cwd=tmp_path)
    assert (unknown.code, unknown.out) == (1, "")
    assert "99:99:99" in unknown.err
    assert "Traceback" not in unknown.err


def test_picoclaw_home_folder_stands_for_its_workspace(cli: Cli, pico: Path) -> None:
    """Tried as a new user would: `memdesk list ~/.picoclaw` (the home, not its workspace/)."""
    home = pico.parent
    from_home = cli("list", home, "--json")
    from_workspace = cli("list", pico, "--json")
    assert from_home.code == 0, from_home.err
    assert from_home.out == from_workspace.out
    assert cli("check", home).code == 0
    assert cli("retrieve", home, "咖啡").out == cli("retrieve", pico, "咖啡").out
