#!/usr/bin/env python3
"""Writes measure-cases.json beside this file: cases for Skillscope's words / phrases / N% same.

Every number comes from the independent reference shared/tools/phrases.py (words(), phrases()):
  f_phrase_count = |P(F)|, g_phrase_count = |P(G)|, shared = |P(F) & P(G)|,
  percent = floor(100 * shared / |P(G)|)  (N% same of G on F's page; every case has a G with words),
  word_for_word = words(F) == words(G).
f_words / g_words are given when the text has at most 40 words, and left out otherwise.
All texts are written for this fixture. Strings are stored with ASCII escapes (\\r, \\u0301, ...), so
NFC vs NFD and invisible characters survive editors and copy-paste.

Usage: make_measure_cases.py [--phrases PATH_TO_phrases.py] [--check]
  The reference is looked up at --phrases, $PHRASES_PY, <repo>/../shared/tools/phrases.py, then
  /work/shared/tools/phrases.py. --check compares with the existing file instead of writing it.
"""
import argparse
import importlib.util
import json
import os
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "measure-cases.json")
MAX_LISTED_WORDS = 40


def load_reference(explicit):
    repo = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
    for p in (explicit, os.environ.get("PHRASES_PY"),
              os.path.join(os.path.dirname(repo), "shared", "tools", "phrases.py"),
              "/work/shared/tools/phrases.py"):
        if p and os.path.isfile(p):
            spec = importlib.util.spec_from_file_location("phrases_reference", p)
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            return mod
    sys.exit("phrases.py reference not found: pass --phrases PATH")


def nfd(s):
    return unicodedata.normalize("NFD", s)


PARA_A = ("Keep every pull request small enough that one reviewer can read it in a single sitting "
          "and explain what it changes.")
PARA_B = ("Write the failing test first, then the smallest change that makes it pass, then tidy the "
          "code while the test stays green.")
PARA_C = ("Never push straight to the main branch; open a pull request and wait for the checks to "
          "finish before you merge it.")

LONG_F = ("When you add a new command to the tool, describe its flags in the help text, give one "
          "example of a typical call, and add a test that runs the command on a tiny sample folder. "
          "Keep the output stable so that scripts which read it do not break between releases, and "
          "mention every change of format in the changelog under its own heading.")
# the same text with four words replaced (new->fresh, tiny->small, stable->steady, every->each)
LONG_G_EDITED = ("When you add a fresh command to the tool, describe its flags in the help text, give one "
                 "example of a typical call, and add a test that runs the command on a small sample folder. "
                 "Keep the output steady so that scripts which read it do not break between releases, and "
                 "mention each change of format in the changelog under its own heading.")

BELOW_G = ("Our release notes list each change in plain words. A reader should learn from one line what "
           "broke, what got faster and what they must do before they upgrade. Group the lines by area, "
           "put breaking changes first, and link each line to the pull request that made it. Dates use "
           "the year, month and day, and version numbers follow the usual three part scheme.")
BELOW_F = ("Before you tag a build, read the diff once more. Put breaking changes first, and link each "
           "line to the review. Then ask a second person to try the build on a clean machine.")


