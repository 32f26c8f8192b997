"""The PicoClaw and Pomelobot demos: detected as such, every file in its agent's exact format and
read back byte for byte by MemDesk's own parsers, a coherent history, determinism."""

from __future__ import annotations

import json
import re
from datetime import date, datetime, timedelta
from pathlib import Path
from string import Formatter

import pytest

from app.cli import main
from core.agent import DemoResult
from core.agents.picoclaw import format as pc
from core.agents.picoclaw import policy as pc_policy
from core.agents.picoclaw.profile import load_profile, render_profile
from core.agents.picoclaw.retrieval import retrieve
from core.agents.pomelobot import format as pb
from core.agents.pomelobot.scopes import MAIN, list_scopes
from core.demo import DemoError, load_corpus, shared_corpus, write_demo
from core.registry import detect
from core.store.backups_view import list_backups
from tests.cli.conftest import Cli, Result

TODAY = date(2026, 3, 3)
YESTERDAY = TODAY - timedelta(days=1)
PICO_BACKUP_RE = re.compile(r"(\d{8}_\d{6})_MEMORY\.md")
SNAPSHOT_RE = re.compile(r"\d{8}_\d{6}\.json")
# SPEC 2.2: an appended entry, as it follows the text before it.
PICO_APPEND_RE = re.compile(r"\n\n## (\d{4}-\d\d-\d\d)\n\n")
CJK = re.compile(r"[\u4e00-\u9fff]")
ALL_KINDS = {"long_term", "daily", "transcript"}


def all_files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def text_of(path: Path) -> str:
    return path.read_bytes().decode("utf-8")


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """`memdesk ARGS` through app.cli.main in this process: exit code and output."""

    def run(*args: object) -> Result:
        capsys.readouterr()
        code = main([str(a) for a in args])
        out, err = capsys.readouterr()
        return Result(code, out, err)

    return run


@pytest.fixture(scope="module")
def picoclaw(tmp_path_factory: pytest.TempPathFactory) -> DemoResult:
    return write_demo(tmp_path_factory.mktemp("pico") / "home", layout="picoclaw", today=TODAY)


@pytest.fixture(scope="module")
def pomelobot(tmp_path_factory: pytest.TempPathFactory) -> DemoResult:
    return write_demo(tmp_path_factory.mktemp("pomelo") / "ws", layout="pomelobot", today=TODAY)


def pico_entries(text: str) -> list[tuple[str, str]]:
    """(date, content) of each append after the template, read with the SPEC's format only."""
    assert text.startswith(pc.LONGTERM_TEMPLATE)
    parts = PICO_APPEND_RE.split(text[len(pc.LONGTERM_TEMPLATE) :])
    assert parts[0] == ""
    return list(zip(parts[1::2], parts[2::2], strict=True))


def pico_rebuild(entries: list[tuple[str, str]]) -> str:
    """The agent's appends on its template: ``cur + "\\n\\n" + NormalizeLongTermEntry``."""
    text = pc.LONGTERM_TEMPLATE
    for day, content in entries:
        text = pc.promote_passage(text, content, date.fromisoformat(day))
    return text


# --- Detection -------------------------------------------------------------------------------------


def test_detect_recognises_both_layouts(picoclaw: DemoResult, pomelobot: DemoResult) -> None:
    home = picoclaw.workspace.parent
    assert picoclaw.workspace == home / "workspace"
    found = detect(picoclaw.workspace)
    assert found.chosen == "picoclaw" and found.candidates == ("picoclaw",)
    assert {s.kind for s in found.sources} == {
        "longterm",
        "daily_notes",
        "profile",
        "policy",
        "backups",
    }
    # The home is not a workspace: the person opens DIR/workspace.
    assert detect(home).candidates == ()

    found = detect(pomelobot.workspace)
    assert found.chosen == "pomelobot" and found.candidates == ("pomelobot",)
    names = [s.name for s in found.sources]
    assert names[0] == "main" and len(names) == 3
    assert {n.split("_")[0] for n in names[1:]} == {"direct", "group"}


