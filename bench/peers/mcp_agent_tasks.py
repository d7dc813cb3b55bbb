#!/usr/bin/env python3
"""Five agent tasks against the real `skillscope` MCP server, with the official MCP Python SDK (PyPI `mcp` 2.x).

Usage:
  mcp_agent_tasks.py corpus DIR
      Writes a small corpus (files/, manifest.jsonl, repos.jsonl) for the tasks: a changelog-writer skill and six
      edited versions of it in other repositories (so its common rules are measured), a release-notes skill
      copied word for word into three repositories at later dates, a lint-fixer skill whose SKILL.md runs a
      script the corpus does not hold, and a CLAUDE.md.
  mcp_agent_tasks.py tasks (--stdio BINARY --db DB | --url URL) --token TOKEN [--mode auto|legacy] --corpus DIR

The tasks, each answered from the tools' text blocks, as a client that hands the model only `content` would:
  1. find a skill for writing changelogs and say which of its rules are common;
  2. find the original of a copied skill (release-notes), reading every word-for-word copy;
  3. analyze a CLAUDE.md (DIR/files/kiln-works/app/CLAUDE.md);
  4. plan an install of lint-fixer for two agents (claude, cursor);
  5. report a review of the skill of task 1 and read it back.
Prints one JSON line: per task its calls, the bytes of the results (JSON as received) and of their text blocks,
the answer, and the checks that failed; exits 0 only when every check held.
"""
import argparse, asyncio, hashlib, json, os, re, sys

from mcp import Client, StdioServerParameters

try:
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client
except ImportError:  # pragma: no cover
    streamable_http_client = None

CHANGELOG_RULES = [
    "Group the entries under Added, Changed, Fixed and Removed headings.",
    "Write each entry as one sentence that starts with a verb in the past tense.",
    "Link every entry to the pull request that made the change.",
    "Put the newest release at the top of the file.",
    "Never list internal refactors that users cannot notice.",
    "Give each release its version number and its date in ISO format.",
    "Mention breaking changes first, in bold, with the migration step.",
    "Keep an Unreleased section at the top for changes not yet shipped.",
]
# Each edited version drops one rule and adds one of its own: every original rule but the dropped one is kept.
EDITS = [
    ("alder-soft/tools", 1, "Credit outside contributors by their handle."),
    ("birch-labs/ops", 2, "Mark security fixes with the word Security."),
    ("cedar-io/web", 3, "Sort entries inside a heading by importance."),
    ("dune-dev/cli", 4, "Wrap lines at one hundred characters."),
    ("elm-studio/kit", 5, "Use the same tense in every entry."),
    ("fjord-systems/api", 6, "Say which platforms a change affects."),
]
RELEASE_NOTES = """---
name: release-notes
description: Draft release notes from merged pull requests. Use when a release is being cut.
---
# Release notes

- Read the titles and descriptions of every pull request merged since the last tag.
- Lead with the change users will notice most, in one plain sentence.
- Group the rest into features, fixes and maintenance.
- Leave out pull requests that only touch tests or continuous integration.
- End with the upgrade command users should run.
"""
LINT_FIXER = """---
name: lint-fixer
description: Fix lint findings in a change. Use when the linter fails on a pull request.
---
# Lint fixer

1. Run `python scripts/collect_findings.py --changed` to list the findings in the change.
2. Fix one rule's findings at a time, smallest first.
3. Read references/rule-notes.md before silencing a rule.
4. Never disable a rule for a whole file.
"""
CLAUDE_MD = """# Kiln works app

- Run `make check` before every commit.
- Keep handlers in `src/handlers/` thin: they parse input and call a service.
- Always add a test beside each bug fix.
- Never log request bodies; they may hold personal data.
- Use the `KILN_ENV` variable to pick the configuration, never hard-coded hosts.
"""


def changelog(rules, name="changelog-writer"):
    items = "\n".join(f"- {rule}" for rule in rules)
    return (f"---\nname: {name}\ndescription: Keep CHANGELOG.md in step with each release. Use when a change "
            f"is merged or a release is cut.\n---\n# Changelog writer\n\n{items}\n")


