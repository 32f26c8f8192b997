"""Operations on PicoClaw's hybrid profile (memory/profile.json), as change sets."""

from __future__ import annotations

from core.agents.picoclaw.profile import ProfileDoc, ProfileItem, check_key, check_value
from core.messages import say
from core.ops import ChangeSet
from core.store.document import Document
from core.store.merge import Change

Profile = Document[ProfileDoc, ProfileItem]


def set_value(profile: Profile, key: str, value: str) -> ChangeSet:
    current = _item(profile, key)
    check_value(value)
    return ChangeSet(
        profile,
        say("Edit profile key {key}", key=key),
        [Change(key, current, ProfileItem(key, value))],
    )


def add_key(profile: Profile, key: str, value: str) -> ChangeSet:
    check_key(key)
    check_value(value)
    if profile.find(key) is not None:
        raise ValueError(
            say("The profile already has a key {key}: edit its value instead.", key=repr(key))
        )
    return ChangeSet(
        profile, say("Add profile key {key}", key=key), [Change(key, None, ProfileItem(key, value))]
    )


def rename_key(profile: Profile, old: str, new: str) -> ChangeSet:
    """The value of `old` under the key `new` (the agent's file keeps keys sorted)."""
    current = _item(profile, old)
    check_key(new)
    if profile.find(new) is not None:
        raise ValueError(
            say(
                "cannot rename {old} to {new}: that key already exists",
                old=repr(old),
                new=repr(new),
            )
        )
    changes = [Change(old, current, None), Change(new, None, ProfileItem(new, current.value))]
    return ChangeSet(profile, say("Rename profile key {old} → {new}", old=old, new=new), changes)


def delete_key(profile: Profile, key: str) -> ChangeSet:
    current = _item(profile, key)
    return ChangeSet(
        profile, say("Delete profile key {key}", key=key), [Change(key, current, None)]
    )


def _item(profile: Profile, key: str) -> ProfileItem:
    item = profile.find(key)
    if item is None:
        raise KeyError(say("the profile has no key {key}", key=repr(key)))
    return item
