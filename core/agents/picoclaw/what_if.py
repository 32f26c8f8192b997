"""Two MemoryPolicies of a PicoClaw workspace side by side (SPEC 2.2, 6). Nothing is written.

- `compare`: a snapshot against the policy now, or against another snapshot: for each key the
  override each holds and the value the agent would use with it (defaults <- config.json <- it).
- `what_if`: what the agent injects for a message under the policy now and under a changed one
  (values tried over the overrides now, or over a snapshot's; or a snapshot as it is).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.agents.picoclaw.policy import (
    POLICY_DEFAULTS,
    PolicyLayers,
    PolicyScalar,
    PolicyValue,
    Snapshot,
    json_object,
    load_policy_layers,
    resolve_policy,
)
from core.columns import cell
from core.formats.strict_json import dump_json
from core.messages import N_, say
from core.store.files import read_or_none

if TYPE_CHECKING:
    from core.agents.picoclaw.workspace import AgentPreview, PicoClawWorkspace

__all__ = [
    "NOW",
    "Injection",
    "PolicyDiff",
    "PolicyDifference",
    "PolicySide",
    "RetrieveWhatIf",
    "compare",
    "policy_diff",
    "policy_now",
    "policy_of",
    "policy_tried",
    "shown",
    "what_if",
]

NOW = "now"
_WITH = " with "  # between a policy's name and the values tried over it
NOT_A_KEY = "not a MemoryPolicy key"
# A key's cell (`shown`): its value and where it comes from, an override the agent does not use.
_SHOWN = {
    "default": N_("{value} (default)"),
    "config": N_("{value} (config)"),
    "override": N_("{value} (override)"),
}
_NOT_USED = {
    "default": N_("{value} (default; override {override} not used)"),
    "config": N_("{value} (config; override {override} not used)"),
}
NOTHING_WRITTEN = "nothing written: run without --what-if to save the values"


@dataclass(frozen=True, slots=True)
class PolicySide:
    """A policy as the agent would run with it: its defaults <- config.json <- these overrides."""

    name: str  # "now", a snapshot's path, or what was tried
    layers: PolicyLayers
    held: dict[str, Any]  # what the overrides hold (keys the agent does not know too)

    @property
    def label(self) -> str:
        """The name said in a sentence."""
        tried = self.name.removeprefix(NOW + _WITH)
        if self.name == NOW:
            return say("the policy now")
        if tried != self.name:
            return say("the policy now with {values}", values=tried)
        return self.name

    @property
    def effective(self) -> dict[str, PolicyValue]:
        return resolve_policy(self.layers)

    @property
    def ignored(self) -> str | None:
        return None if self.layers.ignored is None else str(self.layers.ignored)

    def cell(self, key: str) -> dict[str, Any]:
        """One key as this side has it: the value used, its source, the override held."""
        if key not in POLICY_DEFAULTS:
            return {"value": None, "source": NOT_A_KEY, "override": self.held.get(key)}
        used = self.effective[key]
        return {"value": used.value, "source": used.source, "override": self.held.get(key)}

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "ignored": self.ignored,
            "overrides": self.held,
            "policy": {
                k: {"value": v.value, "source": v.source} for k, v in self.effective.items()
            },
        }


def policy_now(root: Path) -> PolicySide:
    """The policy the agent runs with now (overrides it ignores left out, as it leaves them)."""
    layers = load_policy_layers(root)
    data = read_or_none(layers.overrides_path, root=root) if layers.ignored is None else None
    return PolicySide(NOW, layers, _held(layers.overrides_path, data))


def policy_of(root: Path, snapshot: Snapshot) -> PolicySide:
    """The policy the agent would run with once `snapshot` is restored."""
    data = snapshot.read(root)
    layers = load_policy_layers(root).over(snapshot.path, data)
    return PolicySide(snapshot.rel, layers, _held(snapshot.path, data))


def policy_tried(base: PolicySide, values: Mapping[str, PolicyScalar | None]) -> PolicySide:
    """`base` with `values` set (None: unset) in its overrides, as `policy --set` would."""
    held = dict(base.held)
    for key, value in values.items():
        if value is None:
            held.pop(key, None)
        else:
            held[key] = value
    shown = ", ".join(f"{k}={'unset' if v is None else dump_json(v)}" for k, v in values.items())
    name = f"{base.name}{_WITH}{shown}" if shown else base.name
    data = dump_json(held).encode("utf-8")
    return PolicySide(name, base.layers.over(base.layers.overrides_path, data), held)


def _held(path: Path, data: bytes | None) -> dict[str, Any]:
    if not data:
        return {}
    try:
        obj, _text = json_object(path, data)
    except ValueError:  # corrupt: the agent ignores it (the side's `ignored` says why)
        return {}
    return obj


@dataclass(frozen=True, slots=True)
class PolicyDifference:
    key: str
    a: dict[str, Any]  # {"value", "source", "override"}
    b: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "a": self.a, "b": self.b}


def compare(a: PolicySide, b: PolicySide) -> list[PolicyDifference]:
    """Each key whose override or value used differs: the agent's keys first, then others."""
    others = sorted((a.held.keys() | b.held.keys()) - POLICY_DEFAULTS.keys())
    found = (PolicyDifference(k, a.cell(k), b.cell(k)) for k in [*POLICY_DEFAULTS, *others])
    return [d for d in found if dump_json(d.a) != dump_json(d.b)]


