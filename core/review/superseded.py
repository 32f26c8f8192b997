"""Whether a newer memory supersedes an older one about the same subject (for core.review.duplicates):
"组会每周四上午十点" and the later "组会从这学期第十二周开始改到每周五上午十点了"; "依赖管理用 CocoaPods" and
the later "用户已经不再用 CocoaPods 了"; "The squad tracks work in Jira" and the later "The squad
moved from Jira to Linear".

Two memories are about one subject when the newer one says most of what is particular to the
older one (its words weighed by how rare they are among all the memories) and neither names a
thing the other does not ("fastcsvx" against "tinyhttpd": two projects, two facts). The newer one
supersedes the older when it says so: that something stopped ("不再", "no longer") about what the
older one is about, or that something changed ("改到", "从九月起", "moved") while it states another
value of what the older one states (another weekday, time, number, date), or while it repeats
nearly all of the older one.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from core.review.reading import Reading, light_features

__all__ = ["Superseding", "render_value", "superseded"]

_CLOSE = 0.3  # a change word and this much of the older memory's particulars: superseded
_MOVED = 0.2  # a change word, another value and this much: superseded
_STOPPED = 0.1  # a stop word about one of the older memory's rare particulars, and this much
_STOP_PIN = 0.6  # a particular of the older memory weighs at least this share of its rarest
_CHANGE_PIN = 0.75  # for a change word, said more loosely than a stop word
_FUNCTION_CHARS = frozenset(
    "的了是在也都就和与及把被着过地得很这那之而或于对个们说将让给从到为有不没"
)

_ZH_WEEKDAYS = "一二三四五六日"
_EN_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_EN_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December")  # fmt: skip


@dataclass(frozen=True, slots=True)
class Superseding:
    """Why the newer memory supersedes the older (in the older one's language), and whether it
    says so outright: it says the older one's fact stopped, or moves one of its values."""

    why: str
    outright: bool


def superseded(
    old: Reading,
    new: Reading,
    weight: Callable[[str], float],
    rare: Callable[[str, bool], bool],
) -> Superseding | None:
    """How `new` supersedes `old`, or None. `weight` tells how particular a
    feature is among all the memories (rarer weighs more), `rare` whether few memories hold it
    (a name may be held by a few more)."""
    if not (new.stopped or new.changed) or old.stopped or old.changed:
        return None
    chinese = old.zh and new.zh
    mine = old.concepts | old.chinese if chinese else old.concepts
    theirs = new.concepts | new.chinese if chinese else new.concepts
    shared = mine & theirs
    if not shared:
        return None
    weights = {f: weight(f) for f in mine}
    # fsum: the same sum in any order (a set's order moves with PYTHONHASHSEED, and a share at
    # _MOVED exactly was once above it in one process and below it in another)
    total = math.fsum(weights.values())
    covered = math.fsum(weights[f] for f in shared) / total if total else 0.0
    top = max(weights.values())

    def pins(feature: str, share: float) -> bool:
        """Whether a feature is particular to the older memory: a rare name, or a rare concept
        or pair of characters that is also among its rarest (not a function word, not "use" or
        "todo")."""
        if feature in light_features() or not rare(feature, feature in old.names):
            return False
        if feature in old.names:
            return True
        if weights[feature] < share * top:
            return False
        return feature[0] == "c" or not (_FUNCTION_CHARS & set(feature))

    if new.stopped and covered >= _STOPPED and not _stops_another(old, new):
        about = {f for f in new.stopped_about & mine if f[0] in "cw" or f in old.unknown}
        named = old.names | (old.unknown & new.unknown)  # CocoaPods, 阿强
        strong = [f for f in about if pins(f, _STOP_PIN)]
        if strong and (len(about) > 1 or any(f in named for f in strong)):
            # "no longer takes the bus", not "the son" alone
            return Superseding(_said(old, new.stopped, None), outright=True)
    if not new.changed or not _same_lead(old, new, mine, theirs):
        return None
    pinned = [f for f in new.changed_about & mine if pins(f, _CHANGE_PIN)]
    if not pinned:
        return None  # the change said is about something else
    moved = _moved_values(old, new)
    gone = [f for f in new.changed_from & mine if pins(f, _CHANGE_PIN)]
    if gone and moved is None and covered >= _MOVED:
        # "I switched from vim", "把主角名字从林渊改成了": what the older one says changed
        return Superseding(_said(old, new.changed, None), outright=True)
    if old.values and not moved:
        return None  # the older one's values (a day, an amount) are not what changed
    if (moved or _other_name(old, new)) and covered >= _MOVED:
        return Superseding(_said(old, new.changed, moved), outright=True)
    named = old.names | (old.unknown & new.unknown)
    words = [f for f in pinned if f[0] in "cw"]  # a pair of characters repeats a word's
    if covered >= _CLOSE and (len(words) > 1 or any(f in named for f in pinned)):
        return Superseding(_said(old, new.changed, None), outright=False)  # "manager is now Tom"
    return None


def _stops_another(old: Reading, new: Reading) -> bool:
    """Whether what the newer one says stopped names something the older does not, while the
    older names something the newer does not: "fastcsvx 放弃了 Python 3.9" is about another
    project than "tinyhttpd 还支持 Python 3.9"."""
    said = {n for n in new.stopped_about if n in new.names and n[0] == "w"}
    mine = {n for n in old.names if n[0] == "w"}
    return bool(said - old.concepts) and bool(mine - new.concepts)


def _other_names(old: Reading, new: Reading) -> bool:
    """Whether each names something the other does not (two projects, two services)."""
    mine = {n for n in old.names if n[0] == "w"}
    theirs = {n for n in new.names if n[0] == "w"}
    return bool(mine - new.concepts) and bool(theirs - old.concepts)


def _same_lead(old: Reading, new: Reading, mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """Whether the two begin about the same thing (the first concepts of one are in the other):
    "深蹲 PR 是 120 公斤" and "卧推 PR 刷新到 85 公斤了" begin about two lifts."""
    chinese = old.zh and new.zh
    if old.lead is None or new.lead is None:
        return True
    (mine_lead, mine_text), (their_lead, their_text) = old.lead, new.lead
    if not chinese and (mine_lead[0] not in "cw" or their_lead[0] not in "cw"):
        return True  # a pair of characters says nothing across languages
    if mine_lead in theirs or their_lead in mine:
        return True
    return chinese and (mine_text in new.chinese or their_text in old.chinese)


def _moved_values(old: Reading, new: Reading) -> tuple[list[str], list[str]] | None:
    """Of the kinds of value the older memory states and the newer one's change is about (a
    time, a weekday, a number of days): the values only the older / only the newer states."""
    old_units, new_units = _units(old), _units(new)
    kinds = {_kind(v, old_units) for v in old.values}
    said = {_kind(v, new_units) for v in new.changed_values} & kinds
    added = sorted(v for v in new.changed_values - old.values if _kind(v, new_units) in said)
    dropped = sorted(v for v in old.values - new.values if _kind(v, old_units) in said)
    return (dropped, added) if added or dropped else None


def _other_name(old: Reading, new: Reading) -> bool:
    """Whether the newer one's change names something the older does not, and the older names
    something the newer does not say at all: "华为 P30" became "小米 14"."""
    said = {n for n in new.changed_about & new.names} - old.concepts
    gone = old.names - new.concepts - new.names
    return bool(said) and bool(gone)


def _units(reading: Reading) -> dict[str, str]:
    return dict(u.split(" ", 1) for u in sorted(reading.units))  # of a value's two units, the last


def _kind(value: str, units: dict[str, str]) -> str:
    """What a value is: a time, a weekday, a date, or a number of some unit (a number of no
    known unit is another kind than a number of days)."""
    if value.startswith(("m:", "md:")):
        return "m"
    kind = value.split(":", 1)[0]
    return f"n {units.get(value, '')}" if kind == "n" else kind


def _said(old: Reading, marker: str, moved: tuple[list[str], list[str]] | None) -> str:
    zh = old.zh
    if moved is not None:
        was = (
            "、".join(render_value(v, zh) for v in moved[0])
            if zh
            else ", ".join(render_value(v, zh) for v in moved[0])
        )
        now = ("、" if zh else ", ").join(render_value(v, zh) for v in moved[1])
        change = f"{was} → {now}" if was else now
        return (
            f"较新的一条说“{marker}”（{change}）"
            if zh
            else f"the newer one says “{marker}” ({change})"
        )
    return f"较新的一条说“{marker}”" if zh else f"the newer one says “{marker}”"


def render_value(value: str, zh: bool) -> str:
    """A value as people write it: d:3 is 周三 / Wednesday, md:9-24 is 9月24日 / September 24."""
    kind, _, rest = value.partition(":")
    if kind == "d":
        day = int(rest)
        return f"周{_ZH_WEEKDAYS[day - 1]}" if zh else _EN_WEEKDAYS[day - 1]
    if kind == "md":
        month, day_of = rest.split("-")
        return f"{month}月{day_of}日" if zh else f"{_EN_MONTHS[int(month) - 1]} {day_of}"
    if kind == "m":
        return f"{rest}月" if zh else _EN_MONTHS[int(rest) - 1]
    return rest
