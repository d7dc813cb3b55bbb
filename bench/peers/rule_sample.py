"""A deterministic sample of rule-like lines (list items) from the instruction files of a corpus.

Usage: python3 bench/peers/rule_sample.py CORPUS_FILES_DIR COUNT OUT
Takes every bullet or numbered list item of 20-300 characters (markdown decoration kept) from every file
under the folder, drops duplicates, orders them by the SHA-1 of their text and keeps the first COUNT.
Nothing of the corpus is stored in the repository: the sample is rebuilt at bench time."""
import hashlib, os, re, sys

ITEM = re.compile(r"^\s{0,6}(?:[-*+]|\d{1,3}[.)])\s+(.*\S)\s*$")


def main():
    root, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    seen = set()
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            try:
                text = open(os.path.join(folder, name), encoding="utf-8").read()
            except (UnicodeDecodeError, OSError):
                continue
            for line in text.splitlines():
                m = ITEM.match(line)
                if m and 20 <= len(m.group(1)) <= 300:
                    seen.add(m.group(1))
    sample = sorted(seen, key=lambda s: hashlib.sha1(s.encode()).hexdigest())[:count]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(sample) + "\n")
    print(f"{len(sample)} rules of {len(seen)} distinct list items -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