@dataclass(frozen=True, slots=True)
class PolicyDiff:
    """Two policies key by key (`a` a snapshot, `b` another or the policy now)."""

    a: PolicySide
    b: PolicySide
    differences: list[PolicyDifference]

    def summary(self) -> str:
        count = len(self.differences)
        a, b = self.a.label, self.b.label
        if not count:
            return say("{a} and {b}: the same policy", a=a, b=b)
        if count == 1:
            return say("{a} against {b}: 1 key differs", a=a, b=b)
        return say("{a} against {b}: {count} keys differ", a=a, b=b, count=count)

    def report(self, a: str = "snapshot", b: str = "now") -> list[str]:
        """The summary, then each key that differs, its cells under the column names `a`
        and `b`."""
        return [self.summary(), *differences_table(self.differences, a, b)]

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a.to_json(),
            "b": self.b.to_json(),
            "differences": [d.to_json() for d in self.differences],
        }


def policy_diff(a: PolicySide, b: PolicySide) -> PolicyDiff:
    return PolicyDiff(a, b, compare(a, b))


def shown(cell: Mapping[str, Any]) -> str:
    """A key's cell in one line: `9 (override)`, `10 (default; override 0 not used)`."""
    override, source = cell["override"], cell["source"]
    if source == NOT_A_KEY:
        if override is None:
            return say("(not set)")
        return say("{value} (not a MemoryPolicy key)", value=dump_json(override))
    value = dump_json(cell["value"])
    if override is None or source == "override":
        return _SHOWN[source].format(value=value)
    return _NOT_USED[source].format(value=value, override=dump_json(override))


def differences_table(differences: list[PolicyDifference], a: str, b: str) -> list[str]:
    head = [f"  {'key':<36} {a:<36} {b}"] if differences else []
    return head + [f"  {d.key:<36} {shown(d.a):<36} {shown(d.b)}" for d in differences]


# -- what the agent injects -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Injection:
    """What the agent injects for the message under one policy."""

    policy: PolicySide
    preview: AgentPreview

    @property
    def chunks(self) -> list[str]:
        """What `retrieve` takes for the message, in order (none without a message)."""
        return [c.text for c in self.preview.chunks if c.taken]

    def to_json(self) -> dict[str, Any]:
        return {
            "policy": self.policy.to_json(),
            "retrieve_limit": self.preview.limit,
            "recent_days": self.preview.recent_days,
            "chunks": self.chunks,
            "injected": self.preview.injected,
        }


@dataclass(frozen=True, slots=True)
class RetrieveWhatIf:
    query: str
    at: date
    now: Injection
    new: Injection
    differences: list[PolicyDifference]

    def summary(self) -> str:
        keys = len(self.differences)
        if keys == 1:
            values = say("1 policy value differs")
        else:
            values = say("{count} policy values differ", count=keys)
        message, policy = _quoted(self.query), self.new.policy.label
        if self.now.preview.injected == self.new.preview.injected:
            return say(
                "what-if for {message} on {day}, under {policy}: {values}; {retrieved}; "
                "the injected text is the same",
                message=message, day=self.at, policy=policy, values=values,
                retrieved=self._retrieved(),
            )  # fmt: skip
        return say(
            "what-if for {message} on {day}, under {policy}: {values}; {retrieved}; "
            "the injected text is different",
            message=message, day=self.at, policy=policy, values=values,
            retrieved=self._retrieved(),
        )  # fmt: skip

    def _retrieved(self) -> str:
        now, new = self.now.chunks, self.new.chunks
        if self.query == "":
            return say("no message: the agent retrieves nothing, it injects all of MEMORY.md")
        if now == new:
            return say("retrieve injects the same {count} chunks", count=len(now))
        return say(
            "retrieve injects {count} chunks instead of {before} ({gone} no longer, {added} newly)",
            count=len(new),
            before=len(now),
            gone=sum(c not in new for c in now),
            added=sum(c not in now for c in new),
        )

    def side_by_side(self) -> list[tuple[str | None, str | None]]:
        """Rank by rank, the chunk injected now and under the changed policy (None: none)."""
        now, new = self.now.chunks, self.new.chunks
        return [
            (now[i] if i < len(now) else None, new[i] if i < len(new) else None)
            for i in range(max(len(now), len(new)))
        ]

    def report(self) -> list[str]:
        """The summary, the policy values that differ, then the chunks side by side."""
        lines = [self.summary(), *differences_table(self.differences, "now", "new")]
        rows = self.side_by_side()
        if rows:
            lines.append(f"  {'#':>3}  {'now':<48} | new")
        for rank, (now, new) in enumerate(rows, start=1):
            lines.append(f"  {rank:>3}  {_chunk(now, 48)} | {_chunk(new, 48).rstrip()}")
        return [*lines, NOTHING_WRITTEN]

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "at": self.at.isoformat(),
            "now": self.now.to_json(),
            "new": self.new.to_json(),
            "differences": [d.to_json() for d in self.differences],
        }


def _chunk(chunk: str | None, width: int) -> str:
    return cell("(not injected)" if chunk is None else chunk, width)


def what_if(ws: PicoClawWorkspace, new: PolicySide, query: str, at: date) -> RetrieveWhatIf:
    """What the agent injects for `query` on day `at` now and under `new` (unsaved edits of
    the memory included, as *What the agent sees* shows them)."""
    now = policy_now(ws.root)
    return RetrieveWhatIf(
        query,
        at,
        Injection(now, ws.agent_sees(query, at, now.layers)),
        Injection(new, ws.agent_sees(query, at, new.layers)),
        compare(now, new),
    )


def _quoted(query: str) -> str:
    if query == "":
        return say("no message")
    return say("the message {query}", query=dump_json(query))
