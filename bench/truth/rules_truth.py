"""Scores Skillscope's rule extraction and its "very specific" rating against blind labelled files.

Usage: python3 bench/truth/rules_truth.py BINARY LABELS CORPUS [--db REGISTRY] [--split tune|heldout|all]
                                          [--misses N]

LABELS is a JSON-lines file, one labelled file a line ({file, kind, lang, split, rules: [{start, end,
very_specific, why, doubtful}]}), written blind from CORPUS (`files/<repo>/<path>`). Without --db each file is
read from disk (`skillscope rules FILE --kind KIND --json`: extraction only); with --db the registry's copy is
rated too (`skillscope rules REPO/PATH --db REGISTRY --json`), which --db needs to have ingested CORPUS.

Prints one JSON object: rules found at their exact start line (recall over labelled rules not marked doubtful),
extracted rules that start on no labelled rule's line (precision), and, with --db, very specific's precision and
recall over labelled rules the extractor found, with the missed very-specific rules counted by what the label's
reason says they name (a path or folder of the project, or something else: counts only). --misses N prints up to
N misses of each kind on stderr (only for the tune split: the held-back part is scored, never read for tuning)."""
import argparse, json, re, subprocess, sys


def run(binary, args):
    out = subprocess.run([binary, *args], capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: exit {out.returncode}: {out.stderr.strip()}")
    return json.loads(out.stdout)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("labels")
    parser.add_argument("corpus")
    parser.add_argument("--db")
    parser.add_argument("--split", default="heldout")
    parser.add_argument("--misses", type=int, default=0)
    options = parser.parse_args()
    labelled = [json.loads(line) for line in open(options.labels, encoding="utf-8") if line.strip()]
    files = [entry for entry in labelled if options.split == "all" or entry["split"] == options.split]
    totals = dict(files=0, labelled=0, found=0, extracted=0, extracted_on_rule=0, doubtful=0,
                  vs_tp=0, vs_fp=0, vs_fn=0, vs_tn=0)
    misses = dict(missed=[], extra=[], vs_fp=[], vs_fn=[])
    # Very-specific misses by what the labeller's reason says the rule names: counts only, for any split (the
    # figure that says how much of the recall a repository's file list would decide).
    reasons = {}
    by_lang = {}
    for entry in files:
        path = f"{options.corpus}/files/{entry['file']}"
        if options.db:
            view = run(options.binary, ["rules", entry["file"], "--db", options.db, "--json"])
        else:
            view = run(options.binary, ["rules", path, "--kind", entry["kind"], "--json"])
        extracted = {rule["line"]: rule for rule in view["rules"]}
        ratings = {}
        if options.db:
            ratings = {rule["line"]: rule for rule in view["rules"]}
        labels = {rule["start"]: rule for rule in entry["rules"]}
        totals["files"] += 1
        lang = by_lang.setdefault(entry.get("lang", "?"), dict(labelled=0, found=0))
        for start, rule in labels.items():
            if rule.get("doubtful"):
                totals["doubtful"] += 1
                continue
            totals["labelled"] += 1
            lang["labelled"] += 1
            if start in extracted:
                totals["found"] += 1
                lang["found"] += 1
                if start in ratings:
                    predicted = ratings[start]["rating"] == "very-specific"
                    truth = bool(rule["very_specific"])
                    key = {(True, True): "vs_tp", (True, False): "vs_fp", (False, True): "vs_fn",
                           (False, False): "vs_tn"}[(predicted, truth)]
                    totals[key] += 1
                    if key == "vs_fn":
                        why = rule.get("why", "").lower()
                        names_path = re.search(r"\b(file|path|dir|directory|folder|module|script|layout|package|lib)\b|/", why)
                        category = "a path or folder of the project" if names_path else "something else"
                        reasons[category] = reasons.get(category, 0) + 1
                    if key in ("vs_fp", "vs_fn"):
                        misses[key].append(f"{entry['file']}:{start}: {ratings[start]['evidence']} | label: "
                                           f"{rule.get('why', '')} | {extracted[start]['text'][:100]}")
            else:
                misses["missed"].append(f"{entry['file']}:{start} [{rule.get('shape')}] {rule.get('first_words')}")
        for line, rule in extracted.items():
            totals["extracted"] += 1
            if line in labels:
                totals["extracted_on_rule"] += 1
            else:
                misses["extra"].append(f"{entry['file']}:{line} [{rule['source']}] {rule['text'][:100]}")

    def ratio(a, b):
        return round(a / b, 4) if b else None

    result = dict(split=options.split, files=totals["files"], labelled_rules=totals["labelled"],
                  doubtful=totals["doubtful"], found_at_start_line=ratio(totals["found"], totals["labelled"]),
                  extracted=totals["extracted"],
                  extraction_precision=ratio(totals["extracted_on_rule"], totals["extracted"]),
                  by_language={k: ratio(v["found"], v["labelled"]) for k, v in sorted(by_lang.items())})
    if options.db:
        tp, fp, fn = totals["vs_tp"], totals["vs_fp"], totals["vs_fn"]
        result.update(very_specific_rated=tp + fp + fn + totals["vs_tn"], very_specific_labelled=tp + fn,
                      very_specific_precision=ratio(tp, tp + fp), very_specific_recall=ratio(tp, tp + fn),
                      very_specific_missed_by_reason=reasons)
    print(json.dumps(result))
    if options.misses and options.split == "tune":
        for kind, items in misses.items():
            for item in items[:options.misses]:
                print(f"{kind}: {item}", file=sys.stderr)


if __name__ == "__main__":
    main()