def test_picoclaw_writes_nothing_outside_the_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    write_demo(home, layout="picoclaw", entries=5, today=TODAY)
    assert list(tmp_path.iterdir()) == [home]
    assert sorted(p.name for p in home.iterdir()) == ["config.json", "workspace"]


# --- PicoClaw: MEMORY.md and its backups ------------------------------------------------------------


def test_picoclaw_memory_is_the_template_plus_the_agents_appends(picoclaw: DemoResult) -> None:
    assert picoclaw.memory_file == picoclaw.workspace / "memory" / "MEMORY.md"
    text = text_of(picoclaw.memory_file)
    entries = pico_entries(text)
    assert len(entries) == picoclaw.entries == 24
    assert pico_rebuild(entries) == text
    assert not text.endswith("\n")
    days = [date.fromisoformat(d) for d, _ in entries]
    assert days == sorted(days) and days[-1] == YESTERDAY
    for day, content in entries:
        assert pc.longterm_entry_text(content, date.fromisoformat(day)) == f"## {day}\n\n{content}"
        assert "\n\n" not in content and not content.startswith("#")
    # Mixed Chinese and English, mostly distinct.
    contents = [c for _, c in entries]
    assert 0.2 < sum(bool(CJK.search(c)) for c in contents) / len(contents) < 0.9
    assert len(set(contents)) == len(contents)


def test_picoclaw_files_parse_and_render_back_exactly(picoclaw: DemoResult) -> None:
    memory = picoclaw.workspace / "memory"
    for path in (picoclaw.memory_file, *picoclaw.backups):
        data = path.read_bytes()
        doc = pc.parse_longterm(data, path)
        assert doc.to_bytes() == data, path.name
        assert doc.preamble.text.rstrip("\n") == pc.LONGTERM_TEMPLATE
        assert doc.warnings == [] and doc.problems == []
        assert all(e.date is not None for e in doc.entries())
    assert len(pc.parse_longterm(picoclaw.memory_file.read_bytes()).entries()) == 24
    notes = pc.list_daily_notes(picoclaw.workspace)
    assert notes
    for note in notes:
        assert pc.read_daily_note(note).encode("utf-8") == note.path.read_bytes()
    profile = load_profile(memory / "profile.json")
    assert profile.to_bytes() == (memory / "profile.json").read_bytes()


def test_picoclaw_backups_are_the_file_before_each_write(picoclaw: DemoResult) -> None:
    memory = picoclaw.workspace / "memory"
    infos = list_backups(memory / "backups", picoclaw.workspace)
    assert [i.path for i in infos] == list(picoclaw.backups)
    assert picoclaw.agent_backup == picoclaw.backups[-1]
    assert all(PICO_BACKUP_RE.fullmatch(p.name) for p in picoclaw.backups)
    current = text_of(picoclaw.memory_file)
    compression, *appends = infos
    assert len(appends) == 3
    # Each append backed the file up first, then added one entry dated that day.
    for info, following in zip(appends, [*appends[1:], None], strict=True):
        before = text_of(info.path)
        after = current if following is None else text_of(following.path)
        added = pico_entries(after)[len(pico_entries(before)) :]
        assert after.startswith(before) and len(added) == 1
        assert added[0][0] == info.at.date().isoformat()
        assert pico_rebuild(pico_entries(before) + added) == after
    # The long-term compression: its backup holds the entries before it, some of which it
    # dropped; the ones it kept are in MEMORY.md verbatim and in order.
    stamp = pc.read_last_compress(picoclaw.workspace)
    raw = (memory / ".last_longterm_compress").read_bytes()
    assert raw.isdigit() and stamp is not None
    assert datetime.fromtimestamp(int(raw)).astimezone() == compression.at
    old = pico_entries(text_of(compression.path))
    kept = [e for e in pico_entries(current) if e[0] <= compression.at.date().isoformat()]
    assert 0 < len(kept) < len(old)
    rest = iter(old)
    assert all(entry in rest for entry in kept)  # a subsequence: verbatim, in order
    threshold = json.loads(text_of(picoclaw.workspace.parent / "config.json"))["memory"][
        "long_term_compress_char_threshold"
    ]
    assert compression.size > threshold > len(current.encode("utf-8"))
    assert old[-1][0] == compression.at.date().isoformat()  # the append that crossed it


