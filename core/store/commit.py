"""The one guarded commit: how every file of every agent is written (SPEC 5).

```
check     refuse a read-only document, a symlink, a read-only file
journal   open it (this is where `.memdesk/` is first created), settle interrupted commits
lock      the agent's lock where it has one (EverBot: flock on MEMORY.md.lock)
read      what is on disk now
plan      the caller merges its change set onto it (ConflictError: nothing written); bytes
          no reader takes as text (a NUL) are refused, nothing written
intent    journal: the commit (old and new hash) with its events and decay bookkeeping, pending;
          if the journal cannot take it, nothing is written (and no backup of it is kept)
backup    at the same time, in a thread: the bytes about to be replaced, into the agent's
          backup folder or .memdesk/backups/; nothing goes on before both are on disk
temp      the new bytes in a synced temp file beside the target
last look hold the current file open and read it: if it changed since "read", drop the temp
          and plan again (an agent without a lock wrote meanwhile)
rename    atomic exchange with the target, then fsync the folder (a file another program
          renamed there since the last look goes back first, before anything slow)
late      read the old file through the held descriptor: an agent that wrote into it after the
          last look wrote into a file that no longer exists; plan again on top of its bytes
done      journal: the commit is done; its events become history
```

A plan may want the file gone (`Planned.data` None: the undo of the operation that created it).
The removal takes the same steps, with no new hash in the intent, no temp and, for the rename,
the file moved to a temp name beside it; a write into it after the last look (or a file another
program renamed there) goes back in its place, and the plan is made again on top of it.

A kill at any instant leaves the file old or new, and the journal settles it at the next open
(`settle_interrupted`): a pending commit whose file has the new bytes is done, the old bytes
aborted, anything else diverged (recorded as an observation; its events are dropped). A kill
between the swap and the look at the displaced file leaves that file at the temp name: the
next open keeps it as a backup unless its bytes are a version the journal knows
(`clean_leftovers`).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import ExitStack, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Generic, TypeVar

from core.formats.text import InputError
from core.messages import say
from core.store import atomic
from core.store.backups import backup_bytes, own_backup_dir
from core.store.errors import EXIT_REFUSED, WorkspaceError
from core.store.files import (
    UNSETTLED_PAUSE_S,
    UNSETTLED_RETRIES,
    hold_confined,
    read_fd,
    read_or_none,
    settled,
)
from core.store.journal import (
    DecayState,
    Event,
    Journal,
    JournalError,
)
from core.store.locking import LockTimeout, agent_lock
from core.store.merge import ConflictError
from core.store.retention import prune_own
from core.store.settled import (
    IN_FLIGHT,
    journal_for_reading,
    journal_for_writing,
    sha256,
)

__all__ = [
    "RECENT_COMMITS",
    "Committed",
    "NotRecorded",
    "Planned",
    "Target",
    "clean_leftovers",
    "commit",
]

log = logging.getLogger(__name__)

C = TypeVar("C")

MAX_ROUNDS = 8  # plans per commit (other writers met at the last look, late writes)
LATE_WRITE_PAUSE_S = 0.0005  # after the swap, the replaced file is looked at again after this …
LATE_WRITE_CHECKS = 8  # … this often
RECENT_COMMITS = 20  # how far back the journal is asked about a file (older rewrites, leftovers)
# Commits of this process in progress: never settled as interrupted by another thread.


@dataclass(frozen=True, slots=True)
class Target:
    """One file of a workspace, and how the store treats it."""

    root: Path
    rel: str  # relative to root, "/"-separated, as the journal names it
    backup_dir: Path  # the agent's own backup folder, else .memdesk/backups/<folder>
    agent_lock: bool = False  # take <file>.lock (the agent's flock) while writing
    lock_timeout: float = 10.0
    new_file_mode: int = 0o644  # a file MemDesk creates (an agent that keeps it private: 0o600)

    @property
    def path(self) -> Path:
        return self.root / self.rel


@dataclass(frozen=True, slots=True)
class Planned(Generic[C]):
    """What a plan wants written on top of given bytes, and what the journal records for it."""

    data: bytes | None  # None: remove the file
    context: C  # the caller's own result (the merged document, the changes it made)
    events: Sequence[Event] = ()
    decay_states: Mapping[str, DecayState] = field(default_factory=dict)
    forget: Sequence[str] = ()


# plan(what is on disk, lost, written): the bytes to write on top of it. `lost` lists other
# writers' versions (what they changed, to what) that are no longer on disk (they wrote into a
# file the commit replaced); the plan folds their changes in too. `written`: this side's changes
# are in what is on disk already (only the lost versions are to be made).
Plan = Callable[[bytes | None, Sequence[tuple[bytes | None, bytes]], bool], "Planned[C]"]


@dataclass(frozen=True, slots=True)
class Committed(Generic[C]):
    path: Path
    data: bytes | None  # what the file holds now (None: it was removed)
    context: C  # of the last plan: it describes `data`
    backup: Path | None
    merged: bool  # the file had changed since the caller read it; the plan merged onto it
    written: bool  # False when the file already held what the plan wanted
    late_writes: int = 0  # writes into the replaced file that were merged afterwards
    notice: str = ""  # something the person should know although the save succeeded


class NotRecorded(WorkspaceError):
    """The file was written, but the journal could not record it (a full disk after the swap).
    `committed`: what the file holds now (None when a later round of the commit failed too)."""

    def __init__(self, message: str, committed: Committed[object] | None) -> None:
        super().__init__(message)
        self.committed = committed


def commit(
    target: Target,
    *,
    base: bytes | None,
    plan: Plan[C],
    actor: str,
    cause: str,
    op_id: str,
) -> Committed[C]:
    """Write `plan(what is on disk)` over the target through every guard (see the module)."""
    path = target.path
    _check_writable(path)
    with ExitStack() as stack:
        journal = stack.enter_context(journal_for_writing(target.root, file=target.rel))
        if target.agent_lock:
            path.parent.mkdir(parents=True, exist_ok=True)  # a first file: its lock beside it
            try:
                stack.enter_context(agent_lock(path, timeout=target.lock_timeout))
            except LockTimeout as exc:
                raise WorkspaceError(str(exc), exit_code=EXIT_REFUSED) from None
        return _Commit(target, journal, plan, actor, cause, op_id).run(base)
    raise AssertionError("unreachable")  # pragma: no cover (ExitStack swallows nothing)


class _Commit(Generic[C]):
    def __init__(
        self,
        target: Target,
        journal: Journal,
        plan: Plan[C],
        actor: str,
        cause: str,
        op_id: str,
    ) -> None:
        self.target = target
        self.path = target.path
        self.journal = journal
        self.plan = plan
        self.actor = actor
        self.cause = cause
        self.op_id = op_id
        self.backup: Path | None = None
        self._backed_up: tuple[int, str] = (0, "")  # the backup's size and hash, for the journal
        self._hashed: tuple[bytes | None, str | None] = (None, None)  # the last bytes hashed
        self._unrecorded: JournalError | None = None  # the journal failed after a swap

    def run(self, base: bytes | None) -> Committed[C]:
        """The rounds of the commit; NotRecorded when a swap was not recorded as done."""
        try:
            done = self._rounds(base)
        except WorkspaceError as exc:
            if self._unrecorded is None:
                raise
            raise self._not_recorded(None) from exc
        if self._unrecorded is not None:
            raise self._not_recorded(done)
        return done

    def _not_recorded(self, done: Committed[C] | None) -> NotRecorded:
        """What the person is told when the file holds the change but the journal does not
        (and what else a save would have said)."""
        also = f"; {done.notice}" if done is not None and done.notice else ""
        said = say(
            "{path}: written, but not recorded in the journal ({error}); the change is in the "
            "file, and once this journal can be written again the next MemDesk that opens the "
            "workspace records its history and undo",
            path=self.path,
            error=self._unrecorded,
        )
        return NotRecorded(said + also, done)  # type: ignore[arg-type]

    def _rounds(self, base: bytes | None) -> Committed[C]:
        on_disk = self._read()
        planned, on_disk = self._plan_settled(on_disk, base)
        merged, late, written = on_disk != base, 0, False
        # Other writers' versions that are no longer on disk (they landed in a file this commit
        # replaced): every later plan folds them in again ((what they changed, to what)).
        lost: list[tuple[bytes | None, bytes]] = []
        for _round in range(MAX_ROUNDS):
            if planned.data == on_disk:
                if not written:
                    self._record_unwritten(planned)
                return self._result(planned, merged, late, written=written)
            outcome = self._replace(on_disk, planned, journal=not written)
            lost += outcome.lost
            if isinstance(outcome, _Changed):  # another writer got in: plan again on its file
                on_disk, merged = settled(self.path, outcome.now, base), True
            elif outcome.late is None and not outcome.lost:
                return self._result(planned, merged, late, written=True)
            else:  # an agent wrote into the file we replaced: fold its bytes in and write again
                late += 1
                if outcome.late is not None:
                    lost.append((outcome.looked, outcome.late))
                on_disk, merged, written = planned.data, True, True
            try:
                if written or lost:
                    planned = self.plan(on_disk, lost, written)
                else:
                    planned, on_disk = self._plan_settled(on_disk, base)
            except (ConflictError, InputError) as exc:
                if not lost:
                    raise
                return self._kept_aside(planned, lost, merged, late, exc)
        said = say(
            "{path}: another program keeps changing the file; nothing more was written. Try "
            "again when it is quiet.",
            path=self.path,
        )
        raise WorkspaceError(said, exit_code=EXIT_REFUSED)

    def _kept_aside(
        self,
        written: Planned[C],
        lost: list[tuple[bytes | None, bytes]],
        merged: bool,
        late: int,
        exc: Exception,
    ) -> Committed[C]:
        """Late writes that cannot be merged: their bytes are kept as backups, never dropped."""
        kept = [self._backup_bytes(version) for _base, version in lost]
        done = self._result(written, merged, late, written=True)
        where = ", ".join(str(k) for k in kept)
        notice = say(
            "{path}: another program wrote to the file while it was being replaced, and its "
            "change could not be merged ({error}); its version is kept in {files}",
            path=self.path,
            error=exc,
            files=where,
        )
        return Committed(
            done.path, done.data, done.context, done.backup, merged, True, late, notice
        )

    def _read(self) -> bytes | None:
        """The file as it is now, confined to the workspace: a symlink or hard link to outside
        put there since it was opened is refused before anything is written."""
        return read_or_none(self.path, root=self.target.root)

    def _plan_settled(
        self, disk: bytes | None, base: bytes | None
    ) -> tuple[Planned[C], bytes | None]:
        """The caller's plan and the bytes it was made on. Bytes it cannot read, or a file that
        turned empty, are read again after a pause: an agent that writes in place (truncate,
        then write) may be half-way through its write."""
        for _attempt in range(UNSETTLED_RETRIES):
            error: Exception | None = None
            if disk != b"" or not base:
                try:
                    return self.plan(disk, (), False), disk
                except InputError as exc:
                    error = exc
            time.sleep(UNSETTLED_PAUSE_S)
            now = self._read()
            if now == disk and error is not None:
                break  # it is really so
            disk = now
        return self.plan(disk, (), False), disk  # the caller's error goes through otherwise

    def _replace(
        self, on_disk: bytes | None, planned: Planned[C], *, journal: bool
    ) -> _Replaced | _Changed:
        """One replacement of the file; `journal`: with this side's events (else the commit
        record only: a second write that folds in another program's late write)."""
        if planned.data is not None:
            _check_text(self.path, planned.data)
        if not journal:
            planned = Planned(planned.data, planned.context)
        backing_up = self._start_backup(on_disk)
        try:
            commit_id = self._intent(on_disk, planned)
        except BaseException:
            self._drop_backup(backing_up)
            raise
        key = (str(self.target.root), commit_id)
        IN_FLIGHT.add(key)
        try:
            if backing_up is not None:
                self.backup = backing_up.result()
            if planned.data is None:
                outcome = self._remove(on_disk)
            else:
                outcome = self._publish(on_disk, planned.data)
        except BaseException as exc:
            self._abort_quietly(commit_id)
            IN_FLIGHT.discard(key)
            error = _as_error(self.path, exc)
            if error is exc:
                raise
            raise error from None
        if isinstance(outcome, _Changed):
            self._abort_quietly(commit_id)
            IN_FLIGHT.discard(key)
        else:
            self._done(commit_id, key)
        return outcome

    def _publish(self, on_disk: bytes | None, data: bytes) -> _Replaced | _Changed:
        """Temp, last look, swap (the backup is made); then what another writer put in the file
        meanwhile."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        prepared = atomic.prepare(self.path, data, new_mode=self.target.new_file_mode)
        held: int | None = None
        displaced: Path | None = None
        failed = False
        try:
            held = hold_confined(self.target.root, self.target.rel)
            now, stamp = (None, None) if held is None else (read_fd(held), _stamp(held))
            if now != on_disk:
                prepared.discard()
                return _Changed(now)
            try:
                displaced = prepared.swap(new=held is None, sync=False)
            except FileExistsError:  # a new file: another program created it meanwhile
                return _Changed(read_or_none(self.path))
            # Another program renamed its file there after the last look: it goes back at once
            # (`_put_back` makes that durable), before that program can read this side's file in
            # its place and write it back without its own change.
            renamed_in = _renamed_in(held, displaced)
            if renamed_in:  # its whole content is the late write
                late = read_or_none(displaced) if displaced is not None else None
            else:
                atomic.fsync_directory(self.path.parent)
                late = _late_write(held, now, stamp)
            if late is not None and displaced is not None:
                into_ours = self._put_back(prepared, displaced, data)
                if into_ours is not None:
                    return _Changed(read_or_none(self.path), tuple(into_ours))
            if renamed_in:  # not put back: this side's file stays
                atomic.fsync_directory(self.path.parent)
        except BaseException:
            failed = True
            raise
        finally:
            if held is not None:
                os.close(held)
            # Cut short, the displaced file may be another program's only copy: it stays at its
            # temp name, and the next open keeps it as a backup unless the journal knows it.
            if displaced is not None and not failed:
                with suppress(FileNotFoundError):
                    os.unlink(displaced)
        return _Replaced(late, now)

    def _remove(self, on_disk: bytes | None) -> _Replaced | _Changed:
        """Last look, the file moved away (the backup is made), what another writer put in it
        meanwhile put back; then it is gone. Cut short, the file stays at its temp name: the
        next open keeps it as a backup unless the journal knows its bytes (`clean_leftovers`)."""
        held = hold_confined(self.target.root, self.target.rel)
        if held is None:
            return _Changed(None)
        try:
            now, stamp = read_fd(held), _stamp(held)
            if now != on_disk:
                return _Changed(now)
            taken = atomic.take_away(self.path)
            if _renamed_in(held, taken):  # another program's file, renamed there: all of it
                late = read_or_none(taken)
            else:
                atomic.fsync_directory(self.path.parent)
                late = _late_write(held, now, stamp)
            if late is None:
                os.unlink(taken)
                return _Replaced(None, now)
            if not atomic.put_back_taken(taken, self.path):  # yet another file is there now
                kept = self._backup_bytes(late)
                log.warning("%s: a write made during its removal is kept in %s", self.path, kept)
                os.unlink(taken)
            return _Changed(read_or_none(self.path))
        finally:
            os.close(held)

    def _put_back(
        self, prepared: atomic.PreparedTemp, displaced: Path, data: bytes
    ) -> list[tuple[bytes | None, bytes]] | None:
        """Another program wrote the file during the swap: put its file back where it was, so
        it never goes missing from disk (that program may read it again any moment), and plan
        anew on it. Returns what was written meanwhile into this side's file (an appender that
        had opened it): versions to fold in. None when it cannot be put back: then its bytes
        are merged in the next round."""
        try:
            ours = prepared.put_back(displaced)
        except OSError:
            return None
        there = read_or_none(displaced) or b""
        if not ours:  # yet another file was renamed there after the swap: never drop it
            kept = self._backup_bytes(there)
            log.warning("%s: a file renamed over it during a save is kept in %s", self.path, kept)
            return []
        return [] if there == data else [(data, there)]

    def _intent(self, on_disk: bytes | None, planned: Planned[C]) -> int:
        try:
            return self.journal.begin_commit(
                op_id=self.op_id, file=self.target.rel, old_sha256=self._sha256(on_disk),
                new_sha256=sha256(planned.data), actor=self.actor,
                cause=self.cause, events=planned.events, decay_states=planned.decay_states,
                forget=planned.forget,
            )  # fmt: skip
        except JournalError as exc:
            raise WorkspaceError(
                say("{path}: not saved: {error}", path=self.path, error=exc)
            ) from None

    def _sha256(self, data: bytes | None) -> str | None:
        """sha256(data), once per version (a 17 MB file costs ~9 ms a hash)."""
        if data is not self._hashed[0]:
            self._hashed = (data, sha256(data))
        return self._hashed[1]

    def _start_backup(self, data: bytes | None) -> Future[Path] | None:
        """The backup of the file as it is, written while the journal records the intent: two
        writes and their fsyncs at once (with 100,000 memories, 17 MB each). Nothing is replaced
        before both are done."""
        if data is None:
            return None
        perm = 0o600
        with suppress(OSError):
            perm = os.stat(self.path).st_mode & 0o666
        self._backed_up = (len(data), self._sha256(data) or "")
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="memdesk-backup")
        try:
            return pool.submit(self._backup_bytes, data, perm)
        finally:
            pool.shutdown(wait=False)  # the backup goes on; `result()` waits for it

    def _backup_bytes(self, data: bytes, perm: int = 0o600) -> Path:
        """A backup of `data` in the target's backup folder, reached inside the workspace."""
        folder = self.target.backup_dir
        return backup_bytes(data, self.path.name, folder, root=self.target.root, perm=perm)

    @staticmethod
    def _drop_backup(backing_up: Future[Path] | None) -> None:
        """The intent failed: nothing is written, so no backup of this attempt is kept (and a
        backup that failed too adds nothing to the intent's error)."""
        if backing_up is None:
            return
        with suppress(Exception):
            os.unlink(backing_up.result())

    def _done(self, commit_id: int, key: tuple[str, int]) -> None:
        try:
            self.journal.finish_commit(commit_id)
        except JournalError as exc:  # the file is written; the next open settles the commit
            self._unrecorded = self._unrecorded or exc
        finally:
            IN_FLIGHT.discard(key)
        if self.backup is not None:
            prune_own(self.target.root, self.backup.parent, self.journal)
            self._remember_own_backup(self.backup)

    def _remember_own_backup(self, backup: Path) -> None:
        """MemDesk's backups hold nothing the journal lacks: never import them as history."""
        size, digest = self._backed_up
        with suppress(JournalError, OSError):
            self.journal.import_backup(
                path_rel=backup.relative_to(self.target.root).as_posix(), at=datetime.now(UTC),
                size=size, sha256=digest, scores={}, file=self.target.rel,
            )  # fmt: skip

    def _abort_quietly(self, commit_id: int) -> None:
        with suppress(JournalError):
            self.journal.abort_commit(commit_id)

    def _record_unwritten(self, planned: Planned[C]) -> None:
        """The file already holds what was wanted (made on both sides): journal it all the same."""
        if not (planned.events or planned.decay_states or planned.forget):
            return
        data = planned.data
        commit_id = self._intent(data, planned)
        self._done(commit_id, (str(self.target.root), commit_id))

    def _result(
        self, planned: Planned[C], merged: bool, late: int, *, written: bool
    ) -> Committed[C]:
        notice = ""
        if late:
            notice = say(
                "{path}: another program wrote to the file while it was being replaced; its "
                "change was merged into the new file",
                path=self.path,
            )
        return Committed(
            self.path, planned.data, planned.context, self.backup, merged, written, late, notice
        )


