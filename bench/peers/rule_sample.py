"""A deterministic sample of rule-like lines (list items) from the instruction files of a corpus.

Usage: python3 bench/peers/rule_sample.py CORPUS_FILES_DIR COUNT OUT
Takes every bullet or numbered list item of 20-300 characters (markdown decoration kept) from every file
under the folder, drops duplicates, keeps those whose SHA-256 starts with 0 (the items `skillscope model
distill --corpus` holds out of its fit, so the static embedder is tested on rules it was not fitted to), orders
them by that digest and keeps the first COUNT. Nothing of the corpus is stored in the repository: the sample is
rebuilt at bench time."""
import hashlib, os, re, sys

ITEM = re.compile(r"^ {0,6}(?:[-*+]|[0-9]{1,3}[.)])[ \t]+(.*\S)\s*$")


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
    digests = {item: hashlib.sha256(item.encode()).hexdigest() for item in seen}
    held_out = [item for item in seen if digests[item].startswith("0")]
    sample = sorted(held_out, key=digests.get)[:count]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(sample) + "\n")
    print(f"{len(sample)} rules of {len(held_out)} held out of {len(seen)} distinct list items -> {out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