def test_picoclaw_daily_notes_use_the_agents_format(picoclaw: DemoResult) -> None:
    notes = pc.list_daily_notes(picoclaw.workspace)
    assert 7 <= len(notes) <= 10
    assert all(YESTERDAY - timedelta(days=9) <= n.date <= YESTERDAY for n in notes)
    assert notes[-1].date == YESTERDAY
    for note in notes:
        assert note.path == pc.daily_note_path(picoclaw.workspace, note.date)
        text = pc.read_daily_note(note)
        header = f"# {note.date.isoformat()}\n\n"
        assert text.startswith(header) and not text.endswith("\n")
        body = text[len(header) :]
        assert body.strip() and pc.daily_append_text(None, body, note.date) == text
        assert not body.startswith("\n") and "\n\n" not in body


def test_picoclaw_policy_overrides_snapshots_and_sources(picoclaw: DemoResult) -> None:
    memory = picoclaw.workspace / "memory"
    home = picoclaw.workspace.parent
    overrides = text_of(memory / "policy_overrides.json")
    snapshots = sorted((memory / "policy_snapshots").iterdir())
    assert len(snapshots) == 2 and all(SNAPSHOT_RE.fullmatch(p.name) for p in snapshots)
    versions = [text_of(p) for p in snapshots] + [overrides]
    for text in versions:
        value = json.loads(text)
        assert isinstance(value, dict) and 1 <= len(value) <= 2
        assert text == json.dumps(value, indent=2, sort_keys=True)  # 2 spaces, no final newline
    assert len(set(versions)) == 3  # each snapshot is the file before an update
    assert pc_policy.find_config(picoclaw.workspace) == home / "config.json"
    assert not (picoclaw.workspace / "config.json").exists()
    policy = pc_policy.effective_policy(picoclaw.workspace)
    sources = {key: value.source for key, value in policy.items()}
    assert set(sources.values()) == {"default", "config", "override"}
    assert sources["retrieve_limit"] == "override"
    assert sources["recent_days"] == "override"
    assert sources["session_summary_keep_count"] == "config"
    assert sources["long_term_compress_char_threshold"] == "config"
    assert policy["retrieve_limit"].value == json.loads(overrides)["retrieve_limit"]


def test_picoclaw_profile_is_in_the_agents_form(picoclaw: DemoResult) -> None:
    path = picoclaw.workspace / "memory" / "profile.json"
    data = path.read_bytes()
    profile = load_profile(path)
    assert profile.exists and profile.in_agent_form and len(profile) >= 5
    assert data == render_profile(profile.as_dict()).encode("utf-8")
    assert profile.keys() == sorted(profile.keys()) and not data.endswith(b"\n")
    assert profile.markdown().startswith("## Core Profile (Facts & Preferences)\n\n- **")


def test_picoclaw_retrieval_ranks_the_coffee_correction_first(picoclaw: DemoResult) -> None:
    chunks = retrieve(text_of(picoclaw.memory_file), "咖啡", 10)
    first = next(i for i, c in enumerate(chunks) if c.startswith("咖啡偏好更新"))
    original = next(i for i, c in enumerate(chunks) if c.startswith("用户的咖啡偏好是"))
    assert first < original


def test_picoclaw_zero_and_many_entries(tmp_path: Path) -> None:
    empty = write_demo(tmp_path / "none", layout="picoclaw", entries=0, today=TODAY)
    assert empty.memory_file.read_text(encoding="utf-8") == pc.LONGTERM_TEMPLATE
    assert len(empty.backups) == 1  # the compression's
    big = write_demo(tmp_path / "big", layout="picoclaw", entries=1_000, today=TODAY)
    text = text_of(big.memory_file)
    entries = pico_entries(text)
    assert len(entries) == 1_000 and pico_rebuild(entries) == text
    assert len(big.backups) == 4


# --- Pomelobot -----------------------------------------------------------------------------------


