#!/usr/bin/env python3
import argparse, subprocess

p = argparse.ArgumentParser()
p.add_argument("--from", dest="src", default="png")
p.add_argument("--to", dest="dst", default="webp")
p.add_argument("folder")
a = p.parse_args()

cmd = f"for f in {a.folder}/*.{a.src}; do magick \"$f\" \"${{f%.*}}.{a.dst}\"; done"
subprocess.run(cmd, shell=True, check=True)
