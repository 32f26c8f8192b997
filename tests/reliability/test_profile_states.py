"""No state of MemDesk's scoring profile file (`.memdesk/profile.json`) locks the person out.

Whatever the file holds (values MemDesk would refuse, broken JSON, bytes that are no text, a
link or a folder in its place), written by hand or by anything else: `check`, `list`,
`activity` and `undo` of a change of the memory file work, warn naming the file and what is
wrong, and score with the built-in profile, as the EverBot agent itself does whatever this
file holds. Nothing is written over the file.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from app.cli import main

PROFILE = ".memdesk/profile.json"


def _text(data: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(data, encoding="utf-8")


def _bytes(data: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(data)


def _folder(path: Path) -> None:
    path.mkdir()


def _link_out(path: Path) -> None:
    outside = path.parent.parent.parent / "outside.json"
    outside.write_text('{"archive_below": 0.3}\n', encoding="utf-8")
    path.symlink_to(outside)


def _fifo(path: Path) -> None:
    os.mkfifo(path)


STATES: dict[str, Callable[[Path], None]] = {
    "daily factor 0": _text('{"base": "everbot", "decay.default.daily_factor": 0}\n'),
    "negative grace days": _text('{"decay.fact.grace_days": -3}\n'),
    "a factor above 1": _text('{"decay.default.daily_factor": 1.5}\n'),
    "a whole number with a fraction": _text('{"promotion_min_hits": 2.5}\n'),
    "a number as text": _text('{"archive_below": "high"}\n'),
    "an unknown key": _text('{"colour": "blue"}\n'),
    "an unknown base": _text('{"base": "nonsense"}\n'),
    "broken JSON": _text('{"base": '),
    "empty": _text(""),
    "not an object": _text("[1, 2]\n"),
    "NaN": _text('{"archive_below": NaN}\n'),
    "not UTF-8": _bytes(b'{"base": "\xff\xfe"}\n'),
    "NUL bytes": _bytes(b"\x00" * 64),
    "a folder": _folder,
    "a link out of the workspace": _link_out,
    "a FIFO": _fifo,
}


def _run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str]:
    capsys.readouterr()
    code = main([str(a) for a in args])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("state", list(STATES))
def test_no_state_of_the_profile_file_locks_out_undo(
    state: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    demo = tmp_path / "ws" / "demo"
    assert main(["demo", str(demo), "--entries", "20", "--seed", "3"]) == 0
    first = _first_id(demo)
    assert _run(capsys, "archive", demo, first)[0] == 0
    archived = (demo / "MEMORY.md").read_bytes()
    path = demo / PROFILE
    STATES[state](path)
    held = path.read_bytes() if path.is_file() and not path.is_symlink() else None
    for command in ("check", "list", "activity"):
        code, err = _run(capsys, command, demo)
        assert code == 0, f"{command}: {err}"
    code, err = _run(capsys, "undo", demo)
    assert code == 0, err
    assert (demo / "MEMORY.md").read_bytes() != archived
    code, _err = _run(capsys, "check", demo, "--json")
    assert code == 0
    kinds = [w["kind"] for w in _check_json(capsys, demo)["warnings"]]
    assert "profile_unusable" in kinds, state
    if held is not None:
        assert path.read_bytes() == held, "nothing is written over the profile file"


def _first_id(demo: Path) -> str:
    text = (demo / "MEMORY.md").read_text(encoding="utf-8")
    return text.split("### [", 1)[1].split("]", 1)[0]


def _check_json(capsys: pytest.CaptureFixture[str], demo: Path) -> dict[str, list[dict[str, str]]]:
    import json

    capsys.readouterr()
    main(["check", str(demo), "--json"])
    found: dict[str, list[dict[str, str]]] = json.loads(capsys.readouterr().out)
    return found
