#!/usr/bin/env python3
"""A fake of the parts of GitHub's REST API that `skillscope crawl github` uses, for tests only.

Usage: fake_github.py SCENARIO.json LOG.jsonl
Listens on a free loopback port and prints it on the first line of stdout. Every request re-reads the
scenario (so a test can change it between crawls) and appends one JSON line to the log:
{"path", "status", "if_none_match", "authorization"}.

The scenario, written by the tests:
{
  "repos": {"owner/name": {"metadata": {GET /repos answer}, "files": {"path": "text"},
                           "sizes": {"path": declared size, for files over the crawl's limit},
                           "truncated": true to truncate the recursive tree}},
  "renamed": {"old/name": "owner/name"},           -> /repos/old/name answers 301 to /repositories/ID
  "search": {"topic:agent-skills": ["owner/name", ...]}, "per_page": 2,
  "fail": {"/path": [503, 502]},                    -> the first requests of a path answer these statuses
  "rate_limit": {"/path": {"retry_after": 1, "times": 1} | {"reset_in": 3600}
                 | {"exhaust": true, "reset_in": 1}},  -> a 200 that leaves x-ratelimit-remaining 0
  "token": "secret"                                 -> requests without "Bearer secret" answer 401
}
Ids are real where the crawl checks them (blob ids are git's); commit and tree ids are stable hashes.
"""
import base64
import hashlib
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

SCENARIO_PATH, LOG_PATH = sys.argv[1], sys.argv[2]
LOCK = threading.Lock()
SEEN = {}  # path -> requests so far, for "fail" and "rate_limit"


def blob_id(data):
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def stable_id(*parts):
    return hashlib.sha1("\0".join(parts).encode()).hexdigest()


class Repo:
    """One repository's files as git objects: blobs by id, and a tree id for every folder."""

    def __init__(self, name, spec):
        self.name = name
        self.spec = spec
        self.blobs = {}  # id -> bytes
        self.files = {}  # path -> (id, size)
        for path, text in spec.get("files", {}).items():
            data = text.encode()
            size = spec.get("sizes", {}).get(path, len(data))
            self.files[path] = (blob_id(data), size)
            self.blobs[blob_id(data)] = data
        self.folders = {}  # folder path ("" for the root) -> tree id
        for folder in sorted(self.all_folders(), key=lambda f: -f.count("/")):
            self.folders[folder] = stable_id("tree", name, folder, json.dumps(self.entries(folder), sort_keys=True))
        self.by_tree = {tree: folder for folder, tree in self.folders.items()}
        self.commit = stable_id("commit", self.folders[""])

    def all_folders(self):
        folders = {""}
        for path in self.files:
            parts = path.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                folders.add("/".join(parts[:i]))
        return folders

    def entries(self, folder):
        """The direct children of a folder, as GitHub lists a non-recursive tree."""
        prefix = folder + "/" if folder else ""
        out, subfolders = [], set()
        for path, (sha, size) in sorted(self.files.items()):
            if not path.startswith(prefix):
                continue
            rest = path[len(prefix):]
            if "/" in rest:
                subfolders.add(rest.split("/")[0])
            else:
                out.append({"path": rest, "mode": "100644", "type": "blob", "sha": sha, "size": size})
        for name in sorted(subfolders):
            sha = self.folders.get(prefix + name, "")
            out.append({"path": name, "mode": "040000", "type": "tree", "sha": sha})
        return out

    def recursive(self):
        out = [{"path": f, "mode": "040000", "type": "tree", "sha": t} for f, t in self.folders.items() if f]
        for path, (sha, size) in sorted(self.files.items()):
            out.append({"path": path, "mode": "100644", "type": "blob", "sha": sha, "size": size})
        return sorted(out, key=lambda e: e["path"])


CACHE = {"stamp": None, "scenario": None, "repos": {}}


def load_scenario():
    """The scenario, read again only when its file changed (large ones take a while to parse)."""
    stat = os.stat(SCENARIO_PATH)
    stamp = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
    with LOCK:
        if CACHE["stamp"] != stamp:
            with open(SCENARIO_PATH) as f:
                CACHE.update(stamp=stamp, scenario=json.load(f), repos={})
        return CACHE["scenario"]


