"""Download public datasets listed in data/sources.json and verify checksums."""
import hashlib
import json
from pathlib import Path

import requests

RAW = Path("data/raw")


def main():
    sources = json.loads(Path("data/sources.json").read_text())
    RAW.mkdir(parents=True, exist_ok=True)
    for src in sources:
        dest = RAW / src["filename"]
        if dest.exists():
            print(f"cached  {dest}")
            continue
        resp = requests.get(src["url"], timeout=120)
        resp.raise_for_status()
        digest = hashlib.sha256(resp.content).hexdigest()
        if digest != src["sha256"]:
            raise SystemExit(f"checksum mismatch for {src['url']}")
        dest.write_bytes(resp.content)
        print(f"fetched {dest} ({len(resp.content)} bytes)")


if __name__ == "__main__":
    main()
