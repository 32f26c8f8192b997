"""The commands over what was there before: backups, diff, restore, activity, undo."""

from __future__ import annotations

import argparse
from typing import Any

from app.cli.output import EXIT_OK, first_line, print_json, print_saved, print_written, write_lines
from app.cli.render import activity_line
from app.cli.workspace import in_workspace, resolve
from core.times import shown_time


def cmd_backups(args: argparse.Namespace) -> int:
    agent, path = resolve(args)
    found = agent.backups(path)
    rows = [b.to_json() for b in found]
    if args.json:
        print_json(rows)
        return EXIT_OK
    if not rows:
        print(f"{agent.where(path)}: no backups found")
    for row, backup in zip(rows, found, strict=True):
        entries = "?" if row["entries"] is None else row["entries"]
        notes = [n for n in (backup.note, "too big to count" if backup.big else "") if n]
        note = f"  ({'; '.join(notes)})" if notes else ""
        print(
            f"{shown_time(backup.at)}  {row['origin']:<7} {entries:>6} entries {row['size']:>9} bytes  "
            f"{row['path']}{note}"
        )
    return EXIT_OK


def cmd_diff(args: argparse.Namespace) -> int:
    from core.store.backups_view import diff_versions, pick_backup, text_diff

    agent, path = resolve(args)
    name = None if args.backup is None else in_workspace(path, args.backup)
    backup = pick_backup(agent.backups(path), name, agent.where(path))
    if not backup.fits_whole():
        return _diff_big(backup, args)
    old, new = backup.read(), backup.read_live()
    result = diff_versions(backup.fmt, old, new)
    if args.json:
        print_json({**result.to_json(), "backup": backup.rel, "file": backup.live})
        return EXIT_OK
    lines = [f"{backup.live} now against {backup.rel} ({shown_time(backup.at)}, {backup.origin})"]
    lines += _diff_lines(result)
    old_text = backup.fmt.render(old).decode("utf-8", "replace")
    new_text = backup.fmt.render(new).decode("utf-8", "replace")
    lines += ["", *text_diff(old_text, new_text, backup.rel, backup.live)]
    write_lines(lines)
    return EXIT_OK


def _diff_big(backup: Any, args: argparse.Namespace) -> int:
    """A version too big to compare whole: one line saying so, then what changed per memory
    (read a memory at a time), never the text diff."""
    from core.store.backups_view import big_summary
    from core.store.files import BIG_FILE_BYTES

    summary = big_summary(backup)
    if args.json:
        print_json({**summary.to_json(), "backup": backup.rel, "file": backup.live})
        return EXIT_OK
    mb = BIG_FILE_BYTES // (1024 * 1024)
    lines = [
        f"{backup.live} now against {backup.rel}: over {mb} MB, so no text diff; "
        f"what changed per memory ({_counted(summary.counts)}):"
    ]
    lines += _diff_lines(summary.diff)
    shown = len(summary.diff.added) + len(summary.diff.removed) + len(summary.diff.changed)
    if shown < sum(summary.counts.values()):
        lines.append(f"… the first {shown:,} shown (--json names as many, with the counts)")
    write_lines(lines)
    return EXIT_OK


def _counted(counts: dict[str, int]) -> str:
    return ", ".join(f"{n:,} {kind}" for kind, n in counts.items())


def _diff_lines(result: Any) -> list[str]:
    """The per-memory part of `diff`: + added, - removed, ~ changed with its fields."""
    lines = [f"+ [{m['key']}] {first_line(m.get('content'))}" for m in result.added]
    lines += [f"- [{m['key']}] {first_line(m.get('content'))}" for m in result.removed]
    for change in result.changed:
        lines.append(f"~ [{change['key']}]")
        for name, (before, after) in change["fields"].items():
            lines.append(f"    {name}: {first_line(before)} -> {first_line(after)}")
        if "score_delta" in change:
            lines.append(f"    score delta: {change['score_delta']:+.2f}")
    if result.empty:
        lines.append("no memory changed")
    return lines


def cmd_restore(args: argparse.Namespace) -> int:
    from core.ops.restore import restore_and_save
    from core.registry import file_kinds
    from core.store.backups_view import pick_backup

    agent, path = resolve(args)
    backup = pick_backup(agent.backups(path), in_workspace(path, args.backup), agent.where(path))
    changeset, saved = restore_and_save(
        agent.open(path), backup, args.only, force=args.force, kind_of=file_kinds(agent)
    )
    print_written([changeset.label], saved, as_json=args.json)
    return EXIT_OK


def cmd_activity(args: argparse.Namespace) -> int:
    from core.ops.activity import operations

    if args.all:
        from app.cli.inbox import cmd_activity_all

        return cmd_activity_all(args)
    agent, path = resolve(args)
    ops = operations(
        agent.open(path).root,
        memory_id=args.memory,
        actor=args.actor,
        kind=args.kind,
        limit=args.limit,
    )
    if args.json:
        print_json([op.to_json() for op in ops])
        return EXIT_OK
    if not ops:
        print(f"{agent.where(path)}: MemDesk has saved nothing here yet")
    write_lines(activity_line(op) for op in ops)
    return EXIT_OK


def cmd_undo(args: argparse.Namespace) -> int:
    from core.ops.undo import undo_and_save

    agent, path = resolve(args)
    undo, saved = undo_and_save(agent.open(path), args.op)
    if args.json:
        print_written([undo.label], saved, as_json=True)
        return EXIT_OK
    print(undo.label)
    if not undo.changesets:
        print("nothing to undo: the files already hold what was there before")
    print_saved(saved)
    return EXIT_OK
