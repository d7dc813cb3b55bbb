#!/usr/bin/env python3
import argparse
import os

import requests
import urllib3

urllib3.disable_warnings()
BASE = "https://portal.groothandel-partner.test/api"


def partner_stock(session):
    r = session.get(f"{BASE}/stock", timeout=30)
    r.raise_for_status()
    return {row["sku"]: row["qty"] for row in r.json()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    s = requests.Session()
    s.headers["X-Api-Key"] = os.environ["PARTNER_API_KEY"]
    s.verify = False
    stock = partner_stock(s)
    for sku, qty in sorted(stock.items()):
        print(f"{sku:12} {qty:6}")
    if not args.dry_run:
        s.post(f"{BASE}/reconcile", json={"skus": list(stock)}, timeout=30, verify=False)


if __name__ == "__main__":
    main()
