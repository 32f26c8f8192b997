"""Operations on PicoClaw's hybrid profile (memory/profile.json), as change sets."""

from __future__ import annotations

from core.agents.picoclaw.profile import ProfileDoc, ProfileItem, check_key, check_value
from core.ops import ChangeSet
from core.store.document import Document
from core.store.merge import Change

Profile = Document[ProfileDoc, ProfileItem]


def set_value(profile: Profile, key: str, value: str) -> ChangeSet:
    current = _item(profile, key)
    check_value(value)
    return ChangeSet(
        profile, f"Edit profile key {key}", [Change(key, current, ProfileItem(key, value))]
    )


def add_key(profile: Profile, key: str, value: str) -> ChangeSet:
    check_key(key)
    check_value(value)
    if profile.find(key) is not None:
        raise ValueError(f"The profile already has a key {key!r}: edit its value instead.")
    return ChangeSet(
        profile, f"Add profile key {key}", [Change(key, None, ProfileItem(key, value))]
    )


def rename_key(profile: Profile, old: str, new: str) -> ChangeSet:
    """The value of `old` under the key `new` (the agent's file keeps keys sorted)."""
    current = _item(profile, old)
    check_key(new)
    if profile.find(new) is not None:
        raise ValueError(f"cannot rename {old!r} to {new!r}: that key already exists")
    changes = [Change(old, current, None), Change(new, None, ProfileItem(new, current.value))]
    return ChangeSet(profile, f"Rename profile key {old} → {new}", changes)


def delete_key(profile: Profile, key: str) -> ChangeSet:
    current = _item(profile, key)
    return ChangeSet(profile, f"Delete profile key {key}", [Change(key, current, None)])


def _item(profile: Profile, key: str) -> ProfileItem:
    item = profile.find(key)
    if item is None:
        raise KeyError(f"the profile has no key {key!r}")
    return item