def test_pomelobot_files_parse_and_render_back_exactly(pomelobot: DemoResult) -> None:
    root = pomelobot.workspace
    scopes = list_scopes(root)
    assert scopes[0].name == "main" and len(scopes) == 3
    listed = {f.path for s in scopes for f in s.files}
    assert listed == set(all_files(root))  # every file written is a memory file of a scope
    assert all(not s.other_files for s in scopes)
    for scope in scopes:
        kinds = {f.kind for f in scope.files}
        assert kinds == ({"long_term", "daily"} if scope.name == "main" else ALL_KINDS)
        for file in scope.files:
            data = (root / file.path).read_bytes()
            doc = pb.parse_memory_file(data, file.path)
            assert doc.to_bytes() == data, file.path
            assert doc.other_text() == []


def test_pomelobot_long_term_and_daily_files_are_the_agents_appends(
    pomelobot: DemoResult,
) -> None:
    root = pomelobot.workspace
    counts = {}
    for scope in list_scopes(root):
        for file in scope.files:
            if file.kind == "transcript":
                continue
            text = text_of(root / file.path)
            main = scope.name == MAIN
            if file.kind == "long_term":  # where the older Pomelobot layout keeps them
                folder = f"memory/scopes/{scope.name}"
                assert file.path == ("MEMORY.md" if main else f"{folder}/LONG_TERM.md")
                header = f"# Long-term Memory ({scope.name})\n\n"
            else:
                folder = "memory" if main else f"memory/scopes/{scope.name}"
                assert file.path == f"{folder}/{file.date}.md"
                header = f"# Daily Memory - {file.date} ({scope.name})\n"
            entries = pb.parse_memory_file(text, file.path).entries()
            rebuilt = header + "".join(f"\n[{e.time}] {e.content}\n" for e in entries)
            assert rebuilt == text, file.path
            assert all("\n" not in e.content for e in entries)
            if file.kind == "long_term":
                counts[scope.name.split("_")[0]] = len(entries)
                assert len({e.content for e in entries}) == len(entries)
            else:
                times = [e.time for e in entries]
                assert entries and times == sorted(times)
    assert counts == {"main": 16, "group": 16 // 3, "direct": 16 // 5}
    assert pomelobot.memory_file == root / "MEMORY.md" and pomelobot.entries == 16
    assert pomelobot.backups == () and pomelobot.agent_backup is None


def test_pomelobot_daily_files_cover_the_last_week(pomelobot: DemoResult) -> None:
    main = list_scopes(pomelobot.workspace)[0]
    days = [date.fromisoformat(f.date or "") for f in main.of_kind("daily")]
    assert 5 <= len(days) <= 7
    assert all(TODAY - timedelta(days=7) <= d <= YESTERDAY for d in days)


def test_pomelobot_transcripts(pomelobot: DemoResult) -> None:
    root = pomelobot.workspace
    for scope in list_scopes(root)[1:]:
        (transcript,) = scope.of_kind("transcript")
        assert transcript.path == f"memory/scopes/{scope.name}/transcripts/{transcript.date}.md"
        text = text_of(root / transcript.path)
        doc = pb.parse_memory_file(text, transcript.path)
        assert doc.read_only and doc.entries()
        header = f"# Session Transcript - {transcript.date} ({scope.name})\n"
        rebuilt = header + "".join(f"\n[{e.time}] [{e.role}] {e.content}\n" for e in doc.entries())
        assert rebuilt == text
        roles = [e.role for e in doc.entries()]
        assert roles == ["user", "assistant"] * (len(roles) // 2)
        # The index database was down that day: the daily files say so, the chats went here.
        assert transcript.date in {f.date for f in scope.of_kind("daily")}


def test_pomelobot_zero_entries_leaves_headers(tmp_path: Path) -> None:
    result = write_demo(tmp_path / "ws", layout="pomelobot", entries=0, today=TODAY)
    assert text_of(result.memory_file) == "# Long-term Memory (main)\n\n"
    assert detect(result.workspace).chosen == "pomelobot"


# --- Both: determinism, refusals, the command line -------------------------------------------------


@pytest.mark.parametrize("layout", ["picoclaw", "pomelobot"])
def test_same_seed_same_bytes(tmp_path: Path, layout: str) -> None:
    write_demo(tmp_path / "a", layout=layout, seed=5, today=TODAY)
    write_demo(tmp_path / "b", layout=layout, seed=5, today=TODAY)
    write_demo(tmp_path / "c", layout=layout, seed=6, today=TODAY)
    a, b, c = (all_files(tmp_path / n) for n in "abc")
    assert a == b
    assert a != c


@pytest.mark.parametrize("layout", ["picoclaw", "pomelobot"])
def test_refuses_a_folder_that_is_not_empty(tmp_path: Path, layout: str) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(DemoError, match="not empty"):
        write_demo(tmp_path, layout=layout, today=TODAY)
    assert all_files(tmp_path) == {"notes.txt": b"mine"}


def test_an_unknown_layout_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DemoError, match="layout 'nonesuch'"):
        write_demo(tmp_path / "new", layout="nonesuch", today=TODAY)  # type: ignore[arg-type]
    assert not (tmp_path / "new").exists()


def test_cli_demo_pomelobot(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "pomelo"
    result = cli("demo", target, "--layout", "pomelobot", "--entries", 9, "--seed", 3)
    assert result.code == 0, result.err
    assert f"wrote 9 memories to {target / 'MEMORY.md'}" in result.out
    assert detect(target).chosen == "pomelobot"
    chunks = cli("chunks", target, "MEMORY.md", "--json")
    assert chunks.code == 0 and chunks.json()[0]["start_line"] == 1


def test_cli_demo_picoclaw(cli: Cli, tmp_path: Path) -> None:
    home = tmp_path / "home"
    result = cli("demo", home, "--layout", "picoclaw", "--seed", 4)
    assert result.code == 0, result.err
    assert str(home / "workspace" / "memory" / "MEMORY.md") in result.out
    found = cli("retrieve", home / "workspace", "Bob", "--json")
    assert found.code == 0 and any("Bob" in chunk for chunk in found.json())


# --- Corpus ----------------------------------------------------------------------------------------


def test_every_new_template_slot_has_values() -> None:
    shared = shared_corpus()
    pico, pomelo = load_corpus("core.agents.picoclaw"), load_corpus("core.agents.pomelobot")
    pico_slots, pomelo_slots = pico.slots("slots"), pomelo.slots("slots")
    slots = {
        **shared.slots("shared_slots"),
        **shared.slots("developer_slots_zh"),
        **shared.slots("developer_slots_en"),
        **shared.slots("remark_slots"),
        **pico_slots,
        **pomelo_slots,
    }
    fixed = {"dog", "email", "project", "deadline", "md", "md_en", "uid", "summary"}
    texts = [p.text for p in pico.presets("old_presets") + pico.presets("recent_presets")]
    texts += pico.texts("saved_note").values()
    texts.append(pomelo.text("outage_note"))
    for templates in (pico.templates("note_templates"), pomelo.templates("templates")):
        texts += [t for zh, en in templates.values() for t in (*zh, *en)]
    for template in texts:
        names = {name for _, name, _, _ in Formatter().parse(template) if name}
        assert names <= slots.keys() | fixed, template
        assert not any(line.lstrip().startswith(("#", "[")) for line in template.split("\n"))
    for key in pico_slots.keys() | pomelo_slots.keys():
        values = slots[key]
        assert values and not any(v.lstrip().startswith("#") or "\n\n" in v for v in values)
    profile = pico.texts("profile")
    for template in profile.values():
        names = {name for _, name, _, _ in Formatter().parse(template) if name}
        assert names <= fixed | {"user"}, template
    assert pico.strings("users") and pico.text("dog")


def test_exchanges_are_a_question_and_an_answer() -> None:
    templates = load_corpus("core.agents.pomelobot").templates("templates")
    zh, en = templates["exchange"]
    assert all(t.count("\n") == 1 for t in (*zh, *en))
    others = [t for k, (zh, en) in templates.items() if k != "exchange" for t in (*zh, *en)]
    assert all("\n" not in t for t in others)  # one line: a memory the file reads back whole
