"""The window's Home, Inbox and Activity pages scan at the same time, each on a thread of its
own, through the same on-disk index (`core.index`)."""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from core.inbox import search
from core.index import close_all
from core.scan import scan
from tests.cli.conftest import Cli
from tests.helpers import every_agent_home
from ui.settings import load_settings


def test_pages_scanning_at_once_share_the_index_without_a_word(
    cli: Cli, caplog: pytest.LogCaptureFixture
) -> None:
    """Tried as a person starting MemDesk with several agents: the log said "no scan index for
    ~/.hermes (table workspaces already exists): every file is read", as the Home page and the
    Inbox made the same index at once."""
    expected = every_agent_home(cli)
    extra = [Path(p) for p in load_settings()[0].scan_folders]
    close_all()  # as a window starting: no index open yet
    caplog.set_level(logging.WARNING)
    with ThreadPoolExecutor(4) as pool:
        scans = list(pool.map(lambda _i: scan(extra=extra), range(4)))
        searches = list(pool.map(lambda _i: search(scans[0], "pnpm")[0], range(4)))
    assert not [r for r in caplog.records if "scan index" in r.getMessage()]
    for found in scans:
        assert {f.path: f.agent for f in found} == expected
        assert [f.memories for f in found] == [f.memories for f in scans[0]]
    assert all(len(s) == len(searches[0]) > 0 for s in searches)