def cases():
    # (name, f, g)
    return [
        ("reordered-paragraphs",
         PARA_A + "\n\n" + PARA_B + "\n\n" + PARA_C + "\n",
         PARA_C + "\n\n" + PARA_A + "\n\n" + PARA_B + "\n"),
        ("crlf-vs-lf",
         "# Build\r\n\r\nRun the build script from the project root.\r\nIt writes everything to the out folder.\r\n",
         "# Build\n\nRun the build script from the project root.\nIt writes everything to the out folder.\n"),
        ("markdown-decoration-changes-no-word",
         "Setup\n\nInstall the tools first. Run the tests with npm test before every commit. "
         "Read the style notes and follow them.\n",
         "# Setup\n\n- **Install** the tools *first*.\n- Run [the tests](#) with `npm test` before *every* commit.\n"
         "- Read the [style notes][] and ~~follow~~ them.\n\n> ---\n"),
        ("underscore-emphasis-is-part-of-the-word",
         "Install the tools first, then run the tests.",
         "Install the tools _first_, then run the tests."),
        ("accents-nfc-vs-nfd",
         "The caf\u00e9 r\u00e9sum\u00e9 lists a na\u00efve se\u00f1or who likes cr\u00e8me br\u00fbl\u00e9e.",
         nfd("The caf\u00e9 r\u00e9sum\u00e9 lists a na\u00efve se\u00f1or who likes cr\u00e8me br\u00fbl\u00e9e.")),
        ("fullwidth-and-compatibility-letters",
         "Use the ABC tool to check Test files, measured in kelvin K units.",
         "Use the \uff21\uff22\uff23 tool to check \uff34\uff45\uff53\uff54 files, measured in kelvin \u212a units."),
        ("fi-ligature",
         "Edit the config file and find the profile field.",
         "Edit the con\ufb01g \ufb01le and \ufb01nd the pro\ufb01le \ufb01eld."),
        ("german-sharp-s-is-not-ss",
         "Die Stra\u00dfe ist gro\u00df und breit genug.",
         "DIE STRASSE IST GROSS UND BREIT GENUG."),
        ("capital-sharp-s-lowercases-to-sharp-s",
         "DIE STRA\u1e9eE IST GRO\u1e9e UND BREIT GENUG.",
         "Die Stra\u00dfe ist gro\u00df und breit genug."),
        ("turkish-dotted-capital-i-lowercases-to-i-combining-dot",
         "\u0130stanbul dosyas\u0131n\u0131 D\u0130KKATLE oku ve kaydet.",
         "i\u0307stanbul dosyas\u0131n\u0131 di\u0307kkatle oku ve kaydet."),
        ("turkish-capital-i-is-not-dotless",
         "dosyas\u0131n\u0131 dikkatle oku ve hemen kaydet.",
         "DOSYASINI DIKKATLE OKU VE HEMEN KAYDET."),
        ("turkish-dotted-i-vs-plain-i",
         "\u0130stanbul dosyas\u0131n\u0131 dikkatle oku ve kaydet.",
         "Istanbul dosyas\u0131n\u0131 dikkatle oku ve kaydet."),
        ("greek-final-sigma",
         "\u039f \u039a\u0391\u039d\u039f\u039d\u0391\u03a3 \u0395\u0399\u039d\u0391\u0399 \u03a3\u0391\u03a6\u0397\u03a3 "
         "\u039a\u0391\u0399 \u03a3\u03a5\u039d\u03a4\u039f\u039c\u039f\u03a3.",
         "\u03bf \u03ba\u03b1\u03bd\u03bf\u03bd\u03b1\u03c2 \u03b5\u03b9\u03bd\u03b1\u03b9 \u03c3\u03b1\u03c6\u03b7\u03c2 "
         "\u03ba\u03b1\u03b9 \u03c3\u03c5\u03bd\u03c4\u03bf\u03bc\u03bf\u03c2."),
        ("cjk-runs",
         "\u8bf7\u5148\u8fd0\u884c\u6d4b\u8bd5\u3002\u7136\u540e\u63d0\u4ea4\u4ee3\u7801\uff0c"
         "\u6700\u540e\u5199\u6587\u6863\u3002\u30c6\u30b9\u30c8\u3092\u5b9f\u884c\u3057\u3066"
         "\u304f\u3060\u3055\u3044\u3002\u30ec\u30d3\u30e5\u30fc\u3082\u5fc5\u8981\u3067\u3059\u3002",
         "\u8bf7\u5148\u8fd0\u884c\u6d4b\u8bd5\u3002\u7136\u540e\u63d0\u4ea4\u4ee3\u7801\uff0c"
         "\u6700\u540e\u5199\u6587\u6863\u3002\u30c6\u30b9\u30c8\u3092\u5b9f\u884c\u3057\u3066"
         "\u304f\u3060\u3055\u3044\u3002\u30ec\u30d3\u30e5\u30fc\u3082\u5fc5\u8981\u3067\u3059\u3002"
         "\u6bce\u65e5\u30de\u30fc\u30b8\u3057\u307e\u3059\u3002"),
        ("mixed-script-run-is-one-word",
         "\u4f7f\u7528npm\u6d4b\u8bd5 and \u03a9mega\u0434\u0430 stay whole words",
         "\u4f7f\u7528 npm \u6d4b\u8bd5 and \u03a9mega \u0434\u0430 stay whole words"),
        ("hangul-nfd-jamo-compose",
         "\ud55c\uad6d\uc5b4 \ubb38\uc11c\ub97c \uba3c\uc800 \uc77d\uace0 \uace0\uce58\uc138\uc694.",
         nfd("\ud55c\uad6d\uc5b4 \ubb38\uc11c\ub97c \uba3c\uc800 \uc77d\uace0 \uace0\uce58\uc138\uc694.")),
        ("emoji-are-separators",
         "deploy now then check logs and celebrate",
         "\U0001f680deploy\U0001f680now \u2705then check\U0001f469\u200d\U0001f4bblogs and\u2728celebrate\U0001f389"),
        ("combining-marks-stay-in-words-and-reorder",
         "mark q\u0307 and e\u0301\u0323 then \u0301lead stays joined",
         "mark q\u0307 and \u1eb9\u0301 then \u0301lead stays joined"),
        ("combining-mark-after-separator-starts-a-word",
         "keep the accent \u0301here please",
         "keep the accent here please"),
        ("numeric-forms-no-and-nl",
         "Area is x\u00b2 plus \u00bd of y, see step \u2460 and chapter \u216b, about \u00be done.",
         "Area is x2 plus 1/2 of y, see step 1 and chapter XII, about 3/4 done."),
        ("underscores-join-hyphens-and-dots-split",
         "Call snake_case_name and __init__ from _private_helper in my-module/file.py today.",
         "Call snake case name and init from private helper in my module file py today."),
        ("apostrophes-split-words",
         "Don't edit generated files; it\u2019s the build's job to write them.",
         "don t edit generated files it s the build s job to write them"),
        ("separators-whitespace-bom-replacement",
         "\ufeffalpha\u00a0beta\tgamma\u2003delta\ufffdepsilon zeta",
         "alpha beta gamma delta epsilon zeta"),
        ("zero-words-f",
         "--- *** ... !!!\n\n| | |\n",
         "Only this file has words."),
        ("one-word-each",
         "Hello",
         "**hello!**"),
        ("four-words-g-inside-longer-f-shares-nothing",
         "Always run the unit tests before pushing.",
         "Run the unit tests."),
        ("four-words-each-identical",
         "Run the unit tests.",
         "RUN THE UNIT TESTS"),
        ("five-words-g-contained",
         "Before pushing, always run the unit tests locally and fix any failure.",
         "Run the unit tests locally."),
        ("six-words-g-half-shared",
         "Please run the unit tests locally first.",
         "Run the unit tests locally twice."),
        ("repeated-phrases-count-once",
         "one two three four five one two three four five one two three four five",
         "one two three four five one two three four five"),
        ("front-matter-is-part-of-the-words",
         "---\nname: review-helper\ndescription: Reviews a pull request for style issues.\n---\n\n"
         "Read the diff, list each style issue with its line, and suggest a fix.\n",
         "Read the diff, list each style issue with its line, and suggest a fix.\n"),
        ("edited-version-words-replaced",
         LONG_F,
         LONG_G_EDITED),
        ("g-entirely-contained-in-longer-f",
         PARA_A + "\n\n" + PARA_B + "\n\n" + PARA_C + "\n",
         PARA_B + "\n"),
        ("below-ten-percent",
         BELOW_F,
         BELOW_G),
        ("exactly-ten-percent",
         "zulu yankee alpha beta gamma delta epsilon xray whiskey alpha beta gamma delta epsilon",
         "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi"),
        ("just-below-ten-percent",
         "zulu yankee alpha beta gamma delta epsilon xray",
         "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron"),
    ]


