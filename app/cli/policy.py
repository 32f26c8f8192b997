"""The commands over the agent's memory policy: policy (and --what-if), snapshots, policy-diff,
policy-restore."""

from __future__ import annotations

import argparse
import json
from datetime import date
from typing import Any

from app.cli.output import EXIT_OK, fail, print_json
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
        commit(ws, [changeset], cause=Policy.CHANGED)
    rows = Policy[Any].of(agent, path).policy(path)
    if args.json:
        print_json({row.key: row.to_json() for row in rows})
        return EXIT_OK
    for row in rows:
        print(f"{row.key:<36} {json.dumps(row.value):>7}  {row.source:<9} {row.meaning}")
    return EXIT_OK


def _print_what_if(found: Any, args: argparse.Namespace) -> int:
    if args.json:
        print_json(found.to_json())
    else:
        print("\n".join(found.report()))
    return EXIT_OK


def cmd_policy_diff(args: argparse.Namespace) -> int:
    from core.capabilities import PolicyDiff

    agent, path = resolve(args)
    found = PolicyDiff.of(agent, path).policy_diff(path, args.snapshot, args.other)
    if args.json:
        print_json(found.to_json())
        return EXIT_OK
    print("\n".join(found.report("snapshot", args.other or "now")))
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
    return commit(ws, [changeset], cause=Snapshots.restored(args.snapshot))