def write_corpus(root):
    """The tasks' corpus: (repository, path, text, first commit date, stars)."""
    files = [("quill-org/skills", "skills/changelog-writer/SKILL.md", changelog(CHANGELOG_RULES),
              "2025-03-01T09:00:00Z", 900)]
    for n, (repo, dropped, added) in enumerate(EDITS):
        rules = [r for i, r in enumerate(CHANGELOG_RULES) if i != dropped] + [added]
        files.append((repo, ".claude/skills/changelog-writer/SKILL.md", changelog(rules),
                      f"2025-0{4 + n}-10T09:00:00Z", 10 + n))
    files.append(("quill-org/skills", "skills/lint-fixer/SKILL.md", LINT_FIXER, "2025-03-02T09:00:00Z", 900))
    files.append(("quill-org/skills", "skills/lint-fixer/references/rule-notes.md",
                  "# Rule notes\n\nWhy each rule exists.\n", "2025-03-02T09:00:00Z", 900))
    for n, repo in enumerate(["harbor-team/notes", "quill-org/skills", "inlet-co/bots", "juniper-dev/release"]):
        files.append((repo, "skills/release-notes/SKILL.md", RELEASE_NOTES, f"2025-0{5 - n}-01T09:00:00Z", 50 * n))
    files.append(("kiln-works/app", "CLAUDE.md", CLAUDE_MD, "2025-06-01T09:00:00Z", 3))
    repos = {}
    with open(os.path.join(root, "manifest.jsonl"), "w") as manifest:
        for repo, path, text, first, stars in files:
            full = os.path.join(root, "files", repo, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            data = text.encode()
            with open(full, "wb") as f:
                f.write(data)
            manifest.write(json.dumps({"repo": repo, "path": path, "commit": "0" * 40, "first_commit_at": first,
                                       "last_commit_at": first, "bytes": len(data),
                                       "sha256": hashlib.sha256(data).hexdigest()}) + "\n")
            repos[repo] = stars
    with open(os.path.join(root, "repos.jsonl"), "w") as out:
        for repo, stars in repos.items():
            out.write(json.dumps({"repo": repo, "commit": "0" * 40, "default_branch": "main", "license": "MIT",
                                  "stars": stars, "topics": [], "pushed_at": "2025-07-01T09:00:00Z"}) + "\n")
    return 0


def target(a):
    if a.url:
        headers = {"Authorization": f"Bearer {a.token}"} if a.token else {}
        return streamable_http_client(a.url, http_client=create_mcp_http_client(headers=headers))
    return StdioServerParameters(command=a.stdio, args=["mcp", "--db", a.db], env={"SKILLSCOPE_TOKEN": a.token})


class Task:
    """One task's calls, bytes and failed checks."""

    def __init__(self, client, name):
        self.client, self.name = client, name
        self.calls, self.bytes, self.text_bytes, self.failed, self.answer = 0, 0, 0, [], None

    async def call(self, tool, args):
        result = await self.client.call_tool(tool, args)
        self.calls += 1
        self.bytes += len(json.dumps(result.model_dump(mode="json", by_alias=True, exclude_none=True)).encode())
        text = "\n".join(c.text for c in result.content if getattr(c, "text", None))
        self.text_bytes += len(text.encode())
        self.expect(not result.is_error, f"{tool} failed: {text[:200]}")
        return text, result.structured_content or {}

    def expect(self, ok, what):
        if not ok:
            self.failed.append(what)
        return ok

    def expect_rules_in_text(self, text, structured):
        """Every rule the structured content lists stands in the text block with its line and rating."""
        for rule in structured.get("rules", []):
            mark = f"L{rule['line']} ["
            self.expect(mark in text and rule["text"] in text, f"rule at line {rule['line']} not in the text block")

    def record(self):
        return {"task": self.name, "calls": self.calls, "bytes": self.bytes, "textBytes": self.text_bytes,
                "answer": self.answer, "failed": self.failed}


def rules_rated(text, rating):
    """The rules of a text block rated `rating` (≈ estimates included), as `(line, text)`."""
    found = []
    for line in text.splitlines():
        match = re.match(r"L(\d+) \[≈?([a-z-]+)\] (.*) — ", line)
        if match and match.group(2) == rating:
            found.append((int(match.group(1)), match.group(3)))
    return found


async def run(a):
    tasks = []
    async with Client(target(a), mode=a.mode, read_timeout_seconds=60) as client:
        version = client.protocol_version
        # 1. A skill for a job, and which of its rules are common.
        t = Task(client, "find a skill for a job; which rules are common")
        text, found = await t.call("registry_search", {"query": "changelog release", "kinds": ["skill"], "limit": 5})
        match = re.search(r"^id (\d+): (quill-org/skills/\S+)", text, re.M)
        t.expect(match is not None, "no hit in the search text")
        skill_id = int(match.group(1)) if match else 0
        text, read = await t.call("registry_read", {"id": skill_id})
        t.expect_rules_in_text(text, read)
        common = rules_rated(text, "common")
        counts = read.get("ratings", {}).get("counts", {})
        t.expect(len(common) == min(counts.get("common", 0), len(read.get("rules", []))),
                 f"{len(common)} common rules in the text, {counts.get('common')} counted")
        t.expect(len(common) > 0, "no rule is common")
        t.answer = {"skill": match.group(2) if match else None, "common": [r for _, r in common]}
        tasks.append(t)

        # 2. The original of a copied skill, from every word-for-word copy.
        t = Task(client, "find the original of a copied skill")
        text, found = await t.call("registry_search", {"query": "release notes pull requests", "kinds": ["skill"]})
        copies = [(h["id"], f"{h['repository']}/{h['path']}") for h in found.get("hits", [])
                  if h["path"].endswith("release-notes/SKILL.md")]
        t.expect(len(copies) == 4, f"{len(copies)} copies found")
        origins = {}
        for file_id, key in copies:
            block, _ = await t.call("registry_read", {"id": file_id, "rulesLimit": 1})
            line = next((l for l in block.splitlines() if l.startswith("Likely origin: ")), "")
            t.expect(line != "", f"{key}: no likely origin in the text block")
            named = line[len("Likely origin: "):].split(",")[0]
            origins[key] = key if named == "this file" else named
        t.expect(len(set(origins.values())) == 1, f"origins differ: {origins}")
        t.expect(set(origins.values()) == {"juniper-dev/release/skills/release-notes/SKILL.md"},
                 f"not the earliest: {origins}")
        t.answer = {"copies": sorted(origins), "origin": sorted(set(origins.values()))}
        tasks.append(t)

        # 3. Analyze a CLAUDE.md.
        t = Task(client, "analyze a CLAUDE.md")
        own = open(os.path.join(a.corpus, "files/kiln-works/app/CLAUDE.md"), encoding="utf-8").read()
        text, analyzed = await t.call("registry_analyze", {"text": own, "path": "CLAUDE.md"})
        t.expect(analyzed.get("file", {}).get("kind") == "claude", "not read as a CLAUDE.md")
        t.expect(len(analyzed.get("rules", [])) > 0, "no rules")
        t.expect_rules_in_text(text, analyzed)
        t.answer = {"rules": len(analyzed.get("rules", [])), "verySpecific": len(rules_rated(text, "very-specific"))}
        tasks.append(t)

        # 4. An install for two agents, with the files the registry does not hold.
        t = Task(client, "plan an install for two agents")
        text, _ = await t.call("registry_search", {"query": "lint findings", "kinds": ["skill"], "limit": 3})
        match = re.search(r"^id (\d+): (\S+lint-fixer/SKILL\.md)", text, re.M)
        t.expect(match is not None, "lint-fixer not found")
        text, plan = await t.call(
            "registry_install_plan", {"source": int(match.group(1)) if match else 0, "agents": ["claude", "cursor"]})
        command = next((l[5:] for l in text.splitlines() if l.startswith("Run: ")), "")
        t.expect("--agent claude --agent cursor" in command and "--db " in command, f"command {command!r}")
        notes = [l[4:] for l in text.splitlines() if l.startswith("  - ")]
        t.expect(any("scripts/collect_findings.py" in n for n in notes), f"missing file not noted: {notes}")
        t.expect(not any("rule-notes.md" in n for n in notes), f"a held file noted as missing: {notes}")
        t.answer = {"command": command, "notes": notes}
        tasks.append(t)

        # 5. A review, reported and read back.
        t = Task(client, "report a review")
        text, wrote = await t.call("registry_write", {
            "action": "report", "id": skill_id, "outcome": "worked", "usedFor": "writing a changelog",
            "agent": "task-agent"})
        text, read = await t.call("registry_read", {"id": skill_id, "rulesLimit": 1})
        line = next((l for l in text.splitlines() if l.startswith("Reviews of this version: ")), "")
        reviews = re.match(r"Reviews of this version: (\d+) \((\d+) worked.*; (\d+) by agents", line)
        t.expect(reviews is not None and int(reviews.group(3)) >= 1, f"review not in the text: {line!r}")
        t.answer = {"reviewer": wrote.get("reviewer"), "reviews": line}
        tasks.append(t)

    records = [t.record() for t in tasks]
    print(json.dumps({"mode": a.mode, "transport": "http" if a.url else "stdio",
                      "protocolVersion": version, "tasks": records}, ensure_ascii=False))
    return 0 if all(not r["failed"] for r in records) else 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("command", choices=["corpus", "tasks"])
    ap.add_argument("directory", nargs="?")
    ap.add_argument("--mode", default="auto")
    ap.add_argument("--stdio")
    ap.add_argument("--db")
    ap.add_argument("--url")
    ap.add_argument("--token")
    ap.add_argument("--corpus")
    a = ap.parse_args()
    if a.command == "corpus":
        return write_corpus(a.directory)
    return asyncio.run(run(a))


if __name__ == "__main__":
    sys.exit(main())