@dataclass(frozen=True, slots=True)
class _Replaced:
    late: bytes | None  # what the replaced file held afterwards, when another writer changed it
    looked: bytes | None = None  # the file at the last look: what that late write changed
    lost: tuple[tuple[bytes | None, bytes], ...] = ()


@dataclass(frozen=True, slots=True)
class _Changed:
    now: bytes | None  # the file at the last look, which differed from what was planned onto
    lost: tuple[tuple[bytes | None, bytes], ...] = ()  # writes into this side's file, put away


def _renamed_in(held: int | None, displaced: Path | None) -> bool:
    """Whether the file the swap displaced is not the one held at the last look: another
    program renamed its own file to the target in between."""
    if displaced is None or held is None:
        return False
    taken, kept = os.stat(displaced), os.fstat(held)
    return (taken.st_ino, taken.st_dev) != (kept.st_ino, kept.st_dev)


def _late_write(held: int | None, looked: bytes | None, seen: _Stamp | None) -> bytes | None:
    """What another writer wrote into the file held at the last look (the one the swap took
    out of the target's place) after that look, else None: an append or an in-place write."""
    if held is None:
        return None
    # An appender that opened the file just before the swap writes a moment later: watch for
    # that moment (the gap between its open and its write) and take what it wrote at once, so
    # its file goes back to disk before it reads the file again. The file is read only when
    # its size or times changed since the last look (reading 17 MB nine times cost 25 ms a
    # save); the last check reads it whatever they say.
    for check in range(LATE_WRITE_CHECKS + 1):
        if check:
            time.sleep(LATE_WRITE_PAUSE_S)
        stamp = _stamp(held)
        if stamp == seen and check < LATE_WRITE_CHECKS:
            continue
        seen = stamp
        after = read_fd(held)
        if after != looked:
            return after
    return None