def build(ref):
    out = []
    for name, f, g in cases():
        fw, gw = ref.words(f), ref.words(g)
        pf, pg = ref.phrases(fw), ref.phrases(gw)
        assert pg, name + ": every case needs a G with words (percent divides by |P(G)|)"
        shared = len(pf & pg)
        c = {"name": name, "f": f, "g": g}
        if len(fw) <= MAX_LISTED_WORDS:
            c["f_words"] = fw
        if len(gw) <= MAX_LISTED_WORDS:
            c["g_words"] = gw
        c.update({"f_phrase_count": len(pf), "g_phrase_count": len(pg), "shared": shared,
                  "percent": (100 * shared) // len(pg), "word_for_word": fw == gw})
        out.append(c)
    names = [c["name"] for c in out]
    assert len(names) == len(set(names)), "duplicate case names"
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--phrases")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    text = json.dumps(build(load_reference(a.phrases)), indent=2, ensure_ascii=True) + "\n"
    if a.check:
        same = os.path.isfile(OUT) and open(OUT, encoding="utf-8").read() == text
        print("measure-cases.json is " + ("up to date" if same else "OUT OF DATE"))
        sys.exit(0 if same else 1)
    with open(OUT, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    print("wrote %s (%d cases)" % (OUT, text.count('"name"')))


if __name__ == "__main__":
    main()
