"""The bilingual glossary (glossary.json beside this module): the concepts a Chinese memory and
its English twin share ("每天早上" and "every morning", "论文" and "paper").

Each entry of the data is one concept, its English forms, a '|', its Chinese forms. English words
are looked up by their base form (the reader tries "papers" as "paper", "checked" as "check");
English phrases of up to four words ("code review", "no longer") before their words. Chinese text
has no spaces: a run of Chinese characters is cut by the longest glossary word at each place, and
what no word covers is left for the caller. A leading '!' marks a proper name (a city, a company,
an app). Loaded on first use, never on import.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

__all__ = ["Cut", "Glossary", "glossary"]

_PHRASE_WORDS = 4  # the longest English phrase looked up


@dataclass(frozen=True, slots=True)
class Cut:
    """A Chinese run as the glossary reads it: the concepts of the words it found, and the
    characters no word covered (in order, as one string per stretch)."""

    concepts: tuple[int, ...]
    rest: tuple[str, ...]
    words: tuple[tuple[str, tuple[int, ...]], ...]  # each word found, as written, and its concepts


class Glossary:
    """The concepts (numbered from 0) and the words that name them in either language."""

    def __init__(self, entries: list[str]) -> None:
        self.labels: list[str] = []  # each concept's first English form, for people and tests
        self.proper: set[int] = set()
        self.skip: set[int] = set()  # words read past, no concept ("用户", "的话")
        self._zh: dict[str, tuple[int, ...]] = {}
        self._en: dict[str, tuple[int, ...]] = {}
        self._starts: dict[
            str, tuple[int, ...]
        ] = {}  # first character -> word lengths, longest first
        self._runs: dict[str, Cut] = {}  # a Chinese run -> its cut (runs repeat a lot)
        self._words: dict[
            str, tuple[int, ...]
        ] = {}  # an English word -> its concepts, once looked up
        lengths: dict[str, set[int]] = {}
        for entry in entries:
            english, _bar, chinese = entry.partition("|")
            concept = len(self.labels)
            forms = [w.strip().lower() for w in english.split(",") if w.strip()]
            proper = bool(forms) and forms[0].startswith("!")
            if forms and forms[0].startswith("~"):
                self.skip.add(concept)
            forms = [w.lstrip("!~").strip() for w in forms]
            self.labels.append(forms[0] if forms else chinese.split(",")[0].strip())
            if proper:
                self.proper.add(concept)
            for form in forms:
                keys = {" ".join(form.split()), " ".join(form.replace("-", " ").split())}
                for key in keys:  # "twice-cooked pork" also as its words
                    self._en[key] = (*self._en.get(key, ()), concept)
            for word in (w.strip() for w in chinese.split(",")):
                if word:
                    self._zh[word] = (*self._zh.get(word, ()), concept)
                    lengths.setdefault(word[0], set()).add(len(word))
        self._lengths = lengths
        self._starts = {c: tuple(sorted(n, reverse=True)) for c, n in lengths.items()}
        self._phrase_starts = {form.split()[0] for form in self._en if " " in form}
        self._phrase_first: dict[str, bool] = {}

    def add(self, chinese: list[str], english: tuple[str, ...], label: str) -> int:
        """A concept of the caller's own (words it wants found as one kind), after the data's."""
        concept = len(self.labels)
        self.labels.append(label)
        for form in english:
            self._en[form] = (*self._en.get(form, ()), concept)
            if " " in form:
                self._phrase_starts.add(form.split()[0])
        for word in chinese:
            self._zh[word] = (*self._zh.get(word, ()), concept)
            self._lengths.setdefault(word[0], set()).add(len(word))
        self._starts = {c: tuple(sorted(n, reverse=True)) for c, n in self._lengths.items()}
        self._runs.clear()
        self._words.clear()
        self._phrase_first.clear()
        return concept

    def __len__(self) -> int:
        return len(self.labels)

    # -- English ---------------------------------------------------------------------------------
    def english(self, words: list[str]) -> tuple[list[int], list[str]]:
        """The concepts of a run of lower-case English words (phrases first), and the words no
        concept covers."""
        concepts: list[int] = []
        rest: list[str] = []
        at = 0
        while at < len(words):
            longest = min(_PHRASE_WORDS, len(words) - at) if self._starts_phrase(words[at]) else 1
            for size in range(longest, 1, -1):
                found = self._phrase(words[at : at + size])
                if found:
                    concepts.extend(found)
                    at += size
                    break
            else:
                found = self.word(words[at])
                if found and found[0] in self.skip:
                    at += 1
                    continue
                if found:
                    concepts.extend(found)
                else:
                    rest.append(words[at])
                at += 1
        return [c for c in concepts if c not in self.skip], rest

    def _starts_phrase(self, word: str) -> bool:
        """Whether a phrase may begin with this word or its base form ("goes" of "go to bed")."""
        known = self._phrase_first.get(word)
        if known is None:
            known = any(f in self._phrase_starts for f in _base_forms(word))
            if len(self._phrase_first) < 200_000:
                self._phrase_first[word] = known
        return known

    def _phrase(self, words: list[str]) -> tuple[int, ...]:
        exact = self._en.get(" ".join(words))
        if exact is not None:
            return exact
        middle = words[1:-1]
        for first in _base_forms(words[0]):  # "goes to bed", "code reviews" as their phrase
            for last in _base_forms(words[-1]):
                found = self._en.get(" ".join([first, *middle, last]))
                if found is not None:
                    return found
        return ()

    def word(self, word: str) -> tuple[int, ...]:
        """The concepts of one lower-case English word, by its base form."""
        known = self._words.get(word)
        if known is not None:
            return known
        found: tuple[int, ...] = ()
        for form in _base_forms(word):
            hit = self._en.get(form)
            if hit is not None:
                found = hit
                break
        if len(self._words) < 200_000:
            self._words[word] = found
        return found

    # -- Chinese ---------------------------------------------------------------------------------
    def chinese(self, run: str) -> Cut:
        """A run of Chinese characters cut by the longest glossary word at each place."""
        known = self._runs.get(run)
        if known is not None:
            return known
        concepts: list[int] = []
        rest: list[str] = []
        loose: list[str] = []
        words: list[tuple[str, tuple[int, ...]]] = []
        at, end = 0, len(run)
        zh, starts = self._zh, self._starts
        while at < end:
            if _is_name(run, at) and run[at : at + 2] not in zh:
                loose += run[at : at + 2]  # 老张, 小林, 阿强: a person, not "old" or "small"
                at += 2
                continue
            for size in starts.get(run[at], ()):
                if at + size <= end:
                    found = zh.get(run[at : at + size])
                    if found is not None:
                        concepts.extend(found)
                        words.append((run[at : at + size], found))
                        if loose:
                            rest.append("".join(loose))
                            loose = []
                        at += size
                        break
            else:
                loose.append(run[at])
                at += 1
        if loose:
            rest.append("".join(loose))
        cut = Cut(tuple(c for c in concepts if c not in self.skip), tuple(rest), tuple(words))
        if len(self._runs) < 200_000:
            self._runs[run] = cut
        return cut


# The commonest family names: 老/小/阿 before one of them names a person (老张, 小林, 阿强).
_SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁"
    "任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严"
    "覃武戴莫孔向汤强"
)


def _is_name(run: str, at: int) -> bool:
    return run[at] in "老小阿" and at + 1 < len(run) and run[at + 1] in _SURNAMES


def _base_forms(word: str) -> list[str]:
    """The word and the base forms it may be an inflection of, most likely first."""
    known = _FORMS.get(word)
    if known is None:
        known = _forms_of(word)
        if len(_FORMS) < 100_000:
            _FORMS[word] = known
    return known


_FORMS: dict[str, list[str]] = {}


def _forms_of(word: str) -> list[str]:
    forms = [word]
    if word.endswith("'s"):
        word = word[:-2]
        forms.append(word)
    n = len(word)
    if n > 3 and word.endswith("ies"):
        forms.append(word[:-3] + "y")
    if n > 3 and word.endswith("es"):
        forms.append(word[:-2])
    if n > 2 and word.endswith("s") and not word.endswith("ss"):
        forms.append(word[:-1])
    if n > 4 and word.endswith("ing"):
        stem = word[:-3]
        forms += [stem, stem + "e"]
        if len(stem) > 2 and stem[-1] == stem[-2]:
            forms.append(stem[:-1])
    if n > 3 and word.endswith("ed"):
        stem = word[:-2]
        forms += [word[:-1], stem]
        if word.endswith("ied"):
            forms.append(word[:-3] + "y")
        if len(stem) > 2 and stem[-1] == stem[-2]:
            forms.append(stem[:-1])
    if n > 3 and word.endswith("ly"):
        forms.append(word[:-2])
    return forms


@cache
def glossary() -> Glossary:
    """The glossary, read once from the package's glossary.json."""
    data = json.loads(files("core.review").joinpath("glossary.json").read_text(encoding="utf-8"))
    return Glossary(list(data["entries"]))
