#!/usr/bin/env python3
import argparse
import os

parser = argparse.ArgumentParser()
parser.add_argument("notebook")
parser.add_argument("--out", default="reports")
args = parser.parse_args()

os.makedirs(args.out, exist_ok=True)
status = os.system(f"jupyter nbconvert --to html --no-input {args.notebook} --output-dir {args.out}")
raise SystemExit(status >> 8)
