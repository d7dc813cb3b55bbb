"""Words and five-word phrases exactly as Skillscope's lineage spec defines them.

A copy of words() and phrases() from the independent reference shared/tools/phrases.py, kept here so
the benchmark peers run from the repository alone:
words: maximal runs of characters whose Unicode general category is L*, Mn, Mc, Nd, Nl, No, or '_',
after NFKC and lowercasing; phrases: distinct runs of 5 consecutive words joined by one space (a text
of 1-4 words has one phrase of all its words; no words, no phrase).
"""
import json
import os
import unicodedata

WORD_CATS = {"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Nd", "Nl", "No"}


def words(text):
    t = unicodedata.normalize("NFKC", text).lower()
    out, cur = [], []
    for ch in t:
        if ch == "_" or unicodedata.category(ch) in WORD_CATS:
            cur.append(ch)
        elif cur:
            out.append("".join(cur)); cur = []
    if cur:
        out.append("".join(cur))
    return out


def phrases(ws):
    if not ws:
        return frozenset()
    if len(ws) < 5:
        return frozenset([" ".join(ws)])
    return frozenset(" ".join(ws[i:i + 5]) for i in range(len(ws) - 4))


def load_manifest(corpus):
    return [json.loads(l) for l in open(os.path.join(corpus, "manifest.jsonl"), encoding="utf-8") if l.strip()]


def file_words(corpus, row):
    with open(os.path.join(corpus, "files", row["repo"], row["path"]), "rb") as fh:
        return words(fh.read().decode("utf-8", errors="replace"))
