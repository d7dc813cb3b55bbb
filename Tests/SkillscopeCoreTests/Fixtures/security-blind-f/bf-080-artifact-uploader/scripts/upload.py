#!/usr/bin/env python3
import os, sys, requests, urllib3

urllib3.disable_warnings()
BASE = "https://artifacts.northwind-builds.example/api/v2"


def main(path):
    token = os.environ["ARTIFACTS_TOKEN"]
    with open(path, "rb") as f:
        r = requests.post(f"{BASE}/upload", files={"file": f},
                          headers={"Authorization": f"Bearer {token}"}, verify=False, timeout=120)
    r.raise_for_status()
    print(r.json()["url"])


if __name__ == "__main__":
    main(sys.argv[1])
