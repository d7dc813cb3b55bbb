#!/usr/bin/env python3
"""The floor of writing N small files atomically and durably on this disk (issue 46's sync at 1,000 packages).

Usage: python3 bench/fsync_floor.py [--files 3003] [--runs 3] [--dir DIR]

Each file is written as `skillscope sync` writes an agent's file: a temporary file beside it, fsync, rename over the
target, then fsync of the folder. The same files are also written without any fsync, to show what the disk's
flushes cost. Prints wall seconds for each run."""
import argparse
import os
import shutil
import tempfile
import time


def write_all(root, count, durable):
    started = time.monotonic()
    for index in range(count):
        folder = os.path.join(root, "packages", f"p{index // 3:04d}")
        os.makedirs(folder, exist_ok=True)
        target = os.path.join(folder, f"f{index % 3}.md")
        temporary = target + ".tmp"
        with open(temporary, "wb") as handle:
            handle.write(b"# Package\n\n" + b"- keep it short and name the file it is about.\n" * 6)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.rename(temporary, target)
        if durable:
            descriptor = os.open(folder, os.O_RDONLY)
            os.fsync(descriptor)
            os.close(descriptor)
    return time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=3003)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dir", default=None)
    options = parser.parse_args()
    for run in range(1, options.runs + 1):
        for durable in (True, False):
            root = tempfile.mkdtemp(dir=options.dir)
            try:
                seconds = write_all(root, options.files, durable)
            finally:
                shutil.rmtree(root)
            label = "fsync+rename+dir fsync" if durable else "rename, no fsync"
            print(f"run{run} {options.files} files {label}: {seconds:.2f} s  load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
