"""The command line's last resort: an error no reader worded is still one line on stderr, exit 2,
without a traceback (MEMDESK_DEBUG=1 lets it through)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Cli


def break_resolve(monkeypatch: pytest.MonkeyPatch, error: BaseException) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise error

    monkeypatch.setattr("core.registry.resolve", broken)


def test_an_os_error_names_its_file(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    break_resolve(monkeypatch, PermissionError(13, "Permission denied", str(tmp_path / "x.md")))
    result = cli("check", tmp_path)
    assert (result.code, result.out) == (2, "")
    assert (
        result.err == f"memdesk: {tmp_path / 'x.md'}: no permission to read this file or folder\n"
    )


def test_a_bug_is_one_line_without_control_characters(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    break_resolve(monkeypatch, RuntimeError("from the file:\n\x1b[31mred"))
    result = cli("list", tmp_path)
    assert (result.code, result.out) == (2, "")
    assert result.err.count("\n") == 1
    assert "\x1b" not in result.err
    assert result.err.startswith(f"memdesk: {tmp_path}: failed: RuntimeError: from the file:")
    assert "MEMDESK_DEBUG=1" in result.err


def test_memdesk_debug_shows_the_traceback(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    break_resolve(monkeypatch, RuntimeError("boom"))
    monkeypatch.setenv("MEMDESK_DEBUG", "1")
    with pytest.raises(RuntimeError, match="boom"):
        cli("check", tmp_path)
