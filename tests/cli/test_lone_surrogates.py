"""A lone surrogate in JSON the agent wrote ("\\ud800": valid JSON that no UTF-8 text can hold),
through the real `memdesk` command: shown escaped, never a crash, written back unchanged."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.cli.conftest import run_process
from tests.conftest import FIXTURES

PROFILE = '{\n  "dog": "\\ud800",\n  "user_name": "Mike",\n  "x\\udc00": "y"\n}'
SCORING = '{\n  "never_decay_categories": [\n    "\\ud800"\n  ]\n}\n'


def picoclaw(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    shutil.copytree(FIXTURES / "picoclaw" / "home", home)
    (home / "workspace" / "memory" / "profile.json").write_text(PROFILE, encoding="utf-8")
    return home


def everbot(tmp_path: Path) -> Path:
    root = tmp_path / "tiered"
    shutil.copytree(FIXTURES / "workspaces" / "tiered", root)
    (root / ".memdesk").mkdir(exist_ok=True)
    (root / ".memdesk" / "profile.json").write_text(SCORING, encoding="utf-8")
    return root


def test_list_and_show_print_the_escape(tmp_path: Path) -> None:
    """Tried as an attacker would: `list` and `show` failed with UnicodeEncodeError."""
    home = picoclaw(tmp_path)
    listed = run_process("list", home)
    assert listed.code == 0, listed.err
    assert "\\ud800" in listed.out and "x\\udc00" in listed.out
    shown = run_process("show", home, "dog")
    assert (shown.code, shown.err) == (0, "")
    assert "\\ud800" in shown.out
    as_json = run_process("show", home, "dog", "--json")
    assert as_json.json()["content"] == "\ud800"


def test_a_write_of_another_key_and_a_delete_and_its_undo_keep_the_escape(tmp_path: Path) -> None:
    home = picoclaw(tmp_path)
    path = home / "workspace" / "memory" / "profile.json"
    edited = run_process("edit", home, "user_name", "--text", "Mike B")
    assert edited.code == 0, edited.err
    assert '"dog": "\\ud800"' in path.read_text(encoding="utf-8")
    assert '"x\\udc00": "y"' in path.read_text(encoding="utf-8")
    deleted = run_process("delete", home, "dog")  # the journal records the value it removed
    assert deleted.code == 0, deleted.err
    assert "dog" not in json.loads(path.read_text(encoding="utf-8"))
    undone = run_process("undo", home)
    assert undone.code == 0, undone.err
    assert '"dog": "\\ud800"' in path.read_text(encoding="utf-8")


def test_the_scoring_profile_keeps_the_escape_when_another_value_is_set(tmp_path: Path) -> None:
    root = everbot(tmp_path)
    shown = run_process("policy", root)
    assert shown.code == 0, shown.err
    assert '["\\ud800"]' in shown.out
    changed = run_process("policy", root, "--set", "boost=0.3")
    assert changed.code == 0, changed.err
    text = (root / ".memdesk" / "profile.json").read_text(encoding="utf-8")
    assert '"\\ud800"' in text and '"boost": 0.3' in text
    assert run_process("list", root).code == 0
