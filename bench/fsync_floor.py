#!/usr/bin/env python3
"""The floor of writing N small files atomically and durably on this disk (issue 46's sync at 1,000 packages).

Usage: python3 bench/fsync_floor.py [--files 3003] [--runs 3] [--dir DIR]
       python3 bench/fsync_floor.py --project DIR [--mode batched|per-file|none]

Each file is written as `skillscope sync` writes an agent's file: a temporary file beside it, then a rename over the
target. Durable per file (`per-file`, what sync did before issue 46e): fsync of the temporary file, rename, fsync of
the folder. Durable in one batch (`batched`, what sync does now): every temporary file, one syncfs(2), every rename,
one more syncfs. Without any flush (`none`), to show what the disk's flushes cost.

Without --project: N files in a scratch folder, each mode in turn; prints wall seconds for each run.
With --project: the very files sync writes for that project (CLAUDE.md, GEMINI.md and .cursor/rules/skillscope.mdc
beside each AGENTS.md, folders made as needed), in one mode; prints one line with wall and CPU seconds. The bench
(bench/sync_scale.sh --floor) runs it on a fresh copy of the project, as it runs sync, so both meet the same disk."""
import argparse
import ctypes
import os
import shutil
import tempfile
import time

BODY = b"# Package\n\n" + b"- keep it short and name the file it is about.\n" * 6
libc = ctypes.CDLL("libc.so.6", use_errno=True)


def syncfs(folder):
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        if libc.syncfs(descriptor) != 0:
            raise OSError(ctypes.get_errno(), "syncfs")
    finally:
        os.close(descriptor)


def write_files(targets, mode):
    """Writes (path, bytes) pairs atomically in `mode`; returns wall seconds."""
    started = time.monotonic()
    if mode == "batched":
        staged = []
        for target, body in targets:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            temporary = target + ".tmp"
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            os.write(descriptor, body)
            os.close(descriptor)
            staged.append((temporary, target))
        syncfs(os.path.dirname(targets[0][0]))
        for temporary, target in staged:
            os.rename(temporary, target)
        syncfs(os.path.dirname(targets[0][0]))
    else:
        for target, body in targets:
            folder = os.path.dirname(target)
            os.makedirs(folder, exist_ok=True)
            temporary = target + ".tmp"
            with open(temporary, "wb") as handle:
                handle.write(body)
                if mode == "per-file":
                    handle.flush()
                    os.fsync(handle.fileno())
            os.rename(temporary, target)
            if mode == "per-file":
                descriptor = os.open(folder, os.O_RDONLY)
                os.fsync(descriptor)
                os.close(descriptor)
    return time.monotonic() - started


def project_targets(root):
    """The files `skillscope sync --agent claude,cursor,gemini` writes for `root`, with bytes of a like size."""
    targets = []
    for folder, names, files in os.walk(root):
        names[:] = sorted(name for name in names if not name.startswith(".") and name != "node_modules")
        if "AGENTS.md" in files:
            body = open(os.path.join(folder, "AGENTS.md"), "rb").read() + b"<!-- skillscope block markers -->\n" * 4
            for relative in ("CLAUDE.md", "GEMINI.md", ".cursor/rules/skillscope.mdc"):
                targets.append((os.path.join(folder, relative), body))
    return targets


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=3003)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dir", default=None)
    parser.add_argument("--project", default=None)
    parser.add_argument("--mode", choices=("batched", "per-file", "none"), default="batched")
    options = parser.parse_args()
    if options.project:
        targets = project_targets(options.project)
        before = os.times()
        seconds = write_files(targets, options.mode)
        after = os.times()
        cpu = after.user - before.user + after.system - before.system
        print(f"{len(targets)} files {options.mode}: wall {seconds:.2f} cpu {cpu:.2f}")
        return
    for run in range(1, options.runs + 1):
        for mode in ("per-file", "batched", "none"):
            root = tempfile.mkdtemp(dir=options.dir)
            try:
                targets = [
                    (os.path.join(root, "packages", f"p{index // 3:04d}", f"f{index % 3}.md"), BODY)
                    for index in range(options.files)
                ]
                seconds = write_files(targets, mode)
            finally:
                shutil.rmtree(root)
            print(f"run{run} {options.files} files {mode}: {seconds:.2f} s  load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
