"""The review queue's storage (SPEC 4): reviewers' proposals and the memories a review run saw."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, TypeAlias, get_args

from core.secrets import scrub_secrets
from core.store.journal.records import _iso, utc_now
from core.store.journal.rows import _VISIBLE

ProposalStatus: TypeAlias = Literal["pending", "approved", "rejected", "applied", "stale", "failed"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Proposal:
    """A reviewer's proposed decision about one memory, and what the person did with it."""

    id: int
    file: str
    memory_id: str
    trigger: str
    decision: str
    reasons: str
    transcript: str
    reviewer: str
    status: ProposalStatus
    memory_hash: str
    created_at: datetime
    decided_at: datetime | None
    why: str = ""  # why the trigger fired
    memory_json: str = "{}"  # the memory as reviewed
    related_json: str = "[]"  # the other memory of a pair, as reviewed
    merged_text: str | None = None
    decided_by: str | None = None
    op_id: str | None = None  # the operation that applied it
    findings_json: str = "[]"  # every trigger that fired: [{"trigger", "why", "related"}]

    @property
    def triggers(self) -> list[str]:
        """Every trigger that brought the memory up, the leading one first."""
        found = [str(f.get("trigger")) for f in json.loads(self.findings_json or "[]")]
        return found or [self.trigger]

    @property
    def related_ids(self) -> list[str]:
        """The ids of the other memories the proposal names."""
        return [str(m.get("id") or m.get("key")) for m in json.loads(self.related_json or "[]")]


_PROPOSAL_COLUMNS = (
    "file, memory_id, trigger, decision, reasons, transcript, reviewer, memory_hash, created_at,"
    " why, memory_json, related_json, merged_text, status, findings_json"
)
_SET_STATUS = """UPDATE proposals SET status = ?,
    decided_at = CASE WHEN ? THEN coalesce(decided_at, ?) ELSE ? END,
    decided_by = CASE WHEN ? THEN coalesce(?, decided_by) ELSE ? END, op_id = ? WHERE id = ?"""
_INSERT_PROPOSAL = f"INSERT INTO proposals ({_PROPOSAL_COLUMNS}) VALUES ({', '.join('?' * 15)})"
# A proposal reviewed again: what the review says now; it waits (or failed) again, undecided.
_UPDATE_PROPOSAL = """UPDATE proposals SET file = ?, memory_id = ?, trigger = ?, decision = ?,
    reasons = ?, transcript = ?, reviewer = ?, memory_hash = ?,
    why = ?, memory_json = ?, related_json = ?, merged_text = ?, status = ?, findings_json = ?,
    decided_at = NULL, decided_by = NULL, op_id = NULL
    WHERE id = ? AND status IN ('pending', 'stale', 'failed')"""
_SELECT_PROPOSALS = f"SELECT id, decided_at, decided_by, op_id, {_PROPOSAL_COLUMNS} FROM proposals"


