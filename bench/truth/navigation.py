"""Counts the rules Skillscope extracts from a seeded sample of corpus files that are navigation entries or bare
names, by a test of its own (not the extractor's): a list-item rule of one or two words (each Chinese, Japanese
or Korean letter counting as a word), or one whose words are those of a heading of the same file (a table of
contents repeats them). Table rows are left out: a do / don't table's rows are rules however short.

Usage: python3 bench/truth/navigation.py BINARY CORPUS [--files 200] [--seed 24] [--show N]

Files are sampled by the SHA-256 of seed and path (the same sample on every run), read from disk with
`skillscope rules FILE --kind KIND --json`."""
import argparse, hashlib, json, re, subprocess

WORD = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]|[^\W_\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+"
                  r"(?:['’-][^\W_\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+)*", re.UNICODE)
HEADING = re.compile(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$")


def words(text):
    return [w.lower() for w in WORD.findall(text)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("corpus")
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--seed", default="24")
    parser.add_argument("--show", type=int, default=0)
    options = parser.parse_args()
    rows = [json.loads(line) for line in open(f"{options.corpus}/manifest.jsonl", encoding="utf-8")]
    rows.sort(key=lambda r: hashlib.sha256(f"{options.seed}:{r['repo']}/{r['path']}".encode()).hexdigest())
    total = flagged = files = 0
    shown = []
    for row in rows[:options.files]:
        path = f"{options.corpus}/files/{row['repo']}/{row['path']}"
        out = subprocess.run([options.binary, "rules", path, "--kind", row["kind"], "--json"],
                             capture_output=True, text=True, timeout=120)
        if out.returncode != 0:
            continue
        files += 1
        text = open(path, encoding="utf-8", errors="replace").read()
        headings = set()
        for line in text.splitlines():
            m = HEADING.match(line)
            if m:
                ws = words(m.group(1))
                while ws and ws[0].isdigit():
                    ws = ws[1:]
                if ws:
                    headings.add(tuple(ws))
        for rule in json.loads(out.stdout)["rules"]:
            total += 1
            if rule["source"] != "list-item":
                continue
            ws = words(rule["text"])
            stripped = ws[1:] if ws and ws[0].isdigit() else ws
            if len(ws) <= 2 or tuple(stripped) in headings:
                flagged += 1
                if len(shown) < options.show:
                    shown.append(f"{row['repo']}/{row['path']}:{rule['line']}: {rule['text'][:80]}")
    print(json.dumps(dict(files=files, rules=total, navigation_or_bare=flagged,
                          share=round(flagged / total, 4) if total else None)))
    for line in shown:
        print(line)


if __name__ == "__main__":
    main()
