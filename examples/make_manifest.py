#!/usr/bin/env python3
"""Write examples/manifest.jsonl and examples/repos.jsonl from the files under examples/files.

bytes, sha256 and kind are computed from the files themselves, so they are always right; the
repository facts (commit, dates, stars, topics, licence) come from REPOS below.

Usage: python3 examples/make_manifest.py [--check]
  --check  exit 1 (and say which) when the manifests on disk differ from what would be written.
"""
import datetime as dt
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = os.path.join(HERE, "files")

# first / pushed: the repository's first commit and last push; tz: its authors' UTC offset in hours.
# Originals (acme-tools) come first; copies and edited copies later, so lineage has a direction.
REPOS = {
    "acme-tools/agent-skills": dict(
        branch="main", license="MIT", stars=1840, topics=["agent-skills", "claude-code", "skills"],
        first="2025-06-02T10:15:00", pushed="2026-02-11T16:40:09", tz=2),
    "ocean-devs/claude-skills-collection": dict(
        branch="main", license="Apache-2.0", stars=5210, topics=["awesome", "claude-skills", "collection"],
        first="2025-09-20T08:02:41", pushed="2026-04-03T21:12:55", tz=-4),
    "lena-k/dotfiles": dict(
        branch="master", license=None, stars=12, topics=["dotfiles", "neovim", "zsh"],
        first="2025-08-14T19:54:12", pushed="2026-03-14T19:54:12", tz=1),
    "mkdev-co/infra": dict(
        branch="main", license=None, stars=3, topics=["terraform", "ansible"],
        first="2025-10-01T09:00:00", pushed="2026-05-22T11:31:07", tz=1),
    "sam-okafor/agent-config": dict(
        branch="main", license="MIT", stars=87, topics=["agents-md", "claude-code", "codex"],
        first="2025-11-05T22:10:30", pushed="2026-06-18T07:45:00", tz=0),
    "polyglot-studio/rules": dict(
        branch="main", license="CC-BY-4.0", stars=640, topics=["cursor-rules", "cursorrules"],
        first="2025-07-11T13:20:00", pushed="2026-01-30T10:05:44", tz=-7),
    "brightpath/mobile-app": dict(
        branch="develop", license=None, stars=0, topics=[],
        first="2025-10-28T08:30:00", pushed="2026-07-02T17:18:21", tz=2),
    "river-apps/ios-starter": dict(
        branch="main", license="MIT", stars=233, topics=["ios", "swiftui", "template"],
        first="2025-12-09T15:45:10", pushed="2026-05-05T09:12:00", tz=-5),
    "fernhill/data-pipeline": dict(
        branch="main", license="BSD-3-Clause", stars=41, topics=["data-engineering", "polars", "uv"],
        first="2025-09-02T07:30:00", pushed="2026-08-01T06:59:58", tz=0),
    "northwind-labs/webshop": dict(
        branch="main", license=None, stars=19, topics=["nextjs", "typescript", "monorepo"],
        first="2025-07-30T12:00:00", pushed="2026-06-30T18:44:02", tz=2),
    "quietcoder/pdf-tools": dict(
        branch="main", license="MIT", stars=158, topics=["pdf", "invoices", "cli"],
        first="2025-05-17T20:11:03", pushed="2026-03-27T14:00:31", tz=10),
    "tanaka-h/skills-ja": dict(
        branch="main", license="CC0-1.0", stars=402, topics=["agent-skills", "japanese"],
        first="2025-11-20T11:00:00", pushed="2026-04-22T10:30:00", tz=9),
    "broken-examples/edge-cases": dict(
        branch="main", license="CC0-1.0", stars=1, topics=["test-fixtures"],
        first="2026-01-10T12:00:00", pushed="2026-01-12T12:00:00", tz=0),
}

# Per-file first/last commit dates where the story needs them (otherwise derived from the path).
FILE_DATES = {
    ("acme-tools/agent-skills", "skills/swiftui-patterns/SKILL.md"): ("2025-06-02T10:15:00", "2025-12-01T09:30:00"),
    ("acme-tools/agent-skills", "skills/code-review/SKILL.md"): ("2025-06-20T14:02:11", "2025-06-20T14:02:11"),
    ("acme-tools/agent-skills", "skills/git-commit-messages/SKILL.md"): ("2025-06-05T08:45:00", "2025-09-18T17:20:00"),
    ("acme-tools/agent-skills", "skills/python-testing/SKILL.md"): ("2025-07-01T11:00:00", "2026-01-15T10:10:10"),
    ("acme-tools/agent-skills", "skills/postgres-migrations/SKILL.md"): ("2025-07-14T16:30:00", "2025-11-02T12:00:00"),
    ("acme-tools/agent-skills", "skills/pdf-extract/SKILL.md"): ("2025-08-01T09:00:00", "2025-08-01T09:00:00"),
}


