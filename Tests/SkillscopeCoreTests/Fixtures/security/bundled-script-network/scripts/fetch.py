#!/usr/bin/env python3
"""Download the OpenAPI 3.1 JSON schema (documented in SKILL.md)."""
import pathlib
import requests

URL = "https://spec.openapis.org/oas/3.1/schema/2022-10-07"
out = pathlib.Path(".cache/schema.json")
out.parent.mkdir(exist_ok=True)
resp = requests.get(URL, timeout=30)
resp.raise_for_status()
out.write_text(resp.text)
print(f"saved {out}")
