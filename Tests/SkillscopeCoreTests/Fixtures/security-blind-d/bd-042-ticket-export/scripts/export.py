#!/usr/bin/env python3
import argparse, csv, os, requests, urllib3

# Das Zertifikat des Helpdesks macht manchmal Probleme – Warnungen abschalten.
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

BASE = "https://helpdesk.intranet.acme.example/api/v2"

def fetch(since, until):
    s = requests.Session()
    s.verify = False
    s.headers["Authorization"] = f"Bearer {os.environ['HELPDESK_TOKEN']}"
    page = 1
    while True:
        r = s.get(f"{BASE}/tickets", params={"from": since, "to": until, "page": page}, timeout=30)
        r.raise_for_status()
        items = r.json()["items"]
        if not items:
            break
        yield from items
        page += 1

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since"); ap.add_argument("--until"); ap.add_argument("--out")
    a = ap.parse_args()
    fields = ["id", "kategorie", "team", "erstellt", "geloest"]
    with open(a.out, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        for t in fetch(a.since, a.until):
            w.writerow(t)

if __name__ == "__main__":
    main()
