"""Scores Skillscope's "their own version" band against blind labelled file pairs.

Usage: python3 bench/truth/own_truth.py BINARY PAIRS --db REGISTRY [--split tune|heldout|all] [--misses N]

PAIRS is a JSON-lines file ({a, b, same, split}, a and b as `owner/repo/path` of files of another repository
each), written blind from the corpus REGISTRY has ingested. For each pair, `skillscope versions A --json` is asked
once; B is predicted an own version when it is listed in the "own" band. Prints precision (labelled same among
predicted), recall (predicted among labelled same), and how many labelled-same pairs any band lists (B as an
edited or word-for-word version counts there). --misses prints misses on stderr for the tune split only."""
import argparse, json, subprocess, sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("pairs")
    parser.add_argument("--db", required=True)
    parser.add_argument("--split", default="heldout")
    parser.add_argument("--misses", type=int, default=0)
    options = parser.parse_args()
    pairs = [json.loads(line) for line in open(options.pairs, encoding="utf-8") if line.strip()]
    pairs = [p for p in pairs if options.split == "all" or p["split"] == options.split]
    cache = {}
    tp = fp = fn = tn = listed_same = 0
    misses = []
    for pair in pairs:
        if pair["a"] not in cache:
            out = subprocess.run([options.binary, "versions", pair["a"], "--db", options.db, "--json",
                                  "--limit", "200"], capture_output=True, text=True, timeout=300)
            bands = {}
            if out.returncode == 0:
                for band in json.loads(out.stdout)["bands"]:
                    for version in band["versions"]:
                        bands[f"{version['repository']}/{version['path']}"] = (band["band"], version["reason"])
            cache[pair["a"]] = bands
        found = cache[pair["a"]].get(pair["b"])
        predicted = found is not None and found[0] == "own"
        if pair["same"] and found is not None:
            listed_same += 1
        if predicted and pair["same"]:
            tp += 1
        elif predicted:
            fp += 1
            misses.append(f"fp {pair['a']} ~ {pair['b']}: {found[1]} | {pair.get('why', '')}")
        elif pair["same"]:
            fn += 1
            misses.append(f"fn {pair['a']} ~ {pair['b']}: {found} | {pair.get('why', '')}")
        else:
            tn += 1

    def ratio(a, b):
        return round(a / b, 4) if b else None

    same = tp + fn
    print(json.dumps(dict(split=options.split, pairs=len(pairs), labelled_same=same, predicted_own=tp + fp,
                          own_precision=ratio(tp, tp + fp), own_recall=ratio(tp, same),
                          same_listed_in_any_band=ratio(listed_same, same))))
    if options.misses and options.split == "tune":
        for line in misses[:options.misses]:
            print(line, file=sys.stderr)


if __name__ == "__main__":
    main()