class ReviewStorage:
    """The journal's proposals and review bookkeeping (mixed into `Journal`)."""

    _conn: sqlite3.Connection

    def _write(self) -> AbstractContextManager[sqlite3.Connection]:
        raise NotImplementedError

    def add_proposal(self, **fields: Any) -> int:
        """Store one proposal (see `add_proposals`); returns its id."""
        return self.add_proposals([fields])[0]

    def add_proposals(self, proposals: Sequence[Mapping[str, Any]]) -> list[int]:
        """Store proposals in one transaction (pending, or failed when the reviewer could not
        decide); returns their ids. Each holds file, memory_id, trigger, decision, reasons,
        reviewer, memory_hash, and optionally transcript, why, memory_json, related_json,
        merged_text, status. The reviewer's words are scrubbed of the LLM's API key first (an
        LLM reviewer's transcript could hold it)."""
        now = _iso(utc_now())
        rows = [_proposal_row(p, now) for p in proposals]
        if not rows:
            return []
        with self._write() as conn:
            # One statement for all, in this transaction alone: their ids are the next ones.
            first = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM proposals").fetchone()[0]
            conn.executemany(_INSERT_PROPOSAL, rows)
        return list(range(first, first + len(rows)))

    def proposals(self, status: ProposalStatus | None = None) -> list[Proposal]:
        """Proposals in the order they were made, all or those with one status."""
        if status is None:
            rows = self._conn.execute(f"{_SELECT_PROPOSALS} ORDER BY id")
        else:
            rows = self._conn.execute(
                f"{_SELECT_PROPOSALS} WHERE status = ? ORDER BY id", (status,)
            )
        return [_proposal(row) for row in rows]

    def waiting(self) -> tuple[int, datetime | None]:
        """How many proposals wait, and since when the oldest (one small query)."""
        sql = "SELECT count(*), min(created_at) FROM proposals WHERE status = 'pending'"
        count, oldest = self._conn.execute(sql).fetchone()
        return int(count), None if oldest is None else datetime.fromisoformat(oldest)

    def open_proposals(self) -> list[Proposal]:
        """The proposals not decided yet: waiting, stale (their memory changed) or failed."""
        sql = f"{_SELECT_PROPOSALS} WHERE status IN ('pending', 'stale', 'failed') ORDER BY id"
        return [_proposal(row) for row in self._conn.execute(sql)]

    def update_proposals(self, updates: Sequence[tuple[int, Mapping[str, Any]]]) -> list[int]:
        """Open proposals reviewed again, in one transaction: each (id, fields as for
        `add_proposals`) now says what the new review says, undecided (its id and the time it
        first came up are kept). One decided meanwhile stays decided: returns those updated."""
        now = _iso(utc_now())
        done = []
        with self._write() as conn:
            for proposal_id, fields in updates:
                row = _proposal_row(fields, now)
                values = (*row[:8], *row[9:])  # all but created_at, which stays
                if conn.execute(_UPDATE_PROPOSAL, (*values, proposal_id)).rowcount:
                    done.append(proposal_id)
        return done

    def set_proposal_status(
        self,
        proposal_id: int,
        status: ProposalStatus,
        *,
        decided_by: str | None = None,
        op_id: str | None = None,
    ) -> None:
        """Change a proposal's status, stamping who decided and when (applying keeps the time of
        an approval before it); back to pending clears both (an undone decision)."""
        self.set_proposals_status([proposal_id], status, decided_by=decided_by, op_id=op_id)

    def set_proposals_status(
        self,
        proposal_ids: Sequence[int],
        status: ProposalStatus,
        *,
        decided_by: str | None = None,
        op_id: str | None = None,
    ) -> None:
        """`set_proposal_status` for many, in one transaction (KeyError, nothing changed, when
        one is not there)."""
        if status not in get_args(ProposalStatus):
            raise ValueError(f"unknown proposal status {status!r}")
        now = None if status == "pending" else _iso(utc_now())
        keep = status == "applied"
        rows = [(status, keep, now, now, keep, decided_by, decided_by, op_id, pid)
                for pid in proposal_ids]  # fmt: skip
        if not rows:
            return
        with self._write() as conn:
            cursor = conn.executemany(_SET_STATUS, rows)
            if cursor.rowcount != len(rows):
                known = {r[0] for r in conn.execute("SELECT id FROM proposals")}
                missing = [pid for pid in proposal_ids if pid not in known]
                raise KeyError(f"no proposal {', '.join(map(str, missing))}")

    def reopen_proposals(self, op_id: str) -> list[int]:
        """The proposals the operation `op_id` applied wait again (it was undone)."""
        sql = "SELECT id FROM proposals WHERE op_id = ? AND status = 'applied'"
        ids = [row[0] for row in self._conn.execute(sql, (op_id,))]
        self.set_proposals_status(ids, "pending")
        return ids

    def seen_for_review(self, file: str) -> dict[str, str | None]:
        """The memories of `file` a review run has seen, with the hash of their text then (None
        for those a schema-4 journal saw)."""
        sql = "SELECT memory_id, text_sha256 FROM review_seen WHERE file = ?"
        return {row[0]: row[1] for row in self._conn.execute(sql, (file,))}

    def written_in_memdesk(self, file: str, since: str | None = None) -> set[str]:
        """The memories of `file` MemDesk created or changed (a person, a restore, a review, a
        decay run), not the agent; `since`: only events after that ISO time."""
        sql = (
            "SELECT DISTINCT memory_id FROM events WHERE file = ? AND kind != 'observe'"
            f" AND actor NOT IN ('agent', 'import') AND at > ? AND {_VISIBLE}"
        )
        return {row[0] for row in self._conn.execute(sql, (file, since or ""))}

    def mark_seen_for_review(self, file: str, seen: Iterable[tuple[str, str]]) -> None:
        """(memory, hash of its text) of each memory a review run saw."""
        with self._write() as conn:
            conn.executemany(
                "INSERT INTO review_seen (file, memory_id, text_sha256) VALUES (?, ?, ?)"
                " ON CONFLICT (file, memory_id) DO UPDATE SET text_sha256 = excluded.text_sha256",
                ((file, memory_id, digest) for memory_id, digest in seen),
            )


def _proposal_row(p: Mapping[str, Any], now: str) -> tuple[Any, ...]:
    status = p.get("status", "pending")
    if status not in get_args(ProposalStatus):
        raise ValueError(f"unknown proposal status {status!r}")
    merged = p.get("merged_text")
    return (
        p["file"], p["memory_id"], p["trigger"], p["decision"], scrub_secrets(p["reasons"]),
        scrub_secrets(p.get("transcript", "")), p["reviewer"], p["memory_hash"], now,
        p.get("why", ""), p.get("memory_json", "{}"), p.get("related_json", "[]"),
        None if merged is None else scrub_secrets(merged), status,
        p.get("findings_json", "[]"),
    )  # fmt: skip


def _proposal(row: Sequence[Any]) -> Proposal:
    row_id, decided_at, decided_by, op_id, *values = row
    file, memory_id, trigger, decision, reasons, transcript, reviewer, memory_hash = values[:8]
    created_at, why, memory_json, related_json, merged_text, status, findings_json = values[8:]
    return Proposal(
        id=row_id,
        file=file,
        memory_id=memory_id,
        trigger=trigger,
        decision=decision,
        reasons=reasons,
        transcript=transcript,
        reviewer=reviewer,
        status=status,
        memory_hash=memory_hash,
        created_at=datetime.fromisoformat(created_at),
        decided_at=None if decided_at is None else datetime.fromisoformat(decided_at),
        why=why,
        memory_json=memory_json,
        related_json=related_json,
        merged_text=merged_text,
        decided_by=decided_by,
        op_id=op_id,
        findings_json=findings_json,
    )