_Stamp = tuple[int, int, int]


def _stamp(fd: int) -> _Stamp:
    """What changes when a file is written: size, modification and change time."""
    st = os.fstat(fd)
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _check_writable(path: Path) -> None:
    """Refuse before anything is created: a symlink, a read-only file, an unwritable folder."""
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent  # a note of a new month: its folder is made at the write
    try:
        if path.parent.exists():
            atomic.check_writable(path)
        elif not os.access(folder, os.W_OK | os.X_OK):
            raise atomic.WriteRefused(
                path, say("the folder {folder} is not writable", folder=folder)
            )
    except atomic.WriteRefused as exc:
        raise WorkspaceError(str(exc), exit_code=EXIT_REFUSED) from None


def _check_text(path: Path, data: bytes) -> None:
    """Refuse to write a NUL byte: no agent reads such a file as text, nor does MemDesk, which
    could then not even open the workspace to undo it."""
    nul = data.find(b"\0")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        said = say(
            "{path}: not saved: line {line} would hold a NUL character, which no agent reads as "
            "text; remove it and save again",
            path=path,
            line=line,
        )
        raise WorkspaceError(said, exit_code=EXIT_REFUSED)


def _as_error(path: Path, exc: BaseException) -> BaseException:
    if isinstance(exc, atomic.WriteRefused):
        return WorkspaceError(str(exc), exit_code=EXIT_REFUSED)
    if isinstance(exc, OSError):
        return WorkspaceError(
            say("{path}: could not write: {detail}", path=path, detail=exc.strerror or exc)
        )
    return exc


