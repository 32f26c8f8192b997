"""`memdesk bench` runs on a small workspace and reports every figure beside SPEC 8's targets."""

from __future__ import annotations

import re

from tests.cli.conftest import Cli


def test_bench_reports_figures_and_the_spec_targets(cli: Cli) -> None:
    done = cli("bench", "--entries", 300, "--repeat", 1)
    assert done.code == 0, done.err
    assert "300 memories" in done.out
    assert re.search(r"ratio load / raw read +[\d.]+x  \(target <= 4: (ok|MISSED)\)", done.out)
    assert re.search(r"markdown-it parse / load +[\d.]+x  \(target >= 20: (ok|MISSED)\)", done.out)
    figures = cli("bench", "--entries", 300, "--repeat", 1, "--json").json()
    assert {"load_s", "raw_read_s", "save_s", "search_ms"} <= set(figures)