def repo_of(name, spec):
    with LOCK:
        key = (name, json.dumps(spec, sort_keys=True))
        if key not in CACHE["repos"]:
            CACHE["repos"][key] = Repo(name, spec)
        return CACHE["repos"][key]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        scenario = load_scenario()
        if scenario.get("latency_ms"):
            # A slower server keeps a test's window (killing a crawl mid-fetch) open on a loaded machine.
            time.sleep(scenario["latency_ms"] / 1000)
        url = urlsplit(self.path)
        path = unquote(url.path)
        with LOCK:
            SEEN[path] = SEEN.get(path, 0) + 1
            count = SEEN[path]
        status, body, headers = self.answer(scenario, path, parse_qs(url.query), count)
        limit = scenario.get("rate_limit", {}).get(path)
        if limit and limit.get("exhaust") and status < 300:
            headers["x-ratelimit-remaining"] = "0"
            headers["x-ratelimit-reset"] = str(int(time.time()) + limit["reset_in"])
        with LOCK, open(LOG_PATH, "a") as log:
            log.write(json.dumps({"path": self.path, "status": status,
                                  "if_none_match": self.headers.get("If-None-Match"),
                                  "authorization": self.headers.get("Authorization")}) + "\n")
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        headers.setdefault("x-ratelimit-remaining", "4999")
        headers.setdefault("x-ratelimit-reset", str(int(time.time()) + 3600))
        for name, value in headers.items():
            self.send_header(name, value)
        if body is not None:
            self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def answer(self, scenario, path, query, count):
        base = "http://%s:%d" % self.server.server_address[:2]
        token = scenario.get("token")
        if token and self.headers.get("Authorization") != "Bearer " + token:
            return 401, {"message": "Bad credentials"}, {}
        failures = scenario.get("fail", {}).get(path, [])
        if count <= len(failures):
            return failures[count - 1], {"message": "Server Error"}, {}
        limit = scenario.get("rate_limit", {}).get(path)
        if limit and not limit.get("exhaust") and count <= limit.get("times", 10 ** 9):
            if "retry_after" in limit:
                return 403, {"message": "You have exceeded a secondary rate limit."}, {
                    "retry-after": str(limit["retry_after"])}
            return 403, {"message": "API rate limit exceeded."}, {
                "x-ratelimit-remaining": "0", "x-ratelimit-reset": str(int(time.time()) + limit["reset_in"])}
        repos = {name: spec for name, spec in scenario.get("repos", {}).items()}
        parts = path.strip("/").split("/")

        if parts[:2] == ["search", "repositories"]:
            names = scenario.get("search", {}).get(query.get("q", [""])[0])
            if names is None:
                return 422, {"message": "Validation Failed"}, {}
            per_page = scenario.get("per_page", 100)
            page = int(query.get("page", ["1"])[0])
            items = [{"full_name": n} for n in names[(page - 1) * per_page:page * per_page]]
            headers = {}
            if page * per_page < len(names):
                q = query.get("q", [""])[0]
                headers["Link"] = '<%s/search/repositories?q=%s&per_page=%d&page=%d>; rel="next"' % (
                    base, q, per_page, page + 1)
            return 200, {"total_count": len(names), "items": items}, headers

        if parts[0] == "repositories" and len(parts) == 2:
            ids = {str(1000 + i): name for i, name in enumerate(sorted(repos))}
            name = ids.get(parts[1])
            if name is None:
                return 404, {"message": "Not Found"}, {}
            return self.metadata(repos[name], name)

        if parts[0] != "repos" or len(parts) < 3:
            return 404, {"message": "Not Found"}, {}
        name = parts[1] + "/" + parts[2]
        if name in scenario.get("renamed", {}) and len(parts) == 3:
            target = scenario["renamed"][name]
            ids = {name: str(1000 + i) for i, name in enumerate(sorted(repos))}
            return 301, {"message": "Moved Permanently"}, {"Location": "%s/repositories/%s" % (base, ids[target])}
        if name not in repos:
            return 404, {"message": "Not Found"}, {}
        spec = repos[name]
        repo = repo_of(name, spec)
        rest = parts[3:]
        if not rest:
            return self.metadata(spec, name)
        if rest[0] == "branches" and len(rest) >= 2:
            branch = "/".join(rest[1:])
            if branch != spec["metadata"].get("default_branch", "main"):
                return 404, {"message": "Branch not found"}, {}
            etag = '"%s"' % stable_id("branch", repo.commit)
            if self.headers.get("If-None-Match") == etag:
                return 304, None, {"ETag": etag}
            return 200, {"name": branch, "commit": {"sha": repo.commit, "commit": {"tree": {
                "sha": repo.folders[""]}}}}, {"ETag": etag}
        if rest[:2] == ["git", "trees"] and len(rest) == 3:
            folder = repo.by_tree.get(rest[2])
            if folder is None:
                return 404, {"message": "Not Found"}, {}
            if "recursive" in query and folder == "":
                if spec.get("truncated"):
                    # What GitHub does past its limits: part of the listing, and a flag.
                    return 200, {"sha": rest[2], "tree": repo.recursive()[:1], "truncated": True}, {}
                return 200, {"sha": rest[2], "tree": repo.recursive(), "truncated": False}, {}
            return 200, {"sha": rest[2], "tree": repo.entries(folder), "truncated": False}, {}
        if rest[:2] == ["git", "blobs"] and len(rest) == 3:
            data = repo.blobs.get(rest[2])
            if data is None:
                return 404, {"message": "Not Found"}, {}
            encoded = base64.encodebytes(data).decode()  # with line breaks, as GitHub sends it
            return 200, {"sha": rest[2], "size": len(data), "encoding": "base64", "content": encoded}, {}
        return 404, {"message": "Not Found"}, {}

    def metadata(self, spec, name):
        body = dict(spec["metadata"])
        body.setdefault("full_name", name)
        etag = '"%s"' % stable_id("repo", json.dumps(body, sort_keys=True), json.dumps(spec.get("files", {}),
                                                                                          sort_keys=True))
        if self.headers.get("If-None-Match") == etag:
            return 304, None, {"ETag": etag}
        return 200, body, {"ETag": etag}


def main():
    # Started from a thread that blocks signals, the server would inherit the mask and outlive its test.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
