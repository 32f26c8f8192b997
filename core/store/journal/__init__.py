"""The workspace journal: `.memdesk/memdesk.db`, an SQLite database in WAL mode.

`records` holds what it records (and the errors it raises), `schema` its tables and their
migrations, `opening` how it is opened (safely, or as a read-only copy), `journal` the `Journal`
class, `rows` the SQL and row mappers behind it, `review` the review queue's proposals.
"""

from core.store.journal.journal import Journal
from core.store.journal.records import (
    FIRST_MEMORIES,
    CommitRecord,
    CommitState,
    DecayState,
    DecayStates,
    Event,
    HistoryPoint,
    JournalError,
    JournalReadOnlyError,
    JsonValue,
    Observation,
    Operation,
    RecordedEvent,
    ScoreEvents,
    utc_now,
)
from core.store.journal.review import Proposal, ProposalStatus
from core.store.journal.schema import SCHEMA_VERSION

__all__ = [
    "FIRST_MEMORIES",
    "SCHEMA_VERSION",
    "CommitRecord",
    "CommitState",
    "DecayState",
    "DecayStates",
    "Event",
    "HistoryPoint",
    "Journal",
    "JournalError",
    "JournalReadOnlyError",
    "JsonValue",
    "Observation",
    "Operation",
    "Proposal",
    "ProposalStatus",
    "RecordedEvent",
    "ScoreEvents",
    "utc_now",
]