def clean_leftovers(root: Path, folder: Path) -> list[Path]:
    """Remove the temp files a killed MemDesk left in `folder`; returns the backups made.

    Most hold a version the journal knows (MemDesk's new bytes, or the old bytes it backed up
    before the swap). One that does not is the file another program wrote during a swap the
    kill interrupted, and its only copy: it is kept in MemDesk's backup folder first (and stays
    where it is when that fails)."""
    try:
        stale = atomic.list_stale_temps(folder)
    except OSError:
        return []
    if not stale:
        return []
    kept: list[Path] = []
    with journal_for_reading(root) as journal:
        for temp in stale:
            backup = _clean_leftover(root, temp, journal)
            if backup is not None:
                kept.append(backup)
    return kept


def _clean_leftover(root: Path, temp: Path, journal: Journal | None) -> Path | None:
    target = temp.with_name(atomic.temp_target_name(temp.name) or temp.name)
    try:
        data = read_or_none(temp)
        known = data is None or _known_version(root, target, data, journal)
        backup = None if known else _keep_leftover(root, target, data or b"")
        if backup is not None:
            log.warning("%s: a write made during an interrupted save is kept in %s", target, backup)
        os.unlink(temp)
    except (OSError, WorkspaceError):
        log.warning("could not clean up %s", temp, exc_info=True)
        return None
    return backup


def _known_version(root: Path, target: Path, data: bytes, journal: Journal | None) -> bool:
    if not data or data == read_or_none(target):
        return True
    if journal is None:
        return False
    digest = sha256(data)
    try:
        rel = target.relative_to(root).as_posix()
        recent = journal.recent_commits(rel, RECENT_COMMITS)
    except (ValueError, JournalError):
        return False
    return any(digest in (c.old_sha256, c.new_sha256) for c in recent)


def _keep_leftover(root: Path, target: Path, data: bytes) -> Path:
    return backup_bytes(data, target.name, own_backup_dir(root, target), root=root, perm=0o600)