def kind_of(path, skill_dirs):
    """Kind of an instruction file from its path inside the repository (None: not one)."""
    parts = path.split("/")
    base = parts[-1]
    low = base.lower()
    if low == "skill.md":
        return "skill"
    if base in ("CLAUDE.md", "CLAUDE.local.md") or (
            path.startswith(".claude/rules/") and low.endswith(".md")):
        return "claude"
    if base in ("AGENTS.md", "AGENT.md", "AGENTS.override.md"):
        return "agents"
    if base == "GEMINI.md":
        return "gemini"
    if base == ".cursorrules" or low.endswith(".mdc") or (
            "/.cursor/rules/" in "/" + path and low.endswith(".md")):
        return "cursor"
    if path == ".github/copilot-instructions.md" or (
            path.startswith(".github/instructions/") and low.endswith(".instructions.md")):
        return "copilot"
    if base == ".windsurfrules" or (len(parts) == 3 and parts[:2] == [".windsurf", "rules"]
                                    and low.endswith(".md")):
        return "windsurf"
    if low.endswith(".md"):
        d = os.path.dirname(path)
        while True:
            if d in skill_dirs:
                return "skill-reference"
            if not d:
                break
            d = os.path.dirname(d)
    return None


def iso(naive, tz):
    t = dt.datetime.fromisoformat(naive).replace(tzinfo=dt.timezone(dt.timedelta(hours=tz)))
    return t.isoformat()


def derived_dates(repo, path, meta):
    """Stable dates for a file inside its repository's life, from a hash of its path."""
    first = dt.datetime.fromisoformat(meta["first"])
    pushed = dt.datetime.fromisoformat(meta["pushed"])
    span = (pushed - first).total_seconds()
    h = hashlib.sha256(f"{repo}/{path}".encode()).digest()
    a = int.from_bytes(h[:4], "big") / 2**32
    b = int.from_bytes(h[4:8], "big") / 2**32
    f = first + dt.timedelta(seconds=int(span * a * 0.5))
    last = f + dt.timedelta(seconds=int((pushed - f).total_seconds() * b))
    return f.isoformat(timespec="seconds"), last.isoformat(timespec="seconds")


def build():
    manifest, repos = [], []
    for owner in sorted(os.listdir(FILES)):
        for name in sorted(os.listdir(os.path.join(FILES, owner))):
            repo = f"{owner}/{name}"
            if repo not in REPOS:
                sys.exit(f"{repo}: no entry in REPOS")
            root = os.path.join(FILES, owner, name)
            paths = []
            for d, _dirs, fs in os.walk(root):
                for f in fs:
                    paths.append(os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/"))
            paths.sort()
            skill_dirs = {os.path.dirname(p) for p in paths if os.path.basename(p).lower() == "skill.md"}
            meta = REPOS[repo]
            commit = hashlib.sha1(f"skillscope-example:{repo}".encode()).hexdigest()
            for p in paths:
                kind = kind_of(p, skill_dirs)
                if kind is None:
                    sys.exit(f"{repo}/{p}: not an instruction file")
                with open(os.path.join(root, p), "rb") as fh:
                    data = fh.read()
                first, last = FILE_DATES.get((repo, p)) or derived_dates(repo, p, meta)
                manifest.append({"repo": repo, "path": p, "commit": commit,
                                 "first_commit_at": iso(first, meta["tz"]),
                                 "last_commit_at": iso(last, meta["tz"]),
                                 "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(),
                                 "kind": kind})
            repos.append({"repo": repo, "commit": commit, "default_branch": meta["branch"],
                          "license": meta["license"], "files": len(paths), "stars": meta["stars"],
                          "topics": meta["topics"], "pushed_at": iso(meta["pushed"], meta["tz"])})
    missing = set(REPOS) - {r["repo"] for r in repos}
    if missing:
        sys.exit(f"REPOS lists repositories with no files: {sorted(missing)}")
    return manifest, repos


def dumps(rows):
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def main():
    manifest, repos = build()
    out = {"manifest.jsonl": dumps(manifest), "repos.jsonl": dumps(repos)}
    if "--check" in sys.argv[1:]:
        stale = []
        for name, text in out.items():
            try:
                with open(os.path.join(HERE, name), encoding="utf-8") as fh:
                    if fh.read() != text:
                        stale.append(name)
            except FileNotFoundError:
                stale.append(name)
        if stale:
            print(f"out of date: {', '.join(stale)} (run python3 examples/make_manifest.py)")
            sys.exit(1)
        print(f"examples manifests up to date: {len(manifest)} files, {len(repos)} repositories")
        return
    for name, text in out.items():
        with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    print(f"wrote manifest.jsonl ({len(manifest)} files) and repos.jsonl ({len(repos)} repositories)")


if __name__ == "__main__":
    main()
