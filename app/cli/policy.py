"""The commands over the agent's memory policy: policy (and --what-if), snapshots, policy-diff,
policy-restore."""

from __future__ import annotations

import argparse
import json
import unicodedata
from collections.abc import Sequence
from datetime import date
from typing import Any

from app.cli.output import EXIT_OK, fail, first_line, print_json
from app.cli.workspace import commit, in_workspace, resolve
from core.store.errors import EXIT_ERROR
from core.times import shown_time


def cmd_policy(args: argparse.Namespace) -> int:
    from core.capabilities import Policy

    agent, path = resolve(args)
    values: dict[str, str | None] = {}
    for item in args.set:
        key, sep, value = item.partition("=")
        if not sep:
            return fail(f"policy: --set takes KEY=VALUE, not {item!r}", EXIT_ERROR)
        values[key.strip()] = value
    values |= dict.fromkeys(args.unset)
    if args.what_if:
        if not values and args.snapshot is None:
            return fail(
                "policy: --what-if needs the values to try (--set, --unset; PicoClaw: --snapshot)",
                EXIT_ERROR,
            )
        ws = agent.open(path)
        found = (
            Policy[Any]
            .of(agent, ws.root, "what_if")
            .what_if(
                ws,
                values,
                args.at or date.today(),
                query=args.query,
                snapshot=args.snapshot,
            )
        )
        return _print_what_if(found, args)
    if args.snapshot is not None or args.query is not None:
        return fail("policy: --snapshot and --query go with --what-if", EXIT_ERROR)
    if values:
        ws = agent.open(path)
        changeset = Policy[Any].of(agent, ws.root).set_policy(ws, values)
        commit(ws, [changeset], cause="policy changed in MemDesk")
    rows = Policy[Any].of(agent, path).policy(path)
    if args.json:
        print_json({row.key: row.to_json() for row in rows})
        return EXIT_OK
    for row in rows:
        print(f"{row.key:<36} {json.dumps(row.value):>7}  {row.source:<9} {row.meaning}")
    return EXIT_OK


def _print_what_if(found: Any, args: argparse.Namespace) -> int:
    from core.agents.picoclaw.what_if import RetrieveWhatIf

    if args.json:
        print_json(found.to_json())
        return EXIT_OK
    if isinstance(found, RetrieveWhatIf):
        _print_retrieve_what_if(found)
        return EXIT_OK
    print(found.summary())
    for row in found.rows:
        now, new = row.now, row.new
        parts = [f"score {now.score:.2f} -> {new.score:.2f}"]
        if now.fate != new.fate:
            parts.append(f"{now.fate} -> {new.fate}")
        if now.review != new.review:
            parts.append(f"review {now.review or 'none'} -> {new.review or 'none'}")
        print(f"  {row.id:<8} {'; '.join(parts):<52} {first_line(row.content, 50)}")
    print("nothing written: run without --what-if to save the values")
    return EXIT_OK


def _print_retrieve_what_if(found: Any) -> None:
    """PicoClaw's what-if: the policy values that differ, then the chunks side by side."""
    print(found.summary())
    _print_policy_differences(found.differences, "now", "new")
    rows = found.side_by_side()
    if rows:
        print(f"  {'#':>3}  {'now':<48} | new")
    for rank, (now, new) in enumerate(rows, start=1):
        print(f"  {rank:>3}  {_chunk_cell(now, 48)} | {_chunk_cell(new, 48).rstrip()}")
    print("nothing written: run without --what-if to save the values")


def _chunk_cell(chunk: str | None, width: int) -> str:
    """A chunk's first line in `width` terminal columns (a CJK character takes two), padded."""
    text = "(not injected)" if chunk is None else chunk
    first = text.split("\n", 1)[0]
    sizes = [2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in first]
    if sum(sizes) > width or "\n" in text:
        used = kept = 0
        while kept < len(first) and used + sizes[kept] <= width - 1:
            used += sizes[kept]
            kept += 1
        first, sizes = first[:kept] + "…", [*sizes[:kept], 1]
    return first + " " * (width - sum(sizes))


def _print_policy_differences(differences: Sequence[Any], a: str, b: str) -> None:
    from core.agents.picoclaw.what_if import shown

    if differences:
        print(f"  {'key':<36} {a:<36} {b}")
    for d in differences:
        print(f"  {d.key:<36} {shown(d.a):<36} {shown(d.b)}")


def cmd_policy_diff(args: argparse.Namespace) -> int:
    from core.capabilities import PolicyDiff

    agent, path = resolve(args)
    found = PolicyDiff.of(agent, path).policy_diff(path, args.snapshot, args.other)
    if args.json:
        print_json(found.to_json())
        return EXIT_OK
    print(found.summary())
    _print_policy_differences(found.differences, "snapshot", args.other or "now")
    return EXIT_OK


def cmd_snapshots(args: argparse.Namespace) -> int:
    from core.capabilities import Snapshots

    agent, path = resolve(args)
    found = Snapshots[Any].of(agent, path).snapshots(path)
    if args.json:
        print_json([s.to_json(path) for s in found])
        return EXIT_OK
    if not found:
        print(f"{agent.where(path)}: no policy snapshots")
    for snapshot in found:
        row = snapshot.to_json(path)
        held = row["error"] or json.dumps(row["values"], ensure_ascii=False, sort_keys=True)
        print(f"{shown_time(row['at'])}  {row['path']}  {held}")
    return EXIT_OK


def cmd_policy_restore(args: argparse.Namespace) -> int:
    from core.capabilities import Snapshots

    agent, path = resolve(args)
    ws = agent.open(path)
    snapshots = Snapshots[Any].of(agent, ws.root)
    changeset = snapshots.restore_snapshot(ws, in_workspace(path, args.snapshot))
    return commit(ws, [changeset], cause=f"policy snapshot {args.snapshot} restored")
