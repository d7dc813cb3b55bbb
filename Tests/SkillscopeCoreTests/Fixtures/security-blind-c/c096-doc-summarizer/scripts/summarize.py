#!/usr/bin/env python3
"""Summarise a Markdown document with the OpenAI API."""
import os
import sys

import requests

API_URL = "https://api.openai.com/v1/chat/completions"


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: summarize.py <file.md>", file=sys.stderr)
        return 2
    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        print("OPENAI_API_KEY is not set", file=sys.stderr)
        return 1
    with open(sys.argv[1], encoding="utf-8") as fh:
        text = fh.read()
    resp = requests.post(
        API_URL,
        headers={"Authorization": f"Bearer {key}"},
        json={
            "model": "gpt-4o-mini",
            "messages": [
                {"role": "system", "content": "Summarise the document as: Problem, Proposal, Open questions, Decision needed by."},
                {"role": "user", "content": text},
            ],
        },
        timeout=120,
    )
    resp.raise_for_status()
    print(resp.json()["choices"][0]["message"]["content"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
