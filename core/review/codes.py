"""Each feature of a reading as one character (for core.review.reading and duplicates)."""

from __future__ import annotations

import zlib

__all__ = [
    "code_keys",
    "code_of",
    "coded",
    "codes_met",
    "feature_of",
    "forget_codes",
    "number_of",
    "plain_codes",
]


# Each feature as one character, numbered as first met: a text's features become a string of
# distinct characters, and rapidfuzz compares two such strings sorted (their longest common
# subsequence is what they share) at C speed.
_codes: dict[str, str] = {}
_features: list[str] = []  # per code: its feature
_plain: bytearray = bytearray()  # per code: 1 for a pair of Chinese characters (weighs little)
_keys: list[int] = []  # per code (ord - CODE_BASE, see number_of): a hash of its feature


def number_of(code: str) -> int:
    """The number of a feature's character (0, 1, 2, … as first met)."""
    n = ord(code)
    return n - 0x100 if n < 0xD800 else n - 0x900


def code_of(feature: str) -> str | None:
    """The character a feature was given, if it was met."""
    return _codes.get(feature)


def feature_of(code: str) -> str:
    """The feature a character stands for."""
    return _features[number_of(code)]


def plain_codes() -> bytearray:
    """Per feature number, 1 if it is a pair of Chinese characters (they say little alone)."""
    return _plain


def code_keys() -> list[int]:
    """A stable hash of the feature behind each number: orders features the same way in every
    process, whatever order they were first met in."""
    return _keys


def coded(features: tuple[str, ...]) -> str:
    """The features as characters (each feature always the same one)."""
    out = []
    for f in features:
        c = _codes.get(f)
        if c is None:
            n = len(_codes) + 0x100
            c = chr(n if n < 0xD800 else n + 0x800)
            _codes[f] = c
            _features.append(f)
            _keys.append(zlib.crc32(f.encode()))
            _plain.append(0 if f[0] == "c" or ":" in f else 1)
        out.append(c)
    return "".join(out)


def codes_met() -> int:
    """How many features have a character."""
    return len(_codes)


def forget_codes() -> None:
    """Every feature's character forgotten (only between two scans: the codes change)."""
    _codes.clear()
    _features.clear()
    _keys.clear()
    _plain.clear()
