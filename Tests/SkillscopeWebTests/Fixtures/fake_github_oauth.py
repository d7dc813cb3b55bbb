#!/usr/bin/env python3
"""A fake of GitHub's OAuth web flow for the tests, on a free loopback port.

    fake_github_oauth.py LOGIN CLIENT_ID CLIENT_SECRET

Prints its port on the first line of stdout, then serves:

- GET  /login/oauth/authorize?client_id&redirect_uri&state: a consent page with two links, #approve (back to
  redirect_uri with a fresh code and the state) and #deny (back with error=access_denied and the state).
- POST /login/oauth/access_token (form: client_id, client_secret, code, redirect_uri; JSON back when asked): an
  access token for a code issued, not yet used, under 60 s old and given to the same redirect_uri, else GitHub's
  200 answer {"error": "bad_verification_code"}. A wrong client secret gets {"error": "incorrect_client_credentials"}.
- GET  /user with `Authorization: Bearer TOKEN`: {"login": LOGIN, "id": 4242, "email": "..."} (the email is there so
  that a test can see it is not kept); 401 for any other token.
- POST /control/expire-codes: every code issued so far expires.
- POST /control/login (body: the new login): later sign-ins are that login.
- GET  /control/log: the requests answered, as JSON lines (path, status, and the token form's fields without the
  secret's value: only whether it matched).
"""
import html
import json
import secrets
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

login = sys.argv[1]
client_id = sys.argv[2]
client_secret = sys.argv[3]
lock = threading.Lock()
codes = {}  # code -> (redirect_uri, issued_at, used)
tokens = {}  # access token -> login
log = []


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body, content_type="application/json", headers=()):
        data = body.encode() if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        global login
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        if url.path == "/login/oauth/authorize":
            if query.get("client_id") != client_id:
                log.append({"path": url.path, "status": 404})
                return self.answer(404, "unknown client", "text/plain")
            redirect = query.get("redirect_uri", "")
            state = query.get("state", "")
            code = secrets.token_hex(10)
            with lock:
                codes[code] = (redirect, time.time(), False)
            sep = "&" if "?" in redirect else "?"
            approve = redirect + sep + urllib.parse.urlencode({"code": code, "state": state})
            deny = redirect + sep + urllib.parse.urlencode(
                {"error": "access_denied", "error_description": "The user has denied your application access.",
                 "state": state})
            page = (
                "<!doctype html><title>Authorize</title><h1>Authorize the app?</h1>"
                f"<p>Signing in as {html.escape(login)}.</p>"
                f'<p><a id="approve" href="{html.escape(approve)}">Authorize</a> '
                f'<a id="deny" href="{html.escape(deny)}">Cancel</a></p>'
            )
            log.append({"path": url.path, "status": 200, "redirect_uri": redirect})
            return self.answer(200, page, "text/html; charset=utf-8")
        if url.path == "/user":
            auth = self.headers.get("Authorization", "")
            token = auth[7:] if auth.lower().startswith("bearer ") else ""
            with lock:
                who = tokens.get(token)
            if who is None:
                log.append({"path": url.path, "status": 401})
                return self.answer(401, json.dumps({"message": "Bad credentials"}))
            log.append({"path": url.path, "status": 200})
            return self.answer(200, json.dumps({"login": who, "id": 4242, "email": who + "@example.test"}))
        if url.path == "/control/log":
            with lock:
                return self.answer(200, "\n".join(json.dumps(entry) for entry in log), "text/plain")
        self.answer(404, "{}")

    def do_POST(self):
        global login
        url = urllib.parse.urlsplit(self.path)
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length).decode()
        if url.path == "/control/expire-codes":
            with lock:
                for code, (redirect, _, used) in list(codes.items()):
                    codes[code] = (redirect, 0, used)
            return self.answer(200, "{}")
        if url.path == "/control/login":
            login = body.strip()
            return self.answer(200, "{}")
        if url.path == "/login/oauth/access_token":
            form = dict(urllib.parse.parse_qsl(body))
            entry = {"path": url.path, "client_id": form.get("client_id"),
                     "secret_matched": form.get("client_secret") == client_secret,
                     "redirect_uri": form.get("redirect_uri")}
            if form.get("client_id") != client_id or form.get("client_secret") != client_secret:
                entry["status"] = 200
                log.append(entry)
                return self.answer(200, json.dumps({"error": "incorrect_client_credentials"}))
            with lock:
                found = codes.get(form.get("code", ""))
                good = (found is not None and not found[2] and time.time() - found[1] < 60
                        and found[0] == form.get("redirect_uri"))
                if found is not None:
                    codes[form["code"]] = (found[0], found[1], True)
                if good:
                    token = "gho_" + secrets.token_hex(16)
                    tokens[token] = login
            entry["status"] = 200
            entry["granted"] = good
            log.append(entry)
            if not good:
                return self.answer(200, json.dumps({
                    "error": "bad_verification_code",
                    "error_description": "The code passed is incorrect or expired."}))
            if "application/json" not in self.headers.get("Accept", ""):
                return self.answer(200, urllib.parse.urlencode({"access_token": token}), "application/x-www-form-urlencoded")
            return self.answer(200, json.dumps({"access_token": token, "token_type": "bearer", "scope": ""}))
        self.answer(404, "{}")


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
