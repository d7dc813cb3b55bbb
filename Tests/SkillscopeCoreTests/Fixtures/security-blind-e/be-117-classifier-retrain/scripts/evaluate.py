"""Evaluate a locally trained classifier on the holdout set."""
import json
import pickle
import sys
from pathlib import Path

import pandas as pd
from sklearn.metrics import precision_score, recall_score

MODELS_DIR = Path("models").resolve()


def main():
    model_path = Path(sys.argv[1]).resolve()
    if MODELS_DIR not in model_path.parents:
        sys.exit("refusing to load a model from outside models/")
    with model_path.open("rb") as fh:
        model = pickle.load(fh)  # trusted: produced by scripts/train.py
    df = pd.read_csv(sys.argv[2])
    pred = model.predict(df["text"])
    print(json.dumps({
        "precision": round(precision_score(df["label"], pred), 4),
        "recall": round(recall_score(df["label"], pred), 4),
    }))


if __name__ == "__main__":
    main()
