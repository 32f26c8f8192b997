"""`python tests/cli/render_transcript.py LAYOUT FOLDER`: write LAYOUT's demo into FOLDER on a
fixed day and print what `memdesk` says of it (check, show of every memory, where, decay,
context, retrieve, activity; text and JSON), the folder written as ROOT. Run in its own process with
TZ=UTC: it fixes the day `show` counts overdue forecasts from, which is always today."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from datetime import date
from pathlib import Path

import core.agents.everbot.history
from app.cli import main
from core.registry import all_agents

TODAY = date(2026, 11, 1)
LATER = "2027-06-01"  # far enough that decay archives and deletes
ENTRIES, SEED = 12, 3


class _Today(date):
    @classmethod
    def today(cls) -> _Today:
        return cls(TODAY.year, TODAY.month, TODAY.day)


def transcript(layout: str, folder: Path) -> str:
    [agent] = [a for a in all_agents() if layout in a.demo_layouts]
    root = agent.demo(folder, layout=layout, entries=ENTRIES, seed=SEED, today=TODAY).workspace
    memories = json.loads(_run("list", root, "--json")[1])
    commands = [
        ["check", root],
        ["check", root, "--json"],
        ["decay", root, "--at", LATER],
        ["decay", root, "--at", LATER, "--json"],
        ["context", root, "--date", TODAY.isoformat()],
        ["context", root, "--date", TODAY.isoformat(), "--json"],
        ["retrieve", root, "deploy coffee"],
        ["retrieve", root, "deploy coffee", "--json"],
        ["retrieve", root, "zzzz"],
        ["where", root, memories[0]["id"]],
        ["activity", root],
        ["activity", root, "--json"],
    ]
    for n, memory in enumerate(memories):
        commands.append(["show", root, memory["id"]])
        commands += [["show", root, memory["id"], "--json"]] if n < 3 else []
    said = []
    for args in commands:
        code, out, err = _run(*args)
        shown = " ".join(map(str, [args[0], *args[2:]]))
        said.append(f"$ memdesk {shown}\nexit {code}\n{out}--- stderr\n{err}")
    return "\n".join(said).replace(str(root), "ROOT")


def _run(*args: object) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    return code, out.getvalue(), err.getvalue()


if __name__ == "__main__":
    core.agents.everbot.history.date = _Today  # type: ignore[misc]
    sys.stdout.write(transcript(sys.argv[1], Path(sys.argv[2])))
