"""Issue 39's check that a student reading Spanish meets no English sentence: the English words
that a Spanish text never uses (function words and the games' commonest verbs and nouns), so that
proper names, amino acid codes (Leu, L) and bases (A, C, G, T, U) pass and an untranslated sentence
does not. Shared by the games' catalog tests and the browser tests."""

from __future__ import annotations

import re

ENGLISH_ONLY = frozenset("""
the and of to is are was were be been your you yours their them they he she it its this that these
those with from for on at by an or not which when then than into each every one two three four five
has have had will would can could should must may might there here what who whose how why where
takes take plays play played draws draw drawn wins win won ends end pays pay move moves moved turn
turns player players card cards hand deck discard pile choose chose chosen pick picks picked place
places placed score scores scored point points round rounds game games again first next last
left right top bottom back up down out off over under only also still yet just more most less
none nobody some any all both either neither other another same own
""".split())
"""English words no Spanish sentence of ours contains ("a", "no", "me", "de" are Spanish too)."""

_WORD = re.compile(r"[A-Za-zÀ-ÿ]+")


def english_words(text: str) -> list[str]:
    """The English-only words in ``text``, as they appear (an empty list for a Spanish text)."""
    return [word for word in _WORD.findall(text) if word.lower() in ENGLISH_ONLY]


def english_sentences(texts) -> list[str]:
    """Each text with at least one English-only word: what a test prints when it fails."""
    return [text for text in texts if english_words(text)]
